"""The standard player's multiplayer choices (3+ seats; issue 21 item 3): whom to attack and
whose permanents removal goes after. Two-player games and the basic player never come here.

Threat (how dangerous opponent q is to player p): 3 x the damage q's creatures would get past
p's on q's next turn (``_damage_past``: q's creatures that can attack then, tapped and new ones
too, each of p's creatures that will be home to block stopping one of the biggest it can block;
fliers only by flying and reach; tapped ones are not home, and in p's turn its creatures that
can attack are read as attacking, so only those that cannot, or have vigilance, are home), + 1
per card in q's hand, + the combat damage q's commander has dealt p (a commander closes in on
21). A wall of big ground creatures that p's blockers hold is not the danger that the same
power in fliers p cannot block is. The opponent with the most threat is the one removal is
aimed at (``removal_leader``, ``removal_bonus``).

Whom to attack (``choose_defender``): for each opponent still in the game, the damage p's
attackers would get through (each of their untapped creatures that can block stops one of
p's attackers, the biggest first; fliers only by fliers and reach). An opponent that damage
kills is attacked first (the least life first). Otherwise the score is the damage through,
weighted x2 against the most threatening opponent (hurting the leader slows the table's biggest
danger) and + the share of the opponent's life it takes, in points; ties go to the next in
turn order.

The crack-back an attack reads (``may_attack``, ai_crack.crack_through): before p's next turn
every opponent attacks, not the defender alone. A standard opponent may attack p (it attacks
where its damage gets through, and a seat that taps out is open); a basic one attacks the
opponent with the least life, the defender's counted after p's attack.
"""

from __future__ import annotations

from analyzer.enums import CardCol, CardType, Keyword, PlayerLevel, Zone
from analyzer.kernel.layout import MAX_PLAYERS, OFF_BATTLEFIELD, H, O, P
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.view import ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit

REMOVAL_BONUS = 25  # on the threat() scale: a 3/3 is worth ~12 more than a 0/0 of equal value


@njit
def most_threatening(G, cards, p):
    """The opponent of p with the most threat (-1 if none is left); ties: next in turn order."""
    n = G[H.NPLAYERS]
    # p's creatures that will be there to block on the opponents' turns, with flying or reach
    # (air) or not: untapped ones (p untaps only in its own turn), and in p's own turn of those
    # the ones that cannot attack now or have vigilance (the ones that can attack mostly do,
    # and stay tapped through the table's turns: counting them read the fliers' deck as the
    # danger where the ground deck hit hardest, tools/pod_census.py)
    own_turn = G[H.ACTIVE] == p
    air = 0
    ground = 0
    for j in range(own_n(G, p)):
        o = own_at(G, p, j)
        b = ob(o)
        if G[b + O.PHASED] == 0 and cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE:
            kw = G[b + O.CUR_KW]
            if kw & Keyword.CANT_BLOCK:
                continue
            if G[b + O.TAPPED]:
                continue
            if own_turn and can_attack(cards, G, o, p) and (kw & Keyword.VIGILANCE) == 0:
                continue
            if kw & (Keyword.FLYING | Keyword.REACH):
                air += 1
            else:
                ground += 1
    best = -1
    best_v = 0
    for k in range(1, n):
        q = (p + k) % n
        if G[pb(q) + P.LOST]:
            continue
        v = 3 * _damage_past(G, cards, q, air, ground)
        v += G[pb(q) + P.HAND_N] + G[pb(p) + P.COMMANDER_DAMAGE + q]
        if best < 0 or v > best_v:
            best = q
            best_v = v
    return best


@njit
def _may_attack_later(cards, G, o, q):
    """Could q's creature o attack on q's next turn (tapped or summoning-sick ones too: they
    untap and lose the sickness by then)?"""
    b = ob(o)
    if (
        G[b + O.CTRL] != q
        or G[b + O.PHASED]
        or not cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE
    ):
        return False
    return (G[b + O.CUR_KW] & Keyword.DEFENDER) == 0 and G[b + O.CUR_P] > 0


@njit
def _damage_past(G, cards, q, air, ground):
    """Damage q's creatures would get past air blockers with flying or reach and ground ones on
    q's next turn (the _through model with _may_attack_later's attackers)."""
    fly_all = 0
    n_fly = 0
    ground_all = 0
    n_ground = 0
    for j in range(own_n(G, q)):
        o = own_at(G, q, j)
        if _may_attack_later(cards, G, o, q):
            if _evasive(G, o):
                n_fly += 1
                fly_all += G[ob(o) + O.CUR_P]
            else:
                n_ground += 1
                ground_all += G[ob(o) + O.CUR_P]
    return _through(G, cards, q, air, ground, fly_all, n_fly, ground_all, n_ground, False)


@njit
def removal_leader(G, cards, chooser):
    """The opponent whose permanents chooser's removal goes after: most_threatening in a pod,
    -1 in a two-player game. Computed once per target choice (the board does not change while
    its candidates are scored), not once per candidate."""
    if G[H.NPLAYERS] <= 2:
        return -1
    return most_threatening(G, cards, chooser)


@njit
def removal_bonus(leader, chooser, ctrl):
    """Added to a harmful target's score: more for the permanents of leader (removal_leader)."""
    return REMOVAL_BONUS if ctrl == leader and ctrl != chooser else 0


@njit
def can_attack(cards, G, o, p):
    """combat.can_attack's test (combat.py imports targets.py, which imports this module)."""
    b = ob(o)
    if (
        G[b + O.CTRL] != p
        or G[b + O.ZONE] != Zone.BATTLEFIELD
        or G[b + O.PHASED]
        or G[b + O.TAPPED]
        or not cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE
    ):
        return False
    kw = G[b + O.CUR_KW]
    if kw & Keyword.DEFENDER or (G[b + O.SICK] and not kw & Keyword.HASTE):
        return False
    return G[b + O.CUR_P] > 0


@njit
def attackers_now(cards, G, p, att, cap):
    """Fill att with p's creatures that can attack now (can_attack), at most cap; returns how
    many."""
    n = 0
    for i in range(own_n(G, p)):
        o = own_at(G, p, i)
        if n < cap and can_attack(cards, G, o, p):
            att[n] = o
            n += 1
    return n


@njit
def has_attacker(cards, G, p):
    """Does p control a creature that can attack now (can_attack)?"""
    for i in range(G[H.BF_N]):
        if can_attack(cards, G, G[OFF_BATTLEFIELD + i], p):
            return True
    return False


@njit
def _evasive(G, o):
    return (G[ob(o) + O.CUR_KW] & (Keyword.FLYING | Keyword.UNBLOCKABLE)) != 0


@njit
def _top_sum(G, cards, p, fly, k, now):
    """Sum of the k greatest powers among p's possible attackers that are evasive (fly) or
    not: those that can attack now (now), else on p's next turn (_may_attack_later). No
    allocation: one pass over p's permanents (view.own_at) per distinct power."""
    total = 0
    prev = 1 << 30
    while k > 0:
        v = -1
        c = 0
        for i in range(own_n(G, p)):
            o = own_at(G, p, i)
            able = can_attack(cards, G, o, p) if now else _may_attack_later(cards, G, o, p)
            if not able or _evasive(G, o) != fly:
                continue
            x = G[ob(o) + O.CUR_P]
            if v < x < prev:
                v = x
                c = 1
            elif x == v:
                c += 1
        if v < 0:
            break
        t = min(c, k)
        total += t * v
        k -= t
        prev = v
    return total


@njit
def _through(G, cards, p, air, ground, fly_all, n_fly, ground_all, n_ground, now):
    """Damage p's possible attackers would get past an opponent's untapped blockers that can
    block (air: those with flying or reach, ground: the others), each blocker stopping one of
    the biggest attackers it can block (fliers only by flying or reach; the reach and flying
    blockers left over stop ground attackers). fly_all, n_fly: the sum of the positive powers
    among p's possible evasive attackers and how many there are; ground_all, n_ground: the same
    for the others; now: _top_sum's."""
    # as many blockers as attackers block them all: the top sum is the whole sum
    fly_blocked = fly_all if air >= n_fly else _top_sum(G, cards, p, True, air, now)
    k = ground + max(air - n_fly, 0)
    ground_blocked = ground_all if k >= n_ground else _top_sum(G, cards, p, False, k, now)
    return fly_all - fly_blocked + ground_all - ground_blocked


@njit
def choose_defender(G, C, p):
    """The opponent p attacks (see the module docstring); -1 if none is left."""
    cards = cards_of(C)
    n = G[H.NPLAYERS]
    # one battlefield pass for the figures below (the leader is most_threatening's): each seat's
    # untapped creatures that can block, with flying or reach (air) or not (ground), and
    # p's possible attackers, evasive or not (their count and the sum of their powers)
    air0 = 0
    air1 = 0
    air2 = 0
    air3 = 0
    gr0 = 0
    gr1 = 0
    gr2 = 0
    gr3 = 0
    fly_all = 0
    n_fly = 0
    ground_all = 0
    n_ground = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if G[b + O.PHASED] or (cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0:
            continue
        x = max(G[b + O.CUR_P], 0)
        kw = G[b + O.CUR_KW]
        air = 0
        ground = 0
        if G[b + O.TAPPED] == 0 and (kw & Keyword.CANT_BLOCK) == 0:
            if kw & (Keyword.FLYING | Keyword.REACH):
                air = 1
            else:
                ground = 1
        c = G[b + O.CTRL]
        if c == 0:
            air0 += air
            gr0 += ground
        elif c == 1:
            air1 += air
            gr1 += ground
        elif c == 2:
            air2 += air
            gr2 += ground
        else:
            air3 += air
            gr3 += ground
        if can_attack(cards, G, o, p):
            if _evasive(G, o):
                n_fly += 1
                fly_all += x
            else:
                n_ground += 1
                ground_all += x
    leader = most_threatening(G, cards, p)
    best = -1
    best_score = 0
    for k in range(1, min(n, MAX_PLAYERS)):
        q = (p + k) % n
        if G[pb(q) + P.LOST]:
            continue
        air = air0 if q == 0 else air1 if q == 1 else air2 if q == 2 else air3
        ground = gr0 if q == 0 else gr1 if q == 1 else gr2 if q == 2 else gr3
        dmg = _through(G, cards, p, air, ground, fly_all, n_fly, ground_all, n_ground, True)
        life = max(G[pb(q) + P.LIFE], 1)
        if dmg >= life:
            score = 1_000_000 - life
        else:
            score = dmg * (200 if q == leader else 100) + (100 * dmg) // life
        if best < 0 or score > best_score:
            best = q
            best_score = score
    return best


@njit
def least_life_opponent(G, p):
    """The opponent with the least life (ties: the next in turn order); -1 if none is left: whom
    the basic player, and anyone in a two-player game, attacks."""
    return _least_life(G, p, -1, 0)


@njit
def _least_life(G, p, d, d_life):
    """least_life_opponent, with seat d's life read as d_life (d -1: none)."""
    best = -1
    best_life = 0
    for k in range(1, G[H.NPLAYERS]):
        q = (p + k) % G[H.NPLAYERS]
        if G[pb(q) + P.LOST]:
            continue
        life = d_life if q == d else G[pb(q) + P.LIFE]
        if best < 0 or life < best_life:
            best = q
            best_life = life
    return best


@njit
def may_attack(G, q, p, d, d_life):
    """Could opponent q attack p on its next turn, after p attacks d down to d_life (the
    crack-back p's attack reads, ai_crack.crack_through)? A basic player attacks the
    opponent with the least life; a standard one, whoever its attack hurts most
    (choose_defender): p, when p taps out."""
    if G[pb(q) + P.LOST]:
        return False
    if G[pb(q) + P.LEVEL] == PlayerLevel.BASIC:
        return _least_life(G, q, d, d_life) == p
    return True

"""The standard player's combat arithmetic, shared by its attacks (ai_attack.py) and blocks
(ai_block.py): the pump of the tricks a player holds mana for, kills and wins counting a pump,
the clock (attacks needed to kill) and the race measure: the damage that gets through when one
side attacks with everything and each creature the other keeps back blocks one attacker
(``damage_through``: fliers, "can't be blocked", menace, trample and double strike counted).
``race_clocks`` is the two-sided race: each side's creatures either attack or stay home to
block, by one rule for both (``side_plan``: a creature attacks unless a creature the other side
keeps home eats it), and each side's clock counts only the other side's creatures at home.
``double_block_kills`` is the one judgement of a double block: the attacker stays home from it,
the defender makes it. Its scratch lists are work areas the caller names (W.CRACK, W.BLOCKERS,
W.DMG_DST, W.DMG_AMT: the damage step's, free while attacks and blocks are chosen).
"""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    AbilityKind,
    AiRole,
    CardCol,
    CardFlag,
    CardType,
    Keyword,
    Op,
    StepCol,
)
from analyzer.kernel.layout import H, O, P, W
from analyzer.kernel.player.ai_team_pump import board_team_pump
from analyzer.kernel.rules.catalog import abilities_of, cards_of, steps_of
from analyzer.kernel.rules.combat import (
    MAX_COMBATANTS,
    blocker_wins,
    can_block,
    is_creature,
    kills,
    strikes_first,
)
from analyzer.kernel.rules.conditions import step_in_mode
from analyzer.kernel.rules.mana import can_pay_card
from analyzer.kernel.rules.targets import threat_std
from analyzer.kernel.rules.view import hand_at, ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit


@njit
def held_pump(G, C, p):
    """What the instants in p's hand that p's untapped lands pay for add to a fight: (+power,
    +toughness, +power to the whole team) of the biggest pump among the tricks (indestructible
    counts as +99 toughness) and how many such tricks p holds; the most damage one of its burn
    spells deals (cast after blocks, it finishes a blocker the attacker's damage leaves alive,
    or kills it before it strikes) and how many burn spells p holds; the +toughness of the
    team pump counted (Rabbit Response: +2/+1). Zeros when none. A gift card counts its
    unpromised mode: what it adds when promised (Crumb and Get It's indestructible) is the
    gift policy's to decide when it is cast, and the heuristic policy rarely promises it."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    lands = 0
    attack_pump = False  # (the activated team pumps' pass below runs only when one is there)
    for i in range(own_n(G, p)):
        b = ob(own_at(G, p, i))
        if G[b + O.PHASED]:
            continue
        flags = cards[G[b + O.CARD], CardCol.FLAGS]
        if flags & CardFlag.ATTACK_PUMP:
            attack_pump = True
        if G[b + O.TAPPED] == 0 and cards[G[b + O.CARD], CardCol.TYPES] & CardType.LAND:
            lands += 1
    bp = 0
    bt = 0
    team = 0
    team_t = 0
    n = 0
    burn = 0
    n_burn = 0
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        role = cards[card, CardCol.AI_ROLE]
        if (
            (role != AiRole.TRICK and role != AiRole.REMOVAL)
            or cards[card, CardCol.MV] > lands
            or (cards[card, CardCol.FLAGS] & CardFlag.FAST) == 0
            # enough lands but not the colour (three Islands, Sonar Strike): no backing
            or not can_pay_card(G, cards, abilities, p, card)
        ):
            continue
        a0 = cards[card, CardCol.AB_START]
        pumps = False
        burns = False
        for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.SPELL:
                continue
            s0 = abilities[a, AbilCol.ST_START]
            for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
                if not step_in_mode(steps[k, StepCol.COND], 0):
                    continue  # the gift's extra is not counted on: the policy may not promise
                op = steps[k, StepCol.OP]
                if role == AiRole.REMOVAL:
                    if op == Op.DAMAGE and steps[k, StepCol.A] > 0:
                        burn = max(burn, steps[k, StepCol.A])
                        burns = True
                elif op == Op.PUMP or op == Op.PUMP_ALL:
                    bp = max(bp, steps[k, StepCol.A])
                    bt = max(bt, steps[k, StepCol.B])
                    pumps = True
                    if op == Op.PUMP_ALL and steps[k, StepCol.A] >= team:
                        team_t = (
                            steps[k, StepCol.B]
                            if steps[k, StepCol.A] > team
                            else max(team_t, steps[k, StepCol.B])
                        )
                        team = steps[k, StepCol.A]
                elif op == Op.GRANT and steps[k, StepCol.A] & Keyword.INDESTRUCTIBLE:
                    bt = 99
                    pumps = True
        if pumps:
            n += 1
        if burns:
            n_burn += 1
    # an activated team pump of p's (Warren Elder's {3}{W}: +1/+1), as often as p's lands pay
    # for it, activated after blocks (ai_activate.try_activate) like a team pump in hand
    if attack_pump:
        seen, seen_t = board_team_pump(G, C, p, lands)
        if seen > team:
            team = seen
            team_t = seen_t
    return bp, bt, team, n, burn, n_burn, team_t


@njit
def kills_pumped(G, src, dst, src_p, dst_t):
    """kills(src, dst) with src at +src_p power and dst at +dst_t toughness."""
    if G[ob(dst) + O.CUR_KW] & Keyword.INDESTRUCTIBLE or dst_t >= 99:
        return False
    pw = G[ob(src) + O.CUR_P] + src_p
    if pw <= 0:
        return False
    if G[ob(src) + O.CUR_KW] & Keyword.DEATHTOUCH:
        return True
    mult = 2 if G[ob(src) + O.CUR_KW] & Keyword.DOUBLE_STRIKE else 1
    return pw * mult >= G[ob(dst) + O.CUR_T] + dst_t - G[ob(dst) + O.DAMAGE]


@njit
def blocker_wins_pumped(G, b, a, bp, bt):
    """blocker_wins with the attacker at +bp/+bt."""
    if not kills_pumped(G, b, a, 0, bt):
        return False
    if not kills_pumped(G, a, b, bp, 0):
        return True
    return strikes_first(G, b) and not strikes_first(G, a)


@njit
def clock(life, power):
    """Attacks needed to deal `life` damage at `power` a turn (99: never)."""
    if life <= 0:
        return 0
    if power <= 0:
        return 99
    return (life + power - 1) // power


@njit
def sum_top(vals, n, k):
    """Sum of the k largest of vals[:n] (vals is reordered)."""
    s = 0
    for i in range(min(k, n)):
        m = i
        for j in range(i + 1, n):
            if vals[j] > vals[m]:
                m = j
        x = vals[i]
        vals[i] = vals[m]
        vals[m] = x
        s += vals[i]
    return s


@njit
def combat_power(G, o):
    """Damage o deals in one combat (double strike deals twice)."""
    pw = max(G[ob(o) + O.CUR_P], 0)
    return pw * 2 if G[ob(o) + O.CUR_KW] & Keyword.DOUBLE_STRIKE else pw


@njit
def could_block(G, b, a):
    """b could block attacker a once untapped: a's evasion (flying, "can't be blocked") against
    b's reach or flying, and b's "can't block"; not b's tap state (the race looks a turn ahead)."""
    kb = G[ob(b) + O.CUR_KW]
    ka = G[ob(a) + O.CUR_KW]
    if kb & Keyword.CANT_BLOCK or ka & Keyword.UNBLOCKABLE:
        return False
    if ka & Keyword.FLYING:
        return (kb & (Keyword.FLYING | Keyword.REACH)) != 0
    return True


@njit
def attackers_of(G, cards, q, out):
    """Fill out with q's creatures that could attack next turn (power above 0, no defender, not
    stunned; summoning sickness is gone by then); returns (how many, their combat damage)."""
    n = 0
    total = 0
    for i in range(own_n(G, q)):
        o = own_at(G, q, i)
        b = ob(o)
        if (
            is_creature(cards, G, o)
            and G[b + O.CUR_P] > 0
            and (G[b + O.CUR_KW] & Keyword.DEFENDER) == 0
            and G[b + O.STUN] == 0
            and n < MAX_COMBATANTS
        ):
            out[n] = o
            n += 1
            total += combat_power(G, o)
    return n, total


@njit
def sort_by_power(G, objs, n):
    """Sort the creatures objs[:n] by current power, biggest first; stable (insertion sort:
    n is at most MAX_COMBATANTS), so equal powers keep their order."""
    for i in range(1, n):
        x = objs[i]
        j = i - 1
        while j >= 0 and G[ob(objs[j]) + O.CUR_P] < G[ob(x) + O.CUR_P]:
            objs[j + 1] = objs[j]
            j -= 1
        objs[j + 1] = x


@njit
def damage_through(G, att, na, blk, nb, used, sustained):
    """(damage, attackers blocked) when the attackers att[:na] all attack and each of the
    blockers blk[:nb] blocks one of them: the biggest attackers are blocked first, each by a
    blocker that can block it, one without flying or reach for a ground attacker when there is
    one (those are kept for the fliers), two for menace; a blocked trampler deals its damage
    over the blockers' toughness. sustained: the damage of every turn of a race, where only a
    blocker that survives the attacker stops it (a chump or a trade stops it once); else this
    turn's, where any blocker does. att is sorted biggest first (stable: a sorted list keeps
    its order); used is scratch of nb entries: afterwards used[j] is 1 + the index in att of the
    attacker blocker j blocks, 0 when it blocks none (clock_through reads it)."""
    sort_by_power(G, att, na)
    for j in range(nb):
        used[j] = 0
    through = 0
    n_blocked = 0
    for i in range(na):
        a = att[i]
        dmg = combat_power(G, a)
        if dmg == 0:
            continue
        need = 2 if G[ob(a) + O.CUR_KW] & Keyword.MENACE else 1
        flier = (G[ob(a) + O.CUR_KW] & Keyword.FLYING) != 0
        j1 = -1
        j2 = -1
        for aerial_ok in range(2):
            for j in range(nb):
                if used[j] or j == j1 or not could_block(G, blk[j], a):
                    continue
                if sustained and kills(G, a, blk[j]):
                    continue
                aerial = (G[ob(blk[j]) + O.CUR_KW] & (Keyword.FLYING | Keyword.REACH)) != 0
                if aerial and not flier and aerial_ok == 0:
                    continue
                if j1 < 0:
                    j1 = j
                elif j2 < 0:
                    j2 = j
            if j1 >= 0 and (need == 1 or j2 >= 0):
                break
        if j1 < 0 or (need == 2 and j2 < 0):
            through += dmg
            continue
        used[j1] = i + 1
        tough = max(G[ob(blk[j1]) + O.CUR_T] - G[ob(blk[j1]) + O.DAMAGE], 0)
        if need == 2:
            used[j2] = i + 1
            tough += max(G[ob(blk[j2]) + O.CUR_T] - G[ob(blk[j2]) + O.DAMAGE], 0)
        n_blocked += 1
        if G[ob(a) + O.CUR_KW] & Keyword.TRAMPLE and dmg > tough:
            through += dmg - tough
    return through, n_blocked


@njit
def untapped_blockers(G, cards, p, skip, blk, cap):
    """Fill blk with p's untapped creatures but skip (-1: none), at most cap; returns how
    many."""
    nb = 0
    for i in range(own_n(G, p)):
        o = own_at(G, p, i)
        if o != skip and is_creature(cards, G, o) and G[ob(o) + O.TAPPED] == 0 and nb < cap:
            blk[nb] = o
            nb += 1
    return nb


@njit
def blocker_needed(G, cards, p, v):
    """Is p's untapped creature v a blocker p needs to live through next turn? Without it some
    opponent's crack-back (every creature that could attack then: attackers_of) deals p its life
    through p's other untapped creatures, each blocking one (damage_through), and v at home cuts
    that damage. Scratch: W.CRACK, W.BLOCKERS, W.DMG_DST (free outside combat)."""
    b = ob(v)
    if G[b + O.TAPPED] or not is_creature(cards, G, v) or G[b + O.CUR_KW] & Keyword.CANT_BLOCK:
        return False
    att = G[W.CRACK : W.CRACK + MAX_COMBATANTS]
    blk = G[W.BLOCKERS : W.BLOCKERS + MAX_COMBATANTS]
    used = G[W.DMG_DST : W.DMG_DST + MAX_COMBATANTS]
    nb = untapped_blockers(G, cards, p, v, blk, MAX_COMBATANTS - 1)  # (room left for v)
    life = G[pb(p) + P.LIFE]
    for q in range(G[H.NPLAYERS]):
        if q == p or G[pb(q) + P.LOST]:
            continue
        na, _total = attackers_of(G, cards, q, att)
        without, _n = damage_through(G, att, na, blk, nb, used, False)
        if without < life:
            continue
        blk[nb] = v
        with_v, _n = damage_through(G, att, na, blk, nb + 1, used, False)
        if with_v < without:
            return True
    return False


@njit
def clock_through(G, att, na, blk, nb, used, life):
    """Attacks att[:na] need to deal life through the blockers blk[:nb] turn after turn
    (damage_through's sustained damage; 99: never), counting the group that shrinks: an
    attacker whose blocker kills it (and survives, as every sustained block does) is gone from
    the next attack on, and its blocker blocks the next one. att is reordered (the eaten ones
    end past the survivors); used is damage_through's scratch."""
    n = na
    turns = 0
    while life > 0 and turns < 99:
        dmg, _nb = damage_through(G, att, n, blk, nb, used, True)
        gone = 0  # bit i: att[i] is eaten this turn
        for j in range(nb):
            i = used[j] - 1
            if i >= 0 and i < 63 and kills(G, blk[j], att[i]):
                gone |= 1 << i
        if gone == 0:
            return min(turns + clock(life, dmg), 99)
        life -= dmg
        turns += 1
        k = 0
        for i in range(n):
            if (gone >> i) & 1 == 0:
                x = att[k]
                att[k] = att[i]
                att[i] = x
                k += 1
        n = k
    return min(turns, 99) if life <= 0 else 99


@njit
def _first_hit_kills(G, a, b, bp):
    """a's first combat damage (at +bp power) alone destroys b (b's marked damage counted)."""
    if G[ob(b) + O.CUR_KW] & Keyword.INDESTRUCTIBLE:
        return False
    pw = G[ob(a) + O.CUR_P] + bp
    if pw <= 0:
        return False
    if G[ob(a) + O.CUR_KW] & Keyword.DEATHTOUCH:
        return True
    return pw >= G[ob(b) + O.CUR_T] - G[ob(b) + O.DAMAGE]


@njit
def double_block_kills(G, cards, a, b1, b2, bp, bt, ta):
    """Do blockers b1 and b2 together kill attacker a (at +bp/+bt) while a kills at most one of
    them, worth less than a by more than 5 (ta: a's threat_std)? Marked damage counts on every
    side; a deathtouch attacker needs 1 damage per blocker (2 double striking counts twice); a
    first striker that kills one of them before they strike takes only the other's damage.
    The cheap power test goes first: most pairs fail it."""
    ka = G[ob(a) + O.CUR_KW]
    if ka & Keyword.INDESTRUCTIBLE or bt >= 99:
        return False
    left = G[ob(a) + O.CUR_T] + bt - G[ob(a) + O.DAMAGE]
    d1 = combat_power(G, b1)
    d2 = combat_power(G, b2)
    dt1 = d1 > 0 and (G[ob(b1) + O.CUR_KW] & Keyword.DEATHTOUCH) != 0
    dt2 = d2 > 0 and (G[ob(b2) + O.CUR_KW] & Keyword.DEATHTOUCH) != 0
    if not (dt1 or dt2) and d1 + d2 < left:
        return False
    if strikes_first(G, a) and not strikes_first(G, b1) and not strikes_first(G, b2):
        # a kills one first; the other alone must still kill it
        if _first_hit_kills(G, a, b1, bp) and not dt2 and d2 < left:
            return False
        if _first_hit_kills(G, a, b2, bp) and not dt1 and d1 < left:
            return False
    k1 = kills_pumped(G, a, b1, bp, 0)
    k2 = kills_pumped(G, a, b2, bp, 0)
    if k1 and k2:
        pa = G[ob(a) + O.CUR_P] + bp
        if ka & Keyword.DOUBLE_STRIKE:
            pa *= 2
        t1 = max(G[ob(b1) + O.CUR_T] - G[ob(b1) + O.DAMAGE], 0)
        t2 = max(G[ob(b2) + O.CUR_T] - G[ob(b2) + O.DAMAGE], 0)
        if pa >= (2 if ka & Keyword.DEATHTOUCH else t1 + t2):
            return False  # it kills both
    loss = 0
    if k1:
        loss = threat_std(G, cards, b1)
    if k2:
        loss = max(loss, threat_std(G, cards, b2))
    return ta > loss + 5


@njit
def top_two_blockers(G, cards, a, blk, nb, now):
    """The cheap test before a double block on attacker a is judged: (how many of blk[:nb] can
    block a, the two biggest combat powers among them, whether one with power has
    deathtouch). now: can_block (this combat: untapped, every block restriction); else
    could_block (the race, a turn ahead: tap state not read)."""
    n = 0
    top1 = 0
    top2 = 0
    deathtouch = False
    for j in range(nb):
        b = blk[j]
        if now:
            if not can_block(cards, G, b, a):
                continue
        elif not could_block(G, b, a):
            continue
        n += 1
        pw = combat_power(G, b)
        if pw > 0 and G[ob(b) + O.CUR_KW] & Keyword.DEATHTOUCH:
            deathtouch = True
        if pw > top1:
            top2 = top1
            top1 = pw
        elif pw > top2:
            top2 = pw
    return n, top1, top2, deathtouch


@njit
def eaten(G, cards, a, home, nh):
    """The creatures home[:nh] would eat a turn after turn: one of them could block it and would
    kill it and survive (none blocks a menace attacker alone), or two of them would kill it
    while it kills neither (double_block_kills; a double block in which it kills one is a trade,
    which the race, like damage_through's sustained damage, does not count as a stop)."""
    ka = G[ob(a) + O.CUR_KW]
    if (ka & Keyword.MENACE) == 0:
        for j in range(nh):
            if could_block(G, home[j], a) and blocker_wins(G, home[j], a):
                return True
    if nh < 2 or ka & Keyword.INDESTRUCTIBLE:
        return False
    # the double block: pruned by the two biggest powers that could block a (most fail it)
    _n, top1, top2, deathtouch = top_two_blockers(G, cards, a, home, nh, False)
    if top2 <= 0 or (not deathtouch and top1 + top2 < G[ob(a) + O.CUR_T] - G[ob(a) + O.DAMAGE]):
        return False
    ta = threat_std(G, cards, a)
    if ta <= 5:
        return False
    for j in range(nh):
        if not could_block(G, home[j], a) or kills(G, a, home[j]):
            continue
        for k in range(j + 1, nh):
            if (
                could_block(G, home[k], a)
                and not kills(G, a, home[k])
                and double_block_kills(G, cards, a, home[j], home[k], 0, 0, ta)
            ):
                return True
    return False


@njit
def group_goes(G, cards, grp, ng, home, nh, other, life):
    """Several attackers the creatures home[:nh] would each eat, grp[:ng], attack together when
    those cannot eat them all: each turn each creature at home that eats one of them alone
    eats one (the biggest first), two of the others one more (a double block), and the rest
    get through. They go when what they deal before they are all eaten, with the other
    attackers' damage each of those turns (other), kills the player at life. grp ends sorted
    biggest first."""
    if ng < 2:
        return False
    m = 0
    pairs = 0
    for j in range(nh):
        alone = False
        blocks = False
        for i in range(ng):
            if could_block(G, home[j], grp[i]):
                blocks = True
                if blocker_wins(G, home[j], grp[i]):
                    alone = True
                    break
        if alone:
            m += 1
        elif blocks and G[ob(home[j]) + O.CUR_P] > 0:
            pairs += 1
    m += pairs // 2
    if m == 0 or m >= ng:
        return False
    sort_by_power(G, grp, ng)
    total = other * ((ng + m - 1) // m)
    for r in range(ng):
        total += combat_power(G, grp[r]) * (r // m)
    return total >= life


@njit
def side_plan(G, cards, q, other_home, n_other, send, keep, life):
    """q's side of a race against the other side's creatures at home, other_home[:n_other],
    and its player at life: each creature of q that could attack (attackers_of) attacks unless
    they eat it (eaten: one that kills it and survives, or a double block); several that they
    would eat alone attack together when they cannot eat them all and the group kills before
    it is eaten away (group_goes). send gets the attackers, keep the creatures that can block
    on the other side's turns (those that stay home, tapped or not now, and attackers with
    vigilance). The same rules the attacker's own attacks start from (ai_attack._attack_ok,
    without trades; its go-wide attack). Returns (how many attack, how many stay home)."""
    ns = 0
    nk = 0
    cap = len(send)
    ne = 0  # the eaten ones, at the back of send: send[cap - ne:]
    other = 0
    for i in range(own_n(G, q)):
        o = own_at(G, q, i)
        b = ob(o)
        if not is_creature(cards, G, o):
            continue
        kw = G[b + O.CUR_KW]
        if G[b + O.CUR_P] > 0 and (kw & Keyword.DEFENDER) == 0 and G[b + O.STUN] == 0:
            if not eaten(G, cards, o, other_home, n_other):
                if ns + ne < cap:
                    send[ns] = o
                    ns += 1
                    other += combat_power(G, o)
                if (kw & Keyword.VIGILANCE) == 0:
                    continue
            elif ns + ne < cap:
                ne += 1
                send[cap - ne] = o
                continue  # home or in the group: decided below
        if (kw & Keyword.CANT_BLOCK) == 0 and nk < MAX_COMBATANTS:
            keep[nk] = o
            nk += 1
    if ne == 0:
        return ns, nk
    grp = send[cap - ne : cap]
    goes = group_goes(G, cards, grp, ne, other_home, n_other, other, life)
    for i in range(ne):
        o = grp[i]
        kw = G[ob(o) + O.CUR_KW]
        stays = not goes or (kw & Keyword.VIGILANCE) != 0
        if goes:
            send[ns] = o  # ns + ne <= cap: never past grp[i]
            ns += 1
        if stays and (kw & Keyword.CANT_BLOCK) == 0 and nk < MAX_COMBATANTS:
            keep[nk] = o
            nk += 1
    return ns, nk


@njit
def race_clocks(G, cards, sel, ns, first, nf, home, nh, q, p_life, q_life, send, keep, used):
    """The two-sided race when p attacks with sel[:ns] every turn and keeps home[:nh] back to
    block: (attacks p needs, attacks q needs). q plays its side by side_plan against p's home
    creatures; p's first attack (this turn) meets q's blockers first[:nf], the later ones only
    the creatures q keeps home. Only blocks that survive stop an attacker turn after turn, and
    an attacker such a block kills is gone from the next attack on (clock_through). send,
    keep: scratch for q's side; used: damage_through's. sel[:ns] is reordered."""
    nq_send, nq_keep = side_plan(G, cards, q, home, nh, send, keep, p_life)
    theirs = clock_through(G, send, nq_send, home, nh, used, p_life)
    first_dmg, _nb = damage_through(G, sel, ns, first, nf, used, True)
    if first_dmg >= q_life:
        return 1, theirs
    return min(1 + clock_through(G, sel, ns, keep, nq_keep, used, q_life - first_dmg), 99), theirs

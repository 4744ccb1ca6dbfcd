"""The built-in player's attacks and blocks (the rules of combat are in kernel/rules/combat.py).

Standard player (issue 14), attacks: the race decides. The alpha strike goes when the damage
the defender cannot block (each blocker stops one attacker, biggest first) is lethal. Otherwise
a creature attacks when no single blocker kills it and survives, no two blockers kill it while
it kills neither, counting the pump of a trick it holds mana for (each trick backs one
attacker); an attack into a trade goes when p wins the race (needs no more attacks than the
defender) or the trade is even. Going wide: everything attacks when the blockers cannot hold
the team back (each eats one attacker, the rest get through) and p wins that race
(_swarm_wins_race). A team pump p holds mana for counts on every unblocked attacker in the
lethal check. Then creatures stay home until the defender's crack-back (everything they have
attacks, each creature left home blocks one of their biggest) is not lethal.
Blocks: per attacker (biggest first), a block that kills it and survives (the least valuable
such blocker); else, once per combat, a block that does so with the pump of a trick the
defender holds mana for (the trick is cast after blocks); else two blockers that kill it when
it can kill at most one and is worth more than that one; else a trade when the attacker is
worth at least the blocker or the race is lost; else a chump (cheapest first, tokens are cheap)
when the damage is lethal, or when the race is lost, the same attack would be lethal next turn
and the blocker is a token or a small creature. Menace attackers take two blockers or none.

Basic player (kept exactly): a creature attacks when no untapped potential blocker kills it and
survives; it stays home when the crack-back would be lethal. Blocks: a block that kills and
survives, else a trade when the attacker is worth more, else a chump when the damage is lethal.
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
    PlayerLevel,
    StepCol,
)
from analyzer.kernel.layout import OFF_BATTLEFIELD, H, O, P, W
from analyzer.kernel.player import ai_multi
from analyzer.kernel.rules.catalog import abilities_of, cards_of, steps_of
from analyzer.kernel.rules.combat import (
    MAX_COMBATANTS,
    blocker_wins,
    can_attack,
    can_block,
    first_strike_step,
    is_creature,
    kills,
    strikes_first,
    untapped_creature,
)
from analyzer.kernel.rules.events import fire_attacks
from analyzer.kernel.rules.state import hand_at, ob, pb
from analyzer.kernel.rules.targets import threat, threat_std
from analyzer.kernel.runtime.config import njit


@njit
def declare_attackers(G, C):
    """The active player's attacks. Returns how many attack."""
    p = G[H.ACTIVE]
    d = choose_defender(G, p)
    if G[H.NPLAYERS] > 2 and G[pb(p) + P.LEVEL] != PlayerLevel.BASIC:
        d = ai_multi.choose_defender(G, C, p)  # pods: kernel/player/ai_multi.py (issue 21 item 3)
    if d < 0:
        return 0
    if G[pb(p) + P.LEVEL] == PlayerLevel.BASIC:
        n = _attacks_basic(G, C, p, d)
    else:
        n = _attacks_standard(G, C, p, d)
    G[H.COMBAT_FS] = 0
    return n


@njit
def declare_blockers(G, C):
    """Every defending player's blocks."""
    n = G[H.BF_N]
    att = G[W.ATT : W.ATT + MAX_COMBATANTS]
    na = 0
    for i in range(n):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.ATTACKING] and na < MAX_COMBATANTS:
            att[na] = o
            na += 1
    # biggest attackers first
    for i in range(1, na):
        x = att[i]
        j = i - 1
        while j >= 0 and G[ob(att[j]) + O.CUR_P] < G[ob(x) + O.CUR_P]:
            att[j + 1] = att[j]
            j -= 1
        att[j + 1] = x
    for d in range(G[H.NPLAYERS]):
        if G[pb(d) + P.LOST] or d == G[H.ACTIVE]:
            continue
        if G[pb(d) + P.LEVEL] == PlayerLevel.BASIC:
            _blocks_basic(G, C, d, att, na)
        else:
            _blocks_standard(G, C, d, att, na)
    first_strike_step(G)


@njit
def _declare(G, C, o, d):
    G[ob(o) + O.ATTACKING] = d + 1
    if (G[ob(o) + O.CUR_KW] & Keyword.VIGILANCE) == 0:
        G[ob(o) + O.TAPPED] = 1
    fire_attacks(G, C, o)


# ---- standard player ------------------------------------------------------------------------


@njit
def held_pump(G, C, p):
    """(+power, +toughness, +power to the whole team) of the biggest pump among the tricks in
    p's hand that p's untapped lands pay for (indestructible counts as +99 toughness), and how
    many such tricks p holds; zeros when none."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    lands = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if (
            G[ob(o) + O.CTRL] == p
            and G[ob(o) + O.TAPPED] == 0
            and G[ob(o) + O.PHASED] == 0
            and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.LAND
        ):
            lands += 1
    bp = 0
    bt = 0
    team = 0
    n = 0
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        if (
            cards[card, CardCol.AI_ROLE] != AiRole.TRICK
            or cards[card, CardCol.MV] > lands
            or (cards[card, CardCol.FLAGS] & CardFlag.FAST) == 0
        ):
            continue
        a0 = cards[card, CardCol.AB_START]
        pumps = False
        for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.SPELL:
                continue
            s0 = abilities[a, AbilCol.ST_START]
            for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
                op = steps[k, StepCol.OP]
                if op == Op.PUMP or op == Op.PUMP_ALL:
                    bp = max(bp, steps[k, StepCol.A])
                    bt = max(bt, steps[k, StepCol.B])
                    pumps = True
                    if op == Op.PUMP_ALL:
                        team = max(team, steps[k, StepCol.A])
                elif op == Op.GRANT and steps[k, StepCol.A] & Keyword.INDESTRUCTIBLE:
                    bt = 99
                    pumps = True
        if pumps:
            n += 1
    return bp, bt, team, n


@njit
def _kills_pumped(G, src, dst, src_p, dst_t):
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
def _blocker_wins_pumped(G, b, a, bp, bt):
    """blocker_wins with the attacker at +bp/+bt."""
    if not _kills_pumped(G, b, a, 0, bt):
        return False
    if not _kills_pumped(G, a, b, bp, 0):
        return True
    return strikes_first(G, b) and not strikes_first(G, a)


@njit
def _clock(life, power):
    """Attacks needed to deal `life` damage at `power` a turn (99: never)."""
    if life <= 0:
        return 0
    if power <= 0:
        return 99
    return (life + power - 1) // power


@njit
def _sum_top(vals, n, k):
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
def _crack_back(G, cards, d, crack):
    """Fill crack with the power of each creature d could attack with next turn; returns
    (how many, their total)."""
    n = 0
    total = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if (
            G[b + O.CTRL] == d
            and is_creature(cards, G, o)
            and G[b + O.CUR_P] > 0
            and (G[b + O.CUR_KW] & Keyword.DEFENDER) == 0
            and G[b + O.STUN] == 0
            and n < MAX_COMBATANTS
        ):
            pw = G[b + O.CUR_P] * (2 if G[b + O.CUR_KW] & Keyword.DOUBLE_STRIKE else 1)
            crack[n] = pw
            n += 1
            total += pw
    return n, total


@njit
def _double_blocked(G, cards, a, blk, nb, bp, bt):
    """Could two of the blockers kill a while it (pumped) kills neither?"""
    for j in range(nb):
        b1 = blk[j]
        if not can_block(cards, G, b1, a) or _kills_pumped(G, a, b1, bp, 0):
            continue
        for k in range(j + 1, nb):
            b2 = blk[k]
            if not can_block(cards, G, b2, a) or _kills_pumped(G, a, b2, bp, 0):
                continue
            if G[ob(a) + O.CUR_KW] & Keyword.INDESTRUCTIBLE or bt >= 99:
                return False
            dt = (G[ob(b1) + O.CUR_KW] | G[ob(b2) + O.CUR_KW]) & Keyword.DEATHTOUCH
            if (
                dt
                or G[ob(b1) + O.CUR_P] + G[ob(b2) + O.CUR_P]
                >= G[ob(a) + O.CUR_T] + bt - G[ob(a) + O.DAMAGE]
            ):
                return True
    return False


@njit
def _attacks_standard(G, C, p, d):
    """The standard player's attacks (see the module docstring). Returns how many attack."""
    cards = cards_of(C)
    att = G[W.ATT : W.ATT + MAX_COMBATANTS]
    blk = G[W.BLK : W.BLK + MAX_COMBATANTS]
    chosen = G[W.CHOSEN : W.CHOSEN + MAX_COMBATANTS]
    crack = G[W.CRACK : W.CRACK + MAX_COMBATANTS]
    na = 0
    nb = 0
    total = 0
    home = 0  # p's creatures that stay untapped whatever p attacks with (they can block)
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if G[b + O.CTRL] == p and G[b + O.TAPPED] == 0 and is_creature(cards, G, o):
            if can_attack(cards, G, o, p) and na < MAX_COMBATANTS:
                att[na] = o
                na += 1
                total += G[b + O.CUR_P]
            elif (G[b + O.CUR_KW] & Keyword.CANT_BLOCK) == 0:
                home += 1
        elif (
            G[b + O.CTRL] == d
            and G[b + O.TAPPED] == 0
            and is_creature(cards, G, o)
            and (G[b + O.CUR_KW] & Keyword.CANT_BLOCK) == 0
            and nb < MAX_COMBATANTS
        ):
            blk[nb] = o
            nb += 1
    if na == 0:
        return 0
    # biggest attackers first
    for i in range(1, na):
        x = att[i]
        j = i - 1
        while j >= 0 and G[ob(att[j]) + O.CUR_P] < G[ob(x) + O.CUR_P]:
            att[j + 1] = att[j]
            j -= 1
        att[j + 1] = x
    # what the blockers can stop: each blocks the biggest attacker it can still block
    for j in range(nb):
        chosen[j] = 0  # here: blocker j used
    stopped = 0
    n_stopped = 0
    for i in range(na):
        a = att[i]
        for j in range(nb):
            if chosen[j] == 0 and can_block(cards, G, blk[j], a):
                chosen[j] = 1
                stopped += G[ob(a) + O.CUR_P]
                n_stopped += 1
                break
    d_life = G[pb(d) + P.LIFE]
    my_life = G[pb(p) + P.LIFE]
    bp, bt, team, n_tricks = held_pump(G, C, p)
    # lethal, counting a team pump p holds mana for on every unblocked attacker
    if total - stopped + team * (na - n_stopped) >= d_life:
        for i in range(na):
            _declare(G, C, att[i], d)
        return na
    n_crack, crack_total = _crack_back(G, cards, d, crack)
    ahead = _clock(d_life, total) <= _clock(my_life, crack_total)
    for i in range(na):
        a = att[i]
        chosen[i] = 0
        if _attack_ok(G, cards, a, blk, nb, 0, 0, ahead):
            chosen[i] = 1
        elif n_tricks > 0 and _attack_ok(G, cards, a, blk, nb, bp, bt, ahead):
            chosen[i] = 1  # one trick backs one attacker
            n_tricks -= 1
    if _swarm_wins_race(G, cards, att, na, blk, nb, total - stopped, d_life, my_life, crack_total):
        for i in range(na):
            if G[ob(att[i]) + O.CUR_P] > 0:
                chosen[i] = 1
    # creatures stay home until the crack-back is not lethal (each home creature blocks one of
    # their biggest attackers); the best blockers stay first
    while True:
        keep = home
        for i in range(na):
            if chosen[i] == 0 or G[ob(att[i]) + O.CUR_KW] & Keyword.VIGILANCE:
                keep += 1
        if crack_total - _sum_top(crack, n_crack, keep) < my_life:
            break
        best = -1
        for i in range(na):
            o = att[i]
            if chosen[i] == 0 or G[ob(o) + O.CUR_KW] & Keyword.VIGILANCE:
                continue
            if best < 0 or G[ob(o) + O.CUR_T] > G[ob(att[best]) + O.CUR_T]:
                best = i
        if best < 0:
            break
        chosen[best] = 0
    n_att = 0
    for i in range(na):
        if chosen[i]:
            _declare(G, C, att[i], d)
            n_att += 1
    return n_att


@njit
def _attack_ok(G, cards, a, blk, nb, bp, bt, ahead):
    """Can a attack (pumped by +bp/+bt) into the blockers: no single blocker kills it and
    survives, no trade unless p wins the race or the trade is even, no two blockers kill it
    while it kills neither?"""
    for j in range(nb):
        b = blk[j]
        if not can_block(cards, G, b, a):
            continue
        if _blocker_wins_pumped(G, b, a, bp, bt):
            return False
        # a trade: fine when p wins the race or the blocker is worth about as much
        if (
            not ahead
            and _kills_pumped(G, b, a, 0, bt)
            and threat_std(G, cards, b) + 5 < threat_std(G, cards, a)
        ):
            return False
    return not (nb >= 2 and _double_blocked(G, cards, a, blk, nb, bp, bt))


@njit
def _swarm_wins_race(G, cards, att, na, blk, nb, through, d_life, my_life, crack_total):
    """Go wide: attack with everything when the blockers cannot hold the team back. Each
    blocker eats (kills and survives) at most one attacker, the most valuable it can; the rest
    get through (through: the damage left when each blocker stops one attacker). Worth it when
    the damage through is at least 3 per creature lost (about what a small creature is worth
    in a race) and p wins the race: each later attack gets through with the power eaten so far
    less, and kills the defender no later than the defender's crack-back kills p."""
    if na < 2 or through <= 0:
        return False
    eaten = 0  # bit i: attacker i is eaten
    eaten_power = 0
    n_eaten = 0
    for j in range(nb):
        best = -1
        for i in range(min(na, 62)):
            if (
                (eaten >> i) & 1
                or not can_block(cards, G, blk[j], att[i])
                or not blocker_wins(G, blk[j], att[i])
            ):
                continue
            if best < 0 or threat_std(G, cards, att[i]) > threat_std(G, cards, att[best]):
                best = i
        if best >= 0:
            eaten |= 1 << best
            eaten_power += max(G[ob(att[best]) + O.CUR_P], 0)
            n_eaten += 1
    if through < 3 * n_eaten:
        return False
    # the race: each turn as many get through as now, less the power eaten so far
    theirs = _clock(my_life, crack_total)
    left = d_life
    turns = 0
    while left > 0 and through > 0 and turns < theirs:
        left -= through
        through -= eaten_power
        turns += 1
    return left <= 0


@njit
def _chump_ok(G, cards, b, lethal, doomed):
    """A chump block with b: always when the damage is lethal; when the race is lost and the
    same attack would kill next turn (doomed), with a token or a small creature."""
    if lethal:
        return True
    if not doomed:
        return False
    return G[ob(b) + O.TOKEN] != 0 or G[ob(b) + O.CUR_P] + G[ob(b) + O.CUR_T] <= 3


@njit
def _blocks_standard(G, C, d, att, na):
    """The standard player's blocks for defender d (see the module docstring)."""
    cards = cards_of(C)
    n = G[H.BF_N]
    incoming = 0
    for i in range(na):
        if G[ob(att[i]) + O.ATTACKING] == d + 1:
            a = att[i]
            incoming += G[ob(a) + O.CUR_P] * (
                2 if G[ob(a) + O.CUR_KW] & Keyword.DOUBLE_STRIKE else 1
            )
    if incoming == 0:
        return
    life = G[pb(d) + P.LIFE]
    attacker = G[H.ACTIVE]
    my_power = 0
    for j in range(n):
        b = G[OFF_BATTLEFIELD + j]
        if (
            G[ob(b) + O.CTRL] == d
            and is_creature(cards, G, b)
            and (G[ob(b) + O.CUR_KW] & Keyword.DEFENDER) == 0
        ):
            my_power += max(G[ob(b) + O.CUR_P], 0)
    # d's attacks needed against the attacker's (this one included): d is behind when it needs
    # at least as many
    behind = _clock(G[pb(attacker) + P.LIFE], my_power) >= _clock(life, incoming)
    # one trick d holds mana for can turn one block into a win (cast after blocks by trick_focus)
    tp, tt, _team, _n = held_pump(G, C, d)
    trick_left = tp > 0 or tt > 0
    for i in range(na):
        a = att[i]
        if G[ob(a) + O.ATTACKING] != d + 1:
            continue
        ta = threat_std(G, cards, a)
        menace = (G[ob(a) + O.CUR_KW] & Keyword.MENACE) != 0
        lethal = incoming >= life
        best = -1
        best_kind = 0  # 4 good block, 3 good with d's trick, 2 trade, 1 chump
        best_t = 0
        for j in range(n):
            b = G[OFF_BATTLEFIELD + j]
            if (
                G[ob(b) + O.CTRL] != d
                or G[ob(b) + O.BLOCKING]
                or not untapped_creature(cards, G, b)
                or not can_block(cards, G, b, a)
            ):
                continue
            tb = threat_std(G, cards, b)
            kind = 0
            if blocker_wins(G, b, a):
                kind = 4
            elif trick_left and not menace and _trick_block_wins(G, b, a, tp, tt, ta, tb):
                kind = 3
            elif kills(G, b, a) and (ta >= tb or behind or lethal):
                kind = 2
            elif _chump_ok(G, cards, b, lethal, behind and 2 * incoming >= life):
                kind = 1
            if kind == 0:
                continue
            if best < 0 or kind > best_kind or (kind == best_kind and tb < best_t):
                best = b
                best_kind = kind
                best_t = tb
        second = -1
        if menace or best_kind < 2:
            # a second blocker: menace needs one; else a double block that kills the attacker
            for j in range(n):
                b = G[OFF_BATTLEFIELD + j]
                if (
                    b == best
                    or G[ob(b) + O.CTRL] != d
                    or G[ob(b) + O.BLOCKING]
                    or not untapped_creature(cards, G, b)
                    or not can_block(cards, G, b, a)
                ):
                    continue
                if menace:
                    if second < 0 or threat_std(G, cards, b) < threat_std(G, cards, second):
                        second = b
                    continue
                second = _double_partner(G, cards, a, b, d, ta)
                if second >= 0:
                    best = b
                    best_kind = 2
                    break
            if menace and (second < 0 or (best_kind < 2 and not lethal)):
                continue
        if best < 0:
            continue
        if best_kind == 3:
            trick_left = False
        if second >= 0:
            G[ob(second) + O.BLOCKING] = a + 1
        G[ob(best) + O.BLOCKING] = a + 1
        G[ob(a) + O.BLOCKED] = 1
        incoming -= G[ob(a) + O.CUR_P]


@njit
def _trick_block_wins(G, b, a, tp, tt, ta, tb):
    """With d's held trick on blocker b (+tp/+tt), does b kill attacker a and survive? Worth a
    card when a is worth at least b (else the plain trade or chump rules decide)."""
    if ta < tb:
        return False
    if not _kills_pumped(G, b, a, tp, 0):
        return False
    if not _kills_pumped(G, a, b, 0, tt):
        return True
    return strikes_first(G, b) and not strikes_first(G, a)


@njit
def _double_partner(G, cards, a, b1, d, ta):
    """A second blocker that, with b1, kills attacker a while a kills at most one of them and
    is worth more than the one it kills; -1 if none."""
    for j in range(G[H.BF_N]):
        b2 = G[OFF_BATTLEFIELD + j]
        if (
            b2 == b1
            or G[ob(b2) + O.CTRL] != d
            or G[ob(b2) + O.BLOCKING]
            or not untapped_creature(cards, G, b2)
            or not can_block(cards, G, b2, a)
        ):
            continue
        if G[ob(a) + O.CUR_KW] & Keyword.INDESTRUCTIBLE:
            return -1
        dt = (G[ob(b1) + O.CUR_KW] | G[ob(b2) + O.CUR_KW]) & Keyword.DEATHTOUCH
        if (
            not dt
            and G[ob(b1) + O.CUR_P] + G[ob(b2) + O.CUR_P] < G[ob(a) + O.CUR_T] - G[ob(a) + O.DAMAGE]
        ):
            continue
        k1 = kills(G, a, b1)
        k2 = kills(G, a, b2)
        pa = G[ob(a) + O.CUR_P]
        if (
            k1
            and k2
            and (
                G[ob(a) + O.CUR_KW] & Keyword.DEATHTOUCH
                or pa >= G[ob(b1) + O.CUR_T] + G[ob(b2) + O.CUR_T]
            )
        ):
            continue  # it kills both
        loss = 0
        if k1:
            loss = threat_std(G, cards, b1)
        if k2:
            loss = max(loss, threat_std(G, cards, b2))
        if ta > loss + 5:
            return b2
    return -1


# ---- basic player (kept exactly) ------------------------------------------------------------


@njit
def choose_defender(G, p):
    best = -1
    for k in range(1, G[H.NPLAYERS]):
        q = (p + k) % G[H.NPLAYERS]
        if G[pb(q) + P.LOST]:
            continue
        if best < 0 or G[pb(q) + P.LIFE] < G[pb(best) + P.LIFE]:
            best = q
    return best


@njit
def _attacks_basic(G, C, p, d):
    """The basic player's attacks (kept exactly). Returns how many attack."""
    cards = cards_of(C)
    att = G[W.ATT : W.ATT + MAX_COMBATANTS]
    blk = G[W.BLK : W.BLK + MAX_COMBATANTS]
    na = 0
    nb = 0
    total = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        # can_attack's first tests inline (p's untapped creature), the call only then
        if (
            G[ob(o) + O.CTRL] == p
            and G[ob(o) + O.TAPPED] == 0
            and (cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE) != 0
            and can_attack(cards, G, o, p)
            and na < MAX_COMBATANTS
        ):
            att[na] = o
            na += 1
            total += G[ob(o) + O.CUR_P]
        elif (
            G[ob(o) + O.CTRL] == d
            and is_creature(cards, G, o)
            and G[ob(o) + O.TAPPED] == 0
            and nb < MAX_COMBATANTS
        ):
            blk[nb] = o
            nb += 1
    if na == 0:
        return 0
    lethal = total - _sum_blockable(G, blk, nb) >= G[pb(d) + P.LIFE] and nb < na
    crack_back = _power_on_board(cards, G, d, False)
    my_life = G[pb(p) + P.LIFE]
    kept_toughness_needed = crack_back >= my_life
    n_att = 0
    for i in range(na):
        o = att[i]
        safe = True
        for j in range(nb):
            if can_block(cards, G, blk[j], o) and blocker_wins(G, blk[j], o):
                safe = False
                break
        if not (safe or lethal):
            continue
        kw = G[ob(o) + O.CUR_KW]
        if kept_toughness_needed and not lethal and (kw & Keyword.VIGILANCE) == 0:
            # keep the biggest blockers home when the crack-back would kill us
            if G[ob(o) + O.CUR_T] >= 2:
                continue
        G[ob(o) + O.ATTACKING] = d + 1
        if (kw & Keyword.VIGILANCE) == 0:
            G[ob(o) + O.TAPPED] = 1
        fire_attacks(G, C, o)
        n_att += 1
    return n_att


@njit
def _sum_blockable(G, blk, nb):
    """Damage the defender can stop by chump-blocking the biggest attackers (rough bound)."""
    return 0 if nb == 0 else nb * 0


@njit
def _power_on_board(cards, G, p, untapped_only):
    s = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if G[b + O.CTRL] == p and is_creature(cards, G, o) and G[b + O.CUR_P] > 0:
            if untapped_only and G[b + O.TAPPED] and G[b + O.STUN] == 0:
                pass
            s += G[b + O.CUR_P]
    return s


@njit
def _blocks_basic(G, C, d, att, na):
    """The basic player's blocks for defender d (kept exactly); att: attackers, biggest first."""
    cards = cards_of(C)
    n = G[H.BF_N]
    incoming = 0
    for i in range(na):
        if G[ob(att[i]) + O.ATTACKING] == d + 1:
            incoming += G[ob(att[i]) + O.CUR_P]
    life = G[pb(d) + P.LIFE]
    for i in range(na):
        a = att[i]
        if G[ob(a) + O.ATTACKING] != d + 1:
            continue
        menace = (G[ob(a) + O.CUR_KW] & Keyword.MENACE) != 0
        best = -1
        best_kind = 0  # 3 good block, 2 trade, 1 chump
        for j in range(n):
            b = G[OFF_BATTLEFIELD + j]
            if (
                G[ob(b) + O.CTRL] != d
                or G[ob(b) + O.BLOCKING]
                or not untapped_creature(cards, G, b)
                or not can_block(cards, G, b, a)
            ):
                continue
            kind = 0
            if blocker_wins(G, b, a):
                kind = 3
            elif kills(G, b, a) and threat(G, cards, a) >= threat(G, cards, b):
                kind = 2
            elif incoming >= life:
                kind = 1
            if kind == 0:
                continue
            if (
                best < 0
                or kind > best_kind
                or (kind == best_kind and threat(G, cards, b) < threat(G, cards, best))
            ):
                best = b
                best_kind = kind
        if best < 0:
            continue
        if menace:
            second = -1
            for j in range(n):
                b = G[OFF_BATTLEFIELD + j]
                if (
                    b == best
                    or G[ob(b) + O.CTRL] != d
                    or G[ob(b) + O.BLOCKING]
                    or not untapped_creature(cards, G, b)
                    or not can_block(cards, G, b, a)
                ):
                    continue
                if second < 0 or threat(G, cards, b) < threat(G, cards, second):
                    second = b
            if second < 0 or (best_kind < 2 and incoming < life):
                continue
            G[ob(second) + O.BLOCKING] = a + 1
        G[ob(best) + O.BLOCKING] = a + 1
        G[ob(a) + O.BLOCKED] = 1
        incoming -= G[ob(a) + O.CUR_P]

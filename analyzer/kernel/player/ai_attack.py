"""The standard player's attacks (issue 14); its blocks are in ai_block.py.

The race decides (ai_race.py: the two-sided race, where a creature attacks or stays home to
block on both sides, counting fliers, "can't be blocked", menace, trample and double strike).
The alpha strike goes when what gets through the defender's untapped blockers (each stops one
attacker, biggest first), plus a team pump p holds mana for on each unblocked attacker (or its
biggest single pump on one of them), is lethal. Otherwise a creature attacks when no single
blocker kills it and survives (none blocks a menace attacker alone), no two blockers kill it
while it kills at most one worth less than it (the double block the defender makes:
ai_race.double_block_kills), counting what an instant p holds mana for adds to the fight: a
trick's pump, or a burn spell's damage on the blocker after blocks, and +1/+1 on an attacker
that grows on a spell (prowess, Tempest Angler's counter) from either (each spell backs one
attacker; a team pump, Valley Rally or Rabbit Response, backs every attacker at once).
Then the race with that attack (_race_won): p's attackers against the defender's blockers,
the defender's crack-back (what p's creatures at home would not eat) against the
creatures p leaves home (attackers are tapped then, unless they have vigilance). When p wins
it, trades go, and a double block in which the attacker kills one is a trade too, but not
with a token (a card for a token: the go-wide deck offers that trade all day); when p
loses it, they are withdrawn. Going wide: everything attacks when the blockers cannot hold
the team back (each eats one attacker, the rest get through) and p wins that race against the
crack-back through the creatures that cannot attack (_swarm_wins_race). Else, when the race
is lost, creatures stay home one at a time while p, attacking as planned, still loses it and
a creature at home narrows the race (_hold_back_for_the_race). A defender at low life that
must chump to survive is pressed (ai_pressure.pressure_attack: everything goes when the
exchange favours p). Then creatures stay home until the defender's crack-back (everything
they have attacks, each creature left home blocks one attacker it can block: fliers pass the
ground creatures) is not lethal, the one that stops most first (the toughest on a tie); one
that would block nothing of theirs attacks. In a pod the crack-back is that of every opponent
that may attack p before its next turn (ai_multi.may_attack), one after the other
(ai_crack.py; lethal counts 2 early while the defender holds a card, unless p wins the
race). A creature whose free {T} ability pings an opponent for its power stays home
(ai_tempo.pings_instead) unless the attack is lethal.
"""

from __future__ import annotations

from analyzer.enums import Keyword
from analyzer.kernel.layout import O, P, W
from analyzer.kernel.player.ai_attack_bonus import (
    BONUS_O,
    BONUS_P,
    BONUS_T,
    apply_bonus,
    attack_bonus,
)
from analyzer.kernel.player.ai_crack import (
    HIDDEN_REACH,
    home_blockers,
    home_bonus,
    stay_home_for_the_crack_back,
)
from analyzer.kernel.player.ai_growth import grows_on_spell
from analyzer.kernel.player.ai_pressure import pressure_attack
from analyzer.kernel.player.ai_race import (
    attackers_of,
    blocker_wins_pumped,
    clock,
    clock_through,
    combat_power,
    damage_through,
    double_block_kills,
    group_goes,
    held_pump,
    kills_pumped,
    race_clocks,
    side_plan,
    top_two_blockers,
)
from analyzer.kernel.player.ai_tempo import send_pingers_home
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.combat import (
    MAX_COMBATANTS,
    blocker_wins,
    can_attack,
    can_block,
    is_creature,
)
from analyzer.kernel.rules.events_turn import fire_attacks
from analyzer.kernel.rules.targets import threat_std
from analyzer.kernel.rules.view import ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit


@njit
def _declare(G, C, o, d):
    G[ob(o) + O.ATTACKING] = d + 1
    if (G[ob(o) + O.CUR_KW] & Keyword.VIGILANCE) == 0:
        G[ob(o) + O.TAPPED] = 1
    fire_attacks(G, C, o)


@njit
def _double_blocked(G, cards, a, blk, nb, bp, bt, kills_none):
    """Could two of the blockers kill a (pumped by +bp/+bt) while it kills at most one of them,
    worth less than a (ai_race.double_block_kills, the judgement the defender's blocks use)?
    kills_none: only a pair of which it kills neither counts. Pruned first by the two biggest
    powers that can block a and by a's own worth."""
    if G[ob(a) + O.CUR_KW] & Keyword.INDESTRUCTIBLE or bt >= 99:
        return False
    n, top1, top2, deathtouch = top_two_blockers(G, cards, a, blk, nb, True)
    if n < 2:
        return False
    if not deathtouch and top1 + top2 < G[ob(a) + O.CUR_T] + bt - G[ob(a) + O.DAMAGE]:
        return False
    ta = threat_std(G, cards, a)
    if ta <= 5:
        return False  # it is worth no more than any creature it could trade with
    for j in range(nb):
        b1 = blk[j]
        if not can_block(cards, G, b1, a):
            continue
        for k in range(j + 1, nb):
            b2 = blk[k]
            if not can_block(cards, G, b2, a):
                continue
            if (
                kills_none
                and (_kills_card(G, a, b1, bp) or _kills_card(G, a, b2, bp))
                and (kills_pumped(G, a, b1, bp, 0) or kills_pumped(G, a, b2, bp, 0))
            ):
                continue  # (a double block in which it kills only a token is no trade)
            if double_block_kills(G, cards, a, b1, b2, bp, bt, ta):
                return True
    return False


@njit
def _kills_card(G, a, b, bp):
    """Does a (at +bp power) kill blocker b, a card (not a token)?"""
    return G[ob(b) + O.TOKEN] == 0 and kills_pumped(G, a, b, bp, 0)


@njit
def attacks(G, C, p, d):
    """The standard player's attacks (see the module docstring). Returns how many attack."""
    cards = cards_of(C)
    att = G[W.ATT : W.ATT + MAX_COMBATANTS]
    blk = G[W.BLK : W.BLK + MAX_COMBATANTS]
    chosen = G[W.CHOSEN : W.CHOSEN + MAX_COMBATANTS]
    crack = G[W.CRACK : W.CRACK + MAX_COMBATANTS]  # d's attackers next turn
    keep = G[W.BLOCKERS : W.BLOCKERS + MAX_COMBATANTS]  # p's blockers on d's turn
    used = G[W.DMG_DST : W.DMG_DST + MAX_COMBATANTS]  # damage_through's scratch
    na = 0
    nb = 0
    home = 0  # p's creatures that stay untapped whatever p attacks with (they can block)
    for i in range(own_n(G, p)):
        o = own_at(G, p, i)
        b = ob(o)
        if G[b + O.TAPPED] == 0 and is_creature(cards, G, o):
            if can_attack(cards, G, o, p) and na < MAX_COMBATANTS:
                att[na] = o
                na += 1
            elif (G[b + O.CUR_KW] & Keyword.CANT_BLOCK) == 0 and home < MAX_COMBATANTS:
                keep[home] = o
                home += 1
    for i in range(own_n(G, d)):
        o = own_at(G, d, i)
        b = ob(o)
        if (
            G[b + O.TAPPED] == 0
            and is_creature(cards, G, o)
            and (G[b + O.CUR_KW] & Keyword.CANT_BLOCK) == 0
            and nb < MAX_COMBATANTS
        ):
            blk[nb] = o
            nb += 1
    if na == 0:
        return 0
    # what the attack triggers add once they attack (Seasoned Warrenguard's +2/+0, "whenever
    # you attack" pumps): counted in every judgement below, taken off before the declaration
    bonus = attack_bonus(G, C, p, att, na, 1)
    # what gets through when everything attacks: each blocker stops one attacker (biggest
    # first; fliers, menace and trample counted); att ends sorted biggest first
    through, n_blocked = damage_through(G, att, na, blk, nb, used, False)
    d_life = G[pb(d) + P.LIFE]
    my_life = G[pb(p) + P.LIFE]
    bp, bt, team, n_tricks, burn, n_burn, team_t = held_pump(G, C, p)
    # lethal, counting a team pump p holds mana for on every unblocked attacker, or its
    # biggest pump on one of them (cast after blocks: ai_tricks.trick_focus); three 2/2s into
    # two blockers at 4 life with a +2/+2 in hand stayed home
    unblocked = na - n_blocked
    extra = team * unblocked
    if unblocked > 0 and n_tricks > 0 and bp > extra:
        extra = bp
    if through + extra >= d_life:
        if bonus:
            apply_bonus(G, na, -1)
        for i in range(na):
            _declare(G, C, att[i], d)
        return na
    # a creature whose free {T} ability pings for its power stays home (ai_tempo.pings_instead)
    n_all = na
    na, home = send_pingers_home(G, C, att, na, keep, home, BONUS_O, BONUS_P, BONUS_T)
    if na == 0:
        return 0
    if na < n_all:  # (else att is as it was: what gets through is too)
        through, n_blocked = damage_through(G, att, na, blk, nb, used, False)
    n_crack, crack_total = attackers_of(G, cards, d, crack)
    # the attack p makes when it wins the race (trades allowed), then the race with that
    # attack (_race_won); when p loses it, no trade of a creature worth more than its blockers
    for i in range(na):
        a = att[i]
        chosen[i] = 0
        prow = _prowess(G, C, a, n_tricks + n_burn)
        if _attack_ok(G, cards, a, blk, nb, 0, 0, True):
            chosen[i] = 1
        elif _team_backs(G, cards, a, blk, nb, team, team_t, prow, True):
            chosen[i] = 5  # a team pump backs every attacker at once
        elif (
            n_tricks > 0
            and _attack_ok(G, cards, a, blk, nb, bp + prow, bt + prow, True)
            and (G[ob(a) + O.TOKEN] == 0 or _pump_kills_eaters(G, cards, a, blk, nb, bp + prow))
        ):
            chosen[i] = 2  # one trick backs one attacker
            n_tricks -= 1
        elif n_burn > 0 and _attack_ok(G, cards, a, blk, nb, burn + prow, prow, True):
            chosen[i] = 3  # so does one burn spell, on its blocker
            n_burn -= 1
    # with no attacker chosen the race decides nothing: nothing to withdraw or hold back
    ahead = True
    mine = 0
    theirs = 0
    for i in range(na):
        if chosen[i]:
            ahead, mine, theirs = _race_won(
                G, cards, d, att, na, chosen, keep, home, blk, nb, d_life, my_life, crack_total
            )
            break
    if not ahead:
        for i in range(na):
            if chosen[i] == 1 and not _attack_ok(G, cards, att[i], blk, nb, 0, 0, False):
                chosen[i] = 0
                mine = -1  # the race changed: _hold_back_for_the_race runs it again
            elif chosen[i] == 5:
                prow = _prowess(G, C, att[i], 1)
                if not _team_backs(G, cards, att[i], blk, nb, team, team_t, prow, False):
                    chosen[i] = 0
                    mine = -1
            elif chosen[i] >= 2:
                prow = _prowess(G, C, att[i], 1)
                ap = (bp if chosen[i] == 2 else burn) + prow
                at = (bt if chosen[i] == 2 else 0) + prow
                if not _attack_ok(G, cards, att[i], blk, nb, ap, at, False):
                    chosen[i] = 0
                    mine = -1
    if _swarm_wins_race(G, cards, d, att, na, blk, nb, keep, home, through, d_life, my_life):
        for i in range(na):
            if G[ob(att[i]) + O.CUR_P] > 0:
                chosen[i] = 1
    else:
        if not ahead:
            _hold_back_for_the_race(
                G, cards, d, att, na, chosen, keep, home, blk, nb, d_life, my_life, mine, theirs
            )
        _group_attack(G, cards, d, att, na, chosen, keep, home, blk, nb, d_life, my_life)
        # a defender at low life must chump: the lead is pressed (ai_pressure.py)
        pressure_attack(G, cards, att, na, chosen, blk, nb, d_life, my_life)
    # creatures stay home until the crack-back is not lethal through them (crack_through:
    # each home creature blocks one attacker it can block); the one that stops most first;
    # unless p's attack wins the race, HIDDEN_REACH early while the defender holds a card
    # and their team pump on the battlefield (ai_team_pump.crack_pump: Warren Elder's, bought
    # as often as their lands pay for it)
    reach = HIDDEN_REACH if not ahead and G[pb(d) + P.HAND_N] > 0 else 0
    stay_home_for_the_crack_back(
        G, C, p, d, att, na, chosen, keep, home, blk, nb, crack, n_crack, used, my_life, reach
    )
    if bonus:
        apply_bonus(G, na, -1)
    n_att = 0
    for i in range(na):
        if chosen[i]:
            _declare(G, C, att[i], d)
            n_att += 1
    return n_att


@njit
def _hold_back_for_the_race(
    G, cards, d, att, na, chosen, keep, home, blk, nb, d_life, my_life, mine, theirs
):
    """The race is lost: while p, attacking as chosen, needs more attacks than the defender,
    a creature stays home when that narrows the race (at home it blocks, and the defender's
    creatures it would eat stay home too; on the attack it would only chip away): the one that
    narrows it most first. (mine, theirs): _clocks of the attack as chosen, mine -1 when not
    known. (_clocks reads the board and chosen only: the race of the creature that stays home
    is the next round's.)"""
    if mine < 0:
        mine, theirs = _clocks(G, cards, d, att, na, chosen, keep, home, blk, nb, d_life, my_life)
    while mine > theirs:
        best = -1
        best_gap = mine - theirs
        best_mine = mine
        best_theirs = theirs
        for i in range(na):
            if chosen[i] == 0 or G[ob(att[i]) + O.CUR_KW] & Keyword.VIGILANCE:
                continue
            c = chosen[i]
            chosen[i] = 0
            m, t = _clocks(G, cards, d, att, na, chosen, keep, home, blk, nb, d_life, my_life)
            chosen[i] = c
            if m - t < best_gap:
                best = i
                best_gap = m - t
                best_mine = m
                best_theirs = t
        if best < 0:
            return
        chosen[best] = 0
        mine = best_mine
        theirs = best_theirs


@njit
def _group_attack(G, cards, d, att, na, chosen, keep, home, blk, nb, d_life, my_life):
    """Several attackers left home, each of which a blocker would stop alone, go together when
    the defender's blockers cannot eat them all and the group kills before it is eaten away
    (ai_race.group_goes, the rule the race gives both sides), and p still wins the race with
    them on the attack (_clocks)."""
    grp = G[W.DMG_SRC + 2 * MAX_COMBATANTS : W.DMG_SRC + 3 * MAX_COMBATANTS]
    ng = 0
    other = 0
    for i in range(na):
        if chosen[i]:
            other += combat_power(G, att[i])
        elif G[ob(att[i]) + O.CUR_P] > 0:
            grp[ng] = att[i]
            ng += 1
    if ng < 2 or not group_goes(G, cards, grp, ng, blk, nb, other, d_life):
        return
    for i in range(na):
        if chosen[i] == 0 and G[ob(att[i]) + O.CUR_P] > 0:
            chosen[i] = 4
    mine, theirs = _clocks(G, cards, d, att, na, chosen, keep, home, blk, nb, d_life, my_life)
    if mine > theirs:
        for i in range(na):
            if chosen[i] == 4:
                chosen[i] = 0


@njit
def _clocks(G, cards, d, att, na, chosen, keep, home, blk, nb, d_life, my_life):
    """The two-sided race (ai_race.race_clocks) when p attacks with the chosen attackers each
    turn: (attacks p needs, attacks the defender needs). p's attackers are tapped on the
    defender's turn: only those with vigilance block with the creatures p leaves home; the
    defender sends what those would not eat and keeps the rest home to block. The attackers
    left home block without their attack triggers' bonus."""
    sel = G[W.DMG_SRC : W.DMG_SRC + MAX_COMBATANTS]
    used = G[W.DMG_DST : W.DMG_DST + MAX_COMBATANTS]
    send = G[W.DMG_AMT : W.DMG_AMT + MAX_COMBATANTS]
    their_keep = G[W.DMG_AMT + MAX_COMBATANTS : W.DMG_AMT + 2 * MAX_COMBATANTS]
    n = 0
    for i in range(na):
        if chosen[i]:
            sel[n] = att[i]
            n += 1
    nk = home_blockers(G, att, na, chosen, keep, home)
    home_bonus(G, att, na, chosen, -1)  # an attack trigger's bonus is no help at home
    mine, theirs = race_clocks(
        G, cards, sel, n, blk, nb, keep, nk, d, my_life, d_life, send, their_keep, used
    )
    home_bonus(G, att, na, chosen, 1)
    return mine, theirs


@njit
def _race_won(G, cards, d, att, na, chosen, keep, home, blk, nb, d_life, my_life, crack_total):
    """p, attacking with the chosen attackers each turn, kills the defender no later than the
    defender kills p (_clocks); on a board where neither gets through, the raw power decides
    (crack_total: the defender's). Returns (won, _clocks' two clocks)."""
    mine, theirs = _clocks(G, cards, d, att, na, chosen, keep, home, blk, nb, d_life, my_life)
    if mine < 99 or theirs < 99:
        return mine <= theirs, mine, theirs
    total = 0
    for i in range(na):
        if chosen[i]:
            total += combat_power(G, att[i])
    return clock(d_life, total) <= clock(my_life, crack_total), mine, theirs


@njit
def _prowess(G, C, a, n_spells):
    """+1/+1 for an attacker that grows on p's noncreature spells (prowess, or a counter or
    pump trigger: Tempest Angler; ai_growth.grows_on_spell) when p holds an instant it would
    cast in the fight."""
    return 1 if n_spells > 0 and grows_on_spell(G, C, a) else 0


@njit
def _attack_ok(G, cards, a, blk, nb, bp, bt, ahead):
    """Can a attack (pumped by +bp/+bt) into the blockers: no single blocker kills it and
    survives (none can block a menace attacker alone), no trade unless p wins the race or the
    trade is even (never with a token worth less: a card for a token), no two blockers kill it
    while it kills at most one worth less than it (when p wins the race, a double block in
    which it kills a card is a trade too: only one in which it kills neither, or only tokens,
    keeps it home)?"""
    if (G[ob(a) + O.CUR_KW] & Keyword.MENACE) == 0:
        for j in range(nb):
            b = blk[j]
            if can_block(cards, G, b, a) and blocker_wins_pumped(G, b, a, bp, bt):
                return False
        if _trade_refused(G, cards, a, blk, nb, bt, ahead):
            return False
    return not (nb >= 2 and _double_blocked(G, cards, a, blk, nb, bp, bt, ahead))


@njit
def _team_backs(G, cards, a, blk, nb, team, team_t, prow, ahead):
    """Can a attack backed by the team pump p holds mana for (+team/+team_t on every creature
    p controls, cast after blocks by ai_tricks.trick_focus when it flips a fight): the
    attack is ok at that pump (_attack_ok), and a token only when the pump kills each blocker
    that would eat it (_pump_kills_eaters). One team pump backs every attacker at once, where
    a single-target trick backs one."""
    if team <= 0 or not _attack_ok(G, cards, a, blk, nb, team + prow, team_t + prow, ahead):
        return False
    return G[ob(a) + O.TOKEN] == 0 or _pump_kills_eaters(G, cards, a, blk, nb, team + prow)


@njit
def _pump_kills_eaters(G, cards, a, blk, nb, bp):
    """At +bp power, does a kill each blocker that would eat it (a trick backs a token only
    when it turns the block into a kill: ai_tricks.trick_focus saves no token alone)?"""
    for j in range(nb):
        b = blk[j]
        if can_block(cards, G, b, a) and blocker_wins(G, b, a) and not kills_pumped(G, a, b, bp, 0):
            return False
    return True


@njit
def _trade_refused(G, cards, a, blk, nb, bt, tokens_only):
    """A blocker kills a (at +bt toughness) and is worth less than it by more than 5: a trade
    p takes only when it wins the race. tokens_only (p wins the race): only a token blocker
    counts; a card for a token is no trade even for the player ahead (the go-wide deck
    blocks with its tokens all day)."""
    ta = -1
    for j in range(nb):
        b = blk[j]
        if tokens_only and G[ob(b) + O.TOKEN] == 0:
            continue
        if can_block(cards, G, b, a) and kills_pumped(G, b, a, 0, bt):
            if ta < 0:
                ta = threat_std(G, cards, a)
            if threat_std(G, cards, b) + 5 < ta:
                return True
    return False


@njit
def _swarm_wins_race(G, cards, d, att, na, blk, nb, keep, home, through, d_life, my_life):
    """Go wide: attack with everything when the blockers cannot hold the team back. Each
    blocker eats (kills and survives) at most one attacker, the most valuable it can; the rest
    get through (through: the damage left when each blocker stops one attacker). Worth it when
    the damage through is at least 3 per creature lost (about what a small creature is worth
    in a race) and p wins the race: each later attack gets through with the power eaten so far
    less, and kills the defender no later than the defender's crack-back kills p: the
    defender's creatures that p's creatures which cannot attack (keep[:home]) would not eat,
    through those (each blocks one attacker turn after turn)."""
    if na < 2 or through <= 0:
        return False
    eaten = 0  # bit i: attacker i is eaten
    eaten_power = 0
    n_eaten = 0
    for j in range(nb):
        best = -1
        best_threat = 0
        for i in range(min(na, 62)):
            if (
                (eaten >> i) & 1
                or not can_block(cards, G, blk[j], att[i])
                or not blocker_wins(G, blk[j], att[i])
            ):
                continue
            t = threat_std(G, cards, att[i])
            if best < 0 or t > best_threat:
                best = i
                best_threat = t
        if best >= 0:
            eaten |= 1 << best
            eaten_power += max(G[ob(att[best]) + O.CUR_P], 0)
            n_eaten += 1
    if through < 3 * n_eaten:
        return False
    # the most the attack deals over the whole race (each turn the power eaten so far less,
    # while some gets through), however long the crack-back takes: short of d_life, it loses
    if eaten_power > 0:
        most = 0
        left_through = through
        while left_through > 0 and most < d_life:
            most += left_through
            left_through -= eaten_power
        if most < d_life:
            return False
    send = G[W.DMG_AMT : W.DMG_AMT + MAX_COMBATANTS]
    their_keep = G[W.DMG_AMT + MAX_COMBATANTS : W.DMG_AMT + 2 * MAX_COMBATANTS]
    used = G[W.DMG_DST : W.DMG_DST + MAX_COMBATANTS]
    n_send, _nk = side_plan(G, cards, d, keep, home, send, their_keep, my_life)
    theirs = clock_through(G, send, n_send, keep, home, used, my_life)
    # the race: each turn as many get through as now, less the power eaten so far
    left = d_life
    turns = 0
    while left > 0 and through > 0 and turns < theirs:
        left -= through
        through -= eaten_power
        turns += 1
    return left <= 0

"""The standard player's blocks (issue 14); its attacks are in ai_attack.py, several blockers
on one attacker (double blocks, menace pairs, chumps in front of tramplers) in ai_block_pairs.py.

Per attacker (biggest first), a block that kills it and survives (the least valuable such blocker;
when the attacking player could cast a trick, one that still does so against the pump its open mana
allows first: +1/+1 with one land up, the set's one-mana pumps, else +2/+2); else, once per combat,
a block that does so with the pump of a trick the defender holds mana for (the trick is cast after
blocks); else two blockers that kill it when it can kill at most one and is worth at least that one
(any when the race is lost or the damage lethal; the pair that risks the least); else a trade when
the attacker is worth at least the blocker or the race is lost (not against a first striker that
kills it first); else a soak: a blocker the attacker does not kill stops its damage for nothing (one
that lives through that pump too when the attacking player could cast a trick); else a chump (tokens
first, then the cheapest) when the damage is lethal, or when the race is lost (ai_race.py,
two-sided: d sends what the attacker's creatures at home would not eat, the same attack each turn
meets the creatures d keeps home), the same attack would be lethal next turn even with each creature
d has chumping then (a chump that can wait, waits, unless the hit would leave d at 5 life or less,
in reach of a drain or a burn spell, and the blocker is no flier; in front of a trampler a chump
stops only its toughness) and the blocker is a token (short of lethal a creature card does not
chump: the race read is too pessimistic to throw a card away on). A trampler loses only the chump's
toughness of its damage: that chump must end the lethal or stop half of it; when the damage is
still lethal, several chumps go in front of the tramplers together if that saves the game.
In a wide attack from a player with a card in hand and three lands up (a team pump's mana), a
blocker worth more than its attacker does not block where a +2/+1 pump on the attacker would
kill it and leave the attacker alive (unless the damage is lethal).
"Lethal" counts the pump the attacking player's open mana may hide (a card in hand and a land up:
that pump on one unblocked attacker; with a team pump's mana, +2 on each): when that pump would put
the unblocked damage over the defender's life, the blocks that dodge a trick (soaks, trades, good
blocks) go anyway, since the damage they would let through is no longer free.
Menace attackers take two blockers or none: one that trades and the cheapest other, else two
that kill it together by the double-block rule, else two chumps when the damage is lethal.
"""

from __future__ import annotations

from analyzer.enums import AbilityKind, CardCol, CardType, Keyword
from analyzer.kernel.layout import MAX_BATTLEFIELD, OFF_BATTLEFIELD, PLAYER_BASE, H, O, P, W
from analyzer.kernel.player.ai_block_pairs import (
    ONE_LAND_PUMP,
    WARY_PUMP_P,
    chumps_in_front_of_tramplers,
    double_loss,
    double_partner,
    menace_pair,
)
from analyzer.kernel.player.ai_race import (
    blocker_wins_pumped,
    clock_through,
    combat_power,
    held_pump,
    kills_pumped,
    side_plan,
)
from analyzer.kernel.player.ai_std import first_target
from analyzer.kernel.player.ai_team_pump import TEAM_PUMP_LANDS, TEAM_PUMP_P, TEAM_PUMP_T
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.combat import (
    MAX_COMBATANTS,
    blocker_wins,
    can_block,
    free_blocker,
    is_creature,
    kills,
    strikes_first,
    untapped_creature,
)
from analyzer.kernel.rules.targets import threat_std
from analyzer.kernel.rules.view import ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit

# a chump that could wait for next turn goes now when this hit would leave d at this life or
# less: a drain, a burn spell or one evasive attacker then ends the game
CHUMP_NOW_LIFE = 5


@njit
def _chump_ok(G, b, a, incoming, life, doomed):
    """A chump block of a with b: when the damage is lethal, or when the race is lost and the
    same attack would kill next turn even through d's chumps then (doomed == 1) or the hit
    leaves d in burn range, and b is a token. A trampler
    loses only b's toughness of its damage: that chump must save the game now or at least half
    of the attacker's damage."""
    saved = _stopped(G, a, G[ob(b) + O.CUR_T] - G[ob(b) + O.DAMAGE])
    if saved <= 0:
        return False
    if 2 * saved < combat_power(G, a) and (incoming < life or incoming - saved >= life):
        return False  # (when the damage is not lethal, no chump saves the game now)
    if incoming >= life:
        return True
    # (waiting would leave d in reach of a drain or a burn spell; a flier is d's own clock,
    # not a chump)
    burn_range = (
        doomed == 0
        and life - incoming <= CHUMP_NOW_LIFE
        and G[ob(b) + O.CUR_KW] & Keyword.FLYING == 0
    )
    if doomed != 1 and not burn_range:
        return False
    # (short of lethal only a token chumps: the race read that calls the game lost ignores
    # what d draws and casts, and is too pessimistic to throw a card away on; a small
    # creature card chumping here lost games in the seat-0 A/B)
    return G[ob(b) + O.TOKEN] != 0


# a soak block (the blocker lives, the attacker too) goes before any chump (tokens: -1000)
SOAK_FIRST = 2000


@njit
def _soaks(G, b, a, pump, lethal):
    """A block of attacker a by b that costs nothing: a's damage does not kill b, so b stops
    it and lives. When the attacking player could cast a trick, b must also live through the
    pump its open mana allows (_wary_pump: +1 power with one land up, else +2), unless the
    damage is lethal."""
    if combat_power(G, a) <= 0 or kills(G, a, b):
        return False
    return pump == 0 or lethal or not kills_pumped(G, a, b, pump, 0)


@njit
def _trades(G, b, a):
    """Does blocker b kill attacker a in the fight? Not when a strikes first and kills b
    before b deals its damage (that block is a chump)."""
    if not kills(G, b, a):
        return False
    return not (strikes_first(G, a) and not strikes_first(G, b) and kills(G, a, b))


@njit
def _chump_can_wait(G, cards, d, att, na, incoming, life, free, n):
    """Can a chump at d wait for next turn? It can when the same attack (every attacker at d)
    would then leave d alive at the life this one leaves (incoming taken), each of d's free
    creatures (of free[:n], its untapped ones) then chumping one of the attackers where it
    stops the most: all of a non-trampler's damage, of a trampler's only the chump's toughness
    (the least of theirs)."""
    k = 0  # d's creatures free to block now: next turn's chumps
    thin = 0  # the least toughness among them (damage is gone by next turn)
    for j in range(n):
        b = free[j]
        for i in range(na):
            if G[ob(att[i]) + O.ATTACKING] == d + 1 and free_blocker(cards, G, b, d, att[i]):
                thin = G[ob(b) + O.CUR_T] if k == 0 else min(thin, G[ob(b) + O.CUR_T])
                k += 1
                break
    through = 0  # the attackers' damage left: all but what the k best placed chumps stop
    for i in range(na):
        if G[ob(att[i]) + O.ATTACKING] != d + 1:
            continue
        s = _stopped(G, att[i], thin)
        better = 0  # the attackers where a chump stops more (ties: the earlier)
        for i2 in range(na):
            if G[ob(att[i2]) + O.ATTACKING] != d + 1:
                continue
            s2 = _stopped(G, att[i2], thin)
            if s2 > s or (s2 == s and i2 < i):
                better += 1
        through += combat_power(G, att[i]) - (s if better < k else 0)
    return through < life - incoming


# a trade with a suspected bluff goes only when the attacker is worth clearly more than the
# blocker (threat_std: a token's -5, one recurring trigger's +5)
TRADE_UP = 5
# the race read ties to the attacker, so early even boards read "behind": with this much life
# left after the hit the defender still has time to dodge a suspected trick
LIFE_TO_SPARE = 12


@njit
def _wary_pump(G, cards, p):
    """The pump (+n/+n) a defender guards against from attacking player p: 0 without a card in
    hand and an untapped land; with one land up the set's one-mana pumps (ONE_LAND_PUMP); else
    the common one (WARY_PUMP_P). Public information only: the hand's size, the open lands."""
    if G[pb(p) + P.HAND_N] == 0:
        return 0
    lands = _open_lands(G, cards, p)
    if lands == 0:
        return 0
    return ONE_LAND_PUMP if lands == 1 else WARY_PUMP_P


@njit
def _open_lands(G, cards, p):
    """p's untapped lands."""
    k = 0
    for j in range(own_n(G, p)):
        o = own_at(G, p, j)
        if G[ob(o) + O.TAPPED] == 0 and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.LAND:
            k += 1
    return k


@njit
def _attackers_at(G, d, att, na):
    """How many of the attackers attack d."""
    k = 0
    for i in range(na):
        if G[ob(att[i]) + O.ATTACKING] == d + 1:
            k += 1
    return k


@njit
def _suspect_attacker(G, cards, d, att, na, wary, free, n):
    """The one attacker at d that some creature of d (of free[:n], its untapped ones) would
    kill and survive, when the attacking player holds a card and an untapped land (wary:
    _trick_possible, a trick is likely); -1 when there is no such attacker, or more than one
    (a wide attack or an alpha strike explains itself)."""
    if not wary:
        return -1
    found = -1
    for i in range(na):
        a = att[i]
        if G[ob(a) + O.ATTACKING] != d + 1:
            continue
        for j in range(n):
            b = free[j]
            if free_blocker(cards, G, b, d, a) and blocker_wins(G, b, a):
                if found >= 0:
                    return -1
                found = a
                break
    return found


@njit
def _trade_suspect(G, cards, d, att, na, wary, free, n):
    """The lone attacker at d (the whole attack on d) that no creature of d (of free[:n], its
    untapped ones) eats and some trades with, when the attacking player holds a card and an
    untapped land (wary): the standard attacker sends an even trade only when it wins the race
    or holds a trick, so when d is not behind, or has life to spare, it reads as a trick; -1
    otherwise."""
    if not wary:
        return -1
    found = -1
    for i in range(na):
        if G[ob(att[i]) + O.ATTACKING] == d + 1:
            if found >= 0:
                return -1
            found = att[i]
    if found < 0:
        return -1
    trades = False
    for j in range(n):
        b = free[j]
        if free_blocker(cards, G, b, d, found):
            if blocker_wins(G, b, found):
                return -1
            trades = trades or _trades(G, b, found)
    return found if trades else -1


@njit
def _hidden_pump(G, cards, d, att, na, attacker, pump):
    """The damage a pump the attacking player may hold adds to its unblocked attackers at d:
    none without a card and a land up (pump: _wary_pump); else that one-creature
    pump, or with a team pump's mana (TEAM_PUMP_LANDS) +2 on each unblocked attacker.
    Public information only: the open lands, the hand's size, the attackers."""
    if pump == 0:
        return 0
    unblocked = 0
    for i in range(na):
        if G[ob(att[i]) + O.ATTACKING] == d + 1 and G[ob(att[i]) + O.BLOCKED] == 0:
            unblocked += 1
    if unblocked == 0:
        return 0
    if unblocked >= 2 and _open_lands(G, cards, attacker) >= TEAM_PUMP_LANDS:
        return TEAM_PUMP_P * unblocked
    return pump


@njit
def _stopped(G, a, toughness):
    """Damage a block of attacker a stops, by blockers of this much toughness in all."""
    dmg = combat_power(G, a)
    if G[ob(a) + O.CUR_KW] & Keyword.TRAMPLE:
        return min(dmg, max(toughness, 0))
    return dmg


@njit
def blocks(G, C, d, att, na):
    """The standard player's blocks for defender d (see the module docstring)."""
    cards = cards_of(C)
    incoming = 0
    for i in range(na):
        if G[ob(att[i]) + O.ATTACKING] == d + 1:
            incoming += combat_power(G, att[i])
    if incoming == 0:
        return
    # d's untapped creatures, the only ones free_blocker passes, listed once: nothing below
    # taps, untaps or moves a permanent
    free = G[W.FREE : W.FREE + MAX_BATTLEFIELD]
    n = 0
    for j in range(own_n(G, d)):
        b = own_at(G, d, j)
        if untapped_creature(cards, G, b):
            free[n] = b
            n += 1
    if not _any_free_blocker(G, cards, d, att, na, free, n):
        return  # (nothing below blocks without a free blocker; the race is read-only)
    life = G[pb(d) + P.LIFE]
    attacker = G[H.ACTIVE]
    # whether d is behind in the race (_behind) and the trick it holds mana for (held_pump)
    # are read-only and read none of the blocks made here: each is worked out when a block
    # first needs it (-1: not yet), most blocks never do
    behind = -1
    # one trick d holds mana for can turn one block into a win (cast after blocks by
    # trick_focus): 1 while it is left, 0 once used or when there is none
    trick_left = -1
    tp = 0
    tt = 0
    # with a card in hand and a land up the attacking player may pump a blocked attacker (+1
    # with one land up, +2 with more): of the blockers that eat it, one that still does so
    # against that pump goes first
    pump = _wary_pump(G, cards, attacker)
    wary = pump > 0
    # a lone attack into a blocker that eats it, from a player with a card and a land up, reads
    # as a trick (the standard attacker makes it only with one held): the blocker it would eat
    # is one d does not mind losing for that card, else the damage is taken
    suspect = _suspect_attacker(G, cards, d, att, na, wary, free, n)
    # a lone attack into an even trade reads the same way: unless d is behind and low on life,
    # the trade waits unless the blocker is clearly the cheaper one (a token, a vanilla body
    # against a value creature)
    trade_suspect = _trade_suspect(G, cards, d, att, na, wary, free, n)
    # a wide attack from a player with a card and a team pump's mana up: every block the pump
    # flips would be lost for their one card, so a blocker worth more than its attacker does
    # not block where the pumped attacker would kill it and live (a pumped trade still goes:
    # their card pays for it; a lone attack is the suspect rules' case)
    team_wary = (
        wary
        and _attackers_at(G, d, att, na) >= 2
        and _open_lands(G, cards, attacker) >= TEAM_PUMP_LANDS
    )
    for i in range(na):
        a = att[i]
        if G[ob(a) + O.ATTACKING] != d + 1:
            continue
        ta = threat_std(G, cards, a)
        menace = (G[ob(a) + O.CUR_KW] & Keyword.MENACE) != 0
        # lethal counts the pump the attacking player's open mana may hide: the same trick
        # the wary rules dodge would put the unblocked damage over d's life, so a block that
        # stops damage is worth its risk (the damage taken is no longer "for free")
        lethal = incoming + _hidden_pump(G, cards, d, att, na, attacker, pump) >= life
        best = -1
        best_kind = 0  # 4 good block, 3 good with d's trick, 2 trade, 1 soak or chump
        best_t = 0
        best_robust = False
        # the race is lost and the chump cannot wait for next turn (-1: not yet worked out)
        doomed = -1
        for j in range(n):
            b = free[j]
            if not free_blocker(cards, G, b, d, a):
                continue
            tb = threat_std(G, cards, b)
            kind = 0
            if trick_left < 0 and not menace and not blocker_wins(G, b, a):
                tp, tt, _team, _n, _burn, _nb, _team_t = held_pump(G, C, d)
                trick_left = 1 if tp > 0 or tt > 0 else 0
            if behind < 0 and (
                (a == suspect and not lethal and tb > ta and blocker_wins(G, b, a))
                or (not lethal and ta < tb and kills(G, b, a))
                or (a == trade_suspect and not lethal)
                or 2 * incoming >= life
            ):
                behind = 1 if _behind(G, cards, d, att, na, attacker, life) else 0
            if doomed < 0 and behind == 1 and 2 * incoming >= life:
                doomed = 0 if _chump_can_wait(G, cards, d, att, na, incoming, life, free, n) else 1
            if blocker_wins(G, b, a):
                kind = 4
                if a == suspect and behind == 0 and not lethal and tb > ta:
                    continue  # (a trick would leave d's better creature dead for their card)
                if (
                    team_wary
                    and not lethal
                    and tb > ta
                    and kills_pumped(G, a, b, TEAM_PUMP_P, 0)
                    and not kills_pumped(G, b, a, 0, TEAM_PUMP_T)
                ):
                    continue  # (a team pump would leave it dead, the attacker alive)
            elif trick_left == 1 and not menace and _trick_block_wins(G, b, a, tp, tt, ta, tb):
                kind = 3
            elif _trades(G, b, a) and (ta >= tb or behind == 1 or lethal):
                kind = 2
                if (
                    a == trade_suspect
                    and not lethal
                    and (behind == 0 or life - incoming >= LIFE_TO_SPARE)
                    and ta <= tb + TRADE_UP
                ):
                    continue  # (their trick would leave d's creature dead for their card)
            elif _soaks(G, b, a, pump, lethal):
                kind = 1
                tb -= SOAK_FIRST  # (a blocker that lives goes before any chump)
            elif _chump_ok(G, b, a, incoming, life, doomed):
                kind = 1
                if G[ob(b) + O.TOKEN]:
                    tb -= 1000  # tokens (a gifted Fish, offspring copies) chump first
            if kind == 0:
                continue
            robust = kind == 4 and (pump == 0 or blocker_wins_pumped(G, b, a, pump, pump))
            if (
                best < 0
                or kind > best_kind
                or (kind == best_kind and robust and not best_robust)
                or (kind == best_kind and robust == best_robust and tb < best_t)
            ):
                best = b
                best_kind = kind
                best_t = tb
                best_robust = robust
        second = -1
        pair_first = -1
        pair_loss = 0
        if menace and best_kind < 2:
            # no one blocker trades with the menace attacker: two that kill it together (the
            # pair rule below), else two chumps when the damage is lethal
            if behind < 0:
                behind = 1 if _behind(G, cards, d, att, na, attacker, life) else 0
            pair_first, second = menace_pair(
                G, cards, a, d, ta, behind == 1 or lethal, pump, free, n
            )
            if second >= 0:
                best = pair_first
                best_kind = 2
            elif not lethal:
                continue
        if second < 0 and (menace or best_kind < 2):
            if behind < 0:  # (worked out once: -1 is "not yet")
                behind = 1 if _behind(G, cards, d, att, na, attacker, life) else 0
            # a second blocker: menace needs one; else a double block that kills the attacker
            for j in range(n):
                b = free[j]
                if b == best or not free_blocker(cards, G, b, d, a):
                    continue
                if menace:
                    if second < 0 or threat_std(G, cards, b) < threat_std(G, cards, second):
                        second = b
                    continue
                partner = double_partner(
                    G, cards, a, b, d, ta, behind == 1 or lethal, pump, free, n
                )
                if partner >= 0:
                    loss = double_loss(G, cards, a, b, partner)
                    if second < 0 or loss < pair_loss:
                        second = partner
                        pair_first = b
                        pair_loss = loss
            if not menace and second >= 0:
                best = pair_first
                best_kind = 2
            if menace and (second < 0 or (best_kind < 2 and not lethal)):
                continue
        if best < 0:
            continue
        if best_kind == 3:
            trick_left = 0
        tough = G[ob(best) + O.CUR_T] - G[ob(best) + O.DAMAGE]
        if second >= 0:
            G[ob(second) + O.BLOCKING] = a + 1
            tough += G[ob(second) + O.CUR_T] - G[ob(second) + O.DAMAGE]
        G[ob(best) + O.BLOCKING] = a + 1
        G[ob(a) + O.BLOCKED] = 1
        incoming -= _stopped(G, a, tough)
    if incoming >= life:
        chumps_in_front_of_tramplers(G, cards, d, att, na, incoming, life)


@njit
def _behind(G, cards, d, att, na, attacker, life):
    """Is d behind in the two-sided race (ai_race.race_clocks)? d sends what the attacker's
    creatures at home (untapped now) would not eat, through those; the attacker's attack, the
    same each turn, meets the creatures d keeps home. d is behind when it needs at least as
    many attacks."""
    n = own_n(G, attacker)
    mine = G[W.CRACK : W.CRACK + MAX_COMBATANTS]
    theirs = G[W.BLK : W.BLK + MAX_COMBATANTS]
    kept = G[W.DMG_AMT : W.DMG_AMT + MAX_COMBATANTS]
    hitting = G[W.DMG_SRC : W.DMG_SRC + MAX_COMBATANTS]
    n_theirs = 0
    for j in range(n):
        b = own_at(G, attacker, j)
        if G[ob(b) + O.TAPPED] == 0 and is_creature(cards, G, b) and n_theirs < MAX_COMBATANTS:
            theirs[n_theirs] = b
            n_theirs += 1
    n_hitting = 0
    for i in range(na):
        if G[ob(att[i]) + O.ATTACKING] == d + 1:
            hitting[n_hitting] = att[i]
            n_hitting += 1
    n_mine, n_kept = side_plan(G, cards, d, theirs, n_theirs, mine, kept, G[pb(attacker) + P.LIFE])
    used = G[W.DMG_DST : W.DMG_DST + MAX_COMBATANTS]
    mine_clock = clock_through(G, mine, n_mine, theirs, n_theirs, used, G[pb(attacker) + P.LIFE])
    return mine_clock >= clock_through(G, hitting, n_hitting, kept, n_kept, used, life)


@njit
def _any_free_blocker(G, cards, d, att, na, free, n):
    """Could some creature of d (free[:n]: its untapped creatures) block one of the attackers
    at d (free_blocker)?"""
    for j in range(n):
        b = free[j]
        if G[ob(b) + O.BLOCKING] != 0:
            continue
        for i in range(na):
            if G[ob(att[i]) + O.ATTACKING] == d + 1 and free_blocker(cards, G, b, d, att[i]):
                return True
    return False


@njit
def _trick_block_wins(G, b, a, tp, tt, ta, tb):
    """With d's held trick on blocker b (+tp/+tt), does b kill attacker a and survive? Worth a
    card when a is worth at least b (else the plain trade or chump rules decide)."""
    if ta < tb:
        return False
    if not kills_pumped(G, b, a, tp, 0):
        return False
    if not kills_pumped(G, a, b, 0, tt):
        return True
    return strikes_first(G, b) and not strikes_first(G, a)


@njit
def _incoming(G, d):
    """The combat damage the creatures attacking d deal it unblocked."""
    dmg = 0
    for i in range(G[H.BF_N]):
        a = G[OFF_BATTLEFIELD + i]
        if G[ob(a) + O.ATTACKING] == d + 1:
            dmg += combat_power(G, a)
    return dmg


@njit
def ambush_worth(G, C, d, card):
    """Declare attackers, d defends: is the flash creature card worth casting now, to block?
    When it could block an attacker (flying, reach, "can't be blocked" and the power-2 rule
    from its printed characteristics; not a menace attacker alone) and kill it and survive, or
    kill one of at least its mana value (a trade up), or when the attack is lethal (it chumps).
    A creature that enters tapped on another player's turn (an "enters with" replacement)
    cannot block: it waits for the end step."""
    cards = cards_of(C)
    if (cards[card, CardCol.AB_KINDS] >> AbilityKind.ENTERS_WITH) & 1:
        return False
    pw = cards[card, CardCol.POWER]
    tg = cards[card, CardCol.TOUGHNESS]
    kw = cards[card, CardCol.KEYWORDS]
    if kw & Keyword.CANT_BLOCK:
        return False
    deathtouch = pw > 0 and (kw & Keyword.DEATHTOUCH) != 0
    dmg = pw * (2 if kw & Keyword.DOUBLE_STRIKE else 1)
    first = (kw & (Keyword.FIRST_STRIKE | Keyword.DOUBLE_STRIKE)) != 0
    for i in range(G[H.BF_N]):
        a = G[OFF_BATTLEFIELD + i]
        if G[ob(a) + O.ATTACKING] != d + 1:
            continue
        ka = G[ob(a) + O.CUR_KW]
        if ka & (Keyword.UNBLOCKABLE | Keyword.MENACE):
            continue
        if ka & Keyword.UNBLOCKABLE_BY_POWER_2 and pw <= 2:
            continue
        if ka & Keyword.FLYING and (kw & (Keyword.FLYING | Keyword.REACH)) == 0:
            continue
        kills_it = (ka & Keyword.INDESTRUCTIBLE) == 0 and (
            deathtouch or (dmg > 0 and dmg >= G[ob(a) + O.CUR_T] - G[ob(a) + O.DAMAGE])
        )
        if not kills_it:
            continue
        ap = combat_power(G, a)
        dies = ap > 0 and (ka & Keyword.DEATHTOUCH or ap >= tg)
        if not dies or (first and not strikes_first(G, a)):
            return True
        if cards[G[ob(a) + O.CARD], CardCol.MV] >= cards[card, CardCol.MV]:
            return True
    return _incoming(G, d) >= G[pb(d) + P.LIFE]


@njit
def removal_before_blocks(G, C, d, ab, slots):
    """Declare attackers, d defends: does the removal's chosen target (slots) go now, before
    blocks? Only a creature attacking d; when the attack is lethal, any; else one that none of
    d's untapped creatures could block and eat (that block does the work, the removal waits
    for after blocks). Whether the target is worth the card is ai_std.removal_worth's."""
    v, _g = first_target(G, C, ab, slots, d)
    if v < 0 or v >= PLAYER_BASE or G[ob(v) + O.ATTACKING] != d + 1:
        return False
    if _incoming(G, d) >= G[pb(d) + P.LIFE]:
        return True
    cards = cards_of(C)
    for i in range(G[H.BF_N]):
        b = G[OFF_BATTLEFIELD + i]
        if (
            G[ob(b) + O.CTRL] == d
            and untapped_creature(cards, G, b)
            and can_block(cards, G, b, v)
            and blocker_wins(G, b, v)
        ):
            return False
    return True

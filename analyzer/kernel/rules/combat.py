"""Combat rules: who can attack and block, what kills what, and combat damage (506-511).
The built-in player's attacks and blocks are in kernel/player/ai_combat.py.

Damage: first-strike step when any attacker or blocker has first or double strike, then the
regular step. An attacker assigns lethal damage to its blockers in order (deathtouch: 1 is
lethal) and the rest to the last blocker, or to the player with trample. The order is the
attacking player's choice (510.1c-d): the basic player's is the battlefield order; the standard
player's kills the most valuable blockers it can (``order_blockers``).
"""

from __future__ import annotations

from analyzer.enums import CardCol, CardFlag, CardType, Color, Keyword, PlayerLevel
from analyzer.kernel.layout import DIRTY_PLAYERS, OFF_BATTLEFIELD, PLAYER_BASE, H, O, P, W
from analyzer.kernel.rules.actions import deal_combat_damage
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.events_turn import fire_combat_damage_player
from analyzer.kernel.rules.state import clear_combat
from analyzer.kernel.rules.targets import threat_std
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit

MAX_COMBATANTS = 64


@njit
def is_creature(cards, G, o):
    b = ob(o)
    return (
        G[b + O.ZONE] == 3
        and G[b + O.PHASED] == 0
        and (cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE) != 0
    )


@njit
def can_attack(cards, G, o, p):
    b = ob(o)
    if G[b + O.CTRL] != p or not is_creature(cards, G, o) or G[b + O.TAPPED]:
        return False
    kw = G[b + O.CUR_KW]
    if kw & Keyword.DEFENDER:
        return False
    if G[b + O.SICK] and (kw & Keyword.HASTE) == 0:
        return False
    return G[b + O.CUR_P] > 0


@njit
def untapped_creature(cards, G, o):
    """can_block's tests of the blocker's card type and tap state, without its call."""
    return (
        G[ob(o) + O.TAPPED] == 0
        and (cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE) != 0
    )


@njit
def free_blocker(cards, G, b, d, a):
    """b is d's untapped creature, not blocking yet, that can block attacker a (the test of
    every blocker the built-in player considers)."""
    return (
        G[ob(b) + O.CTRL] == d
        and G[ob(b) + O.BLOCKING] == 0
        and untapped_creature(cards, G, b)
        and can_block(cards, G, b, a)
    )


@njit
def can_block(cards, G, blocker, attacker):
    bb = ob(blocker)
    if G[bb + O.TAPPED] or not is_creature(cards, G, blocker):
        return False
    if G[bb + O.CUR_KW] & Keyword.CANT_BLOCK:
        return False
    if G[ob(attacker) + O.CUR_KW] & Keyword.UNBLOCKABLE:
        return False  # "can't be blocked"
    if G[ob(attacker) + O.CUR_KW] & Keyword.UNBLOCKABLE_BY_POWER_2 and G[bb + O.CUR_P] <= 2:
        return False  # "can't be blocked by creatures with power 2 or less"
    if cards[G[ob(attacker) + O.CARD], CardCol.FLAGS] & CardFlag.ISLANDWALK and controls_island(
        cards, G, G[bb + O.CTRL]
    ):
        return False  # islandwalk (702.14c): the blocker's controller is the defending player
    if G[ob(attacker) + O.CUR_KW] & Keyword.FLYING:
        return (G[bb + O.CUR_KW] & (Keyword.FLYING | Keyword.REACH)) != 0
    return True


@njit
def controls_island(cards, G, p):
    """Does player p control a land with the basic land type Island (a nonbasic one too)?"""
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.CTRL] != p or G[b + O.PHASED]:
            continue
        card = G[b + O.CARD]
        if cards[card, CardCol.TYPES] & CardType.LAND and cards[card, CardCol.LAND_TYPES] & Color.U:
            return True  # LAND_TYPES is a Color mask of the basic land types (Island: U)
    return False


@njit
def kills(G, src, dst):
    """Would src's combat damage alone destroy dst?"""
    bs = ob(src)
    bd = ob(dst)
    if G[bd + O.CUR_KW] & Keyword.INDESTRUCTIBLE:
        return False
    p = G[bs + O.CUR_P]
    if p <= 0:
        return False
    if G[bs + O.CUR_KW] & Keyword.DEATHTOUCH:
        return True
    mult = 2 if G[bs + O.CUR_KW] & Keyword.DOUBLE_STRIKE else 1
    return p * mult >= G[bd + O.CUR_T] - G[bd + O.DAMAGE]


@njit
def strikes_first(G, o):
    return (G[ob(o) + O.CUR_KW] & (Keyword.FIRST_STRIKE | Keyword.DOUBLE_STRIKE)) != 0


@njit
def blocker_wins(G, blocker, attacker):
    """Blocker kills the attacker and survives (first strike considered)."""
    if not kills(G, blocker, attacker):
        return False
    if not kills(G, attacker, blocker):
        return True
    return strikes_first(G, blocker) and not strikes_first(G, attacker)


@njit
def first_strike_step(G):
    """Is there a first-strike combat damage step? Sets and returns H.COMBAT_FS. 510.4 decides
    it as combat damage begins, from the creatures in combat then: a trick after blocks can
    grant first strike (Valley Rally), so the engine asks again at the damage step."""
    fs = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if (G[ob(o) + O.ATTACKING] or G[ob(o) + O.BLOCKING]) and strikes_first(G, o):
            fs = 1
    G[H.COMBAT_FS] = fs
    return fs


@njit
def _deals_in_step(G, o, first_step):
    kw = G[ob(o) + O.CUR_KW]
    if first_step:
        return (kw & (Keyword.FIRST_STRIKE | Keyword.DOUBLE_STRIKE)) != 0
    if kw & Keyword.DOUBLE_STRIKE:
        return True
    # a creature that dealt first-strike damage doesn't deal regular damage (510.4)
    return not (G[H.COMBAT_FS] and (kw & Keyword.FIRST_STRIKE))


@njit
def combat_damage(G, C, first_step):
    """Assign and deal combat damage for one step; all damage is dealt simultaneously."""
    cards = cards_of(C)
    n = G[H.BF_N]
    src = G[W.DMG_SRC : W.DMG_SRC + 4 * MAX_COMBATANTS]
    dst = G[W.DMG_DST : W.DMG_DST + 4 * MAX_COMBATANTS]
    amt = G[W.DMG_AMT : W.DMG_AMT + 4 * MAX_COMBATANTS]
    blockers = G[W.BLOCKERS : W.BLOCKERS + MAX_COMBATANTS]
    k = 0
    for i in range(n):
        a = G[OFF_BATTLEFIELD + i]
        ba = ob(a)
        if G[ba + O.ATTACKING] == 0 or not is_creature(cards, G, a):
            continue
        nbk = 0
        for j in range(n):
            b = G[OFF_BATTLEFIELD + j]
            if G[ob(b) + O.BLOCKING] == a + 1 and is_creature(cards, G, b) and nbk < MAX_COMBATANTS:
                blockers[nbk] = b
                nbk += 1
        # blockers strike back
        for j in range(nbk):
            b = blockers[j]
            if _deals_in_step(G, b, first_step) and G[ob(b) + O.CUR_P] > 0 and k < src.shape[0]:
                src[k] = b
                dst[k] = a
                amt[k] = G[ob(b) + O.CUR_P]
                k += 1
        if not _deals_in_step(G, a, first_step):
            continue
        power = G[ba + O.CUR_P]
        if power <= 0:
            continue
        kw = G[ba + O.CUR_KW]
        defender = PLAYER_BASE + G[ba + O.ATTACKING] - 1
        if G[ba + O.BLOCKED] == 0:
            src[k] = a
            dst[k] = defender
            amt[k] = power
            k += 1
            continue
        if nbk == 0:
            if kw & Keyword.TRAMPLE:
                src[k] = a
                dst[k] = defender
                amt[k] = power
                k += 1
            continue
        if nbk > 1 and G[pb(G[ba + O.CTRL]) + P.LEVEL] != PlayerLevel.BASIC:
            order_blockers(G, cards, blockers, nbk, power, kw)
        left = power
        for j in range(nbk):
            b = blockers[j]
            lethal = _lethal(G, b, kw)
            last = j == nbk - 1
            give = left if (last and (kw & Keyword.TRAMPLE) == 0) else min(left, lethal)
            if give > 0:
                src[k] = a
                dst[k] = b
                amt[k] = give
                k += 1
                left -= give
        if left > 0 and (kw & Keyword.TRAMPLE):
            src[k] = a
            dst[k] = defender
            amt[k] = left
            k += 1
    for i in range(k):
        dealt = deal_combat_damage(G, C, src[i], dst[i], amt[i])
        if dealt > 0 and dst[i] >= PLAYER_BASE:
            owner = G[ob(src[i]) + O.OWNER]
            if G[pb(owner) + P.COMMANDER] == src[i] + 1:
                # 903.10a: combat damage a commander dealt, counted per commander
                G[pb(dst[i] - PLAYER_BASE) + P.COMMANDER_DAMAGE + owner] += dealt
                G[H.DIRTY] |= DIRTY_PLAYERS  # 704.6c reads it (life may not have changed)
            fire_combat_damage_player(G, C, src[i], dealt)


@njit
def _lethal(G, b, kw):
    """Lethal damage for blocker b from an attacker with keywords kw (702.2c: 1 with
    deathtouch)."""
    if kw & Keyword.DEATHTOUCH:
        return 1
    return max(G[ob(b) + O.CUR_T] - G[ob(b) + O.DAMAGE], 0)


@njit
def order_blockers(G, cards, blockers, nbk, power, kw):
    """The standard attacker's damage assignment order: while its power left covers one,
    the most valuable blocker it can kill next; then the rest, most valuable first."""
    left = power
    for i in range(nbk):
        best = -1
        best_v = 0
        best_kill = False
        for j in range(i, nbk):
            b = blockers[j]
            kill = _lethal(G, b, kw) <= left and (G[ob(b) + O.CUR_KW] & Keyword.INDESTRUCTIBLE) == 0
            v = threat_std(G, cards, b)
            if best < 0 or (kill and not best_kill) or (kill == best_kill and v > best_v):
                best = j
                best_v = v
                best_kill = kill
        x = blockers[i]
        blockers[i] = blockers[best]
        blockers[best] = x
        if best_kill:
            left -= _lethal(G, blockers[i], kw)


@njit
def end_combat(G):
    for i in range(G[H.BF_N]):
        clear_combat(G, G[OFF_BATTLEFIELD + i])
    G[H.COMBAT_FS] = 0

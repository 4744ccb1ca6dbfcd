"""Conditions (Cond): an intervening "if" of a triggered ability (603.4), an activation
restriction ("Activate only if ...", 602.5b), a step's "if". Split from events.py, which
re-exports ``cond_ok`` and ``cond_holds`` for its callers; ``land_cond_ok``: the lands that
enter tapped unless ... (issue 21)."""

from __future__ import annotations

from analyzer.enums import (
    COND_CONTROL_SUBTYPE,
    COND_NOT_CONTROL_SUBTYPE,
    CardCol,
    CardType,
    Cond,
    Zone,
)
from analyzer.kernel.layout import NO_OBJ, OFF_BATTLEFIELD, H, O, P
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.state import THRESHOLD_CARDS, attached_obj
from analyzer.kernel.rules.view import hand_at, ob, pb
from analyzer.kernel.runtime.config import njit

QUEST_COUNTERS_NEEDED = 7  # Beastmaster Ascension: "seven or more quest counters"


@njit
def cond_holds(cond, promised):
    """Does a step's promise condition hold for a decided promise (0 or 1)?"""
    if cond == Cond.IF_PROMISED:
        return promised == 1
    if cond == Cond.IF_NOT_PROMISED:
        return promised == 0
    return True


@njit
def step_in_mode(cond, promised):
    """Is a step with this condition part of the mode the player reads? ``promised`` is 0 or 1
    for a decided promise, -1 for "either mode": then both the promised and the unpromised
    steps count (the player weighs a card before it decides, e.g. what a sweep could kill)."""
    if promised < 0:
        return True
    return cond_holds(cond, promised)


@njit
def cond_ok(G, C, cond, promised, ctrl, done):
    """Does `cond` hold for player `ctrl` now? Promise conditions read `promised` (702.174k);
    the others read the game (an intervening "if" is checked when the ability triggers and
    again on resolution, 603.4); DONE reads `done` ("if you do": the previous step did it)."""
    if cond <= Cond.IF_NOT_PROMISED:
        return cond_holds(cond, promised)
    if cond == Cond.THRESHOLD or cond == Cond.NOT_THRESHOLD:
        return (G[pb(ctrl) + P.GY_N] >= THRESHOLD_CARDS) == (cond == Cond.THRESHOLD)
    if cond == Cond.LIFE_CHANGED:
        return G[pb(ctrl) + P.LIFE_GAINED_TURN] > 0 or G[pb(ctrl) + P.LIFE_LOST_TURN] > 0
    if cond == Cond.OPP_LOST_LIFE:
        for q in range(G[H.NPLAYERS]):
            if q != ctrl and G[pb(q) + P.LIFE_LOST_TURN] > 0:
                return True
        return False
    if cond == Cond.YOUR_TURN:
        return G[H.ACTIVE] == ctrl
    if cond == Cond.NOT_YOUR_TURN:
        return G[H.ACTIVE] != ctrl
    if cond == Cond.ACTIVE_HAND_AT_MOST_1:
        return G[pb(G[H.ACTIVE]) + P.HAND_N] <= 1
    if cond == Cond.DONE:
        return done == 1
    if cond == Cond.HAND_EXACTLY_13:  # "if you have exactly thirteen cards in your hand"
        return G[pb(ctrl) + P.HAND_N] == 13
    if cond == Cond.ATTACKED_TURN or cond == Cond.NOT_ATTACKED_TURN:
        return (G[pb(ctrl) + P.ATTACKERS_TURN] > 0) == (cond == Cond.ATTACKED_TURN)
    if cond == Cond.ATTACKING_YOU_2:  # "if two or more of those creatures are attacking you"
        n = 0
        for i in range(G[H.BF_N]):
            if G[ob(G[OFF_BATTLEFIELD + i]) + O.ATTACKING] == ctrl + 1:
                n += 1
        return n >= 2
    if cond == Cond.ACTIVE_HAND_EMPTY:  # "if that player has no cards in hand"
        return G[pb(G[H.ACTIVE]) + P.HAND_N] == 0
    if cond == Cond.COUNTERS_OR_HAND_20:
        # "if there are twenty or more counters on it or you have twenty or more cards in
        # hand" (as it last existed, if it left)
        src = G[H.TARGET_SRC] - 1
        b = ob(src)
        counters = G[b + O.P1P1] + G[b + O.STUN] + G[b + O.STASH] if src >= 0 else 0
        return counters >= 20 or G[pb(ctrl) + P.HAND_N] >= 20
    if cond == Cond.CREATED_TOKEN_TURN:  # "Activate only if you created a token this turn"
        return G[pb(ctrl) + P.TOKENS_CREATED_TURN] > 0
    if cond == Cond.SOURCE_UNATTACHED:  # "you may attach this Equipment": only a free one
        src = G[H.TARGET_SRC] - 1
        return src >= 0 and attached_obj(G, src) == NO_OBJ
    if cond == Cond.SOURCE_QUEST_7:  # "seven or more quest counters on it" (chars passes s)
        src = G[H.TARGET_SRC] - 1
        return src >= 0 and G[ob(src) + O.STASH] >= QUEST_COUNTERS_NEEDED
    if cond == Cond.X_PAID_5:  # ravenous: "If X is 5 or more, draw a card when it enters"
        src = G[H.TARGET_SRC] - 1
        return src >= 0 and G[ob(src) + O.X_PAID] >= 5
    if cond == Cond.ANOTHER_CREATURE_ENTERED:
        # "another creature entered the battlefield under your control this turn": the count
        # less the source itself (H.TARGET_SRC, set by whoever checks the source's condition)
        n = G[pb(ctrl) + P.CREATURES_ENTERED_TURN]
        src = G[H.TARGET_SRC] - 1
        if (
            src >= 0
            and G[ob(src) + O.ENTERED_TURN] == G[H.TURN]
            and G[ob(src) + O.ZONE] == Zone.BATTLEFIELD
            and G[ob(src) + O.CTRL] == ctrl
            and cards_of(C)[G[ob(src) + O.CARD], CardCol.TYPES] & CardType.CREATURE
        ):
            n -= 1
        return n > 0
    if cond == Cond.GY_LEFT_OR_FOOD:
        q = pb(ctrl)
        return G[q + P.GY_LEFT_TURN] >= 3 or G[q + P.FOOD_SACRIFICED_TURN] != 0
    if cond >= Cond.OPP_MORE_LANDS and cond <= Cond.SOURCE_POWER_3:
        return _cond_compare(G, C, cond, ctrl)
    if cond == Cond.TOTAL_POWER_10:
        return _total_power(G, C, ctrl) >= 10
    if cond == Cond.CONTROL_4_LANDS:
        return _count_lands_creatures(G, C, ctrl)[0] >= 4
    if cond == Cond.CONTROL_10_LANDS:
        return _count_lands_creatures(G, C, ctrl)[0] >= 10
    if cond == Cond.LOST_LIFE:  # "as long as you've lost life this turn" (not the net change)
        return G[pb(ctrl) + P.LIFE_LOST_TURN] > 0
    if cond == Cond.CITY_BLESSING:  # "as long as you have the city's blessing" (702.131)
        return G[pb(ctrl) + P.CITY_BLESSING] != 0
    if cond == Cond.GREATEST_POWER_TIED:
        return _greatest_power_tied(G, C, ctrl)
    if cond == Cond.CONTROL_POWER_4:
        cards = cards_of(C)
        for i in range(G[H.BF_N]):
            q = G[OFF_BATTLEFIELD + i]
            b = ob(q)
            if (
                G[b + O.CTRL] == ctrl
                and G[b + O.PHASED] == 0
                and G[b + O.CUR_P] >= 4
                and cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE
            ):
                return True
        return False
    # CONTROL_TOKEN, or (NOT_)CONTROL_SUBTYPE + bit index: a permanent ctrl controls (or not)
    cards = cards_of(C)
    negate = cond >= COND_NOT_CONTROL_SUBTYPE
    want = 0
    if negate:
        want = 1 << (cond - COND_NOT_CONTROL_SUBTYPE)
    elif cond >= COND_CONTROL_SUBTYPE:
        want = 1 << (cond - COND_CONTROL_SUBTYPE)
    for i in range(G[H.BF_N]):
        q = G[OFF_BATTLEFIELD + i]
        b = ob(q)
        if G[b + O.CTRL] != ctrl or G[b + O.PHASED]:
            continue
        if want == 0:
            if G[b + O.TOKEN]:
                return True
        elif cards[G[b + O.CARD], CardCol.SUBTYPES] & want:
            return not negate
    return negate


@njit
def _count_lands_creatures(G, C, p):
    """(lands, creatures) p controls (phased-out permanents do not count)."""
    cards = cards_of(C)
    lands = 0
    creatures = 0
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.CTRL] != p or G[b + O.PHASED]:
            continue
        t = cards[G[b + O.CARD], CardCol.TYPES]
        lands += (t & CardType.LAND) != 0
        creatures += (t & CardType.CREATURE) != 0
    return lands, creatures


@njit
def _cond_compare(G, C, cond, ctrl):
    """Beza's comparisons with an opponent, life gained (and lost) this turn, the source's
    power."""
    me = pb(ctrl)
    if cond == Cond.GAINED_LIFE:
        return G[me + P.LIFE_GAINED_TURN] > 0
    if cond == Cond.GAINED_AND_LOST_LIFE:
        return G[me + P.LIFE_GAINED_TURN] > 0 and G[me + P.LIFE_LOST_TURN] > 0
    if cond == Cond.SOURCE_POWER_3:
        src = G[H.TARGET_SRC] - 1
        return src >= 0 and G[ob(src) + O.CUR_P] >= 3
    my_lands, my_creatures = _count_lands_creatures(G, C, ctrl)
    for q in range(G[H.NPLAYERS]):
        if q == ctrl or G[pb(q) + P.LOST]:
            continue
        if cond == Cond.OPP_MORE_LIFE:
            if G[pb(q) + P.LIFE] > G[me + P.LIFE]:
                return True
        elif cond == Cond.OPP_MORE_CARDS:
            if G[pb(q) + P.HAND_N] > G[me + P.HAND_N]:
                return True
        else:
            lands, creatures = _count_lands_creatures(G, C, q)
            if (cond == Cond.OPP_MORE_LANDS and lands > my_lands) or (
                cond == Cond.OPP_MORE_CREATURES and creatures > my_creatures
            ):
                return True
    return False


@njit
def land_cond_ok(G, C, cond, land_types, ctrl, src):
    """The conditions of lands that enter tapped unless ... (issue 21), for src entering under
    ctrl's control: land_types is the ability's basic land types (a WUBRG mask)."""
    cards = cards_of(C)
    if cond == Cond.NO_LAND_TYPES_IN_HAND:  # "you may reveal a Swamp or Forest card": if one
        q = pb(ctrl)  # is there, the built-in player reveals it
        for i in range(G[q + P.HAND_N]):
            if cards[G[ob(hand_at(G, ctrl, i)) + O.CARD], CardCol.LAND_TYPES] & land_types:
                return False
        return True
    lands = 0
    basics = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        card = G[b + O.CARD]
        if o == src or G[b + O.CTRL] != ctrl or G[b + O.PHASED]:
            continue
        if (cards[card, CardCol.TYPES] & CardType.LAND) == 0:
            continue
        if cond == Cond.NOT_CONTROL_LAND_TYPES and cards[card, CardCol.LAND_TYPES] & land_types:
            return False
        lands += 1
        basics += (cards[card, CardCol.TYPES] & CardType.BASIC) != 0
    if cond == Cond.FEWER_THAN_TWO_BASIC_LANDS:
        return basics < 2
    if cond == Cond.THREE_OTHER_LANDS:
        return lands >= 3
    return True  # NOT_CONTROL_LAND_TYPES: none found


@njit
def _total_power(G, C, p):
    """The total power of the creatures p controls (negative powers count as 0)."""
    cards = cards_of(C)
    total = 0
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if (
            G[b + O.CTRL] == p
            and G[b + O.PHASED] == 0
            and cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE
        ):
            total += max(G[b + O.CUR_P], 0)
    return total


@njit
def _greatest_power_tied(G, C, ctrl):
    """ "if you control the creature with the greatest power or tied for the greatest power":
    among all phased-in creatures on the battlefield (none: ctrl controls no such creature)."""
    cards = cards_of(C)
    best = -1000
    mine = -1000
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.PHASED] or (cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0:
            continue
        best = max(best, G[b + O.CUR_P])
        if G[b + O.CTRL] == ctrl:
            mine = max(mine, G[b + O.CUR_P])
    return mine > -1000 and mine == best

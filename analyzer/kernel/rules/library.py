"""Library effects of the Bloomburrow pool: mill, surveil, scry, look at the top and take one,
reveal until a land, search for a basic land; and the built-in player's choices in them.

The rules part is plain (mill, scry, surveil and search as the keyword actions define them);
the choices are the built-in player's, one documented heuristic: a card is *wanted* when it is
a land and the player has fewer than six lands in play and in hand, or a spell whose mana value
those lands (plus two more draws) can pay. The standard player's surveil and scry (wanted_now)
read its hand: a land is wanted while the lands in sight are fewer than five or than its hand's
dearest spell in reach costs; a spell by the cost it would pay now, and with five lands in play
a cheap spell (worth less than a three-drop body, LATE_WEAK) that is no removal spell is
unwanted. Surveil bins unwanted cards, scry bottoms them; the rest stay on top in their order.
"In a random order" uses the game's random stream.
"""

from __future__ import annotations

import numpy as np

from analyzer.enums import AiRole, CardCol, CardType, Event, PlayerLevel, Zone
from analyzer.kernel.layout import (
    MAX_EXILE,
    MAX_LIBRARY,
    NO_OBJ,
    OFF_BATTLEFIELD,
    OFF_EXILE,
    OFF_LIBRARY,
    H,
    O,
    P,
)
from analyzer.kernel.player.choices import LANDS_ENOUGH, _lands_needed, _reach_cost
from analyzer.kernel.rules.actions import land_drops
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.events import fire_enters
from analyzer.kernel.rules.gamelog import log_event
from analyzer.kernel.rules.rng import randint, shuffle_slice
from analyzer.kernel.rules.state import move_object, put_onto_battlefield
from analyzer.kernel.rules.view import hand_at, lands_in_play, library_top, ob, pb
from analyzer.kernel.runtime.config import njit

ENOUGH_LANDS = 6
# With LANDS_ENOUGH lands in play, a spell worth less than this (a two-drop's body, a one- or
# two-mana spell) is a weak draw for the standard player's surveil and scry: the UR deck kept
# one on top 0.20 times a game, and a land beyond its needs another 0.20.
LATE_WEAK = 30


@njit
def lands_available(G, C, p):
    """Lands p controls plus lands in p's hand."""
    cards = cards_of(C)
    k = lands_in_play(G, cards, p)
    for i in range(G[pb(p) + P.HAND_N]):
        if cards[G[ob(hand_at(G, p, i)) + O.CARD], CardCol.TYPES] & CardType.LAND:
            k += 1
    return k


@njit
def wanted(C, card, lands):
    """Would the built-in player keep this card on top, with `lands` lands available?"""
    cards = cards_of(C)
    if cards[card, CardCol.TYPES] & CardType.LAND:
        return lands < ENOUGH_LANDS
    return cards[card, CardCol.MV] <= lands + 2


@njit
def wanted_now(G, C, p, card, lands, need):
    """Would the standard player keep this card on top? lands: its lands in play and in hand
    (and kept on top); need: the lands its hand wants in sight (_lands_needed, at least
    LANDS_ENOUGH)."""
    cards = cards_of(C)
    if cards[card, CardCol.TYPES] & CardType.LAND:
        return lands < need
    if _reach_cost(G, C, p, card) > lands + 2:
        return False
    return not (
        lands_in_play(G, cards, p) >= LANDS_ENOUGH
        and cards[card, CardCol.VALUE] < LATE_WEAK
        and cards[card, CardCol.AI_ROLE] != AiRole.REMOVAL
    )


@njit
def _top(G, p, k, out):
    """The top k cards of p's library, top first."""
    n = G[pb(p) + P.LIB_N]
    for j in range(k):
        out[j] = G[OFF_LIBRARY + p * MAX_LIBRARY + n - 1 - j]


@njit
def _to_bottom_random(G, C, objs, k):
    """Put objs[:k] (cards of one library) on the bottom in a random order."""
    for i in range(k - 1, 0, -1):
        j = randint(G, i + 1)
        t = objs[i]
        objs[i] = objs[j]
        objs[j] = t
    for i in range(k):
        move_object(G, cards_of(C), objs[i], Zone.LIBRARY, False)


@njit
def mill(G, C, p, n):
    """p mills n cards: the top n go to the graveyard (fewer if the library runs out)."""
    for _ in range(n):
        o = library_top(G, p)
        if o == NO_OBJ:
            return
        move_object(G, cards_of(C), o, Zone.GRAVEYARD)


@njit(_nrt=True)
def mill_take(G, C, p, n, types, subtype):
    """p mills n, then may put a card of `types` from among them into their hand (the built-in
    player takes the most valuable). Returns (that card or -1, done): done is "if you control
    a [subtype] or returned a [subtype] card this way" (subtype 0: a card was put into hand)."""
    cards = cards_of(C)
    k = min(n, G[pb(p) + P.LIB_N])
    top = np.empty(max(k, 1), np.int32)
    _top(G, p, k, top)
    best = -1
    for j in range(k):
        move_object(G, cards, top[j], Zone.GRAVEYARD)
        card = G[ob(top[j]) + O.CARD]
        if cards[card, CardCol.TYPES] & types and (
            best < 0 or cards[card, CardCol.VALUE] > cards[G[ob(best) + O.CARD], CardCol.VALUE]
        ):
            best = top[j]
    if best >= 0:
        move_object(G, cards, best, Zone.HAND)
    if subtype == 0:
        return best, 1 if best >= 0 else 0
    if best >= 0 and cards[G[ob(best) + O.CARD], CardCol.SUBTYPES] & subtype:
        return best, 1
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if (
            G[b + O.CTRL] == p
            and G[b + O.PHASED] == 0
            and cards[G[b + O.CARD], CardCol.SUBTYPES] & subtype
        ):
            return best, 1
    return best, 0


@njit
def exile_top_may_play(G, C, p, n, next_turn, may):
    """p exiles the top n cards of their library and may play one of them (the built-in player
    picks the most valuable) until end of turn, or until the end of p's next turn. Returns it.
    `may` ("you may exile"): the built-in player does while it can still play a card this
    turn (its land drop is left, or an untapped land)."""
    cards = cards_of(C)
    if may and G[pb(p) + P.LANDS_TURN] >= land_drops(G, C, p) and not _untapped_land(G, cards, p):
        return -1
    best = -1
    for _ in range(n):
        o = library_top(G, p)
        if o == NO_OBJ:
            break
        move_object(G, cards, o, Zone.EXILE)
        if (
            best < 0
            or cards[G[ob(o) + O.CARD], CardCol.VALUE] > cards[G[ob(best) + O.CARD], CardCol.VALUE]
        ):
            best = o
    if best >= 0:
        G[ob(best) + O.CAST_BY] = p + 1
        if next_turn:
            # ends at the cleanup of p's next turn, whose count will be P.TURNS + 1
            G[ob(best) + O.PLAY_UNTIL] = -(2 + G[pb(p) + P.TURNS])
        else:
            G[ob(best) + O.PLAY_UNTIL] = 1 + G[H.TURN]
        G[H.IMPULSE] = 1
    return best


@njit
def exile_top_play_all(G, C, p, n, next_turn):
    """p exiles the top n cards of their library and may play each of them until end of turn,
    or until the end of p's next turn (the same permission exile_top_may_play gives one card).
    Returns the last one exiled (-1: none)."""
    cards = cards_of(C)
    last = -1
    for _ in range(n):
        o = library_top(G, p)
        if o == NO_OBJ:
            break
        move_object(G, cards, o, Zone.EXILE)
        G[ob(o) + O.CAST_BY] = p + 1
        if next_turn:
            # ends at the cleanup of p's next turn, whose count will be P.TURNS + 1
            G[ob(o) + O.PLAY_UNTIL] = -(2 + G[pb(p) + P.TURNS])
        else:
            G[ob(o) + O.PLAY_UNTIL] = 1 + G[H.TURN]
        G[H.IMPULSE] = 1
        last = o
    return last


@njit
def _untapped_land(G, cards, p):
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if (
            G[b + O.CTRL] == p
            and G[b + O.TAPPED] == 0
            and cards[G[b + O.CARD], CardCol.TYPES] & CardType.LAND
        ):
            return True
    return False


@njit
def play_permission_ends(G, b):
    """Does the "you may play that card until ..." permission of the exiled object at b end at
    this turn's cleanup? (PLAY_UNTIL u > 0: the end of game turn u - 1; u < 0: the end of the
    permitted player's own turn -u - 1, read while it is active.)"""
    u = G[b + O.PLAY_UNTIL]
    if u == 0:
        return False
    if u > 0:
        return u - 1 <= G[H.TURN]
    active = G[H.ACTIVE]
    return G[b + O.CAST_BY] == active + 1 and G[pb(active) + P.TURNS] >= -u - 1


@njit
def end_play_permissions(G):
    """Cleanup: the "you may play that card until ..." permissions that end this turn."""
    for q in range(G[H.NPLAYERS]):
        for i in range(G[pb(q) + P.EXILE_N]):
            b = ob(G[OFF_EXILE + q * MAX_EXILE + i])
            if play_permission_ends(G, b):
                G[b + O.CAST_BY] = 0
                G[b + O.PLAY_UNTIL] = 0


@njit(_nrt=True)
def look_at_top(G, C, p, n, to_graveyard):
    """Surveil n (to_graveyard) or scry n. The log's LOOK row comes first: the cards put away
    are the ZONE rows after it, so a reader sees what was kept on top without its names."""
    k = min(n, G[pb(p) + P.LIB_N])
    if k > 0:
        log_event(G, Event.LOOK, p, -1, -1, k, 1 if to_graveyard else 0, -1)
    top = np.empty(max(k, 1), np.int32)
    _top(G, p, k, top)
    lands = lands_available(G, C, p)
    standard = G[pb(p) + P.LEVEL] != PlayerLevel.BASIC
    need = 0
    if standard:  # a card two land drops beyond the lands in play is within reach
        reach = lands_in_play(G, cards_of(C), p) + 2
        need = max(LANDS_ENOUGH, _lands_needed(G, C, p, reach))
    for j in range(k):
        card = G[ob(top[j]) + O.CARD]
        if wanted_now(G, C, p, card, lands, need) if standard else wanted(C, card, lands):
            if cards_of(C)[card, CardCol.TYPES] & CardType.LAND:
                lands += 1  # a land kept on top is one more land soon
            continue
        move_object(G, cards_of(C), top[j], Zone.GRAVEYARD if to_graveyard else Zone.LIBRARY, False)


@njit(_nrt=True)
def dig(G, C, p, n, types, max_power, subtypes, max_mv, onto_battlefield):
    """Look at the top n; you may reveal a card of `types` (power at most max_power if it is a
    creature; mana value at most max_mv; with one of the Subtype bits `subtypes` unless 0) and
    put it into your hand, or with onto_battlefield, onto the battlefield if it's p's turn ("You
    may put it onto the battlefield if it's your turn. If you don't, put it into your hand");
    the rest go on the bottom in a random order. The built-in player takes the most valuable
    one and puts it onto the battlefield whenever it may."""
    cards = cards_of(C)
    k = min(n, G[pb(p) + P.LIB_N])
    top = np.empty(max(k, 1), np.int32)
    _top(G, p, k, top)
    best = -1
    for j in range(k):
        card = G[ob(top[j]) + O.CARD]
        if (cards[card, CardCol.TYPES] & types) == 0:
            continue
        if subtypes != 0 and (cards[card, CardCol.SUBTYPES] & subtypes) == 0:
            continue
        if (
            cards[card, CardCol.TYPES] & CardType.CREATURE
            and cards[card, CardCol.POWER] > max_power
        ) or cards[card, CardCol.MV] > max_mv:
            continue
        if best < 0 or cards[card, CardCol.VALUE] > cards[G[ob(top[best]) + O.CARD], CardCol.VALUE]:
            best = j
    rest = np.empty(max(k, 1), np.int32)
    m = 0
    for j in range(k):
        if j != best:
            rest[m] = top[j]
            m += 1
    if best >= 0:
        if onto_battlefield and G[H.ACTIVE] == p:
            put_onto_battlefield(G, cards, top[best], p, False)
            fire_enters(G, C, top[best])
        else:
            move_object(G, cards, top[best], Zone.HAND)
    _to_bottom_random(G, C, rest, m)


@njit(_nrt=True)
def look_take(G, C, p, n, k):
    """Look at the top n; put k of them into your hand (the built-in player takes the most
    valuable) and the rest into your graveyard (Stargaze)."""
    cards = cards_of(C)
    n = min(n, G[pb(p) + P.LIB_N])
    top = np.empty(max(n, 1), np.int32)
    _top(G, p, n, top)
    for _ in range(min(k, n)):
        best = -1
        for j in range(n):
            if top[j] >= 0 and (
                best < 0
                or cards[G[ob(top[j]) + O.CARD], CardCol.VALUE]
                > cards[G[ob(top[best]) + O.CARD], CardCol.VALUE]
            ):
                best = j
        move_object(G, cards, top[best], Zone.HAND)
        top[best] = -1
    for j in range(n):
        if top[j] >= 0:
            move_object(G, cards, top[j], Zone.GRAVEYARD)


@njit(_nrt=True)
def reveal_until_land(G, C, p):
    """Reveal from the top until a land card: it enters tapped under p's control; the other
    revealed cards go on the bottom in a random order (all of them if no land was found)."""
    cards = cards_of(C)
    n = G[pb(p) + P.LIB_N]
    revealed = np.empty(max(n, 1), np.int32)
    m = 0
    land = -1
    for j in range(n):
        o = G[OFF_LIBRARY + p * MAX_LIBRARY + n - 1 - j]
        if cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.LAND:
            land = o
            break
        revealed[m] = o
        m += 1
    if land >= 0:
        put_onto_battlefield(G, cards, land, p, True)
        fire_enters(G, C, land)
    _to_bottom_random(G, C, revealed, m)


@njit
def search_basic_land(G, C, p, tapped):
    """Search p's library for a basic land card (the color p's hand needs most and its lands
    lack), put it onto the battlefield, then shuffle. Returns the land or -1."""
    best = _best_basic(G, C, p, 0, True)
    if best >= 0:
        put_onto_battlefield(G, cards_of(C), best, p, tapped)
        fire_enters(G, C, best)
    shuffle_slice(G, OFF_LIBRARY + p * MAX_LIBRARY, G[pb(p) + P.LIB_N])
    return best


@njit
def search_land(G, C, p, types, basic, to_hand):
    """Search p's library for a land card (basic only if `basic`) with one of the basic land
    types in the WUBRG mask `types` (0: any), the one whose colors p's hand needs most; put it
    onto the battlefield tapped or into p's hand, then shuffle. Returns the land or -1."""
    best = _best_basic(G, C, p, types, basic)
    if best >= 0:
        if to_hand:
            move_object(G, cards_of(C), best, Zone.HAND)
        else:
            put_onto_battlefield(G, cards_of(C), best, p, True)
            fire_enters(G, C, best)
    shuffle_slice(G, OFF_LIBRARY + p * MAX_LIBRARY, G[pb(p) + P.LIB_N])
    return best


@njit
def search_basic_land_to_top(G, C, p):
    """Search p's library for a basic land card, reveal it, then shuffle and put it on top.
    Swapping it to the top of a uniformly shuffled library leaves the rest uniformly shuffled.
    Returns the land or -1."""
    best = _best_basic(G, C, p, 0, True)
    off = OFF_LIBRARY + p * MAX_LIBRARY
    n = G[pb(p) + P.LIB_N]
    shuffle_slice(G, off, n)
    if best >= 0:
        for j in range(n):
            if G[off + j] == best:
                G[off + j] = G[off + n - 1]
                G[off + n - 1] = best  # the top is the last card of the slice
                break
    return best


@njit
def _want(cards, hc, have, c):
    """What hand card row hc adds to the score of a land of color c (_best_basic)."""
    if cards[hc, CardCol.COST_W + c] <= 0:
        return 0
    return 2 if ((have >> c) & 1) == 0 else 1


@njit
def _best_basic(G, C, p, types, basic):
    """The basic land card of p's library whose color p's hand needs most and its lands
    lack; -1 if none. types: only one with one of these basic land types (WUBRG mask);
    basic False: any land card."""
    cards = cards_of(C)
    have = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.CTRL] == p and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.LAND:
            have |= cards[G[ob(o) + O.CARD], CardCol.LAND_COLORS]
    # per color: the hand's cards that need it, worth 2 each where p's lands lack it (once
    # for the whole library: a pod's is 90 cards)
    w0 = w1 = w2 = w3 = w4 = 0
    for h in range(G[pb(p) + P.HAND_N]):
        hc = G[ob(hand_at(G, p, h)) + O.CARD]
        w0 += _want(cards, hc, have, 0)
        w1 += _want(cards, hc, have, 1)
        w2 += _want(cards, hc, have, 2)
        w3 += _want(cards, hc, have, 3)
        w4 += _want(cards, hc, have, 4)
    n = G[pb(p) + P.LIB_N]
    off = OFF_LIBRARY + p * MAX_LIBRARY
    best = -1
    best_score = -1
    for j in range(n):
        o = G[off + j]
        card = G[ob(o) + O.CARD]
        if (basic and (cards[card, CardCol.TYPES] & CardType.BASIC) == 0) or (
            cards[card, CardCol.TYPES] & CardType.LAND
        ) == 0:
            continue
        if types != 0 and (cards[card, CardCol.LAND_TYPES] & types) == 0:
            continue
        colors = cards[card, CardCol.LAND_COLORS]
        score = 1 + (
            (colors & 1) * w0
            + ((colors >> 1) & 1) * w1
            + ((colors >> 2) & 1) * w2
            + ((colors >> 3) & 1) * w3
            + ((colors >> 4) & 1) * w4
        )
        if score > best_score:
            best_score = score
            best = o
    return best

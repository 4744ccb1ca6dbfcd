"""Who could act at instant speed: a fast card in hand, or in exile for the player to cast.
Read by the engine (anyone_fast: windows nobody can use are not opened) and the built-in
player (ai.may_act).
"""

from __future__ import annotations

from analyzer.enums import CardCol, CardFlag
from analyzer.kernel.layout import MAX_EXILE, OFF_BATTLEFIELD, OFF_EXILE, H, O, P
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.view import hand_at, ob, pb
from analyzer.kernel.runtime.config import njit


@njit(inline_in_entry=True)  # tiny and on the priority hot path
def fast_in_hand(G, cards, p):
    """Does p hold a card castable at instant speed?"""
    for i in range(G[pb(p) + P.HAND_N]):
        if cards[G[ob(hand_at(G, p, i)) + O.CARD], CardCol.FLAGS] & CardFlag.FAST:
            return True
    return False


@njit
def fast_in_exile(G, cards, p):
    """Is a card castable at instant speed in exile for p to cast (a stolen flash creature or
    instant: Cruelclaw's Heist)? Without it in may_act the stolen Galewind Moose was never
    cast (43 of 44 steals), as the card was looked at only with a fast card in hand."""
    for q in range(G[H.NPLAYERS]):
        for i in range(G[pb(q) + P.EXILE_N]):
            o = G[OFF_EXILE + q * MAX_EXILE + i]
            if G[ob(o) + O.CAST_BY] == p + 1 and cards[G[ob(o) + O.CARD], CardCol.FLAGS] & (
                CardFlag.FAST
            ):
                return True
    return False


@njit
def anyone_fast(G, C):
    """Could any player act at instant speed now (a fast card in hand, a card they may cast
    from exile, an activated ability)? Windows nobody can use are not opened."""
    cards = cards_of(C)
    for p in range(G[H.NPLAYERS]):
        if G[pb(p) + P.LOST]:
            continue
        if fast_in_hand(G, cards, p):
            return True
        for i in range(G[pb(p) + P.EXILE_N]):
            if G[ob(G[OFF_EXILE + p * MAX_EXILE + i]) + O.CAST_BY]:
                return True
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if cards[G[ob(o) + O.CARD], CardCol.FLAGS] & CardFlag.HAS_ACTIVATED:
            return True
    return False

"""Arena best-of-one opening hands: the shuffler's hand smoothing (``OpeningHands.ARENA_BO1``).

MTG Arena's best-of-one queues (17lands' Premier Draft among them, the games ``calibrate``
holds ours against) deal each opening seven from several candidate shuffles. Wizards said only
that the shuffler "looks at multiple opening hands and leans toward the one closest to the
deck's land-to-spell ratio". The procedure here is the one reverse-engineered from 17lands
data, not an official one: two independent fits (a 2024 r/MagicArena analysis of about 3
million DSK/BLB/OTJ Premier Draft games, and a 2026 write-up over 4,844 hands) agree on three
candidate sevens, one picked at random with probability proportional to a weight that falls
with |d|, d = the candidate's lands - 7 * lands in library / cards in library. The first fit's
weight w = 4 ** -|d| ** 2.5 is used: it comes from by far the larger sample, and the second
fit's Gaussian (sigma about 0.56) is nearly the same curve (within 0.12 of it at every
reachable d). The smoothing applies to the first seven and to each mulligan's seven; it does
not look at colors, nor touch later draws.

Paper deals (``OpeningHands.PAPER``) never come here: they draw no extra random numbers, so
their games are the same as before the option existed.
"""

from __future__ import annotations

from analyzer.enums import CardCol, CardType
from analyzer.kernel.layout import MAX_LIBRARY, OFF_LIBRARY, O, P, W
from analyzer.kernel.rules.rng import random01, shuffle_slice
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit

BO1_CANDIDATES = 3  # candidate sevens per deal (W.DEAL holds 3 * 7 objects; the pick below
# reads three weights)
BO1_BASE = 4.0  # weight = BO1_BASE ** -(|d| ** BO1_POWER)
BO1_POWER = 2.5


@njit
def bo1_weight(lands, ideal):
    """The pick weight of a candidate seven with `lands` lands when `ideal` is the deck's
    ratio scaled to seven cards (floats)."""
    return BO1_BASE ** -(abs(lands - ideal) ** BO1_POWER)


@njit
def _is_land(G, cards, o):
    return (cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.LAND) != 0


@njit
def arena_bo1_deal(G, cards, p):
    """Order p's library (already a uniform shuffle) so its top seven are the Bo1 pick: the
    current order is the first candidate, each further candidate a fresh shuffle; the picked
    candidate's seven go on top in its order and the rest is shuffled again below them, so the
    library is a uniform shuffle apart from the selection of the hand."""
    off = OFF_LIBRARY + p * MAX_LIBRARY
    n = G[pb(p) + P.LIB_N]
    if n < 7:
        return
    lands = 0
    for i in range(n):
        if _is_land(G, cards, G[off + i]):
            lands += 1
    ideal = 7.0 * lands / n
    total = 0.0
    w_first = 0.0
    w_second = 0.0
    for k in range(BO1_CANDIDATES):
        if k > 0:
            shuffle_slice(G, off, n)
        k_lands = 0
        for i in range(7):
            o = G[off + n - 1 - i]  # the top of the library is its last entry
            G[W.DEAL + k * 7 + i] = o
            if _is_land(G, cards, o):
                k_lands += 1
        w = bo1_weight(float(k_lands), ideal)
        if k == 0:
            w_first = w
        elif k == 1:
            w_second = w
        total += w
    r = random01(G) * total
    if r < w_first:
        pick = 0
    elif r < w_first + w_second:
        pick = 1
    else:
        pick = 2
    if pick == BO1_CANDIDATES - 1:
        return  # the library is in the last candidate's order already
    for i in range(7):
        o = G[W.DEAL + pick * 7 + i]
        top = n - 1 - i
        for j in range(top + 1):
            if G[off + j] == o:
                G[off + j] = G[off + top]
                G[off + top] = o
                break
    shuffle_slice(G, off, n - 7)

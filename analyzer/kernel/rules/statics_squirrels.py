"""Statics of the Squirreled Away precon (issue 21) that chars.py applies: an anthem for the
creatures of some subtypes by a counted amount. Split from chars.py (under 600 lines)."""

from __future__ import annotations

from analyzer.enums import CardCol, CardType
from analyzer.kernel.layout import OFF_BATTLEFIELD, O
from analyzer.kernel.rules.view import ob
from analyzer.kernel.runtime.config import njit


@njit
def is_creature(cards, G, o):
    """Phased-in creature o (its current card row's types)."""
    b = ob(o)
    return G[b + O.PHASED] == 0 and (cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE) != 0


@njit
def pump_mine(G, cards, n, ctrl, subtypes, amount):
    """ "Squirrels you control get +1/+1 for each acorn counter on this artifact": the
    creatures ctrl controls with one of the Subtype bits get +amount/+amount (layer 7c)."""
    if amount == 0:
        return
    for j in range(n):
        o = G[OFF_BATTLEFIELD + j]
        b = ob(o)
        if (
            G[b + O.CTRL] == ctrl
            and is_creature(cards, G, o)
            and cards[G[b + O.CARD], CardCol.SUBTYPES] & subtypes
        ):
            G[b + O.CUR_P] += amount
            G[b + O.CUR_T] += amount

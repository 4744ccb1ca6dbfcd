"""The built-in player's color choice ("As this enters, choose a color", Uncharted Haven's
mana): the color its spells still to come need most for the sources it has. For each color,
the colored symbols of that color on the nonland cards it owns in hand and library, divided
by one plus the lands it owns (anywhere but the graveyard and exile) that make the color; the
highest wins (ties: the first in WUBRG order). A deck that has no colored spells left chooses
its most common color of land."""

from __future__ import annotations

from analyzer.enums import CardCol, CardType, Zone
from analyzer.kernel.layout import H, O
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.view import ob
from analyzer.kernel.runtime.config import njit


@njit
def color_choice(G, C, p, exclude):
    """The Color bit p chooses (W = 1 ... G = 16), none of the Color mask `exclude` ("choose a
    color other than white")."""
    cards = cards_of(C)
    best = 1 if (exclude & 1) == 0 else 2
    best_score = -1.0
    for c in range(5):
        if (exclude >> c) & 1:
            continue
        symbols = 0
        lands = 0
        for o in range(G[H.NCARDS]):
            b = ob(o)
            if G[b + O.OWNER] != p:
                continue
            zone = G[b + O.ZONE]
            if zone == Zone.GRAVEYARD or zone == Zone.EXILE:
                continue
            card = G[b + O.CARD]
            if cards[card, CardCol.TYPES] & CardType.LAND:
                lands += (cards[card, CardCol.LAND_COLORS] >> c) & 1
            elif zone == Zone.HAND or zone == Zone.LIBRARY:
                symbols += cards[card, CardCol.COST_W + c]
        score = symbols / (1.0 + lands) if symbols > 0 else lands / 1000.0
        if score > best_score:
            best_score = score
            best = 1 << c
    return best

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
    # one pass over p's cards for all five colors (a pod's four 100-card decks: a pass per
    # color was most of this choice's cost); s*: colored symbols, l*: lands
    s0 = s1 = s2 = s3 = s4 = 0
    l0 = l1 = l2 = l3 = l4 = 0
    for o in range(G[H.NCARDS]):
        b = ob(o)
        if G[b + O.OWNER] != p:
            continue
        zone = G[b + O.ZONE]
        if zone == Zone.GRAVEYARD or zone == Zone.EXILE:
            continue
        card = G[b + O.CARD]
        if cards[card, CardCol.TYPES] & CardType.LAND:
            m = cards[card, CardCol.LAND_COLORS]
            l0 += m & 1
            l1 += (m >> 1) & 1
            l2 += (m >> 2) & 1
            l3 += (m >> 3) & 1
            l4 += (m >> 4) & 1
        elif zone == Zone.HAND or zone == Zone.LIBRARY:
            s0 += cards[card, CardCol.COST_W]
            s1 += cards[card, CardCol.COST_W + 1]
            s2 += cards[card, CardCol.COST_W + 2]
            s3 += cards[card, CardCol.COST_W + 3]
            s4 += cards[card, CardCol.COST_W + 4]
    best = 1 if (exclude & 1) == 0 else 2
    best_score = -1.0
    for c in range(5):
        if (exclude >> c) & 1:
            continue
        symbols = s0 if c == 0 else s1 if c == 1 else s2 if c == 2 else s3 if c == 3 else s4
        lands = l0 if c == 0 else l1 if c == 1 else l2 if c == 2 else l3 if c == 3 else l4
        score = symbols / (1.0 + lands) if symbols > 0 else lands / 1000.0
        if score > best_score:
            best_score = score
            best = 1 << c
    return best

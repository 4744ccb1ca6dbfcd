"""The built-in player's creature-type choice ("As this enters, choose a creature type"): the
type most of the creature cards it owns outside the graveyard and exile share (ties: the first
in Subtype's order)."""

from __future__ import annotations

from analyzer.enums import CardCol, CardType, Zone
from analyzer.kernel.layout import H, O
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.view import ob
from analyzer.kernel.runtime.config import njit

N_CREATURE_TYPES = 13  # Subtype bits 0..12 are creature types (records.CHANGELING_SUBTYPES)


@njit
def creature_type_choice(G, C, p):
    """The Subtype bit p chooses; 0 if p owns no creature card with a type the rules know."""
    cards = cards_of(C)
    best = 0
    best_n = 0
    for i in range(N_CREATURE_TYPES):
        bit = 1 << i
        n = 0
        for o in range(G[H.NCARDS]):
            b = ob(o)
            card = G[b + O.CARD]
            if (
                G[b + O.OWNER] == p
                and G[b + O.ZONE] != Zone.GRAVEYARD
                and G[b + O.ZONE] != Zone.EXILE
                and cards[card, CardCol.TYPES] & CardType.CREATURE
                and cards[card, CardCol.SUBTYPES] & bit
            ):
                n += 1
        if n > best_n:
            best = bit
            best_n = n
    return best

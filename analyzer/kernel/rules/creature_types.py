"""Creature types beyond Subtype's bits: each creature card's types as catalog-wide ids
(CardCol.CREATURE_TYPES_A/B, cards/compile.creature_type_ids): "shares a creature type with
your commander" (Path of Ancestry), "target non-Angel creature" (Restoration Angel)."""

from __future__ import annotations

from analyzer.enums import CHANGELING_TYPES, CREATURE_TYPE_BITS, CardCol
from analyzer.kernel.runtime.config import njit

_TYPE_MASK = (1 << CREATURE_TYPE_BITS) - 1
_SLOTS = 3  # creature type ids per CardCol.CREATURE_TYPES_A/B word


@njit
def has_creature_type(cards, card, type_id):
    """Has card row `card` the creature type of id type_id (0: none)? A changeling has every
    one."""
    if type_id == 0:
        return False
    if cards[card, CardCol.CREATURE_TYPES_A] == CHANGELING_TYPES:
        return True
    for col in (CardCol.CREATURE_TYPES_A, CardCol.CREATURE_TYPES_B):
        v = cards[card, col]
        for k in range(_SLOTS):
            if (v >> (k * CREATURE_TYPE_BITS)) & _TYPE_MASK == type_id:
                return True
    return False


@njit
def shares_creature_type(cards, a, b):
    """Do card rows a and b share a creature type (a changeling has every one, 702.73a)?"""
    ta = cards[a, CardCol.CREATURE_TYPES_A]
    tb = cards[b, CardCol.CREATURE_TYPES_A]
    if ta == 0 or tb == 0:
        return False
    if ta == CHANGELING_TYPES or tb == CHANGELING_TYPES:
        return True
    for col in (CardCol.CREATURE_TYPES_A, CardCol.CREATURE_TYPES_B):
        v = cards[a, col]
        for k in range(_SLOTS):
            type_id = (v >> (k * CREATURE_TYPE_BITS)) & _TYPE_MASK
            if type_id != 0 and has_creature_type(cards, b, type_id):
                return True
    return False

"""Triggers of mana as it is spent: "When that mana is spent to cast a creature spell that
shares a creature type with your commander, scry 1." (Path of Ancestry). mana.pay_spell calls
``spent_on_creature`` for each source it taps with CardFlag.TRIBE_SCRY_MANA."""

from __future__ import annotations

from analyzer.enums import AbilCol, AbilityKind, CardCol, CardType
from analyzer.kernel.layout import SK_ABILITY, O, P
from analyzer.kernel.rules.creature_types import shares_creature_type
from analyzer.kernel.rules.state import queue_trigger
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def spent_on_creature(G, cards, abilities, p, card, src):
    """p spent mana of source src on spell card row `card`: if it is a creature spell that
    shares a creature type with p's commander, src's MANA_SPENT_COMMANDER_TYPE ability
    triggers (one trigger per mana of it spent; none without a commander, 903.4f)."""
    if card < 0 or (cards[card, CardCol.TYPES] & CardType.CREATURE) == 0:
        return
    cmd = G[pb(p) + P.COMMANDER] - 1
    if cmd < 0 or not shares_creature_type(cards, card, G[ob(cmd) + O.CARD]):
        return
    row = G[ob(src) + O.CARD]
    a0 = cards[row, CardCol.AB_START]
    for a in range(a0, a0 + cards[row, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] == AbilityKind.MANA_SPENT_COMMANDER_TYPE:
            queue_trigger(G, src, a, p, -1, SK_ABILITY)

"""The built-in player's activated abilities that work from its graveyard ("{3}{B}, Exile this
card from your graveyard: Return another target creature card ..."): used when the targets
help it and the mana is there, never in combat (kernel/player/ai_activate.py calls this).
"""

from __future__ import annotations

from analyzer.enums import AbilCol, AbilityKind, CardCol
from analyzer.kernel.layout import H, O
from analyzer.kernel.player.ai_modes import targets_useful
from analyzer.kernel.rules.activation import activation_allowed
from analyzer.kernel.rules.catalog import abilities_of, cards_of
from analyzer.kernel.rules.mana import can_pay
from analyzer.kernel.rules.mana_costs import ability_cost
from analyzer.kernel.rules.stack import activate
from analyzer.kernel.rules.view import ob
from analyzer.kernel.runtime.config import njit


@njit
def try_graveyard_ability(G, C, p, o, context):
    """Activate one of card o's graveyard abilities now if it is worth it; True if done."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    card = G[ob(o) + O.CARD]
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if (
            abilities[a, AbilCol.KIND] != AbilityKind.ACTIVATED
            or abilities[a, AbilCol.FROM_GRAVEYARD] == 0
            or (abilities[a, AbilCol.TRIG_PARAM] == 1 and context != 0)
            or not activation_allowed(G, C, o, a, p)
        ):
            continue
        generic, colored = ability_cost(G, cards, abilities, p, a)
        if not can_pay(G, cards, abilities, p, generic, colored, False):
            continue
        G[H.TARGET_SRC] = o + 1  # "another target creature card": not this one
        if targets_useful(G, C, a, p, 0) and activate(G, C, p, o, a):
            return True
    return False

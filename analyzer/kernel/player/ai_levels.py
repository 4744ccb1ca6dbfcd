"""The built-in player's Class level-ups (716.2a: "{cost}: Level N", a sorcery-speed activated
ability). kernel/player/ai.py calls ``try_level_up`` once a main phase has nothing else to do,
so a level-up spends only the mana no spell and no other ability wanted.

The rule: raise a Class one level whenever that mana pays for it, in main phase 1 when the new
level has an ability that works in this turn's combat ("whenever you attack", "at the
beginning of combat", a static ability), else in main phase 2 (the mana stays up through
combat for a trick).
"""

from __future__ import annotations

from analyzer.enums import AbilCol, AbilityKind, CardCol, CardFlag, Phase
from analyzer.kernel.layout import H, O
from analyzer.kernel.rules.activation import activation_allowed, level_up_to
from analyzer.kernel.rules.catalog import abilities_of, cards_of
from analyzer.kernel.rules.mana import can_pay
from analyzer.kernel.rules.mana_costs import ability_cost
from analyzer.kernel.rules.stack import activate
from analyzer.kernel.rules.view import ob, own_at, own_n
from analyzer.kernel.runtime.config import njit


@njit
def _helps_this_combat(C, card, level):
    """Does the card have an ability of this level that works in combat this turn?"""
    cards = cards_of(C)
    abilities = abilities_of(C)
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        k = abilities[a, AbilCol.KIND]
        if abilities[a, AbilCol.LEVEL] == level and (
            k == AbilityKind.YOU_ATTACK or k == AbilityKind.BEGIN_COMBAT or k == AbilityKind.STATIC
        ):  # (a static ability of the level: "equipped creatures have double strike")
            return True
    return False


@njit
def try_level_up(G, C, p):
    """Activate one affordable level-up of a Class p controls; True if it did."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    main1 = G[H.PHASE] == Phase.MAIN1
    for i in range(own_n(G, p)):  # (it stops once it activated an ability)
        o = own_at(G, p, i)
        b = ob(o)
        if G[b + O.PHASED]:
            continue
        card = G[b + O.CARD]
        if (cards[card, CardCol.FLAGS] & CardFlag.HAS_ACTIVATED) == 0:
            continue
        a0 = cards[card, CardCol.AB_START]
        for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
            level = level_up_to(C, a)
            if level == 0 or not activation_allowed(G, C, o, a, p):
                continue
            if main1 and not _helps_this_combat(C, card, level):
                continue
            generic, colored = ability_cost(G, cards, abilities, p, a)
            if can_pay(G, cards, abilities, p, generic, colored, False) and activate(G, C, p, o, a):
                return True
    return False

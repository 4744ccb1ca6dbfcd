"""The built-in player's land cards with more than mana. Cycling ("Cycling {B} ({B}, Discard
this card: Draw a card.)", 702.29), an activated ability of a card in its hand: it cycles a
land card once six lands are out (a seventh land is worth less than a new card), with the mana
left over, in main phase 2 or an opponent's end step (kernel/player/ai_activate.py calls this
then). A bounce land ("When this land enters, return a land you control to its owner's hand")
is not its land drop while it controls no other land: it would return itself
(kernel/player/ai.py asks returns_a_land).
"""

from __future__ import annotations

from analyzer.enums import AbilCol, AbilityKind, CardCol, CardFlag, CardType, Op, StepCol
from analyzer.kernel.layout import O, P
from analyzer.kernel.player.ai_costs import LANDS_TO_SACRIFICE_ONE
from analyzer.kernel.rules.activation import activation_allowed
from analyzer.kernel.rules.catalog import abilities_of, cards_of, steps_of
from analyzer.kernel.rules.mana import can_pay
from analyzer.kernel.rules.mana_costs import ability_cost
from analyzer.kernel.rules.stack import activate
from analyzer.kernel.rules.view import hand_at, lands_in_play, ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def try_cycling(G, C, p):
    """Cycle one land card from p's hand if p has enough lands out; True if it did."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    counted = False  # the lands out are counted once a land card with a hand ability is found
    for i in range(G[pb(p) + P.HAND_N]):
        o = hand_at(G, p, i)
        card = G[ob(o) + O.CARD]
        if (cards[card, CardCol.FLAGS] & CardFlag.HAND_ABILITY) == 0:
            continue
        if (cards[card, CardCol.TYPES] & CardType.LAND) == 0:
            continue  # a spell with cycling is cast, not cycled
        if not counted:
            if lands_in_play(G, cards, p) < LANDS_TO_SACRIFICE_ONE:
                return False
            counted = True
        a0 = cards[card, CardCol.AB_START]
        for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
            if (
                abilities[a, AbilCol.KIND] != AbilityKind.ACTIVATED
                or abilities[a, AbilCol.FROM_GRAVEYARD] != 2
                or not activation_allowed(G, C, o, a, p)
            ):
                continue
            generic, colored = ability_cost(G, cards, abilities, p, a)
            if can_pay(G, cards, abilities, p, generic, colored, False) and activate(G, C, p, o, a):
                return True
    return False


@njit
def returns_a_land(C, card):
    """Does the card have an enters trigger that returns a land its controller controls?"""
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] != AbilityKind.ETB:
            continue
        s0 = abilities[a, AbilCol.ST_START]
        for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
            if steps[k, StepCol.OP] == Op.RETURN_OWN_LAND:
                return True
    return False

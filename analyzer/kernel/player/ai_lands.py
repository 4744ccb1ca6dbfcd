"""The built-in player's land cards with more than mana. Cycling ("Cycling {B} ({B}, Discard
this card: Draw a card.)", 702.29), an activated ability of a card in its hand: it cycles a
land card once six lands are out (a seventh land is worth less than a new card), with the mana
left over, in main phase 2 or an opponent's end step (kernel/player/ai_activate.py calls this
then). A bounce land ("When this land enters, return a land you control to its owner's hand")
is not its land drop while it controls no other land: it would return itself
(kernel/player/ai.py asks returns_a_land). Which land card to play: land_needs weighs the
colors the hand wants, kernel/player/ai.py's _play_land picks the land by them; a last land
in hand may be kept as a discard cost's card instead (keeps_land_to_discard).
"""

from __future__ import annotations

from analyzer.enums import AbilCol, AbilityKind, CardCol, CardFlag, CardType, ExtraCost, Op, StepCol
from analyzer.kernel.layout import O, P
from analyzer.kernel.player.ai_costs import LANDS_TO_SACRIFICE_ONE
from analyzer.kernel.player.ai_std import colors_up
from analyzer.kernel.player.ai_value import COLOR_BITS, offspring_cost
from analyzer.kernel.player.choices import LANDS_ENOUGH
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


# weight of a colour that makes a hand card castable this turn (its last missing symbol, the
# land drop bringing its mana value within reach): above every card's 2 for a later turn
# (a two-drop cast now before a {U}{U} four-drop's second Island; the other land comes next turn)
CASTABLE_NOW_WEIGHT = 16


@njit
def land_needs(G, cards, p, count, n_lands):
    """The standard player's land choice: per color (WUBRG, packed like count), the weight of
    p's hand cards with symbols of it, 2 for each card whose symbols of that color p's lands
    out (count: packed per color as ai_value.cost_colors; n_lands of them) do not cover yet,
    1 for each they do: the basic player's rule (2 while no land makes the color) for a
    single symbol, and a second Island for Long River's Pull's {U}{U} before a third Swamp.
    A card the color would make castable this turn weighs CASTABLE_NOW_WEIGHT more."""
    mask = (1 << COLOR_BITS) - 1
    # one pass over the hand, the five colors' weights side by side (each capped at the end)
    w0 = 0
    w1 = 0
    w2 = 0
    w3 = 0
    w4 = 0
    for j in range(G[pb(p) + P.HAND_N]):
        h = G[ob(hand_at(G, p, j)) + O.CARD]
        if cards[h, CardCol.TYPES] & CardType.LAND:
            continue
        short = -1  # _symbols_short(cards, h, count), once a color asks
        for c in range(5):
            need = cards[h, CardCol.COST_W + c]
            if need == 0:
                continue
            have_c = (count >> (COLOR_BITS * c)) & mask
            if need <= have_c:
                add = 1
            else:
                add = 2
                # this color's one missing symbol is the card's only one, and it is in reach
                if need == have_c + 1 and cards[h, CardCol.MV] <= n_lands + 1:
                    if short < 0:
                        short = _symbols_short(cards, h, count)
                    if short == 1:
                        add += CASTABLE_NOW_WEIGHT
            if c == 0:
                w0 += add
            elif c == 1:
                w1 += add
            elif c == 2:
                w2 += add
            elif c == 3:
                w3 += add
            else:
                w4 += add
    return (
        min(w0, mask)
        + (min(w1, mask) << COLOR_BITS)
        + (min(w2, mask) << (2 * COLOR_BITS))
        + (min(w3, mask) << (3 * COLOR_BITS))
        + (min(w4, mask) << (4 * COLOR_BITS))
    )


@njit
def _symbols_short(cards, h, count):
    """How many of card h's colored symbols p's lands out (count, packed per color) do not
    cover."""
    mask = (1 << COLOR_BITS) - 1
    short = 0
    for d in range(5):
        short += max(0, cards[h, CardCol.COST_W + d] - ((count >> (COLOR_BITS * d)) & mask))
    return short


@njit
def color_score(colors, have, c, k):
    """_play_land's score for color c: k hand cards need it; double when none is out yet."""
    if ((colors >> c) & 1) == 0:
        return 0
    return 2 * k if ((have >> c) & 1) == 0 else k


@njit
def keeps_land_to_discard(G, C, p):
    """Main phase, before the land drop: does p keep its only land in hand as the card a spell's
    "discard a card" cost takes (Sazacap's Brew)? Only when the land adds nothing: p has
    LANDS_ENOUGH lands in play, they pay the mana value (and offspring) of every spell in its
    hand together and make each one's colors, so the spell has a spare card to discard
    (draw_now) instead of being stranded once the hand is down to it (the UR deck played its
    seventh land, then held the Brew with nothing to discard until the game ended)."""
    cards = cards_of(C)
    # the cheap tests first: one land in hand, and a spell with a discard cost beside it
    hand_lands = 0
    discard_spell = False
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        if cards[card, CardCol.TYPES] & CardType.LAND:
            hand_lands += 1
        elif cards[card, CardCol.EXTRA_COST] == ExtraCost.DISCARD_CARD:
            discard_spell = True
    if hand_lands != 1 or not discard_spell:
        return False
    lands = lands_in_play(G, cards, p)
    if lands < LANDS_ENOUGH:
        return False
    hand_lands = 0
    spells_mana = 0
    discard_spell = False
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        if cards[card, CardCol.TYPES] & CardType.LAND:
            hand_lands += 1
            continue
        if not colors_up(G, cards, p, card):
            return False  # the land may be the color the hand misses
        spells_mana += cards[card, CardCol.MV] + offspring_cost(G, C, p, card)
        if cards[card, CardCol.EXTRA_COST] == ExtraCost.DISCARD_CARD:
            discard_spell = True
    return discard_spell and hand_lands == 1 and spells_mana <= lands

"""The order the standard player casts its castables in (ai_cast.collect_castables sorts them
most expensive first): a creature that pays off the noncreature spells cast after it goes
before them when both fit.
"""

from __future__ import annotations

from analyzer.enums import AbilCol, AbilityKind, CardCol, CardType, Op, StepCol
from analyzer.kernel.layout import O
from analyzer.kernel.player.ai_value import color_have, colors_fit, cost_colors, offspring_cost
from analyzer.kernel.rules.catalog import abilities_of, cards_of, steps_of
from analyzer.kernel.rules.cost_reduction import cost_now, cost_reduction
from analyzer.kernel.rules.view import ob
from analyzer.kernel.runtime.config import njit

# a creature that pays off the noncreature spells cast after it: a trigger (prowess, Tempest
# Angler's counter, Coruscation Mage's ping, Hearthborn Battler's second spell) or a cost
# reduction (Stormcatch Mentor)
_SPELL_PAYOFF = (
    (1 << AbilityKind.NONCREATURE_SPELL)
    | (1 << AbilityKind.SPELLS_COST_LESS)
    | (1 << AbilityKind.SECOND_SPELL)
)


@njit
def spell_discount(C, card, types):
    """The generic mana the card's static "spells you cast cost {N} less" takes off a spell of
    these types (0: none)."""
    cards = cards_of(C)
    if (cards[card, CardCol.AB_KINDS] >> AbilityKind.SPELLS_COST_LESS) & 1 == 0:
        return 0
    abilities = abilities_of(C)
    steps = steps_of(C)
    cut = 0
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] != AbilityKind.STATIC:
            continue
        s0 = abilities[a, AbilCol.ST_START]
        for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
            if steps[k, StepCol.OP] == Op.STATIC_SPELLS_COST_LESS and types & steps[k, StepCol.A]:
                cut += steps[k, StepCol.B]
    return cut


@njit
def payoff_first(G, C, p, out, vals, n, n_src):
    """The standard player's main phase 1: a castable creature that pays off noncreature spells
    (_SPELL_PAYOFF) moves to the front of out[:n] when a noncreature spell sorted before it
    (a more expensive one) still fits beside it and its offspring in the n_src sources, each
    at its cost now (p's board's reductions), the spell's cut by the creature's reduction too:
    both get cast, the spell pumps it or costs less.
    When only one of them fits, the order stays (the most expensive first); so when p's
    mana cannot pay both cards' colored symbols (color_have: a Stormcatch Mentor and a
    Sazacap's Brew on one Mountain: casting the creature first stranded the spell)."""
    cards = cards_of(C)
    have = -1  # color_have, once a payoff is found
    for i in range(1, n):
        card = G[ob(out[i]) + O.CARD]
        if (cards[card, CardCol.TYPES] & CardType.CREATURE) == 0 or (
            cards[card, CardCol.AB_KINDS] & _SPELL_PAYOFF
        ) == 0:
            continue
        cost = -1  # the creature's, once a spell is sorted before it
        for j in range(i):
            sc = G[ob(out[j]) + O.CARD]
            st = cards[sc, CardCol.TYPES]
            if st & (CardType.CREATURE | CardType.LAND):
                continue
            # what each costs now: the reductions p's board gives (a Stormcatch Mentor already
            # out), the creature's own on the spell; its offspring is paid when it fits
            cut = min(
                cost_reduction(G, C, p, sc) + spell_discount(C, card, st),
                cards[sc, CardCol.COST_GENERIC],
            )
            if cost < 0:
                cost = cost_now(G, C, p, card) + offspring_cost(G, C, p, card)
            if cost + cards[sc, CardCol.MV] - cut > n_src:
                continue
            if have < 0:
                have = color_have(G, C, p)
            if colors_fit(cost_colors(cards, card) + cost_colors(cards, sc), have):
                x = out[i]
                vx = vals[i]
                for k in range(i, 0, -1):
                    out[k] = out[k - 1]
                    vals[k] = vals[k - 1]
                out[0] = x
                vals[0] = vx
                return

"""The built-in player's X for a spell with {X} in its cost (107.3, 601.2b: chosen as it is
cast). The largest X the mana pays, at most half the cards in its library and at most its life
less 5 (the pool's X spell, Stargaze, looks at 2X cards and costs X life); at least 1 (the
cast path counts {X} as 1 when it asks whether the spell is castable)."""

from __future__ import annotations

from analyzer.enums import CardCol
from analyzer.kernel.layout import P
from analyzer.kernel.rules.catalog import abilities_of, cards_of
from analyzer.kernel.rules.mana import can_pay_spell, count_sources
from analyzer.kernel.rules.view import pb
from analyzer.kernel.runtime.config import njit

LIFE_KEPT = 5


@njit
def x_choice(G, C, p, card, generic, colored, any_type):
    """X for p's spell `card` whose cost without X's extra is (generic with X = 1, colored)."""
    cards = cards_of(C)
    per_x = cards[card, CardCol.COST_X]
    cap = min(G[pb(p) + P.LIB_N] // 2, G[pb(p) + P.LIFE] - LIFE_KEPT)
    x = max(cap, 1)
    while x > 1:
        if can_pay_spell(
            G, cards, abilities_of(C), p, card, generic + (x - 1) * per_x, colored, any_type
        ):
            return x
        x -= 1
    return 1


@njit
def x_estimate(G, C, p, card):
    """The X p's spell `card` would get if cast now, for the value of an X sweeper ("X damage
    to each creature", Starstorm): its untapped mana sources less the rest of the cost, within
    x_choice's caps; at least 1."""
    cards = cards_of(C)
    lands, sacs = count_sources(G, cards, abilities_of(C), p)
    x = (lands + sacs - cards[card, CardCol.MV]) // max(cards[card, CardCol.COST_X], 1)
    cap = min(G[pb(p) + P.LIB_N] // 2, G[pb(p) + P.LIFE] - LIFE_KEPT)
    return max(min(x, cap), 1)

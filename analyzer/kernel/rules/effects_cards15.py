"""Ops of the effect interpreter added for issue 20's cards of session 15 (Valley
Floodcaller). Split from effects.py, whose run_steps dispatches ``Op.PUMP_UNTAP_ALL`` here."""

from __future__ import annotations

from analyzer.enums import CardCol, CardType
from analyzer.kernel.layout import OFF_BATTLEFIELD, H, O
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.effects_board import pump_or_grant_all
from analyzer.kernel.rules.view import ob
from analyzer.kernel.runtime.config import njit


@njit
def pump_untap_all(G, C, ctrl, a, b_, subtypes):
    """ "Birds, Frogs, Otters, and Rats you control get +1/+1 until end of turn. Untap them.":
    the creatures ctrl controls with one of `subtypes` get +a/+b_, then each untaps (one with a
    stun counter loses a stun counter instead, 122.1d)."""
    cards = cards_of(C)
    pump_or_grant_all(G, cards, True, a, b_, subtypes, ctrl)
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        bo = ob(o)
        if G[bo + O.CTRL] != ctrl or G[bo + O.PHASED] or G[bo + O.TAPPED] == 0:
            continue
        card = G[bo + O.CARD]
        if (cards[card, CardCol.TYPES] & CardType.CREATURE) == 0:
            continue
        if (cards[card, CardCol.SUBTYPES] & subtypes) == 0:
            continue
        if G[bo + O.STUN] > 0:
            G[bo + O.STUN] -= 1
        else:
            G[bo + O.TAPPED] = 0

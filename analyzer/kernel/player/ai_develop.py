"""Develop before drawing: in a main phase the standard player's sorcery-speed draw spell waits
while an opponent's board is bigger than its own and a creature in hand can be cast instead
(a Limited player under pressure adds a blocker; the cards can be drawn once the board holds);
behind on the board, a loot discards such a spell before a body (player/choices.py).
"""

from __future__ import annotations

from analyzer.enums import CardCol, CardFlag, CardType
from analyzer.kernel.layout import H, O, P
from analyzer.kernel.rules.catalog import abilities_of, cards_of
from analyzer.kernel.rules.combat import is_creature
from analyzer.kernel.rules.mana import can_pay_card
from analyzer.kernel.rules.view import hand_at, ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit


@njit
def _board_power(G, cards, q):
    """The summed power of q's creatures."""
    total = 0
    for i in range(own_n(G, q)):
        o = own_at(G, q, i)
        if G[ob(o) + O.PHASED] == 0 and is_creature(cards, G, o):
            total += max(G[ob(o) + O.CUR_P], 0)
    return total


@njit
def behind_on_board(G, cards, p):
    """Have an opponent's creatures more power than p's?"""
    mine = _board_power(G, cards, p)
    for q in range(G[H.NPLAYERS]):
        if q != p and G[pb(q) + P.LOST] == 0 and _board_power(G, cards, q) > mine:
            return True
    return False


@njit
def develop_first(G, C, p, card):
    """Does this sorcery-speed draw spell wait for a creature: an opponent's creatures have
    more power than p's, and p can pay for a creature card in its hand now?"""
    cards = cards_of(C)
    if cards[card, CardCol.FLAGS] & CardFlag.FAST:
        return False
    if not behind_on_board(G, cards, p):
        return False
    abilities = abilities_of(C)
    for i in range(G[pb(p) + P.HAND_N]):
        c = G[ob(hand_at(G, p, i)) + O.CARD]
        if (
            c != card
            and cards[c, CardCol.TYPES] & CardType.CREATURE
            and can_pay_card(G, cards, abilities, p, c)
        ):
            return True
    return False

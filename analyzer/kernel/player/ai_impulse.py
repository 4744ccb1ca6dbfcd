"""The built-in player's "you may play that card" cards (impulse draw: Alania's Pathmaker,
Harnesser of Storms, Fireglass Mentor): a land it may play from exile is played before one from
its hand, since the permission ends; so is, for the standard player, a spell whose permission
ends this turn (expires_this_turn; spells it may cast from exile are among its castables:
ai_cast.collect_castables)."""

from __future__ import annotations

from analyzer.enums import CardCol, CardType, Zone
from analyzer.kernel.layout import MAX_EXILE, OFF_EXILE, H, O, P
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.events import fire_enters
from analyzer.kernel.rules.library import play_permission_ends
from analyzer.kernel.rules.state import put_onto_battlefield
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def play_exiled_land(G, C, p):
    """Play a land p may play from exile as its land drop; True if it did."""
    cards = cards_of(C)
    for q in range(G[H.NPLAYERS]):
        for i in range(G[pb(q) + P.EXILE_N]):
            o = G[OFF_EXILE + q * MAX_EXILE + i]
            if (
                G[ob(o) + O.CAST_BY] == p + 1
                and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.LAND
            ):
                # 305.1: playing it is the turn's land drop (as script.play_land)
                put_onto_battlefield(
                    G, cards, o, p, cards[G[ob(o) + O.CARD], CardCol.ETB_TAPPED] == 1
                )
                fire_enters(G, C, o)
                G[pb(p) + P.LANDS_TURN] += 1
                G[pb(p) + P.LANDS_PLAYED] += 1
                return True
    return False


@njit
def expires_this_turn(G, p, o):
    """Is o an exiled card p may play only until this turn's cleanup? Cast from exile it costs
    no card; left there it is gone, while a hand card cast instead would have waited."""
    b = ob(o)
    return G[b + O.ZONE] == Zone.EXILE and G[b + O.CAST_BY] == p + 1 and play_permission_ends(G, b)

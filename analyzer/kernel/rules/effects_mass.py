"""Ops on every creature of a kind at once (run_steps dispatches ``Op.BOUNCE_ALL_CREATURES``,
``Op.DOUBLE_PT_ALL`` and ``Op.PREVENT_COMBAT_DAMAGE`` here): "Return all attacking creatures to
their owner's hand." (Aetherize), "Return all creature tokens / nontoken creatures to their
owners' hands." (Perplexing Test), "double the power and toughness of each creature you
control until end of turn" (Unnatural Growth), "Prevent all combat damage that would be dealt
this turn." (Spore Frog)."""

from __future__ import annotations

from analyzer.enums import CardCol, CardType, Zone
from analyzer.kernel.layout import DIRTY_ALL, OFF_BATTLEFIELD, H, O
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.state import move_object
from analyzer.kernel.rules.view import ob
from analyzer.kernel.runtime.config import njit


@njit
def attackers_of(G, p):
    """How many attacking creatures p controls (phased in)."""
    n = 0
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.CTRL] == p and G[b + O.PHASED] == 0 and G[b + O.ATTACKING] > 0:
            n += 1
    return n


@njit
def double_pt_all(G, cards, ctrl):
    """Each creature ctrl controls gets +X/+Y until end of turn, X its power and Y its
    toughness as the step runs (701.10e; a negative power doubles to a lower one)."""
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if (
            G[b + O.CTRL] == ctrl
            and G[b + O.PHASED] == 0
            and cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE
        ):
            G[b + O.EOT_P] += G[b + O.CUR_P]
            G[b + O.EOT_T] += G[b + O.CUR_T]
    G[H.DIRTY] = DIRTY_ALL


@njit
def bounced_by(G, cards, o, token, nontoken, attacking):
    """Does a bounce_all_creatures step with these filters return permanent o?"""
    b = ob(o)
    if G[b + O.PHASED] or (cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0:
        return False  # 702.26b: phased-out permanents are treated as though they don't exist
    if token and G[b + O.TOKEN] == 0:
        return False
    if nontoken and G[b + O.TOKEN] != 0:
        return False
    return not attacking or G[b + O.ATTACKING] != 0


@njit
def bounce_all_creatures(G, C, token, nontoken, attacking):
    """Return each creature the filters pick to its owner's hand (a token ceases to exist
    there, 111.7; one leaving combat, 506.4). One at a time: moving one changes the
    battlefield list, so the scan starts over."""
    cards = cards_of(C)
    moved = True
    while moved:
        moved = False
        for i in range(G[H.BF_N]):
            o = G[OFF_BATTLEFIELD + i]
            if bounced_by(G, cards, o, token, nontoken, attacking):
                move_object(G, cards, o, Zone.HAND)
                moved = True
                break
    G[H.DIRTY] = DIRTY_ALL

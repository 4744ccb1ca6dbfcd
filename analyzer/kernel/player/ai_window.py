"""Cheap tests of whether ai.priority_action could act in a priority window, for ai.may_act:
in a four-player pod most windows (an opponent's end step, a spell on the stack) find a player
with nothing to do, and the full call (its role checks, its walk of activated abilities) cost
about a tenth of a pod game. Each test is conservative: it may say "maybe" where
priority_action passes, never "no" where it acts.
"""

from __future__ import annotations

from analyzer.enums import AiRole, CardCol, CardFlag, CardType, PlayerLevel
from analyzer.kernel.layout import MAX_EXILE, OFF_EXILE, H, O, P
from analyzer.kernel.rules.view import hand_at, ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit


@njit(inline_in_entry=True)  # tiny and on the priority hot path
def may_respond(G, cards, p):
    """Context 1 (responding to the top of the stack): a fast card in hand whose role
    ai_cast.may_help may accept there, whatever it targets, or a fast card p may cast from
    exile (ai._fast_may_help looks at those once p holds a fast card)."""
    basic = G[pb(p) + P.LEVEL] == PlayerLevel.BASIC
    col = CardCol.AI_ROLE_BASIC if basic else CardCol.AI_ROLE
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        if cards[card, CardCol.FLAGS] & CardFlag.FAST == 0:
            continue
        role = cards[card, col]
        if role == AiRole.COUNTER or role == AiRole.PROTECTION:
            return True
        if not basic and (role == AiRole.TRICK or role == AiRole.REMOVAL):
            return True
    for q in range(G[H.NPLAYERS]):
        for i in range(G[pb(q) + P.EXILE_N]):
            o = G[OFF_EXILE + q * MAX_EXILE + i]
            if G[ob(o) + O.CAST_BY] == p + 1 and cards[G[ob(o) + O.CARD], CardCol.FLAGS] & (
                CardFlag.FAST
            ):
                return True
    return False


@njit(inline_in_entry=True)  # tiny and on the priority hot path
def may_act_at_end_step(G, cards, p):
    """Context 3 (an opponent's end step): a fast card in hand (ai._fast_may_help needs one),
    or what ai_activate.try_activate looks at: an activated ability of a permanent, a land card
    to cycle (ai_lands.try_cycling), a graveyard ability."""
    if G[pb(p) + P.GY_ABILITY]:
        return True
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        if cards[card, CardCol.FLAGS] & CardFlag.FAST:
            return True
        if cards[card, CardCol.FLAGS] & CardFlag.HAND_ABILITY and (
            cards[card, CardCol.TYPES] & CardType.LAND
        ):
            return True
    for i in range(own_n(G, p)):
        b = ob(own_at(G, p, i))
        if G[b + O.PHASED] == 0 and cards[G[b + O.CARD], CardCol.FLAGS] & CardFlag.HAS_ACTIVATED:
            return True
    return False

"""The built-in player's "you may play that card" cards (impulse draw: Alania's Pathmaker,
Harnesser of Storms, Fireglass Mentor): a land it may play from exile is played before one from
its hand, since the permission ends; so is, for the standard player, a spell whose permission
ends this turn (expires_this_turn; spells it may cast from exile are among its castables:
ai_cast.collect_castables). A land drop waits for an impulse draw that a spell castable without
it sets off (impulse_spells_first)."""

from __future__ import annotations

from analyzer.enums import (
    SPELL_GENERAL,
    TRIGGER_INSTANT_SORCERY,
    AbilCol,
    AbilityKind,
    CardCol,
    CardType,
    Op,
    Zone,
)
from analyzer.kernel.layout import MAX_EXILE, OFF_EXILE, H, O, P
from analyzer.kernel.rules.catalog import abilities_of, cards_of, has_op
from analyzer.kernel.rules.cost_reduction import cost_now
from analyzer.kernel.rules.events import fire_enters
from analyzer.kernel.rules.library import play_permission_ends
from analyzer.kernel.rules.mana import count_sources
from analyzer.kernel.rules.state import put_onto_battlefield
from analyzer.kernel.rules.view import hand_at, ob, own_at, own_n, pb
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


@njit
def live_impulse(G, C, p):
    """The trigger condition (TRIG_PARAM) of a "whenever you cast" ability of p's that exiles
    the top card to play (Harnesser of Storms) and can still trigger this turn; -1 if none."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    for i in range(own_n(G, p)):
        b = ob(own_at(G, p, i))
        card = G[b + O.CARD]
        if (
            G[b + O.PHASED]
            or (cards[card, CardCol.AB_KINDS] >> AbilityKind.NONCREATURE_SPELL) & 1 == 0
        ):
            continue
        a0 = cards[card, CardCol.AB_START]
        for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
            tp = abilities[a, AbilCol.TRIG_PARAM]
            if (
                abilities[a, AbilCol.KIND] == AbilityKind.NONCREATURE_SPELL
                and tp & SPELL_GENERAL == 0
                and not (abilities[a, AbilCol.ONCE_EACH_TURN] and G[b + O.ONCE_TURN] == G[H.TURN])
                and has_op(C, a, Op.EXILE_TOP_MAY_PLAY)
            ):
                return tp
    return -1


@njit
def _sets_off(cards, tp, card):
    """Does casting card trigger an ability of condition tp (as events_turn fires them)?"""
    types = cards[card, CardCol.TYPES]
    if tp & TRIGGER_INSTANT_SORCERY:
        return types & (CardType.INSTANT | CardType.SORCERY) != 0
    return types & CardType.CREATURE == 0 or cards[card, CardCol.SUBTYPES] & tp != 0


@njit
def impulse_spells_first(G, C, p, buf, n, tp):
    """Main phase, p's land drop left: how many of p's castables buf[:n] set off p's live
    impulse draw (tp: its condition, from live_impulse), moved to the front (their order
    kept). Cast before the land drop, a land the draw exiles is played and the hand's kept;
    the mana is the same once the land follows.
    0 (the land goes first) when none does, or when a card in hand costs one more than p's
    mana: the land drop is what pays it."""
    cards = cards_of(C)
    lands, sacs = count_sources(G, cards, abilities_of(C), p)
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        if (
            cards[card, CardCol.TYPES] & CardType.LAND == 0
            and cost_now(G, C, p, card) == lands + sacs + 1
        ):
            return 0
    m = 0
    for i in range(n):
        if _sets_off(cards, tp, G[ob(buf[i]) + O.CARD]):
            o = buf[i]
            for k in range(i, m, -1):
                buf[k] = buf[k - 1]
            buf[m] = o
            m += 1
    return m

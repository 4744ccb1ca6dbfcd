"""Animated Army's ops (run_steps dispatches ``Op.SHUFFLE_REVEAL_PERMANENT`` to
``Op.LAND_BECOMES_UNTIL_EOT`` here): "The owner of target permanent shuffles it into their library,
then reveals the top card of their library. If it's a permanent card, they put it onto the
battlefield." (Chaos Warp), explore (Path of Discovery), "gain control of up to one target
artifact for as long as you control [this]" (Pyreswipe Hawk), "Target land you control becomes
a 3/3 Elemental creature with haste until end of turn. It's still a land." (Llanowar
Loamspeaker)."""

from __future__ import annotations

from analyzer.enums import CardCol, CardType, Op, Subtype, Zone
from analyzer.kernel.layout import (
    DIRTY_ALL,
    DIRTY_CHARS,
    FACE_PRINTED,
    MAX_LIBRARY,
    OFF_LIBRARY,
    H,
    O,
    P,
)
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.chars_counts import additive
from analyzer.kernel.rules.events import fire_enters, fire_p1p1_put
from analyzer.kernel.rules.library import lands_available, wanted
from analyzer.kernel.rules.refs import is_obj
from analyzer.kernel.rules.rng import shuffle_slice
from analyzer.kernel.rules.state import face_until_eot, move_object, put_onto_battlefield
from analyzer.kernel.rules.statics_global import counters_put
from analyzer.kernel.rules.view import library_top, ob, pb
from analyzer.kernel.runtime.config import njit

# the card types of a permanent card (110.4)
PERMANENT_TYPES = (
    CardType.ARTIFACT
    | CardType.CREATURE
    | CardType.ENCHANTMENT
    | CardType.LAND
    | CardType.PLANESWALKER
    | CardType.BATTLE
)


@njit
def run_army_op(G, C, op, src, ctrl, n, vals):
    """One of ops SHUFFLE_REVEAL_PERMANENT .. LAND_BECOMES_UNTIL_EOT on the ref values vals[:n]."""
    for i in range(n):
        if not is_obj(vals[i]):
            continue
        if op == Op.SHUFFLE_REVEAL_PERMANENT:
            _shuffle_reveal(G, C, vals[i])
        elif op == Op.EXPLORE:
            _explore(G, C, vals[i])
        elif op == Op.GAIN_CONTROL_WHILE:
            _gain_control_while(G, src, ctrl, vals[i])
        elif op == Op.LAND_BECOMES_UNTIL_EOT:
            _land_becomes(G, C, vals[i])


@njit
def _shuffle_reveal(G, C, o):
    """o's owner shuffles it into their library (a token ceases to exist, 111.7; a commander
    may go to the command zone, 903.9b: the owner still shuffles and reveals, the card's
    ruling), then reveals the top card: a permanent card enters under the owner's control."""
    cards = cards_of(C)
    b = ob(o)
    if G[b + O.ZONE] != Zone.BATTLEFIELD:
        return
    owner = G[b + O.OWNER]
    move_object(G, cards, o, Zone.LIBRARY)
    shuffle_slice(G, OFF_LIBRARY + owner * MAX_LIBRARY, G[pb(owner) + P.LIB_N])
    top = library_top(G, owner)
    if (
        top >= 0
        and cards[G[ob(top) + O.CARD], CardCol.TYPES] & PERMANENT_TYPES
        and (cards[G[ob(top) + O.CARD], CardCol.SUBTYPES] & Subtype.AURA) == 0
    ):  # an Aura card stays on top: what it would enchant is not chosen (not modeled)
        put_onto_battlefield(G, cards, top, owner, False)
        fire_enters(G, C, top)


@njit
def _explore(G, C, o):
    """o explores (701.44a): its controller reveals the top card of their library; a land goes
    to their hand; otherwise a +1/+1 counter goes on o (only if it is still on the battlefield,
    the rulings) and the card stays on top or goes to the graveyard: the built-in player keeps
    it when it is a card it wants (library.wanted, as for scry). An empty library reveals
    nothing: not a land, so the counter (701.44b)."""
    cards = cards_of(C)
    b = ob(o)
    p = G[b + O.CTRL]
    top = library_top(G, p)
    if top >= 0 and cards[G[ob(top) + O.CARD], CardCol.TYPES] & CardType.LAND:
        move_object(G, cards, top, Zone.HAND)
        return
    if G[b + O.ZONE] == Zone.BATTLEFIELD:
        m = counters_put(G, C, p, 1)
        G[b + O.P1P1] += m
        G[b + O.CUR_P] += m
        G[b + O.CUR_T] += m
        G[H.DIRTY] |= DIRTY_ALL & ~DIRTY_CHARS
        if not additive(G, o):
            G[H.DIRTY] |= DIRTY_CHARS
        fire_p1p1_put(G, C, p, o)
    if top >= 0 and not wanted(C, G[ob(top) + O.CARD], lands_available(G, C, p)):
        move_object(G, cards, top, Zone.GRAVEYARD)


@njit
def _gain_control_while(G, src, ctrl, o):
    """ctrl gains control of o for as long as they control src (chars.refresh ends it once
    src left the battlefield, is a new object or has another controller)."""
    if src < 0 or G[ob(o) + O.ZONE] != Zone.BATTLEFIELD:
        return
    b = ob(o)
    G[b + O.CTRL_WHILE] = 1 + src
    G[b + O.CTRL_WHILE_ZCC] = G[ob(src) + O.ZCC]
    G[b + O.CTRL_WHILE_P] = 1 + ctrl
    G[H.CTRL_WHILE_N] = 1  # chars.refresh looks for such effects from now on
    G[H.DIRTY] = DIRTY_ALL


@njit
def _land_becomes(G, C, o):
    """Land o has its LAND_TWIN row (the land as a 3/3 Elemental creature with haste too: its
    own types, abilities and mana kept) until end of turn (state.becomes_until_eot)."""
    cards = cards_of(C)
    b = ob(o)
    if G[b + O.ZONE] != Zone.BATTLEFIELD:
        return
    f = G[b + O.FACE]
    printed = (f & FACE_PRINTED) - 1 if f != 0 else G[b + O.CARD]
    twin = cards[printed, CardCol.LAND_TWIN]
    if twin == 0:
        return
    face_until_eot(G, o, twin - 1)

"""The effect interpreter's ops on libraries and hands (split from effects.py, which dispatches
here): mill, surveil and scry, dig and reveal, searches, discards, draws counted as they
resolve, forage, tuck, and the look-and-take ops. ``IT`` and "if you do" (``done``) come back
to run_steps as a pair."""

from __future__ import annotations

from analyzer.enums import AbilityKind, CardCol, Op, XCount, Zone
from analyzer.kernel.layout import PLAYER_BASE, O, P
from analyzer.kernel.player.choices import discard_choice, forage, tuck_on_top, wants_land_on_top
from analyzer.kernel.rules.actions import copy_worth, lose_life_event
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.events import draw_cards_firing, fire_controller_event
from analyzer.kernel.rules.library import (
    dig,
    exile_top_may_play,
    look_at_top,
    look_take,
    mill,
    mill_take,
    reveal_until_land,
    search_basic_land,
    search_basic_land_to_top,
    search_land,
)
from analyzer.kernel.rules.refs import count_x, is_obj
from analyzer.kernel.rules.state import move_object
from analyzer.kernel.rules.view import hand_at, library_top, ob, pb
from analyzer.kernel.runtime.config import njit


@njit(inline_in_entry=True)
def is_library_op(op):
    """Is op one of this module's (run_library_op runs it)?"""
    return (
        op == Op.MILL
        or op == Op.SURVEIL
        or op == Op.SCRY
        or op == Op.DIG
        or op == Op.DIG_SUBTYPES
        or op == Op.REVEAL_UNTIL_LAND
        or op == Op.SEARCH_BASIC_LAND
        or op == Op.DISCARD
        or op == Op.DRAW_X
        or op == Op.FORAGE
        or op == Op.TUCK
        or op == Op.MILL_TAKE
        or op == Op.LOOK_X_TAKE_X
        or op == Op.REVEAL_TOP_LOSE_MV
        or op == Op.DISCARD_HAND_DRAW_STASH
        or op == Op.EXILE_TOP_MAY_PLAY
        or op == Op.TO_LIBRARY_BOTTOM
        or op == Op.DISCARD_HAND_MAY_DRAW
        or op == Op.SEARCH_LAND
        or op == Op.HAVE_DRAW_MAY
    )


@njit
def run_library_op(G, C, op, a, b_, c, src, ctrl, n, vals, it, done, trig_obj):
    """One step of an op of this module for the n values of its ref (a, b_, c: its parameters;
    src, ctrl: the ability's source and controller; trig_obj: the object that triggered it).
    Returns (it, done)."""
    cards = cards_of(C)
    if op == Op.MILL:
        for i in range(n):
            if vals[i] >= PLAYER_BASE:
                mill(G, C, vals[i] - PLAYER_BASE, a)
    elif op == Op.SURVEIL or op == Op.SCRY:
        look_at_top(G, C, ctrl, a, op == Op.SURVEIL)
    elif op == Op.DIG:
        dig(G, C, ctrl, a, b_, c, 0, 99, False)
    elif op == Op.DIG_SUBTYPES:
        dig(G, C, ctrl, a, -1, 99, b_, 99, False)  # any card type with one of the subtypes
    elif op == Op.REVEAL_UNTIL_LAND:
        reveal_until_land(G, C, ctrl)
    elif op == Op.SEARCH_BASIC_LAND:
        if a == 0:
            it = search_basic_land(G, C, ctrl, True)  # "that land" (Fabled Passage)
        elif wants_land_on_top(G, C, ctrl):  # "you may search ... put it on top"
            search_basic_land_to_top(G, C, ctrl)
    elif op == Op.DISCARD:
        done = 0
        for i in range(n):
            if vals[i] < PLAYER_BASE:
                continue
            for _ in range(a):  # each card is the discarding player's choice
                w = discard_choice(G, C, vals[i] - PLAYER_BASE, b_ == 1)
                if w < 0:
                    break
                move_object(G, cards, w, Zone.GRAVEYARD)
                done = 1
    elif op == Op.DRAW_X:
        x = count_x(G, C, a, src, ctrl, 0)
        for i in range(n):
            if vals[i] >= PLAYER_BASE and x > 0:
                draw_cards_firing(G, C, vals[i] - PLAYER_BASE, x)
    elif op == Op.FORAGE:
        done = 1 if forage(G, C, ctrl) else 0
        if done:
            fire_controller_event(G, C, ctrl, AbilityKind.FORAGED, -1)
    elif op == Op.TUCK:
        for i in range(n):
            if is_obj(vals[i]) and G[ob(vals[i]) + O.ZONE] == Zone.BATTLEFIELD:
                move_object(G, cards, vals[i], Zone.LIBRARY, tuck_on_top(G, cards, vals[i]))
    elif op == Op.MILL_TAKE:
        it, done = mill_take(G, C, ctrl, a, b_, c)
    elif op == Op.LOOK_X_TAKE_X:
        x = count_x(G, C, XCount.X_PAID, src, ctrl, 0)
        if x > 0:
            look_take(G, C, ctrl, a * x, x)
    elif op == Op.REVEAL_TOP_LOSE_MV:
        if G[pb(ctrl) + P.LIB_N] > 0:
            top = library_top(G, ctrl)
            move_object(G, cards, top, Zone.HAND)
            mv = cards[G[ob(top) + O.CARD], CardCol.MV]
            if mv > 0:
                lose_life_event(G, C, ctrl, mv)
    elif op == Op.DISCARD_HAND_DRAW_STASH:
        x = G[ob(src) + O.STASH]  # sacrificed as the cost: the count as it last existed
        while G[pb(ctrl) + P.HAND_N] > 0:
            move_object(G, cards, hand_at(G, ctrl, 0), Zone.GRAVEYARD)
        if x > 0:
            draw_cards_firing(G, C, ctrl, x)
    elif op == Op.EXILE_TOP_MAY_PLAY:
        it = exile_top_may_play(G, C, ctrl, a, b_ == 1, c == 1)
    elif op == Op.TO_LIBRARY_BOTTOM:
        for i in range(n):
            if is_obj(vals[i]) and G[ob(vals[i]) + O.ZONE] == Zone.GRAVEYARD:
                move_object(G, cards, vals[i], Zone.LIBRARY, False)
    elif op == Op.DISCARD_HAND_MAY_DRAW:
        # "you may discard your hand. If you do, draw a cards": the built-in player does
        # when it gains cards by it
        done = 0
        if G[pb(ctrl) + P.HAND_N] < a:
            while G[pb(ctrl) + P.HAND_N] > 0:
                move_object(G, cards, hand_at(G, ctrl, 0), Zone.GRAVEYARD)
            draw_cards_firing(G, C, ctrl, a)
            done = 1
    elif op == Op.SEARCH_LAND:
        search_land(G, C, ctrl, a, b_ == 1, c == 1)
    elif op == Op.HAVE_DRAW_MAY:  # "you may have target opponent draw a card. If you do"
        done = 0
        if copy_worth(G, ctrl, trig_obj):
            for i in range(n):
                if vals[i] >= PLAYER_BASE:
                    draw_cards_firing(G, C, vals[i] - PLAYER_BASE, a)
                    done = 1
    return it, done

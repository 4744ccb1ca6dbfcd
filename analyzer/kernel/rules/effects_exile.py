"""Exile and return ops: exile until the source leaves (610.3c) and flicker (exile, then
return to the battlefield at once)."""

from __future__ import annotations

from analyzer.enums import CardCol, Op, Zone
from analyzer.kernel.layout import DIRTY_ALL, H, O
from analyzer.kernel.player.choices import flicker_wanted
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.events import fire_enters, fire_p1p1_put
from analyzer.kernel.rules.gamelog import log_enters_with_p1p1
from analyzer.kernel.rules.refs import is_obj
from analyzer.kernel.rules.state import move_object, put_onto_battlefield
from analyzer.kernel.rules.statics_global import counters_put
from analyzer.kernel.rules.view import ob
from analyzer.kernel.runtime.config import njit


@njit
def run_exile_op(G, C, op, a, b_, c, src, ctrl, n, vals, it):
    """EXILE_UNTIL_LEAVES, FLICKER and FLICKER_YOURS on the n objects in vals. Returns (IT,
    done): done is "if you do" for the step after (a power-N-or-less creature exiled, a
    creature of the subtypes in c flickered)."""
    cards = cards_of(C)
    done = 0
    if op == Op.EXILE_UNTIL_LEAVES:
        # 610.3c: if the source already left the battlefield, nothing is exiled
        if src >= 0 and G[ob(src) + O.ZONE] == Zone.BATTLEFIELD:
            for i in range(n):
                if is_obj(vals[i]):
                    v = vals[i]
                    if G[ob(v) + O.CUR_P] <= b_:  # "if that creature had power N or less"
                        done = 1
                    move_object(G, cards, v, Zone.EXILE)
                    if G[ob(v) + O.ZONE] == Zone.EXILE:  # a token ceased to exist instead
                        G[ob(v) + O.LINK] = src + 1
                        G[H.LINKS] = 1  # check_sba looks for linked returns from now on
                        G[ob(v) + O.LINK_ZCC] = G[ob(src) + O.ZCC]
                    it = v
        return it, done
    for i in range(n):
        if is_obj(vals[i]):
            v = vals[i]
            if b_ == 1 and not flicker_wanted(G, v):
                continue  # "you may": the controller's choice
            if cards[G[ob(v) + O.CARD], CardCol.SUBTYPES] & c:
                done = 1  # "if that creature is a Bird, Frog, ...": then a DONE step
            move_object(G, cards, v, Zone.EXILE)
            if G[ob(v) + O.ZONE] == Zone.EXILE:  # a token ceases to exist instead
                back = ctrl if op == Op.FLICKER_YOURS else G[ob(v) + O.OWNER]
                put_onto_battlefield(G, cards, v, back, False)
                # the counters it enters with are put by its controller (entering may not
                # have set DIRTY_CHARS: state.board_inert)
                m = counters_put(G, C, G[ob(v) + O.CTRL], a)
                G[ob(v) + O.P1P1] += m
                log_enters_with_p1p1(G, G[ob(v) + O.CTRL], v, m)
                G[H.DIRTY] = DIRTY_ALL
                if a > 0:
                    fire_p1p1_put(G, C, ctrl, v)
                fire_enters(G, C, v)
                it = v
    return it, done

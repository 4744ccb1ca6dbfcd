"""A permanent entering or leaving the battlefield refreshes the characteristics only when a
static ability out counts or reaches it (chars_counts.board_reach, state.board_inert): the
record stays settled either way (a full refresh then changes nothing; the invariant games check
the same after every step, invariants.py check 10)."""

from __future__ import annotations

import numpy as np
from test_scenarios import SCEN

from analyzer.analysis.scenario_run import ScenarioRun
from analyzer.cards.catalog import load_catalog
from analyzer.enums import Subtype, Zone
from analyzer.io.scenario import parse_scenario
from analyzer.kernel import layout as L
from analyzer.kernel.rules.chars import refresh
from analyzer.kernel.rules.invariants import stale_characteristics
from analyzer.kernel.rules.state import move_object, put_onto_battlefield
from analyzer.kernel.rules.view import ob, pb

# seat 0: a Squirrel lord ("Other Squirrels you control get +1/+1"); the cards in hand enter
POSITION = """
[game]
players = 2
active = 0
turn = 4
phase = "main1"
[[seat]]
battlefield = ["Squirrel Sovereign", "Forest"]
hand = ["Forest", "Jolly Gerbils", "Treetop Sentries"]
library = ["Forest"]
[[seat]]
battlefield = ["Forest"]
hand = ["Treetop Sentries"]
library = ["Forest"]
"""


def _in_hand(G, names, seat, name):
    for o in range(int(G[L.H.NOBJ])):
        b = ob(o)
        if (
            G[b + L.O.ZONE] == Zone.HAND
            and G[b + L.O.OWNER] == seat
            and names[G[b + L.O.CARD]] == name
        ):
            return o
    raise AssertionError(name)


def _on_battlefield(G, names, name):
    for i in range(int(G[L.H.BF_N])):
        o = int(G[L.OFF_BATTLEFIELD + i])
        if names[G[ob(o) + L.O.CARD]] == name:
            return o
    raise AssertionError(name)


def _dirty_chars(G):
    return bool(G[L.H.DIRTY] & L.DIRTY_CHARS)


def test_only_what_a_static_ability_reaches_makes_an_entering_permanent_refresh():
    catalog = load_catalog()
    run = ScenarioRun(parse_scenario(POSITION, "<test>", base_dir=SCEN), catalog.compiled)
    G, C, names = run.G, run.C, catalog.compiled.names
    cards = np.asarray(catalog.compiled.cards, dtype=np.int32)  # (cards_of's table)
    scratch = np.empty_like(G)
    refresh(G, C)
    # the lord reaches seat 0's Squirrels; seat 1's permanents nothing
    assert G[pb(0) + L.P.BOARD_SUBTYPES] == Subtype.SQUIRREL
    assert G[pb(0) + L.P.BOARD_TYPES] == 0
    assert (G[pb(1) + L.P.BOARD_TYPES], G[pb(1) + L.P.BOARD_SUBTYPES]) == (0, 0)
    for name in ("Forest", "Jolly Gerbils"):  # a land, a Hamster: no refresh, still settled
        o = _in_hand(G, names, 0, name)
        put_onto_battlefield(G, cards, o, 0, False)
        assert G[ob(o) + L.O.ZONE] == Zone.BATTLEFIELD
        assert not _dirty_chars(G) and not stale_characteristics(G, C, scratch), name
    sentries = _in_hand(G, names, 1, "Treetop Sentries")  # a Squirrel of the other seat's
    put_onto_battlefield(G, cards, sentries, 1, False)
    assert not _dirty_chars(G) and not stale_characteristics(G, C, scratch)
    # seat 0's own Squirrel: the lord's +1/+1 is missing until a refresh, which is due
    mine = _in_hand(G, names, 0, "Treetop Sentries")
    put_onto_battlefield(G, cards, mine, 0, False)
    assert _dirty_chars(G) and stale_characteristics(G, C, scratch)
    refresh(G, C)
    assert (G[ob(mine) + L.O.CUR_P], G[ob(mine) + L.O.CUR_T]) == (3, 5)
    assert G[ob(sentries) + L.O.CUR_P] == 2  # the other seat's is not the lord's
    # leaving: the Hamster goes without a refresh; the lord itself (a static ability) with one
    move_object(G, cards, _on_battlefield(G, names, "Jolly Gerbils"), Zone.GRAVEYARD)
    assert not _dirty_chars(G) and not stale_characteristics(G, C, scratch)
    move_object(G, cards, _on_battlefield(G, names, "Squirrel Sovereign"), Zone.GRAVEYARD)
    assert _dirty_chars(G) and stale_characteristics(G, C, scratch)

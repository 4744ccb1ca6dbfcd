"""Changes that skip chars.refresh because what it would change is known: a pump, +1/+1
counters or a keyword granted while no static ability out reads current P/T, counters or
keywords (chars_counts.additive), a permanent whose static abilities refresh does not read
(CardFlag.STATIC_CHARS, state.board_inert), a "during your turn" animation with nothing to
animate (chars._turn_seats). The record stays settled each time (a full refresh then changes
nothing; the invariant games check the same after every step, invariants.py check 10)."""

from __future__ import annotations

import numpy as np
from test_board_reach import _dirty_chars, _in_hand, _on_battlefield
from test_scenarios import SCEN

from analyzer.analysis.scenario_run import ScenarioRun
from analyzer.cards.catalog import load_catalog
from analyzer.enums import CardCol, CardFlag, Keyword
from analyzer.io.scenario import parse_scenario
from analyzer.kernel import layout as L
from analyzer.kernel.rules.chars import refresh
from analyzer.kernel.rules.chars_counts import kw_moved, pt_moved
from analyzer.kernel.rules.invariants import stale_characteristics
from analyzer.kernel.rules.life_draw import draw_cards
from analyzer.kernel.rules.state import put_onto_battlefield
from analyzer.kernel.rules.view import ob

POSITION = """
[game]
players = 2
active = 0
turn = 4
phase = "main1"
[[seat]]
battlefield = ["Squirrel Sovereign", "Treetop Sentries", "Bello, Bard of the Brambles"]
hand = ["Reliquary Tower", "Tetsuko Umezawa, Fugitive", "Thran Dynamo"]
library = ["Forest", "Forest"]
[[seat]]
battlefield = ["Forest", "Psychosis Crawler"]
library = ["Forest", "Forest"]
"""


def _position():
    catalog = load_catalog()
    run = ScenarioRun(parse_scenario(POSITION, "<test>", base_dir=SCEN), catalog.compiled)
    cards = np.asarray(catalog.compiled.cards, dtype=np.int32)  # (cards_of's table)
    G = run.G
    refresh(G, run.C)
    G[L.H.DIRTY] = 0
    return G, run.C, catalog.compiled.names, cards


def _pump(G, o, p, t):
    """What effects.run_steps does for "target creature gets +p/+t until end of turn"."""
    G[ob(o) + L.O.EOT_P] += p
    G[ob(o) + L.O.EOT_T] += t
    pt_moved(G, o, p, t)


def test_a_pump_or_a_keyword_under_additive_statics_needs_no_refresh():
    G, C, names, _cards = _position()
    scratch = np.empty_like(G)
    sentries = _on_battlefield(G, names, "Treetop Sentries")  # 2/4, +1/+1 from the lord
    assert G[L.H.NONADDITIVE] == 0
    _pump(G, sentries, 2, 2)
    G[ob(sentries) + L.O.P1P1] += 1
    pt_moved(G, sentries, 1, 1)
    G[ob(sentries) + L.O.EOT_KW] |= Keyword.FLYING
    kw_moved(G, sentries, Keyword.FLYING)
    assert not _dirty_chars(G) and not stale_characteristics(G, C, scratch)
    assert (G[ob(sentries) + L.O.CUR_P], G[ob(sentries) + L.O.CUR_T]) == (6, 8)


def test_a_static_that_reads_power_makes_a_pump_refresh():
    G, C, names, cards = _position()
    scratch = np.empty_like(G)
    tetsuko = _in_hand(G, names, 0, "Tetsuko Umezawa, Fugitive")  # power or toughness <= 1
    put_onto_battlefield(G, cards, tetsuko, 0, False)
    refresh(G, C)
    assert G[L.H.NONADDITIVE] == 1
    _pump(G, tetsuko, 1, 1)  # a 1/3 no longer small: it loses unblockable at the refresh
    assert _dirty_chars(G) and stale_characteristics(G, C, scratch)


def test_a_permanent_whose_statics_refresh_does_not_read_enters_without_one():
    G, C, names, cards = _position()
    scratch = np.empty_like(G)
    tower = _in_hand(G, names, 0, "Reliquary Tower")  # "You have no maximum hand size."
    flags = cards[G[ob(tower) + L.O.CARD], CardCol.FLAGS]
    assert flags & CardFlag.HAS_STATIC and not flags & CardFlag.STATIC_CHARS
    put_onto_battlefield(G, cards, tower, 0, False)
    assert not _dirty_chars(G) and not stale_characteristics(G, C, scratch)


def test_bello_with_nothing_to_animate_asks_no_refresh_at_its_turns():
    G, C, names, cards = _position()
    assert G[L.H.GAME_STATICS] == 0  # Bello out, no artifact or enchantment of mana value 4+
    dynamo = _in_hand(G, names, 0, "Thran Dynamo")
    put_onto_battlefield(G, cards, dynamo, 0, False)
    assert _dirty_chars(G)  # (Bello reaches it)
    refresh(G, C)
    assert G[L.H.GAME_STATICS] == 1 << 0  # now seat 0's turns begin and end its animation


def test_a_hand_size_static_asks_a_refresh_only_for_its_controllers_hand():
    G, _C, _names, _cards = _position()
    assert G[L.H.HAND_STATICS] == 1 << 1  # seat 1's Psychosis Crawler reads seat 1's hand
    draw_cards(G, 0, 1)
    assert not _dirty_chars(G)
    draw_cards(G, 1, 1)
    assert _dirty_chars(G)


def test_every_static_op_refresh_reads_makes_a_card_static_chars():
    """A static op the characteristics' code names must be in opcodes_static.CHARS_STATIC_OPS,
    or a card with it would enter with no refresh (state.board_inert)."""
    import re
    from pathlib import Path

    from analyzer.cards.opcodes_static import CHARS_STATIC_OPS
    from analyzer.enums import Op

    rules = Path(__file__).parents[1] / "analyzer" / "kernel" / "rules"
    named = set()
    for f in ("chars.py", "chars_counts.py", "statics_global.py", "statics_squirrels.py"):
        named |= set(re.findall(r"Op\.(STATIC_[A-Z_0-9]+)", (rules / f).read_text()))
    assert named and {getattr(Op, n) for n in named} <= CHARS_STATIC_OPS

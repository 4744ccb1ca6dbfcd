"""Whole games with the cards made exact by `cards9` (Essence Channeler's counters as it dies,
Whiskervale Forerunner's valiant dig onto the battlefield, Wishing Well's free cast by coin
counters, Mistbreath Elder's upkeep return, Dreamdew Entrancer's stun, Fabled Passage's untap;
Lumra's lands, Fecund Greenshell's land or card, Stormsplitter's token copies, Valley
Flamecaller's extra damage, Sunspine Lynx's "players can't gain life", Byrke's doubling):
invariants after every step, and each card is really used (cast, activated, played and
sacrificed), so the invariant checks reach the new code paths."""

from __future__ import annotations

from test_new_cards_games import _objects

from analyzer.analysis.simulate import kernel_inputs
from analyzer.enums import Zone
from analyzer.io.deck import Deck
from analyzer.kernel import layout as L
from analyzer.kernel.rules import engine
from analyzer.kernel.rules.invariants import CHECK_NAMES, play_checked
from analyzer.policies.table import policy_table

WHITE_BLUE = Deck(
    "channelers",
    (
        ("Plains", 8),
        ("Island", 7),
        ("Fabled Passage", 2),
        ("Essence Channeler", 4),
        ("Whiskervale Forerunner", 3),
        ("Brightblade Stoat", 4),
        ("Wishing Well", 3),
        ("Shore Up", 4),
        ("Into the Flood Maw", 2),
        ("Bellowing Crier", 3),
    ),
)
GREEN_BLUE = Deck(
    "elders",
    (
        ("Forest", 8),
        ("Island", 7),
        ("Fabled Passage", 2),
        ("Mistbreath Elder", 4),
        ("Dreamdew Entrancer", 4),
        ("Bellowing Crier", 4),
        ("Treetop Sentries", 4),
        ("Bakersbane Duo", 4),
        ("Shore Up", 3),
    ),
)

RED_GREEN = Deck(
    "lumras",
    (
        ("Mountain", 8),
        ("Forest", 8),
        ("Hidden Grotto", 1),
        ("Lumra, Bellow of the Woods", 2),
        ("Fecund Greenshell", 3),
        ("Stormsplitter", 3),
        ("Valley Flamecaller", 3),
        ("Sunspine Lynx", 2),
        ("Hearthborn Battler", 3),
        ("Treetop Sentries", 3),
        ("Might of the Meek", 2),
        ("Rabid Gnaw", 2),
    ),
)
GREEN_WHITE = Deck(
    "byrkes",
    (
        ("Forest", 8),
        ("Plains", 9),
        ("Byrke, Long Ear of the Law", 3),
        ("Brightblade Stoat", 4),
        ("Treetop Sentries", 4),
        ("Bakersbane Duo", 4),
        ("Intrepid Rabbit", 4),
        ("Nettle Guard", 4),
    ),
)


def _play(catalog, decks, games):
    """`games` games of decks[0] against decks[1] under the invariant checks: the failures,
    the times each card was cast, and how many copies of each card ended in each zone."""
    inp = kernel_inputs(decks, catalog)
    pol = policy_table("never", inp.card_names)
    G = engine.new_record(inp.deck_sizes)
    n_cards = int(sum(inp.deck_sizes))
    ids = {name: catalog.compiled.id_of(name) for d in decks for name, _ in d.main}
    cast = dict.fromkeys(ids, 0)
    zones = {name: [0] * 8 for name in ids}
    counters = dict.fromkeys(ids, 0)
    failures = []
    for gi in range(games):
        engine.init_game(
            G, inp.C, inp.decks, inp.deck_sizes, inp.levels, 2, 11, gi, 20, 60, 50_000, -1
        )
        bad, steps = play_checked(G, inp.C, pol)
        if bad:
            failures.append((gi, CHECK_NAMES[bad], steps))
            continue
        for b in _objects(G, n_cards):
            card = int(G[b + L.O.CARD])
            for name, cid in ids.items():
                if cid == card:
                    cast[name] += int(G[b + L.O.STAT_CAST])
                    zones[name][int(G[b + L.O.ZONE])] += 1
                    counters[name] += int(G[b + L.O.STASH]) + int(G[b + L.O.P1P1])
    return failures, cast, zones, counters


def test_games_with_the_cards9_cards_keep_invariants_and_use_them(catalog) -> None:
    failures, cast, zones, counters = _play(catalog, [WHITE_BLUE, GREEN_BLUE], games=40)
    assert failures == []
    for name in (
        "Essence Channeler",
        "Whiskervale Forerunner",
        "Wishing Well",
        "Mistbreath Elder",
        "Dreamdew Entrancer",
    ):
        assert cast[name] > 0, name
    # the Passages were played and sacrificed (a land is played, not cast)
    assert zones["Fabled Passage"][Zone.GRAVEYARD] > 0
    # Wishing Well was activated: coin counters (kept as last known if it left) ...
    assert counters["Wishing Well"] > 0
    # ... and a spell cast free by it was exiled (nothing else here exiles these)
    assert zones["Shore Up"][Zone.EXILE] + zones["Into the Flood Maw"][Zone.EXILE] > 0
    # Mistbreath Elder returned another creature and took its counter
    assert counters["Mistbreath Elder"] > 0


def test_games_with_the_second_cards9_batch_keep_invariants(catalog) -> None:
    failures, cast, _, _ = _play(catalog, [RED_GREEN, GREEN_WHITE], games=40)
    assert failures == []
    for name in (
        "Lumra, Bellow of the Woods",
        "Fecund Greenshell",
        "Stormsplitter",
        "Valley Flamecaller",
        "Sunspine Lynx",
        "Byrke, Long Ear of the Law",
    ):
        assert cast[name] > 0, name

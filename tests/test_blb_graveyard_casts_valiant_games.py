"""Whole games with the cards made exact in one batch (Daring Waverider's free cast from the
graveyard, Emberheart Challenger's valiant impulse draw, Thundertrap Trainer's noncreature dig,
Warren Warleader's attacking token or attackers' pump, Finneas's counters and total power,
Byway Barterer's discard-and-draw):
invariants after every step, and each card is really cast, and Waverider really casts a spell
from the graveyard (the spell ends in exile), so the invariant checks reach the new code
paths."""

from __future__ import annotations

from test_new_cards_games import _play

from analyzer.io.deck import Deck

BLUE_RED = Deck(
    "waveriders",
    (
        ("Island", 9),
        ("Mountain", 8),
        ("Daring Waverider", 4),
        ("Thundertrap Trainer", 3),
        ("Emberheart Challenger", 4),
        ("Might of the Meek", 3),
        ("Rabid Gnaw", 3),
        ("Agate Assault", 3),
        ("Dire Downdraft", 2),
        ("Byway Barterer", 1),
    ),
)
GREEN_BLACK = Deck(
    "beaters",
    (
        ("Forest", 9),
        ("Swamp", 8),
        ("Bakersbane Duo", 4),
        ("Treetop Sentries", 4),
        ("Bonecache Overseer", 4),
        ("Thought Shucker", 4),
        ("Feed the Cycle", 4),
        ("Agate-Blade Assassin", 3),
    ),
)

WHITE_GREEN = Deck(
    "warleaders",
    (
        ("Plains", 12),
        ("Forest", 5),
        ("Warren Warleader", 4),
        ("Intrepid Rabbit", 4),
        ("Brightblade Stoat", 4),
        ("Nettle Guard", 4),
        ("Shrike Force", 3),
        ("Mouse Trapper", 1),
        ("Finneas, Ace Archer", 3),
    ),
)


def test_games_with_the_cards8_cards_keep_invariants_and_use_them(catalog) -> None:
    failures, cast, _, exiled = _play(catalog, [BLUE_RED, GREEN_BLACK], games=40)
    assert failures == []
    for name in (
        "Daring Waverider",
        "Thundertrap Trainer",
        "Emberheart Challenger",
        "Byway Barterer",
    ):
        assert cast[name] > 0, name
    # a spell cast free from the graveyard is exiled instead of going back there; nothing
    # else in these decks exiles the blue-red instants and sorceries
    assert sum(exiled[n] for n in ("Rabid Gnaw", "Agate Assault", "Dire Downdraft")) > 0


def test_games_with_warren_warleader_keep_invariants(catalog) -> None:
    failures, cast, _, _ = _play(catalog, [WHITE_GREEN, GREEN_BLACK], games=40)
    assert failures == []
    assert cast["Warren Warleader"] > 0
    assert cast["Finneas, Ace Archer"] > 0

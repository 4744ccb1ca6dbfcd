"""Whole games with the cards made exact last (Three Tree Scribe's and Dour Port-Mage's "leaves
the battlefield without dying", Stocking the Pantry's counters trigger and "remove a counter"
cost, the Talents' new abilities (Builder's, Blacksmith's, Caretaker's, Stormchaser's), Long
River Lurker's ward {1} and flicker after combat damage, Heirloom Epic's creatures tapped for
mana, Beza's and Lunar Convocation's conditions, Darkstar Augur, Valley Rotcaller, Kitsa,
Manifold Mouse, Hired Claw, Valley Questcaller, Persistent Marshstalker's graveyard trigger):
invariants after every step, and each card is really cast and a Talent levelled up, so the
invariant checks reach the new code paths."""

from __future__ import annotations

from test_new_cards_games import _play

from analyzer.io.deck import Deck

GREEN_BLUE = Deck(
    "scribes",
    (
        ("Forest", 8),
        ("Island", 9),
        ("Three Tree Scribe", 3),
        ("Stocking the Pantry", 2),
        ("Long River Lurker", 3),
        ("Dour Port-Mage", 3),
        ("Splash Portal", 2),
        ("Heirloom Epic", 2),
        ("Kitsa, Otterball Elite", 2),
        ("Stormchaser's Talent", 2),
        ("Sunshower Druid", 2),
        ("Bushy Bodyguard", 2),
    ),
)
RED = Deck(
    "swords",
    (
        ("Mountain", 16),
        ("Blacksmith's Talent", 3),
        ("Manifold Mouse", 3),
        ("Heartfire Hero", 4),
        ("Steampath Charger", 4),
        ("Hired Claw", 3),
        ("Agate Assault", 3),
        ("Flamecache Gecko", 4),
    ),
)
WHITE_BLACK = Deck(
    "caretakers",
    (
        ("Plains", 8),
        ("Swamp", 9),
        ("Builder's Talent", 2),
        ("Caretaker's Talent", 2),
        ("Beza, the Bounding Spring", 2),
        ("Lunar Convocation", 2),
        ("Darkstar Augur", 2),
        ("Valley Rotcaller", 2),
        ("Carrot Cake", 2),
        ("Intrepid Rabbit", 2),
        ("Valley Questcaller", 2),
        ("Thought Shucker", 2),
        ("Persistent Marshstalker", 3),
    ),
)


def _check(catalog, decks, names) -> None:
    failures, cast, top_level, _ = _play(catalog, decks, games=20)
    assert failures == []
    for name in names:
        assert cast[name] > 0, name
    assert top_level >= 2  # the built-in player levels a Talent up


def test_games_with_the_new_blue_green_and_red_cards(catalog) -> None:
    _check(
        catalog,
        [GREEN_BLUE, RED],
        (
            "Three Tree Scribe",
            "Stocking the Pantry",
            "Long River Lurker",
            "Dour Port-Mage",
            "Heirloom Epic",
            "Kitsa, Otterball Elite",
            "Stormchaser's Talent",
            "Blacksmith's Talent",
            "Manifold Mouse",
            "Hired Claw",
        ),
    )


def test_games_with_the_new_white_and_black_cards(catalog) -> None:
    _check(
        catalog,
        [WHITE_BLACK, RED],
        (
            "Builder's Talent",
            "Caretaker's Talent",
            "Beza, the Bounding Spring",
            "Lunar Convocation",
            "Darkstar Augur",
            "Valley Rotcaller",
            "Valley Questcaller",
            "Persistent Marshstalker",
        ),
    )

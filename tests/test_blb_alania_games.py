"""Whole games with Alania, Divergent Storm (the first instant, sorcery or Otter spell of a turn
copied for a card drawn by an opponent): invariants after every step, and Alania is really cast
next to such spells, so the invariant checks reach the copies."""

from __future__ import annotations

from conftest import BIRDS, play_card_games

from analyzer.io.deck import Deck

OTTERS = Deck(
    "otters",
    (
        ("Island", 8),
        ("Mountain", 9),
        ("Alania, Divergent Storm", 4),
        ("Coruscation Mage", 4),
        ("Stormcatch Mentor", 4),
        ("Shore Up", 3),
        ("Take Out the Trash", 4),
        ("Playful Shove", 2),
        ("Might of the Meek", 2),
    ),
)


def test_games_with_alania_keep_invariants(catalog) -> None:
    g = play_card_games(catalog, [OTTERS, BIRDS], games=40)
    assert g.failures == []
    assert g.cast["Alania, Divergent Storm"] > 0
    assert g.cast["Coruscation Mage"] > 0

"""Whole games with the rares made exact in this batch (Season of the Bold's delayed trigger
"until the end of your next turn, whenever you cast a spell"; Dragonhawk's cards playable
until the next end step, then damage for each one still exiled): invariants after every
step, and each card is really cast, so the invariant checks reach the new code paths."""

from __future__ import annotations

from conftest import BIRDS, play_card_games

from analyzer.io.deck import Deck

SEASON_RED = Deck(
    "season red",
    (
        ("Mountain", 17),
        ("Season of the Bold", 3),
        ("Dragonhawk, Fate's Tempest", 3),
        ("Steampath Charger", 4),
        ("Flamecache Gecko", 4),
        ("Roughshod Duo", 3),
        ("Blooming Blast", 3),
    ),
)


def test_games_with_season_of_the_bold_and_dragonhawk_keep_invariants(catalog) -> None:
    g = play_card_games(catalog, [SEASON_RED, BIRDS], games=40)
    assert g.failures == []
    assert g.cast["Season of the Bold"] > 0
    assert g.cast["Dragonhawk, Fate's Tempest"] > 0

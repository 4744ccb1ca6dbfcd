"""Whole games with the cards made exact in one batch (Zoraline's pay-to-return with a finality
counter and her Bat life gain, Kastral's Bird combat-damage modes, Gev's ward of 2 life, +1/+1
counters on entering creatures and Lizard-spell pings, Artist's Talent's rummage, cost
reduction and +2 noncombat damage): invariants after every step, and each card is really cast,
so the invariant checks reach the new code paths."""

from __future__ import annotations

from conftest import play_card_games

from analyzer.io.deck import Deck

BATS = Deck(
    "bats",
    (
        ("Plains", 8),
        ("Swamp", 8),
        ("Zoraline, Cosmos Caller", 4),
        ("Starscape Cleric", 3),
        ("Moonrise Cleric", 3),
        ("Lifecreed Duo", 3),
        ("Agate-Blade Assassin", 4),
        ("Jolly Gerbils", 3),
        ("Starlit Soothsayer", 4),
    ),
)
LIZARDS = Deck(
    "lizards",
    (
        ("Mountain", 8),
        ("Swamp", 8),
        ("Gev, Scaled Scorch", 4),
        ("Artist's Talent", 4),
        ("Flamecache Gecko", 4),
        ("Steampath Charger", 4),
        ("Blooming Blast", 4),
        ("Agate Assault", 2),
        ("Agate-Blade Assassin", 2),
    ),
)


BIRDS = Deck(
    "birds",
    (
        ("Plains", 8),
        ("Island", 8),
        ("Kastral, the Windcrested", 4),
        ("Knightfisher", 3),
        ("Plumecreed Escort", 4),
        ("Plumecreed Mentor", 4),
        ("Shrike Force", 3),
        ("Lifecreed Duo", 3),
        ("Seedpod Squire", 3),
    ),
)


def test_games_with_zoraline_gev_and_artists_talent_keep_invariants(catalog) -> None:
    g = play_card_games(catalog, [BATS, LIZARDS], games=40)
    assert g.failures == []
    for name in ("Zoraline, Cosmos Caller", "Gev, Scaled Scorch", "Artist's Talent"):
        assert g.cast[name] > 0, name
    # a Class reached level 2 or 3 (Artist's Talent is the only one here)
    assert g.top_level >= 2


def test_games_with_kastral_keep_invariants(catalog) -> None:
    g = play_card_games(catalog, [BIRDS, LIZARDS], games=40)
    assert g.failures == []
    assert g.cast["Kastral, the Windcrested"] > 0

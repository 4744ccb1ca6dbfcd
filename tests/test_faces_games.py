"""Whole games with the cards that give a permanent another card row's characteristics
(O.FACE): Sugar Coat cast as removal on opposing creatures, Tangle Tumbler animated by tapping
two tokens, Ygra making every other creature a Food. Invariants after every step, and each
card is really cast, so the invariant checks reach the new code paths."""

from __future__ import annotations

from conftest import play_card_games

from analyzer.io.deck import Deck

SUGAR = Deck(
    "sugar",
    (
        ("Island", 9),
        ("Plains", 7),
        ("Sugar Coat", 4),
        ("Knightfisher", 3),
        ("Plumecreed Escort", 4),
        ("Thundertrap Trainer", 4),
        ("Shoreline Looter", 4),
        ("Jackdaw Savior", 3),
        ("Hop to It", 2),
        ("Tangle Tumbler", 2),
    ),
)
TOKENS = Deck(
    "tokens",
    (
        ("Forest", 8),
        ("Plains", 8),
        ("Tangle Tumbler", 4),
        ("Head of the Homestead", 3),
        ("Carrot Cake", 4),
        ("Hop to It", 3),
        ("Bakersbane Duo", 4),
        ("Bumbleflower's Sharepot", 3),
        ("Cache Grab", 3),
    ),
)
YGRA = Deck(
    "ygra",
    (
        ("Swamp", 8),
        ("Forest", 8),
        ("Ygra, Eater of All", 4),
        ("Vinereap Mentor", 4),
        ("Bakersbane Duo", 4),
        ("Fell", 3),
        ("Savor", 3),
        ("Zulaport Cutthroat", 3),
        ("Feed the Cycle", 3),
    ),
)


def test_games_with_sugar_coat_and_tangle_tumbler_keep_invariants(catalog) -> None:
    g = play_card_games(catalog, [SUGAR, TOKENS], games=40)
    assert g.failures == []
    assert g.cast["Sugar Coat"] > 0
    assert g.cast["Tangle Tumbler"] > 0


def test_games_with_ygra_keep_invariants(catalog) -> None:
    g = play_card_games(catalog, [YGRA, TOKENS], games=40)
    assert g.failures == []
    assert g.cast["Ygra, Eater of All"] > 0
    assert g.counters["Ygra, Eater of All"] > 0  # its Food trigger resolved

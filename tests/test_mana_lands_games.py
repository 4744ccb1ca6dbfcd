"""Whole games with the mana lands (creature-only mana, filters, a chosen color, the Villages'
abilities), the cards whose mana waits in the pool, and stash counters: invariants after every
step, and the nonland cards are really cast (a Mascot filters, the pool's mana pays, an {X}
spell)."""

from __future__ import annotations

from test_new_cards_games import _play

from analyzer.io.deck import Deck

RED_BLACK_LANDS = Deck(
    "villages",
    (
        ("Mountain", 6),
        ("Swamp", 5),
        ("Rockface Village", 2),
        ("Mudflat Village", 2),
        ("Hidden Grotto", 1),
        ("Uncharted Haven", 1),
        ("Three Tree Mascot", 3),
        ("Brazen Collector", 4),
        ("Flamecache Gecko", 4),
        ("Bonecache Overseer", 3),
        ("Heartfire Hero", 3),
        ("Agate-Blade Assassin", 4),
        ("Steampath Charger", 3),
        ("Fireglass Mentor", 2),
        ("Savor", 2),
        ("Hoarder's Overflow", 2),
        ("Stargaze", 2),
    ),
)
GREEN_WHITE_LANDS = Deck(
    "village rabbits",
    (
        ("Forest", 6),
        ("Plains", 6),
        ("Oakhollow Village", 2),
        ("Lupinflower Village", 2),
        ("Lilypad Village", 1),
        ("Uncharted Haven", 1),
        ("Hidden Grotto", 1),
        ("Warren Elder", 4),
        ("Intrepid Rabbit", 4),
        ("Seasoned Warrenguard", 4),
        ("Star Charter", 3),
        ("Thought Shucker", 2),
        ("Bushy Bodyguard", 4),
        ("Treetop Sentries", 3),
        ("Carrot Cake", 3),
    ),
)


def test_games_with_the_mana_lands_keep_invariants_and_cast_the_new_cards(catalog) -> None:
    failures, cast, _, _ = _play(catalog, [RED_BLACK_LANDS, GREEN_WHITE_LANDS], games=20)
    assert failures == []
    for name in (
        "Three Tree Mascot",
        "Brazen Collector",
        "Flamecache Gecko",
        "Bonecache Overseer",
        "Hoarder's Overflow",
        "Stargaze",
        "Thought Shucker",  # blue: a Lilypad Village's {U}, a filter or a blue Haven
    ):
        assert cast[name] > 0, name

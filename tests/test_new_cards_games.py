"""Whole games with the cards issue 20 made exact (Class levels, activation restrictions,
exile-instead-of-dying, top-or-bottom, target-dependent cost reduction; then reflexive
triggers, "controlled by different players", last-known power, -X/-X, mill and take one):
invariants after every step, and each card is really used (cast, levelled up, activated), so
the invariant checks cover the new code paths and not only decks that never reach them."""

from __future__ import annotations

from conftest import play_card_games

from analyzer.io.deck import Deck

GREEN_BLUE = Deck(
    "talents",
    (
        ("Forest", 8),
        ("Island", 5),
        ("Plains", 4),
        ("Hunter's Talent", 4),
        ("Gossip's Talent", 4),
        ("Thought Shucker", 2),
        ("Rust-Shield Rampager", 2),
        ("Hazardroot Herbalist", 3),
        ("Burrowguard Mentor", 3),
        ("Eddymurk Crab", 2),
        ("Dire Downdraft", 2),
        ("Fountainport Bell", 1),
    ),
)
BLACK_RED = Deck(
    "removal",
    (
        ("Swamp", 9),
        ("Mountain", 8),
        ("Agate Assault", 4),
        ("Feed the Cycle", 4),
        ("Huskburster Swarm", 3),
        ("Sinister Monolith", 3),
        ("Cindering Cutthroat", 4),
        ("Mind Drill Assailant", 3),
        ("Quaketusk Boar", 2),
    ),
)
GAMES = 40


def _play(catalog, decks, games=GAMES):
    """Play `games` games of decks[0] against decks[1] under the invariant checks: the
    failures, the times each card was cast, the highest Class level reached, and how many
    copies of each card ended in exile."""
    g = play_card_games(catalog, decks, games)
    return g.failures, g.cast, g.top_level, g.exiled


def test_games_with_the_new_cards_keep_invariants_and_use_them(catalog) -> None:
    failures, cast, top_level, _ = _play(catalog, [GREEN_BLUE, BLACK_RED])
    assert failures == []
    for name in (
        "Hunter's Talent",
        "Gossip's Talent",
        "Agate Assault",
        "Feed the Cycle",
        "Cindering Cutthroat",
        "Burrowguard Mentor",
        "Sinister Monolith",
    ):
        assert cast[name] > 0, name
    assert top_level >= 2  # the built-in player levels a Talent up


# The cards made exact next (reflexive "when you do" triggers, "another creature entered this
# turn", "controlled by different players", last-known power, -X/-X, mill and take one).
WHITE_BLUE = Deck(
    "flicker",
    (
        ("Plains", 8),
        ("Island", 9),
        ("Waterspout Warden", 4),
        ("Run Away Together", 3),
        ("Splash Portal", 3),
        ("Driftgloom Coyote", 3),
        ("Thought Shucker", 4),
        ("Jolly Gerbils", 3),
        ("Warren Elder", 3),
        ("Barkform Harvester", 2),
        ("Harvestrite Host", 3),
        ("Patchwork Banner", 2),
    ),
)
GREEN_BLACK = Deck(
    "squirrels",
    (
        ("Forest", 9),
        ("Swamp", 8),
        ("Cache Grab", 3),
        ("Curious Forager", 3),
        ("Honored Dreyleader", 4),
        ("Thought-Stalker Warlock", 3),
        ("Wick's Patrol", 2),
        ("Bushy Bodyguard", 4),
        ("Treetop Sentries", 3),
        ("Iridescent Vinelasher", 1),
        ("Bonebind Orator", 3),
    ),
)
# No card of these two decks exiles from a graveyard or the battlefield: an Orator in exile
# paid its own graveyard ability's cost. The red deck's burn fills the graveyard with creatures.
BLACK_GRAVEYARD = Deck(
    "graveyard",
    (
        ("Swamp", 17),
        ("Bonebind Orator", 4),
        ("Thought-Stalker Warlock", 4),
        ("Wick's Patrol", 3),
        ("Agate-Blade Assassin", 4),
        ("Iridescent Vinelasher", 4),
        ("Starscape Cleric", 4),
    ),
)
RED_BURN = Deck(
    "burn",
    (
        ("Mountain", 13),
        ("Swamp", 4),
        ("Blooming Blast", 4),
        ("Wildfire Howl", 3),
        ("Heartfire Hero", 2),
        ("Steampath Charger", 2),
        ("Whiskerquill Scribe", 2),
        ("Alania's Pathmaker", 3),
        ("Harnesser of Storms", 3),
        ("Fireglass Mentor", 3),
        ("Reptilian Recruiter", 2),
    ),
)


def test_games_with_the_next_new_cards_keep_invariants_and_cast_them(catalog) -> None:
    failures, cast, _, _ = _play(catalog, [WHITE_BLUE, GREEN_BLACK])
    assert failures == []
    for name in (
        "Waterspout Warden",
        "Run Away Together",
        "Splash Portal",
        "Driftgloom Coyote",
        "Cache Grab",
        "Curious Forager",
        "Honored Dreyleader",
        "Thought-Stalker Warlock",
        "Wick's Patrol",
        "Barkform Harvester",
        "Bonebind Orator",
        "Harvestrite Host",
        "Patchwork Banner",
    ):
        assert cast[name] > 0, name


def test_the_player_uses_bonebind_orators_graveyard_ability(catalog) -> None:
    # (and the red deck's impulse draws, Pathmaker, Harnesser, Fireglass Mentor, and the
    # Recruiter's until-end-of-turn control)
    failures, cast, _, exiled = _play(catalog, [BLACK_GRAVEYARD, RED_BURN], games=20)
    assert failures == []
    for name in (
        "Bonebind Orator",
        "Alania's Pathmaker",
        "Harnesser of Storms",
        "Fireglass Mentor",
        "Reptilian Recruiter",
    ):
        assert cast[name] > 0, name
    assert exiled["Bonebind Orator"] > 0  # exiled as the cost of its graveyard ability

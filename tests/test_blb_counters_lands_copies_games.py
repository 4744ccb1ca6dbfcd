"""Whole games with the cards made exact in one batch (Essence Channeler's counters as it dies,
Whiskervale Forerunner's valiant dig onto the battlefield, Wishing Well's free cast by coin
counters, Mistbreath Elder's upkeep return, Dreamdew Entrancer's stun, Fabled Passage's untap;
Lumra's lands, Fecund Greenshell's land or card, Stormsplitter's token copies, Valley
Flamecaller's extra damage, Sunspine Lynx's "players can't gain life", Byrke's doubling):
invariants after every step, and each card is really used (cast, activated, played and
sacrificed), so the invariant checks reach the new code paths."""

from __future__ import annotations

from conftest import play_card_games

from analyzer.enums import Zone
from analyzer.io.deck import Deck

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


def test_games_with_the_cards9_cards_keep_invariants_and_use_them(catalog) -> None:
    g = play_card_games(catalog, [WHITE_BLUE, GREEN_BLUE], games=40)
    failures, cast, zones, counters = g.failures, g.cast, g.zones, g.counters
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
    g = play_card_games(catalog, [RED_GREEN, GREEN_WHITE], games=40)
    failures, cast = g.failures, g.cast
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


# Fountainport's "Sacrifice a token" cost, Muerra's first-main-phase mana and expend 8
# exile-to-play, Hugs' X exile-to-play and additional land
RACCOONS = Deck(
    "raccoons",
    (
        ("Mountain", 8),
        ("Forest", 8),
        ("Fountainport", 2),
        ("Muerra, Trash Tactician", 3),
        ("Hugs, Grisly Guardian", 2),
        ("Bark-Knuckle Boxer", 4),
        ("Bakersbane Duo", 4),
        ("Teapot Slinger", 3),
        ("Rust-Shield Rampager", 2),
        ("Raccoon Rallier", 4),
    ),
)


def test_games_with_fountainport_and_muerra_keep_invariants(catalog) -> None:
    g = play_card_games(catalog, [RACCOONS, GREEN_WHITE], games=40)
    assert g.failures == []
    for name in ("Muerra, Trash Tactician", "Hugs, Grisly Guardian"):
        assert g.cast[name] > 0, name
    # Fountainport was played (a land is played, not cast)
    assert g.zones["Fountainport"][Zone.BATTLEFIELD] > 0

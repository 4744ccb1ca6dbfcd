"""The precon cards of "whenever you draw a card", power and toughness equal to the cards in
hand, and tokens for each +1/+1 counter (issue 21 item 2): what a scenario file cannot say (a
refused record), and whole 4-player games with them under the invariant checks. The rules of
each are scenario files (tests/scenarios/you_draw_*, pt_hand_*, p1p1_tokens_*)."""

from __future__ import annotations

import pytest
from conftest import play_pod_games

from analyzer.cards.catalog import load_catalog

DRAW_CARDS = ("Psychosis Crawler", "Wizard Class", "Boss's Chauffeur", "Selfless Spirit")
# what makes them work in a game: draws and creatures entering
HELPERS = ("Secret Rendezvous", "Harmonize", "Spirited Companion", "Jolly Gerbils")


def test_the_cards_are_exact() -> None:
    # Psychosis Crawler too: state-based actions are checked as its controller would receive
    # priority after casting its last card (tests/scenarios/pt_hand_crawler_dies_as_last_*)
    catalog = load_catalog()
    assert {catalog.lookup(n).support_name for n in DRAW_CARDS} == {"exact"}


def test_enters_with_counts_only_x_paid_or_creatures(tmp_path) -> None:
    # add_p1p1_x in an enters_with ability (a replacement, 614.1c) counts what the kernel can
    # count as the creature enters: the X paid (ravenous) or the creatures you control
    from analyzer.cards.loader import load_records
    from analyzer.errors import InputError

    path = tmp_path / "cards.toml"
    path.write_text(
        '[[card]]\nname = "Test Grower"\nset = "TST"\nrarity = "common"\ncost = "{1}{G}"\n'
        'support = "exact"\ntype_line = "Creature — Elf"\npower = 0\ntoughness = 0\n'
        'oracle = "This creature enters with a +1/+1 counter on it for each Squirrel you '
        'control."\n\n[[card.ability]]\nkind = "enters_with"\n'
        'steps = [{ op = "add_p1p1_x", ref = "self", x = "other_permanents_with_subtypes", '
        'subtypes = ["squirrel"] }]\n',
        encoding="utf-8",
    )
    with pytest.raises(InputError) as info:
        load_records([path])
    assert any("creatures_you_control" in str(p) for p in info.value.problems)


def test_games_with_draw_triggers_keep_the_invariants(tmp_path) -> None:
    # two of each card (its helpers too) and five of each basic in each of four decks, played
    # in whole 4-player games under the invariant checks
    lines = [f"3 {n}" for n in DRAW_CARDS + HELPERS]
    lines += [f"5 {land}" for land in ("Plains", "Island", "Swamp", "Mountain", "Forest")]
    path = tmp_path / "draw_triggers.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    catalog = load_catalog()
    g = play_pod_games(path, catalog=catalog, allow_approximate=True)  # the Crawler
    assert g.failures == []
    assert g.spells >= 40  # the cards were cast, not only held
    assert all(g.cast[n] > 0 for n in DRAW_CARDS), g.cast  # each of them
    assert g.drawn > 10 * 4 * 7  # more than the opening hands

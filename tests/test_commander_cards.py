"""The Bloomburrow Commander precons' cards (issue 21 item 2): the distinct-card coverage that
`check` shows, the exact commanders and gift cards, and the rules of the mechanisms the
precon cards added where a scenario file cannot say it (a cast that must fail)."""

from __future__ import annotations

import pytest
from test_scenarios import input_error, run_text, seat

from analyzer import bundled
from analyzer.cards.catalog import load_catalog
from analyzer.io.coverage import check_deck

PRECONS = sorted((bundled.decks_dir() / "commander").glob("*.txt"))


def test_check_shows_each_precons_distinct_cards_exact() -> None:
    catalog = load_catalog()
    for path in PRECONS:
        report = check_deck(path, catalog=catalog, allow_approximate=True)
        cov = report.coverage
        assert cov is not None
        line = cov.distinct_exact_line()
        assert f"{cov.distinct('exact')} of {cov.distinct()} exact" in line
        assert line in report.render()
        # basics count once: a deck of 100 cards has far fewer distinct ones
        assert cov.distinct() < 100 and cov.distinct("exact") >= 0.25 * cov.distinct()


@pytest.mark.parametrize("name", ["Octomancer", "Perch Protection", "Ms. Bumbleflower"])
def test_gift_cards_and_the_gift_decks_commander_are_exact(name: str) -> None:
    assert load_catalog().lookup(name).support_name == "exact"


BOUNCE_LAND = """
[game]
players = 2
active = 0
turn = 5
phase = "main1"

[[seat]]
hand = ["SPELL"]
battlefield = ["Golgari Rot Farm"]
library = ["Swamp"]

[[seat]]
hand = ["Forest"]
library = ["Swamp"]

[[action]]
cast = "SPELL"
"""


def test_a_bounce_land_makes_one_mana_of_each_of_its_colors() -> None:
    # "{T}: Add {B}{G}" (106.1): one {B} and one {G} per tap. Vinereap Mentor ({B}{G}) is cast
    # with the Rot Farm alone; Cruelclaw's Heist ({B}{B}) is not
    state = run_text(BOUNCE_LAND.replace("SPELL", "Vinereap Mentor"))
    assert seat(state, 0)["hand"] == []
    heist = BOUNCE_LAND.replace("SPELL", "Cruelclaw's Heist").replace(
        'cast = "Cruelclaw\'s Heist"', 'cast = "Cruelclaw\'s Heist"\ntargets = ["seat:1"]'
    )
    assert "mana" in input_error(run_text, heist)

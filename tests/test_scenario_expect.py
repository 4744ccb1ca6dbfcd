"""Rules tests that are one file each: every scenario file under tests/scenarios/ with an
``[expect]`` table is played and its resulting state checked against the table (format:
analyzer/io/scenario_expect.py). A new rules test is a new scenario file."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.analysis.scenario_run import play
from analyzer.io.scenario import parse_scenario, read_scenario
from analyzer.io.scenario_expect import mismatches

SCEN = Path(__file__).parent / "scenarios"
FILES = sorted(p for p in SCEN.rglob("*.toml") if "[expect]" in p.read_text(encoding="utf-8"))


def test_some_scenarios_pin_their_outcome() -> None:
    assert len(FILES) >= 5


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SCEN)))
def test_scenario_reaches_its_expected_state(path: Path) -> None:
    scn = read_scenario(path)
    problems = mismatches(scn.expect, play(scn))
    assert not problems, f"{path.name}:\n  " + "\n  ".join(problems)


def test_a_wrong_expectation_is_reported_in_words() -> None:
    path = SCEN / "combat_trample.toml"
    text = path.read_text(encoding="utf-8").replace("life = 18", "life = 17")
    scn = parse_scenario(text, path.name, base_dir=SCEN)
    state = play(scn)
    assert mismatches(scn.expect, state) == ["seat 1 life: expected 17, got 18"]
    wrong = {"seat": [{"battlefield": [{"card": "Quaketusk Boar", "tapped": False}]}]}
    assert mismatches(wrong, state) == [
        "seat 0 battlefield: expected [{'card': 'Quaketusk Boar', 'tapped': False}], got "
        "[{'card': 'Quaketusk Boar', 'tapped': True}]"
    ]
    assert mismatches({"seat": [{}, {"graveyard": []}]}, state) == [
        "seat 1 graveyard: expected [], got ['Jolly Gerbils']"
    ]

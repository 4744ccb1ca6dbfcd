"""The Python API from the package top (issue 16 item 13): `import analyzer;
analyzer.evaluate(...)`, a single opponent path, errors that name keyword arguments."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import analyzer
from analyzer import api
from analyzer.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
BATS = ROOT / "decks" / "wb_bats_lifegain.txt"
RATS = ROOT / "decks" / "ub_rats_threshold.txt"
NO_GIFT = Path(__file__).parent / "fixtures" / "evaluate" / "no_gift.txt"


def test_api_functions_from_the_package_top() -> None:
    for name in (
        "evaluate",
        "simulate",
        "compare",
        "cardstats",
        "run_scenario",
        "load_deck",
        "list_cards",
        "load_policy",
        "tune",
    ):
        assert getattr(analyzer, name) is getattr(api, name)
        assert name in dir(analyzer)
    with pytest.raises(AttributeError, match="no attribute 'evalute'"):
        analyzer.evalute  # noqa: B018


def test_import_analyzer_stays_light() -> None:
    code = (
        "import sys, analyzer; assert 'numba' not in sys.modules; "
        "assert 'pandas' not in sys.modules; analyzer.list_cards; "
        "assert 'numba' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_one_opponent_path_is_accepted() -> None:
    run = analyzer.evaluate(NO_GIFT, BATS, games=6, forks=0, policies=["never"])
    assert list(run.policy_comparison["opponent"]) == ["WB Bats: lifegain fliers"]
    run = analyzer.simulate(NO_GIFT, str(BATS), games=4)
    assert len(run.results) == 1


@pytest.mark.parametrize(
    ("call", "kwarg"),
    [
        (lambda: analyzer.evaluate(NO_GIFT, BATS, games=0), "games must be at least 1"),
        (lambda: analyzer.evaluate(NO_GIFT, BATS, seed=-1), "seed must be"),
        (lambda: analyzer.evaluate(NO_GIFT, BATS, forks=-1), "forks must be"),
        (lambda: analyzer.evaluate(NO_GIFT, BATS, fmt="xlsx"), "fmt: unknown format"),
        (lambda: analyzer.evaluate(NO_GIFT, BATS, opp_policy="nevr"), "opp_policy: `nevr`"),
        (lambda: analyzer.compare(RATS, BATS, games=0), "games must be at least 1"),
        (lambda: analyzer.compare(RATS, BATS, policy="nevr"), "policy: `nevr`"),
        (lambda: analyzer.simulate(NO_GIFT, BATS, games=0), "games must be at least 1"),
        (lambda: analyzer.cardstats(NO_GIFT, BATS, policy="nevr"), "policy: `nevr`"),
        (lambda: analyzer.cardstats(NO_GIFT, BATS, threads=0), "threads must be at least 1"),
        (lambda: analyzer.tune(NO_GIFT, BATS, "Parting Gust", rounds=-1), "rounds must be 0 or"),
        (lambda: analyzer.simulate(NO_GIFT, BATS, life=0), "life must be at least 1"),
        (lambda: analyzer.simulate(NO_GIFT, BATS, player="expert"), "player: unknown player level"),
    ],
)
def test_api_errors_name_keyword_arguments(call, kwarg: str) -> None:
    with pytest.raises(InputError) as info:
        call()
    text = str(info.value)
    assert kwarg in text and "--" not in text, text


def test_run_arguments_are_checked_once_with_every_problem_at_once() -> None:
    with pytest.raises(InputError) as info:
        analyzer.simulate(NO_GIFT, BATS, games=0, seed=-2, threads=0, opp_player="expert")
    assert [p.message for p in info.value.problems] == [
        "games must be at least 1, not 0",
        "seed must be a non-negative integer, not -2",
        "threads must be at least 1, not 0",
        "opp_player: unknown player level 'expert': use one of standard, basic",
    ]

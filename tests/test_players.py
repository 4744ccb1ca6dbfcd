"""Player levels everywhere (issue 14 item 9): the per-seat levels, the options of every command
that plays games, manifest.json's "player" / "opp_player", and `evaluate --players`."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from analyzer import api, bundled
from analyzer.analysis.simulate import seat_levels
from analyzer.api.evaluation import player_verdicts
from analyzer.cli import main
from analyzer.cli.evaluate import players_verdict_text
from analyzer.enums import PlayerLevel
from analyzer.errors import InputError

PLAYING_COMMANDS = ("simulate", "evaluate", "compare", "cardstats", "tune", "calibrate")


def test_seat_levels() -> None:
    assert seat_levels(2).tolist() == [PlayerLevel.STANDARD] * 2
    assert seat_levels(3, "basic").tolist() == [PlayerLevel.BASIC] * 3
    assert seat_levels(3, "basic", "standard").tolist() == [
        PlayerLevel.BASIC,
        PlayerLevel.STANDARD,
        PlayerLevel.STANDARD,
    ]
    with pytest.raises(InputError, match="unknown player level 'expert'"):
        seat_levels(2, "standard", "expert")


@pytest.mark.parametrize("command", PLAYING_COMMANDS)
def test_every_playing_command_takes_player_options(command: str) -> None:
    params = {p.name: p for p in main.commands[command].params}
    assert params["player"].default == "standard"
    assert params["opp_player"].default is None
    res = CliRunner().invoke(main, [command, "--player", "expert"])
    assert res.exit_code == 2 and "expert" in res.output


def test_levels_reach_the_kernel_and_the_manifest(tmp_path: Path) -> None:
    """The basic player keeps the 2-5-land rule, so its seat-0 mulligans are the hands outside
    it; the opponents' level is recorded on its own."""
    from analyzer.kernel.runtime.batch import GAME_N, SEAT_COLS

    deck = bundled.gauntlet()[0]
    run = api.simulate(
        deck,
        [deck],
        games=300,
        seed=5,
        threads=1,
        player="basic",
        opp_player="standard",
        per_game=True,
        out=tmp_path / "s",
    )
    g = run.results[0].games
    assert run.results[0].inputs.levels.tolist() == [PlayerLevel.BASIC, PlayerLevel.STANDARD]
    mull = g[:, GAME_N + SEAT_COLS.index("mulligans")]
    lands = g[:, GAME_N + SEAT_COLS.index("opening_lands")]
    assert ((mull == 0) == ((lands >= 2) & (lands <= 5))).all()
    manifest = json.loads((tmp_path / "s" / "manifest.json").read_text())
    assert (manifest["player"], manifest["opp_player"]) == ("basic", "standard")


def _eval(rows: list[tuple[str, str]]) -> SimpleNamespace:
    n = len(rows)
    df = pd.DataFrame(
        {
            "deck": "D",
            "opponent": "O",
            "card": [c for c, _ in rows],
            "verdict": [r for _, r in rows],
            "delta_pts": np.linspace(1.0, 2.0, n),
            "verdict_ci_low_pts": np.linspace(0.5, 1.5, n),
            "verdict_ci_high_pts": np.linspace(1.5, 2.5, n),
            "verdict_level": 0.99,
        }
    )
    return SimpleNamespace(gift_decisions=df)


def test_player_verdicts_mark_cards_whose_verdict_differs() -> None:
    runs = {
        "basic": _eval(
            [("Fell", "promise"), ("Sugar Coat", "don't promise"), ("Kitnap", "promise")]
        ),
        "standard": _eval([("Fell", "promise"), ("Sugar Coat", "promise")]),
    }
    t = player_verdicts(runs)
    per_level = ["verdict", "delta_pts", "verdict_ci_low_pts", "verdict_ci_high_pts"]
    per_level.append("verdict_level")
    assert list(t.columns) == [
        "deck",
        "card",
        *(f"{c}_basic" for c in per_level),
        *(f"{c}_standard" for c in per_level),
        "differs",
    ]
    # each level's verdict beside the interval it is read from (audit21: the CSV had none)
    fell = t[t["card"] == "Fell"].iloc[0]
    assert (fell["verdict_ci_low_pts_basic"], fell["verdict_level_standard"]) == (0.5, 0.99)
    assert np.isnan(t[t["card"] == "Kitnap"].iloc[0]["verdict_level_standard"])
    got = {r.card: (r.verdict_standard, bool(r.differs)) for r in t.itertuples()}
    assert got == {
        "Fell": ("promise", False),
        "Kitnap": ("no decisions", True),
        "Sugar Coat": ("promise", True),
    }


def test_players_table_shows_each_verdicts_interval() -> None:
    # audit22: the CSV had each level's interval, the terminal's table only the words
    runs = {
        "basic": _eval([("Fell", "promise"), ("Kitnap", "promise")]),
        "standard": _eval([("Fell", "promise")]),
    }
    text = players_verdict_text(player_verdicts(runs), ["basic", "standard"])
    head = text.splitlines()[1]
    assert "basic pts [interval]" in head and head.rstrip().endswith("differs")
    fell = next(line for line in text.splitlines() if " Fell " in line)
    assert fell.count("+1.0 [+0.50, +1.50] at 99%") == 2
    kitnap = next(line for line in text.splitlines() if " Kitnap " in line)
    assert "+2.0 [+1.50, +2.50] at 99%  no decisions" in kitnap and kitnap.endswith("<>")


def test_players_head_tells_opposite_verdicts_from_open_ones() -> None:
    """audit24: "1 of 5 card verdicts differ between the basic and standard players: Into the
    Flood Maw" was "don't promise" beside "not enough evidence", read as if the player level
    changed the advice. The head now says whether any card is promise under one level and
    don't promise under another."""
    runs = {
        "basic": _eval(
            [("Fell", "promise"), ("Sugar Coat", "don't promise"), ("Kitnap", "promise")]
        ),
        "standard": _eval(
            [("Fell", "promise"), ("Sugar Coat", "promise"), ("Kitnap", "not enough evidence")]
        ),
    }
    head = players_verdict_text(player_verdicts(runs), ["basic", "standard"]).splitlines()[0]
    assert head.startswith("2 of 3 card verdicts differ")
    assert head.endswith("; promise under one level and don't promise under another: Sugar Coat")
    runs["standard"] = _eval(
        [("Fell", "promise"), ("Sugar Coat", "not enough evidence"), ("Kitnap", "promise")]
    )
    head = players_verdict_text(player_verdicts(runs), ["basic", "standard"]).splitlines()[0]
    assert head.endswith("; none is promise under one level and don't promise under another")


def test_players_table_names_the_level_each_interval_has() -> None:
    """audit24: a 99.2% interval (five cards sharing the 5%) read "at 99%", and an end of
    -0.04 read "-0.0", as if it reached 0: the level now has the digits that tell it apart,
    and the ends two decimals, as under the decision table."""
    runs = {
        lv: _eval([("Fell", "don't promise")]).gift_decisions.assign(
            verdict_level=0.992, verdict_ci_high_pts=-0.04
        )
        for lv in ("basic", "standard")
    }
    runs = {lv: SimpleNamespace(gift_decisions=df) for lv, df in runs.items()}
    text = players_verdict_text(player_verdicts(runs), ["basic", "standard"])
    fell = next(line for line in text.splitlines() if " Fell " in line)
    assert fell.count(", -0.04] at 99.2%") == 2 and "at 99%" not in fell


def test_evaluate_players_runs_each_level(tmp_path: Path) -> None:
    deck = bundled.gauntlet()[0]
    res = CliRunner().invoke(
        main,
        [
            "evaluate",
            str(deck),
            "--vs",
            str(deck),
            "--games",
            "80",
            "--policies",
            "never,always",
            "--forks",
            "1",
            "--players",
            "basic,standard",
            "--no-plots",
            "--out",
            str(tmp_path / "e"),
        ],
    )
    assert res.exit_code == 0, res.output
    assert "=== basic player (every seat) ===" in res.output
    assert "=== standard player (every seat) ===" in res.output
    # under each decision table: which claims share a 5% budget (audit21)
    assert (
        res.output.count("each table is its own 5% family")
        + res.output.count("(no gift decisions reached)")
        == 2
    )
    first = res.stdout.splitlines()[0]  # the answer first, then each level's tables
    assert (
        "card verdicts differ between the basic and standard players" in first
        or first.startswith("the verdict of every card is the same")
        or first.startswith("no gift decisions were reached")
    )
    for level in ("basic", "standard"):
        manifest = json.loads((tmp_path / "e" / level / "manifest.json").read_text())
        assert manifest["player"] == level and manifest["opp_player"] == level
    table = pd.read_csv(tmp_path / "e" / "verdicts_by_player.csv")
    assert {"verdict_basic", "verdict_standard", "differs"} <= set(table)
    assert {"verdict_ci_low_pts_basic", "verdict_level_standard"} <= set(table)
    assert np.isin(table["differs"], [True, False]).all()
    args = ["evaluate", str(deck), "--vs", str(deck), "--games", "20", "--forks", "0"]
    # its own folder: without --out the run would land in the checkout's results/
    res = CliRunner().invoke(
        main, [*args, "--players", "basic,standard", "--out", str(tmp_path / "f")]
    )
    assert res.exit_code == 0, res.output
    assert res.stdout.startswith("--forks 0: no decision verdicts")  # not "none reached"
    bad = CliRunner().invoke(main, ["evaluate", "--players", "basic,expert"])
    assert bad.exit_code == 2 and "expert" in bad.output
    bad = CliRunner().invoke(
        main, ["evaluate", "--players", "basic,standard", "--opp-player", "basic"]
    )
    assert bad.exit_code == 2 and "leave out --player and --opp-player" in bad.output

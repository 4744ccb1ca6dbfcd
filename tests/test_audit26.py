"""Audit 26 (the answers of compare, sweep, cardstats and tune): each sentence claims only what
its numbers support, with the family of claims it belongs to corrected for multiplicity."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from analyzer import api
from analyzer.api.sweeps import run_sweep

DECKS = Path(__file__).resolve().parent.parent / "decks"
ME = DECKS / "ub_rats_threshold.txt"
OTHER = DECKS / "gw_rabbits_tokens.txt"


def _plan(tmp_path: Path, **keys: object) -> Path:
    path = tmp_path / "plan.toml"
    path.write_text("\n".join(f"{k} = {json.dumps(v)}" for k, v in keys.items()) + "\n")
    return path


def test_compare_sweep_is_the_compare_command_over_the_same_opponents(tmp_path: Path) -> None:
    """A compare sweep's p_holm was each cell's own p (a family of one) where `compare` adjusts
    over the opponents, and it had no pooled row; now a deck's rows over the gauntlet are
    `compare DECK BASELINE`'s over the gauntlet, exactly, and the report leads with the pooled
    row's interval."""
    plan = _plan(
        tmp_path,
        analysis="compare",
        decks=[str(ME), str(OTHER)],
        opponents=["gauntlet"],
        policies=["never"],
        games=40,
        seed=3,
    )
    run = run_sweep(plan, scheduler="none", out=tmp_path / "run")
    single = api.compare(OTHER, ME, games=40, seed=3, plots=False)
    mine = run.tables["compare.csv"]
    assert list(mine.columns[:3]) == ["deck_file", "opponent_file", "player"]
    pd.testing.assert_frame_equal(mine.iloc[:, 3:], single.table)
    per_opp = mine[mine["opponent"] != "all opponents"]
    assert len(per_opp) == 9 and (per_opp["p_holm"] >= per_opp["p_value"]).all()
    assert (per_opp["p_holm"] > per_opp["p_value"]).any()  # adjusted, not copied
    pooled = mine[mine["opponent_file"] == "all opponents"].iloc[0]
    report = (tmp_path / "run" / "report.txt").read_text()
    first = report.splitlines()[0]
    assert first.startswith("Largest difference from the baseline")
    expected = (
        f"{pooled.delta_pts:+.1f} [{pooled.delta_pts_ci_low:+.1f}, "
        f"{pooled.delta_pts_ci_high:+.1f}] points of win rate"
    )
    assert expected in first and "over 9 opponents" in first

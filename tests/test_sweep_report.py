"""An `evaluate` sweep's report.txt (api/sweeps.py): each policy's mean difference over the
opponents with its 95% interval from the rows' own. Made-up tables, no games."""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import norm

from analyzer.api.sweeps import _evaluate_lines

Z = norm.ppf(0.975)


def _row(opponent: str, policy: str, delta: float, lo: float, hi: float) -> dict:
    """A policy_comparison.csv row of a sweep (points), as the sweep writes it."""
    return dict(
        deck_file="decks/rats.txt",
        opponent_file=opponent,
        player="standard",
        policy=policy,
        baseline="never",
        delta_vs_baseline_pts=delta,
        delta_pts_ci_low=lo,
        delta_pts_ci_high=hi,
    )


def _table(rows: list[dict]) -> dict[str, pd.DataFrame]:
    base = [_row(o, "never", 0.0, np.nan, np.nan) for o in ("bats.txt", "frogs.txt")]
    return {"policy_comparison.csv": pd.DataFrame(base + rows)}


def test_each_mean_over_the_opponents_has_its_interval_from_the_rows_own() -> None:
    # always: standard errors 3 and 4 points, so the mean's is sqrt(9 + 16) / 2 = 2.5
    always = [
        _row("bats.txt", "always", 2.0, 2.0 - 3 * Z, 2.0 + 3 * Z),
        _row("frogs.txt", "always", 6.0, 6.0 - 4 * Z, 6.0 + 4 * Z),
    ]
    # heuristic: asymmetric intervals, as Tango's are near the ends; read by their half-width
    heur = [
        _row("bats.txt", "heuristic", 1.0, -2.0, 5.0),
        _row("frogs.txt", "heuristic", -1.0, -3.5, 0.5),
    ]
    lines = _evaluate_lines(_table(always + heur))
    # 4.0 +- 1.96 * 2.5
    assert "always for decks/rats.txt (standard player), +4.0 [-0.9, +8.9] points" in lines[0]
    assert lines[0].startswith("Largest mean difference (a point estimate, not a test;")
    assert "not adjusted for picking the largest" in lines[0]
    assert "(mean over 2 opponent(s))." in lines[0]
    se = np.hypot((5.0 + 2.0) / 2 / Z, (0.5 + 3.5) / 2 / Z) / 2
    lo, hi = 0.0 - Z * se, 0.0 + Z * se
    assert lines[3:5] == [
        "   +4.0 [-0.9, +8.9]  decks/rats.txt  [standard]  always - never",
        f"   +0.0 [{lo:+.1f}, {hi:+.1f}]  decks/rats.txt  [standard]  heuristic - never",
    ]
    assert "95% interval from the rows' own, each read as normal" in lines[2]


def test_one_opponent_keeps_its_own_interval_and_shared_streams_get_none() -> None:
    one = _evaluate_lines(_table([_row("bats.txt", "always", 1.0, -2.0, 5.0)]))
    assert one[3] == "   +1.0 [-2.0, +5.0]  decks/rats.txt  [standard]  always - never"
    rows = [
        _row("bats.txt", "always", 2.0, -1.0, 5.0),
        _row("frogs.txt", "always", 4.0, 1.0, 7.0),
    ]
    cells = pd.DataFrame(
        dict(
            deck_file="decks/rats.txt",
            opponent_file=["bats.txt", "frogs.txt"],
            player="standard",
            stream_seed=[7, 7],  # streams = "shared": the matchups are not independent
        )
    )
    shared = _evaluate_lines(_table(rows), cells)
    note = "the opponents share a random stream, so no interval"
    assert shared[3] == f"   +3.0  decks/rats.txt  [standard]  always - never; {note}"
    assert f"+3.0 points of win rate over never (mean over 2 opponent(s); {note})." in shared[0]
    own = _evaluate_lines(_table(rows), cells.assign(stream_seed=[7, 8]))
    se = np.hypot(3.0 / Z, 3.0 / Z) / 2
    assert own[3].startswith(f"   +3.0 [{3 - Z * se:+.1f}, {3 + Z * se:+.1f}]")

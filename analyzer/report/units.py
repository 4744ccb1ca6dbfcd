"""One unit for deltas in every output: percentage points, named in the column.

The analysis computes with fractions (a win rate of 0.523, a delta of 0.012). What leaves the
program, the DataFrames the API returns and the files of a run folder, carries every delta
(a difference of win rates, its interval and standard errors) in percentage points with
``_pts`` in the column name: ``delta_pts``, ``delta_pts_ci_low``, ``delta_vs_baseline_pts``,
``se_pts``. Rates stay fractions (``win_rate`` 0.523), as their names say nothing else. The
report layer reads either form (``to_fractions``), so run folders of older versions re-render.
"""

from __future__ import annotations

import pandas as pd

#: internal (fraction) name -> output (points) name
POINT_COLUMNS = {
    "delta": "delta_pts",
    "delta_ci_low": "delta_pts_ci_low",
    "delta_ci_high": "delta_pts_ci_high",
    "delta_answer_ci_low": "delta_pts_answer_ci_low",
    "delta_answer_ci_high": "delta_pts_answer_ci_high",
    "delta_vs_baseline": "delta_vs_baseline_pts",
    "se": "se_pts",
    "se_unpaired": "se_unpaired_pts",
}
_BACK = {v: k for k, v in POINT_COLUMNS.items()}
# the verdict tables (analysis/verdicts.py) name their point columns this way
_BACK.update(
    {
        "ci_low_pts": "delta_ci_low",
        "ci_high_pts": "delta_ci_high",
        "effect_per_game_pts": "effect_per_game",
        "card_arm_delta_pts": "card_arm_delta",
        "card_arm_ci_low_pts": "card_arm_ci_low",
        "card_arm_ci_high_pts": "card_arm_ci_high",
        "verdict_ci_low_pts": "verdict_ci_low",
        "verdict_ci_high_pts": "verdict_ci_high",
        "iwd_pts": "iwd",
        "iwd_ci_low_pts": "iwd_ci_low",
        "iwd_ci_high_pts": "iwd_ci_high",
    }
)


def to_points(df: pd.DataFrame) -> pd.DataFrame:
    """A copy with every delta column in points and renamed (other columns untouched)."""
    cols = [c for c in df.columns if c in POINT_COLUMNS]
    if not cols:
        return df
    out = df.copy()
    for c in cols:
        out[c] = 100.0 * pd.to_numeric(out[c], errors="coerce")
    return out.rename(columns=POINT_COLUMNS)


def to_fractions(df: pd.DataFrame) -> pd.DataFrame:
    """The inverse of `to_points` (a table already in fractions is returned as it is)."""
    cols = [c for c in df.columns if c in _BACK]
    if not cols:
        return df
    out = df.copy()
    for c in cols:
        out[c] = pd.to_numeric(out[c], errors="coerce") / 100.0
    return out.rename(columns=_BACK)


def points_columns(columns: list[str]) -> list[str]:
    """Column names as the output tables have them."""
    return [POINT_COLUMNS.get(c, c) for c in columns]

"""Tables for people: compact terminal summaries and HTML tables of the run's DataFrames.

Rates print as percentages with their 95% interval, ``52.3% [50.1, 54.5]``; deltas as signed
percentage points, ``+1.2 [-0.3, +2.7]``. The numbers themselves live in the CSV files; these
are views of them.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from typing import Any

import pandas as pd

from analyzer.report.units import to_fractions

ALL_OPPONENTS = "all opponents"


def _nan(x: Any) -> bool:
    try:
        return x is None or math.isnan(float(x))
    except (TypeError, ValueError):
        return False


def pct(x: Any, digits: int = 1) -> str:
    return "-" if _nan(x) else f"{100 * float(x):.{digits}f}%"


def rate_ci(rate: Any, lo: Any, hi: Any) -> str:
    """``52.3% [50.1, 54.5]``."""
    if _nan(rate):
        return "-"
    return f"{100 * float(rate):.1f}% [{100 * float(lo):.1f}, {100 * float(hi):.1f}]"


def pts(x: Any) -> str:
    return "-" if _nan(x) else f"{100 * float(x):+.1f}"


def points(x: Any) -> str:
    """A value already in percentage points: ``+1.2``."""
    return "-" if _nan(x) else f"{float(x):+.1f}"


def delta_ci(d: Any, lo: Any, hi: Any) -> str:
    """Signed percentage points with the interval: ``+1.2 [-0.3, +2.7]``."""
    if _nan(d):
        return "-"
    if _nan(lo):
        return pts(d)
    return f"{pts(d)} [{pts(lo)}, {pts(hi)}]"


def text_table(heads: Sequence[str], rows: Sequence[Sequence[str]],
               right: Sequence[int] = ()) -> str:
    """Columns padded to their widest cell; the columns in `right` right-aligned."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
              for i, h in enumerate(heads)]

    def line(cells: Sequence[str]) -> str:
        out = [c.rjust(w) if i in right else c.ljust(w)
               for i, (c, w) in enumerate(zip(cells, widths, strict=True))]
        return "  ".join(out).rstrip()

    return "\n".join([line(heads), "  ".join("-" * w for w in widths), *map(line, rows)])


def headline_rows(df: pd.DataFrame) -> pd.DataFrame:
    """The rows a summary shows: pooled over opponents where a deck has several, else all."""
    if df.empty or "opponent" not in df:
        return df
    pooled_decks = set(df.loc[df["opponent"] == ALL_OPPONENTS, "deck"])
    keep = (df["opponent"] == ALL_OPPONENTS) | ~df["deck"].isin(pooled_decks)
    return df[keep]


def policy_summary(df: pd.DataFrame) -> str:
    """One row per opponent, one column per policy: the baseline's win rate, then each other
    policy's paired difference against it."""
    if df.empty:
        return "(no games)"
    df = to_fractions(df)
    policies = list(dict.fromkeys(df["policy"]))
    baseline = str(df["baseline"].iloc[0])
    heads = ["deck", "opponent", "games"] + [
        f"{p} win rate" if p == baseline else f"{p} vs {baseline}" for p in policies]
    rows = []
    for (deck, opp), g in df.groupby(["deck", "opponent"], sort=False):
        by = {r.policy: r for r in g.itertuples(index=False)}
        cells = [str(deck), str(opp), f"{int(g['games'].iloc[0]):,}"]
        for p in policies:
            r = by.get(p)
            if r is None:
                cells.append("-")
            elif p == baseline:
                cells.append(rate_ci(r.win_rate, r.ci_low, r.ci_high))
            else:
                cells.append(delta_ci(r.delta_vs_baseline, r.delta_ci_low, r.delta_ci_high))
        rows.append(cells)
    return text_table(heads, rows, right=(2,))


def points_ci(d: Any, lo: Any, hi: Any) -> str:
    """Columns already in points: ``+1.2 [-0.3, +2.7]``."""
    scale = [None if _nan(x) else float(x) / 100.0 for x in (d, lo, hi)]
    return delta_ci(*(math.nan if x is None else x for x in scale))


def verdict_text(verdict: Any, depends_on: Any = "", more_games: Any = math.nan) -> str:
    """The verdict in words: the pattern of a "depends", the games a "not enough" needs."""
    text = str(verdict)
    if text == "depends" and isinstance(depends_on, str) and depends_on:
        return f"depends on {depends_on}"
    if text == "not enough evidence" and not _nan(more_games) and float(more_games) > 0:
        return f"{text} (~{int(float(more_games)):,} more games per matchup)"
    return text


def _count(x: Any) -> str:
    return "-" if _nan(x) else f"{float(x):,.0f}"


def decision_summary(df: pd.DataFrame) -> str:
    """Per card (pooled over opponents): the verdict, the delta with its interval, its
    adjusted p, how many decisions promising did better / the same / worse, and the effect
    per game."""
    view = headline_rows(df)
    if view.empty:
        return "(no gift decisions reached)"
    multi = view["deck"].nunique() > 1
    heads = ["card", "gift", "decisions", "better/same/worse", "delta pts [95% CI]",
             "p adj.", "per game pts", "verdict"]
    if multi:
        heads.insert(0, "deck")
    rows = []
    for r in view.itertuples(index=False):
        cells = [str(r.card), str(r.gift_kind), f"{int(r.decisions):,}",
                 f"{_count(r.better)}/{_count(r.same)}/{_count(r.worse)}",
                 points_ci(r.delta_pts, r.ci_low_pts, r.ci_high_pts),
                 "-" if _nan(r.p_adjusted) else f"{float(r.p_adjusted):.3g}",
                 "-" if _nan(r.effect_per_game_pts) else f"{float(r.effect_per_game_pts):+.2f}",
                 verdict_text(r.verdict, r.depends_on, r.more_games)]
        if multi:
            cells.insert(0, str(r.deck))
        rows.append(cells)
    off = 1 if multi else 0
    return text_table(heads, rows, right=tuple(i + off for i in (2, 3, 5, 6)))


def compare_summary(df: pd.DataFrame) -> str:
    """Deck A and deck B per opponent, and A minus B."""
    if df.empty:
        return "(no games)"
    df = to_fractions(df)
    heads = ["opponent", "games", "A win rate", "B win rate", "A - B pts [95% CI]",
             "var. reduction"]
    rows = [[str(r.opponent), f"{int(r.games):,}", rate_ci(r.win_rate_a, r.ci_low_a, r.ci_high_a),
             rate_ci(r.win_rate_b, r.ci_low_b, r.ci_high_b),
             delta_ci(r.delta, r.delta_ci_low, r.delta_ci_high),
             "-" if _nan(r.var_reduction) else f"{float(r.var_reduction):.1f}x"]
            for r in df.itertuples(index=False)]
    return text_table(heads, rows, right=(1, 5))


# ---------------------------------------------------------------------------------------------
# HTML


def _cell(value: Any) -> str:
    if _nan(value):
        return ""
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def html_table(df: pd.DataFrame, columns: Sequence[str] | None = None,
               formats: dict[str, Callable[[Any], str]] | None = None,
               css_class: str = "data") -> str:
    """An HTML <table> of df (escaped); `formats` maps a column to a cell formatter."""
    cols = list(columns) if columns is not None else list(df.columns)
    formats = formats or {}
    head = "".join(f"<th>{html.escape(c)}</th>" for c in cols)
    body = []
    for row in df[cols].itertuples(index=False):
        cells = []
        for c, v in zip(cols, row, strict=True):
            text = formats[c](v) if c in formats else _cell(v)
            cls = ' class="num"' if isinstance(v, (int, float)) and not isinstance(v, bool) \
                else ""
            cells.append(f"<td{cls}>{html.escape(text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return (f'<table class="{css_class}"><thead><tr>{head}</tr></thead><tbody>'
            + "\n".join(body) + "</tbody></table>")

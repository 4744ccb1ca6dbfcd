"""Plots of a run's tables as PNG bytes (matplotlib's Agg canvas; no pyplot, no global backend
change, so importing this in a notebook leaves the notebook's backend alone).

Each function takes the run's tables (``api.runs.read_tables``) and returns ``{relative file
name: png bytes}``; the caller writes them atomically into the run folder.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence

import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from analyzer.report.tables import ALL_OPPONENTS, headline_rows
from analyzer.report.units import to_fractions

_COLORS = {"promise": "#1b7837", "don't promise": "#b2182b", "not enough evidence": "#777777"}
_DEPENDS = "#e08214"
DPI = 110


def slug(text: str) -> str:
    """File-name-safe lowercase form of a card or deck name."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_") or "x"


def _png(fig: Figure) -> bytes:
    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, bbox_inches="tight")
    return buf.getvalue()


def _color(verdict: str) -> str:
    return _DEPENDS if verdict.startswith("depends") else _COLORS.get(verdict, "#777777")


def _errors(mid: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """Matplotlib's (2, n) error extents, zero where the interval is missing."""
    low = np.where(np.isfinite(lo), mid - lo, 0.0)
    high = np.where(np.isfinite(hi), hi - mid, 0.0)
    return np.vstack([np.maximum(low, 0.0), np.maximum(high, 0.0)])


def delta_by_card(decisions: pd.DataFrame) -> bytes:
    """Promise minus no promise (percentage points, 95% paired interval) for every card."""
    view = headline_rows(decisions).reset_index(drop=True)
    multi = view["deck"].nunique() > 1 if not view.empty else False
    labels = [
        f"{r.card} ({r.deck})" if multi else str(r.card) for r in view.itertuples(index=False)
    ]
    n = len(view)
    fig = Figure(figsize=(8, 1.2 + 0.45 * max(n, 1)))
    ax = fig.add_subplot()
    if n:
        d = view["delta_pts"].to_numpy(dtype=float)
        lo = view["ci_low_pts"].to_numpy(dtype=float)
        hi = view["ci_high_pts"].to_numpy(dtype=float)
        y = np.arange(n)[::-1]
        for i in range(n):
            ax.errorbar(
                d[i],
                y[i],
                xerr=_errors(d[i : i + 1], lo[i : i + 1], hi[i : i + 1]),
                fmt="o",
                color=_color(str(view["verdict"].iloc[i])),
                capsize=3,
            )
        ax.set_yticks(
            y, [f"{lab}  (n={int(k):,})" for lab, k in zip(labels, view["decisions"], strict=True)]
        )
    else:
        ax.text(
            0.5, 0.5, "no gift decisions reached", ha="center", va="center", transform=ax.transAxes
        )
        ax.set_yticks([])
    ax.axvline(0.0, color="black", lw=0.8)
    ax.set_xlabel("win-rate change from promising, percentage points (95% paired CI)")
    ax.set_title("Promise vs no promise, per card")
    if n:
        seen = dict.fromkeys(
            "depends" if str(v).startswith("depends") else str(v) for v in view["verdict"]
        )
        handles = [Line2D([], [], marker="o", ls="", color=_color(v), label=v) for v in seen]
        ax.legend(handles=handles, fontsize=8, loc="best")
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


_SITUATION_AXIS = {"turn": "the caster's own turn", "play or draw": "on the play or on the draw"}


def situation_limits(
    situations: pd.DataFrame, situation: str = "turn"
) -> tuple[float, float] | None:
    """One y range (points) for every card's plot of a situation, so cards compare by eye:
    the widest interval of the pooled rows, padded, always including zero."""
    view = headline_rows(situations)
    if view.empty:
        return None
    view = view[view["situation"] == situation]
    vals = view[["delta_pts", "ci_low_pts", "ci_high_pts"]].to_numpy(dtype=float)
    vals = vals[np.isfinite(vals)]
    if vals.size == 0:
        return None
    lo, hi = min(float(vals.min()), 0.0), max(float(vals.max()), 0.0)
    pad = 0.06 * max(hi - lo, 1.0)
    return lo - pad, hi + pad


def delta_by_situation(
    situations: pd.DataFrame,
    card: str,
    deck: str,
    situation: str = "turn",
    ylim: tuple[float, float] | None = None,
) -> bytes:
    """One card's delta per bucket of one situation dimension (default: the turn); `ylim`
    shares one scale across cards."""
    view = headline_rows(situations)
    view = view[
        (view["card"] == card) & (view["deck"] == deck) & (view["situation"] == situation)
    ].reset_index(drop=True)
    fig = Figure(figsize=(7, 3.6))
    ax = fig.add_subplot()
    x = np.arange(len(view))
    seen: dict[str, None] = {}
    if len(view):
        d = view["delta_pts"].to_numpy(dtype=float)
        lo = view["ci_low_pts"].to_numpy(dtype=float)
        hi = view["ci_high_pts"].to_numpy(dtype=float)
        for i in range(len(view)):
            verdict = str(view["verdict"].iloc[i]) if "verdict" in view else ""
            seen["depends" if verdict.startswith("depends") else verdict] = None
            ax.errorbar(
                x[i],
                d[i],
                yerr=_errors(d[i : i + 1], lo[i : i + 1], hi[i : i + 1]),
                fmt="o",
                color=_color(verdict),
                capsize=3,
            )
        ax.set_xticks(
            x,
            [f"{b}\nn={int(k):,}" for b, k in zip(view["bucket"], view["decisions"], strict=True)],
            fontsize=8,
        )
    if ylim is not None:
        ax.set_ylim(*ylim)
    ax.axhline(0.0, color="black", lw=0.8)
    ax.set_xlabel(f"{_SITUATION_AXIS.get(situation, situation)} (n = decisions)")
    ax.set_ylabel("effect of promising, pts\n(95% paired CI)")
    what = "own turn" if situation == "turn" else situation
    ax.set_title(f"{card}: effect of promising by {what}")
    if seen:
        handles = [Line2D([], [], marker="o", ls="", color=_color(v), label=v) for v in seen]
        ax.legend(handles=handles, fontsize=8, loc="best", title="verdict", title_fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    return _png(fig)


def players(opponent: str) -> int:
    """Players in a matchup from its opponent label ("A + B + C": four players)."""
    return 2 + str(opponent).count(" + ")


def policy_win_rates(policy: pd.DataFrame) -> bytes:
    """Win rate of every policy against every opponent, 95% intervals."""
    opps = list(dict.fromkeys(policy["opponent"]))
    pols = list(dict.fromkeys(policy["policy"]))
    tall = sum(1 + str(o).count(" + ") for o in opps)
    fig = Figure(figsize=(8, 1.2 + 0.5 * max(tall, 1)))
    ax = fig.add_subplot()
    step = 0.7 / max(len(pols), 1)
    for j, p in enumerate(pols):
        sub = policy[policy["policy"] == p].set_index("opponent").reindex(opps)
        y = np.arange(len(opps))[::-1] + 0.35 - (j + 0.5) * step
        r = 100 * sub["win_rate"].to_numpy(dtype=float)
        err = _errors(
            r, 100 * sub["ci_low"].to_numpy(dtype=float), 100 * sub["ci_high"].to_numpy(dtype=float)
        )
        ax.errorbar(r, y, xerr=err, fmt="o", capsize=2, label=p, ms=4)
    ax.set_yticks(np.arange(len(opps))[::-1], [str(o).replace(" + ", "\n+ ") for o in opps])
    # the fair share of each matchup: 50% in 1v1, 25% in a 4-player game
    counts = {players(o) for o in opps if o != ALL_OPPONENTS}
    for i, o in enumerate(opps):
        yy = len(opps) - 1 - i
        n = players(o) if o != ALL_OPPONENTS else (next(iter(counts)) if len(counts) == 1 else 0)
        if n:
            share = 100.0 / n
            ax.plot(
                [share, share],
                [yy - 0.45, yy + 0.45],
                color="black",
                lw=0.9,
                ls=":",
                label="fair share (1 / players)" if i == 0 else None,
            )
    ax.set_xlabel("win rate of the deck, % (95% CI)")
    ax.set_title("Policies on the same seeded games")
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


def evaluate_plots(
    tables: dict[str, pd.DataFrame], situations: Sequence[str] = ("turn",)
) -> dict[str, bytes]:
    """Every plot of an evaluate run: delta by card, policy win rates, and per card the delta
    by turn (plus any other situation dimensions asked for)."""
    # the verdict tables keep their point columns (delta_pts, ci_low_pts, ...); the policy
    # table's deltas are read as fractions, whichever unit its file has
    out: dict[str, bytes] = {}
    dec = tables.get("gift_decisions", pd.DataFrame())
    sit = tables.get("gift_situations", pd.DataFrame())
    out["plots/delta_by_card.png"] = delta_by_card(dec)
    if "policy_comparison" in tables and not tables["policy_comparison"].empty:
        out["plots/policy_win_rates.png"] = policy_win_rates(
            to_fractions(tables["policy_comparison"])
        )
    if not sit.empty:
        view = headline_rows(sit)
        multi = view["deck"].nunique() > 1
        limits = {s: situation_limits(sit, s) for s in situations}
        for (deck, card), _ in view.groupby(["deck", "card"], sort=False):
            name = slug(f"{deck} {card}") if multi else slug(str(card))
            for s in situations:
                key = "turn" if s == "turn" else slug(s)
                out[f"plots/delta_by_{key}_{name}.png"] = delta_by_situation(
                    sit, str(card), str(deck), s, limits[s]
                )
    return out


def compare_plots(tables: dict[str, pd.DataFrame]) -> dict[str, bytes]:
    """Deck A minus deck B per opponent with 95% paired intervals."""
    df = to_fractions(tables.get("compare", pd.DataFrame()))
    fig = Figure(figsize=(8, 1.2 + 0.45 * max(len(df), 1)))
    ax = fig.add_subplot()
    if len(df):
        y = np.arange(len(df))[::-1]
        d = 100 * df["delta"].to_numpy(dtype=float)
        err = _errors(
            d,
            100 * df["delta_ci_low"].to_numpy(dtype=float),
            100 * df["delta_ci_high"].to_numpy(dtype=float),
        )
        ax.errorbar(d, y, xerr=err, fmt="o", capsize=3, color="#2166ac")
        ax.set_yticks(y, [str(o) for o in df["opponent"]])
        a, b = df["deck_a"].iloc[0], df["deck_b"].iloc[0]
        ax.set_title(f"{a} minus {b}")
    ax.axvline(0.0, color="black", lw=0.8)
    ax.set_xlabel("win-rate difference, percentage points (95% paired CI)")
    ax.grid(axis="x", alpha=0.3)
    return {"plots/compare_delta_by_opponent.png": _png(fig)}


def calibration_scatter(table: pd.DataFrame, label: int = 8) -> bytes:
    """Simulated against real GIH WR per card (calibrate's plot), each centred on its mean over
    the cards in both, with the identity line; the `label` largest disagreements are named."""
    both = table[table["sim_gih_wr"].notna() & table["real_gih_wr"].notna()]
    fig = Figure(figsize=(6.4, 6.0))
    ax = fig.add_subplot()
    if both.empty:
        ax.text(0.5, 0.5, "no card in both the decks and the ratings", ha="center")
        return _png(fig)
    sim = 100.0 * (both["sim_gih_wr"] - both["sim_gih_wr"].mean())
    real = 100.0 * (both["real_gih_wr"] - both["real_gih_wr"].mean())
    ax.scatter(real, sim, s=18, color="#2166ac", alpha=0.8)
    lim = float(max(np.abs(sim).max(), np.abs(real).max(), 1.0)) * 1.1
    ax.plot([-lim, lim], [-lim, lim], color="#777777", lw=1, ls="--")
    ax.set_xlim(-lim, lim)
    ax.set_ylim(-lim, lim)
    gap = (sim - real).abs().sort_values(ascending=False)
    for i in gap.index[:label]:
        ax.annotate(
            str(both.loc[i, "card"]),
            (real[i], sim[i]),
            fontsize=7,
            xytext=(3, 3),
            textcoords="offset points",
        )
    ax.set_xlabel("real GIH WR, points from the mean (17lands)")
    ax.set_ylabel("simulated GIH WR, points from the mean")
    ax.set_title("card values: simulated against real")
    ax.grid(alpha=0.3)
    return _png(fig)

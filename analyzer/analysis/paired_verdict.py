"""The verdict on one paired win/loss comparison (promise vs no promise from the same starts),
for the position evaluator: the rules of ``evaluate``'s table (analysis/verdicts.py) applied to
a single claim (one row at the full alpha, no design effect: the rollouts are independent).

- Interval: Tango's score interval for paired binary outcomes (``paired.score_interval``); it
  never has zero width and keeps its coverage when few pairs differ.
- p of "promising changes nothing": the exact sign test below ``paired.EXACT_BELOW`` differing
  pairs, else McNemar's score test (``paired.delta_p_value``).
- Words: ``promise`` / ``don't promise`` when the effect is shown, ``makes no difference`` when
  the TOST shows it within +-min_effect, else ``not enough evidence`` with about how many more
  rollouts would settle it (``verdicts.row_verdicts``). ``verdict_ci_low`` / ``verdict_ci_high``
  at ``verdict_level``: the interval the verdict is read from (90% for "makes no difference",
  the TOST's two one-sided 5% tests; else the 95% one).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from analyzer.analysis import paired as pr
from analyzer.analysis import verdicts as vd

NO_DIFFERENCE = vd.NO_DIFFERENCE
VERDICTS = (vd.PROMISE, vd.DONT_PROMISE, vd.NO_DIFFERENCE, vd.NOT_ENOUGH)

_REASONS = {
    vd.PROMISE: "promising wins more often; the interval excludes 0",
    vd.DONT_PROMISE: "promising wins less often; the interval excludes 0",
    vd.NO_DIFFERENCE: "the difference is shown to lie within the smallest effect worth acting on",
}


@dataclass(frozen=True)
class PairedVerdict:
    """Everything the verdict rests on (rates and delta as fractions)."""

    n: int
    wins_a: int  # wins with the promise
    wins_b: int  # wins without
    better: int  # pairs won only with the promise
    worse: int  # pairs won only without it
    delta: float
    ci_low: float
    ci_high: float
    p_value: float
    recommendation: str
    reason: str
    more_needed: int | None  # about how many more pairs would settle "not enough evidence"
    verdict_ci_low: float = math.nan  # the interval the verdict is read from (module doc)
    verdict_ci_high: float = math.nan
    verdict_level: float = math.nan

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def method_text(better: int, worse: int) -> str:
    """The tests and interval a verdict of these counts rests on, in words (the JSON's "test")."""
    test = (
        "exact sign test (exact McNemar)"
        if better + worse < pr.EXACT_BELOW
        else "McNemar score test"
    )
    return (
        f"{test}; interval: Tango's score interval; no difference: two one-sided score tests "
        "at +-min_effect"
    )


def paired_win_verdict(
    wins_a: ArrayLike,
    wins_b: ArrayLike,
    *,
    min_effect: float = vd.DEFAULT_MIN_EFFECT,
    alpha: float = vd.ALPHA,
) -> PairedVerdict:
    """Verdict on arm a (promise) vs arm b (no promise) from paired win flags."""
    x = np.asarray(wins_a, dtype=bool).ravel()
    y = np.asarray(wins_b, dtype=bool).ravel()
    if x.shape != y.shape:
        raise ValueError(f"paired arrays differ in length: {x.size} vs {y.size}")
    if not 0 < min_effect < 1:
        raise ValueError(f"min_effect must be a fraction in (0, 1), got {min_effect!r}")
    n = int(x.size)
    b, c = int(np.sum(x & ~y)), int(np.sum(~x & y))
    if n == 0:
        return PairedVerdict(
            0,
            0,
            0,
            0,
            0,
            math.nan,
            math.nan,
            math.nan,
            math.nan,
            vd.NOT_ENOUGH,
            "no rollouts",
            None,
        )
    lo, hi = (float(v) for v in pr.score_interval(b, c, n, alpha))
    p = float(pr.delta_p_value(b, c))
    rows = vd.row_verdicts(
        b, c, n, 1.0, p, 1.0, alpha=alpha, min_effect=min_effect, games_per_matchup=n
    )
    verdict = str(rows.verdict[0])
    more = None
    reason = _REASONS.get(verdict, "")
    if verdict == vd.NOT_ENOUGH:
        m = float(rows.more_games[0])
        more = int(m) if math.isfinite(m) and m > 0 else None
        if lo > 0 or hi < 0:  # the interval shows an effect; the stricter exact test does not
            reason = (
                f"the interval excludes 0, but the exact sign test does not reject (p = {p:.3g} "
                f"> {alpha:g}: {b} better, {c} worse)"
            )
        else:
            reason = "neither an effect nor its absence is shown at this size"
        reason += f"; about {more} more rollouts would settle it" if more else ""
    return PairedVerdict(
        n=n,
        wins_a=int(np.sum(x)),
        wins_b=int(np.sum(y)),
        better=b,
        worse=c,
        delta=(b - c) / n,
        ci_low=lo,
        ci_high=hi,
        p_value=p,
        recommendation=verdict,
        reason=reason,
        more_needed=more,
        verdict_ci_low=float(rows.verdict_ci_low[0]),
        verdict_ci_high=float(rows.verdict_ci_high[0]),
        verdict_level=float(rows.verdict_level[0]),
    )


__all__ = ["NO_DIFFERENCE", "VERDICTS", "PairedVerdict", "method_text", "paired_win_verdict"]

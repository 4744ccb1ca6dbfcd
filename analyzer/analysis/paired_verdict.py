"""The verdict on one paired win/loss comparison (promise vs no promise from the same starts).

Used by the position evaluator. It follows the four verdict words of issue 16 item 5
(``promise``, ``don't promise``, ``makes no difference``, ``not enough evidence``) with a
smallest effect worth acting on. SWAP POINT: when ``analysis/stats.py`` gets the project-wide
verdict function for paired binary outcomes, ``paired_win_verdict`` should call it.

Method (stated once):
- Outcomes are paired binary: rollout i's caster won with the promise (x_i) and without (y_i).
  Counts: a = both won, b = only with the promise, c = only without, d = neither.
- Interval for delta = P(win | promise) - P(win | no promise): Newcombe's (1998) method 10,
  the hybrid score interval built from the two Wilson intervals and the correlation of the
  pairs (with the continuity-corrected phi). It never has zero width and keeps its coverage
  when few pairs differ, where the paired t interval does not.
- Significance: the exact McNemar (sign) test on b vs c, so a verdict never rests on an
  interval alone when only a handful of pairs differ.
- ``promise`` / ``don't promise``: the interval excludes 0 on that side, McNemar p < alpha,
  and the interval reaches beyond the smallest effect (``min_effect``); ``makes no
  difference``: the whole interval lies inside (-min_effect, +min_effect) (two one-sided tests
  at alpha / 2 each); otherwise ``not enough evidence``, with about how many more pairs
  would shrink the interval enough to settle it.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from analyzer.analysis.stats import (
    DONT_PROMISE,
    NOT_ENOUGH,
    PROMISE,
    sign_test_p_value,
    wilson_interval,
)

NO_DIFFERENCE = "makes no difference"
VERDICTS = (PROMISE, DONT_PROMISE, NO_DIFFERENCE, NOT_ENOUGH)


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
    p_value: float  # exact McNemar
    recommendation: str
    reason: str
    more_needed: int | None  # about how many more pairs would settle "not enough evidence"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def newcombe_paired_interval(a: int, b: int, c: int, d: int,
                             confidence: float = 0.95) -> tuple[float, float]:
    """Newcombe (1998) method 10 interval for p1 - p2 = (b - c) / n from a paired 2x2 table
    (a both, b first only, c second only, d neither)."""
    n = a + b + c + d
    if n == 0:
        return math.nan, math.nan
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = (float(x) for x in wilson_interval(a + b, n, confidence))
    l2, u2 = (float(x) for x in wilson_interval(a + c, n, confidence))
    denom = (a + b) * (c + d) * (a + c) * (b + d)
    if denom == 0:
        phi = 0.0
    else:
        num = a * d - b * c
        num = max(num - n / 2, 0.0) if num > 0 else num  # Newcombe's continuity correction
        phi = num / math.sqrt(denom)
    delta = p1 - p2
    low = delta - math.sqrt(max((p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2)
                                + (u2 - p2) ** 2, 0.0))
    high = delta + math.sqrt(max((u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2)
                                 + (p2 - l2) ** 2, 0.0))
    return max(low, -1.0), min(high, 1.0)


def paired_win_verdict(wins_a: ArrayLike, wins_b: ArrayLike, *, min_effect: float = 0.01,
                       confidence: float = 0.95) -> PairedVerdict:
    """Verdict on arm a (promise) vs arm b (no promise) from paired win flags."""
    x = np.asarray(wins_a, dtype=bool).ravel()
    y = np.asarray(wins_b, dtype=bool).ravel()
    if x.shape != y.shape:
        raise ValueError(f"paired arrays differ in length: {x.size} vs {y.size}")
    if not 0 <= min_effect < 1:
        raise ValueError(f"min_effect must be a fraction in [0, 1), got {min_effect!r}")
    n = int(x.size)
    a, b = int(np.sum(x & y)), int(np.sum(x & ~y))
    c, d = int(np.sum(~x & y)), int(np.sum(~x & ~y))
    lo, hi = newcombe_paired_interval(a, b, c, d, confidence)
    delta = (b - c) / n if n else math.nan
    p = float(sign_test_p_value(b, c))
    alpha = 1.0 - confidence
    more: int | None = None
    m = min_effect
    if n == 0:
        verdict, reason = NOT_ENOUGH, "no rollouts"
    elif -m < lo and hi < m:
        verdict = NO_DIFFERENCE
        pts = 100 * m
        reason = (f"the whole interval lies within ±{pts:g} point{'' if pts == 1 else 's'}, the "
                  "smallest effect worth acting on")
    elif lo > 0 and p < alpha:
        verdict, reason = PROMISE, "promising wins more often; the interval excludes 0"
    elif hi < 0 and p < alpha:
        verdict, reason = DONT_PROMISE, "promising wins less often; the interval excludes 0"
    else:
        verdict = NOT_ENOUGH
        # the interval must shrink below |delta| (to exclude 0) or below m - |delta| (to fit
        # inside the band), whichever is nearer; its width goes as 1 / sqrt(n)
        half = (hi - lo) / 2
        target = max(abs(delta), m - abs(delta))
        if target > 0 and half > 0:
            more = max(math.ceil(n * (half / target) ** 2) - n, 1)
        why = (f"too few rollouts differ for the exact test (p = {p:.3g})" if lo > 0 or hi < 0
               else "the interval crosses 0 and reaches beyond the smallest effect worth "
                    "acting on")
        reason = why + (f"; about {more} more rollouts would settle it" if more else "")
    return PairedVerdict(n=n, wins_a=a + b, wins_b=a + c, better=b, worse=c, delta=delta,
                         ci_low=lo, ci_high=hi, p_value=p, recommendation=verdict,
                         reason=reason, more_needed=more)


__all__ = ["NO_DIFFERENCE", "VERDICTS", "PairedVerdict", "newcombe_paired_interval",
           "paired_win_verdict"]

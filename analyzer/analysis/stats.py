"""Statistics for gift-analyzer: rates, differences, multiple comparisons.

Conventions (stated once here, used by every function below)

- An outcome is per game from one player's side: 1 win, 0.5 draw, 0 loss. With draws a "rate"
  is the *score rate* (wins + draws / 2) / n. Fork-averaged outcomes (K forks per decision) may
  be any value in [0, 1]; the paired functions accept them as they are.
- ``confidence`` is two-sided (0.95 -> z = 1.959964). Intervals are closed, [low, high].
- Functions broadcast scalars and numpy arrays together; scalar input gives ``float`` output,
  array input gives arrays. Too little data for a statistic (n = 0, or n < 2 for a variance)
  gives nan, never an exception or a made-up 0.
- Distributions, quantiles and corrections come from scipy and statsmodels (no hand-written
  special functions). The gift-decision delta and its verdicts live in paired.py and
  verdicts.py; this module keeps single rates, unpaired differences and the generic paired t.
"""

from __future__ import annotations

import gc
import math
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy import stats as sps
from statsmodels.stats.multitest import multipletests

from analyzer.analysis.paired import sign_test_p
from analyzer.analysis.verdicts import DEPENDS, DONT_PROMISE, NO_DIFFERENCE, NOT_ENOUGH, PROMISE

__all__ = ["DEPENDS", "DONT_PROMISE", "NOT_ENOUGH", "NO_DIFFERENCE", "PROMISE"]

# Jeffreys instead of Wilson for a rate with at most this many successes (or failures): there
# Wilson's coverage dips well below nominal (Brown, Cai & DasGupta 2001, Fig. 5: ~0.84 at
# x = 1 for small p), Jeffreys' stays nearer it. Measured (exact binomial sums, n = 30 to 5000,
# p in [0.5/n, 20/n]): Wilson's worst coverage 0.85, this mix's 0.93.
JEFFREYS_AT_MOST = 3

Float = float | NDArray[np.float64]


class Rate(NamedTuple):
    """A rate with its interval."""

    rate: Float
    ci_low: Float
    ci_high: Float


class Difference(NamedTuple):
    """A difference of two rates (first minus second) with its interval."""

    delta: Float
    ci_low: Float
    ci_high: Float


# ---------------------------------------------------------------------------------------------
# small helpers and special functions


def _out(x: NDArray[Any]) -> Any:
    """Scalars back as Python scalars, arrays as arrays."""
    return x.item() if np.ndim(x) == 0 else x


def _check_confidence(confidence: float) -> None:
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), got {confidence!r}")


@lru_cache(maxsize=64)
def z_value(confidence: float = 0.95) -> float:
    """Two-sided normal critical value: P(|Z| <= z) = confidence."""
    _check_confidence(confidence)
    return float(sps.norm.isf((1.0 - confidence) / 2.0))


def t_value(confidence: float = 0.95, df: ArrayLike = math.inf) -> Any:
    """Two-sided Student t critical value, vectorized over df (inf gives z); nan where df <= 0."""
    _check_confidence(confidence)
    dfs = np.asarray(df, dtype=float)
    with np.errstate(invalid="ignore"):
        out = np.where(
            dfs > 0, sps.t.isf((1.0 - confidence) / 2.0, np.where(dfs > 0, dfs, 1)), np.nan
        )
    return _out(np.asarray(out, dtype=float))


def chi2_sf(x: ArrayLike, df: ArrayLike) -> Any:
    """Upper tail P(X >= x) of a chi-square with df degrees of freedom (vectorized)."""
    xs, dfs = np.broadcast_arrays(np.asarray(x, dtype=float), np.asarray(df, dtype=float))
    with np.errstate(invalid="ignore"):
        out = np.where(dfs > 0, sps.chi2.sf(xs, np.where(dfs > 0, dfs, 1)), np.nan)
    return _out(np.asarray(out, dtype=float))


def _counts(*arrays: ArrayLike) -> list[NDArray[np.float64]]:
    out = np.broadcast_arrays(*(np.asarray(a, dtype=float) for a in arrays))
    return [np.array(a, dtype=float) for a in out]  # writable copies


# ---------------------------------------------------------------------------------------------
# single rates


def wilson_interval(
    successes: ArrayLike, n: ArrayLike, confidence: float = 0.95
) -> tuple[Any, Any]:
    """Wilson score interval for a binomial proportion; n = 0 gives (nan, nan).

    With p = s/n and z the two-sided critical value:
    center = (p + z^2/(2n)) / (1 + z^2/n), half = z sqrt(p(1-p)/n + z^2/(4n^2)) / (1 + z^2/n).
    Chosen over the Wald interval because it stays inside [0, 1] and keeps close to nominal
    coverage at small n and near 0 or 1 (a card that almost always wins or never does).
    """
    low, high = _score_interval(successes, n, 0.0, confidence)
    return low, high


def _score_interval(
    successes: ArrayLike, n: ArrayLike, draws: ArrayLike, confidence: float
) -> tuple[Any, Any]:
    """Wilson's formula with p(1-p) replaced by the observed per-game variance (draws >= 0)."""
    _check_confidence(confidence)
    s, nn, d = _counts(successes, n, draws)
    if np.any(nn < 0) or np.any(s < 0) or np.any(d < 0) or np.any(s + d > nn):
        raise ValueError("counts must satisfy 0 <= successes, 0 <= draws, successes + draws <= n")
    z = z_value(confidence)
    z2 = z * z
    with np.errstate(invalid="ignore", divide="ignore"):
        p = (s + d / 2.0) / nn
        var = np.maximum(p * (1.0 - p) - d / (4.0 * nn), 0.0)  # biased per-game variance
        center = (2.0 * nn * p + z2) / (2.0 * (nn + z2))
        half = z * np.sqrt(4.0 * nn * var + z2) / (2.0 * (nn + z2))
        low = np.clip(center - half, 0.0, 1.0)
        high = np.clip(center + half, 0.0, 1.0)
    # exact ends where the data sit on the boundary (floating point would give 1e-17)
    low = np.where(p == 0.0, 0.0, low)
    high = np.where(p == 1.0, 1.0, high)
    empty = nn == 0
    return _out(np.where(empty, np.nan, low)), _out(np.where(empty, np.nan, high))


def score_rate(wins: ArrayLike, draws: ArrayLike, n: ArrayLike, confidence: float = 0.95) -> Rate:
    """Score rate (wins + draws/2) / n with a score interval that accounts for draws.

    The interval solves (p_hat - p)^2 = z^2 v / n for p with the per-game score variance v
    (outcomes 0, 1/2, 1) in place of the binomial p(1-p):
    p = [2 n p_hat + z^2 +- z sqrt(4 n v_hat + z^2)] / (2 (n + z^2)),
    v_hat = p_hat (1 - p_hat) - draws / (4 n).
    Why: with no draws it *is* the Wilson interval on wins (draws are rare: turn caps); with
    draws it uses their smaller variance like a normal interval on the per-game scores, while
    keeping Wilson's z^2 pull toward 1/2, so it stays in [0, 1] and never collapses to a point
    at 0/n, n/n or all draws the way the plain normal interval does.
    """
    low, high = _score_interval(wins, n, draws, confidence)
    w, d, nn = _counts(wins, draws, n)
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = np.where(nn > 0, (w + d / 2.0) / nn, np.nan)
    return Rate(_out(rate), low, high)


def jeffreys_interval(
    successes: ArrayLike, n: ArrayLike, confidence: float = 0.95
) -> tuple[Any, Any]:
    """Jeffreys interval: the equal-tailed Beta(s + 1/2, n - s + 1/2) quantiles, with the
    lower end 0 at s = 0 and the upper end 1 at s = n (Brown, Cai & DasGupta 2001)."""
    _check_confidence(confidence)
    s_, nn = _counts(successes, n)
    if np.any(nn < 0) or np.any(s_ < 0) or np.any(s_ > nn):
        raise ValueError("counts must satisfy 0 <= successes <= n")
    tail = (1.0 - confidence) / 2.0
    with np.errstate(invalid="ignore"):
        low = np.where(s_ > 0, sps.beta.ppf(tail, s_ + 0.5, nn - s_ + 0.5), 0.0)
        high = np.where(s_ < nn, sps.beta.isf(tail, s_ + 0.5, nn - s_ + 0.5), 1.0)
    empty = nn == 0
    return _out(np.where(empty, np.nan, low)), _out(np.where(empty, np.nan, high))


def proportion_interval(
    successes: ArrayLike, n: ArrayLike, confidence: float = 0.95
) -> tuple[Any, Any]:
    """Wilson, except Jeffreys' lower end with at most JEFFREYS_AT_MOST successes and its upper
    end with at most that many failures: the end that Wilson puts too far from the boundary
    (its upper end there is fine, Jeffreys' is too low)."""
    s_, nn = _counts(successes, n)
    wl, wh = (np.asarray(x, dtype=float) for x in wilson_interval(s_, nn, confidence))
    jl, jh = (np.asarray(x, dtype=float) for x in jeffreys_interval(s_, nn, confidence))
    return (
        _out(np.where(s_ <= JEFFREYS_AT_MOST, jl, wl)),
        _out(np.where(nn - s_ <= JEFFREYS_AT_MOST, jh, wh)),
    )


# ---------------------------------------------------------------------------------------------
# differences


def unpaired_difference(
    wins1: ArrayLike,
    n1: ArrayLike,
    wins2: ArrayLike,
    n2: ArrayLike,
    draws1: ArrayLike = 0,
    draws2: ArrayLike = 0,
    confidence: float = 0.95,
) -> Difference:
    """Rate 1 minus rate 2 from independent samples: Newcombe's hybrid score interval.

    Newcombe (1998) method 10, with (l_i, u_i) the score interval of each rate:
    low = d - sqrt((p1 - l1)^2 + (u2 - p2)^2), high = d + sqrt((u1 - p1)^2 + (p2 - l2)^2).
    Draws use the score_rate interval per arm. Use this only when the games are not paired:
    the paired difference on common random numbers is far tighter.
    """
    p1, l1, u1 = score_rate(wins1, draws1, n1, confidence)
    p2, l2, u2 = score_rate(wins2, draws2, n2, confidence)
    p1, l1, u1, p2, l2, u2 = _counts(p1, l1, u1, p2, l2, u2)
    delta = p1 - p2
    low = delta - np.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = delta + np.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return Difference(_out(delta), _out(low), _out(high))


@dataclass(frozen=True)
class PairedResult:
    """Paired difference a - b; every field is a float, or an array indexed by group code.

    ``var_reduction`` = var_unpaired / var_paired = (var(a) + var(b)) / var(a - b): how many
    times more games two independent samples of the same size would need for the same precision
    (inf when every pair agrees exactly and the arms vary, nan when nothing varies).
    """

    n: Any
    mean_a: Any
    mean_b: Any
    delta: Any
    se: Any
    ci_low: Any
    ci_high: Any
    df: Any
    p_value: Any
    se_unpaired: Any
    var_reduction: Any
    n_better: Any  # pairs with a > b (for decisions: promising was better for the caster)
    n_worse: Any
    n_same: Any

    @property
    def n_discordant(self) -> Any:
        """Pairs whose outcomes differ."""
        return self.n_better + self.n_worse

    def to_dict(self) -> dict[str, Any]:
        """Columns for a DataFrame (one row per group) or one record."""
        return asdict(self)


def paired_difference(
    a: ArrayLike,
    b: ArrayLike,
    groups: ArrayLike | None = None,
    confidence: float = 0.95,
    n_groups: int | None = None,
) -> PairedResult:
    """Mean of a - b over pairs (the same game or decision under two arms), t interval.

    d_i = a_i - b_i; delta = mean(d); se = sd(d) / sqrt(n) with sd using n - 1; interval
    delta +- t_{n-1} se. Student t rather than normal because scenario rollouts and thin
    situation buckets have small n, where z is overconfident; for n in the thousands they
    agree. ``p_value`` is the two-sided t test of delta = 0, so it agrees with the interval
    (p < 1 - confidence exactly when the interval excludes 0).
    With ``groups`` (non-negative integer codes, e.g. from ``pandas.factorize``) every field
    is an array with one entry per code 0..n_groups-1, computed in one vectorized pass.
    """
    _check_confidence(confidence)
    av, bv = np.asarray(a, dtype=float).ravel(), np.asarray(b, dtype=float).ravel()
    if av.shape != bv.shape:
        raise ValueError(f"paired arrays differ in length: {av.size} vs {bv.size}")
    if groups is None:
        g = np.zeros(av.size, dtype=np.intp)
        k = 1
    else:
        g = np.asarray(groups).ravel()
        if g.shape != av.shape:
            raise ValueError("groups must have one code per pair")
        if g.size and (g.min() < 0 or not np.issubdtype(g.dtype, np.integer)):
            raise ValueError("groups must be non-negative integer codes")
        k = int(n_groups) if n_groups is not None else (int(g.max()) + 1 if g.size else 0)
    d = av - bv

    def gsum(x: NDArray[Any]) -> NDArray[np.float64]:
        return np.bincount(g, weights=x, minlength=k).astype(float)

    n = gsum(np.ones_like(d))
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_a, mean_b, delta = gsum(av) / n, gsum(bv) / n, gsum(d) / n
        # two-pass variances: exact even when the spread is tiny next to the mean
        var_a = gsum((av - mean_a[g]) ** 2) / (n - 1)
        var_b = gsum((bv - mean_b[g]) ** 2) / (n - 1)
        var_d = gsum((d - delta[g]) ** 2) / (n - 1)
        se = np.sqrt(var_d / n)
        se_unpaired = np.sqrt((var_a + var_b) / n)
        var_reduction = (var_a + var_b) / var_d
        tcrit = np.asarray(t_value(confidence, n - 1), dtype=float)
        ci_low, ci_high = delta - tcrit * se, delta + tcrit * se
    few = n < 2
    for arr in (var_a, var_b, var_d, se, se_unpaired, var_reduction, ci_low, ci_high):
        arr[few] = np.nan
    p_value = np.asarray(paired_p_value(delta, se, n - 1), dtype=float)
    df = np.where(few, np.nan, n - 1)
    n_better, n_worse = gsum((d > 0).astype(float)), gsum((d < 0).astype(float))
    fields = dict(
        n=n,
        mean_a=mean_a,
        mean_b=mean_b,
        delta=delta,
        se=se,
        ci_low=ci_low,
        ci_high=ci_high,
        df=df,
        p_value=p_value,
        se_unpaired=se_unpaired,
        var_reduction=var_reduction,
        n_better=n_better,
        n_worse=n_worse,
        n_same=n - n_better - n_worse,
    )
    for key in ("n", "n_better", "n_worse", "n_same"):
        fields[key] = fields[key].astype(np.int64)
    if groups is None:
        fields = {key: val[0].item() if val.size else math.nan for key, val in fields.items()}
    return PairedResult(**fields)


def paired_p_value(delta: ArrayLike, se: ArrayLike, df: ArrayLike | None = None) -> Any:
    """Two-sided p-value of delta = 0: normal on delta/se, or Student t when df is given.

    se = 0 gives p = 0 for a nonzero delta (every pair moved the same way) and p = 1 for a
    zero delta (mirror matches); nan where delta, se or df is nan.
    """
    dv, sv, dfv = _counts(delta, se, math.inf if df is None else df)
    with np.errstate(invalid="ignore", divide="ignore"):
        stat = np.abs(dv) / sv
        stat = np.where((sv == 0) & (dv == 0), 0.0, stat)
        p = 2.0 * sps.t.sf(stat, np.where(dfv > 0, dfv, np.nan))
    p = np.where(np.isinf(stat), 0.0, p)
    return _out(np.where(np.isnan(stat) | np.isnan(dfv), np.nan, p))


def sign_test_p_value(better: ArrayLike, worse: ArrayLike) -> Any:
    """Exact two-sided sign test of better vs worse counts (ties dropped); 1 when both are 0."""
    return sign_test_p(better, worse)


# ---------------------------------------------------------------------------------------------
# multiple comparisons


def holm_adjust(p_values: ArrayLike) -> NDArray[np.float64]:
    """Holm-Bonferroni adjusted p-values (statsmodels), controlling the family-wise error.

    nan entries (rows with no data) make no claim: they stay nan and do not count in m.
    """
    p = np.asarray(p_values, dtype=float)
    finite = ~np.isnan(p)
    if np.any((p[finite] < 0) | (p[finite] > 1)):
        raise ValueError("p-values must lie in [0, 1]")
    out = np.full(p.shape, np.nan)
    if finite.any():
        out[finite] = _holm(p[finite])
    return out


def _holm(p: NDArray[np.float64]) -> NDArray[np.float64]:
    """statsmodels' Holm adjustment, the objects alive before it frozen from the collector:
    its Holm branch ends in ``gc.collect()``, a full collection of the whole process (0.1 to
    0.25 s once the compiled kernel's objects are loaded, for a sort and a running maximum;
    a test session made 73 of them, 16 s). Frozen, that collection visits only the objects made
    since; they are unfrozen after (a process that froze objects of its own keeps them so, and
    gets the plain call)."""
    if gc.get_freeze_count():
        return multipletests(p, method="holm")[1]
    gc.freeze()
    try:
        return multipletests(p, method="holm")[1]
    finally:
        gc.unfreeze()


def holm_significant(p_values: ArrayLike, alpha: float = 0.05) -> NDArray[np.bool_]:
    """Which claims survive Holm at level alpha (False for nan)."""
    adj = holm_adjust(p_values)
    return np.where(np.isnan(adj), False, adj <= alpha)

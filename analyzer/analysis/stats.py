"""Statistics for gift-analyzer: intervals, paired differences, multiple comparisons, verdicts.

Conventions (stated once here, used by every function below)

- An outcome is per game from one player's side: 1 win, 0.5 draw, 0 loss. With draws a "rate"
  is the *score rate* (wins + draws / 2) / n. Fork-averaged outcomes (K forks per decision) may
  be any value in [0, 1]; the paired functions accept them as they are.
- ``confidence`` is two-sided (0.95 -> z = 1.959964). Intervals are closed, [low, high].
- Functions broadcast scalars and numpy arrays together; scalar input gives ``float`` output,
  array input gives arrays. Too little data for a statistic (n = 0, or n < 2 for a variance)
  gives nan, never an exception or a made-up 0.
- An interval "crosses zero" when low <= 0 <= high; no directional claim is made from it.
- Pure numpy + math, no scipy: the normal quantile is ``statistics.NormalDist`` (AS241); Student
  t and chi-square tails come from the regularized incomplete beta / gamma functions (Lentz
  continued fractions, Numerical Recipes 6.2 and 6.4), accurate to ~1e-12.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from functools import lru_cache
from statistics import NormalDist
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

PROMISE = "promise"
DONT_PROMISE = "don't promise"
NOT_ENOUGH = "not enough evidence"

# Defaults for verdicts. MIN_N: below ~30 pairs the t interval of a mean of outcomes bounded in
# [-1, 1] is not trustworthy. MIN_DISCORDANT: a paired delta rests on the pairs whose outcomes
# differ; with mostly tied pairs and a handful of wins the t interval is overconfident
# (5 better, 0 worse in 1000 pairs gives t = 2.2, yet the exact sign test gives p = 0.0625).
MIN_N = 30
MIN_DISCORDANT = 10

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
    return NormalDist().inv_cdf(0.5 + confidence / 2.0)


_TINY = 1e-300
_EPS = 1e-15
_MAXIT = 100_000


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction for the incomplete beta function (modified Lentz)."""
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    h = d
    for m in range(1, _MAXIT):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)),
                   -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > _TINY else _TINY)
            c = 1.0 + aa / c
            c = c if abs(c) > _TINY else _TINY
            h *= d * c
        if abs(d * c - 1.0) < _EPS:
            return h
    raise ArithmeticError(f"incomplete beta did not converge (a={a}, b={b}, x={x})")


def _betainc(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def _gammaincc(a: float, x: float) -> float:
    """Regularized upper incomplete gamma Q(a, x)."""
    if x <= 0.0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1.0:  # series for P(a, x)
        term = total = 1.0 / a
        ap = a
        for _ in range(_MAXIT):
            ap += 1.0
            term *= x / ap
            total += term
            if abs(term) < abs(total) * _EPS:
                return max(0.0, 1.0 - total * math.exp(log_front))
        raise ArithmeticError(f"incomplete gamma series did not converge (a={a}, x={x})")
    b = x + 1.0 - a  # continued fraction for Q(a, x)
    c, d = 1.0 / _TINY, 1.0 / b
    h = d
    for i in range(1, _MAXIT):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = b + an / c
        c = c if abs(c) > _TINY else _TINY
        h *= d * c
        if abs(d * c - 1.0) < _EPS:
            return math.exp(log_front) * h
    raise ArithmeticError(f"incomplete gamma fraction did not converge (a={a}, x={x})")


def _t_two_sided_p(t: float, df: float) -> float:
    """P(|T_df| >= |t|); the normal tail when df is infinite or beyond 1e7 (|diff| < 1e-7)."""
    if math.isnan(t) or math.isnan(df) or df <= 0:
        return math.nan
    t = abs(t)
    if math.isinf(t):
        return 0.0
    if df > 1e7:
        return math.erfc(t / math.sqrt(2.0))
    return _betainc(df / 2.0, 0.5, df / (df + t * t))


@lru_cache(maxsize=4096)
def _t_critical(alpha: float, df: float) -> float:
    """t > 0 with P(|T_df| >= t) = alpha: Cornish-Fisher start, safeguarded Newton."""
    z = NormalDist().inv_cdf(1.0 - alpha / 2.0)
    if math.isinf(df) or df > 1e7:
        return z
    if df == 1.0:  # Cauchy: closed form (the expansion below is poor at tiny df)
        return math.tan(math.pi * (1.0 - alpha) / 2.0)
    v = df  # Abramowitz & Stegun 26.7.5
    t = (z + (z**3 + z) / (4 * v) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)
         + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3)
         + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * v**4))
    lo, hi = z, max(t, z) * 2.0 + 1.0  # the t quantile is always above z
    while _t_two_sided_p(hi, df) > alpha:
        hi *= 2.0
    t = min(max(t, lo), hi)
    log_c = math.lgamma((v + 1) / 2) - math.lgamma(v / 2) - 0.5 * math.log(v * math.pi)
    for _ in range(200):
        f = _t_two_sided_p(t, df) - alpha
        if f > 0:
            lo = t
        else:
            hi = t
        pdf = math.exp(log_c - (v + 1) / 2 * math.log1p(t * t / v))
        step = f / (2.0 * pdf)  # d/dt of the two-sided tail is -2 pdf
        new = t + step
        if not lo < new < hi:
            new = (lo + hi) / 2.0
        if abs(new - t) <= 1e-13 * t:
            return new
        t = new
    return t


def t_value(confidence: float = 0.95, df: ArrayLike = math.inf) -> Any:
    """Two-sided Student t critical value, vectorized over df (inf gives z); nan where df <= 0."""
    _check_confidence(confidence)
    dfs = np.asarray(df, dtype=float)
    flat = [_t_critical(1.0 - confidence, float(v)) if v > 0 else math.nan for v in dfs.ravel()]
    return _out(np.asarray(flat, dtype=float).reshape(dfs.shape))


def chi2_sf(x: ArrayLike, df: ArrayLike) -> Any:
    """Upper tail P(X >= x) of a chi-square with df degrees of freedom (vectorized)."""
    xs, dfs = np.broadcast_arrays(np.asarray(x, dtype=float), np.asarray(df, dtype=float))
    flat = [math.nan if math.isnan(a) or math.isnan(k) or k <= 0 else _gammaincc(k / 2, a / 2)
            for a, k in zip(xs.ravel(), dfs.ravel(), strict=True)]
    return _out(np.asarray(flat, dtype=float).reshape(xs.shape))


def _counts(*arrays: ArrayLike) -> list[NDArray[np.float64]]:
    out = np.broadcast_arrays(*(np.asarray(a, dtype=float) for a in arrays))
    return [np.array(a, dtype=float) for a in out]  # writable copies


# ---------------------------------------------------------------------------------------------
# single rates


def wilson_interval(successes: ArrayLike, n: ArrayLike,
                    confidence: float = 0.95) -> tuple[Any, Any]:
    """Wilson score interval for a binomial proportion; n = 0 gives (nan, nan).

    With p = s/n and z the two-sided critical value:
    center = (p + z^2/(2n)) / (1 + z^2/n), half = z sqrt(p(1-p)/n + z^2/(4n^2)) / (1 + z^2/n).
    Chosen over the Wald interval because it stays inside [0, 1] and keeps close to nominal
    coverage at small n and near 0 or 1 (a card that almost always wins or never does).
    """
    low, high = _score_interval(successes, n, 0.0, confidence)
    return low, high


def _score_interval(successes: ArrayLike, n: ArrayLike, draws: ArrayLike,
                    confidence: float) -> tuple[Any, Any]:
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


# ---------------------------------------------------------------------------------------------
# differences


def unpaired_difference(wins1: ArrayLike, n1: ArrayLike, wins2: ArrayLike, n2: ArrayLike,
                        draws1: ArrayLike = 0, draws2: ArrayLike = 0,
                        confidence: float = 0.95) -> Difference:
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


def paired_difference(a: ArrayLike, b: ArrayLike, groups: ArrayLike | None = None,
                      confidence: float = 0.95, n_groups: int | None = None) -> PairedResult:
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
    fields = dict(n=n, mean_a=mean_a, mean_b=mean_b, delta=delta, se=se, ci_low=ci_low,
                  ci_high=ci_high, df=df, p_value=p_value, se_unpaired=se_unpaired,
                  var_reduction=var_reduction, n_better=n_better, n_worse=n_worse,
                  n_same=n - n_better - n_worse)
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
    flat = [_t_two_sided_p(t, v) for t, v in zip(stat.ravel(), dfv.ravel(), strict=True)]
    return _out(np.asarray(flat, dtype=float).reshape(stat.shape))


def sign_test_p_value(better: ArrayLike, worse: ArrayLike) -> Any:
    """Exact two-sided sign test of better vs worse counts (ties dropped); 1 when both are 0.

    p = min(1, 2 P(X <= min(better, worse))), X ~ Binomial(better + worse, 1/2), computed as
    the incomplete beta I_{1/2}(n - k, k + 1) so large counts stay exact and fast.
    """
    bv, wv = _counts(better, worse)
    flat = []
    for x, y in zip(bv.ravel(), wv.ravel(), strict=True):
        k, total = min(x, y), x + y
        if math.isnan(total):
            flat.append(math.nan)
        elif k == total / 2:
            flat.append(1.0)
        else:
            flat.append(min(1.0, 2.0 * _betainc(total - k, k + 1.0, 0.5)))
    return _out(np.asarray(flat, dtype=float).reshape(bv.shape))


# ---------------------------------------------------------------------------------------------
# multiple comparisons


def holm_adjust(p_values: ArrayLike) -> NDArray[np.float64]:
    """Holm-Bonferroni adjusted p-values (step-down, monotone, capped at 1).

    With the m finite p-values sorted ascending, adj_(i) = max_{j <= i} min(1, (m - j + 1) p_(j)).
    A claim survives at level alpha when its adjusted p <= alpha; this controls the chance of
    any false claim in the table (family-wise error) at alpha. nan entries (rows with no data)
    make no claim: they stay nan and do not count in m.
    """
    p = np.asarray(p_values, dtype=float)
    finite = ~np.isnan(p)
    if np.any((p[finite] < 0) | (p[finite] > 1)):
        raise ValueError("p-values must lie in [0, 1]")
    out = np.full(p.shape, np.nan)
    vals = p[finite]
    m = vals.size
    if m:
        order = np.argsort(vals, kind="stable")
        adj = np.minimum(1.0, np.maximum.accumulate((m - np.arange(m)) * vals[order]))
        res = np.empty(m)
        res[order] = adj
        out[finite] = res
    return out


def holm_significant(p_values: ArrayLike, alpha: float = 0.05) -> NDArray[np.bool_]:
    """Which claims survive Holm at level alpha (False for nan)."""
    adj = holm_adjust(p_values)
    return np.where(np.isnan(adj), False, adj <= alpha)


# ---------------------------------------------------------------------------------------------
# verdicts


def recommendation(delta: float, ci_low: float, ci_high: float, n: float, min_n: int = MIN_N,
                   *, n_discordant: float | None = None, min_discordant: int = MIN_DISCORDANT,
                   margin: float = 0.0) -> str:
    """Verdict for one paired delta (promise minus no promise, caster's win rate).

    "promise" when ci_low > margin, "don't promise" when ci_high < -margin, otherwise (the
    interval touches or crosses the margin band, n < min_n, fewer than min_discordant pairs
    that differ, or anything nan) "not enough evidence".
    """
    return str(recommendations(delta, ci_low, ci_high, n, min_n=min_n, n_discordant=n_discordant,
                               min_discordant=min_discordant, margin=margin)[()])


def recommendations(delta: ArrayLike, ci_low: ArrayLike, ci_high: ArrayLike, n: ArrayLike, *,
                    min_n: int = MIN_N, n_discordant: ArrayLike | None = None,
                    min_discordant: int = MIN_DISCORDANT, p_values: ArrayLike | None = None,
                    alpha: float = 0.05, margin: float = 0.0) -> NDArray[np.str_]:
    """Vectorized ``recommendation`` for a table of rows (a string array, same shape).

    With ``p_values`` a claim must also survive Holm over the rows at level ``alpha``, so a
    table of many cards or buckets makes at most an alpha chance of any false claim.
    """
    dv, lo, hi, nv = _counts(delta, ci_low, ci_high, n)
    ok = (nv >= min_n) & np.isfinite(dv) & np.isfinite(lo) & np.isfinite(hi)
    if n_discordant is not None:
        ok &= np.broadcast_to(np.asarray(n_discordant, dtype=float), dv.shape) >= min_discordant
    if p_values is not None:
        ok &= holm_significant(np.broadcast_to(np.asarray(p_values, dtype=float), dv.shape),
                               alpha)
    out = np.full(dv.shape, NOT_ENOUGH, dtype=object)
    out[ok & (lo > margin)] = PROMISE
    out[ok & (hi < -margin)] = DONT_PROMISE
    return out.astype(str)


def cochran_q(delta: ArrayLike, se: ArrayLike) -> tuple[float, int, float]:
    """Heterogeneity of k estimates: (Q, k - 1, p), Q = sum w (delta - pooled)^2, w = 1/se^2.

    Under "all buckets share one true delta" Q ~ chi-square(k - 1); a small p means the
    buckets disagree by more than their noise. Rows with nan or se <= 0 are ignored.
    """
    dv, sv = _counts(delta, se)
    keep = np.isfinite(dv) & np.isfinite(sv) & (sv > 0)
    dv, w = dv[keep], 1.0 / sv[keep] ** 2
    k = int(dv.size)
    if k < 2:
        return math.nan, max(k - 1, 0), math.nan
    pooled = float(np.sum(w * dv) / np.sum(w))
    q = float(np.sum(w * (dv - pooled) ** 2))
    return q, k - 1, float(chi2_sf(q, k - 1))


def bucket_recommendation(labels: ArrayLike, delta: ArrayLike, se: ArrayLike, n: ArrayLike, *,
                          n_discordant: ArrayLike | None = None, overall: str | None = None,
                          alpha: float = 0.05, min_n: int = MIN_N,
                          min_discordant: int = MIN_DISCORDANT) -> str:
    """One verdict for a card from its per-bucket paired deltas (e.g. by turn or life gap).

    Each bucket gets a t interval (df = n - 1) and a claim that must survive Holm across the
    buckets. ``overall`` defaults to the verdict on the pooled delta (sum n_i delta_i / N, se
    sqrt(sum (n_i/N)^2 se_i^2), normal). The result is "depends: promise when A or B" (or
    "depends: don't promise when C") only when the buckets disagree significantly: Cochran's
    Q rejects at alpha *and* some bucket's surviving claim differs from the overall verdict.
    Otherwise it is the overall verdict. A bucket whose pairs all agree (se = 0) enters Q with
    se = 0.5 / n, the se had one pair differed by half a game, so weights stay finite.
    """
    lab = np.asarray(labels, dtype=object).ravel()
    dv, sv, nv = (x.ravel() for x in _counts(delta, se, n))
    if not lab.size == dv.size:
        raise ValueError("labels, delta, se and n must have one entry per bucket")
    conf = 1.0 - alpha
    with np.errstate(invalid="ignore"):
        tcrit = np.asarray(t_value(conf, np.where(nv >= 2, nv - 1, 0)), dtype=float).ravel()
        lo, hi = dv - tcrit * sv, dv + tcrit * sv
    p = np.asarray(paired_p_value(dv, sv, np.where(nv >= 2, nv - 1, np.nan)), dtype=float)
    recs = recommendations(dv, lo, hi, nv, min_n=min_n, n_discordant=n_discordant,
                           min_discordant=min_discordant, p_values=p.ravel(), alpha=alpha)
    if overall is None:
        usable = np.isfinite(dv) & np.isfinite(sv) & (nv > 0)
        total = float(nv[usable].sum())
        if total > 0:
            wts = nv[usable] / total
            pooled = float(np.sum(wts * dv[usable]))
            pooled_se = float(np.sqrt(np.sum((wts * sv[usable]) ** 2)))
            z = z_value(conf)
            disc = None if n_discordant is None else float(
                np.asarray(n_discordant, dtype=float).ravel()[usable].sum())
            overall = recommendation(pooled, pooled - z * pooled_se, pooled + z * pooled_se,
                                     total, min_n, n_discordant=disc,
                                     min_discordant=min_discordant)
        else:
            overall = NOT_ENOUGH
    with np.errstate(divide="ignore"):
        floored = np.where(nv >= 2, np.maximum(sv, 0.5 / nv), np.nan)
    _, _, p_het = cochran_q(dv, floored)
    if not p_het < alpha:
        return overall
    promise = [str(x) for x in lab[recs == PROMISE]]
    dont = [str(x) for x in lab[recs == DONT_PROMISE]]
    if promise and (dont or overall != PROMISE):
        return "depends: promise when " + " or ".join(promise)
    if dont and overall != DONT_PROMISE:
        return "depends: don't promise when " + " or ".join(dont)
    return overall

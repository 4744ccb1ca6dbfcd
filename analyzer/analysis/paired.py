"""Paired outcomes clustered in games: the promise-minus-no-promise delta, its interval and test.

Each decision gives a pair of outcomes for the caster (1 win, 0.5 draw, 0 loss; averaged over K
forks) and their difference d in [-1, 1]. Several decisions of one game share that game, so
their d are correlated (within-game correlation 0.27-0.37 in real runs). Conventions:

- ``better`` / ``worse`` are the effective discordant counts sum(max(d, 0)) and sum(max(-d, 0));
  with one fork and no draws they are the numbers of pairs where the promised branch won and
  lost, and ``same`` = n - better - worse. delta = (better - worse) / n.
- The interval is Tango's (1998) score interval for a difference of paired proportions, with
  the variance inflated by the game-cluster design effect (Rao & Scott 1992: divide every count
  by the design effect and use the method for independent pairs). The design effect is
  deff = max(1, V_CR1 / V_iid): the CR1 cluster-robust variance of mean(d) over games (the
  G / (G - 1) small-sample factor) against the independent-pairs variance. Why Tango: it stays
  near nominal coverage when few pairs differ (the paired t interval covered 50% at n = 30),
  it is never zero-width (0 better, 0 worse in n pairs gives +-z^2 / (n + z^2)), and it stays
  inside [-1, 1]. For fork-averaged d (between -1 and 1) the counts above give a variance
  bound (var d <= E|d| - delta^2), so the interval is conservative there, never liberal.
- ``p_value`` tests delta = 0, two-sided: the exact sign test on the effective counts when fewer
  than EXACT_BELOW pairs differ, else the (design-effect) McNemar score test, which is the
  Tango statistic at 0. A claim is made from a test and the interval at the same level
  (verdicts.py), so the stricter exact test only ever withholds a claim.
- Scalars in, floats out; arrays in (one entry per group), arrays out. n = 0 gives nan.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy import special, stats

EXACT_BELOW = 100  # effective differing pairs below which the exact sign test gives the p-value
_BISECT = 42  # bisection steps for the interval ends: 2^-41 (5e-13) of [-1, 1]


@dataclass(frozen=True)
class PairedEffect:
    """Per group: counts, delta with its score interval, design effect and p-value."""

    n: Any  # decisions (pairs)
    games: Any  # distinct games they come from (clusters)
    better: Any
    worse: Any
    same: Any
    mean_a: Any  # win rate with the promise
    mean_b: Any  # without
    delta: Any
    ci_low: Any
    ci_high: Any
    deff: Any  # game-cluster design effect (>= 1)
    p_value: Any

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _z(alpha: ArrayLike) -> NDArray[np.float64]:
    return np.asarray(stats.norm.isf(np.asarray(alpha, dtype=float) / 2.0), dtype=float)


def _tango_z(
    delta0: NDArray[Any], b: NDArray[Any], c: NDArray[Any], n: NDArray[Any]
) -> NDArray[np.float64]:
    """Tango's score statistic at delta0: (b - c - n delta0) / sqrt(n (2 q + delta0 (1 - delta0)))
    with q the maximum-likelihood P(worse) under delta = delta0 (a root of a quadratic)."""
    big_b = -b - c + (2.0 * n - b + c) * delta0
    big_c = -c * delta0 * (1.0 - delta0)
    with np.errstate(invalid="ignore", divide="ignore"):
        q = (-big_b + np.sqrt(np.maximum(big_b * big_b - 8.0 * n * big_c, 0.0))) / (4.0 * n)
        q = np.clip(q, np.maximum(0.0, -delta0), np.maximum((1.0 - delta0) / 2.0, 0.0))
        var = np.maximum(n * (2.0 * q + delta0 * (1.0 - delta0)), 0.0)
        num = b - c - n * delta0
        zval = num / np.sqrt(var)
    edge = np.where(num > 0, np.inf, np.where(num < 0, -np.inf, 0.0))
    return np.where(var > 0, zval, edge)


def score_interval(
    better: ArrayLike, worse: ArrayLike, n: ArrayLike, alpha: ArrayLike = 0.05
) -> tuple[Any, Any]:
    """Tango's two-sided (1 - alpha) interval for P(better) - P(worse) from paired counts.

    Counts may be fractional (effective counts after the design effect); alpha may vary per
    entry (each claim of a family at its own level). n = 0 gives (nan, nan).
    """
    b, c, nn, a = (np.asarray(x, dtype=float) for x in np.broadcast_arrays(better, worse, n, alpha))
    z = _z(a)
    with np.errstate(invalid="ignore", divide="ignore"):
        est = np.where(nn > 0, (b - c) / nn, 0.0)
    # both ends in one bisection: Z(lower) = +z, Z(upper) = -z, Z decreasing in delta0
    left = np.concatenate([np.full(b.size, -1.0), est.ravel()])
    right = np.concatenate([est.ravel(), np.full(b.size, 1.0)])
    bb, cc, n2 = (np.tile(x.ravel(), 2) for x in (b, c, nn))
    target = np.concatenate([z.ravel(), -z.ravel()])
    for _ in range(_BISECT):
        mid = (left + right) / 2.0
        go_right = _tango_z(mid, bb, cc, n2) > target
        left, right = np.where(go_right, mid, left), np.where(go_right, right, mid)
    low = np.where(nn > 0, left[: b.size].reshape(b.shape), np.nan)
    high = np.where(nn > 0, right[b.size :].reshape(b.shape), np.nan)
    # the data at the boundary: every pair better (worse) puts the upper (lower) end at 1 (-1)
    low = np.where((nn > 0) & (c >= nn), -1.0, low)
    high = np.where((nn > 0) & (b >= nn), 1.0, high)
    return _out(low), _out(high)


def sign_test_p(better: ArrayLike, worse: ArrayLike) -> Any:
    """Exact two-sided sign test of better vs worse (ties dropped); 1 when both are 0.

    p = min(1, 2 P(X <= min)), X ~ Binomial(better + worse, 1/2), as the regularized incomplete
    beta I_{1/2}(n - k, k + 1), which also takes the fractional effective counts.
    """
    b, c = (np.asarray(x, dtype=float) for x in np.broadcast_arrays(better, worse))
    k, total = np.minimum(b, c), b + c
    with np.errstate(invalid="ignore"):
        p = np.minimum(1.0, 2.0 * special.betainc(np.maximum(total - k, 1e-300), k + 1.0, 0.5))
    p = np.where(np.abs(b - c) < 1e-12, 1.0, p)
    return _out(np.where(np.isnan(total), np.nan, p))


def delta_p_value(better: ArrayLike, worse: ArrayLike, exact_below: float = EXACT_BELOW) -> Any:
    """Two-sided p of delta = 0: exact sign test below ``exact_below`` differing pairs, else the
    McNemar score test (b - c) / sqrt(b + c) against the normal."""
    b, c = (np.asarray(x, dtype=float) for x in np.broadcast_arrays(better, worse))
    with np.errstate(invalid="ignore", divide="ignore"):
        score = 2.0 * stats.norm.sf(np.abs(b - c) / np.sqrt(b + c))
    exact = np.asarray(sign_test_p(b, c), dtype=float)
    p = np.where(b + c < exact_below, exact, score)
    return _out(np.where(b + c == 0, 1.0, p))


def one_sided_p(
    better: ArrayLike, worse: ArrayLike, n: ArrayLike, delta0: ArrayLike, upper: bool
) -> Any:
    """Score test p of delta <= delta0 (upper=True: evidence delta > delta0) or of
    delta >= delta0 (upper=False); the building block of the TOST equivalence test."""
    b, c, nn, d0 = (
        np.asarray(x, dtype=float) for x in np.broadcast_arrays(better, worse, n, delta0)
    )
    zval = _tango_z(d0, b, c, nn)
    return _out(stats.norm.sf(zval) if upper else stats.norm.cdf(zval))


def design_effect(
    d: NDArray[Any], cluster: NDArray[Any], groups: NDArray[Any], k: int
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Per group: max(1, V_CR1 / V_iid) for the mean of d with `cluster` (game) ids (non-negative
    integers), and the number of distinct clusters."""
    n = np.bincount(groups, minlength=k).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.bincount(groups, weights=d, minlength=k) / n
        resid = d - mean[groups]
        v_iid = np.bincount(groups, weights=resid * resid, minlength=k) / (n * (n - 1.0))
        # cluster sums of residuals: one entry per (group, game), found by one sort
        width = int(cluster.max()) + 1 if cluster.size else 1
        key = groups.astype(np.int64) * width + cluster
        order = np.argsort(key, kind="stable")
        skey = key[order]
        starts = (
            np.flatnonzero(np.r_[True, skey[1:] != skey[:-1]])
            if skey.size
            else np.zeros(0, np.intp)
        )
        sums = np.add.reduceat(resid[order], starts) if starts.size else np.zeros(0)
        grp = (skey[starts] // width).astype(np.intp)
        n_clusters = np.bincount(grp, minlength=k).astype(float)
        ss = np.bincount(grp, weights=sums * sums, minlength=k)
        v_cr1 = n_clusters / (n_clusters - 1.0) * ss / (n * n)
        deff = v_cr1 / v_iid
    # a group whose differences are all equal has no variance, so no design effect (its float
    # residuals are rounding noise, whose ratio would be arbitrary)
    high = np.full(k, -np.inf)
    low = np.full(k, np.inf)
    np.maximum.at(high, groups, d)
    np.minimum.at(low, groups, d)
    deff = np.where(high > low, deff, 1.0)
    return np.where(np.isfinite(deff), np.maximum(deff, 1.0), 1.0), n_clusters


def paired_effect(
    a: ArrayLike,
    b: ArrayLike,
    clusters: ArrayLike | None = None,
    groups: ArrayLike | None = None,
    n_groups: int | None = None,
    alpha: ArrayLike = 0.05,
    interval: bool = True,
) -> PairedEffect:
    """Promise (a) minus no promise (b) per group, with game clusters (default: every pair its
    own game). ``groups`` are non-negative integer codes; scalars come back without them.
    ``interval=False`` leaves ci_low / ci_high nan (tests that need only counts and p)."""
    av, bv = np.asarray(a, dtype=float).ravel(), np.asarray(b, dtype=float).ravel()
    if av.shape != bv.shape:
        raise ValueError(f"paired arrays differ in length: {av.size} vs {bv.size}")
    g = np.zeros(av.size, np.intp) if groups is None else np.asarray(groups).ravel()
    if g.shape != av.shape or (g.size and (g.min() < 0 or not np.issubdtype(g.dtype, np.integer))):
        raise ValueError("groups must be one non-negative integer code per pair")
    k = (
        1
        if groups is None
        else (int(n_groups) if n_groups is not None else (int(g.max()) + 1 if g.size else 0))
    )
    cl = np.arange(av.size) if clusters is None else np.asarray(clusters).ravel()
    if cl.shape != av.shape:
        raise ValueError("clusters must give one game id per pair")
    if cl.size and (not np.issubdtype(cl.dtype, np.integer) or cl.min() < 0):
        cl = np.unique(cl, return_inverse=True)[1]
    cl = cl.astype(np.int64)
    d = av - bv
    n = np.bincount(g, minlength=k).astype(float)
    better = np.bincount(g, weights=np.maximum(d, 0.0), minlength=k)
    worse = np.bincount(g, weights=np.maximum(-d, 0.0), minlength=k)
    deff, games = design_effect(d, cl, g, k)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_a = np.bincount(g, weights=av, minlength=k) / n
        mean_b = np.bincount(g, weights=bv, minlength=k) / n
    res = effect_from_counts(n, games, better, worse, mean_a, mean_b, deff, alpha, interval)
    if groups is None:
        res = PairedEffect(
            **{
                key: float(val[0]) if val.size else float("nan")
                for key, val in res.to_dict().items()
            }
        )
    return res


def effect_from_counts(
    n: NDArray[Any],
    games: NDArray[Any],
    better: NDArray[Any],
    worse: NDArray[Any],
    mean_a: NDArray[Any],
    mean_b: NDArray[Any],
    deff: NDArray[Any],
    alpha: ArrayLike = 0.05,
    interval: bool = True,
) -> PairedEffect:
    """The interval and p of every group from its counts and design effect (arrays, one entry
    per group): what ``paired_effect`` computes once it has summed the pairs, and what the
    chunked evaluation (analysis/sufficient.py) computes from its running sums."""
    n, better, worse, deff = (
        np.atleast_1d(np.asarray(x, dtype=float)) for x in (n, better, worse, deff)
    )
    if interval:
        lo, hi = score_interval(better / deff, worse / deff, n / deff, alpha)
    else:
        lo = hi = np.full(n.size, np.nan)
    p = np.where(n > 0, np.asarray(delta_p_value(better / deff, worse / deff), dtype=float), np.nan)
    mean_a, mean_b = np.atleast_1d(mean_a), np.atleast_1d(mean_b)
    return PairedEffect(
        n=n,
        games=np.atleast_1d(games),
        better=better,
        worse=worse,
        same=n - better - worse,
        mean_a=mean_a,
        mean_b=mean_b,
        delta=mean_a - mean_b,
        ci_low=np.atleast_1d(lo),
        ci_high=np.atleast_1d(hi),
        deff=deff,
        p_value=p,
    )


def _out(x: NDArray[Any]) -> Any:
    return x.item() if np.ndim(x) == 0 else x

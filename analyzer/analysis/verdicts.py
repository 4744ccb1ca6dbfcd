"""Verdicts on the promise-minus-no-promise delta, with the whole table as one family of claims.

Words (``verdict`` column):

- ``promise`` / ``don't promise``: the delta is shown to be above / below zero, and not shown
  to be smaller than the smallest effect worth acting on (``min_effect``, default 1 point of
  win rate per decision).
- ``makes no difference``: the delta is shown to lie within +-min_effect (TOST equivalence
  test: both one-sided score tests reject). This includes a real but tiny effect.
- ``not enough evidence``: neither; ``more_games`` says about how many more games per matchup
  would settle it, if the delta stayed where it is.
- ``depends``: the card's buckets of one situation dimension disagree (heterogeneity shown) and
  the buckets' own claims name a pattern the row verdict does not already say; the pattern is
  in ``depends_on`` (e.g. "turn: promise on own turns 1-2; don't promise on own turns 7+").

Family (all claims of one gift_decisions table: rows, dimensions, buckets), at alpha = 0.05:
one graph (Bretz et al. 2009) of three disconnected parts, so the chance of any false claim is
at most the sum of their shares, i.e. alpha:

- primary rows (pooled over opponents, or the one opponent) share PRIMARY_SHARE of alpha
  equally; per-opponent rows (secondary) share SECONDARY_SHARE; the shares of the secondary
  go to the primary when there is none. Rows have no edges: each row's level w alpha is fixed,
  which is what makes its interval (and so its equivalence claim) valid at that level. A row's
  two claims (delta != 0, |delta| < min_effect) cannot both be false, so both use the level.
- "depends" claims of primary rows share DEPENDS_SHARE: equally per row, then per situation
  dimension with at least two buckets of MIN_BUCKET_DIFFERING differing pairs; a dimension's
  heterogeneity hypothesis, once rejected, passes its level on to its buckets (equally), a
  rejected bucket to its siblings. Heterogeneity is tested conditionally on the differing
  pairs: a likelihood-ratio (G) test of better vs worse across buckets (2 x B table of the
  design-effect-scaled counts, Rao & Scott), so buckets with many ties cannot fake it.
- ``p_adjusted`` = min(1, p / w): a claim stands when p_adjusted <= alpha (weighted
  Bonferroni, the graph's adjusted p for a node without incoming edges).

The interval each verdict is read from (``verdict_ci_low`` / ``verdict_ci_high`` at confidence
``verdict_level``), not the 95% one printed beside it: an effect (promise / don't promise) from
the two-sided (1 - w alpha) score interval excluding 0; "makes no difference" from the
(1 - 2 w alpha) one lying within +-min_effect (the TOST's two one-sided tests at w alpha each,
the same score statistic); "not enough evidence" and "depends" show the (1 - w alpha) one.
Beside the 95% interval a row may so read "not enough evidence" though the 95% one excludes 0
(its own, at 1 - w alpha, is wider), or "makes no difference" though the 95% one crosses
+-min_effect (when w > 1/2, as for a table's one primary row, 1 - 2 w alpha is below 95%).

The other tables of verdicts are families of their own, at alpha each: gift_situations (every
non-empty row an equal share, decision_tables._tables) and the pod answers (recipients.py). They
answer other questions than the decision table, so none spends the answer's budget; the outputs
say so (report/tables.families_line), and a run as a whole is held to the sum.

The pod answers (recipients.py) follow the same order of words: a delta shown within
+-min_effect reads "makes no difference" even when it is also shown above or below 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy import special
from scipy import stats as sps

from analyzer.analysis import paired as pr

PROMISE = "promise"
DONT_PROMISE = "don't promise"
NO_DIFFERENCE = "makes no difference"
NOT_ENOUGH = "not enough evidence"
DEPENDS = "depends"
VERDICTS = (PROMISE, DONT_PROMISE, NO_DIFFERENCE, NOT_ENOUGH, DEPENDS)

ALPHA = 0.05
DEFAULT_MIN_EFFECT = 0.01  # 1 point of win rate per decision
PRIMARY_SHARE, SECONDARY_SHARE, DEPENDS_SHARE = 0.6, 0.2, 0.2
MIN_BUCKET_DIFFERING = 10  # effective differing pairs a bucket needs to enter a depends test


@dataclass(frozen=True)
class RowVerdicts:
    """Per row: verdict, adjusted p-values and how many more games would settle it."""

    verdict: NDArray[np.str_]
    p_adjusted: NDArray[np.float64]
    p_equivalence_adjusted: NDArray[np.float64]
    more_games: NDArray[np.float64]  # nan where settled
    # the interval the verdict is read from (module doc), fractions, and its confidence
    verdict_ci_low: NDArray[np.float64]
    verdict_ci_high: NDArray[np.float64]
    verdict_level: NDArray[np.float64]


def row_verdicts(
    better: ArrayLike,
    worse: ArrayLike,
    n: ArrayLike,
    deff: ArrayLike,
    p_value: ArrayLike,
    weight: ArrayLike,
    *,
    alpha: float = ALPHA,
    min_effect: float = DEFAULT_MIN_EFFECT,
    games_per_matchup: ArrayLike = np.nan,
) -> RowVerdicts:
    """Verdicts of rows tested each at level weight * alpha (weights of one family sum to <= 1).

    Counts are the raw ones of paired.PairedEffect with its design effect ``deff``.
    """
    b, c, nn, de, p, w, gpm = (
        np.asarray(x, dtype=float).ravel()
        for x in np.broadcast_arrays(better, worse, n, deff, p_value, weight, games_per_matchup)
    )
    if min_effect <= 0 or min_effect >= 1:
        raise ValueError(f"min_effect must be in (0, 1), not {min_effect}")
    be, ce, ne = b / de, c / de, nn / de
    level = np.where(w > 0, w * alpha, np.nan)
    with np.errstate(invalid="ignore", divide="ignore"):
        p_adj = np.where(w > 0, np.minimum(1.0, p / w), np.nan)
        lo, hi = pr.score_interval(be, ce, ne, np.where(w > 0, level, 0.5))
        # TOST: delta > -m and delta < +m, each one-sided at the row's level
        p_lower = np.asarray(pr.one_sided_p(be, ce, ne, -min_effect, upper=True), dtype=float)
        p_upper = np.asarray(pr.one_sided_p(be, ce, ne, min_effect, upper=False), dtype=float)
        p_eq = np.maximum(p_lower, p_upper)
        p_eq_adj = np.where(w > 0, np.minimum(1.0, p_eq / w), np.nan)
        delta = (b - c) / nn
    lo, hi = np.atleast_1d(lo), np.atleast_1d(hi)
    ok = (nn > 0) & (w > 0)
    effect = ok & (p_adj <= alpha) & ((lo > 0) | (hi < 0))
    equivalent = ok & (p_eq_adj <= alpha)
    out = np.full(b.shape, NOT_ENOUGH, dtype=object)
    out[effect & (delta > 0)] = PROMISE
    out[effect & (delta < 0)] = DONT_PROMISE
    out[equivalent] = NO_DIFFERENCE  # shown smaller than worth acting on, even if real
    more = _more_games(delta, lo, hi, level, ne, min_effect, gpm)
    more = np.where(ok & (out == NOT_ENOUGH), more, np.nan)
    # equivalence is read from the (1 - 2 level) interval: within +-m iff both one-sided
    # tests reject at `level` (same score statistic)
    with np.errstate(invalid="ignore", divide="ignore"):
        eq_lo, eq_hi = pr.score_interval(be, ce, ne, np.where(w > 0, 2.0 * level, 0.5))
    eq_lo, eq_hi = np.atleast_1d(eq_lo), np.atleast_1d(eq_hi)
    v_lo = np.where(ok, np.where(equivalent, eq_lo, lo), np.nan)
    v_hi = np.where(ok, np.where(equivalent, eq_hi, hi), np.nan)
    v_level = np.where(ok, 1.0 - np.where(equivalent, 2.0, 1.0) * level, np.nan)
    return RowVerdicts(out.astype(str), p_adj, p_eq_adj, more, v_lo, v_hi, v_level)


def _more_games(
    delta: NDArray[Any],
    lo: NDArray[Any],
    hi: NDArray[Any],
    level: NDArray[Any],
    n_eff: NDArray[Any],
    min_effect: float,
    games: NDArray[Any],
) -> NDArray[Any]:
    """Games per matchup to add so the interval at the row's level would settle the question if
    the delta stayed put: its half-width (~ 1/sqrt(games)) down to |delta| (an effect) or to
    min_effect - |delta| (no difference, with the TOST's one-sided z), whichever is nearer."""
    with np.errstate(invalid="ignore", divide="ignore"):
        half = (hi - lo) / 2.0
        z2, z1 = sps.norm.isf(level / 2.0), sps.norm.isf(level)
        target_effect = np.abs(delta)
        target_equiv = (min_effect - np.abs(delta)) * z2 / z1
        target = np.fmax(target_effect, target_equiv)
        factor = (half / target) ** 2
        more = games * np.maximum(factor - 1.0, 0.0)
    return np.where(np.isfinite(more) & (target > 0), _round2(more), np.nan)


def _round2(x: NDArray[Any]) -> NDArray[Any]:
    """Up to two significant digits (an estimate, not a promise)."""
    out = np.array(x, dtype=float)
    pos = out > 0
    mag = np.where(pos, 10.0 ** (np.floor(np.log10(np.where(pos, out, 1.0))) - 1), 1.0)
    return np.where(pos, np.maximum(np.ceil(out / mag) * mag, 100.0), 0.0)


def row_weights(primary: ArrayLike, eligible: ArrayLike) -> NDArray[np.float64]:
    """The share of alpha of every row: primary rows split PRIMARY_SHARE, secondary rows
    SECONDARY_SHARE (all of both to the primary when no row is secondary)."""
    prim = np.asarray(primary, dtype=bool).ravel()
    elig = np.asarray(eligible, dtype=bool).ravel()
    n_p, n_s = int(np.sum(prim & elig)), int(np.sum(~prim & elig))
    share_p = PRIMARY_SHARE + (SECONDARY_SHARE if n_s == 0 else 0.0)
    w = np.zeros(prim.shape)
    if n_p:
        w[prim & elig] = share_p / n_p
    if n_s:
        w[~prim & elig] = SECONDARY_SHARE / n_s
    return w


# ---------------------------------------------------------------------------------------------
# the graphical procedure and the "depends" analysis


def graphical_rejections(
    p: ArrayLike, weights: ArrayLike, transitions: ArrayLike, alpha: float = ALPHA
) -> NDArray[np.bool_]:
    """Bretz et al. (2009) sequentially rejective graphical procedure; which nodes are rejected.

    weights: initial shares of alpha (sum <= 1); transitions[j, l]: the part of node j's weight
    that goes to node l when j is rejected (rows sum to <= 1, zero diagonal).
    """
    pv = np.asarray(p, dtype=float).copy()
    w = np.asarray(weights, dtype=float).copy()
    g = np.asarray(transitions, dtype=float).copy()
    k = pv.size
    active = np.ones(k, dtype=bool)
    rejected = np.zeros(k, dtype=bool)
    while True:
        cand = np.flatnonzero(active & (pv <= w * alpha) & (w > 0))
        if cand.size == 0:
            return rejected
        j = int(cand[0])
        active[j], rejected[j] = False, True
        w[active] += w[j] * g[j, active]
        new = np.zeros_like(g)
        for l_ in np.flatnonzero(active):
            for m in np.flatnonzero(active):
                if l_ == m:
                    continue
                den = 1.0 - g[l_, j] * g[j, l_]
                new[l_, m] = (g[l_, m] + g[l_, j] * g[j, m]) / den if den > 0 else 0.0
        g, w[j] = new, 0.0


def heterogeneity_p(better: ArrayLike, worse: ArrayLike) -> float:
    """G test of P(better | the pair differs) equal across buckets (2 x B, df = B - 1):
    G = 2 sum O ln(O / E) over the cells, E from the margins (Wilks: chi-square under H0)."""
    b, c = np.asarray(better, dtype=float), np.asarray(worse, dtype=float)
    if b.size < 2 or b.sum() <= 0 or c.sum() <= 0:
        return 1.0
    table = np.vstack([b, c])
    expected = table.sum(axis=1, keepdims=True) * table.sum(axis=0) / table.sum()
    g = 2.0 * float(np.sum(special.xlogy(table, table) - special.xlogy(table, expected)))
    return float(sps.chi2.sf(max(g, 0.0), b.size - 1))


@dataclass(frozen=True)
class Dimension:
    """One situation dimension of one row: its buckets' labels and raw paired counts."""

    name: str
    labels: Sequence[str]
    better: NDArray[np.float64]
    worse: NDArray[np.float64]
    deff: NDArray[np.float64]


@dataclass(frozen=True)
class Depends:
    """The "depends" pattern of a row, if its claims stand."""

    dimension: str
    promise_when: list[str]
    dont_promise_when: list[str]
    p_adjusted: float  # the dimension's heterogeneity claim

    @property
    def text(self) -> str:
        parts = []
        if self.promise_when:
            parts.append("promise when " + ", ".join(self.promise_when))
        if self.dont_promise_when:
            parts.append("don't promise when " + ", ".join(self.dont_promise_when))
        return f"{self.dimension}: " + "; ".join(parts)


def _testable(
    dimensions: Sequence[Dimension], min_differing: float
) -> list[tuple[Dimension, NDArray[np.intp]]]:
    """The dimensions with at least two buckets of `min_differing` differing pairs, and those
    buckets. Chosen from the differing counts only, which say nothing of the direction, so the
    choice leaves the conditional tests valid."""
    out = []
    for d in dimensions:
        keep = np.flatnonzero((d.better + d.worse) / d.deff >= min_differing)
        if keep.size >= 2:
            out.append((d, keep))
    return out


def testable(dimensions: Sequence[Dimension], min_differing: float = MIN_BUCKET_DIFFERING) -> bool:
    """Whether a row has anything for `depends` to test (rows without get no share)."""
    return bool(_testable(dimensions, min_differing))


def depends(
    dimensions: Sequence[Dimension],
    share: float,
    *,
    alpha: float = ALPHA,
    min_differing: float = MIN_BUCKET_DIFFERING,
) -> Depends | None:
    """Test one row's dimensions at `share` of alpha; the best-supported pattern, or None."""
    dims = _testable(dimensions, min_differing)
    if not dims or share <= 0:
        return None
    p: list[float] = []
    owner: list[int] = []  # -1 for a dimension node, else its dimension's index
    for d, keep in dims:
        p.append(heterogeneity_p(d.better[keep] / d.deff[keep], d.worse[keep] / d.deff[keep]))
        owner.append(-1)
    bucket_nodes: list[tuple[int, int]] = []
    for i, (d, keep) in enumerate(dims):
        bp = np.atleast_1d(
            pr.delta_p_value(d.better[keep] / d.deff[keep], d.worse[keep] / d.deff[keep])
        )
        p.extend(float(x) for x in bp)
        owner.extend([i] * keep.size)
        bucket_nodes.extend((i, int(j)) for j in keep)
    k, n_dims = len(p), len(dims)
    w = np.zeros(k)
    w[:n_dims] = share / n_dims
    g = np.zeros((k, k))
    for node in range(n_dims, k):
        sib = [m for m in range(n_dims, k) if owner[m] == owner[node] and m != node]
        g[owner[node], node] = 1.0 / (len(sib) + 1)
        for m in sib:
            g[node, m] = 1.0 / len(sib)
    rejected = graphical_rejections(p, w, g, alpha)
    best: Depends | None = None
    for i, (d, _) in enumerate(dims):
        if not rejected[i]:
            continue
        yes, no = [], []
        for node, (owner_dim, j) in zip(range(n_dims, k), bucket_nodes, strict=True):
            if owner_dim == i and rejected[node]:
                (yes if d.better[j] > d.worse[j] else no).append(str(d.labels[j]))
        if not yes and not no:
            continue
        cand = Depends(d.name, yes, no, min(1.0, p[i] / w[i]))
        if best is None or cand.p_adjusted < best.p_adjusted:
            best = cand
    return best


def changes_advice(row_verdict: str, pattern: Depends) -> bool:
    """Whether the pattern says more than the row verdict (then the verdict is "depends")."""
    if row_verdict == PROMISE:
        return bool(pattern.dont_promise_when)
    if row_verdict == DONT_PROMISE:
        return bool(pattern.promise_when)
    return True

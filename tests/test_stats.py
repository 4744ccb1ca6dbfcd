"""Statistics: textbook values, coverage on simulated data with known answers, verdict logic."""

from __future__ import annotations

import math

import numpy as np
import pytest

from analyzer.analysis import stats as st

# Coverage tolerance used below: with R = 2000 replications the Monte Carlo standard error of an
# estimated coverage near 0.95 is sqrt(0.95 * 0.05 / R) = 0.0049, and score/t intervals at these
# n sit within about +-0.01 of nominal. [0.93, 0.97] leaves ~2 MC standard errors on top of that;
# the seeds are fixed, so the tests are deterministic, not flaky.
REPS = 2000
COVERAGE = (0.93, 0.97)


# --- Wilson ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        (8, 10, 0.490, 0.943),  # common textbook example
        # Newcombe (1998), Stat Med 17:857, Table I, method 3 (Wilson score)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_textbook_values(k: int, n: int, low: float, high: float) -> None:
    got = st.wilson_interval(k, n)
    decimals = 3 if low == 0.490 else 4
    assert round(got[0], decimals) == low
    assert round(got[1], decimals) == high


def test_wilson_vectorized_edges_and_empty() -> None:
    low, high = st.wilson_interval(np.array([0, 10, 5, 0]), np.array([10, 10, 10, 0]))
    assert low[0] == 0.0 and high[1] == 1.0  # exact ends at 0/n and n/n
    assert np.isnan(low[3]) and np.isnan(high[3])
    assert math.isnan(st.wilson_interval(0, 0)[0])
    assert isinstance(st.wilson_interval(3, 7)[0], float)
    with pytest.raises(ValueError):
        st.wilson_interval(11, 10)
    with pytest.raises(ValueError):
        st.wilson_interval(1, 10, confidence=1.5)


def test_wilson_exact_coverage_over_p_grid() -> None:
    # Exact coverage (binomial pmf summed over the k whose interval holds p), no simulation:
    # Wilson's coverage oscillates with p, but away from p ~ 0 or 1 stays near 95% at n = 100.
    n = 100
    ks = np.arange(n + 1)
    low, high = st.wilson_interval(ks, n)
    for p in np.linspace(0.1, 0.9, 17):
        pmf = np.array([math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in ks])
        cover = pmf[(low <= p) & (p <= high)].sum()
        assert 0.92 <= cover <= 0.98, (p, cover)


def test_wilson_simulated_coverage() -> None:
    rng = np.random.default_rng(20250207)
    # p = 0.4: Wilson's exact coverage at n = 100 is 0.948 (at p = 0.3 it dips to 0.937, a
    # real property of the discrete binomial; the exact-coverage test above covers the grid)
    p, n = 0.4, 100
    k = rng.binomial(n, p, size=REPS)
    low, high = st.wilson_interval(k, n)
    cover = np.mean((low <= p) & (p <= high))
    assert COVERAGE[0] <= cover <= COVERAGE[1]


# --- score rate with draws ------------------------------------------------------------------------


def test_score_rate_without_draws_is_wilson() -> None:
    rate, low, high = st.score_rate(8, 0, 10)
    assert rate == 0.8
    assert (low, high) == pytest.approx(st.wilson_interval(8, 10), abs=1e-15)


def test_score_rate_with_draws_bounds_and_shape() -> None:
    r = st.score_rate([45, 0, 0, 0], [10, 1, 1000, 0], [100, 1, 1000, 0])
    assert r.rate[0] == 0.5 and r.rate[2] == 0.5
    # draws shrink the variance, so the interval is narrower than Wilson on 50/100
    wl, wh = st.wilson_interval(50, 100)
    assert wl < r.ci_low[0] < 0.5 < r.ci_high[0] < wh
    # one drawn game: wide, never a point; many draws: narrow but not degenerate
    assert r.ci_low[1] < 0.2 and r.ci_high[1] > 0.8
    assert 0.49 < r.ci_low[2] < 0.5 < r.ci_high[2] < 0.51
    assert np.isnan(r.rate[3]) and np.isnan(r.ci_low[3])
    assert np.all((r.ci_low[:3] >= 0) & (r.ci_high[:3] <= 1))


def test_score_rate_simulated_coverage_with_draws() -> None:
    rng = np.random.default_rng(7)
    probs = (0.40, 0.20, 0.40)  # win, draw, loss: true score rate 0.5
    n = 60
    counts = rng.multinomial(n, probs, size=REPS)
    _, low, high = st.score_rate(counts[:, 0], counts[:, 1], n)
    cover = np.mean((low <= 0.5) & (high >= 0.5))
    assert COVERAGE[0] <= cover <= COVERAGE[1]


# --- distributions --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("df", "expected"),
    [
        (1, 12.7062),
        (2, 4.3027),
        (5, 2.5706),
        (10, 2.2281),
        (30, 2.0423),
        (100, 1.9840),
        (1000, 1.9623),
        (math.inf, 1.9600),
    ],
)
def test_t_value_table(df: float, expected: float) -> None:
    assert round(st.t_value(0.95, df), 4) == expected


def test_t_value_vector_and_invalid_df() -> None:
    got = st.t_value(0.99, np.array([3, 20, 0]))
    assert got[:2] == pytest.approx([5.8409, 2.8453], abs=1e-4)
    assert np.isnan(got[2])


def test_chi2_and_sign_test() -> None:
    assert st.chi2_sf(3.841458820694124, 1) == pytest.approx(0.05, abs=1e-12)
    assert st.chi2_sf(5.991464547107979, 2) == pytest.approx(0.05, abs=1e-12)
    assert st.sign_test_p_value(9, 1) == pytest.approx(2 * 11 / 1024)
    assert st.sign_test_p_value(5, 0) == pytest.approx(0.0625)
    assert st.sign_test_p_value(0, 0) == 1.0
    # large counts: scipy's incomplete beta matches the exact big-integer binomial sum
    exact = 2 * sum(math.comb(2000, k) for k in range(961)) / 2**2000
    assert st.sign_test_p_value(1040, 960) == pytest.approx(exact, rel=1e-9)


# --- unpaired difference --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "m", "b", "n", "low", "high"),
    [  # Newcombe (1998), Stat Med 17:873, Table II, method 10 (hybrid score)
        (56, 70, 48, 80, 0.0524, 0.3339),
        (9, 10, 3, 10, 0.1705, 0.8090),
        (6, 7, 2, 7, 0.0582, 0.8062),
        (5, 56, 0, 29, -0.0381, 0.1926),
        (0, 10, 0, 20, -0.1611, 0.2775),
        (0, 10, 0, 10, -0.2775, 0.2775),
        (10, 10, 0, 20, 0.6791, 1.0000),
        (10, 10, 0, 10, 0.6075, 1.0000),
    ],
)
def test_newcombe_hybrid_table(a: int, m: int, b: int, n: int, low: float, high: float) -> None:
    d = st.unpaired_difference(a, m, b, n)
    assert d.delta == pytest.approx(a / m - b / n)
    assert round(d.ci_low, 4) == low
    assert round(d.ci_high, 4) == high


# --- paired difference ----------------------------------------------------------------------------


def _correlated_pairs(
    rng: np.random.Generator, reps: int, n: int, shared: float
) -> tuple[np.ndarray, np.ndarray]:
    """Outcomes in {0, 0.5, 1}: arm A wins below 0.50, draws below 0.55; arm B at 0.40 / 0.45.

    With probability ``shared`` both arms read the same uniform (a game whose seed matters for
    both, like common random numbers), otherwise independent ones. True delta = 0.525 - 0.425.
    """
    ua = rng.random((reps, n))
    ub = np.where(rng.random((reps, n)) < shared, ua, rng.random((reps, n)))
    a = np.where(ua < 0.50, 1.0, np.where(ua < 0.55, 0.5, 0.0))
    b = np.where(ub < 0.40, 1.0, np.where(ub < 0.45, 0.5, 0.0))
    return a, b


def test_paired_interval_coverage_and_variance_reduction() -> None:
    rng = np.random.default_rng(12345)
    n, true_delta = 200, 0.10
    a, b = _correlated_pairs(rng, REPS, n, shared=0.7)
    groups = np.repeat(np.arange(REPS), n)
    res = st.paired_difference(a.ravel(), b.ravel(), groups=groups)
    assert res.n.shape == (REPS,) and np.all(res.n == n)
    cover = np.mean((res.ci_low <= true_delta) & (true_delta <= res.ci_high))
    assert COVERAGE[0] <= cover <= COVERAGE[1]
    # positively correlated arms: pairing must beat independent samples, clearly
    assert np.median(res.var_reduction) > 2.0
    assert np.all(res.se < res.se_unpaired)
    # the p-value and the interval tell the same story
    excludes = (res.ci_low > 0) | (res.ci_high < 0)
    assert np.array_equal(excludes, res.p_value < 0.05)


def test_paired_independent_arms_have_no_reduction() -> None:
    rng = np.random.default_rng(99)
    a, b = _correlated_pairs(rng, 1, 200_000, shared=0.0)
    res = st.paired_difference(a[0], b[0])
    assert res.var_reduction == pytest.approx(1.0, abs=0.02)
    assert res.delta == pytest.approx(0.10, abs=0.01)


def test_paired_grouped_matches_single() -> None:
    rng = np.random.default_rng(3)
    a = rng.choice([0.0, 0.5, 1.0], size=300)
    b = rng.choice([0.0, 0.5, 1.0], size=300)
    g = rng.integers(0, 3, size=300)
    grouped = st.paired_difference(a, b, groups=g, n_groups=5)
    assert grouped.n.shape == (5,) and grouped.n[3] == 0 and np.isnan(grouped.delta[4])
    for code in range(3):
        single = st.paired_difference(a[g == code], b[g == code])
        for key, value in single.to_dict().items():
            assert getattr(grouped, key)[code] == pytest.approx(value, rel=1e-12), key


def test_paired_counts_and_degenerate_cases() -> None:
    res = st.paired_difference([1, 1, 0, 0.5], [0, 1, 1, 0])
    assert (res.n_better, res.n_worse, res.n_same, res.n_discordant) == (2, 1, 1, 3)
    assert res.delta == pytest.approx(0.125)
    mirror = st.paired_difference(np.ones(50) * 0.5, np.ones(50) * 0.5)
    assert mirror.delta == 0.0 and mirror.se == 0.0 and mirror.p_value == 1.0
    one = st.paired_difference([1.0], [0.0])
    assert one.delta == 1.0 and math.isnan(one.se) and math.isnan(one.ci_low)
    empty = st.paired_difference([], [])
    assert empty.n == 0 and math.isnan(empty.delta)
    with pytest.raises(ValueError):
        st.paired_difference([1, 0], [1])


def test_paired_p_value_normal_and_t() -> None:
    assert st.paired_p_value(1.959964, 1.0) == pytest.approx(0.05, abs=1e-6)
    assert st.paired_p_value(2.228139, 1.0, df=10) == pytest.approx(0.05, abs=1e-6)
    assert list(st.paired_p_value([0.0, 0.2, np.nan], [0.0, 0.0, 1.0])[:2]) == [1.0, 0.0]


# --- Holm ---------------------------------------------------------------------------------------


def test_holm_worked_example() -> None:
    # m = 4 sorted: 0.005*4 = 0.02, 0.01*3 = 0.03, 0.03*2 = 0.06, 0.04*1 = 0.04 -> 0.06 (monotone)
    p = [0.01, 0.04, 0.03, 0.005]
    assert st.holm_adjust(p) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert list(st.holm_significant(p, 0.05)) == [True, False, False, True]
    # the step-down stops at the first failure even though 0.04 <= 0.05 / 1
    assert not st.holm_significant(p, 0.05)[1]


def test_holm_nan_cap_and_validation() -> None:
    adj = st.holm_adjust([0.5, np.nan, 0.4])
    assert np.isnan(adj[1]) and adj[0] == pytest.approx(0.8) and adj[2] == pytest.approx(0.8)
    assert list(st.holm_adjust([0.9, 0.8])) == [1.0, 1.0]  # 2 * 0.8 capped at 1
    assert st.holm_adjust([]).size == 0
    with pytest.raises(ValueError):
        st.holm_adjust([1.2])


# --- Jeffreys near 0 ---------------------------------------------------------------------------


def test_jeffreys_values_and_where_it_replaces_wilson() -> None:
    # Jeffreys = equal tails of Beta(x + 1/2, n - x + 1/2): checked by integrating the density
    from scipy.integrate import quad

    low, high = st.jeffreys_interval(1, 50)
    dens = lambda t: (  # noqa: E731
        t**0.5
        * (1 - t) ** 48.5
        / math.exp(math.lgamma(1.5) + math.lgamma(49.5) - math.lgamma(51.0))
    )
    assert quad(dens, 0, low)[0] == pytest.approx(0.025, abs=1e-7)
    assert quad(dens, high, 1)[0] == pytest.approx(0.025, abs=1e-7)
    assert st.jeffreys_interval(0, 50)[0] == 0.0 and st.jeffreys_interval(50, 50)[1] == 1.0
    assert st.proportion_interval(1, 50)[0] == pytest.approx(st.jeffreys_interval(1, 50)[0])
    assert st.proportion_interval(1, 50)[1] == pytest.approx(st.wilson_interval(1, 50)[1])
    assert st.proportion_interval(20, 50) == pytest.approx(st.wilson_interval(20, 50))


@pytest.mark.parametrize("n", [30, 200, 5000])
def test_proportion_interval_exact_coverage_near_zero(n: int) -> None:
    # exact coverage (binomial pmf) for p in [0.5/n, 20/n]: Wilson dips to ~0.85 (x = 1 at
    # p ~ 0.16/n); with the Jeffreys lower end the mean coverage is within 2 points of 95% and
    # the worst p (the binomial's own oscillation) at 0.92, as Wilson's is in mid-range
    ks = np.arange(n + 1)
    low, high = st.proportion_interval(ks, n)
    wl, wh = st.wilson_interval(ks, n)
    worst_wilson, cover = 1.0, []
    for p in np.linspace(0.16 / n, 20 / n, 300):
        pmf = np.exp(sps_binom_logpmf(ks, n, p))
        if p >= 0.5 / n:
            cover.append(pmf[(low <= p) & (p <= high)].sum())
        worst_wilson = min(worst_wilson, pmf[(wl <= p) & (p <= wh)].sum())
    assert worst_wilson < 0.87, worst_wilson
    assert min(cover) >= 0.92 and 0.93 <= np.mean(cover) <= 0.97, (min(cover), np.mean(cover))


def sps_binom_logpmf(k: np.ndarray, n: int, p: float) -> np.ndarray:
    from scipy.stats import binom

    return binom.logpmf(k, n, p)

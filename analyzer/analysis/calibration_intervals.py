"""calibrate's intervals (analysis/calibration.py): the GIH WR scale with each card's sampling
noise taken out, and the BCa bootstrap intervals of the scale and the rank correlation over the
cards; the archetype spread's simultaneous interval.

A card's simulated GIH WR is a binomial estimate: its wins over its games in hand, so its
observed value is its true rate plus noise of variance p (1 - p) / n. Over the cards, that noise
adds its mean variance to the simulated spread (E s^2 = the true rates' s^2 + mean p (1 - p) / n
for independent noise), so the plain SD ratio overstates the scale when cards have few games
(200 sets of 55 cards of 80 to 250 games each, true scale 1.5: the plain ratio's median was
2.1 and its interval held 1.5 in 23% of them; tests/test_calibrate.py). The scale here is
sqrt(s^2 - mean(p (1 - p) / (n - 1))) / SD(real), the unbiased noise variance subtracted
(median 1.49 there); its interval is the cards' BCa bootstrap of that same statistic, each card
resampled with its noise, so the width counts the noise too (it held 1.5 in 93%). The real
side's noise is left in: 17lands' cards have 30,000-80,000 games, an SD of about 0.25 points
against 2.8 across cards (under 1% of its variance). Two cards of one deck share games, so
their noise is positively correlated, and a card of two decks mixes two rates; the correction
ignores both, which makes it take out a little more than the noise added, not less.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import numpy as np


def noise_variance(rate: np.ndarray, games: np.ndarray) -> np.ndarray:
    """Unbiased binomial variance of each card's GIH WR, p (1 - p) / (n - 1) (E p^(1 - p^) is
    p (1 - p) (n - 1) / n); 0 below two games (no estimate: the card is not corrected)."""
    rate, games = np.asarray(rate, float), np.asarray(games, float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(games > 1, rate * (1.0 - rate) / (games - 1.0), 0.0)


def _signed_scale_rows(sim: np.ndarray, noise: np.ndarray, real: np.ndarray, axis: int = -1) -> Any:
    """The noise-corrected scale of each row, signed: sqrt of s^2(sim) - mean(noise) carrying
    its sign, over SD(real) (with noise 0 the plain SD ratio). Signed rather than clipped at 0,
    so resamples where the noise explains all the spread still order (BCa needs that) and the
    interval's ends are clipped after."""
    own = np.var(sim, ddof=1, axis=axis) - np.mean(noise, axis=axis)
    sd_real = np.std(real, ddof=1, axis=axis)
    with np.errstate(invalid="ignore", divide="ignore"):
        # a resample of one card over and over has no scale (nan, as the plain ratio's 0 / 0)
        return np.where(sd_real > 0, np.sign(own) * np.sqrt(np.abs(own)) / sd_real, np.nan)


def _spearman_rows(x: np.ndarray, y: np.ndarray, axis: int = -1) -> np.ndarray:
    """Spearman's rho of each row pair (ties ranked by their mean, as `spearmanr` does)."""
    from scipy.stats import rankdata

    rx = rankdata(x, axis=axis)
    ry = rankdata(y, axis=axis)
    rx = rx - rx.mean(axis=axis, keepdims=True)
    ry = ry - ry.mean(axis=axis, keepdims=True)
    den = np.sqrt((rx * rx).sum(axis=axis) * (ry * ry).sum(axis=axis))
    with np.errstate(invalid="ignore", divide="ignore"):
        return (rx * ry).sum(axis=axis) / den


def _paired_bca(
    statistic: Callable[..., Any], arrays: Sequence[np.ndarray], resamples: int, seed: int
) -> tuple[float, float]:
    """95% BCa bootstrap interval of statistic(*arrays), the cards resampled together (one
    row of every array per card); a degenerate resampling gives nan, said as no interval."""
    from scipy.stats import DegenerateDataWarning, bootstrap

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DegenerateDataWarning)
        res = bootstrap(
            tuple(np.asarray(a, float) for a in arrays),
            statistic,
            paired=True,
            vectorized=True,
            n_resamples=resamples,
            confidence_level=0.95,
            method="BCa",
            random_state=np.random.default_rng(seed),
        )
    return float(res.confidence_interval.low), float(res.confidence_interval.high)


def spearman_interval(
    sim: np.ndarray, real: np.ndarray, resamples: int = 2000, seed: int = 0
) -> tuple[float, float]:
    """95% BCa bootstrap interval of the rank correlation, the cards resampled in pairs: how
    far another set of cards of the same kind could move it. Each card is resampled with its
    sampling noise, so the width counts that noise; the noise also pulls the correlation
    itself toward 0 (there is no correction of ranks for it), so the interval errs low, not
    high: against an "at least" target it can miss a close player, not pass a far one."""
    if len(sim) < 5 or np.ptp(sim) == 0 or np.ptp(real) == 0:
        return float("nan"), float("nan")
    rho = float(_spearman_rows(np.asarray(sim, float), np.asarray(real, float)))
    if abs(rho) > 1.0 - 1e-12:
        return rho, rho  # every resample of a perfect order is that order
    return _paired_bca(_spearman_rows, (sim, real), resamples, seed)


def scale_interval(
    sim: np.ndarray,
    real: np.ndarray,
    noise: np.ndarray | None = None,
    resamples: int = 2000,
    seed: int = 0,
) -> tuple[float, float]:
    """95% BCa bootstrap interval of the scale (SD simulated / SD real GIH WR) with each card's
    binomial noise variance `noise` taken out (`noise_variance`; None: the plain SD ratio), the
    cards resampled with their noise: without an interval a scale just past its target (1.51
    against at most 1.50 over 55 cards) read as a miss beyond sampling noise. Where the noise
    explains all the spread the point is 0 and the interval starts there (both ends 0 when
    every resample says so)."""
    if len(sim) < 5 or np.ptp(sim) == 0 or np.ptp(real) == 0:
        return float("nan"), float("nan")
    sim, real = np.asarray(sim, float), np.asarray(real, float)
    noise = np.zeros_like(sim) if noise is None else np.asarray(noise, float)
    if abs(np.corrcoef(sim, real)[0, 1]) > 1.0 - 1e-12 and not noise.any():
        # one side a linear function of the other, nothing to take out: every resample has
        # the same scale (BCa's acceleration would divide by zero and give no interval)
        scale = float(_signed_scale_rows(sim, noise, real))
        return scale, scale
    low, high = _paired_bca(_signed_scale_rows, (sim, noise, real), resamples, seed)
    return max(low, 0.0), max(high, 0.0)  # a scale below 0 is a scale of 0


@cache
def _range_q95(k: int) -> float:
    """The studentized range's 95% quantile for k means and infinite degrees of freedom (the
    range of k unit normals): scipy finds it by root-finding over a numerical integral, ~4 ms
    a call, the same number for the same k."""
    from scipy.stats import studentized_range

    return float(studentized_range.ppf(0.95, k, np.inf))


def spread_interval(
    deck: Sequence[int], wins: Sequence[int], games: Sequence[int], draws: int = 4000, seed: int = 0
) -> tuple[float, float, float]:
    """How sure the archetype spread is, in points: (low, high) of its 95% interval, and the
    spread that sampling noise alone gives when every matchup is even (mean of `draws` binomial
    redraws).

    The interval is simultaneous over the decks (Tukey): each deck's rate errs by e_i with SD
    at most s = sqrt(1/4 / games of the deck with fewest), independent across decks (each
    matchup is its own run), so max(e) - min(e) <= q s with 95% probability, q the studentized
    range quantile of as many unit normals (Anderson's theorem: a smaller SD only shrinks the
    range). Both ends follow, observed spread -+ q s (low clipped at 0), whatever the decks'
    true rates. The basic bootstrap it replaces held the true spread in 61% of nine-deck runs
    with every deck even and 86% at 200 games a matchup with the README's rates, under a "95%"
    label: the range of noisy rates is not a smooth statistic."""
    deck = np.asarray(deck, dtype=np.int64)
    wins = np.asarray(wins, dtype=np.int64)
    games = np.asarray(games, dtype=np.int64)
    n_decks = int(deck.max()) + 1
    onehot = np.zeros((deck.size, n_decks))
    onehot[np.arange(deck.size), deck] = 1.0
    deck_games = games @ onehot
    rates = (wins @ onehot) / deck_games
    observed = 100.0 * (rates.max() - rates.min())
    rng = np.random.default_rng(seed)
    even = (rng.binomial(games, 0.5, size=(draws, deck.size)) @ onehot) / deck_games
    noise = float(100.0 * (even.max(axis=1) - even.min(axis=1)).mean())
    if n_decks < 2:
        return 0.0, 0.0, noise
    half = 100.0 * _range_q95(n_decks)
    half *= float(np.sqrt(0.25 / deck_games.min()))
    return max(0.0, observed - half), observed + half, noise

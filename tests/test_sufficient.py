"""Chunked evaluation: the tables from running sums (analysis/sufficient.py) are the tables of
the in-memory computation (counterfactual.aggregate over every decision row), whatever the
chunking; the per-game arms' joint tables give paired_effect's numbers."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analyzer.analysis import compare as cmp
from analyzer.analysis import counterfactual as cf
from analyzer.analysis import paired
from analyzer.analysis import sufficient as suf

FLOAT_TOL = dict(rtol=1e-9, atol=1e-9)


def synthetic_decisions(seed: int, games: int = 900, forks: int = 2) -> pd.DataFrame:
    """Decision rows like decisions_frame's: two matchups of one deck (so pooled rows and
    situation tests exist), a card that helps and one whose effect flips with the turn, 0-3
    decisions per game (within-game correlation through a shared game effect), fork-averaged
    outcomes with draws."""
    rng = np.random.default_rng(seed)
    parts = []
    for matchup, opp in enumerate(("Opp A", "Opp B")):
        per_game = rng.choice(4, size=games, p=[0.3, 0.35, 0.25, 0.1])
        game = np.repeat(np.arange(games), per_game)
        n = game.size
        shared = rng.normal(size=games)[game]
        card = rng.choice(["Card X", "Card Y"], size=n)
        turn = rng.integers(1, 16, size=n)
        lean = (np.where(card == "Card X", 0.4, 0.3 * np.where(turn < 7, 1, -1))
                + 0.3 * rng.normal(size=games)[game])  # promising helps more in some games
        scale = 2 * forks
        p_yes = 1 / (1 + np.exp(-(shared + lean * 4)))
        p_no = 1 / (1 + np.exp(-shared))
        yes = rng.binomial(scale, p_yes) / scale
        no = rng.binomial(scale, p_no) / scale
        same = (rng.random(games) < 0.4)[game]  # many forks end alike, whole games at once
        no = np.where(same, yes, no)
        parts.append(pd.DataFrame({
            "matchup": matchup, "deck": "Deck", "opponent": opp, "game": game,
            "card": card, "gift_kind": np.where(card == "Card X", "card", "food"),
            "base_policy": "never", "turn": turn, "on_play": (game % 2).astype(float),
            "life": rng.integers(1, 21, n).astype(float),
            "opp_life": rng.integers(1, 21, n).astype(float),
            "hand": rng.integers(1, 8, n).astype(float),
            "opp_hand": rng.integers(0, 8, n).astype(float),
            "power": rng.integers(0, 9, n).astype(float),
            "opp_power": rng.integers(0, 9, n).astype(float), "forks": forks,
            "outcome_promise": yes, "outcome_no_promise": no}))
    return pd.concat(parts, ignore_index=True)


def chunked_stats(frame: pd.DataFrame, games_per_chunk: int) -> suf.DecisionStats:
    """Sums as evaluate builds them: per matchup, chunks of whole games, merged."""
    total = suf.DecisionStats()
    for _, rows in frame.groupby("matchup", sort=True):
        matchup = suf.DecisionStats()
        for _, chunk in rows.groupby(rows["game"] // games_per_chunk, sort=True):
            matchup.add(chunk)
        total.merge(matchup)
    return total


def assert_same_table(got: pd.DataFrame, want: pd.DataFrame) -> None:
    assert list(got.columns) == list(want.columns)
    assert len(got) == len(want)
    for col in want.columns:
        a, b = got[col].reset_index(drop=True), want[col].reset_index(drop=True)
        if pd.api.types.is_numeric_dtype(b) and not pd.api.types.is_bool_dtype(b):
            np.testing.assert_allclose(a.to_numpy(float), b.to_numpy(float), equal_nan=True,
                                       err_msg=col, **FLOAT_TOL)
        else:
            assert a.astype(str).tolist() == b.astype(str).tolist(), col


@pytest.mark.parametrize("games_per_chunk", [7, 100, 10_000])
def test_sums_give_the_in_memory_tables(games_per_chunk: int) -> None:
    frame = synthetic_decisions(5)
    want = cf.aggregate(frame, games=900)
    got = cf.aggregate_stats(chunked_stats(frame, games_per_chunk), games=900)
    assert_same_table(got.decisions, want.decisions)
    assert_same_table(got.situations, want.situations)
    assert_same_table(got.paired, want.paired)
    assert got.var_reduction == pytest.approx(want.var_reduction, rel=1e-9)
    # the example is not vacuous: pooled rows, design effects above 1, verdicts of both kinds
    assert (want.decisions["opponent"] == cf.ALL_OPPONENTS).any()
    assert (want.paired["design_effect"] > 1.05).any()
    assert want.decisions["verdict"].nunique() >= 2
    assert (want.situations["decisions"] > 0).all()


def test_depends_from_sums_matches() -> None:
    """A card whose effect flips with the turn: the "depends" pattern found from the rows is
    found from the sums too."""
    frame = synthetic_decisions(11, games=4000, forks=1)
    want = cf.aggregate(frame, games=4000).decisions
    got = cf.aggregate_stats(chunked_stats(frame, 333), games=4000).decisions
    assert (want["depends_on"] != "").any()
    assert got["depends_on"].tolist() == want["depends_on"].tolist()
    assert got["verdict"].tolist() == want["verdict"].tolist()


def test_design_effect_of_equal_differences_is_one() -> None:
    """Every difference equal (here 1/3, not exact in binary): no variance, no design effect,
    both from the rows and from the integer sums."""
    d = np.full(9, 1 / 3)
    game = np.array([0, 0, 0, 1, 1, 2, 3, 3, 3])
    eff = paired.paired_effect(d, np.zeros(9), game)
    assert eff.deff == 1.0
    sums = suf.cell_sums(np.full(9, 2), np.zeros(9, np.int64), game, np.zeros(9, np.int64), 1)
    assert suf.design_effect(sums[0]) == 1.0


def test_joint_counts_give_paired_effect() -> None:
    rng = np.random.default_rng(3)
    a = rng.choice([0.0, 0.5, 1.0], size=5000, p=[0.45, 0.05, 0.5])
    b = np.where(rng.random(5000) < 0.8, a, rng.choice([0.0, 0.5, 1.0], size=5000))
    want = paired.paired_effect(a, b)
    got = suf.joint_effect([suf.joint_counts(a[:1234], b[:1234]),
                            suf.joint_counts(a[1234:], b[1234:])])
    for field in ("n", "better", "worse", "mean_a", "mean_b", "delta", "ci_low", "ci_high",
                  "p_value"):
        assert getattr(got, field) == pytest.approx(getattr(want, field), rel=1e-9, abs=1e-12)


def test_policy_table_from_joint_counts() -> None:
    rng = np.random.default_rng(4)
    arms = []
    for opp in ("A", "B"):
        base = rng.choice([0.0, 0.5, 1.0], size=700, p=[0.5, 0.02, 0.48])
        other = np.where(rng.random(700) < 0.7, base, 1.0 - base)
        arms += [cmp.Arm("Deck", opp, "never", base), cmp.Arm("Deck", opp, "always", other)]
    want = cmp.policy_comparison(arms, "never")
    counts = [cmp.ArmCounts.paired(a.deck, a.opponent, a.label, a.scores,
                                   next(b.scores for b in arms if b.opponent == a.opponent
                                        and b.label == "never")) for a in arms]
    got = cmp.policy_comparison_counts(counts, "never")
    assert_same_table(got, want)

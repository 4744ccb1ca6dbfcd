"""evaluate's statistics on synthetic paired outcomes with known answers: exact zeros,
dominance, a real effect below the smallest one worth acting on, interval coverage, the
"depends" verdict and the family of tests across rows (analysis/decision_tables.py)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analyzer.analysis import decision_tables as dt
from analyzer.analysis.compare import split_policies
from analyzer.analysis.verdicts import DEPENDS, DONT_PROMISE, NO_DIFFERENCE, NOT_ENOUGH, PROMISE
from analyzer.report.tables import decision_summary


def _frame(yes, no, card="Card", turn=None, deck="Deck", opponent="Opp") -> pd.DataFrame:
    n = len(yes)
    return pd.DataFrame(
        {
            "deck": deck,
            "opponent": opponent,
            "card": card,
            "gift_kind": "card",
            "base_policy": "never",
            "turn": 5 if turn is None else turn,
            "on_play": 1.0,
            "life": 20.0,
            "opp_life": 20.0,
            "hand": 4.0,
            "opp_hand": 4.0,
            "power": 3.0,
            "opp_power": 3.0,
            "outcome_promise": np.asarray(yes, float),
            "outcome_no_promise": np.asarray(no, float),
        },
        index=range(n),
    )


def test_aggregate_of_equal_outcomes_makes_no_difference() -> None:
    rng = np.random.default_rng(0)
    out = rng.choice([0.0, 0.5, 1.0], size=2000)
    agg = dt.aggregate(_frame(out, out.copy()))
    r = agg.decisions.iloc[0]
    assert r["delta_pts"] == 0.0 and r["ci_low_pts"] < 0.0 < r["ci_high_pts"]
    assert r["same"] == 2000 and r["verdict"] == NO_DIFFERENCE
    # 300 identical pairs cannot show |delta| < 1 point at the row's level: not enough, and
    # "about how many more games" is a positive number
    small = dt.aggregate(_frame(out[:300], out[:300].copy())).decisions.iloc[0]
    assert small["verdict"] == NOT_ENOUGH and small["more_games"] > 0


def test_dominant_promise_synthetic() -> None:
    rng = np.random.default_rng(1)
    no = rng.choice([0.0, 1.0], size=300)
    yes = np.where(rng.random(300) < 0.3, 1.0, no)  # never worse, better 30% of the losses
    agg = dt.aggregate(_frame(yes, no))
    r = agg.decisions.iloc[0]
    assert r["worse"] == 0 and r["better"] > 20
    assert r["delta_pts"] > 0 and r["ci_low_pts"] > 0 and r["verdict"] == PROMISE
    agg = dt.aggregate(_frame(no, yes))
    assert agg.decisions.iloc[0]["verdict"] == DONT_PROMISE


def test_tiny_real_effect_makes_no_difference() -> None:
    """Issue 16 item 5: +0.5 points over 20,000 decisions is real but below the 1-point
    smallest effect worth acting on; with --min-effect 0.2 it is a promise."""
    rng = np.random.default_rng(5)
    n = 20_000
    u = rng.random(n)
    no = rng.choice([0.0, 1.0], size=n)
    yes = no.copy()
    yes[u < 0.0125], no[u < 0.0125] = 1.0, 0.0  # better 1.25% of the time
    worse = (u >= 0.0125) & (u < 0.02)
    yes[worse], no[worse] = 0.0, 1.0  # worse 0.75%: true delta +0.5 points
    r = dt.aggregate(_frame(yes, no)).decisions.iloc[0]
    assert 0.3 < r["delta_pts"] < 0.7 and r["ci_low_pts"] > 0, r
    assert r["verdict"] == NO_DIFFERENCE and r["p_adjusted"] <= 0.05
    r = dt.aggregate(_frame(yes, no), min_effect=0.002).decisions.iloc[0]
    assert r["verdict"] == PROMISE


def _counts_frame(better: int, worse: int, n: int = 10_000) -> pd.DataFrame:
    """n decisions, one a game: `better` won only promising, `worse` only not, 40% of the
    rest won either way."""
    yes, no = np.zeros(n), np.zeros(n)
    yes[:better] = 1.0
    no[better : better + worse] = 1.0
    both = slice(better + worse, better + worse + int(0.4 * (n - better - worse)))
    yes[both], no[both] = 1.0, 1.0
    return _frame(yes, no)


def test_no_difference_carries_the_interval_it_is_read_from() -> None:
    """-0.4 points: the printed 95% interval crosses -1 point, but the verdict (two one-sided
    tests at the one row's 0.8 x 5% each) reads the 92% interval, which lies within +-1."""
    r = dt.aggregate(_counts_frame(530, 570)).decisions.iloc[0]
    assert r["verdict"] == NO_DIFFERENCE
    assert r["ci_low_pts"] < -1.0 < r["ci_high_pts"] < 1.0  # the 95% one crosses -min_effect
    assert r["verdict_level"] == pytest.approx(1 - 2 * 0.8 * 0.05)
    assert -1.0 < r["verdict_ci_low_pts"] < r["delta_pts"] < r["verdict_ci_high_pts"] < 1.0
    assert r["verdict_ci_low_pts"] > r["ci_low_pts"]
    summary = decision_summary(dt.aggregate(_counts_frame(530, 570)).decisions)
    assert "Card: makes no difference, read from -0.4 [-0.98, +0.18] at 92%" in summary
    assert "read 96% intervals (92% for 'makes no difference')" in summary


def test_not_enough_evidence_carries_the_wider_interval() -> None:
    """Two rows share 80% of the 5%: each effect claim reads its 98% interval, so a 95% one
    that excludes 0 may still read "not enough evidence"; the terminal says which one."""
    rows = []
    for card in ("A", "B"):
        f = _counts_frame(144, 111, n=2_000)
        rows.append(f.assign(card=card))
    agg = dt.aggregate(pd.concat(rows, ignore_index=True))
    r = agg.decisions.iloc[0]
    assert r["verdict"] == NOT_ENOUGH and r["ci_low_pts"] > 0, r
    assert r["verdict_level"] == pytest.approx(1 - 0.4 * 0.05)
    assert r["verdict_ci_low_pts"] < 0 < r["verdict_ci_high_pts"]
    assert list(agg.situations.columns) == dt.SITUATION_COLUMNS
    assert agg.situations["verdict_level"].notna().all()
    summary = decision_summary(agg.decisions)
    assert "A: not enough evidence, read from +1.6 [-0.21, +3.53] at 98%" in summary


def test_paired_stats_carry_each_rows_verdict_and_the_interval_it_is_read_from() -> None:
    """paired_stats.csv gave p and adjusted p without the verdict or the interval it is read
    from (audit21): its rows now carry them as gift_decisions / gift_situations do."""
    agg = dt.aggregate(_counts_frame(530, 570))
    cols = ["verdict", "verdict_ci_low_pts", "verdict_ci_high_pts", "verdict_level"]
    assert set(cols) <= set(dt.PAIRED_COLUMNS) and list(agg.paired.columns) == dt.PAIRED_COLUMNS
    for table, own in (("gift_decisions", agg.decisions), ("gift_situations", agg.situations)):
        rows = agg.paired[agg.paired["table"] == table].reset_index(drop=True)
        assert len(rows) == len(own)
        pd.testing.assert_frame_equal(rows[cols], own[cols].reset_index(drop=True))
    assert agg.paired.loc[0, "verdict"] == NO_DIFFERENCE


def test_interval_coverage_on_a_known_answer() -> None:
    """Pairs drawn from a known joint law: P(1,1) .40, P(1,0) .20, P(0,1) .10, P(0,0) .30, so
    the true delta is .60 - .50 = .10. Over 2000 tables of 200 decisions the 95% interval must
    cover the truth 95% of the time (the coverage's own standard error is 0.5 points; the band
    is three of them)."""
    rng = np.random.default_rng(20240802)
    reps, n = 2000, 200
    cells = rng.choice(4, size=(reps, n), p=[0.4, 0.2, 0.1, 0.3])
    yes = (cells <= 1).astype(float)
    no = ((cells == 0) | (cells == 2)).astype(float)
    frame = _frame(yes.ravel(), no.ravel())
    frame["card"] = np.repeat(np.arange(reps), n)
    t = dt.group_stats(frame, ["card"])
    assert len(t) == reps
    cover = ((t["ci_low_pts"] <= 10) & (t["ci_high_pts"] >= 10)).mean()
    assert 0.935 <= cover <= 0.965, cover
    assert abs(t["delta_pts"].mean() - 10) < 0.3
    assert (t["better"] + t["same"] + t["worse"] == n).all()


def test_depends_when_situations_disagree() -> None:
    rng = np.random.default_rng(3)
    early_no = rng.choice([0.0, 1.0], size=300)
    early_yes = np.where(rng.random(300) < 0.4, 1.0, early_no)
    late_yes = rng.choice([0.0, 1.0], size=300)
    late_no = np.where(rng.random(300) < 0.4, 1.0, late_yes)
    frame = pd.concat(
        [_frame(early_yes, early_no, turn=3), _frame(late_yes, late_no, turn=11)], ignore_index=True
    )
    agg = dt.aggregate(frame)
    row = agg.decisions.iloc[0]
    assert row["verdict"] == DEPENDS, row
    assert row["depends_on"].startswith("turn: promise when own turns 1-2")
    assert "don't promise when own turns 5-6" in row["depends_on"]
    turn = agg.situations[agg.situations["situation"] == "turn"].set_index("bucket")
    assert turn.loc["own turns 1-2", "verdict"] == PROMISE
    assert turn.loc["own turns 5-6", "verdict"] == DONT_PROMISE


def test_no_depends_from_one_lopsided_bucket() -> None:
    """Regression (issue 16 item 1, Into the Flood Maw vs GU Frogs): a bucket of 1 better /
    0 worse drove Cochran's Q. Buckets need MIN_BUCKET_DIFFERING differing pairs to count."""
    rng = np.random.default_rng(8)
    no = rng.choice([0.0, 1.0], size=600)
    yes = np.where(rng.random(600) < 0.08, 1.0 - no, no)  # no effect, 8% of pairs differ
    turn = np.where(np.arange(600) < 590, 5, 11)
    yes[turn == 11], no[turn == 11] = no[turn == 11], no[turn == 11]
    yes[-1], no[-1] = 1.0, 0.0  # the lone differing pair of the late bucket
    agg = dt.aggregate(_frame(yes, no, turn=turn))
    assert agg.decisions.iloc[0]["depends_on"] == ""
    assert agg.decisions.iloc[0]["verdict"] != DEPENDS


def test_family_across_rows_and_pooled_rows() -> None:
    rng = np.random.default_rng(4)
    parts = []
    for i in range(12):  # twelve cards, no true effect
        out = rng.choice([0.0, 1.0], size=(2, 60))
        parts.append(_frame(out[0], out[1], card=f"Null {i}", opponent=f"Opp {i % 2}"))
    agg = dt.aggregate(pd.concat(parts, ignore_index=True))
    d = agg.decisions
    assert list(d.columns) == dt.DECISION_COLUMNS
    assert list(agg.situations.columns) == dt.SITUATION_COLUMNS
    assert set(d["opponent"]) == {"Opp 0", "Opp 1", dt.ALL_OPPONENTS}
    pooled = d[d["opponent"] == dt.ALL_OPPONENTS]
    assert pooled["decisions"].sum() == 12 * 60
    p = agg.paired[agg.paired["table"] == "gift_decisions"]
    assert (p["p_adjusted"] >= p["p_value"] - 1e-12).all()
    assert (d["verdict"] == NOT_ENOUGH).all()


def test_split_policies() -> None:
    assert split_policies(["never,always", "random:p=0.5,to=random"]) == [
        "never",
        "always",
        "random:p=0.5,to=random",
    ]
    assert split_policies(["always; Ygra, Eater of All=never,never"]) == [
        "always; Ygra, Eater of All=never",
        "never",
    ]
    assert split_policies(["never", "never"]) == ["never"]


def test_a_verdict_the_sign_test_withholds_says_so() -> None:
    """audit24: 1 better and 10 worse of 100 decisions, one of five cards (each at 99.2%): the
    score interval at 99.2% excludes 0 but the exact sign test (below 100 differing decisions)
    does not reject, so the row reads "not enough evidence". The note under the table said only
    "read from -9.0 [-18.., -0.29] at 99.2%", an interval that reads "don't promise"; it now
    names the test that withholds the claim."""
    no = np.zeros(100)
    yes = no.copy()
    yes[:1] = 1.0  # promising better once
    no[1:11] = 1.0  # and worse ten times
    frames = [_frame(yes, no, card="X")]
    frames += [_frame(no.copy(), no.copy(), card=f"Y{i}") for i in range(4)]
    frame = pd.concat(frames, ignore_index=True)
    dec = dt.aggregate(frame).decisions
    x = dec[dec["card"] == "X"].iloc[0]
    assert x["verdict"] == NOT_ENOUGH and x["verdict_ci_high_pts"] < 0  # the premise
    assert x["p_adjusted"] > 0.05
    notes = decision_summary(dec).splitlines()
    line = next(s for s in notes if s.startswith("  X:"))
    assert "the exact sign test withholds the claim" in line
    assert f"p adj. {x['p_adjusted']:.3g} > 0.05" in line
    # a row whose own interval reaches 0 adds nothing of the kind
    assert sum("sign test" in s for s in notes) == 1

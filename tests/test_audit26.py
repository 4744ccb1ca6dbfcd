"""Audit 26 (the answers of compare, sweep, cardstats and tune): each sentence claims only what
its numbers support, with the family of claims it belongs to corrected for multiplicity."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer import api
from analyzer.analysis.cardstats import CardGames, card_table
from analyzer.api.sweeps import run_sweep
from analyzer.report.answers import card_stats_answer

DECKS = Path(__file__).resolve().parent.parent / "decks"
ME = DECKS / "ub_rats_threshold.txt"
OTHER = DECKS / "gw_rabbits_tokens.txt"


def _plan(tmp_path: Path, **keys: object) -> Path:
    path = tmp_path / "plan.toml"
    path.write_text("\n".join(f"{k} = {json.dumps(v)}" for k, v in keys.items()) + "\n")
    return path


def test_compare_sweep_is_the_compare_command_over_the_same_opponents(tmp_path: Path) -> None:
    """A compare sweep's p_holm was each cell's own p (a family of one) where `compare` adjusts
    over the opponents, and it had no pooled row; now a deck's rows over the gauntlet are
    `compare DECK BASELINE`'s over the gauntlet, exactly, and the report leads with the pooled
    row's answer."""
    plan = _plan(
        tmp_path,
        analysis="compare",
        decks=[str(ME), str(OTHER)],
        opponents=["gauntlet"],
        policies=["never"],
        games=40,
        seed=3,
    )
    run = run_sweep(plan, scheduler="none", out=tmp_path / "run")
    single = api.compare(OTHER, ME, games=40, seed=3, plots=False)
    mine = run.tables["compare.csv"]
    assert list(mine.columns[:3]) == ["deck_file", "opponent_file", "player"]
    pd.testing.assert_frame_equal(mine.iloc[:, 3:], single.table)
    per_opp = mine[mine["opponent"] != "all opponents"]
    assert len(per_opp) == 9 and (per_opp["p_holm"] >= per_opp["p_value"]).all()
    assert (per_opp["p_holm"] > per_opp["p_value"]).any()  # adjusted, not copied
    pooled = mine[mine["opponent_file"] == "all opponents"].iloc[0]
    report = (tmp_path / "run" / "report.txt").read_text()
    # it leads with the answer in compare's own words: the same claims and withheld rows
    answer = api.compare_answer(single.table).removeprefix("the answer: ")
    lines = report.splitlines()
    assert lines[0] == "The answer, as `compare` gives it:"
    assert lines[1] == f"  {mine.deck_file.iloc[0]} [never, {pooled.player}]: {answer}"
    expected = (
        f"{pooled.delta_pts:+.1f} [{pooled.delta_pts_ci_low:+.1f}, "
        f"{pooled.delta_pts_ci_high:+.1f}] points"
    )
    assert expected in lines[1] and "over all opponents" in lines[1]
    assert "Largest difference" not in report  # one group: no ranking to give


def test_a_compare_sweep_of_several_decks_answers_each_and_adds_up_their_families(
    tmp_path: Path,
) -> None:
    """Two decks against one baseline are two families of 5%: the report gives each group's
    compare answer, says the chance of some false claim can reach 10%, and only then ranks
    the point estimates (not a test across the groups)."""
    third = DECKS / "wr_mice_valiant.txt"
    plan = _plan(
        tmp_path,
        analysis="compare",
        decks=[str(ME), str(OTHER), str(third)],
        opponents=[str(OTHER)],
        policies=["never"],
        games=30,
        seed=5,
    )
    run = run_sweep(plan, scheduler="none", out=tmp_path / "run")
    table = run.tables["compare.csv"]
    lines = (tmp_path / "run" / "report.txt").read_text().splitlines()
    assert lines[0] == (
        "The answer of each of the 2 groups, as `compare` gives it (each its own 5% family: "
        "over all 2, up to a 10% chance of some false claim):"
    )
    for i, deck in enumerate(table["deck_file"].unique()):
        rows = table[table["deck_file"] == deck]
        answer = api.compare_answer(rows).removeprefix("the answer: ")
        assert lines[1 + i] == f"  {deck} [never, standard]: {answer}"
    assert lines[4].startswith("Largest difference from the baseline (the largest point")


def _card_games(gih: np.ndarray, win: np.ndarray, stratum: np.ndarray | None = None) -> CardGames:
    """Hand-built flags: ``gih[g, c]`` card c in hand in game g (all in the opening hand)."""
    n, k = gih.shape
    none = np.zeros((n, k), bool)
    return CardGames(
        names=tuple(f"Card {c}" for c in range(k)),
        copies=np.ones(k, np.int64),
        gift=np.zeros(k, bool),
        in_deck=np.ones((n, k), bool),
        opening=gih,
        drawn=none,
        promised=none,
        unpromised=none,
        win=win,
        draw=np.zeros(n, bool),
        stratum=stratum,
    )


def _games(*cells: tuple[int, int, int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One card; per stratum (GIH games, GIH wins, GNS games, GNS wins)."""
    gih, win, stratum = [], [], []
    for s, (n1, w1, n0, w0) in enumerate(cells):
        gih += [True] * n1 + [False] * n0
        win += [True] * w1 + [False] * (n1 - w1) + [True] * w0 + [False] * (n0 - w0)
        stratum += [s] * (n1 + n0)
    return np.array(gih)[:, None], np.array(win), np.array(stratum, np.int64)


def test_iwd_test_is_fishers_exact_in_one_matchup() -> None:
    """Known answer: Fisher's tea tasting, 3 of 4 against 1 of 4, two-sided p = 34/70."""
    gih, win, _ = _games((4, 3, 4, 1))
    row = card_table(_card_games(gih, win)).iloc[0]
    assert abs(row.iwd_p - 34 / 70) < 1e-9
    assert abs(row.iwd_pts - 50.0) < 1e-9


def test_iwd_test_is_stratified_by_matchup() -> None:
    """Simpson's case: within each matchup the card's holders win at the same rate (IWD 0),
    but it is in hand mostly in the easy one; the pooled 2x2 table would give p < 1e-3, the
    Mantel-Haenszel test p = 1 (no difference within any matchup)."""
    gih, win, stratum = _games((80, 40, 20, 10), (20, 2, 80, 8))
    row = card_table(_card_games(gih, win, stratum)).iloc[0]
    assert abs(row.iwd_pts) < 1e-9 and row.iwd_p > 0.99
    unstratified = card_table(_card_games(gih, win)).iloc[0]
    assert unstratified.iwd_p < 1e-3


def test_card_stats_answer_claims_no_card_from_noise() -> None:
    """Twenty cards drawn at random, no card changing the result: read one interval at a time,
    some card's IWD excludes 0 (this seed: the table shows it); Holm over the cards, none is
    told apart, and the answer says so."""
    rng = np.random.default_rng(5)
    gih = rng.random((400, 20)) < 0.45
    win = rng.random(400) < 0.5
    df = card_table(_card_games(gih, win))
    alone = (df["iwd_ci_low_pts"] > 0) | (df["iwd_ci_high_pts"] < 0)
    assert alone.any()
    assert (df["iwd_p_holm"] > 0.05).all()
    text = card_stats_answer(df)
    assert "0 of the 20 cards ranked have an IWD told apart from 0 (Holm over them, 5%): none." in (
        text
    )


def test_card_stats_answer_names_a_card_that_survives_holm() -> None:
    """One card of twenty is in hand in the wins: it is told apart, the noise is not."""
    rng = np.random.default_rng(5)
    gih = rng.random((400, 20)) < 0.45
    win = rng.random(400) < 0.5
    gih[:, 3] = win ^ (rng.random(400) < 0.2)  # in hand in 80% of wins, 20% of losses
    df = card_table(_card_games(gih, win))
    text = card_stats_answer(df)
    assert "1 of the 20 cards ranked has an IWD told apart from 0 (Holm over them, 5%): Card 3" in (
        text
    )
    assert df.loc[df["card"] == "Card 3", "iwd_p_holm"].iloc[0] < 1e-6


def test_compare_names_two_versions_of_one_deck_by_their_files(tmp_path: Path) -> None:
    """A version with one card changed keeps the deck's About name: the answer read 'A (UB
    Rats: threshold control) wins more than B (UB Rats: threshold control)'."""
    text = ME.read_text().replace("Fell (BLB) 95", "Dire Downdraft (BLB) 46")
    assert text != ME.read_text()
    version = tmp_path / "ub_no_fell.txt"
    version.write_text(text)
    run = api.compare(ME, version, [OTHER], games=30, seed=1, plots=False)
    row = run.table.iloc[0]
    assert row.deck_a == "UB Rats: threshold control [ub_rats_threshold.txt]"
    assert row.deck_b == "UB Rats: threshold control [ub_no_fell.txt]"
    from analyzer.report.answers import compare_answer

    assert "B (UB Rats: threshold control [ub_no_fell.txt])" in compare_answer(run.table)
    different = api.compare(ME, OTHER, [OTHER], games=10, seed=1, plots=False).table.iloc[0]
    assert (different.deck_a, different.deck_b) == (
        "UB Rats: threshold control",
        "GW Rabbits: go wide",
    )


def test_tune_sweep_report_gives_the_interval_and_says_it_is_a_point_estimate(
    tmp_path: Path,
) -> None:
    """The report led with 'Largest held-out gain over the heuristic: ..., +0.0 points of
    score.': a maximum over tunings, no interval, no test, and gains in fractions in files
    whose other deltas are points."""
    plan = _plan(
        tmp_path,
        analysis="tune",
        decks=[str(ME)],
        opponents=[str(DECKS / "wb_bats_lifegain.txt"), str(DECKS / "rg_raccoons_expend.txt")],
        policies=["heuristic"],
        cards=["Into the Flood Maw"],
        games=40,
        rounds=1,
        features=["turn"],
        seed=11,
    )
    run_sweep(plan, scheduler="none", out=tmp_path / "run")
    comp = pd.read_csv(tmp_path / "run" / "tune_comparisons.csv")
    single = api.tune(
        ME,
        [DECKS / "wb_bats_lifegain.txt"],
        "Into the Flood Maw",
        games=40,
        seed=11,
        base="heuristic",
        features=("turn",),
        rounds=1,
    ).comparisons
    mine = comp[comp["opponent_file"].str.endswith("wb_bats_lifegain.txt")]
    np.testing.assert_allclose(mine["gain_pts"], 100 * single["gain"], rtol=1e-12)
    np.testing.assert_allclose(mine["gain_pts_ci_low"], 100 * single["ci_low"], rtol=1e-12)
    tune_csv = pd.read_csv(tmp_path / "run" / "tune.csv")
    assert {"gain_vs_heuristic_pts", "gain_vs_never_pts"} <= set(tune_csv.columns)
    vs = comp[comp["versus"] == "heuristic"].sort_values("gain_pts", ascending=False)
    best = vs.iloc[0]
    first = (tmp_path / "run" / "report.txt").read_text().splitlines()[0]
    assert "(the largest point estimate of 2 tunings, not a test across them)" in first
    shown = (
        f"{best.gain_pts:+.1f} [{best.gain_pts_ci_low:+.1f}, {best.gain_pts_ci_high:+.1f}] "
        f"points of score (paired, 95%; p_holm = {best.p_holm:.2g})"
    )
    assert shown in first
    beats = int(((vs["p_holm"] <= 0.05) & (vs["gain_pts_ci_low"] > 0)).sum())
    assert f"Beats the heuristic in {beats} of 2 tunings" in first


def test_cardstats_sweep_report_leaves_basic_lands_out(tmp_path: Path) -> None:
    """'Highest IWD' was read over every row, basic lands too (a land's handful of GNS games
    put it at the top), with no interval: now the top card row with its interval and Holm p."""
    plan = _plan(
        tmp_path,
        analysis="cardstats",
        decks=[str(DECKS / "ur_otters_spells.txt")],
        opponents=[str(DECKS / "gu_frogs_tempo.txt")],
        policies=["random:p=0.5"],
        games=150,
        seed=7,
    )
    run_sweep(plan, scheduler="none", out=tmp_path / "run")
    df = pd.read_csv(tmp_path / "run" / "card_stats.csv")
    cards = df[~df["card"].isin(["Island", "Mountain"])].dropna(subset=["iwd_pts"])
    top = cards.sort_values("iwd_pts", ascending=False, kind="stable").iloc[0]
    first, second = (tmp_path / "run" / "report.txt").read_text().splitlines()[:2]
    assert first.startswith(f"Highest IWD of a card (the largest point estimate of {len(cards)}")
    assert (
        f"{top.card} (" in first
        and f"{top.iwd_pts:+.1f} [{top.iwd_ci_low_pts:+.1f}, {top.iwd_ci_high_pts:+.1f}]" in first
    )
    told = int(
        (
            (cards["iwd_p_holm"] <= 0.05)
            & ((cards.iwd_ci_low_pts > 0) | (cards.iwd_ci_high_pts < 0))
        ).sum()
    )
    assert second.startswith(f"{told} card rows over 1 cells have an IWD told apart from 0")


def test_scenario_verdict_line_says_how_many_rollouts_were_drawn() -> None:
    """'Promising wins 40.0% of 50 rollouts, not promising 40.0%' read as equal outcomes when
    the promise drew ten rollouts the other branch lost: the draws are now in the line."""
    from analyzer.analysis.paired_verdict import paired_win_verdict
    from analyzer.analysis.position import verdict_line

    won = np.zeros(50, bool)
    won[:20] = True
    v = paired_win_verdict(won, won)
    d = {
        "card": "Card",
        "recommendation": v.recommendation,
        "reason": v.reason,
        "promise": {"win_rate": 0.4, "games": 50, "draws": 10},
        "no_promise": {"win_rate": 0.4, "games": 50, "draws": 0},
        "delta": v.delta,
        "delta_ci": [v.ci_low, v.ci_high],
        "verdict_ci": [v.verdict_ci_low, v.verdict_ci_high],
        "verdict_level": v.verdict_level,
    }
    assert (
        "not promising 40.0% (drawn, counted as not won: 10 promising, 0 not): +0.0 points"
        in verdict_line(d)
    )
    d["promise"]["draws"] = 0
    assert "not promising 40.0%: +0.0 points" in verdict_line(d)


def test_compare_keeps_the_name_when_one_file_is_given_twice() -> None:
    from analyzer.api.comparison import _version_names

    assert _version_names("Rats", "Rats", ME, ME) == ["Rats", "Rats"]
    assert _version_names("Rats", "Rats", "a/x.txt", "b/x.txt") == [
        "Rats [a/x.txt]",
        "Rats [b/x.txt]",
    ]

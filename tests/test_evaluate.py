"""evaluate / compare: policy comparison, decision counterfactuals, their statistics, the CLI,
and interruption. Small game counts; speed is measured by `gift-analyzer bench`, not here.

Two made-up cards (tests/fixtures/evaluate/cards.toml) make the right answer known by
construction:
- "Doom Either Way": target opponent loses 30 life, promised or not. In a mirror match of
  that card and Mountains, a cast that resolves ends the game for the caster either way, and
  the only difference between the branches (a tapped Fish given to a player who loses at once)
  cannot change the result. So every forked pair is equal and the delta is exactly zero.
- "Promised Doom": promised, the opponent loses 30 life (the game ends); plain, 1 life. The
  promised mode dominates: promising can only be worse when the opponent survives 30 life.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from analyzer import api
from analyzer.analysis import counterfactual as cf
from analyzer.analysis import decision_tables as dt
from analyzer.analysis import forks as fk
from analyzer.analysis.compare import POLICY_COLUMNS
from analyzer.analysis.simulate import simulate_matchup
from analyzer.analysis.streams import stream_seed
from analyzer.analysis.verdicts import (
    DONT_PROMISE,
    NO_DIFFERENCE,
    NOT_ENOUGH,
    PROMISE,
)
from analyzer.api.simulation import _load
from analyzer.cli import main
from analyzer.errors import InputError
from analyzer.report.units import points_columns

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "decks"
FIX = Path(__file__).parent / "fixtures" / "evaluate"
CARDS = FIX / "cards.toml"
RATS, BATS, RACCOONS = (
    DECKS / n for n in ("ub_rats_threshold.txt", "wb_bats_lifegain.txt", "rg_raccoons_expend.txt")
)


@pytest.fixture(scope="module")
def rats_bats(catalog):
    return _load([RATS, BATS], catalog, False)


# ---------------------------------------------------------------------------------------------
# the fork runner


def test_main_game_is_the_base_branch_exactly(catalog, rats_bats) -> None:
    """The shortcut (the main game is the base choice's branch) against playing that branch
    from its own copy: identical outcomes at every decision, for a deterministic and a random
    base policy; and the main games are the plain games of that policy."""
    for policy in ("never", "random:p=0.5"):
        run = cf.run_counterfactuals(
            rats_bats,
            catalog,
            games=40,
            seed=11,
            base_policy=policy,
            explicit=True,
            fork_seats=(0, 1),
        )
        d = run.decisions[run.forked_mask]
        assert len(d) > 20
        base_score = np.where(d[:, fk.D_BASE] == 1, d[:, fk.D_P_SCORE2], d[:, fk.D_N_SCORE2])
        np.testing.assert_array_equal(base_score, d[:, fk.D_CHECK])
        plain = simulate_matchup(rats_bats, catalog, games=40, seed=11, policy=policy)
        np.testing.assert_array_equal(run.games[:, fk.G_WINNER], plain.games[:, 0])
        np.testing.assert_array_equal(run.games[:, fk.G_TURNS], plain.games[:, 1])
        assert set(d[:, fk.D_CASTER]) == {0, 1}
        assert (d[:, fk.D_P_OK] == 1).all() and (d[:, fk.D_N_OK] == 1).all()


def test_results_do_not_depend_on_threads_or_chunks(catalog, rats_bats) -> None:
    a = cf.run_counterfactuals(rats_bats, catalog, games=30, seed=5, forks=2, threads=1, chunk=7)
    b = cf.run_counterfactuals(rats_bats, catalog, games=30, seed=5, forks=2, threads=2, chunk=64)
    np.testing.assert_array_equal(a.decisions, b.decisions)
    np.testing.assert_array_equal(a.features, b.features)
    np.testing.assert_array_equal(a.games, b.games)


def test_replicates_differ_but_are_reproducible(catalog, rats_bats) -> None:
    k = 4
    run = cf.run_counterfactuals(rats_bats, catalog, games=40, seed=2, forks=k)
    d = run.decisions[run.forked_mask]
    wins = np.concatenate([d[:, fk.D_P_WINS], d[:, fk.D_N_WINS]])
    assert ((wins > 0) & (wins < k)).any()  # the reshuffled futures do differ
    assert (d[:, fk.D_P_OK] == k).all() and (d[:, fk.D_N_OK] == k).all()
    again = cf.run_counterfactuals(rats_bats, catalog, games=40, seed=2, forks=k)
    np.testing.assert_array_equal(run.decisions, again.decisions)
    one = cf.run_counterfactuals(rats_bats, catalog, games=40, seed=2, forks=1)
    # replicate 0 is the game's own future: with K forks the decisions are the same ones
    np.testing.assert_array_equal(
        one.decisions[:, : fk.D_FORKED + 1], run.decisions[:, : fk.D_FORKED + 1]
    )


def test_decisions_frame_features(catalog, rats_bats) -> None:
    run = cf.run_counterfactuals(rats_bats, catalog, games=30, seed=1)
    df = cf.decisions_frame(run, catalog)
    assert len(df) == int(run.forked_mask.sum()) > 0
    assert set(df["deck"]) == {rats_bats[0].name}
    assert set(df["gift_kind"]) <= {
        "food",
        "card",
        "tapped_fish",
        "treasure",
        "octopus",
        "extra_turn",
    }
    assert df["turn"].min() >= 1 and (df["life"] > 0).all()
    # own turns (issue 16 item 9): in a duel without extra turns, the global turn's share
    own = np.where(df["on_play"] == 1, (df["turn"] + 1) // 2, df["turn"] // 2)
    assert (df["own_turn"] >= 1).all() and (df["own_turn"] == own).mean() > 0.95
    assert df["outcome_promise"].between(0, 1).all()
    assert set(df["on_play"]) <= {0.0, 1.0}
    assert {
        "game",
        "decision",
        "turn",
        "card_id",
        "caster",
        "recipient",
        "life",
        "opp_life",
        "hand",
        "opp_hand",
        "library",
        "opp_library",
        "power",
        "toughness",
        "opp_power",
        "opp_toughness",
        "outcome_promise",
        "outcome_no_promise",
    } <= set(df.columns)
    assert (df["card"] == [catalog.compiled.names[c] for c in df["card_id"]]).all()


# ---------------------------------------------------------------------------------------------
# answers known by construction


def test_identical_branches_give_exactly_zero(tmp_path: Path) -> None:
    deck = FIX / "doom_either_way.txt"
    run = api.evaluate(
        deck,
        [deck],
        games=60,
        seed=4,
        forks=2,
        policies=["never", "always"],
        card_files=[CARDS],
        out=tmp_path / "run",
        plots=False,
    )
    row = run.gift_decisions.set_index("card").loc["Doom Either Way"]
    assert row["decisions"] >= 20
    assert row["better"] == 0 and row["worse"] == 0
    assert row["same"] == row["decisions"]
    # the delta is exactly 0, its interval never zero-width (+-z^2 / (n + z^2), Tango)
    assert row["delta_pts"] == 0.0 and row["ci_low_pts"] < 0.0 < row["ci_high_pts"]
    assert row["ci_high_pts"] == pytest.approx(-row["ci_low_pts"])
    assert row["win_rate_promise"] == row["win_rate_no_promise"] == 1.0
    assert row["verdict"] in (NOT_ENOUGH, NO_DIFFERENCE)  # too few decisions for +-1 point
    assert (run.gift_situations["delta_pts"] == 0.0).all()
    assert not run.gift_situations["verdict"].isin([PROMISE, DONT_PROMISE]).any()
    # and the policies: in this mirror the promise never matters, so never and always agree
    pc = run.policy_comparison.set_index("policy")
    assert pc.loc["always", "delta_vs_baseline_pts"] == 0.0
    assert pc.loc["always", "wins"] == pc.loc["never", "wins"]
    csv = pd.read_csv(tmp_path / "run" / "gift_decisions.csv")
    assert csv.loc[0, "delta_pts"] == 0.0


def test_irrelevant_promise_makes_no_difference() -> None:
    """Issue 16: a known-irrelevant card reads "makes no difference" once there are enough
    decisions for +-1 point (about 450 with no pair differing), and its card arm is 0."""
    deck = FIX / "doom_either_way.txt"
    run = api.evaluate(deck, [deck], games=1500, seed=5, policies=["never"], card_files=[CARDS])
    row = run.gift_decisions.set_index("card").loc["Doom Either Way"]
    assert row["decisions"] >= 450 and row["better"] == row["worse"] == 0
    assert row["verdict"] == NO_DIFFERENCE
    assert row["card_arm_delta_pts"] == 0.0 and row["card_arm_ci_low_pts"] < 0


def test_dominant_promise_is_recommended() -> None:
    run = api.evaluate(
        FIX / "promised_doom.txt",
        [RACCOONS],
        games=150,
        seed=9,
        policies=["never"],
        card_files=[CARDS],
    )
    row = run.gift_decisions.set_index("card").loc["Promised Doom"]
    assert row["decisions"] >= 50
    assert row["delta_pts"] > 20 and row["ci_low_pts"] > 0
    assert row["better"] > 10 * max(row["worse"], 1)
    assert row["verdict"] == PROMISE and row["p_adjusted"] <= 0.05
    assert row["win_rate_promise"] > 0.95


# ---------------------------------------------------------------------------------------------
# the API and the CLI


def test_evaluate_policy_comparison_is_paired(catalog, tmp_path: Path) -> None:
    run = api.evaluate(
        RATS, [BATS], games=60, seed=3, policies=["never,always"], out=tmp_path / "r", plots=False
    )
    pc = run.policy_comparison
    assert list(pc.columns) == points_columns(POLICY_COLUMNS)  # deltas in points
    assert list(pc["policy"]) == ["never", "always"]
    base = pc.iloc[0]
    assert base["delta_vs_baseline_pts"] == 0.0 and base["games"] == 60
    from analyzer.api.evaluation import with_opponents

    # by default only the deck's policy changes: the opponents play the base policy (never)
    decks = _load([RATS, BATS], catalog, False)
    always = simulate_matchup(
        decks,
        catalog,
        games=60,
        seed=stream_seed(3, decks),  # the matchup's own stream of the run seed
        policy=with_opponents("always", "never"),
    )
    assert pc.iloc[1]["wins"] == int(np.sum(always.games[:, 0] == 0))
    files = {p.name for p in (tmp_path / "r").iterdir()}
    assert {
        "manifest.json",
        "policy_comparison.csv",
        "gift_decisions.csv",
        "gift_situations.csv",
        "report.html",
    } <= files
    man = json.loads((tmp_path / "r" / "manifest.json").read_text())
    assert man["status"] == "complete" and man["seed"] == 3 and man["games"] == 60
    assert man["policies"] == ["never", "always"]
    assert {d["coverage"]["exact"] for d in man["decks"]} == {40}
    assert all(len(d["sha256"]) == 64 for d in man["decks"])
    assert man["extra"]["base_policy"] == "never"
    assert man["extra"]["stream_seeds"] == [stream_seed(3, decks)]


def test_fork_every_seat_and_no_forks(tmp_path: Path) -> None:
    run = api.evaluate(RATS, [BATS], games=30, seed=6, policies=["never"], fork_seats="all")
    assert set(run.gift_decisions["deck"]) == {
        "UB Rats: threshold control",
        "WB Bats: lifegain fliers",
    }
    assert set(run.decisions["caster"]) == {0, 1}
    run = api.evaluate(
        RATS, [BATS], games=30, seed=6, policies=["never", "always"], forks=0, out=tmp_path / "r"
    )
    assert run.gift_decisions.empty
    assert list(run.gift_decisions.columns) == points_columns(dt.DECISION_COLUMNS)
    assert len(run.policy_comparison) == 2
    head = (tmp_path / "r" / "gift_decisions.csv").read_text().splitlines()
    assert head == [",".join(points_columns(dt.DECISION_COLUMNS))]
    assert (tmp_path / "r" / "plots" / "delta_by_card.png").is_file()
    assert api.report(tmp_path / "r").is_file()


def test_opponents_policy_is_fixed(catalog) -> None:
    """With --opp-policy the opponents play it in every arm: seat 0 alone changes policy."""
    run = api.evaluate(
        RATS, [BATS], games=40, seed=8, policies=["never", "always"], opp_policy="never"
    )
    decks = _load([RATS, BATS], catalog, False)
    from analyzer.api.evaluation import with_opponents

    seed = stream_seed(8, decks)
    ref = simulate_matchup(
        decks, catalog, games=40, seed=seed, policy=with_opponents("always", "never")
    )
    both = simulate_matchup(decks, catalog, games=40, seed=seed, policy="always")
    pc = run.policy_comparison.set_index("policy")
    assert pc.loc["always", "wins"] == int(np.sum(ref.games[:, 0] == 0))
    assert not np.array_equal(ref.games[:, :2], both.games[:, :2])  # the opponents' differs
    assert set(run.gift_decisions["base_policy"]) == {"never"}  # opponents play it too
    with pytest.raises(InputError, match="unknown policy"):
        api.evaluate(RATS, [BATS], games=2, opp_policy="sometimes")


def test_gift_free_deck_policy_comparison_is_exactly_zero(tmp_path: Path) -> None:
    """Regression (issue 16 item 8): by default only the deck's policy changes, so a deck
    without a gift card plays the very same games under every policy, whatever the opponents'
    gift cards; with opp_policy="same" the opponents' policy changes too and the games differ."""
    no_gift = FIX / "no_gift.txt"
    run = api.evaluate(
        no_gift, [BATS], games=80, seed=5, forks=0, policies=["never", "always", "random:p=0.5"]
    )
    pc = run.policy_comparison
    assert len(pc) == 3
    assert (pc["delta_vs_baseline_pts"] == 0.0).all()
    # never a zero-width interval (Tango's score interval), centred on the exact 0; the
    # baseline's own row is no comparison and has none (NaN)
    others = pc[pc["policy"] != "never"]
    assert (others["delta_pts_ci_low"] < 0.0).all() and (others["delta_pts_ci_high"] > 0.0).all()
    assert np.allclose(others["delta_pts_ci_low"], -others["delta_pts_ci_high"])
    base = pc[pc["policy"] == "never"]
    assert base[["delta_pts_ci_low", "delta_pts_ci_high"]].isna().all(axis=None)
    assert pc["wins"].nunique() == 1
    assert run.settings["policy_seats"] == "the deck's seat only (opponents play never)"
    both = api.evaluate(
        no_gift, [BATS], games=80, seed=5, forks=0, policies=["never,always"], opp_policy="same"
    )
    assert both.settings["policy_seats"] == "every seat"
    assert both.policy_comparison["wins"].nunique() == 2  # the opponents' promises matter
    code, out, err = _cli(
        [
            "evaluate",
            str(no_gift),
            "--vs",
            str(BATS),
            "--games",
            "20",
            "--forks",
            "0",
            "--out",
            str(tmp_path / "r"),
            "--no-plots",
        ]
    )
    assert code == 0, err
    assert "policy changed for the deck's seat only (opponents play never)" in out


def _cli(args: list[str]):
    res = CliRunner().invoke(main, args)
    return res.exit_code, res.stdout, res.stderr


def test_cli_evaluate(tmp_path: Path) -> None:
    code, out, err = _cli(
        [
            "evaluate",
            str(RATS),
            "--vs",
            str(BATS),
            "--vs",
            str(RACCOONS),
            "--vs",
            str(DECKS / "gu_frogs_tempo.txt"),
            "--games",
            "24",
            "--policies",
            "never,always",
            "--forks",
            "2",
            "--out",
            str(tmp_path / "run"),
            "--threads",
            "1",
        ]
    )
    assert code == 0, err
    assert "policy comparison" in out and "gift decisions" in out
    assert "variance reduction" in out and "wrote" in out
    assert (tmp_path / "run" / "plots" / "delta_by_card.png").is_file()
    dec = pd.read_csv(tmp_path / "run" / "gift_decisions.csv")
    assert list(dec.columns) == points_columns(dt.DECISION_COLUMNS)
    assert (dec["opponent"].str.count(r" \+ ") == 2).all()  # one 4-player game
    assert (dec["deck"] == "UB Rats: threshold control").all()
    # the answer comes first: one sentence naming each card's verdict, before any table
    first = out.lstrip("\n").splitlines()[0]
    assert first.startswith("the answer: ")
    pooled = dec[dec["opponent"] == "all opponents"]
    for card, verdict in zip(pooled["card"], pooled["verdict"], strict=True):
        assert f"{card}: {verdict}" in first, (card, verdict, first)


def test_cli_evaluate_input_errors(tmp_path: Path) -> None:
    code, _, err = _cli(
        [
            "evaluate",
            str(RATS),
            "--vs",
            str(BATS),
            "--policies",
            "sometimes",
            "--games",
            "2",
            "--out",
            str(tmp_path / "x"),
        ]
    )
    assert code == 2 and "unknown policy" in err
    assert not (tmp_path / "x").exists()
    code, _, err = _cli(["evaluate", str(tmp_path / "missing.txt"), "--vs", str(BATS)])
    assert code == 2
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        code, _, err = _cli(["evaluate", str(RATS), "--vs", str(BATS), "--format", "parquet"])
        assert code == 2 and "pyarrow" in err


def test_cli_compare(tmp_path: Path) -> None:
    code, out, err = _cli(
        [
            "compare",
            str(RATS),
            str(RATS),
            "--vs",
            str(BATS),
            "--vs",
            str(RACCOONS),
            "--games",
            "30",
            "--out",
            str(tmp_path / "c"),
        ]
    )
    assert code == 0, err
    t = pd.read_csv(tmp_path / "c" / "compare.csv")
    assert list(t["opponent"]) == [
        "WB Bats: lifegain fliers + RG Raccoons: expend midrange"
    ]  # one 3-player game
    assert (t["delta_pts"] == 0).all()  # a deck against itself: exactly 0, never a zero-width CI
    assert (t["delta_pts_ci_low"] < 0).all() and (t["delta_pts_ci_high"] > 0).all()
    assert "A - B" in out and (tmp_path / "c" / "report.html").is_file()
    assert out.splitlines()[0].startswith(  # the answer first, in words (report/answers.py)
        "the answer: A (UB Rats: threshold control) and B (UB Rats: threshold control) are not "
        "told apart against WB Bats: lifegain fliers + RG Raccoons: expend midrange by 30 games"
    )
    # said, not left to be guessed from a column of zeros; and no "infx", no "Effect of
    # promising" heading over A minus B in report.html
    assert "play the same cards (main deck and commander)" in err
    assert "infx" not in out and any(line.endswith(" all") for line in out.splitlines())
    page = (tmp_path / "c" / "report.html").read_text(encoding="utf-8")
    assert "A - B, pts [95% CI]" in page and "Effect of promising" not in page


def test_compare_two_versions_per_opponent(tmp_path: Path) -> None:
    run = api.compare(RATS, BATS, [RACCOONS], games=40, seed=1)
    t = run.table
    assert len(t) == 1 and t.iloc[0]["games"] == 40
    r = t.iloc[0]
    assert r["delta_pts"] == pytest.approx(100 * (r["win_rate_a"] - r["win_rate_b"]))  # points
    assert r["delta_pts_ci_low"] < r["delta_pts"] < r["delta_pts_ci_high"]
    assert run.out_dir is None


@pytest.mark.compile  # a subprocess that loads the whole kernel and plays games (12 s idle)
def test_sigint_leaves_no_partial_table(tmp_path: Path) -> None:
    out = tmp_path / "run"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]),
    }
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "analyzer",
            "evaluate",
            str(RATS),
            "--vs",
            str(BATS),
            "--games",
            "200000",
            "--threads",
            "1",
            "--out",
            str(out),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        manifest = out / "manifest.json"
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline and proc.poll() is None:
            if manifest.is_file() and json.loads(manifest.read_text())["status"] == "running":
                break
            time.sleep(0.2)
        time.sleep(1.5)  # into the games (the kernel loads in about a second once running)
        assert proc.poll() is None, proc.communicate()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=600)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert "interrupted" in err
    assert json.loads(manifest.read_text())["status"] == "interrupted"
    assert not list(out.rglob("*.csv")) and not list(out.rglob("*.tmp"))
    assert not (out / "report.html").exists()


def test_run_warnings_name_the_arm_that_met_a_limit():
    """A pod evaluate printed the same 'capacity exceeded' line once per arm (four identical
    lines for one matchup): each names its arm now; compare's warnings (no arm) are as they were."""
    from analyzer.analysis.evaluate_chunks import run_warnings

    extra = {"capacity_errors": {"battlefield": 1}, "dropped_decisions": 3}
    named = run_warnings(extra, "A", "B + C + D", "card Wear Down to next")
    assert named[0] == (
        "A vs B + C + D (card Wear Down to next): capacity exceeded in some games (counted as "
        "draws): {'battlefield': 1}"
    )
    assert named[1].startswith("A vs B + C + D (card Wear Down to next): 3 gift decisions")
    assert run_warnings(extra, "A", "B")[0].startswith("A vs B: capacity exceeded")

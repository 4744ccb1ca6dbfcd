"""Chunked evaluation: the tables from running sums (analysis/sufficient.py) are the tables of
the in-memory computation (decision_tables.aggregate over every decision row), whatever the
chunking; the per-game arms' joint tables give paired_effect's numbers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from analyzer import api
from analyzer.analysis import compare as cmp
from analyzer.analysis import decision_tables as dt
from analyzer.analysis import paired
from analyzer.analysis import sufficient as suf
from analyzer.analysis.streams import stream_seed
from analyzer.cards.catalog import load_catalog
from analyzer.policies.labels import with_opponents

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
        lean = (
            np.where(card == "Card X", 0.4, 0.3 * np.where(turn < 7, 1, -1))
            + 0.3 * rng.normal(size=games)[game]
        )  # promising helps more in some games
        scale = 2 * forks
        p_yes = 1 / (1 + np.exp(-(shared + lean * 4)))
        p_no = 1 / (1 + np.exp(-shared))
        yes = rng.binomial(scale, p_yes) / scale
        no = rng.binomial(scale, p_no) / scale
        same = (rng.random(games) < 0.4)[game]  # many forks end alike, whole games at once
        no = np.where(same, yes, no)
        parts.append(
            pd.DataFrame(
                {
                    "matchup": matchup,
                    "deck": "Deck",
                    "opponent": opp,
                    "game": game,
                    "card": card,
                    "gift_kind": np.where(card == "Card X", "card", "food"),
                    "base_policy": "never",
                    "turn": turn,
                    "on_play": (game % 2).astype(float),
                    "life": rng.integers(1, 21, n).astype(float),
                    "opp_life": rng.integers(1, 21, n).astype(float),
                    "hand": rng.integers(1, 8, n).astype(float),
                    "opp_hand": rng.integers(0, 8, n).astype(float),
                    "power": rng.integers(0, 9, n).astype(float),
                    "opp_power": rng.integers(0, 9, n).astype(float),
                    "forks": forks,
                    "outcome_promise": yes,
                    "outcome_no_promise": no,
                }
            )
        )
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
            np.testing.assert_allclose(
                a.to_numpy(float), b.to_numpy(float), equal_nan=True, err_msg=col, **FLOAT_TOL
            )
        else:
            assert a.astype(str).tolist() == b.astype(str).tolist(), col


@pytest.mark.parametrize("games_per_chunk", [23, 100, 10_000])
def test_sums_give_the_in_memory_tables(games_per_chunk: int) -> None:
    frame = synthetic_decisions(5)
    want = dt.aggregate(frame, games=900)
    got = dt.aggregate_stats(chunked_stats(frame, games_per_chunk), games=900)
    assert_same_table(got.decisions, want.decisions)
    assert_same_table(got.situations, want.situations)
    assert_same_table(got.paired, want.paired)
    assert got.var_reduction == pytest.approx(want.var_reduction, rel=1e-9)
    # the example is not vacuous: pooled rows, design effects above 1, verdicts of both kinds
    assert (want.decisions["opponent"] == dt.ALL_OPPONENTS).any()
    assert (want.paired["design_effect"] > 1.05).any()
    assert want.decisions["verdict"].nunique() >= 2
    assert (want.situations["decisions"] > 0).all()


def test_depends_from_sums_matches() -> None:
    """A card whose effect flips with the turn: the "depends" pattern found from the rows is
    found from the sums too."""
    frame = synthetic_decisions(11, games=4000, forks=1)
    want = dt.aggregate(frame, games=4000).decisions
    got = dt.aggregate_stats(chunked_stats(frame, 333), games=4000).decisions
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
    got = suf.joint_effect(
        [suf.joint_counts(a[:1234], b[:1234]), suf.joint_counts(a[1234:], b[1234:])]
    )
    for field in (
        "n",
        "better",
        "worse",
        "mean_a",
        "mean_b",
        "delta",
        "ci_low",
        "ci_high",
        "p_value",
    ):
        assert getattr(got, field) == pytest.approx(getattr(want, field), rel=1e-9, abs=1e-12)


def test_policy_table_from_joint_counts() -> None:
    """policy_comparison from chunked joint tables: each row's delta and interval are
    paired_effect's on the games' scores, pooled rows on the opponents' games together."""
    rng = np.random.default_rng(4)
    scores: dict[tuple[str, str], np.ndarray] = {}
    for opp in ("A", "B"):
        base = rng.choice([0.0, 0.5, 1.0], size=700, p=[0.5, 0.02, 0.48])
        scores[(opp, "never")] = base
        scores[(opp, "always")] = np.where(rng.random(700) < 0.7, base, 1.0 - base)
    counts = []
    for (opp, label), s in scores.items():
        base = scores[(opp, "never")]
        for part in (slice(0, 333), slice(333, None)):  # two chunks
            counts.append(cmp.ArmCounts.paired("Deck", opp, label, s[part], base[part]))
    summed: dict[tuple[str, str], cmp.ArmCounts] = {}
    for c in counts:
        have = summed.get((c.opponent, c.label))
        summed[(c.opponent, c.label)] = (
            c if have is None else cmp.ArmCounts(c.deck, c.opponent, c.label, have.joint + c.joint)
        )
    got = cmp.policy_comparison_counts(list(summed.values()), "never")
    assert len(got) == 6 and got["opponent"].iloc[-1] == dt.ALL_OPPONENTS
    for r in got.itertuples(index=False):
        opps = ("A", "B") if r.opponent == dt.ALL_OPPONENTS else (r.opponent,)
        a = np.concatenate([scores[(o, r.policy)] for o in opps])
        b = np.concatenate([scores[(o, "never")] for o in opps])
        want = paired.paired_effect(a, b)
        assert r.games == a.size and r.wins == int(np.sum(a == 1.0))
        assert r.draws == int(np.sum(a == 0.5))
        assert r.delta_vs_baseline == pytest.approx(want.delta, rel=1e-9, abs=1e-12)
        if r.policy == "never":  # the baseline against itself: 0, no interval
            assert r.delta_vs_baseline == 0.0
            assert np.isnan(r.delta_ci_low) and np.isnan(r.delta_ci_high)
            continue
        for got_v, want_v in ((r.delta_ci_low, want.ci_low), (r.delta_ci_high, want.ci_high)):
            assert got_v == pytest.approx(want_v, rel=1e-9, abs=1e-12)


# ---------------------------------------------------------------------------------------------
# a real evaluate, chunked


ROOT = Path(__file__).resolve().parent.parent
RATS, BATS, RACCOONS = (
    ROOT / "decks" / n
    for n in ("ub_rats_threshold.txt", "wb_bats_lifegain.txt", "rg_raccoons_expend.txt")
)
RUN = dict(games=40, seed=12, policies=["never", "always"], forks=1, fork_seats="all")


@pytest.fixture(scope="module")
def chunked(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Path]:
    """The same evaluate (one three-player game, every seat's decisions forked) in chunks of
    16 games (rows kept in memory; 40 games: two whole chunks and a partial one, ~200 forked
    decisions) and in one chunk (files written: decisions.csv)."""
    small = api.evaluate(RATS, [BATS, RACCOONS], chunk_games=16, **RUN)
    out = tmp_path_factory.mktemp("whole") / "run"
    whole = api.evaluate(RATS, [BATS, RACCOONS], out=out, plots=False, **RUN)
    return small, whole, out


def test_chunk_size_changes_nothing(chunked: tuple[Any, Any, Path]) -> None:
    small, whole, out = chunked
    for name in ("policy_comparison", "gift_decisions", "gift_situations", "paired"):
        assert_same_table(getattr(small, name), getattr(whole, name))
    assert small.gift_decisions["decisions"].sum() > 50  # forked decisions were made
    # the streamed file holds the rows the chunked run kept in memory, in the same order
    on_disk = pd.read_csv(out / "decisions.csv", keep_default_na=False, na_values=[""])
    assert len(on_disk) == len(small.decisions) == whole.settings["decisions_evaluated"]
    assert on_disk["decision_id"].tolist() == small.decisions["decision_id"].tolist()
    assert_same_table(whole.decisions, on_disk)  # read from the folder on first use
    assert not list(out.glob(".*.tmp"))


def test_chunked_tables_are_the_in_memory_tables(chunked: tuple[Any, Any, Path]) -> None:
    """The reference: today's computation over every decision row and every game's score."""
    small, _, _ = chunked
    want = dt.aggregate(small.decisions, games=RUN["games"])
    arm_cols = ["card_arm_delta_pts", "card_arm_ci_low_pts", "card_arm_ci_high_pts"]
    assert_same_table(
        small.gift_decisions.drop(columns=arm_cols), want.decisions.drop(columns=arm_cols)
    )
    assert_same_table(small.gift_situations, want.situations)
    assert_same_table(small.paired, want.paired)
    # the policy table against paired_effect on the full per-game score arrays
    catalog = load_catalog()
    from analyzer.api.simulation import _load

    decks = _load([RATS, BATS, RACCOONS], catalog, False)  # one three-player game
    seed = stream_seed(RUN["seed"], decks)  # the matchup's own stream of the run seed
    pc = small.policy_comparison
    assert pc["policy"].tolist() == RUN["policies"]
    base, _ = cmp.play_arm(
        decks,
        catalog,
        games=RUN["games"],
        seed=seed,
        policy="never",
        threads=None,
        starting_life=20,
    )
    for r in pc.itertuples(index=False):
        a, _ = cmp.play_arm(
            decks,
            catalog,
            games=RUN["games"],
            seed=seed,
            policy=with_opponents(r.policy, "never", {}),
            threads=None,
            starting_life=20,
        )
        eff = paired.paired_effect(a, base)
        assert r.games == a.size and r.wins == int(np.sum(a == 1.0))
        assert r.draws == int(np.sum(a == 0.5))
        assert r.delta_vs_baseline_pts == pytest.approx(100 * eff.delta, abs=1e-9)
        if r.policy == r.baseline:  # the baseline against itself: no interval
            assert np.isnan(r.delta_pts_ci_low) and np.isnan(r.delta_pts_ci_high)
            continue
        assert r.delta_pts_ci_low == pytest.approx(100 * eff.ci_low, abs=1e-7)
        assert r.delta_pts_ci_high == pytest.approx(100 * eff.ci_high, abs=1e-7)
    # the per-card arm: promised whenever it may against never, on the full score arrays
    row = small.gift_decisions.dropna(subset=["card_arm_delta_pts"]).iloc[0]
    promised, _ = cmp.play_arm(
        decks,
        catalog,
        games=RUN["games"],
        seed=seed,
        policy=with_opponents(f"never; {row.card}=always", "never", {}),
        threads=None,
        starting_life=20,
    )
    eff = paired.paired_effect(promised, base)
    assert row.card_arm_delta_pts == pytest.approx(100 * eff.delta, abs=1e-9)
    assert row.card_arm_ci_low_pts == pytest.approx(100 * eff.ci_low, abs=1e-7)
    assert row.card_arm_ci_high_pts == pytest.approx(100 * eff.ci_high, abs=1e-7)


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_table_stream_keeps_finished_pieces_only(tmp_path: Path, fmt: str) -> None:
    """Rows appended chunk by chunk appear at once on commit; after an interrupt, only the
    pieces marked finished (a matchup's rows are never half there); no temp file stays."""
    if fmt == "parquet":
        pytest.importorskip("pyarrow")
    from analyzer.report.table_stream import TableStream

    def chunk(m: int, start: int) -> pd.DataFrame:
        return pd.DataFrame(
            {"matchup": m, "game": np.arange(start, start + 5), "outcome": np.linspace(0, 1, 5)}
        )

    def read(path: Path) -> pd.DataFrame:
        return pd.read_parquet(path) if fmt == "parquet" else pd.read_csv(path)

    empty = chunk(0, 0).iloc[:0]
    for partial, want in ((False, 15), (True, 10)):
        path = tmp_path / f"{partial}.{fmt}"
        with TableStream(path, fmt) as stream:
            stream.write(chunk(0, 0))
            stream.write(chunk(0, 5))
            stream.mark()  # matchup 0 finished
            stream.write(chunk(1, 0))  # matchup 1 under way
            assert not path.exists()
            stream.commit(empty, partial=partial)
        got = read(path)
        assert len(got) == want and got["game"].tolist()[:10] == list(range(10))
        assert not list(tmp_path.glob(".*.tmp"))
    with TableStream(tmp_path / f"none.{fmt}", fmt) as stream:
        stream.write(chunk(0, 0))
        stream.commit(empty, partial=True)  # nothing finished: the columns only
    assert list(read(tmp_path / f"none.{fmt}").columns) == ["matchup", "game", "outcome"]
    assert len(read(tmp_path / f"none.{fmt}")) == 0
    with pytest.raises(RuntimeError), TableStream(tmp_path / f"gone.{fmt}", fmt) as stream:
        stream.write(chunk(0, 0))
        raise RuntimeError("the run failed")
    assert not (tmp_path / f"gone.{fmt}").exists() and not list(tmp_path.glob(".*.tmp"))

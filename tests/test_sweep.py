"""`gift-analyzer sweep` (issue 18): plans, identical tables whatever runs the tasks (in-process,
a LocalCluster, a cluster that loses a worker), resuming without recomputing, Ctrl-C.

Small sweeps (two matchups x two policies, a few hundred games in tasks of 50) so that the
cluster tests stay cheap on a shared 2-core machine; the worker processes load the kernel from
numba's on-disk cache, which the in-process run fills.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from analyzer import api
from analyzer.analysis.stats import wilson_interval
from analyzer.analysis.sweep_evaluate import gains_in_points
from analyzer.analysis.sweep_plan import load_plan
from analyzer.api.sweeps import run_sweep
from analyzer.cli import main
from analyzer.errors import InputError

DECKS = Path(__file__).resolve().parent.parent / "decks"
ME = DECKS / "ub_rats_threshold.txt"
OPPS = [DECKS / "wb_bats_lifegain.txt", DECKS / "rg_raccoons_expend.txt"]
GAMES = 200


def _plan(tmp_path: Path, name: str = "plan.toml", **extra: object) -> Path:
    keys = {
        "analysis": "simulate",
        "decks": [str(ME)],
        "opponents": [str(o) for o in OPPS],
        "policies": ["never", "always"],
        "games": GAMES,
        "task_games": 50,
        "seed": 11,
        **extra,
    }
    text = "\n".join(f"{k} = {json.dumps(v)}" for k, v in keys.items())
    path = tmp_path / name
    path.write_text(text + "\n", encoding="utf-8")
    return path


def _tables(folder: Path) -> dict[str, bytes]:
    return {n: (folder / n).read_bytes() for n in ("summary.csv",)}


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The in-process run every other scheduler must reproduce byte for byte."""
    tmp = tmp_path_factory.mktemp("ref")
    run = run_sweep(_plan(tmp), scheduler="none", out=tmp / "run")
    assert run.computed == 2 * 2 * GAMES // 50
    return tmp / "run"


def test_plan_expands_globs_and_gauntlet_lists(tmp_path: Path) -> None:
    plan = load_plan(
        _plan(
            tmp_path,
            decks=[str(DECKS / "w*.txt")],
            opponents=[str(DECKS / "gauntlet.txt")],
            policies=["never"],
        )
    )
    assert {p.name for p in plan.decks} == {p.name for p in DECKS.glob("w*.txt")}
    listed = [
        ln.split("#")[0].strip()
        for ln in (DECKS / "gauntlet.txt").read_text().splitlines()
        if ln.split("#")[0].strip()
    ]
    assert [p.name for p in plan.opponents] == listed
    assert len(plan.cells()) == len(plan.decks) * len(listed)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"analysis": "sim"}, "`analysis` must be one of"),
        ({"cards": ["Into the Flood Maw"]}, "not an argument of `simulate` sweeps"),
        ({"players": ["expert"]}, "unknown player level 'expert'"),
        ({"analysis": "tune", "policies": ["heuristic; Mind Spiral=never"]}, "one policy name"),
        ({"gmaes": 3}, "unknown plan key"),
        ({"games": 0}, "`games` must be an integer >= 1"),
        ({"decks": ["nowhere/*.txt"]}, "matches no deck file"),
        ({"streams": "own"}, "`streams` must be one of"),
        # a bad policy was reported as '--policy: ...' once the decks were loaded (audit21)
        ({"policies": ["never", "bogus"]}, "`policies`: `bogus` unknown policy 'bogus'"),
        ({"analysis": "evaluate", "opp_policy": "nope"}, "`opp_policy`: `nope` unknown policy"),
        ({"analysis": "evaluate", "min_effect": 0}, "`min_effect` must be above 0 and below 100"),
    ],
)
def test_plan_errors_name_the_problem(tmp_path: Path, extra: dict, message: str) -> None:
    with pytest.raises(InputError, match=message):
        load_plan(_plan(tmp_path, **extra))


def test_cli_bad_plan_exits_2_and_bad_scheduler(tmp_path: Path) -> None:
    res = CliRunner().invoke(
        main, ["sweep", str(_plan(tmp_path, analysis="tune", cards=["Nowhere Card"]))]
    )
    assert res.exit_code == 2 and "unknown card 'Nowhere Card'" in res.output
    res = CliRunner().invoke(
        main, ["sweep", str(_plan(tmp_path, analysis="tune", cards=["Starforged Sword"]))]
    )
    assert res.exit_code == 2 and "none of the decks plays Starforged Sword" in res.output
    res = CliRunner().invoke(main, ["sweep", str(_plan(tmp_path)), "--scheduler", "cluster"])
    assert res.exit_code == 2 and "--scheduler must be" in res.output


def test_cells_equal_the_single_machine_command(reference: Path, tmp_path: Path) -> None:
    """Each cell's row is `simulate --seed <plan seed>`'s row (the command keys its matchup's
    stream the same way); matchups get distinct streams, the policies of one matchup share
    theirs (common random numbers)."""
    cells = pd.read_csv(reference / "sweep.csv")
    assert (cells["status"] == "complete").all() and (cells["games"] == GAMES).all()
    seeds = cells.groupby("opponent_file")["stream_seed"].nunique()
    assert (seeds == 1).all() and cells["stream_seed"].nunique() == len(OPPS)
    lines = (reference / "summary.csv").read_text().splitlines()
    for k, cell in cells.iterrows():
        single = api.simulate(
            ME,
            [DECKS / Path(cell.opponent_file).name],
            games=GAMES,
            seed=11,
            policy=cell.policy,
            out=tmp_path / f"single{k}",
        )
        assert single.summary["games"].iloc[0] == GAMES
        row = (tmp_path / f"single{k}" / "summary.csv").read_text().splitlines()[1]
        assert lines[1 + k] == (
            f"{cell.deck_file},{cell.opponent_file},{cell.policy},{cell.player},{row}"
        )


def test_report_ranks_cells_without_calling_one_best(reference: Path) -> None:
    """report.txt opened with 'Best: DECK with policy P wins 52.3% ...', a ranking of point
    estimates stated as a finding; now named as one, each rate with its interval."""
    report = (reference / "report.txt").read_text(encoding="utf-8")
    assert not report.startswith("Best") and report.startswith("Highest win rate (a point")
    summary = pd.read_csv(reference / "summary.csv")
    for policy, part in summary.groupby("policy"):
        wins, games = int(part["wins"].sum()), int(part["games"].sum())
        lo, hi = wilson_interval(wins, games)
        line = next(x for x in report.splitlines() if f"[{policy}, standard]" in x)
        rate = f"{100 * wins / games:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
        assert line.strip().startswith(rate), (line, rate)


def test_cells_equal_the_gauntlet_run_with_the_same_arguments(tmp_path: Path) -> None:
    """A gauntlet `simulate` gives each matchup the stream a sweep cell of it gets."""
    run = run_sweep(
        _plan(tmp_path, policies=["heuristic"], games=100), scheduler="none", out=tmp_path / "run"
    )
    single = api.simulate(ME, [], games=100, seed=11, policy="heuristic")
    mine = run.tables["summary.csv"]
    gauntlet_rows = single.summary.set_index("opponent").loc[list(mine["opponent"])]
    pd.testing.assert_frame_equal(
        mine.drop(columns=["deck_file", "opponent_file", "policy", "player"]).set_index("opponent"),
        gauntlet_rows,
    )


def test_shared_streams_play_every_cell_at_the_plan_seed(tmp_path: Path) -> None:
    """``streams = "shared"``: every cell on the plan seed itself (how the single-machine
    commands played before each matchup had its own stream)."""
    from analyzer.analysis.simulate import seat_levels, simulate_matchup
    from analyzer.api.runs import load_all
    from analyzer.cards.catalog import load_catalog

    run = run_sweep(
        _plan(tmp_path, policies=["heuristic"], streams="shared", games=60),
        scheduler="none",
        out=tmp_path / "run",
    )
    assert (run.cells["stream_seed"] == 11).all()
    catalog = load_catalog(())
    loaded = load_all([[ME, o] for o in OPPS], catalog, False).decks
    rows = [
        simulate_matchup(
            d, catalog, games=60, seed=11, policy="heuristic", levels=seat_levels(2, "standard")
        ).summary_frame()
        for d in loaded
    ]
    mine = run.tables["summary.csv"]
    pd.testing.assert_frame_equal(
        mine.drop(columns=["deck_file", "opponent_file", "policy", "player"]),
        pd.concat(rows, ignore_index=True),
    )


def test_rerun_recomputes_nothing_and_ctrl_c_resumes(reference: Path, tmp_path: Path) -> None:
    plan = _plan(tmp_path)
    before = _tables(reference)
    stamps = {p: p.stat().st_mtime_ns for p in (reference / "tasks").glob("*.npz")}
    again = run_sweep(plan, scheduler="none", out=reference)
    assert again.computed == 0 and again.skipped == 16 and again.games == 0
    assert {p: p.stat().st_mtime_ns for p in (reference / "tasks").glob("*.npz")} == stamps
    assert _tables(reference) == before  # rewritten from the stored tasks

    seen = []

    def interrupt(task: object, result: object) -> None:
        seen.append(task)
        if len(seen) == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_sweep(plan, scheduler="none", out=tmp_path / "cut", on_result=interrupt)
    manifest = json.loads((tmp_path / "cut" / "manifest.json").read_text())
    cells = pd.read_csv(tmp_path / "cut" / "sweep.csv")
    assert manifest["status"] == "interrupted" and cells["tasks_done"].sum() == 5
    assert not (tmp_path / "cut" / "summary.csv").exists()
    resumed = run_sweep(plan, scheduler="none", out=tmp_path / "cut")
    assert (resumed.computed, resumed.skipped) == (11, 5)
    assert _tables(tmp_path / "cut") == _tables(reference)


def test_a_task_refuses_another_engine_version(tmp_path: Path) -> None:
    from dataclasses import replace

    from analyzer.analysis.sweep import EngineMismatch, play_slice, prepare
    from analyzer.cards.catalog import load_catalog

    cell = prepare(load_plan(_plan(tmp_path)), load_catalog())[0]
    assert play_slice(cell.matchup, 0, 2)["games"].shape[0] == 2
    with pytest.raises(EngineMismatch):
        play_slice(replace(cell.matchup, engine="0.0.0+other"), 0, 2)
    tuning = prepare(load_plan(_plan(tmp_path, **TUNE)), load_catalog())[0].arms[0][1]
    with pytest.raises(EngineMismatch):  # refused before its search starts
        play_slice(replace(tuning, engine="0.0.0+other"), 0, 40)


def test_cardstats_cells_equal_the_single_machine_command(tmp_path: Path) -> None:
    run = run_sweep(
        _plan(
            tmp_path,
            analysis="cardstats",
            opponents=[str(OPPS[0])],
            policies=["heuristic"],
            games=120,
        ),
        scheduler="none",
        out=tmp_path / "run",
    )
    single = api.cardstats(ME, [OPPS[0]], games=120, seed=11, policy="heuristic")
    mine = run.tables["card_stats.csv"]
    assert list(mine.columns[:4]) == ["deck_file", "opponent_file", "policy", "player"]
    pd.testing.assert_frame_equal(mine.iloc[:, 4:], single.table)


def test_compare_cells_equal_the_single_machine_command(tmp_path: Path) -> None:
    """Each deck minus the baseline (the first deck), paired on the same games: with the
    default streams every version meets an opponent on the same stream seed."""
    other = DECKS / "gw_rabbits_tokens.txt"
    plan = _plan(
        tmp_path,
        analysis="compare",
        decks=[str(ME), str(other)],
        opponents=[str(OPPS[0])],
        policies=["heuristic"],
        games=100,
    )
    run = run_sweep(plan, scheduler="none", out=tmp_path / "run")
    cells = pd.read_csv(tmp_path / "run" / "sweep.csv")
    assert cells["stream_seed"].nunique() == 1 and len(cells) == 2
    single = api.compare(
        other,
        ME,
        [OPPS[0]],
        games=100,
        seed=11,
        policy="heuristic",
        plots=False,
    )
    mine = run.tables["compare.csv"]
    assert len(mine) == 1 and mine["deck_file"][0].endswith("gw_rabbits_tokens.txt")
    # policy: compare's own column
    assert list(mine.columns[:3]) == ["deck_file", "opponent_file", "player"]
    pd.testing.assert_frame_equal(mine.iloc[:, 3:], single.table)


@pytest.mark.compile  # Dask workers are new processes: each loads the whole kernel
def test_local_cluster_of_two_workers_equals_in_process(reference: Path, tmp_path: Path) -> None:
    run = run_sweep(_plan(tmp_path), scheduler="local", workers=2, out=tmp_path / "dask")
    assert run.computed == 16 and len(run.workers) == 2
    assert {w["engine"] for w in run.workers.values()} == {
        json.loads((reference / "manifest.json").read_text())["engine"]
    }
    assert _tables(tmp_path / "dask") == _tables(reference)


@pytest.fixture
def dask_cluster(tmp_path: Path):
    """A scheduler and two worker processes started with the `dask` command, as on a real
    cluster (README); yields the scheduler's address."""
    distributed = pytest.importorskip("distributed")
    info = tmp_path / "scheduler.json"
    base = [sys.executable, "-m", "dask"]
    procs = [
        subprocess.Popen(
            [*base, "scheduler", "--port", "0", "--no-dashboard", "--scheduler-file", str(info)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    ]
    try:
        deadline = time.monotonic() + 60
        while not info.is_file() and time.monotonic() < deadline:
            time.sleep(0.2)
        procs.append(
            subprocess.Popen(
                [
                    *base,
                    "worker",
                    "--scheduler-file",
                    str(info),
                    "--nworkers",
                    "2",
                    "--nthreads",
                    "1",
                    "--no-dashboard",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        address = json.loads(info.read_text())["address"]
        with distributed.Client(address, timeout="60s") as client:
            client.wait_for_workers(2, timeout=120)
        yield address
    finally:
        for proc in reversed(procs):
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()


@pytest.mark.compile  # Dask workers are new processes: each loads the whole kernel
def test_a_killed_worker_still_gives_the_complete_identical_result(
    reference: Path, tmp_path: Path, dask_cluster: str
) -> None:
    """SIGKILL the worker that delivered the first result: its running and queued tasks are
    rerun on the other (and on the worker its nanny restarts); none is counted twice."""
    killed: list[int] = []

    def kill_worker(task: object, result: dict) -> None:
        if not killed:
            os.kill(result["pid"], signal.SIGKILL)
            killed.append(result["pid"])

    run = run_sweep(
        _plan(tmp_path), scheduler=dask_cluster, out=tmp_path / "run", on_result=kill_worker
    )
    assert killed and run.computed == 16 and len(run.workers) == 2
    cells = pd.read_csv(tmp_path / "run" / "sweep.csv")
    assert (cells["status"] == "complete").all() and cells["games"].sum() == 4 * GAMES
    assert len(list((tmp_path / "run" / "tasks").glob("*.npz"))) == 16
    assert _tables(tmp_path / "run") == _tables(reference)


def test_players_are_cells_with_a_player_column(tmp_path: Path) -> None:
    """One cell per player level, on the same streams (levels are compared on the same games);
    each row is `simulate --player LEVEL --seed <plan seed>`'s row."""
    run = run_sweep(
        _plan(
            tmp_path,
            opponents=[str(OPPS[0])],
            policies=["heuristic"],
            players=["basic", "standard"],
            games=60,
        ),
        scheduler="none",
        out=tmp_path / "run",
    )
    mine = run.tables["summary.csv"]
    assert list(mine["player"]) == ["basic", "standard"]
    assert run.cells["stream_seed"].nunique() == 1
    assert mine["win_rate"].nunique() == 2  # the levels play differently
    for k, level in enumerate(["basic", "standard"]):
        single = api.simulate(
            ME,
            [OPPS[0]],
            games=60,
            seed=11,
            policy="heuristic",
            player=level,
        )
        pd.testing.assert_frame_equal(mine.iloc[[k], 4:].reset_index(drop=True), single.summary)


EVALUATE = {
    "analysis": "evaluate",
    "opponents": [str(OPPS[0])],
    "policies": ["never", "always"],
    "games": 30,
    "task_games": 12,  # three tasks a matchup and arm, the last one short
}
EVALUATE_TABLES = (
    "policy_comparison",
    "gift_decisions",
    "gift_situations",
    "paired_stats",
    "decisions",
)
TUNE = {
    "analysis": "tune",
    "opponents": [str(OPPS[0])],
    "policies": ["heuristic"],
    "cards": ["Into the Flood Maw"],
    "games": 40,
    "rounds": 1,
    "features": ["turn"],
}


def _csv(df: pd.DataFrame) -> str:
    return df.to_csv(index=False, lineterminator="\n")


@pytest.fixture(scope="module")
def evaluate_reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("evaluate")
    run = run_sweep(_plan(tmp, **EVALUATE), scheduler="none", out=tmp / "run")
    # the forked base run (never: also the never arm), always, and each gift card promised
    assert len(run.cells) == 1 and run.computed == (2 + 5) * 3
    return tmp / "run"


def test_evaluate_cells_equal_the_single_machine_command(
    evaluate_reference: Path, tmp_path: Path
) -> None:
    """Every evaluate table of a cell, byte for byte, minus its leading columns, is the table
    `evaluate DECK --vs OPP --seed <plan seed>` writes; a rerun recomputes nothing."""
    cells = pd.read_csv(evaluate_reference / "sweep.csv")
    api.evaluate(
        ME,
        [OPPS[0]],
        games=EVALUATE["games"],
        seed=11,
        policies=["never", "always"],
        plots=False,
        out=tmp_path / "single",
    )
    for name in EVALUATE_TABLES:
        mine = pd.read_csv(evaluate_reference / f"{name}.csv", keep_default_na=False, dtype=str)
        assert list(mine.columns[:3]) == ["deck_file", "opponent_file", "player"]
        assert len(mine) > 0 and (mine["player"] == "standard").all()
        single = (tmp_path / "single" / f"{name}.csv").read_text()
        assert _csv(mine.iloc[:, 3:]) == single, name
    manifest = json.loads((tmp_path / "single" / "manifest.json").read_text())
    assert manifest["extra"]["stream_seeds"] == [int(cells.stream_seed[0])]
    again = run_sweep(_plan(tmp_path, **EVALUATE), scheduler="none", out=evaluate_reference)
    assert again.computed == 0 and again.skipped == 21

    def interrupt(task: object, result: object) -> None:
        raise KeyboardInterrupt  # Ctrl-C once the first task is stored

    with pytest.raises(KeyboardInterrupt):
        run_sweep(
            _plan(tmp_path, **EVALUATE), scheduler="none", out=tmp_path / "cut", on_result=interrupt
        )
    resumed = run_sweep(_plan(tmp_path, **EVALUATE), scheduler="none", out=tmp_path / "cut")
    assert (resumed.computed, resumed.skipped) == (20, 1)
    for name in EVALUATE_TABLES:
        assert (tmp_path / "cut" / f"{name}.csv").read_bytes() == (
            evaluate_reference / f"{name}.csv"
        ).read_bytes(), name
    report = (evaluate_reference / "report.txt").read_text()
    # a "gain" of -3.2 points read as a gain (audit21): a difference, as compare's report says
    assert report.startswith("Largest mean difference (a point estimate, not a test;")
    assert "each matchup its own 5% family" in report
    assert "always for " in report and "gift verdicts per card" in report


@pytest.fixture(scope="module")
def tune_reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("tune")
    run = run_sweep(_plan(tmp, **TUNE), scheduler="none", out=tmp / "run")
    assert run.computed == 1 and list(run.tables["tune.csv"]["card"]) == ["Into the Flood Maw"]
    return tmp / "run"


def test_tune_cells_equal_the_single_machine_command(tune_reference: Path) -> None:
    """One tuning per cell: weights, held-out comparisons and the tuned policy file are
    `tune DECK --vs OPP --card CARD --seed <plan seed>`'s."""
    row = pd.read_csv(tune_reference / "tune.csv").iloc[0]
    single = api.tune(
        ME,
        [OPPS[0]],
        "Into the Flood Maw",
        games=40,
        seed=11,
        base="heuristic",
        features=("turn",),
        rounds=1,
    )
    assert json.loads(row.weights) == single.weights and row.evaluations == single.evaluations
    assert (tune_reference / row.policy_file).read_text() == single.policy_toml
    comp = pd.read_csv(tune_reference / "tune_comparisons.csv")
    assert list(comp.columns[:5]) == ["deck_file", "opponent_file", "policy", "player", "card"]
    # the file's gains are in points, as every delta of a run folder (audit26)
    pd.testing.assert_frame_equal(comp.iloc[:, 5:], gains_in_points(single.comparisons))
    assert row.gain_vs_heuristic_pts == pytest.approx(
        100 * single.comparisons.set_index("versus").gain["heuristic"], rel=1e-12
    )


@pytest.mark.compile  # Dask workers are new processes: each loads the whole kernel
def test_evaluate_and_tune_on_a_cluster_that_loses_a_worker(
    evaluate_reference: Path, tune_reference: Path, tmp_path: Path, dask_cluster: str
) -> None:
    """The evaluate sweep loses the worker that delivered its first result (its tasks are rerun
    elsewhere, none counted twice); both sweeps' files equal the in-process runs'."""
    killed: list[int] = []

    def kill_worker(task: object, result: dict) -> None:
        if not killed:
            os.kill(result["pid"], signal.SIGKILL)
            killed.append(result["pid"])

    run = run_sweep(
        _plan(tmp_path, **EVALUATE),
        scheduler=dask_cluster,
        out=tmp_path / "evaluate",
        on_result=kill_worker,
    )
    assert killed and run.computed == 21
    assert len(list((tmp_path / "evaluate" / "tasks").glob("*.npz"))) == 21
    for name in EVALUATE_TABLES:
        assert (tmp_path / "evaluate" / f"{name}.csv").read_bytes() == (
            evaluate_reference / f"{name}.csv"
        ).read_bytes(), name
    run_sweep(_plan(tmp_path, **TUNE), scheduler=dask_cluster, out=tmp_path / "tune")
    for name in ("tune.csv", "tune_comparisons.csv"):
        assert (tmp_path / "tune" / name).read_bytes() == (tune_reference / name).read_bytes()


@pytest.mark.parametrize("name", ["example", "evaluate", "tune"])
def test_bundled_plans_load(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DECKS.parent)  # plans name decks relative to the repository root
    plan = load_plan(DECKS / "plans" / f"{name}.toml")
    assert plan.analysis == ("simulate" if name == "example" else name)
    assert len(plan.decks) >= 2 and len(plan.opponents) >= 2

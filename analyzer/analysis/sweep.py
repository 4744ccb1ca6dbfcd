"""Sweeps: a grid of analyses split into tasks that run in-process or on Dask workers.

A task plays one matchup's games ``a .. b-1`` with ``batch.run_batch`` (or, for evaluate's
counterfactuals, the fork runner) and returns the raw per-game arrays; it needs only the
``Matchup`` (plain numpy arrays, no files, no catalog), so a worker on another machine needs
nothing but this package. A cell may have several arms (evaluate: the forked base run, each
policy, each gift card promised and never), each a ``Matchup`` with its own policy table and
its own tasks; a ``tune`` cell is one task, the whole search (sweep_evaluate.py). Every game
depends only on (stream seed, game index), so splitting a cell into tasks, and running them
anywhere in any order, gives the same arrays as one run; the cell's arrays, concatenated in
game order, go through the single-machine table builders (``SimResult.summary_frame``,
``cardstats.card_stats``; evaluate's and tune's in sweep_evaluate.py).

Streams: with ``streams = "matchup"`` (the default) a matchup's stream seed is a hash of the
plan seed and the decks' contents (analysis/streams.py), so different matchups never share
random numbers while policies of one matchup do (common random numbers, what a policy
comparison wants). A ``compare`` sweep pairs deck versions on the same games, so there the hash
is of the opponent only: every version meets an opponent on the same streams. The
single-machine commands key their matchups the same way, so ``--seed <plan seed>`` reproduces a
cell byte for byte (its stream seed is in sweep.csv and in the command's manifest). With
``streams = "shared"`` the stream seed is the plan seed itself for every cell, as the
single-machine commands played before each matchup had its own stream (older results).

Each finished task is stored in ``tasks/<key>.npz`` under the run folder; the key hashes the
task's inputs and the engine version. A rerun into the same folder skips stored tasks, and a
cell's table is built from exactly one stored result per slice: nothing counted twice.
"""

from __future__ import annotations

import functools
import hashlib
import io
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from analyzer.analysis.simulate import (
    DEFAULT_ACTION_CAP,
    DEFAULT_TURNS_PER_PLAYER,
    KernelInputs,
    SimResult,
    SummaryCounts,
)
from analyzer.analysis.streams import stream_seed
from analyzer.analysis.sweep_plan import Cell, Plan
from analyzer.io.deck import Deck

CELL_COLUMNS = ["deck_file", "opponent_file", "policy", "player", "card"]


@functools.cache
def engine_version() -> str:
    """Package version + hash of the compiled code's sources (the kernel, and the fork runner
    beside it in analysis/forks.py): equal means equal results."""
    from analyzer import __version__
    from analyzer.kernel.runtime.config import source_hash

    forks = hashlib.sha256((Path(__file__).parent / "forks.py").read_bytes()).hexdigest()[:8]
    return f"{__version__}+{source_hash()}.{forks}"


class EngineMismatch(RuntimeError):
    """A worker runs another engine version than the client: its results would differ."""


@dataclass(frozen=True)
class Matchup:
    """Everything a task needs, as plain values (cheap to ship to a worker: ~60 kB)."""

    C: np.ndarray
    pol: np.ndarray
    decks: np.ndarray
    deck_sizes: np.ndarray
    levels: np.ndarray
    stream_seed: int
    starting_life: int
    turn_cap: int
    action_cap: int
    keep_objs: bool
    engine: str
    forks: int = 0  # > 0: the fork runner, every gift decision of fork_mask's seats forked
    fork_mask: int = 1

    def digest(self) -> str:
        h = hashlib.sha256(self.engine.encode())
        for arr in (self.C, self.pol, self.decks, self.deck_sizes, self.levels):
            h.update(f"{arr.dtype}{arr.shape}".encode())
            h.update(np.ascontiguousarray(arr).tobytes())
        h.update(
            f"{self.stream_seed}:{self.starting_life}:{self.turn_cap}:{self.action_cap}:"
            f"{self.keep_objs}:{self.forks}:{self.fork_mask}".encode()
        )
        return h.hexdigest()


@dataclass(frozen=True)
class Task:
    cell: int
    start: int
    stop: int
    key: str
    arm: int = 0  # index into the cell's arms

    @property
    def games(self) -> int:
        return self.stop - self.start


def play_slice(m: Any, start: int, stop: int, threads: int = 1) -> dict[str, Any]:
    """Play games start .. stop-1 of a matchup, or a whole tuning (a ``TuneJob``); runs on a
    worker. Refuses to run on another engine version than the client's."""
    from analyzer.kernel.host.parallel import run_sliced
    from analyzer.kernel.runtime.batch import (
        GAME_N,
        OBJ_N,
        SEAT_N,
        obj_fields,
        run_batch,
        seat_fields,
    )

    if engine_version() != m.engine:
        raise EngineMismatch(f"worker engine {engine_version()} != client engine {m.engine}")
    if not isinstance(m, Matchup):
        from analyzer.analysis.sweep_evaluate import run_tune

        return run_tune(m, threads)
    if m.forks:
        return play_forks(m, start, stop, threads)
    n = stop - start
    n_players = int(m.deck_sizes.shape[0])
    games = np.zeros((n, GAME_N + n_players * SEAT_N), dtype=np.int32)
    objs = np.zeros((n, int(m.deck_sizes.sum()), OBJ_N), dtype=np.int8)
    t0 = time.perf_counter()

    def run(a: int, b: int) -> None:
        run_batch(
            m.C,
            m.pol,
            m.decks,
            m.deck_sizes,
            m.levels,
            n_players,
            m.stream_seed,
            start + a,
            m.starting_life,
            m.turn_cap,
            m.action_cap,
            games[a:b],
            objs[a:b],
            seat_fields(),
            obj_fields(),
        )

    run_sliced(run, n, threads)
    return {
        "games": games,
        "objs": objs if m.keep_objs else None,
        "seconds": time.perf_counter() - t0,
        "engine": m.engine,
        "pid": os.getpid(),
    }


def play_forks(m: Matchup, start: int, stop: int, threads: int = 1) -> dict[str, Any]:
    """Games start .. stop-1 through the fork runner (as counterfactual.run_counterfactuals
    plays them): per-game columns, and the recorded decisions with their features."""
    from analyzer.analysis import forks as fk
    from analyzer.analysis.counterfactual import MAX_DECISIONS
    from analyzer.kernel.host.parallel import run_sliced

    n = stop - start
    n_players = int(m.deck_sizes.shape[0])
    games = np.zeros((n, fk.GCOLS), dtype=np.int32)
    dec = np.zeros((n, MAX_DECISIONS, fk.DCOLS), dtype=np.int32)
    feat = np.zeros((n, MAX_DECISIONS, fk.NFEAT), dtype=np.float64)
    t0 = time.perf_counter()

    def run(a: int, b: int) -> None:
        fk.run_forks(
            m.C,
            m.pol,
            m.decks,
            m.deck_sizes,
            m.levels,
            n_players,
            m.stream_seed,
            start + a,
            m.starting_life,
            m.turn_cap,
            m.action_cap,
            m.forks,
            m.fork_mask,
            False,
            games[a:b],
            dec[a:b],
            feat[a:b],
        )

    run_sliced(run, n, threads)
    keep = np.arange(MAX_DECISIONS)[None, :] < games[:, fk.G_RECORDED][:, None]
    return {
        "games": games,
        "decisions": dec[keep],
        "features": feat[keep],
        "seconds": time.perf_counter() - t0,
        "engine": m.engine,
        "pid": os.getpid(),
    }


_ARRAYS = ("games", "objs", "decisions", "features", "json")


class TaskStore:
    """Finished tasks' results, one atomic ``.npz`` per task key (arrays, and a tuning's
    result as JSON text)."""

    def __init__(self, run_dir: Path) -> None:
        self.dir = run_dir / "tasks"

    def path(self, key: str) -> Path:
        return self.dir / f"{key}.npz"

    def has(self, key: str) -> bool:
        return self.path(key).is_file()

    def save(self, key: str, result: dict[str, Any]) -> None:
        from analyzer.report.writers import atomic_write_bytes

        arrays = {k: np.asarray(result[k]) for k in _ARRAYS if result.get(k) is not None}
        arrays["seconds"] = np.float64(result["seconds"])
        buf = io.BytesIO()
        np.savez(buf, **arrays)
        atomic_write_bytes(self.path(key), buf.getvalue())

    def load(self, key: str) -> dict[str, Any]:
        with np.load(self.path(key)) as z:
            return {k: z[k] for k in z.files}


@dataclass
class PreparedCell:
    """A cell with its decks loaded and its tasks laid out."""

    cell: Cell
    decks: list[Deck]
    inputs: KernelInputs
    matchup: Matchup  # the cell's plain matchup (simulate, cardstats, compare: its only arm)
    tasks: list[Task] = field(default_factory=list)
    arms: list[tuple[str, Any]] = field(default_factory=list)  # (label, Matchup or TuneJob)
    settings: dict[str, Any] = field(default_factory=dict)  # evaluate's resolved arguments


def shown(path: Path) -> str:
    """A deck path as the tables show it: relative to the current folder when inside it."""
    try:
        rel = Path(os.path.relpath(path))
    except ValueError:  # another drive (Windows)
        return path.as_posix()
    return path.as_posix() if rel.parts[:1] == ("..",) else rel.as_posix()


def prepare(plan: Plan, catalog: Any) -> list[PreparedCell]:
    """Load every deck once, check every policy, lay out every cell's arms and tasks."""
    from analyzer.analysis.simulate import kernel_inputs, seat_levels
    from analyzer.io.coverage import load_decks
    from analyzer.policies.table import policy_table

    paths = list(dict.fromkeys([*plan.decks, *plan.opponents]))
    decks = load_decks([paths], catalog, allow_approximate=plan.allow_approximate).seats[0]
    loaded = dict(zip(paths, decks, strict=True))
    engine = engine_version()
    cards_of = None
    if plan.analysis == "tune":
        from analyzer.analysis.sweep_evaluate import tune_cards

        cards_of = tune_cards(plan, loaded, catalog)
    cells = []
    for k, cell in enumerate(plan.cells(cards_of)):
        decks = [loaded[cell.deck], loaded[cell.opponent]]
        inputs = kernel_inputs(decks, catalog, seat_levels(len(decks), cell.player))
        policy = cell.policy or plan.policies[0]
        pol = policy_table(policy, inputs.card_names, catalog.lookup)
        life = plan.life if plan.life is not None else decks[0].starting_life
        m = Matchup(
            inputs.C,
            pol,
            inputs.decks,
            inputs.deck_sizes,
            inputs.levels,
            stream_seed(
                plan.seed, decks[1:] if plan.analysis == "compare" else decks, plan.streams
            ),
            life,
            DEFAULT_TURNS_PER_PLAYER * len(decks),
            DEFAULT_ACTION_CAP,
            plan.analysis == "cardstats",
            engine,
        )
        pc = PreparedCell(cell, decks, inputs, m, arms=[("", m)])
        if plan.analysis in ("evaluate", "tune"):
            from analyzer.analysis import sweep_evaluate

            sweep_evaluate.arms(plan, pc, catalog)
        for arm, (_, job) in enumerate(pc.arms):
            if not isinstance(job, Matchup):  # a tuning: one task, its whole search
                pc.tasks.append(Task(k, 0, plan.games, job.digest()[:32], arm))
                continue
            digest = job.digest()
            for a in range(0, plan.games, plan.task_games):
                b = min(plan.games, a + plan.task_games)
                key = hashlib.sha256(f"{digest}:{a}:{b}".encode()).hexdigest()[:32]
                pc.tasks.append(Task(k, a, b, key, arm))
        cells.append(pc)
    return cells


def arm_results(pc: PreparedCell, store: TaskStore) -> list[dict[str, Any]] | None:
    """Each arm's stored tasks joined in game order (one dict of arrays per arm, plus its
    kernel seconds); None while a task is missing."""
    if not all(store.has(t.key) for t in pc.tasks):
        return None
    out = []
    for arm in range(len(pc.arms)):
        tasks = [t for t in pc.tasks if t.arm == arm]
        parts = [store.load(t.key) for t in tasks]
        for t, part in zip(tasks, parts, strict=True):
            if "games" in part and part["games"].shape[0] != t.games:
                raise RuntimeError(
                    f"stored task {t.key} holds {part['games'].shape[0]} games, not {t.games}"
                )
        joined: dict[str, Any] = {
            k: np.concatenate([part[k] for part in parts])
            for k in parts[0]
            if k not in ("seconds", "json")
        }
        if "json" in parts[0]:
            joined["json"] = str(parts[0]["json"])
        joined["seconds"] = float(sum(float(part["seconds"]) for part in parts))
        out.append(joined)
    return out


def merge_cell(pc: PreparedCell, store: TaskStore) -> SimResult | None:
    """The cell's result from its stored tasks in game order; None while one is missing."""
    arms = arm_results(pc, store)
    if arms is None:
        return None
    games = arms[0]["games"]
    objs = arms[0]["objs"] if pc.matchup.keep_objs else None
    counts = SummaryCounts()
    counts.add(games)
    result = SimResult(
        pc.decks, pc.matchup.stream_seed, counts, pc.inputs, games, objs, arms[0]["seconds"], 1
    )
    codes = games[:, 4]
    if codes.any():
        from analyzer.kernel.rules.state import ERROR_NAMES

        result.extra["capacity_errors"] = {
            ERROR_NAMES[int(c)]: int(np.sum(codes == c)) for c in np.unique(codes) if c
        }
    return result


def cell_columns(analysis: str) -> list[str]:
    """The inputs that make a cell, as its tables' leading columns."""
    drop = {"evaluate": ("policy", "card"), "tune": ()}.get(analysis, ("card",))
    return [c for c in CELL_COLUMNS if c not in drop]


def cell_values(cell: Cell) -> dict[str, str]:
    return {
        "deck_file": shown(cell.deck),
        "opponent_file": shown(cell.opponent),
        "policy": cell.policy,
        "player": cell.player,
        "card": cell.card,
    }


def with_cell(df: pd.DataFrame, cell: Cell, analysis: str) -> pd.DataFrame:
    """The cell's inputs as leading columns (each only if the table lacks it)."""
    values = cell_values(cell)
    lead = pd.DataFrame(
        {c: values[c] for c in cell_columns(analysis) if c not in df}, index=df.index
    )
    return pd.concat([lead, df], axis=1)


def cell_table(analysis: str, result: SimResult, catalog: Any) -> pd.DataFrame:
    """The single-machine analysis' table for one cell."""
    if analysis == "cardstats":
        from analyzer.analysis.cardstats import card_stats

        return card_stats([result], catalog)
    return result.summary_frame()


TABLE_NAMES = {"simulate": "summary.csv", "cardstats": "card_stats.csv"}


def compare_table(
    plan: Plan, cells: list[PreparedCell], results: list[SimResult | None]
) -> dict[str, pd.DataFrame]:
    """compare.csv: each deck minus the baseline (the plan's first deck) per opponent, policy
    and player, paired on the same games: the rows `gift-analyzer compare DECK BASELINE` writes
    over those opponents. A deck's opponents (per policy and player) are one family, as in the
    command: ``p_holm`` is Holm-adjusted over them, and with several opponents an "all
    opponents" row pools their games (its ``opponent_file`` says so too)."""
    from analyzer.analysis.compare import Arm, deck_comparison, seat_scores
    from analyzer.analysis.decision_tables import ALL_OPPONENTS
    from analyzer.report.units import to_points

    done = {
        (pc.cell.deck, pc.cell.opponent, pc.cell.policy, pc.cell.player): (pc, r)
        for pc, r in zip(cells, results, strict=True)
        if r is not None
    }
    families: dict[tuple[Any, str, str], list[tuple[PreparedCell, Arm, Arm]]] = {}
    for (deck, opp, policy, player), (pc, r) in done.items():
        base = done.get((plan.decks[0], opp, policy, player))
        if deck == plan.decks[0] or base is None:
            continue
        opponent = pc.decks[1].name
        families.setdefault((deck, policy, player), []).append(
            (
                pc,
                Arm(pc.decks[0].name, opponent, "", seat_scores(r.games)),
                Arm(base[0].decks[0].name, opponent, "", seat_scores(base[1].games)),
            )
        )
    frames = []
    for (_, policy, _), members in families.items():
        table = to_points(
            deck_comparison([m[1] for m in members], [m[2] for m in members], policy)
        )  # as `compare` writes it: per opponent in cell order, the pooled row last
        parts = [
            with_cell(table.iloc[[i]], pc.cell, "compare") for i, (pc, _, _) in enumerate(members)
        ]
        if len(table) > len(members):
            pooled = with_cell(table.iloc[[len(members)]], members[0][0].cell, "compare")
            pooled["opponent_file"] = ALL_OPPONENTS
            parts.append(pooled)
        frames += parts
    return {"compare.csv": pd.concat(frames, ignore_index=True)} if frames else {}


def merged_tables(
    plan: Plan, cells: list[PreparedCell], store: TaskStore, catalog: Any
) -> dict[str, pd.DataFrame | str]:
    """One table over all complete cells, the cell's inputs as leading columns (name -> table;
    a text value is a file of its own, e.g. a tuned policy)."""
    if plan.analysis in ("evaluate", "tune"):
        from analyzer.analysis import sweep_evaluate

        return sweep_evaluate.merged_tables(plan, cells, store, catalog)
    results = [merge_cell(pc, store) for pc in cells]
    if plan.analysis == "compare":
        return dict(compare_table(plan, cells, results))
    frames = [
        with_cell(cell_table(plan.analysis, r, catalog), pc.cell, plan.analysis)
        for pc, r in zip(cells, results, strict=True)
        if r is not None
    ]
    if not frames:
        return {}
    return {TABLE_NAMES[plan.analysis]: pd.concat(frames, ignore_index=True)}


def sweep_frame(analysis: str, cells: list[PreparedCell], store: TaskStore) -> pd.DataFrame:
    """One row per cell: inputs, stream seed, status, games played (every arm's; a tuning's:
    games per candidate), kernel seconds."""
    rows = []
    lead = cell_columns(analysis)
    for pc in cells:
        done = [t for t in pc.tasks if store.has(t.key)]
        seconds = sum(float(store.load(t.key)["seconds"]) for t in done)
        values = cell_values(pc.cell)
        rows.append(
            {
                **{c: values[c] for c in lead},
                "stream_seed": pc.matchup.stream_seed,
                "status": "complete" if len(done) == len(pc.tasks) else "incomplete",
                "games": sum(t.games for t in done),
                "tasks": len(pc.tasks),
                "tasks_done": len(done),
                "seconds": round(seconds, 3),
            }
        )
    return pd.DataFrame(rows)


def warm_jobs(cells: list[PreparedCell], pending: list[tuple[Task, Any]]) -> list[Matchup]:
    """What a process plays one game of to load the compiled code: one plain and one forked
    matchup where the pending tasks have them (a tuning: its cell's plain matchup)."""
    jobs: dict[bool, Matchup] = {}
    for task, job in pending:
        m = job if isinstance(job, Matchup) else cells[task.cell].matchup
        jobs.setdefault(m.forks > 0, m)
    return list(jobs.values())


OnResult = Callable[[Task, dict[str, Any]], None]


def run_in_process(
    pending: list[tuple[Task, Any]],
    on_result: OnResult,
    threads: int | None = None,
    warm: Sequence[Matchup] = (),
) -> dict[str, Any]:
    """The `none` scheduler: tasks one after another in this process, on the kernel's threads."""
    from analyzer.kernel.host.parallel import available_threads

    threads = threads or available_threads()
    for m in warm:  # load (or compile) the kernel before the clock of the first task starts
        play_slice(m, 0, 1)
    t0 = time.perf_counter()
    for task, m in pending:
        on_result(task, play_slice(m, task.start, task.stop, threads))
    return {"threads": threads, "tasks_s": round(time.perf_counter() - t0, 3)}

"""Sweeps: a grid of analyses split into tasks that run in-process or on Dask workers.

A task plays one matchup's games ``a .. b-1`` with ``batch.run_batch`` and returns the raw
per-game arrays; it needs only the ``Matchup`` (plain numpy arrays, no files, no catalog), so a
worker on another machine needs nothing but this package. Every game depends only on (stream
seed, game index), so splitting a cell into tasks, and running them anywhere in any order,
gives the same arrays as one run; the cell's arrays, concatenated in game order, go through
the single-machine table builders (``SimResult.summary_frame``, ``cardstats.card_stats``).

Streams: with ``streams = "matchup"`` (the default) a matchup's stream seed is a hash of the
plan seed and the decks' contents, so different matchups never share random numbers while
policies of one matchup do (common random numbers, what a policy comparison wants). A
``compare`` sweep pairs deck versions on the same games, so there the hash is of the
opponent only: every version meets an opponent on the same streams. The
single-machine command reproduces a cell byte for byte with ``--seed <stream_seed>`` (written
in sweep.csv). With ``streams = "shared"`` the stream seed is the plan seed itself, as in
`gift-analyzer simulate --seed SEED`: the sweep's rows then equal that command's rows.

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
from collections.abc import Callable
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
from analyzer.analysis.sweep_plan import Cell, Plan
from analyzer.io.deck import Deck

CELL_COLUMNS = ["deck_file", "opponent_file", "policy"]


@functools.cache
def engine_version() -> str:
    """Package version + hash of the compiled kernel's sources: equal means equal results."""
    from analyzer import __version__
    from analyzer.kernel.config import source_hash

    return f"{__version__}+{source_hash()}"


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

    def digest(self) -> str:
        h = hashlib.sha256(self.engine.encode())
        for arr in (self.C, self.pol, self.decks, self.deck_sizes, self.levels):
            h.update(f"{arr.dtype}{arr.shape}".encode())
            h.update(np.ascontiguousarray(arr).tobytes())
        h.update(f"{self.stream_seed}:{self.starting_life}:{self.turn_cap}:{self.action_cap}:"
                 f"{self.keep_objs}".encode())
        return h.hexdigest()


@dataclass(frozen=True)
class Task:
    cell: int
    start: int
    stop: int
    key: str

    @property
    def games(self) -> int:
        return self.stop - self.start


def play_slice(m: Matchup, start: int, stop: int, threads: int = 1) -> dict[str, Any]:
    """Play games start .. stop-1 of a matchup (runs on a worker). Refuses to run on another
    engine version than the client's."""
    from analyzer.kernel.batch import GAME_N, OBJ_N, SEAT_N, obj_fields, run_batch, seat_fields
    from analyzer.kernel.parallel import run_sliced

    if engine_version() != m.engine:
        raise EngineMismatch(f"worker engine {engine_version()} != client engine {m.engine}")
    n = stop - start
    n_players = int(m.deck_sizes.shape[0])
    games = np.zeros((n, GAME_N + n_players * SEAT_N), dtype=np.int32)
    objs = np.zeros((n, int(m.deck_sizes.sum()), OBJ_N), dtype=np.int8)
    t0 = time.perf_counter()

    def run(a: int, b: int) -> None:
        run_batch(m.C, m.pol, m.decks, m.deck_sizes, m.levels, n_players, m.stream_seed,
                  start + a, m.starting_life, m.turn_cap, m.action_cap, games[a:b], objs[a:b],
                  seat_fields(), obj_fields())

    run_sliced(run, n, threads)
    return {"games": games, "objs": objs if m.keep_objs else None,
            "seconds": time.perf_counter() - t0, "engine": m.engine, "pid": os.getpid()}


class TaskStore:
    """Finished tasks' results, one atomic ``.npz`` per task key."""

    def __init__(self, run_dir: Path) -> None:
        self.dir = run_dir / "tasks"

    def path(self, key: str) -> Path:
        return self.dir / f"{key}.npz"

    def has(self, key: str) -> bool:
        return self.path(key).is_file()

    def save(self, key: str, result: dict[str, Any]) -> None:
        from analyzer.report.writers import atomic_write_bytes

        arrays = {"games": result["games"], "seconds": np.float64(result["seconds"])}
        if result.get("objs") is not None:
            arrays["objs"] = result["objs"]
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
    matchup: Matchup
    tasks: list[Task] = field(default_factory=list)


def stream_seed(seed: int, decks: list[Deck], streams: str) -> int:
    """The kernel's run seed for a matchup (see the module docstring); below 2**63. ``decks``
    are the seats that key the stream (all of them; the opponents only for ``compare``)."""
    if streams == "shared":
        return seed
    text = f"{seed}|" + "|".join(d.content_hash for d in decks)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little") >> 1


def shown(path: Path) -> str:
    """A deck path as the tables show it: relative to the current folder when inside it."""
    try:
        rel = Path(os.path.relpath(path))
    except ValueError:  # another drive (Windows)
        return path.as_posix()
    return path.as_posix() if rel.parts[:1] == ("..",) else rel.as_posix()


def prepare(plan: Plan, catalog: Any) -> list[PreparedCell]:
    """Load every deck once, check every policy, lay out every cell's tasks."""
    from analyzer.analysis.simulate import kernel_inputs
    from analyzer.io.coverage import load_decks
    from analyzer.policies.table import policy_table

    paths = list(dict.fromkeys([*plan.decks, *plan.opponents]))
    decks = load_decks([paths], catalog, allow_approximate=plan.allow_approximate).seats[0]
    loaded = dict(zip(paths, decks, strict=True))
    engine = engine_version()
    cells = []
    for k, cell in enumerate(plan.cells()):
        decks = [loaded[cell.deck], loaded[cell.opponent]]
        inputs = kernel_inputs(decks, catalog)
        pol = policy_table(cell.policy, inputs.card_names, catalog.lookup)
        life = plan.life if plan.life is not None else \
            (40 if decks[0].format == "commander" else 20)
        m = Matchup(inputs.C, pol, inputs.decks, inputs.deck_sizes, inputs.levels,
                    stream_seed(plan.seed, decks[1:] if plan.analysis == "compare" else decks,
                                plan.streams), life,
                    DEFAULT_TURNS_PER_PLAYER * len(decks), DEFAULT_ACTION_CAP,
                    plan.analysis == "cardstats", engine)
        digest = m.digest()
        pc = PreparedCell(cell, decks, inputs, m)
        for a in range(0, plan.games, plan.task_games):
            b = min(plan.games, a + plan.task_games)
            key = hashlib.sha256(f"{digest}:{a}:{b}".encode()).hexdigest()[:32]
            pc.tasks.append(Task(k, a, b, key))
        cells.append(pc)
    return cells


def merge_cell(pc: PreparedCell, store: TaskStore) -> SimResult | None:
    """The cell's result from its stored tasks in game order; None while one is missing."""
    if not all(store.has(t.key) for t in pc.tasks):
        return None
    parts = [store.load(t.key) for t in pc.tasks]
    for t, p in zip(pc.tasks, parts, strict=True):
        if p["games"].shape[0] != t.games:
            raise RuntimeError(f"stored task {t.key} holds {p['games'].shape[0]} games, "
                               f"not {t.games}")
    games = np.concatenate([p["games"] for p in parts])
    objs = np.concatenate([p["objs"] for p in parts]) if pc.matchup.keep_objs else None
    counts = SummaryCounts()
    counts.add(games)
    result = SimResult(pc.decks, pc.matchup.stream_seed, counts, pc.inputs, games, objs,
                       float(sum(float(p["seconds"]) for p in parts)), 1)
    codes = games[:, 4]
    if codes.any():
        from analyzer.kernel.state import ERROR_NAMES

        result.extra["capacity_errors"] = {ERROR_NAMES[int(c)]: int(np.sum(codes == c))
                                           for c in np.unique(codes) if c}
    return result


def _with_cell(df: pd.DataFrame, cell: Cell) -> pd.DataFrame:
    """The cell's inputs as leading columns (``policy`` only if the table lacks it)."""
    lead = pd.DataFrame({"deck_file": shown(cell.deck), "opponent_file": shown(cell.opponent),
                         "policy": cell.policy}, index=df.index)
    return pd.concat([lead.drop(columns=[c for c in lead if c in df]), df], axis=1)


def cell_table(analysis: str, result: SimResult, catalog: Any) -> pd.DataFrame:
    """The single-machine analysis' table for one cell."""
    if analysis == "cardstats":
        from analyzer.analysis.cardstats import card_stats

        return card_stats([result], catalog)
    return result.summary_frame()


TABLE_NAMES = {"simulate": "summary.csv", "cardstats": "card_stats.csv"}


def compare_table(plan: Plan, cells: list[PreparedCell], results: list[SimResult | None]
                  ) -> dict[str, pd.DataFrame]:
    """compare.csv: each deck minus the baseline (the plan's first deck) per opponent and
    policy, paired on the same games; one `gift-analyzer compare` row per cell."""
    from analyzer.analysis.compare import Arm, deck_comparison, seat_scores
    from analyzer.report.units import to_points

    done = {(pc.cell.deck, pc.cell.opponent, pc.cell.policy): (pc, r)
            for pc, r in zip(cells, results, strict=True) if r is not None}
    frames = []
    for (deck, opp, policy), (pc, r) in done.items():
        base = done.get((plan.decks[0], opp, policy))
        if deck == plan.decks[0] or base is None:
            continue
        opponent = pc.decks[1].name
        row = deck_comparison([Arm(pc.decks[0].name, opponent, "", seat_scores(r.games))],
                              [Arm(base[0].decks[0].name, opponent, "",
                                   seat_scores(base[1].games))], policy)
        frames.append(_with_cell(to_points(row), pc.cell))  # as `compare` writes it
    return {"compare.csv": pd.concat(frames, ignore_index=True)} if frames else {}


def merged_tables(plan: Plan, cells: list[PreparedCell], results: list[SimResult | None],
                  catalog: Any) -> dict[str, pd.DataFrame]:
    """One table over all complete cells, the cell's inputs as leading columns."""
    if plan.analysis == "compare":
        return compare_table(plan, cells, results)
    frames = [_with_cell(cell_table(plan.analysis, r, catalog), pc.cell)
              for pc, r in zip(cells, results, strict=True) if r is not None]
    if not frames:
        return {}
    return {TABLE_NAMES[plan.analysis]: pd.concat(frames, ignore_index=True)}


def sweep_frame(cells: list[PreparedCell], store: TaskStore) -> pd.DataFrame:
    """One row per cell: inputs, stream seed, status, games done, kernel seconds."""
    rows = []
    for pc in cells:
        done = [t for t in pc.tasks if store.has(t.key)]
        seconds = sum(float(store.load(t.key)["seconds"]) for t in done)
        rows.append({"deck_file": shown(pc.cell.deck), "opponent_file": shown(pc.cell.opponent),
                     "policy": pc.cell.policy, "stream_seed": pc.matchup.stream_seed,
                     "status": "complete" if len(done) == len(pc.tasks) else "incomplete",
                     "games": sum(t.games for t in done), "tasks": len(pc.tasks),
                     "tasks_done": len(done), "seconds": round(seconds, 3)})
    return pd.DataFrame(rows)


OnResult = Callable[[Task, dict[str, Any]], None]


def run_in_process(pending: list[tuple[Task, Matchup]], on_result: OnResult,
                   threads: int | None = None) -> dict[str, Any]:
    """The `none` scheduler: tasks one after another in this process, on the kernel's threads."""
    from analyzer.kernel.parallel import available_threads

    threads = threads or available_threads()
    if pending:  # load (or compile) the kernel before the clock of the first task starts
        play_slice(pending[0][1], 0, 1)
    t0 = time.perf_counter()
    for task, m in pending:
        on_result(task, play_slice(m, task.start, task.stop, threads))
    return {"threads": threads, "tasks_s": round(time.perf_counter() - t0, 3)}

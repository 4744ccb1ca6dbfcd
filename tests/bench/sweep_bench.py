"""Sweep benchmark (issue 18): the bundled decks against the gauntlet, heuristic policy.

Plays the same cells four ways and prints games/s of each: the single-process batch runner
(``simulate_matchup``) on 1 and on 2 threads, and ``sweep`` on a LocalCluster of 1 and of 2
workers (games over the tasks' wall time: cluster start and warm-up excluded, as the sweep
command reports it). Targets: 2 workers >= 1.7x 1 worker; each sweep within 10% of the batch
runner on as many threads. Prints the load average before and after each run: on a shared
machine the figures are only as good as the load lets them be.

    python3 tests/bench/sweep_bench.py [--games N]   # N per cell, default 1000
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

DECKS = Path(__file__).resolve().parents[2] / "decks"


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.1f} {five:.1f} {fifteen:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    from analyzer.analysis.simulate import simulate_matchup
    from analyzer.analysis.sweep import prepare
    from analyzer.analysis.sweep_plan import load_plan
    from analyzer.api.sweeps import run_sweep
    from analyzer.cards.catalog import load_catalog

    tmp = Path(tempfile.mkdtemp(prefix="sweep-bench-"))
    plan_file = tmp / "plan.toml"
    plan_file.write_text(
        "\n".join(
            [
                'analysis = "simulate"',
                f'decks = ["{DECKS}/*.txt"]',
                'opponents = ["gauntlet"]',
                'policies = ["heuristic"]',
                f"games = {args.games}",
                "seed = 7",
            ]
        )
        + "\n"
    )
    plan = load_plan(plan_file)
    catalog = load_catalog()
    cells = prepare(plan, catalog)
    total = len(cells) * args.games
    print(f"{len(cells)} cells x {args.games} games = {total} games; {os.cpu_count()} cores")
    simulate_matchup(cells[0].decks, catalog, games=2, seed=1, threads=1, keep_objs=False)
    out = {}
    for threads in (1, 2):
        before = _load()
        t0 = time.perf_counter()
        for pc in cells:
            simulate_matchup(
                pc.decks,
                catalog,
                games=args.games,
                seed=pc.matchup.stream_seed,
                threads=threads,
                policy="heuristic",
                keep_games=False,
                keep_objs=False,
            )
        rate = total / (time.perf_counter() - t0)
        out[f"batch_{threads}_threads"] = rate
        print(f"batch runner, {threads} thread(s): {rate:,.0f} games/s  ({before}; {_load()})")
    for workers in (1, 2):
        before = _load()
        run = run_sweep(plan_file, scheduler="local", workers=workers, out=tmp / f"w{workers}")
        rate = run.games / run.task_seconds
        out[f"sweep_{workers}_workers"] = rate
        print(
            f"sweep, {workers} local worker(s): {rate:,.0f} games/s over the tasks, "
            f"{run.seconds:.1f} s in all  ({before}; {_load()})"
        )
    print(
        f"2 workers / 1 worker: {out['sweep_2_workers'] / out['sweep_1_workers']:.2f}x "
        "(target >= 1.7)"
    )
    for n in (1, 2):
        print(
            f"sweep {n} worker(s) / batch runner {n} thread(s): "
            f"{out[f'sweep_{n}_workers'] / out[f'batch_{n}_threads']:.2f} (target >= 0.90)"
        )
    print(json.dumps({k: round(v) for k, v in out.items()}))


if __name__ == "__main__":
    main()

"""4-player games of the four Bloomburrow Commander precons per second of one thread's CPU time.

    PYTHONPATH=. python3 tests/bench/pod_speed.py [--games 2000] [--repeat 3]

The machine may be shared: the figure is games per second of the running thread's CPU time
(time.thread_time around a 1-thread batch), the best of --repeat runs, so other processes do
not slow it. The first run is a warm-up (compiles the kernel on a cold cache)."""

from __future__ import annotations

import argparse
import time


def main() -> None:
    from analyzer import bundled
    from analyzer.analysis.simulate import simulate_matchup
    from analyzer.api.simulation import _load
    from analyzer.cards.catalog import load_catalog

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--policy", default="heuristic")
    args = ap.parse_args()
    catalog = load_catalog()
    decks = _load(sorted((bundled.decks_dir() / "commander").glob("*.txt")), catalog, True)
    simulate_matchup(decks, catalog, games=50, seed=1, threads=1, starting_life=40)  # warm-up
    best = 0.0
    for k in range(args.repeat):
        t0 = time.thread_time()
        simulate_matchup(
            decks,
            catalog,
            games=args.games,
            seed=k,
            threads=1,
            starting_life=40,
            policy=args.policy,
            keep_games=False,
            keep_objs=False,
        )
        best = max(best, args.games / (time.thread_time() - t0))
    print(
        f"{best:,.0f} games/s per thread (CPU time, best of {args.repeat}; {args.games:,} "
        f"4-player precon games, policy {args.policy})"
    )


if __name__ == "__main__":
    main()

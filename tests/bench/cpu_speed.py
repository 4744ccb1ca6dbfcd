"""The bench matchup's games per second of one thread's CPU time, standard and basic player.

    PYTHONPATH=. python3 tests/bench/cpu_speed.py [--games 4000] [--repeat 3]

``analyzer bench`` times wall clock: on a machine shared with other jobs its figures swing by
half from one run to the next (the same kernel measured 9,600 and 4,700 games/s minutes
apart). This times the running thread's CPU time around a 1-thread batch of the same matchup
and seed (time.thread_time), the best of --repeat runs, so other processes slow it much less;
compare two versions back to back, alternating. The first run is a warm-up (compiles the
kernel on a cold cache)."""

from __future__ import annotations

import argparse
import time


def games_per_cpu_second(player: str, games: int, repeat: int) -> float:
    """The best of `repeat` 1-thread batches of `games` bench games, per CPU second."""
    from analyzer.analysis.bench import SEED, _matchup
    from analyzer.analysis.simulate import seat_levels, simulate_matchup

    decks, catalog = _matchup()
    levels = seat_levels(len(decks), player)

    def run(n: int) -> None:
        simulate_matchup(
            decks,
            catalog,
            games=n,
            seed=SEED,
            threads=1,
            keep_games=False,
            keep_objs=False,
            levels=levels,
        )

    run(100)  # warm-up
    best = 0.0
    for _ in range(repeat):
        t0 = time.thread_time()
        run(games)
        best = max(best, games / (time.thread_time() - t0))
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    figures = [
        f"{player} {games_per_cpu_second(player, args.games, args.repeat):,.0f}"
        for player in ("standard", "basic")
    ]
    print(
        f"games/s per thread (CPU time, best of {args.repeat}; {args.games:,} bench games): "
        + ", ".join(figures)
    )


if __name__ == "__main__":
    main()

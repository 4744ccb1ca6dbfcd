"""How often each kernel function runs in a bench game: calls per game, from the kernel run as
plain Python (numba's NUMBA_DISABLE_JIT) under cProfile.

    PYTHONPATH=. python3 tests/bench/call_counts.py [--player standard|basic] [--games 100]
        [--top 60] [--match ai_race] [--callers ob] [--precons]

The flat profile (profile.py) says where the compiled kernel's time goes, by function, with
inlined callees counted in their callers; this says how many times each function is called,
which a sampling profile cannot: whether a hot function is slow or called too often (a scan
repeated per candidate, a value recomputed per decision). Same bench matchup and seed as
``analyzer bench``, no compile (about 10 s for 100 games). Python's times are not the compiled
kernel's: only the counts are printed. ``--callers NAME``: the calls of the kernel function
NAME per game, by caller instead (``--callers ob``: which functions read the most object rows of
the record, view.ob being the usual way to them). ``--precons``: 4-player games of the four
Commander precons at 40 life, as tests/bench/pod_speed.py plays them, instead of the bench
matchup (about 3 s a game). Not part of the test suite.
"""

from __future__ import annotations

import argparse
import os
import sys


def _key(path: str, line: int, name: str) -> str | None:
    """module.py:line(name) of a kernel function, None for anything else."""
    path = path.replace(os.sep, "/")
    if "/analyzer/kernel/" not in path and "/analyzer/policies/" not in path:
        return None
    return f"{path.rsplit('/', 1)[-1]}:{line}({name})"


def kernel_profile(player: str, games: int, precons: bool = False) -> dict:
    """cProfile's stats ({(path, line, name): row}) of `games` bench games (or precon pods) of
    the kernel run as plain Python: row[1] all calls, row[4] the calls by caller."""
    os.environ["NUMBA_DISABLE_JIT"] = "1"  # read when numba is first imported
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]
    import cProfile  # (after the line above: this folder's profile.py is not the stdlib's)
    import pstats

    from analyzer.analysis.bench import measured_seats, play_measured

    seats = measured_seats(precons)
    profile = cProfile.Profile()
    profile.enable()
    play_measured(seats, games, player)
    profile.disable()
    return pstats.Stats(profile).stats  # type: ignore[attr-defined]


def calls_per_game(
    player: str, games: int, callers_of: str = "", precons: bool = False
) -> dict[str, float]:
    """Calls per game of each kernel function ("module.py:line(name)"), bench matchup (or the
    precon pod); callers_of: of the kernel function of that name, by caller."""
    counts: dict[str, float] = {}
    for (path, line, name), row in kernel_profile(player, games, precons).items():
        key = _key(path, line, name)
        if key is None:
            continue
        if not callers_of:
            counts[key] = counts.get(key, 0.0) + row[1] / games  # row[1]: all calls
        elif name == callers_of:
            for (cpath, cline, cname), crow in row[4].items():  # row[4]: by caller
                ckey = _key(cpath, cline, cname) or f"{cpath}:{cline}({cname})"
                counts[ckey] = counts.get(ckey, 0.0) + crow[1] / games
    return counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--player", choices=("standard", "basic"), default="standard")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--top", type=int, default=60)
    ap.add_argument("--match", default="", help="only functions whose name or module has this")
    ap.add_argument("--callers", default="", help="the calls of this kernel function, by caller")
    ap.add_argument("--precons", action="store_true", help="the 4-player precon pod")
    args = ap.parse_args()
    counts = calls_per_game(args.player, args.games, args.callers, args.precons)
    rows = sorted(
        ((n, k) for k, n in counts.items() if args.match in k), key=lambda r: (-r[0], r[1])
    )
    of = f" of {args.callers}, by caller" if args.callers else ""
    total = sum(counts.values())
    what = "precon pod" if args.precons else "bench"
    print(f"calls per game{of} ({args.games:,} {what} games, {args.player} player): {total:,.0f}")
    for n, key in rows[: args.top]:
        print(f"{n:12,.1f}  {key}")


if __name__ == "__main__":
    main()

"""Inclusive time per game of each kernel function: profile.py's self times, passed up the call
graph by call_counts.py's calls per caller.

    PYTHONPATH=. python3 tests/bench/profile.py --noinline --top 600 > self.txt
    PYTHONPATH=. python3 tests/bench/inclusive.py self.txt [--games 100] [--match ai_]

profile.py samples the compiled kernel by function, each function's own time only (no call
graph: the JIT code keeps no frame pointers); call_counts.py counts calls, by caller, in the
kernel run as plain Python. Here each function's self time per game (from the profile's share,
games and seconds) is added to its callers in proportion to the calls each makes (gprof's
estimate: every call of a function costs the same), so a decision's whole cost shows (the
standard player's main_action, attacks, blocks, priority_action) where the flat profile spreads
it over its helpers. Use a --noinline profile: with LLVM's inlining a callee's time is in its
caller already and would be counted twice. The profile must be of the same matchup and player
(--player). Microseconds per game of the profiled run (CPU sampling on a busy machine: compare
shares, not runs). Not part of the test suite.
"""

from __future__ import annotations

import argparse
import os
import re

from tests.bench.call_counts import kernel_profile


def self_times(path: str) -> dict[str, float]:
    """Microseconds per game of each function ("module.function") in a profile.py output."""
    with open(path) as f:
        lines = f.read().splitlines()
    head = next(ln for ln in lines if " s sampled" in ln)
    games = int(head.split()[0].replace(",", ""))
    seconds = float(re.search(r"(\d+) s sampled", head).group(1))
    times = {}
    for line in lines:
        m = re.match(r"\s*([\d.]+)%\s+\[\.\]\s+(\S+)", line)
        if m:
            times[m.group(2)] = float(m.group(1)) / 100 * seconds / games * 1e6
    return times


def call_graph(player: str, games: int) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
    """(calls per game of each kernel function, its calls per game by callee: {caller: {callee:
    calls}}), from the kernel run as plain Python under cProfile."""

    def key(path: str, name: str) -> str | None:
        if "/analyzer/" not in path.replace(os.sep, "/"):
            return None
        return f"{os.path.basename(path)[:-3]}.{name}"

    calls: dict[str, float] = {}
    callees: dict[str, dict[str, float]] = {}
    for (path, _line, name), row in kernel_profile(player, games).items():
        k = key(path, name)
        if k is None:
            continue
        calls[k] = calls.get(k, 0.0) + row[1] / games
        for (cpath, _cline, cname), crow in row[4].items():
            c = key(cpath, cname)
            if c is not None and c != k:
                callees.setdefault(c, {})[k] = callees.get(c, {}).get(k, 0.0) + crow[1] / games
    return calls, callees


def inclusive(
    own: dict[str, float], calls: dict[str, float], callees: dict[str, dict[str, float]]
) -> dict[str, float]:
    """Each function's own time plus its callees' inclusive times, each in the share of the
    callee's calls it makes (a recursive call adds nothing)."""
    done: dict[str, float] = {}

    def total(f: str, path: tuple[str, ...]) -> float:
        if f in done:
            return done[f]
        t = own.get(f, 0.0)
        for g, n in callees.get(f, {}).items():
            if g not in path and calls.get(g):
                t += total(g, (*path, f)) * n / calls[g]
        done[f] = t
        return t

    return {f: total(f, ()) for f in set(own) | set(calls)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("profile", help="profile.py's output (--noinline, a long --top)")
    ap.add_argument("--player", choices=("standard", "basic"), default="standard")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--top", type=int, default=60)
    ap.add_argument("--match", default="", help="only functions whose name or module has this")
    args = ap.parse_args()
    own = self_times(args.profile)
    calls, callees = call_graph(args.player, args.games)
    rows = sorted(((t, f) for f, t in inclusive(own, calls, callees).items()), reverse=True)
    print(f"us per game, inclusive (self), calls per game; {args.player} player")
    shown = [(t, f) for t, f in rows if args.match in f and f in calls]
    for t, f in shown[: args.top]:
        print(f"{t:9.2f} ({own.get(f, 0.0):6.2f})  {calls[f]:9.1f}  {f}")


if __name__ == "__main__":
    main()

"""The two-process cold compile on a timeline: who compiles what, when, and who waits.

    PYTHONPATH=. python3 tests/bench/compile_timeline.py [--depth 0] [--log FILE]

Runs one bench game in a child process with an empty numba cache, as ``bench`` times its
cold compile (``analysis/precompile.py``: the helper process compiles roots from the last,
this one from the first, then the batch runner). Both processes record numba's compile
events (wall and CPU time at start and end) through a ``sitecustomize`` module put first on
their ``PYTHONPATH``. Prints each process's wall and CPU seconds, its compilations down to
``--depth`` (0: the roots and the batch runner), the serial tail (the main process's CPU
after the helper stopped compiling) and the functions both processes compiled, with the CPU
of their own the second copy cost. On a shared machine compare CPU seconds: wall time
follows the other jobs' load (``uptime`` is printed before and after). Not part of the suite.
"""

from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys
import tempfile
import time

_SITE = r"""
import os, signal, time
_out = os.environ.get("GIFT_ANALYZER_COMPILE_LOG")
if _out:
    from numba.core import event

    _open = []

    def _write(line):
        with open(_out, "a") as f:
            f.write(line)

    class _Listener(event.Listener):
        def on_start(self, ev):
            _open.append((time.time(), time.process_time()))

        def on_end(self, ev):
            t0, c0 = _open.pop()
            d = ev.data["dispatcher"]
            _write(f"C {os.getpid()} {len(_open)} {t0:.3f} {time.time():.3f} {c0:.3f} "
                   f"{time.process_time():.3f} {d.py_func.__module__}.{d.py_func.__qualname__}\n")

    event.register("numba:compile", _Listener())
    _t0 = time.time()

    def _end(*_):
        _write(f"E {os.getpid()} {_t0:.3f} {time.time():.3f} {time.process_time():.3f}\n")

    import atexit
    atexit.register(_end)

    def _terminated(*_):  # the helper is stopped with SIGTERM once the batch is done
        _end()
        os._exit(0)

    signal.signal(signal.SIGTERM, _terminated)
"""

_CHILD = """
from analyzer.analysis.bench import SEED, _matchup
from analyzer.analysis.simulate import simulate_matchup
decks, catalog = _matchup()
simulate_matchup(decks, catalog, games=1, seed=SEED, threads=1)
"""


def _load() -> str:
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def read_log(path: str):
    """(compile rows, process ends): a row is (pid, depth, wall0, wall1, cpu0, cpu1, name);
    an end is pid -> (wall at start, wall at end, CPU)."""
    rows, ends = [], {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if parts[0] == "C":
                pid, depth = parts[1], int(parts[2])
                w0, w1, c0, c1 = map(float, parts[3:7])
                rows.append((pid, depth, w0, w1, c0, c1, parts[7]))
            elif parts[0] == "E":
                ends[parts[1]] = tuple(map(float, parts[2:5]))
    return rows, ends


def own_cpu(rows) -> dict[tuple[str, str], list[float]]:
    """CPU of each compilation less its nested ones, per (pid, function). Rows come in the
    order compilations end, so a compilation's nested ones are the rows one level deeper
    that ended since the last row at its own level or above."""
    own: dict[tuple[str, str], list[float]] = collections.defaultdict(list)
    by_pid = collections.defaultdict(list)
    for r in rows:
        by_pid[r[0]].append(r)
    for pid, prows in by_pid.items():
        nested: dict[int, float] = collections.defaultdict(float)
        for _, depth, _, _, c0, c1, name in prows:
            child = nested.pop(depth + 1, 0.0)
            for d in [d for d in nested if d > depth + 1]:
                del nested[d]
            own[(pid, name)].append(c1 - c0 - child)
            nested[depth] += c1 - c0
    return own


def report(rows, ends, depth: int) -> None:
    t0 = min(r[2] for r in rows)
    pids = list(dict.fromkeys(r[0] for r in rows))
    for pid in pids:
        role = "main" if pid == pids[0] else "helper"
        w0, w1, cpu = ends.get(pid, (t0, max(r[3] for r in rows if r[0] == pid), float("nan")))
        n = sum(1 for r in rows if r[0] == pid)
        print(f"{role} (pid {pid}): wall {w1 - w0:.1f} s, CPU {cpu:.1f} s, {n} compilations")
        print("  start    end   wall    CPU  CPU at end")
        for p, d, a, b, c0, c1, name in rows:
            if p == pid and d <= depth:
                times = f"{a - t0:6.1f} {b - t0:6.1f} {b - a:6.1f} {c1 - c0:6.1f} {c1:6.1f}"
                print(f"  {' ' * d}{times}  {name}")
    if len(pids) == 2:
        helper_cpu = max(r[5] for r in rows if r[0] == pids[1])
        helper_end = max(r[3] for r in rows if r[0] == pids[1])
        main_rows = [r for r in rows if r[0] == pids[0]]
        before = [r[5] for r in main_rows if r[3] <= helper_end]
        tail = max(r[5] for r in main_rows) - (max(before) if before else 0.0)
        print(
            f"helper: {helper_cpu:.1f} s of CPU compiling; the main process alone after the"
            f" helper's last compilation (the serial tail): about {tail:.1f} s of CPU"
        )
        own = own_cpu(rows)
        names = [{n for p, n in own if p == pid} for pid in pids]
        both = sorted(
            ((min(sum(own[(p, n)]) for p in pids), n) for n in names[0] & names[1]),
            reverse=True,
        )
        total = sum(s for s, _ in both)
        print(f"compiled by both ({len(both)}, {total:.1f} s of CPU of their own the second time):")
        for secs, name in both[:12]:
            print(f"  {secs:6.2f} {name}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=0, help="nesting shown (0: the roots)")
    ap.add_argument("--log", help="keep the event log here (else a temporary file)")
    args = ap.parse_args()
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "sitecustomize.py"), "w") as f:
            f.write(_SITE)
        log = args.log or os.path.join(tmp, "events.log")
        if os.path.exists(log):
            os.remove(log)
        cache = os.path.join(tmp, "cache")
        path = os.pathsep.join([tmp, repo, os.environ.get("PYTHONPATH", "")])
        env = {
            **os.environ,
            "PYTHONPATH": path,
            "NUMBA_CACHE_DIR": cache,
            "GIFT_ANALYZER_COMPILE_LOG": log,
        }
        env.pop("GIFT_ANALYZER_SERIAL_COMPILE", None)
        load0, t = _load(), time.perf_counter()
        subprocess.run([sys.executable, "-c", _CHILD], env=env, check=True)
        wall = time.perf_counter() - t
        print(f"child wall {wall:.1f} s, load {load0} -> {_load()}")
        report(*read_log(log), args.depth)


if __name__ == "__main__":
    main()

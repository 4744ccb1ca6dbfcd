"""Where a cold compile's time goes: one bench game with an empty numba cache, compiled serially.

    PYTHONPATH=. python3 tests/bench/compile_time.py [--top 15]

Runs a child process (``GIFT_ANALYZER_SERIAL_COMPILE=1``, a fresh ``NUMBA_CACHE_DIR``) and
prints its CPU time (user + system, the figure to compare on a shared machine: wall time
depends on the other jobs), its wall time, and the CPU seconds spent in numba's LLVM stages:
per-function passes, linking the callees' modules, the final module passes, machine-code
emission; the rest is numba's own Python (typing, lowering). Then the compilations with the
most CPU of their own and numba's compiler passes by CPU (both less the nested compilations
of callees). Not part of the test suite.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

_CHILD = r"""
import json, sys, time
from collections import defaultdict

t_start = time.process_time()
from numba.core import event
from numba.core.codegen import CPUCodeLibrary

import analyzer.kernel.runtime.config  # noqa: F401  (its patches first, then the timers)

stage = defaultdict(float)
depth = [0]


def timed(cls, name, label):
    inner = getattr(cls, name)

    def wrapper(self, *a, **k):
        depth[0] += 1
        t = time.process_time()
        try:
            return inner(self, *a, **k)
        finally:
            dt = time.process_time() - t
            depth[0] -= 1
            stage[label] += dt
            if depth[0]:
                stage["_nested"] += dt

    setattr(cls, name, wrapper)


timed(CPUCodeLibrary, "_optimize_functions", "function passes")
timed(CPUCodeLibrary, "_optimize_final_module", "final module (passes, own-code split)")
timed(CPUCodeLibrary, "_finalize_final_module", "machine code emission")
timed(CPUCodeLibrary, "finalize", "finalize (all)")

own = defaultdict(float)
count = defaultdict(int)
stack = []


class Listener(event.Listener):
    def on_start(self, ev):
        stack.append([time.process_time(), 0.0])

    def on_end(self, ev):
        t0, child = stack.pop()
        dt = time.process_time() - t0
        if stack:
            stack[-1][1] += dt
        d = ev.data["dispatcher"]
        name = f"{d.py_func.__module__}.{d.py_func.__qualname__}"
        own[name] += dt - child
        count[name] += 1


passes = defaultdict(float)


pass_stack = []


class PassListener(event.Listener):
    # numba's compiler passes: each pass's CPU less the passes nested in it (a callee's
    # compilation from this function's type inference), summed by pass

    def on_start(self, ev):
        pass_stack.append([time.process_time(), 0.0])

    def on_end(self, ev):
        t0, child = pass_stack.pop()
        dt = time.process_time() - t0
        if pass_stack:
            pass_stack[-1][1] += dt
        passes[ev.data["name"].split(" [")[0]] += dt - child


from analyzer.analysis.bench import SEED, _matchup
from analyzer.analysis.simulate import simulate_matchup

decks, catalog = _matchup()
with event.install_listener("numba:compile", Listener()):
    with event.install_listener("numba:run_pass", PassListener()):
        simulate_matchup(decks, catalog, games=1, seed=SEED, threads=1)
print(json.dumps({
    "cpu": time.process_time() - t_start,
    "stages": stage,
    "own": sorted(own.items(), key=lambda kv: -kv[1]),
    "count": count,
    "passes": sorted(passes.items(), key=lambda kv: -kv[1]),
}))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--keep", metavar="DIR", help="compile into DIR (empty) and keep it")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        cache = args.keep or tmp
        env = {**os.environ, "NUMBA_CACHE_DIR": cache, "GIFT_ANALYZER_SERIAL_COMPILE": "1"}
        t = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", _CHILD], env=env, capture_output=True, text=True, check=True
        )
        wall = time.perf_counter() - t
    res = json.loads(out.stdout.strip().splitlines()[-1])
    st = res["stages"]
    llvm = st.get("finalize (all)", 0.0) + st.get("function passes", 0.0)
    linking = st.get("finalize (all)", 0.0) - st.pop("_nested", 0.0)
    st["linking (finalize less the two above)"] = linking
    print(f"CPU {res['cpu']:.1f} s, wall {wall:.1f} s, {sum(res['count'].values())} compilations")
    for k, v in sorted(st.items()):
        print(f"  {k:<40} {v:7.1f} s")
    print(f"  {'numba Python (rest)':<40} {res['cpu'] - llvm:7.1f} s")
    print("own CPU per function (s, compilations):")
    for name, secs in res["own"][: args.top]:
        print(f"  {secs:6.2f} {res['count'][name]:3d} {name}")
    print("own CPU per compiler pass (s; native lowering includes LLVM's stages above):")
    for name, secs in res["passes"][: args.top]:
        print(f"  {secs:6.2f} {name}")
    multi = [(n, c) for n, c in res["count"].items() if c > 1]
    print("compiled more than once:", ", ".join(f"{n} x{c}" for n, c in multi) or "none")


if __name__ == "__main__":
    main()

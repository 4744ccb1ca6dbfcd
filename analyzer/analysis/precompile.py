"""The first run compiles the kernel on two cores.

Numba compiles one function after another in a process. On the first run (empty cache) a
helper process compiles the parts of the kernel that the batch runner's own compile reaches
last (spell resolution, the main phase, state-based actions, combat) and writes them to the
shared on-disk cache, while this process compiles the rest (setup, gift decisions, casting,
priority); when this process gets to those parts it loads them from the cache. On a 2-core
machine that cuts the cold compile by about a third. Nothing changes but the time: the
helper compiles the same functions, for the same argument types, into the same cache.

Skipped when the parts are cached already, on one core, with caching or the JIT disabled,
or with ``GIFT_ANALYZER_SERIAL_COMPILE=1``. The helper is stopped as soon as the caller's
first batch is done (by then the kernel is compiled); an error in it only costs time.
"""

from __future__ import annotations

import os
import subprocess
import sys


def _roots():
    """(dispatcher, argument kinds) in the helper's order: G = game record, C = catalog,
    P = policy table, i = int, b = bool. The batch runner's compile reaches, in order: game
    set-up, gift decisions and casting (about 20 s), then the two first entries here, then
    priority (10 s), then the rest of this list: the helper does the short ones first so
    they are ready in time, then the long resolution subtree (20 s)."""
    from analyzer.kernel.player import ai, ai_combat
    from analyzer.kernel.rules import combat, engine, events_turn, resolve, sba

    return [
        (engine._abandon_turn, "GC"),
        (resolve.put_triggers_on_stack, "GC"),
        (resolve.resolve_top, "GC"),
        (ai.main_action, "GCPi"),
        (sba.check_sba, "GC"),
        (ai_combat.declare_attackers, "GC"),
        (ai_combat.declare_blockers, "GC"),
        (combat.combat_damage, "GCb"),
        (events_turn.fire_end_step, "GC"),
        (engine._cleanup, "GC"),
    ]


def _wanted() -> bool:
    if os.environ.get("GIFT_ANALYZER_SERIAL_COMPILE") or os.environ.get("NUMBA_DISABLE_JIT"):
        return False
    from analyzer.kernel.host.parallel import available_threads
    from analyzer.kernel.host.warmup import is_cached
    from analyzer.kernel.runtime.config import CACHE

    return CACHE and available_threads() >= 2 and not is_cached("resolve.resolve_top")


class BackgroundCompile:
    """The helper process (``start`` does nothing when it would not help)."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen | None = None

    def start(self) -> BackgroundCompile:
        if _wanted():
            self.proc = subprocess.Popen(
                [sys.executable, "-c", "from analyzer.analysis.precompile import main; main()"],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        return self

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            proc.terminate()  # numba writes cache files atomically: nothing half-written
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


def main() -> None:
    """The helper: compile the roots (cached as they compile), in order."""
    import numba
    import numpy as np
    from numba.core import types

    kinds = {
        "G": types.Array(types.int32, 1, "C"),
        "C": types.Array(types.int32, 1, "C"),
        "P": numba.typeof(np.zeros((1, 1))),
        "i": types.int64,
        "b": types.int64,  # flags are compiled as int64 too (config._plain)
    }
    for disp, args in _roots():
        disp.compile(tuple(kinds[k] for k in args))


if __name__ == "__main__":
    main()

"""The first run compiles the kernel on two cores.

Numba compiles one function after another in a process. On the first run (empty cache) a
helper process compiles parts of the kernel (the roots below) and writes them to the shared
on-disk cache while this process compiles others; the batch runner's compile then loads them
from the cache. Nothing changes but the time: the helper compiles the same functions, for the
same argument types, into the same cache.

The roots are big subtrees of the game loop. This process compiles them from the first, the
helper from the last, each claiming a root (a file made exclusively) before compiling it, so
they meet in the middle whatever the machine's load; then this process compiles the batch
runner. A root it needs while the helper compiles it is waited for: compiling it here too had
made a third of the two processes' CPU the same work done twice, as each reached the other's
roots while they were being compiled. The helper never waits (no deadlock): a root this
process has claimed, it compiles too if it needs it.

Skipped when the parts are cached already, on one core, with caching or the JIT disabled,
or with ``GIFT_ANALYZER_SERIAL_COMPILE=1``. The helper is stopped as soon as the caller's
first batch is done (by then the kernel is compiled); an error in it only costs time.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time


def _roots():
    """(dispatcher, argument kinds), in about the order the batch runner's compile reaches
    them (numba's compile events) but the last two: G = game record (or another int32
    vector), C = catalog, D = the decks (int32 matrix), P = policy table, i = int, b = bool."""
    from analyzer.kernel.player import ai, ai_activate, ai_cast, ai_combat, ai_modes
    from analyzer.kernel.rules import combat, engine, events_turn, resolve, sba, turn
    from analyzer.policies import decide

    return [
        (decide.decide_gift, "GCPii"),
        (ai_modes.pick_mode, "GCiii"),
        (sba.check_sba, "GC"),
        (turn.abandon_turn, "GC"),
        (resolve.put_triggers_on_stack, "GC"),
        (ai_activate.try_activate, "GCiii"),
        (ai_cast.try_cast, "GCPiii"),
        (ai.priority_action, "GCPi"),
        (ai.main_action, "GCPi"),
        (ai_combat.declare_attackers, "GC"),
        (ai_combat.declare_blockers, "GC"),
        (combat.combat_damage, "GCb"),
        (events_turn.fire_end_step, "GC"),
        (turn.cleanup, "GC"),
        (resolve.resolve_top, "GC"),  # the biggest subtree (a fifth of the kernel) and one
        # the others hardly share: done by the helper before the batch runner needs it
        (engine.init_game, "GCDGGiiiiiii"),  # not in the game loop: the batch runner's
        # compile (the serial tail, the helper idle) reached it first; the helper's first
    ]


def _signature(kinds: str) -> tuple:
    import numba
    import numpy as np
    from numba.core import types

    of = {
        "G": types.Array(types.int32, 1, "C"),
        "C": types.Array(types.int32, 1, "C"),
        "D": types.Array(types.int32, 2, "C"),
        "P": numba.typeof(np.zeros((1, 1))),
        "i": types.int64,
        "b": types.int64,  # flags are compiled as int64 too (config._plain)
    }
    return tuple(of[k] for k in kinds)


class _Claims:
    """The roots' claims shared by the two processes (files in a folder): each root is
    compiled by the process that claims it first. ``other_alive``: None in the helper (it
    never waits), else whether the helper still runs."""

    def __init__(self, folder: str, other_alive=None) -> None:
        self.folder = folder
        self.other_alive = other_alive
        self.settled: set[int] = set()  # roots this process has claimed or waited for
        self.mine: set[int] = set()
        self.hooked: list = []

    def claim(self, i: int) -> bool:
        """Claim root i for this process; False if the other one has it."""
        try:
            os.close(os.open(os.path.join(self.folder, str(i)), os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            return False
        self.mine.add(i)
        return True

    def done(self, i: int) -> str:
        return os.path.join(self.folder, f"{i}.done")

    def hook(self, roots) -> None:
        """Every root's compile in this process claims it first (or waits for the other)."""
        for i, (disp, _) in enumerate(roots):
            disp.compile = self._claimed(i, disp.compile)  # shadows the method
            self.hooked.append(disp)

    def unhook(self) -> None:
        for disp in self.hooked:
            del disp.compile
        self.hooked = []

    def _claimed(self, i: int, compile_here):
        def compile(sig):
            if i not in self.settled:
                self.settled.add(i)
                if not self.claim(i) and self.other_alive is not None:
                    self.wait(i)
            result = compile_here(sig)
            if i in self.mine:
                self.mine.discard(i)
                open(self.done(i), "w").close()
            return result

        return compile

    def wait(self, i: int) -> None:
        while not os.path.exists(self.done(i)) and self.other_alive():
            time.sleep(0.05)

    def compile_from(self, roots, order) -> None:
        """Compile the roots in ``order`` that the other process has not claimed."""
        for i in order:
            disp, kinds = roots[i]
            if i not in self.settled and self.claim(i):
                self.settled.add(i)
                disp.compile(_signature(kinds))


def _wanted() -> bool:
    if os.environ.get("GIFT_ANALYZER_SERIAL_COMPILE") or os.environ.get("NUMBA_DISABLE_JIT"):
        return False
    from analyzer.kernel.host.parallel import available_threads
    from analyzer.kernel.host.warmup import is_cached
    from analyzer.kernel.runtime.config import CACHE

    return CACHE and available_threads() >= 2 and not is_cached("resolve.resolve_top")


class BackgroundCompile:
    """The helper process (``start`` does nothing when it would not help); ``start`` also
    compiles this process's share of the roots."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen | None = None
        self.claims: _Claims | None = None

    def start(self) -> BackgroundCompile:
        if _wanted():
            folder = tempfile.mkdtemp(prefix="gift-analyzer-compile-")
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    "from analyzer.analysis.precompile import main; main()",
                    folder,
                ],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            self.claims = _Claims(folder, other_alive=self._helping)
            roots = _roots()
            self.claims.hook(roots)
            with contextlib.suppress(Exception):  # the batch runner's compile reports it
                self.claims.compile_from(roots, range(len(roots)))
        return self

    def _helping(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            proc.terminate()  # numba writes cache files atomically: nothing half-written
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
        claims, self.claims = self.claims, None
        if claims is not None:
            claims.unhook()
            shutil.rmtree(claims.folder, ignore_errors=True)


def main() -> None:
    """The helper: compile the roots (cached as they compile) from the last, skipping those
    the caller has claimed (its claims folder is the argument; without one, all of them)."""
    folder = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="gift-analyzer-")
    claims = _Claims(folder)
    roots = _roots()
    claims.hook(roots)
    claims.compile_from(roots, reversed(range(len(roots))))
    if len(sys.argv) <= 1:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()

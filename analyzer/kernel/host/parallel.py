"""Run a jitted batch function over slices of a chunk of games on several threads.

The batch functions (``batch.run_batch``, ``forks.run_forks``, ``invariants.soak_batch``) are
serial loops compiled with ``nogil``; each game writes only its own output rows, so slices can
run on Python threads at full parallel speed, and the results do not depend on the thread
count or the slicing. This replaces numba's ``prange``: a ``parallel=True`` function made
numba compile the whole kernel two more times (the parallel loop body and its caller each
link and re-optimize everything they call), about 25 s of the cold compile, and loaded a
threading layer at every start.

Plain Python, never compiled: not part of the kernel's cache key (``kernel/host/``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from analyzer.interrupts import checkpoint

# Slices per thread: enough that threads finish together although game lengths vary.
SLICES_PER_THREAD = 8
MIN_SLICE = 16
# Games per call on one thread: the main thread runs compiled code without the GIL's signal
# checks, so Ctrl-C is seen only between calls (about a second apart at most, not a whole chunk).
SERIAL_SLICE = 1024


def available_threads() -> int:
    """The default thread count: the machine's cores (NUMBA_NUM_THREADS caps it if set)."""
    cap = os.environ.get("NUMBA_NUM_THREADS")
    n = os.cpu_count() or 1
    if cap and cap.isdigit() and int(cap) > 0:
        n = min(n, int(cap))
    return max(1, n)


def run_sliced(run: Callable[[int, int], None], n: int, threads: int) -> None:
    """Call ``run(a, b)`` for slices [a, b) covering range(n), on up to ``threads`` threads.
    An exception in any slice (or a KeyboardInterrupt) is raised here once the slices already
    running have finished; the others are not started. A Ctrl-C that a finalizer swallowed
    while the kernel compiled is raised here, before and after the slices (``interrupts``)."""
    checkpoint()
    if threads <= 1 or n <= MIN_SLICE:
        for a in range(0, n, SERIAL_SLICE):
            run(a, min(n, a + SERIAL_SLICE))
            checkpoint()
        return
    size = max(MIN_SLICE, -(-n // (threads * SLICES_PER_THREAD)))
    pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="kernel")
    try:
        futures = [pool.submit(run, a, min(n, a + size)) for a in range(0, n, size)]
        for f in futures:
            f.result()
        checkpoint()
    finally:
        # on an error or Ctrl-C, slices not started yet are dropped (running ones finish)
        pool.shutdown(wait=True, cancel_futures=True)

"""Running a sweep's tasks on Dask distributed (futures API): a LocalCluster or a scheduler.

Workers run one task at a time on one thread (the kernel is single-threaded per task; Dask
gives the parallelism). Before any task, every worker reports its engine version: a worker on
another version is refused (no task of this sweep is sent to it, and a task that reaches it
anyway raises ``EngineMismatch`` and is resubmitted to the others). Then every worker is warmed
once: it plays one game, which loads the compiled kernel from its machine's numba cache; one
worker per host goes first, so a cold cache is compiled once per machine, not once per worker.

A worker lost mid-run: Dask reruns its tasks elsewhere (the client only stores the result a
future delivers, once per task). Results travel back to the client, which stores them in the
run folder, so workers need no shared file system.
"""

from __future__ import annotations

import os
import socket
import time
from typing import Any

from analyzer.analysis.sweep import EngineMismatch, Matchup, OnResult, Task, engine_version
from analyzer.errors import InputError, Problem

_WORKER_ENV = {
    "NUMBA_NUM_THREADS": "1",
    "OMP_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
}


def connect(scheduler: str, workers: int | None) -> tuple[Any, Any]:
    """(client, cluster): a new LocalCluster for ``local`` (closed by the caller), else a
    client of the running scheduler at that address."""
    import logging

    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise InputError(
            Problem(
                "--scheduler local or ADDRESS needs Dask: pip install "
                "'gift-analyzer[sweep]' (or run with --scheduler none)",
                source="--scheduler",
            )
        ) from None

    if scheduler == "local":
        n = workers or os.cpu_count() or 1
        cluster = LocalCluster(
            n_workers=n,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
            env=_WORKER_ENV,
        )
        client = Client(cluster)
        # Ctrl-C in a terminal reaches the whole process group: the client stops the sweep and
        # closes the cluster, so the local workers themselves ignore it (no tracebacks)
        client.run(_ignore_sigint)
        return client, cluster
    try:
        return Client(scheduler, timeout="20s"), None
    except (OSError, TimeoutError, ValueError) as err:
        raise InputError(
            Problem(
                f"cannot reach the Dask scheduler at {scheduler!r}: {err}", source="--scheduler"
            )
        ) from None


def _ignore_sigint() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def worker_info() -> dict[str, Any]:
    """What a worker says about itself (runs on the worker)."""
    from analyzer.kernel.host.warmup import kernel_cached

    return {
        "engine": engine_version(),
        "host": socket.gethostname(),
        "pid": os.getpid(),
        "kernel_cached": kernel_cached(),
    }


def warm(jobs: list[Matchup]) -> float:
    """Play one game of each so the worker's process loads the compiled code (the kernel; the
    fork runner for evaluate): runs on the worker."""
    from analyzer.analysis.sweep import play_slice

    t0 = time.perf_counter()
    for m in jobs:
        play_slice(m, 0, 1)
    return time.perf_counter() - t0


def check_and_warm(client: Any, m: list[Matchup], log: Any) -> dict[str, Any]:
    """Engine versions and warm-up seconds per worker; refuses mismatched workers."""
    client.wait_for_workers(1, timeout=120)
    info = client.run(worker_info)
    mine = engine_version()
    good = sorted(a for a, i in info.items() if i["engine"] == mine)
    refused = sorted(a for a in info if a not in good)
    for a in refused:
        log(f"refusing worker {a}: engine {info[a]['engine']}, this client runs {mine}")
    if not good:
        raise InputError(
            Problem(
                f"no Dask worker runs this engine version ({mine}); install "
                "the same gift-analyzer on the workers"
            )
        )
    first: dict[str, str] = {}
    for a in good:
        if not info[a]["kernel_cached"]:
            first.setdefault(info[a]["host"], a)
    # a host with a cold cache: one worker compiles first, then its others load the cache
    rounds = [list(first.values()), [a for a in good if a not in first.values()]]
    for batch in rounds:
        futures = {
            a: client.submit(
                warm, m, workers=[a], allow_other_workers=False, pure=False, key=f"warm-{a}"
            )
            for a in batch
        }
        for a, f in futures.items():
            info[a]["warm_seconds"] = round(f.result(), 3)
    return {"workers": info, "good": good, "refused": refused}


def run_on_dask(
    client: Any,
    pending: list[tuple[Task, Matchup]],
    on_result: OnResult,
    good: list[str],
    refused: list[str],
) -> dict[str, Any]:
    """Submit every pending task; store results as they complete; resubmit refused ones."""
    from distributed import as_completed

    t0 = time.perf_counter()
    restrict = {"workers": good, "allow_other_workers": False} if refused else {}
    by_key = {}
    futures = []
    # each matchup travels once, as a task of its own (recomputed like any task if the worker
    # holding it is lost); its slices depend on it, so a task's own spec is a few keys
    matchups: dict[int, Any] = {}
    for task, m in pending:
        if id(m) not in matchups:
            matchups[id(m)] = client.submit(
                _matchup, m, key=f"matchup-{task.key}", pure=False, **restrict
            )
        f = client.submit(
            play_slice_remote,
            matchups[id(m)],
            task.start,
            task.stop,
            key=f"task-{task.key}",
            pure=False,
            **restrict,
        )
        by_key[f.key] = (task, m)
        futures.append(f)
    done = as_completed(futures)
    resubmitted = 0
    try:
        for f in done:
            task, m = by_key[f.key]
            try:
                result = f.result()
            except EngineMismatch:
                info = client.run(worker_info)
                ok = [a for a, i in info.items() if i["engine"] == m.engine]
                if not ok:
                    raise
                again = client.submit(
                    play_slice_remote,
                    m,
                    task.start,
                    task.stop,
                    pure=False,
                    workers=ok,
                    allow_other_workers=False,
                )
                by_key[again.key] = (task, m)
                done.add(again)
                resubmitted += 1
                continue
            on_result(task, result)
            f.release()
    finally:
        client.cancel([f for f in futures if not f.done()])
    return {
        "resubmitted_on_engine_mismatch": resubmitted,
        "tasks_s": round(time.perf_counter() - t0, 3),
    }


def _matchup(m: Any) -> Any:
    return m


def play_slice_remote(m: Any, start: int, stop: int) -> dict[str, Any]:
    """A task on a worker: one thread, its engine checked (``play_slice``)."""
    from analyzer.analysis.sweep import play_slice

    return play_slice(m, start, stop, 1)

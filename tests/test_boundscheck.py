"""Kernel indices stay inside their arrays.

The kernel's functions are compiled without numba's negative-index wraparound
(``kernel/runtime/config.py``): an index below zero would read or write outside the record. With
``NUMBA_BOUNDSCHECK=1`` numba checks every index of every array access against 0 and the
array's length and raises IndexError, so whole games played that way show the kernel never
computes such an index (nor one past a capacity).
"""

from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from numba import njit

import analyzer.kernel.runtime.config  # noqa: F401  (installs the kernel's indexing)

_GAMES = textwrap.dedent("""
    from analyzer import bundled
    from analyzer.analysis.counterfactual import run_counterfactuals
    from analyzer.analysis.simulate import simulate_matchup
    from analyzer.api.simulation import _load
    from analyzer.cards.catalog import load_catalog

    catalog = load_catalog()
    gauntlet = _load(bundled.gauntlet(), catalog, False)
    pod = _load(bundled.pod(), catalog, False)
    for k in range(0, len(gauntlet) - 1, 2):
        simulate_matchup(gauntlet[k:k + 2], catalog, games=150, seed=k,
                         policy="random:p=0.5", threads=2)
    simulate_matchup(pod, catalog, games=60, seed=3, policy="random:p=0.5",
                     starting_life=40, threads=2)
    simulate_matchup(gauntlet[:2], catalog, games=20, seed=4, policy="rollout:k=2", threads=2)
    run_counterfactuals(gauntlet[:2], catalog, games=120, seed=5, threads=2)
    print("ok")
""")


def _bounds_checked_games(folder: Path) -> tuple[list[str], dict[str, str]]:
    return (
        [sys.executable, "-c", _GAMES],
        dict(os.environ, NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(folder / "cache")),
    )


# a cold compile with bounds checks: started at collection, on the second core; in the whole
# suite with a cold cache beside the session's warm-up (conftest.py's SESSION_JOBS)
EARLY_JOBS = {"test_games_never_index_outside_an_array": _bounds_checked_games}


@pytest.mark.compile
def test_games_never_index_outside_an_array(early_job) -> None:
    run = early_job(1500)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-3000:]


@njit
def _at(a, i):
    return a[i]


def test_other_code_keeps_negative_indices() -> None:
    # numba code outside the package, compiled in the same process, indexes as Python does
    assert _at(np.arange(5), -1) == 4

"""pytest-xdist's ``--dist loadfile``, but the test files that call the same kernel entry
points from Python run in one worker (conftest.py's ``pytest_xdist_make_scheduler``).

A process that calls a kernel entry point loaded from numba's cache loads the machine code of
its whole call tree first (kernel/host/cache_load.py): the scripted-play functions of the
scenario tests cost ~3 CPU-s a process, the invariant-checked game loop ~1 s (~7 and ~4 when
that code was emitted again from the cached bitcode). With whole files spread over two
workers each worker paid for most of them. A file goes
to its family by what its source calls; a file in no family is its own unit, as with
loadfile. Only where tests run changes, never what they check.
"""

from __future__ import annotations

import re
from pathlib import Path

from xdist.scheduler import LoadScopeScheduling

# family -> what a test file's source says when its tests call that family's entry points; a
# file of both families is scripted (the checked loop is the cheaper one to load twice)
FAMILIES = {
    "kernel:scripted": re.compile(
        r"run_player|run_text|run_scenario|scenario_run|policy_decision|\"scenario\""
        r"|rules import script|cast_scripted|activate_scripted"
    ),
    "kernel:checked": re.compile(r"play_checked|play_card_games|play_pod_games"),
}


EARLY_JOB = re.compile(r"\bearly_job\(")

# Files of few tests that take long (each 5-15 s of the fast loop, 2026-12-07, the families
# about 35 s each), longest first: ordered by their number of tests, as xdist orders units,
# they came last, and the last unit a worker takes is the run's tail while the other waits.
# They go right after the families. Only the order changes; a file missing here runs anyway.
SLOW_FILES = (
    "tests/test_calibrate.py",
    "tests/test_evaluate.py",
    "tests/test_verdict_family.py",
    "tests/test_report.py",
    "tests/test_compile_types.py",
    "tests/test_sufficient.py",
    "tests/test_recipients.py",
    "tests/test_sweep.py",
    "tests/test_catalog.py",
)


def waits_on_early_job(path: Path) -> bool:
    """Does a test file wait on an early job (conftest.py: a cold compile in a subprocess)?"""
    try:
        return EARLY_JOB.search(path.read_text(encoding="utf-8")) is not None
    except OSError:
        return False


def family(path: Path) -> str | None:
    """The family of a test file (the first that matches), or None."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return None
    return next((name for name, pattern in FAMILIES.items() if pattern.search(text)), None)


class FamilyScheduling(LoadScopeScheduling):
    """Whole files per worker (loadfile), a family's files in one unit. Units start largest
    (most tests) first, as xdist orders them; a family is one of the largest."""

    def __init__(self, config, log=None) -> None:
        super().__init__(config, log)
        self._root = Path(str(config.rootpath))
        self._scopes: dict[str, str] = {}
        self._fronted = False

    def _assign_work_unit(self, node) -> None:  # type: ignore[no-untyped-def]
        # the files that wait on an early job go first: each job (minutes of cold compile)
        # starts when its test runs, and started behind the families' large units it was the
        # run's tail (CI 10 min 49 s -> 14 min 46 s)
        # then the families, then the slow files (SLOW_FILES), then the rest as xdist ordered it
        if not self._fronted:
            self._fronted = True
            first = [s for s in self.workqueue if waits_on_early_job(self._root / s)]
            first += [s for s in self.workqueue if s in FAMILIES and s not in first]
            first += [s for s in SLOW_FILES if s in self.workqueue and s not in first]
            for scope in reversed(first):
                self.workqueue.move_to_end(scope, last=False)
        super()._assign_work_unit(node)

    def _split_scope(self, nodeid: str) -> str:
        file = nodeid.split("::", 1)[0]
        if file not in self._scopes:
            self._scopes[file] = family(self._root / file) or file
        return self._scopes[file]

"""Fixtures and helpers shared by the test files.

- ``catalog``: the bundled card catalog, loaded once per session.
- ``bf``, ``seat``: read a scenario state (the JSON of ``gift-analyzer scenario``); import them
  with ``from conftest import bf, seat``.
- ``run_player``, ``names``: play a position of tests/scenarios/player/ and read its zones.
- ``CAST_SHARE_EXCEPTIONS``: the bundled cards the standard player rightly leaves in hand in
  many games, with the reason (the cast-share tests of test_player.py and test_calibrate.py).
- The ``compile`` marker (pyproject.toml): tests that start processes which compile or load the
  whole kernel (a fresh subprocess, Dask workers) or take over ~20 s warm;
  ``python3 -m pytest -m "not compile"`` skips them.
- Under pytest-xdist with a cold numba cache, the controller compiles the kernel once before
  the workers start (``pytest_sessionstart``).
- ``EARLY_JOBS`` (a dict in a test module: test name -> function of a fresh folder returning
  the argv and environment of a subprocess) and the ``early_job`` fixture: such a subprocess
  (a cold compile of the whole kernel takes minutes) starts as soon as collection ends, on the
  second core while the rest of the suite runs, and its test waits for it. Only the jobs of
  selected tests start; under pytest-xdist each starts when its test runs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from analyzer.cards.catalog import load_catalog

_early: dict[str, tuple[subprocess.Popen, Path]] = {}


def _start_early(nodeid: str, job: Callable[[Path], tuple[list[str], Any]]) -> None:
    folder = Path(tempfile.mkdtemp(prefix="early-"))
    argv, env = job(folder)
    # output to files, not pipes: a full pipe would stall the job until its test runs
    with open(folder / "stdout", "w") as out, open(folder / "stderr", "w") as err:
        _early[nodeid] = (subprocess.Popen(argv, env=env, stdout=out, stderr=err), folder)


# An evaluate of two bundled decks with forks: compiles the batch runner and the fork runner,
# most of the kernel (precompile's helper process takes the second core)
_WARM_UP = """
from analyzer import api, bundled
decks = bundled.gauntlet()
api.evaluate(decks[0], [decks[1]], games=4, forks=1, threads=1, plots=False)
"""


def pytest_sessionstart(session: pytest.Session) -> None:
    """Under pytest-xdist, compile the kernel once in the controller before the workers start.

    With a cold numba cache (CI) every worker would compile the same kernel at the same time,
    each on its own core; compiled once here on both cores, the workers load it from the cache.
    xdist starts its workers in its own (trylast) sessionstart, after this one.
    """
    if os.environ.get("PYTEST_XDIST_WORKER") or os.environ.get("NUMBA_DISABLE_JIT"):
        return
    if not getattr(session.config.option, "numprocesses", None):
        return
    from analyzer.kernel.host.warmup import kernel_cached

    if not kernel_cached():
        subprocess.run([sys.executable, "-c", _WARM_UP], check=False, timeout=1800)


def pytest_collection_finish(session: pytest.Session) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):
        # Under pytest-xdist every worker collects every test but runs only some, and the
        # other workers already keep the other cores busy: each job starts when its test asks
        # (started here, every worker would run every job, each job's cold compile twice).
        return
    for item in session.items:
        jobs = getattr(getattr(item, "module", None), "EARLY_JOBS", {})
        name = getattr(item, "originalname", item.name)
        if name in jobs and item.nodeid not in _early:
            _start_early(item.nodeid, jobs[name])


def pytest_sessionfinish(session: pytest.Session) -> None:
    for proc, folder in _early.values():
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def early_job(request: pytest.FixtureRequest) -> Callable[[float], subprocess.CompletedProcess]:
    """Wait for this test's early subprocess (see EARLY_JOBS); its CompletedProcess."""

    def wait(timeout: float) -> subprocess.CompletedProcess:
        node = request.node
        if node.nodeid not in _early:  # not started at collection (pytest-xdist)
            _start_early(
                node.nodeid, request.module.EARLY_JOBS[getattr(node, "originalname", node.name)]
            )
        proc, folder = _early[node.nodeid]
        proc.wait(timeout=timeout)
        return subprocess.CompletedProcess(
            proc.args,
            proc.returncode,
            (folder / "stdout").read_text(),
            (folder / "stderr").read_text(),
        )

    return wait


@pytest.fixture(scope="session")
def catalog() -> Any:
    return load_catalog()


def bf(state: dict, seat: int, card: str | None = None) -> list[dict]:
    """The permanents `seat` controls in a scenario state (only those named `card`)."""
    return [p for p in state["seats"][seat]["battlefield"] if card is None or p["card"] == card]


def seat(state: dict, s: int) -> dict:
    """Seat `s` of a scenario state."""
    return state["seats"][s]


PLAYER_SCEN = Path(__file__).parent / "scenarios" / "player"


def run_player(name: str, *replace: tuple[str, str]) -> dict:
    """Play tests/scenarios/player/NAME.toml, each (old, new) text replaced first (and found):
    the final state with its play-by-play."""
    from analyzer.analysis.scenario_run import play
    from analyzer.io.scenario import parse_scenario

    text = (PLAYER_SCEN / f"{name}.toml").read_text()
    for old, new in replace:
        assert old in text
        text = text.replace(old, new)
    return play(parse_scenario(text, name, base_dir=PLAYER_SCEN), log=True)


def names(state: dict, seat: int, zone: str) -> list[str]:
    """The sorted card names in one of `seat`'s zones of a scenario state."""
    return sorted(p["card"] if isinstance(p, dict) else p for p in state["seats"][seat][zone])


# Cards the standard player rightly leaves in hand in many games where it draws them, each with
# the reason; every other bundled nonland card must be cast in at least 40% of those games
# (tests/test_player.py counts copies, tests/test_calibrate.py counts games, as calibrate does).
CAST_SHARE_EXCEPTIONS = {
    "Wear Down": "destroys artifacts and enchantments: most opposing decks offer few targets",
    "Dawn's Truce": "protection: cast only when removal or a sweeper comes at its owner's "
    "board, or after blocks (promised: indestructible) when it saves a creature in a fight",
    "Long River's Pull": "a counterspell: cast only at a creature spell (any spell promised) "
    "worth it, with UU kept up",
    "Cruelclaw's Heist": "hand attack: cast only while the opponent holds cards, which late "
    "draws often find empty",
    "Wildfire Howl": "a sweeper: cast only when it kills more of the opponent's creatures than "
    "of its owner's, which RG's own X/2s often forbid",
    "Eddymurk Crab": "a seven-mana flash creature whose cost falls only with the instants and "
    "sorceries in its owner's graveyard: often still too dear when drawn, and games that "
    "group attacks shorten end first (40% on main, just under it since)",
}

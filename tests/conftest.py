"""Fixtures and helpers shared by the test files.

- ``catalog``: the bundled card catalog, loaded once per session.
- ``bf``, ``seat``: read a scenario state (the JSON of ``gift-analyzer scenario``); import them
  with ``from conftest import bf, seat``.
- ``run_player``, ``names``: play a position of tests/scenarios/player/ and read its zones.
- ``play_card_games``: whole games of two decks under the invariant checks, with each card's
  use tallied (the games tests of the cards made exact).
- ``CAST_SHARE_EXCEPTIONS``: the bundled cards the standard player rightly leaves in hand in
  many games, with the reason (``analysis/calibration.py``, which ``calibrate`` reads too;
  the cast-share tests of test_player.py and test_calibrate.py).
- The ``compile`` marker (pyproject.toml): tests that start processes which compile or load the
  whole kernel (a fresh subprocess, Dask workers) or take over ~20 s warm;
  ``python3 -m pytest -m "not compile"`` skips them.
- Under pytest-xdist with a cold numba cache, the controller compiles the kernel once before
  the workers start (``pytest_sessionstart``). For the whole suite (CI: no paths, -k or -m)
  that compile is test_precompile's own early job run in the session's cache, and
  test_boundscheck's cold compile starts beside it on the other core (``SESSION_JOBS``).
- Temporary folders are on /dev/shm where it exists with 1 GB free (unless TMPDIR is set):
  speed only, what the tests check is unchanged.
- ``EARLY_JOBS`` (a dict in a test module: test name -> function of a fresh folder returning
  the argv and environment of a subprocess) and the ``early_job`` fixture: such a subprocess
  (a cold compile of the whole kernel takes minutes) starts as soon as collection ends, on the
  second core while the rest of the suite runs, and its test waits for it. Only the jobs of
  selected tests start; under pytest-xdist each starts when its test runs. Each job runs in its
  own process group, ended whole when the session ends (a job's children too).
- Under ``--dist loadfile`` (pyproject's addopts), the files that call the same kernel entry
  points run in one worker (``xdist_families.py``): each entry point's first call in a process
  emits its call tree's machine code.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

# Temporary folders in memory where the machine has a tmpfs: the runs that tests write save each
# file atomically with two fsyncs (report/writers.py), ~9 ms of waiting for an ext4 disk and
# nothing on tmpfs, and a test session writes ~1,500 such files. An explicit TMPDIR wins, and a
# small tmpfs (a container's default 64 MB) is left alone: a session writes ~17 MB and pytest
# keeps the last three.
_RAM = Path("/dev/shm")
_RAM_NEEDED = 1 << 30
if (
    "TMPDIR" not in os.environ
    and _RAM.is_dir()
    and os.access(_RAM, os.W_OK)
    and shutil.disk_usage(_RAM).free >= _RAM_NEEDED
):
    os.environ["TMPDIR"] = str(_RAM)  # for the subprocesses of tests too
    tempfile.tempdir = None  # gettempdir() reads TMPDIR again

import pytest  # noqa: E402

from analyzer.cards.catalog import load_catalog  # noqa: E402
from analyzer.io.deck import Deck  # noqa: E402

_early: dict[str, tuple[subprocess.Popen, Path]] = {}


def _start_early(nodeid: str, job: Callable[[Path], tuple[list[str], Any]]) -> None:
    folder = Path(tempfile.mkdtemp(prefix="early-"))
    argv, env = job(folder)
    # output to files, not pipes: a full pipe would stall the job until its test runs
    with open(folder / "stdout", "w") as out, open(folder / "stderr", "w") as err:
        # its own process group: a job is a shell running compiles, and ending only the shell
        # left its compiles running for minutes after the session
        _early[nodeid] = (
            subprocess.Popen(argv, env=env, stdout=out, stderr=err, start_new_session=True),
            folder,
        )


# An evaluate of two bundled decks with forks: compiles the batch runner and the fork runner,
# most of the kernel (precompile's helper process takes the second core)
_WARM_UP = """
from analyzer import api, bundled
decks = bundled.gauntlet()
api.evaluate(decks[0], [decks[1]], games=4, forks=1, threads=1, plots=False)
"""


# The early jobs of the whole suite under pytest-xdist with a cold cache (CI), started by the
# controller before its workers (pytest_sessionstart), each test name -> its module and whether
# the job runs in the session's own numba cache. test_precompile's job (the compile helper,
# then one game that says what it loaded) is then the session's warm-up compile itself: it
# used to compile the kernel once more in a fresh cache after the warm-up had (~4 CPU-minutes).
# Its test checks the same printout: the session's cache is empty before it (a cold cache),
# so every root the game loads is one the helper compiled. test_boundscheck's cold compile
# (its own cache: bounds-checked code) takes the other core meanwhile.
SESSION_JOBS = {
    "test_background_compile_is_reused_by_the_batch_runner": ("test_precompile", True),
    "test_games_never_index_outside_an_array": ("test_boundscheck", False),
}
_SHARED_JOBS = "GIFT_ANALYZER_TEST_JOBS"  # the folder of the controller's jobs, for workers


def _whole_suite(config: pytest.Config) -> bool:
    """Does this run select every test (no paths, -k, -m or --deselect), as CI's does?"""
    return (
        config.args_source == pytest.Config.ArgsSource.TESTPATHS
        and not config.option.keyword
        and not config.option.markexpr
        and not config.getoption("deselect", None)
    )


def _shared_folder(name: str) -> Path:
    """The folder of the controller's job for test `name` (see SESSION_JOBS)."""
    return Path(os.environ[_SHARED_JOBS]) / name


def _roots_cached() -> bool:
    """Is any root of the compile helper (analysis/precompile.py) in the session's cache?"""
    from analyzer.analysis.precompile import _roots
    from analyzer.kernel.host.warmup import cache_name, is_cached

    return any(is_cached(cache_name(d)) for d, _ in _roots())


def _start_session_jobs() -> None:
    """Start SESSION_JOBS (the controller): the one in the session's cache is waited for."""
    import importlib

    from analyzer.kernel.runtime.config import cache_dir

    shared = Path(tempfile.mkdtemp(prefix="session-jobs-"))
    os.environ[_SHARED_JOBS] = str(shared)  # xdist's workers inherit it
    for in_session_cache in (False, True):  # the background job first
        for name, (module, session_cache) in SESSION_JOBS.items():
            if session_cache != in_session_cache:
                continue
            job = importlib.import_module(module).EARLY_JOBS[name]
            folder = _shared_folder(name)
            folder.mkdir()
            argv, env = job(cache_dir().parent if session_cache else folder)
            # the exit status in a file, written last: a worker waits for it
            rc = folder / "rc"
            argv = ["sh", "-c", '"$@"; echo $? > "$0.tmp"; mv "$0.tmp" "$0"', str(rc), *argv]
            with open(folder / "stdout", "w") as out, open(folder / "stderr", "w") as err:
                proc = subprocess.Popen(
                    argv, env=env, stdout=out, stderr=err, start_new_session=True
                )
            _early[name] = (proc, folder)
            if session_cache:
                proc.wait(timeout=1800)


def pytest_sessionstart(session: pytest.Session) -> None:
    """Under pytest-xdist, compile the kernel once in the controller before the workers start.

    With a cold numba cache (CI) every worker would compile the same kernel at the same time,
    each on its own core; compiled once here (on both cores), the workers load it from the
    cache. xdist starts its workers in its own (trylast) sessionstart, after this one.
    """
    if os.environ.get("PYTEST_XDIST_WORKER") or os.environ.get("NUMBA_DISABLE_JIT"):
        return
    if not getattr(session.config.option, "numprocesses", None):
        return
    from analyzer.kernel.host.warmup import kernel_cached

    if not kernel_cached():
        if _whole_suite(session.config) and not _roots_cached():
            _start_session_jobs()  # the batch runner; the evaluate below adds the fork runner
        subprocess.run([sys.executable, "-c", _WARM_UP], check=False, timeout=1800)


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadfile`` with each kernel family's files in one worker (xdist_families.py)."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist_families import FamilyScheduling

    return FamilyScheduling(config, log)


def pytest_collection_finish(session: pytest.Session) -> None:
    if session.config.option.collectonly:
        return  # nothing runs: a job would only be ended unfinished
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
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        shutil.rmtree(folder, ignore_errors=True)
    if _SHARED_JOBS in os.environ and not os.environ.get("PYTEST_XDIST_WORKER"):
        shutil.rmtree(os.environ.pop(_SHARED_JOBS), ignore_errors=True)


@pytest.fixture
def early_job(request: pytest.FixtureRequest) -> Callable[[float], subprocess.CompletedProcess]:
    """Wait for this test's early subprocess (see EARLY_JOBS); its CompletedProcess."""

    def wait(timeout: float) -> subprocess.CompletedProcess:
        node = request.node
        name = getattr(node, "originalname", node.name)
        if _SHARED_JOBS in os.environ and _shared_folder(name).is_dir():
            return _wait_shared(name, timeout)  # started by the controller (SESSION_JOBS)
        if node.nodeid not in _early:  # not started at collection (pytest-xdist)
            _start_early(node.nodeid, request.module.EARLY_JOBS[name])
        proc, folder = _early[node.nodeid]
        proc.wait(timeout=timeout)
        return subprocess.CompletedProcess(
            proc.args,
            proc.returncode,
            (folder / "stdout").read_text(),
            (folder / "stderr").read_text(),
        )

    return wait


def _wait_shared(name: str, timeout: float) -> subprocess.CompletedProcess:
    """Wait for the controller's job of test `name` (its exit status file); what it did."""
    folder = _shared_folder(name)
    rc, deadline = folder / "rc", time.monotonic() + timeout
    while not rc.exists():
        if time.monotonic() > deadline:
            raise subprocess.TimeoutExpired(name, timeout)
        time.sleep(0.5)
    return subprocess.CompletedProcess(
        name,
        int(rc.read_text()),
        (folder / "stdout").read_text(),
        (folder / "stderr").read_text(),
    )


@pytest.fixture(scope="session")
def catalog() -> Any:
    return load_catalog()


def bf(state: dict, seat: int, card: str | None = None) -> list[dict]:
    """The permanents `seat` controls in a scenario state (only those named `card`)."""
    return [p for p in state["seats"][seat]["battlefield"] if card is None or p["card"] == card]


def seat(state: dict, s: int) -> dict:
    """Seat `s` of a scenario state."""
    return state["seats"][s]


#: The 22 gift cards of Bloomburrow (the set, not its Commander decks), by name.
BLB_GIFTS = (
    "Blooming Blast",
    "Coiling Rebirth",
    "Consumed by Greed",
    "Cruelclaw's Heist",
    "Crumb and Get It",
    "Dawn's Truce",
    "Dewdrop Cure",
    "Into the Flood Maw",
    "Kitnap",
    "Long River's Pull",
    "Longstalk Brawl",
    "Mind Spiral",
    "Nocturnal Hunger",
    "Parting Gust",
    "Peerless Recycling",
    "Sazacap's Brew",
    "Scrapshooter",
    "Starfall Invocation",
    "Starforged Sword",
    "Valley Rally",
    "Wear Down",
    "Wildfire Howl",
)


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


def run_text(text: str) -> dict:
    """Play a scenario given as TOML text (file names in it are under tests/scenarios): the
    final state."""
    from analyzer.analysis.scenario_run import play
    from analyzer.io.scenario import parse_scenario

    return play(parse_scenario(text, "<test>", base_dir=PLAYER_SCEN.parent))


def cast_lines(state: dict, card: str) -> list[str]:
    """The play-by-play lines of a scenario state in which `card` is cast."""
    return [line for line in state["play_by_play"] if f"casts {card}" in line]


def names(state: dict, seat: int, zone: str) -> list[str]:
    """The sorted card names in one of `seat`'s zones of a scenario state."""
    return sorted(p["card"] if isinstance(p, dict) else p for p in state["seats"][seat][zone])


def tapped(state: dict, seat: int, card: str) -> list[bool]:
    """Whether each of `seat`'s permanents named `card` is tapped, sorted (False first)."""
    return sorted(p["tapped"] for p in state["seats"][seat]["battlefield"] if p["card"] == card)


class CardGames(NamedTuple):
    """What ``play_card_games`` saw, per card name of the decks."""

    failures: list[tuple[int, str, int]]  # (game, the failed check, its step)
    cast: dict[str, int]  # times cast (O.STAT_CAST summed over its copies)
    top_level: int  # the highest Class level any object reached
    exiled: dict[str, int]  # copies that ended the game in exile
    zones: dict[str, list[int]]  # copies that ended the game in each Zone
    counters: dict[str, int]  # its own counters (O.STASH) and +1/+1 counters at the end


# a WU fliers deck of exact commons and uncommons: the opponent of the card-games tests
BIRDS = Deck(
    "birds",
    (
        ("Plains", 8),
        ("Island", 8),
        ("Knightfisher", 3),
        ("Plumecreed Escort", 4),
        ("Plumecreed Mentor", 4),
        ("Shrike Force", 3),
        ("Lifecreed Duo", 3),
        ("Seedpod Squire", 3),
        ("Brightblade Stoat", 4),
    ),
)


def play_card_games(catalog: Any, decks: list, games: int) -> CardGames:
    """`games` games of decks[0] against decks[1] (never-gift policy, seed = the game's index)
    under the invariant checks (``play_checked``: every step), each card's objects tallied at
    the end of each game that passed; a failed game is listed and not tallied."""
    from analyzer.analysis.simulate import kernel_inputs
    from analyzer.enums import Zone
    from analyzer.kernel import layout as L
    from analyzer.kernel.rules import engine
    from analyzer.kernel.rules.invariants import CHECK_NAMES, play_checked
    from analyzer.policies.table import policy_table

    inp = kernel_inputs(decks, catalog)
    pol = policy_table("never", inp.card_names, catalog.lookup)
    G = engine.new_record(inp.deck_sizes)
    n_cards = int(sum(inp.deck_sizes))
    ids = {name: catalog.compiled.id_of(name) for d in decks for name, _ in d.main}
    by_id: dict[int, list[str]] = {}
    for name, cid in ids.items():
        by_id.setdefault(cid, []).append(name)
    cast = dict.fromkeys(ids, 0)
    zones = {name: [0] * (max(Zone) + 1) for name in ids}
    counters = dict.fromkeys(ids, 0)
    top_level = 0
    failures = []
    for gi in range(games):
        engine.init_game(
            G, inp.C, inp.decks, inp.deck_sizes, inp.levels, 2, 11, gi, 20, 60, 50_000, -1
        )
        bad, steps = play_checked(G, inp.C, pol)
        if bad:
            failures.append((gi, CHECK_NAMES[bad], steps))
            continue
        for o in range(n_cards):
            b = L.OFF_OBJECTS + o * L.OF
            for name in by_id.get(_printed_card(G, b), ()):
                cast[name] += int(G[b + L.O.STAT_CAST])
                zones[name][int(G[b + L.O.ZONE])] += 1
                counters[name] += int(G[b + L.O.STASH]) + int(G[b + L.O.P1P1])
            top_level = max(top_level, int(G[b + L.O.CLASS_LEVEL]))
    exiled = {name: z[Zone.EXILE] for name, z in zones.items()}
    return CardGames(failures, cast, top_level, exiled, zones, counters)


def _printed_card(G: Any, b: int) -> int:
    """The card id an object was printed as, the object at record offset b (a Sugar-Coated
    creature's face is another card)."""
    from analyzer.kernel import layout as L

    face = int(G[b + L.O.FACE])
    return (face & L.FACE_PRINTED) - 1 if face else int(G[b + L.O.CARD])


class PodGames(NamedTuple):
    """What play_pod_games saw: the failed games (index, check, step) and, over every seat and
    game, the spells cast, the cards drawn and each card's casts (by name)."""

    failures: list
    spells: int
    drawn: int
    cast: dict


def play_pod_games(
    path: Path, games: int = 10, allow_approximate: bool = False, catalog: Any = None
) -> PodGames:
    """`games` 4-player free-for-all games (40 life, heuristic policy, seed = the game's index)
    of the deck file at `path` in every seat, under the invariant checks (every step); a
    capacity overflow fails the test at once."""
    from analyzer.analysis.simulate import kernel_inputs
    from analyzer.io.coverage import load_decks
    from analyzer.kernel import layout as L
    from analyzer.kernel.rules import engine
    from analyzer.kernel.rules.invariants import CHECK_NAMES, play_checked
    from analyzer.kernel.rules.view import pb
    from analyzer.policies.table import policy_table

    catalog = catalog or load_catalog()
    decks = load_decks([[path] * 4], catalog, allow_approximate=allow_approximate).seats[0]
    inp = kernel_inputs(decks, catalog)
    pol = policy_table("heuristic", inp.card_names, catalog.lookup)
    G = engine.new_record(inp.deck_sizes)
    n_cards = int(sum(inp.deck_sizes))
    cast = dict.fromkeys((name for name, _ in decks[0].main), 0)
    failures, spells, drawn = [], 0, 0
    for gi in range(games):
        engine.init_game(
            G, inp.C, inp.decks, inp.deck_sizes, inp.levels, 4, 15, gi, 40, 60, 50_000, -1
        )
        bad, steps = play_checked(G, inp.C, pol)
        if bad:
            failures.append((gi, CHECK_NAMES[bad], steps))
        assert G[L.H.ERROR] == 0  # no capacity overflow
        spells += sum(int(G[pb(s) + L.P.SPELLS_CAST]) for s in range(4))
        drawn += sum(int(G[pb(s) + L.P.CARDS_DRAWN]) for s in range(4))
        for o in range(n_cards):  # each card object's casts, by its printed card's name
            b = L.OFF_OBJECTS + o * L.OF
            name = inp.card_names[_printed_card(G, b)]
            if name in cast:
                cast[name] += int(G[b + L.O.STAT_CAST])
    return PodGames(failures, spells, drawn, cast)


# Cards the standard player rightly leaves in hand in many games where it draws them, each with
# the reason; every other bundled nonland card must be cast in at least 40% of those games
# (tests/test_player.py counts copies, tests/test_calibrate.py counts games, as calibrate does).
from analyzer.analysis.calibration import CAST_SHARE_EXCEPTIONS  # noqa: E402,F401

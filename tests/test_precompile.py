"""The first-run compile helper (analysis/precompile.py) compiles the kernel functions for the
very argument types the batch runner asks for: after it ran, the runner loads them from the
cache instead of compiling them again. A full cold compile: about a minute."""

import os
import shlex
import sys
from pathlib import Path

import pytest

_RUN_ONE_GAME = """
from analyzer.analysis.bench import _matchup
from analyzer.analysis.simulate import simulate_matchup
decks, catalog = _matchup()
simulate_matchup(decks, catalog, games=1, seed=1, threads=1)
"""


def _precompile_then_one_game(folder: Path) -> tuple[list[str], dict[str, str]]:
    """The compile helper into a fresh cache, then one game with numba saying what it loaded
    (only the second process's output: the first one's goes to /dev/null)."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(folder), "GIFT_ANALYZER_SERIAL_COMPILE": "1"}
    env.pop("NUMBA_DISABLE_JIT", None)
    env.pop("GIFT_ANALYZER_NO_CACHE", None)
    script = (
        f"{shlex.quote(sys.executable)} -c {shlex.quote(_PRECOMPILE)} >/dev/null && "
        f"NUMBA_DEBUG_CACHE=1 {shlex.quote(sys.executable)} -c "
        f"{shlex.quote(_RUN_ONE_GAME)}"
    )
    return ["bash", "-c", script], env


_PRECOMPILE = "from analyzer.analysis.precompile import main; main()"
# two cold compiles in a row: started at collection, on the second core; in the whole suite
# with a cold cache it is the session's warm-up itself, in the session's cache (conftest.py's
# SESSION_JOBS)
EARLY_JOBS = {"test_background_compile_is_reused_by_the_batch_runner": _precompile_then_one_game}


@pytest.mark.compile
def test_background_compile_is_reused_by_the_batch_runner(early_job):
    from analyzer.analysis.precompile import _roots
    from analyzer.kernel.host.warmup import cache_name

    run = early_job(1800)
    assert run.returncode == 0, run.stderr[-3000:]
    out = run.stdout
    names = [f"{cache_name(d)}-" for d, _ in _roots()]
    saved = [line for line in out.splitlines() if "data saved" in line]
    loaded = [line for line in out.splitlines() if "data loaded" in line]
    assert saved and not [s for s in saved if any(n in s for n in names)]
    # these three are called from other roots' code only: loading those, the runner never
    # asks for them (the line above: it did not compile them either)
    inside = ("ai_modes.pick_mode-", "ai_activate.try_activate-", "ai_cast.try_cast-")
    assert all(any(n in s for s in loaded) for n in names if n not in inside)

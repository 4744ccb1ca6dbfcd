"""The first-run compile helper (analysis/precompile.py) compiles the kernel functions for the
very argument types the batch runner asks for: after it ran, the runner loads them from the
cache instead of compiling them again. A full cold compile: about a minute."""

import os
import subprocess
import sys

import pytest

_RUN_ONE_GAME = """
from analyzer.analysis.bench import _matchup
from analyzer.analysis.simulate import simulate_matchup
decks, catalog = _matchup()
simulate_matchup(decks, catalog, games=1, seed=1, threads=1)
"""


@pytest.mark.compile
def test_background_compile_is_reused_by_the_batch_runner(tmp_path):
    from analyzer.analysis.precompile import _roots

    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path), "GIFT_ANALYZER_SERIAL_COMPILE": "1"}
    env.pop("NUMBA_DISABLE_JIT", None)
    env.pop("GIFT_ANALYZER_NO_CACHE", None)
    subprocess.run([sys.executable, "-c", "from analyzer.analysis.precompile import main; main()"],
                   env=env, check=True, timeout=900)
    out = subprocess.run([sys.executable, "-c", _RUN_ONE_GAME],
                         env={**env, "NUMBA_DEBUG_CACHE": "1"}, check=True, timeout=900,
                         capture_output=True, text=True).stdout
    names = [f"{d.py_func.__module__.rsplit('.', 1)[1]}.{d.__name__}-" for d, _ in _roots()]
    saved = [line for line in out.splitlines() if "data saved" in line]
    loaded = [line for line in out.splitlines() if "data loaded" in line]
    assert saved and not [s for s in saved if any(n in s for n in names)]
    assert all(any(n in s for s in loaded) for n in names)

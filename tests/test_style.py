"""The code style is checked, not hoped for: `ruff check` and `ruff format --check` run clean.

Part of the README's test command (and so of CI), so a style slip fails the same run a broken
rule would. Skips, saying why, where ruff is not installed (it is in the `test` extra)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args, "."], cwd=ROOT, capture_output=True, text=True
    )


@pytest.fixture(scope="module", autouse=True)
def _need_ruff() -> None:
    probe = subprocess.run([sys.executable, "-m", "ruff", "--version"], capture_output=True)
    if probe.returncode != 0 and shutil.which("ruff") is None:
        pytest.skip("ruff is not installed (pip install -e '.[test]')")


def test_ruff_check_is_clean() -> None:
    out = _ruff("check")
    assert out.returncode == 0, out.stdout + out.stderr


def test_ruff_format_leaves_every_file_as_it_is() -> None:
    out = _ruff("format", "--check")
    assert out.returncode == 0, out.stdout + out.stderr

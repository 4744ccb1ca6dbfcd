"""Run folders as the API opens them: ``report.writers.run_recorder`` with the engine's identity.

Every manifest says which engine played its games: ``rules_version`` (``analyzer.RULES_VERSION``,
bumped on purpose whenever the games change; tests/test_golden.py enforces it) and ``engine``,
the hash of the kernel's source files (``kernel/runtime/config.source_hash``, the numba cache
folder's name). The report layer never imports the kernel, so the hash is filled in here.
"""

from __future__ import annotations

import os
from typing import Any


def run_recorder(base: str | os.PathLike[str] = "results", prefix: str = "", **fields: Any) -> Any:
    """``report.writers.run_recorder`` with ``engine`` set to the kernel's source hash (unless
    the caller names the engine more precisely: a sweep writes version+hash)."""
    from analyzer.kernel.runtime.config import source_hash
    from analyzer.report import writers

    fields.setdefault("engine", source_hash())
    return writers.run_recorder(base, prefix, **fields)

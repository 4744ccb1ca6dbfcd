"""Is the compiled kernel in numba's on-disk cache? (So the CLI can say when it compiles.)"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def _cache_dirs() -> list[Path]:
    here = Path(__file__).resolve().parent
    custom = os.environ.get("NUMBA_CACHE_DIR")
    dirs = [here / "__pycache__"]
    if custom:
        # numba mirrors the source path below NUMBA_CACHE_DIR
        dirs.insert(0, Path(custom) / here.relative_to(here.anchor))
    return dirs


def kernel_cached() -> bool:
    """True if the batch runner's compiled code is on disk for this Python."""
    tag = f"py{sys.version_info.major}{sys.version_info.minor}"
    for d in _cache_dirs():
        if d.is_dir() and any(d.glob(f"batch.run_batch-*.{tag}.nbi")):
            return True
    return False

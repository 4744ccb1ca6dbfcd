"""Numba flags, in one place. Every kernel function is ``@njit`` from here: cached on disk, no
object mode, no fastmath (results must not depend on the machine's float reassociation).

Numba's on-disk cache only notices changes to a function's own file, not to the functions it
calls in other modules. So the cache lives in a folder named after a hash of every kernel
source file: any change to the kernel means a fresh folder and a full, correct compile. The
folder is ``$NUMBA_CACHE_DIR/<hash>`` if that variable is set, else the user's cache folder.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import numba

CACHE = os.environ.get("GIFT_ANALYZER_NO_CACHE", "") == ""
_PACKAGE = Path(__file__).resolve().parent.parent
_KERNEL_SOURCES = ("kernel", "policies", "enums.py")
# Python-only modules inside those folders (policy parsers, the tuner): numba never compiles
# them, so editing them must not move the cache folder (that recompiles for everyone).
_NOT_COMPILED = ("policies/table.py", "policies/tune.py")


def source_hash() -> str:
    """Hash of the source files the compiled kernel is made of."""
    digest = hashlib.sha256()
    for name in _KERNEL_SOURCES:
        path = _PACKAGE / name
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for f in files:
            if f.relative_to(_PACKAGE).as_posix() in _NOT_COMPILED:
                continue
            digest.update(f.relative_to(_PACKAGE).as_posix().encode())
            digest.update(f.read_bytes())
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    base = os.environ.get("NUMBA_CACHE_DIR")
    if base:
        root = Path(base)
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        root = (Path(xdg) if xdg else Path.home() / ".cache") / "gift-analyzer" / "numba"
    return root / source_hash()


if CACHE:
    numba.config.CACHE_DIR = str(cache_dir())


def njit(*args, **kwargs):
    """``numba.njit`` with the project's flags (cache on, nogil)."""
    kwargs.setdefault("cache", CACHE)
    kwargs.setdefault("nogil", True)
    if args and callable(args[0]):
        return numba.njit(**kwargs)(args[0])
    return numba.njit(*args, **kwargs)

"""Numba flags, in one place. Every kernel function is ``@njit`` from here: cached on disk, no
object mode, no fastmath (results must not depend on the machine's float reassociation)."""

from __future__ import annotations

import os

import numba

CACHE = os.environ.get("GIFT_ANALYZER_NO_CACHE", "") == ""


def njit(*args, **kwargs):
    """``numba.njit`` with the project's flags (cache on, nogil)."""
    kwargs.setdefault("cache", CACHE)
    kwargs.setdefault("nogil", True)
    if args and callable(args[0]):
        return numba.njit(**kwargs)(args[0])
    return numba.njit(*args, **kwargs)

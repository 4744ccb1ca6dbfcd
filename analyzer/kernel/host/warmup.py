"""Is the compiled kernel in numba's on-disk cache? (So the CLI can say when it compiles.)"""

from __future__ import annotations

import sys

_FOUND: set[str] = set()  # names seen cached: numba never deletes an entry while we run


def cache_name(dispatcher) -> str:
    """The ``module.func`` name numba's cache files of a jitted function begin with."""
    return f"{dispatcher.py_func.__module__.rsplit('.', 1)[1]}.{dispatcher.__name__}"


def is_cached(name: str) -> bool:
    """True if numba's cache holds compiled code of kernel function ``name`` (``module.func``,
    e.g. ``batch.run_batch``) for this Python and these sources."""
    if name in _FOUND:
        return True
    from analyzer.kernel.runtime.config import cache_dir

    tag = f"py{sys.version_info.major}{sys.version_info.minor}"
    root = cache_dir()
    if root.is_dir() and any(root.rglob(f"{name}-*.{tag}.nbi")):
        _FOUND.add(name)
        return True
    return False


def kernel_cached() -> bool:
    """True if the batch runner's compiled code is on disk for this Python and these sources."""
    return is_cached("batch.run_batch")

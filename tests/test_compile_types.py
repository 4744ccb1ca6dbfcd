"""One compilation per kernel function: calls from jitted code with literals, int32 and int64
arguments share a single int64 specialization (kernel/runtime/config.py, ``_Int64Dispatcher``)."""

import os
import subprocess
import sys

import numpy as np
import pytest
from llvmlite import binding as ll

from analyzer.kernel.layout import H
from analyzer.kernel.rules.chars import refresh
from analyzer.kernel.rules.engine import new_record
from analyzer.kernel.runtime.config import njit, python_dispatcher


@njit(cache=False)
def _callee(a, i, flag):
    a[i] += 1 if flag else 2
    return a[i]


@njit(cache=False)
def _with_default(a, i, flag=True, k=-1):
    return a[i] + (10 if flag else 20) + k


@njit(cache=False)
def _defaults_caller(a):
    x = _with_default(a, 0)  # both defaults left out
    x += _with_default(a, 1, False)  # one given, as a literal bool
    x += _with_default(a, 2, 1, k=3)  # an int for the flag, the other by keyword
    return x


@njit(cache=False)
def _tuple_sum(t):
    return t[0] + t[1]


@njit(cache=False)
def _caller(a, j):
    x = _callee(a, 0, True)  # literal int, literal bool
    x += _callee(a, j, False)  # int32 from the array, another literal
    x += _callee(a, np.int64(j) + 1, x > 0)  # int64, computed bool
    x += _tuple_sum((a[0], a[1])) + _tuple_sum((1, 2)) - 3  # int32 pair, literal pair
    return x


def test_literal_and_narrow_int_arguments_share_one_compilation():
    a = np.zeros(4, dtype=np.int32)
    j = a[3] + np.int32(1)  # an int32 scalar
    assert _caller(a, j) == 1 + 2 + 1 + (1 + 2)
    assert list(a) == [1, 2, 1, 0]
    sigs = [tuple(str(t) for t in sig) for sig in _callee.signatures]
    assert len(sigs) == 1, sigs
    assert sigs[0][1:] == ("int64", "int64")  # a flag is an int64 too
    assert [str(sig[0]) for sig in _tuple_sum.signatures] == ["UniTuple(int64 x 2)"]


def test_calls_leaving_out_defaults_share_the_compilation_of_calls_passing_them():
    a = np.array([1, 2, 3], dtype=np.int32)
    assert _defaults_caller(a) == (1 + 10 - 1) + (2 + 20 - 1) + (3 + 10 + 3)
    sigs = [tuple(str(t) for t in sig) for sig in _with_default.signatures]
    assert len(sigs) == 1, sigs
    assert sigs[0][1:] == ("int64", "int64", "int64")


def test_kernel_functions_called_from_jitted_code_have_no_python_wrapper():
    """A kernel function that is not an entry point is compiled without numba's CPython
    wrapper; a Python call compiles a wrapped twin, and both give the same result."""
    a = np.array([5, 7, 0, 0], dtype=np.int32)
    assert _caller(a, np.int32(1)) == 6 + 9 + 1 + (6 + 9)  # _callee compiled for jitted code
    assert list(a) == [6, 9, 1, 0]
    (cres,) = _callee.overloads.values()
    defined = [f.name for f in cres.library._final_module.functions if not f.is_declaration]
    assert defined and not any(name.startswith("_ZN7cpython") for name in defined), defined
    assert _callee(a, 2, False) == 3 and a[2] == 3  # from Python: the wrapped twin
    (twin,) = python_dispatcher(_callee).overloads.values()
    twin_defined = [f.name for f in twin.library._final_module.functions]
    assert any(name.startswith("_ZN7cpython") for name in twin_defined)
    assert python_dispatcher(_entry_refreshes) is _entry_refreshes  # entry points: wrapped


def test_prune_stale_deletes_only_old_kernel_folders(tmp_path):
    import os
    import time

    from analyzer.kernel.runtime.config import mark_used, prune_stale

    current = tmp_path / "0123456789abcdef"
    old = tmp_path / "fedcba9876543210"
    recent = tmp_path / "00000000000000aa"
    other = tmp_path / "not-a-kernel"
    for d in (current, old, recent, other):
        mark_used(d)
    long_ago = time.time() - 30 * 86400
    for d in (current, old, other):
        os.utime(d / "last-used", (long_ago, long_ago))
    assert prune_stale(current) == [old]
    assert current.exists() and recent.exists() and other.exists() and not old.exists()


@njit(cache=False, entry=True)
def _entry_refreshes(G, C):
    refresh(G, C)
    G[H.BF_N] = 0
    refresh(G, C)
    return G[H.BF_N]


@njit(cache=False)
def _plain_refreshes(G, C):  # the same body, not an entry point
    refresh(G, C)
    G[H.BF_N] = 0
    refresh(G, C)
    return G[H.BF_N]


def _kernel_linkages(disp) -> dict[str, str]:
    """Linkage of each kernel function defined in the module of disp's one compilation."""
    (cres,) = python_dispatcher(disp).overloads.values()
    return {
        fn.name: ll.Linkage(fn.linkage).name
        for fn in cres.library._final_module.functions
        if not fn.is_declaration and fn.name.startswith("_ZN8analyzer")
    }


def test_entry_points_get_internal_kernel_callees():
    """njit(entry=True): the kernel functions linked into an entry point's module become
    internal (LLVM may then drop their unused arguments); any other caller's module keeps
    numba's shared linkonce_odr copies."""
    G = new_record(np.array([40, 40], dtype=np.int64))
    C = np.zeros(64, dtype=np.int32)
    assert _entry_refreshes(G, C) == 0 and _plain_refreshes(G, C) == 0
    inside_entry = _kernel_linkages(_entry_refreshes)
    inside_plain = _kernel_linkages(_plain_refreshes)
    assert inside_entry and set(inside_entry.values()) == {"private"}, inside_entry
    assert "linkonce_odr" in inside_plain.values(), inside_plain


_REFRESH_ONCE = """
import numpy as np
from analyzer.kernel.layout import H
from analyzer.kernel.rules.chars import refresh
from analyzer.kernel.rules.engine import new_record
G = new_record(np.array([40, 40], dtype=np.int64))
refresh(G, np.zeros(64, dtype=np.int32))
from analyzer.kernel.runtime.config import python_dispatcher
(cres,) = python_dispatcher(refresh).overloads.values()
from numba.core.registry import CPUDispatcher
import sys
kernel = {
    v for name, m in list(sys.modules.items()) if name.startswith("analyzer.")
    for v in vars(m).values() if isinstance(v, CPUDispatcher) and v is not refresh
}
loaded = sum(1 for d in kernel if sum(d._cache_hits.values()))
print(G[H.BF_N], getattr(cres.library, "_kernel_needs", None) is not None, loaded > 0)
"""


@pytest.mark.compile
def test_a_kernel_function_cached_without_its_callees_code_runs_in_a_new_process(tmp_path):
    """A kernel function's module holds its own machine code only (config._emit_cheaply);
    loaded from the cache by a process that has not compiled its callees (a test calling it
    from Python), their own cached code is loaded (kernel/host/cache_load.py), not made again
    from the cached call tree, and it runs as compiled."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path), "GIFT_ANALYZER_SERIAL_COMPILE": "1"}
    env.pop("NUMBA_DISABLE_JIT", None)
    env.pop("GIFT_ANALYZER_NO_CACHE", None)
    runs = [
        subprocess.run(
            [sys.executable, "-c", _REFRESH_ONCE], env=env, capture_output=True, text=True
        )
        for _ in range(2)
    ]
    for run in runs:
        assert run.returncode == 0, run.stderr[-3000:]
    compiled, loaded = (run.stdout.split() for run in runs)
    assert compiled[1] == "True" and compiled[2] == "False"  # compiled with its own code only
    # loaded from the cache: the same result, its callees' code loaded from the cache too
    assert loaded == [compiled[0], "False", "True"]


def test_a_kernel_symbol_names_its_dispatcher():
    """cache_load finds the kernel function a callee's mangled name names (numba's mangling:
    each part of the qualified name as length and text, then the ABI tags)."""
    from analyzer.kernel.host import cache_load
    from analyzer.kernel.runtime.config import _entry_symbol

    G = new_record(np.array([40, 40], dtype=np.int64))
    refresh(G, np.zeros(64, dtype=np.int32))
    (cres,) = python_dispatcher(refresh).overloads.values()
    symbol = cres.fndesc.mangled_name
    assert symbol.startswith(_entry_symbol(refresh.py_func))
    cache_load._scan(_entry_symbol)
    assert cache_load._dispatcher(symbol) is refresh  # the jitted callers' one, not the twin
    assert cache_load._dispatcher(symbol.replace("7refresh", "6refres", 1)) is None
    assert cache_load._dispatcher("_ZN5numba7cpython7unicodeE") is None

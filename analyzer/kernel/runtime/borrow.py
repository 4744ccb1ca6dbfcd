"""Borrowed array views: the game loop's arrays without reference counting.

Kernel functions are compiled without reference counting (``config.njit``), but the game loop
(``engine.advance``) counts (it reaches the rollout play-outs, which allocate), as do its
callers, the batch runners and the fork runner. There every use of the record ``G``, the
catalog ``C`` and ``pol`` would take and drop an atomic reference. ``borrow(a)`` is a view of
``a`` (same data, shape, strides and type) with no meminfo, so those operations are no-ops
(9% of the run time measured on the bench matchup).

Only for arrays that outlive every use of the view: ``engine.advance`` borrows the record and
the catalog its caller owns for the whole call; the view is never stored or returned."""

from __future__ import annotations

from numba import types
from numba.extending import intrinsic, overload
from numba.np.arrayobj import make_array, populate_array


def borrow(arr):
    """A view of ``arr`` that holds no reference (NULL meminfo and parent). Interpreted
    (NUMBA_DISABLE_JIT=1) there is no reference counting to avoid: ``arr`` itself."""
    return arr


@intrinsic
def _borrow(typingctx, arr):
    if not isinstance(arr, types.Array):
        return None

    def codegen(context, builder, signature, args):
        src = make_array(arr)(context, builder, value=args[0])
        dst = make_array(arr)(context, builder)
        populate_array(
            dst,
            data=src.data,
            shape=src.shape,
            strides=src.strides,
            itemsize=src.itemsize,
            meminfo=None,
            parent=None,
        )
        return dst._getvalue()

    return arr(arr), codegen


@overload(borrow, jit_options={"_nrt": True})
def _borrow_overload(arr):
    if isinstance(arr, types.Array):
        return lambda arr: _borrow(arr)
    return None

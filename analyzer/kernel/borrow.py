"""Borrowed array views: the game loop's arrays without reference counting.

Numba reference-counts every array it passes to a function that is not inlined: each kernel
call takes and drops an atomic reference on the record ``G``, on each of the five catalog
arrays of ``C`` and on ``pol`` (and again on ``cards = C[0]`` and friends), which cost more
than the work of many small kernel functions. ``borrow(a)`` is a view of ``a`` (same data,
shape, strides and type) with no meminfo, so those reference operations are no-ops.

Only for arrays that outlive every use of the view: ``engine.advance`` borrows the record and
the catalog its caller owns for the whole call; the view is never stored or returned.
"""

from __future__ import annotations

from numba import types
from numba.extending import intrinsic, overload
from numba.np.arrayobj import make_array, populate_array

from analyzer.kernel.config import njit


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
        populate_array(dst, data=src.data, shape=src.shape, strides=src.strides,
                       itemsize=src.itemsize, meminfo=None, parent=None)
        return dst._getvalue()

    return arr(arr), codegen


@overload(borrow, jit_options={"_nrt": True})
def _borrow_overload(arr):
    if isinstance(arr, types.Array):
        return lambda arr: _borrow(arr)
    return None


@njit
def borrow_catalog(C):
    """The catalog tuple (cards, abilities, targets, steps, gift_tokens), borrowed."""
    return (borrow(C[0]), borrow(C[1]), borrow(C[2]), borrow(C[3]), borrow(C[4]))

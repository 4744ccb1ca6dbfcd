"""The card catalog as the kernel takes it: one flat int32 array ``C`` holding the four tables
(cards, abilities, target groups, steps) and the gift-token row.

Why one array: numba passes every array argument as its seven to nine fields, so the old
tuple of five tables cost 43 machine words on every call of a kernel function (with ``G``
and ``pol``, about 59); one flat array costs seven. Kernel code takes 2-D views of the
tables where it needs them (``cards = cards_of(C)``), which costs three loads.

Layout: a header of ``HEADER`` ints, three per table (start, rows, columns), then each table
row-major. The gift-token row is a table of one row, indexed by GiftKind.
"""

from __future__ import annotations

from collections.abc import Sequence

import numba
import numpy as np
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic
from numba.np.arrayobj import make_array, populate_array

from analyzer.enums import KINDS_HI, KINDS_HI2, AbilCol, CardCol, Op, StepCol
from analyzer.kernel.runtime.config import njit

CARD_TABLE, ABILITY_TABLE, TARGET_TABLE, STEP_TABLE, GIFT_TOKEN_TABLE = range(5)
HEADER = 16  # 5 tables x (start, rows, columns), padded


def pack_catalog(tables: Sequence[np.ndarray]) -> np.ndarray:
    """The flat catalog array of the compiled tables (cards, abilities, targets, steps,
    gift tokens: ``cards.compile.CatalogTables``)."""
    *grids, gift_tokens = (np.asarray(t, dtype=np.int32) for t in tables)
    grids.append(gift_tokens.reshape(1, -1))
    for t in grids:
        if t.ndim != 2:
            raise ValueError(f"a catalog table must be 2-D, not of shape {t.shape}")
    flat = np.zeros(HEADER + sum(t.size for t in grids), dtype=np.int32)
    at = HEADER
    for k, t in enumerate(grids):
        flat[3 * k : 3 * k + 3] = (at, t.shape[0], t.shape[1])
        flat[at : at + t.size] = t.ravel()
        at += t.size
    return flat


def _table_py(C, k):
    start, rows, cols = (int(x) for x in C[3 * k : 3 * k + 3])
    return C[start : start + rows * cols].reshape(rows, cols)


def _table_intrinsic(k: int):
    """An intrinsic returning a 2-D view of table ``k`` of the flat catalog, holding no
    reference (like borrow.py's views: the caller owns the catalog for the whole call).

    An intrinsic, not an ``njit(inline="always")`` function: numba lowers it in place, where
    an IR-inlined function re-ran its front end and deep-copied its IR at every one of the
    ~430 call sites (a tenth of a cold compile); the LLVM IR is the same three loads."""

    @intrinsic
    def table(typingctx, flat):
        if not (isinstance(flat, types.Array) and flat.ndim == 1 and flat.dtype == types.int32):
            return None
        view = types.Array(types.int32, 2, "C")

        def codegen(context, builder, signature, args):
            src = make_array(signature.args[0])(context, builder, value=args[0])
            intp = context.get_value_type(types.intp)

            def header(i):
                ptr = builder.gep(src.data, [intp(3 * k + i)])
                return builder.sext(builder.load(ptr), intp)

            start, rows, cols = header(0), header(1), header(2)
            dst = make_array(view)(context, builder)
            populate_array(
                dst,
                data=builder.gep(src.data, [start]),
                shape=cgutils.pack_array(builder, [rows, cols]),
                strides=cgutils.pack_array(builder, [builder.mul(cols, intp(4)), intp(4)]),
                itemsize=src.itemsize,
                meminfo=None,
                parent=None,
            )
            return dst._getvalue()

        return view(flat), codegen

    return table


def _accessor(k: int, doc: str):
    # interpreted (NUMBA_DISABLE_JIT=1), an intrinsic cannot be called: plain numpy views
    if numba.config.DISABLE_JIT:

        def table(C):
            return _table_py(C, k)

        table.__doc__ = doc
        return table
    return _table_intrinsic(k)


cards_of = _accessor(CARD_TABLE, "The card table: rows by card id, columns ``CardCol``.")
abilities_of = _accessor(ABILITY_TABLE, "The ability table: rows by ability id, ``AbilCol``.")
targets_of = _accessor(TARGET_TABLE, "The target-group table: columns ``TargCol``.")
steps_of = _accessor(STEP_TABLE, "The step table: columns ``StepCol``.")


@njit
def gift_token(C, kind):
    """Card id of the token a gift of this GiftKind creates, -1 for none."""
    return C[C[3 * GIFT_TOKEN_TABLE] + kind]


@njit(inline_in_entry=True)
def has_kind(cards, card, kind):
    """Has this card an ability of this AbilityKind? Its bit is in CardCol.AB_KINDS, or for the
    kinds from KINDS_HI on in CardCol.AB_KINDS_HI, from KINDS_HI2 on in CardCol.AB_KINDS_HI2 (a
    constant kind folds to one test)."""
    if kind >= KINDS_HI2:
        return (cards[card, CardCol.AB_KINDS_HI2] >> (kind - KINDS_HI2)) & 1 != 0
    if kind >= KINDS_HI:
        return (cards[card, CardCol.AB_KINDS_HI] >> (kind - KINDS_HI)) & 1 != 0
    return (cards[card, CardCol.AB_KINDS] >> kind) & 1 != 0


@njit
def does_nothing(C, ab):
    """Is ability row ab a program of `nop` steps alone, with no targets and no modes (an
    approximate spell whose effect is not modeled: Promise of Loyalty)?"""
    if ab < 0:
        return False
    abilities = abilities_of(C)
    n = abilities[ab, AbilCol.ST_COUNT]
    if n == 0 or abilities[ab, AbilCol.TG_COUNT] > 0 or abilities[ab, AbilCol.MODES] > 0:
        return False
    steps = steps_of(C)
    s0 = abilities[ab, AbilCol.ST_START]
    for k in range(s0, s0 + n):
        if steps[k, StepCol.OP] != Op.NOP:
            return False
    return True


@njit
def has_op(C, ab, op):
    """Has ability row ab a step with this Op?"""
    abilities = abilities_of(C)
    steps = steps_of(C)
    s0 = abilities[ab, AbilCol.ST_START]
    for k in range(s0, s0 + abilities[ab, AbilCol.ST_COUNT]):
        if steps[k, StepCol.OP] == op:
            return True
    return False


@njit
def kind_has_op(C, card, kind, op):
    """Has the card an ability of this AbilityKind with a step of this Op (a valiant that puts
    counters, a static that reads a hand's size)?"""
    cards = cards_of(C)
    abilities = abilities_of(C)
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] == kind and has_op(C, a, op):
            return True
    return False


@njit
def static_step_a(C, card, op):
    """Column A of the card's first step with this Op (a static's amount); 0 if none."""
    cards = cards_of(C)
    steps = steps_of(C)
    abilities = abilities_of(C)
    a0 = cards[card, CardCol.AB_START]
    for ab in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        s0 = abilities[ab, AbilCol.ST_START]
        for k in range(s0, s0 + abilities[ab, AbilCol.ST_COUNT]):
            if steps[k, StepCol.OP] == op:
                return steps[k, StepCol.A]
    return 0


@njit
def op_sum(C, ab, op, ref):
    """The sum of column A (the amount: damage, keyword bits, ...) over ability row ab's steps
    with this Op and, when ref >= 0, this REF (a target group, a Ref); 0 if none."""
    abilities = abilities_of(C)
    steps = steps_of(C)
    total = 0
    s0 = abilities[ab, AbilCol.ST_START]
    for k in range(s0, s0 + abilities[ab, AbilCol.ST_COUNT]):
        if steps[k, StepCol.OP] == op and (ref < 0 or steps[k, StepCol.REF] == ref):
            total += steps[k, StepCol.A]
    return total

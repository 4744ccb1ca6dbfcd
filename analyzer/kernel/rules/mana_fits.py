"""Castability without the planner: what ``mana_plan.plan`` would answer for a cost (payable or
not), from counts of the source entries, for the common kinds of sources.

Only the answer is computed, not which sources pay, so these serve the castability questions
(``mana.can_pay_spell``, ``ai_cast._can_cast_now``: no payer's needs, no hybrid symbol, no
"mana of any type"); paying still plans. Each function answers 1 (payable), 0 (not) or -1
(only the planner can answer), and must agree with plan() wherever it answers
(tests/test_mana_fits.py checks them against the planner on random sources).
"""

from __future__ import annotations

from analyzer.kernel.rules.mana_plan import (
    ANY_COLOR,
    FUEL_ANY,
    PAIN_BIT,
    SIG_FIRST,
    SIG_SECOND,
    SRC_LAND,
    SRC_POOL,
    SRC_SAC_ANY,
    SRC_SIGNET,
    popcount5,
)
from analyzer.kernel.runtime.config import njit

SIMPLE_BITS = 6  # simple_sources: one count of entries (at most 32) per field
# simple_sources' bit for entries some of which make several colors (a dual land, Command
# Tower): the fields are then the entries that make each color, Treasures included
SIMPLE_WIDE = 1 << (SIMPLE_BITS * 6)
_EACH_COLOR = sum(1 << (SIMPLE_BITS * c) for c in range(5))  # one in every color's field


@njit
def simple_sources(masks, kinds, n):
    """The entries as counts, when each is plain: pool mana or a land's mana (no filter,
    creature-only, one-of-several-colors or Signet bit; a pain land's is plain), or a
    Treasure. Packed: per color WUBRG the entries of that one color (SIMPLE_BITS each), then
    the Treasures; with SIMPLE_WIDE (some land makes several colors), per color the entries
    that make it. -1 when some entry is not plain (then only plan can answer)."""
    out = 0
    t = 0
    wide = False
    for i in range(n):
        m = masks[i]
        k = kinds[i]
        if k == SRC_SAC_ANY and m == ANY_COLOR:
            t += 1
        elif (k == SRC_LAND or k == SRC_POOL) and (m & ~(63 | PAIN_BIT)) == 0:
            for c in range(5):
                if (m >> c) & 1:
                    out += 1 << (SIMPLE_BITS * c)
            if popcount5(m) > 1:
                wide = True
        else:
            return -1
    if wide:
        return (out + t * _EACH_COLOR) | SIMPLE_WIDE
    return out | (t << (SIMPLE_BITS * 5))


@njit
def simple_fits(simple, n, generic, colored):
    """plan()'s answer (any payer's needs, any_type False) for the n entries simple_sources
    packed (not -1) and a cost with no hybrid symbol, without planning: 1 payable, 0 not, -1
    when only plan can answer (SIMPLE_WIDE and symbols of two colors: which entry pays which
    then depends on plan's order). Plain entries: plan gives each colored symbol an entry of
    its one color while there is one (a pain land's too, before a Treasure), else a Treasure,
    and generic mana any n entries left. SIMPLE_WIDE: a cost of one color takes any k entries
    of the color, generic mana any n - k left."""
    mask = (1 << SIMPLE_BITS) - 1
    used = 0
    if simple & SIMPLE_WIDE:
        color = -1
        for c in range(5):
            if colored[c] > 0:
                if color >= 0:
                    return -1
                color = c
                used = colored[c]
        if color >= 0 and ((simple >> (SIMPLE_BITS * color)) & mask) < used:
            return 0
        return 1 if n - used >= generic else 0
    short = 0
    for c in range(5):
        used += colored[c]
        short += max(colored[c] - ((simple >> (SIMPLE_BITS * c)) & mask), 0)
    return 1 if short <= (simple >> (SIMPLE_BITS * 5)) and n - used >= generic else 0


@njit
def counted_fits(masks, kinds, n, simple, generic, colored):
    """plan()'s answer for a cost with no hybrid symbol (any_type False), by counting: simple_fits
    when simple (simple_sources of the entries) packed them, else signet_fits; -1 when only
    plan can answer. The one place castability (ai_cast) and can_pay_spell pick the count."""
    if simple >= 0:
        return simple_fits(simple, n, generic, colored)
    return signet_fits(masks, kinds, n, generic, colored)


@njit
def signet_fits(masks, kinds, n, generic, colored):
    """plan()'s answer (no needs, any_type False, no hybrid symbol) for plain entries (as
    simple_sources, lands of several colors too) beside Signets ("{1}, {T}: Add {R}{G}.": fuel
    {1}, two mana of one color each, no land's own mana), for a cost of at most one color: 1
    payable, 0 not, -1 when only plan can answer (another kind of entry, no Signet, or symbols
    of two colors). The counts follow plan's two tries (_signet_try)."""
    color = -1
    k = 0
    for c in range(5):
        if colored[c] > 0:
            if color >= 0:
                return -1
            color = c
            k = colored[c]
    bit = (1 << color) if color >= 0 else 0
    pool = pool_c = lands = lands_c = pain_c = treasures = signets = signets_c = 0
    for i in range(n):
        m = masks[i]
        kind = kinds[i]
        if kind == SRC_SAC_ANY and m == ANY_COLOR:
            treasures += 1
        elif kind == SRC_POOL and (m & ~63) == 0:
            pool += 1
            pool_c += 1 if m & bit else 0
        elif kind == SRC_LAND and (m & ~(63 | PAIN_BIT)) == 0:
            lands += 1
            if m & bit:
                if m & PAIN_BIT:
                    pain_c += 1
                else:
                    lands_c += 1
        elif kind == SRC_SIGNET and m & SIG_FIRST:
            if m != (m & 31) | SIG_FIRST | FUEL_ANY or popcount5(m) != 1 or i + 1 >= n:
                return -1  # a hybrid fuel ({U/R}), or no second mana to pair with
            m2 = masks[i + 1]
            if m2 != (m2 & 31) | SIG_SECOND or popcount5(m2) != 1 or (m & m2 & 31) != 0:
                return -1
            signets += 1
            signets_c += 1 if (m | m2) & bit else 0
        elif not (kind == SRC_SIGNET and m & SIG_SECOND):  # (checked with its first)
            return -1
    if signets == 0:
        return -1
    counts = (pool, pool_c, lands, lands_c, pain_c, treasures, signets, signets_c)
    if _signet_try(counts, generic, k, 0) or _signet_try(counts, generic, k, 1):
        return 1
    return 0


@njit
def _signet_try(counts, generic, k, signets_first):
    """One of plan's tries with Signets (sig 1: Signets last, 2: first), counted. The k
    colored symbols take, by plan's scores: the pool's mana of the color (first in the
    entries, so first among equal scores), lands' that do not hurt, then Signet mana (41;
    -39 when Signets go first), pain lands' (51 or more), Treasures (105). Generic mana takes
    the pool, then the other mana of each Signet used, lands, fresh Signets (first Signet
    first, so m of their mana use (m + 1) // 2 Signets; before the lands when Signets go
    first), Treasures. Then each Signet used takes one more unused non-Signet entry (_fuel)."""
    pool, pool_c, lands, lands_c, pain_c, treasures, signets, signets_c = counts
    left = k
    xs = 0
    if signets_first:
        xs = min(left, signets_c)
        left -= xs
    xq = min(left, pool_c)
    left -= xq
    xl = min(left, lands_c)
    left -= xl
    if not signets_first:
        xs = min(left, signets_c)
        left -= xs
    xp = min(left, pain_c)
    left -= xp
    xt = min(left, treasures)
    left -= xt
    if left > 0:
        return False  # (no filter among these entries)
    g = generic
    pool_u = pool - xq
    lands_u = lands - xl - xp
    treasures_u = treasures - xt
    g -= min(g, pool_u)
    from_pool = generic - g
    g -= min(g, xs)  # the other mana of the Signets the colored symbols used
    if signets_first:
        fresh = min(g, 2 * (signets - xs))
        g -= fresh
        from_lands = min(g, lands_u)
        g -= from_lands
    else:
        from_lands = min(g, lands_u)
        g -= from_lands
        fresh = min(g, 2 * (signets - xs))
        g -= fresh
    from_treasures = min(g, treasures_u)
    g -= from_treasures
    if g > 0:
        return False
    used = xs + (fresh + 1) // 2
    return used <= pool_u - from_pool + lands_u - from_lands + treasures_u - from_treasures

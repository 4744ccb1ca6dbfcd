"""Stack entries: push, pop, and removing a spell (countered, returned to hand).

An entry holds its kind (spell, ability, gift trigger, copy, delayed trigger), source object and
card, ability row, controller, whether the gift was promised and to whom (702.174k: fixed at
cast), X, the object that caused a trigger, and up to MAX_TARGETS targets with the zone-change
counters they had when chosen.
"""

from __future__ import annotations

from analyzer.kernel.layout import MAX_STACK, MAX_TARGETS, OFF_STACK, SF, H, S
from analyzer.kernel.rules.state import ERR_STACK, overflow
from analyzer.kernel.runtime.config import njit


@njit
def push_entry(G, kind, obj, card, ab, ctrl, promised, recipient, slots, zccs, trig_obj, zcc):
    n = G[H.STACK_N]
    if n >= MAX_STACK:
        overflow(G, ERR_STACK)
        return -1
    e = OFF_STACK + n * SF
    G[e + S.KIND] = kind
    G[e + S.OBJ] = obj
    G[e + S.CARD] = card
    G[e + S.AB] = ab
    G[e + S.CTRL] = ctrl
    G[e + S.PROMISED] = promised
    G[e + S.RECIPIENT] = recipient
    G[e + S.X] = 0
    G[e + S.TRIG_OBJ] = trig_obj
    G[e + S.ZCC] = zcc
    for i in range(MAX_TARGETS):
        G[e + S.T0 + i] = slots[i]
        G[e + S.Z0 + i] = zccs[i]
    G[H.STACK_N] = n + 1
    return n


@njit
def remove_entry(G, i):
    """Remove entry i, keeping the order of the others."""
    n = G[H.STACK_N]
    for j in range(i, n - 1):
        for f in range(SF):
            G[OFF_STACK + j * SF + f] = G[OFF_STACK + (j + 1) * SF + f]
    G[H.STACK_N] = n - 1


@njit
def find_spell_entry(G, o):
    """Index of the spell entry whose card is object o, or -1."""
    for i in range(G[H.STACK_N] - 1, -1, -1):
        e = OFF_STACK + i * SF
        if G[e + S.KIND] == 0 and G[e + S.OBJ] == o:
            return i
    return -1


@njit
def entry_field(G, i, f):
    return G[OFF_STACK + i * SF + f]

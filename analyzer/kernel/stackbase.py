"""Stack entries: push, pop, and removing a spell (countered, returned to hand).

An entry holds its kind (spell, ability, gift trigger, copy, delayed trigger), source object and
card, ability row, controller, whether the gift was promised and to whom (702.174k: fixed at
cast), X, the object that caused a trigger, and up to MAX_TARGETS targets with the zone-change
counters they had when chosen.
"""

from __future__ import annotations

from analyzer.kernel.config import njit
from analyzer.kernel.layout import (
    H_STACK_N,
    MAX_STACK,
    MAX_TARGETS,
    OFF_STACK,
    S_AB,
    S_CARD,
    S_CTRL,
    S_KIND,
    S_OBJ,
    S_PROMISED,
    S_RECIPIENT,
    S_T0,
    S_TRIG_OBJ,
    S_X,
    S_Z0,
    S_ZCC,
    SF,
)
from analyzer.kernel.state import ERR_STACK, overflow


@njit
def push_entry(G, kind, obj, card, ab, ctrl, promised, recipient, slots, zccs, trig_obj, zcc):
    n = G[H_STACK_N]
    if n >= MAX_STACK:
        overflow(G, ERR_STACK)
        return -1
    e = OFF_STACK + n * SF
    G[e + S_KIND] = kind
    G[e + S_OBJ] = obj
    G[e + S_CARD] = card
    G[e + S_AB] = ab
    G[e + S_CTRL] = ctrl
    G[e + S_PROMISED] = promised
    G[e + S_RECIPIENT] = recipient
    G[e + S_X] = 0
    G[e + S_TRIG_OBJ] = trig_obj
    G[e + S_ZCC] = zcc
    for i in range(MAX_TARGETS):
        G[e + S_T0 + i] = slots[i]
        G[e + S_Z0 + i] = zccs[i]
    G[H_STACK_N] = n + 1
    return n


@njit
def remove_entry(G, i):
    """Remove entry i, keeping the order of the others."""
    n = G[H_STACK_N]
    for j in range(i, n - 1):
        for f in range(SF):
            G[OFF_STACK + j * SF + f] = G[OFF_STACK + (j + 1) * SF + f]
    G[H_STACK_N] = n - 1


@njit
def find_spell_entry(G, o):
    """Index of the spell entry whose card is object o, or -1."""
    for i in range(G[H_STACK_N] - 1, -1, -1):
        e = OFF_STACK + i * SF
        if G[e + S_KIND] == 0 and G[e + S_OBJ] == o:
            return i
    return -1


@njit
def entry_field(G, i, f):
    return G[OFF_STACK + i * SF + f]

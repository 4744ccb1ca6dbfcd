"""Ops of the effect interpreter added for the Bloomburrow Commander precons (issue 21): the
steps one or two precon cards need and nothing else did. Split from effects.py, whose
run_steps dispatches ops from ``Op.EXILE_GRAVEYARD`` on to ``run_cmdr_op``."""

from __future__ import annotations

from analyzer.enums import Op, Zone
from analyzer.kernel.layout import PLAYER_BASE, P
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.state import graveyard_at, move_object, pb
from analyzer.kernel.runtime.config import njit


@njit
def exile_graveyard(G, C, p):
    """Every card in p's graveyard is exiled ("exile target player's graveyard"), top first."""
    cards = cards_of(C)
    for _ in range(G[pb(p) + P.GY_N]):
        n = G[pb(p) + P.GY_N]
        if n == 0:
            break
        move_object(G, cards, graveyard_at(G, p, n - 1), Zone.EXILE)


@njit
def run_cmdr_op(G, C, op, n, vals):
    """One step of an op of this module for the n values of its ref."""
    if op == Op.EXILE_GRAVEYARD:
        for i in range(n):
            if vals[i] >= PLAYER_BASE:
                exile_graveyard(G, C, vals[i] - PLAYER_BASE)

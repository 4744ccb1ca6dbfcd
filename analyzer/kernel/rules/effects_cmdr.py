"""Ops of the effect interpreter added for the Bloomburrow Commander precons (issue 21): the
steps one or two precon cards need and nothing else did. Split from effects.py, whose
run_steps dispatches ops from ``Op.EXILE_GRAVEYARD`` on to ``run_cmdr_op``."""

from __future__ import annotations

from analyzer.enums import Op, Zone
from analyzer.kernel.layout import PLAYER_BASE, P
from analyzer.kernel.player.choices import discard_choice, fodder_choice
from analyzer.kernel.rules.activation import SAC_CREATURE, SAC_CREATURE_OR_PLANESWALKER
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.sba import batch_deaths, fire_dies_first, sacrifice
from analyzer.kernel.rules.state import move_object
from analyzer.kernel.rules.view import graveyard_at, pb
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
def _edict_choice(G, C, vals, i, creature_only):
    """What the player vals[i] sacrifices to each_sacrifices_creature, -1 if nothing."""
    if vals[i] < PLAYER_BASE or G[pb(vals[i] - PLAYER_BASE) + P.LOST]:
        return -1
    kind = SAC_CREATURE if creature_only else SAC_CREATURE_OR_PLANESWALKER
    return fodder_choice(G, C, vals[i] - PLAYER_BASE, -1, kind)


@njit
def each_sacrifices_creature(G, C, n, vals, creature_only=False):
    """Each player in vals sacrifices a creature or planeswalker of their choice (the least
    valuable, choices.fodder_choice); each player who can't discards a card (Plaguecrafter).
    The choices come first and the permanents are sacrificed at once (701.21a), so a
    "whenever another creature dies" permanent sacrificed with the others sees them
    (603.10a). A player's choice is among their own permanents, which the others'
    sacrifices leave alone, so it is taken again as it is sacrificed. creature_only: "each
    player sacrifices a creature of their choice" (Season of Loss): no planeswalker, and a
    player who can't sacrifices nothing and discards nothing."""
    cards = cards_of(C)
    batch = batch_deaths(G)
    cant = 0
    for i in range(n):
        if vals[i] < PLAYER_BASE or G[pb(vals[i] - PLAYER_BASE) + P.LOST]:
            continue
        o = _edict_choice(G, C, vals, i, creature_only)
        if o < 0 and not creature_only:
            cant |= 1 << i
        elif batch:
            fire_dies_first(G, C, o)
    for i in range(n):
        o = _edict_choice(G, C, vals, i, creature_only)
        if o >= 0:
            sacrifice(G, C, o, not batch)
    for i in range(n):
        if (cant >> i) & 1:
            w = discard_choice(G, C, vals[i] - PLAYER_BASE, False)
            if w >= 0:
                move_object(G, cards, w, Zone.GRAVEYARD)


@njit
def run_cmdr_op(G, C, op, a, n, vals):
    """One step of an op of this module for the n values of its ref (a: its first parameter)."""
    if op == Op.EXILE_GRAVEYARD:
        for i in range(n):
            if vals[i] >= PLAYER_BASE:
                exile_graveyard(G, C, vals[i] - PLAYER_BASE)
    elif op == Op.EACH_SACRIFICES_CREATURE:
        each_sacrifices_creature(G, C, n, vals, a == 1)

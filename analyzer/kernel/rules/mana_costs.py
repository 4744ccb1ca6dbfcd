"""Mana costs of activated abilities: the cost itself (``ability_cost_tuple``), a hybrid symbol
paid with the color p's sources can pay, and convoke ("tap an untapped creature you control
rather than pay that mana"): how many creatures tap and which. ``mana.py`` pays the rest."""

from __future__ import annotations

from analyzer.enums import AbilCol, CardCol, CardFlag, CardType
from analyzer.kernel.layout import OFF_BATTLEFIELD, H, O
from analyzer.kernel.rules.mana import can_pay
from analyzer.kernel.rules.view import ob
from analyzer.kernel.runtime.config import njit


@njit
def ability_cost(G, cards, abilities, p, a):
    """(generic, (W, U, B, R, G)) p pays for activated ability a: a hybrid symbol ({B/R}) is
    paid with the first color of its pair p's sources can pay, else counted as the first."""
    generic, colored = ability_cost_tuple(abilities, a)
    if abilities[a, AbilCol.COST_CONVOKE]:
        generic -= convoke_taps(G, cards, abilities, p, generic, colored)
    pair = abilities[a, AbilCol.COST_HYBRID]
    if pair == 0:
        return generic, colored
    first = -1
    for c in range(5):
        if (pair >> c) & 1:
            with_c = _plus_one(colored, c)
            if can_pay(G, cards, abilities, p, generic, with_c, False):
                return generic, with_c
            if first < 0:
                first = c
    return generic, _plus_one(colored, first)


@njit
def _convoke_creature(G, cards, p, b):
    """An untapped creature p controls that is no mana source (the planner leaves it alone)."""
    card = G[b + O.CARD]
    return (
        G[b + O.CTRL] == p
        and G[b + O.TAPPED] == 0
        and G[b + O.PHASED] == 0
        and cards[card, CardCol.TYPES] & CardType.CREATURE
        and (cards[card, CardCol.FLAGS] & CardFlag.TAP_MANA) == 0
    )


@njit
def _untapped_creatures(G, cards, p):
    n = 0
    for i in range(G[H.BF_N]):
        if _convoke_creature(G, cards, p, ob(G[OFF_BATTLEFIELD + i])):
            n += 1
    return n


@njit
def convoke_taps(G, cards, abilities, p, generic, colored):
    """ "For each mana in this ability's activation cost, you may tap an untapped creature you
    control rather than pay that mana" (generic mana): how many creatures p taps. The mana
    sources pay first (the creatures stay untapped to block); a creature pays only for the
    mana the sources lack."""
    n = min(_untapped_creatures(G, cards, p), generic)
    k = 0
    while k < n and not can_pay(G, cards, abilities, p, generic - k, colored, False):
        k += 1
    return k


@njit
def tap_for_convoke(G, cards, p, k):
    """Tap k untapped creatures p controls, the smallest (power + toughness) first; mana
    creatures are left to the planner (never tapped for this)."""
    for _ in range(k):
        best = -1
        best_size = 1 << 20
        for i in range(G[H.BF_N]):
            o = G[OFF_BATTLEFIELD + i]
            b = ob(o)
            if _convoke_creature(G, cards, p, b) and G[b + O.CUR_P] + G[b + O.CUR_T] < best_size:
                best = o
                best_size = G[b + O.CUR_P] + G[b + O.CUR_T]
        if best < 0:
            return
        G[ob(best) + O.TAPPED] = 1


@njit
def _plus_one(colored, c):
    return (
        colored[0] + (c == 0),
        colored[1] + (c == 1),
        colored[2] + (c == 2),
        colored[3] + (c == 3),
        colored[4] + (c == 4),
    )


@njit
def ability_cost_tuple(abilities, a):
    """(generic, (W, U, B, R, G)) of an activated ability's mana cost."""
    return (
        abilities[a, AbilCol.COST_GENERIC],
        (
            abilities[a, AbilCol.COST_W],
            abilities[a, AbilCol.COST_U],
            abilities[a, AbilCol.COST_B],
            abilities[a, AbilCol.COST_R],
            abilities[a, AbilCol.COST_G],
        ),
    )


@njit
def cost_total(generic, colored):
    """The mana value of a cost: generic plus its five colored amounts (a tuple or an array)."""
    return generic + colored[0] + colored[1] + colored[2] + colored[3] + colored[4]

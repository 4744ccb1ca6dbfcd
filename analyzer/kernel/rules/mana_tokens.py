"""Mana sources the planner reads off a card's flags (source_kind), and the mana abilities
paid by tapping untapped tokens: "Tap two untapped tokens you control: Add one mana of any
color." (CardFlag.TOKENS_MANA) and "{T}, Pay 2 life, Tap X untapped tokens you control: Add X
mana in any combination of colors." (CardFlag.TOKENS_X_MANA). Split from mana.py."""

from __future__ import annotations

from analyzer.enums import AbilCol, CardCol, CardFlag, CardType, Keyword
from analyzer.kernel.layout import OFF_BATTLEFIELD, H, O, P
from analyzer.kernel.rules.actions import lose_life_event
from analyzer.kernel.rules.catalog import abilities_of, cards_of
from analyzer.kernel.rules.mana_plan import SRC_FILTER, SRC_LAND, SRC_SAC_ANY, SRC_SIGNET
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def source_kind(cards, abilities, card):
    """SRC_LAND, SRC_SAC_ANY, or 0 for a card that is not a mana source the kernel models."""
    if cards[card, CardCol.TYPES] & CardType.LAND:
        return SRC_LAND
    if cards[card, CardCol.FLAGS] & CardFlag.SAC_MANA:
        return SRC_SAC_ANY
    if cards[card, CardCol.FLAGS] & CardFlag.TAP_MANA:
        return SRC_LAND  # a mana creature: taps like a land for LAND_COLORS (not when sick)
    if cards[card, CardCol.FLAGS] & CardFlag.FILTER_MANA:
        return SRC_FILTER
    if cards[card, CardCol.FLAGS] & CardFlag.SIGNET_MANA:
        return SRC_SIGNET
    return 0


@njit
def _token_fodder(G, cards, abilities, p, b, spare_mana_sources):
    """Can "tap an untapped token you control" tap the object at b? With spare_mana_sources,
    tokens that are mana sources themselves (a Treasure) are left to the planner's own entries."""
    return (
        G[b + O.CTRL] == p
        and G[b + O.TOKEN] != 0
        and G[b + O.TAPPED] == 0
        and G[b + O.PHASED] == 0
        and not (spare_mana_sources and source_kind(cards, abilities, G[b + O.CARD]) != 0)
    )


@njit
def fodder_tokens(G, cards, abilities, p):
    """How many untapped tokens p could tap for a mana ability paid by tapping tokens."""
    k = 0
    for i in range(G[H.BF_N]):
        if _token_fodder(G, cards, abilities, p, ob(G[OFF_BATTLEFIELD + i]), True):
            k += 1
    return k


@njit
def tokens_per_mana(cards, abilities, card):
    """The tokens one activation of card's mana ability paid by tapping tokens taps (0: none)."""
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.MANA_ABILITY] and abilities[a, AbilCol.COST_TAP_TOKENS] > 0:
            return abilities[a, AbilCol.COST_TAP_TOKENS]
    return 0


@njit
def tap_least_tokens(G, cards, abilities, p, n, spare_mana_sources):
    """Pay "Tap N untapped tokens you control" (no {T} symbol: summoning-sick creature tokens
    may be tapped, 302.6): noncreature tokens first, then the creature tokens with the least
    power and toughness. A mana ability's cost spares the tokens that make mana themselves."""
    for _ in range(n):
        best = -1
        best_key = 1 << 30
        for i in range(G[H.BF_N]):
            o = G[OFF_BATTLEFIELD + i]
            b = ob(o)
            if not _token_fodder(G, cards, abilities, p, b, spare_mana_sources):
                continue
            key = -1
            if cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE:
                key = G[b + O.CUR_P] + G[b + O.CUR_T]
            if key < best_key:
                best, best_key = o, key
        if best < 0:
            return
        G[ob(best) + O.TAPPED] = 1


@njit
def x_tokens_ability(cards, abilities, card):
    """The row of card's "Tap X untapped tokens you control: Add X mana" ability, or -1."""
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.MANA_ABILITY] and abilities[a, AbilCol.COST_TAP_TOKENS] > 0:
            return a
    return -1


@njit
def x_tokens_ready(G, cards, abilities, p, b):
    """Can p activate that ability of the object at b (CardFlag.TOKENS_X_MANA) now: untapped,
    not summoning-sick unless it has haste (its {T}, 302.6), with the life it pays (119.4)?"""
    card = G[b + O.CARD]
    a = x_tokens_ability(cards, abilities, card)
    sick = G[b + O.SICK] and (G[b + O.CUR_KW] & Keyword.HASTE) == 0
    return (
        a >= 0
        and G[b + O.TAPPED] == 0
        and not (sick and cards[card, CardCol.TYPES] & CardType.CREATURE)
        and G[pb(p) + P.LIFE] >= abilities[a, AbilCol.COST_LIFE]
    )


@njit
def pay_x_tokens(G, C, p, o):
    """One mana of o's "Tap X untapped tokens" ability: the payment's first taps o and pays
    the life (one activation, X the mana the payment takes from it), each taps one token."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    if G[ob(o) + O.TAPPED] == 0:
        G[ob(o) + O.TAPPED] = 1
        life = abilities[x_tokens_ability(cards, abilities, G[ob(o) + O.CARD]), AbilCol.COST_LIFE]
        if life > 0:
            lose_life_event(G, C, p, life)  # paying life (119.4)
    tap_least_tokens(G, cards, abilities, p, 1, True)

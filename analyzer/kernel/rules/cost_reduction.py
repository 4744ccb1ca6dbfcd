"""How much a spell's own "costs {N} less" abilities and p's static discounts take off its
generic mana cost (601.2f): kept apart from costs.py so that the built-in player's choices
(choices.py, which costs.py imports) can read a card's cost as p would pay it."""

from __future__ import annotations

from analyzer.enums import (
    COST_ALL_CREATURES,
    COST_AND_EXILE,
    COST_ATTACKED_TURN,
    COST_FOR_EACH,
    COST_GRAVEYARD_CARDS,
    COST_IF_TARGETS_IN_COMBAT_OR_TAPPED,
    COST_TOTAL_POWER,
    AbilCol,
    AbilityKind,
    CardCol,
    CardFlag,
    CardType,
    Op,
    StepCol,
    Zone,
)
from analyzer.kernel.layout import (
    MAX_EXILE,
    MAX_GRAVEYARD,
    OFF_BATTLEFIELD,
    OFF_EXILE,
    OFF_GRAVEYARD,
    PLAYER_BASE,
    H,
    O,
    P,
)
from analyzer.kernel.rules.catalog import abilities_of, cards_of, steps_of
from analyzer.kernel.rules.view import ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit


@njit
def _creature_count_or_power(G, cards, p, power):
    """The creatures on the battlefield ("for each creature on the battlefield"), or with
    `power` the total power of the creatures p controls (negative powers count 0)."""
    k = 0
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.PHASED] or (cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0:
            continue
        if not power:
            k += 1
        elif G[b + O.CTRL] == p:
            k += max(G[b + O.CUR_P], 0)
    return k


@njit
def cost_reduction(G, C, p, card):
    """Generic mana the card's "costs {1} less if you control a / for each [subtype]" abilities
    take off its cost when p casts it (601.2f)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    total = 0
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] != AbilityKind.COST_REDUCTION:
            continue
        tp = abilities[a, AbilCol.TRIG_PARAM]
        if tp & COST_IF_TARGETS_IN_COMBAT_OR_TAPPED:
            continue  # read from the chosen targets (target_cost_reduction)
        if tp & COST_GRAVEYARD_CARDS:
            total += owned_cards(G, cards, p, tp & (COST_FOR_EACH - 1), tp & COST_AND_EXILE)
            continue
        if tp & (COST_ALL_CREATURES | COST_TOTAL_POWER):
            total += _creature_count_or_power(G, cards, p, tp & COST_TOTAL_POWER)
            continue
        if tp & COST_ATTACKED_TURN:  # "for each creature that attacked this turn"
            for q in range(G[H.NPLAYERS]):
                total += G[pb(q) + P.ATTACKERS_TURN]
            continue
        want = tp & (COST_FOR_EACH - 1)
        k = 0
        for i in range(own_n(G, p)):
            q = own_at(G, p, i)
            if G[ob(q) + O.PHASED] == 0 and cards[G[ob(q) + O.CARD], CardCol.SUBTYPES] & want:
                k += 1
        total += k if tp & COST_FOR_EACH else min(k, 1)
    if (G[H.KINDS_SEEN] >> AbilityKind.SPELLS_COST_LESS) & 1:
        total += _static_reduction(G, C, p, card)
    return total


@njit
def cost_now(G, C, p, card):
    """The card's mana value as p would pay it now: less what cost_reduction takes off, never
    below its colored symbols. The scan is skipped when neither the card's own abilities nor
    a static discount seen this game can reduce it (the answer is then the mana value)."""
    cards = cards_of(C)
    mv = cards[card, CardCol.MV]
    if (cards[card, CardCol.AB_KINDS] >> AbilityKind.COST_REDUCTION) & 1 == 0 and (
        G[H.KINDS_SEEN] >> AbilityKind.SPELLS_COST_LESS
    ) & 1 == 0:
        return mv
    return mv - min(cost_reduction(G, C, p, card), cards[card, CardCol.COST_GENERIC])


@njit
def cheaper_at_tapped(C, card):
    """Has the card "This spell costs {1} less to cast if it targets an attacking or tapped
    creature" (Dire Downdraft)? The standard player counts the {1} off when an opponent has
    such a creature (ai_cast._can_cast_now) and aims it there (target_choice.TAPPED_TARGET),
    only there when its mana pays only the lower cost (costs.needs_target_reduction)."""
    cards = cards_of(C)
    if (cards[card, CardCol.AB_KINDS] >> AbilityKind.COST_REDUCTION) & 1 == 0:
        return False
    abilities = abilities_of(C)
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if (
            abilities[a, AbilCol.KIND] == AbilityKind.COST_REDUCTION
            and abilities[a, AbilCol.TRIG_PARAM] & COST_IF_TARGETS_IN_COMBAT_OR_TAPPED
        ):
            return True
    return False


@njit
def tapped_creature_target(G, cards, v):
    """Is target v (an object or a player) a creature on the battlefield that is attacking or
    tapped: the target that makes a cheaper_at_tapped spell cost {1} less?"""
    if v < 0 or v >= PLAYER_BASE:
        return False
    b = ob(v)
    return (
        G[b + O.ZONE] == Zone.BATTLEFIELD
        and cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE != 0
        and (G[b + O.ATTACKING] != 0 or G[b + O.TAPPED] != 0)
    )


@njit
def opp_tapped_creature(G, cards, p):
    """Does an opponent of p control a creature that is attacking or tapped (the target that
    makes a cheaper_at_tapped spell cost {1} less)?"""
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if (
            G[ob(o) + O.CTRL] != p
            and G[ob(o) + O.PHASED] == 0
            and tapped_creature_target(G, cards, o)
        ):
            return True
    return False


@njit
def owned_cards(G, cards, p, types, and_exile):
    """Cards of `types` p owns in their graveyard (and in exile, with and_exile)."""
    k = 0
    for j in range(G[pb(p) + P.GY_N]):
        if cards[G[ob(G[OFF_GRAVEYARD + p * MAX_GRAVEYARD + j]) + O.CARD], CardCol.TYPES] & types:
            k += 1
    if and_exile:
        for j in range(G[pb(p) + P.EXILE_N]):
            if cards[G[ob(G[OFF_EXILE + p * MAX_EXILE + j]) + O.CARD], CardCol.TYPES] & types:
                k += 1
    return k


@njit
def _static_reduction(G, C, p, card):
    """ "[Instant and sorcery] spells you cast cost {1} less", "Creature spells you cast with
    power 4 or greater cost {2} less": the static abilities of p's permanents that reduce the
    spell of this card (601.2f)."""
    cards = cards_of(C)
    types = cards[card, CardCol.TYPES]
    abilities = abilities_of(C)
    steps = steps_of(C)
    total = 0
    for i in range(own_n(G, p)):
        q = own_at(G, p, i)
        qc = G[ob(q) + O.CARD]
        if G[ob(q) + O.PHASED] or (cards[qc, CardCol.FLAGS] & CardFlag.HAS_STATIC) == 0:
            continue
        a0 = cards[qc, CardCol.AB_START]
        for a in range(a0, a0 + cards[qc, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.STATIC:
                continue
            if abilities[a, AbilCol.LEVEL] > max(1, G[ob(q) + O.CLASS_LEVEL]):
                continue  # a Class's ability of a level it has not reached (716.2b)
            s0 = abilities[a, AbilCol.ST_START]
            for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
                if (
                    steps[k, StepCol.OP] == Op.STATIC_SPELLS_COST_LESS
                    and types & steps[k, StepCol.A]
                    and (steps[k, StepCol.C] == 0 or (types & CardType.CREATURE) == 0)
                ):  # c: "noncreature spells" (an artifact creature spell is a creature spell)
                    total += steps[k, StepCol.B]
                elif (
                    steps[k, StepCol.OP] == Op.STATIC_BIG_SPELLS_COST_LESS
                    and types & CardType.CREATURE
                    and cards[card, CardCol.POWER] >= steps[k, StepCol.B]
                ):
                    total += steps[k, StepCol.A]
    return total

"""What casting a spell costs (601.2f): its mana or flashback cost, commander tax, cost
reductions, offspring, and the additional costs (discard, forage, sacrifices)."""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    AbilityKind,
    CardCol,
    CardType,
    ExtraCost,
    PlayerLevel,
    Zone,
)
from analyzer.kernel.layout import (
    MAX_HAND,
    MAX_TARGETS,
    OFF_HAND,
    H,
    O,
    P,
    W,
)
from analyzer.kernel.player.choices import (
    cost_fodder,
    creatures_to_copy,
    discard_choice,
    fodder_choice,
    forage,
)
from analyzer.kernel.rules.activation import (
    SAC_ARTIFACT_OR_CREATURE,
    SAC_CREATURE,
    controls_fodder,
)
from analyzer.kernel.rules.catalog import abilities_of, cards_of, has_kind
from analyzer.kernel.rules.cost_reduction import (
    cheaper_at_tapped,
    cost_reduction,
    tapped_creature_target,
)
from analyzer.kernel.rules.events import fire_controller_event
from analyzer.kernel.rules.mana import can_pay_spell
from analyzer.kernel.rules.mana_plan import card_cost
from analyzer.kernel.rules.sba import sacrifice
from analyzer.kernel.rules.state import move_object
from analyzer.kernel.rules.view import (
    can_forage_cheaply,
    hand_at,
    kind_seen,
    ob,
    own_at,
    own_n,
    pb,
)
from analyzer.kernel.runtime.config import njit


@njit
def pay_extra_cost(G, C, p, o):
    """Sazacap's Brew: discard a card. The standard player discards what it would discard to
    any other effect (choices.discard_choice: a land only when it has lands enough); the basic
    player its lowest-value other card, lands included. Deadly Dispute: sacrifice an artifact
    or creature (the least valuable, choices.fodder_choice)."""
    cards = cards_of(C)
    kind = cards[G[ob(o) + O.CARD], CardCol.EXTRA_COST]
    if kind == ExtraCost.DISCARD_CARD and G[pb(p) + P.LEVEL] != PlayerLevel.BASIC:
        # the spell itself is on the stack by now (601.2a before 601.2h): choose from the hand
        # without it, kept last and out of the count while discard_choice looks
        base = OFF_HAND + p * MAX_HAND
        hand_n = G[pb(p) + P.HAND_N]
        last = base + hand_n - 1
        pick = -1
        for i in range(hand_n):
            if G[base + i] == o:
                G[base + i] = G[last]
                G[last] = o
                G[pb(p) + P.HAND_N] = hand_n - 1
                pick = discard_choice(G, C, p, False)
                G[pb(p) + P.HAND_N] = hand_n
                G[last] = G[base + i]
                G[base + i] = o
                break
        if pick < 0:
            return False
        move_object(G, cards, pick, Zone.GRAVEYARD)
    elif kind == ExtraCost.DISCARD_CARD:
        worst = -1
        for i in range(G[pb(p) + P.HAND_N]):
            h = hand_at(G, p, i)
            if h == o:
                continue
            if (
                worst < 0
                or cards[G[ob(h) + O.CARD], CardCol.VALUE]
                < cards[G[ob(worst) + O.CARD], CardCol.VALUE]
            ):
                worst = h
        if worst < 0:
            return False
        move_object(G, cards, worst, Zone.GRAVEYARD)
    elif kind == ExtraCost.FORAGE_OR_B and can_forage_cheaply(G, cards, p):
        forage(G, C, p)  # (else {B} was added to the mana cost)
        fire_controller_event(G, C, p, AbilityKind.FORAGED, -1)
    elif kind == ExtraCost.SAC_CREATURES_COPY:
        # "you may sacrifice one or more creatures" (601.2b: announced as it is cast); the
        # copies come from the reflexive trigger stack.spell_cast queues (603.12)
        k = creatures_to_copy(G, C, p)
        for _ in range(k):
            pick = fodder_choice(G, C, p, -1, SAC_CREATURE)
            if pick < 0:
                break
            sacrifice(G, C, pick)
            G[H.SAC_COPIES] += 1
    elif kind == ExtraCost.SAC_ARTIFACT_OR_CREATURE:
        # "sacrifice an artifact or creature" (601.2h): the least valuable (a token first)
        pick = fodder_choice(G, C, p, -1, SAC_ARTIFACT_OR_CREATURE)
        if pick < 0:
            return False
        sacrifice(G, C, pick)
    return True


@njit
def sac_reduction(G, C, p, card, generic, colored, any_type):
    """ "As an additional cost to cast this spell, you may sacrifice any number of nonland
    permanents. This spell costs {1} less to cast for each permanent sacrificed this way"
    (601.2b: the number is announced as it is cast; 601.2f: the cost reduced by it): the fewest
    of p's fodder (choices.cost_fodder) with which p can pay the rest of the cost, none when it
    can't pay even with all of them. Returns (generic left, sacrifices)."""
    n, _ = cost_fodder(G, C, p)
    n = min(n, generic)
    cards = cards_of(C)
    abilities = abilities_of(C)
    for k in range(n + 1):
        if can_pay_spell(G, cards, abilities, p, card, generic - k, colored, any_type):
            return generic - k, k
    return generic, 0


@njit
def sacrifice_fodder(G, C, p, k):
    """Pay sac_reduction's k sacrifices (601.2h): p's least valuable fodder, one at a time."""
    for _ in range(k):
        _, o = cost_fodder(G, C, p)
        if o < 0:
            return
        sacrifice(G, C, o)


@njit
def extra_cost_payable(G, C, p, o):
    cards = cards_of(C)
    kind = cards[G[ob(o) + O.CARD], CardCol.EXTRA_COST]
    if kind == ExtraCost.DISCARD_CARD:
        in_hand = 1 if G[ob(o) + O.ZONE] == Zone.HAND else 0
        return G[pb(p) + P.HAND_N] - in_hand >= 1
    if kind == ExtraCost.SAC_ARTIFACT_OR_CREATURE:
        return controls_fodder(G, C, p, -1, SAC_ARTIFACT_OR_CREATURE)
    return True


@njit
def flashback_ability(C, card):
    """Row of the card's flashback ability (702.34), or -1."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    if ((cards[card, CardCol.AB_KINDS] >> AbilityKind.FLASHBACK) & 1) == 0:
        return -1
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] == AbilityKind.FLASHBACK:
            return a
    return -1


@njit
def base_cost(G, C, o, colored):
    """The cost to cast o before additional costs and reductions: its mana cost, or its
    flashback cost when it is cast from a graveyard (702.34a). Fills colored[0:5] with the
    WUBRG symbols; returns the generic part."""
    card = G[ob(o) + O.CARD]
    if G[ob(o) + O.ZONE] == Zone.GRAVEYARD:
        a = flashback_ability(C, card)
        if a >= 0:
            abilities = abilities_of(C)
            for c in range(5):
                colored[c] = abilities[a, AbilCol.COST_W + c]
            return abilities[a, AbilCol.COST_GENERIC]
    # {X} counts as at least 1: the built-in player never casts an X spell for X = 0 (x_choice)
    return card_cost(cards_of(C), card, colored) + cards_of(C)[card, CardCol.COST_X]


@njit
def adjust_spell_cost(G, C, p, card, generic, colored, any_type):
    """The cost p pays to cast `card`, from its mana cost (generic, colored as card_cost
    filled them): cost reductions take generic mana off (601.2f), and offspring (702.175a),
    an optional additional cost, is added when p (the built-in player) can pay it with the
    spell. A creature spell gains offspring from a permanent of p's with a GRANT_OFFSPRING
    ability ("Creature spells you cast gain offspring {2} as you cast them"), paid separately
    from its own (702.175b). Returns (generic, offspring: bit 0 its own offspring paid, above
    it the granting ability row + 1 when that one was paid); colored gains the symbols."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    generic = max(generic - cost_reduction(G, C, p, card), 0)
    offspring = 0
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] == AbilityKind.OFFSPRING and offspring == 0:
            paid = _offspring_paid(G, cards, abilities, p, card, a, generic, colored, any_type)
            if paid >= 0:
                offspring = 1
                generic = paid
    if cards[card, CardCol.TYPES] & CardType.CREATURE:
        a = grant_offspring_row(G, C, p)
        if a >= 0:
            paid = _offspring_paid(G, cards, abilities, p, card, a, generic, colored, any_type)
            if paid >= 0:
                offspring |= (a + 1) << 1
                generic = paid
    return generic, offspring


@njit
def _offspring_paid(G, cards, abilities, p, card, a, generic, colored, any_type):
    """p pays offspring ability a's cost with the spell when it can: the generic mana with it
    (colored gains its symbols), or -1 (colored unchanged)."""
    for c in range(5):
        colored[c] += abilities[a, AbilCol.COST_W + c]
    with_it = generic + abilities[a, AbilCol.COST_GENERIC]
    if can_pay_spell(G, cards, abilities, p, card, with_it, colored, any_type):
        return with_it
    for c in range(5):
        colored[c] -= abilities[a, AbilCol.COST_W + c]
    return -1


@njit
def grant_offspring_row(G, C, p):
    """The row of a GRANT_OFFSPRING ability of a phased-in permanent p controls (its creature
    spells gain that offspring as p casts them), or -1."""
    if not kind_seen(G, AbilityKind.GRANT_OFFSPRING):
        return -1
    cards = cards_of(C)
    abilities = abilities_of(C)
    for i in range(own_n(G, p)):  # p's permanents only: the player asks once per castable
        b = ob(own_at(G, p, i))
        card = G[b + O.CARD]
        if G[b + O.PHASED] or not has_kind(cards, card, AbilityKind.GRANT_OFFSPRING):
            continue
        a0 = cards[card, CardCol.AB_START]
        for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] == AbilityKind.GRANT_OFFSPRING:
                return a
    return -1


@njit
def commander_tax(G, p, o):
    """903.8: casting a commander from the command zone costs {2} more for each time its owner
    cast it from there before (an additional cost: cost reductions apply to it, 601.2f)."""
    if G[ob(o) + O.ZONE] != Zone.COMMAND:
        return 0
    return 2 * G[pb(p) + P.COMMANDER_CASTS]


@njit
def target_cost_reduction(G, C, card, slots):
    """ "This spell costs {1} less to cast if it targets an attacking or tapped creature": the
    targets are chosen before the cost is determined (601.2c, 601.2f)."""
    if not cheaper_at_tapped(C, card):
        return 0
    cards = cards_of(C)
    for i in range(MAX_TARGETS):
        if tapped_creature_target(G, cards, slots[i]):
            return 1
    return 0


@njit
def needs_target_reduction(G, C, p, card):
    """Can p pay for a cheaper_at_tapped spell only with the {1} its attacking or tapped
    target takes off? The standard player counts that {1} off whenever such a target is there
    (ai_cast._can_cast_now), so its target choice must then take one (target_choice): aimed
    elsewhere, the cast fails for want of mana. A spell cast without paying its mana cost
    (H.TARGET_SRC's, FREE_CAST) needs nothing."""
    src = G[H.TARGET_SRC] - 1
    if src >= 0 and G[ob(src) + O.FREE_CAST] != 0:
        return False
    cards = cards_of(C)
    colored = G[W.ACOLOR : W.ACOLOR + 5]  # (_can_cast_now's area: it has finished by now)
    generic = card_cost(cards, card, colored) + cards[card, CardCol.COST_X]
    generic = max(generic - cost_reduction(G, C, p, card), 0)
    return not can_pay_spell(G, cards, abilities_of(C), p, card, generic, colored, False)

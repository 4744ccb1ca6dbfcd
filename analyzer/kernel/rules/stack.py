"""Casting spells and activating abilities: promise, mode, targets, costs, onto the stack.

Casting follows 601.2 in the order that matters for gift: the promise and its recipient are
chosen first (702.174a, as an additional cost), then targets for the groups that exist in that
mode (702.174m), then costs are paid (what they are: costs.py). When both modes are legal, the
cast stops at a pending decision (H.PENDING) so a caller can ask the policy, or fork the game
there. Triggers going on the stack and resolution: resolve.py.
"""

from __future__ import annotations

from analyzer.enums import (
    SAC_EXILE_SELF,
    AbilCol,
    AbilityKind,
    CardCol,
    CardType,
    Event,
    ExtraCost,
    Keyword,
    Op,
    Zone,
)
from analyzer.kernel.layout import (
    MAX_TARGETS,
    NO_OBJ,
    OFF_STACK,
    OFF_TRIGGERS,
    PEND_GIFT,
    PEND_NONE,
    PLAYER_BASE,
    SF,
    SK_ABILITY,
    SK_SPELL,
    SK_WARD,
    TF,
    H,
    O,
    P,
    S,
    T,
    W,
)
from analyzer.kernel.player.ai_modes import NO_MODE, mode_kicker, pick_mode
from analyzer.kernel.player.ai_x import x_choice
from analyzer.kernel.player.choices import (
    discard_choice,
    fodder_choice,
    forage,
    token_choice,
)
from analyzer.kernel.rules.actions import lose_life_event
from analyzer.kernel.rules.activation import (
    SAC_CREATURE,
    SAC_FORAGE,
    activation_allowed,
    note_activation,
)
from analyzer.kernel.rules.catalog import abilities_of, cards_of, has_kind, has_op
from analyzer.kernel.rules.chars_counts import counters_moved
from analyzer.kernel.rules.costs import (
    adjust_spell_cost,
    base_cost,
    commander_tax,
    extra_cost_payable,
    pay_extra_cost,
    sac_reduction,
    sacrifice_fodder,
    target_cost_reduction,
)
from analyzer.kernel.rules.events import fire_controller_event, queue_trigger
from analyzer.kernel.rules.events_turn import fire_spell_cast, fire_targeted, note_spell_cast
from analyzer.kernel.rules.gamelog import log_event, log_targets
from analyzer.kernel.rules.mana import pay, pay_spell
from analyzer.kernel.rules.mana_costs import ability_cost, cost_total, tap_for_convoke
from analyzer.kernel.rules.mana_tokens import tap_least_tokens
from analyzer.kernel.rules.sba import sacrifice, sba_before_priority
from analyzer.kernel.rules.stackbase import push_entry
from analyzer.kernel.rules.state import move_object, set_trigger_amount
from analyzer.kernel.rules.statics_global import fire_granted_prowess
from analyzer.kernel.rules.target_choice import choose_targets
from analyzer.kernel.rules.targets import mode_has_targets, threat
from analyzer.kernel.rules.view import can_forage_cheaply, ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def spell_ability(C, card):
    """Row of the card's SPELL ability (what it does on resolution / its Aura target), or -1."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] == AbilityKind.SPELL:
            return a
    return -1


@njit
def has_opponent(G, p):
    for q in range(G[H.NPLAYERS]):
        if q != p and G[pb(q) + P.LOST] == 0:
            return True
    return False


@njit
def mode_options(G, C, p, o):
    """(plain legal, promised legal) for p casting o: targets exist for that mode; a gift needs
    an opponent in the game. Permanents may be promised with no target for their trigger."""
    cards = cards_of(C)
    card = G[ob(o) + O.CARD]
    ab = spell_ability(C, card)
    plain = mode_has_targets(G, C, ab, p, 0)
    promise = False
    if cards[card, CardCol.GIFT_KIND] != 0 and has_opponent(G, p):
        promise = mode_has_targets(G, C, ab, p, 1)
    return plain, promise


@njit
def open_window(G, step):
    G[H.WINDOW] = 1
    G[H.WINDOW_STEP] = step
    G[H.PRIO] = G[H.ACTIVE]
    G[H.PASSES] = 0


@njit
def reopen_window(G):
    """Priority after a spell or ability goes on the stack: in the open window's step (the
    engine moves H.PHASE on to the next step before it opens a step's window, so an end-step
    action stays in the end step), else in the current phase."""
    open_window(G, G[H.WINDOW_STEP] if G[H.WINDOW] else G[H.PHASE])


@njit
def cast_finish(G, C, p, o, promise, recipient):
    """Finish casting o with the promise decided: the mode of a modal spell (700.2a), targets
    for that mode, costs, onto the stack. Returns False (nothing changed) if it cannot be cast
    that way."""
    card = G[ob(o) + O.CARD]
    slots = G[W.SLOTS : W.SLOTS + MAX_TARGETS]
    zccs = G[W.ZCCS : W.ZCCS + MAX_TARGETS]
    G[H.TARGET_SRC] = o + 1
    ab = pick_mode(G, C, spell_ability(C, card), p, promise)
    if ab == NO_MODE and spell_ability(C, card) >= 0:
        return False
    if not choose_targets(G, C, ab, p, promise, slots, zccs):
        return False
    return cast_with_targets(G, C, p, o, promise, recipient, slots, zccs, -1, ab) == CAST_OK


CAST_OK = 0
CAST_EXTRA_COST = 1  # the additional cost (discard a card) cannot be paid
CAST_MANA = 2  # the mana cost cannot be paid


@njit
def cast_with_targets(G, C, p, o, promise, recipient, slots, zccs, discard, ab):
    """Pay the costs and put o on the stack with these targets (601.2f-i): the one cast path
    of the built-in player and of scripted scenario actions. ``discard``: the card an
    additional "discard a card" cost discards (-1: the built-in player's choice). ``ab``: the
    ability row the entry resolves: the card's spell ability, or the chosen mode's row of a
    modal spell (700.2a). Returns CAST_OK, or why nothing changed."""
    cards = cards_of(C)
    card = G[ob(o) + O.CARD]
    colored = G[W.COLOR : W.COLOR + 5]
    generic = base_cost(G, C, o, colored)
    any_type = (
        G[ob(o) + O.ZONE] == Zone.EXILE
        and G[ob(o) + O.CAST_BY] == p + 1
        and G[ob(o) + O.PLAY_UNTIL] == 0  # "you may play that card": its own mana cost
    )
    cast_from = G[ob(o) + O.ZONE]
    if not extra_cost_payable(G, C, p, o):
        return CAST_EXTRA_COST
    discards = cards[card, CardCol.EXTRA_COST] == ExtraCost.DISCARD_CARD
    if (
        discard >= 0
        and discards
        and (discard == o or G[ob(discard) + O.ZONE] != Zone.HAND or G[ob(discard) + O.OWNER] != p)
    ):
        return CAST_EXTRA_COST
    from_command = G[ob(o) + O.ZONE] == Zone.COMMAND
    generic += commander_tax(G, p, o)
    generic, offspring = adjust_spell_cost(G, C, p, card, generic, colored, any_type)
    free = G[ob(o) + O.FREE_CAST] != 0
    if free:  # "without paying its mana cost" (601.2f): additional costs are still paid
        generic = 0
        offspring = 0
        for c in range(5):
            colored[c] = 0
    if cards[card, CardCol.EXTRA_COST] == ExtraCost.FORAGE_OR_B and not can_forage_cheaply(
        G, cards, p
    ):
        # "forage or pay {B}": the caster forages when it can without sacrificing a creature
        # (pay_extra_cost)
        colored[2] += 1
    generic = max(generic - target_cost_reduction(G, C, card, slots), 0)
    if ab >= 0 and abilities_of(C)[ab, AbilCol.KIND] == AbilityKind.MODE and not free:
        generic += mode_kicker(C, ab, colored)  # kicker (702.33a): the kicked mode's cost
    sacrifices = 0
    if cards[card, CardCol.EXTRA_COST] == ExtraCost.SAC_NONLAND_REDUCE and not free:
        generic, sacrifices = sac_reduction(G, C, p, card, generic, colored, any_type)
    x = 0
    if cards[card, CardCol.COST_X] and not free:  # 601.2b: X is chosen as the spell is cast
        x = x_choice(G, C, p, card, generic, colored, any_type)  # (at least 1; free: 0, 107.3b)
        generic += (x - 1) * cards[card, CardCol.COST_X]
    if free:
        owed = (colored[0], colored[1], colored[2], colored[3], colored[4])
        if generic + colored[2] > 0 and not pay(G, C, p, generic, owed, False):
            return CAST_MANA
    elif not pay_spell(G, C, p, card, generic, colored, any_type):
        return CAST_MANA
    if from_command:
        G[pb(p) + P.COMMANDER_CASTS] += 1
    if discard >= 0 and discards:
        move_object(G, cards, discard, Zone.GRAVEYARD)
    else:
        pay_extra_cost(G, C, p, o)
    sacrifice_fodder(G, C, p, sacrifices)
    move_object(G, cards, o, Zone.STACK)
    G[ob(o) + O.CTRL] = p
    G[ob(o) + O.CAST_FROM] = cast_from + 1
    G[ob(o) + O.X_PAID] = x
    G[ob(o) + O.STAT_CAST] += 1
    if promise:
        G[ob(o) + O.STAT_PROMISED] += 1
        G[pb(p) + P.GIFTS_PROMISED] += 1
    else:
        recipient = -1
    i = push_entry(
        G, SK_SPELL, o, card, ab, p, promise, recipient, slots, zccs, -1, G[ob(o) + O.ZCC]
    )
    log_event(
        G,
        Event.CAST,
        p,
        o,
        -1,
        promise,
        recipient,
        cost_total(generic, colored),
    )
    log_targets(G, o, slots)
    G[pb(p) + P.SPELLS_TURN] += 1
    G[pb(p) + P.SPELLS_CAST] += 1
    spell_cast(G, C, p, o, i, offspring, generic, colored, slots)
    queue_ward(G, C, p, slots)
    reopen_window(G)
    G[H.PRIO] = p
    sba_before_priority(G, C)
    return CAST_OK


# S.X of a ward trigger: the mana it asks for ({1}, {2}), or these: "Ward—Pay 2 life",
# "Ward—Discard a card."
WARD_COST_LIFE2 = 3
WARD_COST_DISCARD = 4
WARD_COST_FOOD = 5  # "Ward—Sacrifice a Food."


@njit
def queue_ward(G, C, p, slots):
    """Ward {1} and {2} (702.21a): each permanent with ward that just became a target of the
    spell or ability p put on top of the stack (the last entry), and that an opponent of p
    controls, triggers "counter it unless that player pays {N}" (one trigger per ward ability).
    The triggers go on the stack with the others (APNAP) and resolve first unless someone
    responds (resolve._resolve_ward)."""
    e = OFF_STACK + (G[H.STACK_N] - 1) * SF
    for i in range(MAX_TARGETS):
        v = slots[i]
        if v < 0 or v >= PLAYER_BASE:
            continue
        seen = False
        for j in range(i):
            if slots[j] == v:
                seen = True
        b = ob(v)
        if seen or G[b + O.ZONE] != Zone.BATTLEFIELD or G[b + O.CTRL] == p:
            continue
        for cost in range(1, 6):  # each ward ability triggers ({1}, {2}, 2 life, a discard, a Food)
            kw = Keyword.WARD1 if cost == 1 else Keyword.WARD2
            if cost == WARD_COST_LIFE2:
                kw = Keyword.WARD_LIFE2
            elif cost == WARD_COST_DISCARD:
                kw = Keyword.WARD_DISCARD
            elif cost == WARD_COST_FOOD:
                kw = Keyword.WARD_FOOD
            if G[b + O.CUR_KW] & kw:
                queue_trigger(G, v, cost, G[b + O.CTRL], G[e + S.OBJ], SK_WARD)
                G[OFF_TRIGGERS + (G[H.TRIG_N] - 1) * TF + T.TRIG_ZCC] = G[e + S.ZCC]


@njit
def cast_free(G, C, p, o):
    """p may cast card o (in p's graveyard, or exile) now, during a resolution, without paying
    its mana cost (op CAST_FREE, 608.2g / 601.2f). The built-in player casts it when its
    spell has legal targets; with both gift modes legal it is a gift decision like any cast
    (H.PENDING: the cast is finished, free, once the resolving ability is done). Only the
    promised mode legal: not cast (the policy cannot be asked from here)."""
    zone = G[ob(o) + O.ZONE]
    if (zone != Zone.GRAVEYARD and zone != Zone.EXILE) or G[ob(o) + O.OWNER] != p:
        return  # (in exile: a card Portent of Calamity exiled)
    if G[H.PENDING] != PEND_NONE:
        return  # one pending cast at a time
    plain, promise = mode_options(G, C, p, o)
    if not plain:
        return
    G[ob(o) + O.FREE_CAST] = 1
    if promise:
        request_decision(G, p, o)
        return
    keep_src = G[H.TARGET_SRC]
    if not cast_finish(G, C, p, o, False, -1):
        G[ob(o) + O.FREE_CAST] = 0
    G[H.TARGET_SRC] = keep_src


@njit
def request_decision(G, p, o):
    G[H.PENDING] = PEND_GIFT
    G[H.PEND_OBJ] = o
    G[H.PEND_PLAYER] = p
    G[H.PEND_FOCUS] = 0
    G[H.PEND_FOCUS_PROMISED] = 0
    G[H.DECISIONS] += 1


@njit
def clear_decision(G):
    G[H.PENDING] = PEND_NONE
    G[H.PEND_OBJ] = NO_OBJ
    G[H.PEND_PLAYER] = -1


@njit
def activate(G, C, p, o, ab):
    """Activate a non-mana ability: pay its costs, choose targets, put it on the stack."""
    abilities = abilities_of(C)
    slots = G[W.SLOTS : W.SLOTS + MAX_TARGETS]
    zccs = G[W.ZCCS : W.ZCCS + MAX_TARGETS]
    G[H.TARGET_SRC] = o + 1
    if not choose_targets(G, C, ab, p, 0, slots, zccs):
        return False
    if abilities[ab, AbilCol.COST_TAP] and G[ob(o) + O.TAPPED]:
        return False
    return activate_with_targets(G, C, p, o, ab, slots, zccs)


@njit
def _fire_storm(G, C, p, o):
    """Storm (702.40a): "When you cast this spell, copy it for each spell cast before it this
    turn" (every player's spells, P.SPELLS_TURN, this one counted already): the trigger's
    amount is that count, its trigger object the spell."""
    before = -1
    for q in range(G[H.NPLAYERS]):
        before += G[pb(q) + P.SPELLS_TURN]
    _fire_with_amount(G, C, p, o, AbilityKind.STORM, before)


@njit
def _fire_with_amount(G, C, p, o, kind, amount):
    """Spell o's rows of this kind trigger, with o their trigger object and `amount` their
    event's amount (XCount.THAT_MANY)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    card = G[ob(o) + O.CARD]
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] == kind:
            first = G[H.TRIG_N]
            queue_trigger(G, o, a, p, o, SK_ABILITY)
            set_trigger_amount(G, first, amount)


@njit
def _fire_cycled(G, C, p, o):
    """ "When you cycle this card" (702.29c): it triggers as the cycling ability is activated,
    so it goes on the stack above that ability and resolves first; its source is the card in
    the graveyard it was discarded to."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    card = G[ob(o) + O.CARD]
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] == AbilityKind.CYCLED:
            queue_trigger(G, o, a, p, -1, SK_ABILITY)


@njit
def land_animation(C, cards, card, ab):
    """Is ability ab of a land card a "this land becomes a creature until end of turn"?"""
    return (cards[card, CardCol.TYPES] & CardType.LAND) != 0 and has_op(C, ab, Op.BECOMES_UNTIL_EOT)


@njit
def activate_with_targets(G, C, p, o, ab, slots, zccs):
    """Pay an activated ability's costs and put it on the stack with these targets (602.2):
    the one activation path of the built-in player and of scripted actions. False (nothing
    changed) if the mana cannot be paid."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    if not activation_allowed(G, C, o, ab, p):
        return False
    generic, colored = ability_cost(G, cards, abilities, p, ab)
    # tap the source first so it is not used to pay for itself; a land that becomes a creature
    # ("{2}{R}{G}: Until end of turn, this land becomes a 3/3 ...") is kept out of its own
    # payment too, untapped (the payer's choice: tapped, it could not attack)
    keep_out = 0
    if abilities[ab, AbilCol.COST_TAP]:
        G[ob(o) + O.TAPPED] = 1
    elif land_animation(C, cards, G[ob(o) + O.CARD], ab) and G[ob(o) + O.TAPPED] == 0:
        keep_out = 1
        G[ob(o) + O.TAPPED] = 1
    if not pay(G, C, p, generic, colored, False):
        if abilities[ab, AbilCol.COST_TAP] or keep_out:
            G[ob(o) + O.TAPPED] = 0
        return False
    if keep_out:
        G[ob(o) + O.TAPPED] = 0
    if abilities[ab, AbilCol.COST_CONVOKE]:  # creatures tapped for the mana not paid
        tap_for_convoke(G, cards, p, abilities[ab, AbilCol.COST_GENERIC] - generic)
    note_activation(G, C, o, ab)
    if abilities[ab, AbilCol.COST_TAP_TOKENS]:  # "Tap two untapped tokens you control"
        tap_least_tokens(G, cards, abilities, p, abilities[ab, AbilCol.COST_TAP_TOKENS], False)
    if abilities[ab, AbilCol.COST_DISCARD]:  # "Discard a card" (the least valuable)
        move_object(G, cards, discard_choice(G, C, p, False), Zone.GRAVEYARD)
    # "Remove a supply counter from this", "Remove four hoofprint counters from this"
    if abilities[ab, AbilCol.COST_REMOVE_COUNTER]:
        G[ob(o) + O.STASH] -= abilities[ab, AbilCol.COST_REMOVE_COUNTER]
        counters_moved(G, C, o, True)
    if abilities[ab, AbilCol.COST_LIFE]:
        lose_life_event(G, C, p, abilities[ab, AbilCol.COST_LIFE])  # paying life (119.4)
    zcc = G[ob(o) + O.ZCC]
    sac_power = 0  # "the sacrificed creature's power" (XCount.SACRIFICED_POWER)
    if abilities[ab, AbilCol.COST_SAC_SELF] == 2:
        sacrifice(G, C, token_choice(G, C, p))  # "Sacrifice a token" (the least valuable)
    elif abilities[ab, AbilCol.COST_SAC_SELF] == SAC_FORAGE:  # "Forage"
        forage(G, C, p)
        fire_controller_event(G, C, p, AbilityKind.FORAGED, -1)
    elif abilities[ab, AbilCol.COST_SAC_SELF] == SAC_EXILE_SELF:
        move_object(G, cards, o, Zone.EXILE)  # "Exile this creature" (a cost, not a sacrifice)
    elif abilities[ab, AbilCol.COST_SAC_SELF] >= SAC_CREATURE:  # "Sacrifice a creature"
        fodder = fodder_choice(G, C, p, o, abilities[ab, AbilCol.COST_SAC_SELF])
        if fodder >= 0:
            sac_power = G[ob(fodder) + O.CUR_P]  # as it last existed on the battlefield
        sacrifice(G, C, fodder)
    elif abilities[ab, AbilCol.COST_SAC_SELF]:
        sacrifice(G, C, o)  # "when you sacrifice" and dies triggers see it
    elif abilities[ab, AbilCol.FROM_GRAVEYARD] == 1:
        move_object(G, cards, o, Zone.EXILE)  # "Exile this card from your graveyard" (a cost)
    elif abilities[ab, AbilCol.FROM_GRAVEYARD] == 2:
        move_object(G, cards, o, Zone.GRAVEYARD)  # cycling: "Discard this card" (a cost)
    k = push_entry(
        G, SK_ABILITY, o, G[ob(o) + O.CARD], ab, p, G[ob(o) + O.PROMISED], -1, slots, zccs, -1, zcc
    )
    if k >= 0:
        G[OFF_STACK + k * SF + S.X] = sac_power
    if abilities[ab, AbilCol.FROM_GRAVEYARD] == 2:
        _fire_cycled(G, C, p, o)
    log_event(G, Event.ACTIVATE, p, o, -1, ab, -1, -1)
    log_targets(G, o, slots)
    fire_targeted(G, C, p, slots)
    queue_ward(G, C, p, slots)
    reopen_window(G)
    G[H.PRIO] = p
    sba_before_priority(G, C)
    return True


@njit
def spell_cast(G, C, p, o, entry, offspring, generic, colored, slots):
    """After p's spell o went on the stack (stack entry `entry`, its cost paid): record the
    offspring payment and the mana spent on spells this turn, then the cast triggers:
    noncreature spell (prowess), expend, second spell; then valiant for p's permanents that
    became its targets."""
    cards = cards_of(C)
    if entry >= 0:
        G[OFF_STACK + entry * SF + S.OFFSPRING] = offspring
    spent = generic
    for c in range(5):
        spent += colored[c]
    before = G[pb(p) + P.MANA_SPENT_TURN]
    G[pb(p) + P.MANA_SPENT_TURN] = before + spent
    noncreature = (cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0
    fire_spell_cast(G, C, p, o, noncreature, before, before + spent, G[pb(p) + P.SPELLS_TURN])
    note_spell_cast(G, C, p, o)
    if has_kind(cards, G[ob(o) + O.CARD], AbilityKind.STORM):
        _fire_storm(G, C, p, o)
    if G[H.SAC_COPIES] > 0:  # "When you do, copy this spell for each creature sacrificed"
        _fire_with_amount(G, C, p, o, AbilityKind.REFLEXIVE, G[H.SAC_COPIES])
        G[H.SAC_COPIES] = 0
    if noncreature:
        fire_granted_prowess(G, C, p, o)  # "Other creatures you control have prowess"
    fire_targeted(G, C, p, slots)


@njit
def stack_top_entry(G):
    n = G[H.STACK_N]
    if n == 0:
        return -1
    return OFF_STACK + (n - 1) * SF


@njit
def top_threat(G, C, p):
    """How much the top of the stack hurts p, for counter/protection decisions (0 if it is
    p's own, or not a spell)."""
    e = stack_top_entry(G)
    if e < 0 or G[e + S.CTRL] == p or G[e + S.KIND] != SK_SPELL:
        return 0
    return threat(G, cards_of(C), G[e + S.OBJ])

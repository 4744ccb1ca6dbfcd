"""Casting spells, activating abilities, putting triggers on the stack, and resolving.

Casting follows 601.2 in the order that matters for gift: the promise and its recipient are
chosen first (702.174a, as an additional cost), then targets for the groups that exist in that
mode (702.174m), then costs are paid. When both modes are legal, the cast stops at a pending
decision (H.PENDING) so a caller can ask the policy, or fork the game there.

Resolution (608): a spell or ability whose targets are all illegal does not resolve (no gift,
nothing else). An instant or sorcery with its gift promised gives the gift first (702.174j); a
permanent spell enters and its gift trigger is one of its enters triggers (702.174b).
"""

from __future__ import annotations

from analyzer.enums import (
    COST_AND_EXILE,
    COST_FOR_EACH,
    COST_GRAVEYARD_CARDS,
    COST_IF_TARGETS_IN_COMBAT_OR_TAPPED,
    AbilCol,
    AbilityKind,
    CardCol,
    CardFlag,
    CardType,
    Event,
    ExtraCost,
    Keyword,
    Op,
    PlayerLevel,
    StepCol,
    Zone,
)
from analyzer.kernel.layout import (
    MAX_EXILE,
    MAX_GRAVEYARD,
    MAX_HAND,
    MAX_TARGETS,
    NO_OBJ,
    OFF_BATTLEFIELD,
    OFF_EXILE,
    OFF_GRAVEYARD,
    OFF_HAND,
    OFF_STACK,
    OFF_TRIGGERS,
    PEND_GIFT,
    PEND_NONE,
    PLAYER_BASE,
    SF,
    SK_ABILITY,
    SK_DELAYED,
    SK_GIFT,
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
from analyzer.kernel.player.ai_modes import NO_MODE, pick_mode
from analyzer.kernel.player.ai_x import x_choice
from analyzer.kernel.player.choices import can_forage, discard_choice, forage
from analyzer.kernel.rules.actions import count_undelivered, give_gift, lose_life_event
from analyzer.kernel.rules.catalog import abilities_of, cards_of, steps_of
from analyzer.kernel.rules.chars import sacrifice
from analyzer.kernel.rules.effects import run_steps
from analyzer.kernel.rules.events import (
    activation_allowed,
    class_level,
    cond_ok,
    fire_controller_event,
    fire_enters,
    fire_gift_given,
    fire_spell_cast,
    fire_targeted,
    note_activation,
    queue_trigger,
)
from analyzer.kernel.rules.gamelog import log_event, log_targets
from analyzer.kernel.rules.mana import ability_cost, can_pay_spell, card_cost, pay, pay_spell
from analyzer.kernel.rules.stackbase import push_entry, remove_entry
from analyzer.kernel.rules.state import (
    attach,
    hand_at,
    move_object,
    ob,
    pb,
    put_onto_battlefield,
)
from analyzer.kernel.rules.targets import any_legal_target, choose_targets, mode_has_targets, threat
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
def _pay_extra_cost(G, C, p, o):
    """Sazacap's Brew: discard a card. The standard player discards what it would discard to
    any other effect (choices.discard_choice: a land only when it has lands enough); the basic
    player its lowest-value other card, lands included."""
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
    elif kind == ExtraCost.FORAGE_OR_B and can_forage(G, cards, p):
        forage(G, C, p)  # (else {B} was added to the mana cost)
        fire_controller_event(G, C, p, AbilityKind.FORAGED, -1)
    return True


@njit
def extra_cost_payable(G, C, p, o):
    cards = cards_of(C)
    kind = cards[G[ob(o) + O.CARD], CardCol.EXTRA_COST]
    if kind == ExtraCost.DISCARD_CARD:
        in_hand = 1 if G[ob(o) + O.ZONE] == Zone.HAND else 0
        return G[pb(p) + P.HAND_N] - in_hand >= 1
    return True


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
    abilities = abilities_of(C)
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
    if cards[card, CardCol.EXTRA_COST] == ExtraCost.FORAGE_OR_B and not can_forage(G, cards, p):
        colored[2] += 1  # "forage or pay {B}": the caster forages when it can (_pay_extra_cost)
    generic = max(generic - target_cost_reduction(G, C, card, slots), 0)
    x = 0
    if cards[card, CardCol.COST_X]:  # 601.2b: X is chosen as the spell is cast (at least 1)
        x = x_choice(G, C, p, card, generic, colored, any_type)
        generic += (x - 1) * cards[card, CardCol.COST_X]
    if not pay_spell(G, cards, abilities, p, card, generic, colored, any_type):
        return CAST_MANA
    if from_command:
        G[pb(p) + P.COMMANDER_CASTS] += 1
    if discard >= 0 and discards:
        move_object(G, cards, discard, Zone.GRAVEYARD)
    else:
        _pay_extra_cost(G, C, p, o)
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
        generic + colored[0] + colored[1] + colored[2] + colored[3] + colored[4],
    )
    log_targets(G, o, slots)
    G[pb(p) + P.SPELLS_TURN] += 1
    G[pb(p) + P.SPELLS_CAST] += 1
    spell_cast(G, C, p, o, i, offspring, generic, colored, slots)
    _ward(G, C, p, slots)
    reopen_window(G)
    G[H.PRIO] = p
    return CAST_OK


@njit
def _ward(G, C, p, slots):
    """Ward {2} (702.21a): each permanent with ward that just became a target of the spell or
    ability p put on top of the stack (the last entry), and that an opponent of p controls,
    triggers "counter it unless that player pays {2}". The triggers go on the stack with the
    others (APNAP) and resolve first unless someone responds (_resolve_ward)."""
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
        if (
            not seen
            and G[b + O.ZONE] == Zone.BATTLEFIELD
            and G[b + O.CTRL] != p
            and G[b + O.CUR_KW] & Keyword.WARD2
        ):
            queue_trigger(G, v, 2, G[b + O.CTRL], G[e + S.OBJ], SK_WARD)
            G[OFF_TRIGGERS + (G[H.TRIG_N] - 1) * TF + T.TRIG_ZCC] = G[e + S.ZCC]


@njit
def _resolve_ward(G, C, target_obj, target_zcc, cost):
    """A ward trigger resolves: the spell or ability it names, if still on the stack, is
    countered unless its controller pays. Paying is that player's choice (they may decline);
    the built-in player pays whenever it can (it chose that target)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    for i in range(G[H.STACK_N] - 1, -1, -1):
        e = OFF_STACK + i * SF
        k = G[e + S.KIND]
        if (
            (k != SK_SPELL and k != SK_ABILITY)
            or G[e + S.OBJ] != target_obj
            or G[e + S.ZCC] != target_zcc
        ):
            continue
        if pay(G, cards, abilities, G[e + S.CTRL], cost, (0, 0, 0, 0, 0), False):
            return
        if k == SK_SPELL:
            count_undelivered(G, G[e + S.PROMISED], G[e + S.CTRL])
            remove_entry(G, i)
            move_object(G, cards, target_obj, Zone.GRAVEYARD)  # (a copy ceases to exist)
        else:
            remove_entry(G, i)
        return


@njit
def request_decision(G, p, o):
    G[H.PENDING] = PEND_GIFT
    G[H.PEND_OBJ] = o
    G[H.PEND_PLAYER] = p
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
def activate_with_targets(G, C, p, o, ab, slots, zccs):
    """Pay an activated ability's costs and put it on the stack with these targets (602.2):
    the one activation path of the built-in player and of scripted actions. False (nothing
    changed) if the mana cannot be paid."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    if not activation_allowed(G, C, o, ab, p):
        return False
    generic, colored = ability_cost(G, cards, abilities, p, ab)
    # tap the source first so it is not used to pay for itself
    if abilities[ab, AbilCol.COST_TAP]:
        G[ob(o) + O.TAPPED] = 1
    if not pay(G, cards, abilities, p, generic, colored, False):
        if abilities[ab, AbilCol.COST_TAP]:
            G[ob(o) + O.TAPPED] = 0
        return False
    note_activation(G, C, o, ab)
    if abilities[ab, AbilCol.COST_DISCARD]:  # "Discard a card" (the least valuable)
        move_object(G, cards, discard_choice(G, C, p, False), Zone.GRAVEYARD)
    if abilities[ab, AbilCol.COST_LIFE]:
        lose_life_event(G, C, p, abilities[ab, AbilCol.COST_LIFE])  # paying life (119.4)
    zcc = G[ob(o) + O.ZCC]
    if abilities[ab, AbilCol.COST_SAC_SELF]:
        sacrifice(G, C, o)  # "when you sacrifice" and dies triggers see it
    elif abilities[ab, AbilCol.FROM_GRAVEYARD]:
        move_object(G, cards, o, Zone.EXILE)  # "Exile this card from your graveyard" (a cost)
    push_entry(
        G, SK_ABILITY, o, G[ob(o) + O.CARD], ab, p, G[ob(o) + O.PROMISED], -1, slots, zccs, -1, zcc
    )
    log_event(G, Event.ACTIVATE, p, o, -1, ab, -1, -1)
    log_targets(G, o, slots)
    fire_targeted(G, C, p, slots)
    _ward(G, C, p, slots)
    reopen_window(G)
    G[H.PRIO] = p
    return True


@njit
def _trigger_to_stack(G, C, t):
    """Put pending trigger t on the stack (targets chosen now); False if it is removed."""
    abilities = abilities_of(C)
    o = G[t + T.OBJ]
    ab = G[t + T.AB]
    ctrl = G[t + T.CTRL]
    kind = G[t + T.KIND]
    slots = G[W.TSLOTS : W.TSLOTS + MAX_TARGETS]
    zccs = G[W.TZCCS : W.TZCCS + MAX_TARGETS]
    for i in range(MAX_TARGETS):
        slots[i] = -1
        zccs[i] = 0
    if kind == SK_GIFT or kind == SK_DELAYED:
        push_entry(
            G,
            kind,
            o,
            G[ob(o) + O.CARD],
            ab,
            ctrl,
            1,
            G[t + T.RECIPIENT],
            slots,
            zccs,
            G[t + T.TRIG_OBJ],
            G[t + T.ZCC],
        )
        log_event(G, Event.TRIGGER, ctrl, o, -1, ab, kind, -1)
        return True
    if kind == SK_WARD:
        i = push_entry(
            G,
            kind,
            o,
            G[ob(o) + O.CARD],
            -1,
            ctrl,
            0,
            -1,
            slots,
            zccs,
            G[t + T.TRIG_OBJ],
            G[t + T.TRIG_ZCC],
        )
        if i >= 0:
            G[OFF_STACK + i * SF + S.X] = ab  # the ward cost
        return True
    if abilities[ab, AbilCol.LEVEL] > class_level(G, o):
        return False  # a Class's ability of a level it has not reached (716.2b)
    promised = G[t + T.PROMISED]
    G[H.TARGET_SRC] = o + 1  # its targets', and its condition's, source
    if not _while_only(abilities, ab) and not cond_ok(
        G, C, abilities[ab, AbilCol.COND], promised, ctrl, 0
    ):
        return False
    ab = pick_mode(G, C, ab, ctrl, promised)  # 603.3c: a modal trigger's mode, chosen now
    if ab == NO_MODE:
        return False  # 603.3c: no mode can be chosen, the ability is removed
    if not choose_targets(G, C, ab, ctrl, promised, slots, zccs):
        return False  # 603.3d: no legal targets, the ability is removed
    push_entry(
        G,
        SK_ABILITY,
        o,
        G[ob(o) + O.CARD],
        ab,
        ctrl,
        promised,
        -1,
        slots,
        zccs,
        G[t + T.TRIG_OBJ],
        G[t + T.ZCC],
    )
    log_event(G, Event.TRIGGER, ctrl, o, -1, ab, SK_ABILITY, -1)
    log_targets(G, o, slots)
    fire_targeted(G, C, ctrl, slots)
    _ward(G, C, ctrl, slots)
    return True


@njit
def _while_only(abilities, ab):
    """ "Whenever this attacks while ...": a trigger condition, checked only as it triggers (not
    an intervening if, 603.4); an activated ability's COND is an activation restriction
    ("Activate only if ...", 602.5b), checked only as it is activated."""
    return abilities[ab, AbilCol.KIND] == AbilityKind.ACTIVATED or (
        abilities[ab, AbilCol.KIND] == AbilityKind.ATTACKS
        and abilities[ab, AbilCol.TRIG_PARAM] == 1
    )


@njit
def adjust_spell_cost(G, C, p, card, generic, colored, any_type):
    """The cost p pays to cast `card`, from its mana cost (generic, colored as card_cost
    filled them): cost reductions take generic mana off (601.2f), and offspring (702.175a),
    an optional additional cost, is added when p (the built-in player) can pay it with the
    spell. Returns (generic, offspring paid); colored gains the offspring's symbols."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    generic = max(generic - cost_reduction(G, C, p, card), 0)
    offspring = 0
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] != AbilityKind.OFFSPRING or offspring:
            continue
        for c in range(5):
            colored[c] += abilities[a, AbilCol.COST_W + c]
        if can_pay_spell(
            G,
            cards,
            abilities,
            p,
            card,
            generic + abilities[a, AbilCol.COST_GENERIC],
            colored,
            any_type,
        ):
            offspring = 1
            generic += abilities[a, AbilCol.COST_GENERIC]
        else:
            for c in range(5):
                colored[c] -= abilities[a, AbilCol.COST_W + c]
    return generic, offspring


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
    fire_targeted(G, C, p, slots)


@njit
def commander_tax(G, p, o):
    """903.8: casting a commander from the command zone costs {2} more for each time its owner
    cast it from there before (an additional cost: cost reductions apply to it, 601.2f)."""
    if G[ob(o) + O.ZONE] != Zone.COMMAND:
        return 0
    return 2 * G[pb(p) + P.COMMANDER_CASTS]


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
        want = tp & (COST_FOR_EACH - 1)
        k = 0
        for i in range(G[H.BF_N]):
            q = G[OFF_BATTLEFIELD + i]
            if (
                G[ob(q) + O.CTRL] == p
                and G[ob(q) + O.PHASED] == 0
                and cards[G[ob(q) + O.CARD], CardCol.SUBTYPES] & want
            ):
                k += 1
        total += k if tp & COST_FOR_EACH else min(k, 1)
    if (G[H.KINDS_SEEN] >> AbilityKind.SPELLS_COST_LESS) & 1:
        total += _static_reduction(G, C, p, cards[card, CardCol.TYPES])
    return total


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
def target_cost_reduction(G, C, card, slots):
    """ "This spell costs {1} less to cast if it targets an attacking or tapped creature": the
    targets are chosen before the cost is determined (601.2c, 601.2f)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if (
            abilities[a, AbilCol.KIND] == AbilityKind.COST_REDUCTION
            and abilities[a, AbilCol.TRIG_PARAM] & COST_IF_TARGETS_IN_COMBAT_OR_TAPPED
        ):
            for i in range(MAX_TARGETS):
                v = slots[i]
                if (
                    v >= 0
                    and v < PLAYER_BASE
                    and G[ob(v) + O.ZONE] == Zone.BATTLEFIELD
                    and cards[G[ob(v) + O.CARD], CardCol.TYPES] & CardType.CREATURE
                    and (G[ob(v) + O.ATTACKING] or G[ob(v) + O.TAPPED])
                ):
                    return 1
    return 0


@njit
def _static_reduction(G, C, p, types):
    """ "[Instant and sorcery] spells you cast cost {1} less": the static abilities of p's
    permanents that reduce a spell of these card types (601.2f)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    total = 0
    for i in range(G[H.BF_N]):
        q = G[OFF_BATTLEFIELD + i]
        qc = G[ob(q) + O.CARD]
        if (
            G[ob(q) + O.CTRL] != p
            or G[ob(q) + O.PHASED]
            or (cards[qc, CardCol.FLAGS] & CardFlag.HAS_STATIC) == 0
        ):
            continue
        a0 = cards[qc, CardCol.AB_START]
        for a in range(a0, a0 + cards[qc, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.STATIC:
                continue
            s0 = abilities[a, AbilCol.ST_START]
            for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
                if (
                    steps[k, StepCol.OP] == Op.STATIC_SPELLS_COST_LESS
                    and types & steps[k, StepCol.A]
                ):
                    total += steps[k, StepCol.B]
    return total


@njit
def put_triggers_on_stack(G, C):
    """APNAP (603.3b): the active player's triggers go on the stack first (resolve last). Each
    controller puts gift triggers first, so they resolve after that controller's other
    triggers (the default ordering heuristic: the opponent's gift comes as late as possible)."""
    n = G[H.TRIG_N]
    if n == 0:
        return
    np_ = G[H.NPLAYERS]
    active = G[H.ACTIVE]
    for k in range(np_):
        p = (active + k) % np_
        for pass_gift in range(2):
            for i in range(n):
                t = OFF_TRIGGERS + i * TF
                if G[t + T.CTRL] != p:
                    continue
                is_gift = G[t + T.KIND] == SK_GIFT
                if (pass_gift == 0) != is_gift:
                    continue
                _trigger_to_stack(G, C, t)
    # triggers that triggered while these went on the stack (ward, valiant) wait for the
    # next time a player would receive priority
    m = G[H.TRIG_N]
    for i in range(n, m):
        for f in range(TF):
            G[OFF_TRIGGERS + (i - n) * TF + f] = G[OFF_TRIGGERS + i * TF + f]
    G[H.TRIG_N] = m - n


@njit
def _spell_card_leaves_stack(G, C, o):
    cards = cards_of(C)
    if G[ob(o) + O.ZONE] != Zone.STACK:
        return
    if G[H.EXILE_SELF]:
        move_object(G, cards, o, Zone.EXILE)
    else:
        move_object(G, cards, o, Zone.GRAVEYARD)
    G[H.EXILE_SELF] = 0


@njit
def resolve_top(G, C):
    """Resolve the top entry of the stack."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    n = G[H.STACK_N]
    if n == 0:
        return
    e = OFF_STACK + (n - 1) * SF
    kind = G[e + S.KIND]
    o = G[e + S.OBJ]
    card = G[e + S.CARD]
    ab = G[e + S.AB]
    ctrl = G[e + S.CTRL]
    promised = G[e + S.PROMISED]
    recipient = G[e + S.RECIPIENT]
    trig_obj = G[e + S.TRIG_OBJ]
    zcc = G[e + S.ZCC]
    slots = G[W.RSLOTS : W.RSLOTS + MAX_TARGETS]
    zccs = G[W.RZCCS : W.RZCCS + MAX_TARGETS]
    for i in range(MAX_TARGETS):
        slots[i] = G[e + S.T0 + i]
        zccs[i] = G[e + S.Z0 + i]
    G[H.STACK_N] = n - 1
    G[H.EXILE_SELF] = 0
    log_event(G, Event.RESOLVE, ctrl, o, -1, kind, promised, -1)
    if kind == SK_GIFT:
        give_gift(G, C, ctrl, recipient, cards[card, CardCol.GIFT_KIND], o)
        fire_gift_given(G, C, ctrl, o)
        return
    if kind == SK_WARD:
        _resolve_ward(G, C, trig_obj, zcc, G[e + S.X])
        return
    if kind == SK_DELAYED:
        # Parting Gust: return the exiled card (if it is still that object) with counters
        if G[ob(o) + O.ZONE] == Zone.EXILE and G[ob(o) + O.ZCC] == zcc:
            owner = G[ob(o) + O.OWNER]
            put_onto_battlefield(G, cards, o, owner, False)
            G[ob(o) + O.P1P1] += ab
            fire_enters(G, C, o)
        return
    G[H.TARGET_SRC] = o + 1
    had, ok = any_legal_target(G, C, ab, ctrl, promised, slots, zccs)
    if kind == SK_ABILITY:
        if had and not ok:
            log_event(G, Event.FIZZLE, ctrl, o, -1, kind, -1, -1)
            return
        if not _while_only(abilities, ab) and not cond_ok(
            G, C, abilities[ab, AbilCol.COND], promised, ctrl, 0
        ):
            return  # 603.4: the intervening "if" is checked again on resolution
        run_steps(G, C, ab, o, ctrl, promised, recipient, slots, zccs, trig_obj)
        return
    # a spell: a card, or a copy (a token on the stack, 707.10)
    if had and not ok:
        # 608.2b: it doesn't resolve; no gift (702.174j), none of its effects
        log_event(G, Event.FIZZLE, ctrl, o, -1, kind, -1, -1)
        count_undelivered(G, promised, ctrl)
        move_object(G, cards, o, Zone.GRAVEYARD)  # (a copy ceases to exist, 704.5e)
        return
    types = cards[card, CardCol.TYPES]
    if types & (CardType.INSTANT | CardType.SORCERY):
        if promised:
            give_gift(G, C, ctrl, recipient, cards[card, CardCol.GIFT_KIND], o)
        if ab >= 0:
            run_steps(G, C, ab, o, ctrl, promised, recipient, slots, zccs, -1)
        _spell_card_leaves_stack(G, C, o)
        if promised:
            # 702.174c: "whenever you give a gift" triggers as the spell resolves: what is on
            # the battlefield once it has resolved is what triggers
            fire_gift_given(G, C, ctrl, o)
        return
    # a permanent spell enters (a copy as a token, 608.3f; its promise was copied, 707.10)
    put_onto_battlefield(G, cards, o, ctrl, False)
    G[ob(o) + O.PROMISED] = promised
    G[ob(o) + O.RECIPIENT] = recipient
    G[ob(o) + O.OFFSPRING] = G[e + S.OFFSPRING]
    if ab >= 0 and slots[0] >= 0:  # an Aura enters attached to its target
        attach(G, o, slots[0])
    fire_enters(G, C, o)


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

"""The built-in player's mode choice for a modal spell or trigger ("Choose one —", 700.2).

A mode is worth what its targets (as the player would choose them) and its untargeted steps are
worth now: an opposing permanent or spell it removes is worth its threat, a creature damage or
-X/-X would not kill is worth little, help for its own creature half that creature's threat;
cards drawn, tokens made and life are worth fixed amounts. The standard player values a mode
chosen as it attacks by what it does in this combat (_attack_mode_value): a pump of the
attackers by the damage and toughness it adds to each, a token put onto the battlefield
attacking by its body and its damage, either by the win when it makes the attack lethal. Only
modes whose targets can be chosen are candidates (700.2a). Public information only, like the
target choice.
"""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    CardCol,
    CardType,
    Cond,
    Intent,
    Op,
    PlayerLevel,
    Ref,
    StepCol,
    TargCol,
    Zone,
)
from analyzer.kernel.layout import MAX_TARGETS, OFF_BATTLEFIELD, PLAYER_BASE, H, O, P, W
from analyzer.kernel.player.ai_pawprint import season_step_value
from analyzer.kernel.player.ai_sweep import sweep_kills
from analyzer.kernel.rules.catalog import abilities_of, cards_of, steps_of, targets_of
from analyzer.kernel.rules.events import cond_ok
from analyzer.kernel.rules.mana import can_pay
from analyzer.kernel.rules.target_choice import choose_targets
from analyzer.kernel.rules.targets import (
    group_active,
    program_has_targets,
    slot_start,
    threat,
)
from analyzer.kernel.rules.view import creatures_of, graveyard_at, hand_at, ob, pb
from analyzer.kernel.runtime.config import njit

DRAW_VALUE = 25  # one card drawn (about a common's static value)
LOOK_VALUE = 4  # one card surveilled or scried
NO_MODE = -1
DAMAGE_VALUE = 2  # a point of damage to an opponent (as LOSE_LIFE and DAMAGE are counted)
LETHAL_VALUE = 1000  # a mode that makes the attack lethal
COUNTER_VALUE = 8  # a +1/+1 counter on a creature of the mode's controller


@njit
def mode_kicker(C, m, colored):
    """A kicked mode's additional cost (702.33a, the mode row's cost): its colored symbols are
    added to `colored` (WUBRG counts); returns its generic part."""
    abilities = abilities_of(C)
    for c in range(5):
        colored[c] += abilities[m, AbilCol.COST_W + c]
    return abilities[m, AbilCol.COST_GENERIC]


@njit
def _kicker_payable(G, C, ab, m, p):
    """Can p pay the card's mana cost and mode m's kicker together (a mode without one: yes)?"""
    abilities = abilities_of(C)
    extra = abilities[m, AbilCol.COST_GENERIC]
    for c in range(5):
        extra += abilities[m, AbilCol.COST_W + c]
    if extra == 0:
        return True
    cards = cards_of(C)
    card = abilities[ab, AbilCol.CARD]
    colored = G[W.MSLOTS : W.MSLOTS + 5]
    for c in range(5):
        colored[c] = cards[card, CardCol.COST_W + c]
    generic = cards[card, CardCol.COST_GENERIC] + mode_kicker(C, m, colored)
    return can_pay(G, cards, abilities, p, generic, colored, False)


@njit
def pick_mode(G, C, ab, p, promised):
    """The ability row p puts on the stack for ability row ab: ab itself if it is not modal,
    else the mode row worth most (the first on ties); NO_MODE if no mode can be chosen."""
    abilities = abilities_of(C)
    n_modes = abilities[ab, AbilCol.MODES] if ab >= 0 else 0
    if n_modes == 0:
        return ab
    best = NO_MODE
    best_value = 0
    for m in range(ab + 1, ab + 1 + n_modes):
        if not program_has_targets(G, C, m, p, promised):
            continue
        if not _kicker_payable(G, C, ab, m, p):
            continue
        v = mode_value(G, C, m, p, promised)
        if best == NO_MODE or v > best_value:
            best = m
            best_value = v
    return best


@njit
def _harm_value(G, C, abilities, steps, m, j, v):
    """What harming object v (target of group j of mode m) is worth: its threat, a fraction of
    it when the mode's damage or -X/-X would not kill it."""
    cards = cards_of(C)
    t = threat(G, cards, v)
    if (
        G[ob(v) + O.ZONE] != Zone.BATTLEFIELD
        or (cards[G[ob(v) + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0
    ):
        return t
    s0 = abilities[m, AbilCol.ST_START]
    shrink = -1
    for k in range(s0, s0 + abilities[m, AbilCol.ST_COUNT]):
        if steps[k, StepCol.REF] != j:
            continue
        op = steps[k, StepCol.OP]
        if op == Op.DAMAGE:
            shrink = max(shrink, steps[k, StepCol.A])
        elif op == Op.PUMP and steps[k, StepCol.B] < 0:
            shrink = max(shrink, -steps[k, StepCol.B])
        elif op != Op.PUMP:
            return t  # destroyed, exiled, fought, ...
    if shrink >= 0 and G[ob(v) + O.CUR_T] - G[ob(v) + O.DAMAGE] > shrink:
        return t // 8
    return t


@njit
def chosen_targets(G, C, m, p, promised, slots, with_value):
    """Walk the targets chosen for ability row m (slots from choose_targets): (ok, value). ok:
    no harm aimed at p's own object or p, no help for an opponent's. value (only computed
    with_value): 1 plus what the targets are worth to p (see mode_value). The one loop over
    chosen targets, shared by the mode choice and the cast check (targets_useful)."""
    abilities = abilities_of(C)
    targets = targets_of(C)
    steps = steps_of(C)
    cards = cards_of(C)
    ok = True
    value = 1
    tg0 = abilities[m, AbilCol.TG_START]
    for j in range(abilities[m, AbilCol.TG_COUNT]):
        g = tg0 + j
        if not group_active(targets, g, promised):
            continue
        s0 = slot_start(targets, tg0, j)
        intent = targets[g, TargCol.INTENT]
        for k in range(targets[g, TargCol.MAX]):
            v = slots[s0 + k]
            if v < 0:
                continue
            if v >= PLAYER_BASE:
                mine = v - PLAYER_BASE == p
            else:
                zone = G[ob(v) + O.ZONE]
                mine = G[ob(v) + (O.OWNER if zone == Zone.GRAVEYARD else O.CTRL)] == p
            if (intent == Intent.HARM and mine) or (intent == Intent.HELP and not mine):
                ok = False
                if not with_value:
                    return ok, value
            if not with_value:
                continue
            if v >= PLAYER_BASE:
                if intent != Intent.NEUTRAL:
                    value += 10 if mine == (intent == Intent.HELP) else -10
            elif intent == Intent.HARM:
                h = _harm_value(G, C, abilities, steps, m, j, v)
                value += -h if mine else h
            elif intent == Intent.HELP:
                h = threat(G, cards, v) // 2
                value += h if mine else -h
    return ok, value


@njit
def mode_value(G, C, m, p, promised):
    """What mode row m is worth to p now, with the targets p would choose."""
    abilities = abilities_of(C)
    steps = steps_of(C)
    cards = cards_of(C)
    slots = G[W.MSLOTS : W.MSLOTS + MAX_TARGETS]
    zccs = G[W.MZCCS : W.MZCCS + MAX_TARGETS]
    if not choose_targets(G, C, m, p, promised, slots, zccs):
        return -1000
    _, value = chosen_targets(G, C, m, p, promised, slots, True)
    s0 = abilities[m, AbilCol.ST_START]
    for k in range(s0, s0 + abilities[m, AbilCol.ST_COUNT]):
        cond = steps[k, StepCol.COND]
        if (
            cond != Cond.ALWAYS
            and cond != Cond.DONE
            and cond != Cond.CAST_FROM_GRAVEYARD
            and cond != Cond.NOT_CAST_FROM_HAND
            and not cond_ok(G, C, cond, promised, p, 0)
        ):
            continue
        op = steps[k, StepCol.OP]
        ref = steps[k, StepCol.REF]
        a = steps[k, StepCol.A]
        if op == Op.DRAW and ref == Ref.YOU:
            value += DRAW_VALUE * a
        elif op == Op.SURVEIL or op == Op.SCRY:
            value += LOOK_VALUE * a
        elif op == Op.CREATE_TOKEN and ref == Ref.YOU:
            value += max(cards[a, CardCol.VALUE], 5) * steps[k, StepCol.B]
        elif op == Op.GAIN_LIFE and ref == Ref.YOU:
            value += a
        elif (op == Op.LOSE_LIFE or op == Op.DAMAGE) and ref == Ref.EACH_OPPONENT:
            value += DAMAGE_VALUE * a
        elif (op == Op.PUMP_ATTACKING or op == Op.CREATE_TOKEN_ATTACKING) and G[
            pb(p) + P.LEVEL
        ] != PlayerLevel.BASIC:
            value += _attack_mode_value(G, cards, p, op, a, steps[k, StepCol.B])
        elif op == Op.PUT_FROM_HAND_OR_GRAVEYARD:
            value += _best_put_value(G, cards, p, a, steps[k, StepCol.B])
        elif op == Op.BOUNCE_ALL_CREATURES:  # weighed like a sweeper (Perplexing Test)
            mine, theirs = sweep_kills(G, C, p, m, promised)
            value += theirs - mine
        elif op == Op.P1P1_EACH_ENTERED and steps[k, StepCol.B] == 1:
            value += COUNTER_VALUE * creatures_of(G, cards, p, a)
        else:  # the Seasons' ops (0 for every other op)
            value += season_step_value(G, C, steps, k, s0 + abilities[m, AbilCol.ST_COUNT], p)
    return value


@njit
def _best_put_value(G, cards, p, types, subtypes):
    """The value of the card put_from_hand_or_graveyard would put onto the battlefield (the
    most valuable of `types` with one of `subtypes` in p's hand or graveyard; 0: none)."""
    best = 0
    n_hand = G[pb(p) + P.HAND_N]
    for i in range(n_hand + G[pb(p) + P.GY_N]):
        o = hand_at(G, p, i) if i < n_hand else graveyard_at(G, p, i - n_hand)
        card = G[ob(o) + O.CARD]
        if cards[card, CardCol.TYPES] & types and cards[card, CardCol.SUBTYPES] & subtypes:
            best = max(best, cards[card, CardCol.VALUE])
    return best


@njit
def _attack_mode_value(G, cards, p, op, a, b):
    """What a mode chosen as p attacks (Warren Warleader) does in this combat. PUMP_ATTACKING
    (+a/+b to each attacker): a points of damage more from each (DAMAGE_VALUE each) and b
    toughness that wins or survives fights (1 each). CREATE_TOKEN_ATTACKING (b tokens of card
    a): each token's body (its value, at least 5, as a token made) and its power in damage.
    LETHAL_VALUE more when the mode's damage makes the attack lethal to an opponent who has no
    untapped creature to block with (a pump adds damage to the attackers already there, so
    with three attackers or more it is worth more than one 1/1 token)."""
    n = 0
    power = 0
    q = -1
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.CTRL] == p and G[ob(o) + O.ATTACKING]:
            n += 1
            power += max(G[ob(o) + O.CUR_P], 0)
            q = G[ob(o) + O.ATTACKING] - 1
    if op == Op.PUMP_ATTACKING:
        added = a * n
        value = (DAMAGE_VALUE * a + b) * n
    else:
        added = max(cards[a, CardCol.POWER], 0) * b
        value = max(cards[a, CardCol.VALUE], 5) * b + DAMAGE_VALUE * added
    if 0 <= q < PLAYER_BASE and added > 0 and power + added >= G[pb(q) + P.LIFE]:
        for i in range(G[H.BF_N]):
            o = G[OFF_BATTLEFIELD + i]
            if (
                G[ob(o) + O.CTRL] == q
                and G[ob(o) + O.TAPPED] == 0
                and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE
            ):
                return value
        value += LETHAL_VALUE
    return value


@njit
def targets_useful(G, C, ab, p, promised):
    """Would p's target choice for ability row ab (in this mode) hurt opponents and help p,
    never the other way round? The chosen targets are left in W.USLOTS."""
    if ab < 0:
        return True
    slots = G[W.USLOTS : W.USLOTS + MAX_TARGETS]
    zccs = G[W.UZCCS : W.UZCCS + MAX_TARGETS]
    if not choose_targets(G, C, ab, p, promised, slots, zccs):
        return False
    ok, _ = chosen_targets(G, C, ab, p, promised, slots, False)
    return ok


@njit
def chose_any(slots):
    """Did the target choice pick any target (slots: W.USLOTS as targets_useful left them)?"""
    for i in range(MAX_TARGETS):
        if slots[i] >= 0:
            return True
    return False

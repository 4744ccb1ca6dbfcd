"""Scripted play: the actions of a scenario file, with the choices the script makes.

The built-in player chooses targets, attackers and blockers itself; a script names them. These
functions take those choices, check them with the same legality functions the engine uses
(targets.value_legal, combat.can_attack / can_block) and then do exactly what the engine does:

- ``cast_scripted`` mirrors ``stack.cast_finish`` after its target choice: promise and recipient
  fixed first (702.174a, k), targets per mode (702.174m), additional and mana costs paid, onto
  the stack, spell counters, "second spell" triggers, priority to the caster. A test checks
  that both give identical records for the same choices (tests/test_scenarios.py).
- ``activate_scripted`` mirrors ``stack.activate``.
- ``declare_attack`` / ``declare_block`` mirror the bookkeeping of combat.declare_attackers /
  declare_blockers.
- ``resolve_stack``: everyone passes: pending triggers go on the stack, the top resolves,
  state-based actions are checked, until the stack is empty (or ``count`` resolutions).
- ``run_until``: the built-in AI plays on (``engine.step``) until a step of the turn.

Every function returns an error code (0 = done) and an index saying which choice was wrong;
nothing is changed when the code is not 0.
"""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    AbilityKind,
    CardCol,
    CardType,
    Keyword,
    Phase,
    TargCol,
    Zone,
)
from analyzer.kernel.layout import MAX_TARGETS, PEND_NONE, H, O, P
from analyzer.kernel.rules.activation import activation_allowed
from analyzer.kernel.rules.catalog import abilities_of, cards_of, targets_of
from analyzer.kernel.rules.chars import refresh
from analyzer.kernel.rules.combat import can_attack, can_block, first_strike_step
from analyzer.kernel.rules.engine import begin_main2, resolve_decision, step
from analyzer.kernel.rules.events import fire_controller_event, fire_enters
from analyzer.kernel.rules.events_turn import fire_attacks, fire_opponent_attacks
from analyzer.kernel.rules.gamelog import log_combatants
from analyzer.kernel.rules.resolve import put_triggers_on_stack, resolve_top
from analyzer.kernel.rules.sba import check_sba, sba_before_priority
from analyzer.kernel.rules.stack import (
    CAST_EXTRA_COST,
    CAST_MANA,
    activate_with_targets,
    cast_with_targets,
    open_window,
    spell_ability,
)
from analyzer.kernel.rules.state import put_onto_battlefield
from analyzer.kernel.rules.targets import (
    group_active,
    other_controller_clash,
    slot_start,
    value_legal,
)
from analyzer.kernel.rules.view import kind_seen, ob, pb
from analyzer.kernel.runtime.config import njit
from analyzer.policies.decide import decide_gift

OK = 0
E_TARGET = 1  # index: the slot whose target is illegal
E_TOO_FEW = 2  # index: the ability's target group (local) below its minimum
E_DUPLICATE = 3  # index: the slot repeating a target of the same group
E_MANA = 4  # the mana cost can't be paid
E_EXTRA_COST = 5  # the additional cost (discard a card) can't be paid
E_TAPPED = 6  # a {T} cost with the source tapped
E_SICK = 7  # a {T} cost of a creature with summoning sickness
E_ATTACKER = 8  # index: a creature that can't attack
E_DEFENDER = 9  # index: not an opponent in the game
E_BLOCKER = 10  # index: a creature that can't block that attacker
E_NOT_ATTACKING = 11  # index: the blocked creature isn't attacking the blocker's controller
E_MENACE = 12  # index: a menace attacker blocked by one creature
E_TWICE = 13  # index: a creature named twice
E_OTHER = 14  # index: the slot naming a target its group must differ from ("other target")
E_MODE = 15  # a modal spell without a valid mode index, or a mode for a spell with none
E_RESTRICTED = 16  # an activation restriction (602.5b): once [each turn], "only if", Class level


@njit
def check_targets(G, C, ab, chooser, promised, slots, zccs):
    """Is this a legal choice for every target group of ability ``ab`` in this mode? Groups
    that don't exist in the mode must be empty; each group gets MIN..MAX legal, distinct
    targets (601.2c, 702.174m)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    targets = targets_of(C)
    if ab < 0:
        for i in range(MAX_TARGETS):
            if slots[i] >= 0:
                return E_TARGET, i
        return OK, -1
    tg0 = abilities[ab, AbilCol.TG_START]
    for j in range(abilities[ab, AbilCol.TG_COUNT]):
        g = tg0 + j
        s0 = slot_start(targets, tg0, j)
        active = group_active(targets, g, promised)
        n = 0
        for k in range(targets[g, TargCol.MAX]):
            v = slots[s0 + k]
            if v < 0:
                continue
            if not active or not value_legal(G, cards, targets, g, v, zccs[s0 + k], chooser):
                return E_TARGET, s0 + k
            for q in range(k):
                if slots[s0 + q] == v:
                    return E_DUPLICATE, s0 + k
            other = targets[g, TargCol.OTHER_THAN] - 1
            if other >= 0:  # "other target": not one of that group's targets (115.3)
                o0 = slot_start(targets, tg0, other)
                for q in range(targets[tg0 + other, TargCol.MAX]):
                    if slots[o0 + q] == v:
                        return E_OTHER, s0 + k
            if other_controller_clash(G, targets, g, tg0, slots, v):
                return E_OTHER, s0 + k  # "controlled by different players"
            n += 1
        if active and n < targets[g, TargCol.MIN]:
            return E_TOO_FEW, j
    return OK, -1


@njit
def cast_scripted(G, C, p, o, promise, recipient, slots, zccs, discard):
    """Cast object o (in hand, or exiled with a permission for p) with the promise, recipient
    and targets given. ``discard``: the card Sazacap's Brew's additional cost discards (-1:
    the built-in player's choice). Then the engine's own cast path (stack.cast_with_targets)."""
    return cast_scripted_mode(G, C, p, o, promise, recipient, slots, zccs, discard, -1)


@njit
def cast_scripted_mode(G, C, p, o, promise, recipient, slots, zccs, discard, mode):
    """cast_scripted with the mode of a modal spell (700.2a): its index among the modes, the
    targets being that mode's (-1: the spell is not modal)."""
    card = G[ob(o) + O.CARD]
    ab = spell_ability(C, card)
    n_modes = abilities_of(C)[ab, AbilCol.MODES] if ab >= 0 else 0
    if (n_modes > 0) != (mode >= 0) or mode >= n_modes > 0:
        return E_MODE, -1
    if mode >= 0:
        ab = ab + 1 + mode
    G[H.TARGET_SRC] = o + 1
    code, idx = check_targets(G, C, ab, p, promise, slots, zccs)
    if code != OK:
        return code, idx
    res = cast_with_targets(G, C, p, o, promise, recipient, slots, zccs, discard, ab)
    if res == CAST_EXTRA_COST:
        return E_EXTRA_COST, -1
    if res == CAST_MANA:
        return E_MANA, -1
    return OK, -1


@njit
def activate_scripted(G, C, p, o, ab, slots, zccs):
    """Activate ability row ab of permanent o with these targets. Then the engine's own
    activation path (summoning sickness checked here, as the built-in player does)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    G[H.TARGET_SRC] = o + 1
    code, idx = check_targets(G, C, ab, p, 0, slots, zccs)
    if code != OK:
        return code, idx
    if abilities[ab, AbilCol.COST_TAP]:
        if G[ob(o) + O.TAPPED]:
            return E_TAPPED, -1
        if (
            G[ob(o) + O.SICK]
            and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE
            and (G[ob(o) + O.CUR_KW] & Keyword.HASTE) == 0
        ):
            return E_SICK, -1
    if not activation_allowed(G, C, o, ab, p):
        return E_RESTRICTED, -1
    if not activate_with_targets(G, C, p, o, ab, slots, zccs):
        return E_MANA, -1
    return OK, -1


@njit
def play_land(G, C, p, o):
    """p plays land o from hand (the caller checks timing and the land drop)."""
    cards = cards_of(C)
    put_onto_battlefield(G, cards, o, p, cards[G[ob(o) + O.CARD], CardCol.ETB_TAPPED] == 1)
    fire_enters(G, C, o)
    G[pb(p) + P.LANDS_TURN] += 1
    G[pb(p) + P.LANDS_PLAYED] += 1
    sba_before_priority(G, C)
    return OK, -1


@njit
def declare_attack(G, C, p, attackers, defenders):
    """The active player p attacks: attackers[i] attacks player defenders[i]. Then the
    declare-attackers priority window opens (attack triggers are pending)."""
    cards = cards_of(C)
    n = attackers.shape[0]
    for i in range(n):
        o = attackers[i]
        if not can_attack(cards, G, o, p):
            return E_ATTACKER, i
        for q in range(i):
            if attackers[q] == o:
                return E_TWICE, i
        d = defenders[i]
        if d < 0 or d >= G[H.NPLAYERS] or d == p or G[pb(d) + P.LOST]:
            return E_DEFENDER, i
    for i in range(n):
        o = attackers[i]
        G[ob(o) + O.ATTACKING] = defenders[i] + 1
        if (G[ob(o) + O.CUR_KW] & Keyword.VIGILANCE) == 0:
            G[ob(o) + O.TAPPED] = 1
        fire_attacks(G, C, o)
    if kind_seen(G, AbilityKind.ATTACKING_HAVE):
        refresh(G, C)  # "attacking creatures you control have ...": now attacking
    log_combatants(G, True)
    G[H.COMBAT_FS] = 0
    G[pb(p) + P.ATTACKERS_TURN] += n
    if n == 0:
        begin_main2(G, C, p)
        return OK, -1
    fire_controller_event(G, C, p, AbilityKind.YOU_ATTACK, -1)
    fire_opponent_attacks(G, C, p)
    G[H.PHASE] = Phase.DECLARE_BLOCKERS
    open_window(G, Phase.DECLARE_ATTACKERS)
    return OK, -1


@njit
def declare_block(G, C, blockers, attacked):
    """Every block of this combat: blockers[i] blocks attacked[i] (a creature blocks one
    attacker; a menace attacker needs two or more). Then the damage steps follow."""
    cards = cards_of(C)
    n = blockers.shape[0]
    for i in range(n):
        b = blockers[i]
        a = attacked[i]
        if (
            G[ob(a) + O.ZONE] != Zone.BATTLEFIELD
            or G[ob(a) + O.ATTACKING] == 0
            or G[ob(a) + O.ATTACKING] != G[ob(b) + O.CTRL] + 1
        ):
            return E_NOT_ATTACKING, i
        if G[ob(b) + O.ZONE] != Zone.BATTLEFIELD or not can_block(cards, G, b, a):
            return E_BLOCKER, i
        for q in range(i):
            if blockers[q] == b:
                return E_TWICE, i
    for i in range(n):
        a = attacked[i]
        if G[ob(a) + O.CUR_KW] & Keyword.MENACE:
            k = 0
            for q in range(n):
                if attacked[q] == a:
                    k += 1
            if k < 2:
                return E_MENACE, i
    for i in range(n):
        G[ob(blockers[i]) + O.BLOCKING] = attacked[i] + 1
        G[ob(attacked[i]) + O.BLOCKED] = 1
    log_combatants(G, False)
    first_strike_step(G)
    G[H.PHASE] = Phase.FIRST_STRIKE_DAMAGE  # the engine decides again as damage begins
    open_window(G, Phase.DECLARE_BLOCKERS)
    return OK, -1


@njit
def resolve_stack(G, C, count):
    """Everyone passes: pending triggers go on the stack (APNAP), the top resolves, state-based
    actions are checked; repeated ``count`` times (-1: until the stack is empty). Pending
    triggers are on the stack when it stops, and the active player has priority. Each
    resolution counts toward the game's action cap (H.ACTION_CAP: a draw, as in ``play``)."""
    done = 0
    while G[H.WINNER] == -1:
        if G[H.TRIG_N] > 0:
            if G[H.WINDOW] == 0:
                open_window(G, G[H.PHASE])
            put_triggers_on_stack(G, C)
            continue
        if G[H.STACK_N] == 0 or (count >= 0 and done >= count):
            break
        resolve_top(G, C)
        check_sba(G, C)
        done += 1
        # a loop of triggers ends as a game's does, a draw at the action cap (732.4), instead
        # of running for ever (a scenario of Restoration Angel's flicker between two Driftgloom
        # Coyotes never returned while the player always flickered)
        G[H.ACTIONS] += 1
        if G[H.ACTIONS] >= G[H.ACTION_CAP] and G[H.WINNER] == -1:
            G[H.WINNER] = -2
            G[H.END_REASON] = 4  # EndReason.ACTION_CAP
            G[H.PHASE] = Phase.GAME_OVER
    G[H.PRIO] = G[H.ACTIVE]
    G[H.PASSES] = 0
    return OK, done


@njit
def run_until(G, C, pol, target, next_turn):
    """The built-in players play on until the game first rests (no priority window open,
    nothing pending) at step ``target`` or a later one: later this turn if ``target`` is
    still ahead, else in a following turn. With ``next_turn``: the first rest of the next
    turn. The engine runs untap, upkeep and draw in one unit of work when nothing triggers, so
    "upkeep", "draw" and "next_turn" usually stop in main phase 1. The end step is special: it
    stops after its "at the beginning of the end step" triggers are put on the stack."""
    start_turn = G[H.TURN]
    start_phase = G[H.PHASE]
    while G[H.WINNER] == -1:
        if G[H.PENDING] != PEND_NONE:
            promise, recipient = decide_gift(G, C, pol, G[H.PEND_PLAYER], G[H.PEND_OBJ])
            resolve_decision(G, C, pol, promise, recipient)
            continue
        ph = G[H.PHASE]
        if G[H.WINDOW] == 0 and G[H.TRIG_N] == 0 and ph != Phase.BEGIN:
            later_turn = G[H.TURN] > start_turn
            if next_turn:
                if later_turn:
                    return OK, 0
            elif ph >= target and (later_turn or target > start_phase):
                break
        step(G, C, pol)
        G[H.ACTIONS] += 1
        if G[H.ACTIONS] >= G[H.ACTION_CAP] and G[H.WINNER] == -1:
            G[H.WINNER] = -2
            G[H.END_REASON] = 4  # EndReason.ACTION_CAP
            G[H.PHASE] = Phase.GAME_OVER
    if G[H.WINNER] == -1 and G[H.PHASE] == Phase.END_STEP and not next_turn:
        step(G, C, pol)  # beginning of the end step: triggers, then priority
        if G[H.WINDOW] == 0:  # the engine skips windows nobody can use; the script may
            open_window(G, Phase.END_STEP)
        resolve_stack(G, C, 0)
    return OK, 0

"""The game as a resumable state machine: ``advance`` runs a game until it ends or reaches a
gift decision; ``resolve_decision`` continues it with a promise (or not).

Everything lives in the record ``G``: the phase, whether a priority window is open and who holds
priority, the stack, pending triggers, and a pending decision. There is no recursion and no
hidden Python state, so a game can be copied at any decision and both copies advanced.

Turn (500-514): begin (extra turn queue or rotation; phasing, untap with stun counters), upkeep,
draw (the first player of a two-player game skips it, 103.8a), main 1, combat (attackers,
blockers, first-strike and regular damage), main 2, end step, cleanup (discard to seven, damage
and "until end of turn" effects end). Priority windows open after every spell or ability, after
attackers and blockers are declared, and in the end step; triggers go on the stack before
anyone gets priority; state-based actions are checked after each resolution and combat damage.
"""

from __future__ import annotations

import numpy as np

from analyzer.enums import (
    SEAT_LEVEL_MASK,
    SEAT_OPENING_SHIFT,
    AbilityKind,
    EndReason,
    Event,
    Phase,
    Zone,
)
from analyzer.kernel.layout import (
    DECK_COMMANDER,
    MAX_LIBRARY,
    MAX_TOKENS,
    NO_OBJ,
    OF,
    OFF_LIBRARY,
    OFF_OBJECTS,
    PEND_NONE,
    ST_DECISION,
    ST_DONE,
    H,
    O,
    P,
    W,
)
from analyzer.kernel.player import rollout  # ROLLOUT decisions (module import: rollout uses step)
from analyzer.kernel.player.ai import (
    main_action,
    may_act,
    priority_action,
)
from analyzer.kernel.player.ai_combat import declare_attackers, declare_blockers
from analyzer.kernel.player.ai_fast import anyone_fast
from analyzer.kernel.player.ai_flash import combat_window_wanted
from analyzer.kernel.player.mulligan import mulligan
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.chars import refresh
from analyzer.kernel.rules.combat import combat_damage, end_combat, first_strike_step
from analyzer.kernel.rules.events import draw_cards_firing, fire_controller_event
from analyzer.kernel.rules.events_turn import (
    fire_begin_step,
    fire_end_step,
    fire_opponent_attacks,
)
from analyzer.kernel.rules.gamelog import log_combatants, log_event
from analyzer.kernel.rules.mana import empty_pools
from analyzer.kernel.rules.resolve import put_triggers_on_stack, resolve_top
from analyzer.kernel.rules.rng import seed_state, set_rng, shuffle_slice
from analyzer.kernel.rules.sba import check_sba, check_sba_fresh
from analyzer.kernel.rules.stack import cast_finish, clear_decision, open_window
from analyzer.kernel.rules.turn import abandon_turn, begin_turn, cleanup
from analyzer.kernel.rules.view import alive, kind_seen, n_alive, next_alive, ob, own_at, own_n, pb
from analyzer.kernel.runtime.borrow import borrow
from analyzer.kernel.runtime.config import njit
from analyzer.policies.decide import choose_recipient, seat_row


@njit(_nrt=True)
def empty_record(deck_sizes, n_players):
    """An uninitialized record for a game of these decks (``init_game`` clears it); the
    kernel's ``layout.record_size``."""
    n_cards = 0
    for s in range(n_players):
        n_cards += deck_sizes[s]
    return np.empty(OFF_OBJECTS + (n_cards + MAX_TOKENS) * OF, np.int32)


@njit
def init_game(
    G,
    C,
    decks,
    deck_sizes,
    levels,
    n_players,
    run_seed,
    game_index,
    starting_life,
    turn_cap,
    action_cap,
    first_seat,
):
    """Set up a game in G: decks[s, :deck_sizes[s]] are seat s's card ids, levels[s] its
    built-in player's level (enums.PlayerLevel) with its opening-hands procedure from bit
    enums.SEAT_OPENING_SHIFT up (enums.OpeningHands); first_seat < 0: game_index % n_players, so
    play/draw alternates by game index."""
    G = borrow(G)  # the caller owns G and C for the whole call (see borrow.py)
    cards = borrow(cards_of(C))
    G[:] = 0
    n_cards = 0
    for s in range(n_players):
        n_cards += deck_sizes[s]
    n_obj = n_cards + MAX_TOKENS
    G[H.NPLAYERS] = n_players
    G[H.NOBJ] = n_obj
    G[H.NCARDS] = n_cards
    G[H.WINNER] = -1
    G[H.STARTING_LIFE] = starting_life
    G[H.TURN_CAP] = turn_cap
    G[H.ACTION_CAP] = action_cap
    G[H.GAME_INDEX] = game_index
    G[H.NO_SPELLS_TURN] = -1
    G[H.PEND_OBJ] = NO_OBJ
    G[H.PEND_PLAYER] = -1
    set_rng(G, seed_state(run_seed, game_index))
    for o in range(n_obj):
        b = OFF_OBJECTS + o * OF
        G[b + O.ATTACHED] = NO_OBJ
        G[b + O.RECIPIENT] = -1
        G[b + O.CARD] = 0
    o = 0
    for s in range(n_players):
        G[pb(s) + P.LIFE] = starting_life
        G[pb(s) + P.DECK] = s
        G[pb(s) + P.LEVEL] = levels[s] & SEAT_LEVEL_MASK
        G[pb(s) + P.OPENING_HANDS] = levels[s] >> SEAT_OPENING_SHIFT
        lib_off = OFF_LIBRARY + s * MAX_LIBRARY
        n_lib = 0
        for i in range(deck_sizes[s]):
            b = ob(o)
            entry = decks[s, i]
            G[b + O.CARD] = entry & (DECK_COMMANDER - 1)
            G[b + O.OWNER] = s
            G[b + O.CTRL] = s
            if entry & DECK_COMMANDER:
                G[b + O.ZONE] = Zone.COMMAND  # 903.6: the commander starts in the command zone
                G[pb(s) + P.COMMANDER] = o + 1
            else:
                G[b + O.ZONE] = Zone.LIBRARY
                G[lib_off + n_lib] = o
                n_lib += 1
            o += 1
        G[pb(s) + P.LIB_N] = n_lib
        shuffle_slice(G, lib_off, n_lib)
    first = first_seat if first_seat >= 0 else game_index % n_players
    G[H.FIRST_SEAT] = first
    G[H.ROTATION] = (first - 1 + n_players) % n_players
    log_event(G, Event.GAME_START, first, -1, -1, n_players, starting_life, -1)
    for k in range(n_players):
        mulligan(G, cards, (first + k) % n_players)
    G[H.PHASE] = Phase.BEGIN


@njit
def begin_main2(G, C, active):
    """The second main phase begins: "at the beginning of your second main phase" triggers
    (505.1a: the main phase after combat) go on the stack in a priority window first."""
    G[H.PHASE] = Phase.MAIN2
    n = G[H.TRIG_N]
    fire_begin_step(G, C, active, 3)
    if G[H.TRIG_N] > n:
        open_window(G, Phase.MAIN2)


@njit
def _maybe_window(G, C, step_phase):
    """Open a priority window unless nobody could use it (no triggers, no instant-speed
    option for anyone): skipping it changes nothing but the time spent."""
    if G[H.TRIG_N] > 0 or anyone_fast(G, C):
        open_window(G, step_phase)


@njit(inline_in_entry=True)  # see advance
def step(G, C, pol):
    """Advance the game by one unit of work (one priority action or pass, one resolution, or
    one turn-based action)."""
    active = G[H.ACTIVE]
    ph = G[H.PHASE]
    if G[H.POOL_PHASE] != 0 and G[H.POOL_PHASE] != ph + 1:
        empty_pools(G)  # 500.4: unspent mana empties as the step or phase ends
    if ph != Phase.BEGIN and not alive(G, active) and G[H.TURN] > 0:
        abandon_turn(G, C)
        return
    if G[H.WINDOW]:
        if G[H.TRIG_N] > 0:
            put_triggers_on_stack(G, C)
            G[H.PASSES] = 0
            G[H.PRIO] = active
            return
        # pass priority around until someone acts or everyone has passed in succession
        n_al = n_alive(G)
        while True:
            p = G[H.PRIO]
            if alive(G, p) and may_act(G, cards_of(C), p) and priority_action(G, C, pol, p):
                G[H.PASSES] = 0
                return
            G[H.PASSES] += 1
            G[H.PRIO] = next_alive(G, p)
            if G[H.PASSES] >= n_al:
                if G[H.STACK_N] > 0:
                    resolve_top(G, C)
                    check_sba(G, C)
                    G[H.PASSES] = 0
                    G[H.PRIO] = active
                else:
                    G[H.WINDOW] = 0
                return
    if G[H.TRIG_N] > 0:
        open_window(G, ph)
        return
    if ph == Phase.BEGIN:
        begin_turn(G, C)
        if G[H.PHASE] != Phase.UPKEEP:
            return
        ph = Phase.UPKEEP  # nothing can happen between untap and upkeep: go on in this step
        active = G[H.ACTIVE]
    if ph == Phase.UPKEEP:
        fire_begin_step(G, C, active, 0)  # "your upkeep", "each opponent's upkeep"
        G[H.PHASE] = Phase.DRAW
        if G[H.TRIG_N] > 0:
            return
        ph = Phase.DRAW
    if ph == Phase.COMBAT_BEGIN:
        # 507.1: "at the beginning of combat on your turn" triggers; attackers are declared
        # once they have resolved (the next step of the turn)
        fire_controller_event(G, C, active, AbilityKind.BEGIN_COMBAT, -1)
        if kind_seen(G, AbilityKind.EACH_COMBAT):  # "at the beginning of each combat"
            for k in range(G[H.NPLAYERS]):
                fire_controller_event(
                    G, C, (active + k) % G[H.NPLAYERS], AbilityKind.EACH_COMBAT, -1
                )
        G[H.PHASE] = Phase.DECLARE_ATTACKERS
        # priority in the beginning of combat step (507.1): opened for the triggers, or for a
        # flash creature that would tap the attackers (the players skip an empty one)
        if G[H.TRIG_N] > 0 or combat_window_wanted(G, C):
            open_window(G, Phase.COMBAT_BEGIN)
            return
        ph = Phase.DECLARE_ATTACKERS
    if ph == Phase.DRAW:
        if not (G[H.NPLAYERS] == 2 and G[H.TURN] == 1):
            draw_cards_firing(G, C, active, 1)
            fire_begin_step(G, C, active, 2)  # "at the beginning of your draw step"
            # the characteristics are current here (the turn began with a refresh, and every
            # upkeep resolution was followed by one): only drawing from an empty library is
            # new, unless a static reads the hand (static_pt_hand: H.HAND_STATICS) or is volatile
            if G[H.STATICS] or G[H.HAND_STATICS]:
                check_sba(G, C)
            else:
                check_sba_fresh(G, C)
        G[H.PHASE] = Phase.MAIN1
        # "at the beginning of your first main phase" (505.1a: the precombat main phase)
        n = G[H.TRIG_N]
        fire_begin_step(G, C, active, 4)
        if G[H.TRIG_N] > n:
            open_window(G, Phase.MAIN1)
    elif ph == Phase.MAIN1 or ph == Phase.MAIN2:
        if not main_action(G, C, pol, active):
            G[H.PHASE] = Phase.COMBAT_BEGIN if ph == Phase.MAIN1 else Phase.END_STEP
    elif ph == Phase.DECLARE_ATTACKERS:
        n_att = declare_attackers(G, C)
        G[pb(active) + P.ATTACKERS] += n_att
        G[pb(active) + P.ATTACKERS_TURN] += n_att
        if n_att == 0:
            begin_main2(G, C, active)
        else:
            if kind_seen(G, AbilityKind.ATTACKING_HAVE):
                refresh(G, C)  # "attacking creatures you control have ...": now attacking
            # "whenever you attack" (508.1m), after each attacker's own attack triggers
            fire_controller_event(G, C, active, AbilityKind.YOU_ATTACK, -1)
            fire_opponent_attacks(G, C, active)
            log_combatants(G, True)
            G[H.PHASE] = Phase.DECLARE_BLOCKERS
            _maybe_window(G, C, Phase.DECLARE_ATTACKERS)
    elif ph == Phase.DECLARE_BLOCKERS:
        declare_blockers(G, C)
        log_combatants(G, False)
        _count_blocked(G, active)
        # whether there is a first-strike step is decided when damage begins (510.4), not at
        # blocks: a trick in this window can grant first strike (Valley Rally)
        G[H.PHASE] = Phase.FIRST_STRIKE_DAMAGE
        _maybe_window(G, C, Phase.DECLARE_BLOCKERS)
    elif ph == Phase.FIRST_STRIKE_DAMAGE:
        if first_strike_step(G):
            combat_damage(G, C, True)
            check_sba(G, C)
        G[H.PHASE] = Phase.COMBAT_DAMAGE
    elif ph == Phase.COMBAT_DAMAGE:
        combat_damage(G, C, False)
        check_sba(G, C)
        G[H.PHASE] = Phase.COMBAT_END
    elif ph == Phase.COMBAT_END:
        end_combat(G)
        if kind_seen(G, AbilityKind.ATTACKING_HAVE):
            refresh(G, C)  # no longer attacking (511.3)
        begin_main2(G, C, active)
    elif ph == Phase.END_STEP:
        fire_end_step(G, C)
        G[H.PHASE] = Phase.CLEANUP
        _maybe_window(G, C, Phase.END_STEP)
    elif ph == Phase.CLEANUP:
        cleanup(G, C)


@njit
def _count_blocked(G, p):
    """Add p's blocked attackers to P.ATTACKERS_BLOCKED (blocks per attack, for calibrate)."""
    k = 0
    for i in range(own_n(G, p)):
        b = ob(own_at(G, p, i))
        if G[b + O.ATTACKING] and G[b + O.BLOCKED]:
            k += 1
    G[pb(p) + P.ATTACKERS_BLOCKED] += k


@njit
def resolve_decision(G, C, pol, promise, recipient):
    """Continue the pending cast with the promise chosen (702.174a: recipient chosen now)."""
    if G[H.PENDING] == PEND_NONE:
        return False
    o = G[H.PEND_OBJ]
    p = G[H.PEND_PLAYER]
    clear_decision(G)
    if promise and recipient < 0:
        recipient = choose_recipient(G, C, pol, seat_row(pol, G[ob(o) + O.CARD], p), p)
    # the creature the chosen mode's trick is for (ai_cast.try_cast judged each mode apart)
    G[W.FOCUS] = G[H.PEND_FOCUS_PROMISED] if promise else G[H.PEND_FOCUS]
    cast = cast_finish(G, C, p, o, promise, recipient if promise else -1)
    G[W.FOCUS] = 0
    if not cast:
        G[ob(o) + O.FREE_CAST] = 0  # a free cast (op cast_free) not made is not kept for later
    return cast


@njit(_nrt=True, inline_in_entry=True)
def advance(G, C, pol, stop_at_decision):
    """Run the game until it ends (ST_DONE) or, if stop_at_decision, until a gift decision
    with both modes legal is pending (ST_DECISION).

    ``advance``, ``step`` and the rollout loop are compiled once each and inlined by LLVM in
    an entry point's module (``inline_in_entry``, see config.py): numba's IR inlining of them
    into every caller cost about a fifth of a cold compile; a call per ``step`` left to
    LLVM's own judgement cost 3% of the run speed."""
    # the caller owns G, C and pol for the whole call: the kernel works on borrowed views
    # (no reference counting on every call; see borrow.py)
    G = borrow(G)
    C = borrow(C)
    pol = borrow(pol)
    while G[H.WINNER] == -1:
        if G[H.PENDING] != PEND_NONE:
            if stop_at_decision:
                return ST_DECISION
            # decide_gift, or for a ROLLOUT row play-outs of both choices (kernel/player/rollout.py,
            # which has its own play-out loop: it never calls advance)
            promise, recipient = rollout.decide_pending(G, C, pol)
            resolve_decision(G, C, pol, promise, recipient)
            continue
        step(G, C, pol)
        G[H.ACTIONS] += 1
        if G[H.ACTIONS] >= G[H.ACTION_CAP] and G[H.WINNER] == -1:
            G[H.WINNER] = -2
            G[H.END_REASON] = EndReason.ACTION_CAP
            G[H.PHASE] = Phase.GAME_OVER
    return ST_DONE


@njit(_nrt=True)
def play(G, C, pol, stop_at_decision):
    """``advance`` for callers that reach it from several places (the fork runner)."""
    return advance(G, C, pol, stop_at_decision)


@njit(_nrt=True)
def play_game(
    G,
    C,
    pol,
    decks,
    deck_sizes,
    levels,
    n_players,
    run_seed,
    game_index,
    starting_life,
    turn_cap,
    action_cap,
):
    init_game(
        G,
        C,
        decks,
        deck_sizes,
        levels,
        n_players,
        run_seed,
        game_index,
        starting_life,
        turn_cap,
        action_cap,
        -1,
    )
    advance(G, C, pol, False)


def new_record(deck_sizes: np.ndarray) -> np.ndarray:
    """An empty game record sized for these decks."""
    from analyzer.kernel.layout import record_size

    return np.zeros(record_size(int(np.sum(deck_sizes)) + MAX_TOKENS), dtype=np.int32)

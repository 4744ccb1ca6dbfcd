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
    CardCol,
    CardFlag,
    EndReason,
    Event,
    Op,
    Phase,
    Zone,
)
from analyzer.kernel.layout import (
    DECK_COMMANDER,
    DIRTY_ALL,
    DIRTY_CHARS,
    DIRTY_LEGEND,
    DIRTY_SBA,
    FACE_EOT_SHIFT,
    FACE_PRINTED,
    MAX_LIBRARY,
    MAX_PLAYERS,
    MAX_TOKENS,
    NO_OBJ,
    OF,
    OFF_BATTLEFIELD,
    OFF_EXTRA,
    OFF_LIBRARY,
    OFF_OBJECTS,
    OFF_STACK,
    PEND_NONE,
    PHASED_DIRECT,
    PHASED_INDIRECT,
    SF,
    SK_SPELL,
    ST_DECISION,
    ST_DONE,
    H,
    O,
    P,
    S,
    W,
)
from analyzer.kernel.player import rollout  # ROLLOUT decisions (module import: rollout uses step)
from analyzer.kernel.player.ai import (
    anyone_fast,
    discard_to_hand_size,
    main_action,
    may_act,
    priority_action,
)
from analyzer.kernel.player.ai_combat import declare_attackers, declare_blockers
from analyzer.kernel.player.mulligan import mulligan
from analyzer.kernel.rules.catalog import cards_of, static_step_a
from analyzer.kernel.rules.chars import refresh
from analyzer.kernel.rules.combat import combat_damage, end_combat, first_strike_step
from analyzer.kernel.rules.effects_until import next_kw_ends
from analyzer.kernel.rules.events import draw_cards_firing, fire_controller_event
from analyzer.kernel.rules.events_turn import (
    end_delayed_until_next_turn,
    fire_begin_step,
    fire_end_step,
    fire_opponent_attacks,
)
from analyzer.kernel.rules.gamelog import log_combatants, log_event
from analyzer.kernel.rules.library import end_play_permissions
from analyzer.kernel.rules.mana import empty_pools
from analyzer.kernel.rules.resolve import put_triggers_on_stack, resolve_top
from analyzer.kernel.rules.rng import seed_state, set_rng, shuffle_slice
from analyzer.kernel.rules.sba import check_sba, check_sba_fresh
from analyzer.kernel.rules.stack import cast_finish, clear_decision, open_window
from analyzer.kernel.rules.state import attached_obj, move_object
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
def _begin_turn(G, C):
    n = G[H.EXTRA_N]
    active = -1
    while n > 0:
        n -= 1
        q = G[OFF_EXTRA + n]
        if alive(G, q):
            active = q
            break
    G[H.EXTRA_N] = n
    extra = active >= 0
    if active < 0:
        active = next_alive(G, G[H.ROTATION])
        G[H.ROTATION] = active
    previous = G[H.ACTIVE]  # (a "during your turn" static of theirs ends: see below)
    G[H.ACTIVE] = active
    G[H.TURN] += 1
    if G[H.TURN] > G[H.TURN_CAP]:
        G[H.WINNER] = -2
        G[H.END_REASON] = EndReason.TURN_CAP
        G[H.PHASE] = Phase.GAME_OVER
        refresh(G, C)  # the final record shows the cleanup's effects ended (see _cleanup)
        return
    for p in range(G[H.NPLAYERS]):
        q = pb(p)
        G[q + P.LANDS_TURN] = 0
        G[q + P.SPELLS_TURN] = 0
        G[q + P.LIFE_GAINED_TURN] = 0
        G[q + P.LIFE_LOST_TURN] = 0
        G[q + P.MANA_SPENT_TURN] = 0  # expend counts the mana spent on spells this turn
        G[q + P.CREATURES_ENTERED_TURN] = 0
        G[q + P.SUBTYPES_ENTERED_TURN] = 0
        G[q + P.GY_LEFT_TURN] = 0
        G[q + P.FOOD_SACRIFICED_TURN] = 0
        G[q + P.CREATURES_DIED_TURN] = 0
        G[q + P.CREATURES_EXILED_TURN] = 0
        G[q + P.TOKENS_CREATED_TURN] = 0  # "if you created a token this turn"
        G[q + P.ATTACKERS_TURN] = 0
        G[q + P.EXTRA_LANDS_TURN] = 0
        G[q + P.TYPES_CAST_TURN] = 0
        G[q + P.SUBTYPES_CAST_TURN] = 0
        for c in range(6):  # "until end of turn" mana is gone too (Brazen Collector's)
            G[q + P.MANA_W + c] = 0
    G[pb(active) + P.TURNS] += 1
    log_event(G, Event.TURN_START, active, -1, -1, 1 if extra else 0, -1, -1)
    G[pb(active) + P.PROTECTED] = 0  # "until your next turn" ends (Perch Protection)
    next_kw_ends(G, active)  # and what it granted "until your next turn" (For the Common Good)
    _phase_in(G, active)
    for i in range(own_n(G, active)):  # (untapping moves nothing)
        b = ob(own_at(G, active, i))
        G[b + O.SICK] = 0
        if G[b + O.TAPPED]:
            if G[b + O.STUN] > 0:
                G[b + O.STUN] -= 1  # 122.1d: a stun counter replaces untapping
            else:
                G[b + O.TAPPED] = 0
    # a static's condition may read whose turn it is (Cond.YOUR_TURN: not volatile, it changes
    # only here; H.GAME_STATICS: only for the sources of the players whose turn ends or begins,
    # or for any turn), and what it changed the state-based actions see at the next check.
    # Without one nothing refresh reads changed untracked: untapping (O.TAPPED, O.SICK) is not
    # read, a stun counter only by a volatile static, phasing in writes H.DIRTY (and without a
    # refresh nothing the state-based actions read changed either: the last check settled it)
    turn_seats = (1 << MAX_PLAYERS) | (1 << active)
    if 0 <= previous < MAX_PLAYERS:
        turn_seats |= 1 << previous
    if G[H.DIRTY] & DIRTY_CHARS or G[H.STATICS] or G[H.GAME_STATICS] & turn_seats:
        refresh(G, C)
        G[H.DIRTY] |= DIRTY_SBA
    G[H.PHASE] = Phase.UPKEEP


@njit
def _phase_in(G, active):
    """502.1: the active player's directly phased-out permanents phase in (a phased-out
    permanent kept its controller, 702.26d), and with them what phased out attached to them
    (702.26g), whoever controls it."""
    indirect = False
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.PHASED] == PHASED_DIRECT and G[b + O.CTRL] == active:
            G[b + O.PHASED] = 0
            G[H.DIRTY] = DIRTY_ALL
        elif G[b + O.PHASED] == PHASED_INDIRECT:
            indirect = True
    for i in range(G[H.BF_N] if indirect else 0):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.PHASED] == PHASED_INDIRECT:
            att = attached_obj(G, o)
            if att == NO_OBJ or G[ob(att) + O.PHASED] == 0:
                G[ob(o) + O.PHASED] = 0
                G[H.DIRTY] = DIRTY_ALL


NO_MAX_HAND_SIZE = 1 << 20  # (more than any hand holds)


@njit
def max_hand_size(G, C, p):
    """p's maximum hand size (402.2): seven, unless a permanent p controls says "You have no
    maximum hand size" or "Your maximum hand size is twenty"; of several, the latest
    timestamp wins (613.7; Twenty-Toed Toad's ruling)."""
    cards = cards_of(C)
    size = 7
    latest = -1
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        card = G[b + O.CARD]
        flags = cards[card, CardCol.FLAGS] & (CardFlag.NO_MAX_HAND | CardFlag.MAX_HAND_SIZE)
        if flags == 0 or G[b + O.CTRL] != p or G[b + O.PHASED] or G[b + O.TIMESTAMP] < latest:
            continue
        latest = G[b + O.TIMESTAMP]
        if flags & CardFlag.NO_MAX_HAND:
            size = NO_MAX_HAND_SIZE
        else:
            size = static_step_a(C, card, Op.STATIC_MAX_HAND_SIZE)
    return size


@njit
def _cleanup(G, C):
    if G[pb(G[H.ACTIVE]) + P.HAND_N] > 7:  # (no effect makes the maximum smaller)
        discard_to_hand_size(G, C, G[H.ACTIVE], max_hand_size(G, C, G[H.ACTIVE]))
    returned = False
    if G[H.IMPULSE]:
        end_play_permissions(G)  # "until end of turn", "until the end of your next turn"
    if G[H.DELAYED_N]:
        end_delayed_until_next_turn(G)
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        G[b + O.DAMAGE] = 0  # (removing damage never makes a state-based action apply)
        G[b + O.DEATHTOUCHED] = 0
        if G[b + O.EOT_CTRL]:
            G[b + O.EOT_CTRL] = 0  # "until end of turn" control ends (514.2)
            returned = True
        if G[b + O.FACE] >> FACE_EOT_SHIFT:
            # "becomes ... until end of turn" ends (514.2): its own row, until refresh gives
            # it a static ability's row again
            G[b + O.CARD] = (G[b + O.FACE] & FACE_PRINTED) - 1
            G[b + O.FACE] = 0
            G[H.DIRTY] |= DIRTY_ALL & ~DIRTY_LEGEND  # (the legend rule reads printed cards)
        if G[b + O.EOT_P] | G[b + O.EOT_T] | G[b + O.EOT_KW] | G[b + O.EOT_KW_LOSE]:
            G[H.DIRTY] |= DIRTY_ALL & ~DIRTY_LEGEND
            G[b + O.EOT_P] = 0
            G[b + O.EOT_T] = 0
            G[b + O.EOT_KW] = 0
            G[b + O.EOT_KW_LOSE] = 0
    if returned:
        # control returns now, so its owner's untap step finds it theirs (not summoning sick)
        G[H.DIRTY] = DIRTY_ALL
        refresh(G, C)
    if G[H.TRIG_N] > 0:
        refresh(G, C)  # a priority window comes first (514.3a)
    # else the next step begins the turn, whose refresh (after untap and phasing) covers
    # the effects that ended here: nothing reads the characteristics in between
    G[H.PHASE] = Phase.BEGIN


@njit
def _abandon_turn(G, C):
    """The active player left the game mid-turn: the rest of the turn is skipped (800.4a
    leaves the turn without an active player; the kernel moves straight to the next turn)."""
    cards = cards_of(C)
    end_combat(G)
    for i in range(G[H.STACK_N] - 1, -1, -1):
        e = OFF_STACK + i * SF
        if G[e + S.KIND] == SK_SPELL and G[ob(G[e + S.OBJ]) + O.ZONE] == Zone.STACK:
            move_object(G, cards, G[e + S.OBJ], Zone.GRAVEYARD)
    G[H.STACK_N] = 0
    G[H.TRIG_N] = 0
    G[H.WINDOW] = 0
    clear_decision(G)
    _cleanup(G, C)


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
        _abandon_turn(G, C)
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
        _begin_turn(G, C)
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
        if G[H.TRIG_N] > 0:
            open_window(G, Phase.COMBAT_BEGIN)  # priority in the beginning of combat step
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
        _cleanup(G, C)


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

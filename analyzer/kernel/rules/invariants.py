"""Invariants of a game record, checked after every step by the random-play tests and the soak
script (the kernel itself never pays for them).

- every deck card is in exactly one place, and the zone lists agree with each object's zone;
- no list is over capacity; stack entries are well-formed;
- counters, damage and the mana of untapped sources are never negative;
- each player's life equals starting life - life lost + life gained;
- after the draw step the characteristics are current (the engine's draw skips the refresh);
- a record whose H.DIRTY bits are clear (no volatile static ability out) is settled: a refresh would
  change nothing, and no state-based action applies (the engine then skips both);
- while H.BFX_OK is set, the battlefield by controller (view.own_n) is the battlefield list's.
Returns 0 when all hold, else the number of the first violated check (see CHECK_NAMES).
"""

from __future__ import annotations

import numpy as np

from analyzer.enums import Phase, Zone
from analyzer.kernel.layout import (
    DIRTY_CHARS,
    DIRTY_PLAYERS,
    MAX_BATTLEFIELD,
    MAX_STACK,
    OFF_BATTLEFIELD,
    OFF_BF_CTRL,
    OFF_STACK,
    PEND_NONE,
    SF,
    SK_SPELL,
    H,
    O,
    P,
    S,
)
from analyzer.kernel.rules.chars import refresh
from analyzer.kernel.rules.engine import empty_record, init_game, resolve_decision, step
from analyzer.kernel.rules.sba import check_sba_all
from analyzer.kernel.rules.state import zone_list
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit
from analyzer.policies.decide import decide_gift

CHECK_NAMES = (
    "ok",
    "card in no zone",
    "zone list disagrees with object",
    "card listed twice",
    "list over capacity",
    "negative counter or damage",
    "life not accounted for",
    "spell entry without its card on the stack",
    "token in a player's list",
    "characteristics stale after the draw step",
    "characteristics stale though H_DIRTY says current",
    "state-based action pending though H_DIRTY says settled",
    "battlefield by controller stale though H_BFX_OK says current",
)


@njit(_nrt=True)
def check_invariants(G):
    n_obj = G[H.NOBJ]
    n_cards = G[H.NCARDS]
    seen = np.zeros(n_obj, np.int32)
    for p in range(G[H.NPLAYERS]):
        for zone in (Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD, Zone.EXILE):
            off, cnt, cap = zone_list(p, zone)
            n = G[cnt]
            if n < 0 or n > cap:
                return 4
            for i in range(n):
                o = G[off + i]
                if o < 0 or o >= n_obj:
                    return 2
                if G[ob(o) + O.ZONE] != zone or G[ob(o) + O.OWNER] != p:
                    return 2
                if o >= n_cards:
                    return 8
                seen[o] += 1
    nb = G[H.BF_N]
    if nb < 0 or nb > MAX_BATTLEFIELD:
        return 4
    for i in range(nb):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.ZONE] != Zone.BATTLEFIELD:
            return 2
        seen[o] += 1
    ns = G[H.STACK_N]
    if ns < 0 or ns > MAX_STACK:
        return 4
    for i in range(ns):
        e = OFF_STACK + i * SF
        if G[e + S.KIND] == SK_SPELL:
            o = G[e + S.OBJ]
            if G[ob(o) + O.ZONE] != Zone.STACK:
                return 7
            seen[o] += 1
    for o in range(n_obj):
        z = G[ob(o) + O.ZONE]
        if o < n_cards:
            # a card whose owner left the game is gone (zone NONE); everything else is somewhere
            if z == Zone.NONE:
                if G[pb(G[ob(o) + O.OWNER]) + P.LOST] == 0:
                    return 1
            elif z == Zone.COMMAND:
                if G[pb(G[ob(o) + O.OWNER]) + P.COMMANDER] != o + 1 or seen[o] != 0:
                    return 2  # only a player's own commander is in the command zone
            elif seen[o] != 1:
                return 3 if seen[o] > 1 else 1
        elif z != Zone.NONE and z != Zone.BATTLEFIELD and not (z == Zone.STACK and seen[o] == 1):
            return 8  # a token exists only on the battlefield, or as a spell's copy (707.10)
        if z == Zone.BATTLEFIELD and seen[o] != 1:
            return 3
        b = ob(o)
        if G[b + O.P1P1] < 0 or G[b + O.STUN] < 0 or G[b + O.DAMAGE] < 0:
            return 5
    for p in range(G[H.NPLAYERS]):
        q = pb(p)
        if G[q + P.LOST]:
            continue
        if G[q + P.LIFE] != G[H.STARTING_LIFE] - G[q + P.LIFE_LOST] + G[q + P.LIFE_GAINED]:
            return 6
    if G[H.BFX_OK] and not _own_index_current(G):
        return 12
    return 0


@njit
def _own_index_current(G):
    """Is the battlefield by controller what view.own_n would rebuild from the list now?"""
    for p in range(G[H.NPLAYERS]):
        k = 0
        for i in range(G[H.BF_N]):
            o = G[OFF_BATTLEFIELD + i]
            if G[ob(o) + O.CTRL] != p:
                continue
            if k >= G[pb(p) + P.BFX_N] or G[OFF_BF_CTRL + p * MAX_BATTLEFIELD + k] != o:
                return False
            k += 1
        if k != G[pb(p) + P.BFX_N]:
            return False
    return True


@njit(_nrt=True)  # the record copy may allocate (numba guards overlapping copies)
def stale_characteristics(G, C, scratch):
    """Would a refresh change any permanent's characteristics, controller or combat state?"""
    scratch[:] = G
    refresh(scratch, C)
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        for f in (O.CUR_P, O.CUR_T, O.CUR_KW, O.CTRL, O.SICK, O.ATTACKING, O.BLOCKING):
            if scratch[b + f] != G[b + f]:
                return True
    return False


@njit(_nrt=True)
def unsettled(G, C, scratch):
    """For a record with no volatile static source out and DIRTY_CHARS clear: 10 if a refresh would
    change it, 11 if (DIRTY_SBA clear too) a state-based action would apply -- with only
    DIRTY_PLAYERS set, one other than a player's loss --, else 0."""
    if stale_characteristics(G, C, scratch):
        return 10
    if G[H.DIRTY] == DIRTY_PLAYERS:
        # the check skips the battlefield's actions then: none may apply once no player loses
        for p in range(G[H.NPLAYERS]):
            scratch[pb(p) + P.LIFE] = max(1, scratch[pb(p) + P.LIFE])
            scratch[pb(p) + P.DREW_EMPTY] = 0
            for k in range(G[H.NPLAYERS]):
                scratch[pb(p) + P.COMMANDER_DAMAGE + k] = 0
    if (G[H.DIRTY] & ~DIRTY_PLAYERS) == 0 and check_sba_all(scratch, C):
        return 11
    return 0


@njit(_nrt=True)
def play_checked(G, C, pol):
    """Play G to the end with the policy, checking invariants after every step.
    Returns (0, steps) or (check number, step at which it failed)."""
    scratch = np.empty_like(G)
    steps = 0
    while G[H.WINNER] == -1:
        # a step that takes the game from the turn's start to main 1 drew the card: its
        # state-based check ran on the characteristics as they were (see engine.step)
        drawing = (
            G[H.WINDOW] == 0
            and G[H.TRIG_N] == 0
            and (
                G[H.PHASE] == Phase.BEGIN or G[H.PHASE] == Phase.UPKEEP or G[H.PHASE] == Phase.DRAW
            )
        )
        if G[H.PENDING] != PEND_NONE:
            promise, recipient = decide_gift(G, C, pol, G[H.PEND_PLAYER], G[H.PEND_OBJ])
            resolve_decision(G, C, pol, promise, recipient)
        else:
            step(G, C, pol)
            G[H.ACTIONS] += 1
            if G[H.ACTIONS] >= G[H.ACTION_CAP]:
                break
        steps += 1
        if (
            drawing
            and G[H.PHASE] == Phase.MAIN1
            and G[H.WINDOW] == 0
            and stale_characteristics(G, C, scratch)
        ):
            return 9, steps
        if G[H.STATICS] == 0 and (G[H.DIRTY] & DIRTY_CHARS) == 0 and G[H.WINNER] == -1:
            bad = unsettled(G, C, scratch)
            if bad:
                return bad, steps
        bad = check_invariants(G)
        if bad:
            return bad, steps
    return 0, steps


@njit(_nrt=True, entry=True)
def soak_batch(
    C,
    pol,
    decks,
    deck_sizes,
    levels,
    n_players,
    run_seed,
    game_start,
    starting_life,
    turn_cap,
    action_cap,
    out,
):
    """Play games with the invariant check after every step. out[i] = (failed check, step,
    winner, end reason, capacity error) for game game_start + i."""
    G = empty_record(deck_sizes, n_players)
    for i in range(out.shape[0]):
        init_game(
            G,
            C,
            decks,
            deck_sizes,
            levels,
            n_players,
            run_seed,
            game_start + i,
            starting_life,
            turn_cap,
            action_cap,
            -1,
        )
        bad, steps = play_checked(G, C, pol)
        out[i, 0] = bad
        out[i, 1] = steps
        out[i, 2] = G[H.WINNER]
        out[i, 3] = G[H.END_REASON]
        out[i, 4] = G[H.ERROR]

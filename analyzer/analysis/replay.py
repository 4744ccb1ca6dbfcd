"""Replay by re-simulation: one game of a run, or one branch of a forked decision, with the
event log on.

Nothing is stored during batch runs: a game depends only on (run seed, game index, decks,
policy, player levels, starting life, caps), so it is played again in a record long enough for
a log (kernel/rules/gamelog.py). ``replay_game`` mirrors the batch runners exactly:

- a plain game is ``init_game`` then ``play`` to the end (``batch.run_batch``);
- a branch of decision d (``forks.play_forked_game``): the game stops at each gift decision,
  asks ``decide_pending`` (so a random policy draws from the stream exactly as the run did)
  and resolves it; at decision d, replicate 0 continues the main game with the base choice
  (that branch *is* the main game) or resolves a copy with the other choice, the recipient
  being the one the run recorded; replicate k > 0 first reseeds and reshuffles the copy with
  ``forks.reseed``, as the fork runner does.

The record's log then holds the game from the start through the fork point (a ``decision``
event) to the end. Like ``forks.py`` this file stays out of ``analyzer/kernel/`` so that
adding it does not move the kernel's cache folder.
"""

from __future__ import annotations

from analyzer.analysis.forks import recipient_for, reseed
from analyzer.enums import Event
from analyzer.kernel.layout import ST_DECISION, H
from analyzer.kernel.player.rollout import decide_pending
from analyzer.kernel.rules.engine import init_game, play, resolve_decision
from analyzer.kernel.rules.gamelog import log_event
from analyzer.kernel.runtime.config import njit

DEFAULT_LOG_ROWS = 1 << 15  # events a replay's log holds (a long game has a few thousand)


@njit(_nrt=True, entry=True)
def replay_game(
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
    decision,
    branch,
    replicate,
    G,
    A,
    P,
):
    """Play game ``game_index`` in G (a record with room for a log); decision >= 0: the branch
    (1 promise, 0 no promise) of replicate ``replicate`` of that decision (its index in the
    game, every seat counted). A is a scratch record of G's size; P receives the first
    len(P) words of the record at the fork point (the position both branches share; an empty
    P: none). Returns 1 if G holds the game asked for, 0 if the game has no decision
    ``decision``."""
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
    if decision < 0:
        play(G, C, pol, False)
        return 1
    n_dec = 0
    while play(G, C, pol, True) == ST_DECISION:
        p = G[H.PEND_PLAYER]
        o = G[H.PEND_OBJ]
        promise, recipient = decide_pending(G, C, pol)
        if n_dec == decision:
            P[:] = G[: P.shape[0]]
            q = recipient if recipient >= 0 else recipient_for(G, C, pol, p, o, A)
            if replicate == 0 and branch == promise:
                log_event(G, Event.DECISION, p, o, -1, decision, branch, replicate)
                resolve_decision(G, C, pol, promise, recipient)
                play(G, C, pol, False)
                return 1
            A[:] = G
            if replicate > 0:
                reseed(A, run_seed, game_index, decision, replicate)
            log_event(A, Event.DECISION, p, o, -1, decision, branch, replicate)
            resolve_decision(A, C, pol, branch, q if branch else -1)
            play(A, C, pol, False)
            G[:] = A
            return 1
        resolve_decision(G, C, pol, promise, recipient)
        n_dec += 1
    return 0

"""Jitted runner for decision counterfactuals: play games, fork at every gift decision.

Each game is played under the base policy, stopping at every gift decision (``play(...,
stop_at_decision=True)``). At a decision by a seat in ``fork_mask`` the runner asks the base
policy for its own choice first (so a ``random`` policy draws from the game's stream exactly as
an ordinary game would), then forks the record:

- replicate 0: the branch that makes the *other* choice is copied, resolved and played to the
  end with the base policy. The branch that makes the base policy's choice is the main game
  itself, which continues from here with that choice (its final result is that branch's
  outcome), so it is not played twice. ``explicit=True`` plays it as a separate copy as well
  and records its outcome in ``D_CHECK``: tests use it to show the shortcut is exact.
- replicates k = 1..K-1: a copy whose random stream is reseeded from (run seed, game, decision
  index, k) and whose libraries are reshuffled with that stream, so the replicates face
  different unseen cards; both branches of replicate k start from that same copy (same library
  order, same stream). Reshuffling forgets what an earlier scry or surveil revealed; stated in
  the docs.

Why this file is not under ``analyzer/kernel/``: the numba cache folder is keyed by a hash of
every kernel source file (``kernel/runtime/config.py``), so a new or edited file there recompiles
the whole kernel for everyone. Here it only recompiles itself, and any kernel change still moves it
to a fresh cache folder. It imports only kernel modules and numpy.

Outputs (preallocated by the caller, one row per game, rows independent: results do not depend
on the thread count or how a run is split into chunks):
- ``games``: int32 (n, GCOLS) the G_* columns;
- ``dec``: int32 (n, max_dec, DCOLS): the first max_dec gift decisions of each game (any seat;
  ``D_FORKED`` says whether it was forked); ``feat``: float64 (n, max_dec, NFEAT) their
  decision features. Decisions beyond max_dec are resolved by the base
  policy, not recorded, and counted in ``G_DROPPED`` (reported, never hidden).
"""

from __future__ import annotations

import numpy as np

from analyzer.enums import PolCol, Recipient
from analyzer.kernel.layout import MAX_LIBRARY, OFF_LIBRARY, ST_DECISION, H, O, P

# the engine's own way to decide a pending gift (ROLLOUT policies play out both choices)
from analyzer.kernel.player.rollout import decide_pending
from analyzer.kernel.rules.engine import empty_record, init_game, play, resolve_decision
from analyzer.kernel.rules.rng import seed_state, set_rng, shuffle_slice
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit
from analyzer.policies.decide import choose_recipient, seat_row
from analyzer.policies.features import N_FEATURES, decision_features

# ---- per-game columns ----
GAME_COLS = (
    "winner",
    "turns",
    "first_seat",
    "end_reason",
    "error",
    "decisions",
    "recorded",
    "dropped",
    "forked",
)
G_WINNER, G_TURNS, G_FIRST, G_END, G_ERROR, G_DECISIONS, G_RECORDED, G_DROPPED, G_FORKED = range(
    len(GAME_COLS)
)
GCOLS = len(GAME_COLS)

# ---- per-decision columns ----
# "recipient" is who the gift goes to in the promise branch (the base policy's pick if it
# promised, else the recipient rule's; 2 players: the opponent). The decision's features are
# the policies' shared vector (policies/features.py, FEATURE_NAMES) for that recipient, in a
# float64 array beside these columns.
DEC_COLS = (
    "game",
    "decision",
    "card",
    "caster",
    "recipient",
    "base_choice",
    "forked",
    "promise_score2",
    "no_promise_score2",
    "promise_wins",
    "no_promise_wins",
    "promise_cast_ok",
    "no_promise_cast_ok",
    "check_score2",
)
(
    D_GAME,
    D_INDEX,
    D_CARD,
    D_CASTER,
    D_RECIPIENT,
    D_BASE,
    D_FORKED,
    D_P_SCORE2,
    D_N_SCORE2,
    D_P_WINS,
    D_N_WINS,
    D_P_OK,
    D_N_OK,
    D_CHECK,
) = range(len(DEC_COLS))
DCOLS = len(DEC_COLS)
NFEAT = N_FEATURES

_RESEED_TAG = np.uint64(0x6F726B5F67696674)  # "ork_gift": keeps replicate streams apart


@njit
def score2(G, seat):
    """The seat's result in a finished game, doubled: 2 win, 1 draw, 0 loss."""
    w = G[H.WINNER]
    if w == seat:
        return 2
    if w == -2:
        return 1
    return 0


@njit
def reseed(G, run_seed, game_index, decision, k):
    """Replicate k of a decision: a fresh stream from (seed, game, decision, k), then every
    library reshuffled with it (the unseen cards come in another order)."""
    base = seed_state(run_seed, game_index) ^ _RESEED_TAG
    set_rng(G, seed_state(base, np.uint64(decision) * np.uint64(1 << 20) + np.uint64(k)))
    for p in range(G[H.NPLAYERS]):
        shuffle_slice(G, OFF_LIBRARY + p * MAX_LIBRARY, G[pb(p) + P.LIB_N])


@njit(_nrt=True)  # the record copy below may allocate (numba guards overlapping copies)
def recipient_for(G, C, pol, p, o, scratch):
    """Who the policy's recipient rule gives p's gift to, without touching G's random stream
    (a ``random`` rule draws on a scratch copy)."""
    row = seat_row(pol, G[ob(o) + O.CARD], p)
    if int(pol[row, PolCol.RECIPIENT]) == Recipient.RANDOM:
        scratch[:] = G
        return choose_recipient(scratch, C, pol, row, p)
    return choose_recipient(G, C, pol, row, p)


@njit
def _branch(B, C, pol, promise, recipient, p):
    """Resolve B's pending decision with this choice, play B to the end: (cast ok, score2)."""
    ok = resolve_decision(B, C, pol, promise, recipient if promise else -1)
    play(B, C, pol, False)
    return ok, score2(B, p)


@njit
def _add(row, promise, ok, s):
    if promise:
        row[D_P_SCORE2] += s
        row[D_P_WINS] += 1 if s == 2 else 0
        row[D_P_OK] += 1 if ok else 0
    else:
        row[D_N_SCORE2] += s
        row[D_N_WINS] += 1 if s == 2 else 0
        row[D_N_OK] += 1 if ok else 0


@njit(_nrt=True)
def fork_decision(G, C, pol, run_seed, game_index, n_forks, explicit, row, A, B):
    """Fork G at its pending decision (row holds the caster, the base choice and the
    recipient); A and B are scratch records. Adds every outcome except the base-choice branch
    of replicate 0, which is the main game (the caller adds it when the game ends)."""
    p = row[D_CASTER]
    q = row[D_RECIPIENT]
    base = row[D_BASE]
    A[:] = G
    ok, s = _branch(A, C, pol, 1 - base, q, p)
    _add(row, 1 - base, ok, s)
    if explicit:
        A[:] = G
        ok, s = _branch(A, C, pol, base, q, p)
        row[D_CHECK] = s
    for k in range(1, n_forks):
        B[:] = G
        reseed(B, run_seed, game_index, row[D_INDEX], k)
        A[:] = B
        ok, s = _branch(A, C, pol, 1, q, p)
        _add(row, 1, ok, s)
        ok, s = _branch(B, C, pol, 0, q, p)
        _add(row, 0, ok, s)


@njit(_nrt=True)
def play_forked_game(
    G,
    C,
    pol,
    run_seed,
    game_index,
    n_forks,
    fork_mask,
    explicit,
    games_row,
    dec_rows,
    feat_rows,
    A,
    B,
):
    """One game under the base policy with every decision of a seat in fork_mask forked."""
    max_dec = dec_rows.shape[0]
    n_dec = 0
    n_rec = 0
    n_forked = 0
    while play(G, C, pol, True) == ST_DECISION:
        p = G[H.PEND_PLAYER]
        o = G[H.PEND_OBJ]
        promise, recipient = decide_pending(G, C, pol)
        cur = -1
        if n_rec < max_dec:
            cur = n_rec
            n_rec += 1
            row = dec_rows[cur]
            row[:] = 0
            row[D_GAME] = game_index
            row[D_INDEX] = n_dec
            row[D_CARD] = G[ob(o) + O.CARD]
            row[D_CASTER] = p
            row[D_BASE] = promise
            row[D_RECIPIENT] = recipient if recipient >= 0 else recipient_for(G, C, pol, p, o, A)
            row[D_CHECK] = -1
            decision_features(G, C, p, o, row[D_RECIPIENT], feat_rows[cur])
            if (fork_mask >> p) & 1:
                row[D_FORKED] = 1
                fork_decision(G, C, pol, run_seed, game_index, n_forks, explicit, row, A, B)
                n_forked += 1
        ok = resolve_decision(G, C, pol, promise, recipient)
        if cur >= 0 and dec_rows[cur, D_FORKED]:
            if promise:
                dec_rows[cur, D_P_OK] += 1 if ok else 0
            else:
                dec_rows[cur, D_N_OK] += 1 if ok else 0
        n_dec += 1
    # the main game is the base-choice branch of replicate 0 of every forked decision
    for i in range(n_rec):
        row = dec_rows[i]
        if row[D_FORKED]:
            s = score2(G, row[D_CASTER])
            _add(row, row[D_BASE], False, s)
    games_row[G_WINNER] = G[H.WINNER]
    games_row[G_TURNS] = G[H.TURN]
    games_row[G_FIRST] = G[H.FIRST_SEAT]
    games_row[G_END] = G[H.END_REASON]
    games_row[G_ERROR] = G[H.ERROR]
    games_row[G_DECISIONS] = n_dec
    games_row[G_RECORDED] = n_rec
    games_row[G_DROPPED] = n_dec - n_rec
    games_row[G_FORKED] = n_forked


@njit(_nrt=True, entry=True)
def run_forks(
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
    n_forks,
    fork_mask,
    explicit,
    games,
    dec,
    feat,
):
    """Games game_start .. game_start + len(games) - 1, every decision of a seat in fork_mask
    forked n_forks times (see the module docstring)."""
    G = empty_record(deck_sizes, n_players)
    A = np.empty_like(G)  # scratch: every use copies a record into it first
    B = np.empty_like(G)
    for i in range(games.shape[0]):
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
        play_forked_game(
            G,
            C,
            pol,
            run_seed,
            game_start + i,
            n_forks,
            fork_mask,
            explicit,
            games[i],
            dec[i],
            feat[i],
            A,
            B,
        )

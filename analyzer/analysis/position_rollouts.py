"""Jitted runner for the position evaluator (``scenario FILE --rollouts N``).

From one position (the scenario's actions before its ``promise = "?"`` cast applied), rollout
i = 0..N-1:

1. copies the position and reseeds the copy's random stream from (run seed, i);
2. hides what the caster cannot know, with that stream (``rollout.hide_information``, the
   ROLLOUT policy's own function): every opponent's hand is redealt from their hand and
   library together, and every library is shuffled. The caster's hand and every public zone
   stay as they are;
3. plays that copy twice: the cast with the promise, and without, each then played to the end
   by the built-in players. Both branches start from the same copy and the same stream
   (common random numbers), so their difference is the choice's.

Every stream is a function of (run seed, i) only: results do not depend on how many rollouts
are run before or after, or on threads.

Why this file is not under ``analyzer/kernel/``: see ``analysis/forks.py`` (a file there moves
the whole kernel's cache folder).
"""

from __future__ import annotations

import numpy as np

from analyzer.kernel.layout import H
from analyzer.kernel.player.rollout import hide_information
from analyzer.kernel.rules.engine import play
from analyzer.kernel.rules.rng import seed_state, set_rng
from analyzer.kernel.rules.script import cast_scripted
from analyzer.kernel.runtime.config import njit

# ---- per-rollout, per-branch columns of ``out`` (branch 0 no promise, 1 promise) ----
OUT_COLS = ("winner", "cast_code", "turns", "error")
R_WINNER, R_CAST, R_TURNS, R_ERROR = range(len(OUT_COLS))

_ROLLOUT_TAG = np.uint64(0x706F735F6576616C)  # "pos_eval": apart from the position's own stream


@njit
def rollout_stream(run_seed, index):
    """The stream state rollout ``index`` starts from."""
    return seed_state(seed_state(run_seed, 0) ^ _ROLLOUT_TAG, np.uint64(index))


@njit(_nrt=True, entry=True)
def run_position_rollouts(
    G0, C, pol, caster, obj, recipient, slots, zccs, discard, run_seed, first, out
):
    """Rollouts first .. first + len(out) - 1 of position G0: caster casts object obj, branch b
    with promise b (recipient when promised), targets slots[b] / zccs[b]; out[i, b] gets the
    OUT_COLS of that play-out (a branch whose cast is refused keeps winner -1)."""
    A = np.empty_like(G0)
    B = np.empty_like(G0)
    for i in range(out.shape[0]):
        B[:] = G0
        set_rng(B, rollout_stream(run_seed, first + i))
        hide_information(B, caster)
        for branch in range(2):
            A[:] = B
            code, _ = cast_scripted(
                A,
                C,
                caster,
                obj,
                branch,
                recipient if branch else -1,
                slots[branch],
                zccs[branch],
                discard,
            )
            out[i, branch, R_CAST] = code
            out[i, branch, R_WINNER] = -1
            if code != 0:
                continue
            play(A, C, pol, False)
            out[i, branch, R_WINNER] = A[H.WINNER]
            out[i, branch, R_TURNS] = A[H.TURN]
            out[i, branch, R_ERROR] = A[H.ERROR]


@njit(_nrt=True, entry=True)
def resample_hidden(G, caster, run_seed, index):
    """Rollout ``index``'s starting position, in place (what step 1 and 2 above do): for tests
    and for showing what one rollout saw."""
    set_rng(G, rollout_stream(run_seed, index))
    hide_information(G, caster)

"""The ROLLOUT policy: decide a pending gift by playing the game out from both choices.

``decide_pending`` is what ``engine.advance`` asks at a pending decision. For a ROLLOUT row
(``rollout:k=16,base=heuristic``) it:

1. asks the base policy first, on the real game (``decide_gift`` treats a ROLLOUT row as its
   base), so the game's random stream is consumed exactly as under the base policy;
2. for r = 0..k-1, copies the game, reseeds the copy from (the game's stream state after step
   1, its decision count, r), hides what the caster cannot see (every library is shuffled;
   each opponent's hand is redealt from their hand and library together), and plays that copy
   to the end twice: once with the promise, once without. Both branches of replicate r start
   from the same copy and stream (common random numbers: their difference is the choice's);
3. scores each branch 2 per win of the caster, 1 per draw; promises if the promise scores more,
   not if less, and on a tie makes the base policy's choice.

Determinism: every play-out's stream is a function of the game's own state, so a game with
rollouts is reproducible from (run seed, game index) for any thread count, and the main game's
stream is never touched by the play-outs: changing k changes only the decisions, not the
numbers the main game draws afterwards.

Play-outs use the base policy for every decision of every seat (no rollouts inside rollouts),
through their own loop below: nothing here calls ``advance``, so there is no recursion.
Only decisions with both modes legal are rolled out; "cast promised or not at all" (the AI
inside a step) and scripted play use the base policy.
"""

from __future__ import annotations

import numpy as np

from analyzer.enums import CardCol, EndReason, Phase, PolCol, PolicyKind
from analyzer.kernel.layout import MAX_HAND, MAX_LIBRARY, OFF_HAND, OFF_LIBRARY, PEND_NONE, H, O, P
from analyzer.kernel.rules import engine  # module import: engine imports this module too
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.rng import randint, seed_state, set_rng, shuffle_slice
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit
from analyzer.policies.decide import decide_gift, recipient_by_rule, seat_row


@njit
def stream_key(G):
    """A 64-bit number naming this point of this game: its stream state, decision count and
    game index (the play-outs' seeds derive from it)."""
    lo = np.uint64(np.int64(G[H.RNG_LO]) & np.int64(0xFFFFFFFF))
    hi = np.uint64(np.int64(G[H.RNG_HI]) & np.int64(0xFFFFFFFF))
    s = (hi << np.uint64(32)) | lo
    return seed_state(
        s, np.uint64(G[H.DECISIONS]) * np.uint64(1 << 20) + np.uint64(G[H.GAME_INDEX])
    )


@njit
def hide_information(A, p):
    """Shuffle every library; redeal each opponent's hand from their hand and library (p, the
    caster, knows only their sizes). Uses A's own stream."""
    for q in range(A[H.NPLAYERS]):
        nh = A[pb(q) + P.HAND_N]
        nl = A[pb(q) + P.LIB_N]
        hoff = OFF_HAND + q * MAX_HAND
        loff = OFF_LIBRARY + q * MAX_LIBRARY
        if q != p and A[pb(q) + P.LOST] == 0 and nh > 0 and nl > 0:
            for i in range(nh):  # partial Fisher-Yates over hand + library
                j = i + randint(A, nh + nl - i)
                if j >= nh:
                    a = A[hoff + i]
                    b = A[loff + j - nh]
                    A[hoff + i] = b
                    A[loff + j - nh] = a
                    A[ob(a) + O.ZONE], A[ob(b) + O.ZONE] = A[ob(b) + O.ZONE], A[ob(a) + O.ZONE]
                elif j != i:
                    a = A[hoff + i]
                    A[hoff + i] = A[hoff + j]
                    A[hoff + j] = a
        shuffle_slice(A, loff, nl)


@njit(inline_in_entry=True)  # see engine.advance
def play_out(A, C, pol):
    """Play A to the end: the engine's loop, every decision by decide_gift (base policies)."""
    while A[H.WINNER] == -1:
        if A[H.PENDING] != PEND_NONE:
            promise, recipient = decide_gift(A, C, pol, A[H.PEND_PLAYER], A[H.PEND_OBJ])
            engine.resolve_decision(A, C, pol, promise, recipient)
            continue
        engine.step(A, C, pol)
        A[H.ACTIONS] += 1
        if A[H.ACTIONS] >= A[H.ACTION_CAP] and A[H.WINNER] == -1:
            A[H.WINNER] = -2
            A[H.END_REASON] = EndReason.ACTION_CAP
            A[H.PHASE] = Phase.GAME_OVER


@njit
def copy_record(dst, src):
    """dst[:] = src for two records of one size. A loop (LLVM makes it a memcpy): numba's slice
    assignment also compiles the formatting of its shape-mismatch error, 1.3 s of CPU at the
    end of a cold compile (the batch runner's, when nothing else is left to run beside it)."""
    for i in range(src.shape[0]):
        dst[i] = src[i]


@njit(_nrt=True)
def rollout_scores(G, C, pol, p, recipient, k, out):
    """out[b] = 2 x wins + draws of p over k play-outs of branch b (0 plain, 1 promised)."""
    key = stream_key(G)
    A = np.empty_like(G)
    B = np.empty_like(G)
    out[0] = 0
    out[1] = 0
    for r in range(k):
        copy_record(B, G)
        set_rng(B, seed_state(key, np.uint64(r)))
        hide_information(B, p)
        for branch in range(2):
            copy_record(A, B)
            engine.resolve_decision(A, C, pol, branch, recipient if branch else -1)
            play_out(A, C, pol)
            w = A[H.WINNER]
            out[branch] += 2 if w == p else (1 if w < 0 else 0)


@njit(_nrt=True)
def decide_pending(G, C, pol):
    """(promise, recipient) for G's pending decision: ROLLOUT rows by play-outs, every other
    kind by decide_gift."""
    p = G[H.PEND_PLAYER]
    o = G[H.PEND_OBJ]
    card = G[ob(o) + O.CARD]
    row = seat_row(pol, card, p)
    promise, recipient = decide_gift(G, C, pol, p, o)
    if int(pol[row, PolCol.KIND]) != PolicyKind.ROLLOUT:
        return promise, recipient
    if recipient < 0:  # the base did not name one: the rule's choice, on a scratch copy
        A = G.copy()
        recipient = recipient_by_rule(A, C, pol, row, p, cards_of(C)[card, CardCol.GIFT_KIND])
    k = max(int(pol[row, PolCol.ROLL_K]), 1)
    scores = np.zeros(2, dtype=np.int64)
    rollout_scores(G, C, pol, p, recipient, k, scores)
    if scores[1] > scores[0]:
        promise = 1
    elif scores[1] < scores[0]:
        promise = 0
    return promise, recipient if promise else -1

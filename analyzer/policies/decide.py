"""The one call through which the kernel asks a policy: promise the gift, and to whom.

``pol`` is a float64 table (PolCol.N columns) of blocks of n_cards + 1 rows: row ``card`` of a
block holds that card's policy (KIND -1: use the block's default), the block's last row the
default. One block serves every seat; with several (``pol[0, PolCol.BLOCK]`` rows each), block
b serves seat b and the last block every later seat. One compiled function serves every
policy, so switching or sweeping policies never recompiles.

ROLLOUT rows are decided in kernel/player/rollout.py (called from engine.advance); here, as in every
other place that asks ``decide_gift`` (the AI's "cast promised or not at all", scripts, the
play-outs themselves), a ROLLOUT row acts as its base policy.
"""

from __future__ import annotations

import numpy as np

from analyzer.enums import CardCol, PolCol, PolicyKind, Recipient
from analyzer.kernel.layout import OFF_BATTLEFIELD, H, O, P
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.rng import randint, random01
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit
from analyzer.policies.features import (
    N_FEATURES,
    decision_features,
    gift_use,
    recipient_payoffs,
)
from analyzer.policies.heuristic import heuristic_promise, plain_first_promise, threshold_score


@njit
def seat_row(pol, card, p):
    """The row that holds seat p's policy for card (its block's default if none)."""
    size = int(pol[0, PolCol.BLOCK])
    if size <= 0:
        size = pol.shape[0]
    blocks = pol.shape[0] // size
    base = (p if p < blocks else blocks - 1) * size
    if 0 <= card < size - 1 and pol[base + card, PolCol.KIND] >= 0:
        return base + card
    return base + size - 1


@njit
def policy_row(pol, card):
    """Seat 0's row for card (every seat's in a one-block table)."""
    return seat_row(pol, card, 0)


@njit
def _board_power(G, p):
    s = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.CTRL] == p and G[ob(o) + O.PHASED] == 0:
            s += max(G[ob(o) + O.CUR_P], 0)
    return s


@njit
def _threat(G, q):
    """Least threat's measure of q: board power plus hand size."""
    return _board_power(G, q) + G[pb(q) + P.HAND_N]


@njit
def _biggest_threat(G, p):
    """The opponent of p with the most _threat (ties: the earliest in turn order); -1 if none
    is left."""
    n = G[H.NPLAYERS]
    best = -1
    best_key = 0
    for step in range(1, n):
        q = (p + step) % n
        if G[pb(q) + P.LOST] == 0:
            key = _threat(G, q)
            if best < 0 or key > best_key:
                best = q
                best_key = key
    return best


@njit
def recipient_by_rule(G, C, pol, row, p, kind):
    """The opponent who receives p's gift of GiftKind kind, by the row's recipient rule:
    next in turn order, random (draws once from G's stream), lowest life, least threat
    (board power + hand size) or weakest use (the smallest feature 27: gift_use plus what the
    recipient's permanents make of a token gift, as the heuristic prices it, among the
    opponents but the one with the most board power + hand size); ties: the earliest in turn
    order. -1 if no opponent is left."""
    rule = int(pol[row, PolCol.RECIPIENT])
    n = G[H.NPLAYERS]
    # weakest use alone gave to whoever held the most cards, mostly the table's leader: in a
    # Limited pod the leading deck got 38% of the gifts and 44% of the gifted cards
    # (tools/pod_census.py). So the biggest threat by least threat's measure gets none while
    # another is left (ai_multi.most_threatening, the player's own reading, cost pods a fifth
    # of their speed here: this runs at every look at a gift card)
    shun = -1
    if rule == Recipient.WEAKEST_USE and n > 2:
        shun = _biggest_threat(G, p)
    best = -1
    best_key = 0.0
    k = 0
    for step in range(1, n):
        q = (p + step) % n
        if G[pb(q) + P.LOST]:
            continue
        k += 1
        if q == shun:
            continue
        if rule == Recipient.NEXT:
            return q
        if rule == Recipient.LOWEST_LIFE:
            key = float(G[pb(q) + P.LIFE])
        elif rule == Recipient.LEAST_THREAT:
            key = float(_threat(G, q))
        elif rule == Recipient.WEAKEST_USE:
            key = gift_use(G, kind, q) + recipient_payoffs(G, C, kind, q)
        else:
            key = 0.0
        if best < 0 or key < best_key:
            best = q
            best_key = key
    if best < 0 and shun >= 0:
        best = shun  # the other opponents have lost
    if rule == Recipient.RANDOM and k > 0:
        pick = randint(G, k)
        for step in range(1, n):
            q = (p + step) % n
            if G[pb(q) + P.LOST]:
                continue
            if pick == 0:
                return q
            pick -= 1
    return best


@njit
def choose_recipient(G, C, pol, row, p):
    """recipient_by_rule with the gift kind the row records (weakest-use needs it)."""
    return recipient_by_rule(G, C, pol, row, p, int(pol[row, PolCol.GIFT_KIND]))


@njit
def base_kind(pol, row):
    """The row's PolicyKind, a ROLLOUT row's base kind in its place."""
    kind = int(pol[row, PolCol.KIND])
    if kind == PolicyKind.ROLLOUT:
        kind = int(pol[row, PolCol.ROLL_BASE])
    return kind


@njit(_nrt=True)
def decide_gift(G, C, pol, p, o):
    """(promise, recipient) for player p casting object o (both modes legal, or only the
    promised one: then 0 means "do not cast it"). NEVER, ALWAYS and RANDOM name a recipient
    only when they promise; the feature-based kinds always do."""
    card = G[ob(o) + O.CARD]
    row = seat_row(pol, card, p)
    kind = base_kind(pol, row)
    if kind == PolicyKind.NEVER:
        return 0, -1
    if kind == PolicyKind.ALWAYS or kind == PolicyKind.RANDOM:
        promise = 1
        if kind == PolicyKind.RANDOM:
            promise = 1 if random01(G) < pol[row, PolCol.PARAM0] else 0
        recipient = choose_recipient(G, C, pol, row, p) if promise else -1
        return promise, recipient
    recipient = recipient_by_rule(G, C, pol, row, p, cards_of(C)[card, CardCol.GIFT_KIND])
    f = np.zeros(N_FEATURES, dtype=np.float64)
    decision_features(G, C, p, o, recipient, f)
    promise = 0
    if kind == PolicyKind.HEURISTIC:
        promise = heuristic_promise(pol, row, f)
    elif kind == PolicyKind.PLAIN_FIRST:
        promise = plain_first_promise(pol, row, f)
    elif kind == PolicyKind.THRESHOLD:
        promise = 1 if threshold_score(pol, row, f) > 0.0 else 0
    return promise, recipient

"""The one call through which the kernel asks a policy: promise the gift, and to whom.

``pol`` is a float64 table (n_cards + 1 rows, PolCol.N columns): row ``card`` holds that card's
policy, the last row the default. One compiled function serves every policy, so switching or
sweeping policies never recompiles.
"""

from __future__ import annotations

from analyzer.enums import PolCol, PolicyKind, Recipient
from analyzer.kernel.config import njit
from analyzer.kernel.layout import (
    H_BF_N,
    H_NPLAYERS,
    O_CARD,
    O_CTRL,
    O_CUR_P,
    O_PHASED,
    OFF_BATTLEFIELD,
    P_HAND_N,
    P_LIFE,
    P_LOST,
)
from analyzer.kernel.rng import randint, random01
from analyzer.kernel.state import ob, pb


@njit
def policy_row(pol, card):
    if card < pol.shape[0] - 1 and pol[card, PolCol.KIND] >= 0:
        return card
    return pol.shape[0] - 1


@njit
def _board_power(G, p):
    s = 0
    for i in range(G[H_BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O_CTRL] == p and G[ob(o) + O_PHASED] == 0:
            s += max(G[ob(o) + O_CUR_P], 0)
    return s


@njit
def choose_recipient(G, pol, row, p):
    """The opponent who receives the gift, by the policy's recipient rule."""
    rule = int(pol[row, PolCol.RECIPIENT])
    n = G[H_NPLAYERS]
    best = -1
    best_key = 0.0
    k = 0
    for step in range(1, n):
        q = (p + step) % n
        if G[pb(q) + P_LOST]:
            continue
        k += 1
        if rule == Recipient.NEXT:
            return q
        if rule == Recipient.LOWEST_LIFE:
            key = float(G[pb(q) + P_LIFE])
        elif rule == Recipient.LEAST_THREAT:
            key = float(_board_power(G, q) + G[pb(q) + P_HAND_N])
        else:
            key = 0.0
        if best < 0 or key < best_key:
            best = q
            best_key = key
    if rule == Recipient.RANDOM and k > 0:
        pick = randint(G, k)
        for step in range(1, n):
            q = (p + step) % n
            if G[pb(q) + P_LOST]:
                continue
            if pick == 0:
                return q
            pick -= 1
    return best


@njit
def decide_gift(G, C, pol, p, o):
    """(promise, recipient) for player p casting object o with both modes legal."""
    row = policy_row(pol, G[ob(o) + O_CARD])
    kind = int(pol[row, PolCol.KIND])
    promise = 0
    if kind == PolicyKind.ALWAYS:
        promise = 1
    elif kind == PolicyKind.RANDOM:
        promise = 1 if random01(G) < pol[row, PolCol.PARAM0] else 0
    recipient = choose_recipient(G, pol, row, p) if promise else -1
    return promise, recipient

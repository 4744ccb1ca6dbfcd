"""A player's draws and life: the record writes that drawing cards and a change of life make
(their triggers fire in events.py and actions.py)."""

from __future__ import annotations

from analyzer.enums import Event, Zone
from analyzer.kernel.layout import (
    DIRTY_CHARS,
    DIRTY_PLAYERS,
    DIRTY_SBA,
    MAX_HAND,
    MAX_LIBRARY,
    OFF_HAND,
    OFF_LIBRARY,
    H,
    O,
    P,
)
from analyzer.kernel.rules.gamelog import log_event
from analyzer.kernel.rules.state import ERR_HAND, overflow
from analyzer.kernel.rules.view import life_can_change, ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def draw_cards(G, p, n):
    """Player p draws n cards; drawing from an empty library marks the loss (704.5b)."""
    for _ in range(n):
        cnt = pb(p) + P.LIB_N
        k = G[cnt]
        if k == 0:
            G[pb(p) + P.DREW_EMPTY] = 1
            G[H.DIRTY] |= DIRTY_PLAYERS
            continue
        hoff = OFF_HAND + p * MAX_HAND
        hn = G[pb(p) + P.HAND_N]
        if hn >= MAX_HAND:  # (before the card leaves the library: the record stays whole)
            overflow(G, ERR_HAND)
            return
        o = G[OFF_LIBRARY + p * MAX_LIBRARY + k - 1]
        G[cnt] = k - 1
        G[hoff + hn] = o
        G[pb(p) + P.HAND_N] = hn + 1
        if G[H.HAND_STATICS] >> p & 1:
            G[H.DIRTY] |= DIRTY_CHARS | DIRTY_SBA  # a static reads the hand's size
        b = ob(o)
        G[b + O.ZONE] = Zone.HAND
        G[b + O.ZCC] += 1
        G[b + O.STAT_DRAWN] = 1
        G[pb(p) + P.CARDS_DRAWN] += 1
        log_event(G, Event.DRAW, p, o, -1, -1, -1, -1)


@njit
def lose_life(G, p, n):
    """Damage to a player and life loss both end here (life can't change: Perch Protection)."""
    if n <= 0 or not life_can_change(G, p):
        return 0
    G[pb(p) + P.LIFE] -= n
    G[H.DIRTY] |= DIRTY_PLAYERS
    G[pb(p) + P.LIFE_LOST] += n
    G[pb(p) + P.LIFE_LOST_TURN] += n
    log_event(G, Event.LIFE, p, -1, -1, -n, G[pb(p) + P.LIFE], -1)
    return n


@njit
def gain_life(G, p, n):
    if n <= 0 or not life_can_change(G, p):
        return 0
    G[pb(p) + P.LIFE] += n
    G[pb(p) + P.LIFE_GAINED] += n
    G[pb(p) + P.LIFE_GAINED_TURN] += n
    log_event(G, Event.LIFE, p, -1, -1, n, G[pb(p) + P.LIFE], -1)
    return n

"""Ops where each affected player chooses what they lose: discard, exile from hand or from the
battlefield, the punisher choice (the built-in player gives up its least valuable)."""

from __future__ import annotations

from analyzer.enums import (
    CardCol,
    CardType,
    Op,
    Zone,
)
from analyzer.kernel.layout import (
    OFF_BATTLEFIELD,
    PLAYER_BASE,
    H,
    O,
    P,
)
from analyzer.kernel.player.choices import (
    discard_choice,
    nonland_to_discard,
    punish_choice,
)
from analyzer.kernel.rules.actions import lose_life_event
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.chars_counts import counters_moved
from analyzer.kernel.rules.sba import sacrifice
from analyzer.kernel.rules.state import move_object
from analyzer.kernel.rules.statics_global import counters_put
from analyzer.kernel.rules.targets import threat
from analyzer.kernel.rules.view import hand_at, ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def best_nonland_in_hand(G, cards, p):
    """The nonland card of p's hand an opponent who sees it picks: the most valuable."""
    best = -1
    for j in range(G[pb(p) + P.HAND_N]):
        o = hand_at(G, p, j)
        cc = G[ob(o) + O.CARD]
        if cards[cc, CardCol.TYPES] & CardType.LAND:
            continue
        if best < 0 or cards[cc, CardCol.VALUE] > cards[G[ob(best) + O.CARD], CardCol.VALUE]:
            best = o
    return best


@njit
def run_player_loss(G, C, op, a, b_, n, vals):
    """Run op (DISCARD_UNLESS_NONLAND, PUNISH, EXILE_OWN_FROM_HAND, EXILE_OWN_PERMANENT or
    DISCARD_CHOSEN: run_steps sends these here) for each player in vals[:n]."""
    cards = cards_of(C)
    if op == Op.DISCARD_UNLESS_NONLAND:
        for i in range(n):
            if vals[i] < PLAYER_BASE:
                continue
            q = vals[i] - PLAYER_BASE
            w = nonland_to_discard(G, C, q, a)
            if w >= 0:
                move_object(G, cards, w, Zone.GRAVEYARD)
                continue
            for _ in range(a):
                w = discard_choice(G, C, q, False)
                if w < 0:
                    break
                move_object(G, cards, w, Zone.GRAVEYARD)
    elif op == Op.PUNISH:
        for i in range(n):
            if vals[i] < PLAYER_BASE:
                continue
            p = vals[i] - PLAYER_BASE
            how, o = punish_choice(G, C, p, a)
            if how == 1:
                move_object(G, cards, o, Zone.GRAVEYARD)
            elif how == 2:
                sacrifice(G, C, o)
            else:
                lose_life_event(G, C, p, a)
    elif op == Op.EXILE_OWN_FROM_HAND:
        for i in range(n):
            if vals[i] < PLAYER_BASE:
                continue
            p = vals[i] - PLAYER_BASE
            worst = -1  # their choice: the built-in player gives up its least valuable
            for j in range(G[pb(p) + P.HAND_N]):
                o = hand_at(G, p, j)
                if (
                    worst < 0
                    or cards[G[ob(o) + O.CARD], CardCol.VALUE]
                    < cards[G[ob(worst) + O.CARD], CardCol.VALUE]
                ):
                    worst = o
            if worst >= 0:
                move_object(G, cards, worst, Zone.EXILE)
    elif op == Op.EXILE_OWN_PERMANENT:
        for i in range(n):
            if vals[i] < PLAYER_BASE:
                continue
            p = vals[i] - PLAYER_BASE
            worst = -1  # their choice: the built-in player gives up its least valuable
            for j in range(G[H.BF_N]):
                o = G[OFF_BATTLEFIELD + j]
                bo = ob(o)
                if (
                    G[bo + O.CTRL] != p
                    or G[bo + O.PHASED]
                    or (cards[G[bo + O.CARD], CardCol.TYPES] & a) == 0
                ):
                    continue
                if worst < 0 or threat(G, cards, o) < threat(G, cards, worst):
                    worst = o
            if worst >= 0:
                move_object(G, cards, worst, Zone.EXILE)
    elif op == Op.DISCARD_CHOSEN:
        for i in range(n):
            if vals[i] < PLAYER_BASE:
                continue
            q = vals[i] - PLAYER_BASE
            if b_ == 1 and G[pb(q) + P.LIFE_LOST_TURN] == 0:
                w = discard_choice(G, C, q, False)  # "otherwise, they discard a card"
            else:
                w = best_nonland_in_hand(G, cards, q)  # they reveal it, you choose
            if w >= 0:
                move_object(G, cards, w, Zone.GRAVEYARD)


@njit
def counter_then_punish(G, C, src, ctrl, amount, n, vals):
    """A blight counter (O.STASH) on the source if it is still on the battlefield, then for
    each one on it each player in vals[:n] answers the punisher once more (Rottenmouth Viper).
    O.STASH stays as the source leaves: the count as it last existed (the card's ruling). Each
    answer is carried out as it is made, where the ruling has them all carried out at the end:
    the same outcome, since what was given up can't be chosen again either way and no
    state-based action or trigger acts before the ability has finished resolving."""
    if src < 0:
        return
    if G[ob(src) + O.ZONE] == Zone.BATTLEFIELD:
        G[ob(src) + O.STASH] += counters_put(G, C, ctrl, 1)
        counters_moved(G, C, src, True)
    for _ in range(G[ob(src) + O.STASH]):
        run_player_loss(G, C, Op.PUNISH, amount, 0, n, vals)

"""Ops of the effect interpreter for the last three Bloomburrow cards (issue 20, ops 233-236):
several token copies of one token, keywords until your next turn, and revealing X cards to
exile one of each card type. Split from effects.py, whose run_steps dispatches these ops to
``run_until_op``; engine.begin_turn calls ``next_kw_ends``."""

from __future__ import annotations

import numpy as np

from analyzer.enums import CardCol, CardType, Op, XCount, Zone
from analyzer.kernel.layout import (
    DIRTY_CHARS,
    NEXT_KW_MASK,
    NEXT_KW_SHIFT,
    OFF_BATTLEFIELD,
    PLAYER_BASE,
    H,
    O,
    P,
)
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.chars_counts import kw_moved
from analyzer.kernel.rules.effects_cmdr import token_copy_of
from analyzer.kernel.rules.library import _top
from analyzer.kernel.rules.refs import count_x
from analyzer.kernel.rules.stack import mode_options
from analyzer.kernel.rules.state import move_object
from analyzer.kernel.rules.view import exile_at, ob, pb
from analyzer.kernel.runtime.config import njit

# the card types a card can be exiled as by REVEAL_X_EXILE_PER_TYPE (Portent of Calamity's
# ruling: artifact, battle, creature, enchantment, instant, kindred, land, planeswalker,
# sorcery; supertypes are not card types)
CARD_TYPE_BITS = (
    CardType.ARTIFACT,
    CardType.BATTLE,
    CardType.CREATURE,
    CardType.ENCHANTMENT,
    CardType.INSTANT,
    CardType.KINDRED,
    CardType.LAND,
    CardType.PLANESWALKER,
    CardType.SORCERY,
)
N_CARD_TYPES = 9


@njit
def token_copies_x(G, C, n, vals, ctrl, x, it):
    """For each permanent in vals, ctrl creates x tokens that are copies of it (For the Common
    Good: its ruling, the characteristics its creator gave it, untapped, without counters).
    Returns the last token created, else it."""
    for i in range(n):
        o = vals[i]
        if o < 0 or o >= PLAYER_BASE or G[ob(o) + O.ZONE] != Zone.BATTLEFIELD:
            continue
        for _ in range(x):
            t = token_copy_of(G, C, o, ctrl, 0, 0, False)
            it = t if t >= 0 else it
    return it


@njit
def grant_until_your_turn(G, C, ctrl, kw, tokens_only):
    """Permanents ctrl controls (tokens_only: its tokens) gain keywords kw until ctrl's next
    turn: the permanents as it resolves (611.2c: one entering later does not)."""
    for j in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + j]
        b = ob(o)
        if G[b + O.CTRL] != ctrl or G[b + O.PHASED] or (tokens_only and G[b + O.TOKEN] == 0):
            continue
        # (a permanent granted twice keeps the later grantor: one ctrl in practice)
        G[b + O.NEXT_KW] = (G[b + O.NEXT_KW] & NEXT_KW_MASK | kw) | ((ctrl + 1) << NEXT_KW_SHIFT)
        G[pb(ctrl) + P.NEXT_KW_N] += 1
        kw_moved(G, o, kw)


@njit
def next_kw_ends(G, active):
    """As active's turn begins, what it granted "until your next turn" ends (611.2b)."""
    if G[pb(active) + P.NEXT_KW_N] == 0:
        return
    G[pb(active) + P.NEXT_KW_N] = 0
    for j in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + j])
        if G[b + O.NEXT_KW] >> NEXT_KW_SHIFT == active + 1:
            G[b + O.NEXT_KW] = 0
    G[H.DIRTY] |= DIRTY_CHARS


@njit(_nrt=True)
def reveal_x_exile_per_type(G, C, src, ctrl, x, need, it, done):
    """Portent of Calamity: ctrl reveals the top x cards of their library; for each card type
    they may exile a card of that type from among them; the rest go to their graveyard. The
    exiled cards are linked to src (O.LINK, for EXILED_TO_HAND). it: the spell they may cast
    free, DONE if `need` or more were exiled. The built-in player exiles as many as it can,
    the most valuable first (a greedy pick over a matching of cards to types: each card is
    matched by an augmenting path, so the matching stays as large as it can be), and picks
    the most valuable nonland card whose spell has legal targets to cast."""
    cards = cards_of(C)
    n = min(x, G[pb(ctrl) + P.LIB_N])
    if n <= 0 or src < 0:
        return it, done
    top = np.empty(n, np.int32)
    _top(G, ctrl, n, top)
    order = np.argsort(_values(G, C, top), kind="mergesort")
    type_card = np.full(N_CARD_TYPES, -1, np.int32)
    prev = np.empty(N_CARD_TYPES, np.int32)
    queue = np.empty(N_CARD_TYPES, np.int32)
    for c in order:
        prev[:] = -2
        q0 = 0
        q1 = 0
        types = cards[G[ob(top[c]) + O.CARD], CardCol.TYPES]
        for t in range(N_CARD_TYPES):
            if types & CARD_TYPE_BITS[t]:
                prev[t] = -1
                queue[q1] = t
                q1 += 1
        found = -1
        while q0 < q1:
            t = queue[q0]
            q0 += 1
            if type_card[t] < 0:
                found = t
                break
            types2 = cards[G[ob(top[type_card[t]]) + O.CARD], CardCol.TYPES]
            for t2 in range(N_CARD_TYPES):
                if types2 & CARD_TYPE_BITS[t2] and prev[t2] == -2:
                    prev[t2] = t
                    queue[q1] = t2
                    q1 += 1
        t = found
        while t >= 0:  # augment along the path back to c
            pt = prev[t]
            type_card[t] = c if pt < 0 else type_card[pt]
            t = pt
    exiled = np.zeros(n, np.bool_)
    for t in range(N_CARD_TYPES):
        if type_card[t] >= 0:
            exiled[type_card[t]] = True
    k = 0
    best = -1
    for c in range(n):
        o = top[c]
        if exiled[c]:
            move_object(G, cards, o, Zone.EXILE)
            G[ob(o) + O.LINK] = -(src + 1)  # "the exiled cards": linked to the spell
            G[ob(o) + O.LINK_ZCC] = G[ob(src) + O.ZCC]
            k += 1
            card = G[ob(o) + O.CARD]
            if (
                (cards[card, CardCol.TYPES] & CardType.LAND) == 0
                and (
                    best < 0
                    or cards[card, CardCol.VALUE] > cards[G[ob(best) + O.CARD], CardCol.VALUE]
                )
                and mode_options(G, C, ctrl, o)[0]  # a spell it can cast now (its targets)
            ):
                best = o
        else:
            move_object(G, cards, o, Zone.GRAVEYARD)
    if k >= need and best >= 0:
        return best, True
    return it, done


@njit(_nrt=True)
def _values(G, C, objs):
    """Minus each card's value (an argsort key: the most valuable first)."""
    cards = cards_of(C)
    out = np.empty(len(objs), np.int64)
    for i in range(len(objs)):
        out[i] = -cards[G[ob(objs[i]) + O.CARD], CardCol.VALUE]
    return out


@njit
def exiled_to_hand(G, C, src, ctrl):
    """ "Then put the rest of the exiled cards into your hand": the cards src's last
    REVEAL_X_EXILE_PER_TYPE exiled that are still in exile and not being cast (a free cast
    waiting on a gift decision, O.FREE_CAST)."""
    cards = cards_of(C)
    if src < 0:
        return
    zcc = G[ob(src) + O.ZCC]
    i = 0
    while i < G[pb(ctrl) + P.EXILE_N]:
        o = exile_at(G, ctrl, i)
        b = ob(o)
        if G[b + O.LINK] == -(src + 1) and G[b + O.LINK_ZCC] == zcc and G[b + O.FREE_CAST] == 0:
            move_object(G, cards, o, Zone.HAND)  # (it leaves the exile list: same index next)
        else:
            i += 1


@njit
def run_until_op(G, C, op, a, b_, src, ctrl, n, vals, it, done):
    """One step of an op of this module for the n values of its ref (a, b_: its parameters;
    src, ctrl: the ability's source and controller). Returns (it, done)."""
    if op == Op.TOKEN_COPY_X:
        it = token_copies_x(G, C, n, vals, ctrl, count_x(G, C, a, src, ctrl, 0), it)
    elif op == Op.GRANT_ALL_UNTIL_YOUR_TURN:
        grant_until_your_turn(G, C, ctrl, a, b_ == 1)
    elif op == Op.REVEAL_X_EXILE_PER_TYPE:
        x = count_x(G, C, XCount.X_PAID, src, ctrl, 0)
        it, done = reveal_x_exile_per_type(G, C, src, ctrl, x, a, it, done)
    elif op == Op.EXILED_TO_HAND:
        exiled_to_hand(G, C, src, ctrl)
    return it, done

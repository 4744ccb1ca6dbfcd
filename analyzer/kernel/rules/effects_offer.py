"""Choices of opponents and tempting offers (run_steps dispatches ``Op.CHOOSE_OPPONENT`` to
``Op.SEARCH_ANY_LAND`` here): "Choose an opponent. You and that player each draw three
cards." (Intellectual Offering), "Tempting offer — ... Each opponent may ... For each opponent
who does, ..." (Tempt with Bunnies, Tempt with Discovery)."""

from __future__ import annotations

from analyzer.enums import CardCol, CardType, Op
from analyzer.kernel.layout import MAX_LIBRARY, OFF_BATTLEFIELD, OFF_LIBRARY, PLAYER_BASE, H, O, P
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.events import fire_enters
from analyzer.kernel.rules.gamelog import log_stun_kept_tapped
from analyzer.kernel.rules.library import _best_basic
from analyzer.kernel.rules.rng import shuffle_slice
from analyzer.kernel.rules.state import put_onto_battlefield
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def _chosen_opponent(G, ctrl):
    """The opponent ctrl chooses ("choose an opponent", not a target: hexproof does not stop
    it): the one with the least life, the first in turn order on ties (the built-in player
    gives its cards and untaps to the player least likely to win). -1 if none is left."""
    best = -1
    n = G[H.NPLAYERS]
    for k in range(1, n):
        q = (ctrl + k) % n
        if G[pb(q) + P.LOST] == 0 and (best < 0 or G[pb(q) + P.LIFE] < G[pb(best) + P.LIFE]):
            best = q
    return best


@njit
def tempt_accepts(G, caster, q):
    """Does opponent q accept caster's tempting offer? The built-in player does when caster
    has another opponent still in the game: q gains as much as caster, and more than the
    opponents who decline; with caster its only opponent, it denies caster the extra."""
    for r in range(G[H.NPLAYERS]):
        if r != caster and r != q and G[pb(r) + P.LOST] == 0:
            return True
    return False


@njit
def tempted_count(G):
    """How many opponents accepted the resolving tempting offer (H.TEMPTED's bits)."""
    n = 0
    for q in range(G[H.NPLAYERS]):
        if (G[H.TEMPTED] >> q) & 1:
            n += 1
    return n


@njit
def _untap_nonland(G, cards, p):
    """Untap all nonland permanents p controls (a stun counter replaces an untap, 122.1d)."""
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if (
            G[b + O.CTRL] != p
            or G[b + O.PHASED]
            or G[b + O.TAPPED] == 0
            or cards[G[b + O.CARD], CardCol.TYPES] & CardType.LAND
        ):
            continue
        if G[b + O.STUN] > 0:
            G[b + O.STUN] -= 1
            log_stun_kept_tapped(G, p, G[OFF_BATTLEFIELD + i])
        else:
            G[b + O.TAPPED] = 0


@njit
def _search_any_land(G, C, p):
    """p searches their library for a land card (the one whose colors p's hand needs most)
    and puts it onto the battlefield untapped, then shuffles."""
    best = _best_basic(G, C, p, 0, False)
    if best >= 0:
        put_onto_battlefield(G, cards_of(C), best, p, False)
        fire_enters(G, C, best)
    shuffle_slice(G, OFF_LIBRARY + p * MAX_LIBRARY, G[pb(p) + P.LIB_N])


@njit
def run_offer_op(G, C, op, b_, ctrl, n, vals):
    """One step of an op of this module for the n values (players) of its ref."""
    if op == Op.CHOOSE_OPPONENT:
        G[H.CHOSEN_OPP] = _chosen_opponent(G, ctrl) + 1
    elif op == Op.TEMPT:
        G[H.TEMPTED] = 0
        for k in range(1, G[H.NPLAYERS]):
            q = (ctrl + k) % G[H.NPLAYERS]
            if G[pb(q) + P.LOST] == 0 and tempt_accepts(G, ctrl, q):
                G[H.TEMPTED] |= 1 << q
    elif op == Op.UNTAP_ALL_NONLAND:
        for i in range(n):
            if vals[i] >= PLAYER_BASE:
                _untap_nonland(G, cards_of(C), vals[i] - PLAYER_BASE)
    elif op == Op.SEARCH_ANY_LAND:
        times = tempted_count(G) if b_ == 1 else 1  # "for each opponent who searches"
        for i in range(n):
            if vals[i] >= PLAYER_BASE:
                for _ in range(times):
                    _search_any_land(G, C, vals[i] - PLAYER_BASE)

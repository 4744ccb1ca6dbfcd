"""The basic player's attacks and blocks (kept exactly: its games are pinned by
tests/test_player.py). The standard player's are in ai_attack.py and ai_block.py.

A creature attacks when no untapped potential blocker kills it and survives; it stays home when
the crack-back would be lethal. Blocks: a block that kills and survives, else a trade when the
attacker is worth more, else a chump when the damage is lethal.
"""

from __future__ import annotations

from analyzer.enums import CardCol, CardType, Keyword
from analyzer.kernel.layout import O, P, W
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.combat import (
    MAX_COMBATANTS,
    blocker_wins,
    can_attack,
    can_block,
    free_blocker,
    is_creature,
    kills,
)
from analyzer.kernel.rules.events_turn import fire_attacks
from analyzer.kernel.rules.targets import threat
from analyzer.kernel.rules.view import ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit


@njit
def attacks_basic(G, C, p, d):
    """The basic player's attacks (kept exactly). Returns how many attack."""
    cards = cards_of(C)
    att = G[W.ATT : W.ATT + MAX_COMBATANTS]
    blk = G[W.BLK : W.BLK + MAX_COMBATANTS]
    na = 0
    nb = 0
    total = 0
    for i in range(own_n(G, p)):
        o = own_at(G, p, i)
        # can_attack's first tests inline (p's untapped creature), the call only then
        if (
            G[ob(o) + O.TAPPED] == 0
            and (cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE) != 0
            and can_attack(cards, G, o, p)
            and na < MAX_COMBATANTS
        ):
            att[na] = o
            na += 1
            total += G[ob(o) + O.CUR_P]
    for i in range(own_n(G, d)):
        o = own_at(G, d, i)
        if is_creature(cards, G, o) and G[ob(o) + O.TAPPED] == 0 and nb < MAX_COMBATANTS:
            blk[nb] = o
            nb += 1
    if na == 0:
        return 0
    lethal = total - _sum_blockable(G, blk, nb) >= G[pb(d) + P.LIFE] and nb < na
    crack_back = _power_on_board(cards, G, d, False)
    my_life = G[pb(p) + P.LIFE]
    kept_toughness_needed = crack_back >= my_life
    n_att = 0
    for i in range(na):
        o = att[i]
        safe = True
        for j in range(nb):
            if can_block(cards, G, blk[j], o) and blocker_wins(G, blk[j], o):
                safe = False
                break
        if not (safe or lethal):
            continue
        kw = G[ob(o) + O.CUR_KW]
        if kept_toughness_needed and not lethal and (kw & Keyword.VIGILANCE) == 0:
            # keep the biggest blockers home when the crack-back would kill us
            if G[ob(o) + O.CUR_T] >= 2:
                continue
        G[ob(o) + O.ATTACKING] = d + 1
        if (kw & Keyword.VIGILANCE) == 0:
            G[ob(o) + O.TAPPED] = 1
        fire_attacks(G, C, o)
        n_att += 1
    return n_att


@njit
def _sum_blockable(G, blk, nb):
    """Damage the defender can stop by chump-blocking the biggest attackers (rough bound)."""
    return 0 if nb == 0 else nb * 0


@njit
def _power_on_board(cards, G, p, untapped_only):
    s = 0
    for i in range(own_n(G, p)):
        o = own_at(G, p, i)
        b = ob(o)
        if is_creature(cards, G, o) and G[b + O.CUR_P] > 0:
            if untapped_only and G[b + O.TAPPED] and G[b + O.STUN] == 0:
                pass
            s += G[b + O.CUR_P]
    return s


@njit
def blocks_basic(G, C, d, att, na):
    """The basic player's blocks for defender d (kept exactly); att: attackers, biggest first."""
    cards = cards_of(C)
    n = own_n(G, d)  # d's permanents, own_at(G, d, j)
    incoming = 0
    for i in range(na):
        if G[ob(att[i]) + O.ATTACKING] == d + 1:
            incoming += G[ob(att[i]) + O.CUR_P]
    life = G[pb(d) + P.LIFE]
    for i in range(na):
        a = att[i]
        if G[ob(a) + O.ATTACKING] != d + 1:
            continue
        menace = (G[ob(a) + O.CUR_KW] & Keyword.MENACE) != 0
        best = -1
        best_kind = 0  # 3 good block, 2 trade, 1 chump
        for j in range(n):
            b = own_at(G, d, j)
            if not free_blocker(cards, G, b, d, a):
                continue
            kind = 0
            if blocker_wins(G, b, a):
                kind = 3
            elif kills(G, b, a) and threat(G, cards, a) >= threat(G, cards, b):
                kind = 2
            elif incoming >= life:
                kind = 1
            if kind == 0:
                continue
            if (
                best < 0
                or kind > best_kind
                or (kind == best_kind and threat(G, cards, b) < threat(G, cards, best))
            ):
                best = b
                best_kind = kind
        if best < 0:
            continue
        if menace:
            second = -1
            for j in range(n):
                b = own_at(G, d, j)
                if b == best or not free_blocker(cards, G, b, d, a):
                    continue
                if second < 0 or threat(G, cards, b) < threat(G, cards, second):
                    second = b
            if second < 0 or (best_kind < 2 and incoming < life):
                continue
            G[ob(second) + O.BLOCKING] = a + 1
        G[ob(best) + O.BLOCKING] = a + 1
        G[ob(a) + O.BLOCKED] = 1
        incoming -= G[ob(a) + O.CUR_P]

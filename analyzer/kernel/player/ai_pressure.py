"""The standard player's pressure attack (issue 14): a defender at low life must block.

When the attackers that get through would be lethal, the defender cannot keep its blockers
for the fights it wins: it has to chump or trade until the damage left is below its life. An
aggressive player ahead on the board uses that to convert its lead: it attacks with creatures
a blocker could eat alone (one blocker eats one of them; the others force chumps). The
exchange is read from the defender's side (``forced_exchange``): first the blocks that keep
it alive (while the unblocked damage is lethal: the cheapest block that ends the lethal, else
the one that stops the most), then every fight it wins (a blocker that kills an attacker
alone and survives, on the most valuable one), then the trades it takes (its blocker worth no
more than the attacker). The attack goes when at least one block made to survive costs the
defender its blocker and the attacker loses no more creatures than the defender, and no more
worth unless it leads by 5 life or more (``pressure_attack``). The attacks' crack-back check
(ai_attack) still keeps creatures home when the defender's answer would be lethal.
"""

from __future__ import annotations

from analyzer.enums import Keyword
from analyzer.kernel.layout import O, W
from analyzer.kernel.player.ai_race import combat_power
from analyzer.kernel.rules.combat import (
    MAX_COMBATANTS,
    blocker_wins,
    can_block,
    kills,
    strikes_first,
)
from analyzer.kernel.rules.targets import threat_std
from analyzer.kernel.rules.view import ob
from analyzer.kernel.runtime.config import njit

# per attacker: 0 out of the attack, 1 attacking and unblocked, 2 blocked; per blocker: 1 used
# (free space in the damage step's work areas, not used while attacks are chosen)
_A_STATE = W.DMG_DST + 2 * MAX_COMBATANTS
_B_STATE = W.DMG_DST + 3 * MAX_COMBATANTS


@njit
def _dies_blocking(G, a, b):
    """Does attacker a die when b blocks it (first strike counted: a first striker that kills
    b first takes no damage)?"""
    if not kills(G, b, a):
        return False
    return not (strikes_first(G, a) and not strikes_first(G, b) and kills(G, a, b))


@njit
def _blocker_dies(G, a, b):
    """Does blocker b die blocking attacker a (first strike counted)?"""
    if not kills(G, a, b):
        return False
    return not (strikes_first(G, b) and not strikes_first(G, a) and kills(G, b, a))


@njit
def _stops(G, a, b):
    """Damage a block of attacker a by b stops (a trampler's: b's toughness)."""
    dmg = combat_power(G, a)
    if G[ob(a) + O.CUR_KW] & Keyword.TRAMPLE:
        return min(dmg, max(G[ob(b) + O.CUR_T] - G[ob(b) + O.DAMAGE], 0))
    return dmg


@njit
def _block_score(G, cards, a, b):
    """What a block of attacker a by b costs the defender: b's worth if it dies, less a's
    worth if a dies."""
    score = 0
    if _blocker_dies(G, a, b):
        score += threat_std(G, cards, b)
    if _dies_blocking(G, a, b):
        score -= threat_std(G, cards, a)
    return score


@njit
def _record(G, cards, a, b, i, j, p_loss, d_loss):
    """Mark the block of att[i] = a by blk[j] = b; returns the losses with it counted:
    (p_n, p_v, d_n, d_v) packed as p_loss (n, v) and d_loss (n, v) tuples."""
    G[_A_STATE + i] = 2
    G[_B_STATE + j] = 1
    p_n, p_v = p_loss
    d_n, d_v = d_loss
    if _dies_blocking(G, a, b):
        p_n += 1
        p_v += threat_std(G, cards, a)
    if _blocker_dies(G, a, b):
        d_n += 1
        d_v += threat_std(G, cards, b)
    return (p_n, p_v), (d_n, d_v)


@njit
def forced_exchange(G, cards, att, na, blk, nb, life):
    """The defender's answer (see the module docstring) when the attackers att[i] with
    G[_A_STATE + i] == 1 attack into the blockers blk[:nb] at `life`. First the blocks that
    keep it alive: while the unblocked damage is lethal, a block that ends the lethal at the
    least cost (_block_score) when one does, else the one that stops the most damage (the
    cheapest of those); then each free blocker that eats an attacker alone eats the most
    valuable one; then the trades it takes (a blocker worth no more than the attacker it
    kills). Returns (forced: the blocks made to survive in which the defender's blocker dies,
    -1 when no blocks keep the damage below lethal; (creatures the attacker loses, their
    worth); (creatures the defender loses, their worth))."""
    for j in range(nb):
        G[_B_STATE + j] = 0
    p_loss = (0, 0)
    d_loss = (0, 0)
    incoming = 0
    for i in range(na):
        if G[_A_STATE + i] == 1:
            incoming += combat_power(G, att[i])
    forced = 0
    while incoming >= life:
        bi = -1
        bj = -1
        b_stop = 0
        b_score = 0
        b_ends = False
        for i in range(na):
            a = att[i]
            if G[_A_STATE + i] != 1 or G[ob(a) + O.CUR_KW] & Keyword.MENACE:
                continue
            for j in range(nb):
                b = blk[j]
                if G[_B_STATE + j] or not can_block(cards, G, b, a):
                    continue
                stop = _stops(G, a, b)
                if stop <= 0:
                    continue
                score = _block_score(G, cards, a, b)
                ends = incoming - stop < life
                if bi >= 0:
                    if b_ends and not ends:
                        continue
                    if ends == b_ends:
                        if ends and score >= b_score:
                            continue
                        if not ends and (stop < b_stop or (stop == b_stop and score >= b_score)):
                            continue
                bi = i
                bj = j
                b_stop = stop
                b_score = score
                b_ends = ends
        if bi < 0:
            return -1, p_loss, d_loss  # lethal whatever it blocks
        if _blocker_dies(G, att[bi], blk[bj]):
            forced += 1
        p_loss, d_loss = _record(G, cards, att[bi], blk[bj], bi, bj, p_loss, d_loss)
        incoming -= b_stop
    # the blocks it wins: each free eater on the most valuable attacker it eats alone
    for j in range(nb):
        b = blk[j]
        if G[_B_STATE + j]:
            continue
        best = -1
        best_t = 0
        for i in range(na):
            a = att[i]
            if G[_A_STATE + i] != 1 or G[ob(a) + O.CUR_KW] & Keyword.MENACE:
                continue
            if not can_block(cards, G, b, a) or not blocker_wins(G, b, a):
                continue
            t = threat_std(G, cards, a)
            if best < 0 or t > best_t:
                best = i
                best_t = t
        if best >= 0:
            p_loss, d_loss = _record(G, cards, att[best], b, best, j, p_loss, d_loss)
    # the trades it takes anyway: a blocker that kills an attacker worth at least as much
    for j in range(nb):
        if G[_B_STATE + j]:
            continue
        b = blk[j]
        tb = threat_std(G, cards, b)
        for i in range(na):
            a = att[i]
            if G[_A_STATE + i] != 1 or G[ob(a) + O.CUR_KW] & Keyword.MENACE:
                continue
            if not can_block(cards, G, b, a) or not _dies_blocking(G, a, b):
                continue
            if tb > threat_std(G, cards, a):
                continue
            p_loss, d_loss = _record(G, cards, a, b, i, j, p_loss, d_loss)
            break
    return forced, p_loss, d_loss


@njit
def pressure_attack(G, cards, att, na, chosen, blk, nb, life, my_life):
    """Mark (chosen 6) the attackers of att[:na] that go on a pressure attack: every creature
    with power, or, when that exchange is not worth it, those the defender's blockers cannot
    eat alone. They go when the defender at `life` must block to survive and loses at least
    as many creatures as the attacker (at my_life), and at least as much worth unless the
    attacker leads by 5 life or more: ahead, a creature for a creature presses the lead.
    Returns whether it goes."""
    n_in = 0
    total = 0
    for i in range(na):
        if G[ob(att[i]) + O.CUR_P] > 0:
            G[_A_STATE + i] = 1
            n_in += 1
            total += combat_power(G, att[i])
        else:
            G[_A_STATE + i] = 0
    if total < life:
        return False  # no block is forced
    for _round in range(2):
        if n_in < 2:
            return False
        forced, p_loss, d_loss = forced_exchange(G, cards, att, na, blk, nb, life)
        if forced < 0 or (
            forced > 0
            and p_loss[0] <= d_loss[0]
            and (p_loss[1] <= d_loss[1] or my_life >= life + 5)
        ):
            for i in range(na):
                if G[_A_STATE + i] and chosen[i] == 0:
                    chosen[i] = 6
            return True
        if forced == 0:
            return False
        # the attackers the blockers eat alone stay home; the rest are tried again
        n_in = 0
        for i in range(na):
            if G[_A_STATE + i] == 0:
                continue
            a = att[i]
            eaten = False
            if (G[ob(a) + O.CUR_KW] & Keyword.MENACE) == 0:
                for j in range(nb):
                    if can_block(cards, G, blk[j], a) and blocker_wins(G, blk[j], a):
                        eaten = True
                        break
            G[_A_STATE + i] = 0 if eaten else 1
            if not eaten:
                n_in += 1
    return False

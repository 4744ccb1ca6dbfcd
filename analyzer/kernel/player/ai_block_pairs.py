"""Several of the standard player's blockers on one attacker (ai_block.py decides the blocks):
a double block that kills the attacker while it kills at most one blocker, the pair a menace
attacker needs, and chumps together in front of tramplers when the damage is still lethal.
"""

from __future__ import annotations

from analyzer.enums import Keyword
from analyzer.kernel.layout import O
from analyzer.kernel.player.ai_race import combat_power, double_block_kills
from analyzer.kernel.rules.combat import free_blocker, kills
from analyzer.kernel.rules.targets import threat_std
from analyzer.kernel.rules.view import ob, own_at, own_n
from analyzer.kernel.runtime.config import njit

# the pump (+n/+n) the defender guards against when the attacking player could hold a trick
# (ai_block._wary_pump): +2/+2, the most common two-mana pump in the set (Mabel's Mettle);
# with one land up +1/+1: the set's one-mana pumps give +1 power (Shore Up +1/+1, High Stride
# +1/+3, Might of the Meek +1/+0), white's Crumb and Get It alone +2/+2
WARY_PUMP_P = 2
ONE_LAND_PUMP = 1
# ai_race.double_block_kills wants the attacker worth more than the blocker it kills by this
# much (the attacker's own reading of a double block); the defender takes the even trade
DOUBLE_MARGIN = 5


@njit
def double_partner(G, cards, a, b1, d, ta, any_trade, pump, free, n):
    """A second blocker (of free[:n], d's untapped creatures: ai_block.blocks) that, with b1, kills
    attacker a while a kills at most one of them (ai_race.double_block_kills): when a is worth at
    least the one it kills (an even trade, the rule a single blocker trades by), or whatever it
    kills when d is behind in the race or the damage is lethal (any_trade), as a single trade then.
    Into a possible trick (pump > 0: ai_block._wary_pump) and without any_trade, the pair must do so
    against that +pump/+pump too: a pump after a double block kills a blocker and saves the
    attacker, two cards for one. The cheapest such partner (the loss a's damage can take, then the
    partner's own threat); -1 if none."""
    if G[ob(a) + O.CUR_KW] & Keyword.INDESTRUCTIBLE:
        return -1
    # double_block_kills asks ta > loss + DOUBLE_MARGIN: ta + DOUBLE_MARGIN + 1 asks ta >= loss
    judged = ta + DOUBLE_MARGIN + 1 + (1 << 20 if any_trade else 0)
    wary = pump if not any_trade else 0  # the +wary/+wary the pair must still kill through
    best = -1
    best_loss = 0
    for j in range(n):
        b2 = free[j]
        if (
            b2 != b1
            and free_blocker(cards, G, b2, d, a)
            and double_block_kills(G, cards, a, b1, b2, wary, wary, judged)
        ):
            loss = double_loss(G, cards, a, b1, b2) * 1024 + threat_std(G, cards, b2)
            if best < 0 or loss < best_loss:
                best = b2
                best_loss = loss
    return best


@njit
def menace_pair(G, cards, a, d, ta, any_trade, pump, free, n):
    """Two blockers of d (of free[:n], its untapped creatures) that together kill the menace
    attacker a while it kills at most one of them (double_partner's rule), the pair that risks
    the least: (first, second), or (-1, -1) when there is none."""
    first = -1
    second = -1
    loss = 0
    for j in range(n):
        b = free[j]
        if not free_blocker(cards, G, b, d, a):
            continue
        partner = double_partner(G, cards, a, b, d, ta, any_trade, pump, free, n)
        if partner >= 0:
            pair_loss = double_loss(G, cards, a, b, partner)
            if first < 0 or pair_loss < loss:
                first = b
                second = partner
                loss = pair_loss
    return first, second


@njit
def double_loss(G, cards, a, b1, b2):
    """What a double block of attacker a by b1 and b2 risks: the threat of the more valuable
    of the two that a's damage kills (it kills at most one: double_block_kills)."""
    loss = 0
    if kills(G, a, b1):
        loss = threat_std(G, cards, b1)
    if kills(G, a, b2):
        loss = max(loss, threat_std(G, cards, b2))
    return loss


@njit
def chumps_in_front_of_tramplers(G, cards, d, att, na, incoming, life):
    """Still lethal after the blocks: each chump in front of a trampler stops its toughness of
    the damage, so several together may save the game where one alone did not (one chump
    there only when it saves the game or half the damage: _chump_ok). Added, the least
    valuable first (tokens first), only when together they bring the damage below lethal."""
    n = own_n(G, d)
    spare = 0  # the most the free blockers could stop in front of the tramplers
    for j in range(n):
        b = own_at(G, d, j)
        for i in range(na):
            a = att[i]
            if (
                G[ob(a) + O.ATTACKING] == d + 1
                and G[ob(a) + O.CUR_KW] & Keyword.TRAMPLE
                and free_blocker(cards, G, b, d, a)
            ):
                spare += max(G[ob(b) + O.CUR_T] - G[ob(b) + O.DAMAGE], 0)
                break
    if incoming - spare >= life:
        return
    for i in range(na):
        a = att[i]
        if G[ob(a) + O.ATTACKING] != d + 1 or (G[ob(a) + O.CUR_KW] & Keyword.TRAMPLE) == 0:
            continue
        while incoming >= life:
            tough = 0
            for j in range(n):
                b = own_at(G, d, j)
                if G[ob(b) + O.BLOCKING] == a + 1:
                    tough += max(G[ob(b) + O.CUR_T] - G[ob(b) + O.DAMAGE], 0)
            through = combat_power(G, a) - tough
            if through <= 0:
                break
            best = -1
            best_t = 0
            for j in range(n):
                b = own_at(G, d, j)
                if not free_blocker(cards, G, b, d, a) or G[ob(b) + O.CUR_T] <= G[ob(b) + O.DAMAGE]:
                    continue
                tb = threat_std(G, cards, b) - (1000 if G[ob(b) + O.TOKEN] else 0)
                if best < 0 or tb < best_t:
                    best = b
                    best_t = tb
            if best < 0:
                break
            G[ob(best) + O.BLOCKING] = a + 1
            G[ob(a) + O.BLOCKED] = 1
            incoming -= min(through, G[ob(best) + O.CUR_T] - G[ob(best) + O.DAMAGE])

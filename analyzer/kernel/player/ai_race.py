"""The standard player's combat arithmetic, shared by its attacks (ai_attack.py) and blocks
(ai_block.py): the pump of the tricks a player holds mana for, kills and wins counting a pump,
and the clock (attacks needed to kill).
"""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    AbilityKind,
    AiRole,
    CardCol,
    CardFlag,
    CardType,
    Keyword,
    Op,
    StepCol,
)
from analyzer.kernel.layout import OFF_BATTLEFIELD, H, O, P
from analyzer.kernel.rules.catalog import abilities_of, cards_of, steps_of
from analyzer.kernel.rules.combat import MAX_COMBATANTS, is_creature, strikes_first
from analyzer.kernel.rules.state import hand_at, ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def held_pump(G, C, p):
    """(+power, +toughness, +power to the whole team) of the biggest pump among the tricks in
    p's hand that p's untapped lands pay for (indestructible counts as +99 toughness), and how
    many such tricks p holds; zeros when none."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    lands = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if (
            G[ob(o) + O.CTRL] == p
            and G[ob(o) + O.TAPPED] == 0
            and G[ob(o) + O.PHASED] == 0
            and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.LAND
        ):
            lands += 1
    bp = 0
    bt = 0
    team = 0
    n = 0
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        if (
            cards[card, CardCol.AI_ROLE] != AiRole.TRICK
            or cards[card, CardCol.MV] > lands
            or (cards[card, CardCol.FLAGS] & CardFlag.FAST) == 0
        ):
            continue
        a0 = cards[card, CardCol.AB_START]
        pumps = False
        for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.SPELL:
                continue
            s0 = abilities[a, AbilCol.ST_START]
            for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
                op = steps[k, StepCol.OP]
                if op == Op.PUMP or op == Op.PUMP_ALL:
                    bp = max(bp, steps[k, StepCol.A])
                    bt = max(bt, steps[k, StepCol.B])
                    pumps = True
                    if op == Op.PUMP_ALL:
                        team = max(team, steps[k, StepCol.A])
                elif op == Op.GRANT and steps[k, StepCol.A] & Keyword.INDESTRUCTIBLE:
                    bt = 99
                    pumps = True
        if pumps:
            n += 1
    return bp, bt, team, n


@njit
def kills_pumped(G, src, dst, src_p, dst_t):
    """kills(src, dst) with src at +src_p power and dst at +dst_t toughness."""
    if G[ob(dst) + O.CUR_KW] & Keyword.INDESTRUCTIBLE or dst_t >= 99:
        return False
    pw = G[ob(src) + O.CUR_P] + src_p
    if pw <= 0:
        return False
    if G[ob(src) + O.CUR_KW] & Keyword.DEATHTOUCH:
        return True
    mult = 2 if G[ob(src) + O.CUR_KW] & Keyword.DOUBLE_STRIKE else 1
    return pw * mult >= G[ob(dst) + O.CUR_T] + dst_t - G[ob(dst) + O.DAMAGE]


@njit
def blocker_wins_pumped(G, b, a, bp, bt):
    """blocker_wins with the attacker at +bp/+bt."""
    if not kills_pumped(G, b, a, 0, bt):
        return False
    if not kills_pumped(G, a, b, bp, 0):
        return True
    return strikes_first(G, b) and not strikes_first(G, a)


@njit
def clock(life, power):
    """Attacks needed to deal `life` damage at `power` a turn (99: never)."""
    if life <= 0:
        return 0
    if power <= 0:
        return 99
    return (life + power - 1) // power


@njit
def sum_top(vals, n, k):
    """Sum of the k largest of vals[:n] (vals is reordered)."""
    s = 0
    for i in range(min(k, n)):
        m = i
        for j in range(i + 1, n):
            if vals[j] > vals[m]:
                m = j
        x = vals[i]
        vals[i] = vals[m]
        vals[m] = x
        s += vals[i]
    return s


@njit
def crack_back(G, cards, d, crack):
    """Fill crack with the power of each creature d could attack with next turn; returns
    (how many, their total)."""
    n = 0
    total = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if (
            G[b + O.CTRL] == d
            and is_creature(cards, G, o)
            and G[b + O.CUR_P] > 0
            and (G[b + O.CUR_KW] & Keyword.DEFENDER) == 0
            and G[b + O.STUN] == 0
            and n < MAX_COMBATANTS
        ):
            pw = G[b + O.CUR_P] * (2 if G[b + O.CUR_KW] & Keyword.DOUBLE_STRIKE else 1)
            crack[n] = pw
            n += 1
            total += pw
    return n, total

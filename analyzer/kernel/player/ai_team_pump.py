"""Team pumps a player may have in a combat: the activated ones on its battlefield (Warren
Elder's {3}{W}: creatures you control get +1/+1), which anyone can see, and the one a wide
attack may hide in hand (Rabbit Response, Valley Rally). Read by the attacker's held pump
(ai_race.held_pump), the blocker's suspicion (ai_block) and the crack-back an attack fears
(ai_crack).
"""

from __future__ import annotations

from analyzer.enums import AbilCol, AbilityKind, CardCol, CardFlag, CardType, Op, StepCol
from analyzer.kernel.layout import O
from analyzer.kernel.rules.catalog import abilities_of, cards_of, steps_of
from analyzer.kernel.rules.mana_costs import ability_cost_tuple, cost_total
from analyzer.kernel.rules.view import ob, own_at, own_n
from analyzer.kernel.runtime.config import njit

# lands that let a wide attack hide a team pump (Rabbit Response +2/+1, Valley Rally +2/+0:
# 3-4 mana); with fewer a player has at most a one-creature trick
TEAM_PUMP_LANDS = 3
TEAM_PUMP_P = 2
TEAM_PUMP_T = 1


@njit
def board_team_pump(G, C, q, lands):
    """(+power, +toughness) on each of q's creatures from the activated team pumps on q's
    battlefield, as often as this many lands pay for the best of them; (0, 0) when none."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    team = 0
    team_t = 0
    for i in range(own_n(G, q)):
        o = own_at(G, q, i)
        card = G[ob(o) + O.CARD]
        if G[ob(o) + O.PHASED] or (cards[card, CardCol.FLAGS] & CardFlag.ATTACK_PUMP) == 0:
            continue
        a0 = cards[card, CardCol.AB_START]
        for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
            if (
                abilities[a, AbilCol.KIND] != AbilityKind.ACTIVATED
                or abilities[a, AbilCol.TG_COUNT]
            ):
                continue
            generic, colored = ability_cost_tuple(abilities, a)
            cost = cost_total(generic, colored)
            if cost <= 0 or cost > lands:
                continue
            times = lands // cost
            s0 = abilities[a, AbilCol.ST_START]
            for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
                if steps[k, StepCol.OP] == Op.PUMP_ALL and steps[k, StepCol.A] * times > team:
                    team = steps[k, StepCol.A] * times
                    team_t = steps[k, StepCol.B] * times
    return team, team_t


@njit
def crack_pump(G, C, q):
    """The +power on each of q's creatures that q's battlefield's team pump gives its attack
    next turn, when all of q's lands untap (0: none). A team pump q may hold in hand is not
    counted: fearing one whenever q held a card and three lands made the attacker stay home
    more, and it won fewer games (a seat-0 A/B over the bundled decks, net -22 in 81,000)."""
    cards = cards_of(C)
    lands = 0
    pump_all = False
    for i in range(own_n(G, q)):
        b = ob(own_at(G, q, i))
        if G[b + O.PHASED]:
            continue
        if cards[G[b + O.CARD], CardCol.TYPES] & CardType.LAND:
            lands += 1
        if cards[G[b + O.CARD], CardCol.FLAGS] & CardFlag.ATTACK_PUMP:
            pump_all = True
    if not pump_all:
        return 0
    seen, _t = board_team_pump(G, C, q, lands)
    return seen

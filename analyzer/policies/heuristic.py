"""The HEURISTIC and PLAIN_FIRST policies and the THRESHOLD score: decisions from the decision
features (features.py) and the parameters in the card's policy row.

The kernel never sees card names: everything card-specific is a number in the row, written by
the Python side from ``heuristic.toml`` (per gift kind, then per card). The reasoning behind
every card's numbers is the table in HEURISTIC.md.

Heuristic, in gift_use units (a card to the recipient ~ 3):

- veto (VETO = 1): never promise when the recipient could then deal the caster's life
  (opp_lethal_after: the Octopus, or two attacks with an extra turn);
- promise when the promised damage is lethal (LETHAL = 1);
- cost = gift_use x GIFT_SCALE, x EARLY_SCALE up to global turn EARLY_TURN, x RACE_SCALE when
  the caster's power x RACE_TURNS reaches the recipient's life (little time to use the gift);
- benefit = VALUE + PER_TARGET x promised_targets (0 when promised_pump_moot: a pump after
  combat adds nothing)
  + CLOSE_BONUS when recipient life - promised damage <= caster's power + CLOSE,
  + DANGER_BONUS when the plain mode's life loss puts the caster within the recipient's power,
    else life loss x LIFE_VALUE x (1 + opp_power / life),
  + DANGER_BONUS when the promise protects the caster (promised_protection) from a recipient
    whose board already reaches its life (opp_lethal_now),
  + PAYOFF per "whenever you give a gift" ability of the caster,
  + CAST_VALUE when only the promised mode is legal (the choice is to cast it at all);
- promise when benefit - cost > MARGIN.
"""

from __future__ import annotations

from analyzer.enums import HeurCol, PolCol
from analyzer.kernel.runtime.config import njit
from analyzer.policies.features import N_FEATURES, Feature


@njit
def heuristic_promise(pol, row, f):
    """1 to promise under the HEURISTIC parameters of row, given the features f."""
    if pol[row, HeurCol.VETO] > 0 and f[Feature.OPP_LETHAL_AFTER] > 0:
        return 0
    if pol[row, HeurCol.LETHAL] > 0 and f[Feature.PROMISED_LETHAL] > 0:
        return 1
    cost = f[Feature.GIFT_USE] * pol[row, HeurCol.GIFT_SCALE]
    if f[Feature.TURN] <= pol[row, HeurCol.EARLY_TURN]:
        cost *= pol[row, HeurCol.EARLY_SCALE]
    power = f[Feature.POWER]
    if power > 0 and power * pol[row, HeurCol.RACE_TURNS] >= f[Feature.OPP_LIFE]:
        cost *= pol[row, HeurCol.RACE_SCALE]
    benefit = 0.0
    if f[Feature.PROMISED_PUMP_MOOT] == 0:
        benefit = (
            pol[row, HeurCol.VALUE] + pol[row, HeurCol.PER_TARGET] * f[Feature.PROMISED_TARGETS]
        )
    dmg = f[Feature.PROMISED_DAMAGE]
    if dmg > 0 and f[Feature.OPP_LIFE] - dmg <= power + pol[row, HeurCol.CLOSE]:
        benefit += pol[row, HeurCol.CLOSE_BONUS]
    loss = f[Feature.PLAIN_LIFE_LOSS]
    if loss > 0:
        life = f[Feature.LIFE]
        if life - loss <= f[Feature.OPP_POWER]:
            benefit += pol[row, HeurCol.DANGER_BONUS]
        else:
            benefit += (
                loss * pol[row, HeurCol.LIFE_VALUE] * (1.0 + f[Feature.OPP_POWER] / max(life, 1.0))
            )
    if f[Feature.PROMISED_PROTECTION] > 0 and f[Feature.OPP_LETHAL_NOW] > 0:
        benefit += pol[row, HeurCol.DANGER_BONUS]
    benefit += f[Feature.GIFT_PAYOFFS] * pol[row, HeurCol.PAYOFF]
    if f[Feature.PLAIN_LEGAL] == 0:
        benefit += pol[row, HeurCol.CAST_VALUE]
    return 1 if benefit - cost > pol[row, HeurCol.MARGIN] else 0


@njit
def plain_first_promise(pol, row, f):
    """PLAIN_FIRST: cast without the gift unless only the promised mode is legal, or
    (PARAM0 = 1) its damage is lethal, or (PARAM1 = 1) it has more targets now."""
    if f[Feature.PLAIN_LEGAL] == 0:
        return 1
    if pol[row, PolCol.PARAM0] > 0 and f[Feature.PROMISED_LETHAL] > 0:
        return 1
    if pol[row, PolCol.PARAM1] > 0 and f[Feature.PROMISED_TARGETS] > 0:
        return 1
    return 0


@njit
def threshold_score(pol, row, f):
    """BIAS + sum of weight x feature (THRESHOLD promises when it is positive)."""
    s = pol[row, PolCol.BIAS]
    for i in range(N_FEATURES):
        s += pol[row, PolCol.W0 + i] * f[i]
    return s

"""What p's attack triggers add to its possible attackers while the standard player chooses
its attack (ai_attack): the +power and +toughness an "attacks" or "whenever you attack"
trigger would give each of them, read from the card programs, put on and taken off around the
attack's evaluation."""

from __future__ import annotations

from analyzer.enums import AbilCol, AbilityKind, CardCol, Cond, Op, Ref, StepCol
from analyzer.kernel.layout import H, O, W
from analyzer.kernel.rules.catalog import abilities_of, cards_of, has_kind, steps_of
from analyzer.kernel.rules.combat import MAX_COMBATANTS
from analyzer.kernel.rules.conditions import cond_ok
from analyzer.kernel.rules.view import kind_seen, ob, own_at, own_n
from analyzer.kernel.runtime.config import njit

# the power and toughness p's attack triggers add to each of its possible attackers: the
# creature (BONUS_O; att is sorted later, so never by att's index), its +power and
# +toughness (free space in the damage step's work areas, not used while attacks are chosen)
BONUS_P = W.DMG_SRC + 3 * MAX_COMBATANTS
BONUS_T = W.DMG_DST + MAX_COMBATANTS
BONUS_O = W.DMG_AMT + 2 * MAX_COMBATANTS


@njit
def pump_steps(abilities, steps, a):
    """(+power, +toughness, scope) of the pump among ability a's steps, or the biggest of its
    modes' (a modal trigger, AbilCol.MODES): scope 1 the source ("it gets"), 2 one target, 3
    every attacker (pump_attacking, pump_all); (0, 0, 0) when it pumps nothing."""
    bp = 0
    bt = 0
    scope = 0
    n_modes = abilities[a, AbilCol.MODES]
    for r in range(a, a + 1 + n_modes):
        if n_modes > 0 and r == a:
            continue  # a modal ability's own row has no steps: its modes follow it
        s0 = abilities[r, AbilCol.ST_START]
        for k in range(s0, s0 + abilities[r, AbilCol.ST_COUNT]):
            op = steps[k, StepCol.OP]
            if steps[k, StepCol.COND] != Cond.ALWAYS or steps[k, StepCol.A] <= 0:
                continue
            if op == Op.PUMP_ATTACKING or op == Op.PUMP_ALL:
                sc = 3
            elif op == Op.PUMP:
                sc = 1 if steps[k, StepCol.REF] == Ref.SELF else 2
            else:
                continue
            if steps[k, StepCol.A] * (3 if sc == 3 else 1) > bp * (3 if scope == 3 else 1):
                bp = steps[k, StepCol.A]
                bt = steps[k, StepCol.B]
                scope = sc
    return bp, bt, scope


@njit
def attack_bonus(G, C, p, att, na, sign):
    """Fill BONUS_P/BONUS_T[:na] with what p's attack triggers add to its possible attackers
    att[:na] when they attack, read from the card programs: an "attacks" trigger (its
    intervening "if" checked now) that pumps its source or a target (counted on the source),
    a "whenever you attack" trigger that pumps the attacking creatures (each of them) or a
    target (the biggest attacker); and add it to their power and toughness (sign 1). Returns
    whether any attacker gets a bonus."""
    for i in range(na):
        G[BONUS_O + i] = att[i]
        G[BONUS_P + i] = 0
        G[BONUS_T + i] = 0
    if not kind_seen(G, AbilityKind.ATTACKS) and not kind_seen(G, AbilityKind.YOU_ATTACK):
        return False
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    team_p = 0
    team_t = 0
    one_p = 0
    one_t = 0
    found = False
    for i in range(own_n(G, p)):
        o = own_at(G, p, i)
        if G[ob(o) + O.PHASED]:
            continue
        card = G[ob(o) + O.CARD]
        own = has_kind(cards, card, AbilityKind.ATTACKS)
        if not own and not has_kind(cards, card, AbilityKind.YOU_ATTACK):
            continue
        idx = -1  # o among the possible attackers
        if own:
            for k in range(na):
                if att[k] == o:
                    idx = k
                    break
        a0 = cards[card, CardCol.AB_START]
        for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
            kind = abilities[a, AbilCol.KIND]
            if kind == AbilityKind.ATTACKS:
                if idx < 0:
                    continue
            elif kind != AbilityKind.YOU_ATTACK or abilities[a, AbilCol.FROM_GRAVEYARD]:
                continue
            if abilities[a, AbilCol.LEVEL] > max(1, G[ob(o) + O.CLASS_LEVEL]):
                continue  # a Class level not reached
            if abilities[a, AbilCol.COND] != Cond.ALWAYS:
                keep_src = G[H.TARGET_SRC]
                G[H.TARGET_SRC] = o + 1
                ok = cond_ok(G, C, abilities[a, AbilCol.COND], G[ob(o) + O.PROMISED], p, 0)
                G[H.TARGET_SRC] = keep_src
                if not ok:
                    continue
            bp, bt, scope = pump_steps(abilities, steps, a)
            if scope == 0:
                continue
            found = True
            if scope == 3:
                team_p += bp
                team_t += bt
            elif kind == AbilityKind.ATTACKS:
                G[BONUS_P + idx] += bp
                G[BONUS_T + idx] += bt
            else:
                one_p += bp
                one_t += bt
    if not found:
        return False
    big = -1
    for i in range(na):
        G[BONUS_P + i] += team_p
        G[BONUS_T + i] += team_t
        if big < 0 or G[ob(att[i]) + O.CUR_P] > G[ob(att[big]) + O.CUR_P]:
            big = i
    G[BONUS_P + big] += one_p
    G[BONUS_T + big] += one_t
    apply_bonus(G, na, sign)
    return True


@njit
def apply_bonus(G, na, sign):
    """Add (sign 1) or take off (sign -1) the attack triggers' bonus (attack_bonus) on the
    na creatures it was computed for."""
    for k in range(na):
        o = G[BONUS_O + k]
        G[ob(o) + O.CUR_P] += sign * G[BONUS_P + k]
        G[ob(o) + O.CUR_T] += sign * G[BONUS_T + k]


@njit
def bonus_index(G, o, na):
    """o's entry in the attack triggers' bonus (attack_bonus), -1 if none."""
    for k in range(na):
        if G[BONUS_O + k] == o:
            return k
    return -1

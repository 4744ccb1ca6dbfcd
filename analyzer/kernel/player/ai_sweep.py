"""What a sweeper would kill, as the built-in player weighs casting one (ai_cast): the
threat of each creature that dies on each side."""

from __future__ import annotations

from analyzer.enums import AbilCol, CardCol, CardType, Keyword, Op, StepCol
from analyzer.kernel.layout import OFF_BATTLEFIELD, H, O, P
from analyzer.kernel.player.ai_x import x_estimate
from analyzer.kernel.rules.catalog import abilities_of, cards_of, steps_of
from analyzer.kernel.rules.conditions import step_in_mode
from analyzer.kernel.rules.effects_mass import bounced_by
from analyzer.kernel.rules.targets import threat
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def sweep_kills(G, C, p, ab, promised):
    """(what p's creatures that sweeper ability ab kills are worth, what the opponents' are
    worth): threat of each creature that dies, not of the whole board (Wildfire Howl's 2
    damage leaves a 4/4 standing and kills p's own 2/2s). Damage to each creature kills the
    ones whose toughness left is at most the damage, a destroy-all every one, indestructible
    ones neither. A promised "return a creature destroyed this way" (Starfall Invocation) is
    not counted: the card the gift gives them is not either (counting the return alone cast
    Starfall in 72% of the games it was drawn in, not 61%, and its GIH WR fell 2 points).
    The mode's steps (promised or not) are read. A targeted damage step beside the sweep
    (Wildfire Howl promised: 1 to any target) adds the best opposing creature that it and the
    sweep kill together and the sweep alone does not (target_choice aims it there)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    dmg = 0
    aimed = 0
    destroy_types = 0
    bounce = False  # a bounce_all_creatures step, and its filters
    b_token = 0
    b_nontoken = 0
    b_attacking = 0
    s0 = abilities[ab, AbilCol.ST_START]
    for k in range(s0, s0 + abilities[ab, AbilCol.ST_COUNT]):
        cond = steps[k, StepCol.COND]
        if not step_in_mode(cond, promised):
            continue
        op = steps[k, StepCol.OP]
        if op == Op.DAMAGE_EACH_CREATURE:
            dmg += steps[k, StepCol.A]
            if steps[k, StepCol.B] == 1:  # "X damage to each creature": the X it would pay
                dmg += x_estimate(G, C, p, abilities[ab, AbilCol.CARD])
        elif op == Op.DAMAGE:
            aimed += steps[k, StepCol.A]
        elif op == Op.DESTROY_ALL:
            destroy_types |= steps[k, StepCol.A]
        elif op == Op.BOUNCE_ALL_CREATURES:
            bounce = True
            b_token = steps[k, StepCol.A]
            b_nontoken = steps[k, StepCol.B]
            b_attacking = steps[k, StepCol.C]
    mine = 0
    theirs = 0
    finish = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        t = cards[G[b + O.CARD], CardCol.TYPES]
        if G[b + O.PHASED] or t & CardType.CREATURE == 0:
            continue
        if bounce and bounced_by(G, cards, o, b_token, b_nontoken, b_attacking):
            # a token returned is gone (111.7); a card comes back, for its mana again
            v = threat(G, cards, o) if G[b + O.TOKEN] else threat(G, cards, o) // 2
            if G[b + O.CTRL] == p:
                mine += v
            elif G[pb(G[b + O.CTRL]) + P.LOST] == 0:
                theirs += v
            continue
        if G[b + O.CUR_KW] & Keyword.INDESTRUCTIBLE:
            continue
        left = G[b + O.CUR_T] - G[b + O.DAMAGE]
        if (t & destroy_types) == 0 and left > dmg:
            if (
                dmg > 0
                and left <= dmg + aimed
                and G[b + O.CTRL] != p
                and G[pb(G[b + O.CTRL]) + P.LOST] == 0
            ):
                finish = max(finish, threat(G, cards, o))
            continue
        v = threat(G, cards, o)
        if G[b + O.CTRL] == p:
            mine += v
        elif G[pb(G[b + O.CTRL]) + P.LOST] == 0:
            theirs += v
    return mine, theirs + finish


@njit
def attackers_only(C, ab):
    """Does sweeper ability ab touch only attacking creatures (Aetherize)? Cast as its caster
    is attacked (ai_cast, context 4), never in a main phase."""
    steps = steps_of(C)
    s0 = abilities_of(C)[ab, AbilCol.ST_START]
    for k in range(s0, s0 + abilities_of(C)[ab, AbilCol.ST_COUNT]):
        if steps[k, StepCol.OP] == Op.BOUNCE_ALL_CREATURES and steps[k, StepCol.C] == 1:
            return True
    return False

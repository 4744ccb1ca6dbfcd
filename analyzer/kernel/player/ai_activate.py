"""The built-in player's activated abilities: equip, eat a Food, a creature's {T} ability
(kernel/player/ai.py calls these in its main phase and priority windows).

Equip goes to the best creature (equipment that removes a keyword to one without it); a Food
is eaten by the basic player in main phase 2 at 3 or more below the starting life, by the
standard player in response to lethal combat damage and at an opponent's end step when the
life matters (half the starting life, or two turns of the opponents' power), paid with lands
only (a Treasure is kept for a spell unless the damage is lethal); the standard player keeps
a creature's instant-speed {T} ability for an opponent's end step (the creature can block in
between), except with the creature's own untap trigger on the stack (Kindlespark Duo untaps
on each noncreature spell), never spends a {T} pump on the creature it taps, and never taps a
creature before combat whose attack is part of a lethal alpha strike, flickers a
creature that could attack after combat, not before, and never sacrifices a creature to an
ability aimed at an opponent's token worth less than the creature (a Food, a Treasure). An
instant-speed ability paid with mana alone that only draws, surveils or scries (Mind Drill
Assailant's surveil) waits for an opponent's end step too: the mana stays up through their turn.
"""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    AbilityKind,
    CardCol,
    CardFlag,
    CardType,
    Cond,
    Keyword,
    Op,
    Phase,
    PlayerLevel,
    Ref,
    StepCol,
    Zone,
)
from analyzer.kernel.layout import (
    MAX_TARGETS,
    OFF_BATTLEFIELD,
    PLAYER_BASE,
    SK_ABILITY,
    H,
    O,
    P,
    S,
    W,
)
from analyzer.kernel.player.ai_costs import costly_ability_ok
from analyzer.kernel.player.ai_graveyard import try_graveyard_ability
from analyzer.kernel.player.ai_lands import try_cycling
from analyzer.kernel.player.ai_modes import targets_useful
from analyzer.kernel.player.ai_tempo import tap_costs_lethal
from analyzer.kernel.player.ai_tricks import combat_lethal_to
from analyzer.kernel.rules.activation import activation_allowed, level_up_to
from analyzer.kernel.rules.catalog import abilities_of, cards_of, has_op, steps_of
from analyzer.kernel.rules.combat import can_attack
from analyzer.kernel.rules.effects_mass import attackers_of
from analyzer.kernel.rules.mana import can_pay, count_sources
from analyzer.kernel.rules.mana_costs import ability_cost, cost_total
from analyzer.kernel.rules.stack import activate, land_animation, stack_top_entry
from analyzer.kernel.rules.targets import threat_std
from analyzer.kernel.rules.view import graveyard_at, ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit


@njit
def _grants_what_it_has(G, C, o, ab):
    """Does ability ab only grant its source keywords the source already has?"""
    abilities = abilities_of(C)
    steps = steps_of(C)
    s0 = abilities[ab, AbilCol.ST_START]
    n = abilities[ab, AbilCol.ST_COUNT]
    for k in range(s0, s0 + n):
        if (
            steps[k, StepCol.OP] != Op.GRANT
            or steps[k, StepCol.REF] != Ref.SELF
            or (G[ob(o) + O.CUR_KW] & steps[k, StepCol.A]) != steps[k, StepCol.A]
        ):
            return False
    return n > 0


@njit
def _gain_life_now(G, C, p, context):
    """Eat a Food now? Basic: in main phase 2 at 3 or more below the starting life. Standard:
    never in its own main phase (the same mana is free at the opponent's end step, and the
    Food stays ready for lethal damage until then); in response to lethal combat damage
    (context 2, the caller checked), and at an opponent's end step (the mana would go unused)
    when the life matters: at half the starting life or less, or within two turns of the
    opponents' creatures' power. Else the Food is kept (for forage, or for a later turn)."""
    life = G[pb(p) + P.LIFE]
    basic = G[pb(p) + P.LEVEL] == PlayerLevel.BASIC
    if context == 0:
        return basic and G[H.PHASE] != Phase.MAIN1 and life <= G[H.STARTING_LIFE] - 3
    if basic:
        return life <= G[H.STARTING_LIFE] - 3
    if context == 2:
        return True
    if life >= G[H.STARTING_LIFE]:
        return False
    return 2 * life <= G[H.STARTING_LIFE] or life <= 2 * _their_power(G, C, p)


@njit
def _their_power(G, C, p):
    """The power of the creatures p's opponents control (their next attacks' most)."""
    cards = cards_of(C)
    total = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if (
            G[ob(o) + O.CTRL] != p
            and G[ob(o) + O.PHASED] == 0
            and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE
            and (G[ob(o) + O.CUR_KW] & Keyword.DEFENDER) == 0
        ):
            total += max(G[ob(o) + O.CUR_P], 0)
    return total


@njit
def _waits_for_end_step(G, cards, abilities, o, a):
    """Standard player: an instant-speed {T} ability of a creature (Kindlespark Duo's ping,
    Tender Wildguide's counter) waits for an opponent's end step, so the creature can block
    in between."""
    return (
        G[pb(G[ob(o) + O.CTRL]) + P.LEVEL] != PlayerLevel.BASIC
        and abilities[a, AbilCol.COST_TAP] != 0
        and abilities[a, AbilCol.TRIG_PARAM] != 1
        and abilities[a, AbilCol.COND] == Cond.ALWAYS  # "Activate only if": while it holds
        and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE != 0
    )


@njit
def _card_flow_waits(G, C, abilities, a, p):
    """Standard player, own main phase: an instant-speed ability paid with mana alone whose
    steps only draw, surveil or scry (Mind Drill Assailant's "{2}{U/B}: Surveil 1.") waits for
    an opponent's end step: it changes nothing on the board, and the same mana stays up through
    their turn for an instant, then sees one more draw step's card first."""
    if (
        G[pb(p) + P.LEVEL] == PlayerLevel.BASIC
        or abilities[a, AbilCol.TRIG_PARAM] == 1
        or abilities[a, AbilCol.COST_TAP] != 0
        or abilities[a, AbilCol.COST_SAC_SELF] != 0
        or abilities[a, AbilCol.FROM_GRAVEYARD] != 0
        or abilities[a, AbilCol.COST_DISCARD] != 0
        or abilities[a, AbilCol.COST_REMOVE_COUNTER] != 0
        or abilities[a, AbilCol.COST_TAP_TOKENS] != 0
        or abilities[a, AbilCol.TG_COUNT] != 0
    ):
        return False
    steps = steps_of(C)
    s0 = abilities[a, AbilCol.ST_START]
    n = abilities[a, AbilCol.ST_COUNT]
    for k in range(s0, s0 + n):
        op = steps[k, StepCol.OP]
        if op != Op.DRAW and op != Op.SURVEIL and op != Op.SCRY:
            return False
    return n > 0


@njit
def _pump_on_itself(G, C, cards, abilities, o, a):
    """Standard player: a creature's {T} ability that pumps its target (Brave-Kin Duo) with
    the creature itself as the target chosen (W.USLOTS): the bonus lands on a creature the
    cost taps, which then neither attacks nor blocks; only a valiant trigger of its own pays.
    The creature attacks instead."""
    return (
        G[pb(G[ob(o) + O.CTRL]) + P.LEVEL] != PlayerLevel.BASIC
        and abilities[a, AbilCol.COST_TAP] != 0
        and G[W.USLOTS] == o
        and has_op(C, a, Op.PUMP)
        and (cards[G[ob(o) + O.CARD], CardCol.AB_KINDS] >> AbilityKind.VALIANT) & 1 == 0
    )


@njit
def _sacrifice_outweighs(G, cards, abilities, o, a, p):
    """Standard player: a creature whose ability sacrifices it (Nettle Guard's "{1},
    Sacrifice: destroy target artifact or enchantment") trades a card for its target (chosen
    in W.USLOTS): an opponent's token (a Food, a Treasure) is worth that only when it threatens
    at least as much as the creature itself; a card is a card for a card."""
    if (
        G[pb(p) + P.LEVEL] == PlayerLevel.BASIC
        or abilities[a, AbilCol.COST_SAC_SELF] != 1
        or (cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0
    ):
        return False
    own = threat_std(G, cards, o)
    for k in range(MAX_TARGETS):
        v = G[W.USLOTS + k]
        if (
            0 <= v < PLAYER_BASE
            and G[ob(v) + O.TOKEN]
            and G[ob(v) + O.CTRL] != p
            and threat_std(G, cards, v) < own
        ):
            return True
    return False


@njit
def _attack_instead(G, cards, abilities, o, a, p):
    """Standard player, main phase 1: a creature's {T} ability (Brave-Kin Duo's pump on
    another creature) waits while the creature's attack is part of a lethal alpha strike
    (ai_tempo.tap_costs_lethal): tapped, it would add a point or two to one attacker and take
    its own attack away."""
    return (
        G[pb(p) + P.LEVEL] != PlayerLevel.BASIC
        and abilities[a, AbilCol.COST_TAP] != 0
        and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE != 0
        and tap_costs_lethal(G, cards, p, o)
    )


@njit
def _flicker_waits(G, C, cards, a, p):
    """Standard player, main phase 1: a flicker of p's creature (Lilysplash Mentor's, the
    target chosen in W.USLOTS) that could attack this turn waits for main phase 2: it returns
    a new object that cannot attack this turn, where after combat it has attacked and returns
    untapped, a blocker."""
    if (
        G[pb(p) + P.LEVEL] == PlayerLevel.BASIC
        or G[H.PHASE] != Phase.MAIN1
        or not (has_op(C, a, Op.FLICKER) or has_op(C, a, Op.FLICKER_YOURS))
    ):
        return False
    v = G[W.USLOTS]
    return 0 <= v < PLAYER_BASE and can_attack(cards, G, v, p)


@njit
def try_activate(G, C, p, context, only=-1):
    """Equip (main phase) or eat a Food (main 2 / opponent's end step) when worth it. Context
    4 (standard player): only the {T} abilities of object `only`, whose untap trigger is on
    top of the stack."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    # context 2 is lethal combat damage to p, or p's attack with an attack pump ready (ai.py)
    lethal = context == 2 and combat_lethal_to(G, p)
    for i in range(own_n(G, p)):  # (it stops once it activated an ability)
        o = own_at(G, p, i)
        if G[ob(o) + O.PHASED] or (only >= 0 and o != only):
            continue
        card = G[ob(o) + O.CARD]
        if (cards[card, CardCol.FLAGS] & CardFlag.HAS_ACTIVATED) == 0:
            continue
        G[H.TARGET_SRC] = o + 1  # "another target ..." excludes this source
        a0 = cards[card, CardCol.AB_START]
        for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
            if (
                abilities[a, AbilCol.KIND] != AbilityKind.ACTIVATED
                or abilities[a, AbilCol.MANA_ABILITY]
            ):
                continue
            # activation restrictions (602.5b); Class level-ups are ai_levels' (last in a
            # main phase)
            if level_up_to(C, a) > 0 or not activation_allowed(G, C, o, a, p):
                continue
            # a team pump until end of turn (Warren Elder's {3}{W}) is the standard player's
            # trick: after blocks as it attacks (a fight it flips, damage through), never
            # blind in main phase 1, where it left no mana for a held instant
            team_pump = (
                G[pb(p) + P.LEVEL] != PlayerLevel.BASIC
                and has_op(C, a, Op.PUMP_ALL)
                and abilities[a, AbilCol.TG_COUNT] == 0
            )
            if context == 2 and not lethal and not (has_op(C, a, Op.PUMP_ATTACKING) or team_pump):
                continue  # not attacked for lethal: only the attack pump
            if not costly_ability_ok(G, C, p, o, a, context):  # lands' abilities, discards
                continue
            if _grants_what_it_has(G, C, o, a):
                continue  # "this gains menace until end of turn" once is enough
            if abilities[a, AbilCol.TRIG_PARAM] == 1 and context != 0:
                continue
            if abilities[a, AbilCol.COST_TAP] and (
                G[ob(o) + O.TAPPED]
                or (G[ob(o) + O.SICK] and cards[card, CardCol.TYPES] & CardType.CREATURE)
            ):
                continue
            generic, colored = ability_cost(G, cards, abilities, p, a)
            if context == 4:
                if abilities[a, AbilCol.COST_TAP] == 0 or not targets_useful(G, C, a, p, 0):
                    continue
            elif has_op(C, a, Op.ATTACH_SELF):
                att = G[ob(o) + O.ATTACHED]
                if 0 <= att < PLAYER_BASE and G[ob(att) + O.ZONE] == Zone.BATTLEFIELD:
                    continue
                if not targets_useful(G, C, a, p, 0):
                    continue
            elif team_pump:
                if context != 2 or not attack_pump_ready(G, cards, p):
                    continue  # after blocks, as p attacks
            elif has_op(C, a, Op.PUMP_ATTACKING):
                if context != 2 or not attack_pump_ready(G, cards, p) or attackers_of(G, p) < 2:
                    continue  # after blocks, with two or more attackers
            elif has_op(C, a, Op.PREVENT_COMBAT_DAMAGE):
                if context != 2:
                    continue  # a fog only against lethal combat damage (ai.priority_action)
            elif has_op(C, a, Op.GAIN_LIFE):
                if abilities[a, AbilCol.COST_SAC_SELF] == 1 and (
                    cards[card, CardCol.TYPES] & CardType.CREATURE
                ):
                    continue  # a creature that is a Food too (Ygra) is worth more than 3 life
                if not _gain_life_now(G, C, p, context):
                    continue
                if (
                    context != 2
                    and G[pb(p) + P.LEVEL] != PlayerLevel.BASIC
                    and cost_total(generic, colored) > count_sources(G, cards, abilities, p)[0]
                ):
                    continue  # a Treasure is kept for a spell; only lethal damage is worth one
            elif context == 2:
                continue  # in combat the standard player only saves its life
            elif context == 0 and _waits_for_end_step(G, cards, abilities, o, a):
                continue
            elif context == 0 and _card_flow_waits(G, C, abilities, a, p):
                continue
            else:
                if not targets_useful(G, C, a, p, 0):
                    continue
                if _pump_on_itself(G, C, cards, abilities, o, a):
                    continue
                if _sacrifice_outweighs(G, cards, abilities, o, a, p):
                    continue  # (a creature card is not thrown at a Food token)
                if _attack_instead(G, cards, abilities, o, a, p):
                    continue
                if _flicker_waits(G, C, cards, a, p):
                    continue
            # keep the source itself out of the payment for {T} abilities
            tapped_before = G[ob(o) + O.TAPPED]
            if abilities[a, AbilCol.COST_TAP] or land_animation(C, cards, card, a):
                G[ob(o) + O.TAPPED] = 1  # (a land animating itself pays with other sources)
            ok = can_pay(G, cards, abilities, p, generic, colored, False)
            G[ob(o) + O.TAPPED] = tapped_before
            if ok and activate(G, C, p, o, a):
                return True
    # cycling a land card it does not need (kernel/player/ai_lands.py): mana left over
    if only < 0 and (context == 3 or (context == 0 and G[H.PHASE] == Phase.MAIN2)):
        if try_cycling(G, C, p):
            return True
    # abilities that work from the graveyard (kernel/player/ai_graveyard.py), never in combat
    if G[pb(p) + P.GY_ABILITY] and context != 2 and context != 4 and only < 0:
        for i in range(G[pb(p) + P.GY_N]):
            o = graveyard_at(G, p, i)
            if cards[G[ob(o) + O.CARD], CardCol.FLAGS] & CardFlag.GRAVEYARD_ABILITY:
                if try_graveyard_ability(G, C, p, o, context):
                    return True
    return False


@njit(inline_in_entry=True)  # tiny and on the priority hot path
def untap_trigger_source(G, cards, p):
    """The standard player's creature with a {T} ability whose own cast trigger (Kindlespark
    Duo: "whenever you cast a noncreature spell, untap") is on top of the stack while it is
    untapped: it uses the ability now and the trigger untaps it. -1 if none."""
    e = stack_top_entry(G)
    if G[e + S.KIND] != SK_ABILITY or G[e + S.CTRL] != p:
        return -1
    src = G[e + S.OBJ]
    b = ob(src)
    card = G[b + O.CARD]
    if (
        G[b + O.ZONE] != Zone.BATTLEFIELD
        or G[b + O.TAPPED]
        or G[b + O.SICK]
        or (cards[card, CardCol.AB_KINDS] >> AbilityKind.NONCREATURE_SPELL) & 1 == 0
        or cards[card, CardCol.FLAGS] & CardFlag.HAS_ACTIVATED == 0
    ):
        return -1
    return src


@njit
def attack_pump_ready(G, cards, p):
    """Standard player p attacks (after blocks) and controls a permanent with an activated
    "attacking creatures you control get ..." (Jazal Goldmane: with two or more attackers,
    try_activate) or "creatures you control get ..." (Warren Elder)."""
    if G[H.ACTIVE] != p or G[pb(p) + P.LEVEL] == PlayerLevel.BASIC:
        return False
    # the pump first: most boards have none, and then the attackers are not counted
    for i in range(own_n(G, p)):
        b = ob(own_at(G, p, i))
        if G[b + O.PHASED] == 0 and cards[G[b + O.CARD], CardCol.FLAGS] & CardFlag.ATTACK_PUMP != 0:
            return attackers_of(G, p) >= 1
    return False

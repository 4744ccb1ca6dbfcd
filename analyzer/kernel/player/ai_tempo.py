"""The standard player's tempo reasons (issue 14 item 3): when a creature's {T} ability costs
more than the creature's attack. A creature whose {T} ability would be spent before combat
(Brave-Kin Duo's pump) attacks instead when the attack of everything p has is lethal through
the untapped blockers (ai_race.damage_through, each blocker on one attacker). A creature whose
free {T} ability deals an opponent at least its power (Kindlespark Duo's ping) stays home
rather than attack (pings_instead): the ping at the opponent's end step deals the same damage
with no blocker in the way, and the creature blocks in between. Instant removal kept up waits
while an opponent could answer it (opp_may_respond: cards in hand and mana up for a protection
trick or a counterspell) and goes at once into an opponent who is tapped out or empty-handed,
or in main phase 1 when casting it pays on p's attack (pays_before_combat).

Work areas: the combat ones (W.ATT, W.BLK, W.CHOSEN), free in main phase 1 before attacks
are planned (try_activate runs from the main-phase actions, never inside combat).
"""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    AbilityKind,
    CardCol,
    CardType,
    Cond,
    Op,
    Phase,
    Ref,
    StepCol,
    TargCol,
    TargetKind,
    Zone,
)
from analyzer.kernel.layout import H, O, P, W
from analyzer.kernel.player.ai_growth import grows_on_spell
from analyzer.kernel.player.ai_multi import attackers_now, can_attack
from analyzer.kernel.player.ai_race import combat_power, damage_through, untapped_blockers
from analyzer.kernel.rules.catalog import (
    abilities_of,
    cards_of,
    has_kind,
    has_op,
    steps_of,
    targets_of,
)
from analyzer.kernel.rules.combat import MAX_COMBATANTS, is_creature
from analyzer.kernel.rules.mana import count_sources
from analyzer.kernel.rules.stack import spell_ability
from analyzer.kernel.rules.view import ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit


@njit
def attack_through(G, cards, p, q, absent):
    """The damage p's creatures that can attack now deal q when all of them attack and each of
    q's untapped creatures but `absent` (-1: none) blocks one of them (ai_race.damage_through)."""
    # main phase 1, before any attack is planned: the combat work areas are free
    att = G[W.ATT : W.ATT + MAX_COMBATANTS]
    blk = G[W.BLK : W.BLK + MAX_COMBATANTS]
    used = G[W.CHOSEN : W.CHOSEN + MAX_COMBATANTS]
    na = attackers_now(cards, G, p, att, MAX_COMBATANTS)
    nb = untapped_blockers(G, cards, q, absent, blk, MAX_COMBATANTS)
    dmg, _n = damage_through(G, att, na, blk, nb, used, False)
    return dmg


@njit
def _attack_power(G, cards, p):
    """The combat damage of all p's creatures that can attack now, unblocked: the most
    attack_through can find (damage_through counts no more than each attacker's power)."""
    total = 0
    for i in range(own_n(G, p)):
        o = own_at(G, p, i)
        if can_attack(cards, G, o, p):
            total += combat_power(G, o)
    return total


@njit
def opens_lethal(G, cards, p, v):
    """Main phase 1 of p's turn: is the opposing creature v the blocker in front of a lethal
    attack? Untapped, and without it all of p's creatures that can attack deal its controller
    their life through the other untapped blockers, while with it they do not (removal of any
    kind, a bounce too, ends the game there: the blue decks held a bounce through such turns)."""
    if G[H.PHASE] != Phase.MAIN1 or G[H.ACTIVE] != p or v < 0:
        return False
    b = ob(v)
    if G[b + O.ZONE] != Zone.BATTLEFIELD or not is_creature(cards, G, v) or G[b + O.TAPPED]:
        return False
    q = G[b + O.CTRL]
    if q == p:
        return False
    life = G[pb(q) + P.LIFE]
    return attack_through(G, cards, p, q, v) >= life and attack_through(G, cards, p, q, -1) < life


@njit
def blocker_opens_lethal(G, cards, p):
    """Main phase 1 of p's turn: does some opposing creature stand in front of a lethal attack
    (opens_lethal)? Then instant removal kept up goes now (ai._main_standard)."""
    if G[H.PHASE] != Phase.MAIN1 or G[H.ACTIVE] != p:
        return False
    # no blocker stands in front of a lethal attack when p's attackers unblocked deal less
    # than the life (what gets through blockers never exceeds it): most turns, at no search
    power = _attack_power(G, cards, p)
    for q in range(G[H.NPLAYERS]):
        if q == p or G[pb(q) + P.LOST] or power < G[pb(q) + P.LIFE]:
            continue
        for i in range(own_n(G, q)):
            if opens_lethal(G, cards, p, own_at(G, q, i)):
                return True
    return False


@njit
def tap_costs_lethal(G, cards, p, o):
    """Main phase 1: would tapping p's creature o for an ability cost an attack that is lethal
    (all of p's creatures that can attack, o among them, through each opponent's untapped
    blockers)?"""
    if G[H.PHASE] != Phase.MAIN1 or G[H.ACTIVE] != p or not can_attack(cards, G, o, p):
        return False
    for q in range(G[H.NPLAYERS]):
        if q != p and G[pb(q) + P.LOST] == 0:
            if attack_through(G, cards, p, q, -1) >= G[pb(q) + P.LIFE]:
                return True
    return False


@njit
def _free_tap_cost(abilities, a):
    """Is ability a's whole cost {T} (no mana, life, sacrifice, discard or other cost)?"""
    mana = 0
    for col in range(AbilCol.COST_GENERIC, AbilCol.COST_G + 1):
        mana += abilities[a, col]
    return (
        abilities[a, AbilCol.COST_TAP] != 0
        and mana == 0
        and abilities[a, AbilCol.COST_HYBRID] == 0
        and abilities[a, AbilCol.COST_LIFE] == 0
        and abilities[a, AbilCol.COST_SAC_SELF] == 0
        and abilities[a, AbilCol.COST_DISCARD] == 0
        and abilities[a, AbilCol.COST_REMOVE_COUNTER] == 0
        and abilities[a, AbilCol.COST_TAP_TOKENS] == 0
    )


@njit
def ping_damage(C, a):
    """The damage ability a's steps deal an opponent: a DAMAGE step on each opponent or on a
    target group that can be an opponent (player, opponent, any target)."""
    abilities = abilities_of(C)
    steps = steps_of(C)
    targets = targets_of(C)
    total = 0
    s0 = abilities[a, AbilCol.ST_START]
    for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
        if steps[k, StepCol.OP] != Op.DAMAGE:
            continue
        ref = steps[k, StepCol.REF]
        if ref == Ref.EACH_OPPONENT:
            total += steps[k, StepCol.A]
        elif 0 <= ref < abilities[a, AbilCol.TG_COUNT]:
            kind = targets[abilities[a, AbilCol.TG_START] + ref, TargCol.KIND]
            if kind == TargetKind.OPPONENT or kind == TargetKind.PLAYER or kind == TargetKind.ANY:
                total += steps[k, StepCol.A]
    return total


@njit
def pings_instead(G, C, o):
    """Standard player's attack: does creature o stay home because its instant-speed {T}
    ability, free but for the tap, deals an opponent at least o's power (Kindlespark Duo)?
    An attack trigger or combat-damage trigger of o's own keeps it attacking."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    card = G[ob(o) + O.CARD]
    if has_kind(cards, card, AbilityKind.ATTACKS) or has_kind(
        cards, card, AbilityKind.COMBAT_DAMAGE_PLAYER
    ):
        return False
    power = max(G[ob(o) + O.CUR_P], 1)
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if (
            abilities[a, AbilCol.KIND] == AbilityKind.ACTIVATED
            and abilities[a, AbilCol.MANA_ABILITY] == 0
            and abilities[a, AbilCol.TRIG_PARAM] != 1  # not sorcery speed
            and abilities[a, AbilCol.COND] == Cond.ALWAYS
            and abilities[a, AbilCol.FROM_GRAVEYARD] == 0
            and abilities[a, AbilCol.LEVEL] <= max(1, G[ob(o) + O.CLASS_LEVEL])
            and _free_tap_cost(abilities, a)
            and ping_damage(C, a) >= power
        ):
            return True
    return False


@njit
def send_pingers_home(G, C, att, na, keep, home, bonus_o, bonus_p, bonus_t):
    """Standard player's attack: move the possible attackers att[:na] that ping instead
    (pings_instead) and get no attack-trigger bonus (ai_attack_bonus.attack_bonus: the object,
    +power and +toughness at offsets bonus_o/_p/_t) to the creatures at home keep[:home];
    the bonus entries keep the attackers left. Returns the new (na, home)."""
    j = 0
    for i in range(na):
        o = att[i]
        bonus = False
        for k in range(na):
            if G[bonus_o + k] == o:
                bonus = G[bonus_p + k] != 0 or G[bonus_t + k] != 0
        if not bonus and home < MAX_COMBATANTS and pings_instead(G, C, o):
            keep[home] = o
            home += 1
        else:
            att[j] = o
            j += 1
    m = 0
    for k in range(na if j < na else 0):
        o = G[bonus_o + k]
        for i in range(j):
            if att[i] == o:
                G[bonus_o + m] = o
                G[bonus_p + m] = G[bonus_p + k]
                G[bonus_t + m] = G[bonus_t + k]
                m += 1
                break
    return j, home


@njit
def opp_may_respond(G, C, p):
    """Could an opponent of p answer a spell at instant speed now: one holding a card with an
    untapped mana source (a land, a Treasure; every answer in the format costs mana)?"""
    cards = cards_of(C)
    abilities = abilities_of(C)
    for q in range(G[H.NPLAYERS]):
        if q == p or G[pb(q) + P.LOST] != 0 or G[pb(q) + P.HAND_N] == 0:
            continue
        lands, sacs = count_sources(G, cards, abilities, q)
        if lands + sacs > 0:
            return True
    return False


@njit
def spell_grows_attacker(G, C, p):
    """Main phase 1: does a noncreature spell cast now make one of p's creatures that can
    attack this turn bigger: prowess, or a "whenever you cast a noncreature spell" trigger that
    pumps it or puts a counter on it (Tempest Angler)? Then the spell pays on the attack. A
    payoff that cannot attack (summoning sick) or does not grow (Coruscation Mage's ping)
    pays the same at the opponent's end step, where the instant's mana is spare."""
    cards = cards_of(C)
    for i in range(own_n(G, p)):
        o = own_at(G, p, i)
        if can_attack(cards, G, o, p) and grows_on_spell(G, C, o):
            return True
    return False


@njit
def pays_before_combat(G, C, p, card):
    """Main phase 1: does casting `card` now pay on p's attack this turn, with an untapped
    creature of p's to attack? A noncreature spell grows p's attacker
    (spell_grows_attacker), a bite or a fight triggers the valiant of p's creature that has not
    triggered this turn (Rabid Gnaw on Heartfire Hero). At their end step both are lost."""
    if G[H.PHASE] != Phase.MAIN1:
        return False
    cards = cards_of(C)
    attacker = False
    valiant = False
    for i in range(own_n(G, p)):
        o = own_at(G, p, i)
        b = ob(o)
        if G[b + O.TAPPED] or not is_creature(cards, G, o) or G[b + O.CUR_P] <= 0:
            continue
        attacker = True
        if (cards[G[b + O.CARD], CardCol.AB_KINDS] >> AbilityKind.VALIANT) & 1 and G[
            b + O.VALIANT_TURN
        ] != G[H.TURN]:
            valiant = True
    if not attacker:
        return False
    if cards[card, CardCol.TYPES] & CardType.CREATURE == 0 and spell_grows_attacker(G, C, p):
        return True
    ab = spell_ability(C, card)
    return valiant and ab >= 0 and (has_op(C, ab, Op.DAMAGE_BY_POWER) or has_op(C, ab, Op.FIGHT))

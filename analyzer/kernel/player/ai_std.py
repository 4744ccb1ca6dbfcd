"""The standard player's choices that the basic player does not make (issue 14): when a card
is worth casting in a window, how much mana to keep up, whether removal has a target worth it
(whether a trick saves a creature or flips a fight: kernel/player/ai_tricks.py).

Timing (roles from CardCol.AI_ROLE): counterspells and protection answer the top of the stack;
a cantrip trick goes on a valiant creature in main phase 1 (the trigger pays, the card is
replaced); a trick answers removal aimed at one of p's creatures when it saves it (toughness
against damage, indestructible against destroy, hexproof against anything; never against
exile or bounce), or flips a fight after blocks (a team pump: lethal counts every unblocked
attacker); instant draw, instant token makers and flash creatures wait for an opponent's end
step (the mana kept up for them is spent there), except an instant draw whose cost discards a
card p would discard anyway or that triggers a noncreature-spell payoff before combat
(draw_now); removal goes at a target worth the card (a bite or a fight by the creature it
kills, not p's), in response only at an opposing creature a pump (or another helping spell)
is cast on, killed before it resolves (ai_flicker.answer_useful), burn at a player only when
that is worth a card (_burn_at_player_worth); an instant bounce is a tempo play (an attacker
or a blocker after blocks that costs a turn to recast or wins its fight, a token, an expensive
creature at an opponent's end step), never at sorcery speed on a nontoken.
"""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    AbilityKind,
    AiRole,
    CardCol,
    CardFlag,
    CardType,
    Cond,
    ExtraCost,
    Keyword,
    Op,
    Phase,
    StepCol,
    TargCol,
    Zone,
)
from analyzer.kernel.layout import (
    MAX_TARGETS,
    OFF_BATTLEFIELD,
    PLAYER_BASE,
    H,
    O,
    P,
)
from analyzer.kernel.player.ai_develop import develop_first
from analyzer.kernel.player.ai_flash import entry_waits, shield_of, taps_on_entry
from analyzer.kernel.player.ai_growth import spell_growth_to
from analyzer.kernel.player.ai_multi import has_attacker
from analyzer.kernel.player.ai_tempo import opens_lethal, spell_grows_attacker
from analyzer.kernel.player.ai_tricks import (
    BITER,
    HELPED,
    dies,
    hits,
    kills_in_fight,
    top_entry_target,
)
from analyzer.kernel.player.ai_value import (
    cast_bonus,
    cost_colors,
    second_spell_pays,
)
from analyzer.kernel.player.choices import spare_card
from analyzer.kernel.rules.catalog import (
    abilities_of,
    cards_of,
    has_kind,
    op_sum,
    steps_of,
    targets_of,
)
from analyzer.kernel.rules.cost_reduction import cost_now
from analyzer.kernel.rules.target_choice import fighter_boost
from analyzer.kernel.rules.targets import combat_damage_to, slot_start, threat_std
from analyzer.kernel.rules.view import hand_at, ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit

# A target worth a removal spell: about a three-drop with a body (threat counts mana value,
# power and toughness); cheaper targets wait for a bigger threat unless a tempo reason applies.
REMOVAL_WORTH = 40
# A removal spell that kills whatever it targets (destroy, exile) waits for a bigger threat
# while the opponents hold cards that may be one: the bar rises by this much per card they
# hold, up to FUTURE_CARDS cards, until the game is late. At 6 a card, three cards held keep
# it past most three-drop bodies (threat 44-56) for the four-drops (58 and up); at 3 it went
# at 3/3s, and in the games Fell's owner lost a creature of mana value 4+ followed 57% of its
# casts at a small target (won: 42%; tools/removal_fate_census.py).
FUTURE_THREAT = 6
FUTURE_CARDS = 3
# A damage spell kills only creatures with toughness up to its damage: waiting for a bigger
# threat it cannot kill is no plan, so its bar is at most this much per point of damage (a
# two-damage spell takes a two-drop now).
REACH_WORTH = 15
# A bounce in combat returns a nontoken creature of at least this mana value (its owner spends
# most of a turn recasting it); a cheaper one only when it would kill p's creature in that fight
# or p is under pressure.
BOUNCE_MV = 3


@njit(inline_in_entry=True)  # tiny and on the priority hot path
def role_may_help(G, C, card, context, p):
    """ai_cast.may_help for the standard player (context as in ai_cast._mode_useful)."""
    cards = cards_of(C)
    role = cards[card, CardCol.AI_ROLE]
    if context == 1:  # responding to the top of the stack (a flicker, or removal at the
        # creature an opposing pump is cast on or that bites: ai_flicker.py; a flash creature
        # whose enters trigger shields p's creature: ai_flash.py)
        return (
            role == AiRole.COUNTER
            or role == AiRole.PROTECTION
            or role == AiRole.TRICK
            or (role == AiRole.PERMANENT and shield_of(C, card) != 0)
            or (
                role == AiRole.REMOVAL
                and (
                    cards[card, CardCol.FLAGS] & CardFlag.TEMP_EXILE != 0
                    or top_entry_target(G, C, p, 0, 0, HELPED, 0) >= 0
                    or top_entry_target(G, C, p, 0, 0, BITER, 0) >= 0
                )
            )
        )
    if context == 5:  # an opponent's beginning of combat: a flash creature whose enters
        # trigger taps creatures (their attackers: ai_flash.tapper_at_their_combat)
        return (
            role == AiRole.PERMANENT
            and cards[card, CardCol.TYPES] & CardType.CREATURE != 0
            and cards[card, CardCol.FLAGS] & CardFlag.FAST != 0
            and taps_on_entry(C, card)
        )
    if role == AiRole.COUNTER or (role == AiRole.PROTECTION and context != 2):
        return False
    if role == AiRole.TRICK:  # after blocks; in main phase 1 a cantrip on a valiant creature
        return context == 2 or (context == 0 and G[H.PHASE] == Phase.MAIN1)
    if context == 4:  # declare attackers, p attacked: removal on an attacker, a flash blocker,
        # a sweeper of attackers (Aetherize)
        return (
            role == AiRole.REMOVAL
            or (cards[card, CardCol.TYPES] & CardType.CREATURE) != 0
            or (
                role == AiRole.SWEEPER
                and cards[card, CardCol.FLAGS] & CardFlag.SWEEPS_ATTACKERS != 0
            )
        )
    if context == 2:  # after blocks: removal, protection that saves a creature in a fight,
        # a draw spell whose spell trigger flips a fight (ai_tricks.spell_flips_fight)
        return role == AiRole.REMOVAL or role == AiRole.PROTECTION or role == AiRole.CARD_DRAW
    creature = (cards[card, CardCol.TYPES] & CardType.CREATURE) != 0
    if context == 3:  # an opponent's end step
        return (
            role == AiRole.CARD_DRAW
            or role == AiRole.REMOVAL
            or role == AiRole.RECURSION
            or role == AiRole.TOKENS
            or creature
        )
    if cards[card, CardCol.FLAGS] & CardFlag.FAST and (
        role == AiRole.CARD_DRAW
        or role == AiRole.TOKENS
        or role == AiRole.RECURSION
        or (
            creature
            and (
                not has_kind(cards, card, AbilityKind.ETB)
                or entry_waits(C, card, G[H.PHASE] == Phase.MAIN2)
            )
        )
    ):
        # waits for the opponent's turn (a flash creature: an ambush block in their declare
        # attackers step, else their end step; cast in main phase 2 it only warned them off
        # an attack, and an enters trigger that shields or taps was wasted: ai_flash.py),
        # unless waiting loses something: see draw_now
        return role == AiRole.CARD_DRAW and draw_now(G, C, card, p)
    # behind on the board with a creature to cast, a draw spell waits (ai_develop.py)
    return role != AiRole.CARD_DRAW or not develop_first(G, C, p, card)


@njit
def after_combat(G, C, p, card):
    """Main phase 1: does this creature spell wait for main phase 2? One whose entering needs
    an opponent to have lost life this turn (an "enters with a +1/+1 counter if", an enters
    trigger "if an opponent lost life this turn": Frilled Sparkshooter, Cindering Cutthroat,
    Flamecache Gecko) while no opponent has lost life yet and p has a creature that can
    attack (combat may meet the condition). Without haste it could not attack this turn
    anyway: main phase 2 loses nothing, and the UR deck cast its Sparkshooters as 3/3s."""
    cards = cards_of(C)
    kinds = cards[card, CardCol.AB_KINDS]
    if (
        (kinds >> AbilityKind.ENTERS_WITH) & 1 == 0 and (kinds >> AbilityKind.ETB) & 1 == 0
    ) or cards[card, CardCol.KEYWORDS] & Keyword.HASTE:
        return False
    abilities = abilities_of(C)
    wants = False
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        kind = abilities[a, AbilCol.KIND]
        if (kind == AbilityKind.ENTERS_WITH or kind == AbilityKind.ETB) and abilities[
            a, AbilCol.COND
        ] == Cond.OPP_LOST_LIFE:
            wants = True
    if not wants:
        return False
    for q in range(G[H.NPLAYERS]):
        if q != p and G[pb(q) + P.LIFE_LOST_TURN] > 0:
            return False
    return has_attacker(cards, G, p)


@njit
def draw_now(G, C, card, p):
    """Main phase: is an instant draw spell better cast now than at the opponent's end step?
    When its additional cost discards a card (Sazacap's Brew) and p holds a card it would
    discard anyway (choices.spare_card: an extra land, a card out of reach): by the end step
    that card may be gone and the spell stranded. Without one, the Brew would cost a card p
    can cast (the two-drop of the turn): it waits for the end step, where the mana is spare.
    Or in main phase 1 when the spell grows a creature of p's that can attack
    (ai_tempo.spell_grows_attacker: prowess, Tempest Angler's counter pay on the attack, not at
    their end step), the discard too only with a spare card. Or as p's second spell this
    turn when that sets off a payoff (ai_value.second_spell_pays: Hearthborn Battler); at
    their end step it would be p's first spell of that turn."""
    cards = cards_of(C)
    if second_spell_pays(G, C, p, card) > 0:
        return True  # p's second spell this turn (its discard costs the same card there)
    if cards[card, CardCol.EXTRA_COST] == ExtraCost.DISCARD_CARD and not spare_card(G, C, p):
        return False
    if cards[card, CardCol.EXTRA_COST] != ExtraCost.NONE:
        return True
    return G[H.PHASE] == Phase.MAIN1 and spell_grows_attacker(G, C, p)


@njit
def first_target(G, C, ab, slots, p):
    """(the first chosen target of ability ab that p does not control, the local index of its
    group); (-1, -1) if none. A bite or a fight (Polliwallop, Longstalk Brawl) targets p's own
    creature first: the removal is judged by the creature it kills, not by p's."""
    targets = targets_of(C)
    tg0 = abilities_of(C)[ab, AbilCol.TG_START]
    s = 0
    for j in range(abilities_of(C)[ab, AbilCol.TG_COUNT]):
        for k in range(targets[tg0 + j, TargCol.MAX]):
            if s + k < MAX_TARGETS and slots[s + k] >= 0:
                v = slots[s + k]
                if v >= PLAYER_BASE or G[ob(v) + O.CTRL] != p:
                    return v, j
        s += targets[tg0 + j, TargCol.MAX]
    return -1, -1


@njit
def _fight(G, C, ab, slots, v, g, promised):
    """A bite or a fight aimed at v, the target of local group g of ability ab (slots from
    choose_targets; promised: the gift's steps counted or not): (the damage p's creature deals
    v, p's creature (-1: no bite or fight aims at v), the damage it takes back in a fight
    (0 for a bite), the toughness its own steps add first). Its power counts the +1/+1
    counters and pumps the spell gives it before the fight (Longstalk Brawl promised)."""
    abilities = abilities_of(C)
    targets = targets_of(C)
    steps = steps_of(C)
    tg0 = abilities[ab, AbilCol.TG_START]
    n_groups = abilities[ab, AbilCol.TG_COUNT]
    src = -1
    sg = -1
    times = 1
    mutual = False
    s0 = abilities[ab, AbilCol.ST_START]
    for k in range(s0, s0 + abilities[ab, AbilCol.ST_COUNT]):
        op = steps[k, StepCol.OP]
        if op == Op.FIGHT and steps[k, StepCol.A] == g:
            sg = steps[k, StepCol.REF]
            mutual = True
        elif op == Op.DAMAGE_BY_POWER and steps[k, StepCol.REF] == g:
            sg = steps[k, StepCol.A]
            times = max(steps[k, StepCol.B], 1)
        else:
            continue
        if 0 <= sg < n_groups:
            s = slot_start(targets, tg0, sg)
            if s < MAX_TARGETS and 0 <= slots[s] < PLAYER_BASE:
                src = slots[s]
        break
    if src < 0:
        return 0, -1, 0, 0
    bp, bt = fighter_boost(C, ab, sg, promised)
    dealt = hits(G, src, v, bp, 0) * times
    back = hits(G, v, src, 0, 0) if mutual else 0
    return dealt, src, back, bt


@njit
def removal_worth(G, C, p, ab, slots, context, promised, last):
    """Is the removal's chosen target (slots from choose_targets) worth the card now (context as in
    ai_cast._mode_useful)? A target that a damage spell does not kill (after blocks: with the combat
    damage it takes) never is. After blocks, a creature in combat that would kill one of p's
    creatures in that fight is (the spell saves it); one that dies there anyway is not (the spell
    would be wasted); any other (an unblocked attacker, one that kills nothing of p's) only spares p
    its damage and meets the bar below like a target outside combat (its damage counts through the
    pressure exception); a bounce there takes a nontoken of mana value BOUNCE_MV or more, a token of
    power 2 or more (small_token: not a 1/1), or one that would kill p's creature, or any when p is
    under pressure (below). An instant bounce of a nontoken is a tempo play: in combat (above), or
    at an opponent's end step by the same bar (mana value BOUNCE_MV or more, any under pressure:
    their next turn goes into recasting it, and it cannot attack in that turn), never at sorcery
    speed. A damage spell that kills only thanks to damage already marked (a creature that survived
    a block) finishes it, and a removal spell that draws a card costs no card: both are worth any
    target. Else a target worth REMOVAL_WORTH, or any target when p is under pressure (the
    opponents' power reaches half p's life), holds two or more removal spells (but not at a
    small_token), or the opponents hold no cards or the game is late (no bigger threat is coming).
    last: the spell can be cast only this turn (an impulse-drawn card,
    ai_impulse.expires_this_turn): no later target or window is coming, any target it removes is
    worth it."""
    cards = cards_of(C)
    steps = steps_of(C)
    abilities = abilities_of(C)
    v, g = first_target(G, C, ab, slots, p)
    if v >= PLAYER_BASE:
        return last or _burn_at_player_worth(G, C, p, ab, slots, v - PLAYER_BASE, g)
    if v < 0 or G[ob(v) + O.ZONE] != Zone.BATTLEFIELD:
        return True  # not a permanent: the ordinary target check decided
    b = ob(v)
    fight = combat_damage_to(G, v) if context == 2 else 0
    # the growth the spell's own cast gives p's creatures in that fight (prowess, Tempest
    # Angler's counter): the attack counted it (ai_attack._prowess), so does the kill
    grow = spell_growth_to(G, C, v, p) if context == 2 else 0
    dealt, fighter, back, bt = _fight(G, C, ab, slots, v, g, promised)
    if fighter >= 0:
        # a bite or a fight kills its target (after blocks: with the combat damage it takes)
        # or is no removal; a fight that also kills p's creature is a trade that costs a
        # card, worth it only for a target worth both
        if not dies(G, v, dealt + fight, 0, 0):
            return False
        if context == 2:  # p's creature in combat: dying there anyway, the spell adds a kill
            in_combat = combat_damage_to(G, fighter)
            back = 0 if dies(G, fighter, in_combat, 0, 0) else back + in_combat
        if dies(G, fighter, back, bt, 0) and threat_std(G, cards, v) < 2 * threat_std(
            G, cards, fighter
        ):
            return False
    bounce = False
    finishes = False
    cantrip = False
    kills_any = False  # destroy, exile or tuck: the spell answers any threat that comes later
    reach = 0  # the damage (or -X/-X) it deals its target: the toughness it kills
    s0 = abilities[ab, AbilCol.ST_START]
    for k in range(s0, s0 + abilities[ab, AbilCol.ST_COUNT]):
        if steps[k, StepCol.OP] == Op.DRAW and steps[k, StepCol.COND] == Cond.ALWAYS:
            cantrip = True
        if steps[k, StepCol.REF] != g:
            continue
        if (
            steps[k, StepCol.OP] == Op.DAMAGE
            and cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE
            and G[b + O.CUR_KW] & Keyword.INDESTRUCTIBLE == 0
        ):
            if G[b + O.CUR_T] - G[b + O.DAMAGE] > steps[k, StepCol.A] + fight + grow:
                return False
            # it kills only with the damage already marked (or its fight's): a creature that
            # survived a block is finished cheaply now, or never
            finishes = G[b + O.CUR_T] > steps[k, StepCol.A]
        op = steps[k, StepCol.OP]
        if op == Op.DAMAGE:
            reach += steps[k, StepCol.A]
        elif op == Op.PUMP and steps[k, StepCol.B] < 0:
            reach -= steps[k, StepCol.B]
        elif op == Op.DESTROY or op == Op.EXILE or op == Op.EXILE_UNTIL_LEAVES or op == Op.TUCK:
            # a tuck answers any creature too: its owner redraws it at best, a draw lost
            kills_any = True
        if op == Op.BOUNCE:
            bounce = True
    # in combat with p: attacking p, or blocking p's attacker (in a pod a fight between two
    # other players is no combat of p's: the spell waits, as outside combat, and the rival
    # takes the damage; two-player games always pass)
    blocked = G[b + O.BLOCKING]
    in_fight = G[b + O.ATTACKING] == p + 1 or (blocked > 0 and G[ob(blocked - 1) + O.CTRL] == p)
    if context == 2 and in_fight:
        if (
            bounce
            and G[b + O.TOKEN] == 0
            and cards[G[b + O.CARD], CardCol.MV] < BOUNCE_MV
            and not kills_in_fight(G, v, p)
            and 2 * _opp_power(G, cards, p) < G[pb(p) + P.LIFE]
        ):
            return False  # its owner recasts it next turn: a card for a point or two of damage
        if bounce and small_token(G, b) and not kills_in_fight(G, v, p):
            # a card for an attacking 1/1 token (a gifted Fish): only under pressure
            return 2 * _opp_power(G, cards, p) >= G[pb(p) + P.LIFE]
        if bounce or kills_in_fight(G, v, p):
            return not dies(G, v, fight, 0, 0) or kills_in_fight(G, v, p)
        if dies(G, v, fight, 0, 0):
            return False  # it dies in that fight anyway: the spell would be wasted
        # a creature that kills nothing of p's in this fight (an unblocked attacker, one that
        # bounces off a blocker): the spell only spares p its damage, a reason only under
        # pressure; else it meets the bar like any other target (below)
    if context == 0 and opens_lethal(G, cards, p, v):
        return True  # the blocker in front of a lethal attack: the game ends this turn
    if finishes or (cantrip and not bounce):
        return True  # a cantrip costs no card: any creature it kills is worth it
    if (
        bounce
        and G[b + O.TOKEN] == 0
        and cards[abilities[ab, AbilCol.CARD], CardCol.FLAGS] & CardFlag.FAST
    ):
        # (the end step's bar was mana value 4: the UB deck held its two bounces through most
        # of the opponents' turns)
        # (or now as p's second spell when that sets off a payoff: Hearthborn Battler)
        return (
            last
            or second_spell_pays(G, C, p, abilities[ab, AbilCol.CARD]) > 0
            or (
                context == 3
                and (
                    cards[G[b + O.CARD], CardCol.MV] >= BOUNCE_MV
                    or 2 * _opp_power(G, cards, p) >= G[pb(p) + P.LIFE]
                )
            )
        )
    opp_hand = 0
    for q in range(G[H.NPLAYERS]):
        if q != p and G[pb(q) + P.LOST] == 0:
            opp_hand += G[pb(q) + P.HAND_N]
    # the spell's own triggers on p's board (prowess, the Otters, a bite's valiant) count
    if fighter >= 0:
        reach = dealt
    if threat_std(G, cards, v) + cast_bonus(
        G, C, p, abilities[ab, AbilCol.CARD], slots
    ) >= removal_bar(G, kills_any, reach, opp_hand):
        return True
    if last or opp_hand == 0 or 2 * _opp_power(G, cards, p) >= G[pb(p) + P.LIFE] or late_game(G):
        return True
    n_removal = 0
    for i in range(G[pb(p) + P.HAND_N]):
        if cards[G[ob(hand_at(G, p, i)) + O.CARD], CardCol.AI_ROLE] == AiRole.REMOVAL:
            n_removal += 1
    # two or more in hand: any target but a 1/1 token (4 mana of Dire Downdraft went on the
    # tapped Fish a Flood Maw's promise gave: the gift's price read dearer than it is)
    return n_removal >= 2 and not small_token(G, b)


@njit
def small_token(G, b):
    """A token of power 1 or less (a gifted Fish, a Rabbit, a Food): no card's worth."""
    return G[b + O.TOKEN] != 0 and G[b + O.CUR_P] <= 1


@njit
def _burn_at_player_worth(G, C, p, ab, slots, q, g):
    """A removal spell that can hit any target (Playful Shove) aimed at opponent q because no
    creature of theirs is worth it: a point of damage to a player is not worth a card (held,
    it kills the X/1 that comes), unless it is lethal, the spell sets off p's payoffs
    (prowess, the Otters: the damage rides on the triggers), or the game is late (no
    creature worth waiting for)."""
    abilities = abilities_of(C)
    dmg = op_sum(C, ab, Op.DAMAGE, g)
    if dmg == 0 or q == p:
        return True  # not burn at an opponent: the ordinary target check decided
    return (
        dmg >= G[pb(q) + P.LIFE]
        or cast_bonus(G, C, p, abilities[ab, AbilCol.CARD], slots) > 0
        or late_game(G)
    )


@njit
def _opp_power(G, cards, p):
    """The total power of the creatures p's opponents control."""
    opp_power = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.CTRL] != p and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE:
            opp_power += max(G[ob(o) + O.CUR_P], 0)
    return opp_power


@njit
def removal_bar(G, kills_any, reach, opp_hand):
    """The least threat a removal spell's target must be worth now (issue 14 item 3), from
    what the opponents may still show, not from their hidden cards: a spell that kills any
    creature (kills_any) keeps for a bigger threat while they hold cards and the game is not
    late (REMOVAL_WORTH + FUTURE_THREAT per card, up to FUTURE_CARDS); a damage spell (reach:
    its damage) only waits for a creature it could still kill (REACH_WORTH per point)."""
    if kills_any:
        if late_game(G):
            return REMOVAL_WORTH
        return REMOVAL_WORTH + FUTURE_THREAT * min(opp_hand, FUTURE_CARDS)
    if reach > 0:
        return min(REMOVAL_WORTH, REACH_WORTH * reach)
    return REMOVAL_WORTH


@njit
def mana_to_keep(G, C, p, lands):
    """(mana to keep up in p's main phase: the kept card's cost now, cost_now; what keeping it
    up is worth, the kept card's AiRole, its colored symbols as ai_value.cost_colors packs
    them), among the fast cards whose colors p's untapped lands make (colors_up): a
    counterspell while an opponent holds cards (its value, plus 10 per card they hold up to
    two unless p is under pressure: the opponents' creatures outpower p's, so p develops its
    board first); in main phase 1, a trick when p has an attacker for it (its value); an
    instant removal while an opponent has a creature with power (its value): cast on their
    attacker, after blocks or at their end step, when they are tapped out (ai._main_standard).
    (0, 0, 0, 0): nothing to keep."""
    cards = cards_of(C)
    if not _may_keep(G, C, p, lands):
        return 0, 0, 0, 0  # (most main phases: no fast card in hand that could be kept up)
    keep = 0
    worth = 0
    kept_role = 0
    kept_colors = 0
    opp_hand = 0
    for q in range(G[H.NPLAYERS]):
        if q != p and G[pb(q) + P.LOST] == 0:
            opp_hand += G[pb(q) + P.HAND_N]
    attacker = False
    my_power = 0
    opp_power = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE == 0:
            continue
        if G[ob(o) + O.CTRL] != p:
            opp_power += max(G[ob(o) + O.CUR_P], 0)
            continue
        my_power += max(G[ob(o) + O.CUR_P], 0)
        if G[H.PHASE] == Phase.MAIN1 and G[ob(o) + O.TAPPED] == 0 and G[ob(o) + O.CUR_P] > 0:
            attacker = True
    pressed = opp_power > my_power
    opp_creature = opp_power > 0
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        role = cards[card, CardCol.AI_ROLE]
        mv = cost_now(G, C, p, card)  # (Polliwallop with two Frogs: two, kept with three lands)
        if (
            mv > lands
            or (cards[card, CardCol.FLAGS] & CardFlag.FAST) == 0
            or not colors_up(G, cards, p, card)
        ):
            continue
        if (
            (role == AiRole.COUNTER and opp_hand > 0)
            or (role == AiRole.TRICK and attacker)
            or (role == AiRole.REMOVAL and opp_creature)
        ):
            if keep == 0 or mv < keep:
                keep = mv
                worth = cards[card, CardCol.VALUE]
                kept_role = role
                kept_colors = cost_colors(cards, card)
                if role == AiRole.COUNTER and not pressed:  # it answers their next spell,
                    worth += 10 * min(opp_hand, 2)  # the better the more cards they hold
    return keep, worth, kept_role, kept_colors


@njit
def _may_keep(G, C, p, lands):
    """Does p hold a fast card mana_to_keep could keep up (its cost now, role and speed; not
    yet its colors or the board)? Without one its answer is (0, 0), the board unread."""
    cards = cards_of(C)
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        role = cards[card, CardCol.AI_ROLE]
        if (
            cards[card, CardCol.FLAGS] & CardFlag.FAST
            and (role == AiRole.COUNTER or role == AiRole.TRICK or role == AiRole.REMOVAL)
            and cost_now(G, C, p, card) <= lands
        ):
            return True
    return False


@njit
def colors_up(G, cards, p, card):
    """Do p's untapped lands make each color the card's cost needs, as often as it needs it
    (Long River's Pull kept up on two Mountains is no counterspell)? Hybrid symbols are not
    counted (either color pays them)."""
    needed = 0  # the colors the cost has
    for c in range(5):
        if cards[card, CardCol.COST_W + c] > 0:
            needed |= 1 << c
    if needed == 0:
        return True
    have = 0  # 12 bits per color: one pass over the lands counts every color
    for i in range(own_n(G, p)):
        b = ob(own_at(G, p, i))
        colors = cards[G[b + O.CARD], CardCol.LAND_COLORS] & needed
        if colors and G[b + O.TAPPED] == 0:
            for c in range(5):
                if (colors >> c) & 1:
                    have += 1 << (12 * c)
    for c in range(5):
        if (have >> (12 * c)) & 4095 < cards[card, CardCol.COST_W + c]:
            return False
    return True


@njit
def late_game(G):
    """Past each player's eighth turn: no bigger threat worth waiting for."""
    return G[H.TURN] > 8 * G[H.NPLAYERS]

"""Effect programs (DESIGN section 4): ability kinds, conditions, target kinds and filters, refs
and the steps' parameters (re-exported by enums.py; the ops themselves are enums_ops.py).

A card has abilities; an ability has target groups and a list of steps; each step is (op,
cond, ref, a, b, c). See analyzer/cards/FORMAT.md. Values change the rules engine as enums.py
says.
"""

from __future__ import annotations

from typing import NamedTuple


class _AbilityKind(NamedTuple):
    SPELL: int = 0  # what an instant/sorcery does on resolution; for an Aura, its enchant target
    ETB: int = 1  # "When this enters"
    DIES: int = 2  # "When this dies"
    ATTACKS: int = 3  # "Whenever this attacks"
    END_STEP: int = 4  # "At the beginning of [each|your] end step" (a: 0 each, 1 yours)
    GIFT_GIVEN: int = 5  # "Whenever you give a gift" (702.174c)
    ACTIVATED: int = 6  # cost in the ability record; a=1 sorcery speed
    STATIC: int = 7  # continuous effect, read by the characteristics refresh, never on the stack
    UPKEEP: int = 8  # "At the beginning of your upkeep" (TRIG_PARAM 0); 1: "of each opponent's
    # upkeep"; 2: "At the beginning of your draw step" (after the draw)
    COMBAT_DAMAGE_PLAYER: int = 9  # "Whenever this deals combat damage to a player"
    OTHER_CREATURE_ENTERS: int = 10  # "Whenever another creature you control enters"
    SECOND_SPELL: int = 11  # "Whenever you cast your second spell each turn"
    LIFE_GAIN: int = 12  # "Whenever you gain life"
    GIFT: int = 13  # the gift trigger of a permanent (702.174b); added by the loader, not data
    # Bloomburrow mechanics (issue 5). Kept general: none names a card.
    NONCREATURE_SPELL: int = 14  # "Whenever you cast a noncreature spell" (prowess compiles to it);
    # with SPELL_GENERAL in TRIG_PARAM, the data's `spell_cast` kind (issue 21): "Whenever you /
    # an opponent / a player cast(s) a [creature, instant or sorcery, noncreature] spell"
    # (written before AB_KINDS_HI made room for kinds from 31 on; it could move to its own kind)
    EXPEND: int = 15  # "Whenever you expend N" (TRIG_PARAM: N)
    VALIANT: int = 16  # "Whenever this becomes the target of a spell or ability you control for
    # the first time each turn"
    OFFSPRING: int = 17  # "Offspring {cost}" (702.175): its cost columns are the optional
    # additional cost; when it was paid, its steps run as an enters trigger
    LIFE_CHANGE: int = 18  # "Whenever you gain or lose life"
    LANDFALL: int = 19  # "Whenever a land you control enters"
    SACRIFICED: int = 20  # "When you sacrifice this"
    ENTERS_WITH: int = 21  # "enters with N +1/+1 counters [if ...]" (614.1c replacement: no stack)
    COST_REDUCTION: int = 22  # "This spell costs {1} less to cast if you control a [subtype]" /
    # "... for each [subtype] you control" (601.2f; TRIG_PARAM: subtype mask | COST_FOR_EACH)
    MODE: int = 23  # one mode of a modal spell or trigger ("Choose one —", 700.2): its own
    # targets and steps; the rows follow their ability's row (AbilCol.MODES). Never triggers
    BEGIN_COMBAT: int = 24  # "At the beginning of combat on your turn" (507.1)
    FORAGED: int = 25  # "Whenever you forage"
    FLASHBACK: int = 26  # "Flashback {cost}" (702.34): its cost columns are the flashback cost;
    # the card may be cast from its owner's graveyard for it, then is exiled
    SPELLS_COST_LESS: int = 27  # never a row: the CardCol.AB_KINDS bit of a card with a static
    # static_spells_cost_less step, so cost computations look for reducers only once one entered
    # Class enchantments (716): "When this Class becomes level N" (AbilCol.LEVEL: N); the
    # level-up itself is an ACTIVATED row whose step is LEVEL_UP
    LEVEL_REACHED: int = 28
    YOU_ATTACK: int = 29  # "Whenever you attack" (508.1m: you attacked with one or more creatures)
    CREATURE_COMBAT_DAMAGE: int = 30  # "Whenever a creature you control deals combat damage to
    # a player" (TRIGGER_OBJECT: that creature)
    # Kinds from 31 on have their bit in CardCol.AB_KINDS_HI (bit kind - 31), not AB_KINDS
    LEAVES_WITHOUT_DYING: int = 31  # "Whenever this or another creature you control leaves the
    # battlefield without dying" (TRIGGER_OBJECT: that creature; CardCol.LEAVES_AB)
    P1P1_COUNTERS_PUT: int = 32  # "Whenever you put one or more +1/+1 counters on a creature
    # you control" (TRIGGER_OBJECT: that creature)
    # issue 20: kinds 37-43
    CREATURE_ATTACKS: int = 37  # "Whenever a creature you control [with a +1/+1 counter on it]
    # attacks" (TRIGGER_OBJECT: the attacker; TRIG_PARAM: Subtype mask; TRIG_FILTER_WITH_P1P1)
    DAMAGE_PLUS: int = 38  # never a row: the CardCol.AB_KINDS_HI bit of a card with a static
    # static_damage_plus step (deal_damage looks for them only once one entered)
    NO_LIFE_GAIN: int = 39  # never a row: the bit of a card with static_no_life_gain
    EXTRA_LAND: int = 40  # never a row: the bit of a card with static_extra_land
    OTHERS_ENTER_P1P1: int = 41  # never a row: the bit of a card with static_others_enter_p1p1
    # (events._enters_with looks for them only once such a card entered)
    DELAYED_SPELL_CAST: int = 42  # the body of the delayed trigger spell_cast_until_next_turn
    # creates ("until the end of your next turn, whenever you cast a spell, ..."): its targets
    # and steps; never triggers by itself
    FIRST_SPELL_CAST: int = 43  # "Whenever you cast a spell, if it's the first instant spell,
    # the first sorcery spell, or the first Otter spell other than [this] you've cast this
    # turn" (TRIG_PARAM: the CardType mask; COND_SUBTYPES: the Subtype mask; events_turn)
    # issue 21: kinds 44-50
    CREATURE_DIES: int = 44  # "Whenever a creature you control / an opponent controls / another
    # creature dies" (TRIG_PARAM: DIES_* bits; TRIGGER_OBJECT: that creature, as it last existed)
    GRANT_OFFSPRING: int = 45  # "Creature spells you cast gain offspring {cost} as you cast
    # them": its cost columns are the granted offspring cost, its steps the offspring trigger's
    # (run with the creature as the source; O.OFFSPRING >> 1 is this row + 1 once it was paid)
    # the Squirreled Away precon (issue 21): kinds 46-50
    TOKEN_LEAVES: int = 46  # "Whenever a token you control leaves the battlefield" (any zone;
    # state.move_object through CardCol.TOKEN_LEAVES_AB; TRIGGER_OBJECT: the token)
    CYCLED: int = 47  # "When you cycle this card" (702.29c: triggers as the cycling ability is
    # activated, from the graveyard the card was discarded to; stack.activate_with_targets)
    STORM: int = 48  # storm (702.40a): "When you cast this spell, copy it for each spell cast
    # before it this turn" (the count is the trigger's amount, XCount.THAT_MANY)
    LAST_TIME_COUNTER: int = 49  # vanishing's "When the last is removed, sacrifice it"
    # (702.63a: its own trigger, queued by remove_counter_sacrifice_last)
    REFLEXIVE: int = 50  # "When you do, ..." (603.12: a reflexive trigger): queued by the op
    # `reflexive` after an optional action was taken, or by ExtraCost.SAC_CREATURES_COPY ("copy
    # this spell for each creature sacrificed this way": its amount, XCount.THAT_MANY)
    # issue 21: kinds 51-55
    DEALT_DAMAGE: int = 51  # "Whenever this creature is dealt damage" (the damage dealt to it
    # at once is the trigger's amount, XCount.THAT_MANY: "draw that many cards")
    OPPONENT_ATTACKS: int = 52  # "Whenever an opponent attacks with creatures" (as the attackers
    # are declared, 508.1m; every other player's permanents)
    # issue 20: kinds 56-58
    TARGETED_BY_OPPONENT: int = 57  # "Whenever a creature you control becomes the target of a
    # spell or ability an opponent controls" (TRIGGER_OBJECT: that creature)
    YOU_SACRIFICE: int = 56  # "Whenever you sacrifice a permanent" / "one or more Foods"
    # (TRIG_PARAM: a Subtype mask the permanent has, 0 = any, | TRIGGER_BATCH; TRIGGER_OBJECT:
    # the permanent, as it last existed)
    # marker kinds 58-61 of the global statics, rules/statics_global.py (never a row: the bit of
    # a card with that static)
    OPP_DIES_EXILE: int = 58  # static_opp_dies_exile (sba._dies looks only once one entered)
    NONCREATURE_FLASH: int = 59  # static_noncreature_flash (the player's timing test)
    OPP_BASE_TOUGHNESS: int = 60  # static_opp_base_toughness (chars' layer 7b pass)
    OTHERS_PROWESS: int = 61  # static_others_prowess (stack.spell_cast's granted prowess)
    # issue 20: kinds 62-69
    FOOD_TO_GRAVEYARD: int = 62  # "Whenever a Food is put into a graveyard from the
    # battlefield" (any player's; TRIGGER_OBJECT: that Food, as it last existed). Kinds from 62
    # on have their bit in CardCol.AB_KINDS_HI2 (bit kind - 62); CardFlag.FOOD_TRIGGER, from
    # before that word, also marks this one
    GRANT_CREATURE_MANA: int = 63  # never a row: the bit of a card with
    # static_grant_creature_mana (rules/mana.collect_sources looks only once one entered)
    DOUBLE_COUNTERS: int = 64  # never a row: the bit of a card with static_double_counters
    # (statics_global.counters_put looks only once one entered)
    MANA_SPENT_COMMANDER_TYPE: int = 65  # "When that mana is spent to cast a creature spell
    # that shares a creature type with your commander" (Path of Ancestry; CardFlag
    # TRIBE_SCRY_MANA: mana.pay_spell queues it as it pays with the source)
    EACH_COMBAT: int = 66  # "At the beginning of each combat" (every player's turn: fired for
    # each player's permanents, APNAP, as the beginning of combat step begins)
    ATTACKING_HAVE: int = 67  # never a row: the bit of a card with static_attacking_have
    # (engine.step refreshes the characteristics as attackers are declared and combat ends)
    # issue 21: kinds 73-92
    YOU_DRAW: int = 73  # "Whenever you draw a card" (once per card drawn, 121.2)


AbilityKind = _AbilityKind()
# the first AbilityKind whose bit is in CardCol.AB_KINDS_HI (bit kind - KINDS_HI): AB_KINDS is
# int32 and its bit 31 the sign (kernel rules/catalog.has_kind reads the right word)
KINDS_HI = 31
# the first AbilityKind whose bit is in CardCol.AB_KINDS_HI2 (bit kind - KINDS_HI2), up to 92
KINDS_HI2 = 62


class _Cond(NamedTuple):
    ALWAYS: int = 0
    IF_PROMISED: int = 1  # 702.174k: keyed to the declaration, not to the delivery
    IF_NOT_PROMISED: int = 2
    # Game-state conditions (an intervening "if" of a trigger, 603.4, or a step's "if"/"unless"):
    THRESHOLD: int = 3  # seven or more cards are in your graveyard
    NOT_THRESHOLD: int = 4
    LIFE_CHANGED: int = 5  # you gained or lost life this turn
    OPP_LOST_LIFE: int = 6  # an opponent lost life this turn
    YOUR_TURN: int = 7
    CONTROL_TOKEN: int = 8  # you control a token
    DONE: int = 9  # "if you do": the previous step did it (forage, a "may" discard)
    CAST_FROM_GRAVEYARD: int = 10  # spells: "if this spell was cast from a graveyard"
    NOT_CAST_FROM_HAND: int = 11  # spells: "if this spell was cast from anywhere other than
    # your hand"
    CONTROL_POWER_4: int = 12  # you control a creature with power 4 or greater
    NOT_YOUR_TURN: int = 13
    ACTIVE_HAND_AT_MOST_1: int = 15  # "that player" (the active player: an upkeep trigger of
    # an opponent's upkeep) has one or fewer cards in hand
    IS_TOKEN: int = 14  # steps: act only on the objects of the ref that are tokens ("if that
    # creature is a token, it also ...")
    ANOTHER_CREATURE_ENTERED: int = 64  # another creature entered the battlefield under your
    # control this turn (P.CREATURES_ENTERED_TURN; "another": not the source, H.TARGET_SRC)
    SECOND_RESOLUTION: int = 65  # steps: "if this is the second time this ability has resolved
    # this turn" (O.RESOLVED_TURN / O.RESOLVED_N count the resolutions that reach the step)
    SUBTYPE_ENTERED: int = 66  # activated: "Activate only if a Bird, Frog, Otter, or Rat entered
    # the battlefield under your control this turn" (P.SUBTYPES_ENTERED_TURN against the
    # ability's AbilCol.COND_SUBTYPES)
    GY_LEFT_OR_FOOD: int = 67  # three or more cards left your graveyard this turn or you
    # sacrificed a Food this turn (P.GY_LEFT_TURN, P.FOOD_SACRIFICED_TURN)
    # "if an opponent controls more lands / has more life / controls more creatures / has more
    # cards in hand than you" (Beza, the Bounding Spring)
    OPP_MORE_LANDS: int = 68
    OPP_MORE_LIFE: int = 69
    OPP_MORE_CREATURES: int = 70
    OPP_MORE_CARDS: int = 71
    GAINED_LIFE: int = 72  # you gained life this turn (P.LIFE_GAINED_TURN)
    GAINED_AND_LOST_LIFE: int = 73  # you gained and lost life this turn
    SOURCE_POWER_3: int = 74  # the source's power is 3 or greater ("Activate only if Kitsa's
    # power is 3 or greater"; the source is H.TARGET_SRC)
    # issue 20: conditions 91-110
    TOTAL_POWER_10: int = 91  # creatures you control have total power 10 or greater
    # issue 20: conditions 98-106
    CONTROL_4_LANDS: int = 98  # you control four or more lands
    LOST_LIFE: int = 99  # you lost life this turn (P.LIFE_LOST_TURN)
    CONTROL_10_LANDS: int = 100  # you control ten or more lands
    HAND_EXACTLY_13: int = 121  # you have exactly thirteen cards in your hand (issue 21)
    COUNTERS_OR_HAND_20: int = 122  # steps: there are twenty or more counters on the source
    # (+1/+1, stun and its own kinds, O.STASH) or you have twenty or more cards in hand
    ATTACKED_TURN: int = 123  # you attacked this turn (P.ATTACKERS_TURN)
    NOT_ATTACKED_TURN: int = 124  # "unless you attacked this turn"
    ACTIVE_HAND_EMPTY: int = 125  # "that player" (the active player) has no cards in hand
    ATTACKING_YOU_2: int = 126  # two or more creatures are attacking you
    # the Squirreled Away precon (issue 21): 127-135
    SOURCE_QUEST_7: int = 127  # "as long as this has seven or more quest counters on it"
    # (the source's O.STASH; chars reads the static's own source)
    CREATED_TOKEN_TURN: int = 128  # "if you created a token this turn" (P.TOKENS_CREATED_TURN)
    SOURCE_UNATTACHED: int = 129  # the source Equipment is attached to nothing (the built-in
    # player's "you may attach this Equipment": it moves one that is not on a creature)
    CITY_BLESSING: int = 130  # you have the city's blessing (P.CITY_BLESSING, 702.131)
    GREATEST_POWER_TIED: int = 131  # you control the creature with the greatest power or one
    # tied for it (among all creatures on the battlefield)
    X_PAID_5: int = 120  # ravenous (issue 21, numbered apart): "If X is 5 or more" (the source's
    # O.X_PAID)
    # Lands that enter tapped unless ... (issue 21; the basic land types, a WUBRG mask, in the
    # ability's AbilCol.COND_SUBTYPES):
    NOT_CONTROL_LAND_TYPES: int = 75  # you control no land with one of the basic land types
    # ("enters tapped unless you control a Plains or an Island": check lands)
    NO_LAND_TYPES_IN_HAND: int = 76  # no card in your hand has one of the basic land types
    # ("you may reveal a Swamp or Forest card from your hand. If you don't, ...": the built-in
    # player always reveals one it has)
    FEWER_THAN_TWO_BASIC_LANDS: int = 77  # "unless you control two or more basic lands"
    THREE_OTHER_LANDS: int = 78  # you control three or more lands other than the source
    # ("enters tapped unless you control two or fewer other lands")
    # CONTROL_SUBTYPE + i: you control a permanent with Subtype bit 1 << i ("if you control a
    # Rabbit"); NOT_CONTROL_SUBTYPE + i: you don't. Names "control_rabbit", "not_control_bird"
    # (COND_NAMES, below Subtype)


Cond = _Cond()
COND_NAMES = {
    "always": Cond.ALWAYS,
    "promised": Cond.IF_PROMISED,
    "not_promised": Cond.IF_NOT_PROMISED,
    "threshold": Cond.THRESHOLD,
    "not_threshold": Cond.NOT_THRESHOLD,
    "life_changed": Cond.LIFE_CHANGED,
    "opp_lost_life": Cond.OPP_LOST_LIFE,
    "your_turn": Cond.YOUR_TURN,
    "control_token": Cond.CONTROL_TOKEN,
    "done": Cond.DONE,
    "cast_from_graveyard": Cond.CAST_FROM_GRAVEYARD,
    "not_cast_from_hand": Cond.NOT_CAST_FROM_HAND,
    "control_power_4": Cond.CONTROL_POWER_4,
    "not_your_turn": Cond.NOT_YOUR_TURN,
    "is_token": Cond.IS_TOKEN,
    "active_hand_at_most_1": Cond.ACTIVE_HAND_AT_MOST_1,
    "another_creature_entered": Cond.ANOTHER_CREATURE_ENTERED,
    "second_resolution": Cond.SECOND_RESOLUTION,
    "subtype_entered": Cond.SUBTYPE_ENTERED,
    "cards_left_graveyard_or_food_sacrificed": Cond.GY_LEFT_OR_FOOD,
    "opp_more_lands": Cond.OPP_MORE_LANDS,
    "opp_more_life": Cond.OPP_MORE_LIFE,
    "opp_more_creatures": Cond.OPP_MORE_CREATURES,
    "opp_more_cards": Cond.OPP_MORE_CARDS,
    "gained_life": Cond.GAINED_LIFE,
    "gained_and_lost_life": Cond.GAINED_AND_LOST_LIFE,
    "source_power_3": Cond.SOURCE_POWER_3,
    "not_control_land_types": Cond.NOT_CONTROL_LAND_TYPES,
    "no_land_types_in_hand": Cond.NO_LAND_TYPES_IN_HAND,
    "fewer_than_two_basic_lands": Cond.FEWER_THAN_TWO_BASIC_LANDS,
    "three_other_lands": Cond.THREE_OTHER_LANDS,
    "total_power_10": Cond.TOTAL_POWER_10,
    "control_4_lands": Cond.CONTROL_4_LANDS,
    "lost_life": Cond.LOST_LIFE,
    "control_10_lands": Cond.CONTROL_10_LANDS,
    "x_paid_5": Cond.X_PAID_5,
    "hand_exactly_13": Cond.HAND_EXACTLY_13,
    "counters_or_hand_20": Cond.COUNTERS_OR_HAND_20,
    "attacked_turn": Cond.ATTACKED_TURN,
    "not_attacked_turn": Cond.NOT_ATTACKED_TURN,
    "active_hand_empty": Cond.ACTIVE_HAND_EMPTY,
    "attacking_you_2": Cond.ATTACKING_YOU_2,
    "quest_counters_7": Cond.SOURCE_QUEST_7,
    "created_token_turn": Cond.CREATED_TOKEN_TURN,
    "source_unattached": Cond.SOURCE_UNATTACHED,
    "city_blessing": Cond.CITY_BLESSING,
    "greatest_power_tied": Cond.GREATEST_POWER_TIED,
}
# the conditions that read the basic land types of the ability's `land_types`
LAND_TYPE_CONDS = (Cond.NOT_CONTROL_LAND_TYPES, Cond.NO_LAND_TYPES_IN_HAND)
CAST_FROM_CONDS = (Cond.CAST_FROM_GRAVEYARD, Cond.NOT_CAST_FROM_HAND)
# StepCol.C of static_anthem: "creatures of the chosen type" (the source's O.CHOSEN_SUBTYPE)
SUBTYPE_CHOSEN = -1
COND_CONTROL_SUBTYPE = 16
COND_NOT_CONTROL_SUBTYPE = 32
N_COND_SUBTYPES = 16  # the Subtype bits with control_<subtype> conditions (16 codes each)
# AbilCol.COST_SAC_SELF of "Sacrifice a Goblin" (issue 21): SAC_SUBTYPE | the Subtype mask <<
# SAC_SUBTYPE_SHIFT (kernel rules/activation.py has the other kinds, 1-7)
SAC_SUBTYPE = 8
SAC_SUBTYPE_SHIFT = 8
SAC_EXILE_SELF = 9  # "Exile this creature" as an activated ability's cost (Hanged Executioner)
# AbilCol.TRIG_PARAM of other_creature_enters: the entering creature's Subtype mask (0 = any),
# plus this bit for "another nontoken ..."
TRIGGER_NONTOKEN = 1 << 20
TRIGGER_FLYING = 1 << 21  # "another creature you control with flying"
TRIGGER_ANY_PERMANENT = 1 << 22  # "another Squirrel or Food you control": any permanent with
# one of the subtypes, not only a creature
TRIGGER_BATCH = 1 << 25  # "one or more other [Rabbits, ...] enter": one trigger for the
# creatures that enter before the next priority
TRIGGER_TOKEN = 1 << 24  # "one or more tokens you control enter": any token permanent
# AbilCol.TRIG_PARAM of noncreature_spell: "whenever you cast an instant or sorcery spell"
TRIGGER_INSTANT_SORCERY = 1 << 26
# AbilCol.TRIG_FILTER of a trigger row (its own bits, from 0)
TRIG_FILTER_WITH_P1P1 = 1 << 0  # creature_attacks: "a creature you control with a +1/+1 counter"
TRIG_FILTER_TOUGHER = 1 << 1  # other_creature_enters: "with toughness greater than its power"
# other_creature_enters: "a creature you control with power N or greater enters" (issue 21);
# N is TRIG_FILTER >> TRIG_FILTER_POWER_SHIFT, checked as the trigger goes on the stack
TRIG_FILTER_POWER_AT_LEAST = 1 << 2
TRIG_FILTER_POWER_SHIFT = 8
# spell_cast: "a creature spell with mana value N or greater" (Helga; on the stack, X counts,
# 202.3b); N is (TRIG_FILTER >> TRIG_FILTER_MV_SHIFT) & 255
TRIG_FILTER_MV_AT_LEAST = 1 << 5
# you_attack: "Whenever you attack with two or more creatures" (issue 21); N is
# (TRIG_FILTER >> TRIG_FILTER_POWER_SHIFT) & 255, the creatures attacking as it triggers
TRIG_FILTER_ATTACKERS_AT_LEAST = 1 << 6
TRIG_FILTER_MV_SHIFT = 16
# other_creature_enters: evolve (702.100a), "if that creature has greater power or toughness than
# this creature": compared as the trigger goes on the stack and again as it resolves (603.4)
TRIG_FILTER_EVOLVE = 1 << 24
# spell_cast: "a noncreature spell with mana value less than this creature's power" (Pollywog
# Prodigy): the spell's mana value against the source's power as the spell is cast
TRIG_FILTER_MV_BELOW_POWER = 1 << 25
TRIGGER_NONCREATURE_NONLAND = 1 << 23  # "one or more noncreature, nonland permanents you
# control enter": any noncreature nonland permanent, one trigger for the entries between two
# priorities
# AbilCol.TRIG_PARAM of cost_reduction: its Subtype mask, plus this bit for "for each"
COST_FOR_EACH = 1 << 20
# ... plus this bit for "costs {1} less if it targets an attacking or tapped creature" (no
# subtypes: read from the spell's targets as its cost is paid, 601.2f)
COST_IF_TARGETS_IN_COMBAT_OR_TAPPED = 1 << 21
# ... or this bit for "for each [card type] card you own in your graveyard" (CardType mask in
# the low bits), with COST_AND_EXILE for "in exile and in your graveyard"
COST_GRAVEYARD_CARDS = 1 << 22
COST_AND_EXILE = 1 << 23
# ... or "for each creature on the battlefield" (Blasphemous Act), or "{X} less, where X is the
# total power of creatures you control" (Ghalta); no subtypes
COST_ALL_CREATURES = 1 << 29
COST_TOTAL_POWER = 1 << 28
# ... or "for each creature that attacked this turn" (Rowdy Research; P.ATTACKERS_TURN)
COST_ATTACKED_TURN = 1 << 27
PROMISE_CONDS = (Cond.ALWAYS, Cond.IF_PROMISED, Cond.IF_NOT_PROMISED)
# AbilCol.TRIG_PARAM of a NONCREATURE_SPELL row written as `spell_cast`: SPELL_GENERAL, the
# spell's CardType mask (any of; 0 = any spell) in the low bits, who casts it (neither bit: you)
# and "noncreature"
SPELL_BY_OPPONENT = 1 << 27  # "Whenever an opponent casts ..."
SPELL_BY_ANY = 1 << 28  # "Whenever a player casts ..."
SPELL_NONCREATURE = 1 << 29  # "... a noncreature spell"
SPELL_GENERAL = 1 << 30  # the row is a `spell_cast` ability (not "a noncreature or Otter spell")
# AbilCol.TRIG_PARAM of creature_dies: whose creature (neither bit: one you control), "another"
# (not the source) and "nontoken"
DIES_BY_OPPONENT = 1  # "a creature an opponent controls dies"
DIES_BY_ANY = 2  # "a creature dies" / "another creature dies" (whoever controls it)
DIES_OTHER = 4  # "another creature": not the source itself
DIES_NONTOKEN = 8  # "another nontoken creature"
DIES_ATTACHED = 16  # "Whenever equipped creature dies": the creature the source is attached to
DIES_FLYING = 32  # "another creature you control with flying" (as it last existed)
DIES_WITHOUT_FLYING = 64  # "a creature you control without flying" (as it last existed)


class _TargetKind(NamedTuple):
    NONE: int = 0
    PERMANENT: int = 1  # a permanent on the battlefield (types narrow it)
    PLAYER: int = 2
    OPPONENT: int = 3
    SPELL: int = 4  # a spell on the stack (types narrow it: CREATURE = creature spell)
    CARD_IN_YOUR_GRAVEYARD: int = 5
    ANY: int = 6  # creature, player or planeswalker ("any target")
    CARD_IN_A_GRAVEYARD: int = 7  # a card in any player's graveyard ("target card from a
    # graveyard")


TargetKind = _TargetKind()


class _TargetFilter(NamedTuple):
    YOU_CONTROL: int = 1
    OPP_CONTROLS: int = 2
    NONTOKEN: int = 4
    TOKEN: int = 8
    NONLAND: int = 16
    ENTERED_THIS_TURN: int = 32
    MV_AT_MOST: int = 64  # mana value <= the group's param
    NOT_YOU: int = 128  # "you don't control" for permanents is OPP_CONTROLS in 2 player;
    # NOT_YOU is the exact multiplayer-safe form ("creature you don't control")
    NONCREATURE: int = 256
    OTHER: int = 512  # not the source of the ability ("another target creature")
    WITHOUT_FLYING: int = 1024  # "creature ... without flying"
    IN_COMBAT_OR_TAPPED: int = 2048  # "attacking, blocking, or tapped creature"
    PT_AT_LEAST: int = 4096  # power or toughness >= the group's param
    WITH_FLYING: int = 8192  # "creature with flying"
    DEALT_DAMAGE: int = 16384  # "creature ... that was dealt damage this turn"
    ATTACKING: int = 32768  # "attacking creature"
    POWER_AT_MOST: int = 65536  # power <= the group's param ("with power 3 or less")
    DIFFERENT_CONTROLLER: int = 131072  # "controlled by different players": not controlled by
    # the controller of a target of the group TargCol.OTHER_THAN names
    SUBTYPES: int = 262144  # "target Bat, Lizard, Rat, or Squirrel card": one of the Subtype
    # bits in the group's PARAM
    # Filters relative to the trigger object of a triggered ability (H.TARGET_TRIG)
    NOT_TRIGGER_OBJECT: int = 524288  # "target creature you control other than that creature"
    MV_LESS_THAN_TRIGGER: int = 1048576  # "target creature card with lesser mana value" (than
    # the creature that caused the trigger, as it last existed: its card's mana value)
    NOT_CREATURE_TYPE: int = 2097152  # "target non-Angel creature": not of the creature type
    # whose catalog-wide id (CardCol.CREATURE_TYPES_A/B) is the group's PARAM; a changeling
    # has every type (written `not_creature_type = "Angel"`)


TargetFilter = _TargetFilter()


class _Intent(NamedTuple):
    HARM: int = 0  # the AI picks the opponents' best object / an opponent
    HELP: int = 1  # the AI picks its own best object / itself
    NEUTRAL: int = 2


Intent = _Intent()


class _Ref(NamedTuple):
    """What a step acts on: a target group 0..3, or one of these."""

    SELF: int = 10  # the source object
    IT: int = 11  # the object the previous step moved / created ("that card", "that creature")
    ATTACHED: int = 12  # what the source is attached to ("enchanted creature")
    YOU: int = 13  # the ability's controller
    EACH_OPPONENT: int = 14
    EACH_PLAYER: int = 15
    TRIGGER_OBJECT: int = 16  # the object whose event caused the trigger
    DEFENDING_PLAYER: int = 17  # the player the trigger object attacks (attack triggers)
    ACTIVE_PLAYER: int = 18  # the player whose turn it is ("that player" of an upkeep trigger)
    # issue 21 (numbered apart): players an earlier step of the resolving ability chose
    CHOSEN_OPPONENT: int = 40  # the opponent the last choose_opponent step chose ("that player")
    TEMPTED: int = 41  # each opponent who accepted the last tempt step's offer


Ref = _Ref()


class _XCount(NamedTuple):
    """What an X counts ("where X is ...", 107.3): PUMP_X's a."""

    CREATURES_YOU_CONTROL: int = 0  # "the number of creatures you control"
    SELF_POWER: int = 1  # "[this creature]'s power" (as it last existed, if it left)
    OPPONENTS_HAND_AT_MOST_1: int = 2  # "for each opponent who has one or fewer cards in hand"
    GREATEST_MV_IN_GRAVEYARD: int = 3  # "the greatest mana value among cards in your graveyard"
    OTHER_PERMANENTS_WITH_SUBTYPES: int = 4  # "for each other Squirrel and/or Food you control"
    # (the subtypes: the op's own parameter)
    X_PAID: int = 5  # the X paid for the spell's {X} (O.X_PAID of the resolving spell)
    OPPONENTS: int = 6  # "for each opponent" (the opponents still in the game)
    SPELLS_CAST_TURN: int = 7  # "for each spell you've cast this turn" (P.SPELLS_TURN)
    CREATURES_DIED_YOURS_TURN: int = 8  # "for each creature that died under your control this
    # turn" (P.CREATURES_DIED_TURN)
    CREATURE_CARDS_IN_GRAVEYARD: int = 9  # "the number of creature cards in your graveyard"
    GREATEST_POWER_YOU_CONTROL: int = 10  # "the greatest power among creatures you control"
    OPP_CREATURES_EXILED_TURN: int = 11  # "the number of creatures your opponents controlled
    # that were exiled this turn" (P.CREATURES_EXILED_TURN of each opponent)
    # issue 21, numbered apart from the pool's
    CREATURES_POWER_4: int = 20  # "for each creature you control with power 4 or greater"
    SACRIFICED_POWER: int = 21  # "the sacrificed creature's power": of the creature sacrificed
    # to pay for the resolving activated ability, as it last existed (608.2h; H.SAC_POWER)
    THAT_MANY: int = 22  # the amount of the event that triggered the resolving ability ("draw
    # that many cards": the damage dealt to it, the combat damage it dealt; H.SAC_POWER)
    OPP_CREATURES: int = 23  # "for each creature your opponents control"
    # the Squirreled Away precon (issue 21): 24-27
    DESTROYED_THIS_WAY: int = 24  # "for each creature destroyed this way": the permanents the
    # resolving ability's last destroy_all destroyed (H.DESTROYED_N)
    TEMPTED: int = 28  # "for each opponent who does": the opponents who accepted the last
    # tempt step's offer (H.TEMPTED)
    REF_POWER: int = 29  # "X is that creature's power": each permanent's own power, counted
    # for it as the step reaches it (add_p1p1_x)
    GREATEST_MV_ARTIFACTS: int = 30  # "the greatest mana value among artifacts you control"
    TOKENS_YOU_CONTROL: int = 31  # "for each token you control"


XCount = _XCount()


class _CounterKind(NamedTuple):
    P1P1: int = 0
    STUN: int = 1
    STASH: int = 2  # read only by the permanent's own abilities (O.STASH); `supply` too
    FINALITY: int = 3  # "If a permanent with a finality counter on it would die, exile it
    # instead" (O.EXILE_TURN = -1: kept until it enters again, like exile_if_dies' turn)
    INDESTRUCTIBLE: int = 4  # a keyword counter (122.1b): the permanent has indestructible
    # while it has one (O.KW_COUNTERS)


CounterKind = _CounterKind()


class _ExtraCost(NamedTuple):
    NONE: int = 0
    DISCARD_CARD: int = 1  # "As an additional cost to cast this spell, discard a card."
    FORAGE_OR_B: int = 2  # "As an additional cost to cast this spell, forage or pay {B}."
    SAC_NONLAND_REDUCE: int = 3  # "As an additional cost to cast this spell, you may sacrifice
    # any number of nonland permanents. This spell costs {1} less to cast for each permanent
    # sacrificed this way."
    SAC_ARTIFACT_OR_CREATURE: int = 4  # "As an additional cost to cast this spell, sacrifice an
    # artifact or creature." (the Squirreled Away precon, issue 21)
    SAC_CREATURES_COPY: int = 5  # "As an additional cost to cast this spell, you may sacrifice
    # one or more creatures. When you do, copy this spell for each creature sacrificed this way."


ExtraCost = _ExtraCost()


class _AiRole(NamedTuple):
    """How the built-in player uses a nonland card (derived from its program if not given)."""

    PERMANENT: int = 0  # cast in a main phase when affordable (creatures, equipment, ...)
    REMOVAL: int = 1  # kill/bounce/exile/steal the best opposing threat; instant: any window
    TRICK: int = 2  # pump/protect own creature in combat after blocks
    COUNTER: int = 3  # hold mana up, counter a worthwhile spell
    CARD_DRAW: int = 4  # draw: own main phase (sorcery) or opponent's end step (instant)
    SWEEPER: int = 5  # when it kills more value of theirs than ours
    RECURSION: int = 6  # return cards from the graveyard when there are good ones
    PROTECTION: int = 7  # in response to removal, or to survive a bad combat
    DISRUPTION: int = 8  # hand attack; in main phase 1
    TOKENS: int = 9


AiRole = _AiRole()
AI_ROLE_NAMES = {n.lower(): v for n, v in zip(AiRole._fields, AiRole, strict=True)}


class _Subtype(NamedTuple):
    """Creature types the rules text of the supported pool refers to (bit flags)."""

    BAT: int = 1
    BIRD: int = 2
    FROG: int = 4
    LIZARD: int = 8
    MOUSE: int = 16
    OTTER: int = 32
    RABBIT: int = 64
    RACCOON: int = 128
    RAT: int = 256
    SQUIRREL: int = 512
    FISH: int = 1024
    OCTOPUS: int = 2048
    HAMSTER: int = 4096
    # equipment / aura are artifact / enchantment subtypes the kernel needs
    EQUIPMENT: int = 8192
    AURA: int = 16384
    FOOD: int = 32768  # forage sacrifices a Food
    # issue 21 (precons): "Sacrifice a Goblin" (Siege-Gang Commander), "Golems you control have
    # first strike" (Blade Splicer); no condition names (COND_CONTROL_SUBTYPE + 16 is taken)
    GOBLIN: int = 65536
    GOLEM: int = 131072
    HUMAN: int = 262144  # "Each other non-Human creature you control" (Grumgully)
    SNAIL: int = 524288  # "if you don't control a Snail", "Sacrifice a Snail" (Wick)


Subtype = _Subtype()
# Creature types with bits past Subtype's (TRIG_PARAM's flags start at TRIGGER_NONTOKEN, 1 << 20):
# in a card's subtypes and an op's `subtypes` parameter only, never a trigger's or a cost's
# ("each creature that isn't an Insect, Rat, Spider, or Squirrel", Swarmyard Massacre)
WIDE_SUBTYPES = {"insect": 1 << 20, "spider": 1 << 21, "saproling": 1 << 22}
COND_NAMES.update(
    {
        f"control_{n.lower()}": COND_CONTROL_SUBTYPE + i
        for i, n in enumerate(Subtype._fields[:N_COND_SUBTYPES])
    }
)
COND_NAMES.update(
    {
        f"not_control_{n.lower()}": COND_NOT_CONTROL_SUBTYPE + i
        for i, n in enumerate(Subtype._fields[:N_COND_SUBTYPES])
    }
)

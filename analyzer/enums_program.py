"""Effect programs (DESIGN section 4): ability kinds, conditions, target kinds and filters, refs,
ops and their parameters (re-exported by enums.py).

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
TRIG_FILTER_MV_SHIFT = 16
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


Ref = _Ref()


class _Op(NamedTuple):
    NOP: int = 0
    DAMAGE: int = 1  # ref: targets; a: amount
    DAMAGE_CONTROLLER: int = 2  # ref: creature targets; a: amount to each one's controller
    DAMAGE_EACH_CREATURE: int = 3  # a: amount
    DESTROY: int = 4  # ref
    DESTROY_ALL: int = 5  # a: card-type mask; remembers what went to your graveyard
    RETURN_DESTROYED: int = 6  # one creature card put into your graveyard by DESTROY_ALL -> bf
    EXILE: int = 7  # ref (sets IT)
    BOUNCE: int = 8  # ref: return to owner's hand
    COUNTER: int = 9  # ref: counter target spell
    SPELL_TO_HAND: int = 10  # ref: return target spell to its owner's hand
    DRAW: int = 11  # ref (player / YOU / EACH_*); a: count
    GAIN_LIFE: int = 12  # ref; a
    LOSE_LIFE: int = 13  # ref; a
    PUMP: int = 14  # ref; a: +power, b: +toughness, until end of turn
    PUMP_ALL: int = 15  # your creatures; a, b until end of turn
    GRANT: int = 16  # ref; a: keyword mask until end of turn
    GRANT_ALL: int = 17  # your permanents of types b (0 = all); a: keyword mask until EOT
    PLAYER_HEXPROOF: int = 18  # ref player gains hexproof until end of turn
    ADD_COUNTERS: int = 19  # ref; a: CounterKind; b: count
    TAP: int = 20  # ref
    FIGHT: int = 21  # ref: first group; a: second group
    SACRIFICE_GREATEST_POWER: int = 22  # ref: player(s)
    RETURN_TO_HAND: int = 23  # ref: cards in a graveyard -> owner's hand
    RETURN_TO_BATTLEFIELD: int = 24  # ref: cards in a graveyard -> bf under your control (IT)
    TOKEN_COPY: int = 25  # ref; a,b: P/T override (0,0 = none); c=1: only if not legendary
    CREATE_TOKEN: int = 26  # ref: who gets them; a: token card id; b: count; c=1: tapped
    EXILE_FROM_HAND: int = 27  # ref: player reveals hand, you exile a nonland card (IT)
    GRANT_CAST_FROM_EXILE: int = 28  # ref (IT): you may cast it while exiled, any mana type
    RETURN_AT_END_STEP: int = 29  # ref (IT): back under owner's control at next end step, a: +1/+1
    PHASE_OUT_YOURS: int = 30  # all permanents you control phase out
    PROTECTION_UNTIL_YOUR_TURN: int = 31  # you: life can't change, protection from everything
    NO_SPELLS_THIS_TURN: int = 32  # players can't cast spells this turn
    ATTACH_SELF: int = 33  # ref: attach the source (Aura/Equipment) to the target
    EXILE_SELF: int = 34  # the resolving spell goes to exile instead of the graveyard
    ADD_MANA: int = 35  # a: color mask of choices (31 = any color); b: amount
    COPY_SPELL: int = 36  # ref: copy target spell (the copy keeps promise and recipient)
    UNTAP: int = 37  # ref (a stun counter is removed instead, 122.1d)
    MILL: int = 38  # ref: players; a: count
    SURVEIL: int = 39  # you; a: count (the AI bins cards it does not want)
    # static abilities (read by the characteristics refresh)
    STATIC_EQUIPPED_PUMP: int = 40  # a, b
    STATIC_EQUIPPED_LOSE: int = 41  # a: keyword mask lost
    STATIC_CONTROL_ENCHANTED: int = 42
    STATIC_ANTHEM: int = 43  # your other creatures get a/b (c: subtype id, 0 = all)
    SCRY: int = 44  # you; a: count
    DISCARD: int = 45  # ref: players discard a cards of their choice; b=1: "you may" (sets DONE)
    FORAGE: int = 46  # you may exile three cards from your graveyard or sacrifice a Food (DONE)
    DAMAGE_BY_POWER: int = 47  # ref; a: source (group or SELF) deals b x its power to each
    EXILE_UNTIL_LEAVES: int = 48  # ref: exiled until the source leaves the battlefield (610.3)
    FLICKER: int = 49  # ref: exile, return under its owner's control with a +1/+1 counters
    SEARCH_BASIC_LAND: int = 50  # you: a basic land card -> battlefield tapped, then shuffle
    STATIC_SELF: int = 51  # static: this gets a/b and has keywords c (step COND: as long as)
    STATIC_EQUIPPED_GRANT: int = 52  # static: equipped/enchanted creature has keywords a
    COUNTER_UNLESS_PAY: int = 53  # ref: spells; countered unless their controller pays {a}
    STATIC_OPP_CREATURES: int = 54  # static: creatures your opponents control get a/b
    PUNISH: int = 55  # ref: players each lose a life unless they sacrifice a nonland
    # permanent or discard a card (their choice)
    DIG: int = 56  # you: look at the top a; may put one of types b, power <= c, into your hand;
    # the rest on the bottom in a random order
    REVEAL_UNTIL_LAND: int = 57  # you: reveal until a land: it enters tapped, the rest go to
    # the bottom in a random order
    EXILE_OWN_PERMANENT: int = 58  # ref: players each exile a permanent of types a they
    # control (their choice: the least valuable)
    PUMP_X: int = 59  # ref: +X*b/+X*c until end of turn, X counted as XCount a says
    STATIC_SPELLS_COST_LESS: int = 60  # static: your spells of types a cost {b} less
    EXILE_OWN_FROM_HAND: int = 61  # ref: players each exile a card from their hand (their
    # choice: the least valuable)
    LEVEL_UP: int = 62  # the source Class becomes level a (716.2a); fires its LEVEL_REACHED a
    EXILE_IF_DIES: int = 63  # ref: "if that creature would die this turn, exile it instead"
    TUCK: int = 64  # ref: its owner puts it on the top or bottom of their library (their choice)
    DISCARD_UNLESS_NONLAND: int = 66  # ref: players each discard a cards unless they discard
    # a nonland card (their choice)
    DRAW_X: int = 67  # ref: players each draw X cards, X counted as XCount a says
    STATIC_PT_CREATURES: int = 65  # static: this creature's P/T are each the number of
    # creatures its controller controls (a characteristic-defining ability, 604.3)
    DISCARD_CHOSEN: int = 68  # ref: players each reveal their hand and discard the nonland
    # card you choose; b=1: only a player who lost life this turn, the others discard a card
    # of their choice
    MILL_TAKE: int = 69  # you mill a; may put a card of types b from among them into your hand
    # (IT); DONE if you control a permanent of subtype c or that card has it
    ADD_P1P1_X: int = 70  # ref: X +1/+1 counters on each, X counted as XCount a says (b: the
    # subtype mask of OTHER_PERMANENTS_WITH_SUBTYPES)
    TO_LIBRARY_BOTTOM: int = 71  # ref: cards in a graveyard -> the bottom of their owner's library
    EXILE_TOP_MAY_PLAY: int = 73  # you exile the top a cards; you may play one of them (the
    # most valuable) until end of turn (b = 0) or until the end of your next turn (b = 1)
    CHOOSE_CREATURE_TYPE: int = 72  # enters_with: "As this enters, choose a creature type"
    GAIN_CONTROL_EOT: int = 74  # ref: you gain control of it until end of turn if its power is
    # at most a or you control another permanent of subtype b (b = 0: no such clause); DONE
    CHOOSE_COLOR: int = 75  # enters_with: "As this enters, choose a color" (O.CHOSEN_COLOR)
    DIG_SUBTYPES: int = 76  # you: look at the top a; may put a card with one of the Subtype
    # bits b into your hand; the rest on the bottom in a random order
    P1P1_EACH_ENTERED: int = 77  # a +1/+1 counter on each creature you control with one of the
    # Subtype bits a that entered the battlefield this turn
    DISCARD_HAND_DRAW_STASH: int = 78  # you discard your hand, then draw a card for each stash
    # counter on the source (as it last existed: O.STASH stays as it leaves the battlefield)
    LOOK_X_TAKE_X: int = 79  # you look at the top a*X cards (X: the spell's X_PAID); X of them
    # into your hand, the rest into your graveyard
    LOSE_LIFE_X: int = 80  # ref: players each lose X life, X counted as XCount a says
    ATTACH_TO: int = 81  # ref: an Aura or Equipment, attached to the creature of group a
    STATIC_EQUIPPED_CREATURES: int = 82  # static: equipped creatures you control have
    # keywords a (an artifact is attached to them)
    STATIC_OTHERS_HAVE: int = 83  # static: other creatures you control of Subtype mask c have
    # keywords a
    FLICKER_ON_COMBAT_DAMAGE: int = 84  # ref: "whenever that creature deals combat damage this
    # turn, you may exile it; if you do, return it under its owner's control" (a delayed trigger)
    REVEAL_TOP_LOSE_MV: int = 85  # you put the top card of your library into your hand (revealed)
    # and lose life equal to its mana value
    GAIN_LIFE_X: int = 86  # ref: players each gain X life, X counted as XCount a says (b: the
    # Subtype mask of OTHER_PERMANENTS_WITH_SUBTYPES)
    STATIC_TOKEN_ANTHEM: int = 87  # static: creature tokens you control get +a/+b
    STATIC_ANTHEM_SUBTYPES: int = 88  # static: other creatures you control with one of the
    # Subtype bits c get +a/+b
    STATIC_SELF_PER_OTHER: int = 89  # static: this creature gets +a/+b for each other
    # permanent you control with one of the Subtype bits c
    PAY_MAY: int = 90  # "you may pay {a}{colors b}" (one symbol per color of mask b); DONE if paid
    RETURN_SELF_ATTACKING: int = 91  # the source: its owner's graveyard -> the battlefield
    # tapped and attacking (not declared: no attack triggers)
    # Bloomburrow Commander precons (issue 21): "its controller ..." of removal, written before
    # the step that removes the permanent (they read its controller and power as it is)
    CONTROLLER_CREATES: int = 92  # ref: permanents; each one's controller creates token a
    CONTROLLER_GAINS_POWER: int = 93  # ref: creatures; each one's controller gains life equal
    # to its power
    CONTROLLER_SEARCHES_BASIC: int = 94  # ref: permanents; each one's controller may search
    # for a basic land card, put it onto the battlefield tapped, then shuffle
    STATIC_NO_MAX_HAND_SIZE: int = 95  # static: "You have no maximum hand size" (CardFlag
    # NO_MAX_HAND: the cleanup discard, 514.1, skips its controller)
    RETURN_OWN_LAND: int = 96  # ref: players; each returns a land they control to its owner's
    # hand (a bounce land's "When this land enters, return a land you control ...")
    # issue 20: ops 113-160
    CAST_FREE: int = 113  # ref: instant or sorcery cards in ctrl's graveyard; ctrl may cast each
    # now without paying its mana cost (O.FREE_CAST); into the graveyard it is exiled instead
    CREATE_TOKEN_ATTACKING: int = 114  # ctrl creates b tokens a, tapped and attacking (508.4)
    PUMP_ATTACKING: int = 115  # attacking creatures ctrl controls get +a/+b until end of turn
    P1P1_OTHERS_TOKEN_OR: int = 116  # a +1/+1 counter on each other creature ctrl controls
    # that's a token or has one of the Subtype bits a
    DISCARD_HAND_MAY_DRAW: int = 117  # ctrl may discard their hand; if they do, draw a
    # issue 21: ops 151-175
    SEARCH_LAND: int = 151  # ctrl searches their library for a land card (b=1: basic) with one
    # of the basic land types a (a WUBRG mask of the types; 0 = any), puts it onto the
    # battlefield tapped (c=1: into their hand), then shuffles
    STATIC_CREATURES_HAVE: int = 152  # static: creatures ctrl controls (of CardType mask b,
    # 0 = all) have keywords a
    CREATE_TOKEN_X: int = 153  # ref: players each create X tokens a (X: XCount b; c=1 tapped)
    EXILE_GRAVEYARD: int = 154  # ref: players; each one's graveyard is exiled (Bojuka Bog)
    EACH_SACRIFICES_CREATURE: int = 155  # ref: players; each sacrifices a creature or
    # planeswalker of their choice, at once; each who can't discards a card (Plaguecrafter)
    # issue 20 (the Seasons): ops 176-185
    CHOOSE_OWN_PERMANENT: int = 176  # it = a permanent of types a ctrl controls (not a target:
    # chosen as the step runs; ctrl's choice: the most threatening); DONE if there was one
    DESTROY_ALL_CHOSEN_TYPE: int = 177  # ctrl chooses one card type among the bits of a and
    # destroys all permanents of that type (the built-in player: the type that costs its
    # opponents most against itself)
    BOUNCE_ALL_NONLAND_NONTOKEN: int = 178  # each nonland, nontoken permanent -> owner's hand
    CONTROLLER_DRAWS: int = 179  # ref: permanents; the controller of each draws a cards
    SACRIFICE_OTHERS_MAY: int = 180  # ctrl may sacrifice a other permanents (b = 1: nonland);
    # DONE if they did (the built-in player: when the best creature card in its graveyard is
    # worth more than what it gives up)
    # ops 181-185: the global statics and pump_untap_all (cards/opcodes_global.py)
    STATIC_OPP_BASE_TOUGHNESS: int = 181  # static: creatures ctrl's opponents control have
    # base toughness a (layer 7b)
    STATIC_OPP_DIES_EXILE: int = 182  # static: "If a creature an opponent controls would die,
    # exile it instead" (614.1a)
    STATIC_NONCREATURE_FLASH: int = 183  # static: ctrl may cast noncreature spells as though
    # they had flash
    PUMP_UNTAP_ALL: int = 184  # creatures ctrl controls with one of Subtype mask c get +a/+b
    # until end of turn; untap them
    STATIC_OTHERS_PROWESS: int = 185  # static: other creatures ctrl controls have prowess
    # (the source's own prowess row is the trigger each of them gets)
    # issue 20: ops 186-199; faces (O.FACE: another card row's characteristics)
    STATIC_ENCHANTED_BECOMES: int = 186  # static: the enchanted permanent has the types,
    # subtypes, colors, keywords and abilities of card row a (a token definition) instead of
    # its own (layers 4-6, 613.1d-f); its name, mana value and supertypes stay
    BECOMES_UNTIL_EOT: int = 187  # ref: permanents; each has the characteristics of card row a
    # until end of turn (its own abilities written there too: "becomes an artifact creature")
    STATIC_OTHERS_FOOD: int = 188  # static: other creatures are Food artifacts in addition to
    # their other types and have the Food's ability (each creature row's CardCol.FOOD_TWIN)
    # (O.CHOSEN_SUBTYPE: its Subtype bit; STATIC_ANTHEM with c = SUBTYPE_CHOSEN reads it)
    # issue 20: ops 230-249
    SPELL_CAST_UNTIL_NEXT_TURN: int = 230  # a delayed trigger (DK_SPELL_CAST_UNTIL_NEXT_TURN):
    # until the end of ctrl's next turn, whenever ctrl casts a spell, the source's
    # DELAYED_SPELL_CAST row triggers
    EXILE_TOP_PLAY_UNTIL_END_STEP: int = 231  # ctrl exiles the top X cards (X: XCount a) and
    # may play them until ctrl's next end step; at its beginning the source deals each opponent
    # b damage for each of them still exiled (DK_EXILED_UNTIL_END_STEP)
    HAVE_DRAW_MAY: int = 232  # ref: players; ctrl may have each draw a cards (sets DONE): the
    # built-in player does when the trigger object's copy is worth it (actions.copy_worth)
    # issue 20: ops 189-199
    EXILE_LINKED: int = 189  # ref: graveyard cards; exile each, linked to the source (607.2a:
    # "cards exiled with [this]": O.LINK = -(1 + source), O.LINK_ZCC its zone-change counter)
    DAMAGE_X: int = 191  # ref: players/permanents; the source deals X damage to each, X the
    # XCount a (b: its subtypes)
    CREATE_TOKEN_UNLESS_P1P1: int = 192  # create token a unless ctrl controls a permanent with
    # one of the Subtype bits b; otherwise a +1/+1 counter on one of those (ctrl's choice)
    STATIC_GRANT_CREATURE_MANA: int = 193  # static: creatures ctrl controls with one of the
    # Subtype bits a have "{T}: Add one mana of a color in b. Spend this mana only to cast a
    # creature spell." (CardCol.GRANT_MANA_SUBTYPES / CREATURE_MANA; rules/mana.collect_sources)
    MANA_POWER_BIG_CREATURES: int = 194  # in a mana ability after its add_mana: it makes X
    # mana (X: the source's power) of one color, spendable only to cast creature spells with
    # mana value 4 or greater or with {X} in their costs (CardFlag.POWER_BIG_MANA, read by
    # rules/mana.collect_sources; running it does nothing)
    STATIC_SELF_EXILED_TYPES: int = 190  # static: +a/+b and keywords c as long as the cards
    # linked to this object (EXILE_LINKED) have four or more card types among them
    # issue 21, the precons: codes 200-219
    DOUBLE_P1P1_ALL: int = 200  # double the +1/+1 counters on each creature ctrl controls
    PUMP_OTHERS: int = 201  # other creatures ctrl controls get +a/+b and gain keywords c (EOT)
    REMOVE_COUNTER_SACRIFICE_LAST: int = 202  # vanishing's upkeep: remove a time counter
    # (O.STASH) from the source; when the last is removed, sacrifice it
    STATIC_BIG_SPELLS_COST_LESS: int = 203  # static: creature spells ctrl casts with power b or
    # greater cost {a} less
    PUMP_POWER_AT_LEAST: int = 204  # creatures ctrl controls with power c or greater get +a/+a
    # and gain keywords b until end of turn
    P1P1_EACH_ENTERED_COLOR: int = 205  # a +1/+1 counter on each creature of Color mask a that
    # entered the battlefield this turn (whoever controls it)
    CREATE_TOKEN_PER_P1P1: int = 206  # ref: players; each creates a token a (c=1 tapped) for
    # each +1/+1 counter on the source (as it last existed: O.P1P1 is kept as it leaves)
    STATIC_PT_HAND: int = 207  # static: power and toughness = the cards in ctrl's hand (604.3)
    STATIC_SMALL_UNBLOCKABLE: int = 208  # static: creatures ctrl controls with power or
    # toughness 1 or less can't be blocked (after every P/T effect: chars.refresh)
    # issue 20: ops 126-150
    PUT_COUNTERS_OF: int = 126  # ref: permanents; put on each as many counters of each kind as
    # the source had (as it last existed: O.P1P1 / O.STUN / O.STASH are kept as it leaves)
    DONE_IF_YOU_CONTROL: int = 127  # ref: permanents; DONE if ctrl controls one of them ("if
    # you control that creature, ...")
    RETURN_OTHER_OWN_CREATURE: int = 128  # ctrl returns another creature they control to its
    # owner's hand (their choice); DONE if they did; a = 1: "Otherwise, you may return this"
    CHOOSE_CARD_MV_COUNTERS: int = 129  # it = a card of types a in ctrl's graveyard whose
    # mana value equals the source's O.STASH counters (ctrl's choice; -1 if none)
    STATIC_PT_LANDS: int = 131  # static: power and toughness = the lands ctrl controls (604.3)
    RETURN_LANDS_FROM_GRAVEYARD: int = 132  # ctrl's land cards: graveyard -> battlefield tapped
    DOUBLE_P1P1: int = 133  # ref: creatures; put on each as many +1/+1 counters as it has
    EXILE_AT_END_STEP: int = 134  # ref: permanents; exile each at the beginning of the next end
    # step (a delayed trigger, DK_EXILE_AT_END_STEP)
    STATIC_DAMAGE_PLUS: int = 135  # static: a permanent ctrl controls with one of the Subtype
    # bits c that would deal damage deals that much plus a instead (AbilityKind.DAMAGE_PLUS)
    STATIC_NO_LIFE_GAIN: int = 136  # static: players can't gain life; damage can't be prevented
    DAMAGE_NONBASIC_LANDS: int = 137  # the source deals each player damage equal to the nonbasic
    # lands that player controls
    TOP_LAND_OR_HAND: int = 138  # ctrl looks at the top card: a land may go onto the
    # battlefield tapped, else it goes into their hand
    # issue 20
    ADD_MANA_PER_SUBTYPE: int = 139  # add one mana of a color among a (the built-in player's
    # color_choice) for each permanent ctrl controls with one of the Subtype bits b; c = 1: it
    # stays until end of turn
    EXILE_TOP_PLAY_ALL: int = 140  # ctrl exiles the top a cards (c = 1: X, the X paid for the
    # source) and may play each of them until end of turn (b = 1: until the end of their next
    # turn); it = the last one
    STATIC_EXTRA_LAND: int = 141  # static: ctrl may play a additional lands on each of their
    # turns (AbilityKind.EXTRA_LAND)
    # issue 20
    CHOOSE_GRAVEYARD_CARD: int = 142  # it = a card of types a (c = 1: nonland) with mana value
    # <= b in ctrl's graveyard (ctrl's choice: the most valuable); DONE if there was one
    STATIC_NONCOMBAT_DAMAGE_PLUS: int = 143  # static: a source ctrl controls that would deal
    # noncombat damage to an opponent or a permanent an opponent controls deals that much plus
    # a instead (AbilityKind.DAMAGE_PLUS marks the card)
    STATIC_OTHERS_ENTER_P1P1: int = 144  # static: other creatures ctrl controls enter with a
    # additional +1/+1 counters (b = 1: a for each opponent who lost life this turn)
    PUT_FROM_HAND_OR_GRAVEYARD: int = 145  # ctrl may put a card of types a with one of the
    # Subtype bits b from their hand or graveyard onto the battlefield (their choice: the most
    # valuable); it = that card, DONE if they did
    DIG_CREATURE_MV: int = 130  # look at the top a; a creature card with mana value <= b onto
    # the battlefield if it's ctrl's turn, else into their hand; the rest on the bottom


Op = _Op()


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

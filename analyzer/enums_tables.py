"""Columns of the compiled catalog tables, read by the kernel (re-exported by enums.py).

One int32 row per card / ability / target group / step. Written by analyzer.cards.compile, read
by the kernel. Keep in sync with FORMAT.md. Values change the rules engine as enums.py says.
"""

from __future__ import annotations

from typing import NamedTuple


class _CardCol(NamedTuple):
    TYPES: int = 0  # CardType mask (supertypes included)
    COLORS: int = 1  # Color mask
    SUBTYPES: int = 2  # Subtype mask
    POWER: int = 3
    TOUGHNESS: int = 4
    KEYWORDS: int = 5  # Keyword mask
    MV: int = 6  # mana value
    COST_GENERIC: int = 7
    COST_W: int = 8  # COST_W + i for i in WUBRG order
    COST_U: int = 9
    COST_B: int = 10
    COST_R: int = 11
    COST_G: int = 12
    COST_C: int = 13  # {C}: colorless specifically
    COST_X: int = 14  # number of {X} in the cost
    GIFT_KIND: int = 15  # GiftKind
    EXTRA_COST: int = 16  # ExtraCost
    AB_START: int = 17  # first row in the ability table
    AB_COUNT: int = 18
    AI_ROLE: int = 19  # AiRole
    SUPPORT: int = 20  # Support
    LAND_COLORS: int = 21  # for lands: Color mask of mana it taps for (32 = colorless)
    ETB_TAPPED: int = 22
    VALUE: int = 23  # the AI's static card value (about 10 x mana value, adjusted)
    FLAGS: int = 24  # CardFlag mask, derived by the compiler so hot loops skip most cards
    HYBRID: int = 25  # Color mask of the cost's hybrid pair ({G/W}: G|W), 0 = none
    HYBRID_N: int = 26  # number of hybrid symbols (each paid with either color)
    AB_KINDS: int = 27  # bit (1 << AbilityKind) set for each kind of ability the card has
    AI_ROLE_BASIC: int = 28  # AiRole as the basic player derives it (kept exactly, issue 14)
    MANA_AMOUNT: int = 29  # TAP_MANA sources: mana one tap makes (Sol Ring 2); 0 = 1
    CREATURE_MANA: int = 30  # lands: Color mask of the mana it also taps for that can be spent
    # only to cast creature spells (the Villages' "{T}: Add {U}. Spend this mana only to cast a
    # creature spell."); granters (GRANT_MANA_SUBTYPES): the colors they give
    AB_KINDS_HI: int = 31  # bit (1 << (kind - 31)) for each ability kind >= 31 the card has
    # (AB_KINDS is int32: its bit 31 is the sign)
    LEAVES_AB: int = 32  # 1 + the row of the card's LEAVES_WITHOUT_DYING trigger, 0 = none,
    # plus LEAVES_OTHER_BATCH (state.move_object reads it: it has the cards table only)
    LAND_TYPES: int = 33  # the basic land types of its type line as a Color mask (Plains = W,
    # ..., Forest = G): "if you control a Plains or an Island" (issue 21)
    IDENTITY: int = 34  # Color mask of its color identity (903.4): a commander's is its
    # controller's (IDENTITY_MANA)
    FOOD_TWIN: int = 35  # creatures: 1 + the row of the same card as a Food artifact too, with
    # the Food's ability (static_others_food gives it as a face); 0 = none
    AB_KINDS_HI2: int = 36  # bit (1 << (kind - 62)) for each ability kind >= 62 the card has
    GRANT_MANA_SUBTYPES: int = 37  # Subtype mask of the creatures its controller controls that
    # have "{T}: Add one mana of a color in CREATURE_MANA. Spend this mana only to cast a
    # creature spell." (static_grant_creature_mana: Clement's Frogs); 0 = none
    ANIMATE_TWIN: int = 38  # non-Equipment artifacts and non-Aura enchantments with the mana
    # value a static_animate step asks: 1 + the row of the same card as that step's creature too
    # (its P/T, keywords and abilities added; static_animate gives it as a face); 0 = none
    NAME_KEY: int = 39  # a number per name (DESTROY_SAME_NAME): equal exactly when the names
    # are; a token definition's name is its subtypes plus "Token" (111.4)
    TOKEN_LEAVES_AB: int = 40  # 1 + the row of the card's TOKEN_LEAVES trigger, 0 = none
    # (state.move_object reads it: it has the cards table only)
    CREATURE_TYPES_A: int = 41  # creature cards (and kindred): up to three of its creature
    # types as catalog-wide ids (1-based, CREATURE_TYPE_BITS bits each, first in the low bits);
    # CHANGELING_TYPES: every creature type (702.73a). "Shares a creature type" (Path of
    # Ancestry, compile.creature_type_ids)
    CREATURE_TYPES_B: int = 42  # its fourth to sixth creature types, the same way
    LAND_TWIN: int = 43  # lands, with a land_becomes_until_eot step in the catalog: 1 + the row
    # of the same land as that step's creature too (its P/T and keywords added, CardFlag
    # ANIMATED); 0 = none
    N: int = 44


CardCol = _CardCol()
# CardCol.LAND_COLORS of a land that taps for "one mana of the chosen color" (Uncharted Haven):
# the color chosen as it entered is the object's O.CHOSEN_COLOR
CHOSEN_COLOR_MANA = 64
# CardCol.LEAVES_AB flag: "Whenever one or more other creatures you control leave the
# battlefield without dying" (not the source; one trigger for the creatures that leave before
# the next priority)
LEAVES_OTHER_BATCH = 1 << 24
# ... and this one: "When this creature leaves the battlefield" (the source only; a card writes
# its dying as a `dies` ability of the same steps)
LEAVES_SELF = 1 << 25
# ... of "one mana of any color in your commander's color identity" (Command Tower, Arcane
# Signet; none without a commander, 903.4f), and of "one mana of any color that a land an
# opponent controls could produce" (Exotic Orchard, Fellwar Stone): resolved as sources are
# collected (kernel/rules/mana.py). CHOSEN_COLOR_MANA may also carry fixed colors (a Thriving
# land: "{T}: Add {W} or one mana of the chosen color").
IDENTITY_MANA = 128
OPP_LANDS_MANA = 256
# ... and of "{T}: Add {C}. {T}: Add {B} or {G}. Activate only if you control a Swamp." (Tainted
# Wood, `land_colors = "CBG+swamp"`): its colored mana only while its controller controls a land
# with the basic land type Swamp (602.5b), checked as sources are collected
SWAMP_COLORED_MANA = 512
# CardCol.CREATURE_TYPES_A/B: bits per creature-type id, and the value of a changeling's A
CREATURE_TYPE_BITS = 10
CHANGELING_TYPES = 1 << 30


class _CardFlag(NamedTuple):
    HAS_STATIC: int = 1  # some ability is STATIC
    SAC_MANA: int = 2  # a "{T}, Sacrifice: add mana" ability (Treasure)
    HAS_ACTIVATED: int = 4  # some non-mana activated ability
    FAST: int = 8  # instant, or has flash: castable at instant speed
    TAP_MANA: int = 16  # a nonland with a free "{T}: Add ..." (mana creature): a mana source
    GRAVEYARD_ABILITY: int = 32  # an activated ability that works from its owner's graveyard
    FILTER_MANA: int = 64  # "{1}[, {T}]: Add one mana of any color." (Hidden Grotto, Three Tree
    # Mascot): with one more mana, a mana of any color
    GRAVEYARD_TRIGGER: int = 128  # a triggered ability that works from its owner's graveyard
    # ("Whenever you attack with one or more Rats, ... return this from your graveyard")
    PAIN_MANA: int = 256  # its colored mana deals 1 damage to its controller (a pain land, a
    # Talisman: "{T}: Add {W} or {U}. This land deals 1 damage to you."); its {C} does not
    NO_MAX_HAND: int = 512  # a static_no_max_hand_size step: its controller has no maximum
    # hand size
    HAND_ABILITY: int = 1024  # an activated ability that works from its owner's hand, discarding
    # the card as a cost (cycling)
    FOOD_TRIGGER: int = 4096  # a food_to_graveyard trigger (H.FOOD_WATCH once one entered)
    SETS_FACE: int = 2048  # a static_enchanted_becomes or static_others_food step: other
    # permanents take another card row's characteristics (O.FACE, chars.refresh)
    TEMP_EXILE: int = 8192  # a spell that exiles its target and returns it at the next end step
    # in some mode (Parting Gust unpromised): removal only until then, a flicker (derive.py)
    TOKENS_MANA: int = 1 << 14  # a mana ability paid by tapping untapped tokens ("Tap two
    # untapped tokens you control: Add one mana of any color."): AbilCol.COST_TAP_TOKENS tokens
    # per mana, the source itself not tapped
    POWER_BIG_MANA: int = 1 << 15  # its free "{T}: Add ..." makes X mana, X its power, only
    # for creature spells with mana value 4 or greater or {X} in their costs (Helga; op
    # mana_power_big_creatures)
    UNCOUNTERABLE: int = 1 << 16  # "This spell can't be countered." (101.2: a counter effect
    # does nothing to it; actions.counter_spell_object)
    MUST_ATTACK: int = 1 << 17  # "attacks each combat if able" (508.1d: the built-in players
    # add it to their attackers whenever it can attack, ai_combat.declare_attackers)
    ANIMATED: int = 1 << 18  # an ANIMATE_TWIN row: its POWER and TOUGHNESS are the base P/T
    # of the permanent that has it as a face (613.4b: "is a 4/4 creature" sets them)
    TOKENS_X_MANA: int = 1 << 19  # "{T}, Pay N life, Tap X untapped tokens you control: Add X
    # mana in any combination of colors": one activation taps it and pays the life once, each
    # mana taps one token (kernel/rules/mana_tokens.py)
    MAX_HAND_SIZE: int = 1 << 21  # a static_max_hand_size step ("Your maximum hand size is
    # twenty"; with NO_MAX_HAND, the latest timestamp wins: turn.max_hand_size)
    ISLANDWALK: int = 1 << 20  # islandwalk (702.14c): it can't be blocked as long as the
    # defending player controls an Island (combat.can_block)
    TRIBE_SCRY_MANA: int = 1 << 22  # "When that mana is spent to cast a creature spell that
    # shares a creature type with your commander, scry 1." (Path of Ancestry): paying a
    # creature spell with it queues its MANA_SPENT_COMMANDER_TYPE row (mana.pay_spell)
    ATTACK_PUMP: int = 1 << 24  # an activated pump_attacking or pump_all ability (Jazal
    # Goldmane, Warren Elder's team pump): the standard player may act after blocks as it
    # attacks (ai_activate.attack_pump_ready)
    SWEEPS_ATTACKERS: int = 1 << 23  # a bounce_all_creatures step of attacking creatures only
    # (Aetherize): the standard player casts it as it is attacked (ai_std.role_may_help)
    STATIC_CHARS: int = 1 << 25  # a static ability chars.refresh reads
    # (opcodes_static.CHARS_STATIC_OPS; one with none, a cost reduction or "no maximum hand
    # size", may enter or leave the battlefield with no refresh: state.board_inert)
    STATIC_VOLATILE: int = 1 << 28  # a static ability whose effect may change with no H.DIRTY
    # write (a condition on life changed this turn, a stun counter removed):
    # chars.refresh runs at every state-based action check while one is out
    STATIC_GAME: int = 1 << 29  # (not STATIC_VOLATILE) a static ability with another condition
    # on the game (whose turn it is, this turn's counts): refreshed as a turn begins (for "during
    # your turn", only as its controller's turn begins or ends: chars._turn_seats); or one that
    # reads the size of a hand (static_pt_hand: H.HAND_STATICS, hand changes write H.DIRTY)
    SIGNET_MANA: int = 1 << 30  # "{1}, {T}: Add {W}{U}." (Signets, filter lands; "{U/R}, {T}: Add
    # {U}{U}, {U}{R}, or {R}{R}."): one more mana pays for two (the mana ability's TRIG_PARAM:
    # the two mana's color masks, first | second << 5)


CardFlag = _CardFlag()


class _AbilCol(NamedTuple):
    CARD: int = 0
    KIND: int = 1  # AbilityKind
    TRIG_PARAM: int = 2  # END_STEP: 0 each, 1 yours; ACTIVATED: 1 = sorcery speed
    COND: int = 3  # intervening "if" (Cond), checked when triggering and on resolution
    TG_START: int = 4
    TG_COUNT: int = 5
    ST_START: int = 6
    ST_COUNT: int = 7
    COST_GENERIC: int = 8  # activated abilities: mana cost
    COST_W: int = 9
    COST_U: int = 10
    COST_B: int = 11
    COST_R: int = 12
    COST_G: int = 13
    COST_TAP: int = 14  # {T}
    COST_SAC_SELF: int = 15  # 1: "Sacrifice this"; 2: "Sacrifice a token"; 3: "a
    # creature", 4: "another creature", 5: "an artifact or creature" (activation.sac_fodder)
    MANA_ABILITY: int = 16  # 1: a mana ability (no stack)
    MODES: int = 17  # modal ("Choose one —"): how many MODE rows follow this row; 0 = not modal
    ONCE_EACH_TURN: int = 18  # 1: "This ability triggers only once each turn" / activated:
    # "Activate only once each turn"; 2 (activated): "Activate only once" (per object, 400.7)
    LEVEL: int = 19  # Class level the ability needs (716.2b: gained at that level); 0 = any.
    # LEVEL_REACHED: the level it triggers on; a level-up ability: the level it raises to
    COST_LIFE: int = 20  # activated: "Pay N life" (119.4: only with N or more life)
    COST_HYBRID: int = 21  # activated: Color mask of one two-color hybrid symbol ({B/R}), 0 = none
    FROM_GRAVEYARD: int = 22  # activated: 1 = activated only while the card is in its owner's
    # graveyard, exiling it as a cost ("{3}{B}, Exile this card from your graveyard: ..."); 2 =
    # only while it is in its owner's hand, discarding it as a cost (cycling, 702.29)
    COND_SUBTYPES: int = 23  # COND SUBTYPE_ENTERED: the Subtype mask it watches for
    COST_DISCARD: int = 24  # activated: 1 = "Discard a card" is part of the cost
    COST_REMOVE_COUNTER: int = 25  # activated: 1 = "Remove a [supply] counter from this" (one
    # of the source's own counters, O.STASH) is part of the cost
    COST_CONVOKE: int = 26  # activated: 1 = "For each mana in this ability's activation cost,
    # you may tap an untapped creature you control rather than pay that mana"
    TRIG_FILTER: int = 27  # triggers: more filters on the trigger object (TRIG_FILTER_* bits),
    # a column of its own because TRIG_PARAM's flag bits (20-30, above the Subtype mask) are full
    COST_TAP_TOKENS: int = 28  # activated: "Tap N untapped tokens you control" is part of the
    # cost (N; 0 = none)
    N: int = 29


AbilCol = _AbilCol()


class _TargCol(NamedTuple):
    KIND: int = 0  # TargetKind
    TYPES: int = 1  # CardType mask, any of (0 = any)
    FILTER: int = 2  # TargetFilter mask
    PARAM: int = 3  # MV_AT_MOST value
    MIN: int = 4  # 0 for "up to"
    MAX: int = 5
    COND: int = 6  # Cond: the group exists only if promised / not promised (702.174m)
    INTENT: int = 7  # Intent (derived by the compiler from the steps that use the group)
    OTHER_THAN: int = 8  # 1 + an earlier group of the ability its targets must differ from
    # ("up to one other target creature", 115.3); 0 = none
    N: int = 9


TargCol = _TargCol()


class _StepCol(NamedTuple):
    OP: int = 0
    COND: int = 1
    REF: int = 2
    A: int = 3
    B: int = 4
    C: int = 5
    N: int = 6


StepCol = _StepCol()

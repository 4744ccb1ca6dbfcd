"""Constants shared by the Python side and the numba kernel.

Each enum is a NamedTuple *instance*: numba folds its attributes to compile-time constants, and
Python code gets names for free (``Zone._fields``). Values are small non-negative ints so they fit
the kernel's int32 game record. Bit-flag enums (card types, colors, keywords, target filters) are
powers of two. Changing a value changes the rules engine: bump ``analyzer.RULES_VERSION``.
"""

from __future__ import annotations

from typing import NamedTuple

from analyzer.enums_ops import Op  # noqa: F401

# Re-exported, so every caller imports from here: the effect-program codes, the catalog table
# columns and the policy codes each live in their own module.
from analyzer.enums_policy import (  # noqa: F401
    OPENING_HANDS_NAMES,
    PLAYER_LEVEL_NAMES,
    SEAT_LEVEL_MASK,
    SEAT_OPENING_SHIFT,
    HeurCol,
    OpeningHands,
    PlayerLevel,
    PolCol,
    PolicyKind,
    Recipient,
)
from analyzer.enums_program import (  # noqa: F401
    AI_ROLE_NAMES,
    CAST_FROM_CONDS,
    COND_CONTROL_SUBTYPE,
    COND_NAMES,
    COND_NOT_CONTROL_SUBTYPE,
    COST_ALL_CREATURES,
    COST_AND_EXILE,
    COST_ATTACKED_TURN,
    COST_FOR_EACH,
    COST_GRAVEYARD_CARDS,
    COST_IF_TARGETS_IN_COMBAT_OR_TAPPED,
    COST_TOTAL_POWER,
    DIES_ATTACHED,
    DIES_BY_ANY,
    DIES_BY_OPPONENT,
    DIES_FLYING,
    DIES_NONTOKEN,
    DIES_OTHER,
    DIES_WITHOUT_FLYING,
    KINDS_HI,
    KINDS_HI2,
    LAND_TYPE_CONDS,
    PROMISE_CONDS,
    SAC_EXILE_SELF,
    SAC_SUBTYPE,
    SAC_SUBTYPE_SHIFT,
    SPELL_BY_ANY,
    SPELL_BY_OPPONENT,
    SPELL_GENERAL,
    SPELL_NONCREATURE,
    SUBTYPE_CHOSEN,
    TRIG_FILTER_ATTACKERS_AT_LEAST,
    TRIG_FILTER_EVOLVE,
    TRIG_FILTER_MV_AT_LEAST,
    TRIG_FILTER_MV_BELOW_POWER,
    TRIG_FILTER_MV_SHIFT,
    TRIG_FILTER_POWER_AT_LEAST,
    TRIG_FILTER_POWER_SHIFT,
    TRIG_FILTER_TOUGHER,
    TRIG_FILTER_WITH_P1P1,
    TRIGGER_ANY_PERMANENT,
    TRIGGER_BATCH,
    TRIGGER_FLYING,
    TRIGGER_INSTANT_SORCERY,
    TRIGGER_NONCREATURE_NONLAND,
    TRIGGER_NONTOKEN,
    TRIGGER_TOKEN,
    WIDE_SUBTYPES,
    AbilityKind,
    AiRole,
    Cond,
    CounterKind,
    ExtraCost,
    Intent,
    Ref,
    Subtype,
    TargetFilter,
    TargetKind,
    XCount,
)
from analyzer.enums_tables import (  # noqa: F401
    CHANGELING_TYPES,
    CHOSEN_COLOR_MANA,
    CREATURE_TYPE_BITS,
    IDENTITY_MANA,
    LEAVES_OTHER_BATCH,
    LEAVES_SELF,
    OPP_LANDS_MANA,
    SWAMP_COLORED_MANA,
    AbilCol,
    CardCol,
    CardFlag,
    StepCol,
    TargCol,
)


class _Zone(NamedTuple):
    NONE: int = 0  # free token slot / ceased to exist
    LIBRARY: int = 1
    HAND: int = 2
    BATTLEFIELD: int = 3
    GRAVEYARD: int = 4
    EXILE: int = 5
    STACK: int = 6
    COMMAND: int = 7  # the command zone (903.6): a commander before it is cast, and after


Zone = _Zone()


class _Phase(NamedTuple):
    BEGIN: int = 0  # turn bookkeeping, then untap
    UPKEEP: int = 1
    DRAW: int = 2
    MAIN1: int = 3
    COMBAT_BEGIN: int = 4
    DECLARE_ATTACKERS: int = 5
    DECLARE_BLOCKERS: int = 6
    FIRST_STRIKE_DAMAGE: int = 7
    COMBAT_DAMAGE: int = 8
    COMBAT_END: int = 9
    MAIN2: int = 10
    END_STEP: int = 11
    CLEANUP: int = 12
    GAME_OVER: int = 13


Phase = _Phase()

# Names used by scenario files and JSON output (subset of the phases a position can start in).
PHASE_NAMES = {
    "upkeep": Phase.UPKEEP,
    "draw": Phase.DRAW,
    "main1": Phase.MAIN1,
    "combat": Phase.COMBAT_BEGIN,
    "main2": Phase.MAIN2,
    "end": Phase.END_STEP,
}


class _CardType(NamedTuple):
    LAND: int = 1
    CREATURE: int = 2
    ARTIFACT: int = 4
    ENCHANTMENT: int = 8
    INSTANT: int = 16
    SORCERY: int = 32
    PLANESWALKER: int = 64
    BATTLE: int = 128
    KINDRED: int = 256
    # supertypes share the mask
    LEGENDARY: int = 512
    BASIC: int = 1024
    TOKEN_DEF: int = 2048  # a token definition, never in a deck


CardType = _CardType()
PERMANENT_TYPES = (
    CardType.LAND
    | CardType.CREATURE
    | CardType.ARTIFACT
    | CardType.ENCHANTMENT
    | CardType.PLANESWALKER
    | CardType.BATTLE
)


class _Color(NamedTuple):
    W: int = 1
    U: int = 2
    B: int = 4
    R: int = 8
    G: int = 16


Color = _Color()
COLOR_ORDER = "WUBRG"  # index i <-> bit 1 << i; mana pool slot i; slot 5 = colorless


class _Keyword(NamedTuple):
    FLYING: int = 1
    REACH: int = 2
    FIRST_STRIKE: int = 4
    DOUBLE_STRIKE: int = 8
    DEATHTOUCH: int = 16
    LIFELINK: int = 32
    TRAMPLE: int = 64
    VIGILANCE: int = 128
    HASTE: int = 256
    MENACE: int = 512
    DEFENDER: int = 1024
    INDESTRUCTIBLE: int = 2048
    HEXPROOF: int = 4096
    FLASH: int = 8192
    WARD2: int = 16384  # ward {2}: targeting it taxes {2} or counters (rules/stack.queue_ward)
    PROWESS: int = 32768
    CANT_BLOCK: int = 65536
    UNBLOCKABLE: int = 131072  # "can't be blocked" (Shoreline Looter; threshold statics)
    UNBLOCKABLE_BY_POWER_2: int = 262144  # "can't be blocked by creatures with power 2 or less"
    WARD1: int = 524288  # ward {1} (rules/stack.queue_ward)
    WARD_LIFE2: int = 1048576  # "Ward—Pay 2 life" (rules/stack.queue_ward)
    WARD_DISCARD: int = 2097152  # "Ward—Discard a card." (rules/stack.queue_ward)
    WARD_FOOD: int = 4194304  # "Ward—Sacrifice a Food." (rules/stack.queue_ward)


Keyword = _Keyword()


class _GiftKind(NamedTuple):
    NONE: int = 0
    FOOD: int = 1
    CARD: int = 2
    TAPPED_FISH: int = 3
    TREASURE: int = 4
    OCTOPUS: int = 5
    EXTRA_TURN: int = 6


GiftKind = _GiftKind()
# Spelling used in gift_cards.json and the card data files.
GIFT_KIND_NAMES = {
    "food": GiftKind.FOOD,
    "card": GiftKind.CARD,
    "tapped_fish": GiftKind.TAPPED_FISH,
    "treasure": GiftKind.TREASURE,
    "octopus": GiftKind.OCTOPUS,
    "extra_turn": GiftKind.EXTRA_TURN,
}


class _Support(NamedTuple):
    EXACT: int = 0
    APPROXIMATE: int = 1
    UNSUPPORTED: int = 2


Support = _Support()
SUPPORT_NAMES = ("exact", "approximate", "unsupported")


class _EndReason(NamedTuple):
    NONE: int = 0  # still running
    LIFE: int = 1  # last opponent at 0 life
    LIBRARY: int = 2  # last opponent drew from an empty library
    TURN_CAP: int = 3  # draw: turn cap reached
    ACTION_CAP: int = 4  # draw: action cap reached
    ALL_LOST: int = 5  # draw: every remaining player lost at once
    CAPACITY: int = 6  # error: a declared capacity overflowed (reported, never truncated)
    CONCEDE: int = 7  # scenario ended by script
    WIN_EFFECT: int = 8  # a player won by an effect ("you win the game", 104.2b)
    COMMANDER_DAMAGE: int = 9  # last opponent took 21 combat damage from one commander (704.6c)


EndReason = _EndReason()
END_REASON_NAMES = (
    "running",
    "life",
    "library",
    "turn_cap",
    "action_cap",
    "all_lost",
    "capacity",
    "concede",
    "win_effect",
    "commander_damage",
)


class _LeaveCause(NamedTuple):
    """Why a permanent left the battlefield, where the zone row's C says it (0: an effect
    moved it, or a cause not recorded; a move to a library keeps C for the position)."""

    NONE: int = 0
    DESTROYED: int = 1  # destroy (701.8): "destroy target creature"
    SACRIFICED: int = 2  # sacrifice (701.21): an effect or a cost
    LETHAL_DAMAGE: int = 3  # 704.5g-h: damage at least its toughness, or from deathtouch
    ZERO_TOUGHNESS: int = 4  # 704.5f
    LEGEND_RULE: int = 5  # 704.5j
    UNATTACHED: int = 6  # 704.5m: an Aura attached to nothing, or to what it cannot enchant
    EXILED_INSTEAD: int = 7  # it would have died: exiled instead (614.1a)


LeaveCause = _LeaveCause()
LEAVE_CAUSE_NAMES = tuple(n.lower() for n in LeaveCause._fields)


class _UnlessCost(NamedTuple):
    """What an "unless" asks of a player to keep a spell or ability from being countered
    (a ward trigger, "counter target spell unless its controller pays"): Event.PAY's A."""

    MANA: int = 1
    LIFE: int = 2
    DISCARD: int = 3  # "Ward—Discard a card."
    FOOD: int = 4  # "Ward—Sacrifice a Food."


UnlessCost = _UnlessCost()
UNLESS_COST_NAMES = ("none", *(n.lower() for n in UnlessCost._fields))


class _Event(NamedTuple):
    """Kinds of game-log events (kernel/rules/gamelog.py writes them; analysis/gamelog.py reads
    them). Each row's OBJ/OBJ2/A/B/C mean what the comment says; -1 when unused."""

    GAME_START: int = 0  # seat: the first player; A players, B starting life
    MULLIGAN: int = 1  # seat mulligans: A the hand's lands, B mulligans so far
    KEEP: int = 2  # seat keeps: A cards in hand, B mulligans taken, C lands in hand
    TURN_START: int = 3  # seat (active) begins a turn: A 1 for an extra turn
    DRAW: int = 4  # seat draws OBJ
    ZONE: int = 5  # OBJ moves from zone A to zone B (enums.Zone); seat: its owner
    CAST: int = 6  # seat casts OBJ: A promised, B recipient, C mana spent; TARGET rows follow
    TARGET: int = 7  # OBJ (the spell or ability source just put on the stack) targets OBJ2
    ACTIVATE: int = 8  # seat activates an ability (A its id) of OBJ
    TRIGGER: int = 9  # an ability (A) of OBJ controlled by seat goes on the stack; B stack kind
    RESOLVE: int = 10  # the top of the stack resolves: OBJ, A stack kind, B promised
    FIZZLE: int = 11  # OBJ's spell or ability doesn't resolve: every target became illegal
    COUNTER: int = 12  # OBJ's spell is countered (A 1: returned to hand instead)
    GIFT: int = 13  # seat gives a gift (A enums.GiftKind) to B for OBJ; DRAW/TOKEN rows follow
    TOKEN: int = 14  # OBJ, a token, is created under seat's control
    ATTACK: int = 15  # OBJ (seat's) attacks player A
    BLOCK: int = 16  # OBJ (seat's) blocks OBJ2
    DAMAGE: int = 17  # OBJ deals A damage to OBJ2 (an object, or PLAYER_BASE + a seat)
    LIFE: int = 18  # seat's life changes by A, to B
    LOSES: int = 19  # seat loses the game (leaves it)
    DECISION: int = 20  # the replay's fork point: seat's gift decision A for OBJ, B promise
    GAME_END: int = 21  # written by the reader from the final record: A winner, B end reason
    EFFECT: int = 22  # OBJ's spell or ability changes OBJ2: A the Op (TAP, UNTAP, PUMP, GRANT,
    # ADD_COUNTERS), B and C its numbers (+P and +T; the keywords; counter kind and how many)
    LOOK: int = 23  # seat looks at the top A cards of its library to surveil (B 1) or scry (B 0);
    # the ZONE rows that follow are the cards it puts into the graveyard or on the bottom
    CONTROL: int = 24  # seat gains control of OBJ (an Aura's "you control enchanted creature",
    # "until end of turn", "for as long as"; and back): A its previous controller
    PAY: int = 25  # seat pays (C 1) or does not pay (C 0) what OBJ's "unless" asks to keep
    # OBJ2 (a spell, or an ability's source) from being countered: A UnlessCost, B mana or life


Event = _Event()
EVENT_NAMES = tuple(n.lower() for n in Event._fields)

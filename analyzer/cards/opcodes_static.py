"""The static ops (read by the characteristics refresh, kernel/rules/chars.py, never run on the
stack): their entries of ``opcodes.OP_SPECS``, split from opcodes.py along that seam."""

from __future__ import annotations

from analyzer.cards.opspec import POWER as _POWER
from analyzer.cards.opspec import TOUGHNESS as _TOUGHNESS
from analyzer.cards.opspec import OpSpec
from analyzer.cards.opspec import param as _p
from analyzer.enums import Op

STATIC_OP_SPECS: dict[str, OpSpec] = {
    # ---- issue 20 ----
    "static_pt_lands": OpSpec(
        Op.STATIC_PT_LANDS,
        "this creature's power and toughness are each equal to the number of lands you control "
        "(a characteristic-defining ability, 604.3: write power = 0, toughness = 0); "
        '`land_types`: only lands with one of these basic land types ("the number of Islands '
        'you control": `"U"`)',
        (_p("land_types", "colors", "a", ""),),
        static=True,
    ),
    "static_damage_plus": OpSpec(
        Op.STATIC_DAMAGE_PLUS,
        "if a permanent you control with one of `subtypes` would deal damage to a permanent or "
        "player, it deals that much damage plus `amount` instead",
        (_p("amount", "int", "a", 1, lo=1, hi=9), _p("subtypes", "subtypes", "c")),
        static=True,
    ),
    "static_no_life_gain": OpSpec(
        Op.STATIC_NO_LIFE_GAIN,
        "\"Players can't gain life. Damage can't be prevented.\" (a spell or ability that would "
        "gain life still does the rest; protection prevents no damage)",
        static=True,
    ),
    "static_extra_land": OpSpec(
        Op.STATIC_EXTRA_LAND,
        '"You may play an additional land on each of your turns" (`count` more land drops; '
        "each such permanent adds its own, 305.2)",
        (_p("count", "int", "a", 1, lo=1, hi=3),),
        static=True,
    ),
    "static_extra_land_each": OpSpec(
        Op.STATIC_EXTRA_LAND_EACH,
        '"Each player may play an additional land on each of their turns" (`count` more land '
        "drops for every player, 305.2)",
        (_p("count", "int", "a", 1, lo=1, hi=3),),
        static=True,
    ),
    # ---- issue 20 ----
    "static_noncombat_damage_plus": OpSpec(
        Op.STATIC_NONCOMBAT_DAMAGE_PLUS,
        "if a source you control would deal noncombat damage to an opponent or a permanent an "
        "opponent controls, it deals that much damage plus `amount` instead",
        (_p("amount", "int", "a", 2, lo=1, hi=9),),
        static=True,
    ),
    "static_others_enter_p1p1": OpSpec(
        Op.STATIC_OTHERS_ENTER_P1P1,
        "other creatures you control enter with `count` additional +1/+1 counters on them "
        "(`per_opp_lost_life`: `count` for each opponent who lost life this turn; "
        '`except_subtypes`: not those with one of them, "each other non-Human creature")',
        (
            _p("count", "int", "a", 1, lo=1, hi=9),
            _p("per_opp_lost_life", "bool", "b", False),
            _p("except_subtypes", "subtypes", "c", []),
        ),
        static=True,
    ),
    "static_equipped_pump": OpSpec(
        Op.STATIC_EQUIPPED_PUMP,
        "equipped creature gets +power/+toughness",
        (_POWER, _TOUGHNESS),
        static=True,
    ),
    "static_equipped_lose": OpSpec(
        Op.STATIC_EQUIPPED_LOSE,
        "equipped creature loses `keywords`",
        (_p("keywords", "keywords", "a"),),
        static=True,
    ),
    "static_control_enchanted": OpSpec(
        Op.STATIC_CONTROL_ENCHANTED, "you control enchanted creature", static=True
    ),
    "static_anthem": OpSpec(
        Op.STATIC_ANTHEM,
        'other creatures you control (of `subtype`, empty = all; "chosen": the type chosen '
        "as the source entered) get +power/+toughness",
        (_POWER, _TOUGHNESS, _p("subtype", "subtype", "c", "")),
        static=True,
    ),
    "static_self": OpSpec(
        Op.STATIC_SELF,
        "this creature gets +power/+toughness and has `keywords`; the step's "
        '`when` is the "as long as" (threshold, control_token, ...)',
        (_POWER, _TOUGHNESS, _p("keywords", "keywords", "c", [])),
        static=True,
    ),
    "static_equipped_grant": OpSpec(
        Op.STATIC_EQUIPPED_GRANT,
        "equipped or enchanted creature has `keywords`",
        (_p("keywords", "keywords", "a"),),
        static=True,
    ),
    "static_opp_creatures": OpSpec(
        Op.STATIC_OPP_CREATURES,
        "creatures your opponents control get +power/+toughness",
        (_POWER, _TOUGHNESS),
        static=True,
    ),
    "static_spells_cost_less": OpSpec(
        Op.STATIC_SPELLS_COST_LESS,
        "spells of `types` you cast cost {`amount`} less (generic mana only, 601.2f; "
        "`noncreature`: only those that are not creature spells, so an artifact creature is "
        "not reduced)",
        (
            _p("types", "types", "a"),
            _p("amount", "int", "b", 1, lo=1, hi=5),
            _p("noncreature", "bool", "c", False),
        ),
        static=True,
    ),
    "static_pt_creatures": OpSpec(
        Op.STATIC_PT_CREATURES,
        "this creature's power and toughness are each equal to the number of creatures you "
        "control (a characteristic-defining ability, 604.3: write power = 0, toughness = 0)",
        static=True,
    ),
    "static_equipped_creatures": OpSpec(
        Op.STATIC_EQUIPPED_CREATURES,
        "equipped creatures you control (an artifact is attached to them) have `keywords`",
        (_p("keywords", "keywords", "a"),),
        static=True,
    ),
    "static_others_have": OpSpec(
        Op.STATIC_OTHERS_HAVE,
        'other creatures you control with one of `subtypes` have `keywords` ("Other Frogs you '
        'control have ward {1}")',
        (_p("keywords", "keywords", "a"), _p("subtypes", "subtypes", "c")),
        static=True,
    ),
    "static_countered_have": OpSpec(
        Op.STATIC_COUNTERED_HAVE,
        'permanents you control with one or more counters on them have `keywords` ("Permanents '
        'you control with counters on them have ward {1}")',
        (_p("keywords", "keywords", "a"),),
        static=True,
    ),
    "static_double_counters": OpSpec(
        Op.STATIC_DOUBLE_COUNTERS,
        '"If you would put one or more counters on a permanent or player, put twice that many '
        'of each of those kinds of counters on that permanent or player instead" (614.1a; '
        "each such ability doubles again, 616.1)",
        static=True,
    ),
    "static_anthem_subtypes": OpSpec(
        Op.STATIC_ANTHEM_SUBTYPES,
        'other creatures you control with one of `subtypes` get +power/+toughness ("Other '
        'Rabbits, Bats, Birds, and Mice you control get +1/+1": a creature with two of them '
        "gets it once)",
        (_POWER, _TOUGHNESS, _p("subtypes", "subtypes", "c")),
        static=True,
    ),
    "static_self_per_other": OpSpec(
        Op.STATIC_SELF_PER_OTHER,
        "this creature gets +power/+toughness for each other permanent you control with one "
        'of `subtypes` ("gets +1/+0 for each other Rat you control")',
        (_POWER, _TOUGHNESS, _p("subtypes", "subtypes", "c")),
        static=True,
    ),
    "static_token_anthem": OpSpec(
        Op.STATIC_TOKEN_ANTHEM,
        "creature tokens you control get +power/+toughness",
        (_POWER, _TOUGHNESS),
        static=True,
    ),
    # ---- Bloomburrow Commander precons (issue 21) ----
    "static_no_max_hand_size": OpSpec(
        Op.STATIC_NO_MAX_HAND_SIZE,
        '"You have no maximum hand size": its controller discards nothing at cleanup (514.1)',
        static=True,
    ),
    "static_max_hand_size": OpSpec(
        Op.STATIC_MAX_HAND_SIZE,
        '"Your maximum hand size is `size`" (402.2): its controller discards down to `size` at '
        "cleanup (514.1); with a no-maximum effect too, the later timestamp wins (613.7)",
        (_p("size", "int", "a", lo=8, hi=99),),
        static=True,
    ),
    "static_creatures_have": OpSpec(
        Op.STATIC_CREATURES_HAVE,
        'creatures you control (of `types`, empty = all) have `keywords` ("Artifact creatures '
        'you control have haste"), the source too if it is one',
        (_p("keywords", "keywords", "a"), _p("types", "types", "b", [])),
        static=True,
    ),
}


# The static ops chars.refresh (and what it calls) reads: a card with static abilities of other
# ops only (cost reductions, hand sizes, replacement effects) changes no characteristics
CHARS_STATIC_OPS = frozenset(
    {
        Op.STATIC_ANIMATE,
        Op.STATIC_ANTHEM,
        Op.STATIC_ANTHEM_PER_COUNTER,
        Op.STATIC_ANTHEM_SUBTYPES,
        Op.STATIC_ASCEND,
        Op.STATIC_ATTACKING_HAVE,
        Op.STATIC_CONTROL_ENCHANTED,
        Op.STATIC_COUNTERED_HAVE,
        Op.STATIC_CREATURES_HAVE,
        Op.STATIC_DOUBLE_COUNTERS,
        Op.STATIC_ENCHANTED_BECOMES,
        Op.STATIC_EQUIPPED_CREATURES,
        Op.STATIC_EQUIPPED_GRANT,
        Op.STATIC_EQUIPPED_LOSE,
        Op.STATIC_EQUIPPED_PER_BASE_1,
        Op.STATIC_EQUIPPED_PUMP,
        Op.STATIC_OPP_BASE_TOUGHNESS,
        Op.STATIC_OPP_CREATURES,
        Op.STATIC_OTHERS_FOOD,
        Op.STATIC_OTHERS_HAVE,
        Op.STATIC_OTHERS_PROWESS,
        Op.STATIC_PT_CREATURES,
        Op.STATIC_PT_HAND,
        Op.STATIC_PT_LANDS,
        Op.STATIC_SELF,
        Op.STATIC_SELF_EXILED_TYPES,
        Op.STATIC_SELF_PER_BASE_POWER,
        Op.STATIC_SELF_PER_OTHER,
        Op.STATIC_SMALL_UNBLOCKABLE,
        Op.STATIC_TOKEN_ANTHEM,
    }
)

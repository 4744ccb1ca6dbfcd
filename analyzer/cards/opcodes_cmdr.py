"""The ops added for the Bloomburrow Commander precons (issue 21, codes 200-219):
their entries of ``opcodes.OP_SPECS``. The kernel side: ``kernel/rules/effects_cmdr.py``."""

from __future__ import annotations

from analyzer.cards.opspec import GRAVEYARD_KINDS as _GRAVE
from analyzer.cards.opspec import PLAYER_KINDS as _PLAYERS
from analyzer.cards.opspec import PLAYER_NAMES as _PLAYER_NAMES
from analyzer.cards.opspec import POWER as _POWER
from analyzer.cards.opspec import TOUGHNESS as _TOUGHNESS
from analyzer.cards.opspec import OpSpec
from analyzer.cards.opspec import param as _p
from analyzer.enums import Intent, Op, Ref, TargetKind

# a target group of permanents (or "any" target), or an object ref name
_PERMS = frozenset({TargetKind.PERMANENT, TargetKind.ANY})
_OBJ_NAMES = frozenset({"self", "it", "attached", "trigger_object"})

CMDR_OP_SPECS: dict[str, OpSpec] = {
    "double_p1p1_all": OpSpec(
        Op.DOUBLE_P1P1_ALL,
        '"double the number of +1/+1 counters on each creature you control" (each gets as '
        "many more as it has; a creature without any gets none)",
    ),
    "pump_others": OpSpec(
        Op.PUMP_OTHERS,
        "other creatures you control get +power/+toughness and gain `keywords` until end of "
        'turn ("other creatures you control get +2/+2 and gain vigilance and trample until end '
        'of turn"; not the source)',
        (_POWER, _TOUGHNESS, _p("keywords", "keywords", "c", [])),
    ),
    "static_big_spells_cost_less": OpSpec(
        Op.STATIC_BIG_SPELLS_COST_LESS,
        "creature spells you cast with power `power_at_least` or greater cost {`amount`} less "
        "(generic mana only, 601.2f; the spell's power as printed)",
        (
            _p("amount", "int", "a", 1, lo=1, hi=5),
            _p("power_at_least", "int", "b", 4, lo=1, hi=20),
        ),
        static=True,
    ),
    "pump_power_at_least": OpSpec(
        Op.PUMP_POWER_AT_LEAST,
        "each creature you control with power `power_at_least` or greater (as the step "
        "resolves) gets +`amount`/+`amount` and gains `keywords` until end of turn",
        (
            _p("amount", "int", "a", 1, lo=0, hi=9),
            _p("keywords", "keywords", "b", []),
            _p("power_at_least", "int", "c", 4, lo=1, hi=20),
        ),
    ),
    "p1p1_each_entered_color": OpSpec(
        Op.P1P1_EACH_ENTERED_COLOR,
        "put a +1/+1 counter on each creature of one of `colors` that entered the battlefield "
        'this turn, whoever controls it ("each green creature that entered this turn")',
        (_p("colors", "colors", "a"),),
    ),
    "remove_counter_sacrifice_last": OpSpec(
        Op.REMOVE_COUNTER_SACRIFICE_LAST,
        'remove a time counter (`counter = "time"` of `add_counters`, O.STASH) from the '
        "source; when the last is removed, sacrifice it (Vanishing's upkeep trigger, 702.63a: "
        "the sacrifice follows at once, in the same resolution)",
    ),
    "create_token_per_p1p1": OpSpec(
        Op.CREATE_TOKEN_PER_P1P1,
        "each player in ref creates a `token` token (`tapped`) for each +1/+1 counter on the "
        'source, as it last existed if it left ("When this creature dies, create a 1/1 token '
        'for each +1/+1 counter on it")',
        (_p("token", "token", "a"), _p("tapped", "bool", "c", False)),
        _PLAYERS,
        _PLAYER_NAMES,
        ref_default=Ref.YOU,
        sets_it=True,
        intent=Intent.HELP,
    ),
    "win_game": OpSpec(
        Op.WIN_GAME,
        "you win the game: each of your opponents loses it (104.3h: in a multiplayer game, an "
        "effect that says a player wins makes all that player's opponents lose)",
    ),
    "prevent_damage_to_you": OpSpec(
        Op.PREVENT_DAMAGE_TO_YOU,
        '"Prevent all damage that would be dealt to you this turn" (615.1; not damage that '
        "can't be prevented)",
    ),
    "extra_land_turn": OpSpec(
        Op.EXTRA_LAND_TURN,
        '"You may play an additional land this turn" (one more land drop this turn, 305.2a)',
    ),
    "return_under_owner": OpSpec(
        Op.RETURN_UNDER_OWNER,
        "each card in ref still in a graveyard returns to the battlefield under its owner's "
        "control (`flying_counter`: with a flying counter on it, a keyword counter, 122.1b)",
        (_p("flying_counter", "bool", "a", False),),
        _GRAVE,
        frozenset({"it", "trigger_object"}),
        intent=Intent.HELP,
    ),
    "static_pt_hand": OpSpec(
        Op.STATIC_PT_HAND,
        "this creature's power and toughness are each equal to the number of cards in your "
        "hand (a characteristic-defining ability, 604.3: write power = 0, toughness = 0)",
        static=True,
    ),
    "static_small_unblockable": OpSpec(
        Op.STATIC_SMALL_UNBLOCKABLE,
        "creatures you control with power or toughness 1 or less can't be blocked (read as "
        "blockers are declared, after every effect on power and toughness)",
        static=True,
    ),
    "static_self_per_base_power": OpSpec(
        Op.STATIC_SELF_PER_BASE_POWER,
        "this creature gets +power/+toughness for each other creature you control with base "
        "power `base_power` (the printed power, a token's as its creator set it, a "
        "characteristic-defining ability's value; not counters or pumps)",
        (_POWER, _TOUGHNESS, _p("base_power", "int", "c", 1, lo=0, hi=20)),
        static=True,
    ),
    "token_copies_by_subtype": OpSpec(
        Op.TOKEN_COPIES_BY_SUBTYPE,
        "create a token that's a copy of each object in ref; `count` of them instead if it has "
        'one of `subtypes` ("If that token is a Squirrel, instead create two tokens that are '
        "copies of it\"; a token's copy has the characteristics its creator gave it)",
        (_p("subtypes", "subtypes", "a"), _p("count", "int", "b", 2, lo=1, hi=9)),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HELP,  # the chooser's own best token (neutral would pick its least)
    ),
    "static_animate": OpSpec(
        Op.STATIC_ANIMATE,
        "each non-Equipment artifact and non-Aura enchantment you control with mana value "
        "`mv_at_least` or greater is a `token` creature in addition to its other types: the "
        "token record's types, subtypes, power and toughness (its base P/T, 613.4b), keywords "
        'and abilities are added (the step\'s `when` is the "during your turn"; the compiler '
        "makes each such card's CardCol.ANIMATE_TWIN row, chars._faces gives it)",
        (_p("token", "token", "a"), _p("mv_at_least", "int", "b", 4, lo=0, hi=20)),
        static=True,
    ),
}

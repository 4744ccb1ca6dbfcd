"""The step schema of the ops that create tokens or put counters (merged into opcodes.OP_SPECS;
see opcodes.py for what a spec says)."""

from __future__ import annotations

from analyzer.cards.opspec import OBJECT_NAMES as _OBJ_NAMES
from analyzer.cards.opspec import PERMANENT_KINDS as _PERMS
from analyzer.cards.opspec import PLAYER_KINDS as _PLAYERS
from analyzer.cards.opspec import PLAYER_NAMES as _PLAYER_NAMES
from analyzer.cards.opspec import SPELL_KINDS as _SPELLS
from analyzer.cards.opspec import OpSpec
from analyzer.cards.opspec import param as _p
from analyzer.enums import Intent, Op, Ref

TOKEN_OP_SPECS: dict[str, OpSpec] = {
    "create_token": OpSpec(
        Op.CREATE_TOKEN,
        "each player in ref creates `count` `token` tokens",
        (
            _p("token", "token", "a"),
            _p("count", "int", "b", 1, lo=1, hi=20),
            _p("tapped", "bool", "c", False),
        ),
        _PLAYERS,
        _PLAYER_NAMES,
        ref_default=Ref.YOU,
        sets_it=True,
        intent=Intent.HELP,
    ),
    "create_token_attacking": OpSpec(
        Op.CREATE_TOKEN_ATTACKING,
        "you create `count` `token` tokens that are tapped and attacking (the player your "
        "other attackers attack; put onto the battlefield attacking, never declared: no attack "
        "triggers, 508.4)",
        (_p("token", "token", "a"), _p("count", "int", "b", 1, lo=1, hi=20)),
        sets_it=True,
    ),
    "create_token_x": OpSpec(
        Op.CREATE_TOKEN_X,
        "each player in ref creates X `token` tokens (`tapped`), X counted as the step resolves "
        "as `x` says (`self_power`: the source's power, as it last existed if it died; "
        "`opponents`; `spells_cast_turn`: the spells you cast this turn)",
        (
            _p("token", "token", "a"),
            _p("x", "xcount", "b"),
            _p("tapped", "bool", "c", False),
        ),
        _PLAYERS,
        _PLAYER_NAMES,
        ref_default=Ref.YOU,
        sets_it=True,
        intent=Intent.HELP,
    ),
    "token_copy": OpSpec(
        Op.TOKEN_COPY,
        "create a token that's a copy of each object in ref",
        (
            _p("power", "int", "a", 0, lo=0, hi=99, doc="P override, 0 = none"),
            _p("toughness", "int", "b", 0, lo=0, hi=99, doc="T override, 0 = none"),
            _p("nonlegendary_only", "bool", "c", False, doc="skip a legendary original"),
        ),
        _PERMS,
        _OBJ_NAMES,
        sets_it=True,
        intent=Intent.NEUTRAL,
    ),
    "add_counters": OpSpec(
        Op.ADD_COUNTERS,
        "put `count` counters of kind `counter` on each permanent in ref",
        (_p("counter", "counter", "a"), _p("count", "int", "b", 1, lo=1, hi=20)),
        _PERMS,
        _OBJ_NAMES,
    ),  # intent depends on the counter: see step_intent()
    "add_p1p1_x": OpSpec(
        Op.ADD_P1P1_X,
        "put X +1/+1 counters on each permanent in ref, X counted as `x` says: "
        "`other_permanents_with_subtypes` (other permanents you control with one of "
        '`subtypes`: "for each other Squirrel and/or Food you control"), '
        "`creatures_you_control`, `greatest_mv_in_graveyard`",
        (_p("x", "xcount", "a"), _p("subtypes", "subtypes", "b", [])),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HELP,
    ),
    "p1p1_each_entered": OpSpec(
        Op.P1P1_EACH_ENTERED,
        "put a +1/+1 counter on each creature you control with one of `subtypes` that entered "
        'the battlefield this turn (`any_turn`: each one, whenever it entered: "Put a +1/+1 '
        'counter on each Bird you control"; `other`: not the source, "each other Squirrel")',
        (
            _p("subtypes", "subtypes", "a"),
            _p("any_turn", "bool", "b", False),
            _p("other", "bool", "c", False),
        ),
    ),
    "p1p1_others_token_or": OpSpec(
        Op.P1P1_OTHERS_TOKEN_OR,
        "put a +1/+1 counter on each other creature you control that's a token or has one of "
        "`subtypes`",
        (_p("subtypes", "subtypes", "a"),),
    ),
    "put_counters_of": OpSpec(
        Op.PUT_COUNTERS_OF,
        "put on each permanent in ref as many counters of each kind as the source had as it "
        'last existed ("When this dies, put its counters on target creature you control")',
        (),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HELP,
    ),
    "double_p1p1": OpSpec(
        Op.DOUBLE_P1P1,
        "double the number of +1/+1 counters on each creature in ref (put as many as it has)",
        (),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HELP,
    ),
    "controller_creates": OpSpec(
        Op.CONTROLLER_CREATES,
        'the controller of each permanent in ref creates a `token` token ("Its controller '
        'creates a 3/3 green Beast creature token"); write it before the step that removes the '
        "permanent: it reads the controller the permanent has; a spell's too (\"Counter target "
        'noncreature spell. Its controller creates two Treasure tokens.")',
        (_p("token", "token", "a"),),
        _PERMS | _SPELLS,
        _OBJ_NAMES,
    ),
    # issue 20, the last three Bloomburrow cards (kernel/rules/effects_until.py)
    "token_copy_x": OpSpec(
        Op.TOKEN_COPY_X,
        "create X tokens that are copies of each permanent in ref, X counted as `x` says "
        '("Create X tokens that are copies of target token you control": `x = "x_paid"`; a '
        "token's copy has the characteristics its creator gave it, untapped, no counters)",
        (_p("x", "xcount", "a"),),
        _PERMS,
        _OBJ_NAMES,
        sets_it=True,
        intent=Intent.HELP,
    ),
    "grant_all_until_your_turn": OpSpec(
        Op.GRANT_ALL_UNTIL_YOUR_TURN,
        "permanents you control (`tokens`: your tokens) gain `keywords` until your next turn "
        "(the permanents as it runs, 611.2c; it ends as your next turn begins, 611.2b)",
        (_p("keywords", "keywords", "a"), _p("tokens", "bool", "b", False)),
    ),
}

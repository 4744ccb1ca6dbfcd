"""Ops that count what a cost paid or what a player controls as they resolve: damage equal to
an X ("the sacrificed creature's power", 608.2h), and "create a token if you don't control a
[subtype]; otherwise, put a +1/+1 counter on one". Their entries of ``opcodes.OP_SPECS``; the
kernel side is ``effects.run_steps`` and ``effects_cmdr.create_token_unless_p1p1``."""

from __future__ import annotations

from analyzer.cards.opspec import PLAYER_KINDS, PLAYER_NAMES, OpSpec
from analyzer.cards.opspec import param as _p
from analyzer.enums import Intent, Op, TargetKind

COUNTED_OP_SPECS: dict[str, OpSpec] = {
    "damage_x": OpSpec(
        Op.DAMAGE_X,
        "the source deals X damage to each player or permanent in ref, X counted as `x` says "
        "as the step resolves (`sacrificed_power`: the power of the creature sacrificed to pay "
        "for this ability, as it last existed, 608.2h)",
        (_p("x", "xcount", "a"), _p("subtypes", "subtypes", "b", [])),
        PLAYER_KINDS | frozenset({TargetKind.PERMANENT}),
        PLAYER_NAMES | frozenset({"self", "it", "attached", "trigger_object"}),
        intent=Intent.HARM,
    ),
    "create_token_unless_p1p1": OpSpec(
        Op.CREATE_TOKEN_UNLESS_P1P1,
        "create a `token` token if you don't control a permanent with one of `subtypes`; "
        "otherwise put a +1/+1 counter on one you control (not a target: your choice, the "
        "built-in player's greatest power); sets `it`",
        (_p("token", "token", "a"), _p("subtypes", "subtypes", "b")),
        sets_it=True,
    ),
    "counter_then_punish": OpSpec(
        Op.COUNTER_THEN_PUNISH,
        "put a blight counter (a stash counter: only the source's own abilities count it) on "
        "the source if it is still on the battlefield; then for each one on it (as it last "
        "existed, if it left) each player in ref loses `amount` life unless they sacrifice a "
        "nonland permanent or discard a card (their choice each time)",
        (_p("amount", "int", "a", lo=1, hi=99),),
        PLAYER_KINDS,
        PLAYER_NAMES,
        intent=Intent.HARM,
    ),
}

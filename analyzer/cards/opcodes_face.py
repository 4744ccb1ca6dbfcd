"""The ops that give a permanent another card row's characteristics (layers 4-6 by whole rows,
``O.FACE``): Sugar Coat's "Enchanted permanent is a colorless Food artifact with ... and loses
all other card types and abilities", a Vehicle's "becomes an artifact creature until end of
turn". Their entries of ``opcodes.OP_SPECS``; the kernel side is ``chars._faces`` (the static),
``state.becomes_until_eot`` (the effect) and ``view.printed_card`` (what the object is)."""

from __future__ import annotations

from analyzer.cards.opspec import OpSpec
from analyzer.cards.opspec import param as _p
from analyzer.enums import Intent, Op, TargetKind

FACE_OP_SPECS: dict[str, OpSpec] = {
    "static_enchanted_becomes": OpSpec(
        Op.STATIC_ENCHANTED_BECOMES,
        "the enchanted permanent has the types, subtypes, colors, keywords and abilities of "
        "token record `token` instead of its own (layers 4-6, 613.1d-f: it keeps its name, mana "
        "value and supertypes; a creature that stops being one leaves combat, 506.4)",
        (_p("token", "token", "a"),),
        static=True,
    ),
    "static_others_food": OpSpec(
        Op.STATIC_OTHERS_FOOD,
        'other creatures are Food artifacts in addition to their other types and have "{2}, '
        "{T}, Sacrifice this permanent: You gain 3 life.\" (each creature's Food twin row, "
        "CardCol.FOOD_TWIN: the compiler makes one per creature once such a card exists)",
        static=True,
    ),
    "becomes_until_eot": OpSpec(
        Op.BECOMES_UNTIL_EOT,
        "each permanent in ref has the characteristics of record `token` until end of turn "
        '("this Vehicle becomes an artifact creature until end of turn": the record is the '
        "card as a creature, its abilities written again; power and toughness stay its own)",
        (_p("token", "token", "a"),),
        frozenset({TargetKind.PERMANENT, TargetKind.ANY}),
        frozenset({"self", "it", "attached", "trigger_object"}),
        ref_default=None,
        intent=Intent.HELP,
    ),
}

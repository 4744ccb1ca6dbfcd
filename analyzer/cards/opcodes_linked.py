"""Ops of "cards exiled with [this]" (607.2a, a link from a source to the cards it exiled for
good, not "until" it leaves): exile a card from a graveyard linked to the source, and a static
that reads the card types among the cards so linked. Their entries of ``opcodes.OP_SPECS``; the
kernel side is ``effects.run_steps`` (O.LINK < 0) and ``chars_counts.exiled_with_types``."""

from __future__ import annotations

from analyzer.cards.opspec import POWER as _POWER
from analyzer.cards.opspec import TOUGHNESS as _TOUGHNESS
from analyzer.cards.opspec import OpSpec
from analyzer.cards.opspec import param as _p
from analyzer.enums import Intent, Op, TargetKind

LINKED_OP_SPECS: dict[str, OpSpec] = {
    "exile_linked": OpSpec(
        Op.EXILE_LINKED,
        'exile each card in ref from its graveyard, linked to the source ("cards exiled with '
        "[this]\", 607.2a: the source's own object; a card that leaves exile is no longer one)",
        (),
        frozenset({TargetKind.CARD_IN_A_GRAVEYARD, TargetKind.CARD_IN_YOUR_GRAVEYARD}),
        frozenset(),
        sets_it=True,
        intent=Intent.HARM,
    ),
    "static_self_exiled_types": OpSpec(
        Op.STATIC_SELF_EXILED_TYPES,
        "as long as there are four or more card types among the cards exiled with this "
        "(`exile_linked`), it gets +power/+toughness and has `keywords`",
        (_POWER, _TOUGHNESS, _p("keywords", "keywords", "c", [])),
        static=True,
    ),
}

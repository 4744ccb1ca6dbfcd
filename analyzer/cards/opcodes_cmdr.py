"""The ops added for the Bloomburrow Commander precons in `cmdr15` (issue 21, codes 200-219):
their entries of ``opcodes.OP_SPECS``. The kernel side: ``kernel/rules/effects_cmdr.py``."""

from __future__ import annotations

from analyzer.cards.opspec import POWER as _POWER
from analyzer.cards.opspec import TOUGHNESS as _TOUGHNESS
from analyzer.cards.opspec import OpSpec
from analyzer.cards.opspec import param as _p
from analyzer.enums import Op

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
}

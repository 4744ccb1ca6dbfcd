"""An effect row's readable fields (effect, and its numbers by kind), for the decoded event log.

Split from gamelog.py (decode fills them in for each ``effect`` row).
"""

from __future__ import annotations

from typing import Any

from analyzer.enums import CounterKind, Keyword, Op

_EFFECT_NAMES = {
    Op.TAP: "tap",
    Op.UNTAP: "untap",
    Op.PUMP: "pump",
    Op.GRANT: "grant",
    Op.ADD_COUNTERS: "counters",
    Op.ADD_P1P1_X: "enters_with",  # the counters a permanent enters with (its own row)
}


def effect_fields(ev: dict[str, Any]) -> None:
    """An effect row's readable fields: effect, and power/toughness, keywords, or counter/count."""
    effect = _EFFECT_NAMES.get(ev["a"], "other")
    ev["effect"] = effect
    if effect == "pump":
        ev["power"], ev["toughness"] = ev["b"], ev["c"]
    elif effect == "grant":
        ev["keywords"] = [
            n.lower().replace("_", " ")
            for n, bit in zip(Keyword._fields, Keyword, strict=True)
            if ev["b"] & bit
        ]
    elif effect in ("counters", "enters_with"):
        names = [n.lower().replace("p1p1", "+1/+1") for n in CounterKind._fields]
        ev["counter"] = names[ev["b"]] if 0 <= ev["b"] < len(names) else "?"
        ev["count"] = ev["c"]
    elif effect == "untap":
        ev["stunned"] = bool(ev["b"])

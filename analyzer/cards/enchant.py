"""An imported Aura's enchant restriction, from its oracle's "Enchant ..." line.

An Aura spell targets what its enchant keyword allows (303.4a, 115.1b, 601.2c) and enters
attached to it (608.3, 303.4f); an Aura attached to nothing goes to the graveyard (704.5m).
A Scryfall Aura whose other abilities are not modeled is still an Aura: this gives its
`spell` ability (the enchant target and an `attach_self` step, the shape of an exact Aura) so
it is cast on something and stays, its other lines ignored and named. An enchant restriction
this does not read leaves the card unsupported: cast, it would pay for nothing.

Whom it is for: an Aura for "a creature an opponent controls", for an opponent, or one whose
text reads as a drawback for what it enchants (a Pacifism, a Curse) is aimed at an opponent
(intent harm); any other at the caster's own permanent (intent help: a Rancor on a creature,
a Wolfwillow Haven on a land).
"""

from __future__ import annotations

import re
from typing import Any

_REMINDER = re.compile(r"\s*\([^)]*\)")
_ENCHANT = re.compile(r"^Enchant (.+?)\.?$")
_TYPES = ("creature", "land", "artifact", "enchantment", "planeswalker")

# Text that makes an Aura a drawback for what it enchants (its controller is an opponent).
_HOSTILE = re.compile(
    r"enchanted (?:creature|permanent|land) (?:can't (?:attack|block)|doesn't untap"
    r"|loses all abilities|gets -\d+/-\d+)"
    r"|you control enchanted"
    r"|enchanted (?:creature|permanent|land)'s controller (?:loses|sacrifices|discards)"
    r"|enchanted (?:player|opponent) (?:loses|sacrifices|discards|can't)",
    re.IGNORECASE,
)


def enchant_line(lines: list[str]) -> str | None:
    """The oracle's "Enchant ..." line (reminder text aside), or None."""
    for ln in lines:
        if _ENCHANT.match(_REMINDER.sub("", ln).strip()):
            return ln
    return None


def aura_spell(lines: list[str], type_line: str) -> dict[str, Any] | None:
    """The `spell` ability (as a [[card.ability]] table) of an Aura with these oracle lines:
    its enchant target and `attach_self`; None when the enchant line is not one we read."""
    line = enchant_line(lines)
    if line is None:
        return None
    m = _ENCHANT.match(_REMINDER.sub("", line).strip())
    assert m is not None
    what = m.group(1).strip().lower()
    hostile = bool(_HOSTILE.search("\n".join(lines))) or "Curse" in type_line
    group: dict[str, Any]
    if what == "opponent":
        group = {"kind": "opponent"}
        hostile = True
    elif what == "player":
        group = {"kind": "player"}
    else:
        filt: list[str] = []
        for suffix, f in (
            (" an opponent controls", "opp_controls"),
            (" you don't control", "not_you"),
            (" you control", "you_control"),
        ):
            if what.endswith(suffix):
                what = what[: -len(suffix)]
                filt.append(f)
                break
        types = re.split(r",\s*(?:or\s+)?|\s+or\s+", what)
        if what == "permanent":
            types = []
        elif not all(t in _TYPES for t in types):
            return None
        if "opp_controls" in filt or "not_you" in filt:
            hostile = True
        elif "you_control" in filt:
            hostile = False
        group = {"kind": "permanent"}
        if types:
            group["types"] = types
        if filt:
            group["filter"] = filt
    group["intent"] = "harm" if hostile else "help"
    return {"kind": "spell", "targets": [group], "steps": [{"op": "attach_self", "ref": 0}]}

"""Mana rocks, mana creatures and fetch lands from Oracle text (Scryfall or MTGJSON data).

Generic: the text decides, never the name. A nonland permanent's free tap mana line becomes an
activated mana ability (``add_mana``), which the mana planner taps like a land for its amount
(kernel/rules/mana.py): Sol Ring, Mind Stone, Fellwar Stone, Llanowar Elves, Gilded Lotus ("Add
three mana of any one color.": the planner makes the three one color). Lines of the same shape
with a cost or a rider are modeled by their mana only, and the card is then approximate:

- "{1}, {T}: Add {W}{U}." (a Signet): one mana of either color per tap, free (the net +1 mana);
- "{T}: Add {R} or {G}. This deals 1 damage to you." (a Talisman): the mana, not the damage;
- "...any color in your commander's color identity", "...that a land an opponent controls could
  produce": any color;

A land whose only ability is "{T}, Sacrifice this: Search your library for a basic land card,
put it onto the battlefield tapped, then shuffle." (Evolving Wilds, Terramorphic Expanse) is
exact: a tap-and-sacrifice ability with ``search_basic_land``, cracked at once by the player.
"""

from __future__ import annotations

import re
from typing import Any

_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_SYMBOLS = r"((?:\{[WUBRGC]\})+)"
# "{T}: Add {C}{C}." / "{T}: Add {R} or {G}." / "{T}: Add {W}, {U}, or {B}."
_PLAIN = re.compile(r"^\{T\}: Add " + _SYMBOLS + r"((?:(?:, | or |, or )\{[WUBRGC]\})*)\.$")
_ANY = re.compile(r"^\{T\}: Add (one|two|three|four|five) mana of any (one )?color\.$")
# with a cost, a rider or a restriction: modeled by the mana alone
_LOOSE = re.compile(r"^(?:\{\d+\}, )?\{T\}(?:, [^:]*)?: Add ([^.]*)\.")
_FETCH = re.compile(
    r"^\{T\}, Sacrifice (?:this land|[^:]+): Search your library for a basic "
    r"land card, put it onto the battlefield tapped, then shuffle\."
)


def _ability(colors: str, amount: int) -> dict[str, Any]:
    return {
        "kind": "activated",
        "tap": True,
        "mana": True,
        "steps": [{"op": "add_mana", "colors": colors, "amount": amount}],
    }


def _symbols_colors(text: str) -> str:
    found = re.findall(r"\{([WUBRGC])\}", text)
    colored = "".join(dict.fromkeys(c for c in found if c != "C"))
    return colored or "C"


def mana_line(line: str) -> tuple[dict[str, Any] | None, bool]:
    """(the mana ability a line becomes or None, is it modeled exactly)."""
    m = _PLAIN.match(line)
    if m:
        first = re.findall(r"\{([WUBRGC])\}", m.group(1))
        if len(first) == 1 or len(set(first)) == 1:  # {G} / {C}{C}: one kind, len(first) of it
            if m.group(2) and len(first) > 1:
                return _ability(_symbols_colors(line), 1), False
            return _ability(_symbols_colors(line), len(first) if not m.group(2) else 1), True
        return _ability(_symbols_colors(m.group(1)), 1), False  # {W}{U} at once
    m = _ANY.match(line)
    if m:
        n = _WORDS[m.group(1)]
        # "three mana of any one color": the planner makes an add_mana's amount one color
        return _ability("any", n), n == 1 or bool(m.group(2))
    m = _LOOSE.match(line)
    if m:
        text = m.group(1)
        if "any color" in text or "any type" in text or "any one color" in text:
            return _ability("any", 1), False
        if re.search(r"\{[WUBRGC]\}", text):
            return _ability(_symbols_colors(text), 1), False
    return None, False


def fetch_land(lines: list[str]) -> tuple[dict[str, Any] | None, bool]:
    """(the program of a land whose one ability fetches a basic land tapped, or None; exact?):
    a rider after the fetch (Fabled Passage's untap) makes it approximate."""
    if len(lines) == 1 and _FETCH.match(lines[0]):
        return (
            {
                "kind": "activated",
                "tap": True,
                "sacrifice": True,
                "steps": [{"op": "search_basic_land"}],
            },
            _FETCH.match(lines[0]).end() == len(lines[0]),
        )
    return None, False

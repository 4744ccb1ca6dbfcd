"""Scryfall card objects -> card data records, with an honest support level.

Users have Scryfall's bulk JSON (``oracle-cards``, ``default-cards``) or API list objects for
sets we don't bundle (DESIGN section 4). This turns each card object into the same fields a
``[[card]]`` table holds, so it goes through the same validation:

- a creature whose text is only keywords we model (flying, reach, ward {2}, ...) is ``exact``
  (a vanilla or "French vanilla" body is fully modeled);
- any other creature is ``approximate``: its stats and keywords, its other abilities ignored;
- a nonbasic land that only taps for mana (and maybe enters tapped) is ``exact``; one that
  makes mana and does more is ``approximate`` (its mana modeled, the rest ignored);
- a mana rock (or a creature) with "{T}: Add ..." lines: those become mana abilities, exact when
  every line is modeled (cards/mana_sources.py); a fetch land ("{T}, Sacrifice ...: Search your
  library for a basic land card ...") is exact;
- everything else, and every card with a gift we have no program for, is ``unsupported``: it is
  listed and named in coverage reports, and decks with it are refused.

The bundled ``data/blb_scryfall.json`` (every Bloomburrow card) goes through here too, after
the TOML records, which win. Run ``python -m analyzer.cards.scryfall CARDS.json [--set CODE]``
to print TOML records for the cards the bundled catalog doesn't have (a start for a program).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from analyzer.cards.enchant import aura_spell, enchant_line
from analyzer.cards.mana_sources import fetch_land, mana_line
from analyzer.cards.records import (
    KEYWORD_NAMES,
    keyword_printed,
    parse_mana_cost,
    parse_type_line,
)
from analyzer.enums import COLOR_ORDER, CardType

# Printed keyword -> our keyword name ("first strike" -> "first_strike").
_KEYWORDS = {keyword_printed(bit): name for name, bit in KEYWORD_NAMES.items()}
_REMINDER = re.compile(r"\s*\([^)]*\)")
_MANA_LINE = re.compile(r"^\{T\}: Add (\{[WUBRGC]\}(?:(?:, | or |, or )\{[WUBRGC]\})*)\.$")
_SKIP_LAYOUTS = frozenset(
    {
        "token",
        "double_faced_token",
        "emblem",
        "art_series",
        "planar",
        "scheme",
        "vanguard",
        "augment",
        "host",
    }
)


def _faces(obj: dict[str, Any]) -> list[dict[str, Any]]:
    return obj.get("card_faces") or [obj]


def _keyword_line(line: str, card_keywords: Iterable[str]) -> tuple[bool, list[str], bool]:
    """(is `line` only keywords, which of ours it has, are they all ours).

    A part counts as a keyword when we model it or Scryfall lists it in the card's keywords
    (so "Offspring {2}" is a keyword line we don't model, and "Draw a card." is not).
    """
    text = _REMINDER.sub("", line).strip().rstrip(".")
    if not text:
        return True, [], True
    listed = [k.lower() for k in card_keywords]
    ours: list[str] = []
    all_ours = True
    for part in re.split(r",\s*|;\s*", text):
        p = part.strip().lower()
        if p in _KEYWORDS:
            ours.append(_KEYWORDS[p])
        elif any(p == k or p.startswith(k + " ") for k in listed):
            all_ours = False
        else:
            return False, [], False
    return True, ours, all_ours


def _colors(obj: dict[str, Any], face: dict[str, Any]) -> str:
    colors = face.get("colors", obj.get("colors")) or []
    return "".join(c for c in COLOR_ORDER if c in colors)


def card_fields(obj: dict[str, Any], default_set: str = "") -> dict[str, Any] | None:
    """The [[card]] fields for one Scryfall card object; None for tokens, emblems and the like."""
    if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
        return None
    if obj.get("layout") in _SKIP_LAYOUTS or obj.get("object", "card") != "card":
        return None
    faces = _faces(obj)
    front = faces[0]
    type_line = front.get("type_line") or obj.get("type_line") or ""
    try:
        types = parse_type_line(type_line).types
    except ValueError:
        return None  # dungeons, conspiracies, ...: not cards a deck simulates
    if types & CardType.TOKEN_DEF:
        return None
    cost = front.get("mana_cost", obj.get("mana_cost")) or ""
    oracle = "\n//\n".join(f.get("oracle_text") or "" for f in faces)
    fields: dict[str, Any] = {
        "name": obj["name"],
        "set": str(obj.get("set") or default_set).upper(),
        "number": str(obj.get("collector_number") or ""),
        "rarity": obj.get("rarity") or "common",
        "cost": cost,
        "type_line": type_line,
    }
    strict_cost = True
    try:
        parse_mana_cost(cost)
    except ValueError:
        strict_cost = False
    power, toughness = front.get("power"), front.get("toughness")
    creature = bool(types & CardType.CREATURE)
    numeric_pt = (
        isinstance(power, str)
        and power.isdigit()
        and isinstance(toughness, str)
        and toughness.isdigit()
    )
    if creature or "Vehicle" in type_line:
        fields["power"] = int(power) if numeric_pt else 0
        fields["toughness"] = int(toughness) if numeric_pt else 0
    if not cost and _colors(obj, front):  # no cost to derive colors from (back faces, ...)
        fields["colors"] = _colors(obj, front)
    lines = [ln for ln in (front.get("oracle_text") or "").split("\n") if ln.strip()]
    kw_lines = [_keyword_line(ln, obj.get("keywords") or []) for ln in lines]
    keywords = sorted({k for ok, ks, _ in kw_lines if ok for k in ks})
    if keywords:
        fields["keywords"] = keywords
    has_gift = any(ln.startswith("Gift ") for ln in lines)
    simple = len(faces) == 1 and strict_cost and not has_gift

    support, note = "unsupported", ""
    # mana rocks and creatures: their mana lines become mana abilities (cards/mana_sources.py)
    mana = [
        mana_line(ln) if not ok else (None, False)
        for ln, (ok, _, _) in zip(lines, kw_lines, strict=True)
    ]
    abilities = [ab for ab, _ in mana if ab is not None]
    modeled = all(
        (ok and all_ours) or (ab is not None and exact)
        for (ok, _, all_ours), (ab, exact) in zip(kw_lines, mana, strict=True)
    )
    if types & CardType.LAND and simple and not types & CardType.CREATURE:
        support, land = _land(obj["name"], lines, bool(_BASIC_TYPES.search(type_line)))
        if land:
            fields.update(land)
        abilities = []
        fetch, exact = fetch_land(lines)
        if not land and fetch is not None:
            support, abilities = ("exact" if exact else "approximate"), [fetch]
    elif (
        creature
        and simple
        and numeric_pt
        and not (types & ~(CardType.LEGENDARY | CardType.CREATURE | CardType.ARTIFACT))
    ):
        support = "exact" if modeled else "approximate"
    elif (
        simple
        and abilities
        and not types
        & (CardType.INSTANT | CardType.SORCERY | CardType.PLANESWALKER | CardType.LAND)
    ):
        support = "exact" if modeled else "approximate"  # a mana rock
    elif (
        creature
        and numeric_pt
        and strict_cost
        and not has_gift
        and (simple or obj.get("layout") == "adventure")
    ):
        support = "approximate"  # an enchantment creature, an adventurer: its body
        if not simple:
            note = "Its adventure is not modeled: the creature only."
    elif simple and not types & (
        CardType.INSTANT | CardType.SORCERY | CardType.LAND | CardType.CREATURE
    ):
        # a noncreature permanent whose abilities are not modeled: it can be cast and sits on
        # the battlefield doing nothing (its keywords, if any, modeled)
        support, note = "approximate", "Abilities not modeled: a permanent that does nothing."
        if "Aura" in type_line:  # still an Aura: it enchants something (cards/enchant.py)
            support, note = _aura(fields, abilities, lines, kw_lines, type_line)
    if (abilities and support != "unsupported" and not types & CardType.LAND) or (
        types & CardType.LAND and support == "exact" and abilities
    ):
        fields["ability"] = abilities
    if note:
        pass
    elif has_gift:
        note = "Has a gift this catalog has no program for."
    elif len(faces) > 1:
        note = f"{len(faces)} faces ({obj.get('layout', 'multi-face')}): not modeled."
    elif not strict_cost:
        note = "Hybrid, Phyrexian or snow mana cost: not modeled."
    fields["support"] = support
    if note:
        fields["notes"] = note
    fields["oracle"] = oracle
    return fields


def _aura(
    fields: dict[str, Any],
    abilities: list[dict[str, Any]],
    lines: list[str],
    kw_lines: list[tuple[bool, list[str], bool]],
    type_line: str,
) -> tuple[str, str]:
    """Support and note of an Aura whose abilities are not modeled: its enchant target and
    attachment (cards/enchant.py), its other lines ignored and named; unsupported when its
    enchant restriction is not one we read (cast, it would go to the graveyard at once)."""
    spell = aura_spell(lines, type_line)
    if spell is None:
        return "unsupported", "Its enchant restriction is not modeled."
    abilities.insert(0, spell)
    fields["role"] = "permanent"  # what it does to what it enchants is not modeled
    enchant = enchant_line(lines)
    rest = [ln for ln, (kw, _, _) in zip(lines, kw_lines, strict=True) if not kw and ln != enchant]
    if rest:
        fields["ignores"] = rest
    return "approximate", "Abilities not modeled: an Aura that enchants and does nothing else."


# "{T}: Add ..." with an extra cost or a rider ("{T}, Pay 1 life: Add {B}." / "Add {W} or {U}.
# This land deals 1 damage to you."): the mana it makes, for lands modeled approximately
_ANY_MANA_LINE = re.compile(r"^(?:\{\d+\}, )?\{T\}(?:, [^:]*)?: Add ([^.]*)\.")
_BASIC_TYPES = re.compile(r"—.*\b(Plains|Island|Swamp|Mountain|Forest)\b")
_ANY_COLOR = re.compile(r"one mana of any (?:color|type)")


def _land(name: str, lines: list[str], basic_types: bool = False) -> tuple[str, dict[str, Any]]:
    """Support level and land fields of a nonbasic land from its text.

    Exact: only plain mana lines (and "enters tapped"). Approximate: a land that makes colored
    mana and does more (a pain land's damage, a temple's scry, a check land's condition, a
    Command Tower's identity limit): its mana is modeled, the rest ignored, and it enters
    untapped unless its text says plainly that it enters tapped. Unsupported: no mana at all
    (fetch lands and the like)."""
    colors = ""
    other = False
    etb_tapped = False
    for ln in lines:
        m = _MANA_LINE.match(ln)
        if m:
            colors += "".join(re.findall(r"\{([WUBRGC])\}", m.group(1)))
            continue
        if ln in (f"{name} enters tapped.", "This land enters tapped."):
            etb_tapped = True
            continue
        if not _REMINDER.sub("", ln).strip():
            continue
        other = True
        loose = _ANY_MANA_LINE.match(ln)
        if loose:
            colors += (
                "WUBRG"
                if _ANY_COLOR.search(loose.group(1))
                else "".join(re.findall(r"\{([WUBRGC])\}", loose.group(1)))
            )
    if not colors and basic_types:  # "({T}: Add {B} or {G}.)": a Swamp Forest's mana, from its
        fields = {"etb_tapped": True} if etb_tapped else {}  # types (the loader's default)
        return ("approximate" if other else "exact"), fields
    if not colors:
        return "unsupported", {}
    fields: dict[str, Any] = {"etb_tapped": True} if etb_tapped else {}
    colored = "".join(c for c in COLOR_ORDER if c in colors)
    if not other:
        fields["land_colors"] = colored or "C"
        return ("exact" if len(colored) <= 1 or "C" not in colors else "approximate"), fields
    fields["land_colors"] = colored or "C"  # the rest of its text is ignored
    return "approximate", fields


def read_scryfall(path: Path) -> list[dict[str, Any]]:
    """Card objects from a Scryfall bulk file (a list), an API list ({"data": [...]}), one card
    object, or an MTGJSON set file (converted by ``mtgjson.scryfall_objects``). Raises
    ValueError when the JSON is none of these."""
    from analyzer.cards import mtgjson

    data = json.loads(path.read_text(encoding="utf-8"))
    if mtgjson.is_set_file(data):
        data = mtgjson.scryfall_objects(data)
    elif isinstance(data, dict) and isinstance(data.get("data"), list):
        data = data["data"]
    elif isinstance(data, dict) and data.get("object", "card") == "card" and "name" in data:
        data = [data]
    if not isinstance(data, list):
        raise ValueError(
            "expected a list of Scryfall card objects (a bulk file), an API "
            "list object with `data`, one card object, or an MTGJSON set file"
        )
    return data


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, str) and "\n" in value and "'''" not in value:
        return "'''\n" + value + "'''"  # literal: oracle text stays readable and verbatim
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a valid TOML basic string


def to_toml(records: Iterable[dict[str, Any]]) -> str:
    """TOML [[card]] tables for card field dicts (no abilities)."""
    out = []
    for fields in records:
        out.append("[[card]]\n" + "".join(f"{k} = {_toml_value(v)}\n" for k, v in fields.items()))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Print TOML records for the cards of a Scryfall JSON file the catalog doesn't have."""
    import argparse

    from analyzer.cards.catalog import load_catalog

    parser = argparse.ArgumentParser(prog="python -m analyzer.cards.scryfall")
    parser.add_argument("json_file", type=Path)
    parser.add_argument("--set", default="", help="set code for objects without one")
    args = parser.parse_args(argv)
    known = load_catalog()
    seen: set[str] = set()
    records = []
    for obj in read_scryfall(args.json_file):
        fields = card_fields(obj, args.set)
        if (
            fields is None
            or fields["name"] in seen
            or known.lookup(fields["name"])
            or known.token(fields["name"])
        ):
            continue
        seen.add(fields["name"])
        records.append(fields)
    sys.stdout.write(to_toml(records))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

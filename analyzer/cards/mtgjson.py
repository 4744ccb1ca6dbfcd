"""MTGJSON v5 set files -> Scryfall-shaped card objects, so one converter serves both sources.

A set file is ``{"meta": ..., "data": {"code", "cards": [...], "tokens": [...], "decks": ...}}``
(MTGJSON's own files); trimmed copies that keep the set object's keys at the top level
(``{"meta", "set", "cards", ...}``) are read too. Each printing is its own card entry and each
face of a multi-face card is its own entry (``side`` ``a``/``b``, ``faceName``): printings of one
name are folded into one object, faces into ``card_faces``, in side order. Tokens are left out
(they are not cards a deck plays). What is kept is what ``scryfall.card_fields`` reads: name,
cost, mana value, type line, Oracle text, power, toughness, colours, colour identity, keywords,
set, collector number, rarity and layout.

Precon lists (``decks``) are read by ``precon_lists``: the commander and the main board, with
counts, as the MTGJSON file gives them.
"""

from __future__ import annotations

from typing import Any

# MTGJSON layouts whose faces Scryfall keeps in one object with ``card_faces``
_LAYOUT = {"aftermath": "split", "class": "class", "saga": "saga"}


def is_set_file(data: Any) -> bool:
    """True for an MTGJSON set file (full or trimmed to the set object's keys)."""
    return (
        isinstance(data, dict)
        and isinstance(_set_object(data).get("cards"), list)
        and "meta" in data
    )


def _set_object(data: dict[str, Any]) -> dict[str, Any]:
    inner = data.get("data")
    return inner if isinstance(inner, dict) else data


def set_code(data: dict[str, Any]) -> str:
    s = _set_object(data)
    code = s.get("code") or (s.get("set") or {}).get("code") or ""
    return str(code).upper()


def _face(entry: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": entry.get("faceName") or entry.get("name"),
        "mana_cost": entry.get("manaCost") or "",
        "type_line": entry.get("type") or "",
        "oracle_text": entry.get("text") or "",
        "power": entry.get("power"),
        "toughness": entry.get("toughness"),
        "colors": entry.get("colors") or [],
    }


def scryfall_objects(data: dict[str, Any]) -> list[dict[str, Any]]:
    """One Scryfall-shaped card object per distinct card name of an MTGJSON set file, in the
    order of their first printing."""
    code = set_code(data)
    by_name: dict[str, dict[str, dict[str, Any]]] = {}  # name -> side -> first printing
    for entry in _set_object(data).get("cards") or []:
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            continue
        by_name.setdefault(entry["name"], {}).setdefault(entry.get("side") or "a", entry)
    objects = []
    for name, sides in by_name.items():
        faces = [sides[k] for k in sorted(sides)]
        front = faces[0]
        layout = front.get("layout") or "normal"
        obj: dict[str, Any] = {
            "object": "card",
            "name": name,
            "layout": _LAYOUT.get(layout, layout),
            "set": (front.get("setCode") or code).lower(),
            "collector_number": str(front.get("number") or ""),
            "rarity": front.get("rarity") or "common",
            "cmc": float(front.get("manaValue") or 0),
            "color_identity": front.get("colorIdentity") or [],
            "keywords": sorted({k for f in faces for k in (f.get("keywords") or [])}),
        }
        if len(faces) == 1:
            obj.update(_face(front))
            obj["name"] = name
        else:
            obj["card_faces"] = [_face(f) for f in faces]
            obj["type_line"] = " // ".join(f.get("type") or "" for f in faces)
            obj["colors"] = sorted({c for f in faces for c in (f.get("colors") or [])})
        objects.append(obj)
    return objects


def precon_lists(data: dict[str, Any]) -> dict[str, dict[str, list[tuple[str, int]]]]:
    """{deck name: {"commander": [(name, count)], "main": [(name, count)]}} of a set file."""
    out: dict[str, dict[str, list[tuple[str, int]]]] = {}
    for deck in _set_object(data).get("decks") or []:
        if not isinstance(deck, dict) or not deck.get("name"):
            continue
        out[str(deck["name"])] = {
            "commander": [(c["name"], int(c.get("count", 1))) for c in deck.get("commander") or []],
            "main": [(c["name"], int(c.get("count", 1))) for c in deck.get("mainBoard") or []],
        }
    return out

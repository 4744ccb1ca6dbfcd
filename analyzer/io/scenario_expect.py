"""The optional ``[expect]`` table of a scenario file: the outcome the file pins.

With it a rules test is one file: tests/test_scenario_expect.py plays every scenario file that
has one and checks the resulting state (the JSON of ``gift-analyzer scenario``) against it.
Only the keys written are checked::

    [expect]
    winner = 1                 # any top-level key of the output: turn, active, phase, winner,
    extra_turns = [2]          #   game_over, end_reason, extra_turns, stack
    stack = ["Wear Down", { card = "Wear Down", kind = "spell", promised = true }]
                               # top first; a name, or a table of the keys to check
    [[expect.seat]]            # seat by seat in order (an empty table checks nothing)
    life = 17                  # any key of the seat: life, lost, library_size, gifts_given, ...
    hand = ["Starforged Sword"]            # zones: the card names, in any order
    battlefield = ["Island", { card = "Fish", tapped = true, power = 1, counters = {} }]
        # every permanent the seat controls, matched one to one in any order: a name, or a
        # table of the keys to check (card required): controller, owner, token, tapped, power,
        # toughness, colors, counters, attached_to, damage, sick, keywords, phased_out

Reading validates the table's shape (every problem with its key path and line); ``mismatches``
compares a state with it and says, in words, each difference.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

TOP_KEYS = ("turn", "active", "phase", "winner", "game_over", "end_reason", "extra_turns", "stack")
SEAT_KEYS = (
    "life",
    "lost",
    "hand",
    "library_size",
    "graveyard",
    "exile",
    "may_cast_from_exile",
    "battlefield",
    "gifts_promised",
    "gifts_given",
    "gifts_received",
    "gifts_undelivered",
    "gift_triggers",
    "cards_drawn",
)
ZONES = ("hand", "graveyard", "exile", "may_cast_from_exile")
PERMANENT_KEYS = (
    "card",
    "controller",
    "owner",
    "token",
    "tapped",
    "power",
    "toughness",
    "colors",
    "counters",
    "attached_to",
    "damage",
    "sick",
    "keywords",
    "phased_out",
)
STACK_KEYS = ("card", "controller", "kind", "promised", "gift_to", "targets")


def read_expect(r: Any, raw: Any, players: int) -> dict[str, Any] | None:
    """Validate the [expect] table (problems go to the scenario reader `r`); None if absent."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        r.err("expect", "write [expect] as a table", r.line_of("expect", 0))
        return None
    for key, value in raw.items():
        if key == "seat":
            if not isinstance(value, list) or not all(isinstance(s, dict) for s in value):
                r.err(
                    "expect.seat",
                    "write one [[expect.seat]] table per seat",
                    r.line_of("expect", 0, "seat"),
                )
                continue
            if len(value) > players:
                r.err(
                    "expect.seat",
                    f"{len(value)} [[expect.seat]] tables for {players} players",
                    r.line_of("expect.seat", players),
                )
            for i, seat in enumerate(value):
                _seat(r, seat, i)
        elif key not in TOP_KEYS:
            r.err(
                f"expect.{key}",
                f"unknown key; known: {', '.join((*TOP_KEYS, 'seat'))}",
                r.line_of("expect", 0, key),
            )
        elif key == "stack":
            _entries(r, value, "expect.stack", STACK_KEYS, r.line_of("expect", 0, key))
    return raw


def _seat(r: Any, seat: dict[str, Any], i: int) -> None:
    for key, value in seat.items():
        where, line = f"expect.seat[{i}].{key}", r.line_of("expect.seat", i, key)
        if key not in SEAT_KEYS:
            r.err(where, f"unknown key; known: {', '.join(SEAT_KEYS)}", line)
        elif key in ZONES and not (
            isinstance(value, list) and all(isinstance(v, str) for v in value)
        ):
            r.err(where, "write a list of card names", line)
        elif key == "battlefield":
            _entries(r, value, where, PERMANENT_KEYS, line)


def _entries(r: Any, value: Any, where: str, keys: tuple[str, ...], line: int) -> None:
    if not isinstance(value, list):
        r.err(where, "write a list of card names or tables", line)
        return
    for i, entry in enumerate(value):
        if isinstance(entry, str):
            continue
        if not isinstance(entry, dict) or not isinstance(entry.get("card"), str):
            r.err(f"{where}[{i}]", 'a card name, or a table with card = "Name"', line)
            continue
        unknown = [k for k in entry if k not in keys]
        if unknown:
            r.err(f"{where}[{i}].{unknown[0]}", f"unknown key; known: {', '.join(keys)}", line)


def mismatches(expect: dict[str, Any], state: dict[str, Any]) -> list[str]:
    """Each way `state` differs from `expect`, in words; [] when it matches."""
    out: list[str] = []
    for key, want in expect.items():
        if key == "seat":
            for i, seat in enumerate(want):
                got = state["seats"][i]
                for k, w in seat.items():
                    out += _compare(f"seat {i} {k}", k, w, got[k])
        else:
            out += _compare(key, key, want, state[key])
    return out


def _compare(label: str, key: str, want: Any, got: Any) -> list[str]:
    if key in ZONES:
        if Counter(want) != Counter(got):
            return [f"{label}: expected {sorted(want)}, got {sorted(got)}"]
        return []
    if key == "battlefield":
        if _match_all(list(want), list(got)):
            return []
        return [f"{label}: expected {want}, got {[_brief(p, want) for p in got]}"]
    if key == "stack":
        if len(want) == len(got) and all(_fits(w, g) for w, g in zip(want, got, strict=True)):
            return []
        return [f"{label}: expected {want}, got {[_brief(e, want) for e in got]}"]
    if want != got:
        return [f"{label}: expected {want!r}, got {got!r}"]
    return []


def _fits(want: str | dict[str, Any], got: dict[str, Any]) -> bool:
    if isinstance(want, str):
        return got["card"] == want
    return all(got.get(k) == v for k, v in want.items())


def _match_all(want: list[Any], got: list[dict[str, Any]]) -> bool:
    """Can every expected entry be matched to its own permanent, with none left over?"""
    if len(want) != len(got):
        return False
    if not want:
        return True
    first, rest = want[0], want[1:]
    return any(
        _fits(first, g) and _match_all(rest, got[:j] + got[j + 1 :]) for j, g in enumerate(got)
    )


def _brief(entry: dict[str, Any], want: list[Any]) -> Any:
    """An actual entry with only the keys the expectation mentions (the name when none)."""
    keys = {k for w in want if isinstance(w, dict) for k in w}
    if keys <= {"card"}:
        return entry["card"]
    return {k: entry.get(k) for k in ("card", *sorted(keys - {"card"}))}

"""Walking a scenario file's TOML: every problem collected with its key path and line, typed
values, card names and object references (``battlefield:1:Name#2``)."""

from __future__ import annotations

import re
from typing import Any

from analyzer.errors import Problem
from analyzer.io.scenario_model import Ref

_REF_RE = re.compile(r"^(battlefield|graveyard|exile|hand|library):(\d+):(.+?)(?:#(\d+))?$")


_STACK_RE = re.compile(r"^stack:(.+?)(?:#(\d+))?$")


_SEAT_RE = re.compile(r"^seat:(\d+)$")


class ScenarioReader:
    """Collects problems with file, line and key path while walking the TOML document."""

    def __init__(self, text: str, source: str, catalog: Any) -> None:
        self.lines = text.splitlines()
        self.source = source
        self.catalog = catalog
        self.problems: list[Problem] = []
        self.warned: set[str] = set()
        self.warnings: list[str] = []

    def line_of(self, table: str, index: int, key: str = "") -> int:
        """Line of the index-th ``[[table]]`` (or ``[table]``) header, or of ``key`` in it."""
        pat = re.compile(rf"^\s*\[\[?\s*{table}\s*\]\]?\s*(#.*)?$")
        heads = [i for i, s in enumerate(self.lines) if pat.match(s)]
        if index >= len(heads):
            return 0
        start = heads[index]
        if key:
            kpat = re.compile(rf"^\s*{re.escape(key)}\s*=")
            for i in range(start + 1, len(self.lines)):
                if self.lines[i].lstrip().startswith("["):
                    break
                if kpat.match(self.lines[i]):
                    return i + 1
        return start + 1

    def err(self, key: str, message: str, line: int = 0) -> None:
        self.problems.append(Problem(f"{key}: {message}", self.source, line))

    def typed(
        self, value: Any, types: type | tuple[type, ...], key: str, line: int, what: str
    ) -> bool:
        ok = isinstance(value, types) and not (
            isinstance(value, bool)
            and bool not in (types if isinstance(types, tuple) else (types,))
        )
        if not ok:
            self.err(key, f"must be {what}, not {value!r}", line)
        return ok

    def seat_no(self, value: Any, key: str, line: int, players: int) -> int | None:
        if not self.typed(value, int, key, line, "a seat number"):
            return None
        if not 0 <= value < players:
            self.err(key, f"seat {value} does not exist (seats are 0..{players - 1})", line)
            return None
        return value

    def card(self, name: Any, key: str, line: int, *, tokens: bool) -> tuple[str, bool] | None:
        """(canonical name, is a token definition) for a card or (if allowed) token name."""
        if not self.typed(name, str, key, line, "a card name"):
            return None
        rec = self.catalog.lookup(name)
        tok = self.catalog.token(name) if rec is None else None
        if rec is None and tok is None:
            hint = self.catalog.suggest(name)
            faces = len(getattr(self.catalog, "faces", lambda _: [])(name))
            what = f"ambiguous card {name!r} (a face of {faces} cards)" if faces > 1 else None
            self.err(
                key,
                (what or f"unknown card {name!r}")
                + (f"; did you mean {', '.join(hint)}?" if hint else ""),
                line,
            )
            return None
        face_note = getattr(self.catalog, "face_note", None)
        note = face_note(name, rec) if rec is not None and face_note else None
        if note and name not in self.warned:
            self.warned.add(name)
            self.warnings.append(f"{key} (line {line}): {note}")
        if tok is not None and not tokens:
            self.err(key, f"{tok.name} is a token: tokens exist only on the battlefield", line)
            return None
        rec = rec or tok
        if rec.support_name != "exact" and rec.name not in self.warned:
            self.warned.add(rec.name)
            self.warnings.append(
                f"{rec.name} is {rec.support_name}: "
                + (
                    "only its stats and keywords are modeled"
                    if rec.support_name == "approximate"
                    else "the engine does not model its abilities"
                )
            )
        return rec.name, tok is not None

    def ref(self, text: Any, key: str, line: int, players: int) -> Ref | None:
        if not self.typed(text, str, key, line, 'a reference like "battlefield:1:Name"'):
            return None
        s = text.strip()
        m = _SEAT_RE.match(s)
        if m:
            seat = self.seat_no(int(m.group(1)), key, line, players)
            return None if seat is None else Ref(s, "seat", seat)
        m = _REF_RE.match(s)
        if m:
            zone, seat_s, name, idx = m.groups()
            seat = self.seat_no(int(seat_s), key, line, players)
            got = self.card(name, key, line, tokens=zone == "battlefield")
            if seat is None or got is None:
                return None
            return Ref(s, zone, seat, got[0], int(idx or 1))
        m = _STACK_RE.match(s)
        if m:
            name, idx = m.groups()
            if name == "top" and idx is None:
                return Ref(s, "stack")
            got = self.card(name, key, line, tokens=False)
            return None if got is None else Ref(s, "stack", -1, got[0], int(idx or 1))
        self.err(
            key,
            f"bad reference {text!r}: use seat:N, battlefield:N:Name[#k], "
            "graveyard:N:Name, exile:N:Name, hand:N:Name, library:N:Name, stack:top or "
            "stack:Name",
            line,
        )
        return None


def read_int(
    r: ScenarioReader,
    d: dict,
    key: str,
    path: str,
    line: int,
    default: int,
    lo: int,
    hi: int | None = None,
) -> int:
    v = d.get(key, default)
    if not r.typed(v, int, f"{path}.{key}", line, "an integer"):
        return default
    if v < lo or (hi is not None and v > hi):
        rng = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        r.err(f"{path}.{key}", f"{v} is out of range ({rng})", line)
        return default
    return v


def read_bool(r: ScenarioReader, d: dict, key: str, path: str, line: int, default: bool) -> bool:
    v = d.get(key, default)
    return v if r.typed(v, bool, f"{path}.{key}", line, "true or false") else default


def check_keys(r: ScenarioReader, d: dict, allowed: set[str], path: str, line: int) -> None:
    for k in d:
        if k not in allowed:
            r.err(f"{path}.{k}", f"unknown key (allowed: {', '.join(sorted(allowed))})", line)

"""Read a deck file into a `Deck`: decode, detect the file format, match names, check the rules.

Every problem in a file is collected (file, line, offending text, what is wrong) and raised once
as `InputError`; warnings (e.g. more than four copies in Constructed) ride along on
`Deck.warnings` when there is no error.

Game format (`fmt`): "limited" (40 cards), "constructed" (60, at most 4 of a non-basic),
"commander" (100 including the commander, singleton). `fmt=None` infers it: commander when the
list has a commander, else constructed from 60 cards up, else limited.

Names are matched through the catalog (`lookup`, `suggest`), which owns the forgiving rules
(case, apostrophes, spacing, split and double-faced names). This module only needs those two
methods and a record with a `name`, so tests can pass a small fake; a catalog's optional
`face_note` (a name read as a face other than the front one: a warning) and `faces` (a face of
several cards: the error names them) are used when present.
"""

from __future__ import annotations

import codecs
import sys
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

from analyzer.enums import COLOR_ORDER, SUPPORT_NAMES
from analyzer.errors import InputError, Problem
from analyzer.io.deck import DECK_FORMATS, MAX_COPIES, MIN_DECK_SIZE, Deck, content_hash
from analyzer.io.formats import RawDeck, RawEntry, detect_file_format, parse_raw

MAX_FILE_BYTES = 5_000_000  # far above any deck list; stops us reading a disk image by mistake
CONSTRUCTED_SIDEBOARD = 15


class CatalogLike(Protocol):
    """What the importer needs from `analyzer.cards.catalog.Catalog`."""

    def lookup(self, name: str) -> Any | None: ...

    def suggest(self, name: str, n: int = 3) -> list[str]: ...


def record_is_basic(record: Any) -> bool:
    """True for basic lands (exempt from copy limits)."""
    for attr in ("is_basic_land", "is_basic"):
        flag = getattr(record, attr, None)
        if flag is not None:
            return bool(flag)
    return "Basic" in str(getattr(record, "type_line", ""))


def record_support(record: Any) -> str:
    """ "exact", "approximate" or "unsupported" (the catalog stores an int with a name)."""
    name = getattr(record, "support_name", None)
    if isinstance(name, str):
        return name
    support = getattr(record, "support", "exact")
    return support if isinstance(support, str) else SUPPORT_NAMES[int(support)]


# ----------------------------------------------------------------------------------------------
# reading bytes


def read_deck(
    path: str | Path,
    *,
    catalog: CatalogLike,
    fmt: str | None = None,
    min_size: int | None = None,
) -> Deck:
    """Read and check one deck file (`"-"` reads standard input). Raises `InputError`."""
    source = "<stdin>" if str(path) == "-" else str(path)
    data = _read_bytes(path, source)
    text = decode_deck_bytes(data, source)
    return parse_deck_text(
        text, source, catalog=catalog, fmt=fmt, min_size=min_size, suffix=Path(source).suffix
    )


def _read_bytes(path: str | Path, source: str) -> bytes:
    if source == "<stdin>":
        return sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
    p = Path(path)
    try:
        if p.is_dir():
            raise InputError(Problem("is a directory, not a deck file", source))
        if not p.exists():
            raise InputError(Problem("no such file", source))
        if p.stat().st_size > MAX_FILE_BYTES:
            raise InputError(
                Problem(f"file is too large for a deck list ({p.stat().st_size:,} bytes)", source)
            )
        return p.read_bytes()
    except OSError as err:
        raise InputError(Problem(f"cannot read file: {err.strerror or err}", source)) from None


def decode_deck_bytes(data: bytes, source: str) -> str:
    """UTF-8 (with or without BOM), or UTF-16 with a BOM (Windows tools write it). Else an error
    naming the first bad byte, its offset and line."""
    if len(data) > MAX_FILE_BYTES:
        raise InputError(Problem("input is too large for a deck list", source))
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as err:
            raise InputError(
                Problem(
                    f"file starts with a UTF-16 byte-order mark but is not valid UTF-16 "
                    f"(byte offset {err.start})",
                    source,
                )
            ) from None
    if b"\x00" in data[:4096]:
        raise InputError(Problem(_binary_message(data), source))
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line_start = data.rfind(b"\n", 0, err.start) + 1
        line_end = data.find(b"\n", err.start)
        line_bytes = data[line_start : None if line_end < 0 else line_end]
        bad = data[err.start]
        raise InputError(
            Problem(
                f"file is not UTF-8: byte 0x{bad:02X} at byte offset {err.start} cannot be decoded "
                "(was it saved as Windows-1252 or Latin-1? re-save it as UTF-8)",
                source,
                data.count(b"\n", 0, err.start) + 1,
                line_bytes.decode("utf-8", errors="replace").strip(),
            )
        ) from None
    return text


_MAGIC = {
    b"\x89PNG": "a PNG image",
    b"\xff\xd8\xff": "a JPEG image",
    b"%PDF": "a PDF document",
    b"PK\x03\x04": "a ZIP archive (or a spreadsheet)",
    b"GIF8": "a GIF image",
}


def _binary_message(data: bytes) -> str:
    """Say what a file with NUL bytes probably is: UTF-16 text without a BOM, or binary."""
    for magic, what in _MAGIC.items():
        if data.startswith(magic):
            return f"this is {what}, not a deck list: export the deck as text"
    head = data[:256]
    if max(head[0::2].count(0), head[1::2].count(0)) > len(head) // 4:
        return "file looks like UTF-16 text without a byte-order mark: re-save it as UTF-8"
    return (
        f"file contains binary data (a NUL byte at offset {data.index(0)}), not a deck "
        "list: export the deck as text"
    )


# ----------------------------------------------------------------------------------------------
# text to Deck


def parse_deck_text(
    text: str,
    source: str = "<text>",
    *,
    catalog: CatalogLike,
    fmt: str | None = None,
    min_size: int | None = None,
    file_format: str | None = None,
    suffix: str = "",
) -> Deck:
    """Parse deck text of any supported file format and check it. Raises `InputError`."""
    if fmt is not None and fmt not in DECK_FORMATS:
        raise ValueError(f"unknown deck format {fmt!r}; expected one of {DECK_FORMATS}")
    if min_size is not None and min_size < 1:
        raise ValueError(f"min_size must be at least 1, not {min_size}")
    if _looks_like_csv(text):
        raise InputError(
            Problem(
                "this looks like a CSV export, which is not supported: export the deck as text "
                "(MTG Arena / MTGO format) instead",
                source,
                1,
                text.lstrip().splitlines()[0],
            )
        )

    raw = parse_raw(text, source, file_format or detect_file_format(text, suffix))
    resolved, problems = _resolve(raw, catalog, source)
    sections = _merge(resolved)
    mtgo = fmt is None and _mtgo_commander(_written(raw))
    deck_format = "commander" if mtgo else fmt or _infer_format(_written(raw))
    if (fmt == "commander" or mtgo) and not sections["commander"]:
        _commander_from_sideboard(sections, raw, source, problems)
    problems += _check_rules(raw, sections, deck_format, min_size, source)

    if any(p.severity == "error" for p in problems):
        raise InputError(problems)
    cards = {key: tuple((r.name, n) for r, n, _ in sections[key]) for key in sections}
    return Deck(
        name=raw.name or _default_name(source),
        main=cards["main"],
        sideboard=cards["sideboard"],
        commander=cards["commander"],
        companion=cards["companion"],
        source=source,
        content_hash=content_hash(
            cards["main"], cards["sideboard"], cards["commander"], cards["companion"]
        ),
        format=deck_format,
        file_format=raw.file_format,
        warnings=tuple(problems),
    )


def _looks_like_csv(text: str) -> bool:
    first = text.lstrip().split("\n", 1)[0].strip().lower().replace('"', "")
    return first.startswith(("count,", "quantity,", "qty,", "amount,", "name,"))


def _default_name(source: str) -> str:
    return "deck" if source.startswith("<") else Path(source).stem


# (record, count, first line) per resolved entry, kept in file order
_Resolved = tuple[Any, int, RawEntry]


def _resolve(
    raw: RawDeck, catalog: CatalogLike, source: str
) -> tuple[list[_Resolved], list[Problem]]:
    """Match every entry's name through the catalog; unknown names become problems."""
    problems = list(raw.problems)
    resolved: list[_Resolved] = []
    cache: dict[str, Any] = {}
    for entry in raw.entries:
        record = None
        for name in entry.names:
            if name not in cache:
                cache[name] = catalog.lookup(name)
            if (record := cache[name]) is not None:
                break
        if record is not None:
            resolved.append((record, entry.count, entry))
            note = getattr(catalog, "face_note", None)
            if note is not None and (said := note(name, record)):
                problems.append(Problem(said, source, entry.line, entry.text, "warning"))
            continue
        # With a trailing `// comment` the most-trimmed candidate is what the user meant.
        name = entry.names[-1]
        token = _token(catalog, entry.names)
        message = (
            f"{token} is a token, not a card: it cannot be in a deck"
            if token
            else _ambiguous_message(catalog, entry.names) or _unknown_message(name, catalog)
        )
        problems.append(Problem(message, source, entry.line, entry.text))
    problems.sort(key=lambda p: p.line)
    return resolved, problems


def _token(catalog: CatalogLike, names: Iterable[str]) -> str | None:
    """The token definition a name means (the catalog keeps tokens out of `lookup`)."""
    find = getattr(catalog, "token", None)
    for name in names if find else ():
        if (record := find(name)) is not None:
            return str(record.name)
    return None


def _ambiguous_message(catalog: CatalogLike, names: Iterable[str]) -> str | None:
    """A name that is one face of several cards ("Dawn" of two split cards): which ones."""
    faces = getattr(catalog, "faces", None)
    for name in names if faces else ():
        if len(cards := faces(name)) > 1:
            options = ", ".join(str(c.name) for c in cards[:-1]) + f" or {cards[-1].name}"
            return (
                f'ambiguous card "{name}" (a face of {len(cards)} cards): did you mean {options}?'
            )
    return None


def _unknown_message(name: str, catalog: CatalogLike) -> str:
    suggestions = [s for s in catalog.suggest(name, n=3) if s][:3]
    if not suggestions:
        return (
            f'unknown card "{name}" (not in the card catalog; '
            "`gift-analyzer cards` lists the cards it knows)"
        )
    if len(suggestions) == 1:
        options = suggestions[0]
    else:
        options = ", ".join(suggestions[:-1]) + " or " + suggestions[-1]
    return f'unknown card "{name}": did you mean {options}?'


def _merge(resolved: Iterable[_Resolved]) -> dict[str, list[_Resolved]]:
    """Per section, one item per card (counts summed, first line kept), in file order."""
    sections: dict[str, dict[str, list[Any]]] = {
        key: {} for key in ("main", "sideboard", "commander", "companion")
    }
    for record, count, entry in resolved:
        bucket = sections[entry.section]
        if record.name in bucket:
            bucket[record.name][1] += count
        else:
            bucket[record.name] = [record, count, entry]
    return {key: [(r, n, e) for r, n, e in bucket.values()] for key, bucket in sections.items()}


def _written(raw: RawDeck) -> dict[str, int]:
    """Cards per section as written, unknown names included (a typo is not a missing card)."""
    counts = dict.fromkeys(("main", "sideboard", "commander", "companion"), 0)
    for entry in raw.entries:
        counts[entry.section] += entry.count
    return counts


def _infer_format(written: dict[str, int]) -> str:
    if written["commander"]:
        return "commander"
    return "constructed" if written["main"] >= MIN_DECK_SIZE["constructed"] else "limited"


def _mtgo_commander(written: dict[str, int]) -> bool:
    """99 cards and one in the sideboard, no commander section: a Commander deck as MTGO (and
    Moxfield's MTGO export) writes it; read as Constructed it would play a 99-card deck at
    20 life with its commander left out."""
    size = MIN_DECK_SIZE["commander"]
    return written["commander"] == 0 and written["main"] == size - 1 and written["sideboard"] == 1


def _commander_from_sideboard(
    sections: dict[str, list[_Resolved]], raw: RawDeck, source: str, problems: list[Problem]
) -> None:
    """MTGO (and Moxfield's MTGO export) put the commander in the sideboard: take a lone card."""
    side = sections["sideboard"]
    if raw.file_format == "forge-dck" or len(side) != 1 or side[0][1] != 1:
        return
    sections["commander"], sections["sideboard"] = side, []
    moved = side[0][2]
    raw.entries = [replace(e, section="commander") if e is moved else e for e in raw.entries]
    problems.append(
        Problem(
            f"read the lone sideboard card {side[0][0].name} as the commander (MTGO convention)",
            source,
            side[0][2].line,
            side[0][2].text,
            "warning",
        )
    )


def _check_rules(
    raw: RawDeck,
    sections: dict[str, list[_Resolved]],
    deck_format: str,
    min_size: int | None,
    source: str,
) -> list[Problem]:
    """Deck-level checks: empty, size, commander, copy limits."""
    problems: list[Problem] = []
    entries = raw.entries
    # A line whose count could not be read makes any size verdict a guess: report the lines only.
    unread = any(p.severity == "error" for p in raw.problems)
    written = _written(raw)
    size = written["main"] + written["commander"]
    if size == 0 and not unread:
        if written["sideboard"]:
            msg = (
                f"the deck has no main-deck cards (all {written['sideboard']} cards read are "
                "in the sideboard)"
            )
        else:
            msg = "the deck is empty: no card lines found"
        return [Problem(msg, source)]

    commanders = [e for e in entries if e.section == "commander"]
    if deck_format != "commander" and commanders:
        problems.append(
            Problem(
                f"the list has a commander but the deck format is {deck_format}; choose the "
                "commander format, or move the card to the main deck",
                source,
                commanders[0].line,
                commanders[0].text,
            )
        )
    if deck_format == "commander":
        if not commanders:
            problems.append(
                Problem("a Commander deck needs its commander: add a `Commander` section", source)
            )
        elif written["commander"] > 2:
            problems.append(
                Problem(
                    f"{written['commander']} commanders listed; a deck has one (or two partners)",
                    source,
                    commanders[0].line,
                )
            )
        elif written["commander"] == 2:  # `check` said "ok" and every playing command refused
            problems.append(
                Problem(
                    "2 commanders listed (partners?); the engine plays one commander per deck "
                    "(partners are not modeled): keep one in the Commander section",
                    source,
                    commanders[1].line,
                    commanders[1].text,
                )
            )

    minimum = min_size if min_size is not None else MIN_DECK_SIZE[deck_format]
    what = "main deck and commander" if deck_format == "commander" else "main deck"
    if size < minimum and not unread:
        problems.append(
            Problem(
                f"too few cards for {deck_format}: {size} in the {what}, at least {minimum} needed",
                source,
            )
        )
    if deck_format == "commander" and size > 100 and min_size is None:
        problems.append(
            Problem(
                f"a Commander deck has exactly 100 cards; this one has {size}",
                source,
                severity="warning",
            )
        )
    if deck_format == "constructed" and written["sideboard"] > CONSTRUCTED_SIDEBOARD:
        problems.append(
            Problem(
                f"sideboard has {written['sideboard']} cards; Constructed allows "
                f"{CONSTRUCTED_SIDEBOARD}",
                source,
                severity="warning",
            )
        )
    problems += _copy_limit_warnings(sections, deck_format, source)
    if deck_format == "commander":
        problems += _commander_card_problems(sections, source)
        problems += _color_identity_problems(sections, source)
    return problems


def _commander_card_problems(sections: dict[str, list[_Resolved]], source: str) -> list[Problem]:
    """A commander is a legendary creature or a card that says it can be one (903.3): a
    sorcery in the Commander section was taken without a word. A warning, not an error: the
    engine plays any card as the commander (tests and what-ifs use that)."""
    return [
        Problem(
            f"{record.name} ({record.type_line}) is not a legendary creature, so not a legal "
            "commander (903.3); played as the commander anyway",
            source,
            entry.line,
            entry.text,
            "warning",
        )
        for record, _, entry in sections["commander"]
        if record is not None
        and getattr(record, "type_line", None)  # a catalog without type lines: no check
        and not ("Legendary" in record.type_line and "Creature" in record.type_line)
        and "can be your commander" not in (getattr(record, "oracle", "") or "")
    ]


def _color_names(mask: int) -> str:
    return "".join(c for i, c in enumerate(COLOR_ORDER) if mask & (1 << i)) or "colorless"


def _color_identity_problems(sections: dict[str, list[_Resolved]], source: str) -> list[Problem]:
    """Every card's color identity within the commander's (903.4, 903.5c)."""
    commanders = [rec for rec, _, _ in sections["commander"] if rec is not None]
    if not commanders:
        return []
    allowed = 0
    for rec in commanders:
        allowed |= rec.color_identity
    names = " and ".join(rec.name for rec in commanders)
    return [
        Problem(
            f"{record.name} has color identity {_color_names(record.color_identity)}, "
            f"outside {names}'s {_color_names(allowed)} (903.5c)",
            source,
            entry.line,
            entry.text,
        )
        for key in ("main", "sideboard")
        for record, _, entry in sections[key]
        if record is not None and record.color_identity & ~allowed
    ]


def _copy_limit_warnings(
    sections: dict[str, list[_Resolved]], deck_format: str, source: str
) -> list[Problem]:
    limit = MAX_COPIES[deck_format]
    if limit is None:
        return []
    totals: dict[str, list[Any]] = {}
    for key in ("main", "sideboard", "commander"):
        for record, count, entry in sections[key]:
            if not record_is_basic(record):
                totals.setdefault(record.name, [0, entry])[0] += count
    kind = (
        "one copy of each card but basic lands (903.5b)"
        if limit == 1
        else f"at most {limit} copies of a non-basic card"
    )
    return [
        Problem(
            f"{count} copies of {name}: {deck_format} decks allow {kind}",
            source,
            entry.line,
            entry.text,
            "warning",
        )
        for name, (count, entry) in totals.items()
        if count > limit
    ]

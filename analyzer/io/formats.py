"""Raw deck-file syntax: text (Arena / Moxfield / plain), MTGO `.dek` XML and Forge `.dck`.

These parsers know nothing about cards: they turn a file's text into `RawEntry` lines (section,
count, candidate names, line number) plus `Problem`s for lines they cannot read. Name matching
and deck rules live in `analyzer.io.decklist`.

Sections are "main", "sideboard", "commander", "companion"; "maybeboard" and "tokens" entries are
dropped here (they are not part of the deck), with one warning per section saying how many.

A text line's name can end in a trailing `// comment`, which looks exactly like a split card
(`Fire // Ice`). The parser cannot tell them apart without the catalog, so it yields several
candidate names (full text first, then cut at each ` //` from the right) and the resolver keeps
the first one the catalog knows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from xml.parsers import expat

from analyzer.errors import Problem

MAX_COUNT = 250  # more copies of one card than any real deck holds: surely a typo

_SECTION_WORDS = {
    "deck": "main",
    "main": "main",
    "maindeck": "main",
    "main deck": "main",
    "mainboard": "main",
    "sideboard": "sideboard",
    "side": "sideboard",
    "side board": "sideboard",
    "commander": "commander",
    "commanders": "commander",
    "companion": "companion",
    "companions": "companion",
    "about": "about",
    "maybeboard": "maybeboard",
    "maybe board": "maybeboard",
    "maybe": "maybeboard",
    "considering": "maybeboard",
    "token": "tokens",
    "tokens": "tokens",
}
_DROPPED = {"maybeboard", "tokens"}

# `Sideboard`, `SIDEBOARD:`, `Sideboard (15)`, `// Sideboard`, `# Commander`
_HEADER_RE = re.compile(r"^(?:(?://|#)\s*)?(?P<word>[a-z ]+?)\s*(?:\(\d+\)|\d+)?\s*:?\s*$", re.I)
# `4 Name`, `4x Name`, `4 x Name`, `-1 Name`, `1.5 Name` (the last two are reported, not read)
_COUNT_RE = re.compile(r"^(?P<count>[+-]?\d+(?:[.,]\d+)?)\s*[xX]?\s+(?P<rest>\S.*)$")
_SET_RE = re.compile(r"\s+\((?P<set>[A-Za-z0-9]{2,8})\)(?:\s+(?P<number>[^\s()]+))?$")
_FOIL_RE = re.compile(r"\s+\*(?P<mark>[A-Za-z]+)\*$")  # *F*, *E*, TappedOut's *CMDR*
_TAG_RE = re.compile(r"\s+(?:\[[^\]]*\]|\^[^^]*\^)$")  # Archidekt `[Category]`, `^Tag^`


@dataclass(frozen=True)
class RawEntry:
    """One card line as written: count and candidate names (best first)."""

    section: str
    count: int
    names: tuple[str, ...]
    line: int
    text: str


@dataclass
class RawDeck:
    """What a syntax parser read: entries, the deck name if the file has one, and problems."""

    file_format: str
    entries: list[RawEntry] = field(default_factory=list)
    name: str | None = None
    problems: list[Problem] = field(default_factory=list)


def detect_file_format(text: str, suffix: str = "") -> str:
    """ "mtgo-dek", "forge-dck" or "arena-text", by content first, then by file extension."""
    head = text.lstrip()
    if head.startswith("<"):
        return "mtgo-dek"
    for line in text.splitlines():
        match = _FORGE_SECTION_RE.match(line.strip())
        if match and match["name"].strip().lower() in _FORGE_SECTIONS:
            return "forge-dck"
    if suffix.lower() == ".dek":
        return "mtgo-dek"  # a .dek that is not XML: the XML parser says what is wrong
    return "arena-text"


def parse_raw(text: str, source: str, file_format: str) -> RawDeck:
    """Dispatch to the parser for `file_format`."""
    if file_format == "mtgo-dek":
        return parse_mtgo_dek(text, source)
    if file_format == "forge-dck":
        return parse_forge_dck(text, source)
    return parse_arena_text(text, source)


# ----------------------------------------------------------------------------------------------
# shared line parsing


def _parse_count(raw: str, source: str, line: int, text: str, out: RawDeck) -> int | None:
    """Read a count; report (and return None for) fractions, zero, negatives and absurd counts."""
    if not re.fullmatch(r"[+-]?\d+", raw):
        out.problems.append(Problem(f"count {raw!r} is not a whole number", source, line, text))
        return None
    count = int(raw)
    if count <= 0:
        out.problems.append(Problem(f"count must be at least 1, not {count}", source, line, text))
        return None
    if count > MAX_COUNT:
        out.problems.append(
            Problem(
                f"count {count} is not plausible (more than {MAX_COUNT} copies of one card)",
                source,
                line,
                text,
            )
        )
        return None
    return count


def _strip_suffixes(name: str) -> tuple[str, bool]:
    """Remove set/collector number, foil marks and tags; report whether `*CMDR*` was present."""
    commander = False
    while True:
        before = name
        if match := _FOIL_RE.search(name):
            commander |= match["mark"].upper() == "CMDR"
            name = name[: match.start()]
        name = _TAG_RE.sub("", name)
        name = _SET_RE.sub("", name)
        if name == before:
            return name.strip(), commander


def _name_candidates(rest: str) -> tuple[tuple[str, ...], bool]:
    """Candidate card names for the text after the count (see module docstring)."""
    # A `#` never appears in a card name, so everything after a spaced `#` is a comment (this
    # also drops Moxfield `#tag` annotations).
    rest = re.split(r"\s#", rest, maxsplit=1)[0]
    cuts = [rest] + [rest[: m.start()] for m in reversed(list(re.finditer(r"\s//", rest)))]
    names: list[str] = []
    commander = False
    for cut in cuts:
        name, cmdr = _strip_suffixes(cut)
        commander |= cmdr and cut is rest
        if name and name not in names:
            names.append(name)
    return tuple(names), commander


# ----------------------------------------------------------------------------------------------
# MTG Arena / Moxfield / plain text


def _header_section(stripped: str) -> str | None:
    """The section a header line opens, or None when the line is not a header."""
    match = _HEADER_RE.match(stripped)
    if not match:
        return None
    word = " ".join(match["word"].lower().split())
    return _SECTION_WORDS.get(word)


def _classify(stripped: str) -> str:
    if not stripped:
        return "blank"
    if _header_section(stripped):
        return "header"
    if stripped.startswith(("#", "//")):
        return "comment"
    return "card"


def parse_arena_text(text: str, source: str) -> RawDeck:
    """Arena/Moxfield exports and plain lists.

    Sections come from headers (`Deck`, `Sideboard`, `Commander`, `Companion`, `About`,
    `SIDEBOARD:`, `// Sideboard`). Without a header, the Arena rule applies: a blank line after
    main-deck cards starts the sideboard. Lists grouped by comment lines (`# Creatures`, blank,
    `# Lands`) use blank lines as spacing, so there the rule is off.
    """
    out = RawDeck("arena-text")
    lines = text.splitlines()
    kinds = [_classify(line.strip()) for line in lines]
    grouped = _comment_grouped(kinds)

    section = "main"
    main_cards_in_section = 0
    after_blank = False
    implicit_sideboard = False  # the blank-line rule opened the sideboard
    warned = False
    dropped: dict[str, list[Any]] = {}  # section -> [header line, header text, cards]
    for number, (raw_line, kind) in enumerate(zip(lines, kinds, strict=True), start=1):
        stripped = raw_line.strip()
        if kind == "blank":
            after_blank = True
            continue
        if kind == "header":
            section = _header_section(stripped) or "main"
            if section in _DROPPED:
                dropped.setdefault(section, [number, stripped, 0])
            main_cards_in_section = 0
            implicit_sideboard = after_blank = False
            continue
        if kind == "comment":
            after_blank = False
            continue
        if section == "about":
            if m := re.match(r"^name\s*[:=]?\s+(?P<name>.+)$", stripped, re.I):
                out.name = m["name"].strip()
            continue
        if after_blank:
            if section in ("commander", "companion"):
                # Commander/companion blocks are a card or two; cards after a blank line that
                # has no `Deck` header before them are the main deck.
                section = "main"
            elif section == "main" and main_cards_in_section and not grouped:
                section, implicit_sideboard = "sideboard", True
            elif implicit_sideboard and not warned:
                warned = True
                out.problems.append(
                    Problem(
                        "cards after a second blank line are read as sideboard too (Arena "
                        "convention: everything after the first blank line); add `Deck` and "
                        "`Sideboard` headers if that is not what you meant",
                        source,
                        number,
                        stripped,
                        "warning",
                    )
                )
        after_blank = False
        entry = _parse_card_line(stripped, source, number, section, out)
        if entry is None:
            continue
        if section == "main":
            main_cards_in_section += 1
        if entry.section not in _DROPPED:
            out.entries.append(entry)
        elif entry.section in dropped:
            dropped[entry.section][2] += entry.count
    for name, (number, header, cards) in dropped.items():
        if cards:  # a word is owed for every card read and left out of the deck
            noun = "card" if cards == 1 else "cards"
            out.problems.append(
                Problem(
                    f"{cards} {name.removesuffix('s')} {noun} not played (not part of the deck)",
                    source,
                    number,
                    header,
                    "warning",
                )
            )
    return out


def _comment_grouped(kinds: list[str]) -> bool:
    """True when a comment line opens a block after cards: the list is grouped by comments."""
    seen_card = False
    previous = "blank"
    for kind in kinds:
        if kind == "card":
            seen_card = True
        elif kind == "comment" and previous == "blank" and seen_card:
            return True
        previous = kind
    return False


def _parse_card_line(
    stripped: str, source: str, number: int, section: str, out: RawDeck
) -> RawEntry | None:
    match = _COUNT_RE.match(stripped)
    if not match:
        if re.match(r"^[+-]?\d+(?:[.,]\d+)?\s*[xX]?$", stripped):
            hint = "a count without a card name"
        elif re.match(r"^[A-Za-z]", stripped):
            hint = f"a card line needs a count first, like `1 {stripped}`"
        else:
            hint = "expected `COUNT NAME`, e.g. `4 Cruelclaw's Heist (BLB) 88`"
        out.problems.append(Problem(f"cannot read this line: {hint}", source, number, stripped))
        return None
    count = _parse_count(match["count"], source, number, stripped, out)
    names, commander = _name_candidates(match["rest"])
    if count is None:
        return None
    if not names:
        out.problems.append(
            Problem("cannot read this line: no card name after the count", source, number, stripped)
        )
        return None
    return RawEntry("commander" if commander else section, count, names, number, stripped)


# ----------------------------------------------------------------------------------------------
# MTGO .dek (XML)


class _RejectedXml(Exception):
    pass


def parse_mtgo_dek(text: str, source: str) -> RawDeck:
    """MTGO `.dek`: `<Deck>` with `<Cards Quantity=.. Sideboard=.. Name=.. />` children.

    Parsed with expat (the parser under xml.etree) directly, for two reasons: every card gets
    its line number for error messages, and a DOCTYPE is refused before any entity can be
    declared, so entity-expansion bombs never expand. MTGO writes no DOCTYPE.
    """
    out = RawDeck("mtgo-dek")
    parser = expat.ParserCreate()
    depth = 0
    root_seen: list[str] = []

    def reject_doctype(*_args: object) -> None:
        raise _RejectedXml("DOCTYPE declarations are not allowed in a .dek file")

    def reject_entity(*_args: object) -> None:
        raise _RejectedXml("entity declarations are not allowed in a .dek file")

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal depth
        depth += 1
        line = parser.CurrentLineNumber
        if depth == 1:
            root_seen.append(tag)
            if tag != "Deck":
                out.problems.append(
                    Problem(
                        f"not an MTGO deck: the root element is <{tag}>, expected <Deck>",
                        source,
                        line,
                    )
                )
            return
        if depth == 2 and tag == "Cards":
            _dek_card(attrs, source, line, out)

    def end(_tag: str) -> None:
        nonlocal depth
        depth -= 1

    parser.StartDoctypeDeclHandler = reject_doctype
    parser.EntityDeclHandler = reject_entity
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        parser.Parse(text, True)
    except _RejectedXml as err:
        out.problems.append(Problem(str(err), source, parser.CurrentLineNumber))
    except expat.ExpatError as err:
        out.problems.append(
            Problem(
                f"malformed XML: {expat.ErrorString(err.code)} (column {err.offset + 1})",
                source,
                err.lineno,
            )
        )
    return out


def _dek_card(attrs: dict[str, str], source: str, line: int, out: RawDeck) -> None:
    text = "<Cards " + " ".join(f'{k}="{v}"' for k, v in attrs.items()) + " />"
    name = attrs.get("Name", "").strip()
    quantity = attrs.get("Quantity")
    if not name:
        out.problems.append(Problem("<Cards> element without a Name", source, line, text))
    if quantity is None:
        out.problems.append(Problem("<Cards> element without a Quantity", source, line, text))
        return
    count = _parse_count(quantity.strip(), source, line, text, out)
    if count is None or not name:
        return
    section = "main"
    if attrs.get("Sideboard", "false").strip().lower() == "true":
        section = "sideboard"
    if attrs.get("Commander", "false").strip().lower() == "true":
        section = "commander"
    out.entries.append(RawEntry(section, count, (name,), line, text))


# ----------------------------------------------------------------------------------------------
# Forge .dck

_FORGE_SECTION_RE = re.compile(r"^\[(?P<name>[A-Za-z ]+)\]$")
_FORGE_SECTIONS = {
    "main": "main",
    "sideboard": "sideboard",
    "commander": "commander",
    "metadata": "metadata",
}
# Forge sections for other game variants: known, but nothing here plays them.
_FORGE_VARIANTS = {
    "avatar",
    "planes",
    "schemes",
    "conspiracy",
    "dungeon",
    "attractions",
    "contraptions",
}


def parse_forge_dck(text: str, source: str) -> RawDeck:
    """Forge `.dck`: `[metadata]` (`Name=...`), `[Main]`, `[Sideboard]`, `[Commander]`.

    Card lines are `4 Name|SET` or `4 Name|SET|art`; Forge reads a missing count as 1, so do we.
    """
    out = RawDeck("forge-dck")
    section: str | None = None
    for number, raw_line in enumerate(text.splitlines(), start=1):
        stripped = raw_line.strip()
        if not stripped or stripped.startswith(("#", "//")):
            continue
        if match := _FORGE_SECTION_RE.match(stripped):
            word = match["name"].strip().lower()
            section = _FORGE_SECTIONS.get(word)
            if section is None:
                known = "[metadata], [Main], [Sideboard], [Commander]"
                what = (
                    "is for another game variant and is not supported"
                    if word in _FORGE_VARIANTS
                    else "is not a Forge deck section"
                )
                out.problems.append(
                    Problem(
                        f"section {stripped} {what} (expected {known})", source, number, stripped
                    )
                )
                section = "skip"
            continue
        if section is None:
            out.problems.append(
                Problem("line before any [section] header", source, number, stripped)
            )
            continue
        if section == "metadata":
            key, _, value = stripped.partition("=")
            if key.strip().lower() == "name" and value.strip():
                out.name = value.strip()
            continue
        if section == "skip":
            continue
        card = stripped.split("|", 1)[0].strip()
        match = _COUNT_RE.match(card)
        if match:
            count = _parse_count(match["count"], source, number, stripped, out)
            name = match["rest"].strip()
        elif re.match(r"^[+-]?\d", card):
            out.problems.append(
                Problem(
                    "cannot read this line: expected `COUNT NAME|SET`", source, number, stripped
                )
            )
            continue
        else:
            count, name = 1, card
        if count is not None and name:
            out.entries.append(RawEntry(section, count, (name,), number, stripped))
    return out

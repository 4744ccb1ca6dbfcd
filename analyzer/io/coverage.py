"""Deck coverage: which cards the engine models exactly, approximately or not at all.

`check_deck` never raises for a bad deck: it returns a `DeckReport` holding either the deck and
its coverage or the problems that stopped the import, so `gift-analyzer check` can report every
deck before it exits. Coverage counts the cards that are played (main deck and commander); the
sideboard and companion never enter a simulated game and are only listed.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from analyzer.errors import InputError, Problem
from analyzer.io.deck import CardList, Deck
from analyzer.io.decklist import CatalogLike, read_deck, record_support

SUPPORT_LEVELS = ("exact", "approximate", "unsupported")


class DeckWarning(UserWarning):
    """A deck import warning (Problem of severity "warning") of a deck a command plays: the
    CLI prints each on one line; Python callers get it through the warnings module."""


def warn_deck_problems(problems: Iterable[Problem]) -> None:
    """Raise every import warning of a played deck as a DeckWarning, so none is lost."""
    for problem in problems:
        if problem.severity == "warning":
            warnings.warn(DeckWarning(str(problem)), stacklevel=3)


FILE_FORMAT_LABELS = {
    "arena-text": "Arena/Moxfield text",
    "mtgo-dek": "MTGO .dek",
    "forge-dck": "Forge .dck",
}


@dataclass(frozen=True)
class Coverage:
    """Played cards (main deck + commander) grouped by support level."""

    exact: CardList = ()
    approximate: CardList = ()
    unsupported: CardList = ()

    def cards(self, level: str) -> CardList:
        """The (name, copies) list of one support level."""
        return getattr(self, level)

    def count(self, level: str) -> int:
        """Copies at one support level."""
        return sum(n for _, n in self.cards(level))

    def distinct(self, level: str | None = None) -> int:
        """Distinct cards at one support level (all levels when None)."""
        levels = SUPPORT_LEVELS if level is None else (level,)
        return sum(len(self.cards(lv)) for lv in levels)

    def distinct_exact_line(self) -> str:
        """ "distinct cards: 45 of 84 exact (54%)", the figure issue 21 asks to show."""
        total = self.distinct()
        exact = self.distinct("exact")
        share = 100 * exact / total if total else 0.0
        return f"distinct cards: {exact} of {total} exact ({share:.0f}%)"


def deck_coverage(deck: Deck, catalog: CatalogLike) -> Coverage:
    """Group the deck's played cards by the catalog's support level."""
    groups: dict[str, list[tuple[str, int]]] = {level: [] for level in SUPPORT_LEVELS}
    for name, count in deck.counts().items():
        record = catalog.lookup(name)
        level = "unsupported" if record is None else record_support(record)
        groups[level].append((name, count))
    return Coverage(*(tuple(sorted(groups[level])) for level in SUPPORT_LEVELS))


@dataclass(frozen=True)
class DeckReport:
    """The outcome of checking one deck file."""

    source: str
    deck: Deck | None  # None when the file could not be imported
    coverage: Coverage | None
    problems: tuple[Problem, ...]  # errors and warnings from the import
    allow_approximate: bool = False

    @property
    def readable(self) -> bool:
        """The file imported without errors."""
        return self.deck is not None

    @property
    def blocking(self) -> str:
        """Why the deck cannot be simulated ("" when it can)."""
        if self.coverage is None:
            errors = sum(p.severity == "error" for p in self.problems)
            warned = len(self.problems) - errors  # listed below too: say so, or they look extra
            also = f" and {warned} warning{'s' * (warned != 1)}" if warned else ""
            return f"cannot be imported ({errors} problem{'s' * (errors != 1)}{also}, listed below)"
        unsupported = self.coverage.count("unsupported")
        approximate = self.coverage.count("approximate")
        if unsupported:
            names = name_list(name for name, _ in self.coverage.unsupported)
            return f"{unsupported} unsupported card{'s' * (unsupported != 1)} ({names})"
        if approximate and not self.allow_approximate:
            names = name_list(name for name, _ in self.coverage.approximate)
            return (
                f"{approximate} approximate card{'s' * (approximate != 1)} ({names}); "
                "allow approximate cards to run them with stats and keywords only"
            )
        return ""

    @property
    def ok(self) -> bool:
        """The deck can be simulated."""
        return not self.blocking

    def render(self, width: int = 100) -> str:
        """Human-readable summary for the terminal (problems are printed separately)."""
        if self.deck is None or self.coverage is None:
            return f"{self.source}\n  NOT OK: {self.blocking}"
        deck = self.deck
        label = FILE_FORMAT_LABELS.get(deck.file_format, deck.file_format)
        lines = [f"{deck.source}: {deck.name}  ({label}, {deck.format})"]
        size = f"  {deck.size} cards"
        if deck.commander:
            size += (
                f" ({sum(n for _, n in deck.main)} + commander "
                + name_list(name for name, _ in deck.commander)
                + ")"
            )
        extra = [f"sideboard {deck.sideboard_size}"] if deck.sideboard else []
        if deck.companion:
            extra.append("companion " + name_list(name for name, _ in deck.companion))
        if extra:
            size += f", {', '.join(extra)} (not played)"
        lines.append(f"{size}, hash {deck.short_hash}")
        for level in SUPPORT_LEVELS:
            head = f"  {level:<12}{self.coverage.count(level):>4}  "
            items = [f"{name} x{n}" if n > 1 else name for name, n in self.coverage.cards(level)]
            rows = _wrap_items(items, max(40, width - len(head)))
            lines.append((head + rows[0]).rstrip())
            lines.extend(" " * len(head) + row for row in rows[1:])
        lines.append(f"  {self.coverage.distinct_exact_line()}")
        verdict = "ok: can be simulated" if self.ok else f"NOT OK: {self.blocking}"
        if self.ok and self.coverage.count("approximate"):
            verdict += " (approximate cards allowed)"
        lines.append(f"  {verdict}")
        return "\n".join(lines)


def list_separator(names: Iterable[str]) -> str:
    """ "; " when a name holds a comma (a legend: "Chatterfang, Squirrel General"), else ", ":
    joined with commas, "Chatterfang, Squirrel General, Garruk, Cursed Huntsman" reads as four
    cards."""
    return "; " if any(", " in n for n in names) else ", "


def name_list(names: Iterable[str]) -> str:
    """Card names joined with `list_separator`."""
    names = list(names)
    return list_separator(names).join(names)


def _wrap_items(items: list[str], width: int) -> list[str]:
    """Join items with `list_separator` into rows of at most `width` characters, never
    splitting an item."""
    mark = list_separator(items).strip()
    rows = [""]
    for i, item in enumerate(items):
        piece = item + (mark if i < len(items) - 1 else "")
        if rows[-1] and len(rows[-1]) + 1 + len(piece) > width:
            rows.append("")
        rows[-1] += (" " if rows[-1] else "") + piece
    return rows


def check_deck(
    path: str | Path,
    *,
    catalog: CatalogLike,
    fmt: str | None = None,
    min_size: int | None = None,
    allow_approximate: bool = False,
) -> DeckReport:
    """Import one deck and measure its coverage; import problems are returned, not raised."""
    source = "<stdin>" if str(path) == "-" else str(path)
    try:
        deck = read_deck(path, catalog=catalog, fmt=fmt, min_size=min_size)
    except InputError as err:
        return DeckReport(source, None, None, tuple(err.problems), allow_approximate)
    return DeckReport(source, deck, deck_coverage(deck, catalog), deck.warnings, allow_approximate)


@dataclass(frozen=True)
class LoadedDecks:
    """The decks of every matchup (seat lists of decks), and each file's report once."""

    seats: list[list[Deck]]
    reports: dict[str, DeckReport]


def load_decks(
    seat_paths: Sequence[Sequence[str | Path]],
    catalog: CatalogLike,
    *,
    allow_approximate: bool = False,
) -> LoadedDecks:
    """Read every deck of every matchup once and report every problem of every file at once:
    the one deck loader of every command. Raises InputError if any deck cannot be played."""
    reports: dict[str, DeckReport] = {}
    problems: list[Problem] = []
    for paths in seat_paths:
        for p in paths:
            if str(p) in reports:
                continue
            rep = check_deck(
                p, catalog=catalog, fmt=None, min_size=None, allow_approximate=allow_approximate
            )
            reports[str(p)] = rep
            problems.extend(rep.problems)
            if rep.blocking and rep.coverage is not None:
                problems.append(Problem(rep.blocking, source=str(p)))
    errors = [pr for pr in problems if pr.severity == "error"]
    if errors:
        raise InputError(errors)
    warn_deck_problems(problems)
    return LoadedDecks([[reports[str(p)].deck for p in paths] for paths in seat_paths], reports)


def gift_cards(deck: Deck, catalog: CatalogLike) -> list[str]:
    """The distinct gift cards of a deck's main list, by their catalog names, in list order."""
    out: list[str] = []
    for name, _ in deck.main:
        rec = catalog.lookup(name)
        if rec is not None and rec.gift and rec.name not in out:
            out.append(rec.name)
    return out

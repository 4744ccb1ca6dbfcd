"""The `Deck` value every command works with, whatever file format it came from.

Conventions:
- Card names are in catalog spelling (the importer resolved them), so two decks that list the
  same cards compare equal and hash the same, whether they came from Arena, MTGO or Forge.
- `main` keeps the order of first appearance in the file (for display); duplicates are merged.
- The commander is *not* in `main`: it starts in the command zone. `size` counts it, because
  Commander's 100-card rule does.
- `content_hash` covers the card lists only (main, sideboard, commander, companion), never the
  deck name or path: it identifies *what* is played, for results manifests.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field

from analyzer.errors import Problem

# Game formats the importer knows, with their minimum deck size (main deck + commander).
DECK_FORMATS = ("limited", "constructed", "commander")
MIN_DECK_SIZE = {"limited": 40, "constructed": 60, "commander": 100}
# Most copies of one non-basic card a format allows (None: no limit).
MAX_COPIES = {"limited": None, "constructed": 4, "commander": 1}

CardList = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Deck:
    """One imported deck. Build it with `analyzer.io.read_deck` rather than by hand."""

    name: str
    main: CardList
    sideboard: CardList = ()
    commander: CardList = ()
    companion: CardList = ()
    source: str = ""  # path (or "<stdin>") it was read from
    content_hash: str = ""  # sha256 hex of `normalized_card_list(...)`
    format: str = "limited"  # one of DECK_FORMATS
    file_format: str = ""  # "arena-text", "mtgo-dek" or "forge-dck"
    # Warnings found while importing (the deck is usable); not part of the deck's identity.
    warnings: tuple[Problem, ...] = field(default=(), compare=False)

    @property
    def size(self) -> int:
        """Cards in the game deck: main deck plus commander(s)."""
        return _total(self.main) + _total(self.commander)

    @property
    def sideboard_size(self) -> int:
        """Cards in the sideboard."""
        return _total(self.sideboard)

    @property
    def starting_life(self) -> int:
        """Life at the start of a game this deck plays: 40 in Commander (CR 903.7), else 20."""
        return 40 if self.format == "commander" else 20

    def cards(self) -> list[str]:
        """The main deck expanded to one name per card (commander excluded), in list order."""
        return [name for name, count in self.main for _ in range(count)]

    def counts(self) -> dict[str, int]:
        """Main deck plus commander as {name: copies}."""
        out: dict[str, int] = {}
        for name, count in (*self.main, *self.commander):
            out[name] = out.get(name, 0) + count
        return out

    @property
    def short_hash(self) -> str:
        """First 12 hex digits of the content hash, for display."""
        return self.content_hash[:12]


def _total(cards: CardList) -> int:
    return sum(count for _, count in cards)


def normalized_card_list(
    main: Iterable[tuple[str, int]],
    sideboard: Iterable[tuple[str, int]] = (),
    commander: Iterable[tuple[str, int]] = (),
    companion: Iterable[tuple[str, int]] = (),
) -> str:
    """The canonical text the content hash is taken over.

    One line per card, `section<TAB>count<TAB>name`, sections in a fixed order, names sorted, so
    the same list hashes the same regardless of file format, line order or repeated lines.
    """
    lines = []
    for section, cards in (
        ("commander", commander),
        ("companion", companion),
        ("main", main),
        ("sideboard", sideboard),
    ):
        merged: dict[str, int] = {}
        for name, count in cards:
            merged[name] = merged.get(name, 0) + count
        lines.extend(f"{section}\t{merged[name]}\t{name}" for name in sorted(merged))
    return "\n".join(lines) + "\n"


def content_hash(
    main: Iterable[tuple[str, int]],
    sideboard: Iterable[tuple[str, int]] = (),
    commander: Iterable[tuple[str, int]] = (),
    companion: Iterable[tuple[str, int]] = (),
) -> str:
    """sha256 hex digest of `normalized_card_list`."""
    text = normalized_card_list(main, sideboard, commander, companion)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()

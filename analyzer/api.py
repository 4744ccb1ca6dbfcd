"""The Python API the CLI and notebooks use.

Importing this module never compiles numba: anything that reaches the kernel is imported inside
the function that needs it, so `gift-analyzer check` and `--help` start fast.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from analyzer.io import DECK_FORMATS, MIN_DECK_SIZE, Deck, read_deck
from analyzer.io.coverage import DeckReport, check_deck

__all__ = ["DECK_FORMATS", "MIN_DECK_SIZE", "Deck", "DeckReport", "check_decks", "load_deck"]


# ---------------------------------------------------------------------------------------------
# decks


def _catalog(catalog: Any | None, card_files: Iterable[str | Path]) -> Any:
    if catalog is not None:
        return catalog
    from analyzer.cards.catalog import load_catalog

    return load_catalog(card_files)


def load_deck(
    path: str | Path,
    *,
    fmt: str | None = None,
    min_size: int | None = None,
    card_files: Iterable[str | Path] = (),
    catalog: Any | None = None,
) -> Deck:
    """Read one deck file (Arena/Moxfield text, plain list, MTGO .dek, Forge .dck).

    `fmt` is "limited", "constructed", "commander" or None (inferred). Raises
    `analyzer.errors.InputError` listing every problem of the file.
    """
    return read_deck(path, catalog=_catalog(catalog, card_files), fmt=fmt, min_size=min_size)


def check_decks(
    paths: Sequence[str | Path],
    *,
    fmt: str | None = None,
    min_size: int | None = None,
    allow_approximate: bool = False,
    card_files: Iterable[str | Path] = (),
    catalog: Any | None = None,
) -> list[DeckReport]:
    """Import every deck and measure its coverage. A bad deck does not stop the others: its
    problems are in its report (`report.problems`, `report.ok`, `report.blocking`)."""
    cat = _catalog(catalog, card_files)
    return [check_deck(p, catalog=cat, fmt=fmt, min_size=min_size,
                       allow_approximate=allow_approximate) for p in paths]

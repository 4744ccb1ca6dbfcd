"""The card catalog every command shares: records, compiled tables, forgiving name lookup.

``load_catalog()`` reads the bundled data files (plus optional user files), validates them,
compiles the tables and caches the result per set of files, so the CLI, deck import and the
kernel all see the same ids.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from analyzer.cards.compile import CompiledCatalog, compile_catalog
from analyzer.cards.loader import builtin_data_files, load_records
from analyzer.cards.records import CardRecord, face_keys, name_keys, normalize_name


class Catalog:
    """Validated card records plus their compiled tables."""

    def __init__(self, records: Sequence[CardRecord]) -> None:
        self.records: tuple[CardRecord, ...] = tuple(records)
        self.compiled: CompiledCatalog = compile_catalog(self.records)
        self._cards: dict[str, CardRecord] = {}  # normalized full name -> card (no tokens)
        self._tokens: dict[str, CardRecord] = {}
        # a face's key -> the cards with that face ("dawn" -> [Dusk // Dawn]); a face that is
        # also a card's full name is that card's, as the full name wins
        self._faces: dict[str, list[CardRecord]] = {}
        for rec in self.records:
            if rec.is_token:
                for key in name_keys(rec.name):
                    self._tokens.setdefault(key, rec)
                continue
            self._cards.setdefault(name_keys(rec.name)[0], rec)
            for face in face_keys(rec.name):
                cards = self._faces.setdefault(face, [])
                if rec.name not in (c.name for c in cards):
                    cards.append(rec)
        # A name spelled as the catalog spells it skips the normalizing (policy tables look up
        # every card name of the catalog for every arm of an evaluate)
        self._exact: dict[str, CardRecord] = {
            rec.name: rec for rec in self.records if self._cards.get(name_keys(rec.name)[0]) is rec
        }

    def __len__(self) -> int:
        return len(self.records)

    def __iter__(self) -> Iterator[CardRecord]:
        return iter(self.records)

    def lookup(self, name: str) -> CardRecord | None:
        """The card a deck line means, or None. Tokens are not cards: see ``token()``.

        Forgiving about case, accents, straight vs curly apostrophes, extra spaces, and split,
        adventure or double-faced names written "A // B", "A/B" or as one face alone ("A" or
        "B") when only one card has that face (``faces`` lists them; ``face_note`` says when a
        name was read as a face other than the front one).
        """
        if not isinstance(name, str):
            return None
        exact = self._exact.get(name)
        if exact is not None:
            return exact
        keys = name_keys(name)  # "A // B" written for a card we know as "A" is that card
        for key in keys:
            rec = self._cards.get(key)
            if rec is not None:
                return rec
        cards = self._faces.get(keys[0], [])
        return cards[0] if len(cards) == 1 else None

    def faces(self, name: str) -> list[CardRecord]:
        """The cards one of whose faces is `name` (several: the name alone is ambiguous)."""
        if not isinstance(name, str) or normalize_name(name) in self._cards:
            return []
        return list(self._faces.get(normalize_name(name), []))

    def face_note(self, name: str, record: CardRecord) -> str | None:
        """A warning when `name` matched `record` by a face other than its front one ("Dawn"
        for Dusk // Dawn): deck exports write a card by its front face, so another face alone
        may mean something else. None otherwise."""
        key = normalize_name(name)
        faces = face_keys(record.name)
        if key in self._cards or key not in faces[1:]:
            return None
        return f'"{name}" read as {record.name} (one face of that card)'

    def token(self, name: str) -> CardRecord | None:
        """A token definition by (forgiving) name; decks may not contain these."""
        return self._tokens.get(normalize_name(name)) if isinstance(name, str) else None

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """Up to n card names close to `name` (typos, a missing word), best first."""
        key = normalize_name(name) if isinstance(name, str) else ""
        if not key or n <= 0:
            return []
        keys = list(self._cards)
        found: list[str] = [rec.name for rec in self.faces(name)]  # an ambiguous face's cards
        for k in difflib.get_close_matches(key, keys, n=n * 2, cutoff=0.6):
            _add(found, self._cards[k].name)
        # "heist" -> "Cruelclaw's Heist": a whole-word fragment difflib scores too low
        if len(key) >= 4:
            for k in keys:
                if key in k.split() or (len(key) >= 5 and key in k):
                    _add(found, self._cards[k].name)
        return found[:n]

    def cards(self, *, include_tokens: bool = False) -> Iterable[CardRecord]:
        """Records in id order, tokens left out unless asked for."""
        return (r for r in self.records if include_tokens or not r.is_token)


def _add(names: list[str], name: str) -> None:
    if name not in names:
        names.append(name)


_CACHE: dict[tuple[tuple[str, int, int], ...], Catalog] = {}


def _file_key(paths: Sequence[Path]) -> tuple[tuple[str, int, int], ...]:
    """Cache key that changes when a file is edited (path, mtime, size)."""
    key = []
    for p in paths:
        try:
            st = p.stat()
            key.append((str(p.resolve()), st.st_mtime_ns, st.st_size))
        except OSError:
            key.append((str(p), -1, -1))  # the loader reports the unreadable file
    return tuple(key)


def load_catalog(extra_files: Iterable[str | Path] = ()) -> Catalog:
    """The bundled catalog plus user data files (TOML, same format), validated and compiled.

    Cached per set of files; raises analyzer.errors.InputError listing every problem.
    """
    paths = builtin_data_files() + [Path(p) for p in extra_files]
    key = _file_key(paths)
    cat = _CACHE.get(key)
    if cat is None:
        cat = Catalog(load_records(paths))
        _CACHE[key] = cat
    return cat

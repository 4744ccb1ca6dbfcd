"""The deck-import tests' fake catalog: the same `lookup` / `suggest` / `token` contract as
`analyzer.cards.catalog.Catalog`, so the parser is pinned down independently of the card data."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import BLB_GIFTS

from analyzer.cards.records import name_keys, normalize_name
from analyzer.errors import InputError
from analyzer.io import Deck, parse_deck_text

DECKS = Path(__file__).parent / "fixtures" / "decks"
HEIST_FILES = [
    "heist_arena.txt",
    "heist_moxfield.txt",
    "heist_plain.txt",
    "heist_mtgo.dek",
    "heist_forge.dck",
]
HEIST_MAIN = {
    "Scrapshooter": 4,
    "Cruelclaw's Heist": 2,
    "Coiling Rebirth": 2,
    "Consumed by Greed": 2,
    "Nocturnal Hunger": 3,
    "Longstalk Brawl": 3,
    "Peerless Recycling": 2,
    "Wear Down": 2,
    "Starforged Sword": 3,
    "Swamp": 9,
    "Forest": 8,
}
HEIST_SIDE = {"Mind Spiral": 1, "Blooming Blast": 2, "Into the Flood Maw": 1}


@dataclass(frozen=True)
class FakeRecord:
    name: str
    support_name: str = "exact"
    is_basic_land: bool = False
    is_token: bool = False
    color_identity: int = 0  # Color mask (903.4)


class FakeCatalog:
    """The Catalog contract: forgiving `lookup` (cards only), `token`, `suggest`, `records`."""

    def __init__(self, records: list[FakeRecord]) -> None:
        self.records = tuple(records)
        self._by_key: dict[str, FakeRecord] = {}
        for record in records:
            for key in name_keys(record.name):
                self._by_key.setdefault(key, record)

    def lookup(self, name: str) -> FakeRecord | None:
        record = self._by_key.get(normalize_name(name))
        return None if record is None or record.is_token else record

    def token(self, name: str) -> FakeRecord | None:
        record = self._by_key.get(normalize_name(name))
        return record if record is not None and record.is_token else None

    def suggest(self, name: str, n: int = 3) -> list[str]:
        keys = {normalize_name(r.name): r.name for r in self.records if not r.is_token}
        close = difflib.get_close_matches(normalize_name(name), list(keys), n=n, cutoff=0.6)
        return [keys[k] for k in close]


GIFT_NAMES = [
    *BLB_GIFTS,
    "Octomancer",
    "Perch Protection",
    "Bilbo's Gambit",
    "Jolly Gerbils",
]
BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
CATALOG = FakeCatalog(
    [FakeRecord(n) for n in GIFT_NAMES]
    + [FakeRecord(n, is_basic_land=True) for n in BASICS]
    + [
        FakeRecord("Fire // Ice"),
        FakeRecord("Food", is_token=True),
        FakeRecord("Savor", support_name="approximate"),
    ]
)


def parse(text: str, **kwargs: object) -> Deck:
    kwargs.setdefault("catalog", CATALOG)
    return parse_deck_text(text, "deck.txt", **kwargs)  # type: ignore[arg-type]


def problems_of(text: str, **kwargs: object) -> list[str]:
    with pytest.raises(InputError) as err:
        parse(text, **kwargs)
    return [str(p) for p in err.value.problems]


def filler(n: int, name: str = "Swamp") -> str:
    return f"{n} {name}\n"

"""The bundled Limited decks look like decks people draft (issue 14 item 8; 17lands trophy decks
are the model): 40 cards, 16-17 lands, two colours, a curve, draft-legal copy counts."""

from __future__ import annotations

from collections import Counter

import pytest

from analyzer import bundled
from analyzer.cards.catalog import load_catalog
from analyzer.enums import CardCol
from analyzer.io.decklist import read_deck


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


@pytest.mark.parametrize("path", bundled.gauntlet(), ids=lambda p: p.stem)
def test_deck_is_shaped_like_a_draft_deck(cat, path) -> None:
    deck = read_deck(path, catalog=cat)
    cards = deck.cards()
    recs = {n: cat.lookup(n) for n in set(cards)}
    table = cat.compiled.cards
    assert len(cards) == 40
    lands = [n for n in cards if "Land" in recs[n].type_line]
    spells = [n for n in cards if "Land" not in recs[n].type_line]
    assert 16 <= len(lands) <= 17
    creatures = sum("Creature" in recs[n].type_line for n in spells)
    assert 13 <= creatures <= 18
    mv = Counter(int(table[cat.compiled.id_of(n), CardCol.MV]) for n in spells)
    assert sum(k for m, k in mv.items() if m <= 2) >= 8  # early plays
    assert sum(k for m, k in mv.items() if m >= 5) <= 5  # a top end, not a pile of it
    colors = 0
    for n in spells:
        colors |= int(table[cat.compiled.id_of(n), CardCol.COLORS])
    assert bin(colors & 31).count("1") == 2, "a two-colour deck"
    for name, k in Counter(cards).items():
        rarity = (recs[name].rarity or "common").lower()
        if "Basic" not in recs[name].type_line:
            assert k <= (1 if rarity in ("rare", "mythic") else 2), name

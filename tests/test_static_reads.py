"""CardFlag.STATIC_VOLATILE / STATIC_GAME (cards/compile.py ``_static_reads``): what a card's
static abilities read beyond what H.DIRTY tracks, computed once at load for chars.refresh
(which counts the volatile and game-reading sources on the battlefield at every refresh, and
among the latter those that read a hand's size: H.HAND_STATICS)."""

from __future__ import annotations

import pytest

from analyzer.cards.catalog import Catalog, load_catalog
from analyzer.enums import AbilCol, AbilityKind, CardCol, CardFlag, Cond, Op, StepCol

_BOTH = CardFlag.STATIC_VOLATILE | CardFlag.STATIC_GAME


@pytest.fixture(scope="module")
def cat() -> Catalog:
    return load_catalog()


def _flags(cat: Catalog, name: str) -> int:
    cards = cat.compiled.tables.cards
    return int(cards[cat.compiled.id_of(name), CardCol.FLAGS])


@pytest.mark.parametrize(
    ("name", "reads"),
    [
        ("Essence Channeler", CardFlag.STATIC_VOLATILE),  # "as long as you've lost life"
        ("Psychosis Crawler", CardFlag.STATIC_GAME),  # P/T = cards in hand (H.HAND_STATICS)
        ("Innkeeper's Talent", CardFlag.STATIC_VOLATILE),  # permanents with counters: ward
        ("Bello, Bard of the Brambles", CardFlag.STATIC_GAME),  # "during your turn"
        ("Mabel, Heir to Cragflame", 0),  # a plain anthem for other Mice
        # who is attacking is tracked (state.attacking_changed), not re-read at every check
        ("Berserkers' Onslaught", 0),
        ("Valley Floodcaller", 0),
    ],
)
def test_static_reads_of_known_cards(cat: Catalog, name: str, reads: int) -> None:
    flags = _flags(cat, name)
    assert flags & CardFlag.HAS_STATIC
    assert flags & _BOTH == reads


def test_flags_match_the_compiled_static_steps(cat: Catalog) -> None:
    """Every row (twins too): the flag is what a scan of its compiled static steps finds,
    the way chars.refresh classified them before the flag."""
    cards, abilities, _targets, steps, _gift = cat.compiled.tables
    seen = {0: 0, CardFlag.STATIC_VOLATILE: 0, CardFlag.STATIC_GAME: 0}
    volatile_ops = (Op.STATIC_COUNTERED_HAVE,)
    volatile_conds = (Cond.LIFE_CHANGED, Cond.OPP_LOST_LIFE, Cond.LOST_LIFE, Cond.DONE)
    for card in range(len(cards)):
        want = 0
        a0 = cards[card, CardCol.AB_START]
        for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.STATIC:
                continue
            s0 = abilities[a, AbilCol.ST_START]
            for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
                if steps[k, StepCol.OP] in volatile_ops or steps[k, StepCol.COND] in volatile_conds:
                    want = CardFlag.STATIC_VOLATILE
                elif want == 0 and (
                    steps[k, StepCol.COND] > Cond.IF_NOT_PROMISED
                    or steps[k, StepCol.OP] == Op.STATIC_PT_HAND
                ):
                    want = CardFlag.STATIC_GAME
        assert cards[card, CardCol.FLAGS] & _BOTH == want, cat.compiled.name_of(card)
        seen[want] += 1
    assert min(seen.values()) > 0  # the catalog has cards of each kind

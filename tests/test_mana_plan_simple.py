"""mana_plan.simple_fits answers castability without planning: it must say what plan() says for
every set of plain sources (one-color or colorless land and pool mana, Treasures)."""

from __future__ import annotations

import numpy as np

from analyzer.enums import CardCol, CardType
from analyzer.kernel.rules.mana_plan import (
    ANY_COLOR,
    CREATURE_SHIFT,
    FILTER_BIT,
    PAIN_BIT,
    SRC_FILTER,
    SRC_LAND,
    SRC_POOL,
    SRC_SAC_ANY,
    plan_spell,
    simple_fits,
    simple_sources,
)

N = 32  # the planner's arrays (mana.MAX_SOURCES)


def _cards() -> np.ndarray:
    """Row 0 a noncreature card, row 1 a creature card, neither with hybrid symbols."""
    cards = np.zeros((2, max(CardCol) + 1), dtype=np.int32)
    cards[1, CardCol.TYPES] = CardType.CREATURE
    return cards


def _plain_sources(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, int]:
    n = int(rng.integers(0, 12))
    masks = np.zeros(N, dtype=np.int32)
    kinds = np.zeros(N, dtype=np.int32)
    for i in range(n):
        r = rng.integers(0, 10)
        if r < 6:  # a land's mana of one color, or colorless (bit 5)
            masks[i], kinds[i] = 1 << int(rng.integers(0, 6)), SRC_LAND
        elif r < 8:
            masks[i], kinds[i] = 1 << int(rng.integers(0, 6)), SRC_POOL
        else:
            masks[i], kinds[i] = ANY_COLOR, SRC_SAC_ANY
    return masks, kinds, n


def test_simple_fits_says_what_the_planner_says():
    rng = np.random.default_rng(15)
    cards = _cards()
    use = np.zeros(N, dtype=np.int32)
    checked = {True: 0, False: 0}
    for _ in range(4000):
        masks, kinds, n = _plain_sources(rng)
        simple = simple_sources(masks, kinds, n)
        assert simple >= 0
        colored = rng.integers(0, 3, size=5).astype(np.int32) * (rng.random(5) < 0.4)
        generic = int(rng.integers(0, 6))
        card = int(rng.integers(-1, 2))  # -1: an ability's cost
        want = plan_spell(masks.copy(), kinds, n, cards, card, generic, colored.copy(), False, use)
        assert simple_fits(simple, n, generic, colored) == want, (masks[:n], kinds[:n], colored)
        checked[bool(want)] += 1
    assert min(checked.values()) > 500  # both answers were tried often


def test_a_source_the_counts_cannot_stand_for_leaves_it_to_the_planner():
    for mask, kind in (
        (0b11, SRC_LAND),  # a dual land: which color it pays is a choice
        (1 | PAIN_BIT, SRC_LAND),
        (1 | FILTER_BIT, SRC_LAND),
        (1 << CREATURE_SHIFT, SRC_LAND),  # mana only for creature spells
        (FILTER_BIT, SRC_FILTER),
    ):
        masks = np.zeros(N, dtype=np.int32)
        kinds = np.zeros(N, dtype=np.int32)
        masks[0], kinds[0] = 1, SRC_LAND
        masks[1], kinds[1] = mask, kind
        assert simple_sources(masks, kinds, 2) == -1

"""mana_plan.simple_fits answers castability without planning: it must say what plan() says for
every set of plain sources (land and pool mana, pain lands' too, Treasures), or leave it to plan
(-1: lands of several colors and a cost of several colors)."""

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


def _plain_sources(
    rng: np.random.Generator, wide: bool = False
) -> tuple[np.ndarray, np.ndarray, int]:
    """Plain sources; wide: some lands of several colors (a dual, a tri, Command Tower)."""
    n = int(rng.integers(0, 12))
    masks = np.zeros(N, dtype=np.int32)
    kinds = np.zeros(N, dtype=np.int32)
    for i in range(n):
        r = rng.integers(0, 10)
        if r < 6:  # a land's mana of one color, or colorless (bit 5), some pain lands
            masks[i], kinds[i] = 1 << int(rng.integers(0, 6)), SRC_LAND
            if r == 5:
                masks[i] |= PAIN_BIT
            if wide and r < 3:
                masks[i] |= int(rng.integers(0, 32))
        elif r < 8:
            masks[i], kinds[i] = 1 << int(rng.integers(0, 6)), SRC_POOL
        else:
            masks[i], kinds[i] = ANY_COLOR, SRC_SAC_ANY
    return masks, kinds, n


def _check(wide: bool) -> dict:
    rng = np.random.default_rng(15)
    cards = _cards()
    use = np.zeros(N, dtype=np.int32)
    checked = {1: 0, 0: 0, -1: 0}
    for _ in range(4000):
        masks, kinds, n = _plain_sources(rng, wide)
        simple = simple_sources(masks, kinds, n)
        assert simple >= 0
        colored = rng.integers(0, 3, size=5).astype(np.int32) * (rng.random(5) < 0.3)
        generic = int(rng.integers(0, 6))
        card = int(rng.integers(-1, 2))  # -1: an ability's cost
        want = plan_spell(masks.copy(), kinds, n, cards, card, generic, colored.copy(), False, use)
        fits = simple_fits(simple, n, generic, colored)
        assert fits in (-1, int(want)), (masks[:n], kinds[:n], colored)
        checked[fits] += 1
    return checked


def test_simple_fits_says_what_the_planner_says():
    checked = _check(wide=False)
    assert checked[-1] == 0
    assert min(checked[0], checked[1]) > 500  # both answers were tried often


def test_with_lands_of_several_colors_it_answers_costs_of_one_color():
    checked = _check(wide=True)
    assert min(checked.values()) > 300  # both answers, and some left to the planner


def test_a_source_the_counts_cannot_stand_for_leaves_it_to_the_planner():
    for mask, kind in (
        (1 | FILTER_BIT, SRC_LAND),
        (1 << CREATURE_SHIFT, SRC_LAND),  # mana only for creature spells
        (FILTER_BIT, SRC_FILTER),
    ):
        masks = np.zeros(N, dtype=np.int32)
        kinds = np.zeros(N, dtype=np.int32)
        masks[0], kinds[0] = 1, SRC_LAND
        masks[1], kinds[1] = mask, kind
        assert simple_sources(masks, kinds, 2) == -1

"""mana_fits answers castability without planning: wherever it answers, it must say what plan()
says (simple_fits: plain sources, land and pool mana, pain lands' too, Treasures; signet_fits:
the same beside Signets), and leave the rest to plan (-1)."""

from __future__ import annotations

import numpy as np

from analyzer.enums import CardCol, CardType
from analyzer.kernel.rules.mana_fits import signet_fits, simple_fits, simple_sources
from analyzer.kernel.rules.mana_plan import (
    ANY_COLOR,
    CREATURE_SHIFT,
    FILTER_BIT,
    FUEL_ANY,
    FUEL_SHIFT,
    PAIN_BIT,
    SIG_ALT,
    SIG_FIRST,
    SIG_SECOND,
    SRC_FILTER,
    SRC_LAND,
    SRC_POOL,
    SRC_SAC_ANY,
    SRC_SIGNET,
    plan_spell,
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


def _signet_sources(
    rng: np.random.Generator, odd: bool = False
) -> tuple[np.ndarray, np.ndarray, int]:
    """Pool mana (first, as mana.collect_sources puts it), then lands (some of several colors,
    some pain lands), Treasures and one to three Signets in any order. odd: sometimes a Signet
    with a hybrid fuel ({U/R}) or a land's own mana (SIG_ALT), which signet_fits leaves to plan."""
    masks = np.zeros(N, dtype=np.int32)
    kinds = np.zeros(N, dtype=np.int32)
    n = 0
    for _ in range(int(rng.integers(0, 3)) * (rng.random() < 0.3)):
        masks[n], kinds[n] = 1 << int(rng.integers(0, 6)), SRC_POOL
        n += 1
    groups = [[(1 << int(rng.integers(0, 6)), SRC_LAND)] for _ in range(int(rng.integers(0, 9)))]
    for g in groups:
        r = rng.integers(0, 10)
        if r < 3:
            g[0] = (g[0][0] | int(rng.integers(0, 32)), SRC_LAND)
        elif r == 3:
            g[0] = (g[0][0] | PAIN_BIT | int(rng.integers(0, 32)), SRC_LAND)
        elif r == 4:
            g[0] = (ANY_COLOR, SRC_SAC_ANY)
    for _ in range(int(rng.integers(1, 4))):
        a, b = rng.choice(5, size=2, replace=False)
        fuel = FUEL_ANY
        group = [(int(1 << a) | SIG_FIRST, SRC_SIGNET), (int(1 << b) | SIG_SECOND, SRC_SIGNET)]
        if odd and rng.random() < 0.2:
            fuel = int(rng.integers(1, 32)) << FUEL_SHIFT
        if odd and rng.random() < 0.2:
            group.append((32 | SIG_ALT, SRC_LAND))
        group[0] = (group[0][0] | fuel, SRC_SIGNET)
        groups.append(group)
    for k in rng.permutation(len(groups)):
        for mask, kind in groups[k]:
            masks[n], kinds[n] = mask, kind
            n += 1
    return masks, kinds, n


def _cost(rng: np.random.Generator) -> tuple[int, np.ndarray]:
    colored = rng.integers(0, 3, size=5).astype(np.int32) * (rng.random(5) < 0.3)
    return int(rng.integers(0, 7)), colored


def _planned(rng, cards, masks, kinds, n, generic, colored) -> int:
    use = np.zeros(N, dtype=np.int32)
    card = int(rng.integers(-1, 2))  # -1: an ability's cost
    return int(plan_spell(masks.copy(), kinds, n, cards, card, generic, colored.copy(), False, use))


def _check(wide: bool) -> dict:
    rng = np.random.default_rng(15)
    cards = _cards()
    checked = {1: 0, 0: 0, -1: 0}
    for _ in range(4000):
        masks, kinds, n = _plain_sources(rng, wide)
        simple = simple_sources(masks, kinds, n)
        assert simple >= 0
        generic, colored = _cost(rng)
        want = _planned(rng, cards, masks, kinds, n, generic, colored)
        fits = simple_fits(simple, n, generic, colored)
        assert fits in (-1, want), (masks[:n], kinds[:n], colored)
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
        assert signet_fits(masks, kinds, 2, 1, np.zeros(5, dtype=np.int32)) == -1


def test_signet_fits_says_what_the_planner_says_with_signets():
    rng = np.random.default_rng(21)
    cards = _cards()
    checked = {1: 0, 0: 0, -1: 0}
    for _ in range(20000):
        masks, kinds, n = _signet_sources(rng, odd=rng.random() < 0.2)
        assert simple_sources(masks, kinds, n) == -1
        generic, colored = _cost(rng)
        want = _planned(rng, cards, masks, kinds, n, generic, colored)
        fits = signet_fits(masks, kinds, n, generic, colored)
        assert fits in (-1, want), (masks[:n].tolist(), kinds[:n].tolist(), generic, colored)
        checked[fits] += 1
    assert min(checked.values()) > 1000  # both answers, and some left to the planner


def test_signet_fits_counts_the_fuel():
    """A Signet and one Forest: {1}{G} is paid (Forest fuels the Signet, whose {G}{R} pays),
    {2}{G} is not (three mana would need a second source beside the fuel)."""
    masks = np.zeros(N, dtype=np.int32)
    kinds = np.zeros(N, dtype=np.int32)
    masks[:3] = (1 << 4, (1 << 4) | SIG_FIRST | FUEL_ANY, (1 << 3) | SIG_SECOND)
    kinds[:3] = (SRC_LAND, SRC_SIGNET, SRC_SIGNET)
    green = np.array([0, 0, 0, 0, 1], dtype=np.int32)
    assert signet_fits(masks, kinds, 3, 1, green) == 1
    assert signet_fits(masks, kinds, 3, 2, green) == 0

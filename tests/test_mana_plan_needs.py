"""The standard player's payment (mana_plan.plan with hand_needs' needs, 601.2g-h): generic mana
taps the sources whose colors stay in surplus, and when some color must go short, one only a
sorcery-speed card needs before one an instant or flash card needs (NEED_FAST: its mana is
wanted in the opponent's turn)."""

from __future__ import annotations

import numpy as np

from analyzer.kernel.rules.mana_plan import NEED_FAST, SRC_LAND, plan

N = 32  # the planner's arrays (mana.MAX_SOURCES)
W, U, B, R, G = range(5)


def _lands(*colors: int) -> tuple[np.ndarray, np.ndarray, int]:
    masks = np.zeros(N, dtype=np.int32)
    kinds = np.zeros(N, dtype=np.int32)
    for i, c in enumerate(colors):
        masks[i], kinds[i] = 1 << c, SRC_LAND
    return masks, kinds, len(colors)


def _untapped(colors: tuple[int, ...], generic: int, colored: tuple[int, ...], needs) -> list:
    masks, kinds, n = _lands(*colors)
    use = np.zeros(N, dtype=np.int32)
    assert plan(masks, kinds, n, generic, np.array(colored), False, use, needs, 0)
    return sorted(colors[i] for i in range(n) if not use[i])


def test_generic_mana_leaves_the_one_island_a_held_bounce_needs():
    """{2}{G} from Island and three Forests, a {U} instant and a {1}{G} creature held: the
    Forests are in surplus (two left, one wanted), the Island is the instant's only source."""
    needs = (0, 1 | NEED_FAST, 0, 0, 1)
    assert _untapped((U, G, G, G), 2, (0, 0, 0, 0, 1), needs) == [U]
    # nothing to keep (the basic player's payment): the first lands, the Island among them
    assert _untapped((U, G, G, G), 2, (0, 0, 0, 0, 1), (0, 0, 0, 0, 0)) == [G]


def test_a_color_goes_short_for_a_sorcery_before_one_for_an_instant():
    """{2}{G} from Island, Mountain and two Forests: after the Forests one of Island and
    Mountain must go; the {U} instant keeps its Island, the {R} sorcery waits a turn."""
    needs = (0, 1 | NEED_FAST, 0, 1, 0)
    assert _untapped((U, R, G, G), 1, (0, 0, 0, 0, 1), needs) == [U, R]  # the spare Forest
    assert _untapped((U, R, G, G), 2, (0, 0, 0, 0, 1), needs) == [U]
    needs = (0, 1, 0, 1 | NEED_FAST, 0)  # the red card is the instant
    assert _untapped((U, R, G, G), 2, (0, 0, 0, 0, 1), needs) == [R]


def test_uu_for_a_held_counterspell_outranks_a_one_symbol_need():
    """{3}{R} from two Islands and four Mountains, {U}{U} (instant) and {R} (sorcery) held:
    the Mountains pay, both Islands stay."""
    needs = (0, 2 | NEED_FAST, 0, 1, 0)
    assert _untapped((U, U, R, R, R, R), 3, (0, 0, 0, 1, 0), needs) == [U, U]

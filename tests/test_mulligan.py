"""Opening hands (kernel/player/mulligan.py): the standard player's mulligan rates on the bundled
decks, the basic player's rule (2-5 lands, unchanged), and the kept hand's size.

Only `init_game` runs (it shuffles and takes the mulligans), so thousands of hands take well
under a second once the kernel is compiled.
"""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from analyzer import bundled
from analyzer.analysis.simulate import kernel_inputs, seat_levels
from analyzer.api.simulation import _load
from analyzer.enums import CardCol, CardType
from analyzer.kernel import layout as L
from analyzer.kernel.player import mulligan
from analyzer.kernel.rules import engine
from analyzer.kernel.rules.view import hand_at, ob, pb

HANDS_PER_DECK = 400  # x 2 seats x 9 decks = 7,200 hands per level


@pytest.fixture(scope="module")
def bundled_decks(catalog):
    return [_load([p, p], catalog, False) for p in bundled.gauntlet()]


def _hands(catalog, decks, player: str, games: int, seed: int = 11) -> np.ndarray:
    """(games * seats, 4): mulligans, lands among the first seven drawn, cards kept, lands kept."""
    inp = kernel_inputs(decks, catalog, seat_levels(len(decks), player))
    cards = catalog.compiled.cards
    G = engine.new_record(inp.deck_sizes)
    rows = []
    for gi in range(games):
        engine.init_game(
            G,
            inp.C,
            inp.decks,
            inp.deck_sizes,
            inp.levels,
            len(decks),
            seed,
            gi,
            20,
            60,
            50_000,
            -1,
        )
        for p in range(len(decks)):
            n = G[pb(p) + L.P.HAND_N]
            kept_lands = sum(
                bool(cards[G[ob(hand_at(G, p, i)) + L.O.CARD], CardCol.TYPES] & CardType.LAND)
                for i in range(n)
            )
            rows.append((G[pb(p) + L.P.MULLIGANS], G[pb(p) + L.P.OPENING_LANDS], n, kept_lands))
    return np.array(rows)


def test_standard_player_mulligans_like_a_limited_player(catalog, bundled_decks):
    """Real Limited: about 11% of hands take one mulligan, about 0.5% two. Over 7,200 hands
    the standard error of a 11% rate is 0.4 points: the bands are about 3 and 5 SE wide."""
    h = np.concatenate([_hands(catalog, d, "standard", HANDS_PER_DECK) for d in bundled_decks])
    one = float(np.mean(h[:, 0] >= 1))
    two = float(np.mean(h[:, 0] >= 2))
    assert 0.09 <= one <= 0.13, one
    assert two <= 0.008, two
    # no seven-card hand of 0, 1 or 7 lands is kept
    assert not ((h[:, 0] == 0) & np.isin(h[:, 1], (0, 1, 7))).any()
    # a Limited player keeps 2-5 lands with a spell to cast: the mulligans of 2-5 lands are
    # the rare hands with nothing castable (off-color spells only), under 0.5% of hands
    assert float(np.mean((h[:, 0] >= 1) & (h[:, 1] >= 2) & (h[:, 1] <= 5))) < 0.005
    # six lands go back even with a spell to cast: kept, such deals won 28% of 2,852 games,
    # mulliganed 37% (tools/keep_lands.py --split)
    assert not ((h[:, 0] == 0) & (h[:, 1] == 6)).any()
    assert (h[:, 2] == 7 - h[:, 0]).all()  # London: one card to the bottom per mulligan


def test_basic_player_keeps_two_to_five_lands(catalog, bundled_decks):
    """The basic player's rule is the earlier one: a seven-card hand of 2-5 lands is kept, any
    other is mulliganed; the rate matches the hypergeometric answer of each deck's land count
    within 4 standard errors."""
    for decks in bundled_decks:
        h = _hands(catalog, decks, "basic", HANDS_PER_DECK)
        first_kept = (h[:, 1] >= 2) & (h[:, 1] <= 5)
        assert ((h[:, 0] == 0) == first_kept).all(), decks[0].name
        assert (h[:, 2] == 7 - h[:, 0]).all()
        size = len(decks[0].cards())
        lands = sum(1 for n in decks[0].cards() if "Land" in catalog.lookup(n).type_line)
        p_keep = sum(comb(lands, k) * comb(size - lands, 7 - k) for k in range(2, 6)) / comb(
            size, 7
        )
        rate = float(np.mean(h[:, 0] >= 1))
        se = (p_keep * (1 - p_keep) / len(h)) ** 0.5
        assert abs(rate - (1 - p_keep)) <= 4 * se, (decks[0].name, rate, 1 - p_keep)


def test_levels_keep_different_hands_from_the_same_shuffle(catalog, bundled_decks):
    """The level changes the keep decision, not the shuffle: the first seven cards drawn are
    the same for both levels, and the standard player keeps some hands the basic one does
    not (two-landers on the play with nothing to cast go back, off-color hands too): rare
    hands, so all the bundled decks are dealt."""
    differ = False
    for decks in bundled_decks:
        basic = _hands(catalog, decks, "basic", 300)
        standard = _hands(catalog, decks, "standard", 300)
        assert (basic[:, 1] == standard[:, 1]).all()
        differ |= bool(((basic[:, 0] == 0) != (standard[:, 0] == 0)).any())
    assert differ


def _dealt_seven(catalog, decks, on_draw: bool, names: list[str], deal: str = "paper"):
    """A dealt game's record with the seat on the draw (or play) holding `names` as its seven
    (the deal's hand objects get these cards), for the keep rule to judge; `deal` is the
    seats' opening-hands procedure."""
    inp = kernel_inputs(decks, catalog, seat_levels(len(decks), "standard", None, deal))
    G = engine.new_record(inp.deck_sizes)
    for gi in range(50):
        engine.init_game(
            G, inp.C, inp.decks, inp.deck_sizes, inp.levels, len(decks), 11, gi, 20, 60,
            50_000, -1,
        )  # fmt: skip
        p = 1 - G[L.H.FIRST_SEAT] if on_draw else G[L.H.FIRST_SEAT]
        if G[pb(p) + L.P.HAND_N] == 7:
            for i, name in enumerate(names):
                G[ob(hand_at(G, p, i)) + L.O.CARD] = catalog.compiled.id_of(name)
            return G, p
    raise AssertionError("no seven-card keep dealt")


def test_six_lands_go_back_even_with_a_castable_two_drop_on_the_draw(catalog, bundled_decks):
    """The six-lander a player is likeliest to keep, on the draw with a castable spell of mana
    value 2, goes back: 715 such deals won 26.7% kept, 35.0% mulliganed (tools/keep_lands.py
    --split, paired). Five lands with two castable spells stay: on the play, where a
    mulligan costs most, 2,605 five-land deals won 43.9% kept, 38.8% mulliganed."""
    decks = bundled_decks[0]  # UB Rats
    cards = catalog.compiled.cards
    six = ["Island"] * 3 + ["Swamp"] * 3 + ["Thought Shucker"]
    five = ["Island"] * 3 + ["Swamp"] * 2 + ["Thought Shucker", "Daggerfang Duo"]
    for on_draw in (True, False):
        G, p = _dealt_seven(catalog, decks, on_draw, six)
        assert not mulligan._keeps(G, cards, p, 0, 6)
    G, p = _dealt_seven(catalog, decks, True, five)
    assert mulligan._keeps(G, cards, p, 0, 5)


def test_arena_bo1_on_the_play_sends_back_a_slow_off_colour_seven(catalog, bundled_decks):
    """Under Arena best-of-one smoothing the next seven is smoothed too: on the play, a seven
    of 2-5 lands with no castable spell of mana value 3 or less and a spell its lands cannot
    cast goes back (5,462 paired deals won 32.1% kept, 36.6% mulliganed: tools/keep_classes.py).
    On the draw it is kept, and under paper, as before; so are a castable three-drop and a slow
    hand whose lands cast every spell (mulliganed, 929 such deals lost 4.6 points)."""
    decks = bundled_decks[0]  # UB Rats
    cards = catalog.compiled.cards
    black = ["Swamp"] * 3 + ["Thornplate Intimidator", "Glidedive Duo"]
    slow_off = [*black, "Mind Spiral", "Dire Downdraft"]  # two blue spells, no Island
    G, p = _dealt_seven(catalog, decks, False, slow_off, "arena-bo1")
    assert not mulligan._keeps(G, cards, p, 0, 3)
    G, p = _dealt_seven(catalog, decks, True, slow_off, "arena-bo1")
    assert mulligan._keeps(G, cards, p, 0, 3)
    G, p = _dealt_seven(catalog, decks, False, slow_off)
    assert mulligan._keeps(G, cards, p, 0, 3)
    three = [*black, "Mind Spiral", "Daggerfang Duo"]
    G, p = _dealt_seven(catalog, decks, False, three, "arena-bo1")
    assert mulligan._keeps(G, cards, p, 0, 3)
    slow = ["Island", "Island", "Swamp", "Thornplate Intimidator", "Glidedive Duo"]
    slow += ["Mind Spiral", "Dire Downdraft"]
    G, p = _dealt_seven(catalog, decks, False, slow, "arena-bo1")
    assert mulligan._keeps(G, cards, p, 0, 3)

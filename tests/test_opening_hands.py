"""Opening hands dealt as paper or as Arena best-of-one (kernel/rules/opening_deal.py): the land
count of the first seven against the model's exact distribution, the mulligan sevens smoothed
too, the rest of the library a uniform shuffle, the same hands whatever the thread count, and
the option refused where it does not apply.

Only `init_game` runs for the distributions (it shuffles, deals and takes the mulligans), so
tens of thousands of hands take a few seconds once the kernel is compiled.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from analyzer import api, bundled
from analyzer.analysis.simulate import kernel_inputs, seat_levels, simulate_matchup
from analyzer.api.simulation import _load
from analyzer.enums import CardCol, CardType
from analyzer.errors import InputError
from analyzer.kernel import layout as L
from analyzer.kernel.rules import engine
from analyzer.kernel.rules.opening_deal import BO1_CANDIDATES, bo1_weight
from analyzer.kernel.rules.view import pb

GAMES = 12_000  # x 2 seats = 24,000 first sevens per procedure


@pytest.fixture(scope="module")
def rats(catalog):
    deck = bundled.gauntlet()[0]
    return _load([deck, deck], catalog, False)


def _deal(catalog, decks, opening_hands: str, games: int = GAMES, seed: int = 3):
    """(games * 2, 4): mulligans, lands of the first seven, lands kept, top of the library after
    the deal is a land (basic player: it keeps 2-5 lands)."""
    inp = kernel_inputs(decks, catalog, seat_levels(2, "basic", None, opening_hands))
    land = (catalog.compiled.cards[:, CardCol.TYPES] & CardType.LAND) != 0
    G = engine.new_record(inp.deck_sizes)
    rows = []
    for gi in range(games):
        engine.init_game(
            G, inp.C, inp.decks, inp.deck_sizes, inp.levels, 2, seed, gi, 20, 60, 50_000, -1
        )
        for p in range(2):
            b = pb(p)
            hand = [G[L.OFF_HAND + p * L.MAX_HAND + i] for i in range(G[b + L.P.HAND_N])]
            kept = sum(land[G[L.OFF_OBJECTS + o * L.OF + L.O.CARD]] for o in hand)
            top = G[L.OFF_LIBRARY + p * L.MAX_LIBRARY + G[b + L.P.LIB_N] - 1]
            top_land = land[G[L.OFF_OBJECTS + top * L.OF + L.O.CARD]]
            rows.append((G[b + L.P.MULLIGANS], G[b + L.P.OPENING_LANDS], kept, top_land))
    return np.array(rows)


def _deck_lands(catalog, deck) -> tuple[int, int]:
    names = deck.cards()
    return len(names), sum("Land" in catalog.lookup(n).type_line for n in names)


def _arena_pmf(size: int, lands: int) -> np.ndarray:
    """The model's exact land distribution of a seven: three hypergeometric candidates, one
    picked with probability proportional to its weight."""
    h = stats.hypergeom(size, lands, 7).pmf(np.arange(8))
    ideal = 7 * lands / size
    w = np.array([bo1_weight(float(k), ideal) for k in range(8)])
    pmf = np.zeros(8)
    for ks in itertools.product(range(8), repeat=BO1_CANDIDATES):
        p = np.prod(h[list(ks)])
        total = w[list(ks)].sum()
        for k in ks:
            pmf[k] += p * w[k] / total
    return pmf


def _chi_square_p(counts: np.ndarray, pmf: np.ndarray) -> float:
    """Chi-square goodness of fit, bins with an expected count under 5 pooled into their
    neighbour toward the middle."""
    exp = pmf * counts.sum()
    obs = counts.astype(float)
    keep_o, keep_e, acc_o, acc_e = [], [], 0.0, 0.0
    for o, e in zip(obs, exp, strict=True):
        acc_o, acc_e = acc_o + o, acc_e + e
        if acc_e >= 5:
            keep_o.append(acc_o)
            keep_e.append(acc_e)
            acc_o = acc_e = 0.0
    keep_o[-1] += acc_o
    keep_e[-1] += acc_e
    return float(stats.chisquare(keep_o, keep_e).pvalue)


def test_arena_bo1_first_sevens_follow_the_model(catalog, rats):
    """The land count of 24,000 first sevens fits the exact model distribution (chi-square p >
    0.001 at a fixed seed) and not the plain hypergeometric one (p < 1e-12)."""
    size, lands = _deck_lands(catalog, rats[0])
    h = _deal(catalog, rats, "arena-bo1")
    counts = np.bincount(h[:, 1], minlength=8)
    model = _arena_pmf(size, lands)
    plain = stats.hypergeom(size, lands, 7).pmf(np.arange(8))
    assert _chi_square_p(counts, model) > 1e-3, (counts, model * len(h))
    assert _chi_square_p(counts, plain) < 1e-12
    # the smoothing moves weight to the middle: 2-4 lands far more often than paper's
    assert model[2:5].sum() > plain[2:5].sum() + 0.1


def test_paper_first_sevens_are_hypergeometric(catalog, rats):
    size, lands = _deck_lands(catalog, rats[0])
    h = _deal(catalog, rats, "paper")
    counts = np.bincount(h[:, 1], minlength=8)
    plain = stats.hypergeom(size, lands, 7).pmf(np.arange(8))
    assert _chi_square_p(counts, plain) > 1e-3, (counts, plain * len(h))


def test_arena_bo1_smooths_each_mulligans_seven_too(catalog, rats):
    """The basic player keeps 2-5 lands: a hand is mulliganed once with the model's
    probability q of 0, 1, 6 or 7 lands, twice with q**2 (every seven smoothed); paper's
    q**2 would be several times more. Rates within 4 standard errors."""
    size, lands = _deck_lands(catalog, rats[0])
    model = _arena_pmf(size, lands)
    q = model[[0, 1, 6, 7]].sum()
    plain = stats.hypergeom(size, lands, 7).pmf(np.arange(8))
    q_paper = plain[[0, 1, 6, 7]].sum()
    h = _deal(catalog, rats, "arena-bo1")
    n = len(h)
    for rate, p in ((np.mean(h[:, 0] >= 1), q), (np.mean(h[:, 0] >= 2), q * q)):
        assert abs(rate - p) <= 4 * (p * (1 - p) / n) ** 0.5, (rate, p)
    assert q_paper**2 > 4 * q * q


def test_arena_bo1_leaves_the_rest_of_the_library_shuffled(catalog, rats):
    """Below the kept hand the library is a uniform shuffle: its top card is a land as often as
    the lands left say ((deck lands - lands in the seven) / 33, hands kept without a
    mulligan), within 4 standard errors."""
    size, lands = _deck_lands(catalog, rats[0])
    h = _deal(catalog, rats, "arena-bo1")
    first = h[h[:, 0] == 0]
    p = (lands - first[:, 2]) / (size - 7)
    se = float(np.sqrt((p * (1 - p)).sum()))
    assert abs(first[:, 3].sum() - p.sum()) <= 4 * se, (first[:, 3].sum(), p.sum())


def test_paper_deals_draw_no_extra_random_numbers(catalog, rats):
    """Paper is the procedure of every run before the option: the same first sevens as levels
    without the opening bits (the golden files pin whole games)."""
    a = kernel_inputs(rats, catalog, seat_levels(2, "standard"))
    b = kernel_inputs(rats, catalog, [0, 0])
    assert np.array_equal(a.levels, b.levels)
    arena = _deal(catalog, rats, "arena-bo1", games=300)
    paper = _deal(catalog, rats, "paper", games=300)
    assert not np.array_equal(arena[:, 1], paper[:, 1])


def test_arena_bo1_games_are_the_same_for_any_thread_count_and_batch_split(catalog, rats):
    levels = seat_levels(2, "standard", None, "arena-bo1")
    a = simulate_matchup(rats, catalog, games=300, seed=9, threads=1, levels=levels)
    b = simulate_matchup(rats, catalog, games=300, seed=9, threads=2, chunk=37, levels=levels)
    assert a.games_frame().equals(b.games_frame())
    paper = simulate_matchup(rats, catalog, games=300, seed=9, threads=1)
    assert not a.games_frame().equals(paper.games_frame())


def test_arena_bo1_is_refused_outside_two_player_non_commander_games(catalog):
    with pytest.raises(InputError, match="two-player procedure"):
        seat_levels(3, "standard", None, "arena-bo1")
    with pytest.raises(InputError, match="unknown opening hands 'bo3'"):
        seat_levels(2, "standard", None, "bo3")
    assert seat_levels(4, "standard").tolist() == [0] * 4  # paper pods as before
    deck = bundled.gauntlet()[0]
    with pytest.raises(InputError, match="opening_hands arena-bo1 deals"):
        api.simulate(deck, [deck, deck], games=1, opening_hands="arena-bo1")
    from analyzer.io.coverage import load_decks

    precons = sorted((Path(bundled.__file__).parents[1] / "decks" / "commander").glob("*.txt"))
    duel = load_decks([precons[:2]], catalog, allow_approximate=True).seats[0]
    with pytest.raises(InputError, match="Commander deck deals paper hands only"):
        kernel_inputs(duel, catalog, seat_levels(2, "standard", None, "arena-bo1"))
    kernel_inputs(duel, catalog, seat_levels(2, "standard"))


PLAYING_COMMANDS = ("simulate", "evaluate", "compare", "cardstats", "tune", "calibrate")


@pytest.mark.parametrize("command", PLAYING_COMMANDS)
def test_every_playing_command_takes_opening_hands(command: str) -> None:
    """calibrate deals as its real games were dealt (Arena best-of-one); the others paper."""
    from click.testing import CliRunner

    from analyzer.cli import main

    params = {p.name: p for p in main.commands[command].params}
    assert params["opening_hands"].default == ("arena-bo1" if command == "calibrate" else "paper")
    res = CliRunner().invoke(main, [command, "--help"])
    assert "--opening-hands" in res.output and "arena-bo1" in res.output
    if command == "calibrate":
        assert "areArenabest-of-one" in "".join(res.output.split())  # however it wraps


def test_arena_bo1_is_recorded_and_replayed(tmp_path: Path) -> None:
    """manifest.json records the deal, and a replay (which reads it) plays the run's games:
    each ends as games.csv says; paper runs record paper."""
    import json

    from analyzer.analysis.replay_session import ReplaySession

    deck = bundled.gauntlet()[0]
    run = api.simulate(
        deck,
        [deck],
        games=8,
        seed=5,
        threads=1,
        per_game=True,
        out=tmp_path / "s",
        opening_hands="arena-bo1",
    )
    manifest = json.loads((tmp_path / "s" / "manifest.json").read_text())
    assert manifest["opening_hands"] == "arena-bo1"
    session = ReplaySession(tmp_path / "s")
    for row in run.games.itertuples(index=False):
        r = session.replay(int(row.game), int(row.matchup))
        assert (r.winner, r.turns, r.end_reason) == (row.winner, row.turns, row.end_reason)
    assert "arena-bo1 opening hands" in session.header(r)
    api.simulate(deck, [deck], games=1, seed=5, out=tmp_path / "p")
    assert json.loads((tmp_path / "p" / "manifest.json").read_text())["opening_hands"] == "paper"


def test_arena_bo1_games_keep_the_invariants(catalog, rats):
    """Whole games dealt Arena best-of-one hands, under the invariant checks after every step
    (the deal only reorders the library: every card stays in one zone)."""
    from analyzer.kernel.rules.invariants import CHECK_NAMES, play_checked
    from analyzer.policies.table import policy_table

    inp = kernel_inputs(rats, catalog, seat_levels(2, "standard", None, "arena-bo1"))
    pol = policy_table("random:p=0.5", inp.card_names, catalog.lookup)
    G = engine.new_record(inp.deck_sizes)
    for gi in range(40):
        engine.init_game(
            G, inp.C, inp.decks, inp.deck_sizes, inp.levels, 2, 17, gi, 20, 60, 50_000, -1
        )
        bad, _ = play_checked(G, inp.C, pol)
        assert not bad, (gi, CHECK_NAMES[bad])
        assert G[L.H.WINNER] != -1

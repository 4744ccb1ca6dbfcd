"""Card statistics in 17lands' vocabulary (GP, OH, GD, GIH, GNS, IWD) from simulated games.

Definitions, per distinct card of the deck under test (seat 0) and per game; a game counts for a
card when ANY copy meets the condition (17lands counts games, not copies):

- GP  (games played): games with the card in the deck;
- OH  (opening hand): some copy was in the hand kept after mulligans (London mulligan: the hand
  after the bottomed cards are gone);
- GD  (games drawn): some copy was drawn after the opening hand, and no copy was in it;
- GIH (games in hand): OH or GD;
- GNS (games not seen): neither (GP = OH + GD + GNS, exactly);
- IWD (improvement when drawn): GIH WR - GNS WR, in percentage points (``iwd_pts``); over
  several matchups the Mantel-Haenszel weighted difference of the per-matchup differences
  (weights n_gih n_gns / n), so a card is not credited for being drawn more in an easy matchup.

A win rate is wins / games for seat 0. **A draw (turn or action cap) counts as a game that was
not won**: 17lands has no draws, and this is what `simulate` reports as win rate too; draws are
rare and their number is in the ``gp_draws`` column. Every rate has a 95% Wilson interval, with
the Jeffreys end near 0 or 1 where Wilson under-covers (``stats.proportion_interval``). IWD's
interval, one matchup: Newcombe's hybrid score interval for a difference of two independent
proportions (``stats.unpaired_difference``; GIH and GNS games are disjoint). Several matchups:
the Mantel-Haenszel difference with the stratified Newcombe interval (Yan & Su 2010,
``mantel_haenszel_difference``), which is Newcombe's for one matchup. A rate over no
games is NaN, never a made-up figure; so is IWD when either part has no games.

IWD = 0 is tested per card (``iwd_p``, two-sided): Fisher's exact test of GIH against GNS wins
in one matchup, the continuity-corrected Cochran-Mantel-Haenszel test over several (statsmodels
``StratifiedTable``; the strata that have both groups). A table of many cards invites a
"significant" card by chance, so ``iwd_p_holm`` is Holm-adjusted over the family the answer
ranks: every card with a p except basic lands (NaN for those).

IWD is OBSERVATIONAL too: a card is drawn more in longer games, and longer games are won at a
different rate, so IWD is not the effect of drawing the card.

Gift cards also get the win rate in games where some copy was cast with the gift promised
(``promised_games``, ``promised_wr``) and where some copy was cast without it
(``unpromised_games``, ``unpromised_wr``); a game with one copy cast each way counts in both.
A copy the opponent cast (Cruelclaw's Heist casts a card from its target's hand) counts too:
the kernel's per-object counters do not say who cast it.
These figures are OBSERVATIONAL: whether a card is cast at all, and (under a state-dependent
policy) whether it is promised, depend on how the game is going, so the difference is not the
effect of promising. `gift-analyzer evaluate` forks each decision and gives the causal answer.
For non-gift cards the four columns are empty.

The per-object raw material comes from the kernel (``SimResult.objs``, ``OBJ_COLS``): the kernel
marks an object ``opening_hand`` at the kept hand and ``drawn`` on every later draw, and counts
casts and casts with the promise, as part of the game record; nothing extra is run for this.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from analyzer.analysis.stats import (
    Difference,
    holm_adjust,
    proportion_interval,
    unpaired_difference,
    wilson_interval,
)

BoolMatrix = NDArray[np.bool_]

#: The columns of card_stats.csv, in order (issue 8); interval columns are appended after them.
MAIN_COLUMNS = (
    "card",
    "copies",
    "gp",
    "gp_wr",
    "oh_games",
    "oh_wr",
    "gd_games",
    "gd_wr",
    "gih_games",
    "gih_wr",
    "gns_games",
    "gns_wr",
    "iwd_pts",
    "iwd_ci_low_pts",
    "iwd_ci_high_pts",
    "promised_games",
    "promised_wr",
    "unpromised_games",
    "unpromised_wr",
)
RATES = ("gp", "oh", "gd", "gih", "gns", "promised", "unpromised")
EXTRA_COLUMNS = (
    *(f"{r}_wr_ci_{end}" for r in RATES for end in ("low", "high")),
    "gp_draws",
    "iwd_p",
    "iwd_p_holm",
)
COLUMNS = MAIN_COLUMNS + EXTRA_COLUMNS

#: Left out of the IWD family (and of the answer): a basic land is in nearly every hand, so
#: its GNS games are a handful and its IWD says nothing about the card.
BASIC_LANDS = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"})

OBSERVATIONAL_WARNING = (
    "IWD and the promised/unpromised win rates are observational (whether a card is drawn, "
    "cast and promised depends on how the game goes): they are not the effect of the card or "
    "of promising; `gift-analyzer evaluate` gives the causal answer for promising."
)


@dataclass(frozen=True)
class CardGames:
    """Per game (rows) and per distinct card (columns) flags of the deck under test.

    ``in_deck`` says which games count for a card at all (pooled runs may mix decks);
    ``opening`` / ``drawn`` / ``promised`` / ``unpromised`` are "some copy did it" flags.
    """

    names: tuple[str, ...]
    copies: NDArray[np.int64]
    gift: NDArray[np.bool_]
    in_deck: BoolMatrix
    opening: BoolMatrix
    drawn: BoolMatrix
    promised: BoolMatrix
    unpromised: BoolMatrix
    win: NDArray[np.bool_]
    draw: NDArray[np.bool_]
    stratum: NDArray[np.int64] | None = None  # matchup of each game (None: one matchup)

    @property
    def n_games(self) -> int:
        return int(self.win.shape[0])


def card_games(
    objs: NDArray[Any],
    object_cards: NDArray[Any],
    object_seats: NDArray[Any],
    winner: NDArray[Any],
    card_names: Sequence[str],
    is_gift: Any,
    seat: int = 0,
) -> CardGames:
    """Fold the kernel's per-object records (n_games, n_objects, OBJ_N) into per-card flags.

    ``winner`` is the per-game winning seat (negative: a draw); ``is_gift(name) -> bool``.
    Distinct cards keep the order of their first copy in the deck.
    """
    from analyzer.kernel.runtime.batch import OBJ_COLS

    col = {c: i for i, c in enumerate(OBJ_COLS)}
    mine = np.flatnonzero(np.asarray(object_seats) == seat)
    ids = np.asarray(object_cards)[mine]
    distinct = list(dict.fromkeys(int(c) for c in ids))
    n = objs.shape[0]
    shape = (n, len(distinct))
    opening, drawn = np.zeros(shape, bool), np.zeros(shape, bool)
    promised, unpromised = np.zeros(shape, bool), np.zeros(shape, bool)
    copies = np.zeros(len(distinct), dtype=np.int64)
    for j, cid in enumerate(distinct):
        sel = mine[ids == cid]
        copies[j] = sel.size
        o = objs[:, sel, :].astype(np.int16)  # int8 counts saturate at 127: no overflow here
        opening[:, j] = (o[:, :, col["opening_hand"]] > 0).any(axis=1)
        drawn[:, j] = (o[:, :, col["drawn"]] > 0).any(axis=1)
        promised[:, j] = (o[:, :, col["promised"]] > 0).any(axis=1)
        unpromised[:, j] = (o[:, :, col["cast"]] > o[:, :, col["promised"]]).any(axis=1)
    names = tuple(card_names[c] for c in distinct)
    w = np.asarray(winner)
    return CardGames(
        names,
        copies,
        np.array([bool(is_gift(nm)) for nm in names], dtype=bool),
        np.ones(shape, bool),
        opening,
        drawn,
        promised,
        unpromised,
        w == seat,
        w < 0,
    )


def pool(parts: Sequence[CardGames]) -> CardGames:
    """Stack the games of several runs (e.g. one per gauntlet opponent); cards match by name.

    A card missing from one run's deck is marked not in the deck for that run's games.
    ``copies`` is the largest count seen (the same everywhere when one deck is pooled).
    """
    if not parts:
        raise ValueError("nothing to pool")
    names = list(dict.fromkeys(nm for p in parts for nm in p.names))
    index = {nm: j for j, nm in enumerate(names)}
    copies = np.zeros(len(names), dtype=np.int64)
    gift = np.zeros(len(names), dtype=bool)
    blocks: dict[str, list[BoolMatrix]] = {
        k: [] for k in ("in_deck", "opening", "drawn", "promised", "unpromised")
    }
    for p in parts:
        cols = np.array([index[nm] for nm in p.names], dtype=np.intp)
        copies[cols] = np.maximum(copies[cols], p.copies)
        gift[cols] |= p.gift
        for key, out in blocks.items():
            full = np.zeros((p.n_games, len(names)), dtype=bool)
            full[:, cols] = getattr(p, key)
            out.append(full)
    stacked = {k: np.concatenate(v, axis=0) for k, v in blocks.items()}
    strata, offset = [], 0
    for p in parts:
        own = np.zeros(p.n_games, np.int64) if p.stratum is None else p.stratum
        strata.append(own + offset)
        offset += int(own.max()) + 1 if own.size else 1
    return CardGames(
        tuple(names),
        copies,
        gift,
        win=np.concatenate([p.win for p in parts]),
        draw=np.concatenate([p.draw for p in parts]),
        stratum=np.concatenate(strata),
        **stacked,
    )


def _rate(wins: NDArray[np.int64], n: NDArray[np.int64]) -> tuple[NDArray[np.float64], ...]:
    lo, hi = proportion_interval(wins, n)
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = np.where(n > 0, wins / np.maximum(n, 1), np.nan)
    return rate, np.asarray(lo, dtype=float), np.asarray(hi, dtype=float)


def mantel_haenszel_difference(
    win1: BoolMatrix,
    in1: BoolMatrix,
    win0: BoolMatrix,
    in0: BoolMatrix,
    strata: NDArray[np.int64],
    confidence: float = 0.95,
) -> Difference:
    """Per column: the Mantel-Haenszel risk difference of group 1 minus group 0 over strata.

    RD = S1 - S0, S_g = sum_k a_k p_gk, a_k = w_k / sum w, w_k = n1k n0k / (n1k + n0k). Interval:
    the stratified Newcombe one (Yan & Su 2010): each S_g gets the Wilson interval of a
    proportion S_g over n_g = 1 / sum_k (a_k^2 / n_gk) games (its variance at a common rate),
    then low = RD - sqrt((S1 - l1)^2 + (u0 - S0)^2), high = RD + sqrt((u1 - S1)^2 + (S0 - l0)^2);
    for one stratum it is Newcombe's. The large-strata (Greenland-Robins) variance it replaces
    is 0 for a group with no wins: a land's GNS games, 0 won of 6 over the gauntlet, gave IWD
    +48.5 [+42.8, +54.1]. Strata lacking either group drop out.
    """
    codes = np.unique(strata, return_inverse=True)[1]
    k = int(codes.max()) + 1

    def per_stratum(m: BoolMatrix) -> NDArray[np.float64]:
        out = np.zeros((k, m.shape[1]))
        np.add.at(out, codes, m.astype(float))
        return out

    n1, n0 = per_stratum(in1), per_stratum(in0)
    with np.errstate(invalid="ignore", divide="ignore"):
        w = np.where((n1 > 0) & (n0 > 0), n1 * n0 / (n1 + n0), 0.0)
        total = w.sum(axis=0)
        a = w / total
        limits = []
        for win, n in ((win1 & in1, n1), (win0 & in0, n0)):
            rate = (a * np.nan_to_num(per_stratum(win) / n)).sum(axis=0)
            n_eff = 1.0 / np.where(a > 0, a * a / n, 0.0).sum(axis=0)
            low, high = wilson_interval(rate * n_eff, n_eff, confidence)
            limits.append((rate, np.asarray(low, dtype=float), np.asarray(high, dtype=float)))
    (s1, l1, u1), (s0, l0, u0) = limits
    delta = s1 - s0
    empty = ~(total > 0)
    return Difference(
        np.where(empty, np.nan, delta),
        np.where(empty, np.nan, delta - np.sqrt((s1 - l1) ** 2 + (u0 - s0) ** 2)),
        np.where(empty, np.nan, delta + np.sqrt((u1 - s1) ** 2 + (s0 - l0) ** 2)),
    )


def iwd_p_values(
    win1: BoolMatrix, in1: BoolMatrix, win0: BoolMatrix, in0: BoolMatrix, strata: NDArray[Any]
) -> NDArray[np.float64]:
    """Per column: the two-sided p of "group 1 and group 0 win at the same rate" (IWD = 0).

    One stratum with both groups: Fisher's exact test; several: the Cochran-Mantel-Haenszel
    test with continuity correction (statsmodels; none when |O - E| < 1/2, as R's). NaN when
    no stratum has both groups; 1 when the strata carry no information (every game won, or
    every game lost).
    """
    from scipy.stats import fisher_exact
    from statsmodels.stats.contingency_tables import StratifiedTable

    codes = np.unique(strata, return_inverse=True)[1]
    k = int(codes.max()) + 1 if codes.size else 0

    def per_stratum(m: BoolMatrix) -> NDArray[np.int64]:
        out = np.zeros((k, m.shape[1]), np.int64)
        np.add.at(out, codes, m.astype(np.int64))
        return out

    n1, n0 = per_stratum(in1), per_stratum(in0)
    w1, w0 = per_stratum(win1 & in1), per_stratum(win0 & in0)
    out = np.full(in1.shape[1], np.nan)
    for j in range(in1.shape[1]):
        both = (n1[:, j] > 0) & (n0[:, j] > 0)
        tables = np.array(
            [
                [[w1[s, j], n1[s, j] - w1[s, j]], [w0[s, j], n0[s, j] - w0[s, j]]]
                for s in np.flatnonzero(both)
            ],
            dtype=float,
        )
        if len(tables) == 0:
            continue
        won = tables[:, :, 0].sum(axis=1)
        informative = (won > 0) & (won < tables.sum(axis=(1, 2)))
        if not informative.any():
            out[j] = 1.0
        elif informative.sum() == 1:  # the others add nothing to the CMH statistic
            out[j] = float(fisher_exact(tables[informative][0]).pvalue)
        else:
            use = tables[informative]
            # the continuity correction only where it can apply, as R's mantelhaen.test:
            # statsmodels squares |O - E| - 1/2 even below 1/2, so O = E gave p = 0.83, not 1
            expected = use[:, 0, :].sum(axis=1) * won[informative] / use.sum(axis=(1, 2))
            gap = abs(use[:, 0, 0].sum() - expected.sum())
            st = StratifiedTable(np.moveaxis(use, 0, -1))
            out[j] = float(st.test_null_odds(correction=bool(gap >= 0.5)).pvalue)
    return out


def card_table(cg: CardGames) -> pd.DataFrame:
    """The card statistics table (columns ``COLUMNS``), sorted by GIH WR (best first, NaN last).

    Pure aggregation over the flags: no simulation here, so it is testable on hand-built arrays.
    """
    in_deck = cg.in_deck
    oh = cg.opening & in_deck
    gd = cg.drawn & ~cg.opening & in_deck
    gih = oh | gd
    gns = in_deck & ~gih
    sets = {
        "gp": in_deck,
        "oh": oh,
        "gd": gd,
        "gih": gih,
        "gns": gns,
        "promised": cg.promised & in_deck,
        "unpromised": cg.unpromised & in_deck,
    }
    win = cg.win[:, None]
    games = {k: m.sum(axis=0).astype(np.int64) for k, m in sets.items()}
    wins = {k: (m & win).sum(axis=0).astype(np.int64) for k, m in sets.items()}
    df = pd.DataFrame({"card": list(cg.names), "copies": cg.copies.astype(np.int64)})
    rates = {k: _rate(wins[k], games[k]) for k in RATES}
    df["gp"] = games["gp"]
    df["gp_wr"] = rates["gp"][0]
    for k in ("oh", "gd", "gih", "gns"):
        df[f"{k}_games"] = games[k]
        df[f"{k}_wr"] = rates[k][0]
    strata = cg.stratum
    if strata is None or np.unique(strata).size < 2:
        iwd = unpaired_difference(wins["gih"], games["gih"], wins["gns"], games["gns"])
    else:
        iwd = mantel_haenszel_difference(gih & win, gih, gns & win, gns, strata)
    # a difference of win rates: in percentage points like every other delta (report/units.py)
    df["iwd_pts"] = 100.0 * np.asarray(iwd.delta, dtype=float)
    df["iwd_ci_low_pts"] = 100.0 * np.asarray(iwd.ci_low, dtype=float)
    df["iwd_ci_high_pts"] = 100.0 * np.asarray(iwd.ci_high, dtype=float)
    for k in ("promised", "unpromised"):
        df[f"{k}_games"] = pd.arrays.IntegerArray(games[k], ~cg.gift)  # empty: not a gift card
        df[f"{k}_wr"] = np.where(cg.gift, rates[k][0], np.nan)
    for k in RATES:
        keep = cg.gift if k in ("promised", "unpromised") else np.ones(len(df), bool)
        df[f"{k}_wr_ci_low"] = np.where(keep, rates[k][1], np.nan)
        df[f"{k}_wr_ci_high"] = np.where(keep, rates[k][2], np.nan)
    df["gp_draws"] = (in_deck & cg.draw[:, None]).sum(axis=0).astype(np.int64)
    one = np.zeros(cg.n_games, np.int64) if strata is None else strata
    df["iwd_p"] = iwd_p_values(gih & win, gih, gns & win, gns, one)
    family = np.where(df["card"].isin(BASIC_LANDS).to_numpy(), np.nan, df["iwd_p"].to_numpy())
    df["iwd_p_holm"] = holm_adjust(family)
    df = df.sort_values(
        ["gih_wr", "card"], ascending=[False, True], na_position="last", kind="stable"
    )
    return df.reset_index(drop=True)[list(COLUMNS)]


def results_card_games(results: Sequence[Any], catalog: Any) -> CardGames:
    """Per-card flags of seat 0 pooled over SimResults (``analysis.simulate.SimResult``)."""

    def is_gift(name: str) -> bool:
        rec = catalog.lookup(name)
        return bool(rec is not None and rec.gift)

    parts = [
        card_games(
            r.objs,
            r.inputs.object_cards,
            r.inputs.object_seats,
            r.games[:, 0],
            r.inputs.card_names,
            is_gift,
        )
        for r in results
    ]
    return pool(parts)


def card_stats(results: Sequence[Any], catalog: Any) -> pd.DataFrame:
    """Card statistics of seat 0's deck over the pooled games of ``results``."""
    return card_table(results_card_games(results, catalog))

"""The answer in words, printed before each command's tables: simulate (how often the deck
wins), compare (which deck version is better) and cardstats (which cards are worth most when
drawn). `evaluate` has its own (tables.decision_headline); calibrate leads with its verdict.

Each sentence claims only what its interval (or its Holm-adjusted family) supports.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from analyzer.analysis.cardstats import BASIC_LANDS
from analyzer.analysis.stats import wilson_interval
from analyzer.report.tables import (
    ALL_OPPONENTS,
    delta_ci,
    headline_rows,
    level_text,
    pct,
    rate_ci,
)
from analyzer.report.units import to_fractions

FAMILY_ALPHA = 0.05  # compare's per-opponent claims, tune's arms: one 5% family each (Holm);
# compare's pooled claim is tested at it alone
TOP_CARDS = 3  # cardstats names this many cards at each end


def _players(row: Any) -> int:
    """Seats in a simulate row: its ``players`` column (a run written before it had one: its
    opponents joined by " + ", simulate.summary_frame)."""
    n = getattr(row, "players", None)
    if n is not None and n == n:  # not NaN
        return int(n)
    return 2 + str(row.opponent).count(" + ")


def _decided(row: Any) -> tuple[int, int] | None:
    """(wins, games someone won) of a simulate row: its ``losses`` column, or games - wins -
    draws; None for a table with neither (the draws unknown)."""
    losses = getattr(row, "losses", None)
    if losses is None or losses != losses:
        draws = getattr(row, "draws", None)
        if draws is None or draws != draws:
            return None
        losses = int(row.games) - int(row.wins) - int(draws)
    return int(row.wins), int(row.wins) + int(losses)


def _one_opponent(row: Any) -> str:
    """Favoured, the underdog or not told apart, against one opponent or one pod.

    Draws are games nobody won, so the claim is about the games someone won: the deck's share
    of them against a fair 1/players (in 1v1, its wins against its opponent's), by the exact
    binomial test with its Clopper-Pearson interval (scipy's binomtest); a claim needs both
    the test at 5% and the interval on that side. A table without losses or draws (none the
    simulate command ever wrote, but a hand-made one may be) falls back to the win rate over
    all games against 1/players with its Wilson interval, and says so."""
    from scipy.stats import binomtest

    fair = 1 / _players(row)
    decided = _decided(row)
    if decided is None:
        note = " (draws not known: read from the win rate over all games)"
        if row.ci_low > fair:
            return "favoured" + note
        if row.ci_high < fair:
            return "the underdog" + note
        return f"not told apart from a fair share ({pct(fair)}) by {int(row.games):,} games" + note
    wins, won = decided
    if won == 0:
        return "nobody won a game: nothing to tell"
    test = binomtest(wins, won, fair)
    ci = test.proportion_ci(0.95, method="exact")
    share = (
        f"it won {wins:,} of the {won:,} games someone won, "
        f"{rate_ci(wins / won, ci.low, ci.high)} (exact binomial test against {pct(fair)}: "
        f"p = {test.pvalue:.2g})"
    )
    tested = test.pvalue <= FAMILY_ALPHA
    if ci.low > fair and tested:
        return f"favoured: {share}"
    if ci.high < fair and tested:
        return f"the underdog: {share}"
    how = f"not told apart from a fair share ({pct(fair)}): {share}"
    if ci.low > fair or ci.high < fair:
        how += "; the interval excludes it, but the exact test does not reject"
    return how


def simulate_answer(df: pd.DataFrame) -> str:
    """``the answer: <deck> wins 46.1% [44.4, 47.8] of 900 games against ...``; against one
    opponent (or one pod) it says whether the deck is favoured, read from the games someone
    won (`_one_opponent`: a draw is nobody's win)."""
    if df.empty:
        return "the answer: no games were played"
    df = to_fractions(df)
    parts = []
    for deck, rows in df.groupby("deck", sort=False):
        games, wins = int(rows["games"].sum()), int(rows["wins"].sum())
        if len(rows) == 1:
            r = rows.iloc[0]
            draws = getattr(r, "draws", None)
            drawn = (
                f" ({int(draws):,} drawn)" if draws is not None and draws == draws and draws else ""
            )
            parts.append(
                f"{deck} wins {rate_ci(r.win_rate, r.ci_low, r.ci_high)} of {games:,} games"
                f"{drawn} against {r.opponent}: {_one_opponent(r)}"
            )
            continue
        lo, hi = wilson_interval(wins, games)
        best = rows.loc[rows["win_rate"].idxmax()]
        worst = rows.loc[rows["win_rate"].idxmin()]
        parts.append(
            f"{deck} wins {rate_ci(wins / games, lo, hi)} of its {games:,} games against "
            f"{len(rows)} opponents (draws not won); highest point estimate against "
            f"{best.opponent} ({rate_ci(best.win_rate, best.ci_low, best.ci_high)}), lowest "
            f"against {worst.opponent} ({rate_ci(worst.win_rate, worst.ci_low, worst.ci_high)})"
        )
    return "the answer: " + "; ".join(parts)


def policy_answer(df: pd.DataFrame) -> str:
    """evaluate --forks 0 has no decision verdicts: its answer is the whole-game policy
    comparison in words, each policy's paired difference from the baseline (pooled over the
    opponents where there are several) with its 95% interval, each read on its own."""
    head = "the answer: no decision verdicts (--forks 0: no gift decision was forked)"
    if df.empty:
        return head
    df = headline_rows(to_fractions(df))
    parts = []
    for r in df.itertuples(index=False):
        if r.policy == r.baseline:
            continue
        where = "" if r.opponent == ALL_OPPONENTS else f" against {r.opponent}"
        ci = delta_ci(r.delta_vs_baseline, r.delta_ci_low, r.delta_ci_high)
        parts.append(f"{r.policy} instead of {r.baseline}{where}: {ci} points")
    if not parts:
        return head
    pooled = (df["opponent"] == ALL_OPPONENTS).any()
    over = " over all opponents" if pooled else ""
    return (
        f"{head}; the deck's whole-game win rate{over} (95% intervals, each on its own): "
        + "; ".join(parts)
    )


def compare_answer(df: pd.DataFrame) -> str:
    """Which version wins more: the pooled row's interval and test (or the one opponent's), then
    the opponents where one version is better within their own 5% family (`_by_opponent`)."""
    if df.empty:
        return "the answer: no games were played"
    df = to_fractions(df)
    pooled = df[df["opponent"] == ALL_OPPONENTS]
    main = pooled.iloc[0] if len(pooled) else df.iloc[0]
    a, b = str(main.deck_a), str(main.deck_b)
    interval = delta_ci(main.delta, main.delta_ci_low, main.delta_ci_high)
    where = "over all opponents" if len(pooled) else f"against {main.opponent}"
    # a claim needs its test too (paired.py): below 100 differing games the exact sign test,
    # stricter than the interval, may withhold it (folders without p_value: the interval)
    p = float(getattr(main, "p_value", float("nan")))
    tested = p != p or p <= FAMILY_ALPHA
    if main.delta_ci_low > 0 and tested:
        head = f"A ({a}) wins more than B ({b}) {where}: {interval} points"
    elif main.delta_ci_high < 0 and tested:
        head = f"B ({b}) wins more than A ({a}) {where}: A - B {interval} points"
    else:
        head = (
            f"A ({a}) and B ({b}) are not told apart {where} by {int(main.games):,} games: "
            f"A - B {interval} points"
        )
        if main.delta_ci_low > 0 or main.delta_ci_high < 0:
            head += (
                f" (the interval excludes 0, but the exact sign test does not reject: p = {p:.3g})"
            )
    rows = df[df["opponent"] != ALL_OPPONENTS]
    if len(pooled) == 0 or "p_holm" not in rows.columns:
        return "the answer: " + head
    return f"the answer: {head}. {_by_opponent(rows)}"


def _by_opponent(rows: pd.DataFrame) -> str:
    """The opponents where one version is better: each claim needs its Holm-adjusted p within
    the family's 5% and its interval at the family's Bonferroni level (compare.csv's
    ``delta_answer_ci_*``, recipients' rule) on that side, as an answer of `evaluate`'s does;
    a row where the two disagree is named as withheld. Folders written before compare.csv had
    those intervals read the Holm test alone, point estimates only."""
    family = f"By opponent ({len(rows)} rows, Holm-adjusted, their own 5% family"
    if "delta_answer_ci_low" not in rows.columns or rows["delta_answer_ci_low"].isna().all():
        sure = rows[rows["p_holm"] < FAMILY_ALPHA]
        a_side = [f"{r.opponent} ({_points(r.delta)})" for r in sure.itertuples() if r.delta > 0]
        b_side = [f"{r.opponent} ({_points(r.delta)})" for r in sure.itertuples() if r.delta < 0]
        return f"{family}): {_sides(a_side, b_side)}"
    level = level_text(float(rows["answer_level"].iloc[0]))
    claims = int(rows["family_claims"].iloc[0])
    family += f"; {level} intervals, Bonferroni over the {claims} rows): "
    a_side, b_side, withheld = [], [], []
    for r in rows.itertuples():
        text = f"{r.opponent} ({delta_ci(r.delta, r.delta_answer_ci_low, r.delta_answer_ci_high)})"
        tested = r.p_holm < FAMILY_ALPHA
        above, below = r.delta_answer_ci_low > 0, r.delta_answer_ci_high < 0
        if tested and above:
            a_side.append(text)
        elif tested and below:
            b_side.append(text)
        elif tested or above or below:
            withheld.append(text[:-1] + f", p_holm = {r.p_holm:.2g})")
    text = family + _sides(a_side, b_side)
    if withheld:
        text += "; withheld, the test and the interval disagreeing: " + ", ".join(withheld)
    return text


def _sides(a_side: list[str], b_side: list[str]) -> str:
    return (
        f"A better against {', '.join(a_side) or 'none'}; "
        f"B better against {', '.join(b_side) or 'none'}"
    )


def _points(x: Any) -> str:
    return f"{100 * float(x):+.1f}"


def card_stats_answer(df: pd.DataFrame) -> str:
    """The cards whose drawing goes with the most and the least winning (IWD, points), basic
    lands left out; gift cards always named. Observational, and the sentence says so. The
    ranking is of point estimates; which cards' IWD is told apart from 0 is read from the
    Holm-adjusted test over the cards ranked (``iwd_p_holm``, cardstats.py) with the interval
    on the same side, never from one card's interval among many (a table without the column,
    from an older run, says that no correction was made)."""
    if df.empty or "iwd_pts" not in df.columns:
        return "the answer: no card was drawn"
    spells = df[~df["card"].isin(BASIC_LANDS) & df["iwd_pts"].notna()]
    if spells.empty:
        return "the answer: no card but basic lands was drawn"
    ranked = spells.sort_values("iwd_pts", ascending=False, kind="stable")

    def named(r: Any) -> str:
        return f"{r.card} {r.iwd_pts:+.1f} [{r.iwd_ci_low_pts:+.1f}, {r.iwd_ci_high_pts:+.1f}]"

    k = min(TOP_CARDS, len(ranked) // 2) or 1
    top = [named(r) for r in ranked.head(k).itertuples()]
    low = [named(r) for r in ranked.tail(k).iloc[::-1].itertuples()] if len(ranked) > k else []
    text = "the answer (observational, IWD points: drawn vs not drawn): "
    if "iwd_p_holm" in ranked.columns:
        tested = ranked[ranked["iwd_p_holm"].notna()]
        sure = tested[
            (tested["iwd_p_holm"] <= FAMILY_ALPHA)
            & ((tested["iwd_ci_low_pts"] > 0) | (tested["iwd_ci_high_pts"] < 0))
        ]
        told = "; ".join(f"{named(r)}, p_holm = {r.iwd_p_holm:.2g}" for r in sure.itertuples())
        verb = "has" if len(sure) == 1 else "have"
        text += (
            f"{len(sure)} of the {len(tested)} cards ranked {verb} an IWD told apart from 0 "
            f"(Holm over them, 5%): {told or 'none'}. "
        )
    else:
        text += "(no test over the cards in this table: each interval on its own) "
    text += "Ranked by point estimate (95% intervals), drawn, these go with the most wins: "
    text += "; ".join(top)
    if low:
        text += "; the least: " + "; ".join(low)
    gifts = ranked[ranked["promised_games"].notna()] if "promised_games" in ranked else []
    if len(gifts):
        text += "; gift cards: " + "; ".join(named(r) for r in gifts.itertuples())
    return text


def tune_answer(card: str, comparisons: pd.DataFrame, tuned: bool) -> str:
    """What the tuned threshold policy does on held-out games against each arm. The arms are
    one 5% family (``p_holm``, analysis/tune.py): a claim stands when its Holm-adjusted p is at
    most 5% and its 95% interval lies on that side of 0 (tables without ``p_holm``, from older
    sweeps, read each arm's own interval and say so)."""
    if not tuned:
        lead = f"the answer: tuning left every weight of {card}'s threshold policy where it started"
    else:
        lead = f"the answer: {card}'s tuned threshold policy, on held-out games"
    holm = "p_holm" in comparisons.columns
    beats, loses, same = [], [], []
    for r in comparisons.itertuples(index=False):
        text = f"{r.versus} ({_points(r.gain)} [{_points(r.ci_low)}, {_points(r.ci_high)}])"
        shown = not holm or float(r.p_holm) <= FAMILY_ALPHA
        (beats if shown and r.ci_low > 0 else loses if shown and r.ci_high < 0 else same).append(
            text
        )
    parts = [f"beats {', '.join(beats)}"] if beats else []
    parts += [f"loses to {', '.join(loses)}"] if loses else []
    parts += [f"is not told apart from {', '.join(same)}"] if same else []
    if not parts:
        return lead
    family = (
        f" ({len(comparisons)} arms, Holm-adjusted: one 5% family)"
        if holm
        else " (each arm's own 95% interval)"
    )
    return f"{lead}{':' if tuned else '; on held-out games it'} " + "; ".join(parts) + family

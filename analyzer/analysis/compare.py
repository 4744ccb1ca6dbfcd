"""Paired comparisons on common random numbers: policies against a baseline, deck A against
deck B.

Game i of a matchup is seeded from (the matchup's stream seed, i; analysis/streams.py: a deck's
versions share an opponent's stream) whatever the policy or deck version, so game i
under policy A and game i under policy B start from the same shuffle, the same mulligans and the
same play/draw seat (play/draw alternates by game index: every comparison is seat-balanced).
The difference of the two arms is the mean of per-game differences with the paired score
interval (paired.paired_effect: Tango's, for outcomes that mostly agree; never zero-width, so a
deck whose games never change shows 0 with an interval of about +-4 / games, not [0, 0]), far
tighter than comparing two independent samples; the variance reduction says by how much. The
baseline's own row is no comparison: delta 0, no interval (NaN). Outcomes are seat 0's: 1 win,
0.5 draw, 0 loss.

Two deck versions are paired the same way: with equal deck sizes the shuffle permutes the same
positions, so the libraries differ only where the lists differ.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from analyzer.analysis import paired, stats
from analyzer.analysis.decision_tables import ALL_OPPONENTS
from analyzer.analysis.simulate import SimResult
from analyzer.io.deck import Deck

POLICY_COLUMNS = [
    "deck",
    "opponent",
    "policy",
    "baseline",
    "games",
    "wins",
    "draws",
    "win_rate",
    "ci_low",
    "ci_high",
    "delta_vs_baseline",
    "delta_ci_low",
    "delta_ci_high",
]
COMPARE_COLUMNS = [
    "deck_a",
    "deck_b",
    "opponent",
    "policy",
    "games",
    "wins_a",
    "draws_a",
    "win_rate_a",
    "ci_low_a",
    "ci_high_a",
    "wins_b",
    "draws_b",
    "win_rate_b",
    "ci_low_b",
    "ci_high_b",
    "delta",
    "delta_ci_low",
    "delta_ci_high",
    "var_reduction",
    "p_value",  # two-sided, delta = 0 (paired.paired_effect: the interval's own test)
    "p_holm",  # Holm-adjusted over the opponents' rows (the pooled row: not in the family)
    # the interval the answer reads a claim from: Bonferroni over the family's rows (the
    # opponents'), the same score interval at 1 - (1 - confidence) / family_claims; the pooled
    # row is tested alone, so its own is the 95% one
    "delta_answer_ci_low",
    "delta_answer_ci_high",
    "answer_level",
    "family_claims",
]


def seat_scores(games: np.ndarray, seat: int = 0) -> np.ndarray:
    """Per game: 1 if `seat` won, 0.5 for a draw, 0 otherwise (winner in column 0)."""
    winner = games[:, 0]
    return np.where(winner == seat, 1.0, np.where(winner < 0, 0.5, 0.0))


def split_policies(items: Sequence[str]) -> list[str]:
    """Policy strings from --policies values: each value may list several, comma-separated.

    Commas also separate a policy's parameters (``random:p=0.5,to=random``) and may sit in a
    card name of an override (``always; Ygra, Eater of All=never``), so a piece continues the
    previous policy when it has an ``=`` with no ``:`` or ``;`` before it.
    """
    out: list[str] = []
    for item in items:
        for piece in item.split(","):
            head = piece.split("=", 1)[0]
            if out and "=" in piece and ":" not in head and ";" not in head:
                out[-1] = f"{out[-1]},{piece}"
            elif piece.strip():
                out.append(piece.strip())
    seen: list[str] = []
    for p in out:
        if p not in seen:
            seen.append(p)
    return seen


@dataclass
class Arm:
    """Seat 0's per-game scores of one matchup under one arm (a policy or a deck version)."""

    deck: str
    opponent: str
    label: str
    scores: np.ndarray


def _rate(scores: np.ndarray) -> tuple[int, int, float, float, float]:
    n = scores.size
    wins = int(np.sum(scores == 1.0))
    draws = int(np.sum(scores == 0.5))
    rate, lo, hi = stats.score_rate(wins, draws, n)
    return wins, draws, float(rate), float(lo), float(hi)


@dataclass
class _Diff:
    delta: float
    ci_low: float
    ci_high: float
    p_value: float
    var_reduction: float


def _paired(a: np.ndarray, b: np.ndarray, confidence: float) -> _Diff:
    """Per-game paired difference a - b: score interval, and the variance reduction."""
    eff = paired.paired_effect(a, b, alpha=1.0 - confidence)
    reduction = float(stats.paired_difference(a, b).var_reduction) if a.size >= 2 else np.nan
    return _Diff(
        float(eff.delta), float(eff.ci_low), float(eff.ci_high), float(eff.p_value), reduction
    )


@dataclass
class ArmCounts:
    """One policy arm of a matchup as its paired sufficient statistic: ``joint[i, j]`` games
    where this arm scored i/2 and the baseline j/2 on the same seeded game (sufficient.py).
    Summed chunk by chunk, so `evaluate`'s memory does not grow with the games."""

    deck: str
    opponent: str
    label: str
    joint: np.ndarray  # int64 (3, 3)

    @classmethod
    def paired(
        cls, deck: str, opponent: str, label: str, scores: np.ndarray, baseline: np.ndarray
    ) -> ArmCounts:
        from analyzer.analysis.sufficient import joint_counts

        return cls(deck, opponent, label, joint_counts(scores, baseline))


def policy_comparison(arms: list[Arm], baseline: str, confidence: float = 0.95) -> pd.DataFrame:
    """policy_comparison.csv from per-game scores: one row per deck x opponent x policy."""
    base = {(a.deck, a.opponent): a.scores for a in arms if a.label == baseline}
    counts = []
    for a in arms:
        b = base.get((a.deck, a.opponent))
        if b is None:
            raise ValueError(f"no baseline {baseline!r} arm for {a.deck} vs {a.opponent}")
        counts.append(ArmCounts.paired(a.deck, a.opponent, a.label, a.scores, b))
    return policy_comparison_counts(counts, baseline, confidence)


def _pooled_counts(arms: list[ArmCounts]) -> list[ArmCounts]:
    """Arms plus, per deck and label, one pooling every opponent (when there are several)."""
    out = list(arms)
    by_key: dict[tuple[str, str], list[ArmCounts]] = {}
    for a in arms:
        by_key.setdefault((a.deck, a.label), []).append(a)
    for (deck, label), group in by_key.items():
        if len({a.opponent for a in group}) > 1:
            out.append(ArmCounts(deck, ALL_OPPONENTS, label, sum(a.joint for a in group)))
    return out


def policy_comparison_counts(
    arms: list[ArmCounts], baseline: str, confidence: float = 0.95
) -> pd.DataFrame:
    """policy_comparison.csv: one row per deck x opponent x policy (pooled opponents last);
    each arm's win rate from its own scores, its difference from the baseline's paired with
    the score interval (paired.paired_effect: every game its own pair). The baseline's own row
    has delta 0 and no interval (NaN): it is the same games compared with themselves, where
    Tango's +-z^2 / (n + z^2) would measure nothing (a policy that plays the very same games
    as the baseline keeps its interval: that sameness is a finding)."""
    from analyzer.analysis.sufficient import joint_effect

    arms = _pooled_counts(arms)
    rows = []
    for a in arms:
        own = a.joint.sum(axis=1)  # this arm's losses, draws, wins
        n = int(own.sum())
        wins, draws = int(own[2]), int(own[1])
        rate, lo, hi = stats.score_rate(wins, draws, n)
        diff = joint_effect([a.joint], alpha=1.0 - confidence)
        own_row = a.label == baseline
        rows.append(
            {
                "deck": a.deck,
                "opponent": a.opponent,
                "policy": a.label,
                "baseline": baseline,
                "games": n,
                "wins": wins,
                "draws": draws,
                "win_rate": float(rate),
                "ci_low": float(lo),
                "ci_high": float(hi),
                "delta_vs_baseline": float(diff.delta),
                "delta_ci_low": np.nan if own_row else float(diff.ci_low),
                "delta_ci_high": np.nan if own_row else float(diff.ci_high),
            }
        )
    df = pd.DataFrame(rows, columns=POLICY_COLUMNS)
    # opponents in play order (pooled last), policies in the order given
    opp = {o: i for i, o in enumerate(dict.fromkeys(a.opponent for a in arms))}
    pol = {p: i for i, p in enumerate(dict.fromkeys(a.label for a in arms))}
    key = df["opponent"].map(opp) * len(pol) + df["policy"].map(pol)
    return df.iloc[np.argsort(key.to_numpy(), kind="stable")].reset_index(drop=True)


def deck_comparison(
    a_arms: list[Arm], b_arms: list[Arm], policy: str, confidence: float = 0.95
) -> pd.DataFrame:
    """compare.csv: deck A minus deck B per opponent, same seeds (pooled row last)."""
    rows = []
    pairs = list(zip(a_arms, b_arms, strict=True))
    # the opponents' rows are one family: Holm's p, Bonferroni's intervals
    family = max(1, len(pairs))
    family_alpha = (1.0 - confidence) / family
    if len(pairs) > 1:
        pairs.append(
            (
                Arm(a_arms[0].deck, ALL_OPPONENTS, "a", np.concatenate([a.scores for a in a_arms])),
                Arm(b_arms[0].deck, ALL_OPPONENTS, "b", np.concatenate([b.scores for b in b_arms])),
            )
        )
    for a, b in pairs:
        wa, da, ra, la, ha = _rate(a.scores)
        wb, db, rb, lb, hb = _rate(b.scores)
        diff = _paired(a.scores, b.scores, confidence)
        alone = a.opponent == ALL_OPPONENTS and family > 1
        answer = (
            diff
            if alone or family == 1
            else paired.paired_effect(a.scores, b.scores, alpha=family_alpha)
        )
        rows.append(
            {
                "deck_a": a.deck,
                "deck_b": b.deck,
                "opponent": a.opponent,
                "policy": policy,
                "games": int(a.scores.size),
                "wins_a": wa,
                "draws_a": da,
                "win_rate_a": ra,
                "ci_low_a": la,
                "ci_high_a": ha,
                "wins_b": wb,
                "draws_b": db,
                "win_rate_b": rb,
                "ci_low_b": lb,
                "ci_high_b": hb,
                "delta": float(diff.delta),
                "delta_ci_low": float(diff.ci_low),
                "delta_ci_high": float(diff.ci_high),
                "var_reduction": float(diff.var_reduction),
                "p_value": diff.p_value,
                "p_holm": float("nan"),
                "delta_answer_ci_low": float(answer.ci_low),
                "delta_answer_ci_high": float(answer.ci_high),
                "answer_level": confidence if alone else 1.0 - family_alpha,
                "family_claims": 1 if alone else family,
            }
        )
    df = pd.DataFrame(rows, columns=COMPARE_COLUMNS)
    per_opponent = (df["opponent"] != ALL_OPPONENTS).to_numpy()
    df.loc[per_opponent, "p_holm"] = stats.holm_adjust(df.loc[per_opponent, "p_value"].to_numpy())
    return df


def play_arm(
    decks: Sequence[Deck],
    catalog,
    *,
    games: int,
    seed: int,
    policy: str,
    threads: int | None,
    starting_life: int,
    progress: Callable[[int], None] | None = None,
    levels: Sequence[int] | None = None,
    first_game: int = 0,
) -> tuple[np.ndarray, SimResult]:
    """Seat 0's scores over `games` seeded games of one matchup (games first_game ..
    first_game + games - 1), and the raw result."""
    from analyzer.analysis.simulate import simulate_matchup

    res = simulate_matchup(
        decks,
        catalog,
        games=games,
        seed=seed,
        threads=threads,
        policy=policy,
        starting_life=starting_life,
        chunk=1024,
        progress=progress,
        keep_objs=False,
        levels=levels,
        first_game=first_game,
    )
    return seat_scores(res.games), res

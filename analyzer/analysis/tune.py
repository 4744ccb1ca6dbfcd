"""Tune the threshold weights of one card's gift policy (``gift-analyzer tune``).

Seat 0 plays the base policy for every card but the tuned one, whose rule is ``threshold`` with
the candidate weights; the opponents play a fixed policy (a two-block table, so the opponents'
copies of the card never follow the candidate). Every candidate is scored on the same games
(each matchup's stream seed, analysis/streams.py, and the same game indices: common random
numbers), so two candidates differ only where their decisions differ.

Search: coordinate search over a few weights (bias and chosen features), starting from the
bundled threshold weights of the card. Each pass tries +step and -step on every weight and keeps
the first strict improvement of the mean score (win 1, draw 1/2, loss 0); a pass without one
halves every step. Validation: the tuned weights and the ``never``, ``always`` and ``heuristic``
rules for the card are played on held-out games (each stream seed + VALIDATION_OFFSET), and the
tuned policy's paired gain over each is reported with Tango's 95% score interval and the
sign test (analysis/paired.py: never zero-width, unlike the t interval, which read [0, 0] when
no held-out game differed)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from analyzer.enums import PolCol
from analyzer.errors import InputError, Problem
from analyzer.policies.layers import feature_names
from analyzer.policies.policy_file import dump_policy_toml
from analyzer.policies.table import PolicySpec, parse_rule, row_weights

VALIDATION_OFFSET = 1_000_003
DEFAULT_FEATURES = (
    "turn",
    "life",
    "opp_life",
    "power",
    "opp_power",
    "gift_use",
    "promised_targets",
)
# step of each weight at the start: about one unit of score for a typical change of the feature
STEP = {
    "bias": 1.0,
    "turn": 0.2,
    "life": 0.1,
    "opp_life": 0.1,
    "hand": 0.3,
    "opp_hand": 0.3,
    "library": 0.05,
    "opp_library": 0.05,
    "lands": 0.3,
    "opp_lands": 0.3,
    "power": 0.2,
    "toughness": 0.2,
    "opp_power": 0.2,
    "opp_toughness": 0.2,
    "blockers": 0.5,
    "opp_blockers": 0.5,
    "mana_value": 0.3,
    "promised_damage": 0.3,
}
COMPARE = ("never", "always", "heuristic")


@dataclass
class TuneResult:
    """What ``tune`` found: weights, training history and the held-out comparisons."""

    card: str
    weights: dict[str, float]
    start: dict[str, float]
    train_start: float
    train_best: float
    evaluations: int
    comparisons: pd.DataFrame  # one row per arm: tuned minus arm on held-out games
    policy_toml: str
    base: str
    opponents: str
    games: int
    seed: int
    history: list[tuple[dict[str, float], float]] = field(default_factory=list)
    path: str | None = None  # where the policy file was saved (api.tune)


def _scores(games: np.ndarray) -> np.ndarray:
    winner = games[:, 0]
    return np.where(winner == 0, 1.0, np.where(winner < 0, 0.5, 0.0))


class Evaluator:
    """Plays every matchup's games with a policy table; the per-game scores of seat 0."""

    def __init__(
        self,
        matchups: Sequence[Sequence[Any]],
        catalog: Any,
        games: int,
        threads: int | None,
        life: Callable[[Sequence[Any]], int],
        progress: Callable[[int], None] | None = None,
        player: str = "standard",
        opp_player: str | None = None,
        opening_hands: str = "paper",
    ) -> None:
        self.matchups = matchups
        self.catalog = catalog
        self.games = games
        self.threads = threads
        self.life = life
        self.progress = progress
        self.player = player
        self.opp_player = opp_player
        self.opening_hands = opening_hands
        self.count = 0

    def __call__(self, table: np.ndarray, seeds: Sequence[int]) -> np.ndarray:
        """Seat 0's scores, matchup by matchup, each matchup at its seed in ``seeds``."""
        from analyzer.analysis.simulate import seat_levels, simulate_matchup

        out = []
        for decks, seed in zip(self.matchups, seeds, strict=True):
            r = simulate_matchup(
                decks,
                self.catalog,
                games=self.games,
                seed=seed,
                threads=self.threads,
                policy=table,
                starting_life=self.life(decks),
                keep_games=True,
                keep_objs=False,
                levels=seat_levels(len(decks), self.player, self.opp_player, self.opening_hands),
            )
            out.append(_scores(r.games))
            if self.progress is not None:
                self.progress(self.games)
        self.count += 1
        return np.concatenate(out)


def card_spec(base: str, card: str, rule: str, opponents: str) -> PolicySpec:
    """Seat 0: base with `rule` for card; seats 1+: opponents."""
    return PolicySpec(
        parse_rule(base),
        {card: parse_rule(rule)},
        opponents=PolicySpec(parse_rule(opponents), text=opponents),
        text=f"{base}; {card}={rule}",
    )


def coordinate_search(
    score: Callable[[dict[str, float]], float],
    start: dict[str, float],
    coords: Sequence[str],
    rounds: int,
    history: list[tuple[dict[str, float], float]],
) -> dict[str, float]:
    """Greedy coordinate search maximizing score (see the module docstring)."""
    x = dict(start)
    best = score(x)
    history.append((dict(x), best))
    steps = {c: STEP.get(c, 1.0) for c in coords}
    for _ in range(rounds):
        improved = False
        for c in coords:
            for sign in (1.0, -1.0):
                y = dict(x)
                y[c] = round(y.get(c, 0.0) + sign * steps[c], 6)
                s = score(y)
                history.append((dict(y), s))
                if s > best + 1e-12:
                    x, best, improved = y, s, True
                    break
        if not improved:
            steps = {c: v / 2 for c, v in steps.items()}
    return x


def check_inputs(
    matchups: Sequence[Sequence[Any]],
    catalog: Any,
    card: str,
    features: Sequence[str],
    base: str,
    opponents: str,
) -> Any:
    """The tuned card's record, after checking the card, features and policies (InputError)."""
    rec = catalog.lookup(card)
    if rec is None:
        hint = catalog.suggest(card)
        raise InputError(
            Problem(
                f"unknown card {card!r}" + (f"; did you mean {', '.join(hint)}?" if hint else ""),
                "--card",
                text=card,
            )
        )
    if not rec.gift:
        raise InputError(Problem(f"{rec.name} has no gift: nothing to tune", "--card", text=card))
    known = set(feature_names())
    bad = [f for f in features if f not in known and f != "bias"]
    if bad:
        raise InputError(
            Problem(
                f"unknown feature {bad[0]!r}; known: {', '.join(sorted(known))}",
                "--features",
                text=",".join(features),
            )
        )
    if not any(rec.name in m[0].cards() for m in matchups):
        raise InputError(
            Problem(
                f"{rec.name} is not in the deck: its decisions never happen", "--card", text=card
            )
        )
    for text, where in ((base, "--base"), (opponents, "--opp-policy")):
        if ";" in text:
            raise InputError(
                Problem("one policy name here, no per-card overrides", where, text=text)
            )
        parse_rule(text, where)
    return rec


def tune_card(
    matchups: Sequence[Sequence[Any]],
    catalog: Any,
    card: str,
    *,
    games: int,
    seed: int,
    base: str = "heuristic",
    opponents: str | None = None,
    features: Sequence[str] = DEFAULT_FEATURES,
    rounds: int = 3,
    threads: int | None = None,
    life: Callable[[Sequence[Any]], int] = lambda d: 20,
    progress: Callable[[int], None] | None = None,
    player: str = "standard",
    opp_player: str | None = None,
    seeds: Sequence[int] | None = None,
    opening_hands: str = "paper",
) -> TuneResult:
    """Search threshold weights for `card` (seat 0) on `games` games per matchup; `player` and
    `opp_player` are the built-in players' levels and `opening_hands` the deal
    (`simulate.seat_levels`). `seeds`: each
    matchup's stream seed (default: its stream of `seed`, analysis/streams.py; a sweep's
    tune cell passes the cell's)."""
    from analyzer.analysis.streams import matchup_seeds

    opponents = opponents or base
    train = list(seeds) if seeds is not None else matchup_seeds(seed, matchups)
    rec = check_inputs(matchups, catalog, card, features, base, opponents)
    names = catalog.compiled.names
    cid = names.index(rec.name)
    table = card_spec(base, rec.name, "threshold", opponents).table(names, catalog.lookup)
    start = row_weights(table[cid])
    coords = ["bias", *[f for f in features if f != "bias"]]
    evaluate = Evaluator(
        matchups, catalog, games, threads, life, progress, player, opp_player, opening_hands
    )
    cache: dict[tuple[tuple[str, float], ...], float] = {}

    def table_for(w: dict[str, float]) -> np.ndarray:
        from analyzer.policies.table import set_weights

        t = table.copy()
        set_weights(t[cid], w)
        t[cid, PolCol.KIND] = table[cid, PolCol.KIND]
        return t

    def score(w: dict[str, float]) -> float:
        key = tuple(sorted(w.items()))
        if key not in cache:
            cache[key] = float(evaluate(table_for(w), train).mean())
        return cache[key]

    history: list[tuple[dict[str, float], float]] = []
    best = coordinate_search(score, start, coords, rounds, history)
    best = {k: v for k, v in best.items() if v != 0.0 or k == "bias"}
    held = [s + VALIDATION_OFFSET for s in train]
    tuned = evaluate(table_for(best), held)
    rows = []
    arms = [
        (name, card_spec(base, rec.name, name, opponents).table(names, catalog.lookup))
        for name in COMPARE
    ]
    arms.append(("start weights", table_for(start)))
    for name, arm_table in arms:
        rows.append(held_out_row(name, tuned, evaluate(arm_table, held)))
    header = (
        f"gift-analyzer tune --card {rec.name!r}: {games} games per matchup, stream seeds "
        f"{', '.join(map(str, train))}\n(held-out: each + {VALIDATION_OFFSET}); seat 0 plays "
        f"{base} for the other cards; opponents play {opponents}"
    )
    text = dump_policy_toml(base, {rec.name: "threshold"}, {rec.name: best}, opponents, header)
    return TuneResult(
        rec.name,
        best,
        start,
        history[0][1],
        score(best),
        evaluate.count,
        with_holm(pd.DataFrame(rows)),
        text,
        base,
        opponents,
        games,
        seed,
        history,
    )


def held_out_row(versus: str, tuned: np.ndarray, other: np.ndarray) -> dict[str, Any]:
    """The tuned policy's paired gain over one arm on the held-out games (scores 1 / 0.5 / 0).

    Tango's score interval and the sign test, as every paired win rate of the project
    (analysis/paired.py): the t interval read [0, 0] when no held-out game differed, and
    under-covers when few do."""
    from analyzer.analysis.paired import paired_effect

    r = paired_effect(tuned, other)
    return {
        "versus": versus,
        "tuned": float(np.mean(tuned)),
        "other": float(np.mean(other)),
        "gain": float(r.delta),
        "ci_low": float(r.ci_low),
        "ci_high": float(r.ci_high),
        "p_value": float(r.p_value),
        "games": int(r.n),
        "games_differing": int(np.sum(np.asarray(tuned) != np.asarray(other))),
    }


def with_holm(comparisons: pd.DataFrame) -> pd.DataFrame:
    """The held-out table with ``p_holm``: its arms are one 5% family of claims (Holm), as
    compare's opponents, so "beats X" and "loses to Y" together are wrong at most 5% of the
    time, not 5% each."""
    from analyzer.analysis.stats import holm_adjust

    out = comparisons.copy()
    out["p_holm"] = holm_adjust(out["p_value"].to_numpy(float)) if len(out) else []
    return out


__all__ = [
    "COMPARE",
    "DEFAULT_FEATURES",
    "VALIDATION_OFFSET",
    "TuneResult",
    "check_inputs",
    "coordinate_search",
    "held_out_row",
    "tune_card",
    "with_holm",
]

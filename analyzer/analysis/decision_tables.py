"""The gift_decisions and gift_situations tables from the forked decisions
(``counterfactual.decisions_frame``): ``aggregate`` and its pieces.

Definitions (per decision, from the caster's side, outcomes 1 win / 0.5 draw / 0 loss averaged
over the K forks): ``outcome_promise`` and ``outcome_no_promise`` are the two branches. The
tables' columns (gift_decisions; gift_situations has ``situation`` and ``bucket`` instead of
the per-game and depends columns):

- ``verdict``: promise / don't promise / makes no difference / not enough evidence / depends
  (rules and the family of claims: verdicts.py); ``depends_on`` the situation pattern behind a
  "depends" (also filled when the pattern only sharpens a promise / don't promise).
- ``delta_pts``, ``ci_low_pts``, ``ci_high_pts``: the caster's win-rate change from promising at
  these decisions, percentage points, with the 95% score interval with game-clustered errors
  (paired.py); ``p_adjusted``: the p-value of delta = 0 adjusted for the whole table's family
  (each table is its own 5% family: verdicts.py).
- ``verdict_ci_low_pts``, ``verdict_ci_high_pts``, ``verdict_level``: the interval the verdict
  is read from and its confidence (the row's share of alpha, not 95%; verdicts.py).
- ``better`` / ``same`` / ``worse``: decisions where the promised branch ended better, the same or
  worse for the caster (fork-averaged: the summed positive and negative parts). ``same`` grows
  with --forks only through averaging; nothing here is "pays off".
- ``decisions_per_game`` (decisions / games played in the matchups of the row) and
  ``effect_per_game_pts`` = delta_pts x decisions_per_game: what always promising this card at
  these decisions is worth per game.
- paired_stats (``PAIRED_COLUMNS``): every row of both tables with its games, design effect,
  p-values, and the verdict with the interval it is read from, as above.
- ``more_games``: for "not enough evidence", about how many more games per matchup would
  settle it if the delta stayed where it is; ``min_effect_pts``: the margin used.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from analyzer.analysis import paired, verdicts

ALL_OPPONENTS = "all opponents"

_HEAD = ["deck", "opponent", "card", "gift_kind", "base_policy"]
_VERDICT = [
    "verdict",
    "delta_pts",
    "ci_low_pts",
    "ci_high_pts",
    "p_adjusted",
    "verdict_ci_low_pts",
    "verdict_ci_high_pts",
    "verdict_level",
]
_READ = ("verdict", "p_adjusted", "p_equivalence_adjusted", "more_games", *_VERDICT[5:])
_COUNTS = ["decisions", "better", "same", "worse", "win_rate_promise", "win_rate_no_promise"]
_ARM = ["card_arm_delta_pts", "card_arm_ci_low_pts", "card_arm_ci_high_pts"]
DECISION_COLUMNS = [
    *_HEAD,
    *_VERDICT,
    "depends_on",
    *_COUNTS,
    "decisions_per_game",
    "effect_per_game_pts",
    *_ARM,
    "more_games",
    "min_effect_pts",
]
SITUATION_COLUMNS = [*_HEAD, "situation", "bucket", *_VERDICT, *_COUNTS, "more_games"]
PAIRED_COLUMNS = [
    "table",
    "deck",
    "opponent",
    "card",
    "situation",
    "bucket",
    "decisions",
    "games_with_decision",
    "design_effect",
    "p_value",
    "p_adjusted",
    "p_equivalence_adjusted",
    "verdict",
    "verdict_ci_low_pts",
    "verdict_ci_high_pts",
    "verdict_level",
]

# ---------------------------------------------------------------------------------------------
# situation buckets


def _cut(values: np.ndarray, edges: Sequence[float], labels: Sequence[str]) -> pd.Categorical:
    """Bucket i holds edges[i-1] < value <= edges[i] (inclusive upper ends)."""
    codes = np.searchsorted(np.asarray(edges, dtype=float), values, side="left")
    return pd.Categorical.from_codes(codes, categories=list(labels), ordered=True)


def _own_turn(f: pd.DataFrame) -> np.ndarray:
    """The caster's own turn (features.own_turn); frames without it (hand-built, two
    players, no extra turns) derive it from the global turn and the play/draw seat."""
    if "own_turn" in f:
        return f["own_turn"].to_numpy()
    turn, on_play = f["turn"].to_numpy(), f["on_play"].to_numpy()
    return np.where(on_play == 1, (turn + 1) // 2, turn // 2)


# Over the decision features (policies/features.py), caster minus recipient. "turn" is the
# caster's own turn everywhere a person reads it (a global "turn 13" is own turn 6 or 7 in a
# duel, 3 or 4 in a four-player pod). The hand feature
# still counts the card being cast, so the hand difference uses hand - 1: the cards the caster
# keeps after this one.
SITUATIONS: dict[str, Callable[[pd.DataFrame], pd.Categorical]] = {
    "turn": lambda f: _cut(
        _own_turn(f), [2, 4, 6], ["own turns 1-2", "own turns 3-4", "own turns 5-6", "own turns 7+"]
    ),
    "play or draw": lambda f: pd.Categorical(
        np.where(f["on_play"].to_numpy() == 1, "on the play", "on the draw"),
        categories=["on the play", "on the draw"],
        ordered=True,
    ),
    "life difference": lambda f: _cut(
        (f["life"] - f["opp_life"]).to_numpy(),
        [-6, -1, 0, 5],
        [
            "life behind by 6+",
            "life behind by 1-5",
            "life even",
            "life ahead by 1-5",
            "life ahead by 6+",
        ],
    ),
    "hand difference": lambda f: _cut(
        (f["hand"] - 1 - f["opp_hand"]).to_numpy(),
        [-2, 1],
        ["hand behind by 2+", "hands within 1", "hand ahead by 2+"],
    ),
    "board difference": lambda f: _cut(
        (f["power"] - f["opp_power"]).to_numpy(),
        [-3, 2],
        ["board behind by 3+ power", "boards within 2 power", "board ahead by 3+ power"],
    ),
}


def bucket_labels(frame: pd.DataFrame, situation: str) -> pd.Categorical:
    """The situation bucket of each decision row."""
    return SITUATIONS[situation](frame)


# ---------------------------------------------------------------------------------------------
# aggregation


def _clusters(frame: pd.DataFrame) -> np.ndarray:
    """One id per game: decisions of the same game of the same matchup share it (a frame
    without game ids: every decision its own game)."""
    if "game" not in frame:
        return np.arange(len(frame), dtype=np.int64)
    matchup = frame["matchup"].to_numpy(dtype=np.int64) if "matchup" in frame else 0
    return matchup * (1 << 32) + frame["game"].to_numpy(dtype=np.int64)


def group_stats(frame: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """Per group of `keys`: counts, win rates and the paired delta (no verdict yet)."""
    if frame.empty:
        return pd.DataFrame(columns=[*keys, "decisions"])
    grouped = frame.groupby(keys, sort=True, observed=True)
    codes = grouped.ngroup().to_numpy()
    out = grouped.size().reset_index()[keys]
    res = paired.paired_effect(
        frame["outcome_promise"].to_numpy(),
        frame["outcome_no_promise"].to_numpy(),
        _clusters(frame),
        groups=codes,
        n_groups=len(out),
    )
    return _effect_columns(out, res)


def _effect_columns(out: pd.DataFrame, res: Any) -> pd.DataFrame:
    """The decision table's effect columns from a paired effect (paired.PairedEffect)."""
    out["decisions"] = res.n.astype(np.int64)
    out["games_with_decision"] = res.games.astype(np.int64)
    out["better"] = res.better
    out["same"] = res.same
    out["worse"] = res.worse
    out["win_rate_promise"] = res.mean_a
    out["win_rate_no_promise"] = res.mean_b
    out["delta_pts"] = 100.0 * res.delta
    out["ci_low_pts"] = 100.0 * res.ci_low
    out["ci_high_pts"] = 100.0 * res.ci_high
    out["design_effect"] = res.deff
    out["p_value"] = res.p_value
    return out


def _verdicts(
    table: pd.DataFrame, weights: np.ndarray, alpha: float, min_effect: float, games: np.ndarray
) -> pd.DataFrame:
    """verdict, p_adjusted, p_equivalence_adjusted, more_games and the verdict's interval:
    each row at weight * alpha."""
    if table.empty:
        for col in _READ:
            table[col] = pd.Series(dtype=str if col == "verdict" else float)
        return table
    v = verdicts.row_verdicts(
        table["better"],
        table["worse"],
        table["decisions"],
        table["design_effect"],
        table["p_value"],
        weights,
        alpha=alpha,
        min_effect=min_effect,
        games_per_matchup=games,
    )
    table["verdict"] = v.verdict
    table["p_adjusted"] = v.p_adjusted
    table["p_equivalence_adjusted"] = v.p_equivalence_adjusted
    table["more_games"] = v.more_games
    table["verdict_ci_low_pts"] = 100.0 * v.verdict_ci_low
    table["verdict_ci_high_pts"] = 100.0 * v.verdict_ci_high
    table["verdict_level"] = v.verdict_level
    return table


def _with_pooled(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame plus a copy labelled "all opponents" when it holds several opponents."""
    per_deck = frame.groupby("deck", observed=True)["opponent"].nunique()
    multi = per_deck[per_deck > 1].index
    if len(multi) == 0:
        return frame
    pooled = frame[frame["deck"].isin(multi)].copy()
    pooled["opponent"] = ALL_OPPONENTS
    return pd.concat([frame, pooled], ignore_index=True)


def _primary(table: pd.DataFrame) -> np.ndarray:
    """Rows pooled over opponents, and the rows of decks that met one opponent only."""
    pooled = set(table.loc[table["opponent"] == ALL_OPPONENTS, "deck"])
    return ((table["opponent"] == ALL_OPPONENTS) | ~table["deck"].isin(pooled)).to_numpy()


def _dimensions(sub: pd.DataFrame) -> list[verdicts.Dimension]:
    """One row's decisions split by every situation dimension."""
    dims = []
    for situation in SITUATIONS:
        labels = bucket_labels(sub, situation)
        res = paired.paired_effect(
            sub["outcome_promise"].to_numpy(),
            sub["outcome_no_promise"].to_numpy(),
            _clusters(sub),
            groups=np.asarray(labels.codes, dtype=np.intp),
            n_groups=len(labels.categories),
            interval=False,
        )
        dims.append(
            verdicts.Dimension(situation, list(labels.categories), res.better, res.worse, res.deff)
        )
    return dims


DimensionsOf = Callable[[str, str, str], list[verdicts.Dimension]]


def _frame_dimensions(full: pd.DataFrame) -> DimensionsOf:
    """A row's (deck, opponent, card) situation dimensions, from the decisions themselves."""
    index = full.groupby(["deck", "opponent", "card"], sort=False, observed=True).indices

    def dims_of(deck: str, opponent: str, card: str) -> list[verdicts.Dimension]:
        return _dimensions(full.iloc[index[(deck, opponent, card)]])

    return dims_of


def _depends(
    dec: pd.DataFrame, dims_of: DimensionsOf, primary: np.ndarray, alpha: float
) -> pd.DataFrame:
    """depends_on for primary rows whose situation buckets disagree; "depends" where the
    pattern changes the advice."""
    dec["depends_on"] = ""
    rows = np.flatnonzero(primary & (dec["decisions"].to_numpy() > 0))
    dims = {}
    for i in rows:
        r = dec.iloc[i]
        found_dims = dims_of(r["deck"], r["opponent"], r["card"])
        if verdicts.testable(found_dims):
            dims[i] = found_dims
    if not dims:
        return dec
    share = verdicts.DEPENDS_SHARE / len(dims)  # the rows with something to test share it
    for i, row_dims in dims.items():
        r = dec.iloc[i]
        found = verdicts.depends(row_dims, share, alpha=alpha)
        if found is None:
            continue
        dec.iat[i, dec.columns.get_loc("depends_on")] = found.text
        if verdicts.changes_advice(str(r["verdict"]), found):
            dec.iat[i, dec.columns.get_loc("verdict")] = verdicts.DEPENDS
    return dec


def _games(table: pd.DataFrame, games_per_matchup: dict[tuple[str, str], int]) -> np.ndarray:
    """Games played behind each row (a pooled row: the sum over its opponents)."""
    out = []
    for deck, opp in zip(table["deck"], table["opponent"], strict=True):
        if opp == ALL_OPPONENTS:
            out.append(sum(v for (d, _), v in games_per_matchup.items() if d == deck))
        else:
            out.append(games_per_matchup.get((deck, opp), np.nan))
    return np.asarray(out, dtype=float)


def _matchups(table: pd.DataFrame, games_per_matchup: dict[tuple[str, str], int]) -> np.ndarray:
    return np.asarray(
        [
            sum(1 for d, _ in games_per_matchup if d == deck) if opp == ALL_OPPONENTS else 1
            for deck, opp in zip(table["deck"], table["opponent"], strict=True)
        ],
        dtype=float,
    )


@dataclass
class CardArm:
    """Seat 0's games with one gift card promised whenever it may be (the rest of the base
    policy unchanged) against the same seeded games with it never promised, as their joint
    table: ``joint[i, j]`` games scored i/2 promised and j/2 never (sufficient.joint_counts;
    summed chunk by chunk)."""

    deck: str
    opponent: str
    card: str
    joint: np.ndarray  # int64 (3, 3)


def card_arm_table(arms: Sequence[CardArm], confidence: float = 0.95) -> pd.DataFrame:
    """Per deck x opponent x card (and pooled over opponents): promised-whenever-it-may minus
    never, in points per game, with the paired score interval. This arm also counts the casts
    that need the promise (with "never" the card is then not cast), which the per-decision
    delta leaves out: only casts where both modes are legal are forked."""
    from analyzer.analysis.sufficient import joint_effect

    groups: dict[tuple[str, str, str], list[CardArm]] = {}
    for a in arms:
        groups.setdefault((a.deck, a.opponent, a.card), []).append(a)
        groups.setdefault((a.deck, ALL_OPPONENTS, a.card), []).append(a)
    rows = []
    for (deck, opp, card), parts in groups.items():
        if opp == ALL_OPPONENTS and len({p.opponent for p in parts}) < 2:
            continue
        eff = joint_effect([p.joint for p in parts], alpha=1.0 - confidence)
        rows.append(
            {
                "deck": deck,
                "opponent": opp,
                "card": card,
                "card_arm_delta_pts": 100.0 * eff.delta,
                "card_arm_ci_low_pts": 100.0 * eff.ci_low,
                "card_arm_ci_high_pts": 100.0 * eff.ci_high,
            }
        )
    return pd.DataFrame(rows, columns=["deck", "opponent", "card", *_ARM])


def with_card_arms(decisions: pd.DataFrame, arms: pd.DataFrame) -> pd.DataFrame:
    """gift_decisions with the card-arm columns filled where an arm was played."""
    if decisions.empty or arms.empty:
        return decisions
    merged = decisions.drop(columns=_ARM).merge(arms, on=["deck", "opponent", "card"], how="left")
    return merged.reindex(columns=DECISION_COLUMNS)


@dataclass
class Aggregates:
    """The two tables (CSV columns exactly) and the per-row test statistics."""

    decisions: pd.DataFrame
    situations: pd.DataFrame
    paired: pd.DataFrame
    var_reduction: float  # pooled over every forked decision: var_unpaired / var_paired


def games_per_matchup(frame: pd.DataFrame, games: int) -> dict[tuple[str, str], int]:
    """Every (deck, opponent) of the frame played `games` games (evaluate's --games)."""
    pairs = frame[["deck", "opponent"]].drop_duplicates().itertuples(index=False)
    return {(str(d), str(o)): games for d, o in pairs}


def aggregate(
    frame: pd.DataFrame,
    *,
    alpha: float = verdicts.ALPHA,
    min_effect: float = verdicts.DEFAULT_MIN_EFFECT,
    games: dict[tuple[str, str], int] | int | None = None,
) -> Aggregates:
    """gift_decisions and gift_situations from a decisions frame (``decisions_frame`` rows).

    `games`: games played per (deck, opponent), or one number for all; without it the games
    are counted from the decisions (games without a decision are then missed, so the per-game
    figures come out too high).
    """
    if games is None:
        ids = pd.Series(_clusters(frame), index=frame.index)
        gpm = {
            (str(d), str(o)): int(g)
            for (d, o), g in ids.groupby([frame["deck"], frame["opponent"]], observed=True)
            .nunique()
            .items()
        }
    elif isinstance(games, int):
        gpm = games_per_matchup(frame, games)
    else:
        gpm = dict(games)
    full = _with_pooled(frame)
    dec = group_stats(full, _KEYS)
    # situations: the primary rows' decisions (pooled over opponents where there are several)
    sit_src = full
    if (full["opponent"] == ALL_OPPONENTS).any():
        pooled_decks = set(full.loc[full["opponent"] == ALL_OPPONENTS, "deck"])
        sit_src = full[(full["opponent"] == ALL_OPPONENTS) | ~full["deck"].isin(pooled_decks)]
    parts = []
    for situation in SITUATIONS:
        labels = bucket_labels(sit_src, situation)
        part = sit_src.assign(situation=situation, bucket=labels.astype(str), order=labels.codes)
        parts.append(group_stats(part, [*_KEYS, "situation", "order", "bucket"]))
    sit = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()
    var_reduction = float("nan")
    if len(frame) >= 2:
        a = frame["outcome_promise"].to_numpy(dtype=float)
        b = frame["outcome_no_promise"].to_numpy(dtype=float)
        with np.errstate(invalid="ignore", divide="ignore"):
            var_reduction = float((np.var(a, ddof=1) + np.var(b, ddof=1)) / np.var(a - b, ddof=1))
    return _tables(dec, sit, _frame_dimensions(full), gpm, var_reduction, alpha, min_effect)


def aggregate_stats(
    stats: Any,
    *,
    games: int,
    alpha: float = verdicts.ALPHA,
    min_effect: float = verdicts.DEFAULT_MIN_EFFECT,
) -> Aggregates:
    """The same tables as ``aggregate`` from running sums (sufficient.DecisionStats) instead
    of the decision rows: what a chunked `evaluate` computes. `games`: per matchup."""
    from analyzer.analysis import sufficient as suf

    gpm = {pair: games for pair in stats.pairs()}
    cells = stats.with_pooled(ALL_OPPONENTS)
    row_keys = sorted(k for k in cells if k[5:] == suf.NO_SITUATION)
    dec = _cells_table(
        [k[:5] for k in row_keys], [cells[k] for k in row_keys], stats.scale, list(_KEYS)
    )
    pooled = {k[0] for k in cells if k[1] == ALL_OPPONENTS}
    order = {s: i for i, s in enumerate(SITUATIONS)}
    sit_keys = sorted(
        (
            k
            for k in cells
            if k[5:] != suf.NO_SITUATION and (k[1] == ALL_OPPONENTS or k[0] not in pooled)
        ),
        key=lambda k: (*k[:5], order[k[5]], k[6]),
    )
    sit = _cells_table(
        [(*k, stats.labels[k[5]][k[6]]) for k in sit_keys],
        [cells[k] for k in sit_keys],
        stats.scale,
        [*_KEYS, "situation", "order", "bucket"],
    )

    def dims_of(deck: str, opponent: str, card: str) -> list[verdicts.Dimension]:
        dims = []
        for situation in SITUATIONS:
            labels = stats.labels[situation]
            sums = np.zeros((len(labels), len(suf.FIELDS)), dtype=np.int64)
            for k, row in cells.items():
                if k[:3] == (deck, opponent, card) and k[5] == situation:
                    sums[k[6]] += row
            res = suf.effects(sums, stats.scale, interval=False)
            dims.append(verdicts.Dimension(situation, labels, res.better, res.worse, res.deff))
        return dims

    return _tables(dec, sit, dims_of, gpm, stats.var_reduction(), alpha, min_effect)


_KEYS = ["deck", "opponent", "card", "gift_kind", "base_policy"]


def _cells_table(
    values: list[tuple[Any, ...]], sums: list[np.ndarray], scale: int, columns: list[str]
) -> pd.DataFrame:
    """What ``group_stats`` gives for these cells (`values`: their key columns), from their
    running sums (sufficient.py) instead of their decisions."""
    from analyzer.analysis import sufficient as suf

    if not values:
        return pd.DataFrame(columns=[*columns, "decisions"])
    out = pd.DataFrame(values, columns=columns)
    res = suf.effects(sums, scale)
    return _effect_columns(out, res)


def _tables(
    dec: pd.DataFrame,
    sit: pd.DataFrame,
    dims_of: DimensionsOf,
    gpm: dict[tuple[str, str], int],
    var_reduction: float,
    alpha: float,
    min_effect: float,
) -> Aggregates:
    """Verdicts, depends and the paired-stats table from the per-cell statistics."""
    if not dec.empty:
        primary = _primary(dec)
        n_games = _games(dec, gpm)
        dec = _verdicts(
            dec,
            verdicts.row_weights(primary, dec["decisions"] > 0),
            alpha,
            min_effect,
            n_games / _matchups(dec, gpm),
        )
        dec["decisions_per_game"] = dec["decisions"] / n_games
        dec["effect_per_game_pts"] = dec["delta_pts"] * dec["decisions_per_game"]
        dec["min_effect_pts"] = 100.0 * min_effect
        dec = _depends(dec, dims_of, primary, alpha)
    if not sit.empty:
        order = {s: i for i, s in enumerate(SITUATIONS)}
        sit = (
            sit.assign(_s=sit["situation"].map(order))
            .sort_values(["deck", "opponent", "card", "_s", "order"], kind="stable")
            .drop(columns=["_s", "order"])
            .reset_index(drop=True)
        )
        nonempty = (sit["decisions"] > 0).to_numpy()
        weights = np.where(nonempty, 1.0 / max(int(nonempty.sum()), 1), 0.0)
        sit = _verdicts(sit, weights, alpha, min_effect, _games(sit, gpm) / _matchups(sit, gpm))
    else:
        sit = _verdicts(sit, np.zeros(0), alpha, min_effect, np.zeros(0))
    table_dec = dec.assign(table="gift_decisions", situation="", bucket="")
    table_sit = sit.assign(table="gift_situations")
    both = pd.concat([table_dec, table_sit], ignore_index=True)
    paired_tab = (
        both.reindex(columns=PAIRED_COLUMNS)
        if not both.empty
        else pd.DataFrame(columns=PAIRED_COLUMNS)
    )
    return Aggregates(
        dec.reindex(columns=DECISION_COLUMNS),
        sit.reindex(columns=SITUATION_COLUMNS),
        paired_tab,
        var_reduction,
    )

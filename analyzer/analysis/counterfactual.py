"""Decision counterfactuals: at every gift decision, the game with and without the promise.

``run_counterfactuals`` plays one matchup through the jitted fork runner (``forks.py``): each
game under the base policy, forked at every gift decision of the deck under test (seat 0; or
every seat), both branches played to the end, ``forks`` times each. ``decisions_frame`` turns
the records into one row per forked decision (features and both outcomes); ``aggregate`` turns
those into the ``gift_decisions`` and ``gift_situations`` tables.

Definitions (per decision, from the caster's side, outcomes 1 win / 0.5 draw / 0 loss averaged
over the K forks):
- ``outcome_promise``, ``outcome_no_promise``: the two branches; better / worse / same compares
  them. ``pays_off_rate`` = share of decisions where promising was better (Wilson interval).
- ``delta`` = mean(outcome_promise - outcome_no_promise): the win-rate gain of promising at
  these decisions, with the paired t interval (stats.paired_difference).
- ``recommendation``: ``promise`` / ``don't promise`` when the interval excludes zero, the row
  has at least MIN_N decisions and MIN_DISCORDANT differing pairs, and the claim survives Holm
  across the rows of its table; ``depends: ...`` (gift_decisions only) when the situation
  buckets of one dimension disagree significantly (stats.bucket_recommendation); else ``not
  enough evidence``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from analyzer.analysis import stats
from analyzer.analysis.simulate import (
    DEFAULT_ACTION_CAP,
    DEFAULT_TURNS_PER_PLAYER,
    KernelInputs,
    kernel_inputs,
)
from analyzer.enums import GIFT_KIND_NAMES, CardCol
from analyzer.errors import InputError, Problem
from analyzer.io.deck import Deck
from analyzer.policies.features import FEATURE_NAMES

ALL_OPPONENTS = "all opponents"
DEFAULT_FORK_CHUNK = 512
MAX_DECISIONS = 32  # recorded gift decisions per game; more are counted as dropped

DECISION_COLUMNS = ["deck", "opponent", "card", "gift_kind", "base_policy", "decisions",
                    "promise_better", "promise_worse", "same", "pays_off_rate",
                    "pays_off_ci_low", "pays_off_ci_high", "win_rate_promise",
                    "win_rate_no_promise", "delta", "delta_ci_low", "delta_ci_high",
                    "recommendation"]
SITUATION_COLUMNS = [*DECISION_COLUMNS[:5], "situation", "bucket", *DECISION_COLUMNS[5:]]
PAIRED_COLUMNS = ["table", "deck", "opponent", "card", "situation", "bucket", "decisions", "se",
                  "se_unpaired", "var_reduction", "p_value", "p_holm"]
_GIFT_NAMES = {v: k for k, v in GIFT_KIND_NAMES.items()}


@dataclass
class ForkRun:
    """Raw records of one matchup's counterfactual run."""

    decks: list[Deck]
    seed: int
    base_policy: str
    forks: int
    games: np.ndarray  # int32 (n, forks.GCOLS)
    decisions: np.ndarray  # int32 (m, forks.DCOLS): every recorded decision, forked or not
    features: np.ndarray  # float64 (m, forks.NFEAT): their decision features
    inputs: KernelInputs
    seconds: float = 0.0
    threads: int = 1
    extra: dict = field(default_factory=dict)

    @property
    def forked_mask(self) -> np.ndarray:
        from analyzer.analysis.forks import D_FORKED

        return self.decisions[:, D_FORKED] == 1

    @property
    def dropped(self) -> int:
        from analyzer.analysis.forks import G_DROPPED

        return int(self.games[:, G_DROPPED].sum())


def _threads(threads: int | None) -> int:
    from analyzer.kernel.parallel import available_threads

    return max(1, threads or available_threads())


def run_counterfactuals(decks: Sequence[Deck], catalog, *, games: int, seed: int,
                        base_policy: Any = "never", forks: int = 1,
                        threads: int | None = None, starting_life: int = 20,
                        fork_seats: Sequence[int] = (0,), turn_cap: int | None = None,
                        action_cap: int = DEFAULT_ACTION_CAP, chunk: int = DEFAULT_FORK_CHUNK,
                        explicit: bool = False, max_decisions: int = MAX_DECISIONS,
                        levels: Sequence[int] | None = None,
                        progress: Callable[[int], None] | None = None) -> ForkRun:
    """Play `games` games of this matchup under `base_policy`, forking every gift decision of
    the seats in `fork_seats` `forks` times (seat 0 is decks[0]). `base_policy` is a policy
    string or a parsed policy (e.g. with the opponents' own block). `levels`: each seat's
    built-in player (`simulate.seat_levels`; default all standard)."""
    from analyzer.analysis import forks as fk
    from analyzer.analysis.precompile import BackgroundCompile
    from analyzer.kernel.parallel import run_sliced
    from analyzer.policies.table import policy_table

    if games < 1:
        raise InputError(Problem(f"--games must be at least 1, not {games}"))
    if forks < 1:
        raise InputError(Problem(f"--forks must be at least 1, not {forks}"))
    inputs = kernel_inputs(decks, catalog, levels)
    pol = policy_table(base_policy, inputs.card_names, catalog.lookup)
    n_players = len(decks)
    turn_cap = turn_cap if turn_cap is not None else DEFAULT_TURNS_PER_PLAYER * n_players
    mask = 0
    for s in fork_seats:
        mask |= 1 << int(s)
    out_games = np.zeros((games, fk.GCOLS), dtype=np.int32)
    rows: list[np.ndarray] = []
    feats: list[np.ndarray] = []
    use = _threads(threads)
    t0 = time.perf_counter()
    helper = BackgroundCompile().start()  # first run only: compile on two cores
    for start in range(0, games, chunk):
        stop = min(games, start + chunk)
        dec = np.zeros((stop - start, max_decisions, fk.DCOLS), dtype=np.int32)
        feat = np.zeros((stop - start, max_decisions, fk.NFEAT), dtype=np.float64)
        g = out_games[start:stop]

        def run(a: int, b: int, start: int = start, g: np.ndarray = g, dec: np.ndarray = dec,
                feat: np.ndarray = feat) -> None:
            fk.run_forks(inputs.C, pol, inputs.decks, inputs.deck_sizes, inputs.levels,
                         n_players, seed, start + a, starting_life, turn_cap, action_cap,
                         forks, mask, explicit, g[a:b], dec[a:b], feat[a:b])

        try:
            run_sliced(run, stop - start, use)
        finally:
            helper.stop()
        recorded = g[:, fk.G_RECORDED]
        keep = np.arange(max_decisions)[None, :] < recorded[:, None]
        rows.append(dec[keep])
        feats.append(feat[keep])
        if progress is not None:
            progress(stop - start)
    decisions = np.concatenate(rows) if rows else np.zeros((0, fk.DCOLS), dtype=np.int32)
    features = np.concatenate(feats) if feats else np.zeros((0, fk.NFEAT))
    run = ForkRun(list(decks), seed, str(base_policy), forks, out_games, decisions, features,
                  inputs, time.perf_counter() - t0, use)
    if run.dropped:
        run.extra["dropped_decisions"] = run.dropped
    errors = out_games[:, fk.G_ERROR]
    if np.any(errors):
        from analyzer.kernel.state import ERROR_NAMES

        run.extra["capacity_errors"] = {ERROR_NAMES[c]: int(np.sum(errors == c))
                                        for c in sorted(set(int(e) for e in errors if e))}
    return run


def gift_kind_name(catalog, card: int) -> str:
    kind = int(catalog.compiled.cards[card, CardCol.GIFT_KIND])
    return _GIFT_NAMES.get(kind, "none")


def decisions_frame(run: ForkRun, catalog, matchup: int = 0) -> pd.DataFrame:
    """One row per forked decision: who, what, the features and both outcomes."""
    from analyzer.analysis import forks as fk

    keep = run.forked_mask
    d = run.decisions[keep]
    feats = run.features[keep]
    names = [deck.name for deck in run.decks]
    caster = d[:, fk.D_CASTER]
    k2 = 2.0 * run.forks
    df = pd.DataFrame({
        "matchup": matchup,
        "deck": [names[s] for s in caster],
        "opponent": [" + ".join(n for j, n in enumerate(names) if j != s) for s in caster],
        "game": d[:, fk.D_GAME], "decision": d[:, fk.D_INDEX],
        "card": [run.inputs.card_names[c] for c in d[:, fk.D_CARD]], "card_id": d[:, fk.D_CARD],
        "gift_kind": [gift_kind_name(catalog, c) for c in d[:, fk.D_CARD]],
        "base_policy": run.base_policy, "caster": caster, "recipient": d[:, fk.D_RECIPIENT],
        "base_choice": np.where(d[:, fk.D_BASE] == 1, "promise", "no promise"),
    })
    for j, name in enumerate(FEATURE_NAMES):
        if name not in df:  # gift_kind is already there, by name
            df[name] = feats[:, j]
    df["forks"] = run.forks
    df["outcome_promise"] = d[:, fk.D_P_SCORE2] / k2
    df["outcome_no_promise"] = d[:, fk.D_N_SCORE2] / k2
    df["promise_wins"] = d[:, fk.D_P_WINS]
    df["no_promise_wins"] = d[:, fk.D_N_WINS]
    df["promise_cast_ok"] = d[:, fk.D_P_OK]
    df["no_promise_cast_ok"] = d[:, fk.D_N_OK]
    return df


# ---------------------------------------------------------------------------------------------
# situation buckets


def _cut(values: np.ndarray, edges: Sequence[float], labels: Sequence[str]) -> pd.Categorical:
    """Bucket i holds edges[i-1] < value <= edges[i] (inclusive upper ends)."""
    codes = np.searchsorted(np.asarray(edges, dtype=float), values, side="left")
    return pd.Categorical.from_codes(codes, categories=list(labels), ordered=True)


# Over the decision features (policies/features.py), caster minus recipient. The hand feature
# still counts the card being cast, so the hand difference uses hand - 1: the cards the caster
# keeps after this one.
SITUATIONS: dict[str, Callable[[pd.DataFrame], pd.Categorical]] = {
    "turn": lambda f: _cut(f["turn"].to_numpy(), [4, 8, 12],
                           ["turns 1-4", "turns 5-8", "turns 9-12", "turns 13+"]),
    "play or draw": lambda f: pd.Categorical(
        np.where(f["on_play"].to_numpy() == 1, "on the play", "on the draw"),
        categories=["on the play", "on the draw"], ordered=True),
    "life difference": lambda f: _cut(
        (f["life"] - f["opp_life"]).to_numpy(), [-6, -1, 0, 5],
        ["life behind by 6+", "life behind by 1-5", "life even", "life ahead by 1-5",
         "life ahead by 6+"]),
    "hand difference": lambda f: _cut(
        (f["hand"] - 1 - f["opp_hand"]).to_numpy(), [-2, 1],
        ["hand behind by 2+", "hands within 1", "hand ahead by 2+"]),
    "board difference": lambda f: _cut(
        (f["power"] - f["opp_power"]).to_numpy(), [-3, 2],
        ["board behind by 3+ power", "boards within 2 power", "board ahead by 3+ power"]),
}


def bucket_labels(frame: pd.DataFrame, situation: str) -> pd.Categorical:
    """The situation bucket of each decision row."""
    return SITUATIONS[situation](frame)


# ---------------------------------------------------------------------------------------------
# aggregation


def group_stats(frame: pd.DataFrame, keys: list[str], confidence: float) -> pd.DataFrame:
    """Per group of `keys`: counts, rates, paired delta and its extras (no verdict yet)."""
    if frame.empty:
        return pd.DataFrame(columns=[*keys, "decisions"])
    grouped = frame.groupby(keys, sort=True, observed=True)
    codes = grouped.ngroup().to_numpy()
    heads = grouped.size().reset_index()[keys]
    res = stats.paired_difference(frame["outcome_promise"].to_numpy(),
                                  frame["outcome_no_promise"].to_numpy(), groups=codes,
                                  confidence=confidence, n_groups=len(heads))
    lo, hi = stats.wilson_interval(res.n_better, res.n, confidence)
    out = heads.copy()
    out["decisions"] = res.n
    out["promise_better"] = res.n_better
    out["promise_worse"] = res.n_worse
    out["same"] = res.n_same
    with np.errstate(invalid="ignore", divide="ignore"):
        out["pays_off_rate"] = res.n_better / res.n
    out["pays_off_ci_low"] = lo
    out["pays_off_ci_high"] = hi
    out["win_rate_promise"] = res.mean_a
    out["win_rate_no_promise"] = res.mean_b
    out["delta"] = res.delta
    # a difference of two rates lies in [-1, 1]: a t interval on a handful of pairs can reach
    # beyond, which says nothing more than the bounds themselves
    out["delta_ci_low"] = np.maximum(res.ci_low, -1.0)
    out["delta_ci_high"] = np.minimum(res.ci_high, 1.0)
    out["se"] = res.se
    out["se_unpaired"] = res.se_unpaired
    out["var_reduction"] = res.var_reduction
    out["p_value"] = res.p_value
    return out


def _verdicts(table: pd.DataFrame, alpha: float) -> pd.DataFrame:
    """Recommendations with Holm across the rows of this table."""
    if table.empty:
        table["recommendation"] = pd.Series(dtype=str)
        table["p_holm"] = pd.Series(dtype=float)
        return table
    disc = table["promise_better"] + table["promise_worse"]
    table["recommendation"] = stats.recommendations(
        table["delta"], table["delta_ci_low"], table["delta_ci_high"], table["decisions"],
        n_discordant=disc, p_values=table["p_value"], alpha=alpha)
    table["p_holm"] = stats.holm_adjust(table["p_value"])
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


def _depends(rows: pd.DataFrame, frame: pd.DataFrame, alpha: float,
             confidence: float) -> list[str]:
    """Each card row's verdict, turned into "depends: ..." where its buckets disagree."""
    out = []
    for r in rows.itertuples(index=False):
        sub = frame[(frame["deck"] == r.deck) & (frame["opponent"] == r.opponent)
                    & (frame["card"] == r.card)]
        verdict = str(r.recommendation)
        for situation in SITUATIONS:
            if sub.empty:
                break
            part = sub.assign(bucket=bucket_labels(sub, situation))
            b = group_stats(part, ["bucket"], confidence)
            if len(b) < 2:
                continue
            v = stats.bucket_recommendation(
                b["bucket"].astype(str).to_numpy(), b["delta"].to_numpy(),
                b["se"].to_numpy(), b["decisions"].to_numpy(),
                n_discordant=(b["promise_better"] + b["promise_worse"]).to_numpy(),
                overall=verdict, alpha=alpha)
            if v.startswith("depends"):
                verdict = v
                break
        out.append(verdict)
    return out


@dataclass
class Aggregates:
    """The two tables (CSV columns exactly) and the paired-statistics extras of every row."""

    decisions: pd.DataFrame
    situations: pd.DataFrame
    paired: pd.DataFrame
    var_reduction: float  # pooled over every forked decision: var_unpaired / var_paired


def aggregate(frame: pd.DataFrame, *, alpha: float = 0.05,
              confidence: float = 0.95) -> Aggregates:
    """gift_decisions and gift_situations from a decisions frame (``decisions_frame`` rows)."""
    keys = ["deck", "opponent", "card", "gift_kind", "base_policy"]
    full = _with_pooled(frame)
    dec = _verdicts(group_stats(full, keys, confidence), alpha)
    if not dec.empty:
        dec["recommendation"] = _depends(dec, full, alpha, confidence)
    # situations: pooled over opponents where there are several, else the one opponent
    sit_src = full
    if (full["opponent"] == ALL_OPPONENTS).any():
        pooled_decks = set(full.loc[full["opponent"] == ALL_OPPONENTS, "deck"])
        sit_src = full[(full["opponent"] == ALL_OPPONENTS) | ~full["deck"].isin(pooled_decks)]
    parts = []
    for situation in SITUATIONS:
        part = sit_src.assign(situation=situation,
                              bucket=bucket_labels(sit_src, situation).astype(str),
                              order=bucket_labels(sit_src, situation).codes)
        parts.append(group_stats(part, [*keys, "situation", "order", "bucket"], confidence))
    sit = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()
    if not sit.empty:
        order = {s: i for i, s in enumerate(SITUATIONS)}
        sit = sit.assign(_s=sit["situation"].map(order)).sort_values(
            ["deck", "opponent", "card", "_s", "order"], kind="stable").drop(
            columns=["_s", "order"]).reset_index(drop=True)
    sit = _verdicts(sit, alpha)
    paired = pd.concat([
        dec.assign(table="gift_decisions", situation="", bucket=""),
        sit.assign(table="gift_situations")], ignore_index=True)
    paired = paired[PAIRED_COLUMNS] if not paired.empty else pd.DataFrame(columns=PAIRED_COLUMNS)
    if len(frame) >= 2:
        overall = stats.paired_difference(frame["outcome_promise"].to_numpy(),
                                          frame["outcome_no_promise"].to_numpy())
        var_reduction = float(overall.var_reduction)
    else:
        var_reduction = float("nan")
    return Aggregates(dec.reindex(columns=DECISION_COLUMNS),
                      sit.reindex(columns=SITUATION_COLUMNS), paired, var_reduction)

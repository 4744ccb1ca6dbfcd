"""Decision counterfactuals: at every gift decision, the game with and without the promise.

``run_counterfactuals`` plays one matchup through the jitted fork runner (``forks.py``): each
game under the base policy, forked at every gift decision of the deck under test (seat 0; or
every seat), both branches played to the end, ``forks`` times each. ``decisions_frame`` turns
the records into one row per forked decision (features and both outcomes);
``decision_tables.aggregate`` turns those into the ``gift_decisions`` and ``gift_situations``
tables.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from analyzer.analysis.simulate import (
    DEFAULT_ACTION_CAP,
    DEFAULT_TURNS_PER_PLAYER,
    KernelInputs,
    kernel_inputs,
)
from analyzer.enums import GIFT_KIND_NAMES, CardCol
from analyzer.io.deck import Deck
from analyzer.policies.features import FEATURE_NAMES

DEFAULT_FORK_CHUNK = 512
MAX_DECISIONS = 32  # recorded gift decisions per game; more are counted as dropped

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
    from analyzer.kernel.host.parallel import available_threads

    return max(1, threads or available_threads())


def run_counterfactuals(
    decks: Sequence[Deck],
    catalog,
    *,
    games: int,
    seed: int,
    base_policy: Any = "never",
    forks: int = 1,
    threads: int | None = None,
    starting_life: int = 20,
    fork_seats: Sequence[int] = (0,),
    turn_cap: int | None = None,
    action_cap: int = DEFAULT_ACTION_CAP,
    chunk: int = DEFAULT_FORK_CHUNK,
    explicit: bool = False,
    max_decisions: int = MAX_DECISIONS,
    levels: Sequence[int] | None = None,
    progress: Callable[[int], None] | None = None,
    first_game: int = 0,
) -> ForkRun:
    """Play `games` games of this matchup under `base_policy`, forking every gift decision of
    the seats in `fork_seats` `forks` times (seat 0 is decks[0]). `base_policy` is a policy
    string or a parsed policy (e.g. with the opponents' own block). `levels`: each seat's
    built-in player (`simulate.seat_levels`; default all standard). `first_game`: the index
    of the first game (a chunk of a longer run: game i's randomness depends on seed and i)."""
    from analyzer.analysis import forks as fk
    from analyzer.analysis.precompile import BackgroundCompile
    from analyzer.kernel.host.parallel import run_sliced
    from analyzer.policies.table import policy_table

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

        def run(
            a: int,
            b: int,
            start: int = start,
            g: np.ndarray = g,
            dec: np.ndarray = dec,
            feat: np.ndarray = feat,
        ) -> None:
            fk.run_forks(
                inputs.C,
                pol,
                inputs.decks,
                inputs.deck_sizes,
                inputs.levels,
                n_players,
                seed,
                first_game + start + a,
                starting_life,
                turn_cap,
                action_cap,
                forks,
                mask,
                explicit,
                g[a:b],
                dec[a:b],
                feat[a:b],
            )

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
    run = ForkRun(
        list(decks),
        seed,
        str(base_policy),
        forks,
        out_games,
        decisions,
        features,
        inputs,
        time.perf_counter() - t0,
        use,
    )
    if run.dropped:
        run.extra["dropped_decisions"] = run.dropped
    errors = out_games[:, fk.G_ERROR]
    if np.any(errors):
        from analyzer.kernel.rules.state import ERROR_NAMES

        run.extra["capacity_errors"] = {
            ERROR_NAMES[c]: int(np.sum(errors == c))
            for c in sorted(set(int(e) for e in errors if e))
        }
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
    df = pd.DataFrame(
        {
            "matchup": matchup,
            "deck": [names[s] for s in caster],
            "opponent": [" + ".join(n for j, n in enumerate(names) if j != s) for s in caster],
            "game": d[:, fk.D_GAME],
            "decision": d[:, fk.D_INDEX],
            "card": [run.inputs.card_names[c] for c in d[:, fk.D_CARD]],
            "card_id": d[:, fk.D_CARD],
            "gift_kind": [gift_kind_name(catalog, c) for c in d[:, fk.D_CARD]],
            "base_policy": run.base_policy,
            "caster": caster,
            "recipient": d[:, fk.D_RECIPIENT],
            "base_choice": np.where(d[:, fk.D_BASE] == 1, "promise", "no promise"),
        }
    )
    # the id `replay --decision ID` takes (api.replays.decision_id)
    df.insert(
        df.columns.get_loc("decision") + 1,
        "decision_id",
        [f"m{matchup}g{g}d{i}" for g, i in zip(d[:, fk.D_GAME], d[:, fk.D_INDEX], strict=True)],
    )
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

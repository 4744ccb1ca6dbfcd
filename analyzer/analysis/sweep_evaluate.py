"""The `evaluate` and `tune` cells of a sweep: their arms, their tasks' work, their tables.

An ``evaluate`` cell is `gift-analyzer evaluate DECK --vs OPPONENT` for one matchup and player
level, played as arms that each split into game slices like any matchup: the base policy's
run through the fork runner (every gift decision of the deck played both ways), every compared
policy, and every gift card of the deck promised whenever it may be and never. All arms of a
cell run on the cell's stream seed, so the policies are paired on the same games (common random
numbers) exactly as in the single-machine command; the cell's tables come from the same
builders (compare.policy_comparison, counterfactual.decisions_frame, decision_tables.aggregate /
card_arm_table), so they equal that command's tables with the plan's ``--seed`` (the command
keys its matchup's stream the same way, analysis/streams.py).

A ``tune`` cell is `gift-analyzer tune DECK --vs OPPONENT --card CARD`: its coordinate search
is sequential (each step depends on the scores before it), so the whole tuning is one task
(``TuneJob``, run by ``run_tune`` on a worker); its result travels back as JSON.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from analyzer.analysis.sweep import Matchup, PreparedCell, TaskStore, arm_results, with_cell
from analyzer.analysis.sweep_plan import Plan
from analyzer.errors import InputError, Problem
from analyzer.io.coverage import gift_cards

FORKS = "forks"  # the label of an evaluate cell's forked base run
EVALUATE_TABLES = (
    "policy_comparison",
    "gift_decisions",
    "gift_situations",
    "paired_stats",
    "decisions",
)


# ---------------------------------------------------------------------------------------------
# evaluate


def evaluate_settings(plan: Plan) -> dict[str, Any]:
    """evaluate's arguments resolved as `api.evaluate` resolves them."""
    from analyzer.analysis.compare import split_policies

    pols = split_policies(list(plan.policies))
    baseline = pols[0]
    base = plan.base_policy or baseline
    opp = plan.opp_policy if plan.opp_policy is not None else base
    return {
        "policies": pols,
        "baseline": baseline,
        "base": base,
        "opp": opp,
        "reuse": plan.forks > 0 and base in pols,
    }


def _evaluate_arms(plan: Plan, pc: PreparedCell, catalog: Any) -> None:
    from dataclasses import replace

    from analyzer.policies.labels import with_opponents
    from analyzer.policies.table import policy_table

    s = pc.settings = evaluate_settings(plan)
    names, lookup = pc.inputs.card_names, catalog.lookup

    def arm(policy: str, **fork: int) -> Matchup:
        spec = with_opponents(policy, s["opp"])
        return replace(pc.matchup, pol=policy_table(spec, names, lookup), **fork)

    arms: list[tuple[str, Any]] = []
    if plan.forks > 0:
        arms.append((FORKS, arm(s["base"], forks=plan.forks, fork_mask=1)))
    arms += [(f"policy {p}", arm(p)) for p in s["policies"] if not (s["reuse"] and p == s["base"])]
    cards = gift_cards(pc.decks[0], catalog) if plan.forks > 0 else []
    for card in cards:
        for mode in ("always", "never"):
            if not (mode == "never" and s["base"] == "never"):
                arms.append((f"card {card}={mode}", arm(f"{s['base']}; {card}={mode}")))
    s["cards"] = cards
    pc.arms = arms


def _capacity(label: str, games: np.ndarray) -> str | None:
    codes = games[:, 4]  # the error column, in the batch's and the fork runner's records alike
    if not codes.any():
        return None
    from analyzer.kernel.rules.state import ERROR_NAMES

    found = {ERROR_NAMES[int(c)]: int(np.sum(codes == c)) for c in np.unique(codes) if c}
    return f"{label}: capacity exceeded in some games (counted as draws): {found}"


def evaluate_cell(
    plan: Plan, pc: PreparedCell, arms: list[dict[str, Any]], catalog: Any
) -> tuple[dict[str, pd.DataFrame], list[str]]:
    """The cell's evaluate tables (points, as the files have them) and its warnings."""
    from analyzer.analysis import compare as cmp
    from analyzer.analysis import counterfactual as cf
    from analyzer.analysis import decision_tables as dt
    from analyzer.analysis.sufficient import DecisionStats, joint_counts
    from analyzer.policies.labels import with_opponents
    from analyzer.report.units import to_points

    s = pc.settings
    data = dict(zip([label for label, _ in pc.arms], arms, strict=True))
    me, opp = pc.decks[0].name, pc.decks[1].name
    warnings = [w for label, a in data.items() if (w := _capacity(label, a["games"]))]
    policy_arms: list[cmp.Arm] = []
    tables: dict[str, pd.DataFrame] = {}
    if FORKS in data:
        f = data[FORKS]
        run = cf.ForkRun(
            list(pc.decks),
            pc.matchup.stream_seed,
            str(with_opponents(s["base"], s["opp"])),
            plan.forks,
            f["games"],
            f["decisions"],
            f["features"],
            pc.inputs,
            f["seconds"],
            1,
        )
        if run.dropped:
            warnings.append(
                f"{me} vs {opp}: {run.dropped} gift decisions beyond the per-game "
                "record limit were played by the base policy but not forked"
            )
        frame = cf.decisions_frame(run, catalog, 0)
        fork_scores = cmp.seat_scores(f["games"])
        if s["reuse"]:
            policy_arms.append(cmp.Arm(me, opp, s["base"], fork_scores))
        card_arms = []
        for card in s["cards"]:
            never = data.get(f"card {card}=never")
            card_arms.append(
                dt.CardArm(
                    me,
                    opp,
                    card,
                    joint_counts(
                        cmp.seat_scores(data[f"card {card}=always"]["games"]),
                        fork_scores if never is None else cmp.seat_scores(never["games"]),
                    ),
                )
            )
        # the running sums evaluate keeps (analysis/sufficient.py), so the tables match its
        # to the last bit, not only up to float rounding
        stats = DecisionStats()
        stats.add(frame)
        agg = dt.aggregate_stats(stats, games=plan.games, min_effect=plan.min_effect / 100.0)
        agg.decisions = dt.with_card_arms(agg.decisions, dt.card_arm_table(card_arms))
        tables.update(
            gift_decisions=to_points(agg.decisions),
            gift_situations=to_points(agg.situations),
            paired_stats=to_points(agg.paired),
            decisions=frame,
        )
    for p in s["policies"]:
        if not (s["reuse"] and p == s["base"]):
            policy_arms.append(cmp.Arm(me, opp, p, cmp.seat_scores(data[f"policy {p}"]["games"])))
    tables = {
        "policy_comparison": to_points(cmp.policy_comparison(policy_arms, s["baseline"])),
        **tables,
    }
    return tables, warnings


# ---------------------------------------------------------------------------------------------
# tune


@dataclass(frozen=True)
class TuneJob:
    """One whole tuning (what `tune` runs for one matchup), shipped to a worker as is."""

    decks: tuple[Any, ...]
    catalog: Any
    card: str
    games: int
    seed: int
    base: str
    opponents: str | None
    features: tuple[str, ...]
    rounds: int
    life: int
    player: str
    engine: str
    matchup: str  # the digest of the cell's matchup (decks, catalog arrays, seed, life, levels)

    def digest(self) -> str:
        tuner = (Path(__file__).parent / "tune.py").read_bytes()
        text = json.dumps(
            [
                self.matchup,
                self.card,
                self.games,
                self.seed,
                self.base,
                self.opponents,
                list(self.features),
                self.rounds,
                self.life,
                self.player,
                self.engine,
                hashlib.sha256(tuner).hexdigest(),
            ]
        )
        return hashlib.sha256(text.encode()).hexdigest()


def tune_cards(plan: Plan, loaded: dict[Path, Any], catalog: Any) -> Callable[[Path], list[str]]:
    """Which cards each deck tunes: the plan's `cards` the deck plays, or (``cards = "all"``)
    every gift card of it. Unknown cards, cards without gift, and cards no deck plays are
    input errors naming the plan."""
    gifts = {path: gift_cards(loaded[path], catalog) for path in plan.decks}
    if plan.cards is None:
        wanted = list(dict.fromkeys(c for path in plan.decks for c in gifts[path]))
        if not wanted:
            raise InputError(
                Problem("`tune`: none of the decks plays a gift card", source=str(plan.source))
            )
    else:
        wanted = []
        for written in plan.cards:
            rec = catalog.lookup(written)
            if rec is None:
                hint = catalog.suggest(written)
                raise InputError(
                    Problem(
                        f"`cards`: unknown card {written!r}"
                        + (f"; did you mean {', '.join(hint)}?" if hint else ""),
                        source=str(plan.source),
                    )
                )
            if not rec.gift:
                raise InputError(
                    Problem(
                        f"`cards`: {rec.name} has no gift: nothing to tune", source=str(plan.source)
                    )
                )
            if not any(rec.name in g for g in gifts.values()):
                raise InputError(
                    Problem(f"`cards`: none of the decks plays {rec.name}", source=str(plan.source))
                )
            wanted.append(rec.name)
    return lambda path: [c for c in wanted if c in gifts[path]]


def _tune_arm(plan: Plan, pc: PreparedCell, catalog: Any) -> None:
    from analyzer.analysis.tune import DEFAULT_FEATURES, check_inputs

    features = plan.features or DEFAULT_FEATURES
    check_inputs(
        [pc.decks],
        catalog,
        pc.cell.card,
        features,
        pc.cell.policy,
        plan.opp_policy or pc.cell.policy,
    )
    job = TuneJob(
        tuple(pc.decks),
        catalog,
        pc.cell.card,
        plan.games,
        pc.matchup.stream_seed,
        pc.cell.policy,
        plan.opp_policy,
        tuple(features),
        plan.rounds,
        pc.matchup.starting_life,
        pc.cell.player,
        pc.matchup.engine,
        pc.matchup.digest(),
    )
    pc.arms = [("tune", job)]


def run_tune(job: TuneJob, threads: int = 1) -> dict[str, Any]:
    """The whole tuning of one cell (runs on a worker); its result as JSON text."""
    import os

    from analyzer.analysis.tune import tune_card

    t0 = time.perf_counter()
    res = tune_card(
        [list(job.decks)],
        job.catalog,
        job.card,
        games=job.games,
        seed=job.seed,
        seeds=[job.seed],  # already the cell's stream seed
        base=job.base,
        opponents=job.opponents,
        features=job.features,
        rounds=job.rounds,
        threads=threads,
        life=lambda _d: job.life,
        player=job.player,
    )
    result = {
        "card": res.card,
        "weights": res.weights,
        "start": res.start,
        "train_start": res.train_start,
        "train_best": res.train_best,
        "evaluations": res.evaluations,
        "policy_toml": res.policy_toml,
        "comparisons": res.comparisons.to_dict(orient="list"),
        "history": [[w, s] for w, s in res.history],
    }
    return {
        "json": json.dumps(result),
        "seconds": time.perf_counter() - t0,
        "engine": job.engine,
        "pid": os.getpid(),
    }


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def tune_cell(
    pc: PreparedCell, arm: dict[str, Any], files: dict[str, str]
) -> dict[str, pd.DataFrame]:
    """tune.csv's row and tune_comparisons.csv's rows of one cell; its tuned policy file goes
    into ``files`` (name -> text)."""
    r = json.loads(arm["json"])
    c = pc.cell
    name = (
        f"tuned/{_slug(c.deck.stem)}-vs-{_slug(c.opponent.stem)}-{_slug(r['card'])}-"
        f"{_slug(c.policy)}-{c.player}.toml"
    )
    while name in files:
        name = name.removesuffix(".toml") + "_.toml"
    files[name] = r["policy_toml"]
    row = {
        "deck": pc.decks[0].name,
        "opponent": pc.decks[1].name,
        "games": pc.tasks[0].games,
        "seed": pc.matchup.stream_seed,
        "evaluations": r["evaluations"],
        "train_start": r["train_start"],
        "train_best": r["train_best"],
        "weights": json.dumps(r["weights"]),
        "start_weights": json.dumps(r["start"]),
        "policy_file": name,
    }
    comp = pd.DataFrame(r["comparisons"])
    gains = {
        f"gain_vs_{_slug(v)}_pts": 100.0 * g
        for v, g in zip(comp["versus"], comp["gain"], strict=True)
    }
    return {"tune": pd.DataFrame([{**row, **gains}]), "tune_comparisons": gains_in_points(comp)}


#: tune's held-out gains (fractions of score) -> their file names, in points as every delta of
#: a run folder (report/units.py); the arms' own scores ("tuned", "other") stay rates
TUNE_POINT_COLUMNS = {
    "gain": "gain_pts",
    "ci_low": "gain_pts_ci_low",
    "ci_high": "gain_pts_ci_high",
}


def gains_in_points(comparisons: pd.DataFrame) -> pd.DataFrame:
    """tune's held-out table as tune_comparisons.csv has it: the gain and its interval in
    percentage points (``gain_pts``, ``gain_pts_ci_low``, ``gain_pts_ci_high``)."""
    out = comparisons.copy()
    for c in TUNE_POINT_COLUMNS:
        if c in out:
            out[c] = 100.0 * pd.to_numeric(out[c], errors="coerce")
    return out.rename(columns=TUNE_POINT_COLUMNS)


# ---------------------------------------------------------------------------------------------
# both


def arms(plan: Plan, pc: PreparedCell, catalog: Any) -> None:
    """Lay out the cell's arms (``pc.arms``) for its analysis."""
    if plan.analysis == "evaluate":
        _evaluate_arms(plan, pc, catalog)
    else:
        _tune_arm(plan, pc, catalog)


def merged_tables(
    plan: Plan, cells: list[PreparedCell], store: TaskStore, catalog: Any
) -> dict[str, pd.DataFrame | str]:
    """Every complete cell's tables, one file per table with the cell's inputs leading, cell
    by cell (a cell's raw arrays are dropped once its tables are built)."""
    frames: dict[str, list[pd.DataFrame]] = {}
    files: dict[str, str] = {}
    notes: list[pd.DataFrame] = []
    for pc in cells:
        arms = arm_results(pc, store)
        if arms is None:
            continue
        if plan.analysis == "evaluate":
            tables, warnings = evaluate_cell(plan, pc, arms, catalog)
            if warnings:
                notes.append(with_cell(pd.DataFrame({"warning": warnings}), pc.cell, plan.analysis))
        else:
            tables = tune_cell(pc, arms[0], files)
        for name, df in tables.items():
            frames.setdefault(name, []).append(with_cell(df, pc.cell, plan.analysis))
    out: dict[str, pd.DataFrame | str] = {}
    for name, parts in frames.items():
        kept = [p for p in parts if len(p)] or parts[:1]  # header-only when every one is empty
        out[f"{name}.csv"] = pd.concat(kept, ignore_index=True)
    if notes:
        out["warnings.csv"] = pd.concat(notes, ignore_index=True)
    out.update(files)
    return out

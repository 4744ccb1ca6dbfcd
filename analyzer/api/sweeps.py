"""Python API of `gift-analyzer sweep`: run a plan's grid of analyses into one run folder.

Run folder: the merged tables (``summary.csv`` for simulate, ``card_stats.csv`` for
cardstats, ``compare.csv``, evaluate's five tables, ``tune.csv`` / ``tune_comparisons.csv`` and
``tuned/*.toml``; each cell's inputs as leading columns), ``sweep.csv`` (one row per cell),
``report.txt``, ``manifest.json`` (plan, engine, workers) and ``tasks/`` (one stored result per
finished task, what a rerun reuses).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from analyzer.errors import InputError, Problem

SCHEDULER_HELP = "local (a LocalCluster on this machine), none (in-process) or an address"


class SweepInterrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM) during a sweep: finished tasks are stored in ``run_dir``."""

    def __init__(self, run_dir: Path, tasks_done: int, tasks: int) -> None:
        super().__init__(f"interrupted with {tasks_done} of {tasks} tasks stored in {run_dir}")
        self.run_dir, self.tasks_done, self.tasks = run_dir, tasks_done, tasks


@dataclass
class SweepRun:
    tables: dict[str, pd.DataFrame]
    cells: pd.DataFrame  # sweep.csv
    out_dir: Path
    computed: int = 0  # tasks run now
    skipped: int = 0  # tasks found in the run folder
    games: int = 0  # games played now
    seconds: float = 0.0  # the whole run: cluster start, warm-up, tasks
    task_seconds: float = 0.0  # first task submitted to last result stored
    workers: dict[str, Any] = field(default_factory=dict)
    report: str = ""
    analysis: str = ""


def _check_scheduler(scheduler: str, workers: int | None) -> None:
    if scheduler in ("none", "local") or "://" in scheduler or ":" in scheduler:
        if workers is not None and scheduler != "local":
            raise InputError(
                Problem("--workers applies to --scheduler local only", source="--workers")
            )
        return
    raise InputError(
        Problem(
            f"--scheduler must be {SCHEDULER_HELP} (e.g. tcp://host:8786), not {scheduler!r}",
            source="--scheduler",
        )
    )


def run_sweep(
    plan_file: str | Path,
    *,
    scheduler: str = "local",
    workers: int | None = None,
    out: str | Path | None = None,
    results_dir: str | Path = "results",
    progress: Callable[[int], None] | None = None,
    on_start: Callable[[int, int], None] | None = None,
    on_result: Callable[[Any, dict[str, Any]], None] | None = None,
    log: Callable[[str], None] = lambda _m: None,
) -> SweepRun:
    """Run every pending task of the plan and merge the run folder's tables.

    ``on_start(games_to_play, games_already_stored)`` once the work is known;
    ``progress(games)`` after each task; ``on_result(task, result)`` after each task is stored.
    """
    from analyzer.analysis.sweep import TaskStore, prepare
    from analyzer.analysis.sweep_plan import load_plan
    from analyzer.cards.catalog import load_catalog
    from analyzer.report.writers import new_run_dir

    _check_scheduler(scheduler, workers)
    plan = load_plan(plan_file)
    catalog = load_catalog(plan.card_data)
    cells = prepare(plan, catalog)
    folder = Path(out) if out is not None else new_run_dir(results_dir, "sweep")
    plan_text = plan.source.read_text(encoding="utf-8")
    try:
        return _run(
            plan,
            plan_text,
            cells,
            catalog,
            folder,
            scheduler,
            workers,
            progress,
            on_start,
            on_result,
            log,
        )
    except KeyboardInterrupt as err:
        if isinstance(err, SweepInterrupted):
            raise
        store = TaskStore(folder)
        tasks = [t for pc in cells for t in pc.tasks]
        raise SweepInterrupted(folder, sum(store.has(t.key) for t in tasks), len(tasks)) from err


def _run(
    plan: Any,
    plan_text: str,
    cells: list,
    catalog: Any,
    folder: Path,
    scheduler: str,
    workers: int | None,
    progress: Callable[[int], None] | None,
    on_start: Callable[[int, int], None] | None,
    on_result: Callable[[Any, dict[str, Any]], None] | None,
    log: Callable[[str], None],
) -> SweepRun:
    from analyzer.analysis.sweep import (
        TaskStore,
        engine_version,
        merged_tables,
        sweep_frame,
        warm_jobs,
    )
    from analyzer.api.runs import run_recorder

    with run_recorder(
        folder.parent,
        "sweep",
        run_dir=folder,
        seed=plan.seed,
        games=plan.games,
        policies=list(plan.policies),
        kind="sweep",
        analysis=plan.analysis,
        plan=plan_text,
        engine=engine_version(),
        scheduler=scheduler,
    ) as rec:
        store = TaskStore(rec.dir)
        tasks = [(t, pc.arms[t.arm][1]) for pc in cells for t in pc.tasks]
        pending = [(t, m) for t, m in tasks if not store.has(t.key)]
        run = SweepRun(
            {}, pd.DataFrame(), rec.dir, skipped=len(tasks) - len(pending), analysis=plan.analysis
        )
        if on_start is not None:
            on_start(
                sum(t.games for t, _ in pending),
                sum(t.games for t, _ in tasks) - sum(t.games for t, _ in pending),
            )

        def stored(task: Any, result: dict[str, Any]) -> None:
            store.save(task.key, result)
            run.computed += 1
            run.games += task.games
            if on_result is not None:
                on_result(task, result)
            if progress is not None:
                progress(task.games)

        t0 = time.perf_counter()
        info: dict[str, Any] = {}
        try:
            if pending:
                info = _execute(scheduler, workers, pending, stored, log, warm_jobs(cells, pending))
        finally:
            run.seconds = time.perf_counter() - t0
            run.cells = sweep_frame(plan.analysis, cells, store)
            rec.write_csv("sweep.csv", run.cells)
            rec.update(
                tasks=len(tasks),
                tasks_computed=run.computed,
                tasks_reused=run.skipped,
                **info,
                timings={**rec.manifest.timings, "sweep_s": round(run.seconds, 3)},
            )
        run.workers = info.get("workers", {})
        run.task_seconds = float(info.get("tasks_s", 0.0))
        run.tables = {}
        for name, table in merged_tables(plan, cells, store, catalog).items():
            if isinstance(table, str):  # a file of its own (a tuned policy)
                rec.write_text(name, table)
            else:
                rec.write_csv(name, table)
                run.tables[name] = table
        run.report = sweep_report(plan.analysis, run)
        rec.write_text("report.txt", run.report + "\n")
    return run


def _execute(
    scheduler: str,
    workers: int | None,
    pending: list,
    stored: Any,
    log: Callable[[str], None],
    warm: list,
) -> dict[str, Any]:
    from analyzer.analysis.sweep import run_in_process

    if scheduler == "none":
        return run_in_process(pending, stored, warm=warm)
    from analyzer.analysis.sweep_dask import check_and_warm, connect, run_on_dask
    from analyzer.kernel.host.warmup import kernel_cached

    # compile once, here (the fork runner has a cache of its own): workers then load it
    if scheduler == "local" and (not kernel_cached() or any(m.forks for m in warm)):
        from analyzer.analysis.sweep import play_slice

        for m in warm:
            play_slice(m, 0, 1)
    t0 = time.perf_counter()
    client, cluster = connect(scheduler, workers)
    try:
        t1 = time.perf_counter()
        checked = check_and_warm(client, warm, log)
        t2 = time.perf_counter()
        extra = run_on_dask(client, pending, stored, checked["good"], checked["refused"])
        return {
            "scheduler_address": client.scheduler.address,
            "workers": checked["workers"],
            "refused_workers": checked["refused"],
            "connect_s": round(t1 - t0, 3),
            "warm_s": round(t2 - t1, 3),
            **extra,
        }
    except BaseException:
        import logging

        # closing mid-run makes Dask log every dropped message; the interruption is reported
        logging.getLogger("distributed").setLevel(logging.CRITICAL)
        raise
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def sweep_report(analysis: str, run: SweepRun) -> str:
    """The verdict in words, then the evidence (per deck and policy, over the opponents)."""
    cells = run.cells
    n_done = int((cells["status"] == "complete").sum())
    lines = []
    if n_done < len(cells):
        lines.append(
            f"INCOMPLETE: {n_done} of {len(cells)} cells finished; rerun the same "
            "command to complete the sweep."
        )
    if analysis == "simulate" and "summary.csv" in run.tables:
        df = run.tables["summary.csv"]
        by = df.groupby(["deck_file", "policy", "player"], sort=False).agg(
            wins=("wins", "sum"), games=("games", "sum"), opponents=("opponent", "count")
        )
        by["win_rate"] = by["wins"] / by["games"]
        by = by.sort_values("win_rate", ascending=False, kind="stable")
        (deck, policy, player), best = next(iter(by.iterrows()))
        # a ranking of point estimates: "best" would claim what no test here shows
        lines.append(
            f"Highest win rate (a point estimate; the cells are not tested against each "
            f"other): {deck} with policy {policy} ({player} player) wins "
            f"{_rate_ci(best.wins, best.games)} of {int(best.games)} games over "
            f"{int(best.opponents)} opponent(s)."
        )
        lines.append("")
        lines.append(
            "win rate [95% interval] per deck, policy and player, pooled over the opponents:"
        )
        for (deck, policy, player), r in by.iterrows():
            lines.append(
                f"  {_rate_ci(r.wins, r.games)}  {deck}  [{policy}, {player}]  "
                f"({int(r.games)} games)"
            )
    elif analysis == "evaluate" and "policy_comparison.csv" in run.tables:
        lines += _evaluate_lines(run.tables, cells)
    elif analysis == "tune" and "tune.csv" in run.tables:
        lines += _tune_lines(run.tables["tune.csv"], run.tables.get("tune_comparisons.csv"))
    elif analysis == "compare" and "compare.csv" in run.tables:
        lines += _compare_lines(run.tables["compare.csv"])
    elif analysis == "cardstats" and "card_stats.csv" in run.tables:
        lines += _card_stats_lines(run.tables["card_stats.csv"])
    lines.append("")
    lines.append(
        f"{n_done} of {len(cells)} cells complete; {run.computed} tasks run now, "
        f"{run.skipped} reused from the run folder; {run.games:,} games in "
        f"{run.seconds:.1f} s."
    )
    return "\n".join(lines)


def _rate_ci(wins: float, games: float) -> str:
    """``52.3% [50.1, 54.4]`` (Wilson, draws counted as not won, as simulate's win rate)."""
    from analyzer.analysis.stats import wilson_interval

    lo, hi = wilson_interval(int(wins), int(games))
    return f"{100 * wins / games:.1f}% [{100 * float(lo):.1f}, {100 * float(hi):.1f}]"


def _compare_lines(table: pd.DataFrame) -> list[str]:
    """Each group's answer in `compare`'s words; with several groups, the largest difference
    from the baseline (each deck, policy and player over its opponents: the "all opponents"
    row, or the one opponent's); then every row with its interval and, per opponent, its
    Holm-adjusted p (a deck's opponents are one family)."""
    from analyzer.analysis.decision_tables import ALL_OPPONENTS
    from analyzer.report.units import to_fractions

    df = to_fractions(table)  # the file has points
    keys = ["deck_file", "policy", "player"]
    heads = []
    for _, group in df.groupby(keys, sort=False):
        pooled = group[group["opponent"] == ALL_OPPONENTS]
        heads.append((pooled if len(pooled) else group).iloc[0])
    best = max(heads, key=lambda r: float(r.delta))
    n_opp = int((df[keys].apply(tuple, axis=1) == tuple(best[keys])).sum()) - (
        1 if best.opponent == ALL_OPPONENTS else 0
    )
    where = f"over {n_opp} opponents" if best.opponent == ALL_OPPONENTS else f"vs {best.opponent}"
    lines = _compare_answers(table, keys)
    if len(heads) > 1:
        lines += [
            "",
            f"Largest difference from the baseline (the largest point estimate of {len(heads)} "
            f"deck, policy and player groups, not a test across them): {best.deck_file} with "
            f"policy {best.policy} ({best.player} player), {_points_ci(best)} points of win "
            f"rate against baseline {best.deck_b} {where} (paired on the same games, 95%; "
            f"p = {float(best.p_value):.2g}).",
        ]
    lines += [
        "",
        "deck minus baseline, points of win rate [95% CI], paired on the same games; p_holm: "
        "Holm-adjusted over the deck's opponents (per policy and player):",
    ]
    for r in df.itertuples(index=False):
        holm = "" if r.opponent == ALL_OPPONENTS else f"  p_holm {float(r.p_holm):.2g}"
        lines.append(
            f"  {_points_ci(r)}  {r.deck_file} vs {r.opponent_file} [{r.policy}, {r.player}]{holm}"
        )
    return lines


def _compare_answers(table: pd.DataFrame, keys: list[str]) -> list[str]:
    """Each deck, policy and player group's answer in `compare`'s words (the same claims,
    intervals and withheld rows: report.answers.compare_answer over the group's rows). Each
    group is its own 5% family, so with several the chance of any false claim adds up: said."""
    from analyzer.report.answers import compare_answer

    groups = list(table.groupby(keys, sort=False))
    if len(groups) == 1:
        head = "The answer, as `compare` gives it:"
    else:
        head = (
            f"The answer of each of the {len(groups)} groups, as `compare` gives it (each its "
            f"own 5% family: over all {len(groups)}, up to a {min(100, 5 * len(groups))}% "
            "chance of some false claim):"
        )
    lines = [head]
    for (deck, policy, player), group in groups:
        answer = compare_answer(group).removeprefix("the answer: ")
        lines.append(f"  {deck} [{policy}, {player}]: {answer}")
    return lines


def _points_ci(r: Any) -> str:
    """``+8.4 [+4.7, +12.2]`` from a row in fractions."""
    return (
        f"{100 * float(r.delta):+.1f} [{100 * float(r.delta_ci_low):+.1f}, "
        f"{100 * float(r.delta_ci_high):+.1f}]"
    )


def _card_stats_lines(df: pd.DataFrame) -> list[str]:
    """The highest IWD of a card (basic lands left out: a land's few GNS games gave +42
    [-37, +48] at the top), said to be a point estimate and observational, with its interval;
    then how many cards each cell tells apart from 0 (Holm over the cell's cards)."""
    from analyzer.analysis.cardstats import BASIC_LANDS

    cards = df[~df["card"].isin(BASIC_LANDS)].dropna(subset=["iwd_pts"])
    if cards.empty:
        return []
    top = cards.sort_values("iwd_pts", ascending=False, kind="stable").iloc[0]
    cells = cards.groupby(["deck_file", "opponent_file", "policy", "player"], sort=False)
    told = sum(
        int(
            (
                (g["iwd_p_holm"] <= 0.05) & ((g["iwd_ci_low_pts"] > 0) | (g["iwd_ci_high_pts"] < 0))
            ).sum()
        )
        for _, g in cells
    )
    return [
        f"Highest IWD of a card (the largest point estimate of {len(cards)} card rows; "
        f"observational: not the card's effect): {top.card} ({top.deck_file} vs "
        f"{top.opponent_file}, {top.policy}, {top.player}): {top.iwd_pts:+.1f} "
        f"[{top.iwd_ci_low_pts:+.1f}, {top.iwd_ci_high_pts:+.1f}] points (95%; p_holm = "
        f"{float(top.iwd_p_holm):.2g}, Holm over its cell's cards).",
        f"{told} card rows over {cells.ngroups} cells have an IWD told apart from 0 (each cell's "
        "cards their own 5% Holm family; card_stats.csv: iwd_p, iwd_p_holm).",
    ]


def _evaluate_lines(
    tables: dict[str, pd.DataFrame], cells: pd.DataFrame | None = None
) -> list[str]:
    """The policies per deck and player (mean delta over the opponents, with its 95% interval,
    `mean_over_opponents`), the largest first and said to be a ranking of point estimates; then
    each gift card's verdicts counted over the opponents."""
    pc = tables["policy_comparison.csv"]
    others = pc[pc["policy"] != pc["baseline"]]
    lines = []
    if len(others):
        by = mean_over_opponents(others, cells)
        (deck, player, policy, baseline), best = next(iter(by.iterrows()))
        lines.append(
            f"Largest mean difference (a point estimate, not a test; the groups are ranked by "
            f"point estimate, and the interval is this mean's own, not adjusted for picking the "
            f"largest; policy_comparison.csv has each row's): {policy} for {deck} ({player} "
            f"player), {_mean_ci(best)} points of win rate over {baseline} (mean over "
            f"{int(best['count'])} opponent(s){_mean_note(best)})."
        )
        lines.append("")
        lines.append(
            "policy minus baseline, points of win rate, mean over the opponents [95% interval "
            "from the rows' own, each read as normal; the opponents' matchups are independent "
            "samples]:"
        )
        for (deck, player, policy, baseline), r in by.iterrows():
            lines.append(
                f"  {_mean_ci(r, 5)}  {deck}  [{player}]  {policy} - {baseline}{_mean_note(r)}"
            )
    gd = tables.get("gift_decisions.csv")
    if gd is not None and len(gd):
        lines.append("")
        lines.append(
            "gift verdicts per card (matchups with each verdict; each matchup its own 5% family):"
        )
        counts = gd.groupby(["deck_file", "player", "card"], sort=False)["verdict"].value_counts(
            sort=True
        )
        for (deck, player, card), part in counts.groupby(level=[0, 1, 2], sort=False):
            said = ", ".join(f"{v} {n}" for (*_, v), n in part.items())
            lines.append(f"  {card} ({deck}, {player}): {said}")
    return lines


_SHARED = "; the opponents share a random stream, so no interval"


def mean_over_opponents(rows: pd.DataFrame, cells: pd.DataFrame | None = None) -> pd.DataFrame:
    """Per deck, player, policy and baseline: the equal-weighted mean of the opponents'
    paired differences (points), largest first, with its 95% interval.

    The opponents' matchups play their own random streams, so they are independent samples
    and the mean's standard error is sqrt(sum SE_i^2) / k. policy_comparison.csv keeps no
    paired counts or standard errors, so SE_i is each row's 95% interval half-width over
    z(0.975): a normal approximation of its score interval (asymmetric near 0 or 1); a group
    of one opponent keeps that row's own interval. Where
    sweep.csv (`cells`) shows opponents sharing a stream seed (``streams = "shared"``) they
    are not independent: ``shared`` is set and the interval left out."""
    from scipy.stats import norm

    z = float(norm.ppf(0.975))
    keys = ["deck_file", "player", "policy", "baseline"]
    df = rows.copy()
    half = (df["delta_pts_ci_high"] - df["delta_pts_ci_low"]) / 2.0
    df["_var"] = (half / z) ** 2
    seeds = ["deck_file", "opponent_file", "player"]
    if cells is not None and set(seeds) | {"stream_seed"} <= set(cells.columns):
        df = df.merge(cells[[*seeds, "stream_seed"]], on=seeds, how="left")
    else:
        df["stream_seed"] = None
    # a row whose cell is not known: its own stream, as the plan's default gives every matchup
    own = df["stream_seed"].isna()
    df["stream_seed"] = df["stream_seed"].astype(object)
    df.loc[own, "stream_seed"] = [f"own {i}" for i in range(int(own.sum()))]
    out = df.groupby(keys, sort=False).agg(
        mean=("delta_vs_baseline_pts", "mean"),
        count=("delta_vs_baseline_pts", "count"),
        var_sum=("_var", lambda v: v.sum(min_count=len(v))),  # NaN if a row has no interval
        seeds=("stream_seed", "nunique"),
        own_low=("delta_pts_ci_low", "first"),
        own_high=("delta_pts_ci_high", "first"),
    )
    out["shared"] = out["seeds"] < out["count"]
    se = out["var_sum"] ** 0.5 / out["count"]
    one = out["count"] == 1  # one opponent: its own interval, no approximation needed
    out["ci_low"] = (out["mean"] - z * se).where(~one, out["own_low"]).where(~out["shared"])
    out["ci_high"] = (out["mean"] + z * se).where(~one, out["own_high"]).where(~out["shared"])
    return out.drop(columns=["var_sum", "seeds", "own_low", "own_high"]).sort_values(
        "mean", ascending=False, kind="stable"
    )


def _mean_ci(r: Any, width: int = 0) -> str:
    """``+1.2 [-0.3, +2.7]`` (``+1.2`` without an interval), the mean padded to `width`."""
    mean = f"{r['mean']:+{width}.1f}"
    if r["ci_low"] != r["ci_low"]:
        return mean
    return f"{mean} [{r['ci_low']:+.1f}, {r['ci_high']:+.1f}]"


def _mean_note(r: Any) -> str:
    return _SHARED if bool(r["shared"]) else ""


def _tune_lines(df: pd.DataFrame, comparisons: pd.DataFrame | None) -> list[str]:
    """Each tuning's held-out gain over the heuristic with its interval and Holm p (the
    cell's arms are its own family, as tune's), the largest point estimate first and said to
    be one: the tunings are not tested against each other."""
    lines = [f"{len(df)} tunings; tuned policies in tuned/ (use with --policy-file)."]
    if comparisons is None or "gain_pts" not in comparisons:
        return lines
    vs = comparisons[comparisons["versus"] == "heuristic"]
    if vs.empty:
        return lines
    rows = vs.sort_values("gain_pts", ascending=False, kind="stable")
    beats = rows[(rows["p_holm"] <= 0.05) & (rows["gain_pts_ci_low"] > 0)]
    loses = rows[(rows["p_holm"] <= 0.05) & (rows["gain_pts_ci_high"] < 0)]
    r = rows.iloc[0]
    lines[0:0] = [
        f"Largest held-out gain over the heuristic (the largest point estimate of {len(rows)} "
        f"tunings, not a test across them): {r.card} in {r.deck_file} vs {r.opponent_file} "
        f"[{r.policy}, {r.player}], {_gain_ci(r)} points of score (paired, 95%; p_holm = "
        f"{float(r.p_holm):.2g}). Beats the heuristic in {len(beats)} of {len(rows)} tunings, "
        f"loses to it in {len(loses)} (each tuning's arms its own 5% Holm family; nothing "
        "held across tunings)."
    ]
    lines.append("")
    lines.append(
        "tuned minus heuristic on held-out games, points of score [95% CI], Holm p over the "
        "tuning's arms:"
    )
    for r in rows.itertuples(index=False):
        lines.append(
            f"  {_gain_ci(r)}  p_holm {float(r.p_holm):.2g}  {r.card}  {r.deck_file} vs "
            f"{r.opponent_file}  [{r.policy}, {r.player}]"
        )
    return lines


def _gain_ci(r: Any) -> str:
    return f"{r.gain_pts:+.1f} [{r.gain_pts_ci_low:+.1f}, {r.gain_pts_ci_high:+.1f}]"

"""Python API for `evaluate` (policy comparison + decision counterfactuals) and
`evaluate_players` (the same under each player level). `compare` is in api/comparison.py, the
run folders (tables, `report`) in api/runs.py.

Re-exported by api.py. Nothing here compiles numba until a function is called. Every table is
a pandas DataFrame with exactly the columns of its CSV file.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from analyzer.api.checks import (
    SAME,
    check_policies,
    check_run_args,
    override_warnings,
    read_policy_files,
    with_opponents,
)
from analyzer.api.runs import (
    check_format,
    check_plots,
    load_all,
    read_decisions,
    recorder,
    render,
    starting_life,
    table_name,
    write_table,
)
from analyzer.errors import InputError, Problem, arg

DEFAULT_GAMES = 3000  # per matchup: the no-argument run takes ~15 s on 2 free cores (< 2 min)
DEFAULT_POLICIES = ("never", "always", "random:p=0.5")


@dataclass
class EvaluationRun:
    """What `evaluate` returns. The first three tables are the CSV files, column for column;
    deltas in percentage points, named so (`delta_pts`; analyzer/report/units.py)."""

    policy_comparison: pd.DataFrame
    gift_decisions: pd.DataFrame
    gift_situations: pd.DataFrame
    paired: pd.DataFrame  # se, unpaired se, variance reduction, p and Holm p of every row
    var_reduction: float  # pooled over all forked decisions: var(unpaired) / var(paired)
    settings: dict[str, Any] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    out_dir: Path | None = None
    seconds: float = 0.0
    fork_seconds: float = 0.0
    # per gift card, the decisions where promising gained / lost most, both branches replayed
    # (analysis/examples.py; examples.json and report.html's "Example games")
    examples: list[dict[str, Any]] = field(default_factory=list)
    # the decision rows, kept in memory only when the run wrote no files (see `decisions`)
    decision_rows: pd.DataFrame | None = field(default=None, repr=False)
    # pods (3+ seats): each gift card's arm per recipient rule against never, and the answer
    # per card, whether to promise and to whom (analysis/recipients.py); empty in 1v1 runs
    gift_recipients: pd.DataFrame = field(default_factory=pd.DataFrame)
    recipient_answers: pd.DataFrame = field(default_factory=pd.DataFrame)

    @property
    def decisions(self) -> pd.DataFrame:
        """One row per forked decision (decisions.csv). A run that wrote files keeps them on
        disk only (its memory does not grow with --games) and reads them here on first use."""
        if self.decision_rows is None:
            self.decision_rows = (
                read_decisions(self.out_dir) if self.out_dir is not None else _empty_decisions()
            )
        return self.decision_rows


def evaluate(
    deck: str | Path | None = None,
    vs: Sequence[str | Path] = (),
    *,
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    policies: Sequence[str] | None = None,
    baseline: str | None = None,
    base_policy: str | None = None,
    opp_policy: str | None = None,
    policy_files: Sequence[str | Path] = (),
    forks: int = 1,
    threads: int | None = None,
    out: str | Path | None = None,
    save: bool = False,
    fmt: str = "csv",
    plots: bool = True,
    life: int | None = None,
    fork_seats: str = "deck",
    min_effect: float = 1.0,
    allow_approximate: bool = False,
    card_files: Sequence[str | Path] = (),
    player: str = "standard",
    opp_player: str | None = None,
    opening_hands: str = "paper",
    progress: Callable[[int], None] | None = None,
    on_start: Callable[[int], None] | None = None,
    chunk_games: int | None = None,
) -> EvaluationRun:
    """Policy comparison and gift-decision counterfactuals for `deck` against `vs`.

    `policies` (default never, always, random:p=0.5) are played on the same seeded games;
    `baseline` (default the first) is what the paired differences are taken against;
    `base_policy` (default the baseline) plays the games whose decisions are forked `forks`
    times (0: no counterfactuals). `opp_policy`: what the opponents play in every game
    (default: the base policy, so only the deck's policy changes between policies; "same":
    every seat plays the policy in question). `policy_files`: policy files compared too
    (labelled "file PATH"; alone, they replace the default policies). `fork_seats`: "deck"
    (seat 0) or "all". Files
    are written to `out`, or to results/<run-id>/ with `save=True`; nothing is written
    otherwise. `min_effect`: the smallest win-rate change worth acting on, in percentage
    points, per decision in the decision table and per game in a pod's to-whom answers
    (verdicts: promise, don't promise, makes no difference, not enough evidence;
    analysis/verdicts.py, analysis/recipients.py).
    `player`: every seat's built-in player ("standard" or "basic"); `opp_player`:
    the opponents' instead (seats 1 and up); `evaluate_players` runs several.
    `opening_hands`: "paper" or "arena-bo1" (two-player games).
    `chunk_games`: games played and reduced at a time (default
    analysis.evaluate_chunks.CHUNK_GAMES); memory depends on it, the results do not.
    """
    from analyzer.analysis import compare as cmp
    from analyzer.analysis import evaluate_chunks as chunks
    from analyzer.analysis.simulate import seat_levels
    from analyzer.analysis.streams import matchup_seeds
    from analyzer.api.simulation import matchups
    from analyzer.cards.catalog import load_catalog

    check_run_args(
        games=games,
        seed=seed,
        threads=threads,
        life=life,
        forks=forks,
        player=player,
        opp_player=opp_player,
        opening_hands=opening_hands,
    )
    chunk_games = chunks.CHUNK_GAMES if chunk_games is None else chunk_games
    if chunk_games < 1:
        raise InputError(Problem(f"{arg('chunk_games')} must be at least 1, not {chunk_games}"))
    if not 0.0 < min_effect < 100.0:
        raise InputError(
            Problem(f"{arg('min_effect')} must be between 0 and 100 points, not {min_effect}")
        )
    if fork_seats not in ("deck", "all"):
        raise InputError(
            Problem(f"{arg('fork_seats')} must be 'deck' or 'all', not {fork_seats!r}")
        )
    check_format(fmt)
    check_plots(plots)
    files = read_policy_files(policy_files)
    pols = cmp.split_policies(policies if policies else ([] if files else list(DEFAULT_POLICIES)))
    pols += [label for label in files if label not in pols]
    if baseline is not None:
        baseline = cmp.split_policies([baseline])[0] if baseline.strip() else baseline
        if baseline not in pols:
            pols.insert(0, baseline)
    baseline = baseline or pols[0]
    base = base_policy.strip() if base_policy else baseline
    catalog = load_catalog(card_files)
    opp_policy = opp_policy.strip() if opp_policy is not None else base
    changed = (
        "every seat"
        if opp_policy == SAME
        else "the deck's seat only (opponents play " + opp_policy + ")"
    )
    # every policy problem at once, each under its argument's name, before anything runs
    specs = check_policies(
        [
            *((arg("policies"), p) for p in pols),
            (arg("baseline"), baseline),
            (arg("base_policy"), base),
            (arg("opp_policy"), opp_policy),
        ],
        catalog,
        files,
    )
    seat_paths = matchups(deck, vs)
    loaded = load_all(seat_paths, catalog, allow_approximate)
    mine = {k: v for k, v in specs.items() if k in (*pols, baseline, base)}  # seat 0's
    evaluated = {decks[0].name: decks[0] for decks in loaded.decks}
    early = [w for d in evaluated.values() for w in override_warnings(mine, d, catalog)]
    reuse = forks > 0 and base in pols
    n_runs = len(pols) - (1 if reuse else 0) + (1 if forks > 0 else 0)
    from analyzer.io.coverage import gift_cards

    deck_gift_cards = [gift_cards(decks[0], catalog) if forks > 0 else [] for decks in loaded.decks]
    from analyzer.analysis.recipients import RULES

    arm_runs = sum(
        len(c) * ((1 if base == "never" else 2) + (len(RULES) - 1 if len(decks) > 2 else 0))
        for c, decks in zip(deck_gift_cards, loaded.decks, strict=True)
    )
    # in a pod, whom each gift card's decision forks promise to (the base policy's rule)
    fork_recipients = {
        card: specs[str(base)].recipient_rule(card)
        for cards, decks in zip(deck_gift_cards, loaded.decks, strict=True)
        if len(decks) > 2
        for card in cards
    }
    settings = {
        "kind": "evaluate",
        "player": player,
        "opp_player": opp_player or player,
        "opening_hands": opening_hands,
        "base_policy": base,
        "baseline": baseline,
        "fork_recipients": fork_recipients,
        "forks": forks,
        "fork_seats": fork_seats,
        "format": fmt,
        "min_effect_pts": min_effect,
        "opp_policy": "the same as seat 0" if opp_policy == SAME else opp_policy,
        "policy_seats": changed,
        "matchups": [[d.name for d in decks] for decks in loaded.decks],
        # each matchup its own stream, shared by its policies and arms (analysis/streams.py)
        "stream_seeds": matchup_seeds(seed, loaded.decks),
    }
    t0 = time.perf_counter()
    from analyzer.analysis.replay_session import replay_settings

    replay = replay_settings(
        seat_paths, [starting_life(d, life) for d in loaded.decks], base, card_files, opp_policy
    )
    with (
        recorder(
            out,
            save,
            "evaluate",
            seed=seed,
            games=games,
            threads=threads,
            decks=loaded.entries,
            policies=pols,
            replay=replay,
            **settings,
        ) as rec,
        _decision_stream(rec, fmt, forks) as stream,
    ):
        if on_start is not None:
            on_start(games * (len(loaded.decks) * n_runs + arm_runs))
        totals = chunks.MatchupTotals(keep=stream is None, warnings=list(early), used=threads)
        done = 0  # matchups finished: on Ctrl-C their tables are written, marked partial
        try:
            for k, decks in enumerate(loaded.decks):
                life_k = starting_life(decks, life)
                levels = seat_levels(len(decks), player, opp_player, opening_hands)
                play = chunks.MatchupPlay(
                    decks,
                    catalog,
                    k,
                    settings["stream_seeds"][k],
                    life_k,
                    levels,
                    threads,
                    progress,
                    fork_policy=with_opponents(base, opp_policy, files),
                    seats=(0,) if fork_seats == "deck" else tuple(range(len(decks))),
                    forks=forks,
                    arm_policy=lambda p: with_opponents(p, opp_policy, files),
                )
                totals.add(
                    play.run(
                        games,
                        chunk_games,
                        pols,
                        baseline,
                        base,
                        reuse,
                        deck_gift_cards[k],
                        stream,
                        examples=rec is not None,
                    )
                )
                if stream is not None:
                    stream.mark()
                done = k + 1
        except KeyboardInterrupt as stop:
            if rec is not None and done > 0:
                settings.update(
                    {
                        "partial": True,
                        "matchups_finished": done,
                        "matchups_planned": len(loaded.decks),
                    }
                )
                result = _evaluation(totals, baseline, settings, t0, min_effect, games)
                rec.update(
                    threads=totals.used,
                    **{k: v for k, v in settings.items() if k not in ("kind", "matchups")},
                    warnings=totals.warnings,
                    simulate_s=round(result.seconds, 3),
                )
                _write_evaluation(
                    rec, result, fmt, False, stream, totals.example_rows, status="interrupted"
                )
                stop.partial = (rec.dir, done, len(loaded.decks))  # type: ignore[attr-defined]
            raise
        result = _evaluation(totals, baseline, settings, t0, min_effect, games)
        if rec is not None:
            rec.update(
                threads=totals.used,
                **{k: v for k, v in settings.items() if k not in ("kind", "matchups")},
                warnings=totals.warnings,
                simulate_s=round(result.seconds, 3),
            )
            _write_evaluation(rec, result, fmt, plots, stream, totals.example_rows)
            result.out_dir = rec.dir
            result.decision_rows = None  # on disk: read on first use
    result.seconds = time.perf_counter() - t0
    return result


def _evaluation(
    totals: Any, baseline: str, settings: dict[str, Any], t0: float, min_effect: float, games: int
) -> EvaluationRun:
    """The tables of the matchups finished so far, from their running sums."""
    from analyzer.analysis import compare as cmp
    from analyzer.analysis import decision_tables as dt
    from analyzer.report.units import to_points

    policy_df = cmp.policy_comparison_counts(totals.arms, baseline)
    agg = dt.aggregate_stats(totals.stats, games=games, min_effect=min_effect / 100.0)
    agg.decisions = dt.with_card_arms(agg.decisions, dt.card_arm_table(totals.card_arms))
    settings.update(
        {
            "threads_used": totals.used,
            "decisions_evaluated": totals.stats.decisions,
            "var_reduction": agg.var_reduction,
            "fork_seconds": round(totals.fork_s, 3),
        }
    )
    kept = (
        (pd.concat(totals.kept, ignore_index=True) if totals.kept else _empty_decisions())
        if totals.keep
        else None
    )
    from analyzer.analysis.recipients import recipient_tables

    by_rule, answers = recipient_tables(totals.recipient_arms, min_effect)
    answers["decisions_to"] = answers["card"].map(settings.get("fork_recipients") or {})
    return EvaluationRun(
        to_points(policy_df),
        to_points(agg.decisions),
        to_points(agg.situations),
        to_points(agg.paired),
        agg.var_reduction,
        settings,
        totals.warnings,
        None,
        time.perf_counter() - t0,
        totals.fork_s,
        decision_rows=kept,
        gift_recipients=by_rule,
        recipient_answers=answers,
    )


@dataclass
class PlayersRun:
    """What `evaluate_players` returns: one evaluation per player level, and the verdicts side
    by side (verdicts_by_player.csv)."""

    runs: dict[str, EvaluationRun]
    # deck, card, per level verdict_<level> and its interval (PLAYER_VERDICT_COLUMNS), differs
    verdicts: pd.DataFrame
    out_dir: Path | None = None


NO_DECISIONS = "no decisions"
# per level, gift_decisions' columns of the same names (analysis/decision_tables.py): the
# verdict, the delta, and the interval the verdict is read from with its confidence
PLAYER_VERDICT_COLUMNS = (
    "verdict",
    "delta_pts",
    "verdict_ci_low_pts",
    "verdict_ci_high_pts",
    "verdict_level",
)


def player_verdicts(runs: dict[str, EvaluationRun]) -> pd.DataFrame:
    """One row per (deck, card): each level's verdict (pooled over opponents where there are
    several) with the interval it is read from (`<column>_<level>`), and `differs`, true where
    the verdicts are not all the same."""
    from analyzer.report.tables import headline_rows

    table: pd.DataFrame | None = None
    for level, run in runs.items():
        view = headline_rows(run.gift_decisions)
        part = pd.DataFrame({"deck": view["deck"].astype(str), "card": view["card"].astype(str)})
        for col in PLAYER_VERDICT_COLUMNS:
            if col == "verdict":
                part[f"verdict_{level}"] = view["verdict"].astype(str)
            else:  # older or hand-built tables may lack the interval
                part[f"{col}_{level}"] = (
                    pd.to_numeric(view[col], errors="coerce") if col in view else float("nan")
                )
        part = part.drop_duplicates(["deck", "card"])
        table = part if table is None else table.merge(part, on=["deck", "card"], how="outer")
    if table is None:
        return pd.DataFrame(columns=["deck", "card", "differs"])
    cols = [f"verdict_{level}" for level in runs]
    table[cols] = table[cols].fillna(NO_DECISIONS)
    table["differs"] = table[cols].nunique(axis=1) > 1
    return table.sort_values(["deck", "card"], kind="stable").reset_index(drop=True)


def evaluate_players(
    deck: str | Path | None = None,
    vs: Sequence[str | Path] = (),
    *,
    players: Sequence[str] = ("basic", "standard"),
    out: str | Path | None = None,
    save: bool = False,
    **kwargs: Any,
) -> PlayersRun:
    """`evaluate` once per built-in player level (every seat plays it) on the same seeds, and
    each card's verdicts side by side. Files: one evaluation folder per level under `out` (or
    results/<run-id>/ with `save=True`) and verdicts_by_player.csv beside them."""
    levels = list(dict.fromkeys(p.strip() for p in players if p.strip()))
    if len(levels) < 2:
        raise InputError(Problem(f"{arg('players')} needs two or more levels, not {players!r}"))
    from analyzer.enums import PLAYER_LEVEL_NAMES

    unknown = [level for level in levels if level not in PLAYER_LEVEL_NAMES]
    if unknown:
        raise InputError(
            Problem(
                f"{arg('players')}: unknown player level(s) "
                f"{', '.join(unknown)}: use {', '.join(PLAYER_LEVEL_NAMES)}"
            )
        )
    kwargs.pop("player", None)
    kwargs.pop("opp_player", None)
    base = Path(out) if out is not None else None
    if base is None and save:
        from analyzer.report.writers import new_run_dir

        base = new_run_dir("results", "evaluate-players")
    runs = {
        level: evaluate(
            deck, vs, player=level, **kwargs, out=None if base is None else base / level
        )
        for level in levels
    }
    result = PlayersRun(runs, player_verdicts(runs), base)
    if base is not None:
        from analyzer.report.writers import atomic_write_text

        atomic_write_text(base / "verdicts_by_player.csv", result.verdicts.to_csv(index=False))
    return result


def _empty_decisions() -> pd.DataFrame:
    from analyzer.policies.features import FEATURE_NAMES

    cols = [
        "matchup",
        "deck",
        "opponent",
        "game",
        "decision",
        "decision_id",
        "card",
        "card_id",
        "gift_kind",
        "base_policy",
        "caster",
        "recipient",
        "base_choice",
        *FEATURE_NAMES,
        "forks",
        "outcome_promise",
        "outcome_no_promise",
        "promise_wins",
        "no_promise_wins",
        "promise_cast_ok",
        "no_promise_cast_ok",
    ]
    return pd.DataFrame(
        {
            c: pd.Series(dtype=float if c.startswith("outcome") else object)
            for c in dict.fromkeys(cols)
        }
    )


def _run_warnings(extra: dict[str, Any], me: str, opp: str) -> list[str]:
    from analyzer.analysis.evaluate_chunks import run_warnings

    return run_warnings(extra, me, opp)


@contextlib.contextmanager
def _decision_stream(rec: Any, fmt: str, forks: int) -> Iterator[Any]:
    """decisions.csv of the run folder, written a chunk at a time (None: no files)."""
    if rec is None:
        yield None
        return
    from analyzer.report.table_stream import TableStream

    with TableStream(rec.path(table_name("decisions", fmt)), fmt) as stream:
        yield stream


def _write_evaluation(
    rec: Any,
    run: EvaluationRun,
    fmt: str,
    plots: bool,
    stream: Any,
    example_rows: pd.DataFrame | None,
    status: str = "complete",
) -> None:
    """Tables first (decisions.csv: the streamed rows, the finished matchups' only when
    interrupted), then plots and the HTML report (each file atomic)."""
    write_table(rec, "policy_comparison", run.policy_comparison, fmt)
    write_table(rec, "gift_decisions", run.gift_decisions, fmt)
    write_table(rec, "gift_situations", run.gift_situations, fmt)
    write_table(rec, "paired_stats", run.paired, fmt)
    if len(run.gift_recipients):  # pods only
        write_table(rec, "gift_recipients", run.gift_recipients, fmt)
        write_table(rec, "recipient_answers", run.recipient_answers, fmt)
    stream.commit(_empty_decisions(), partial=status != "complete")
    rec.record_output(table_name("decisions", fmt))
    if example_rows is not None and len(example_rows):
        from analyzer.analysis import examples

        run.examples = examples.build(rec.dir, example_rows)
        rec.write_json("examples.json", run.examples)
    render(rec, plots, status)

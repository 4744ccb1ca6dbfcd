"""Click commands for the analyses: evaluate, compare, report. Registered in cli.py."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click

from analyzer.api.evaluation import DEFAULT_GAMES
from analyzer.cli.common import (
    DECK_PATH,
    echo_warnings,
    hands_note,
    input_errors_exit_2,
    kernel_notice,
    policy_options,
    progress_bar,
    run_options,
)

_DECK_PATH = DECK_PATH


def _notice(forks: bool) -> None:
    """The kernel's first-compile notice, and the fork runner's (compiled on its own)."""
    from analyzer import api

    kernel_notice()
    if not forks:
        return
    if api.kernel_cached() and not api.is_cached("forks.run_forks"):
        click.echo(
            "compiling the decision fork runner, first run only (about a minute)...", err=True
        )


def _progress(label: str, forks: bool = True):
    """The shared progress bar, with the fork runner's compile notice."""
    return progress_bar(label, lambda: _notice(forks))


@contextmanager
def _interrupt_exit(kind: str) -> Iterator[None]:
    """Ctrl-C: say what was left behind (the finished matchups' tables, or nothing) and exit
    130 (the manifest already says so)."""
    try:
        yield
    except KeyboardInterrupt as stop:
        partial = getattr(stop, "partial", None)
        if partial:
            folder, done, planned = partial
            click.echo(
                f"\n{kind} interrupted: the tables of the {done} finished matchup(s) of "
                f"{planned} are in {folder}/, marked partial in manifest.json",
                err=True,
            )
        else:
            click.echo(
                f"\n{kind} interrupted: no table was written; the run's manifest.json "
                "says 'interrupted'",
                err=True,
            )
        sys.exit(130)


def _report_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The run folder options of evaluate and compare."""
    for opt in reversed(
        [
            click.option(
                "--out",
                type=click.Path(file_okay=False),
                default=None,
                help="Run folder (default: results/<run-id>/).",
            ),
            click.option(
                "--format",
                "fmt",
                type=click.Choice(["csv", "parquet"]),
                default="csv",
                show_default=True,
                help="Table format (parquet needs pyarrow).",
            ),
            click.option(
                "--no-plots",
                is_flag=True,
                help="Skip the PNG plots (report.html keeps the tables).",
            ),
        ]
    ):
        fn = opt(fn)
    return fn


def _finish(out_dir: Any, warnings: list[str], seconds: float) -> None:
    echo_warnings(warnings, out_dir)
    if out_dir is not None:
        click.echo(f"wrote {out_dir}/ (report.html, manifest.json) in {seconds:.1f} s")


@click.command()
@click.argument("deck", required=False, type=_DECK_PATH)
@run_options(games=DEFAULT_GAMES)
@_report_options
@click.option(
    "--policies",
    "policies",
    multiple=True,
    metavar="LIST",
    help="Policies to compare, comma-separated or repeated (default: never, always, "
    "random:p=0.5). Any policy string --policy accepts; only the deck plays "
    "it (see --opp-policy).",
)
@click.option(
    "--policy-file",
    "policy_files",
    multiple=True,
    type=_DECK_PATH,
    metavar="FILE",
    help="A policy file to compare too (labelled 'file PATH'); repeatable. Given "
    "without --policies, the files replace the default policies.",
)
@click.option(
    "--baseline",
    default=None,
    metavar="P",
    help="Policy the others are compared with (default: the first).",
)
@click.option(
    "--base-policy",
    default=None,
    metavar="P",
    help="Policy that plays the games whose gift decisions are forked (default: the baseline).",
)
@click.option(
    "--opp-policy",
    default=None,
    metavar="P",
    help="Policy of the opponents in every game (default: the base policy, so only "
    "the deck's policy changes; 'same': every seat plays the policy compared).",
)
@click.option(
    "--forks",
    type=click.IntRange(min=0),
    default=1,
    show_default=True,
    help="Futures per branch at each decision (0: skip the counterfactuals). "
    "Futures after the first reshuffle the unseen cards.",
)
@click.option(
    "--fork-seats",
    type=click.Choice(["deck", "all"]),
    default="deck",
    show_default=True,
    help="Whose gift decisions are forked: the deck's (seat 0) or every player's.",
)
@click.option(
    "--min-effect",
    type=click.FloatRange(min=0, min_open=True, max=100, max_open=True),
    default=1.0,
    show_default=True,
    metavar="PTS",
    help="Smallest win-rate change worth acting on, in percentage points: per decision "
    "in the decision table, per game in a pod's to-whom answers; one shown smaller reads "
    "'makes no difference'.",
)
@click.option(
    "--players",
    "players",
    default=None,
    metavar="LIST",
    help="Run the whole evaluation once per built-in player level (every seat), "
    "e.g. basic,standard, and mark each card whose verdict differs.",
)
@input_errors_exit_2
def evaluate(
    deck,
    vs,
    games,
    seed,
    threads,
    out,
    fmt,
    no_plots,
    life,
    allow_approximate,
    card_files,
    player,
    opp_player,
    opening_hands,
    policies,
    policy_files,
    baseline,
    base_policy,
    opp_policy,
    forks,
    fork_seats,
    min_effect,
    players,
) -> None:
    """Whether promising each gift card raises or lowers the win rate, and by how much.

    Plays DECK (default: the bundled default deck) against each opponent (default: the bundled
    gauntlet) under each policy on the same seeded games, then forks every gift decision of
    the deck: one future promises, one does not. Per card: the paired effect with its 95%
    interval and a verdict whose claims share one 5% false-claim budget per table. Writes
    policy_comparison.csv, gift_decisions.csv, gift_situations.csv, paired_stats.csv,
    decisions.csv (in a pod also gift_recipients.csv, recipient_answers.csv), plots and
    report.html to the run folder.
    """
    from analyzer import api

    kwargs = dict(
        games=games,
        seed=seed,
        policies=policies or None,
        baseline=baseline,
        base_policy=base_policy,
        opp_policy=opp_policy,
        policy_files=policy_files,
        forks=forks,
        threads=threads,
        save=True,
        fmt=fmt,
        plots=not no_plots,
        life=life,
        fork_seats=fork_seats,
        allow_approximate=allow_approximate,
        card_files=card_files,
        min_effect=min_effect,
        opening_hands=opening_hands,
    )
    if players is not None:
        if player != "standard" or opp_player is not None:
            from analyzer.errors import InputError, Problem

            raise InputError(
                Problem(
                    "--players plays every seat at each level in turn: "
                    "leave out --player and --opp-player"
                )
            )
        _evaluate_players(deck, vs, players, out, forks, kwargs)
        return
    with _interrupt_exit("evaluate"), _progress("games", forks > 0) as (start, progress):
        run = api.evaluate(
            deck,
            vs,
            out=out,
            player=player,
            opp_player=opp_player,
            progress=progress,
            on_start=start,
            **kwargs,
        )
    _print_evaluation(run)
    _finish(run.out_dir, run.warnings, run.seconds)


def _evaluate_players(
    deck: Any, vs: Any, players: str, out: Any, forks: int, kwargs: dict[str, Any]
) -> None:
    """`evaluate --players a,b`: each level's evaluation, then the cards whose verdict differs."""
    from analyzer import api

    levels = [p.strip() for p in players.split(",") if p.strip()]
    with _interrupt_exit("evaluate"), _progress("games", forks > 0) as (start, progress):
        total = {"n": 0}

        def on_start(n: int) -> None:  # one bar over every level's games
            if not total["n"]:
                start(n * len(levels))
            total["n"] += n

        run = api.evaluate_players(
            deck, vs, players=levels, out=out, progress=progress, on_start=on_start, **kwargs
        )
    if forks > 0:
        click.echo(players_verdict_text(run.verdicts, levels))
    else:  # not "no gift decisions were reached": none were forked
        click.echo(
            "--forks 0: no decision verdicts to set side by side; each level's policy "
            "comparison follows"
        )
    for level, sub in run.runs.items():
        click.echo(f"\n=== {level} player (every seat) ===")
        _print_evaluation(sub)
        echo_warnings(sub.warnings, sub.out_dir)
    if run.out_dir is not None:
        click.echo(
            f"wrote {run.out_dir}/ ({', '.join(levels)} run folders, verdicts_by_player.csv)"
        )


def players_verdict_text(table: Any, levels: list[str]) -> str:
    """The verdict in words (do the levels agree?), then the table with differing cards
    marked '<>'."""
    from analyzer import api

    if table.empty:
        return "no gift decisions were reached under any player level"
    differ = table[table["differs"]]
    names = " and ".join(levels)
    if differ.empty:
        head = f"the verdict of every card is the same under the {names} players"
    else:
        cards = ", ".join(dict.fromkeys(differ["card"]))
        head = (
            f"{len(differ)} of {len(table)} card verdicts differ between the {names} "
            f"players: {cards}"
        )
        # a level that claims what another leaves open is not one that claims the opposite
        cols = [f"verdict_{lv}" for lv in levels]
        opposite = differ[
            differ[cols].eq("promise").any(axis=1) & differ[cols].eq("don't promise").any(axis=1)
        ]
        if len(opposite):
            head += (
                f"; promise under one level and don't promise under another: "
                f"{', '.join(dict.fromkeys(opposite['card']))}"
            )
        else:
            head += "; none is promise under one level and don't promise under another"
    # each verdict beside the delta and the interval it is read from, as the CSV has them
    heads = ["deck", "card"]
    for lv in levels:
        heads += [lv, f"{lv} pts [interval]"]
    heads.append("differs")
    rows = []
    for _, r in table.iterrows():
        row = [str(r["deck"]), str(r["card"])]
        for lv in levels:
            row += [str(r[f"verdict_{lv}"]), _verdict_interval(r, lv)]
        rows.append([*row, "<>" if r["differs"] else ""])
    return head + "\n" + api.text_table(heads, rows)


def _verdict_interval(r: Any, level: str) -> str:
    """'+14.1 [+3.52, +27.91] at 99.4%', or '' where the level reached no decision (the level
    to two significant digits of its complement: 99.2% is not a 99% interval)."""
    delta, low, high, conf = (
        r.get(f"{c}_{level}", float("nan"))
        for c in ("delta_pts", "verdict_ci_low_pts", "verdict_ci_high_pts", "verdict_level")
    )
    if delta != delta:
        return ""
    if low != low:
        return f"{delta:+.1f}"
    from analyzer import api

    at = f" at {api.level_text(conf)}" if conf == conf else ""
    # two decimals, as under the decision table: the ends are read against 0 and +-min_effect
    return f"{delta:+.1f} [{low:+.2f}, {high:+.2f}]{at}"


def _print_evaluation(run: Any) -> None:
    from analyzer import api

    s = run.settings
    if s["forks"] > 0:
        click.echo(api.answer_line(run.gift_decisions, run.recipient_answers))
    else:  # no decision verdicts: the policies' comparison leads, in words
        click.echo(api.policy_answer(run.policy_comparison))
    click.echo(
        f"\npolicy comparison: policy changed for {s['policy_seats']}; seat-balanced, "
        f"same seeds{hands_note(s.get('opening_hands', 'paper'))}; deltas in percentage points "
        f"vs {s['baseline']}"
    )
    click.echo(api.policy_summary(run.policy_comparison))
    if s["forks"] > 0:
        n = s["decisions_evaluated"]
        click.echo(
            f"\ngift decisions: promise minus no promise, caster's win rate (base "
            f"policy {s['base_policy']}, {s['forks']} fork(s) per branch, "
            f"{n:,} decisions)"
        )
        click.echo(api.decision_summary(run.gift_decisions))
        if len(run.gift_decisions):
            click.echo(api.families_line(pod=len(run.recipient_answers) > 0))
        vr = run.var_reduction
        if n and vr == vr:
            click.echo(
                f"pairing: variance reduction {vr:.1f}x over unpaired branches; "
                f"{n / max(run.fork_seconds, 1e-9):,.0f} decisions/s"
            )
        if len(run.recipient_answers):
            click.echo(
                "\nto whom (pod): each recipient rule promised whenever possible vs "
                "never, same games ('*': the best rule)\nthe answers read "
                f"{api.recipient_family_level(run.recipient_answers)} (their own 5% family); "
                "the table's are 95%"
            )
            click.echo("\n".join(api.recipient_answer_lines(run.recipient_answers)))
            click.echo(api.recipient_rules_table(run.gift_recipients))
        if run.examples:
            click.echo("\nexample games (report.html shows both branches side by side):")
            click.echo("\n".join(api.example_lines(run.examples)))


@click.command()
@click.argument("deck_a", type=_DECK_PATH)
@click.argument("deck_b", type=_DECK_PATH)
@run_options(games=DEFAULT_GAMES)
@_report_options
@policy_options(default="never", help_extra=" Both decks play it.")
@click.option(
    "--opp-policy",
    default=None,
    metavar="P",
    help="Policy of the opponents (default: the same as --policy).",
)
@input_errors_exit_2
def compare(
    deck_a,
    deck_b,
    vs,
    games,
    seed,
    threads,
    out,
    fmt,
    no_plots,
    life,
    allow_approximate,
    card_files,
    player,
    opp_player,
    opening_hands,
    policy,
    policy_file,
    opp_policy,
) -> None:
    """Two deck versions (say, with and without a gift card) on the same seeds: the paired
    difference of their win rates against each opponent, with a 95% interval."""
    from analyzer import api

    with _interrupt_exit("compare"), _progress("games", False) as (start, progress):
        run = api.compare(
            deck_a,
            deck_b,
            vs,
            games=games,
            seed=seed,
            policy=policy,
            policy_file=policy_file,
            opp_policy=opp_policy,
            threads=threads,
            out=out,
            save=True,
            fmt=fmt,
            plots=not no_plots,
            life=life,
            allow_approximate=allow_approximate,
            card_files=card_files,
            player=player,
            opp_player=opp_player,
            opening_hands=opening_hands,
            progress=progress,
            on_start=start,
        )
    t = run.table
    click.echo(api.compare_answer(t))
    if len(t):
        click.echo(
            f"A = {t['deck_a'].iloc[0]}, B = {t['deck_b'].iloc[0]} (policy {policy}, same seeds"
            f"{hands_note(opening_hands)})"
        )
    click.echo(api.compare_summary(t))
    _finish(run.out_dir, run.warnings, run.seconds)


@click.command()
@click.argument("run_dir", type=click.Path(file_okay=False, exists=True))
@click.option("--no-plots", is_flag=True, help="Only report.html, no PNG plots.")
@input_errors_exit_2
def report(run_dir, no_plots) -> None:
    """Re-render the plots and report.html of a run folder from its CSV (or Parquet) tables."""
    from analyzer import api

    path = api.report(run_dir, plots=not no_plots)
    click.echo(f"wrote {path}")

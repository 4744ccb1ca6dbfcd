"""Click commands that run games (simulate, bench). Registered on the main group in cli.py."""

from __future__ import annotations

import click

from analyzer.cli.common import (
    DECK_PATH,
    capacity_warnings,
    echo_warnings,
    input_errors_exit_2,
    kernel_notice,
    players_text,
    policy_options,
    progress_bar,
    run_options,
)


@click.command()
@click.argument("deck", required=False, type=DECK_PATH)
@run_options(games=2000)
@policy_options(default="never")
@click.option("--per-game", is_flag=True, help="Also write games.csv (one row per game).")
@click.option(
    "--log-games",
    type=click.IntRange(min=0),
    default=0,
    metavar="N",
    help="Also write the event logs of each matchup's first N games "
    "(logs/<matchup>/<game>.jsonl and .txt; needs --out).",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False),
    default=None,
    help="Write summary.csv (and games.csv) and manifest.json to this folder.",
)
@input_errors_exit_2
def simulate(
    deck,
    vs,
    games,
    seed,
    threads,
    policy,
    policy_file,
    life,
    per_game,
    log_games,
    out,
    allow_approximate,
    card_files,
    player,
    opp_player,
    opening_hands,
) -> None:
    """Play complete games between decks and report win rates with 95% intervals.

    DECK defaults to the bundled default deck; without --vs it plays the bundled gauntlet.
    """
    from analyzer import api

    with progress_bar() as (start, progress):
        run = api.simulate(
            deck,
            vs,
            games=games,
            seed=seed,
            threads=threads,
            policy=policy,
            policy_file=policy_file,
            life=life,
            allow_approximate=allow_approximate,
            per_game=per_game,
            out=out,
            card_files=card_files,
            player=player,
            opp_player=opp_player,
            opening_hands=opening_hands,
            progress=progress,
            on_start=start,
            log_games=log_games,
            on_logs_start=lambda n: start(n, "logs"),
            logs_progress=progress,
        )
    click.echo(api.simulate_answer(run.summary))
    click.echo(api.simulate_summary(run.summary))
    click.echo(api.end_reasons_line(run.summary))
    click.echo("coverage: " + "; ".join(run.coverage))
    total = int(run.summary["games"].sum())
    click.echo(
        f"{total} games in {run.seconds:.1f} s ({total / max(run.seconds, 1e-9):,.0f} "
        f"games/s), policy {policy_file or policy}, seed {seed}, "
        f"{players_text(player, opp_player, opening_hands)}"
    )
    echo_warnings(capacity_warnings(run.results), run.out_dir)
    if run.out_dir is not None:
        click.echo(f"wrote {run.out_dir}")


@click.command()
@click.option(
    "--quick",
    is_flag=True,
    help="Fewer games, and no cold-compile measurement (which takes a minute).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@input_errors_exit_2
def bench(quick: bool, as_json: bool) -> None:
    """The standard benchmark: games/s at 1 and 2 threads, compile and start times, memory."""
    from analyzer import api

    kernel_notice()
    res = api.run_bench(
        quick=quick, log=(lambda _m: None) if as_json else (lambda m: click.echo(m, err=True))
    )
    click.echo(api.bench_json(res) if as_json else api.format_bench(res))

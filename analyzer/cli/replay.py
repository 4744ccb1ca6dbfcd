"""Click command `replay`: see any game of a run, or one branch of a forked decision."""

from __future__ import annotations

import click

from analyzer.cli.common import input_errors_exit_2


@click.command()
@click.argument("run_dir", type=click.Path(file_okay=False))
@click.option(
    "--game",
    type=click.IntRange(min=0),
    default=None,
    help="Game index (the game column of games.csv).",
)
@click.option(
    "--matchup",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Matchup index (the matchup column).",
)
@click.option(
    "--decision",
    default=None,
    metavar="ID",
    help="A forked gift decision: its decision_id in decisions.csv (e.g. m0g12d3).",
)
@click.option(
    "--branch",
    type=click.Choice(["promise", "no-promise"]),
    default=None,
    help="Which branch of --decision to play (required with it).",
)
@click.option(
    "--replicate",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Which fork replicate of --decision (0: the run's own library order).",
)
@click.option(
    "--format",
    "out_format",
    type=click.Choice(["text", "jsonl"]),
    default="text",
    show_default=True,
    help="Play-by-play text, or one JSON object per event.",
)
@click.option(
    "--seat",
    default="all",
    show_default=True,
    metavar="S",
    help="Text view: show only seat S's hidden cards (draws, kept hand, hand in a position); "
    "all: everything.",
)
@click.option(
    "--position-at",
    type=click.IntRange(min=1),
    default=None,
    metavar="T",
    help="Also show the position at the start of global turn T (the T numbers of the "
    "play-by-play), before its untap step.",
)
@input_errors_exit_2
def replay(
    run_dir, game, matchup, decision, branch, replicate, out_format, seat, position_at
) -> None:
    """Replay a game of RUN_DIR (a simulate or evaluate output folder) by re-simulating it
    from the run's manifest, and print its play-by-play.

    With --decision, the position at the fork point (the record both branches share) is
    shown under the `>>> fork point` line: each seat's life, library, graveyard and exile
    sizes, lands (untapped count), hand, and permanents with power/toughness, counters,
    damage, tapped and summoning-sick state; the stack if it holds anything. --seat S
    counts the other seats' hands without naming them. In --format jsonl each position is
    one {"kind": "position", ...} object (the `scenario` state format)."""
    from analyzer.api.replays import ReplaySession, parse_decision_id
    from analyzer.errors import InputError, Problem

    if decision is None and game is None:
        raise InputError(Problem("give --game N (or --decision ID --branch B)"))
    if decision is None and branch is not None:
        raise InputError(Problem("--branch needs --decision"))
    if decision is not None and branch is None:
        raise InputError(Problem("--decision needs --branch promise or no-promise"))
    view = None
    if seat != "all":
        if not seat.isdigit():
            raise InputError(Problem(f"--seat must be a seat number or all, not {seat!r}"))
        view = int(seat)
    session = ReplaySession(run_dir)
    from analyzer import api

    if not api.is_cached("replay.replay_game"):
        click.echo("compiling the game replayer, first run only (about a minute)...", err=True)
    if decision is not None:
        matchup, game, index = parse_decision_id(decision)
        r = session.replay(game, matchup, index, branch, replicate, position_at=position_at)
    else:
        r = session.replay(game, matchup, position_at=position_at)
    if view is not None and view >= len(r.info.deck_names):
        raise InputError(Problem(f"--seat must be below {len(r.info.deck_names)}, not {view}"))
    if out_format == "jsonl":
        click.echo(r.jsonl(), nl=False)
        return
    click.echo(session.header(r))
    click.echo(r.text(seat=view))

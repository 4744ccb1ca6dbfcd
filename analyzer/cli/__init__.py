"""Command line: a thin click shell over analyzer.api. Input errors exit 2 without a traceback."""

from __future__ import annotations

import click

from analyzer import __version__, api
from analyzer.cli import evaluate as cli_eval
from analyzer.cli.calibrate import calibrate
from analyzer.cli.cardstats import cardstats
from analyzer.cli.common import input_errors_exit_2 as _input_errors_exit_2
from analyzer.cli.common import kernel_notice
from analyzer.cli.policy import tune
from analyzer.cli.replay import replay
from analyzer.cli.simulate import bench, simulate
from analyzer.cli.sweep import sweep
from analyzer.errors import InputError, Problem


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="gift-analyzer")
def main() -> None:
    """Monte Carlo analyzer for the Gift keyword (CR 702.174): is promising the gift worth it?"""


@main.command()
@click.argument("decks", nargs=-1, required=True, metavar="DECK...")
@click.option(
    "--deck-format",
    "fmt",
    type=click.Choice(api.DECK_FORMATS),
    default=None,
    help="Deck rules to check against: limited (40 cards), constructed (60, at most 4 "
    "copies), commander (100 with the commander, singleton). Default: commander "
    "when the list has a commander, constructed from 60 cards, else limited.",
)
@click.option(
    "--min-size",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Minimum deck size instead of the format's (main deck plus commander).",
)
@click.option(
    "--allow-approximate",
    is_flag=True,
    help="Accept approximate cards (stats and keywords modeled, named abilities "
    "ignored) as simulatable.",
)
@click.option(
    "--card-data",
    "card_files",
    multiple=True,
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Extra card data file: TOML (analyzer/cards/FORMAT.md), "
    "Scryfall JSON or an MTGJSON set file; repeatable.",
)
@_input_errors_exit_2
def check(
    decks: tuple[str, ...],
    fmt: str | None,
    min_size: int | None,
    allow_approximate: bool,
    card_files: tuple[str, ...],
) -> None:
    """Check deck files and show which cards the engine models.

    Reads MTG Arena / Moxfield exports, plain lists, MTGO .dek and Forge .dck files (`-` reads
    standard input). Every problem of every deck is listed. Exits 0 when every deck can be
    simulated, 2 otherwise.
    """
    reports = api.check_decks(
        decks,
        fmt=fmt,
        min_size=min_size,
        allow_approximate=allow_approximate,
        card_files=card_files,
    )
    errors: list[Problem] = []
    for i, report in enumerate(reports):
        click.echo(("\n" if i else "") + report.render())
        if report.readable:
            for warning in report.problems:
                click.echo(str(warning), err=True)
            if not report.ok:
                errors.append(Problem(f"cannot be simulated: {report.blocking}", report.source))
        else:
            errors.extend(report.problems)
    if len(reports) > 1:
        n_ok = sum(r.ok for r in reports)
        click.echo(f"\n{n_ok} of {len(reports)} decks can be simulated")
    if errors:
        raise InputError(errors)


@main.command()
@click.option("--gift-only", is_flag=True, help="Only cards with the Gift keyword.")
@click.option(
    "--set",
    "set_code",
    metavar="SET",
    default=None,
    help="Only cards from this set code (BLB, BLC, HOB, ...).",
)
@click.option(
    "--support",
    type=click.Choice(["exact", "approximate", "unsupported"], case_sensitive=False),
    default=None,
    help="Only cards the engine models at this level.",
)
@click.option(
    "--format",
    "out_format",
    type=click.Choice(["table", "csv", "json"]),
    default="table",
    show_default=True,
    help="Output format.",
)
@click.option("--tokens", is_flag=True, help="Also list token definitions (Food, Fish, ...).")
@click.option(
    "--card-data",
    "card_files",
    multiple=True,
    metavar="FILE",
    type=click.Path(dir_okay=False),
    help="Extra card data file: TOML (analyzer/cards/FORMAT.md) or Scryfall JSON; "
    "repeatable. Every problem in it is reported.",
)
@_input_errors_exit_2
def cards(
    gift_only: bool,
    set_code: str | None,
    support: str | None,
    out_format: str,
    tokens: bool,
    card_files: tuple[str, ...],
) -> None:
    """List the cards the analyzer knows, with their support level.

    exact: every ability modeled; approximate: stats and keywords only; unsupported: refused
    in decks.
    """
    df = api.list_cards(
        gift_only=gift_only,
        set_code=set_code,
        support=support,
        include_tokens=tokens,
        card_files=card_files,
    )
    if out_format == "csv":
        click.echo(df.to_csv(index=False), nl=False)
    elif out_format == "json":
        import json

        click.echo(json.dumps(api.cards_records(df), ensure_ascii=False, indent=2))
    else:
        click.echo(api.format_cards_table(df))


main.add_command(simulate)
main.add_command(bench)
main.add_command(cardstats)
main.add_command(tune)
main.add_command(calibrate)
main.add_command(cli_eval.evaluate)
main.add_command(cli_eval.compare)
main.add_command(cli_eval.report)
main.add_command(replay)
main.add_command(sweep)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--log",
    is_flag=True,
    help='Add the events of the run ("events", one object '
    'per event, and "play_by_play", the text view) to the output.',
)
@click.option(
    "--rollouts",
    type=int,
    default=None,
    metavar="N",
    help='Position evaluator: play the cast marked promise = "?" N times with '
    "the promise and N times without (hidden cards resampled, paired) and add "
    "a `decision` to the JSON; the verdict in words goes to stderr.",
)
@click.option(
    "--seed",
    type=click.IntRange(min=0, max=2**63 - 1),
    default=None,
    help="Seed of the rollouts (default: the file's [game] seed).",
)
@click.option(
    "--min-effect",
    type=float,
    default=1.0,
    show_default=True,
    help="With --rollouts: the smallest effect worth acting on, in points of win "
    "rate (inside it: 'makes no difference').",
)
@click.option(
    "--threads",
    type=click.IntRange(min=1),
    default=None,
    help="With --rollouts: worker threads (default: all cores). Results do not depend on it.",
)
@_input_errors_exit_2
def scenario(
    file: str,
    log: bool,
    rollouts: int | None,
    seed: int | None,
    min_effect: float,
    threads: int | None,
) -> None:
    """Set up the position in a scenario FILE (TOML), apply its scripted actions, resolve the
    stack and print the resulting state as JSON. An action the rules don't allow exits 2."""
    import json

    if log and rollouts is not None:
        raise click.BadParameter(
            "logs a scripted run; replay a rollout instead", param_hint="--log with --rollouts"
        )
    kernel_notice(api.scenario_kernel_cached(rollouts=rollouts is not None))
    if rollouts is None:
        click.echo(json.dumps(api.run_scenario(file, log=log), ensure_ascii=False, indent=2))
        return

    if not 0 <= min_effect < 100:
        raise click.BadParameter(
            f"{min_effect:g} is not between 0 and 100 points", param_hint="--min-effect"
        )
    state = api.run_scenario(
        file, rollouts=rollouts, seed=seed, min_effect=min_effect / 100, threads=threads
    )
    click.echo(api.verdict_line(state["decision"]), err=True)
    for note in state["decision"]["notes"]:
        click.echo(f"note: {note}", err=True)
    click.echo(json.dumps(state, ensure_ascii=False, indent=2))

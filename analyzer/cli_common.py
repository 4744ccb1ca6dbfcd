"""Helpers shared by the CLI modules: input errors exit 2, the first-compile notice."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click

from analyzer.errors import InputError


def input_errors_exit_2(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Turn InputError into one readable line per problem and exit code 2."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except InputError as err:
            for problem in err.problems:
                click.echo(f"error: {problem}" if problem.severity == "error" else str(problem),
                           err=True)
            sys.exit(2)

    return wrapper


PLAYER_CHOICES = ("standard", "basic")  # enums.PLAYER_LEVEL_NAMES, default first


def player_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """--player (every seat's built-in player) and --opp-player (seats 1 and up)."""
    fn = click.option("--opp-player", type=click.Choice(PLAYER_CHOICES), default=None,
                      metavar="LEVEL",
                      help="Built-in player of the opponents (seats 1 and up): standard or "
                           "basic (default: the same as --player).")(fn)
    return click.option("--player", type=click.Choice(PLAYER_CHOICES), default="standard",
                        show_default=True, metavar="LEVEL",
                        help="Built-in player of every seat: standard (a competent Limited "
                             "player) or basic (the earlier, simpler player).")(fn)


def players_text(player: str, opp_player: str | None) -> str:
    """'standard player' or 'basic player vs standard opponents', for a run's closing line."""
    if opp_player is None or opp_player == player:
        return f"{player} player"
    return f"{player} player vs {opp_player} opponents"


def kernel_notice() -> None:
    """Say so when the simulation kernel is about to be compiled (first run only)."""
    from analyzer.kernel.warmup import kernel_cached

    if not kernel_cached():
        click.echo("compiling the simulation kernel, first run only (about a minute)...",
                   err=True)


@contextmanager
def progress_bar(label: str = "games", notice: Callable[[], None] = kernel_notice
                 ) -> Iterator[tuple[Callable[[int], None], Callable[[int], None]]]:
    """(on_start, progress) callbacks for the API: one progress bar with ETA on stderr, shown
    once the work is known (after the inputs were checked), closed whatever happens."""
    holder: dict[str, Any] = {}

    def start(total: int) -> None:
        notice()
        holder["bar"] = click.progressbar(length=total, label=label, show_eta=True,
                                          show_percent=True, file=sys.stderr)
        holder["bar"].__enter__()

    def progress(n: int) -> None:
        holder["bar"].update(n)

    try:
        yield start, progress
    finally:
        if "bar" in holder:
            holder["bar"].__exit__(None, None, None)

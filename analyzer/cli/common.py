"""Helpers shared by the CLI modules: input errors exit 2, the first-compile notice."""

from __future__ import annotations

import functools
import os
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click

from analyzer.errors import InputError, cli_flags


def input_errors_exit_2(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Turn InputError into one readable line per problem and exit code 2 (messages name
    the command-line flags); an OSError on a named file too (say, a full disk)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            with cli_flags(), _deck_warnings_on_stderr():
                return fn(*args, **kwargs)
        except BrokenPipeError:
            # the reader left (`replay ... | head`): nothing is wrong with the input, say nothing
            _quiet_stdout()
            sys.exit(0)
        except OSError as err:
            where = f"{err.filename}: " if err.filename else ""
            click.echo(f"error: {where}{err.strerror or err}", err=True)
            sys.exit(2)
        except InputError as err:
            for problem in err.problems:
                click.echo(
                    f"error: {problem}" if problem.severity == "error" else str(problem), err=True
                )
            sys.exit(2)

    return wrapper


def _quiet_stdout() -> None:
    """Point stdout at devnull so the interpreter's final flush cannot raise again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file descriptor (a test runner's stream)
        pass


@contextmanager
def _deck_warnings_on_stderr() -> Iterator[None]:
    """Deck import warnings (io.coverage.DeckWarning) as one plain line each on stderr, once per
    message, as `check` prints them; other warnings go where they went."""
    from analyzer.api import DeckWarning

    seen: set[str] = set()
    previous = warnings.showwarning

    def show(message: Any, category: Any, *rest: Any, **kw: Any) -> None:
        if issubclass(category, DeckWarning):
            if str(message) not in seen:
                seen.add(str(message))
                click.echo(str(message), err=True)
            return
        previous(message, category, *rest, **kw)

    with warnings.catch_warnings():
        warnings.simplefilter("always", DeckWarning)
        warnings.showwarning = show
        yield


PLAYER_CHOICES = ("standard", "basic")  # enums.PLAYER_LEVEL_NAMES, default first
DECK_PATH = click.Path(dir_okay=False)
GAUNTLET_HELP = (
    "Opponent deck; repeat for a multiplayer game (default: the bundled gauntlet, "
    "one 1v1 matchup per deck)."
)


def _apply(fn: Callable[..., Any], options: list[Callable[..., Any]]) -> Callable[..., Any]:
    """Apply click option decorators so --help lists them in the order given."""
    for opt in reversed(options):
        fn = opt(fn)
    return fn


OPENING_HANDS_CHOICES = ("paper", "arena-bo1")  # enums.OPENING_HANDS_NAMES
OPENING_HANDS_HELP = (
    "How opening sevens are dealt: paper (the top seven of a shuffled library) or arena-bo1 "
    "(MTG Arena best-of-one: one of three shuffles, leaning toward the deck's land ratio; "
    "two-player non-Commander games only)."
)


def player_options(
    fn: Callable[..., Any] | None = None, *, opening_hands: str = "paper", hands_help: str = ""
) -> Any:
    """--player (every seat's built-in player), --opp-player (seats 1 and up) and
    --opening-hands (default `opening_hands`; `hands_help` adds to its help)."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        return _apply(
            fn,
            [
                click.option(
                    "--player",
                    type=click.Choice(PLAYER_CHOICES),
                    default="standard",
                    show_default=True,
                    metavar="LEVEL",
                    help="Built-in player of every seat: standard (a competent Limited "
                    "player) or basic (the earlier, simpler player).",
                ),
                click.option(
                    "--opp-player",
                    type=click.Choice(PLAYER_CHOICES),
                    default=None,
                    metavar="LEVEL",
                    help="Built-in player of the opponents (seats 1 and up): standard or "
                    "basic (default: the same as --player).",
                ),
                click.option(
                    "--opening-hands",
                    type=click.Choice(OPENING_HANDS_CHOICES),
                    default=opening_hands,
                    show_default=True,
                    metavar="DEAL",
                    help=OPENING_HANDS_HELP + (" " + hands_help if hands_help else ""),
                ),
            ],
        )

    return decorate if fn is None else decorate(fn)


def run_options(
    *,
    games: int,
    opening_hands: str = "paper",
    hands_help: str = "",
    vs_help: str = GAUNTLET_HELP,
    games_help: str = "Games per matchup.",
    seed_help: str = (
        "Run seed: the same seed plays the same games, whatever the thread count; each "
        "matchup plays its own stream of it (stream_seeds in the manifest)."
    ),
) -> Callable[..., Any]:
    """The options of every command that plays games (simulate, evaluate, compare, cardstats,
    tune, calibrate): --vs, --games, --seed, --threads, --life, --allow-approximate,
    --card-data, --player, --opp-player and --opening-hands. Each command passes its own
    default game count (and opening hands) and, where its meaning differs, its own help for
    --vs, --games, --seed or --opening-hands."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        return _apply(
            player_options(fn, opening_hands=opening_hands, hands_help=hands_help),
            [
                click.option(
                    "--vs", "vs", multiple=True, type=DECK_PATH, metavar="OPP", help=vs_help
                ),
                click.option(
                    "--games",
                    type=click.IntRange(min=1),
                    default=games,
                    show_default=True,
                    help=games_help,
                ),
                click.option(
                    "--seed",
                    type=click.IntRange(min=0),
                    default=0,
                    show_default=True,
                    help=seed_help,
                ),
                click.option(
                    "--threads",
                    type=click.IntRange(min=1),
                    default=None,
                    help="Worker threads (default: all cores). Results do not depend on it.",
                ),
                click.option(
                    "--life",
                    type=click.IntRange(min=1),
                    default=None,
                    help="Starting life (default 20; 40 for Commander decks).",
                ),
                click.option(
                    "--allow-approximate",
                    is_flag=True,
                    help="Run approximate cards (stats and keywords only).",
                ),
                click.option(
                    "--card-data",
                    "card_files",
                    multiple=True,
                    type=DECK_PATH,
                    metavar="FILE",
                    help="Extra card data file (TOML, Scryfall JSON or an MTGJSON set "
                    "file); repeatable.",
                ),
            ],
        )

    return decorate


def policy_options(*, default: str, help_extra: str = "") -> Callable[..., Any]:
    """--policy (a policy string; the help lists every policy of the spec table) and
    --policy-file (a policy file instead)."""
    from analyzer import api

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        return _apply(
            fn,
            [
                click.option(
                    "--policy",
                    default=default,
                    show_default=True,
                    help=api.policy_help() + help_extra,
                ),
                click.option(
                    "--policy-file",
                    type=DECK_PATH,
                    default=None,
                    metavar="FILE",
                    help="Gift policy from a TOML file (format: "
                    "analyzer/policies/table.py), instead of --policy.",
                ),
            ],
        )

    return decorate


def hands_note(opening_hands: str) -> str:
    """', arena-bo1 opening hands' for a run's settings line; nothing for paper (the default)."""
    return "" if opening_hands == "paper" else f", {opening_hands} opening hands"


def players_text(player: str, opp_player: str | None, opening_hands: str = "paper") -> str:
    """'standard player' or 'basic player vs standard opponents' (', arena-bo1 opening hands'
    unless paper), for a run's closing line."""
    text = f"{player} player"
    if opp_player is not None and opp_player != player:
        text += f" vs {opp_player} opponents"
    return text + hands_note(opening_hands)


CAPACITY_WARNING = "capacity exceeded in some games"
CAPACITY_LINES_SHOWN = 3  # more runs than this that met a capacity: one line, the rest on disk


def capacity_warnings(results: Any) -> list[str]:
    """One warning per matchup of ``results`` (simulate's MatchupResults) that met a record
    capacity, naming the matchup."""
    return [
        f"{r.decks[0].name} vs {' + '.join(d.name for d in r.decks[1:])}: {CAPACITY_WARNING} "
        f"(counted as draws): {r.extra['capacity_errors']}"
        for r in results
        if "capacity_errors" in r.extra
    ]


def echo_warnings(warnings: list[str], out_dir: Any = None) -> None:
    """Each warning on stderr; with a run folder, more than CAPACITY_LINES_SHOWN capacity
    warnings (a Commander pod's every arm meets a full battlefield now and then) as one line,
    since the manifest lists each."""
    cap = [w for w in warnings if CAPACITY_WARNING in w]
    fold = out_dir is not None and len(cap) > CAPACITY_LINES_SHOWN
    for w in warnings:
        if not (fold and CAPACITY_WARNING in w):
            click.echo(f"warning: {w}", err=True)
    if fold:
        click.echo(
            f"warning: {len(cap)} runs met a record capacity in some games (counted as draws), "
            f"each listed under warnings in {out_dir}/manifest.json; the first: {cap[0]}",
            err=True,
        )


def kernel_notice(cached: bool | None = None) -> None:
    """Say so when the simulation kernel is about to be compiled (first run only). cached: the
    caller's own answer (the scenario runner compiles other entry points), else the batch
    kernel's."""
    from analyzer import api

    if cached is None:
        cached = api.kernel_cached()
    if not cached:
        click.echo(
            "compiling the simulation kernel, first run only (a few minutes on two cores)...",
            err=True,
        )


class LineProgress:
    """Progress for a log file or a pipe: one line on stderr at every 10% and at least every
    30 s (a bar redrawn in place would fill a log with carriage returns)."""

    def __init__(
        self,
        total: int,
        label: str,
        every_s: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total, self.label, self.every_s, self.clock = max(total, 1), label, every_s, clock
        self.done = 0
        self.t0 = self.last_t = clock()
        self.last_decile = 0

    def update(self, n: int) -> None:
        self.done = min(self.done + n, self.total)
        now = self.clock()
        decile = 10 * self.done // self.total
        if decile > self.last_decile or now - self.last_t >= self.every_s:
            self.last_decile, self.last_t = decile, now
            elapsed = now - self.t0
            left = elapsed * (self.total - self.done) / self.done if self.done else 0.0
            click.echo(
                f"{self.label}: {100 * self.done // self.total}% ({self.done:,} of "
                f"{self.total:,}), {elapsed:.0f} s elapsed, about {left:.0f} s left",
                err=True,
            )


@contextmanager
def progress_bar(
    label: str = "games", notice: Callable[[], None] = kernel_notice
) -> Iterator[tuple[Callable[[int], None], Callable[[int], None]]]:
    """(on_start, progress) callbacks for the API, shown once the work is known (after the
    inputs were checked), closed whatever happens: a bar with ETA on a terminal, else a line
    on stderr every 10% or 30 s. `on_start(total, phase)` again starts a second phase's bar
    (e.g. "logs"), the first one closed."""
    holder: dict[str, Any] = {}

    def start(total: int, phase: str | None = None) -> None:
        if "bar" in holder:
            holder.pop("bar").__exit__(None, None, None)
        elif "lines" not in holder:
            notice()
        if not sys.stderr.isatty():
            holder["lines"] = LineProgress(total, phase or label)
            return
        holder["bar"] = click.progressbar(
            length=total, label=phase or label, show_eta=True, show_percent=True, file=sys.stderr
        )
        holder["bar"].__enter__()

    def progress(n: int) -> None:
        (holder.get("lines") or holder["bar"]).update(n)

    try:
        yield start, progress
    finally:
        if "bar" in holder:
            holder["bar"].__exit__(None, None, None)

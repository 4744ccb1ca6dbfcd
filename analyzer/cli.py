"""Command line: a thin click shell over analyzer.api. Input errors exit 2 without a traceback."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any

import click

from analyzer import __version__
from analyzer.errors import InputError


def _input_errors_exit_2(fn: Callable[..., Any]) -> Callable[..., Any]:
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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="gift-analyzer")
def main() -> None:
    """Monte Carlo analyzer for the Gift keyword (CR 702.174): is promising the gift worth it?"""

"""Helpers shared by the CLI modules: input errors exit 2, the first-compile notice."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
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


def kernel_notice() -> None:
    """Say so when the simulation kernel is about to be compiled (first run only)."""
    from analyzer.kernel.warmup import kernel_cached

    if not kernel_cached():
        click.echo("compiling the simulation kernel, first run only (about a minute)...",
                   err=True)

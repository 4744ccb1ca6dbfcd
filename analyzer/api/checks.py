"""Checks the API runs before playing: the run arguments, every policy problem at once, policy
files by label, per-card overrides that cannot matter for the deck.

Input is validated once, here at the API boundary: the CLI's click types only shape the
command line, and the analysis and kernel layers below assume clean input. Messages name the
keyword argument from Python and the flag from the command line (``errors.arg``).

Policy labels: a policy string is its own label; a policy file's label is ``file PATH`` (what
the tables' policy column shows).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from analyzer.enums import OPENING_HANDS_NAMES, PLAYER_LEVEL_NAMES
from analyzer.errors import InputError, Problem, arg
from analyzer.policies.labels import (  # noqa: F401 (re-exported for the API modules)
    SAME,
    file_label,
    read_policy_files,
    resolve,
    with_opponents,
)
from analyzer.policies.table import PolicySpec

# The smallest value of each whole-number run argument, and how a message says it.
_MINIMUM = {"games": 1, "threads": 1, "life": 1, "seed": 0, "forks": 0, "rounds": 0, "log_games": 0}


def check_run_args(**args: Any) -> None:
    """Check the arguments of a run (games, seed, threads, life, forks, rounds, log_games;
    player and opp_player levels, opening_hands), skipping those given as None; every problem
    at once."""
    problems: list[Problem] = []
    for name, value in args.items():
        if value is None:
            continue
        if name in ("player", "opp_player"):
            if value not in PLAYER_LEVEL_NAMES:
                problems.append(
                    Problem(
                        f"{arg(name)}: unknown player level {value!r}: use one "
                        f"of {', '.join(PLAYER_LEVEL_NAMES)}"
                    )
                )
            continue
        if name == "opening_hands":
            if value not in OPENING_HANDS_NAMES:
                problems.append(
                    Problem(
                        f"{arg(name)}: unknown opening hands {value!r}: use one "
                        f"of {', '.join(OPENING_HANDS_NAMES)}"
                    )
                )
            continue
        low = _MINIMUM[name]
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            need = (
                "a non-negative integer" if name == "seed" else "at least 1" if low else "0 or more"
            )
            problems.append(Problem(f"{arg(name)} must be {need}, not {value!r}"))
    if problems:
        raise InputError(problems)


def check_policies(
    named: Sequence[tuple[str, str | PolicySpec | None]],
    catalog: Any,
    files: Mapping[str, PolicySpec] | None = None,
) -> dict[str, PolicySpec]:
    """Parse and validate every (argument name, policy) pair; every problem of every policy
    in one InputError, each naming its argument. Returns {label: spec}."""
    files = files or {}
    problems: list[Problem] = []
    out: dict[str, PolicySpec] = {}
    seen: set[str] = set()
    for where, policy in named:
        if policy is None or policy == SAME or str(policy) in seen:
            continue  # a policy given twice is checked (and reported) once
        seen.add(str(policy))
        try:
            spec = resolve(policy, files, where)
            spec.table(catalog.compiled.names, catalog.lookup)
        except InputError as err:
            problems += [p for p in err.problems if p not in problems]
            continue
        out[str(policy)] = spec
    if problems:
        raise InputError(problems)
    return out


def override_warnings(specs: Mapping[str, PolicySpec], deck: Any, catalog: Any) -> list[str]:
    """One warning per per-card override naming a card the deck (seat 0) does not play."""
    names = {n.lower() for n in deck.counts()}
    out = []
    for label, spec in specs.items():
        for written in spec.cards:
            rec = catalog.lookup(written)
            name = rec.name if rec is not None else written
            if name.lower() not in names:
                out.append(
                    f"policy {label!r}: the override for {name!r} changes nothing: "
                    f"{deck.name} has no {name}"
                )
    return list(dict.fromkeys(out))

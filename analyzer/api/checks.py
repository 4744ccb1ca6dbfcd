"""Checks the API runs before playing: every policy problem at once, policy files by label,
per-card overrides that cannot matter for the deck.

Policy labels: a policy string is its own label; a policy file's label is ``file PATH`` (what
the tables' policy column shows).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from analyzer.errors import InputError, Problem
from analyzer.policies.labels import (  # noqa: F401 (re-exported for the API modules)
    SAME,
    file_label,
    read_policy_files,
    resolve,
    with_opponents,
)
from analyzer.policies.table import PolicySpec


def check_policies(named: Sequence[tuple[str, str | PolicySpec | None]], catalog: Any,
                   files: Mapping[str, PolicySpec] | None = None) -> dict[str, PolicySpec]:
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
                out.append(f"policy {label!r}: the override for {name!r} changes nothing: "
                           f"{deck.name} has no {name}")
    return list(dict.fromkeys(out))

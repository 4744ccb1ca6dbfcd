"""Checks the API runs before playing: every policy problem at once, policy files by label,
per-card overrides that cannot matter for the deck.

Policy labels: a policy string is its own label; a policy file's label is ``file PATH`` (what
the tables' policy column shows).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from analyzer.errors import InputError, Problem
from analyzer.policies.table import PolicySpec, parse_policy, read_policy_file

SAME = "same"  # opp_policy value: every seat plays the policy in question


def file_label(path: str | Path) -> str:
    return f"file {path}"


def read_policy_files(paths: Iterable[str | Path]) -> dict[str, PolicySpec]:
    """{label: spec} of every policy file; all their problems in one InputError."""
    out: dict[str, PolicySpec] = {}
    problems: list[Problem] = []
    for p in paths:
        try:
            out[file_label(p)] = read_policy_file(p)
        except InputError as err:
            problems += err.problems
    if problems:
        raise InputError(problems)
    return out


def resolve(label: str | PolicySpec, files: Mapping[str, PolicySpec], where: str
            ) -> PolicySpec:
    if isinstance(label, PolicySpec):
        return label
    if label in files:
        return files[label]
    return parse_policy(label, where)


def with_opponents(policy: str | PolicySpec, opponents: str | PolicySpec | None,
                   files: Mapping[str, PolicySpec] | None = None) -> Any:
    """`policy` for seat 0 and `opponents` for every other seat (a two-block table); the
    policy itself when opponents is None, "same" or that very policy (every seat plays it).
    Labels of policy files (`file PATH`) stand for the files' policies."""
    files = files or {}
    same = isinstance(opponents, str) and isinstance(policy, str) and \
        opponents.strip() == policy.strip()
    if opponents is None or opponents == SAME or same:
        return files.get(policy, policy) if isinstance(policy, str) else policy
    spec = copy.copy(resolve(policy, files, "policy"))
    opp = resolve(opponents, files, "opp_policy")
    spec.opponents = PolicySpec(opp.default, dict(opp.cards), opp.heuristic, opp.threshold,
                                None, opp.text, opp.source)
    spec.text = f"{policy} (opponents: {opponents})"
    return spec


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

"""Policy labels: a policy string is its own label, a policy file's label is ``file PATH`` (what
the tables' policy column shows); a base policy with other policies for the opponents."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from analyzer.errors import InputError, Problem
from analyzer.policies.policy_file import read_policy_file
from analyzer.policies.table import PolicySpec, parse_policy

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


def resolve(label: str | PolicySpec, files: Mapping[str, PolicySpec], where: str) -> PolicySpec:
    if isinstance(label, PolicySpec):
        return label
    if label in files:
        return files[label]
    return parse_policy(label, where)


def with_opponents(
    policy: str | PolicySpec,
    opponents: str | PolicySpec | None,
    files: Mapping[str, PolicySpec] | None = None,
) -> Any:
    """`policy` for seat 0 and `opponents` for every other seat (a two-block table); the
    policy itself when opponents is None, "same" or that very policy (every seat plays it).
    Labels of policy files (`file PATH`) stand for the files' policies."""
    files = files or {}
    same = (
        isinstance(opponents, str)
        and isinstance(policy, str)
        and opponents.strip() == policy.strip()
    )
    if opponents is None or opponents == SAME or same:
        return files.get(policy, policy) if isinstance(policy, str) else policy
    spec = copy.copy(resolve(policy, files, "policy"))
    opp = resolve(opponents, files, "opp_policy")
    spec.opponents = PolicySpec(
        opp.default, dict(opp.cards), opp.heuristic, opp.threshold, None, opp.text, opp.source
    )
    spec.text = f"{policy} (opponents: {opponents})"
    return spec

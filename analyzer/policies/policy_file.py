"""Policy files (``--policy-file FILE.toml``; the format is in table.py's docstring): reading
one, choosing between a policy string and a file, and writing one (what `tune` saves)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from analyzer.errors import InputError, Problem
from analyzer.policies.layers import (
    bad_input,
    heuristic_keys,
    line_of,
    parse_layers,
    threshold_keys,
)
from analyzer.policies.table import PolicySpec, parse_policy, parse_rule


def read_policy_file(path: str | Path) -> PolicySpec:
    """Read a policy file (format in this module's docstring)."""
    where = str(path)
    try:
        raw = Path(path).read_text(encoding="utf-8")
        data = tomllib.loads(raw)
    except OSError as exc:
        raise bad_input(f"cannot read the policy file: {exc.strerror or exc}", where) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise bad_input(f"not valid TOML: {exc}", where) from None
    unknown = set(data) - {"policy", "opponents", "cards", "heuristic", "threshold"}
    if unknown:
        key = sorted(unknown)[0]
        raise bad_input(
            f"unknown key {key!r}; a policy file has policy, opponents, [cards], "
            "[heuristic], [threshold]",
            where,
            key,
            line_of(raw, key),
        )
    if not isinstance(data.get("policy"), str):
        raise bad_input('needs policy = "NAME[:k=v,...]" (the policy of every other card)', where)
    if ";" in data["policy"]:
        raise bad_input(
            "policy: per-card overrides go in the [cards] table, not after ';'",
            where,
            data["policy"],
            line_of(raw, "policy"),
        )
    spec = parse_policy(data["policy"], where)
    cards = data.get("cards", {})
    if not isinstance(cards, dict):
        raise bad_input('cards must be a table of "Card Name" = "policy"', where)
    problems: list[Problem] = []
    for name, text in cards.items():
        if not isinstance(text, str):
            problems.append(
                Problem(
                    f"cards.{name!r} must be a policy string", where, line_of(raw, name), str(text)
                )
            )
            continue
        try:
            spec.cards[name] = parse_rule(text, where)
        except InputError as err:
            problems += [
                Problem(p.message, p.source, line_of(raw, name), p.text) for p in err.problems
            ]
    if problems:
        raise InputError(problems)
    for key, keys in (("heuristic", heuristic_keys()), ("threshold", threshold_keys())):
        if key in data:
            if not isinstance(data[key], dict):
                raise bad_input(f"{key} must be a table", where, key, line_of(raw, key))
            setattr(spec, key, parse_layers(data[key], keys, where, raw, prefix=f"{key}."))
    opp = data.get("opponents")
    if opp is not None:
        if not isinstance(opp, str) or ";" in opp:
            raise bad_input(
                "opponents must be one policy string (no per-card overrides)",
                where,
                str(opp),
                line_of(raw, "opponents"),
            )
        spec.opponents = PolicySpec(
            parse_rule(opp, where),
            heuristic=spec.heuristic,
            threshold=spec.threshold,
            text=opp,
            source=where,
        )
    spec.text = f"file {where}"
    return spec


def load_policy(
    policy: str | PolicySpec | None = None, policy_file: str | Path | None = None
) -> PolicySpec:
    """The policy named by a string or a file (not both); default ``never``."""
    if isinstance(policy, PolicySpec):
        return policy
    if policy_file is not None:
        if policy not in (None, "", "never"):
            raise bad_input(
                "give either --policy or --policy-file, not both", "--policy-file", str(policy_file)
            )
        return read_policy_file(policy_file)
    return parse_policy(policy if policy is not None else "never")


def dump_policy_toml(
    default: str,
    cards: dict[str, str],
    threshold: dict[str, dict[str, float]],
    opponents: str | None = None,
    header: str = "",
) -> str:
    """A policy file's text (what `tune` saves)."""
    lines = [f"# {h}" for h in header.splitlines()] if header else []
    lines.append(f"policy = {_q(default)}")
    if opponents is not None:
        lines.append(f"opponents = {_q(opponents)}")
    if cards:
        lines += ["", "[cards]"] + [f"{_q(n)} = {_q(p)}" for n, p in cards.items()]
    for name, weights in threshold.items():
        lines += ["", f"[threshold.card.{_q(name)}]"]
        lines += [f"{k} = {v:.6g}" for k, v in weights.items()]
    return "\n".join(lines) + "\n"


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

"""The numbers behind the heuristic and threshold policies: ``[default]``, ``[kind.<gift kind>]``
and ``[card."Name"]`` tables, read from the bundled ``heuristic.toml`` / ``threshold.toml`` and
layered with a policy file's own tables."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from analyzer.enums import GIFT_KIND_NAMES, HeurCol
from analyzer.errors import InputError, Problem

HERE = Path(__file__).resolve().parent


HEURISTIC_FILE = HERE / "heuristic.toml"


THRESHOLD_FILE = HERE / "threshold.toml"


HEUR_PARAMS = {name.lower(): col for name, col in HeurCol._asdict().items()}


def feature_names() -> tuple[str, ...]:
    from analyzer.policies.features import FEATURE_NAMES  # numba-free module body

    return FEATURE_NAMES


def bad_input(message: str, where: str, text: str = "", line: int = 0) -> InputError:
    return InputError(Problem(message, source=where, text=text, line=line))


@dataclass
class Layers:
    """Numbers per default / gift kind / card name (lower case), as in the TOML files."""

    default: dict[str, float] = field(default_factory=dict)
    kind: dict[str, dict[str, float]] = field(default_factory=dict)
    card: dict[str, dict[str, float]] = field(default_factory=dict)
    card_names: dict[str, str] = field(default_factory=dict)  # lower -> as written
    source: str = ""


def line_of(text: str, needle: str) -> int:
    for i, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return i
    return 0


def parse_layers(
    data: dict[str, Any], keys: set[str], where: str, raw: str = "", prefix: str = ""
) -> Layers:
    """Validate a {default, kind, card} mapping whose leaves are numbers named in keys."""
    out = Layers(source=where)
    problems: list[Problem] = []

    def numbers(tab: Any, path: str) -> dict[str, float]:
        if not isinstance(tab, dict):
            problems.append(Problem(f"{path} must be a table", where, line_of(raw, path)))
            return {}
        got: dict[str, float] = {}
        for k, v in tab.items():
            if k not in keys:
                problems.append(
                    Problem(
                        f"{path}: unknown key {k!r}; known: {', '.join(sorted(keys))}",
                        where,
                        line_of(raw, k),
                    )
                )
            elif isinstance(v, bool) or not isinstance(v, int | float):
                problems.append(
                    Problem(f"{path}.{k} must be a number, not {v!r}", where, line_of(raw, k))
                )
            else:
                got[k] = float(v)
        return got

    for top, value in data.items():
        path = f"{prefix}{top}"
        if top == "default":
            out.default = numbers(value, path)
        elif top in ("kind", "card") and isinstance(value, dict):
            for name, tab in value.items():
                if top == "kind" and name not in GIFT_KIND_NAMES:
                    problems.append(
                        Problem(
                            f"{path}: unknown gift kind {name!r}; known: "
                            f"{', '.join(GIFT_KIND_NAMES)}",
                            where,
                            line_of(raw, name),
                        )
                    )
                    continue
                nums = numbers(tab, f'{path}."{name}"')
                if top == "kind":
                    out.kind[name] = nums
                else:
                    out.card[name.lower()] = nums
                    out.card_names[name.lower()] = name
        else:
            problems.append(
                Problem(
                    f'unknown table {path!r} (use default, kind.<gift kind>, card."Card Name")',
                    where,
                    line_of(raw, top),
                )
            )
    if problems:
        raise InputError(problems)
    return out


def read_layers(path: str | Path, keys: set[str]) -> Layers:
    p = Path(path)
    try:
        raw = p.read_text(encoding="utf-8")
        data = tomllib.loads(raw)
    except OSError as exc:
        raise bad_input(f"cannot read: {exc.strerror or exc}", str(path)) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise bad_input(f"not valid TOML: {exc}", str(path)) from None
    return parse_layers(data, keys, str(path), raw)


def heuristic_keys() -> set[str]:
    return set(HEUR_PARAMS)


def threshold_keys() -> set[str]:
    return {"bias", *feature_names()}


_DATA: dict[str, Layers] = {}


def bundled(name: str) -> Layers:
    """heuristic.toml or threshold.toml, read once."""
    if name not in _DATA:
        path, keys = (
            (HEURISTIC_FILE, heuristic_keys())
            if name == "heuristic"
            else (THRESHOLD_FILE, threshold_keys())
        )
        _DATA[name] = read_layers(path, keys)
    return _DATA[name]


def merged_heuristic(extra: Layers | None) -> Layers:
    base = bundled("heuristic")
    if extra is None:
        return base
    out = Layers(
        {**base.default, **extra.default},
        {k: dict(v) for k, v in base.kind.items()},
        {k: dict(v) for k, v in base.card.items()},
        source=extra.source,
    )
    for k, v in extra.kind.items():
        out.kind.setdefault(k, {}).update(v)
    for k, v in extra.card.items():
        out.card.setdefault(k, {}).update(v)
    return out


def merged_threshold(extra: Layers | None) -> Layers:
    base = bundled("threshold")
    if extra is None:
        return base
    return Layers(
        extra.default or base.default,
        {**base.kind, **extra.kind},
        {**base.card, **extra.card},
        source=extra.source,
    )

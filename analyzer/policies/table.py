"""Policy strings and files -> the float64 table the kernel reads (see decide.py).

Syntax: ``NAME[:k=v,...]`` with per-card overrides after ``;`` (``"always; Long River's
Pull=never"``). Names today: ``never``, ``always``, ``random:p=0.5``; each takes an optional
``to=next|random|lowest-life|least-threat`` recipient rule for multiplayer.
"""

from __future__ import annotations

import numpy as np

from analyzer.enums import PolCol, PolicyKind, Recipient
from analyzer.errors import InputError, Problem

_KINDS = {"never": PolicyKind.NEVER, "always": PolicyKind.ALWAYS, "random": PolicyKind.RANDOM}
_RECIPIENTS = {"next": Recipient.NEXT, "random": Recipient.RANDOM,
               "lowest-life": Recipient.LOWEST_LIFE, "least-threat": Recipient.LEAST_THREAT}


def _parse_one(text: str, where: str) -> np.ndarray:
    row = np.zeros(PolCol.N, dtype=np.float64)
    name, _, params = text.strip().partition(":")
    name = name.strip().lower()
    if name not in _KINDS:
        raise InputError(Problem(f"unknown policy {name!r}; known: {', '.join(_KINDS)}",
                                 source=where, text=text.strip()))
    row[PolCol.KIND] = _KINDS[name]
    row[PolCol.PARAM0] = 0.5
    for part in filter(None, (p.strip() for p in params.split(","))):
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        if not eq:
            raise InputError(Problem(f"policy parameter {part!r} needs the form key=value",
                                     source=where, text=text.strip()))
        value = value.strip()
        if key == "p" and name == "random":
            try:
                p = float(value)
            except ValueError:
                p = -1.0
            if not 0.0 <= p <= 1.0:
                raise InputError(Problem(f"p must be a probability in [0, 1], not {value!r}",
                                         source=where, text=text.strip()))
            row[PolCol.PARAM0] = p
        elif key == "to":
            if value not in _RECIPIENTS:
                raise InputError(Problem(
                    f"unknown recipient rule {value!r}; known: {', '.join(_RECIPIENTS)}",
                    source=where, text=text.strip()))
            row[PolCol.RECIPIENT] = _RECIPIENTS[value]
        else:
            raise InputError(Problem(f"policy {name!r} has no parameter {key!r}",
                                     source=where, text=text.strip()))
    return row


def policy_table(spec: str, names: tuple[str, ...], lookup=None) -> np.ndarray:
    """Table for a policy string over a catalog's card names (ids = positions in names)."""
    table = np.zeros((len(names) + 1, PolCol.N), dtype=np.float64)
    table[:, PolCol.KIND] = -1.0
    parts = [p for p in spec.split(";")]
    table[-1] = _parse_one(parts[0], "--policy")
    ids = {n.lower(): i for i, n in enumerate(names)}
    for part in parts[1:]:
        if not part.strip():
            continue
        card, eq, sub = part.partition("=")  # card names never contain "="
        if not eq or not card.strip():
            raise InputError(Problem("a per-card override needs the form 'Card Name=policy'",
                                     source="--policy", text=part.strip()))
        name = card.strip()
        rec = lookup(name) if lookup is not None else None
        key = (rec.name if rec is not None else name).lower()
        if key not in ids:
            raise InputError(Problem(f"unknown card {name!r} in a policy override",
                                     source="--policy", text=part.strip()))
        table[ids[key]] = _parse_one(sub, "--policy")
    return table

"""Scenario targets: which target groups exist in a mode, which slot each named target takes,
and how to describe a group in a message. Pure Python over the compiled catalog tables.

A spell's target groups are its "target" words. A group whose condition is "if promised"
exists only when the gift was promised, "if not promised" only when it was not (702.174m), so
the same list of targets is checked against different groups in the two modes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from analyzer.enums import AbilCol, CardType, Cond, TargCol, TargetFilter, TargetKind

_KIND = {
    TargetKind.PERMANENT: "permanent",
    TargetKind.PLAYER: "player",
    TargetKind.OPPONENT: "opponent",
    TargetKind.SPELL: "spell",
    TargetKind.CARD_IN_YOUR_GRAVEYARD: "card in your graveyard",
    TargetKind.CARD_IN_A_GRAVEYARD: "card in a graveyard",
    TargetKind.ANY: "any target",
}
_TYPES = (
    ("LAND", "land"),
    ("CREATURE", "creature"),
    ("ARTIFACT", "artifact"),
    ("ENCHANTMENT", "enchantment"),
    ("INSTANT", "instant"),
    ("SORCERY", "sorcery"),
    ("PLANESWALKER", "planeswalker"),
)
_PREFIX = (
    ("NONTOKEN", "nontoken"),
    ("TOKEN", "token"),
    ("NONLAND", "nonland"),
    ("NONCREATURE", "noncreature"),
)
_SUFFIX = (
    ("YOU_CONTROL", "you control"),
    ("OPP_CONTROLS", "an opponent controls"),
    ("NOT_YOU", "you don't control"),
    ("ENTERED_THIS_TURN", "that entered this turn"),
    ("DIFFERENT_CONTROLLER", "controlled by another player than the other target"),
)


def group_text(row: np.ndarray) -> str:
    """'nonland permanent an opponent controls', 'creature spell', 'any target', ..."""
    kind = int(row[TargCol.KIND])
    if kind == TargetKind.ANY:
        return "any target"
    flt = int(row[TargCol.FILTER])
    words = [w for name, w in _PREFIX if flt & getattr(TargetFilter, name)]
    types = [w for name, w in _TYPES if int(row[TargCol.TYPES]) & getattr(CardType, name)]
    if types:
        words.append(" or ".join(types))
    noun = _KIND.get(kind, "object")
    if kind in (TargetKind.PERMANENT, TargetKind.CARD_IN_YOUR_GRAVEYARD) and types:
        noun = noun.replace("permanent", "").strip() or ""
    if noun:
        words.append(noun)
    words += [w for name, w in _SUFFIX if flt & getattr(TargetFilter, name)]
    if flt & TargetFilter.MV_AT_MOST:
        words.append(f"with mana value {int(row[TargCol.PARAM])} or less")
    return " ".join(words)


def active_groups(
    abilities: np.ndarray, targets: np.ndarray, ab: int, promised: int
) -> list[tuple[int, int, int]]:
    """(group row, first slot, local index) of every target group that exists in this mode."""
    if ab < 0:
        return []
    tg0 = int(abilities[ab, AbilCol.TG_START])
    out = []
    s0 = 0
    for j in range(int(abilities[ab, AbilCol.TG_COUNT])):
        g = tg0 + j
        cond = int(targets[g, TargCol.COND])
        if cond == Cond.ALWAYS or (cond == Cond.IF_PROMISED) == bool(promised):
            out.append((g, s0, j))
        s0 += int(targets[g, TargCol.MAX])
    return out


def _count(n: int) -> str:
    return f"{n} target" + ("s" if n != 1 else "")


def _describe(targets: np.ndarray, groups: list[tuple[int, int, int]]) -> str:
    parts = []
    for g, _s0, _j in groups:
        lo, hi = int(targets[g, TargCol.MIN]), int(targets[g, TargCol.MAX])
        n = f"up to {hi}" if lo == 0 else (str(hi) if lo == hi else f"{lo} to {hi}")
        parts.append(f"{n} {group_text(targets[g])}")
    return "; ".join(parts)


def assign_targets(
    abilities: np.ndarray,
    targets: np.ndarray,
    ab: int,
    promised: int,
    given: Sequence[Any],
    grouped: bool,
    what: str,
) -> list[tuple[int, Any]]:
    """Slot of each named target. Flat lists fill the groups in order, each taking as many as
    it can while leaving the later groups their minimum. Raises ValueError (a message for the
    user) when the count can't fit this mode."""
    groups = active_groups(abilities, targets, ab, promised)
    mode = "with the promise" if promised else "without the promise"
    shape = _describe(targets, groups) if groups else "no targets"
    if grouped:
        if len(given) != len(groups):
            raise ValueError(
                f"{len(given)} target lists given; {what} {mode} has "
                f"{len(groups)} target group(s): {shape}"
            )
        lists = [list(x) for x in given]
    else:
        rest = list(given)
        lists = []
        for i, (g, _s0, _j) in enumerate(groups):
            later = sum(int(targets[h, TargCol.MIN]) for h, _a, _b in groups[i + 1 :])
            take = max(0, min(int(targets[g, TargCol.MAX]), len(rest) - later))
            lists.append(rest[:take])
            rest = rest[take:]
        if rest:
            total = sum(int(targets[g, TargCol.MAX]) for g, _a, _b in groups)
            raise ValueError(
                f"too many targets: {len(given)} given, {what} {mode} takes "
                f"at most {total} ({shape})"
            )
    out = []
    for (g, s0, _j), refs in zip(groups, lists, strict=True):
        lo, hi = int(targets[g, TargCol.MIN]), int(targets[g, TargCol.MAX])
        if len(refs) > hi:
            raise ValueError(
                f"too many targets: {what} {mode} takes at most {_count(hi)} "
                f"{group_text(targets[g])}"
            )
        if len(refs) < lo:
            raise ValueError(
                f"too few targets: {what} {mode} needs {_count(lo)} "
                f"{group_text(targets[g])} ({len(refs)} given; all targets: {shape})"
            )
        out += [(s0 + k, r) for k, r in enumerate(refs)]
    return out

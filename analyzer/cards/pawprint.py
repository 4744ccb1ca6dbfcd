"""Pawprint modes (700.2h, the Seasons: "Choose up to five {P} worth of modes. You may choose
the same mode more than once."): the loader compiles one MODE row per combination of modes,
so the ordinary mode choice (700.2a; the built-in player's by value) picks a combination as
the spell is cast. Split from program.py, which reads the modes."""

from __future__ import annotations

from dataclasses import replace

from analyzer.cards.context import Ctx
from analyzer.cards.opcodes import OP_BY_CODE, OP_SPECS
from analyzer.cards.opspec import MAX_GROUPS
from analyzer.cards.records import Ability, Step, TargetGroup
from analyzer.enums import AbilityKind

MAX_TARGET_SLOTS = 6  # kernel layout.MAX_TARGETS (the loader imports no kernel)


def _pawprint_counts(costs: list[int], budget: int) -> list[tuple[int, ...]]:
    """Every non-empty choice of how often each mode is chosen, its pawprints at most
    `budget`: the most pawprints first, then the earlier modes more often."""
    out: list[tuple[int, ...]] = [()]
    for c in costs:
        out = [(*t, k) for t in out for k in range(budget // c + 1)]

    def spent(t: tuple[int, ...]) -> int:
        return sum(k * c for k, c in zip(t, costs, strict=True))

    chosen = [t for t in out if 0 < spent(t) <= budget]
    return sorted(chosen, key=lambda t: (-spent(t), [-k for k in t]))


def pawprint_combinations(
    ctx: Ctx, field: str, modes: tuple[Ability, ...], costs: list[int], budget: int, cond: int
) -> tuple[Ability, ...]:
    """ "Choose up to N {P} worth of modes. You may choose the same mode more than once."
    (700.2h, the Seasons): one MODE row per combination, so the mode choice of 700.2a (the
    built-in player's by value) picks a combination as the spell is cast. Its targets are
    the chosen modes' groups one after another (each time a mode is chosen it has targets of
    its own: the Seasons' ruling), its steps the modes' steps in printed order, the same mode
    again right after itself (the ruling: "you always follow the instructions of a Season in
    the order they are written"). The empty choice (legal, useless) is left out."""
    for m, mode in enumerate(modes):
        for st in mode.steps:
            if any(q.kind in ("group", "source") for q in OP_SPECS[OP_BY_CODE[st.op]].params):
                ctx.err(
                    f"{field}.modes[{m}]",
                    "a pawprint mode's steps may not name another target group",
                )
                return ()
    out = []
    for counts in _pawprint_counts(costs, budget):
        groups: list[TargetGroup] = []
        steps: list[Step] = []
        for mode, k in zip(modes, counts, strict=True):
            for _ in range(k):
                off = len(groups)
                for g in mode.targets:
                    if g.other_than >= 0:
                        g = replace(g, other_than=g.other_than + off)
                    groups.append(g)
                for st in mode.steps:
                    steps.append(replace(st, ref=st.ref + off) if st.ref < MAX_GROUPS else st)
        if len(groups) > MAX_GROUPS or sum(g.max for g in groups) > MAX_TARGET_SLOTS:
            ctx.err(
                f"{field}.modes",
                f"the combination {counts} of pawprint modes needs {len(groups)} target "
                f"groups; at most {MAX_GROUPS} groups and {MAX_TARGET_SLOTS} targets",
            )
            continue
        out.append(Ability(AbilityKind.MODE, 0, cond, tuple(groups), tuple(steps)))
    return tuple(out)

"""One ability's (or one mode's) program read from a card record: its target groups and steps,
with the checks that tie them to the ability's kind (parse_ability in program.py reads the
rest of the ability)."""

from __future__ import annotations

from analyzer.cards.context import Ctx
from analyzer.cards.opspec import MAX_GROUPS, REF_NAMES
from analyzer.cards.records import Step, TargetGroup
from analyzer.cards.steps import read_step, read_target, sets_done
from analyzer.enums import CAST_FROM_CONDS, SUBTYPE_CHOSEN, AbilityKind, Cond, Op, XCount


def ability_program(
    ctx: Ctx, d: dict, field: str, kind: int, cond: int, mana: bool, attachable: bool
) -> tuple[tuple[TargetGroup, ...], tuple[Step, ...]]:
    """The target groups and steps of one ability (or of one of its modes)."""
    raw_targets = d.get("targets", [])
    if not isinstance(raw_targets, list):
        ctx.err(f"{field}.targets", "must be a list of target tables")
        raw_targets = []
    if len(raw_targets) > MAX_GROUPS:
        ctx.err(f"{field}.targets", f"at most {MAX_GROUPS} target groups per ability")
    groups = [read_target(ctx, t, f"{field}.targets[{i}]", i) for i, t in enumerate(raw_targets)]
    if kind in (AbilityKind.STATIC, AbilityKind.ENTERS_WITH) and groups:
        ctx.err(f"{field}.targets", "a static or enters_with ability has no targets")

    raw_steps = d.get("steps")
    if kind == AbilityKind.COST_REDUCTION:
        if raw_steps or groups:
            ctx.err(field, "a cost_reduction has no targets and no steps")
        raw_steps = []
    elif not isinstance(raw_steps, list) or not raw_steps:
        ctx.err(f"{field}.steps", "is missing (a non-empty list of steps)")
        raw_steps = []
    steps: list[Step] = []
    it_set = False
    used: set[int] = set()
    for i, raw in enumerate(raw_steps):
        sfield = f"{field}.steps[{i}]"
        step, spec = read_step(ctx, raw, sfield, groups, it_set)
        if step is None or spec is None:
            continue
        it_set = it_set or spec.sets_it
        if spec.static != (kind == AbilityKind.STATIC):
            ctx.err(
                f"{sfield}.op",
                "static ops belong in static abilities only, and static "
                "abilities take only static ops",
            )
        if mana and spec.op not in (Op.ADD_MANA, Op.MANA_POWER_BIG_CREATURES):
            ctx.err(f"{sfield}.op", "a mana ability only adds mana")
        if spec.op == Op.ADD_MANA and not mana and ((step.a & 32 and step.a != 32) or step.b != 1):
            ctx.err(
                f"{sfield}.colors",
                "outside a mana ability add_mana adds one mana (one step per mana) of a color "
                'among `colors` ("any": "one mana of any color"; no other color with "C")',
            )
        if spec.op == Op.ADD_MANA and mana and step.c:
            ctx.err(f"{sfield}.until_end_of_turn", "belongs to a triggered ability's mana")
        if step.ref in (REF_NAMES["attached"],) and not attachable:
            ctx.err(f"{sfield}.ref", "'attached' needs an Aura or Equipment")
        if step.ref == REF_NAMES["defending_player"] and kind != AbilityKind.ATTACKS:
            ctx.err(f"{sfield}.ref", "'defending_player' belongs to attacks abilities")
        if kind == AbilityKind.ENTERS_WITH and (
            spec.op
            not in (
                Op.ADD_COUNTERS,
                Op.TAP,
                Op.CHOOSE_CREATURE_TYPE,
                Op.CHOOSE_COLOR,
                Op.ADD_P1P1_X,
            )
            or step.ref != REF_NAMES["self"]
            or (
                spec.op == Op.ADD_P1P1_X
                and step.a not in (XCount.X_PAID, XCount.CREATURES_YOU_CONTROL)
            )
        ):
            ctx.err(
                f"{sfield}.op",
                "an enters_with ability only puts counters on itself, taps it or chooses a "
                'creature type or color (add_counters or tap, ref = "self"; add_p1p1_x with '
                '`x = "x_paid"`: ravenous, or `"creatures_you_control"`; choose_creature_type, '
                "choose_color)",
            )
        if (
            spec.op in (Op.CHOOSE_CREATURE_TYPE, Op.CHOOSE_COLOR)
            and kind != AbilityKind.ENTERS_WITH
        ):
            ctx.err(f"{sfield}.op", '"As this enters, choose ..." is an enters_with step')
        if (
            step.c == SUBTYPE_CHOSEN
            and spec.op != Op.STATIC_ANTHEM
            and any(q.kind == "subtype" and q.column == "c" for q in spec.params)
        ):
            ctx.err(f"{sfield}.subtype", '"chosen" is modeled for static_anthem only')
        if step.cond in CAST_FROM_CONDS and kind not in (AbilityKind.SPELL, AbilityKind.MODE):
            ctx.err(
                f"{sfield}.when",
                "where a spell was cast from belongs on the steps of an "
                "instant's or sorcery's `spell` ability",
            )
        if step.cond == Cond.DONE and not any(sets_done(s) for s in steps):
            ctx.err(
                f"{sfield}.when",
                '`done` ("if you do") needs an earlier forage, `may` discard, pay_may, mill_take, '
                "gain_control_eot, reveal_x_exile_per_type, exile_until_leaves with "
                "`done_if_power_at_most` or flicker with `done_if_subtypes`",
            )
        # a `group` parameter (fight's `other`, attach_to's `to`) or damage_by_power's source
        second = spec.op == Op.DAMAGE_BY_POWER or any(
            p.kind == "group" and p.column == "a" for p in spec.params
        )
        refs = [step.ref] + ([step.a] if second else [])
        for r in refs:
            if 0 <= r < len(groups) and groups[r] is not None:
                used.add(r)
                gcond = groups[r].cond
                if gcond != Cond.ALWAYS and gcond not in (step.cond, cond):
                    ctx.err(
                        f"{sfield}.when",
                        f"uses target group {r}, which exists only when "
                        f"{'not ' if gcond == Cond.IF_NOT_PROMISED else ''}"
                        f"promised: give the step the same `when`",
                    )
        steps.append(step)
    for i, g in enumerate(groups):
        if g is not None and i not in used:
            ctx.err(f"{field}.targets[{i}]", "is never used by a step")
    if mana and groups:
        ctx.err(f"{field}.mana", "a mana ability has no targets")
    return tuple(g for g in groups if g is not None), tuple(steps)

"""Read one step and one target group of an effect program: conditions, target groups, refs
and the named step parameters (the schema is opcodes.OP_SPECS). Split from program.py, which
reads abilities and checks a program as a whole."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from analyzer.cards.opcodes import OP_SPECS
from analyzer.cards.opspec import NO_REF, REF_NAMES, OpSpec, Param
from analyzer.cards.records import (
    KEYWORD_NAMES,
    SUBTYPE_NAMES,
    TYPE_NAMES,
    Step,
    TargetGroup,
    parse_mana_colors,
)
from analyzer.enums import (
    COND_NAMES,
    PROMISE_CONDS,
    SUBTYPE_CHOSEN,
    WIDE_SUBTYPES,
    Cond,
    CounterKind,
    Intent,
    Op,
    TargetFilter,
    TargetKind,
    XCount,
)

if TYPE_CHECKING:
    from analyzer.cards.context import Ctx

TARGET_FIELDS = frozenset(
    {
        "kind",
        "types",
        "filter",
        "min",
        "max",
        "when",
        "param",
        "intent",
        "other_than",
        "subtypes",
        "not_creature_type",
    }
)
TARGET_KINDS = {
    n.lower(): v
    for n, v in zip(TargetKind._fields, TargetKind, strict=True)
    if v != TargetKind.NONE
}
FILTER_NAMES = {n.lower(): v for n, v in zip(TargetFilter._fields, TargetFilter, strict=True)}
INTENT_NAMES = {n.lower(): v for n, v in zip(Intent._fields, Intent, strict=True)}
XCOUNT_NAMES = {n.lower(): v for n, v in zip(XCount._fields, XCount, strict=True)}
COUNTER_NAMES = {
    "p1p1": CounterKind.P1P1,
    "+1/+1": CounterKind.P1P1,
    "stun": CounterKind.STUN,
    "stash": CounterKind.STASH,
    "supply": CounterKind.STASH,  # a counter only its own abilities count, like stash (O.STASH)
    "coin": CounterKind.STASH,  # Wishing Well's coin counters: read only by its own ability
    "time": CounterKind.STASH,  # vanishing's time counters (issue 21): its own upkeep reads them
    "hoofprint": CounterKind.STASH,  # Hoofprints of the Stag's: only its own cost removes them
    "quest": CounterKind.STASH,  # Beastmaster Ascension's: only its own static counts them
    "acorn": CounterKind.STASH,  # Chitterspitter's: only its own static counts them
    "finality": CounterKind.FINALITY,  # "if it would die, exile it instead"
    "indestructible": CounterKind.INDESTRUCTIBLE,  # a keyword counter
}


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    by_lower = {c.lower(): c for c in choices}
    close = difflib.get_close_matches(word.lower(), list(by_lower), n=1, cutoff=0.6)
    return f" (did you mean {by_lower[close[0]]!r}?)" if close else ""


def read_cond(ctx: Ctx, d: dict, field: str) -> int:
    v = d.get("when", "always")
    got = ctx.name_(v, COND_NAMES, f"{field}.when", "condition")
    return Cond.ALWAYS if got is None else got


def read_target(ctx: Ctx, d: object, field: str, index: int = 0) -> TargetGroup | None:
    if not isinstance(d, dict):
        ctx.err(field, f'must be a table like {{kind = "permanent"}}, got {d!r}')
        return None
    ctx.unknown_keys(d, TARGET_FIELDS, field)
    if "kind" not in d:
        ctx.err(f"{field}.kind", "is missing")
        return None
    kind = ctx.name_(d["kind"], TARGET_KINDS, f"{field}.kind", "target kind")
    types = ctx.mask_(d.get("types"), TYPE_NAMES, f"{field}.types", "card type")
    filt = ctx.mask_(d.get("filter"), FILTER_NAMES, f"{field}.filter", "target filter")
    lo = ctx.int_(d, "min", f"{field}.min", 0, 10)
    hi = ctx.int_(d, "max", f"{field}.max", 1, 10)
    lo, hi = (1 if lo is None else lo), (1 if hi is None else hi)
    if lo > hi:
        ctx.err(f"{field}.min", f"min {lo} is greater than max {hi}")
    param = ctx.int_(d, "param", f"{field}.param", 0, 20)
    with_param = TargetFilter.MV_AT_MOST | TargetFilter.PT_AT_LEAST | TargetFilter.POWER_AT_MOST
    if bool(filt & with_param) != (param is not None):
        ctx.err(
            f"{field}.param",
            "is required with filter mv_at_most, pt_at_least or power_at_most and "
            "meaningless without",
        )
    if filt & TargetFilter.YOU_CONTROL and filt & (
        TargetFilter.OPP_CONTROLS | TargetFilter.NOT_YOU
    ):
        ctx.err(f"{field}.filter", "you_control contradicts opp_controls / not_you")
    if filt & TargetFilter.TOKEN and filt & TargetFilter.NONTOKEN:
        ctx.err(f"{field}.filter", "token contradicts nontoken")
    if kind in (TargetKind.PLAYER, TargetKind.OPPONENT) and (types or filt):
        ctx.err(field, "a player target takes no types or filter")
    if bin(filt & with_param).count("1") > 1:
        ctx.err(
            f"{field}.filter", "mv_at_most, pt_at_least and power_at_most share `param`: use one"
        )
    gcond = read_cond(ctx, d, field)
    if gcond not in PROMISE_CONDS:
        ctx.err(
            f"{field}.when",
            "a target group exists only when promised / not promised; "
            "game-state conditions belong on the ability or its steps",
        )
    intent = None
    if "intent" in d:
        intent = ctx.name_(d["intent"], INTENT_NAMES, f"{field}.intent", "intent")
    other_than = -1
    if "other_than" in d:  # "up to one other target creature": differs from group N's targets
        v = ctx.int_(d, "other_than", f"{field}.other_than", 0, 3)
        if v is not None and v >= index:
            ctx.err(
                f"{field}.other_than",
                f"must name an earlier target group (0..{index - 1})"
                if index
                else "the first target group has no earlier group to differ from",
            )
        elif v is not None:
            other_than = v
    if filt & TargetFilter.DIFFERENT_CONTROLLER and other_than < 0:
        ctx.err(
            f"{field}.filter",
            "different_controller needs `other_than`: the group whose targets' controllers "
            "this group's must differ from",
        )
    if "subtypes" in d:  # "target Bat, Lizard, Rat, or Squirrel card": the mask is the param
        if filt & with_param:
            ctx.err(
                f"{field}.subtypes",
                "shares `param` with mv_at_most, pt_at_least and power_at_most: use one",
            )
        param = ctx.mask_(d.get("subtypes"), SUBTYPE_NAMES, f"{field}.subtypes", "subtype")
        filt |= TargetFilter.SUBTYPES
    elif filt & TargetFilter.SUBTYPES:
        ctx.err(f"{field}.filter", "write `subtypes = [...]`, not the subtypes filter")
    not_type = d.get("not_creature_type", "")
    if "not_creature_type" in d:  # "target non-Angel creature": the compiler sets the param
        if not isinstance(not_type, str) or not not_type.strip():
            ctx.err(f"{field}.not_creature_type", 'must be a creature type, like "Angel"')
            not_type = ""
        elif filt & with_param or "subtypes" in d:
            ctx.err(
                f"{field}.not_creature_type",
                "shares `param` with subtypes, mv_at_most, pt_at_least and power_at_most",
            )
        filt |= TargetFilter.NOT_CREATURE_TYPE
    elif filt & TargetFilter.NOT_CREATURE_TYPE:
        ctx.err(f"{field}.filter", 'write `not_creature_type = "..."`, not the filter')
    if kind is None:
        return None
    return TargetGroup(
        kind, types, filt, param or 0, lo, hi, gcond, intent, other_than, not_type.strip()
    )


def read_ref(
    ctx: Ctx,
    d: dict,
    spec: OpSpec,
    name: str,
    field: str,
    groups: Sequence[TargetGroup | None],
    it_set: bool,
) -> int:
    """Parse and check a step's ref against the op's spec and the ability's groups."""
    if "ref" not in d:
        if not spec.takes_ref:
            return NO_REF
        if spec.ref_default is None:
            ctx.err(
                f"{field}.ref",
                f"is missing (op {name!r} acts on a target group or one "
                f"of: {', '.join(sorted(spec.named))})",
            )
        return spec.ref_default if spec.ref_default is not None else NO_REF
    v = d["ref"]
    if not spec.takes_ref:
        ctx.err(f"{field}.ref", f"op {name!r} takes no ref")
        return NO_REF
    if isinstance(v, bool) or not isinstance(v, int | str):
        ctx.err(f"{field}.ref", f"must be a target group index 0..3 or a name, got {v!r}")
        return NO_REF
    if isinstance(v, int):
        if not 0 <= v < len(groups):
            ctx.err(
                f"{field}.ref",
                f"target group {v} does not exist (this ability has {len(groups)} target group(s))",
            )
        elif not spec.groups:
            ctx.err(
                f"{field}.ref",
                f"op {name!r} cannot act on a target group; use one of: "
                f"{', '.join(sorted(spec.named))}",
            )
        elif groups[v] is not None and groups[v].kind not in spec.groups:
            kinds = ", ".join(sorted(k for k, c in TARGET_KINDS.items() if c in spec.groups))
            ctx.err(
                f"{field}.ref",
                f"op {name!r} needs a group of kind {kinds}; group {v} "
                f"is {TargetKind._fields[groups[v].kind].lower()!r}",
            )
        return v
    if v not in REF_NAMES:
        ctx.err(f"{field}.ref", f"unknown ref {v!r}{did_you_mean(v, REF_NAMES)}")
        return NO_REF
    if v not in spec.named:
        allowed = ", ".join(sorted(spec.named)) or "none"
        ctx.err(f"{field}.ref", f"op {name!r} cannot act on {v!r} (named refs allowed: {allowed})")
    elif v == "it" and not it_set:
        ctx.err(
            f"{field}.ref",
            "'it' needs an earlier step of this ability that moves or creates an object",
        )
    return REF_NAMES[v]


def read_param(ctx: Ctx, p: Param, v: object, field: str, n_groups: int) -> tuple[int, str]:
    """Convert one named step parameter; returns (column value, token name)."""
    if p.kind == "int":
        if isinstance(v, bool) or not isinstance(v, int):
            ctx.err(field, f"must be an integer, got {v!r}")
        elif not p.lo <= v <= p.hi:
            ctx.err(field, f"must be between {p.lo} and {p.hi}, got {v}")
        else:
            return v, ""
    elif p.kind == "bool":
        if not isinstance(v, bool):
            ctx.err(field, f"must be true or false, got {v!r}")
        else:
            return int(v), ""
    elif p.kind == "keywords":
        if v in ([], "") and p.default is None:  # required: give one; optional: none is fine
            ctx.err(field, "needs at least one keyword")
        return ctx.mask_(v, KEYWORD_NAMES, field, "keyword"), ""
    elif p.kind == "types":
        return ctx.mask_(v, TYPE_NAMES, field, "card type"), ""
    elif p.kind == "counter":
        got = ctx.name_(v, COUNTER_NAMES, field, "counter kind")
        return (got or 0), ""
    elif p.kind == "token":
        if not isinstance(v, str) or not v:
            ctx.err(field, f"must be the name of a token record, got {v!r}")
        else:
            ctx.token_refs.append((ctx, field, v))
            return 0, v  # the compiler resolves the name to a card id
    elif p.kind == "colors":
        try:  # "C" ({C}: Sol Ring), WUBRG letters, "any", "identity", "opponents"
            return parse_mana_colors(v), ""
        except ValueError as exc:
            ctx.err(field, str(exc))
    elif p.kind == "group":
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n_groups:
            ctx.err(
                field,
                f"must be the index of a target group of this ability "
                f"(0..{n_groups - 1}), got {v!r}",
            )
        else:
            return v, ""
    elif p.kind == "source":
        if v in ("self", "trigger_object"):  # "it deals damage equal to its power" (a trigger's)
            return REF_NAMES[v], ""
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n_groups:
            ctx.err(
                field,
                f'must be "self" or the index of a target group of this ability '
                f"(0..{n_groups - 1}), got {v!r}",
            )
        else:
            return v, ""
    elif p.kind == "xcount":
        return (ctx.name_(v, XCOUNT_NAMES, field, "X count") or 0), ""
    elif p.kind == "subtype":
        if v == "":
            return 0, ""
        if v == "chosen":  # "the chosen type" (choose_creature_type); static_anthem only
            return SUBTYPE_CHOSEN, ""
        return (ctx.name_(v, SUBTYPE_NAMES, field, "subtype") or 0), ""
    elif p.kind == "subtypes":
        return ctx.mask_(v, {**SUBTYPE_NAMES, **WIDE_SUBTYPES}, field, "subtype"), ""
    return 0, ""


def read_step(
    ctx: Ctx, d: object, field: str, groups: Sequence[TargetGroup | None], it_set: bool
) -> tuple[Step | None, OpSpec | None]:
    if not isinstance(d, dict):
        ctx.err(field, f'must be a table like {{op = "damage", ref = 0, amount = 2}}, got {d!r}')
        return None, None
    name = d.get("op")
    if not isinstance(name, str) or name.lower() not in OP_SPECS:
        hint = did_you_mean(name, OP_SPECS) if isinstance(name, str) else ""
        ctx.err(f"{field}.op", "is missing" if name is None else f"unknown op {name!r}{hint}")
        return None, None
    name = name.lower()
    spec = OP_SPECS[name]
    allowed = {"op", "when", "ref"} | {p.name for p in spec.params}
    for key in d:
        if key not in allowed:
            ctx.err(
                f"{field}.{key}",
                f"unknown parameter for op {name!r}"
                f"{did_you_mean(key, allowed)}; it takes: "
                f"{', '.join(p.name for p in spec.params) or 'none'}",
            )
    ref = read_ref(ctx, d, spec, name, field, groups, it_set)
    cols = {"a": 0, "b": 0, "c": 0}
    token = ""
    for p in spec.params:
        if p.name in d:
            value, tok = read_param(ctx, p, d[p.name], f"{field}.{p.name}", len(groups))
        elif p.default is None:
            ctx.err(f"{field}.{p.name}", f"is missing (required by op {name!r})")
            continue
        else:
            value, tok = read_param(ctx, p, p.default, f"{field}.{p.name}", len(groups))
        cols[p.column] = value
        token = token or tok
    if spec.op == Op.FIGHT and isinstance(d.get("other"), int) and d.get("other") == ref:
        ctx.err(f"{field}.other", "a creature cannot fight itself: use another target group")
    return Step(
        spec.op, read_cond(ctx, d, field), ref, cols["a"], cols["b"], cols["c"], token
    ), spec


def sets_done(s: Step) -> bool:
    """Does step s set DONE for the steps after it ("if you do", "if that creature ...")?"""
    return (
        s.op in (Op.FORAGE, Op.MILL_TAKE, Op.PAY_MAY, Op.DISCARD_HAND_MAY_DRAW)
        or (s.op == Op.DISCARD and s.b == 1)
        or (s.op == Op.EXILE_UNTIL_LEAVES and s.b >= 0)
        or (s.op == Op.FLICKER and s.c != 0)
        or s.op == Op.GAIN_CONTROL_EOT
        or s.op in (Op.DONE_IF_YOU_CONTROL, Op.RETURN_OTHER_OWN_CREATURE)
        or s.op in (Op.CHOOSE_GRAVEYARD_CARD, Op.PUT_FROM_HAND_OR_GRAVEYARD)
        or s.op in (Op.CHOOSE_OWN_PERMANENT, Op.SACRIFICE_OTHERS_MAY, Op.HAVE_DRAW_MAY)
        or s.op in (Op.SACRIFICE_TOKEN_MAY, Op.SACRIFICE_ANOTHER_MAY)
        or s.op == Op.REVEAL_X_EXILE_PER_TYPE
    )

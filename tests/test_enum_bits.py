"""Bit flags that share a column stay single, distinct bits.

Two branches that each append a flag "at the end" can pick the same bit without a textual
conflict (it happened: a trigger parameter bit and a CardFlag value collided in a merge). Each
group below is the set of flags one table column can hold together.
"""

from __future__ import annotations

import pytest

from analyzer import enums_program as ep
from analyzer.enums import CardType, Keyword
from analyzer.enums_tables import CardFlag

SUBTYPE_BITS = max(ep.Subtype)  # the low bits of a TRIG_PARAM hold a Subtype mask
GROUPS = {
    "CardFlag": list(CardFlag),
    "Keyword": list(Keyword),
    "CardType": list(CardType),
    "Subtype": list(ep.Subtype),
    # a trigger row's TRIG_PARAM: a Subtype (or CardType) mask plus these bits
    "trigger TRIG_PARAM": [getattr(ep, n) for n in dir(ep) if n.startswith(("TRIGGER_", "SPELL_"))],
    # a trigger row's TRIG_FILTER (a column of its own: TRIG_PARAM's flag bits are full)
    "trigger TRIG_FILTER": [getattr(ep, n) for n in dir(ep) if n.startswith("TRIG_FILTER_")],
    # a cost_reduction row's TRIG_PARAM
    "cost TRIG_PARAM": [getattr(ep, n) for n in dir(ep) if n.startswith("COST_")],
}


@pytest.mark.parametrize("name", sorted(GROUPS))
def test_flags_are_distinct_single_bits(name: str) -> None:
    values = [v for v in GROUPS[name] if v]
    assert values, name
    assert all(v > 0 and v & (v - 1) == 0 for v in values), (name, values)
    assert len(set(values)) == len(values), (name, sorted(values))
    assert max(values) < 1 << 31, (name, max(values))  # int32 columns


@pytest.mark.parametrize("name", ["trigger TRIG_PARAM", "cost TRIG_PARAM"])
def test_parameter_bits_sit_above_the_subtype_mask(name: str) -> None:
    assert min(GROUPS[name]) > SUBTYPE_BITS
    assert min(GROUPS[name]) > max(CardType)


def _value_enums() -> dict[str, tuple]:
    from analyzer import enums

    return {
        n: v
        for n, v in vars(enums).items()
        if isinstance(v, tuple) and hasattr(v, "_fields") and not n.startswith("_")
    }


@pytest.mark.parametrize("name", sorted(_value_enums()))
def test_enum_values_are_distinct(name: str) -> None:
    # Two branches that each append "the next number" to Op, Cond, a column list ... give two
    # names one value; git merges it cleanly and the interpreter then runs one op for both.
    enum = _value_enums()[name]
    values = list(enum)
    dups = [(f, v) for f, v in zip(enum._fields, values, strict=True) if values.count(v) > 1]
    assert not dups, (name, dups)


def test_condition_names_have_distinct_codes() -> None:
    # Cond's own values share one number line with the control_<subtype> ranges.
    by_code: dict[int, list[str]] = {}
    for n, v in ep.COND_NAMES.items():
        by_code.setdefault(v, []).append(n)
    assert {v: ns for v, ns in by_code.items() if len(ns) > 1} == {}
    assert set(ep.Cond) <= set(by_code), sorted(set(ep.Cond) - set(by_code))

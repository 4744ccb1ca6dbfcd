"""Pawprint modes (700.2h, the Seasons: "Choose up to five {P} worth of modes. You may choose
the same mode more than once."): the loader compiles one MODE row per combination
(cards/program.py). The rules on game positions: tests/scenarios/season_*.toml."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.cards.catalog import Catalog, load_catalog
from analyzer.cards.loader import load_records
from analyzer.enums import AbilCol, AbilityKind, CardCol, Op, StepCol, TargCol
from analyzer.errors import InputError


@pytest.fixture(scope="module")
def cat() -> Catalog:
    return load_catalog()


def _rows(cat: Catalog, name: str):
    comp = cat.compiled
    row = comp.cards[comp.id_of(name)]
    return comp.abilities[row[CardCol.AB_START] : row[CardCol.AB_START] + row[CardCol.AB_COUNT]]


def _steps(cat: Catalog, a) -> list[tuple[int, int]]:
    st = cat.compiled.steps[a[AbilCol.ST_START] : a[AbilCol.ST_START] + a[AbilCol.ST_COUNT]]
    return [(int(s[StepCol.OP]), int(s[StepCol.REF])) for s in st]


def test_every_combination_of_up_to_five_pawprints_is_a_mode(cat: Catalog) -> None:
    """Modes of 1, 2 and 3 pawprints: 15 non-empty combinations of at most five (a+2b+3c <= 5);
    the most pawprints first, then the earlier modes more often."""
    spell, *modes = _rows(cat, "Season of Loss")
    assert spell[AbilCol.KIND] == AbilityKind.SPELL and spell[AbilCol.MODES] == 15
    assert len(modes) == 15 and all(m[AbilCol.KIND] == AbilityKind.MODE for m in modes)
    sac, draw, drain = Op.EACH_SACRIFICES_CREATURE, Op.DRAW_X, Op.LOSE_LIFE_X
    ops = [[op for op, _ in _steps(cat, m)] for m in modes]
    assert ops[0] == [sac] * 5
    assert ops[1] == [sac, sac, sac, draw]
    assert ops[2] == [sac, sac, drain]
    assert ops[3] == [sac, draw, draw]  # printed order, the repeated mode right after itself
    assert ops[4] == [draw, drain]
    assert ops[14] == [sac]
    assert len({tuple(o) for o in ops}) == 15


def test_each_chosen_mode_has_targets_of_its_own(cat: Catalog) -> None:
    """Season of the Burrow: the combination {P}{P} + {P}{P}{P} (mode 5) has two target groups,
    and each mode's steps act on its own group; {P}{P} twice (mode 4: {P} + {P}{P} x2) has two
    exile groups."""
    _, *modes = _rows(cat, "Season of the Burrow")
    comp = cat.compiled
    m5 = modes[4]
    assert m5[AbilCol.TG_COUNT] == 2
    groups = comp.targets[m5[AbilCol.TG_START] : m5[AbilCol.TG_START] + 2]
    assert groups[0][TargCol.KIND] != groups[1][TargCol.KIND]  # a permanent, a graveyard card
    assert _steps(cat, m5)[:2] == [(Op.CONTROLLER_DRAWS, 0), (Op.EXILE, 0)]
    assert _steps(cat, m5)[2][1] == 1  # return_to_battlefield: the second group
    m4 = modes[3]
    assert m4[AbilCol.TG_COUNT] == 2
    refs = [ref for op, ref in _steps(cat, m4) if op == Op.EXILE]
    assert refs == [0, 1]


def _season(tmp_path: Path, modes: str, pawprints: str = "pawprints = 5") -> Path:
    path = tmp_path / "season.toml"
    path.write_text(
        f"""
[[card]]
name = "Test Season"
set = "TST"
rarity = "mythic"
cost = "{{3}}{{B}}"
type_line = "Sorcery"
support = "exact"
oracle = "Choose up to five {{P}} worth of modes."

[[card.ability]]
kind = "spell"
{pawprints}
modes = [{modes}]
""",
        encoding="utf-8",
    )
    return path


def test_pawprint_data_errors(tmp_path: Path) -> None:
    one = '{ pawprint = 1, steps = [{ op = "draw", ref = "you" }] }'
    no_cost = '{ steps = [{ op = "draw", ref = "you" }] }'
    with pytest.raises(InputError) as info:
        load_records([_season(tmp_path, f"{one}, {no_cost}")])
    assert "needs `pawprint = N`" in str(info.value)
    with pytest.raises(InputError) as info:
        load_records([_season(tmp_path, f"{one}, {one}", pawprints="")])
    assert "needs the ability's `pawprints = N`" in str(info.value)
    # five {P} of a one-target mode would need five target groups (at most 4)
    target = (
        '{ pawprint = 1, targets = [{ kind = "permanent" }], steps = [{ op = "exile", ref = 0 }] }'
    )
    with pytest.raises(InputError) as info:
        load_records([_season(tmp_path, f"{target}, {one}")])
    assert "target groups" in str(info.value)


def test_season_of_the_bold_delayed_trigger_rows(cat: Catalog) -> None:
    """Season of the Bold: {P}{P}{P} makes a delayed trigger whose body is the card's own
    `delayed_spell_cast` row (after the 15 combinations of modes costing 1, 2 and 3), an
    "up to one target creature" (min 0) dealing 2 damage."""
    spell, *rest = _rows(cat, "Season of the Bold")
    assert spell[AbilCol.MODES] == 15 and len(rest) == 16
    *modes, delayed = rest
    assert delayed[AbilCol.KIND] == AbilityKind.DELAYED_SPELL_CAST
    assert _steps(cat, delayed) == [(Op.DAMAGE, 0)]
    g = cat.compiled.targets[delayed[AbilCol.TG_START]]
    assert g[TargCol.MIN] == 0 and g[TargCol.MAX] == 1
    with_ping = [m for m in modes if Op.SPELL_CAST_UNTIL_NEXT_TURN in dict(_steps(cat, m))]
    assert len(with_ping) == 4  # {P}{P}{P} with nothing, {P}, {P}x2 or {P}{P}


def test_the_delayed_trigger_needs_its_body(tmp_path: Path) -> None:
    """spell_cast_until_next_turn without a `delayed_spell_cast` ability is a data error."""
    ping = '{ pawprint = 3, steps = [{ op = "spell_cast_until_next_turn" }] }'
    one = '{ pawprint = 1, steps = [{ op = "draw", ref = "you" }] }'
    with pytest.raises(InputError) as info:
        load_records([_season(tmp_path, f"{one}, {ping}")])
    assert "delayed_spell_cast" in str(info.value)

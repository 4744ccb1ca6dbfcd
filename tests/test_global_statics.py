"""The global statics (Maha, Vren, Valley Floodcaller, Bria; cards/opcodes_global.py): what the
loader and the compiler make of the new ops (the rules themselves are scenario files:
opponent_base_toughness_one_and_ward_discard, opponent_creature_exiled_instead_of_dying,
noncreature_flash_pumps_and_untaps_subtypes, others_have_prowess_each_triggers)."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.cards.catalog import load_catalog
from analyzer.cards.loader import load_records
from analyzer.enums import KINDS_HI, KINDS_HI2, AbilityKind, CardCol, Keyword, Support
from analyzer.errors import InputError

_CARD = """
[[card]]
name = "Test Captain"
set = "TST"
rarity = "rare"
cost = "{{2}}{{R}}"
type_line = "Creature — Otter"
power = 2
toughness = 2
{keywords}
support = "exact"
oracle = '''
{oracle}Other creatures you control have prowess.'''

[[card.ability]]
kind = "static"
steps = [{{ op = "static_others_prowess" }}]
"""


def _write(tmp_path: Path, with_prowess: bool) -> Path:
    path = tmp_path / "captain.toml"
    text = _CARD.format(
        keywords='keywords = ["prowess"]' if with_prowess else "",
        oracle="Prowess\n" if with_prowess else "",
    )
    path.write_text(text, encoding="utf-8")
    return path


def test_granted_prowess_needs_the_cards_own_prowess(tmp_path: Path) -> None:
    assert load_records([_write(tmp_path, True)])[0].keywords & Keyword.PROWESS
    with pytest.raises(InputError) as info:
        load_records([_write(tmp_path, False)])
    assert "needs the card's own keyword prowess" in str(info.value)


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("Maha, Its Feathers Night", AbilityKind.OPP_BASE_TOUGHNESS),
        ("Vren, the Relentless", AbilityKind.OPP_DIES_EXILE),
        ("Valley Floodcaller", AbilityKind.NONCREATURE_FLASH),
        ("Bria, Riptide Rogue", AbilityKind.OTHERS_PROWESS),
    ],
)
def test_new_cards_are_exact_with_their_marker_kind(name: str, kind: int) -> None:
    """The kernel looks for each static only once a card with its marker bit entered."""
    cat = load_catalog()
    assert cat.lookup(name).support == Support.EXACT
    row = cat.compiled.tables.cards[cat.compiled.id_of(name)]
    assert (int(row[CardCol.AB_KINDS_HI]) >> (kind - KINDS_HI)) & 1
    others = [
        n
        for n in cat.compiled.names[: len(cat.records)]  # (not the Food twins: the same cards)
        if (
            int(cat.compiled.tables.cards[cat.compiled.id_of(n), CardCol.AB_KINDS_HI])
            >> (kind - KINDS_HI)
        )
        & 1
    ]
    assert others == [name]  # no other card carries it: no existing game changes


def test_maha_has_ward_discard() -> None:
    cat = load_catalog()
    row = cat.compiled.tables.cards[cat.compiled.id_of("Maha, Its Feathers Night")]
    assert int(row[CardCol.KEYWORDS]) & Keyword.WARD_DISCARD


def test_ability_kinds_from_62_have_their_bit_in_the_third_word() -> None:
    """AB_KINDS_HI (kinds 31-61) is int32 and full: kind 62 on is AB_KINDS_HI2 (bit kind - 62),
    and only the cards with such an ability carry it."""
    cat = load_catalog()
    cards = cat.compiled.tables.cards
    kind = AbilityKind.FOOD_TO_GRAVEYARD
    carriers = [
        n
        for n in cat.compiled.names[: len(cat.records)]
        if (int(cards[cat.compiled.id_of(n), CardCol.AB_KINDS_HI2]) >> (kind - KINDS_HI2)) & 1
    ]
    assert carriers == ["Ygra, Eater of All"]
    assert int(cards[cat.compiled.id_of("Ygra, Eater of All"), CardCol.AB_KINDS_HI]) >> 31 == 0

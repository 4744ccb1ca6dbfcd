"""Modal abilities ("Choose one —", 700.2) in the card format: how `modes` are read, checked and
compiled (each mode a MODE row right after its ability, AbilCol.MODES of them); flashback and
"triggers only once each turn" in the format; the new trigger kinds the Bloomburrow cards use.
The rules outcomes are scenario files (tests/scenarios/modal_*.toml, begin_combat_*, foraged_*,
pump_x_*, spells_cost_less_*, flashback_*, trigger_only_once_each_turn, plumecreed_*)."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.cards.catalog import load_catalog
from analyzer.cards.loader import load_records
from analyzer.enums import AbilCol, AbilityKind, AiRole, CardCol, Op, StepCol, TargCol
from analyzer.errors import InputError

MODAL = """
[[card]]
name = "Test Choice"
set = "TEST"
rarity = "common"
cost = "{1}{R}"
type_line = "Instant"
support = "exact"
oracle = "Choose one —\\n• Test Choice deals 2 damage to target creature.\\n• Draw a card."

[[card.ability]]
kind = "spell"

[[card.ability.modes]]
targets = [{ kind = "permanent", types = ["creature"] }]
steps = [{ op = "damage", ref = 0, amount = 2 }]

[[card.ability.modes]]
steps = [{ op = "draw", ref = "you" }]
"""


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


def _problems(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_records([path])
    return [str(p) for p in info.value.problems]


def test_modal_spell_compiles_to_mode_rows(tmp_path: Path) -> None:
    path = tmp_path / "ok.toml"
    path.write_text(MODAL, encoding="utf-8")
    cat = load_catalog([path])
    cc = cat.compiled
    card = cc.id_of("Test Choice")
    a0 = int(cc.cards[card, CardCol.AB_START])
    assert int(cc.cards[card, CardCol.AB_COUNT]) == 3  # the spell ability and its two modes
    spell, first, second = (cc.abilities[a0 + k] for k in range(3))
    assert spell[AbilCol.KIND] == AbilityKind.SPELL and spell[AbilCol.MODES] == 2
    assert spell[AbilCol.TG_COUNT] == 0 and spell[AbilCol.ST_COUNT] == 0
    assert first[AbilCol.KIND] == AbilityKind.MODE == second[AbilCol.KIND]
    assert first[AbilCol.TG_COUNT] == 1 and second[AbilCol.TG_COUNT] == 0
    assert cc.steps[first[AbilCol.ST_START], StepCol.OP] == Op.DAMAGE
    assert cc.steps[second[AbilCol.ST_START], StepCol.OP] == Op.DRAW
    assert cc.targets[first[AbilCol.TG_START], TargCol.INTENT] == 0  # harm: derived per mode
    # the role reads every mode: damage to a creature makes it removal
    assert cc.cards[card, CardCol.AI_ROLE] == AiRole.REMOVAL
    # AB_KINDS lists the card's abilities, not its modes
    assert not (int(cc.cards[card, CardCol.AB_KINDS]) >> AbilityKind.MODE) & 1


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        (
            'kind = "spell"\n',
            'kind = "spell"\nsteps = [{ op = "draw", ref = "you" }]\n',
            "in its modes only",
        ),
        ('kind = "spell"\n', 'kind = "static"\n', "may be modal"),
        ('[[card.ability.modes]]\nsteps = [{ op = "draw", ref = "you" }]\n', "", "2..8 mode"),
        (
            'steps = [{ op = "draw", ref = "you" }]\n',
            'steps = [{ op = "draw", ref = 0 }]\n',
            "does not exist",
        ),
    ],
)
def test_bad_modes_are_refused(tmp_path: Path, old: str, new: str, words: str) -> None:
    text = MODAL.replace(old, new, 1)
    assert text != MODAL
    problems = _problems(tmp_path, text)
    assert any(words in p and "Test Choice" in p for p in problems), problems


def test_mode_is_not_a_kind_to_write(tmp_path: Path) -> None:
    problems = _problems(tmp_path, MODAL.replace('kind = "spell"', 'kind = "mode"', 1))
    assert any("modes are written as" in p for p in problems), problems


def test_bloomburrow_modal_cards_are_exact(cat) -> None:
    for name, n_modes in (
        ("Spellgyre", 2),
        ("Pawpatch Formation", 3),
        ("Early Winter", 2),
        ("Downwind Ambusher", 2),
        ("Hivespine Wolverine", 3),
    ):
        rec = cat.lookup(name)
        assert rec.support_name == "exact", name
        modal = [a for a in rec.abilities if a.modes]
        assert len(modal) == 1 and len(modal[0].modes) == n_modes, name


def test_new_trigger_kinds_read(cat) -> None:
    assert cat.lookup("Moonstone Harbinger").abilities[0].once
    for name in ("Otterball Antics", "Ruthless Negotiation"):
        assert [a.kind for a in cat.lookup(name).abilities][-1] == AbilityKind.FLASHBACK
    kinds = {a.kind for a in cat.lookup("Corpseberry Cultivator").abilities}
    assert kinds == {AbilityKind.BEGIN_COMBAT, AbilityKind.FORAGED}
    assert cat.lookup("Brambleguard Captain").abilities[0].kind == AbilityKind.BEGIN_COMBAT


FLASHBACK = """
[[card]]
name = "Test Replay"
set = "TEST"
rarity = "common"
cost = "{U}"
type_line = "Sorcery"
support = "exact"
oracle = "Draw a card. If this spell was cast from a graveyard, draw a card.\\nFlashback {2}{U}"

[[card.ability]]
kind = "spell"
steps = [{ op = "draw", ref = "you" }, { op = "draw", ref = "you", when = "cast_from_graveyard" }]

[[card.ability]]
kind = "flashback"
cost = "{2}{U}"
"""


def test_flashback_compiles_its_cost(tmp_path: Path) -> None:
    path = tmp_path / "ok.toml"
    path.write_text(FLASHBACK, encoding="utf-8")
    cc = load_catalog([path]).compiled
    card = cc.id_of("Test Replay")
    a0 = int(cc.cards[card, CardCol.AB_START])
    fb = cc.abilities[a0 + 1]
    assert fb[AbilCol.KIND] == AbilityKind.FLASHBACK
    assert fb[AbilCol.COST_GENERIC] == 2 and fb[AbilCol.COST_U] == 1
    assert (int(cc.cards[card, CardCol.AB_KINDS]) >> AbilityKind.FLASHBACK) & 1


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ('cost = "{2}{U}"\n', "", "flashback ability belongs"),
        ('type_line = "Sorcery"', 'type_line = "Artifact"', "flashback ability belongs"),
        (
            'kind = "flashback"\n',
            'kind = "flashback"\nsteps = [{ op = "draw", ref = "you" }]\n',
            "no targets or steps",
        ),
        ('kind = "spell"\n', 'kind = "spell"\nwhen = "cast_from_graveyard"\n', "spell's steps"),
    ],
)
def test_bad_flashback_is_refused(tmp_path: Path, old: str, new: str, words: str) -> None:
    text = FLASHBACK.replace(old, new, 1)
    assert text != FLASHBACK
    problems = _problems(tmp_path, text)
    assert any(words in p for p in problems), problems


def test_once_each_turn_only_on_controller_events(tmp_path: Path) -> None:
    text = FLASHBACK.replace('kind = "spell"\n', 'kind = "spell"\nonce = true\n', 1)
    problems = _problems(tmp_path, text)
    assert any("only once each turn" in p for p in problems), problems


def test_spell_cost_reducer_is_marked(cat) -> None:
    cc = cat.compiled
    kinds = int(cc.cards[cc.id_of("Stormcatch Mentor"), CardCol.AB_KINDS])
    assert (kinds >> AbilityKind.SPELLS_COST_LESS) & 1 and (kinds >> AbilityKind.STATIC) & 1
    assert (
        not (int(cc.cards[cc.id_of("Spellgyre"), CardCol.AB_KINDS]) >> AbilityKind.SPELLS_COST_LESS)
        & 1
    )

"""One face of a split, adventure or double-faced card written alone (audit21): "Dawn" was an
unknown card though only Dusk // Dawn has that face. A face other than the front one is read as
the full card with a warning; a face of several cards is an error naming them, in deck files
and scenario files alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.cards.catalog import Catalog, load_catalog
from analyzer.errors import InputError
from analyzer.io import parse_deck_text
from analyzer.io.scenario import parse_scenario

# a second card with the face "Dawn" makes that face ambiguous
NIGHT = """
[[card]]
name = "Night // Dawn"
set = "TST"
rarity = "uncommon"
cost = "{1}{B}"
type_line = "Sorcery"
support = "unsupported"
oracle = "Target player discards a card."
"""

DECK = "1 {name}\n15 Island\n24 Swamp\n"


@pytest.fixture(scope="module")
def two_dawns(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    path = tmp_path_factory.mktemp("cards") / "night.toml"
    path.write_text(NIGHT, encoding="utf-8")
    return load_catalog([path])


@pytest.mark.parametrize(
    "written, full",
    [
        ("Dawn", "Dusk // Dawn"),
        ("fungus frolic", "Brightcap Badger // Fungus Frolic"),  # an adventure's spell
        ("Cast Off", "Realm-Cloaked Giant // Cast Off"),
    ],
)
def test_a_lone_later_face_reads_as_its_card_with_a_warning(written: str, full: str) -> None:
    cat = load_catalog()
    deck = parse_deck_text(DECK.format(name=written), "d.txt", catalog=cat)
    assert deck.main[0] == (full, 1)
    (warning,) = [w for w in deck.warnings if w.severity == "warning"]
    assert f'"{written}" read as {full}' in warning.message and warning.line == 1


def test_the_front_face_alone_stays_silent() -> None:
    """Arena and MTGO write adventure and double-faced cards by their front face."""
    deck = parse_deck_text(DECK.format(name="Dusk"), "d.txt", catalog=load_catalog())
    assert deck.main[0] == ("Dusk // Dawn", 1) and not deck.warnings


def test_a_face_of_two_cards_is_an_error_naming_both(two_dawns: Catalog) -> None:
    assert two_dawns.lookup("Dawn") is None
    assert two_dawns.lookup("Night // Dawn").name == "Night // Dawn"
    with pytest.raises(InputError) as err:
        parse_deck_text(DECK.format(name="Dawn"), "d.txt", catalog=two_dawns)
    (problem,) = err.value.problems
    assert problem.message == (
        'ambiguous card "Dawn" (a face of 2 cards): did you mean Dusk // Dawn or Night // Dawn?'
    )


def _scenario(card: str) -> str:
    return f'[game]\nplayers = 2\n\n[[seat]]\nhand = ["{card}"]\n\n[[seat]]\nlife = 20\n'


def test_scenario_files_read_faces_alike(two_dawns: Catalog) -> None:
    scn = parse_scenario(_scenario("Dawn"), "f.toml")
    assert scn.seats[0].hand == ["Dusk // Dawn"]
    assert any('"Dawn" read as Dusk // Dawn' in w for w in scn.warnings), scn.warnings
    with pytest.raises(InputError) as err:
        parse_scenario(_scenario("Dawn"), "f.toml", catalog=two_dawns)
    (problem,) = err.value.problems
    assert "seat[0].hand[0]: ambiguous card 'Dawn' (a face of 2 cards)" in problem.message
    assert "Night // Dawn" in problem.message


def test_a_scenario_seats_deck_passes_its_import_warnings_on(tmp_path: Path) -> None:
    """A seat's deck file was read and its warnings (here the face) dropped."""
    deck = tmp_path / "d.txt"
    deck.write_text(DECK.format(name="Dawn"), encoding="utf-8")
    text = _scenario("Island").replace("[[seat]]\nlife", f'[[seat]]\ndeck = "{deck}"\nlife', 1)
    scn = parse_scenario(text, "f.toml", base_dir=tmp_path)
    assert any("seat[1].deck" in w and '"Dawn" read as' in w for w in scn.warnings), scn.warnings

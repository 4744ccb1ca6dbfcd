"""Islandwalk (Chasm Skulker's Squids) and "creatures you control with power or toughness 1 or
less can't be blocked" (Tetsuko Umezawa, Fugitive), issue 21 item 2: the blocks a scenario's
`[expect]` cannot show (refused as input errors), and whole 4-player games with the cards under
the invariant checks. The rules are tests/scenarios/unblockable_islandwalk_and_small_creatures
and you_draw_chasm_skulker_dies_squids."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import play_pod_games

from analyzer.analysis.scenario_run import play
from analyzer.cards.catalog import load_catalog
from analyzer.errors import InputError
from analyzer.io.scenario import parse_scenario

SCEN = Path(__file__).parent / "scenarios"
EVASION = SCEN / "unblockable_islandwalk_and_small_creatures.toml"
CARDS = ("Chasm Skulker", "Tetsuko Umezawa, Fugitive")


def _blocking(blocked: str, defender_land: str = "Island", tetsuko: bool = True) -> dict:
    """The evasion scenario with Treetop Sentries blocking `blocked`, the defending player's
    land `defender_land`, and without Tetsuko unless `tetsuko`."""
    text = EVASION.read_text(encoding="utf-8")
    bad = text.replace(
        '[["Treetop Sentries", "Jolly Gerbils"]]', f'[["Treetop Sentries", "{blocked}"]]'
    )
    bad = bad.replace('["Island", "Treetop', f'["{defender_land}", "Treetop')
    if not tetsuko:
        bad = bad.replace('{ card = "Tetsuko Umezawa, Fugitive", sick = false },', "")
        bad = bad.replace('"Tetsuko Umezawa, Fugitive", "Jolly', '"Jolly')
        assert "Tetsuko" not in bad.split("[[action]]", 1)[1].split("[expect]")[0]
    assert bad != text
    return play(parse_scenario(bad, "<test>", base_dir=SCEN))


def test_the_cards_are_exact() -> None:
    catalog = load_catalog()
    assert all(catalog.lookup(n).support_name == "exact" for n in CARDS)


@pytest.mark.parametrize("blocked", ["Squid 1/1 Islandwalk", "Tetsuko Umezawa, Fugitive"])
def test_a_defender_with_an_island_cannot_block_them(blocked: str) -> None:
    with pytest.raises(InputError) as err:
        _blocking(blocked)
    assert f"Treetop Sentries can't block {blocked}" in str(err.value)


def test_without_an_island_only_tetsuko_keeps_the_squid_unblocked() -> None:
    # islandwalk reads the defending player's lands; the Squid is a 1/1, so with Tetsuko it
    # stays unblockable without an Island
    with pytest.raises(InputError) as err:
        _blocking("Squid 1/1 Islandwalk", defender_land="Plains")
    assert "Treetop Sentries can't block Squid 1/1 Islandwalk" in str(err.value)
    with pytest.raises(InputError, match="Treetop Sentries can't block Squid 1/1 Islandwalk"):
        _blocking("Squid 1/1 Islandwalk", tetsuko=False)
    state = _blocking("Squid 1/1 Islandwalk", defender_land="Plains", tetsuko=False)
    assert state["seats"][1]["life"] == 20 - 2  # the Gerbils' 2; the Squid was blocked
    assert [p["card"] for p in state["seats"][0]["battlefield"]] == ["Jolly Gerbils"]


def test_a_pumped_creature_loses_tetsukos_evasion() -> None:
    # Tetsuko reads power and toughness after every effect: the 2/3 Gerbils are blockable,
    # the 1/3 Tetsuko is not (the scenario), and a 2/2 Squid with a counter is blockable
    text = EVASION.read_text(encoding="utf-8")
    grown = text.replace(
        '{ card = "Squid 1/1 Islandwalk", sick = false }',
        '{ card = "Squid 1/1 Islandwalk", sick = false, counters = { "+1/+1" = 1 } }',
    ).replace('["Island", "Treetop', '["Plains", "Treetop')
    grown = grown.replace(
        '[["Treetop Sentries", "Jolly Gerbils"]]', '[["Treetop Sentries", "Squid 1/1 Islandwalk"]]'
    )
    state = play(parse_scenario(grown, "<test>", base_dir=SCEN))
    assert state["seats"][1]["life"] == 20 - 1 - 2  # Tetsuko and the Gerbils unblocked


def test_games_with_the_evasion_cards_keep_the_invariants(tmp_path) -> None:
    # three of each card and its helpers (draws for the Skulker) with five of each basic in each
    # of four decks, played in whole 4-player games under the invariant checks
    names = ("Chasm Skulker", "Tetsuko Umezawa, Fugitive", "Secret Rendezvous", "Putrefy")
    lines = [f"3 {n}" for n in names]
    lines += [f"6 {land}" for land in ("Plains", "Island", "Swamp", "Mountain", "Forest")]
    path = tmp_path / "evasion.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    catalog = load_catalog()
    g = play_pod_games(path, catalog=catalog)
    assert g.failures == []
    assert g.spells >= 40  # the cards were cast, not only held
    assert g.cast["Chasm Skulker"] > 0 and g.cast["Tetsuko Umezawa, Fugitive"] > 0, g.cast

"""Activation restrictions (602.5b) and Class levels (716) on scenario positions: what the
scenario files with an ``[expect]`` table (tests/scenarios/activate_only_if_threshold_only_once,
class_level_*) cannot say, because the action is refused: each refusal is an input error that
names the restriction, and nothing is paid."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.analysis.scenario_run import play
from analyzer.errors import InputError
from analyzer.io.scenario import parse_scenario, read_scenario

SCEN = Path(__file__).parent / "scenarios"


def _refused(name: str, edit) -> str:
    scn = read_scenario(SCEN / f"{name}.toml")
    edit(scn)
    with pytest.raises(InputError) as err:
        play(scn)
    return str(err.value)


def test_activate_only_once_refuses_a_second_activation() -> None:
    """Thought Shucker: "Activate only ... once": its second activation is refused, although
    four Islands could pay for two."""

    def twice(scn) -> None:
        scn.actions = scn.actions + scn.actions

    assert "activation restriction" in _refused("activate_only_if_threshold_only_once", twice)


def test_activate_only_if_threshold_needs_seven_cards() -> None:
    def six_cards(scn) -> None:
        scn.seats[0].graveyard = scn.seats[0].graveyard[:6]

    assert "activation restriction" in _refused("activate_only_if_threshold_only_once", six_cards)


def test_level_three_needs_level_two_first() -> None:
    """716.2a: "{3}{U}: Level 3" can be activated only while the Class is level 2."""

    def skip_level_two(scn) -> None:
        scn.actions[2].ability = 2
        scn.actions = scn.actions[2:]

    msg = _refused("class_level_three_flickers_after_damage", skip_level_two)
    assert "activation restriction" in msg


def test_levelling_up_twice_to_the_same_level_is_refused() -> None:
    def level_two_twice(scn) -> None:
        scn.actions[2].ability = 1

    msg = _refused("class_level_three_flickers_after_damage", level_two_twice)
    assert "activation restriction" in msg


def test_paying_life_needs_that_much_life() -> None:
    """119.4: Sinister Monolith's "Pay 2 life" cannot be paid at 1 life."""

    def one_life(scn) -> None:
        scn.seats[0].life = 1

    assert "activation restriction" in _refused("pay_life_cost_sacrifice_draw", one_life)


def test_forage_or_pay_b_without_forage_costs_one_more_black() -> None:
    """Feed the Cycle with an empty graveyard and no Food: {1}{B}{B}; two Swamps fall short."""

    def no_forage(scn) -> None:
        scn.seats[0].graveyard = []
        scn.seats[0].battlefield = scn.seats[0].battlefield[:2]

    assert "mana cost" in _refused("additional_cost_forage_or_pay_b", no_forage)


def test_forage_or_pay_b_pays_b_when_it_cannot_forage() -> None:
    scn = read_scenario(SCEN / "additional_cost_forage_or_pay_b.toml")
    scn.seats[0].graveyard = []
    mine = play(scn)["seats"][0]
    assert [p["tapped"] for p in mine["battlefield"]] == [True, True, True]
    assert mine["exile"] == [] and mine["graveyard"] == ["Feed the Cycle"]


def test_a_power_2_creature_cannot_block_the_rampager() -> None:
    """Treetop Sentries (power 2) may not block Rust-Shield Rampager: an input error."""
    text = (SCEN / "cant_be_blocked_by_power_2_or_less.toml").read_text(encoding="utf-8")
    bad = text.replace('[["Quaketusk Boar",', '[["Treetop Sentries",')
    assert bad != text
    with pytest.raises(InputError) as err:
        play(parse_scenario(bad, "<test>", base_dir=SCEN))
    assert "Treetop Sentries can't block Rust-Shield Rampager" in str(err.value)

"""The Squirreled Away precon's rules that refuse a play (issue 21): a cost that can't be paid,
an ability whose "Activate only if" does not hold. The plays they allow are scenario files
(tests/scenarios/*: Tainted Wood, Deadly Dispute, Idol of Oblivion)."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.analysis.scenario_run import play
from analyzer.errors import InputError
from analyzer.io.scenario import parse_scenario

SCEN = Path(__file__).parent / "scenarios"

POSITION = """
[game]
players = 2
active = 0
turn = 5
phase = "main1"

[[seat]]
hand = [{hand}]
battlefield = [{battlefield}]
library = ["Forest", "Forest"]

[[seat]]
battlefield = ["Beast 4/4"]
library = ["Island", "Island"]

[[action]]
{action}
"""


def _refusal(hand: str, battlefield: str, action: str) -> str:
    text = POSITION.format(hand=hand, battlefield=battlefield, action=action)
    with pytest.raises(InputError) as err:
        play(parse_scenario(text, "<test>", base_dir=SCEN))
    return str(err.value)


def test_tainted_wood_makes_colored_mana_only_with_a_swamp() -> None:
    # "{T}: Add {B} or {G}. Activate only if you control a Swamp." (602.5b): two Tainted Woods
    # and a Forest make no {B} for Putrefy ({1}{B}{G}); a Swamp among them does
    cast = 'cast = "Putrefy"\ntargets = ["battlefield:1:Beast 4/4"]'
    woods = '"Tainted Wood", "Tainted Wood"'
    assert "can't be paid" in _refusal('"Putrefy"', woods + ', "Forest"', cast)
    state = play(
        parse_scenario(
            POSITION.format(hand='"Putrefy"', battlefield=woods + ', "Swamp"', action=cast)
            + "\n[[action]]\nresolve = true\n",
            "<test>",
            base_dir=SCEN,
        )
    )
    assert [p["card"] for p in state["seats"][1]["battlefield"]] == []


def test_deadly_dispute_needs_an_artifact_or_creature_to_sacrifice() -> None:
    # "As an additional cost to cast this spell, sacrifice an artifact or creature" (601.2h:
    # a cost is paid only with what its payer has)
    msg = _refusal('"Deadly Dispute"', '"Swamp", "Swamp", "Forest"', 'cast = "Deadly Dispute"')
    assert "additional cost" in msg


def test_idol_of_oblivion_draws_only_after_a_token_was_created() -> None:
    # "{T}: Draw a card. Activate only if you created a token this turn." (602.5b)
    msg = _refusal('"Swamp"', '"Idol of Oblivion", "Food"', 'activate = "Idol of Oblivion"')
    assert "Idol of Oblivion" in msg


def test_beledros_untaps_lands_only_once_each_turn() -> None:
    # "Pay 10 life: Untap all lands you control. Activate only once each turn." (602.5b)
    act = 'activate = "Beledros Witherbloom"\n\n[[action]]\nactivate = "Beledros Witherbloom"'
    msg = _refusal('"Swamp"', '"Forest", "Beledros Witherbloom"', act)
    assert "Beledros Witherbloom" in msg

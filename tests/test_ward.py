"""Ward {2} (702.21): targeting an opponent's warded permanent costs {2} more, or the spell is
countered (and a promised gift is not given)."""

from __future__ import annotations

from pathlib import Path

from analyzer.analysis.scenario_run import play
from analyzer.io.scenario import parse_scenario

SCEN = Path(__file__).parent / "scenarios"


def _blast(lands: int) -> dict:
    mountains = ", ".join(['"Mountain"'] * lands)
    return play(
        parse_scenario(
            f"""
[game]
card_data = ["cards/test_cards.toml"]
[[seat]]
hand = ["Blooming Blast"]
battlefield = [{mountains}]
[[seat]]
battlefield = ["Test Warded Bear"]
[[action]]
seat = 0
cast = "Blooming Blast"
promise = true
targets = ["battlefield:1:Test Warded Bear"]
""",
            "<test>",
            base_dir=SCEN,
        )
    )


def _untapped(state: dict, seat: int) -> int:
    return sum(
        1
        for p in state["seats"][seat]["battlefield"]
        if p["card"] == "Mountain" and not p["tapped"]
    )


def test_ward_is_paid_when_the_caster_can():
    s = _blast(4)
    assert _untapped(s, 0) == 0  # {1}{R} plus ward {2}
    assert "Test Warded Bear" in s["seats"][1]["graveyard"]
    assert s["seats"][1]["life"] == 17
    assert s["seats"][1]["gifts_received"] == 1


def test_ward_counters_the_spell_when_unpaid_and_no_gift_is_given():
    s = _blast(2)
    assert [p["card"] for p in s["seats"][1]["battlefield"]] == ["Test Warded Bear"]
    assert s["seats"][1]["life"] == 20
    assert s["seats"][1]["gifts_received"] == 0
    assert s["seats"][0]["graveyard"] == ["Blooming Blast"]


def test_ward_is_a_trigger_on_the_stack_controlled_by_the_warded_permanents_controller():
    # 702.21a: ward triggers when the permanent becomes a target; its controller controls the
    # trigger, which resolves (asking for {2}) before the spell does
    text = """
[game]
card_data = ["cards/test_cards.toml"]
resolve_at_end = false
[[seat]]
hand = ["Blooming Blast"]
battlefield = ["Mountain", "Mountain", "Mountain", "Mountain"]
[[seat]]
battlefield = ["Test Warded Bear"]
[[action]]
seat = 0
cast = "Blooming Blast"
promise = true
targets = ["battlefield:1:Test Warded Bear"]
[[action]]
resolve = 0
"""
    s = play(parse_scenario(text, "<test>", base_dir=SCEN))
    assert [(e["card"], e["kind"], e["controller"]) for e in s["stack"]] == [
        ("Test Warded Bear", "ward", 1),
        ("Blooming Blast", "spell", 0),
    ]  # top first
    assert _untapped(s, 0) == 2  # not paid yet
    s = play(parse_scenario(text.replace("resolve = 0", "resolve = 1"), "<test>", base_dir=SCEN))
    assert [e["kind"] for e in s["stack"]] == ["spell"] and _untapped(s, 0) == 0

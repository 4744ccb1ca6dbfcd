"""Rules tests on scenario positions (tests/scenarios/*.toml): CR 702.174 item by item (DESIGN
section 5), the seed cards' rulings, other engines' bugs as regressions, and combat keywords.

Each test plays a scenario file (or the first actions of one, or a small variant) and checks
the exact resulting state. Names say the behaviour pinned down. A file whose outcome is one
state carries it in an `[expect]` table instead (tests/test_scenario_expect.py): trample,
first strike and lifelink, vigilance and double strike, the Fish gift, the gift trigger on an
empty library, Coiling Rebirth's copy.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import bf, seat

from analyzer.analysis.scenario_run import play
from analyzer.errors import InputError
from analyzer.io.scenario import parse_scenario, read_scenario
from analyzer.io.scenario_model import Ref

SCEN = Path(__file__).parent / "scenarios"


def run(name: str, upto: int | None = None, **change: Any) -> dict[str, Any]:
    """Play scenario `name`; only its first `upto` actions; `change` overrides fields of the
    parsed scenario (e.g. resolve_at_end=False) or of its actions (`action1_promise=False`)."""
    scn = read_scenario(SCEN / f"{name}.toml")
    for key, value in change.items():
        if key.startswith("action"):
            idx, attr = key[6:].split("_", 1)
            setattr(scn.actions[int(idx)], attr, value)
        else:
            setattr(scn, key, value)
    if upto is not None:
        scn.actions = scn.actions[:upto]
    return play(scn)


def run_text(text: str) -> dict[str, Any]:
    return play(parse_scenario(text, "<test>", base_dir=SCEN))


def creatures(state: dict, seat: int) -> list[str]:
    return sorted(p["card"] for p in bf(state, seat) if p["power"] is not None)


def input_error(fn, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(InputError) as err:
        fn(*args, **kwargs)
    return str(err.value)


# ---- 702.174a, k: the promise is a cast-time choice; the gift is not given then ------------------


def test_promise_is_made_on_cast_and_the_gift_waits_for_resolution():
    s = run("gift_not_given_at_cast")
    assert s["stack"] == [
        {
            "card": "Blooming Blast",
            "controller": 0,
            "kind": "spell",
            "promised": True,
            "gift_to": 1,
            "targets": ["battlefield:1:Jolly Gerbils"],
        }
    ]
    assert bf(s, 1, "Treasure") == []
    assert (seat(s, 0)["gifts_promised"], seat(s, 0)["gifts_given"]) == (1, 0)


def test_gift_cannot_be_promised_to_the_caster():
    msg = input_error(run, "gift_not_given_at_cast", action0_gift_to=0)
    assert "action[0] (cast Blooming Blast)" in msg and "not to the caster" in msg


def test_card_without_gift_cannot_be_promised():
    msg = input_error(
        run_text,
        """
[game]
[[seat]]
hand = ["Jolly Gerbils"]
battlefield = ["Plains", "Plains"]
[[action]]
cast = "Jolly Gerbils"
promise = true
""",
    )
    assert "has no gift to promise" in msg


# ---- 702.174j: instant/sorcery gift first; countered or fizzled: nothing -------------------------


def test_gift_card_is_drawn_before_heist_so_heist_can_take_it():
    s = run("gift_card_before_heist", upto=2)
    assert seat(s, 1)["hand"] == ["Forest"]
    assert seat(s, 1)["exile"] == ["Octomancer"]
    assert seat(s, 0)["may_cast_from_exile"] == ["Octomancer"]
    assert seat(s, 1)["gifts_received"] == 1


def test_heist_card_is_cast_from_exile_with_mana_of_any_type():
    s = run("gift_card_before_heist")
    octo = bf(s, 0, "Octomancer")
    assert len(octo) == 1 and octo[0]["owner"] == 1 and octo[0]["controller"] == 0
    assert all(p["tapped"] for p in bf(s, 0, "Swamp"))  # {3}{G}{U} paid with Swamps
    assert seat(s, 1)["exile"] == []


def test_heist_without_promise_exiles_but_grants_no_cast():
    s = run("gift_card_before_heist", upto=2, action0_promise=False)
    assert seat(s, 1)["hand"] == ["Forest"]  # no gift: the top card stays in the library
    assert seat(s, 1)["library_size"] == 2
    assert seat(s, 1)["exile"] == []  # a land: nothing to take
    assert seat(s, 0)["may_cast_from_exile"] == []


def test_heist_cast_from_exile_follows_its_timing():
    msg = input_error(
        run_text,
        """
[game]
active = 1
phase = "main1"
[[seat]]
battlefield = ["Swamp", "Swamp", "Swamp", "Swamp", "Swamp"]
[[seat]]
exile = [{ card = "Octomancer", castable_by = 0 }]
[[action]]
seat = 0
cast = "Octomancer"
""",
    )
    assert "only in seat 0's own turn" in msg


def test_countered_gift_spell_gives_no_gift():
    s = run("countered_gift_spell_gives_nothing")
    assert bf(s, 1, "Treasure") == []
    assert bf(s, 1, "Jolly Gerbils")[0]["damage"] == 0
    assert seat(s, 1)["life"] == 20
    assert seat(s, 0)["graveyard"] == ["Blooming Blast"]
    assert seat(s, 0)["gifts_undelivered"] == 1 and seat(s, 1)["gifts_received"] == 0
    # the counterspell's own promised gift did arrive
    assert seat(s, 0)["hand"] == ["Plains"] and seat(s, 0)["gifts_received"] == 1


def test_long_rivers_pull_counters_noncreature_spell_only_when_promised():
    """XMage #12889: the promised mode's target group must be the one checked."""
    msg = input_error(run, "countered_gift_spell_gives_nothing", action1_promise=False)
    assert "action[1] (cast Long River's Pull)" in msg
    assert "stack:top is not a legal target" in msg and "creature spell" in msg


def test_long_rivers_pull_without_promise_counters_creature_spell():
    s = run_text("""
[game]
[[seat]]
hand = ["Jolly Gerbils"]
battlefield = ["Plains", "Plains"]
[[seat]]
hand = ["Long River's Pull"]
battlefield = ["Island", "Island"]
library = ["Island"]
[[action]]
cast = "Jolly Gerbils"
[[action]]
seat = 1
cast = "Long River's Pull"
targets = ["stack:Jolly Gerbils"]
""")
    assert seat(s, 0)["graveyard"] == ["Jolly Gerbils"] and bf(s, 0, "Jolly Gerbils") == []
    assert seat(s, 0)["hand"] == []  # no gift


def test_fizzled_gift_spell_gives_no_gift_and_does_nothing_else():
    s = run("fizzle_no_gift")
    assert seat(s, 1)["hand"] == [] and seat(s, 1)["library_size"] == 2
    assert bf(s, 1, "Treetop Sentries")[0]["damage"] == 0
    assert bf(s, 0, "Scrapshooter")[0]["damage"] == 0
    assert seat(s, 0)["gifts_undelivered"] == 1 and seat(s, 0)["gifts_given"] == 0
    assert sorted(seat(s, 0)["graveyard"]) == ["Nocturnal Hunger", "Wildfire Howl"]


def test_wildfire_howl_promised_gift_then_one_damage_and_two_to_each_creature():
    s = run("fizzle_no_gift", upto=1)
    assert seat(s, 1)["hand"] == ["Island"]
    assert "Jolly Gerbils" in seat(s, 1)["graveyard"]  # 1 + 2 damage on a 2/3
    assert bf(s, 1, "Treetop Sentries")[0]["damage"] == 2
    assert bf(s, 0, "Scrapshooter")[0]["damage"] == 2


def test_wildfire_howl_without_promise_has_no_target():
    msg = input_error(run, "fizzle_no_gift", upto=1, action0_promise=False)
    assert "too many targets" in msg and "without the promise" in msg


# ---- 702.174b: a permanent's gift is an enters trigger of the caster -----------------------------


def test_permanent_gift_is_its_own_enters_trigger_resolving_after_the_other():
    s = run("kitnap_gift_trigger_ordered", upto=2, resolve_at_end=False)
    assert [(e["card"], e["kind"], e["controller"]) for e in s["stack"]] == [
        ("Kitnap", "ability", 0),
        ("Kitnap", "gift", 0),
    ]
    assert s["stack"][1]["gift_to"] == 1


def test_kitnap_promised_steals_and_taps_without_stun_and_gives_a_card():
    s = run("kitnap_gift_trigger_ordered")
    shooter = bf(s, 0, "Scrapshooter")[0]
    assert shooter["owner"] == 1 and shooter["tapped"] and shooter["counters"] == {}
    assert bf(s, 0, "Kitnap")[0]["attached_to"] == "battlefield:0:Scrapshooter"
    assert seat(s, 1)["hand"] == ["Forest"]


def test_kitnap_not_promised_three_stun_counters_and_no_gift():
    s = run("kitnap_not_promised")
    shooter = bf(s, 0, "Scrapshooter")[0]
    assert shooter["counters"] == {"stun": 3} and shooter["tapped"]
    assert seat(s, 1)["hand"] == [] and seat(s, 1)["gifts_received"] == 0


# ---- 702.174m and the Into the Flood Maw ruling: targets per mode --------------------------------


def test_permanent_can_be_promised_with_no_target_for_its_trigger():
    s = run("scrapshooter_promised_without_target")
    assert seat(s, 1)["hand"] == ["Island"] and seat(s, 1)["gifts_received"] == 1
    s = run("starforged_sword_promised_no_creature")
    fish = bf(s, 1, "Fish")
    assert len(fish) == 1 and fish[0]["tapped"]
    assert bf(s, 0, "Starforged Sword")[0]["attached_to"] is None


def test_scrapshooter_promised_destroys_an_opposing_artifact():
    s = run("scrapshooter_promised_destroys")
    assert bf(s, 1, "Food") == [] and seat(s, 1)["hand"] == ["Island"]


def test_promised_only_target_must_exist_and_the_gift_fish_cannot_be_it():
    text = """
[game]
phase = "main1"
[[seat]]
hand = ["Mind Spiral"]
battlefield = ["Island", "Island", "Island", "Island", "Island"]
library = ["Island", "Island", "Island"]
[[seat]]
library = ["Forest"]
[[action]]
cast = "Mind Spiral"
promise = PROMISE
targets = ["seat:0"]
"""
    msg = input_error(run_text, text.replace("PROMISE", "true"))
    assert "too few targets" in msg and "creature an opponent controls" in msg
    s = run_text(text.replace("PROMISE", "false"))
    assert len(seat(s, 0)["hand"]) == 3


def test_dewdrop_cure_up_to_two_without_promise_three_with():
    three = [
        "graveyard:0:Jolly Gerbils",
        "graveyard:0:Brightblade Stoat",
        "graveyard:0:Test Herald",
    ]
    msg = input_error(run, "dewdrop_cure_three_promised", action0_promise=False, action0_gift_to=-1)
    assert "too many targets" in msg and "at most 2" in msg
    two = read_scenario(SCEN / "dewdrop_cure_three_promised.toml").actions[0].targets[:2]
    s = run(
        "dewdrop_cure_three_promised",
        action0_promise=False,
        action0_gift_to=-1,
        action0_targets=two,
    )
    assert creatures(s, 0) == ["Brightblade Stoat", "Jolly Gerbils"]
    s = run("dewdrop_cure_three_promised")
    assert creatures(s, 0) == sorted(t.split(":")[2] for t in three)


def test_dewdrop_cure_refuses_mana_value_three():
    msg = input_error(
        run_text,
        """
[game]
card_data = ["cards/test_cards.toml"]
[[seat]]
hand = ["Dewdrop Cure"]
graveyard = ["Scrapshooter"]
battlefield = ["Plains", "Plains", "Plains"]
[[action]]
cast = "Dewdrop Cure"
targets = ["graveyard:0:Scrapshooter"]
""",
    )
    assert "not a legal target" in msg and "mana value 2 or less" in msg


# ---- 702.174d-i: the six gifts -------------------------------------------------------------------


def test_gift_treasure_is_a_real_treasure_the_recipient_spends():
    s = run("gift_treasure_then_paid_with", upto=2)
    (t,) = bf(s, 1, "Treasure")
    assert t["token"] and not t["tapped"] and t["controller"] == 1
    assert seat(s, 1)["life"] == 17  # promised: 3 damage to the creature's controller
    s = run("gift_treasure_then_paid_with")
    assert bf(s, 1, "Treasure") == []
    assert seat(s, 0)["graveyard"] == ["Blooming Blast", "Jolly Gerbils"]


def test_gift_food_is_a_real_food_the_recipient_eats():
    s = run("gift_food_then_eaten", upto=2)
    (food,) = bf(s, 1, "Food")
    assert food["token"] and not food["tapped"]
    gerbils = bf(s, 0, "Jolly Gerbils")[0]
    assert (gerbils["power"], gerbils["toughness"]) == (4, 5)
    assert "indestructible" in gerbils["keywords"]
    s = run("gift_food_then_eaten")
    assert bf(s, 1, "Food") == [] and seat(s, 1)["life"] == 18
    assert all(p["tapped"] for p in bf(s, 1, "Forest"))


def test_gift_octopus_is_a_blue_8_8_from_the_enters_trigger():
    s = run("gift_octopus", upto=2)
    (octo,) = bf(s, 1, "Octopus")
    assert (octo["power"], octo["toughness"], octo["colors"], octo["tapped"]) == (8, 8, "U", False)
    assert bf(s, 0, "Octopus") == []


def test_gift_extra_turn_goes_to_the_chosen_opponent_right_after_this_turn():
    s = run("extra_turn_to_recipient", upto=2)
    assert s["extra_turns"] == [2]
    assert len(bf(s, 0, "Bird")) == 4 and all(p["phased_out"] for p in bf(s, 0))
    s = run("extra_turn_to_recipient", upto=3)
    assert (s["turn"], s["active"], s["extra_turns"]) == (5, 2, [])
    s = run("extra_turn_to_recipient")
    assert (s["turn"], s["active"]) == (6, 1)


# ---- 702.174c: "whenever you give a gift" --------------------------------------------------------


def test_permanents_gift_trigger_counts_as_giving_a_gift():
    s = run("scrapshooter_promised_without_target")
    assert seat(s, 0)["hand"] == ["Plains"] and seat(s, 0)["gifts_given"] == 1


# ---- multiplayer: one chosen opponent ------------------------------------------------------------


def test_only_the_chosen_opponent_receives_the_gift():
    s = run("multiplayer_only_chosen_opponent", upto=2)
    assert [len(bf(s, q, "Treasure")) for q in range(4)] == [0, 0, 0, 1]
    assert [seat(s, q)["life"] for q in range(4)] == [20, 17, 20, 20]
    s = run("multiplayer_only_chosen_opponent")  # Wear Down: default recipient, next in turn
    assert [len(seat(s, q)["hand"]) for q in range(4)] == [0, 1, 0, 0]


# ---- 707.10: copies ------------------------------------------------------------------------------


def test_copy_of_promised_spell_is_promised_to_the_same_opponent():
    s = run("copy_of_promised_spell", resolve_at_end=False)
    assert [(e["card"], e["kind"], e["promised"], e["gift_to"]) for e in s["stack"]] == [
        ("Wear Down", "copy", True, 1),
        ("Wear Down", "spell", True, 1),
    ]
    s = run("copy_of_promised_spell")
    # the copy gives its gift and destroys both; the original then has no legal target
    assert seat(s, 1)["hand"] == ["Island"] and bf(s, 1) == []
    assert seat(s, 0)["gifts_given"] == 1 and seat(s, 0)["gifts_undelivered"] == 1


def test_coiling_rebirth_makes_no_copy_of_a_legendary_creature():
    s = run("coiling_rebirth_legendary_no_copy")
    assert [(p["token"]) for p in bf(s, 0, "Test Legend")] == [False]


def test_permanent_entering_as_a_copy_or_returned_is_not_promised():
    s = run_text("""
[game]
[[seat]]
hand = ["Coiling Rebirth"]
graveyard = ["Scrapshooter"]
battlefield = ["Swamp", "Swamp", "Swamp", "Swamp", "Swamp"]
[[seat]]
battlefield = ["Food"]
library = ["Island", "Forest"]
[[action]]
cast = "Coiling Rebirth"
promise = true
targets = ["graveyard:0:Scrapshooter"]
""")
    assert sorted(p["token"] for p in bf(s, 0, "Scrapshooter")) == [False, True]
    assert len(bf(s, 1, "Food")) == 1  # neither Scrapshooter's promised trigger fired
    assert seat(s, 1)["hand"] == ["Island"]  # only Coiling Rebirth's own gift


def test_octomancer_copies_a_token_that_entered_this_turn_as_created():
    s = run("octomancer_copies_token_entered_this_turn")
    copies = [p for p in bf(s, 0, "Scrapshooter") if not p["tapped"]]
    assert len(copies) == 1
    assert (copies[0]["power"], copies[0]["toughness"], copies[0]["counters"]) == (1, 1, {})
    assert "reach" in copies[0]["keywords"]
    assert len(bf(s, 0, "Bird")) == 1  # the Bird entered earlier: not a target


def test_octomancer_copies_the_octopus_it_gifted():
    s = run("gift_octopus")
    assert [(p["power"], p["toughness"]) for p in bf(s, 0, "Octopus")] == [(8, 8)]
    assert len(bf(s, 1, "Octopus")) == 1


# ---- Parting Gust --------------------------------------------------------------------------------


def test_parting_gust_without_promise_returns_it_at_end_step_with_a_counter():
    s = run("parting_gust_not_promised_returns", upto=2)
    assert seat(s, 1)["exile"] == ["Jolly Gerbils"]
    s = run("parting_gust_not_promised_returns")
    assert s["phase"] == "end"
    (g,) = bf(s, 1, "Jolly Gerbils")
    assert (g["controller"], g["counters"], g["power"], g["toughness"]) == (1, {"+1/+1": 1}, 3, 4)


def test_parting_gust_promised_exiles_for_good_and_gives_a_fish():
    s = run("parting_gust_promised_exiles")
    assert seat(s, 1)["exile"] == ["Jolly Gerbils"] and bf(s, 1, "Jolly Gerbils") == []
    assert len(bf(s, 1, "Fish")) == 1


def test_parting_gust_cannot_target_a_token():
    msg = input_error(
        run_text,
        """
[game]
[[seat]]
hand = ["Parting Gust"]
battlefield = ["Plains", "Plains"]
[[seat]]
battlefield = ["Octopus"]
[[action]]
cast = "Parting Gust"
targets = ["battlefield:1:Octopus"]
""",
    )
    assert "nontoken creature" in msg


# ---- combat keywords -----------------------------------------------------------------------------


def test_reach_blocks_and_kills_a_flyer():
    s = run("combat_flying_reach")
    assert bf(s, 0, "Bird") == [] and bf(s, 1, "Scrapshooter")[0]["damage"] == 2


def test_flyer_cannot_be_blocked_without_flying_or_reach():
    bad = [
        (
            Ref("Jolly Gerbils", "battlefield", -1, "Jolly Gerbils"),
            Ref("Bird", "battlefield", -2, "Bird"),
        )
    ]
    msg = input_error(run, "combat_flying_reach", action1_blocks=bad)
    assert "can't block" in msg


def test_deathtouch_kills_a_bigger_blocker():
    s = run("combat_deathtouch")
    assert bf(s, 1, "Octopus") == [] and bf(s, 0, "Daggerfang Duo") == []


def test_menace_needs_two_blockers():
    s = run("combat_menace")
    assert seat(s, 0)["graveyard"] == ["Ravine Raider"]
    block = read_scenario(SCEN / "combat_menace.toml").actions[1].blocks
    msg = input_error(run, "combat_menace", action1_blocks=block[:1])
    assert "menace" in msg


def test_indestructible_creature_survives_lethal_combat_damage():
    s = run("combat_indestructible_trick")
    (g,) = bf(s, 0, "Jolly Gerbils")
    assert g["damage"] == 8 and "indestructible" in g["keywords"]
    assert len(bf(s, 1, "Food")) == 1


def test_first_strike_granted_after_blocks_still_strikes_first():
    s = run("combat_first_strike_granted_after_blocks")
    (g,) = bf(s, 0, "Jolly Gerbils")
    assert (g["power"], g["toughness"], g["damage"]) == (4, 3, 0)
    assert bf(s, 1, "Creature Token") == [] and len(bf(s, 1, "Food")) == 1


def test_blocked_creature_whose_blocker_is_gone_deals_no_damage():
    s = run("combat_blocker_removed_no_damage")
    assert seat(s, 1)["life"] == 20 and bf(s, 1) == []


def test_gift_to_a_player_who_left_does_nothing_but_still_counts_as_given():
    s = run("gift_recipient_left_the_game", resolve_at_end=False)
    assert [e["card"] for e in s["stack"]] == ["Blooming Blast", "Dawn's Truce"]
    s = run("gift_recipient_left_the_game")
    assert seat(s, 1)["lost"] and seat(s, 1)["gifts_received"] == 0
    assert len(bf(s, 2, "Treasure")) == 1
    assert seat(s, 0)["gifts_given"] == 2 and seat(s, 0)["hand"] == ["Island", "Island"]


def test_parting_gust_is_a_ww_instant():
    """Forge review: an early Parting Gust had the wrong cost and type."""
    s = run_text("""
[game]
active = 1
[[seat]]
hand = ["Parting Gust"]
battlefield = ["Plains", "Plains"]
[[seat]]
battlefield = ["Jolly Gerbils"]
library = ["Island"]
[[action]]
seat = 0
cast = "Parting Gust"
promise = true
targets = ["battlefield:1:Jolly Gerbils"]
""")
    assert seat(s, 1)["exile"] == ["Jolly Gerbils"]
    assert all(p["tapped"] for p in bf(s, 0, "Plains"))


def test_built_in_player_casts_the_heist_card_from_exile():
    s = run_text("""
[game]
phase = "main1"
[[seat]]
battlefield = ["Swamp", "Swamp", "Swamp", "Swamp", "Swamp"]
library = ["Swamp", "Swamp"]
[[seat]]
exile = [{ card = "Octomancer", castable_by = 0 }]
library = ["Island", "Island"]
[[action]]
advance = "main2"
""")
    assert [(p["card"], p["owner"]) for p in bf(s, 0, "Octomancer")] == [("Octomancer", 1)]


def test_haste_attacks_at_once_and_summoning_sickness_stops_the_rest():
    text = """
[game]
[[seat]]
battlefield = [{ card = "CARD", sick = true }]
library = ["Mountain"]
[[seat]]
library = ["Island"]
[[action]]
attack = ["CARD"]
[[action]]
block = []
[[action]]
advance = "main2"
"""
    s = run_text(text.replace("CARD", "Quaketusk Boar"))
    assert seat(s, 1)["life"] == 15
    msg = input_error(run_text, text.replace("CARD", "Jolly Gerbils"))
    assert "can't attack" in msg


def test_kitnap_stolen_creature_stays_stolen_and_shakes_off_summoning_sickness():
    # Found in review: every refresh of characteristics handed the creature back to its owner
    # and re-stole it, so it was summoning sick forever (and left combat at each refresh).
    # 302.6: sick only until its new controller's next turn begins.
    text = (
        (SCEN / "kitnap_gift_trigger_ordered.toml").read_text()
        + """
[[action]]
advance = "next_turn"

[[action]]
advance = "next_turn"
"""
    )
    s = run_text(text)
    assert s["active"] == 0 and s["phase"] == "main1"
    shooter = bf(s, 0, "Scrapshooter")[0]
    assert shooter["owner"] == 1 and shooter["controller"] == 0
    assert not shooter["sick"] and not shooter["tapped"]

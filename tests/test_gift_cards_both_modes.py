"""Each gift card in both modes, on small scenario positions written inline: what the card
does with and without the promise, and the corner each card's rulings care about."""

from __future__ import annotations

import pytest
from conftest import bf, run_text, seat

from analyzer.errors import InputError


def both(text: str, plain_targets: str = "", promised_targets: str = "") -> tuple[dict, dict]:
    """(not promised, promised) results of a text whose cast says `promise = PROMISE` (and
    `targets = TARGETS` when the modes take different targets)."""
    return (
        run_text(text.replace("PROMISE", "false").replace("TARGETS", plain_targets)),
        run_text(text.replace("PROMISE", "true").replace("TARGETS", promised_targets)),
    )


def test_blooming_blast_damages_the_controller_only_when_promised():
    plain, promised = both("""
[game]
[[seat]]
hand = ["Blooming Blast"]
battlefield = ["Mountain", "Mountain"]
library = ["Island", "Island", "Island"]
[[seat]]
battlefield = ["Jolly Gerbils"]
library = ["Island", "Island", "Island"]
[[action]]
cast = "Blooming Blast"
promise = PROMISE
targets = ["battlefield:1:Jolly Gerbils"]
""")
    assert (seat(plain, 1)["life"], bf(plain, 1, "Treasure")) == (20, [])
    assert (seat(promised, 1)["life"], len(bf(promised, 1, "Treasure"))) == (17, 1)
    assert bf(plain, 1, "Jolly Gerbils")[0]["damage"] == 2


def test_bilbos_gambit_returns_a_gift_spell_before_it_gives_anything():
    plain, promised = both("""
[game]
[[seat]]
hand = ["Blooming Blast"]
battlefield = ["Mountain", "Mountain"]
library = ["Island", "Island", "Island"]
[[seat]]
hand = ["Bilbo's Gambit"]
battlefield = ["Plains", "Plains", "Jolly Gerbils"]
library = ["Island", "Island", "Island"]
[[action]]
cast = "Blooming Blast"
promise = true
targets = ["battlefield:1:Jolly Gerbils"]
[[action]]
seat = 1
cast = "Bilbo's Gambit"
promise = PROMISE
targets = ["stack:top"]
""")
    for s in (plain, promised):
        assert seat(s, 0)["hand"] == ["Blooming Blast"] and bf(s, 1, "Treasure") == []
        assert seat(s, 0)["gifts_undelivered"] == 1
    assert len(bf(promised, 0, "Treasure")) == 1  # Bilbo's own gift went to seat 0


def test_bilbos_gambit_promised_stops_every_spell_this_turn():
    with pytest.raises(InputError, match="can't cast spells this turn"):
        run_text("""
[game]
[[seat]]
hand = ["Blooming Blast"]
battlefield = ["Mountain", "Mountain", "Mountain", "Mountain"]
library = ["Island", "Island", "Island"]
[[seat]]
hand = ["Bilbo's Gambit"]
battlefield = ["Plains", "Plains", "Jolly Gerbils"]
library = ["Island", "Island", "Island"]
[[action]]
cast = "Blooming Blast"
targets = ["battlefield:1:Jolly Gerbils"]
[[action]]
seat = 1
cast = "Bilbo's Gambit"
promise = true
targets = ["stack:top"]
[[action]]
resolve = true
[[action]]
cast = "Blooming Blast"
targets = ["battlefield:1:Jolly Gerbils"]
""")


@pytest.mark.parametrize(
    "promise,targets,hand",
    [
        (False, '["seat:1"]', []),
        (True, '["seat:1", "graveyard:0:Jolly Gerbils"]', ["Jolly Gerbils"]),
    ],
)
def test_consumed_by_greed_sacrifices_the_greatest_power(promise, targets, hand):
    s = run_text(f"""
[game]
[[seat]]
hand = ["Consumed by Greed"]
graveyard = ["Jolly Gerbils"]
battlefield = ["Swamp", "Swamp", "Swamp"]
library = ["Island", "Island", "Island"]
[[seat]]
battlefield = ["Scrapshooter", "Fish"]
library = ["Island"]
[[action]]
cast = "Consumed by Greed"
promise = {str(promise).lower()}
targets = {targets}
""")
    assert [p["card"] for p in bf(s, 1) if p["power"] is not None] == ["Fish"]
    assert seat(s, 0)["hand"] == hand
    assert seat(s, 1)["hand"] == (["Island"] if promise else [])


def test_dawns_truce_promised_adds_indestructible_and_hexproof_blocks_targeting():
    plain, promised = both("""
[game]
[[seat]]
hand = ["Dawn's Truce"]
battlefield = ["Plains", "Plains", "Jolly Gerbils"]
library = ["Island", "Island", "Island"]
[[seat]]
library = ["Island"]
[[action]]
cast = "Dawn's Truce"
promise = PROMISE
""")
    g0, g1 = bf(plain, 0, "Jolly Gerbils")[0], bf(promised, 0, "Jolly Gerbils")[0]
    assert "hexproof" in g0["keywords"] and "indestructible" not in g0["keywords"]
    assert {"hexproof", "indestructible"} <= set(g1["keywords"])
    with pytest.raises(InputError, match="not a legal target"):
        run_text("""
[game]
[[seat]]
hand = ["Dawn's Truce"]
battlefield = ["Plains", "Plains", "Jolly Gerbils"]
library = ["Island", "Island", "Island"]
[[seat]]
hand = ["Blooming Blast"]
battlefield = ["Mountain", "Mountain"]
library = ["Island", "Island", "Island"]
[[action]]
cast = "Dawn's Truce"
[[action]]
resolve = true
[[action]]
seat = 1
cast = "Blooming Blast"
targets = ["battlefield:0:Jolly Gerbils"]
""")


FLOOD_MAW_ON_SWORD = """
[game]
[[seat]]
hand = ["Into the Flood Maw"]
battlefield = ["Island"]
library = ["Island", "Island", "Island"]
[[seat]]
battlefield = ["Starforged Sword", "Jolly Gerbils"]
library = ["Island", "Island", "Island"]
[[action]]
cast = "Into the Flood Maw"
promise = PROMISE
targets = ["battlefield:1:Starforged Sword"]
"""


def test_into_the_flood_maw_bounces_only_a_creature_without_the_promise():
    with pytest.raises(InputError, match="creature an opponent controls"):
        run_text(FLOOD_MAW_ON_SWORD.replace("PROMISE", "false"))


def test_into_the_flood_maw_promised_bounces_a_noncreature_and_gives_a_tapped_fish():
    s = run_text(FLOOD_MAW_ON_SWORD.replace("PROMISE", "true"))
    assert seat(s, 1)["hand"] == ["Starforged Sword"]
    assert [p["tapped"] for p in bf(s, 1, "Fish")] == [True]
    assert len(bf(s, 1, "Jolly Gerbils")) == 1
    assert (seat(s, 0)["gifts_given"], seat(s, 1)["gifts_received"]) == (1, 1)


def test_longstalk_brawl_counter_only_when_promised_then_fight():
    plain, promised = both("""
[game]
[[seat]]
hand = ["Longstalk Brawl"]
battlefield = ["Forest", "Jolly Gerbils"]
library = ["Island", "Island", "Island"]
[[seat]]
battlefield = [{ card = "Creature Token", power = 3, toughness = 3 }]
library = ["Island", "Island", "Island"]
[[action]]
cast = "Longstalk Brawl"
promise = PROMISE
targets = ["battlefield:0:Jolly Gerbils", "battlefield:1:Creature Token"]
""")
    assert seat(plain, 0)["graveyard"] == ["Longstalk Brawl", "Jolly Gerbils"]
    assert bf(plain, 1, "Creature Token")[0]["damage"] == 2
    g = bf(promised, 0, "Jolly Gerbils")[0]  # 3/4 with the counter: survives 3, deals 3
    assert (g["power"], g["toughness"], g["damage"]) == (3, 4, 3)
    assert bf(promised, 1, "Creature Token") == [] and len(bf(promised, 1, "Fish")) == 1


def test_mind_spiral_promised_stuns_an_opposing_creature():
    s = run_text("""
[game]
[[seat]]
hand = ["Mind Spiral"]
battlefield = ["Island", "Island", "Island", "Island", "Island"]
library = ["Island", "Island", "Island"]
[[seat]]
battlefield = ["Jolly Gerbils"]
library = ["Island", "Island", "Island"]
[[action]]
cast = "Mind Spiral"
promise = true
targets = ["seat:0", "battlefield:1:Jolly Gerbils"]
""")
    g = bf(s, 1, "Jolly Gerbils")[0]
    assert g["tapped"] and g["counters"] == {"stun": 1}
    assert len(seat(s, 0)["hand"]) == 3 and len(bf(s, 1, "Fish")) == 1


def test_nocturnal_hunger_costs_two_life_only_without_the_promise():
    plain, promised = both("""
[game]
[[seat]]
hand = ["Nocturnal Hunger"]
battlefield = ["Swamp", "Swamp", "Swamp"]
library = ["Island", "Island", "Island"]
[[seat]]
battlefield = ["Jolly Gerbils"]
library = ["Island", "Island", "Island"]
[[action]]
cast = "Nocturnal Hunger"
promise = PROMISE
targets = ["battlefield:1:Jolly Gerbils"]
""")
    assert seat(plain, 0)["life"] == 18 and seat(promised, 0)["life"] == 20
    assert len(bf(promised, 1, "Food")) == 1
    for s in (plain, promised):
        assert seat(s, 1)["graveyard"] == ["Jolly Gerbils"]


@pytest.mark.parametrize(
    "promise,targets,back",
    [
        (False, '["graveyard:0:Jolly Gerbils"]', ["Jolly Gerbils"]),
        (True, '["graveyard:0:Jolly Gerbils", "graveyard:0:Forest"]', ["Forest", "Jolly Gerbils"]),
    ],
)
def test_peerless_recycling_one_or_two_permanent_cards(promise, targets, back):
    s = run_text(f"""
[game]
[[seat]]
hand = ["Peerless Recycling"]
graveyard = ["Jolly Gerbils", "Forest", "Blooming Blast"]
battlefield = ["Forest", "Forest"]
library = ["Island", "Island", "Island"]
[[seat]]
library = ["Island"]
[[action]]
cast = "Peerless Recycling"
promise = {str(promise).lower()}
targets = {targets}
""")
    assert sorted(seat(s, 0)["hand"]) == back


def test_sazacaps_brew_discards_the_named_card_and_pumps_only_when_promised():
    plain, promised = both(
        """
[game]
[[seat]]
hand = ["Sazacap's Brew", "Plains", "Kitnap"]
battlefield = ["Mountain", "Mountain", "Jolly Gerbils"]
library = ["Island", "Island", "Island"]
[[seat]]
library = ["Forest"]
[[action]]
cast = "Sazacap's Brew"
promise = PROMISE
discard = "Kitnap"
targets = TARGETS
""",
        '["seat:0"]',
        '["seat:0", "battlefield:0:Jolly Gerbils"]',
    )
    for s in (plain, promised):
        assert "Kitnap" in seat(s, 0)["graveyard"]
    assert sorted(seat(plain, 0)["hand"]) == ["Island", "Island", "Plains"]
    # promised: Jolly Gerbils sees the gift and draws one more
    assert sorted(seat(promised, 0)["hand"]) == ["Island", "Island", "Island", "Plains"]
    assert bf(plain, 0, "Jolly Gerbils")[0]["power"] == 2
    assert bf(promised, 0, "Jolly Gerbils")[0]["power"] == 4
    assert len(bf(promised, 1, "Fish")) == 1


def test_starfall_invocation_returns_one_of_yours_only_when_promised():
    plain, promised = both("""
[game]
[[seat]]
hand = ["Starfall Invocation"]
battlefield = ["Plains", "Plains", "Plains", "Plains", "Plains", "Scrapshooter"]
library = ["Island", "Island", "Island"]
[[seat]]
battlefield = ["Jolly Gerbils"]
library = ["Island"]
[[action]]
cast = "Starfall Invocation"
promise = PROMISE
""")
    assert bf(plain, 0, "Scrapshooter") == [] and bf(plain, 1, "Jolly Gerbils") == []
    assert len(bf(promised, 0, "Scrapshooter")) == 1 and bf(promised, 1, "Jolly Gerbils") == []


def test_starforged_sword_promised_attaches_and_the_flyer_loses_flying():
    s = run_text("""
[game]
[[seat]]
hand = ["Starforged Sword"]
battlefield = ["Plains", "Plains", "Plains", "Plains", "Bird"]
library = ["Island", "Island", "Island"]
[[seat]]
library = ["Island"]
[[action]]
cast = "Starforged Sword"
promise = true
""")
    bird = bf(s, 0, "Bird")[0]
    assert (bird["power"], bird["toughness"]) == (5, 5) and "flying" not in bird["keywords"]
    assert bf(s, 0, "Starforged Sword")[0]["attached_to"] == "battlefield:0:Bird"


def test_valley_rally_first_strike_only_when_promised():
    plain, promised = both(
        """
[game]
[[seat]]
hand = ["Valley Rally"]
battlefield = ["Mountain", "Mountain", "Mountain", "Jolly Gerbils"]
library = ["Island", "Island", "Island"]
[[seat]]
library = ["Island"]
[[action]]
cast = "Valley Rally"
promise = PROMISE
targets = TARGETS
""",
        "[]",
        '["battlefield:0:Jolly Gerbils"]',
    )
    g0, g1 = bf(plain, 0, "Jolly Gerbils")[0], bf(promised, 0, "Jolly Gerbils")[0]
    assert g0["power"] == g1["power"] == 4
    assert "first_strike" not in g0["keywords"] and "first_strike" in g1["keywords"]
    assert len(bf(promised, 1, "Food")) == 1


def test_wear_down_one_target_or_two():
    plain, promised = both(
        """
[game]
[[seat]]
hand = ["Wear Down"]
battlefield = ["Forest", "Forest"]
library = ["Island", "Island", "Island"]
[[seat]]
battlefield = ["Food", "Treasure"]
library = ["Island"]
[[action]]
cast = "Wear Down"
promise = PROMISE
targets = TARGETS
""",
        '["battlefield:1:Food"]',
        '["battlefield:1:Food", "battlefield:1:Treasure"]',
    )
    assert [p["card"] for p in bf(plain, 1)] == ["Treasure"] and bf(promised, 1) == []


def test_perch_protection_promised_phases_out_your_permanents_and_gives_an_extra_turn():
    s = run_text("""
[game]
[[seat]]
hand = ["Perch Protection"]
battlefield = ["Plains", "Plains", "Plains", "Plains", "Plains", "Plains", "Jolly Gerbils"]
library = ["Island", "Island", "Island"]
[[seat]]
hand = ["Blooming Blast"]
battlefield = ["Mountain", "Mountain"]
library = ["Island", "Island", "Island"]
[[action]]
cast = "Perch Protection"
promise = true
[[action]]
resolve = true
""")
    assert all(p["phased_out"] for p in bf(s, 0)) and len(bf(s, 0, "Bird")) == 4
    assert seat(s, 0)["exile"] == ["Perch Protection"] and s["extra_turns"] == [1]


def test_extra_turn_given_on_an_opponents_turn_comes_right_after_that_turn():
    s = run_text("""
[game]
players = 3
active = 1
turn = 7
phase = "main1"
[[seat]]
hand = ["Perch Protection"]
battlefield = ["Plains", "Plains", "Plains", "Plains", "Plains", "Plains"]
library = ["Plains", "Plains"]
[[seat]]
library = ["Island", "Island"]
[[seat]]
library = ["Forest", "Forest", "Forest"]
[[action]]
seat = 0
cast = "Perch Protection"
promise = true
gift_to = 2
[[action]]
resolve = true
[[action]]
advance = "next_turn"
""")
    assert (s["turn"], s["active"]) == (8, 2)


def test_kitnap_whose_target_is_gone_never_enters_and_gives_nothing():
    s = run_text("""
[game]
[[seat]]
hand = ["Kitnap", "Nocturnal Hunger"]
battlefield = ["Island", "Island", "Island", "Island", "Swamp", "Swamp", "Swamp"]
library = ["Island", "Island", "Island"]
[[seat]]
battlefield = ["Scrapshooter"]
library = ["Forest"]
[[action]]
cast = "Kitnap"
promise = true
targets = ["battlefield:1:Scrapshooter"]
[[action]]
cast = "Nocturnal Hunger"
promise = true
targets = ["battlefield:1:Scrapshooter"]
""")
    assert "Kitnap" in seat(s, 0)["graveyard"] and bf(s, 0, "Kitnap") == []
    assert seat(s, 1)["hand"] == [] and seat(s, 0)["gifts_undelivered"] == 1


def test_parting_gust_on_a_stolen_creature_returns_it_to_its_owner():
    s = run_text("""
[game]
[[seat]]
hand = ["Parting Gust"]
battlefield = ["Plains", "Plains",
               { card = "Kitnap", attached_to = "battlefield:0:Jolly Gerbils" },
               { card = "Jolly Gerbils", owner = 1 }]
library = ["Island", "Island", "Island"]
[[seat]]
library = ["Island"]
[[action]]
cast = "Parting Gust"
targets = ["battlefield:0:Jolly Gerbils"]
[[action]]
resolve = true
[[action]]
advance = "end"
""")
    (g,) = bf(s, 1, "Jolly Gerbils")
    assert g["controller"] == 1 and g["counters"] == {"+1/+1": 1}
    assert "Kitnap" in seat(s, 0)["graveyard"]


def test_octomancer_triggers_at_each_end_step_not_only_its_controllers():
    s = run_text("""
[game]
active = 1
phase = "main2"
[[seat]]
battlefield = ["Octomancer"]
library = ["Island"]
[[seat]]
battlefield = [{ card = "Fish", entered_this_turn = true }]
library = ["Island"]
[[action]]
advance = "end"
""")
    assert len(bf(s, 0, "Fish")) == 1


def test_two_gifts_two_jolly_gerbils_draws():
    s = run_text("""
[game]
[[seat]]
hand = ["Dawn's Truce", "Crumb and Get It"]
battlefield = ["Plains", "Plains", "Plains", "Jolly Gerbils"]
library = ["Island", "Swamp", "Forest"]
[[seat]]
library = ["Mountain", "Mountain"]
[[action]]
cast = "Dawn's Truce"
promise = true
[[action]]
cast = "Crumb and Get It"
promise = true
targets = ["battlefield:0:Jolly Gerbils"]
""")
    assert sorted(seat(s, 0)["hand"]) == ["Island", "Swamp"]
    assert seat(s, 0)["gifts_given"] == 2 and seat(s, 1)["gifts_received"] == 2


def test_mind_spiral_stun_counter_replaces_the_next_untap():
    s = run_text("""
[game]
[[seat]]
hand = ["Mind Spiral"]
battlefield = ["Island", "Island", "Island", "Island", "Island"]
library = ["Island", "Island", "Island", "Island"]
[[seat]]
battlefield = ["Jolly Gerbils"]
library = ["Island", "Island", "Island", "Island"]
[[action]]
cast = "Mind Spiral"
promise = true
targets = ["seat:0", "battlefield:1:Jolly Gerbils"]
[[action]]
resolve = true
[[action]]
advance = "next_turn"
""")
    assert s["active"] == 1
    g = bf(s, 1, "Jolly Gerbils")[0]
    assert g["tapped"] and g["counters"] == {}


def test_kitnap_leaving_gives_the_creature_back():
    s = run_text("""
[game]
active = 1
[[seat]]
battlefield = [
  { card = "Kitnap", attached_to = "battlefield:0:Scrapshooter" },
  { card = "Scrapshooter", owner = 1 },
]
library = ["Island", "Island"]
[[seat]]
hand = ["Wear Down"]
battlefield = ["Forest", "Forest"]
library = ["Island", "Island"]
[[action]]
seat = 1
cast = "Wear Down"
targets = ["battlefield:0:Kitnap"]
""")
    assert bf(s, 0) == [] and seat(s, 0)["graveyard"] == ["Kitnap"]
    assert [p["card"] for p in bf(s, 1) if p["power"] is not None] == ["Scrapshooter"]

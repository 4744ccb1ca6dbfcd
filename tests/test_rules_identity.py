"""Rules tests for issue 17: object identity (400.7), attachments (704.5m-n), phasing and
control (702.26), last-known information (608.2h), when "whenever you give a gift" triggers
(702.174c), delayed-trigger control (603.7d), "other target" groups and copies of permanent
spells (707.10, 608.3f).

Each test plays a scenario file (tests/scenarios/) and checks the exact resulting state.
"""

from __future__ import annotations

from test_scenarios import SCEN, bf, input_error, run, run_text, seat

# ---- 400.7, 704.5m, 704.5n: a permanent that returns is a new object ----------------------------


def test_starfall_returns_kitnapped_creature_to_its_owner_and_kitnap_falls_off():
    # 400.7 / 704.5m: Kitnap was attached to the object that died, not to the one that returned
    s = run("identity_starfall_frees_kitnapped")
    shooter = bf(s, 1, "Scrapshooter")
    assert len(shooter) == 1 and shooter[0]["controller"] == 1 and shooter[0]["owner"] == 1
    assert bf(s, 0, "Scrapshooter") == [] and bf(s, 0, "Kitnap") == []
    assert "Kitnap" in seat(s, 0)["graveyard"]
    assert seat(s, 0)["hand"] == ["Island"]  # the gift (a card) went to seat 0


def test_flicker_returns_kitnapped_creature_to_owner_and_sheds_the_sword():
    # 400.7 / 704.5m: Kitnap goes to the graveyard; 704.5n: the Sword stays, unattached
    s = run("identity_flicker_sheds_kitnap_and_sword")
    shooter = bf(s, 1, "Scrapshooter")[0]
    assert shooter["controller"] == 1 and shooter["counters"] == {"+1/+1": 1}
    assert "Kitnap" in seat(s, 0)["graveyard"]
    elder = bf(s, 0, "Warren Elder")[0]
    assert (elder["power"], elder["toughness"]) == (3, 3)  # 2/2 + counter, no Sword
    assert bf(s, 0, "Starforged Sword")[0]["attached_to"] is None


# ---- 702.26d: phasing does not change control ---------------------------------------------------


def test_phased_out_stolen_creature_keeps_its_controller_and_phases_in_with_the_thief():
    s = run("phasing_keeps_control")
    shooter = bf(s, 0, "Scrapshooter")
    assert len(shooter) == 1 and shooter[0]["phased_out"] and shooter[0]["owner"] == 1
    assert bf(s, 0, "Kitnap")[0]["phased_out"]
    text = (SCEN / "phasing_keeps_control.toml").read_text()
    turn = """
[[action]]
advance = "next_turn"
"""
    # the owner's extra turn (the gift), then the owner's own turn: nothing phases in
    for advances in (1, 2):
        s = run_text(text + turn * advances)
        assert s["active"] == 1
        shooter = bf(s, 0, "Scrapshooter")
        assert len(shooter) == 1 and shooter[0]["phased_out"] and bf(s, 1, "Scrapshooter") == []
    s = run_text(text + turn * 3)
    assert s["active"] == 0  # the thief's untap step: both phase in, Kitnap steals again
    shooter = bf(s, 0, "Scrapshooter")[0]
    assert not shooter["phased_out"] and shooter["controller"] == 0
    kitnap = bf(s, 0, "Kitnap")[0]
    assert not kitnap["phased_out"] and kitnap["attached_to"] == "battlefield:0:Scrapshooter"


# ---- 608.2h: last-known information -------------------------------------------------------------


def test_kitnap_trigger_after_kitnap_left_taps_and_stuns_the_creature_it_enchanted():
    s = run("lki_kitnap_trigger_after_bounce")
    shooter = bf(s, 1, "Scrapshooter")[0]
    assert shooter["controller"] == 1 and shooter["tapped"] and shooter["counters"] == {"stun": 3}
    assert "Kitnap" in seat(s, 0)["hand"]


def test_gift_permanent_bounced_before_its_triggers_resolve_still_gives_and_reads_promise():
    s = run("lki_gift_permanent_bounced")
    assert "Scrapshooter" in seat(s, 0)["hand"]
    assert seat(s, 1)["gifts_received"] == 1 and seat(s, 1)["hand"] == ["Island"]
    assert bf(s, 1, "Food") == []  # "if the gift was promised": destroyed all the same


def test_gift_creature_dead_before_its_triggers_went_on_the_stack_still_gives():
    s = run("lki_gift_permanent_dies_at_once")
    assert "Test Wisp" in seat(s, 0)["graveyard"]
    assert seat(s, 1)["hand"] == ["Island"] and seat(s, 1)["gifts_received"] == 1
    assert seat(s, 0)["life"] == 22


# ---- 702.174c: "whenever you give a gift" triggers as the gift spell resolves -------------------


def test_gerbils_returned_by_promised_dewdrop_cure_trigger_on_the_gift():
    s = run("gift_given_after_resolution")
    assert len(bf(s, 0, "Jolly Gerbils")) == 1
    assert seat(s, 0)["hand"] == ["Plains"]  # the Gerbils' draw
    assert seat(s, 1)["hand"] == ["Island"]  # the gift


def test_gerbils_destroyed_by_promised_starfall_do_not_trigger():
    s = run("gift_given_gerbils_destroyed")
    assert "Jolly Gerbils" in seat(s, 0)["graveyard"]
    assert len(bf(s, 0, "Scrapshooter")) == 1
    assert seat(s, 0)["hand"] == []  # no draw: the Gerbils were gone once it resolved
    assert seat(s, 1)["hand"] == ["Island"]


# ---- 115.3: "other target" groups ----------------------------------------------------------------


def test_mabels_mettle_other_target_refuses_the_first_target_again():
    msg = input_error(run, "mabels_mettle_other_target")
    assert "already" in msg and "target 1" in msg and "another creature" in msg
    text = (
        (SCEN / "mabels_mettle_other_target.toml")
        .read_text()
        .replace('["battlefield:0:Warren Elder"]]', '["battlefield:0:Jolly Gerbils"]]')
    )
    s = run_text(text)
    elder = bf(s, 0, "Warren Elder")[0]
    gerbils = bf(s, 0, "Jolly Gerbils")[0]
    assert (elder["power"], elder["toughness"]) == (4, 4)
    assert (gerbils["power"], gerbils["toughness"]) == (3, 4)


# ---- 603.7d: a delayed trigger is controlled by whoever controlled what made it -----------------


def test_parting_gust_delayed_trigger_is_its_casters_and_returns_to_the_owner():
    s = run("parting_gust_not_promised_returns", resolve_at_end=False)
    assert [(e["kind"], e["controller"]) for e in s["stack"]] == [("delayed", 0)]
    s = run("parting_gust_not_promised_returns")
    (g,) = bf(s, 1, "Jolly Gerbils")
    assert g["controller"] == 1 and g["counters"] == {"+1/+1": 1}


def test_treasure_like_source_spent_for_mana_is_sacrificed_and_its_trigger_sees_it():
    s = run("treasure_mana_is_sacrificed")
    assert len(bf(s, 0, "Jolly Gerbils")) == 1 and bf(s, 0, "Test Keepsake") == []
    assert "Test Keepsake" in seat(s, 0)["graveyard"]
    assert seat(s, 0)["life"] == 22


# ---- 707.10, 608.3f: a copy of a permanent spell resolves as a token, promised alike ----------


def test_copy_of_promised_scrapshooter_is_a_promised_token_that_can_be_targeted():
    s = run("copy_of_promised_permanent_spell", resolve_at_end=False)
    assert [(e["card"], e["kind"], e["promised"], e["gift_to"]) for e in s["stack"]] == [
        ("Scrapshooter", "copy", True, 1),
        ("Scrapshooter", "spell", True, 1),
    ]  # top first
    s = run("copy_of_promised_permanent_spell")
    shooters = sorted(p["token"] for p in bf(s, 0, "Scrapshooter"))
    assert shooters == [False, True]
    assert bf(s, 1) == []  # each Scrapshooter's promised trigger destroyed an artifact
    assert sorted(seat(s, 1)["hand"]) == ["Island", "Swamp"]  # two gifts
    assert seat(s, 0)["gifts_given"] == 2


def test_copy_of_a_spell_is_a_spell_that_can_be_countered():
    # the copy is an object on the stack: a counterspell can target it; countered, it ceases
    # to exist (no card goes to a graveyard) and its gift is not given
    text = (SCEN / "copy_of_promised_permanent_spell.toml").read_text()
    text = text.replace(
        '[[seat]]\nbattlefield = ["Food", "Treasure"]',
        '[[seat]]\nhand = ["Long River\'s Pull"]\n'
        'battlefield = ["Food", "Treasure", "Island", "Island"]',
    )
    text += """
[[action]]
seat = 1
cast = "Long River's Pull"
targets = ["stack:Scrapshooter"]
"""
    s = run_text(text)
    assert [p["token"] for p in bf(s, 0, "Scrapshooter")] == [False]
    assert seat(s, 0)["graveyard"].count("Scrapshooter") == 0
    assert seat(s, 1)["hand"] == ["Island"]  # only the card's gift

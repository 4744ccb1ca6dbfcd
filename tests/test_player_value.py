"""The standard player's card value, removal and resources (issue 14 items 3, 4, 6): removal
that finishes a damaged creature or replaces itself, its own creature bounced for its enters
trigger, a {T} ability used before its untap trigger, cheap cards that fill the mana, a Food
kept for the opponent's end step. Each position is also played with the change undone (the
damage, the card, the level) where that shows the play is the position's, not a constant."""

from __future__ import annotations

from conftest import PLAYER_SCEN, bf, cast_lines, names, run_player


def test_removal_finishes_a_creature_with_damage_marked():
    state = run_player("removal_finishes_a_damaged_creature")
    assert names(state, 0, "graveyard") == ["Blooming Blast"]
    assert "Three Tree Rootweaver" in names(state, 1, "graveyard")
    # undamaged, the 1/3 survives 2 damage: the spell stays in hand
    state = run_player(
        "removal_finishes_a_damaged_creature",
        ('{ card = "Three Tree Rootweaver", damage = 1 }', '"Three Tree Rootweaver"'),
    )
    assert names(state, 0, "hand") == ["Blooming Blast"]
    assert "Three Tree Rootweaver" in names(state, 1, "battlefield")


def test_a_cantrip_removal_spell_takes_a_small_target():
    state = run_player("cantrip_removal_takes_a_small_target")
    assert names(state, 0, "graveyard") == ["Playful Shove"]
    assert "Fish" not in names(state, 1, "battlefield")
    assert state["seats"][0]["library_size"] == 1  # it drew a card


def test_its_own_cheap_creature_is_bounced_for_its_enters_trigger():
    state = run_player("bounce_own_creature_for_its_trigger")
    assert "Pond Prophet" in names(state, 0, "hand")
    assert "Stickytongue Sentinel" in names(state, 0, "battlefield")
    # a creature without an enters trigger stays where it is
    state = run_player(
        "bounce_own_creature_for_its_trigger", ('"Pond Prophet"]', '"Bark-Knuckle Boxer"]')
    )
    assert "Bark-Knuckle Boxer" in names(state, 0, "battlefield")
    assert names(state, 0, "hand") == []


def test_a_blocker_needed_next_turn_is_not_bounced_for_its_trigger():
    # at 3 life against two 3/3s the Prophet blocks one of them next turn: it stays
    state = run_player("bounce_keeps_a_needed_blocker")
    assert "Pond Prophet" in names(state, 0, "battlefield")
    assert names(state, 0, "hand") == []
    # nor with the mana to recast it: that mana casts another creature beside it
    state = run_player(
        "bounce_keeps_a_needed_blocker",
        (
            '"Forest", "Forest", "Forest", "Pond Prophet"]',
            '"Forest", "Forest", "Forest", "Forest", "Island", "Pond Prophet"]',
        ),
        (
            'hand = ["Stickytongue Sentinel"]',
            'hand = ["Stickytongue Sentinel", "Bark-Knuckle Boxer"]',
        ),
    )
    bf = names(state, 0, "battlefield")
    assert "Pond Prophet" in bf and "Bark-Knuckle Boxer" in bf, bf
    # at 20 life it is not needed: bounced for its trigger, as without the attackers
    state = run_player("bounce_keeps_a_needed_blocker", ("life = 3", "life = 20"))
    assert "Pond Prophet" in names(state, 0, "hand")


def test_a_creature_that_bounces_on_entering_is_not_bounced_for_its_trigger():
    # a second Stickytongue Sentinel: recast, the first would only bounce the other again
    # (three mana a turn spent to keep one on the battlefield); both stay
    state = run_player(
        "bounce_own_creature_for_its_trigger",
        (
            '"Forest", "Forest", "Forest", "Pond Prophet"]',
            '"Forest", "Forest", "Forest", "Forest", "Forest", "Forest", "Stickytongue Sentinel"]',
        ),
    )
    assert names(state, 0, "battlefield").count("Stickytongue Sentinel") == 2
    assert names(state, 0, "hand") == []


def test_a_creature_pings_before_its_untap_trigger_resolves():
    state = run_player("ping_before_the_untap_trigger")
    assert names(state, 0, "graveyard") == ["Pearl of Wisdom"]
    assert state["seats"][1]["life"] == 19
    log = state["play_by_play"]
    ping = next(i for i, line in enumerate(log) if "activates Kindlespark Duo" in line)
    assert ping < next(i for i, line in enumerate(log) if "Pearl of Wisdom resolves" in line)
    duo = [p for p in state["seats"][0]["battlefield"] if p["card"] == "Kindlespark Duo"]
    assert len(duo) == 1 and not duo[0]["tapped"], duo
    # without a noncreature spell to cast it waits (the opponent's end step)
    state = run_player("ping_before_the_untap_trigger", ('hand = ["Pearl of Wisdom"]', "hand = []"))
    assert state["seats"][1]["life"] == 20


def test_two_cheap_creatures_fill_the_mana_before_a_three_drop():
    state = run_player("cheap_cards_fill_the_mana")
    bf = names(state, 0, "battlefield")
    assert "Pond Prophet" in bf and "Three Tree Rootweaver" in bf, bf
    assert "Stickytongue Sentinel" in names(state, 0, "hand")
    # with five lands all three fit: the three-drop comes first
    state = run_player(
        "cheap_cards_fill_the_mana",
        ('"Island", "Island"]', '"Island", "Island", "Island"]'),
    )
    assert "Stickytongue Sentinel" in names(state, 0, "battlefield")


def test_a_food_waits_for_the_opponents_end_step():
    state = run_player("food_waits_for_the_end_step")
    assert "Food" in names(state, 0, "battlefield")
    assert state["seats"][0]["life"] == 14
    # the basic player eats it in its main phase 2
    state = run_player(
        "food_waits_for_the_end_step", ("[[seat]]\nlife", '[[seat]]\nlevel = "basic"\nlife')
    )
    assert "Food" not in names(state, 0, "battlefield")
    assert state["seats"][0]["life"] == 17


def test_removal_after_blocks_is_not_wasted_on_a_blocker_that_dies_anyway():
    state = run_player("removal_not_wasted_on_a_dying_blocker")
    assert names(state, 0, "hand") == ["Blooming Blast"]
    assert "Stickytongue Sentinel" in names(state, 1, "graveyard")
    assert "Lightshell Duo" in names(state, 0, "battlefield")
    # a blocker that survives the fight: the spell turns it
    state = run_player(
        "removal_not_wasted_on_a_dying_blocker",
        ('"Stickytongue Sentinel", sick', '"Treetop Sentries", sick'),
        ('[["Stickytongue Sentinel",', '[["Treetop Sentries",'),
    )
    assert names(state, 0, "graveyard") == ["Blooming Blast"]
    assert "Treetop Sentries" in names(state, 1, "graveyard")


def test_a_protection_spell_saves_a_creature_in_a_fight_after_blocks():
    state = run_player("protection_saves_a_creature_after_blocks")
    assert names(state, 0, "graveyard") == ["Dawn's Truce"]
    assert "Stickytongue Sentinel" in names(state, 0, "battlefield")
    assert "Stickytongue Sentinel" in names(state, 1, "graveyard")
    assert state["seats"][1]["gifts_received"] == 1
    # the plain mode (hexproof) saves nothing in a fight: with the policy never promising,
    # the spell stays in hand and the creatures trade
    state = run_player(
        "protection_saves_a_creature_after_blocks", ('policy = "always"', 'policy = "never"')
    )
    assert names(state, 0, "hand") == ["Dawn's Truce"]
    assert "Stickytongue Sentinel" in names(state, 0, "graveyard")


def test_a_treasure_is_not_spent_on_a_food_at_the_end_step():
    state = run_player("treasure_kept_from_a_food")
    bf = names(state, 1, "battlefield")
    assert "Food" in bf and "Treasure" in bf, bf
    assert state["seats"][1]["life"] == 9
    # two Forests pay for the Food: it is eaten, the Treasure stays
    state = run_player(
        "treasure_kept_from_a_food",
        ('battlefield = ["Forest", "Food"', 'battlefield = ["Forest", "Forest", "Food"'),
    )
    bf = names(state, 1, "battlefield")
    assert "Food" not in bf and "Treasure" in bf, bf
    assert state["seats"][1]["life"] == 12


def test_a_food_is_kept_while_the_life_does_not_matter():
    """At 9 life the Food is eaten at the opponent's end step (the file's [expect]); at 14
    against a board without creatures it is kept (for forage, or a later turn); at 14 against
    10 power (within two turns) it is eaten."""
    state = run_player("food_eaten_in_the_end_step")
    assert state["seats"][1]["life"] == 12
    state = run_player("food_eaten_in_the_end_step", ("life = 9\n", "life = 14\n"))
    assert "Food" in names(state, 1, "battlefield")
    assert state["seats"][1]["life"] == 14
    state = run_player(
        "food_eaten_in_the_end_step",
        (
            '"Plains"]\n\n[[seat]]\nlife = 9',
            '"Plains"]\nbattlefield = ["Quaketusk Boar", "Quaketusk Boar"]\n\n[[seat]]\nlife = 14',
        ),
    )
    assert state["seats"][1]["life"] == 17


def test_burn_is_not_thrown_at_the_opponent_for_nothing():
    state = run_player("burn_not_at_face_early")
    assert names(state, 0, "hand") == ["Playful Shove"]
    assert state["seats"][1]["life"] == 20
    # the point of damage is lethal: it goes
    state = run_player(
        "burn_not_at_face_early",
        ('[[seat]]\nhand = ["Forest"', '[[seat]]\nlife = 1\nhand = ["Forest"'),
    )
    assert names(state, 0, "graveyard") == ["Playful Shove"]
    assert state["seats"][1]["life"] <= 0
    # it sets off a spell payoff (Coruscation Mage pings on each noncreature spell): it goes
    state = run_player(
        "burn_not_at_face_early",
        (
            'battlefield = ["Mountain", "Mountain"]',
            'battlefield = ["Mountain", "Mountain", "Coruscation Mage"]',
        ),
    )
    assert names(state, 0, "graveyard") == ["Playful Shove"]
    assert state["seats"][1]["life"] < 20


def test_a_sweeper_is_judged_by_what_it_kills():
    state = run_player("sweeper_judged_by_what_it_kills")
    assert names(state, 0, "hand") == ["Wildfire Howl"]
    assert "Raccoon Rallier" in names(state, 0, "battlefield")
    # the same boards, but the opponent's creatures are three X/2s: the Howl goes
    state = run_player(
        "sweeper_judged_by_what_it_kills",
        (
            '"Rust-Shield Rampager", "Junkblade Bruiser"]',
            '"Bark-Knuckle Boxer", "Raccoon Rallier", "Raccoon Rallier"]',
        ),
        ('"Mountain", "Bark-Knuckle Boxer", "Raccoon Rallier"]', '"Mountain", "Raccoon Rallier"]'),
    )
    assert "Wildfire Howl" in names(state, 0, "graveyard")
    assert names(state, 1, "battlefield").count("Raccoon Rallier") == 0


def test_a_pump_goes_to_a_creature_whose_valiant_is_unused():
    """Intrepid Rabbit cast with offspring: two "target creature you control gets +1/+1"
    triggers. The first goes to Heartfire Hero (its valiant leaves a +1/+1 counter), the second,
    with the Hero's valiant spent this turn, to the Rabbit itself."""
    state = run_player("pump_goes_to_an_unused_valiant")
    (hero,) = bf(state, 0, "Heartfire Hero")
    assert hero["counters"] == {"+1/+1": 1} and (hero["power"], hero["toughness"]) == (3, 3)
    (rabbit,) = [p for p in bf(state, 0, "Intrepid Rabbit") if not p["token"]]
    assert (rabbit["power"], rabbit["toughness"]) == (4, 3)


def test_recursion_waits_for_a_creature_card_to_return():
    state = run_player("recursion_waits_for_a_target")
    assert names(state, 0, "hand") == ["Dewdrop Cure"]
    # with a two-drop in the graveyard it is cast and returns it
    state = run_player(
        "recursion_waits_for_a_target", ('graveyard = ["Plains"]', 'graveyard = ["Lifecreed Duo"]')
    )
    assert "Dewdrop Cure" in names(state, 0, "graveyard")
    assert "Lifecreed Duo" in names(state, 0, "battlefield")


def test_instant_recursion_waits_for_the_opponents_end_step():
    state = run_player("instant_recursion_at_the_end_step")
    log = state["play_by_play"]
    cast = [line for line in log if "casts Hazel's Nocturne" in line]
    assert len(cast) == 1 and "end step" in cast[0] and "T7" in cast[0], cast
    assert "Moonrise Cleric" in names(state, 0, "hand")
    assert state["seats"][1]["life"] == 18


def test_a_fight_that_does_not_kill_its_target_is_not_cast():
    state = run_player("fight_must_kill_its_target")
    assert names(state, 0, "hand") == ["Longstalk Brawl"]
    assert "Bakersbane Duo" in names(state, 0, "battlefield")
    # a 6/6 fighter kills the 3/5 and survives: cast
    state = run_player(
        "fight_must_kill_its_target",
        ('{ card = "Bakersbane Duo", sick = false }', '{ card = "Galewind Moose", sick = false }'),
    )
    assert "Longstalk Brawl" in names(state, 0, "graveyard")
    assert "Starseer Mentor" in names(state, 1, "graveyard")
    assert "Galewind Moose" in names(state, 0, "battlefield")


def test_a_fight_that_trades_is_not_worth_the_card():
    # Stickytongue Sentinel (3/3) against Thornplate Intimidator (4/3): both die, p pays a card,
    # so the Brawl stays in hand
    state = run_player(
        "fight_must_kill_its_target",
        (
            '{ card = "Bakersbane Duo", sick = false }',
            '{ card = "Stickytongue Sentinel", sick = false }',
        ),
        (
            '{ card = "Starseer Mentor", sick = false }',
            '{ card = "Thornplate Intimidator", sick = false }',
        ),
    )
    assert names(state, 0, "hand") == ["Longstalk Brawl"]
    # the twin: the same target worth the card, fought by a 6/6 that survives: the Brawl goes
    state = run_player(
        "fight_must_kill_its_target",
        (
            '{ card = "Bakersbane Duo", sick = false }',
            '{ card = "Galewind Moose", sick = false }',
        ),
        (
            '{ card = "Starseer Mentor", sick = false }',
            '{ card = "Thornplate Intimidator", sick = false }',
        ),
    )
    assert names(state, 0, "graveyard") == ["Longstalk Brawl"]
    assert names(state, 1, "graveyard") == ["Thornplate Intimidator"]
    assert "Galewind Moose" in names(state, 0, "battlefield")


def test_the_attack_mode_pumps_a_wide_attack():
    state = run_player("attack_mode_pumps_a_wide_attack")
    assert state["seats"][1]["life"] <= 0
    assert "Rabbit" not in names(state, 0, "battlefield")
    # attacking alone, the token is worth more than +1/+1
    state = run_player(
        "attack_mode_pumps_a_wide_attack",
        ('  { card = "Moonrise Cleric", sick = false },\n' * 2, ""),
    )
    assert "Rabbit" in names(state, 0, "battlefield")
    assert state["seats"][1]["life"] == 11 - 4 - 1


def test_a_flash_creature_that_taps_blockers_is_cast_before_combat():
    state = run_player("tapper_flash_creature_before_combat")
    log = state["play_by_play"]
    cast = next(i for i, line in enumerate(log) if "casts Eddymurk Crab" in line)
    assert "main 1" in log[cast], log[cast]
    assert state["winner"] == 0  # the Sentinel's 3, unblocked
    # at 20 life the taps open no lethal attack: it waits for their beginning of combat, where
    # it taps their attackers (tests/scenarios/player/tapper_flash_creature_at_their_combat),
    # and so it does without an attacker
    for edit in (
        ("life = 3", "life = 20"),
        ('{ card = "Stickytongue Sentinel", sick = false }', '"Island"'),
    ):
        state = run_player("tapper_flash_creature_before_combat", edit)
        assert names(state, 0, "hand") == ["Eddymurk Crab"]


def test_a_bite_after_blocks_counts_the_combat_damage():
    state = run_player("bite_after_blocks_counts_combat_damage")
    assert names(state, 0, "graveyard") == ["Bakersbane Duo", "Rabid Gnaw"]
    assert "Treetop Sentries" in names(state, 1, "graveyard")


def test_a_spell_payoff_is_cast_before_the_spell_it_discounts():
    state = run_player("payoff_before_the_spell_it_discounts")
    assert "Stormcatch Mentor" in names(state, 0, "battlefield")
    assert "Diresight" in names(state, 0, "graveyard")
    # with three lands only one fits: the most expensive goes, the Mentor waits
    state = run_player("payoff_before_the_spell_it_discounts", ('"Swamp", "Swamp"]', '"Swamp"]'))
    assert "Stormcatch Mentor" in names(state, 0, "hand")
    assert "Diresight" in names(state, 0, "graveyard")


def test_a_noncreature_spell_trigger_creature_comes_before_the_spell():
    # Coruscation Mage (offspring {2}) and Diresight with seven lands: Mage, its token, then
    # the spell, whose cast trigger deals 1 damage from each of them
    lands = ('"Swamp", "Swamp"]', '"Swamp", "Swamp", "Swamp", "Mountain", "Mountain"]')
    mage = ('"Stormcatch Mentor"', '"Coruscation Mage"')
    state = run_player("payoff_before_the_spell_it_discounts", mage, lands)
    assert "Diresight" in names(state, 0, "graveyard")
    assert state["seats"][1]["life"] == 18
    # with five lands the Mage and its offspring leave too little for the spell: the spell
    # goes first, so no trigger deals damage
    state = run_player(
        "payoff_before_the_spell_it_discounts",
        mage,
        ('"Swamp", "Swamp"]', '"Swamp", "Swamp", "Swamp"]'),
    )
    assert "Diresight" in names(state, 0, "graveyard")
    assert state["seats"][1]["life"] == 20


def test_a_fetch_land_is_cracked_at_once():
    state = run_player("fetch_land_cracked_at_once")
    assert "Fabled Passage" in names(state, 0, "graveyard")
    assert names(state, 0, "battlefield") == ["Forest", "Forest", "Forest"]
    # the basic player keeps the old rule: a land that sacrifices itself waits for six lands
    state = run_player(
        "fetch_land_cracked_at_once",
        ("[[seat]]\nbattlefield", '[[seat]]\nlevel = "basic"\nbattlefield'),
    )
    assert "Fabled Passage" in names(state, 0, "battlefield")


def test_a_hexproof_trick_answers_a_tuck_and_a_hostile_aura():
    state = run_player("hexproof_trick_answers_a_tuck")
    assert names(state, 1, "graveyard") == ["Overprotect"]
    assert "Treetop Sentries" in names(state, 1, "battlefield")
    assert names(state, 0, "graveyard") == ["Dire Downdraft"]  # its only target went illegal
    # Kitnap (an Aura that takes the creature) is answered the same way
    state = run_player("hexproof_trick_answers_a_tuck", ('["Dire Downdraft"]', '["Kitnap"]'))
    assert names(state, 1, "graveyard") == ["Overprotect"]
    assert "Treetop Sentries" in names(state, 1, "battlefield")
    assert names(state, 0, "graveyard") == ["Kitnap"]
    # a pump without hexproof (High Stride) cannot stop the tuck: it stays in hand
    state = run_player("hexproof_trick_answers_a_tuck", ('["Overprotect"]', '["High Stride"]'))
    assert names(state, 1, "hand") == ["High Stride"]
    assert "Treetop Sentries" not in names(state, 1, "battlefield")


def test_mana_in_the_pool_is_spent_without_an_untapped_land():
    # Muerra's two mana (two Raccoons) and no land: the pool alone casts Tender Wildguide
    state = run_player("pool_mana_spent_without_a_land")
    assert "Tender Wildguide" in names(state, 0, "battlefield")
    assert "Tender Wildguide" not in names(state, 0, "hand")
    # one Raccoon (Muerra alone) adds one mana: the two-drop stays in hand
    state = run_player(
        "pool_mana_spent_without_a_land",
        ('  { card = "Bark-Knuckle Boxer", sick = false },\n', ""),
    )
    assert "Tender Wildguide" in names(state, 0, "hand")


def test_a_sweepers_gift_is_promised_when_its_damage_finishes_a_creature(tmp_path):
    from analyzer.api.policy import policy_decision

    # the policy is asked in the position before the play (the file without its action)
    text = (PLAYER_SCEN / "sweeper_gift_finishes_a_creature.toml").read_text()
    scen = tmp_path / "before.toml"
    scen.write_text(text.split("[[action]]")[0])
    d = policy_decision(scen, "heuristic")
    assert d.features["promised_targets"] == 1.0 and d.promise
    state = run_player("sweeper_gift_finishes_a_creature")
    assert names(state, 0, "graveyard") == ["Wildfire Howl"]
    assert names(state, 1, "graveyard") == ["Bakersbane Duo", "Stickytongue Sentinel"]
    assert state["seats"][1]["life"] == 20
    # a 2/4 instead of the 3/3: the 1 damage kills nothing more, the card is not worth giving
    flip = tmp_path / "flip.toml"
    flip.write_text(scen.read_text().replace('"Stickytongue Sentinel"', '"Treetop Sentries"'))
    d = policy_decision(flip, "heuristic")
    assert d.features["promised_targets"] == 0.0 and not d.promise
    # promised anyway, the 1 damage goes at the player, not at the 2/2 the sweep kills
    state = run_player(
        "sweeper_gift_finishes_a_creature", ('"Stickytongue Sentinel"', '"Treetop Sentries"')
    )
    assert names(state, 1, "graveyard") == ["Bakersbane Duo"]
    assert state["seats"][1]["life"] == 19
    # the player at 1 life: the 1 damage goes at the player and wins
    state = run_player(
        "sweeper_gift_finishes_a_creature",
        ('hand = ["Forest", "Forest"', 'life = 1\nhand = ["Forest", "Forest"'),
    )
    assert state["winner"] == 0


def test_a_loot_keeps_the_fifth_land_a_five_drop_in_hand_needs():
    state = run_player("loot_keeps_the_land_a_five_drop_needs")
    assert "Bellowing Crier" in names(state, 0, "battlefield")
    assert names(state, 0, "graveyard") == ["Into the Flood Maw"]
    assert len([c for c in names(state, 0, "hand") if c in ("Island", "Swamp")]) == 1
    # without the five-drop the fifth land is spare: the loot discards it
    state = run_player("loot_keeps_the_land_a_five_drop_needs", ('"Glidedive Duo", ', ""))
    graveyard = names(state, 0, "graveyard")
    assert graveyard in (["Island"], ["Swamp"]), graveyard
    assert "Into the Flood Maw" in names(state, 0, "hand")


def test_removal_takes_the_grown_creature_not_one_whose_enters_trigger_is_spent():
    state = run_player("removal_takes_the_grown_creature_not_a_spent_enters")
    assert bf(state, 0, "Valley Mightcaller")
    assert bf(state, 1, "Head of the Homestead")
    # not grown (a 1/1), the Mightcaller is the smaller threat: the Head is taken
    state = run_player(
        "removal_takes_the_grown_creature_not_a_spent_enters",
        ('{ card = "Valley Mightcaller", counters = { "+1/+1" = 4 } }', '"Valley Mightcaller"'),
    )
    assert bf(state, 0, "Head of the Homestead")


def test_a_shielding_flash_creature_answers_a_tuck():
    """Plumecreed Escort in response to Dire Downdraft: its enters trigger gives the targeted
    Treetop Sentries hexproof, so the tuck's only target is illegal (ai_flash.shield_saves)."""
    swap = ('["Overprotect"]', '["Plumecreed Escort"]')
    lands = (
        'battlefield = ["Forest", "Forest", "Treetop',
        'battlefield = ["Island", "Island", "Treetop',
    )
    state = run_player("hexproof_trick_answers_a_tuck", swap, lands)
    assert {"Treetop Sentries", "Plumecreed Escort"} <= set(names(state, 1, "battlefield"))
    assert names(state, 0, "graveyard") == ["Dire Downdraft"]
    assert any(
        "Plumecreed Escort's triggered ability" in line and "Treetop" in line
        for line in state["play_by_play"]
    )


def test_a_shielding_flash_creature_waits_for_the_opponents_turn():
    state = run_player("shield_flash_creature_waits")
    assert names(state, 0, "hand") == ["Plumecreed Escort"]  # not in p's own main phases
    state = run_player("shield_flash_creature_waits", ('advance = "main2"', 'advance = "end"'))
    assert names(state, 0, "hand") == ["Plumecreed Escort"]  # nor in p's own end step
    two_turns = 'advance = "next_turn"\n\n[[action]]\nadvance = "next_turn"'
    state = run_player("shield_flash_creature_waits", ('advance = "main2"', two_turns))
    [line] = cast_lines(state, "Plumecreed Escort")
    assert "end step:" in line and "seat 1" in line.split(")")[0]  # the opponent's end step
    assert "Plumecreed Escort" in names(state, 0, "battlefield")


def test_an_enters_removal_permanent_waits_for_a_target():
    """Banishing Light is not cast into a board of lands (its trigger would exile nothing); at a
    four-drop body it is cast, and its trigger exiles that creature."""
    scen = "enters_removal_waits_for_a_target"
    state = run_player(scen)
    assert names(state, 0, "hand") == ["Banishing Light"]
    assert not cast_lines(state, "Banishing Light")
    state = run_player(
        scen,
        (
            'battlefield = ["Swamp", "Swamp", "Swamp", "Swamp"]',
            'battlefield = ["Swamp", "Swamp", "Swamp", "Swamp", '
            '{ card = "Thornplate Intimidator", sick = false }]',
        ),
    )
    assert "Banishing Light" in names(state, 0, "battlefield")
    assert "Thornplate Intimidator" in names(state, 1, "exile")

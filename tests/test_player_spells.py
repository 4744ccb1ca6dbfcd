"""The standard player's spells and mana kept up (issue 14, the blue spell decks): a counterspell
is kept up only when that costs at most one mana of the turn's development and its colors are
up, a removal spell only when it costs none; an instant draw spell whose cost discards a card,
or one that triggers a prowess-style payoff before combat, is cast in p's own main phase; a
bite is judged by the creature it kills, not by p's creature that deals the damage."""

from __future__ import annotations

from conftest import cast_lines, names, run_player


def test_the_counterspell_is_not_held_up_at_the_cost_of_the_whole_turn():
    state = run_player("counterspell_not_held_over_the_turn")
    assert "Long River Lurker" in names(state, 0, "battlefield")
    assert names(state, 0, "hand") == ["Long River's Pull"]


def test_no_mana_is_kept_for_a_counterspell_whose_colors_are_not_up():
    state = run_player("counterspell_needs_its_colors_up")
    assert "Long River Lurker" in names(state, 0, "battlefield")
    assert "Raccoon Rallier" in names(state, 0, "hand")
    # with a second Island the same hand keeps Long River's Pull up beside the two-drop
    state = run_player(
        "counterspell_needs_its_colors_up",
        ('battlefield = ["Island", "Mountain",', 'battlefield = ["Island", "Island",'),
    )
    assert "Raccoon Rallier" in names(state, 0, "battlefield")
    assert sorted(names(state, 0, "hand")) == ["Long River Lurker", "Long River's Pull"]


def test_no_mana_is_kept_for_removal_at_the_cost_of_the_turn():
    state = run_player("removal_not_kept_up_over_the_turn")
    assert "Druid of the Spade" in names(state, 0, "battlefield")
    assert names(state, 0, "hand") == ["Bakersbane Duo", "Into the Flood Maw"]
    # with a fourth land the three-drop leaves a mana up for the bounce at no cost, and the
    # two-drop waits (keeping it up costs no development: the two would not fit beside it)
    state = run_player(
        "removal_not_kept_up_over_the_turn",
        ('["Island", "Forest", "Forest"]', '["Island", "Forest", "Forest", "Forest"]'),
    )
    assert "Druid of the Spade" in names(state, 0, "battlefield")
    assert names(state, 0, "hand") == ["Bakersbane Duo", "Into the Flood Maw"]


def test_the_three_drop_is_paid_with_forests_leaving_the_island_for_the_bounce():
    """With a fourth land the three-drop's {2}{G} leaves a mana up: the spare Forests pay its
    generic mana and the Island, the held bounce's only {U}, stays untapped (mana_plan's
    surplus-first payment; the sources' order would tap the Island first)."""
    state = run_player(
        "removal_not_kept_up_over_the_turn",
        ('["Island", "Forest", "Forest"]', '["Island", "Forest", "Forest", "Forest"]'),
    )
    assert "Druid of the Spade" in names(state, 0, "battlefield")
    seat = state["seats"][0]["battlefield"]
    tapped = {(p["card"], p["tapped"]) for p in seat if isinstance(p, dict)}
    assert ("Island", False) in tapped and ("Island", True) not in tapped, tapped
    assert ("Forest", False) not in tapped, tapped


def test_a_draw_spell_that_discards_is_cast_in_its_own_main_phase():
    state = run_player("discard_draw_cast_in_main_phase")
    casts = cast_lines(state, "Sazacap's Brew")
    assert len(casts) == 1 and casts[0].startswith("T6 (seat 0, turn"), casts
    assert "main" in casts[0].split(":")[0], casts
    assert "Sazacap's Brew" in names(state, 0, "graveyard")
    assert "Mountain" in names(state, 0, "graveyard")  # the spare land paid the cost


def test_an_instant_draw_spell_goes_before_combat_when_it_pumps_a_prowess_attacker():
    state = run_player("spell_payoff_draw_before_combat")
    casts = cast_lines(state, "Cache Grab")
    assert len(casts) == 1 and "main 1" in casts[0], casts
    assert state["seats"][1]["life"] == 16  # Lightshell Duo 3/4 + prowess
    # without a payoff on the board it waits for the opponent's end step
    state = run_player(
        "spell_payoff_draw_before_combat",
        ('card = "Lightshell Duo"', 'card = "Long River Lurker"'),
    )
    assert cast_lines(state, "Cache Grab") == []
    assert names(state, 0, "hand") == ["Cache Grab"]
    # nor with the payoff summoning sick: it cannot attack, the trigger pays nothing in combat
    state = run_player(
        "spell_payoff_draw_before_combat",
        ('card = "Lightshell Duo", sick = false', 'card = "Lightshell Duo", sick = true'),
    )
    assert cast_lines(state, "Cache Grab") == []
    assert names(state, 0, "hand") == ["Cache Grab"]
    # nor with a payoff that does not grow (Coruscation Mage's ping): the ping deals the same
    # at the opponent's end step, where the mana is spare
    state = run_player(
        "spell_payoff_draw_before_combat",
        ('card = "Lightshell Duo"', 'card = "Coruscation Mage"'),
    )
    assert cast_lines(state, "Cache Grab") == []
    assert names(state, 0, "hand") == ["Cache Grab"]


def test_a_bite_waits_for_a_target_worth_the_card_whatever_bites():
    state = run_player("bite_judged_by_its_target")
    assert names(state, 0, "hand") == ["Polliwallop"]
    # a 4/4 on the other side is worth it
    state = run_player(
        "bite_judged_by_its_target",
        (
            'battlefield = ["Fish", "Forest"]',
            'battlefield = ["Fish", "Forest", "Rust-Shield Rampager"]',
        ),
    )
    assert "Polliwallop" in names(state, 0, "graveyard")
    assert "Rust-Shield Rampager" in names(state, 1, "graveyard")


def test_the_brews_discard_keeps_the_land_the_player_is_short_of():
    # the scenario's [expect] pins the standard player's discard; the basic player's differs
    state = run_player("brew_discard_keeps_the_land")
    assert names(state, 0, "graveyard") == ["Galewind Moose", "Sazacap's Brew"]
    assert "Mountain" in names(state, 0, "hand")
    basic = run_player(
        "brew_discard_keeps_the_land",
        ('[[seat]]\nhand = ["Sazacap', '[[seat]]\nlevel = "basic"\nhand = ["Sazacap'),
    )
    assert names(basic, 0, "graveyard") == ["Mountain", "Sazacap's Brew"]


def test_a_card_its_cost_reduction_brings_in_reach_is_no_spare_card():
    state = run_player("discard_reach_counts_cost_reduction")
    assert cast_lines(state, "Sazacap's Brew") == []
    assert "Eddymurk Crab" in names(state, 0, "hand")
    # with no instant or sorcery in the graveyard the Crab costs seven: out of reach, it pays
    state = run_player(
        "discard_reach_counts_cost_reduction",
        ('graveyard = ["Playful Shove", "Blooming Blast", "Dire Downdraft"]\n', ""),
    )
    casts = cast_lines(state, "Sazacap's Brew")
    assert len(casts) == 1 and "main 1" in casts[0], casts
    assert "Eddymurk Crab" in names(state, 0, "graveyard")


def test_a_draw_spell_that_discards_waits_when_it_would_cost_a_castable_card():
    state = run_player("discard_draw_waits_without_a_spare_card")
    assert cast_lines(state, "Sazacap's Brew") == []
    assert names(state, 0, "hand") == ["Into the Flood Maw", "Sazacap's Brew"]
    # at the opponent's end step the mana is spare: the Brew goes, paying with the instant
    state = run_player(
        "discard_draw_waits_without_a_spare_card",
        ("active = 0", "active = 1"),
        ('advance = "main2"', 'advance = "next_turn"'),
    )
    casts = cast_lines(state, "Sazacap's Brew")
    assert len(casts) == 1 and "end step" in casts[0], casts
    assert names(state, 0, "graveyard") == ["Into the Flood Maw", "Sazacap's Brew"]
    # with a spare land in hand (five lands in sight) it goes in the main phase, paying the land
    state = run_player(
        "discard_draw_waits_without_a_spare_card",
        ('"Into the Flood Maw", "Mountain"]', '"Into the Flood Maw", "Mountain", "Island"]'),
    )
    casts = cast_lines(state, "Sazacap's Brew")
    assert len(casts) == 1 and "main 1" in casts[0], casts
    assert names(state, 0, "graveyard") == ["Island", "Sazacap's Brew"]
    assert "Into the Flood Maw" in names(state, 0, "hand")


def _on_battlefield(state: dict, seat: int, card: str) -> dict:
    found = [p for p in state["seats"][seat]["battlefield"] if isinstance(p, dict)]
    found = [p for p in found if p["card"] == card]
    assert len(found) == 1, state["seats"][seat]["battlefield"]
    return found[0]


def test_a_creature_that_enters_bigger_after_damage_waits_for_the_attack():
    state = run_player("enters_bigger_after_combat")
    casts = cast_lines(state, "Frilled Sparkshooter")
    assert len(casts) == 1 and "main 2" in casts[0].split(":")[0], casts
    assert state["seats"][1]["life"] == 18  # the Angler's attack came first
    assert _on_battlefield(state, 0, "Frilled Sparkshooter")["power"] == 4  # its counter
    # with no creature that can attack, nothing is gained by waiting: main phase 1
    state = run_player(
        "enters_bigger_after_combat", ('{ card = "Tempest Angler", sick = false }', '"Plains"')
    )
    casts = cast_lines(state, "Frilled Sparkshooter")
    assert len(casts) == 1 and "main 1" in casts[0].split(":")[0], casts
    assert _on_battlefield(state, 0, "Frilled Sparkshooter")["power"] == 3
    # the basic player casts it in main phase 1 as before
    state = run_player(
        "enters_bigger_after_combat", ("[[seat]]\nhand", '[[seat]]\nlevel = "basic"\nhand')
    )
    casts = cast_lines(state, "Frilled Sparkshooter")
    assert len(casts) == 1 and "main 1" in casts[0].split(":")[0], casts


def test_an_offspring_does_not_take_the_mana_of_a_creature_that_waits_for_the_attack():
    state = run_player("enters_bigger_keeps_its_mana")
    casts = cast_lines(state, "Frilled Sparkshooter")
    assert len(casts) == 1 and "main 2" in casts[0].split(":")[0], casts
    assert _on_battlefield(state, 0, "Frilled Sparkshooter")["power"] == 4  # its counter
    chargers = [c for c in state["seats"][0]["battlefield"] if c["card"] == "Steampath Charger"]
    assert len(chargers) == 1 and not chargers[0]["token"], chargers  # no offspring: 4 + 2 of 7
    # without the Sparkshooter the Charger pays its offspring in main phase 1 as before
    state = run_player(
        "enters_bigger_keeps_its_mana",
        ('hand = ["Frilled Sparkshooter", "Steampath Charger"]', 'hand = ["Steampath Charger"]'),
    )
    casts = cast_lines(state, "Steampath Charger")
    assert len(casts) == 1 and "main 1" in casts[0].split(":")[0], casts
    chargers = [c for c in state["seats"][0]["battlefield"] if c["card"] == "Steampath Charger"]
    assert len(chargers) == 2  # the card and its token


def test_the_turns_plays_are_chosen_by_the_colors_the_lands_make():
    state = run_player("fill_the_mana_by_colors")
    assert "Lightshell Duo" in names(state, 0, "battlefield")
    assert sorted(names(state, 0, "hand")) == ["Hearthborn Battler", "Manifold Mouse"]
    # with a second Mountain the two red cards spend all five mana
    state = run_player(
        "fill_the_mana_by_colors",
        (
            '"Island", "Island", "Island", "Island", "Mountain"]',
            '"Island", "Island", "Island", "Mountain", "Mountain"]',
        ),
    )
    bf = names(state, 0, "battlefield")
    assert "Hearthborn Battler" in bf and "Manifold Mouse" in bf, bf
    assert names(state, 0, "hand") == ["Lightshell Duo"]


def test_the_land_played_adds_the_symbol_the_hand_still_misses():
    state = run_player("land_for_the_double_symbol")
    assert names(state, 0, "battlefield") == ["Island", "Island", "Swamp"]
    # the basic player counts a card per color, however many symbols: the first land ties
    basic = ("[[seat]]\nhand", '[[seat]]\nlevel = "basic"\nhand')
    state = run_player("land_for_the_double_symbol", basic)
    assert names(state, 0, "battlefield") == ["Island", "Swamp", "Swamp"]


def test_the_land_played_lets_a_card_be_cast_this_turn():
    state = run_player("land_for_the_spell_castable_now")
    assert names(state, 0, "battlefield") == ["Island", "Mountain", "Steampath Charger"]
    # a second Island for the blue four-drops would leave the turn's two mana unspent
    assert "Island" in names(state, 0, "hand")


def _lands(state: dict, seat: int) -> int:
    return sum(1 for c in names(state, seat, "battlefield") if c in ("Island", "Mountain"))


def test_a_draw_spell_that_discards_keeps_a_land_it_does_not_need_to_discard():
    state = run_player("discard_draw_keeps_its_land")
    casts = cast_lines(state, "Sazacap's Brew")
    assert len(casts) == 1 and "main 1" in casts[0], casts
    assert names(state, 0, "graveyard") == ["Mountain", "Sazacap's Brew"]
    assert "Steampath Charger" in names(state, 0, "battlefield")
    # the Brew drew two Islands: with the Brew gone the land drop is an Island
    assert _lands(state, 0) == 7 and names(state, 0, "hand") == ["Island"]
    # with a spell the six lands cannot pay beside the others, the land drop is the Mountain
    state = run_player(
        "discard_draw_keeps_its_land",
        ('"Steampath Charger", "Mountain"]', '"Steampath Charger", "Lightshell Duo", "Mountain"]'),
    )
    assert "Mountain" in names(state, 0, "battlefield") and _lands(state, 0) == 7
    assert "Sazacap's Brew" in names(state, 0, "hand")
    # the basic player plays its land as before
    basic = run_player(
        "discard_draw_keeps_its_land",
        ('[[seat]]\nhand = ["Sazacap', '[[seat]]\nlevel = "basic"\nhand = ["Sazacap'),
    )
    assert _lands(basic, 0) == 7 and "Mountain" not in names(basic, 0, "graveyard")


def test_a_two_drop_that_takes_the_counterspells_island_does_not_go_beside_it():
    """Two Islands and two Mountains: Shoreline Looter's {U} beside Long River's Pull's {U}{U}
    wants three blue mana. Keeping the counterspell up leaves no development that fits its
    colors, so the turn's mana goes to the three-drop (the mana count alone kept it up and cast
    the Looter with an Island, stranding the counterspell)."""
    lands = (
        '["Island", "Mountain", "Mountain", "Mountain"]',
        '["Island", "Island", "Mountain", "Mountain"]',
    )
    looter = ('"Raccoon Rallier"]', '"Shoreline Looter"]')
    state = run_player("counterspell_needs_its_colors_up", lands, looter)
    assert "Long River Lurker" in names(state, 0, "battlefield")
    assert names(state, 0, "hand") == ["Long River's Pull", "Shoreline Looter"]
    # with a third Island both fit: the Looter goes beside the counterspell, Islands kept
    lands = (lands[0], '["Island", "Island", "Island", "Mountain"]')
    state = run_player("counterspell_needs_its_colors_up", lands, looter)
    assert "Shoreline Looter" in names(state, 0, "battlefield")
    assert sorted(names(state, 0, "hand")) == ["Long River Lurker", "Long River's Pull"]
    seat = state["seats"][0]["battlefield"]
    islands = [p["tapped"] for p in seat if isinstance(p, dict) and p["card"] == "Island"]
    assert islands.count(False) >= 2, islands


def test_a_fight_by_this_creature_has_no_fighter_group_to_choose() -> None:
    """Hivespine Wolverine's "fights target creature token" names the Wolverine by reference
    (ref "self"), not by a target group: the fighter chooser gets no group (it read the
    reference as a group, past the end of the targets table); Longstalk Brawl's fight of two
    target groups keeps both."""
    from analyzer.cards.catalog import load_catalog
    from analyzer.enums_tables import CardCol
    from analyzer.kernel.rules.catalog import pack_catalog
    from analyzer.kernel.rules.target_choice import _fight_groups

    compiled = load_catalog().compiled
    tables = compiled.tables
    flat = pack_catalog(tables)

    def groups(name: str) -> list[tuple[int, int, bool]]:
        cid = compiled.names.index(name)
        a0 = int(tables.cards[cid, CardCol.AB_START])
        n = int(tables.cards[cid, CardCol.AB_COUNT])
        return [tuple(_fight_groups(flat, ab)) for ab in range(a0, a0 + n)]

    assert (-1, -1, False) in groups("Hivespine Wolverine")
    assert all(g[0] < 0 for g in groups("Hivespine Wolverine"))
    assert (0, 1, True) in groups("Longstalk Brawl")


def test_a_draw_spell_worth_more_than_the_kept_removal_is_cast_in_main_phase():
    """While removal is kept up, the main phase's fallback (a card worth more than the kept
    one, ai._main_standard) still casts an instant that is not removal: the Brew draws two
    and its discard takes the card out of reach; the bounce stays in hand."""
    state = run_player("draw_spell_beside_kept_removal")
    casts = cast_lines(state, "Sazacap's Brew")
    assert len(casts) == 1 and casts[0].startswith("T6 (seat 0, turn 0) main 1"), casts
    assert "Conduct Electricity" in names(state, 0, "graveyard")
    assert "Into the Flood Maw" in names(state, 0, "hand")


def test_an_instant_draw_spell_after_blocks_flips_a_prowess_fight():
    state = run_player("draw_spell_flips_a_prowess_fight")
    casts = cast_lines(state, "Sazacap's Brew")
    assert len(casts) == 1 and "declare blockers" in casts[0], casts
    assert names(state, 1, "graveyard") == ["Treetop Sentries"]
    assert "Lightshell Duo" not in names(state, 0, "graveyard")
    # a creature without a spell trigger in the fight: the Brew waits for the end step
    state = run_player(
        "draw_spell_flips_a_prowess_fight",
        ('card = "Lightshell Duo", sick = false', 'card = "Treetop Sentries", sick = false'),
        ('attack = ["Lightshell Duo"]', 'attack = ["Treetop Sentries"]'),
        ("battlefield:0:Lightshell Duo", "battlefield:0:Treetop Sentries"),
    )
    assert cast_lines(state, "Sazacap's Brew") == []


def test_a_loot_keeps_the_removal_spell_over_a_creature():
    state = run_player("loot_keeps_the_removal_spell")
    assert "Bellowing Crier" in names(state, 0, "battlefield")
    assert names(state, 0, "graveyard") == ["Mindwhisker"]
    assert names(state, 0, "hand") == ["Daggerfang Duo", "Fell"]
    # the basic player discards by static value: Fell, a two-mana spell, is its least
    basic = run_player(
        "loot_keeps_the_removal_spell",
        ('[[seat]]\nhand = ["Bellowing', '[[seat]]\nlevel = "basic"\nhand = ["Bellowing'),
    )
    assert names(basic, 0, "graveyard") == ["Fell"]
    # a removal spell out of reach (five lands away) is still the card to discard
    state = run_player("loot_keeps_the_removal_spell", ('"Fell"', '"Conduct Electricity"'))
    assert names(state, 0, "graveyard") == ["Conduct Electricity"]


def test_a_loot_keeps_the_removal_spell_over_any_body_while_it_has_a_target():
    state = run_player("loot_keeps_the_removal_spell_over_a_dearer_body")
    assert names(state, 0, "graveyard") == ["Glidedive Duo"]
    assert "Fell" in names(state, 0, "hand")
    # no creature on the other side: the five-drop is worth more than Fell's 20 + 30
    state = run_player(
        "loot_keeps_the_removal_spell_over_a_dearer_body",
        (', { card = "Lifecreed Duo", sick = false }]', "]"),
    )
    assert names(state, 0, "graveyard") == ["Fell"]


def test_a_loot_keeps_the_land_its_five_drop_needs_and_bins_the_six_drop():
    state = run_player("loot_keeps_the_lands_in_sight_its_hand_needs")
    assert names(state, 0, "graveyard") == ["Daring Waverider"]
    assert names(state, 0, "hand").count("Swamp") == 3
    # with a fourth land in play the Waverider is within reach too: a Swamp is then spare
    state = run_player(
        "loot_keeps_the_lands_in_sight_its_hand_needs",
        (
            'battlefield = ["Island", "Island"]',
            'battlefield = ["Island", "Island", "Swamp", "Swamp"]',
        ),
    )
    assert names(state, 0, "graveyard") == ["Swamp"]


def test_a_surveil_with_five_lands_bins_a_spare_land_and_a_weak_two_drop():
    state = run_player("surveil_bins_the_late_weak_draws")
    assert "Lightshell Duo" in names(state, 0, "battlefield")
    assert names(state, 0, "graveyard") == ["Island", "Steampath Charger"]
    # with four lands in play the fifth land is wanted and the two-drop is no late draw
    state = run_player(
        "surveil_bins_the_late_weak_draws",
        (
            '"Island", "Island", "Mountain", "Mountain", "Mountain"]',
            '"Island", "Island", "Mountain", "Mountain"]',
        ),
    )
    assert "Lightshell Duo" in names(state, 0, "battlefield")
    assert names(state, 0, "graveyard") == []
    # a hand spell that needs a sixth land keeps the Island; a removal spell stays on top
    state = run_player(
        "surveil_bins_the_late_weak_draws",
        ('"Agate Assault"]', '"Agate Assault", "Galewind Moose"]'),
        ('"Steampath Charger", "Mountain"', '"Playful Shove", "Mountain"'),
    )
    assert names(state, 0, "graveyard") == []
    # the basic player keeps both: fewer than six lands in sight, a spell in reach
    basic = run_player(
        "surveil_bins_the_late_weak_draws",
        ('[[seat]]\nhand = ["Lightshell', '[[seat]]\nlevel = "basic"\nhand = ["Lightshell'),
    )
    assert names(basic, 0, "graveyard") == []


def test_an_impulse_drawn_card_goes_before_the_hand_card():
    # Harnesser of Storms exiles Steampath Charger, playable this turn only: it takes the mana
    # left after Lightshell Duo, and Hearthborn Battler (from hand, more expensive) waits
    state = run_player("impulse_card_before_the_hand_card")
    assert "Steampath Charger" in names(state, 0, "battlefield")
    assert names(state, 0, "exile") == []
    assert names(state, 0, "hand") == ["Hearthborn Battler"]


def test_an_impulse_drawn_instant_is_cast_the_turn_its_permission_ends():
    # Into the Flood Maw exiled by Harnesser of Storms may be cast this turn only: the bounce
    # that waits for the opponent's end step (or a bigger target) would be lost at the cleanup
    state = run_player("impulse_instant_cast_this_turn")
    assert names(state, 0, "exile") == []
    assert cast_lines(state, "Into the Flood Maw")
    assert "Bakersbane Duo" in names(state, 1, "hand")


def test_an_instant_is_cast_as_the_second_spell_a_payoff_wants():
    # Hearthborn Battler pays p's second spell each turn: the bounce goes beside the turn's
    # Steampath Charger, not at the opponent's end step where it would be p's first spell
    state = run_player("second_spell_payoff_in_own_turn")
    assert "Steampath Charger" in names(state, 0, "battlefield")
    assert cast_lines(state, "Into the Flood Maw")
    assert "Bakersbane Duo" in names(state, 1, "hand")
    # no payoff to set off: the bounce waits for the end step
    state = run_player(
        "second_spell_payoff_in_own_turn",
        ('{ card = "Hearthborn Battler", sick = false }', '"Island"'),
    )
    assert not cast_lines(state, "Into the Flood Maw")


def test_a_draw_spell_waits_for_the_creature_while_behind_on_the_board():
    """Against a 5/5 with an empty board p casts Lightshell Duo and keeps Mind Spiral (the
    file's [expect]); with the Boar gone p is not behind, and the Spiral, the most expensive
    card, is cast."""
    state = run_player("develop_before_drawing")
    assert len(cast_lines(state, "Lightshell Duo")) == 1
    state = run_player(
        "develop_before_drawing", (', { card = "Quaketusk Boar", sick = false }', "")
    )
    assert len(cast_lines(state, "Mind Spiral")) == 1
    assert cast_lines(state, "Lightshell Duo") == []


def test_two_removal_spells_take_a_card_below_the_bar_but_not_a_gifted_fish():
    """Holding Fell and Dire Downdraft the player spends neither on the 1/1 Fish (the file's
    [expect]); a Warren Elder, a card, in its place is taken."""
    state = run_player(
        "removal_spares_a_gift_fish",
        (
            '{ card = "Fish", token = true, sick = false }',
            '{ card = "Warren Elder", sick = false }',
        ),
    )
    assert len(cast_lines(state, "Dire Downdraft") + cast_lines(state, "Fell")) == 1
    assert "Warren Elder" not in names(state, 1, "battlefield")


def test_an_attacking_fish_is_bounced_only_under_pressure():
    """At 20 life the 1/1 Fish's point of damage is taken and Into the Flood Maw kept (the
    file's [expect]); at 2 life the attack is bounced."""
    state = run_player("bounce_spares_an_attacking_fish", ("life = 20", "life = 2"))
    assert len(cast_lines(state, "Into the Flood Maw")) == 1
    assert state["seats"][0]["life"] == 2


def test_a_loot_bins_the_draw_spell_while_behind_and_keeps_it_otherwise():
    """Behind a 5/5 the Crier's loot bins Mind Spiral and keeps Daggerfang Duo (the file's
    [expect]); with nothing across it keeps the five-mana Spiral and bins the Duo."""
    state = run_player(
        "loot_bins_the_draw_spell_when_behind",
        (', { card = "Quaketusk Boar", sick = false }', ""),
    )
    assert names(state, 0, "graveyard") == ["Daggerfang Duo"]
    assert names(state, 0, "hand") == ["Mind Spiral"]


def test_the_land_drop_waits_for_the_impulse_draw_a_spell_sets_off():
    # Tempest Angler, castable on three lands, sets off Harnesser of Storms before the land
    # drop: the exiled Mountain is played, the hand's Island kept
    state = run_player("impulse_before_the_land_drop")
    assert "Tempest Angler" in names(state, 0, "battlefield")
    assert names(state, 0, "hand") == ["Island"]
    assert names(state, 0, "exile") == []
    assert names(state, 0, "battlefield").count("Mountain") == 3
    # a hand card that only the land drop pays for (Lightshell Duo, four mana): the land first
    state = run_player(
        "impulse_before_the_land_drop",
        ('hand = ["Island", "Tempest Angler"]', 'hand = ["Island", "Lightshell Duo"]'),
    )
    assert "Lightshell Duo" in names(state, 0, "battlefield")
    assert "Island" not in names(state, 0, "hand")
    # the basic player plays its land first
    basic = run_player(
        "impulse_before_the_land_drop",
        ('[[seat]]\nhand = ["Island"', '[[seat]]\nlevel = "basic"\nhand = ["Island"'),
    )
    assert "Tempest Angler" in names(basic, 0, "battlefield")
    assert names(basic, 0, "hand") == []

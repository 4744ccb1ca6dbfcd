"""The other side of the mana-land scenario files (restricted mana, filters, a chosen color,
the Villages' abilities): the same position with the condition turned off is refused in words
or gives the other outcome."""

from __future__ import annotations

from test_scenarios import SCEN, bf, input_error, run_text, seat


def _text(name: str) -> str:
    return (SCEN / f"{name}.toml").read_text(encoding="utf-8")


def _no_expect(text: str) -> str:
    return text.split("[expect]")[0]


def test_creature_only_mana_does_not_pay_for_a_sorcery() -> None:
    text = _no_expect(_text("creature_only_mana_casts_a_creature")).replace(
        "Thought Shucker", "Otterball Antics"
    )
    assert "mana" in input_error(run_text, text).lower()


def test_filter_land_and_one_plains_cannot_make_u_and_one() -> None:
    text = _no_expect(_text("mana_filter_land_makes_a_color")).replace(
        'battlefield = ["Hidden Grotto", "Plains", "Plains"]',
        'battlefield = ["Hidden Grotto", "Plains"]',
    )
    assert "mana" in input_error(run_text, text).lower()


def test_filter_land_pays_generic_as_colorless() -> None:
    # {T}: Add {C} -- the Grotto alone pays a {1} (Jolly Gerbils, {1}{W}, with a Plains)
    text = _no_expect(_text("mana_filter_land_makes_a_color")).replace(
        "Thought Shucker", "Jolly Gerbils"
    )
    text = text.replace('"Hidden Grotto", "Plains", "Plains"', '"Hidden Grotto", "Plains"')
    s = run_text(text)
    assert [p["card"] for p in bf(s, 0, "Jolly Gerbils")] == ["Jolly Gerbils"]


def test_mascot_filters_only_once_each_turn() -> None:
    text = _no_expect(_text("mana_filter_once_each_turn")).replace(
        'hand = ["Thought Shucker"]', 'hand = ["Thought Shucker", "Thought Shucker"]'
    )
    text += '\n[[action]]\ncast = "Thought Shucker"\n'
    assert "mana" in input_error(run_text, text).lower()


def test_village_surveil_refused_without_a_rat_entering() -> None:
    text = _no_expect(_text("village_activate_only_if_subtype_entered")).replace(
        '{ card = "Thought Shucker", entered_this_turn = true }', '"Thought Shucker"'
    )
    assert "its activation restriction is not met" in input_error(run_text, text)


def test_village_refuses_a_hamster_card_target() -> None:
    text = _no_expect(_text("village_sacrifice_returns_subtype_card")).replace(
        "graveyard:0:Thought Shucker", "graveyard:0:Jolly Gerbils"
    )
    assert "target" in input_error(run_text, text).lower()


def test_rockface_refuses_a_hamster() -> None:
    text = _no_expect(_text("village_pump_haste_subtype_target")).replace(
        "battlefield:0:Flowerfoot Swordmaster", "battlefield:0:Jolly Gerbils"
    )
    assert "target" in input_error(run_text, text).lower()


def test_haven_chooses_the_color_the_hand_needs() -> None:
    # the same position with a red spell: the Haven taps for {R}, so the blue Shucker waits
    text = _no_expect(_text("chosen_color_land")).replace(
        'hand = ["Uncharted Haven", "Thought Shucker"]',
        'hand = ["Uncharted Haven", "Thought Shucker", "Agate Assault", "Agate Assault"]',
    )
    assert "mana" in input_error(run_text, text).lower()


def test_trigger_mana_needs_the_life_loss() -> None:
    text = _no_expect(_text("trigger_mana_empties_as_the_phase_ends")).replace(
        '[[action]]\nattack = ["Heartfire Hero"]\n\n[[action]]\nadvance = "main2"\n\n', ""
    )  # the Gecko enters in main phase 1, before any attack
    assert "mana" in input_error(run_text, text).lower()


def test_trigger_mana_empties_as_the_phase_ends() -> None:
    # the {B}{R} is gone in the end step: Savor ({1}{B}, an instant) cannot be cast with it
    text = _no_expect(_text("trigger_mana_empties_as_the_phase_ends")).replace(
        '"Agate-Blade Assassin"]', '"Savor"]'
    )
    text = text.replace(
        '[[action]]\ncast = "Agate-Blade Assassin"\n',
        '[[action]]\nadvance = "end"\n\n[[action]]\ncast = "Savor"\n'
        'targets = ["battlefield:0:Heartfire Hero"]\n',
    )
    assert "mana" in input_error(run_text, text).lower()


def test_overseer_refused_without_a_food_sacrificed() -> None:
    text = _no_expect(_text("activate_only_if_food_sacrificed")).replace(
        '[[action]]\nactivate = "Food"\n\n[[action]]\nresolve = true\n\n', ""
    )
    assert "its activation restriction is not met" in input_error(run_text, text)


def test_overflow_with_one_counter_draws_one() -> None:
    # no expend 4 (the Charger is not cast): the one counter from entering
    text = _no_expect(_text("stash_counters_discard_hand_draw")).replace(
        '[[action]]\ncast = "Steampath Charger"\n\n[[action]]\nresolve = true\n\n', ""
    )
    s = run_text(text)
    assert seat(s, 0)["hand"] == ["Island"]
    assert sorted(seat(s, 0)["graveyard"]) == sorted(
        ["Steampath Charger", "Heartfire Hero", "Plains", "Plains", "Hoarder's Overflow"]
    )


def test_stargaze_x_is_kept_below_the_casters_life() -> None:
    # at 7 life the player keeps 5: X = 2 (four cards looked at, two taken)
    text = _no_expect(_text("x_spell_look_and_take")).replace(
        'hand = ["Stargaze"]', 'life = 7\nhand = ["Stargaze"]'
    )
    s = run_text(text)
    assert seat(s, 0)["life"] == 5
    assert sorted(seat(s, 0)["hand"]) == ["Agate-Blade Assassin", "Fell"]
    assert seat(s, 0)["library_size"] == 4

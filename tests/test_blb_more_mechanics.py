"""The other side of the issue-20 scenario files whose [expect] table pins one outcome: the
same position with the condition turned off gives the other outcome, and an illegal choice
of targets is refused in words."""

from __future__ import annotations

from test_scenarios import SCEN, bf, input_error, run_text, seat


def _text(name: str) -> str:
    return (SCEN / f"{name}.toml").read_text(encoding="utf-8")


def test_warden_without_another_creature_entering_does_not_fly() -> None:
    # 603.4: no creature entered under its controller's control this turn, so no trigger
    text = _text("another_creature_entered_attack_gains_flying")
    text = text.replace('[[action]]\ncast = "Thought Shucker"\n\n[[action]]\nresolve = true\n', "")
    s = run_text(text.split("[expect]")[0])
    (warden,) = bf(s, 0, "Waterspout Warden")
    assert "flying" not in warden["keywords"]


def test_warden_entering_itself_is_not_another_creature() -> None:
    # "another": the Warden that entered this turn (given haste here) does not count itself
    text = _text("another_creature_entered_attack_gains_flying")
    text = text.replace('[[action]]\ncast = "Thought Shucker"\n\n[[action]]\nresolve = true\n', "")
    text = text.replace(
        '{ card = "Waterspout Warden", sick = false }',
        '{ card = "Waterspout Warden", sick = false, entered_this_turn = true }',
    )
    s = run_text(text.split("[expect]")[0])
    (warden,) = bf(s, 0, "Waterspout Warden")
    assert "flying" not in warden["keywords"]


def test_run_away_together_refuses_two_creatures_of_one_player() -> None:
    text = _text("different_controllers_two_targets").replace(
        '["battlefield:0:Jolly Gerbils"]', '["battlefield:1:Bushy Bodyguard"]'
    )
    msg = input_error(run_text, text)
    assert "different players" in msg


def test_splash_portal_on_a_hamster_draws_nothing() -> None:
    text = _text("flicker_draws_if_subtype").replace(
        'targets = ["battlefield:0:Thought Shucker"]', 'targets = ["battlefield:0:Jolly Gerbils"]'
    )
    s = run_text(text.split("[expect]")[0])
    assert seat(s, 0)["hand"] == []
    assert bf(s, 0, "Jolly Gerbils")[0]["sick"] is True


def test_coyote_exiling_a_power_6_creature_gets_no_counter() -> None:
    text = _text("exile_until_leaves_power_counter").replace(
        'battlefield = ["Jolly Gerbils"]', 'battlefield = ["Huskburster Swarm"]'
    )
    s = run_text(text.split("[expect]")[0])
    (coyote,) = bf(s, 0, "Driftgloom Coyote")
    assert coyote["counters"] == {} and coyote["power"] == 3
    assert seat(s, 1)["exile"] == ["Huskburster Swarm"]


def test_warlock_without_life_loss_lets_them_discard_their_choice() -> None:
    # "Otherwise, they discard a card": no land played, no landfall, no life lost
    text = _text("discard_chosen_if_lost_life").replace(
        '[[action]]\nplay = "Swamp"\n\n[[action]]\nresolve = true\n', ""
    )
    text = text.replace(
        'battlefield = ["Swamp", "Swamp",', 'battlefield = ["Swamp", "Swamp", "Swamp",'
    )
    s = run_text(text.split("[expect]")[0])
    assert seat(s, 1)["life"] == 20
    assert len(seat(s, 1)["hand"]) == 2 and len(seat(s, 1)["graveyard"]) == 1


def test_cache_grab_without_a_squirrel_makes_no_food() -> None:
    text = _text("mill_take_food_if_squirrel").replace('"Bushy Bodyguard", ', '"Jolly Gerbils", ')
    s = run_text(text.split("[expect]")[0])
    assert seat(s, 0)["hand"] == ["Jolly Gerbils"]
    assert bf(s, 0, "Food") == []


def test_bonebind_orator_cannot_return_itself_nor_work_from_the_battlefield() -> None:
    text = _text("graveyard_ability_exiles_itself")
    itself = text.replace(
        'targets = ["graveyard:0:Treetop Sentries"]', 'targets = ["graveyard:0:Bonebind Orator"]'
    )
    assert "not a legal target" in input_error(run_text, itself)
    on_bf = text.replace(
        'battlefield = ["Swamp", "Swamp", "Swamp", "Swamp"]',
        'battlefield = ["Swamp", "Swamp", "Swamp", "Swamp", "Bonebind Orator"]',
    ).replace(
        'activate = "graveyard:0:Bonebind Orator"', 'activate = "battlefield:0:Bonebind Orator"'
    )
    assert "graveyard" in input_error(run_text, on_bf)


def _without_expect(name: str) -> str:
    return _text(name).split("[expect]")[0]


def test_pathmakers_permission_lasts_until_the_end_of_the_casters_next_turn() -> None:
    base = _without_expect("impulse_play_until_next_turn")
    seen = []
    for n in range(1, 4):
        s = run_text(base + '[[action]]\nadvance = "next_turn"\n\n' * n)
        seen.append((s["active"], seat(s, 0)["may_cast_from_exile"]))
    assert seen == [(1, ["Wick's Patrol"]), (0, ["Wick's Patrol"]), (1, [])]
    assert seat(s, 0)["exile"] == ["Wick's Patrol"]  # the card stays exiled


def test_the_player_plays_a_land_it_may_play_from_exile() -> None:
    text = _without_expect("impulse_play_until_next_turn").replace(
        'library = ["Wick\'s Patrol", ', 'library = ["Mountain", '
    )
    s = run_text(text + '[[action]]\nadvance = "main2"\n')
    assert seat(s, 0)["exile"] == []
    assert len(bf(s, 0, "Mountain")) == 5


def test_fireglass_mentor_without_life_loss_exiles_nothing() -> None:
    # 603.4: nobody lost life (the Mentor is summoning sick: no attack), so nothing happens
    text = (
        _without_expect("begin_second_main_impulse_choose_one")
        .replace('[[action]]\nattack = ["Fireglass Mentor"]\n\n[[action]]\nblock = []\n\n', "")
        .replace(
            '{ card = "Fireglass Mentor", sick = false }',
            '{ card = "Fireglass Mentor", sick = true }',
        )
    )
    s = run_text(text)
    assert seat(s, 0)["exile"] == [] and seat(s, 0)["library_size"] == 3


def test_stolen_creature_returns_at_the_cleanup_and_a_big_one_is_not_taken() -> None:
    base = _without_expect("gain_control_until_end_of_turn")
    s = run_text(base + '[[action]]\nadvance = "next_turn"\n')
    assert s["active"] == 1
    assert [p["card"] for p in bf(s, 1)] == ["Jolly Gerbils"]
    assert bf(s, 0, "Jolly Gerbils") == []
    big = base.replace('{ card = "Jolly Gerbils", tapped = true }', '"Huskburster Swarm"')
    s = run_text(big)
    assert [p["card"] for p in bf(s, 1)] == ["Huskburster Swarm"]

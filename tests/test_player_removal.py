"""The standard player's removal timing (issue 14 item 3): a creature below the removal bar is
taken only for a tempo reason that holds on the board (ai_tempo.removal_tempo: p's attack
becomes lethal, a turn bought when p dies within two, the race won), not for the opponents'
raw power, the turn number or a second removal spell alone; and a creature whose attack is
part of a lethal alpha strike is not tapped for its ability before combat. Each position is
also played with the reason taken away or added, so the play is shown to be the position's."""

from __future__ import annotations

from conftest import names, run_player


def test_removal_waits_while_a_blocker_holds_the_small_attacker():
    state = run_player("removal_kept_behind_a_wall")
    assert names(state, 0, "hand") == ["Fell"]
    assert "Warren Elder" in names(state, 1, "battlefield")
    # without the 1/3 the 2/2 kills in two attacks: the Fell buys the turn
    state = run_player(
        "removal_kept_behind_a_wall",
        ('"Swamp", { card = "Three Tree Rootweaver", sick = false }]', '"Swamp"]'),
    )
    assert names(state, 0, "graveyard") == ["Fell"]
    assert "Warren Elder" in names(state, 1, "graveyard")


def test_removal_clears_the_blocker_of_a_lethal_attack():
    state = run_player("removal_clears_the_lethal_blocker")
    assert names(state, 0, "graveyard") == ["Fell"]
    assert any("Warren Elder (seat 1) dies" in line for line in state["play_by_play"])
    assert state["seats"][1]["life"] <= 0
    # at 10 life the attack is no kill: the 2/2 is not worth the card
    state = run_player(
        "removal_clears_the_lethal_blocker", ("[[seat]]\nlife = 3", "[[seat]]\nlife = 10")
    )
    assert names(state, 0, "hand") == ["Fell"]
    assert state["seats"][1]["life"] > 0


def test_a_second_removal_spell_does_not_make_a_token_worth_a_card():
    fell2 = ('hand = ["Fell"]', 'hand = ["Fell", "Fell"]')
    state = run_player("removal_kept_for_a_bigger_threat", fell2)
    assert names(state, 0, "hand") == ["Fell", "Fell"]
    assert "Fish" in names(state, 1, "battlefield")
    # a two-drop with a body is worth the spare one
    state = run_player(
        "removal_kept_for_a_bigger_threat", fell2, ('["Fish", "Forest"]', '["Warren Elder"]')
    )
    assert names(state, 0, "hand") == ["Fell"]
    assert "Warren Elder" in names(state, 1, "graveyard")


def test_a_late_game_does_not_make_a_token_worth_a_card():
    late = ("turn = 6", "turn = 20")
    state = run_player("removal_kept_for_a_bigger_threat", late)
    assert names(state, 0, "hand") == ["Fell"]
    assert "Fish" in names(state, 1, "battlefield")
    state = run_player(
        "removal_kept_for_a_bigger_threat", late, ('["Fish", "Forest"]', '["Warren Elder"]')
    )
    assert names(state, 0, "graveyard") == ["Fell"]
    # early, the same two-drop waits for a bigger threat
    state = run_player(
        "removal_kept_for_a_bigger_threat", ('["Fish", "Forest"]', '["Warren Elder"]')
    )
    assert names(state, 0, "hand") == ["Fell"]


def test_a_creature_attacks_for_lethal_instead_of_tapping_to_pump():
    state = run_player("tap_ability_waits_for_a_lethal_attack")
    assert state["seats"][1]["life"] <= 0
    log = state["play_by_play"]
    assert not any("activates Brave-Kin Duo" in line for line in log)
    assert any("Brave-Kin Duo attacks" in line for line in log)
    # at 10 life no attack kills: the Duo pumps as before
    state = run_player(
        "tap_ability_waits_for_a_lethal_attack", ("[[seat]]\nlife = 2", "[[seat]]\nlife = 10")
    )
    assert any("activates Brave-Kin Duo" in line for line in state["play_by_play"])

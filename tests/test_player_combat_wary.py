"""The standard player's blocks against what the attacking player may still do: a pump cast
after blocks, a trampler's damage through next turn's chump (kernel/player/ai_block.py)."""

from __future__ import annotations

from conftest import names, run_player


def test_the_blocker_that_survives_a_pump_goes_first():
    """Of two blockers that eat a 2/2, the one that still does at 4/4 blocks it; the cheaper
    one takes the 1/1, which it eats at 3/3 too. Mabel's Mettle stays in hand."""
    state = run_player("block_robust_to_a_pump")
    assert names(state, 1, "battlefield") == ["Junkblade Bruiser", "Lightshell Duo"]
    assert names(state, 0, "hand") == ["Mabel's Mettle"]
    assert names(state, 0, "battlefield") == ["Plains", "Plains"]
    assert state["seats"][1]["life"] == 20
    assert _said(state, "Rabbit token deals 2 damage to Junkblade Bruiser")
    # without a card in hand no pump is feared: the cheaper Duo blocks the 2/2 and eats it
    state = run_player("block_robust_to_a_pump", ('hand = ["Mabel\'s Mettle"]', "hand = []"))
    assert names(state, 1, "battlefield") == ["Junkblade Bruiser", "Lightshell Duo"]
    assert names(state, 0, "battlefield") == ["Plains", "Plains"]
    assert _said(state, "Rabbit token deals 2 damage to Lightshell Duo")


def _said(state: dict, text: str) -> bool:
    """Does a line of the play-by-play say text?"""
    return any(text in line for line in state["play_by_play"])


def test_a_chump_cannot_wait_when_a_trampler_comes_again():
    """Next turn the Fish stops only 1 of the trampling Boar's 5, so at best 3 of the 11: 8
    kills at 8. It chumps a 3/3 now and the defender goes to 11."""
    state = run_player("chump_cannot_wait_for_a_trampler")
    assert state["seats"][1]["life"] == 11
    assert names(state, 1, "battlefield") == []
    # at 20 life next turn's 8 leaves it alive (at 1): the chump waits, the defender goes to 9
    state = run_player("chump_cannot_wait_for_a_trampler", ("life = 19", "life = 20"))
    assert state["seats"][1]["life"] == 9
    assert names(state, 1, "battlefield") == ["Fish"]


def test_a_blocker_that_survives_soaks_an_attacker():
    """Treetop Sentries (2/4) block a 3/3 Rabbit it neither kills nor dies to: no damage
    taken, nothing lost. With Mabel's Mettle (+2/+2) and two Plains up the pumped Rabbit would
    kill the Sentries: the defender takes the 3 instead."""
    state = run_player("wall_block_soaks_an_attacker")
    assert _said(state, "Treetop Sentries (") and _said(state, ") blocks Rabbit")
    assert state["seats"][1]["life"] == 20
    assert names(state, 1, "battlefield") == ["Treetop Sentries"]
    assert names(state, 0, "battlefield") == ["Plains", "Plains", "Rabbit"]
    state = run_player("wall_block_soaks_an_attacker", ("hand = []", 'hand = ["Mabel\'s Mettle"]'))
    assert not _said(state, " blocks ")
    assert state["seats"][1]["life"] == 17
    assert names(state, 1, "battlefield") == ["Treetop Sentries"]


def test_one_open_land_hides_a_smaller_pump():
    """Treetop Sentries (2/4) block a 2/3 Rabbit from a player with a card and one Plains up:
    the one-mana pumps give +1 power, and 3 does not kill the Sentries. With both Plains up
    the +2 pump would: the defender takes the 2."""
    state = run_player("soak_past_a_one_land_pump")
    assert _said(state, "Treetop Sentries (") and _said(state, ") blocks Rabbit")
    assert state["seats"][1]["life"] == 20
    assert names(state, 1, "battlefield") == ["Treetop Sentries"]
    both_up = ('{ card = "Plains", tapped = true }', '"Plains"')
    state = run_player("soak_past_a_one_land_pump", both_up)
    assert not _said(state, " blocks ")
    assert state["seats"][1]["life"] == 18


def test_a_wide_attack_with_team_pump_mana_up_is_respected():
    """Two 2/3 tokens attack from a player with a card in hand and three Plains up: the
    Sentinel (3/3) eats either, but not one pumped +2/+1 (4/4), and stays out of the way.
    With two Plains up it blocks one. (Two 3/3s with Valley Rally up still meet blocks by two
    4/4s: the pump makes them trades, test_player_combat.test_a_team_pump_backs_every_attacker.)"""
    state = run_player("wide_attack_respects_a_team_pump")
    assert not _said(state, " blocks ")
    assert state["seats"][1]["life"] == 16
    assert names(state, 1, "battlefield") == ["Forest", "Stickytongue Sentinel"]
    assert names(state, 0, "hand") == ["Mabel's Mettle"]
    state = run_player(
        "wide_attack_respects_a_team_pump", ('"Plains", "Plains", "Plains"', '"Plains", "Plains"')
    )
    assert _said(state, "Stickytongue Sentinel (") and _said(state, ") blocks Rabbit")

"""The standard player's multiplayer choices (kernel/player/ai_multi.py, issue 21 item 3), on set-up
4-player positions: whom it attacks."""

from __future__ import annotations

from test_scenarios import run_text, seat

OCTO = '{ card = "Octopus", sick = false }'
TAPPED_OCTO = '{ card = "Octopus", tapped = true }'


def _attack_position(level: str) -> str:
    # seat 0 (100 life: no crack-back is lethal) attacks with two 8/8s. Seat 1 (10 life, the
    # least) has three untapped 8/8s that block both; seat 2 (30 life) has four tapped 8/8s:
    # the biggest threat, no blocker; seat 3 (18 life) has nothing: the same 16 damage gets
    # through, a bigger share of its life. No one dies to 16 damage.
    return f"""
[game]
players = 4
active = 0
turn = 9
phase = "main1"
starting_life = 40

[[seat]]
level = "{level}"
life = 100
battlefield = [{OCTO}, {OCTO}]
library = ["Plains", "Plains"]

[[seat]]
life = 10
battlefield = [{OCTO}, {OCTO}, {OCTO}]
library = ["Island", "Island"]

[[seat]]
life = 30
battlefield = [{TAPPED_OCTO}, {TAPPED_OCTO}, {TAPPED_OCTO}, {TAPPED_OCTO}]
library = ["Island", "Island"]

[[seat]]
life = 18
library = ["Island", "Island"]

[[action]]
advance = "main2"
"""


def test_the_standard_player_attacks_the_biggest_threat_it_can_hurt():
    # not the opponent with the least life (whose blockers stop everything), nor the one the
    # same damage hurts most: the leader, whom the whole attack reaches
    s = run_text(_attack_position("standard"))
    assert [seat(s, k)["life"] for k in range(1, 4)] == [10, 14, 18]


def test_the_basic_player_still_attacks_the_opponent_with_the_least_life():
    # the control: the basic player's choice (kept exactly) goes at seat 1, the least life
    # (seats 2 and 3 are untouched)
    s = run_text(_attack_position("basic"))
    assert [seat(s, k)["life"] for k in range(2, 4)] == [30, 18]

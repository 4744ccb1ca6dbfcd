"""The standard player's multiplayer choices (kernel/ai_multi.py, issue 21 item 3), on set-up
4-player positions: whom it attacks."""

from __future__ import annotations

from test_scenarios import run_text, seat

OCTO = '{ card = "Octopus", sick = false }'
TAPPED_OCTO = '{ card = "Octopus", tapped = true }'


def _attack_position(level: str) -> str:
    # seat 0 attacks with two 8/8s. Seat 1 (10 life, the least) has three untapped 8/8s that
    # block both; seat 2 (20 life) has two tapped 8/8s: the biggest threat, no blocker; seat 3
    # (30 life) has nothing. No one dies to 16 damage.
    return f"""
[game]
players = 4
active = 0
turn = 9
phase = "main1"

[[seat]]
level = "{level}"
battlefield = [{OCTO}, {OCTO}]
library = ["Plains", "Plains"]

[[seat]]
life = 10
battlefield = [{OCTO}, {OCTO}, {OCTO}]
library = ["Island", "Island"]

[[seat]]
life = 20
battlefield = [{TAPPED_OCTO}, {TAPPED_OCTO}]
library = ["Island", "Island"]

[[seat]]
life = 30
library = ["Island", "Island"]

[[action]]
advance = "main2"
"""


def test_the_standard_player_attacks_the_biggest_threat_it_can_hurt():
    # not the opponent with the least life (whose blockers stop everything), nor the one with
    # the most life and no board: the leader, whom the whole attack reaches
    s = run_text(_attack_position("standard"))
    assert [seat(s, k)["life"] for k in range(1, 4)] == [10, 4, 30]


def test_the_basic_player_still_attacks_the_opponent_with_the_least_life():
    # the control: the basic player's choice (kept exactly) goes at seat 1, whose blockers
    # stop the attack (no opponent loses life)
    s = run_text(_attack_position("basic"))
    assert [seat(s, k)["life"] for k in range(1, 4)] == [10, 20, 30]

"""The standard player's multiplayer choices (kernel/player/ai_multi.py, issue 21 item 3), on set-up
4-player positions: whom it attacks, how many stay home for the table's crack-back, and at whose
creature its removal goes."""

from __future__ import annotations

from test_scenarios import creatures, run_text, seat

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
    # (seats 2 and 3 are untouched): its three 8/8s block both attackers, which die with two
    # of them
    s = run_text(_attack_position("basic"))
    assert [seat(s, k)["life"] for k in range(2, 4)] == [30, 18]
    assert creatures(s, 0) == [] and creatures(s, 1) == ["Octopus"]


def _crack_back_position(level: str) -> str:
    # seat 0 (30 life) has two 3/3s; seat 1 (12 life) has nothing: the attack goes there (seats
    # 2 and 3 block everything), 6 damage, not lethal. Seat 1 has no crack-back, but seats 2 and
    # 3 (level) each have two untapped 8/8s: 32 damage if seat 0 taps out, 16 through one 3/3
    # at home. After the attack seat 1 (6 life) has the least life.
    fish = '{ card = "Fish", token = true, power = 3, toughness = 3, sick = false }'
    opp = f"""
[[seat]]
level = "{level}"
life = 40
battlefield = [{OCTO}, {OCTO}]
library = ["Island", "Island"]
"""
    return f"""
[game]
players = 4
active = 0
turn = 9
phase = "main1"
starting_life = 40

[[seat]]
life = 30
battlefield = [{fish}, {fish}]
library = ["Plains", "Plains"]

[[seat]]
life = 12
library = ["Island", "Island"]
{opp}{opp}
[[action]]
advance = "main2"
"""


def test_a_creature_stays_home_when_the_table_would_kill_an_open_seat():
    # neither seat 2 nor seat 3 alone kills seat 0, both do: each standard opponent may attack
    # the seat that taps out, so one 3/3 stays home (seat 1 takes 3, not 6)
    s = run_text(_crack_back_position("standard"))
    assert seat(s, 1)["life"] == 9 and [seat(s, k)["life"] for k in (2, 3)] == [40, 40]


def test_basic_opponents_attack_the_least_life_and_both_3_3s_go():
    # the control: basic opponents attack the opponent with the least life, seat 1 once it
    # has taken the 6: no crack-back comes at seat 0
    s = run_text(_crack_back_position("basic"))
    assert seat(s, 1)["life"] == 6


def _removal_position(players: int, leader_hand: int = 4) -> str:
    # seat 0 holds Fell (destroy target creature) with the mana for it. Seat 1 has a 4/4 Fish
    # and an empty hand; the last seat (the table's leader in a pod: four cards in hand) has a
    # 3/3 Fish. In a 1v1 game the last seat is seat 1 itself, so only the 4/4's owner is there.
    seats = [
        """
[[seat]]
level = "standard"
life = 40
hand = ["Fell"]
battlefield = ["Swamp", "Swamp"]
library = ["Swamp", "Swamp"]
""",
        """
[[seat]]
life = 40
battlefield = [{ card = "Fish", token = true, power = 4, toughness = 4 }]
library = ["Island", "Island"]
""",
    ]
    if players == 4:
        seats.append('\n[[seat]]\nlife = 40\nlibrary = ["Island", "Island"]\n')
        seats.append(
            f"""
[[seat]]
life = 40
hand = {["Island"] * leader_hand}
battlefield = [{{ card = "Fish", token = true, power = 3, toughness = 3 }}]
library = ["Island", "Island"]
"""
        )
    # late in the game (each seat's tenth turn): any creature is worth the removal, so only the
    # aim is tested, not whether to wait for a bigger threat
    head = f'[game]\nplayers = {players}\nactive = 0\nturn = {10 * players}\nphase = "main1"\n'
    return head + "".join(seats) + '\n[[action]]\nadvance = "main2"\n'


def test_removal_goes_at_the_opponent_who_threatens_most():
    # the leader's 3/3, not the bigger 4/4 of the opponent with nothing in hand
    s = run_text(_removal_position(4))
    assert creatures(s, 1) == ["Fish"] and creatures(s, 3) == []
    # the control: with an empty hand the last seat is no longer the leader, and the 4/4 goes
    s = run_text(_removal_position(4, leader_hand=0))
    assert creatures(s, 1) == [] and creatures(s, 3) == ["Fish"]


def test_in_1v1_the_same_removal_takes_the_4_4():
    # the control: without a table to weigh, Fell goes at the one opponent's 4/4
    s = run_text(_removal_position(2))
    assert creatures(s, 1) == []


def _flier_position(blockers: bool, sick: bool = True, tapped: bool = False) -> str:
    # seat 0 holds Fell with the mana for it, late in the game (any creature is worth it), and
    # (blockers) two 4/4 Fish, sick (they can block, not attack) or not, tapped or not. Seat 1
    # has Quaketusk Boar (5/5 on the ground), seat 3 Knightfisher (4/5 flying); hands are
    # empty: the threat is the board's
    state = f"sick = {str(sick).lower()}, tapped = {str(tapped).lower()}"
    fish = f'{{ card = "Fish", token = true, power = 4, toughness = 4, {state} }}'
    home = f", {fish}" * 2
    return f"""
[game]
players = 4
active = 0
turn = 40
phase = "main1"

[[seat]]
level = "standard"
life = 40
hand = ["Fell"]
battlefield = ["Swamp", "Swamp"{home if blockers else ""}]
library = ["Swamp", "Swamp"]

[[seat]]
life = 40
battlefield = ["Quaketusk Boar"]
library = ["Island", "Island"]

[[seat]]
life = 40
library = ["Island", "Island"]

[[seat]]
life = 40
battlefield = ["Knightfisher"]
library = ["Island", "Island"]

[[action]]
advance = "main2"
"""


def test_removal_goes_at_the_flier_its_blockers_cannot_stop():
    # threat is the damage that gets past seat 0's creatures: its two 4/4s hold the Boar on the
    # ground, nothing of its blocks the flier, so the flier's 4 damage is the table's danger
    s = run_text(_flier_position(blockers=True))
    assert creatures(s, 3) == [] and creatures(s, 1) == ["Quaketusk Boar"]


def test_without_blockers_the_bigger_ground_creature_is_the_threat():
    # the control: with nothing to block either, the Boar's 5 damage outweighs the flier's 4,
    # and Fell goes at it (when threat was the board's power alone, Fell took the flier in both)
    s = run_text(_flier_position(blockers=False))
    assert creatures(s, 1) == [] and creatures(s, 3) == ["Knightfisher"]


def test_creatures_that_can_attack_are_not_read_as_blockers_in_their_own_turn():
    # the same two 4/4s, able to attack this turn: read as attacking (tapped through the
    # table's turns), they hold nothing at home, so the Boar's 5 is the danger and Fell takes it
    s = run_text(_flier_position(blockers=True, sick=False))
    assert creatures(s, 1) == [] and creatures(s, 3) == ["Knightfisher"]


def test_an_attack_on_a_rival_is_not_bounced_in_combat():
    # seat 2's Quaketusk Boar attacks seat 1 (12 life, nothing to block; seats 0 and 3 each hold
    # a 6/6). Seat 0 holds Into the Flood Maw: the fight is not its own, so the spell waits and
    # the rival takes the 5 (it used to bounce the Boar mid-combat, sparing seat 1)
    big = '{ card = "Fish", token = true, power = 6, toughness = 6 }'
    text = f"""
[game]
players = 4
active = 2
turn = 42
phase = "main1"

[[seat]]
level = "standard"
life = 40
hand = ["Into the Flood Maw"]
battlefield = ["Island", {big}]
library = ["Island", "Island"]

[[seat]]
life = 12
library = ["Island", "Island"]

[[seat]]
level = "standard"
life = 40
battlefield = [{{ card = "Quaketusk Boar", sick = false }}]
library = ["Island", "Island"]

[[seat]]
life = 40
battlefield = [{big}]
library = ["Island", "Island"]

[[action]]
advance = "main2"
"""
    s = run_text(text)
    assert seat(s, 1)["life"] == 7 and creatures(s, 2) == ["Quaketusk Boar"]
    # the twin: seat 0 itself attacked (12 life, no 6/6 of its own; seat 1 at 40) bounces the
    # Boar in combat and takes nothing
    mine = text.replace(
        f'life = 40\nhand = ["Into the Flood Maw"]\nbattlefield = ["Island", {big}]',
        'life = 12\nhand = ["Into the Flood Maw"]\nbattlefield = ["Island"]',
    ).replace("life = 12\nlibrary", "life = 40\nlibrary")
    s = run_text(mine)
    assert seat(s, 0)["life"] == 12 and seat(s, 0)["hand"] == []
    assert seat(s, 2)["hand"] == ["Quaketusk Boar"] and seat(s, 1)["life"] == 40


def test_tapped_creatures_are_not_read_as_blockers():
    # the same two sick 4/4s, tapped: they stay tapped through the table's turns (their
    # controller untaps only in its own), so they hold nothing and Fell takes the Boar
    s = run_text(_flier_position(blockers=True, tapped=True))
    assert creatures(s, 1) == [] and creatures(s, 3) == ["Knightfisher"]

"""The standard player's crack-back (kernel/player/ai_crack.py) on set-up positions
(tests/scenarios/player/): which attackers stay home so that the defender's attack back is not
lethal. Split from test_player_combat.py."""

from __future__ import annotations

from conftest import run_player, tapped


def test_a_ground_creature_attacks_when_at_home_it_would_block_nothing():
    """The crack-back of a 4/5 flier kills p at 4 whatever p keeps home: the 3/4 on the ground
    cannot block it, so it attacks. Against a ground 3/3 (p at 3) it stays home and blocks."""
    state = run_player("ground_attacker_cannot_stop_fliers")
    assert tapped(state, 0, "Lightshell Duo") == [True]
    assert state["seats"][1]["life"] == 9
    state = run_player(
        "ground_attacker_cannot_stop_fliers",
        ('card = "Knightfisher"', 'card = "Stickytongue Sentinel"'),
        ("life = 4", "life = 3"),
    )
    assert tapped(state, 0, "Lightshell Duo") == [False]
    assert state["seats"][1]["life"] == 12


def test_the_crack_back_counts_what_a_card_in_hand_may_add():
    """At 6 life against a 4/3 whose controller holds a card, the 1/2 flier stays home to
    chump (the file's [expect]): lethal counts 2 early for a drain, burn spell or pump the
    board does not show. With the defender's hand empty, 4 is short of lethal: it attacks."""
    state = run_player("crack_back_counts_hidden_reach")
    assert tapped(state, 0, "Lifecreed Duo") == [False]
    state = run_player("crack_back_counts_hidden_reach", ('hand = ["Forest"]\n', ""))
    assert tapped(state, 0, "Lifecreed Duo") == [True]
    assert state["seats"][1]["life"] == 19


def test_the_race_counts_only_the_blockers_left_home():
    """The Duo tapped by its attack cannot block the crack-back: attacking for 3 a turn loses
    the race to 6 a turn, at home it blocks a 3/3 and survives (the file's [expect]: it stays
    home); at 6 life the defender is dead first and it attacks."""
    state = run_player("race_counts_only_blockers_left_home")
    assert tapped(state, 0, "Lightshell Duo") == [False]
    state = run_player("race_counts_only_blockers_left_home", ("life = 9", "life = 6"))
    assert tapped(state, 0, "Lightshell Duo") == [True]
    assert state["seats"][1]["life"] == 3


def test_the_crack_back_counts_the_team_pump_on_their_board():
    """Three Warren Elders and eight Plains: the pump bought twice makes the crack-back 12 at
    11 life if both Glidedive Duos attack, so one stays home (the file's [expect]: 12 -> 9).
    With seven Plains it is bought once, 9 gets through: both attack (12 -> 6)."""
    state = run_player("crack_back_counts_the_team_pump_on_the_board")
    assert tapped(state, 0, "Glidedive Duo") == [False, True]
    state = run_player(
        "crack_back_counts_the_team_pump_on_the_board",
        (
            '"Plains", "Plains", "Plains", "Plains", "Plains", "Plains", "Plains", "Plains",',
            '"Plains", "Plains", "Plains", "Plains", "Plains", "Plains", "Plains",',
        ),
    )
    assert tapped(state, 0, "Glidedive Duo") == [True, True]
    assert state["seats"][1]["life"] == 6

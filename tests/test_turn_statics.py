"""A "during your turn" static in a pod (turn.begin_turn, chars._turn_seats): a turn's start
refreshes the characteristics only for the seats whose turn ends or begins, so Bello's animation
must still start exactly as its controller's turn begins and end as the next seat's begins, with
turns in between that skip the refresh (H.GAME_STATICS holds Bello's controller's bit)."""

from __future__ import annotations

from test_scenarios import creatures, run_text

_LIB = 'library = ["Island", "Island", "Island", "Island", "Island", "Island"]'


def _pod(turns: int) -> str:
    # seat 3's second main phase; Bello (seat 1) makes Thran Dynamo (mana value 4) a 4/4
    # creature during seat 1's turn only; each action plays on to the next turn's upkeep
    actions = '[[action]]\nadvance = "next_turn"\n' * turns
    return f"""
[game]
players = 4
active = 3
turn = 8
phase = "main2"
starting_life = 40

[[seat]]
{_LIB}

[[seat]]
battlefield = [{{ card = "Bello, Bard of the Brambles", sick = false }}, "Thran Dynamo"]
{_LIB}

[[seat]]
{_LIB}

[[seat]]
{_LIB}

{actions}
"""


def test_bello_animates_only_in_its_controllers_turn_of_a_pod():
    # seat 0's turn (neither seat 3's ending turn nor seat 0's is Bello's controller's): no
    # creature Dynamo; seat 1's: a 4/4 creature; seat 2's: an artifact again
    assert "Thran Dynamo" not in creatures(run_text(_pod(1)), 1)
    assert "Thran Dynamo" in creatures(run_text(_pod(2)), 1)
    assert "Thran Dynamo" not in creatures(run_text(_pod(3)), 1)

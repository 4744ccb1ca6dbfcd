"""The standard player's blocks into a trick the attacking player may hold (a card in hand and
an untapped land): a lone attack into an even trade reads as a trick, and a double block must
hold against the common pump (kernel/player/ai_block.py)."""

from __future__ import annotations

from conftest import names, run_player


def _blocks(state: dict) -> list[str]:
    """The play-by-play's block lines."""
    return [line for line in state["play_by_play"] if " blocks " in line]


def test_a_lone_attack_into_an_even_trade_reads_as_a_trick():
    """A 3/3 attacks alone into the defender's 3/3 from a player behind in the race with a
    card and two lands up: the defender takes the 3 and Overprotect stays in hand."""
    state = run_player("lone_attack_into_a_trade_reads_as_a_trick")
    assert _blocks(state) == []
    assert state["seats"][1]["life"] == 17
    assert names(state, 1, "battlefield") == ["Forest", "Stickytongue Sentinel"]
    assert names(state, 0, "hand") == ["Overprotect"]
    # with no card in hand there is no trick to fear: the Sentinels trade
    state = run_player(
        "lone_attack_into_a_trade_reads_as_a_trick", ('hand = ["Overprotect"]', "hand = []")
    )
    assert len(_blocks(state)) == 1
    assert names(state, 0, "graveyard") == ["Stickytongue Sentinel"]
    assert names(state, 1, "graveyard") == ["Stickytongue Sentinel"]
    assert state["seats"][1]["life"] == 20
    # at 3 life the 3 is lethal: the Sentinel blocks, and the trick (with trample) gets through
    state = run_player("lone_attack_into_a_trade_reads_as_a_trick", ("life = 20", "life = 3"))
    assert len(_blocks(state)) == 1
    assert names(state, 0, "graveyard") == ["Overprotect"]


def test_an_even_race_still_leaves_time_to_dodge_a_trick():
    """Both players at 20 with the same board: the race read ties to the attacker (the
    defender is behind), but 17 left after the hit is life to spare, so the trade still
    waits. Both at 14, 11 left is not: the Sentinel blocks and dies to Overprotect."""
    name = "lone_attack_into_a_trade_reads_as_a_trick"
    state = run_player(name, ("life = 8", "life = 20"))
    assert _blocks(state) == []
    assert state["seats"][1]["life"] == 17
    assert names(state, 0, "hand") == ["Overprotect"]
    state = run_player(name, ("life = 8", "life = 14"), ("life = 20", "life = 14"))
    assert len(_blocks(state)) == 1
    assert names(state, 0, "graveyard") == ["Overprotect"]
    assert names(state, 1, "graveyard") == ["Stickytongue Sentinel"]


def test_a_double_block_into_open_mana_must_hold_against_a_pump():
    """The basic player's 3/4 attacks into two 2/2s that kill it together
    (test_the_defender_double_blocks); with a card in its hand and an Island up, a +2/+2 pump
    would make it a 5/6 that kills both and survives: the 2/2s stay out and the defender
    takes the 3."""
    holding = ('level = "basic"', 'level = "basic"\nhand = ["Crumb and Get It"]')
    state = run_player("double_block_kills_the_attacker", holding)
    assert _blocks(state) == []
    assert state["seats"][1]["life"] == 17
    assert names(state, 1, "battlefield") == ["Plains", "Warren Elder", "Warren Elder"]
    assert names(state, 0, "battlefield") == ["Island", "Lightshell Duo"]


def test_the_defender_trades_down_when_behind_in_the_race():
    """A 3/3 token attacks into Stickytongue Sentinel (3/3). Behind in the race (6 life to 20)
    the Sentinel trades with it; ahead (20 to 9) it stays out of the way and the defender
    takes the 3 (the token is worth less than the Sentinel)."""
    state = run_player("trade_down_when_behind_in_the_race")
    assert len(_blocks(state)) == 1
    assert names(state, 1, "graveyard") == ["Stickytongue Sentinel"]
    assert names(state, 0, "battlefield") == ["Plains", "Plains"]
    assert state["seats"][1]["life"] == 6
    state = run_player(
        "trade_down_when_behind_in_the_race",
        ("life = 20\nhand", "life = 9\nhand"),
        ("life = 6", "life = 20"),
    )
    assert _blocks(state) == []
    assert names(state, 1, "battlefield") == ["Forest", "Stickytongue Sentinel"]
    assert state["seats"][1]["life"] == 17


def test_a_block_that_saves_the_game_from_a_pump_goes_despite_the_pump():
    """Brightblade Stoat and Warren Elder (2/2s) attack a defender at 6 whose Kindlespark Duo
    (1/3) is free, from a player holding a card with two lands up: 4 damage is not lethal, but
    one +2 pump on an unblocked attacker makes it 6. The Duo blocks (a 2/2 does not kill it;
    the pump that would is then spent on a blocked attacker) and the defender lives. At 20 life
    the pump is no threat: the Duo stays out of a pumped attacker's way and the 4 is taken."""
    name = "block_when_a_pump_would_make_it_lethal"
    state = run_player(name)
    assert len(_blocks(state)) == 1
    assert state["seats"][1]["life"] > 0
    state = run_player(name, ("life = 6", "life = 20"))
    assert _blocks(state) == []
    assert state["seats"][1]["life"] == 16
    assert names(state, 1, "battlefield") == ["Island", "Island", "Kindlespark Duo", "Mountain"]

"""The standard player's combat (kernel/player/ai_combat.py) on set-up positions
(tests/scenarios/player/): blocks and attacks a competent Limited player makes."""

from __future__ import annotations

from test_player import names, run_player


def test_the_defender_blocks_with_a_trick_in_hand():
    state = run_player("block_with_a_trick")
    assert names(state, 1, "graveyard") == ["Overprotect"]
    assert names(state, 0, "graveyard") == ["Rust-Shield Rampager"]
    assert "Valley Flamecaller" in names(state, 1, "battlefield")
    assert state["seats"][1]["life"] == 20
    # without the mana for the trick the 3/3 does not throw itself in front of the 4/4
    state = run_player(
        "block_with_a_trick",
        (
            'battlefield = ["Forest", "Forest", "Valley Flamecaller"]',
            'battlefield = ["Valley Flamecaller"]',
        ),
    )
    assert names(state, 1, "hand") == ["Overprotect"]
    assert names(state, 1, "battlefield") == ["Valley Flamecaller"]
    assert state["seats"][1]["life"] == 16


def test_one_held_trick_backs_one_attacker():
    state = run_player("one_trick_backs_one_attacker")
    tapped = [
        p["tapped"] for p in state["seats"][0]["battlefield"] if p["card"] == "Valley Flamecaller"
    ]
    assert sorted(tapped) == [False, True]  # one attacked, one stayed home, both alive
    assert names(state, 0, "graveyard") == ["Overprotect"]
    assert names(state, 1, "graveyard") == ["Rust-Shield Rampager"]

"""The standard player's main phase puts a sorcery-speed removal spell before its permanents
when the creature it kills is a bigger threat than anything it would add (ai_answer: issue 14,
big bodies rated too high), and before them when it kills a flier p cannot block while the
fliers are a clock on its life."""

from __future__ import annotations

from conftest import cast_lines, names, run_player

SCENARIO = "removal_before_the_four_drop"


def test_removal_kills_the_big_body_before_the_four_drop():
    state = run_player(SCENARIO)
    fells = cast_lines(state, "Fell")
    assert len(fells) == 1 and fells[0].startswith("T6 (seat 0, turn 0) main 1"), fells
    assert "targeting Quaketusk Boar" in fells[0]
    assert "Quaketusk Boar" in names(state, 1, "graveyard")
    # the four-drop waits a turn: two Swamps were left
    assert not cast_lines(state, "Thornplate Intimidator")


def test_four_drop_goes_first_against_a_smaller_creature():
    state = run_player(SCENARIO, ('"Forest", "Quaketusk Boar"]', '"Forest", "Warren Elder"]'))
    lines = cast_lines(state, "Thornplate Intimidator")
    assert len(lines) == 1 and lines[0].startswith("T6 (seat 0, turn 0) main 1"), lines
    assert not cast_lines(state, "Fell")


def test_instant_removal_goes_when_the_permanent_would_take_its_mana():
    state = run_player("instant_removal_before_the_five_drop")
    hungers = cast_lines(state, "Nocturnal Hunger")
    assert len(hungers) == 1 and hungers[0].startswith("T6 (seat 0, turn 0) main 1"), hungers
    assert "targeting Junkblade Bruiser" in hungers[0]
    assert "Junkblade Bruiser" in names(state, 1, "graveyard")
    assert not cast_lines(state, "Pileated Provisioner")


AIR = "removal_before_the_ground_drop"
FLIERS = ("Plumecreed Escort", "Shrike Force", "Skyskipper Duo")


def test_removal_kills_a_flier_before_the_ground_drop():
    """Fliers p cannot block that take its life in three attacks: the removal goes first."""
    state = run_player(AIR)
    trash = cast_lines(state, "Take Out the Trash")
    assert len(trash) == 1 and trash[0].startswith("T10 (seat 0, turn 0) main 1"), trash
    assert any(f"targeting {name}" in trash[0] for name in FLIERS), trash
    assert set(names(state, 1, "graveyard")) & set(FLIERS)
    assert not cast_lines(state, "Lightshell Duo")  # two lands were left


def test_ground_drop_goes_first_when_the_fliers_are_no_clock_or_can_be_blocked():
    """At 22 life (7 in the air a turn: four attacks), or with a reach creature of p's that
    blocks a flier, the four-drop goes first as before."""
    for swap in (
        ("life = 10", "life = 22"),
        ('{ card = "Tempest Angler", sick = true }', '{ card = "Treetop Sentries", sick = true }'),
    ):
        state = run_player(AIR, swap)
        lines = cast_lines(state, "Lightshell Duo")
        assert len(lines) == 1 and lines[0].startswith("T10 (seat 0, turn 0) main 1"), lines
        assert not cast_lines(state, "Take Out the Trash")

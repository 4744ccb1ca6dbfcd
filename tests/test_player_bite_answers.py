"""Instant removal in response to an opposing bite or fight, and a bounce in response to a pump
(issue 14): the standard player kills or bounces the opposing creature whose bite or fight
would kill its creature, before the spell resolves (the fight deals no damage, 701.12b), and
bounces the opposing creature a pump is cast on (the pump then has no target, 608.2b)."""

from __future__ import annotations

from conftest import cast_lines, names, run_player

BITE = "removal_answers_a_bite"
ISLANDS = ('"Mountain", "Mountain", "Bonebind', '"Island", "Island", "Bonebind')
SENTRIES = ("Stickytongue Sentinel", "Treetop Sentries")  # every mention


def _line(state: dict, text: str) -> int:
    """The index of the first play-by-play line holding text (-1: none)."""
    return next((i for i, line in enumerate(state["play_by_play"]) if text in line), -1)


def test_removal_kills_the_biter_in_response():
    state = run_player(BITE)
    trash = cast_lines(state, "Take Out the Trash")
    assert len(trash) == 1 and "targeting Stickytongue Sentinel" in trash[0], trash
    assert _line(state, "casts Longstalk Brawl") < _line(state, "casts Take Out the Trash")
    assert _line(state, "deals 2 damage") < 0  # the fight dealt nothing
    assert names(state, 0, "graveyard") == ["Longstalk Brawl", "Stickytongue Sentinel"]
    assert "Bonebind Orator" in names(state, 1, "battlefield")


def test_bounce_returns_the_biter_in_response():
    state = run_player(
        BITE, ('hand = ["Take Out the Trash"]', 'hand = ["Into the Flood Maw"]'), ISLANDS
    )
    maw = cast_lines(state, "Into the Flood Maw")
    assert len(maw) == 1 and "targeting Stickytongue Sentinel" in maw[0], maw
    assert _line(state, "casts Longstalk Brawl") < _line(state, "casts Into the Flood Maw")
    assert names(state, 0, "hand") == ["Stickytongue Sentinel"]
    assert "Bonebind Orator" in names(state, 1, "battlefield")


def test_removal_that_cannot_kill_the_biter_does_not_respond():
    # a 2/4: the 3 damage does not kill it, so the Orator dies in the fight
    state = run_player(BITE, SENTRIES)
    assert _line(state, "casts Longstalk Brawl") >= 0
    cast = _line(state, "casts Take Out the Trash")
    assert cast < 0 or cast > _line(state, "Longstalk Brawl resolves"), state["play_by_play"]
    assert "Bonebind Orator" in names(state, 1, "graveyard")


PUMP = "removal_answers_a_pump"
OVERPROTECT = (
    ('hand = ["Mabel\'s Mettle"]', 'hand = ["Overprotect"]'),
    ('["Plains", "Plains", { card = "Bonebind', '["Forest", "Forest", { card = "Bonebind'),
    ('hand = ["Take Out the Trash"]', 'hand = ["Into the Flood Maw"]'),
    ('"Mountain", "Mountain", "Stickytongue', '"Island", "Island", "Stickytongue'),
)


def test_bounce_answers_a_hexproof_pump_in_response():
    """Overprotect (+3/+3, trample, hexproof, indestructible) after blocks would make the
    Orator kill the Sentinel, and resolved it leaves nothing to target: the bounce goes in
    response, the Overprotect has no target left."""
    state = run_player(PUMP, *OVERPROTECT)
    maw = cast_lines(state, "Into the Flood Maw")
    assert len(maw) == 1 and "targeting Bonebind Orator" in maw[0], maw
    assert _line(state, "casts Overprotect") < _line(state, "casts Into the Flood Maw")
    assert _line(state, "Overprotect does not resolve") > 0
    assert names(state, 0, "hand") == ["Bonebind Orator"]
    assert "Stickytongue Sentinel" in names(state, 1, "battlefield")

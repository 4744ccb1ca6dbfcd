"""When the standard player casts its instant removal (issue 14): kept up through its own main
phase while an opponent holds a card with mana up (a protection trick in response would waste
it), cast in the opponent's turn once they have tapped out (their attack or end step), and at
once into an opponent who is tapped out or empty-handed."""

from __future__ import annotations

from conftest import cast_lines, names, run_player

SCENARIO = "removal_waits_for_the_end_step"
TAPPED_OUT = (
    'battlefield = ["Plains", "Plains", "Warren Elder"]',
    'battlefield = [{ card = "Plains", tapped = true }, { card = "Plains", tapped = true },'
    ' "Warren Elder"]',
)
NO_BLOCKER = (', { card = "Treetop Sentries", sick = true }]', "]")


def test_removal_waits_while_the_opponent_holds_a_trick_with_mana_up():
    state = run_player(SCENARIO)
    blasts = cast_lines(state, "Blooming Blast")
    # (the two-drop they tapped out for, the better target by then: first strike, lifelink)
    assert len(blasts) == 1 and blasts[0].startswith("T7 (seat 1, turn 1) end step"), blasts
    assert "Brightblade Stoat" in names(state, 1, "graveyard")
    assert names(state, 1, "hand") == ["Crumb and Get It"]  # no mana left to answer it


def test_removal_goes_at_once_into_a_tapped_out_opponent():
    state = run_player(SCENARIO, TAPPED_OUT)
    blasts = cast_lines(state, "Blooming Blast")
    assert len(blasts) == 1 and blasts[0].startswith("T6 (seat 0, turn 0) main 1"), blasts
    assert "Warren Elder" in names(state, 1, "graveyard")
    # with no card in their hand either
    state = run_player(SCENARIO, ('hand = ["Crumb and Get It"]', "hand = []"))
    blasts = cast_lines(state, "Blooming Blast")
    assert len(blasts) == 1 and blasts[0].startswith("T6 (seat 0, turn 0) main 1"), blasts


def test_held_removal_kills_the_attacker():
    """A land in their hand and their Plains up (an unknown card and the mana for it): the
    removal waits; with no blocker on the active player's side the Elder attacks in its
    owner's turn and the removal kept up goes on it as it attacks."""
    state = run_player(
        SCENARIO,
        NO_BLOCKER,
        ('hand = ["Crumb and Get It"]', 'hand = ["Plains"]'),
        ('["Brightblade Stoat", "Brightblade Stoat"]', '["Plains", "Plains"]'),
    )
    blasts = cast_lines(state, "Blooming Blast")
    assert len(blasts) == 1 and blasts[0].startswith("T7 (seat 1,"), blasts
    assert "declare attackers" in blasts[0] and "targeting Warren Elder" in blasts[0]
    assert "Warren Elder" in names(state, 1, "graveyard")
    assert names(state, 0, "graveyard") == ["Blooming Blast"]


PAYOFF = ('{ card = "Treetop Sentries", sick = true }', '{ card = "Lightshell Duo", sick = false }')


def test_held_removal_goes_before_combat_to_grow_an_attacker():
    """Lightshell Duo (prowess) can attack: the Blast's +1/+1 pays on the attack now and on
    nothing at their end step, so it goes in main phase 1 (their trick and mana up or not);
    so does Tempest Angler's +1/+1 counter."""
    for payoff in (PAYOFF, (PAYOFF[0], '{ card = "Tempest Angler", sick = false }')):
        state = run_player(SCENARIO, payoff)
        blasts = cast_lines(state, "Blooming Blast")
        assert len(blasts) == 1 and blasts[0].startswith("T6 (seat 0, turn 0) main 1"), blasts


def test_held_removal_waits_when_the_spell_payoff_cannot_attack_or_grow():
    """A summoning-sick prowess creature, or Coruscation Mage (its ping deals the same at their
    end step), gains nothing from the Blast cast now: it is kept up as without a payoff
    (test_removal_waits_while_the_opponent_holds_a_trick_with_mana_up): at their end step, or
    after blocks on the Elder that blocks the Mage."""
    sick = (PAYOFF[0], '{ card = "Lightshell Duo", sick = true }')
    pinger = (PAYOFF[0], '{ card = "Coruscation Mage", sick = false }')
    for payoff in (sick, pinger):
        state = run_player(SCENARIO, payoff)
        blasts = cast_lines(state, "Blooming Blast")
        assert len(blasts) == 1 and " main 1" not in blasts[0].split(":")[0], blasts


ANSWER = "removal_answers_a_pump"


def _line(state: dict, text: str) -> int:
    """The index of the first play-by-play line holding text (-1: none)."""
    return next((i for i, line in enumerate(state["play_by_play"]) if text in line), -1)


def test_removal_kills_the_pumped_creature_in_response():
    state = run_player(ANSWER)
    trash = cast_lines(state, "Take Out the Trash")
    assert len(trash) == 1 and "targeting Bonebind Orator" in trash[0], trash
    # cast with the Mettle on the stack: the Mettle then has no target left
    assert _line(state, "casts Mabel's Mettle") < _line(state, "casts Take Out the Trash")
    assert _line(state, "Mabel's Mettle does not resolve") > 0
    # (608.2b: the log says it does not resolve, never that it resolves first)
    assert _line(state, "Mabel's Mettle resolves") < 0, state["play_by_play"]
    assert names(state, 0, "graveyard") == ["Bonebind Orator", "Mabel's Mettle"]
    assert names(state, 1, "graveyard") == ["Take Out the Trash"]
    assert "Stickytongue Sentinel" in names(state, 1, "battlefield")
    assert state["seats"][1]["life"] == 20


def test_removal_that_cannot_kill_the_pumped_creature_does_not_respond():
    # a 2/4: the 3 damage does not kill it before the pump, so the Mettle resolves first
    state = run_player(
        ANSWER,
        ('{ card = "Bonebind Orator", sick', '{ card = "Treetop Sentries", sick'),
        ('["Bonebind Orator"]', '["Treetop Sentries"]'),
        ("battlefield:0:Bonebind Orator", "battlefield:0:Treetop Sentries"),
    )
    assert _line(state, "casts Mabel's Mettle") >= 0
    assert _line(state, "Mabel's Mettle does not resolve") < 0
    cast = _line(state, "casts Take Out the Trash")
    assert cast < 0 or cast > _line(state, "Mabel's Mettle resolves"), state["play_by_play"]

"""The standard player's tempo plays (issue 14): an instant bounce waits for combat and goes at
the creature in the fight, not at the biggest one at sorcery speed, or returns a creature worth
it at the opponent's end step; a creature's {T} ping waits
for the opponent's end step, so the creature can block in between, and such a creature stays
home rather than attack for what the ping deals; a flicker of a creature
that can attack waits for main phase 2; a hybrid cost leaves a held instant its color."""

from __future__ import annotations

from conftest import bf, names, run_player


def test_an_instant_bounce_waits_for_the_attack_and_returns_the_attacker():
    state = run_player("bounce_waits_for_the_attack")
    casts = [line for line in state["play_by_play"] if "casts Into the Flood Maw" in line]
    assert len(casts) == 1
    # on the other seat's turn, in combat after blocks (not in a main phase, nor at sorcery
    # speed on its own turn), at the attacker
    assert casts[0].startswith("T7 (seat 1,") and "main" not in casts[0].split(":")[0], casts
    assert casts[0].endswith("targeting Rust-Shield Rampager (1 mana)"), casts
    assert state["seats"][0]["life"] == 20
    assert names(state, 1, "hand") == ["Rust-Shield Rampager"]
    assert "Junkblade Bruiser" in names(state, 1, "battlefield")


def test_a_bounce_returns_a_three_drop_at_the_opponents_end_step():
    # the scenario's [expect] holds the outcome: the Druid cast that turn goes back at its end
    state = run_player("bounce_at_the_end_step")
    casts = [line for line in state["play_by_play"] if "casts Into the Flood Maw" in line]
    assert len(casts) == 1 and casts[0].startswith("T7 (seat 1,"), casts
    assert "end step" in casts[0] and casts[0].endswith("targeting Druid of the Spade (1 mana)")
    # a two-drop (Bakersbane Duo) is not worth the card: the bounce stays in hand
    two_drop = ('hand = ["Druid of the Spade"]', 'hand = ["Bakersbane Duo"]')
    state = run_player("bounce_at_the_end_step", two_drop)
    assert names(state, 0, "hand") == ["Into the Flood Maw", "Island"]
    assert "Bakersbane Duo" in names(state, 1, "battlefield")
    # under pressure (its power reaches half p's life) the turn it cannot attack counts
    low_life = ('library = ["Island", "Island"]', 'library = ["Island", "Island"]\nlife = 4')
    state = run_player("bounce_at_the_end_step", two_drop, low_life)
    assert names(state, 0, "graveyard") == ["Into the Flood Maw"]
    assert names(state, 1, "hand") == ["Bakersbane Duo"]


def test_a_creature_pings_at_the_opponents_end_step_not_in_its_own_main_phase():
    state = run_player("ping_at_the_end_step")
    pings = [line for line in state["play_by_play"] if "Kindlespark Duo deals 1 damage" in line]
    assert len(pings) == 1, pings
    # on the other seat's turn, at its end (the log labels the end-of-turn window "cleanup")
    step = pings[0].split(":")[0]
    assert step.startswith("T7 (seat 1,") and ("end" in step or "cleanup" in step), pings
    assert state["seats"][1]["life"] == 19


def test_a_creature_that_pings_for_its_power_stays_home_and_pings():
    state = run_player("ping_instead_of_attacking")
    log = state["play_by_play"]
    assert not [line for line in log if "Kindlespark Duo attacks" in line], log
    pings = [line for line in log if "Kindlespark Duo deals 1 damage to seat 1" in line]
    assert len(pings) == 1 and pings[0].startswith("T7 (seat 1,"), log
    assert not [line for line in log if "Bellowing Crier deals 2 damage to seat 0" in line], log
    assert [s["life"] for s in state["seats"]] == [20, 2]
    # the basic player pings in its own main phase, and the 2/1 hits back past the tapped Duo
    seat = '[[seat]]\nbattlefield = ["Mountain"'
    basic = seat.replace("]]", ']]\nlevel = "basic"')
    state = run_player("ping_instead_of_attacking", (seat, basic))
    assert [s["life"] for s in state["seats"]] == [18, 2]


def test_a_bounce_is_not_spent_on_a_cheap_attacker():
    # the scenario's [expect] holds the outcome; here each reason to bounce it after all
    state = run_player("bounce_not_spent_on_a_cheap_attacker")
    assert not [line for line in state["play_by_play"] if "casts Into the Flood Maw" in line]
    assert state["seats"][0]["life"] == 18
    # a three-drop (Stickytongue Sentinel, 3/3) costs its owner a turn to recast: bounced
    state = run_player(
        "bounce_not_spent_on_a_cheap_attacker", ('"Bakersbane Duo"]', '"Stickytongue Sentinel"]')
    )
    assert [line for line in state["play_by_play"] if "casts Into the Flood Maw" in line]
    assert state["seats"][0]["life"] == 20
    # under pressure (its power reaches half p's life) every point counts: bounced
    state = run_player(
        "bounce_not_spent_on_a_cheap_attacker",
        ('battlefield = ["Island", "Island"]', 'battlefield = ["Island", "Island"]\nlife = 4'),
    )
    assert [line for line in state["play_by_play"] if "casts Into the Flood Maw" in line]
    assert state["seats"][0]["life"] == 4


def test_a_creature_that_can_attack_is_flickered_after_combat():
    state = run_player("flicker_after_combat")
    assert state["seats"][1]["life"] == 15  # the Mentor and the Prophet attacked
    flickers = [line for line in state["play_by_play"] if "activates Lilysplash Mentor" in line]
    assert len(flickers) == 1 and "main 2" in flickers[0], flickers
    prophet = bf(state, 0, "Pond Prophet")
    assert len(prophet) == 1 and not prophet[0]["tapped"], prophet
    assert state["seats"][0]["library_size"] == 2  # the Prophet drew a card
    # the basic player flickers it before combat: the new Prophet cannot attack
    state = run_player(
        "flicker_after_combat",
        ('[[seat]]\nbattlefield = ["Forest"', '[[seat]]\nlevel = "basic"\nbattlefield = ["Forest"'),
    )
    assert state["seats"][1]["life"] == 16


def test_a_bounce_spares_a_creature_whose_enters_trigger_would_pay_again():
    state = run_player("bounce_spares_an_enters_trigger")
    assert names(state, 0, "graveyard") == ["Into the Flood Maw"]
    assert names(state, 1, "hand") == ["Rust-Shield Rampager"]
    assert "Glidedive Duo" in names(state, 1, "battlefield")
    # beside a small creature the Duo is still the bounce worth a card
    state = run_player(
        "bounce_spares_an_enters_trigger", ('"Rust-Shield Rampager"\n', '"Fireglass Mentor"\n')
    )
    assert names(state, 1, "hand") == ["Glidedive Duo"]


def test_removal_clears_the_blocker_in_front_of_a_lethal_attack():
    state = run_player("removal_clears_the_blocker_of_a_lethal_attack")
    casts = [line for line in state["play_by_play"] if "casts Into the Flood Maw" in line]
    assert len(casts) == 1 and "main 1" in casts[0], casts
    assert state["seats"][1]["life"] <= 0
    # at 7 life the attack is not lethal without the blocker either: no bounce in main phase 1
    state = run_player("removal_clears_the_blocker_of_a_lethal_attack", ("life = 5", "life = 7"))
    casts = [line for line in state["play_by_play"] if "casts Into the Flood Maw" in line]
    assert all("main 1" not in line for line in casts), casts
    assert state["seats"][1]["life"] > 0


def test_a_hybrid_cost_leaves_the_held_bounce_its_island():
    state = run_player("hybrid_cost_keeps_the_bounce_island")
    casts = [line for line in state["play_by_play"] if "casts Into the Flood Maw" in line]
    assert len(casts) == 1 and casts[0].startswith("T11 (seat 1,"), casts
    assert "Mind Drill Assailant" in names(state, 0, "battlefield")
    assert state["seats"][0]["life"] == 18  # two of the three fliers hit
    # the sorcery alone in hand: the Island may pay, nothing needs it afterwards (no bounce)
    state = run_player("hybrid_cost_keeps_the_bounce_island", ('"Into the Flood Maw", ', ""))
    assert state["seats"][0]["life"] == 16

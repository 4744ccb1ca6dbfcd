"""The standard player's race (kernel/player/ai_pressure.py, ai_attack.py) on set-up positions
(tests/scenarios/player/): a lead pressed when the defender must chump to survive."""

from __future__ import annotations

from conftest import names, run_player, tapped

_DEFENDERS = '["Thornplate Intimidator", "Shoreline Looter", "Shoreline Looter"]'


def test_a_defender_at_low_life_is_pressed_into_chump_blocks():
    """Three 2/2s against a 4/3 that eats any of them and two 1/1s, the defender at 4: the
    6 damage is lethal, so it must chump. All three attack; the Intimidator eats one Elder
    and a Looter chumps another (the third's 2 is not lethal: a card chumps only lethal
    damage) and the defender goes to 2: an Elder for a Looter and 2 life."""
    state = run_player("pressure_when_they_must_chump")
    assert state["seats"][1]["life"] == 2
    assert names(state, 1, "graveyard") == ["Shoreline Looter"]
    assert names(state, 0, "graveyard") == ["Warren Elder"]
    assert tapped(state, 0, "Warren Elder") == [True, True]


def test_no_pressure_when_nothing_is_forced():
    """At 20 life the defender blocks only the fights it wins: each Elder would be eaten
    for nothing, so all three stay home."""
    state = run_player("pressure_when_they_must_chump", ("life = 4", "life = 20"))
    assert state["seats"][1]["life"] == 20
    assert tapped(state, 0, "Warren Elder") == [False, False, False]


def test_no_pressure_when_the_blockers_eat_the_attack():
    """With two Intimidators the defender survives by eating two Elders and loses nothing
    (no block it must make costs it a creature): the Elders stay home."""
    two = '["Thornplate Intimidator", "Thornplate Intimidator", "Shoreline Looter"]'
    state = run_player("pressure_when_they_must_chump", (_DEFENDERS, two))
    assert state["seats"][1]["life"] == 4
    assert tapped(state, 0, "Warren Elder") == [False, False, False]
    assert names(state, 0, "battlefield") == ["Warren Elder"] * 3


def test_a_tap_pump_is_not_spent_on_the_creature_it_taps():
    """Brave-Kin Duo alone: pumping itself would tap it for nothing, so it attacks for 1.
    Beside Heartfire Hero it pumps the Hero (valiant: a +1/+1 counter) and the Hero attacks."""
    state = run_player("tap_pump_not_on_itself")
    assert state["seats"][1]["life"] == 19
    assert tapped(state, 0, "Plains") == [False, False]
    duo = 'battlefield = ["Plains", "Plains", "Brave-Kin Duo"]'
    both = 'battlefield = ["Plains", "Plains", "Brave-Kin Duo", "Heartfire Hero"]'
    state = run_player("tap_pump_not_on_itself", (duo, both))
    assert state["seats"][1]["life"] == 17
    hero = [p for p in state["seats"][0]["battlefield"] if p["card"] == "Heartfire Hero"]
    assert hero[0]["counters"] == {"+1/+1": 1}


def test_a_creature_attacks_for_lethal_instead_of_tapping_to_pump():
    """ai_tempo.tap_costs_lethal: Brave-Kin Duo's {T} pump on another creature would take its
    own attack out of a lethal alpha strike."""
    state = run_player("tap_ability_waits_for_a_lethal_attack")
    assert state["seats"][1]["life"] <= 0
    log = state["play_by_play"]
    assert not any("activates Brave-Kin Duo" in line for line in log)
    assert any("Brave-Kin Duo attacks" in line for line in log)
    # at 10 life no attack kills: the Duo pumps as before
    state = run_player(
        "tap_ability_waits_for_a_lethal_attack", ("[[seat]]\nlife = 2", "[[seat]]\nlife = 10")
    )
    assert any("activates Brave-Kin Duo" in line for line in state["play_by_play"])


def test_a_creature_is_not_sacrificed_to_destroy_a_token():
    """Nettle Guard's "{1}, Sacrifice: destroy target artifact" is not spent on a Food token
    (a creature card for a token); against Carrot Cake, a card, the Guard trades itself."""
    state = run_player("sacrifice_not_for_a_token")
    assert "Nettle Guard" in names(state, 0, "battlefield")
    assert "Food" in names(state, 1, "battlefield")
    food = '{ card = "Food", token = true }'
    state = run_player("sacrifice_not_for_a_token", (food, '"Carrot Cake"'))
    assert names(state, 0, "graveyard") == ["Nettle Guard"]
    assert "Carrot Cake" not in names(state, 1, "battlefield")

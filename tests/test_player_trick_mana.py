"""The standard player's payment keeps the colours of the held cards the mana left can cast
(kernel/rules/mana.py: hand_needs' budget), so a cheap instant trick stays castable."""

from __future__ import annotations

from conftest import names, run_player, tapped


def test_the_payment_keeps_a_forest_for_overprotect_not_plains_for_a_four_drop():
    state = run_player("payment_keeps_the_castable_tricks_color")
    assert "Druid of the Spade" in names(state, 0, "battlefield")
    assert tapped(state, 0, "Forest") == [False, False, True]
    assert tapped(state, 0, "Plains") == [True, True]
    # with two more lands Rabbit Response is castable after the Druid too: both colours stay
    state = run_player(
        "payment_keeps_the_castable_tricks_color",
        ('"Plains", "Plains"]', '"Plains", "Plains", "Plains", "Forest"]'),
    )
    assert tapped(state, 0, "Forest") == [False, True, True, True]
    assert tapped(state, 0, "Plains") == [False, False, False]

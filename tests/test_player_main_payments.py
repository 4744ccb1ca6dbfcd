"""The standard player's main-phase payments: the spell an action casts is paid with the
sources that action collected to find what is castable (ai_cast.collect_castables,
W.SRC_FRESH), the next action's spell with its own; each taps only untapped lands, the colors
a later spell needs left up."""

from __future__ import annotations

from conftest import names, run_player


def _tapped(state: dict, seat: int) -> list[str]:
    return sorted(
        p["card"]
        for p in state["seats"][seat]["battlefield"]
        if isinstance(p, dict) and p.get("tapped")
    )


def test_two_spells_in_one_main_phase_each_pay_from_untapped_lands() -> None:
    state = run_player("two_spells_pay_from_their_own_lands")
    assert names(state, 0, "hand") == []
    assert {"Thought Shucker", "Bakersbane Duo"} <= set(names(state, 0, "battlefield"))
    assert _tapped(state, 0) == ["Forest", "Forest", "Island", "Island"]


def test_a_third_land_short_casts_one_spell_only() -> None:
    # three lands: after the first two-drop one land is left, and the next action's own
    # collection finds nothing castable: the second two-drop stays in hand
    state = run_player(
        "two_spells_pay_from_their_own_lands",
        (
            'battlefield = ["Island", "Forest", "Island", "Forest"]',
            'battlefield = ["Island", "Forest", "Island"]',
        ),
    )
    assert len(names(state, 0, "hand")) == 1
    assert len(_tapped(state, 0)) == 2

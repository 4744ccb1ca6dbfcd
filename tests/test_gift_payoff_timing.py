"""Jolly Gerbils ("whenever you give a gift, draw a card", 702.174c) against the gift spells of
GW Rabbits: it triggers once per resolved promised spell, from the battlefield as the spell has
finished resolving. A creature its fight kills is still there then (lethal damage destroys it
only in the state-based actions that follow, 704.5g), so it draws; a plain spell gives nothing."""

from __future__ import annotations

import pytest
from conftest import bf, run_text, seat

BRAWL = """
[game]
[[seat]]
hand = ["Longstalk Brawl"]
battlefield = ["Forest", "Jolly Gerbils"]
library = ["Island", "Island", "Island"]
[[seat]]
battlefield = [{ card = "Creature Token", power = 5, toughness = 5 }]
library = ["Island", "Island", "Island"]
[[action]]
cast = "Longstalk Brawl"
promise = PROMISE
targets = ["battlefield:0:Jolly Gerbils", "battlefield:1:Creature Token"]
"""


@pytest.mark.parametrize(("promise", "drawn"), [("true", 1), ("false", 0)])
def test_gerbils_killed_by_its_own_fight_still_draws_for_the_gift(promise, drawn):
    s = run_text(BRAWL.replace("PROMISE", promise))
    assert bf(s, 0, "Jolly Gerbils") == []  # 3/4 (or 2/3) against a 5/5: dies after the spell
    assert "Jolly Gerbils" in seat(s, 0)["graveyard"]
    assert len(seat(s, 0)["hand"]) == drawn
    assert len(bf(s, 1, "Fish")) == drawn  # the gift itself: one tapped Fish, or none


def test_one_card_per_promised_spell_not_per_gift_effect():
    """Two promised spells, two cards; the recipient gets one Food per spell."""
    s = run_text("""
[game]
[[seat]]
hand = ["Crumb and Get It", "Crumb and Get It"]
battlefield = ["Plains", "Plains", "Jolly Gerbils"]
library = ["Island", "Island", "Island"]
[[seat]]
library = ["Island", "Island", "Island"]
[[action]]
cast = "Crumb and Get It"
promise = true
targets = ["battlefield:0:Jolly Gerbils"]
[[action]]
cast = "Crumb and Get It"
promise = true
targets = ["battlefield:0:Jolly Gerbils"]
""")
    assert seat(s, 0)["hand"] == ["Island", "Island"]
    assert len(bf(s, 1, "Food")) == 2

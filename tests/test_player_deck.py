"""The standard player's card value that sees its deck (issue 14 item 6): a spell payoff cast
before the spells it holds, removal that counts the triggers it sets off on p's board (prowess,
the Otters, a bite's valiant). Each position is also played with the deck's part taken away
(the held spells, the payoffs, the valiant creature), so the play is shown to be the deck's,
not a constant."""

from __future__ import annotations

from conftest import names, run_player


def counters(state: dict, seat: int, card: str) -> list:
    return [p.get("counters") for p in state["seats"][seat]["battlefield"] if p["card"] == card]


def test_a_spell_payoff_comes_before_the_spells_it_holds():
    state = run_player("spell_payoff_before_held_spells")
    assert "Coruscation Mage" in names(state, 0, "battlefield")
    assert "Brazen Collector" in names(state, 0, "hand")
    # no spells held: the better card alone comes first
    state = run_player(
        "spell_payoff_before_held_spells",
        ('"Conduct Electricity", "Dire Downdraft"', '"Mountain", "Island"'),
    )
    assert "Brazen Collector" in names(state, 0, "battlefield")
    assert "Coruscation Mage" in names(state, 0, "hand")


def test_removal_counts_the_spell_triggers_it_sets_off():
    state = run_player("removal_counts_its_spell_triggers")
    assert names(state, 0, "graveyard") == ["Agate Assault"]
    assert "Three Tree Rootweaver" in names(state, 1, "exile")
    # the same creatures without spell triggers: the removal waits for a bigger threat
    state = run_player(
        "removal_counts_its_spell_triggers",
        ('"Coruscation Mage", "Tempest Angler"', '"Steampath Charger", "Thought Shucker"'),
    )
    assert names(state, 0, "hand") == ["Agate Assault"]
    assert "Three Tree Rootweaver" in names(state, 1, "battlefield")


def cast_in(state: dict, card: str) -> list[str]:
    """The steps in which `card` was cast (from the play-by-play)."""
    return [
        line.split(") ", 1)[1].split(":", 1)[0]
        for line in state["play_by_play"]
        if f"casts {card}" in line
    ]


def test_a_bite_counts_its_valiant_trigger():
    state = run_player("bite_counts_its_valiant_trigger")
    assert cast_in(state, "Rabid Gnaw") == ["main 1"]
    assert "Whiskerquill Scribe" in names(state, 1, "graveyard")
    assert counters(state, 0, "Heartfire Hero") == [{"+1/+1": 1}]  # the valiant counter
    # biting with a creature without valiant: the spell is not worth it before combat; it
    # waits (the Charger attacks unblocked, and the Scribe lives)
    state = run_player(
        "bite_counts_its_valiant_trigger",
        ('"Mountain", "Heartfire Hero"]', '"Mountain", "Steampath Charger"]'),
    )
    assert cast_in(state, "Rabid Gnaw") == []
    assert names(state, 1, "battlefield") == ["Plains", "Whiskerquill Scribe"]
    assert state["seats"][1]["life"] == 18


def test_removal_that_kills_anything_waits_for_the_threats_to_come():
    state = run_player("removal_kept_for_the_threats_to_come")
    assert names(state, 0, "hand") == ["Fell"]
    assert "Cindering Cutthroat" in names(state, 1, "battlefield")
    # the other side holds one card: few threats are left to come, the 3/2 is worth it now
    state = run_player(
        "removal_kept_for_the_threats_to_come",
        ('hand = ["Mountain", "Mountain", "Mountain"]', 'hand = ["Mountain"]'),
    )
    assert names(state, 0, "graveyard") == ["Fell"]
    assert "Cindering Cutthroat" in names(state, 1, "graveyard")


def test_removal_that_kills_anything_waits_past_a_three_drop():
    """Removal spent on a small target while the opponent held cards was followed by a bigger
    creature it no longer had an answer for (tools/removal_fate_census.py)."""
    state = run_player("removal_waits_past_a_three_drop")
    assert names(state, 0, "hand") == ["Fell"]
    assert "Stickytongue Sentinel" in names(state, 1, "battlefield")
    # one card left in their hand: few threats are left to come, the 3/3 is worth it now
    state = run_player(
        "removal_waits_past_a_three_drop",
        ('hand = ["Forest", "Forest", "Forest"]', 'hand = ["Forest"]'),
    )
    assert names(state, 0, "graveyard") == ["Fell"]
    assert "Stickytongue Sentinel" in names(state, 1, "graveyard")
    # a four-drop body is the threat it waited for
    state = run_player(
        "removal_waits_past_a_three_drop",
        ('"Forest", "Stickytongue Sentinel"]', '"Forest", "Thornplate Intimidator"]'),
    )
    assert names(state, 0, "graveyard") == ["Fell"]
    assert "Thornplate Intimidator" in names(state, 1, "graveyard")


def test_a_tuck_waits_past_a_three_drop_like_a_destroy_spell():
    """Dire Downdraft answers any creature (its owner redraws it at best): while the other side
    holds three cards or more after its draw and land drop it keeps for the four-drop those may
    be, through their turn (the Sentinel attacks); with one card left, or at a four-drop, it
    goes."""
    scen = "tuck_waits_past_a_three_drop"
    state = run_player(scen)
    assert names(state, 0, "hand") == ["Dire Downdraft", "Island"]  # (its next draw)
    assert "Stickytongue Sentinel" in names(state, 1, "battlefield")
    state = run_player(
        scen, ('hand = ["Forest", "Forest", "Forest", "Forest"]', 'hand = ["Forest"]')
    )
    assert names(state, 0, "graveyard") == ["Dire Downdraft"]
    assert "Stickytongue Sentinel" not in names(state, 1, "battlefield")
    state = run_player(
        scen, ('"Forest", "Stickytongue Sentinel"]', '"Forest", "Thornplate Intimidator"]')
    )
    assert names(state, 0, "graveyard") == ["Dire Downdraft"]
    assert "Thornplate Intimidator" not in names(state, 1, "battlefield")


def test_an_unblocked_small_attacker_is_not_worth_removal_after_blocks():
    """Two damage from a 2/2 at 20 life is no reason to spend a card that kills anything: the
    attacker meets the removal bar like any other target (it did not after blocks)."""
    scen = "removal_not_spent_on_an_unblocked_small_attacker"
    state = run_player(scen)
    assert names(state, 1, "hand") == ["Nocturnal Hunger"]
    assert "Warren Elder" in names(state, 0, "battlefield")
    assert state["seats"][1]["life"] == 18
    # a 4/4 attacker is worth the card
    state = run_player(
        scen,
        ('{ card = "Warren Elder"', '{ card = "Rust-Shield Rampager"'),
        ('attack = ["Warren Elder"]', 'attack = ["Rust-Shield Rampager"]'),
    )
    assert names(state, 1, "graveyard") == ["Nocturnal Hunger"]
    assert names(state, 0, "graveyard") == ["Rust-Shield Rampager"]
    # at 4 life the 2/2 is half of it: under pressure the removal goes
    state = run_player(
        scen, ('[[seat]]\nhand = ["Nocturnal', '[[seat]]\nlife = 4\nhand = ["Nocturnal')
    )
    assert names(state, 1, "graveyard") == ["Nocturnal Hunger"]
    assert names(state, 0, "graveyard") == ["Warren Elder"]


def test_removal_with_a_short_reach_goes_now():
    """Now: at the first window it can be cast without meeting an answer. With their Plains
    up and cards in hand it waits for their turn (the Elder's attack); into their tapped
    Plains it goes in p's main phase 1."""
    state = run_player(
        "short_reach_removal_goes_now",
        ('advance = "main2"', 'advance = "next_turn"\n\n[[action]]\nadvance = "next_turn"'),
    )
    assert cast_in(state, "Blooming Blast") == ["declare attackers"]
    assert "Warren Elder" in names(state, 1, "graveyard")
    tapped = '{ card = "Plains", tapped = true }'
    state = run_player(
        "short_reach_removal_goes_now",
        (
            'battlefield = ["Plains", "Plains", "Warren Elder"]',
            f'battlefield = [{tapped}, {tapped}, "Warren Elder"]',
        ),
    )
    assert cast_in(state, "Blooming Blast") == ["main 1"]
    assert "Warren Elder" in names(state, 1, "graveyard")
    # a spell that kills anything waits for a bigger threat than a 2/2
    state = run_player("short_reach_removal_goes_now", ('["Blooming Blast"]', '["Fell"]'))
    assert names(state, 0, "hand") == ["Fell"]
    assert "Warren Elder" in names(state, 1, "battlefield")


def test_an_anthem_counts_the_creatures_on_board():
    state = run_player("anthem_before_a_better_card_alone")
    assert "Mabel, Heir to Cragflame" in names(state, 0, "battlefield")
    assert names(state, 0, "hand") == ["Hearthborn Battler"]
    # no creatures: the better card alone comes first
    state = run_player(
        "anthem_before_a_better_card_alone",
        (
            '"Plains", "Heartfire Hero", "Emberheart Challenger", "Seasoned Warrenguard"]',
            '"Plains"]',
        ),
    )
    assert "Hearthborn Battler" in names(state, 0, "battlefield")
    assert names(state, 0, "hand") == ["Mabel, Heir to Cragflame"]


def test_the_offspring_counts_in_the_mana_the_turn_spends():
    state = run_player("offspring_paid_with_the_mana_left")
    assert names(state, 0, "battlefield").count("Steampath Charger") == 2  # the card and its copy
    assert names(state, 0, "hand") == ["Hearthborn Battler"]
    # a two-drop without offspring: the three-drop spends more
    state = run_player(
        "offspring_paid_with_the_mana_left", ('["Steampath Charger",', '["Raccoon Rallier",')
    )
    assert "Hearthborn Battler" in names(state, 0, "battlefield")
    assert names(state, 0, "hand") == ["Raccoon Rallier"]


def test_the_offspring_takes_only_the_mana_the_other_cards_leave():
    state = run_player("offspring_after_the_other_cards")
    battlefield = names(state, 0, "battlefield")
    assert "Pond Prophet" in battlefield
    assert battlefield.count("Steampath Charger") == 1  # no mana left for the copy
    # with two more lands the offspring is paid with what is left
    state = run_player(
        "offspring_after_the_other_cards",
        ('"Island"]', '"Island", "Mountain", "Mountain"]'),
    )
    battlefield = names(state, 0, "battlefield")
    assert "Pond Prophet" in battlefield
    assert battlefield.count("Steampath Charger") == 2


def test_a_creature_with_offspring_comes_before_a_draw_spell():
    # the scenario's [expect] holds the outcome; without offspring the order was already so
    state = run_player("offspring_creature_before_a_draw_spell")
    assert "Coruscation Mage" in names(state, 0, "battlefield")
    assert "Sazacap's Brew" in names(state, 0, "hand")
    state = run_player(
        "offspring_creature_before_a_draw_spell", ('["Coruscation Mage",', '["Stormcatch Mentor",')
    )
    assert "Stormcatch Mentor" in names(state, 0, "battlefield")
    assert "Sazacap's Brew" in names(state, 0, "hand")

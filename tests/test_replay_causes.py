"""Why things happened, in the replay text (see the games): why a permanent left the
battlefield (the zone row's leave_cause), why a player lost (the loses row's loss_reason), and
what a triggered ability triggered on (the trigger row's obj2). Each line below read without
its reason before: "dies", "is put into the graveyard", "loses the game", a trigger of one
source several times over with no word of which creature each was for."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer import api

SCEN = Path(__file__).parent / "scenarios"


def _lines(name: str) -> list[str]:
    """The scenario's play-by-play, without the turn-and-step prefixes."""
    state = api.run_scenario(SCEN / f"{name}.toml", log=True)
    return [line.split(": ", 1)[1] for line in state["play_by_play"]]


@pytest.mark.parametrize(
    ("scenario", "line"),
    [
        # 701.21: a Food sacrificed for its ability (the Class's trigger counts it)
        ("class_sacrifice_triggers_and_end_step_return", "Food token (seat 0) is sacrificed"),
        # 704.5g: a blocker dealt damage at least its toughness
        ("combat_blocker_removed_no_damage", "Fish token (seat 1) dies (lethal damage)"),
        # 704.5f: Decree of Pain's -X/-X leaves it at 0 toughness
        (
            "cycled_trigger_and_destroyed_draws_decree_of_pain",
            "Toski, Bearer of Secrets (seat 1) dies (0 toughness)",
        ),
        # 704.5m: the Food it enchanted was eaten
        (
            "sugar_coat_food_eaten_is_no_creature_dying",
            "Sugar Coat (seat 0) is put into the graveyard (nothing it can enchant)",
        ),
        # 614.1a: "if it would die this turn, exile it instead"
        (
            "exile_if_it_would_die",
            "Treetop Sentries (seat 1) is exiled from the battlefield instead of dying",
        ),
        # 701.8: destroy
        ("bounce_land_taps_for_one_of_each_color", "Treetop Sentries (seat 1) dies (destroyed)"),
    ],
)
def test_a_permanent_leaving_says_why(scenario: str, line: str) -> None:
    assert line in _lines(scenario)


@pytest.mark.parametrize(
    ("scenario", "line"),
    [
        (
            "player_leaves_with_opponents_spell_on_stack",
            "seat 0 loses the game (its life is 0 or less)",
        ),
        ("dewdrop_cure_three_promised", "seat 1 loses the game (it drew from an empty library)"),
        (
            "win_game_thirteen_cards_at_upkeep",
            "seat 2 loses the game (another player won the game)",
        ),
    ],
)
def test_a_loss_says_why(scenario: str, line: str) -> None:
    assert line in _lines(scenario)


def test_a_trigger_names_what_it_triggered_on() -> None:
    # Devilish Valet triggers for each creature that enters: each line names its creature (the
    # second Goblin token by its number); an enters trigger of the creature itself names none
    lines = _lines("alliance_doubles_power")
    valet = [x for x in lines if x.startswith("Devilish Valet's triggered ability")]
    assert valet[:3] == [
        "Devilish Valet's triggered ability goes on the stack (seat 0) for Siege-Gang Commander",
        "Devilish Valet's triggered ability goes on the stack (seat 0) for Goblin token (red)",
        "Devilish Valet's triggered ability goes on the stack (seat 0) for Goblin token (red) #2",
    ]
    siege = [x for x in lines if x.startswith("Siege-Gang Commander's triggered ability")]
    assert siege == ["Siege-Gang Commander's triggered ability goes on the stack (seat 0)"]


def test_a_ward_trigger_goes_on_the_stack_for_the_spell_that_targeted():
    # the ward trigger resolved with no line putting it on the stack; it now has one, naming
    # the spell it answers (Ygra's ward: sacrifice a Food, which Fell's caster does)
    lines = _lines("ygra_ward_sacrifice_a_food")
    assert lines[1:5] == [
        "Ygra, Eater of All's ward trigger goes on the stack (seat 0) for Fell",
        "Ygra, Eater of All's ward trigger resolves",
        "seat 1 sacrifices a Food for Ygra, Eater of All's ward: Fell is not countered",
        "Food token (seat 1) is sacrificed",
    ]


def test_a_permanent_that_enters_with_counters_says_so():
    # Parting Gust, not promised: Jolly Gerbils returns at the next end step with a +1/+1
    # counter, which only the state showed
    lines = _lines("parting_gust_not_promised_returns")
    back = lines.index("Jolly Gerbils (seat 1) returns to the battlefield from exile")
    assert lines[back + 1] == "Jolly Gerbils enters with 1 +1/+1 counter"


@pytest.mark.parametrize(
    ("scenario", "line"),
    [
        # 702.21a: ward {1} paid, and not (all the caster's mana went into the spell)
        (
            "ward_one_paid_exiled_scribe_triggers",
            "seat 0 pays {1} for Three Tree Scribe's ward: Agate Assault is not countered",
        ),
        (
            "ward_one_unpaid_counters",
            "seat 0 does not pay {1} for Three Tree Scribe's ward: Agate Assault is countered",
        ),
        # "Ward—Pay 2 life": paid (the life line says it is a payment), and not at 2 life
        (
            "ward_pay_two_life_paid",
            "seat 1 pays 2 life for Gev, Scaled Scorch's ward: Blooming Blast is not countered",
        ),
        ("ward_pay_two_life_paid", "seat 1 pays 2 life (18)"),
        (
            "ward_pay_two_life_unpaid",
            "seat 1 does not pay 2 life for Gev, Scaled Scorch's ward: Blooming Blast is countered",
        ),
        # "Ward—Sacrifice a Food." and "Ward—Discard a card."
        (
            "ygra_ward_sacrifice_a_food",
            "seat 1 sacrifices a Food for Ygra, Eater of All's ward: Fell is not countered",
        ),
        (
            "opponent_base_toughness_one_and_ward_discard",
            "seat 1 discards a card for Maha, Its Feathers Night's ward: Blooming Blast is not"
            " countered",
        ),
        # "counter target spell unless its controller pays {2}": paid with the mana left over,
        # then not, with none left (the counter line follows)
        (
            "dazzling_denial_paid_and_not",
            "seat 0 pays {2} for Dazzling Denial: Agate Assault is not countered",
        ),
        ("dazzling_denial_paid_and_not", "seat 0 does not pay {2} for Dazzling Denial"),
    ],
)
def test_an_unless_says_whether_it_was_paid(scenario: str, line: str) -> None:
    # before the pay row, a paid {2} left no trace: the spell just resolved after the counter
    assert line in _lines(scenario)


def test_the_pay_row_holds_what_was_asked_and_whether_it_was_paid() -> None:
    state = api.run_scenario(SCEN / "dazzling_denial_paid_and_not.toml", log=True)
    pays = [e for e in state["events"] if e["kind"] == "pay"]
    got = [
        (e["seat"], e["card_name"], e["card2_name"], e["unless_cost"], e["b"], e["paid"])
        for e in pays
    ]
    assert got == [
        (0, "Dazzling Denial", "Agate Assault", "mana", 2, True),
        (0, "Dazzling Denial", "Blooming Blast", "mana", 2, False),
    ]
    # the unpaid one is countered right after its pay row
    after = state["events"][state["events"].index(pays[1]) + 1]
    assert (after["kind"], after["card_name"]) == ("counter", "Blooming Blast")


def test_a_discard_paid_as_a_cost_says_what_it_paid_for():
    # Sazacap's Brew: "As an additional cost to cast this spell, discard a card": the discard
    # read as a discard, then a cast
    lines = _lines("player/brew_discard_keeps_the_land")
    assert lines[:2] == [
        "seat 0 discards Galewind Moose to cast Sazacap's Brew",
        "seat 0 casts Sazacap's Brew without the gift, targeting seat 0 (2 mana)",
    ]
    # a loot's discard (Bellowing Crier's trigger) is no cost
    assert "seat 0 discards Mindwhisker" in _lines("player/loot_keeps_the_removal_spell")

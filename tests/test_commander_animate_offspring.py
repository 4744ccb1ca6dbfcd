"""Bello's animated artifacts and enchantments, Zinnia's granted offspring and Hazel's token
mana and copies (issue 21 item 2): what an [expect] table cannot say (a permanent that is no
creature, the compiled twin rows, a cost that can't be paid, the built-in player's choices),
and whole 4-player games of their precons under the invariant checks. The rules of each are
scenario files (tests/scenarios/animated_*, granted_offspring_*, tokens_tapped_for_x_mana,
end_step_copies_a_squirrel_token_twice)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import bf, play_pod_games

from analyzer.analysis.scenario_run import play
from analyzer.cards.catalog import load_catalog
from analyzer.enums import CardCol, CardFlag
from analyzer.errors import InputError
from analyzer.io.scenario import parse_scenario

SCEN = Path(__file__).parent / "scenarios"
DECKS = Path(__file__).resolve().parents[1] / "decks" / "commander"

BELLO_BOARD = """
[game]
players = 2
active = 0
turn = 7
phase = "main1"

[[seat]]
battlefield = ["Forest", {{ card = "Bello, Bard of the Brambles", sick = {sick} }},
               "Thran Dynamo", "Starforged Sword", "Arcane Signet"]
library = ["Island", "Island", "Island"]

[[seat]]
battlefield = ["Hedron Archive"]
library = ["Island", "Swamp", "Plains"]
{actions}
"""


def _power(state: dict, seat: int, card: str) -> int | None:
    (perm,) = [p for p in bf(state, seat) if p["card"] == card]
    return perm["power"]


def test_the_commanders_are_exact() -> None:
    catalog = load_catalog()
    for name in ("Bello, Bard of the Brambles", "Zinnia, Valley's Voice", "Hazel of the Rootbloom"):
        assert catalog.lookup(name).support_name == "exact", name


def test_twin_rows_only_for_big_non_equipment_artifacts_and_non_aura_enchantments() -> None:
    cc = load_catalog().compiled
    cards = cc.tables.cards
    for name, animated in (
        ("Thran Dynamo", True),  # artifact, mana value 4
        ("Primeval Bounty", True),  # enchantment, 6
        ("Esika's Chariot", True),  # a Vehicle is a non-Equipment artifact
        ("Starforged Sword", False),  # Equipment, 4
        ("Kitnap", False),  # Aura, 4
        ("Arcane Signet", False),  # mana value 2
        ("Bello, Bard of the Brambles", False),  # a creature, no artifact
    ):
        twin = int(cards[cc.id_of(name), CardCol.ANIMATE_TWIN])
        assert (twin != 0) == animated, name
        if animated:
            row = twin - 1
            assert cards[row, CardCol.FLAGS] & CardFlag.ANIMATED
            assert (cards[row, CardCol.POWER], cards[row, CardCol.TOUGHNESS]) == (4, 4)


def test_animated_only_during_its_controllers_turn_and_only_its_own() -> None:
    # on Bello's controller's turn: Thran Dynamo is a creature, the Sword (Equipment), the
    # Signet (mana value 2) and the opponent's Hedron Archive are not
    state = play(
        parse_scenario(BELLO_BOARD.format(sick="false", actions=""), "<test>", base_dir=SCEN)
    )
    assert _power(state, 0, "Thran Dynamo") == 4
    assert _power(state, 0, "Starforged Sword") is None
    assert _power(state, 0, "Arcane Signet") is None
    assert _power(state, 1, "Hedron Archive") is None
    # the next turn is the opponent's: no longer a creature ("during your turn")
    actions = '[[action]]\nadvance = "next_turn"\n'
    state = play(
        parse_scenario(BELLO_BOARD.format(sick="false", actions=actions), "<t>", base_dir=SCEN)
    )
    assert state["active"] == 1
    assert _power(state, 0, "Thran Dynamo") is None
    assert _power(state, 0, "Bello, Bard of the Brambles") == 3
    assert _power(state, 1, "Hedron Archive") is None


def test_the_standard_player_attacks_with_an_animated_artifact() -> None:
    # Bello came in this turn (no haste); Thran Dynamo has haste as a creature: the built-in
    # player attacks the empty board with it, and its granted trigger draws a card (without
    # the Sword, which it equips paying with the Dynamo's mana)
    actions = '[[action]]\nadvance = "main2"\n'
    board = BELLO_BOARD.replace('"Starforged Sword", ', "")
    state = play(parse_scenario(board.format(sick="true", actions=actions), "<t>", base_dir=SCEN))
    assert state["seats"][1]["life"] == 16
    assert state["seats"][0]["hand"] == ["Island"]


def _scenario(name: str, *replace: tuple[str, str]) -> dict:
    """Play scenario `name` without its [expect] table, each (old, new) replaced first."""
    text = (SCEN / f"{name}.toml").read_text(encoding="utf-8").split("[expect]")[0]
    for old, new in replace:
        assert old in text
        text = text.replace(old, new)
    return play(parse_scenario(text, name, base_dir=SCEN))


def test_token_mana_needs_the_life_and_an_untapped_hazel() -> None:
    # with 1 life (119.4: a player can pay life only with that much) or a summoning-sick Hazel
    # (its {T}), the Druid's {2}{G} can't be paid from one Forest
    for change in (
        ('hand = ["Druid of the Spade"]', 'life = 1\nhand = ["Druid of the Spade"]'),
        ('"Hazel of the Rootbloom", sick = false', '"Hazel of the Rootbloom", sick = true'),
    ):
        with pytest.raises(InputError) as err:
            _scenario("tokens_tapped_for_x_mana", change)
        assert "can't be paid" in str(err.value)


def test_token_mana_waits_for_the_other_sources() -> None:
    # with three Forests the Druid is paid with them: no life paid, Hazel and the tokens stay
    # untapped (its entries come last in the plan)
    state = _scenario(
        "tokens_tapped_for_x_mana",
        ('battlefield = ["Forest", ', 'battlefield = ["Forest", "Forest", "Forest", '),
    )
    assert state["seats"][0]["life"] == 20
    assert [p["tapped"] for p in bf(state, 0) if p["card"] != "Forest"] == [False] * 5


def test_end_step_copies_a_non_squirrel_token_once() -> None:
    state = _scenario(
        "end_step_copies_a_squirrel_token_twice",
        ('{ card = "Squirrel 1/1 Green", tapped = true, counters = { "+1/+1" = 1 } }', '"Food"'),
    )
    assert [p["card"] for p in bf(state, 0)] == [
        "Forest",
        "Hazel of the Rootbloom",
        "Food",
        "Food",
    ]


def test_end_step_copy_targets_the_squirrel_of_a_squirrel_and_a_food() -> None:
    # the standard player's own best token, a Squirrel counted twice (two copies): not the
    # Food, its least valuable (a neutral target choice took that one)
    state = _scenario(
        "end_step_copies_a_squirrel_token_twice",
        ('tapped = true, counters = { "+1/+1" = 1 } }', 'tapped = true }, "Food"'),
    )
    cards = [p["card"] for p in bf(state, 0)]
    assert cards.count("Squirrel 1/1 Green") == 3 and cards.count("Food") == 1


@pytest.mark.parametrize(
    "deck",
    ["animated_army_bello.txt", "family_matters_zinnia.txt", "squirreled_away_hazel.txt"],
)
def test_precon_pod_games_keep_the_invariants(deck: str) -> None:
    # the precon in every seat of 4-player games (its commander cast from the command zone):
    # Bello's animated permanents fight and fall back, Zinnia's creatures pay offspring,
    # Hazel taps tokens for mana and copies them
    g = play_pod_games(DECKS / deck, allow_approximate=True)
    assert g.failures == []
    assert g.spells >= 100  # the decks were played, not only drawn

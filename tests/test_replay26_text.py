"""Replay text (replay26): what a reader of a game's play-by-play could not see or follow.

Each test plays a rules scenario (or a simulated game) with the log on and asserts the exact
line the text view writes, and that the line it replaced is gone.
"""

from __future__ import annotations

from pathlib import Path

from conftest import run_player

from analyzer import api

SCEN = Path(__file__).parent / "scenarios"
DECKS = Path(__file__).resolve().parent.parent / "decks"


def _lines(name: str) -> list[str]:
    """The play-by-play of tests/scenarios/NAME.toml, each line without its turn prefix."""
    state = api.run_scenario(SCEN / f"{name}.toml", log=True)
    return [line.split(": ", 1)[1] for line in state["play_by_play"]]


def test_a_card_moved_between_zones_reads_as_a_play_not_a_zone_move():
    """Cultivate's lands, Curious Forager's and Coiling Rebirth's returns read 'X moves from the
    library to the battlefield', 'moves from the graveyard to the hand'."""
    assert _lines("search_two_basics_one_to_hand")[2:4] == [
        "Mountain (seat 0) is put onto the battlefield from the library",
        "Mountain is put into seat 0's hand from the library",
    ]
    assert "Treetop Sentries returns to seat 0's hand from the graveyard" in _lines(
        "forage_when_you_do_returns_card"
    )
    assert "Test Herald (seat 0) returns to the battlefield from the graveyard" in _lines(
        "coiling_rebirth_copy"
    )
    for name in ("search_two_basics_one_to_hand", "coiling_rebirth_copy"):
        assert not any(" moves from " in line for line in _lines(name))


def test_a_creature_exiled_and_returned_returns_from_exile():
    """Parting Gust without the gift: 'Jolly Gerbils (seat 1) moves from the exile to the
    battlefield' (and 'the exile')."""
    lines = _lines("parting_gust_not_promised_returns")
    assert lines[-3] == "Jolly Gerbils (seat 1) returns to the battlefield from exile"


def test_a_land_played_from_exile_is_played():
    """Harnesser of Storms exiles a Mountain, playable this turn; the player's land drop put it
    onto the battlefield, read 'Mountain (seat 0) moves from the exile to the battlefield'."""
    state = run_player(
        "impulse_card_before_the_hand_card",
        ('library = ["Steampath Charger",', 'library = ["Mountain",'),
    )
    lines = [line.split(": ", 1)[1] for line in state["play_by_play"]]
    assert "Mountain (seat 0) is exiled from the library" in lines
    assert "seat 0 plays Mountain from exile" in lines


def test_a_spell_cast_from_exile_or_a_graveyard_says_so():
    """Flashback and impulse casts read as casts from the hand ('casts Otterball Antics (4
    mana)'), and the flashback card's exile as it left the stack was not shown."""
    lines = _lines("flashback_cast_from_graveyard_exiled")
    assert lines[0] == "seat 0 casts Otterball Antics from the graveyard (4 mana)"
    assert lines[-2] == "Otterball Antics (seat 0) is exiled from the stack"
    state = run_player("impulse_card_before_the_hand_card")
    assert any(
        line.endswith(": seat 0 casts Steampath Charger from exile (2 mana)")
        for line in state["play_by_play"]
    )


def test_a_player_who_loses_takes_its_permanents_out_of_the_game():
    """800.4a: a pod player's loss read 'seat 0 loses the game', and its permanents were gone
    from the board without a line (their zone rows, to 'none', were not shown)."""
    lines = _lines("player_leaves_two_until_exiles_return")
    assert (
        "seat 0 loses the game (it drew from an empty library); its permanents leave the game: "
        "Driftgloom Coyote x2, Plains x10, Island x3"
    ) in lines
    # the exiled creatures it held come back, each on its line
    assert "Jolly Gerbils (seat 1) returns to the battlefield from exile" in lines


_RABBITS = """
[game]
players = 2
active = 0
turn = 5
phase = "main1"

[[seat]]
hand = ["Hop to It", "Starfall Invocation", "Hop to It"]
battlefield = ["Plains", "Plains", "Plains", "Plains", "Plains", "Plains", "Plains", "Plains",
               "Plains", "Plains", "Plains", { card = "Harvestrite Host", sick = false }]
library = ["Plains", "Plains", "Plains"]

[[seat]]
library = ["Plains", "Plains"]

[[action]]
cast = "Hop to It"

[[action]]
resolve = true

[[action]]
cast = "Starfall Invocation"

[[action]]
resolve = true

[[action]]
cast = "Hop to It"

[[action]]
resolve = true
"""


def test_permanents_of_one_name_are_told_apart_by_a_number():
    """Three Rabbit tokens read 'creates a Rabbit token' three times, and a block or a death
    could not say which; two Seasoned Warrenguards the same. The second and third on the
    battlefield at once are '#2' and '#3' from their first line to their last; once they are
    gone, the numbers are free again."""
    from analyzer.analysis.scenario_run import play
    from analyzer.io.scenario import parse_scenario

    state = play(parse_scenario(_RABBITS, "rabbits", base_dir=SCEN), log=True)
    lines = [line.split(": ", 1)[1] for line in state["play_by_play"]]
    made = ["seat 0 creates a Rabbit token", "seat 0 creates Rabbit token #2"]
    made.append("seat 0 creates Rabbit token #3")
    i = lines.index(made[0])
    assert lines[i : i + 3] == made
    wrath = lines.index("Starfall Invocation resolves")
    assert lines[wrath + 1 : wrath + 5] == [
        "Harvestrite Host (seat 0) dies (destroyed)",
        "Rabbit token (seat 0) dies (destroyed)",
        "Rabbit token #2 (seat 0) dies (destroyed)",
        "Rabbit token #3 (seat 0) dies (destroyed)",
    ]
    assert lines[-4:-1] == made  # the second Hop to It's tokens: numbered from the first again


_MENTORS = """
[game]
players = 2
active = 0
turn = 5
phase = "main1"

[[seat]]
hand = ["Vinereap Mentor", "Vinereap Mentor", "Starfall Invocation"]
battlefield = ["Swamp", "Swamp", "Forest", "Forest", "Plains", "Plains", "Plains", "Plains",
               "Plains"]
library = ["Plains", "Plains", "Plains"]

[[seat]]
library = ["Plains", "Plains"]

[[action]]
cast = "Vinereap Mentor"

[[action]]
resolve = true

[[action]]
cast = "Vinereap Mentor"

[[action]]
resolve = true

[[action]]
cast = "Starfall Invocation"

[[action]]
resolve = true
"""


def test_a_dies_trigger_names_its_source_by_the_number_it_had():
    """Two Vinereap Mentors die at once; each dies trigger makes a Food. The second Mentor's
    trigger reads 'Vinereap Mentor #2's triggered ability', the number it had on the
    battlefield (a sacrificed Food token #2's ability the same)."""
    from analyzer.analysis.scenario_run import play
    from analyzer.io.scenario import parse_scenario

    state = play(parse_scenario(_MENTORS, "mentors", base_dir=SCEN), log=True)
    lines = [line.split(": ", 1)[1] for line in state["play_by_play"]]
    wrath = lines.index("Starfall Invocation resolves")
    assert lines[wrath + 1 : wrath + 8] == [
        "Vinereap Mentor (seat 0) dies (destroyed)",
        "Vinereap Mentor #2 (seat 0) dies (destroyed)",
        "Vinereap Mentor's triggered ability goes on the stack (seat 0)",
        "Vinereap Mentor #2's triggered ability goes on the stack (seat 0)",
        "Vinereap Mentor #2's ability resolves",
        "seat 0 creates Food token #3",
        "Vinereap Mentor's ability resolves",
    ]


def test_a_delayed_trigger_is_named_by_the_spell_that_made_it():
    """Parting Gust without the gift returns the creature at the end step: the lines read
    'Jolly Gerbils's delayed trigger goes on the stack (seat 0)', as if seat 1's Gerbils had
    a trigger that seat 0 controlled."""
    lines = _lines("parting_gust_not_promised_returns")
    assert lines[3:6] == [
        "Parting Gust's delayed trigger for Jolly Gerbils goes on the stack (seat 0)",
        "Parting Gust's delayed trigger for Jolly Gerbils resolves",
        "Jolly Gerbils (seat 1) returns to the battlefield from exile",
    ]


_HUNGER = """
[game]
players = 2
active = 0
turn = 5
phase = "main1"

[[seat]]
hand = ["Nocturnal Hunger"]
battlefield = ["Swamp", "Swamp", "Swamp"]
library = ["Swamp", "Swamp"]

[[seat]]
battlefield = [{ card = "Jolly Gerbils", sick = false }]
library = ["Plains", "Plains"]

[[action]]
cast = "Nocturnal Hunger"
targets = ["battlefield:1:Jolly Gerbils"]

[[action]]
resolve = true
"""


def test_a_life_change_names_what_changed_it():
    """A life row names no source: 'seat 0 loses 2 life (18)' after Nocturnal Hunger's kill,
    'gains 3 life (12)' after a Food, 'gains 2 life' beside a lifelinker's damage, and a
    Sinister Monolith's 'Pay 2 life' cost read as a loss before its activation."""
    from analyzer.analysis.scenario_run import play
    from analyzer.io.scenario import parse_scenario

    state = play(parse_scenario(_HUNGER, "hunger", base_dir=SCEN), log=True)
    lines = [line.split(": ", 1)[1] for line in state["play_by_play"]]
    assert lines[2:4] == [
        "Jolly Gerbils (seat 1) dies (destroyed)",
        "seat 0 loses 2 life to Nocturnal Hunger (18)",
    ]
    food = run_player("food_eaten_in_the_end_step")["play_by_play"]
    assert any(line.endswith(": seat 1 gains 3 life from Food token (12)") for line in food)
    lifelink = _lines("combat_first_strike_lifelink")
    assert lifelink[2:4] == [
        "Brightblade Stoat deals 2 damage to Creature Token",
        "seat 0 gains 2 life from Brightblade Stoat (12)",
    ]
    assert _lines("pay_life_cost_sacrifice_draw")[:2] == [
        "seat 0 pays 2 life (18)",
        "seat 0 sacrifices Sinister Monolith to activate it",
    ]
    # a painland's damage as mana is paid: it is damage, and the life line says only a loss
    assert _lines("pain_land_colored_mana_deals_damage")[:3] == [
        "Adarkar Wastes deals 1 damage to seat 0",
        "seat 0 loses 1 life (19)",
        "seat 0 casts Thought Shucker (2 mana)",
    ]
    # damage to a player: its line says why, the life line adds nothing
    assert "seat 1 loses 1 life (19)" in [
        line.split(": ", 1)[1]
        for line in run_player("impulse_card_before_the_hand_card")["play_by_play"]
    ]


def test_a_game_log_names_the_approximate_cards_it_played(tmp_path):
    """A Commander pod's log showed Esika's Chariot resolve with no Cat tokens and abilities
    resolve to nothing, with no word that those cards are approximate (their other abilities
    are not played). The header now names the approximate cards cast, played or created."""
    import json

    from analyzer.cards.catalog import load_catalog
    from analyzer.enums import SUPPORT_NAMES

    cmd = DECKS / "commander"
    decks = [
        cmd / f"{n}.txt"
        for n in ("peace_offering_bumbleflower", "animated_army_bello", "family_matters_zinnia")
    ]
    api.simulate(
        decks[0], decks[1:], games=1, seed=4, allow_approximate=True, log_games=1, out=tmp_path
    )
    header = (tmp_path / "logs" / "0" / "0.txt").read_text(encoding="utf-8").splitlines()[1]
    said = "approximate cards in this game (the abilities they ignore do not happen; "
    said += "`gift-analyzer cards --support approximate` lists them): "
    assert header.startswith(said), header
    named = header[len(said) :].split("; ")
    records = {r.name: r for r in load_catalog()}
    assert named and named == sorted(named)
    assert all(SUPPORT_NAMES[records[n].support] == "approximate" for n in named)
    events = [json.loads(x) for x in (tmp_path / "logs" / "0" / "0.jsonl").open()]
    played = {e["card_name"] for e in events if e["kind"] in ("cast", "token")}
    assert set(named) <= played | {e["card_name"] for e in events if e["kind"] == "zone"}
    rough = {n for n in played if SUPPORT_NAMES[records[n].support] == "approximate"}
    assert rough <= set(named)
    # a Limited game of exact cards has no such line
    api.simulate(
        DECKS / "ub_rats_threshold.txt", [DECKS / "wb_bats_lifegain.txt"], games=1, seed=1,
        log_games=1, out=tmp_path / "limited",
    )  # fmt: skip
    text = (tmp_path / "limited" / "logs" / "0" / "0.txt").read_text(encoding="utf-8")
    assert "approximate cards" not in text

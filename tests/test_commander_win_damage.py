"""The precon cards of "you win the game", several counters removed as a cost, "whenever this
creature is dealt damage, draw that many cards" and the other "that many" triggers, and the
state-based actions checked before priority (issue 21 item 2): what a scenario file cannot say
(refused actions and records), and whole 4-player games with them under the invariant checks.
The rules are scenario files (tests/scenarios/win_game_*, hoofprints_*, dealt_damage_*,
combat_damage_that_many_*, pt_hand_*, to_graveyard_*, creature_dies_returns_*, attack_win_*,
max_hand_size_*, extra_land_*, each_player_*, attacked_turn_*, opponent_attacks_*,
second_spell_by_an_opponent_*)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import play_pod_games

from analyzer.analysis.scenario_run import play
from analyzer.cards.catalog import load_catalog
from analyzer.errors import InputError
from analyzer.io.scenario import parse_scenario

SCEN = Path(__file__).parent / "scenarios"
CARDS = (
    "Triskaidekaphile",
    "Hoofprints of the Stag",
    "Illusory Ambusher",
    "Body of Knowledge",
    "Prosperous Bandit",
    "Psychosis Crawler",
    "Spine of Ish Sah",
    "Luminous Broodmoth",
    "Twenty-Toed Toad",
    "Riot Control",
    "Mangara, the Diplomat",
)
# additional lands, each player's upkeep and draw step, "you attacked this turn"
TURN_CARDS = (
    "Explore",
    "Rites of Flourishing",
    "Ghirapur Orrery",
    "Chart a Course",
    "Rowdy Research",
)
# what makes them work in a game: draws, damage and removal
HELPERS = ("Secret Rendezvous", "Harmonize", "Blooming Blast", "Beast Within", "Jolly Gerbils")


def test_the_cards_are_exact() -> None:
    catalog = load_catalog()
    assert {catalog.lookup(n).support_name for n in CARDS + TURN_CARDS} == {"exact"}


def _variant(name: str, *edits: tuple[str, str]) -> dict:
    """Scenario `name` with each (old, new) replaced and no [expect]: the state it reaches."""
    text = (SCEN / f"{name}.toml").read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text
        text = text.replace(old, new)
    return play(parse_scenario(text.split("[expect]")[0], "<test>", base_dir=SCEN))


def test_chart_a_course_discards_when_nothing_attacked() -> None:
    # no attack: it draws two and discards one (the built-in player's least valuable card)
    text = (SCEN / "attacked_turn_no_discard_and_cheaper_research.toml").read_text(encoding="utf-8")
    before = text.split("[[action]]")[0]
    chart = '[[action]]\ncast = "Chart a Course"\n\n[[action]]\nresolve = true\n'
    state = play(parse_scenario(before + chart, "<test>", base_dir=SCEN))
    me = state["seats"][0]
    assert sorted(me["hand"]) == ["Forest", "Rowdy Research"]
    assert sorted(me["graveyard"]) == ["Chart a Course", "Forest"]


def test_rowdy_research_costs_seven_before_combat() -> None:
    # before the attack no creature attacked: six Islands cannot pay {6}{U}
    with pytest.raises(InputError) as err:
        _variant(
            "attacked_turn_no_discard_and_cheaper_research",
            (
                '[[action]]\nattack = ["Pawpatch Recruit"',
                '[[action]]\ncast = "Rowdy Research"\n\n[[action]]\nattack = ["Pawpatch Recruit"',
            ),
        )
    assert "(cast Rowdy Research): its mana cost can't be paid" in str(err.value)


def test_mangara_ignores_a_lone_attacker() -> None:
    # one creature attacking: the intervening "if" fails, no card; Riot Control still gains 2
    state = _variant(
        "opponent_attacks_you_draw_and_damage_prevented",
        ('attack = ["Pawpatch Recruit", "Pawpatch Recruit#2"]', 'attack = ["Pawpatch Recruit"]'),
    )
    assert state["seats"][0]["hand"] == [] and state["seats"][0]["life"] == 22


def test_without_riot_control_the_damage_is_dealt() -> None:
    state = _variant(
        "opponent_attacks_you_draw_and_damage_prevented",
        ('[[action]]\nseat = 0\ncast = "Riot Control"\n\n[[action]]\nresolve = true\n\n', ""),
    )
    assert state["seats"][0]["life"] == 20 - 4
    assert sorted(state["seats"][0]["hand"]) == ["Island", "Riot Control"]


def test_a_second_land_needs_explore() -> None:
    with pytest.raises(InputError) as err:
        _variant(
            "extra_land_this_turn",
            ('hand = ["Forest", "Explore"]', 'hand = ["Forest", "Mountain"]'),
            ('cast = "Explore"\n\n[[action]]\nresolve = true\n\n[[action]]\n', ""),
        )
    assert "(play Mountain): seat 0 has already played a land this turn" in str(err.value)


def _hoofprints(edit) -> str:
    """The Hoofprints scenario with three more Plains (mana is never what is missing), its
    actions edited; the refusal's message."""
    text = (SCEN / "hoofprints_four_counters_make_an_elemental.toml").read_text(encoding="utf-8")
    more = text.replace(
        '"Plains", "Hoofprints of the Stag"',
        '"Plains", "Plains", "Plains", "Plains", "Hoofprints of the Stag"',
    )
    scn = parse_scenario(more, "<test>", base_dir=SCEN)
    scn.actions = edit(scn.actions)
    with pytest.raises(InputError) as err:
        play(scn)
    return str(err.value)


def test_three_hoofprint_counters_do_not_pay_for_four() -> None:
    # without Triskaidekaphile's draw the enchantment has three counters: refused
    assert "activation restriction" in _hoofprints(lambda actions: actions[2:])


def test_four_counters_pay_once() -> None:
    # the cost removes the four: a second activation at once is refused
    assert "activation restriction" in _hoofprints(lambda actions: actions + actions[-2:])


def test_thirteen_cards_win_in_a_two_player_game_too() -> None:
    text = (SCEN / "win_game_thirteen_cards_at_upkeep.toml").read_text(encoding="utf-8")
    two = text.replace("players = 3", "players = 2").replace("active = 2", "active = 1")
    two = two.replace('[[seat]]\nlibrary = ["Plains", "Plains"]\n', "")
    two = two.replace("[[expect.seat]]\nlost = true\n\n[[expect.seat]]", "[[expect.seat]]")
    state = play(parse_scenario(two, "<test>", base_dir=SCEN))
    assert state["winner"] == 0 and state["end_reason"] == "win_effect"
    assert [s["lost"] for s in state["seats"]] == [False, True]


def test_one_creature_toad_does_not_win_with_nineteen_cards() -> None:
    # the Toad attacking alone: "two or more creatures" does not trigger, no twentieth card
    text = (SCEN / "attack_win_toad_twenty_cards.toml").read_text(encoding="utf-8")
    alone = text.replace(
        'attack = ["Twenty-Toed Toad", "Pawpatch Recruit"]', 'attack = ["Twenty-Toed Toad"]'
    )
    alone = alone.split("[expect]")[0]
    state = play(parse_scenario(alone, "<test>", base_dir=SCEN))
    assert state["winner"] is None
    assert len(state["seats"][0]["hand"]) == 19


@pytest.mark.parametrize("kind", ["etb", "you_draw"])
def test_that_many_needs_a_damage_trigger(tmp_path, kind: str) -> None:
    from analyzer.cards.loader import load_records

    path = tmp_path / "cards.toml"
    path.write_text(
        '[[card]]\nname = "Test Seer"\nset = "TST"\nrarity = "common"\ncost = "{1}{U}"\n'
        'support = "exact"\ntype_line = "Creature — Human"\npower = 1\ntoughness = 1\n'
        'oracle = "When this creature enters, draw that many cards."\n\n[[card.ability]]\n'
        f'kind = "{kind}"\nsteps = [{{ op = "draw_x", ref = "you", x = "that_many" }}]\n',
        encoding="utf-8",
    )
    with pytest.raises(InputError) as info:
        load_records([path])
    assert any("that_many" in str(p) for p in info.value.problems)


def test_games_with_the_cards_keep_the_invariants(tmp_path) -> None:
    # two of each card (its helpers too) and five of each basic in each of four decks, played
    # in whole 4-player games under the invariant checks
    lines = [f"2 {n}" for n in CARDS + TURN_CARDS + HELPERS]
    lines += [f"5 {land}" for land in ("Plains", "Island", "Swamp", "Mountain", "Forest")]
    path = tmp_path / "win_damage.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    g = play_pod_games(path)
    assert g.failures == []
    assert g.spells >= 40  # the cards were cast, not only held
    assert all(g.cast[n] > 0 for n in CARDS + TURN_CARDS), g.cast  # each of them
    assert g.drawn > 10 * 4 * 7  # more than the opening hands

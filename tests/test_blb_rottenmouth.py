"""Rottenmouth Viper: the additional cost "you may sacrifice any number of nonland permanents;
{1} less for each" (601.2b, 601.2f) and the blight trigger, whose punisher repeats once per
blight counter: the other side of its scenario file, and whole games in which it is cast."""

from __future__ import annotations

from conftest import BIRDS, play_card_games
from test_scenarios import SCEN, bf, input_error, run_text, seat

from analyzer.io.deck import Deck


def _text() -> str:
    return (
        (SCEN / "sacrifice_to_reduce_then_blight_punish.toml")
        .read_text(encoding="utf-8")
        .split("[expect]")[0]
    )


_CAST_ONLY = _text().split('[[action]]\nplay = "Mountain"')[0]


def test_with_mana_enough_nothing_is_sacrificed() -> None:
    # a fifth Swamp: six mana pay {5}{B}; the Food and the Rabbit stay (the fewest needed: 0)
    text = _CAST_ONLY.replace('"Swamp", "Treasure"', '"Swamp", "Swamp", "Treasure"')
    s = run_text(text)
    names = [p["card"] for p in bf(s, 0)]
    assert "Food" in names and "Rabbit" in names and "Treasure" not in names
    assert seat(s, 1)["life"] == 20  # (its Food answered the enters trigger)
    assert [p["card"] for p in bf(s, 1)] == []


def test_two_short_sacrifices_the_rabbit_too() -> None:
    # no Treasure: four mana for {5}{B} needs two sacrifices, the Food and then the Rabbit
    text = _CAST_ONLY.replace('"Treasure", ', "")
    s = run_text(text)
    assert [p["card"] for p in bf(s, 0)] == ["Swamp"] * 4 + ["Rottenmouth Viper"]


def test_the_basic_player_sacrifices_nothing() -> None:
    # the baseline player never takes the option: five mana do not cast the Viper
    text = _CAST_ONLY.replace("[[seat]]\n", '[[seat]]\nlevel = "basic"\n', 1)
    assert "its mana cost can't be paid" in input_error(run_text, text)


def test_without_anything_to_give_up_the_opponent_loses_four() -> None:
    # one blight counter on entering: one punisher; no Food, no card in hand: 4 life
    text = _CAST_ONLY.replace('battlefield = ["Food"]\n', "")
    s = run_text(text)
    assert seat(s, 1)["life"] == 16


FODDER_BLACK = Deck(
    "viper tokens",
    (
        ("Plains", 8),
        ("Swamp", 9),
        ("Rottenmouth Viper", 4),
        ("Hop to It", 4),
        ("Carrot Cake", 4),
        ("Savor", 3),
        ("Thornplate Intimidator", 4),
        ("Agate-Blade Assassin", 4),
    ),
)


def test_games_with_rottenmouth_viper_keep_invariants(catalog) -> None:
    g = play_card_games(catalog, [FODDER_BLACK, BIRDS], games=40)
    assert g.failures == []
    assert g.cast["Rottenmouth Viper"] > 0


def test_killed_in_response_it_counts_the_counters_it_last_had() -> None:
    # the attack trigger on the stack, the opponent destroys the Viper (Feed the Cycle, {1}{B}
    # and {B} without cards to forage): no counter can be put on it any more; the one it had
    # as it last existed makes one punisher (the card's ruling): its Food answered the enters
    # trigger, so 20 - 4 = 16 (two punishers would leave 12), and no combat damage
    text = _text().replace(
        '[[seat]]\nbattlefield = ["Food"]\n',
        '[[seat]]\nhand = ["Feed the Cycle"]\nbattlefield = ["Food", "Swamp", "Swamp", "Swamp"]\n',
    )
    kill = (
        '[[action]]\nseat = 1\ncast = "Feed the Cycle"\n'
        'targets = ["battlefield:0:Rottenmouth Viper"]\n\n'
    )
    text = text.replace(
        '[[action]]\nattack = ["Rottenmouth Viper"]\n\n',
        '[[action]]\nattack = ["Rottenmouth Viper"]\n\n' + kill,
    ).replace("[[action]]\nblock = []\n\n", "")
    s = run_text(text)
    assert seat(s, 1)["life"] == 16
    assert sorted(seat(s, 0)["graveyard"]) == ["Rottenmouth Viper", "War Squeak"]

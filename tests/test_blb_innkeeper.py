"""Innkeeper's Talent: its combat trigger, ward {1} for permanents with counters (level 2) and
the counter doubling (level 3, a replacement effect, 614.1a, that every counter placement goes
through: statics_global.counters_put): the other side of its scenario file, and whole games in
which it is cast."""

from __future__ import annotations

from conftest import BIRDS, play_card_games
from test_scenarios import SCEN, bf, run_text, seat

from analyzer.io.deck import Deck

_LEVEL_UPS = (
    '[[action]]\nactivate = "Innkeeper\'s Talent"\n\n[[action]]\nresolve = true\n\n'
    '[[action]]\nactivate = "Innkeeper\'s Talent"\nability = 2\n\n[[action]]\nresolve = true\n\n'
)


def _text() -> str:
    return (
        (SCEN / "class_level_three_doubles_counters.toml")
        .read_text(encoding="utf-8")
        .split("[expect]")[0]
    )


def test_at_level_one_the_trigger_puts_one_counter_and_gives_no_ward() -> None:
    # no Forests: no level-ups (the built-in player would raise them itself, below)
    text = _text().replace(_LEVEL_UPS, "").replace('"Forest", ' * 5 + '"Forest",', "")
    s = run_text(text)
    (sentries,) = bf(s, 0, "Treetop Sentries")
    assert sentries["counters"] == {"+1/+1": 1} and sentries["power"] == 3
    assert "ward1" not in sentries["keywords"]
    assert seat(s, 1)["life"] == 17


def test_the_standard_player_raises_both_levels_before_combat() -> None:
    # unscripted: main phase 1 has nothing else for the mana, and each level has a static
    # ability that works in this combat (ai_levels): the combat trigger's counter is doubled
    s = run_text(_text().replace(_LEVEL_UPS, ""))
    (sentries,) = bf(s, 0, "Treetop Sentries")
    assert sentries["counters"] == {"+1/+1": 2}
    assert seat(s, 1)["life"] == 16


def _ward_text(mountains: int) -> str:
    # level 2 only; the Sentries already have a counter; the opponent answers with Take Out the
    # Trash (3 damage) and `mountains` Mountains: {1}{R} for the spell, {1} more for the ward
    level_two = _LEVEL_UPS.split('[[action]]\nactivate = "Innkeeper\'s Talent"\nability = 2')[0]
    text = _text().replace(_LEVEL_UPS, level_two)
    text = text.replace(
        '{ card = "Treetop Sentries", sick = false }',
        '{ card = "Treetop Sentries", sick = false, counters = { "+1/+1" = 1 } }',
    )
    text = text.replace(
        '[[seat]]\nlibrary = ["Island", "Swamp"]',
        '[[seat]]\nhand = ["Take Out the Trash"]\nbattlefield = ['
        + ", ".join(['"Mountain"'] * mountains)
        + ']\nlibrary = ["Island", "Swamp"]',
    )
    return text.replace(
        '[[action]]\nadvance = "main2"\n',
        '[[action]]\nseat = 1\ncast = "Take Out the Trash"\n'
        'targets = ["battlefield:0:Treetop Sentries"]\n\n[[action]]\nresolve = true\n',
    )


def test_ward_counters_the_spell_whose_controller_cannot_pay() -> None:
    s = run_text(_ward_text(2))
    (sentries,) = bf(s, 0, "Treetop Sentries")
    assert sentries["damage"] == 0 and "ward1" in sentries["keywords"]
    assert seat(s, 1)["graveyard"] == ["Take Out the Trash"]


def test_ward_paid_lets_the_spell_resolve() -> None:
    s = run_text(_ward_text(3))
    (sentries,) = bf(s, 0, "Treetop Sentries")
    assert sentries["damage"] == 3


def test_level_three_doubles_the_blight_counter_too() -> None:
    # every placement goes through counters_put: Rottenmouth Viper enters with Innkeeper's
    # Talent at level 3 under its caster's control: two blight counters, two punishers (8 life)
    text = _text().replace('[[action]]\nadvance = "main2"\n', "")
    text = text.replace(
        '"Forest", "Forest", "Forest", "Forest", "Forest", "Forest",',
        '"Forest", "Forest", "Forest", "Forest", "Forest", "Forest", "Swamp", "Swamp", "Swamp",'
        ' "Swamp", "Swamp", "Swamp",',
    ).replace(', "Food"]', ']\nhand = ["Rottenmouth Viper"]')
    text += '[[action]]\ncast = "Rottenmouth Viper"\n\n[[action]]\nresolve = true\n'
    s = run_text(text)
    assert seat(s, 1)["life"] == 12


COUNTERS_GREEN = Deck(
    "innkeeper counters",
    (
        ("Forest", 17),
        ("Innkeeper's Talent", 4),
        ("Bakersbane Duo", 4),
        ("Treetop Sentries", 4),
        ("Hazardroot Herbalist", 4),
        ("Bark-Knuckle Boxer", 4),
        ("Longstalk Brawl", 3),
    ),
)


def test_games_with_innkeepers_talent_keep_invariants(catalog) -> None:
    g = play_card_games(catalog, [COUNTERS_GREEN, BIRDS], games=40)
    assert g.failures == []
    assert g.cast["Innkeeper's Talent"] > 0
    assert g.top_level == 3

"""Helga, Skittish Seer: mana only for creature spells with mana value 4 or greater or {X},
X of it (her power), and her cast trigger for such spells: the other side of
scenarios/power_mana_big_creature.toml, and whole games with Helga under the invariant
checks."""

from __future__ import annotations

from test_new_cards_games import _play
from test_scenarios import SCEN, bf, input_error, run_text, seat

from analyzer.io.deck import Deck

_HELGA = '{ card = "Helga, Skittish Seer", sick = false }'


def _text() -> str:
    text = (SCEN / "power_mana_big_creature.toml").read_text(encoding="utf-8")
    return text.split("[expect]")[0]


def test_helga_mana_does_not_pay_for_a_small_creature() -> None:
    # Thought Shucker ({1}{U}, mana value 2) with Helga and one Forest: 106.6
    text = _text().replace("Treetop Sentries", "Thought Shucker")
    text = text.replace('"Forest", "Forest", "Forest"', '"Forest"')
    assert "mana" in input_error(run_text, text).lower()


def test_helga_mana_does_not_pay_for_a_noncreature_spell() -> None:
    # Wishing Well ({3}{U}, an artifact of mana value 4) is not a creature spell
    text = _text().replace("Treetop Sentries", "Wishing Well")
    assert "mana" in input_error(run_text, text).lower()


def test_helga_makes_as_much_mana_as_her_power() -> None:
    # with a +1/+1 counter (power 2) Helga and two Forests pay the {3}{G}
    text = _text().replace(
        _HELGA, '{ card = "Helga, Skittish Seer", sick = false, counters = { "+1/+1" = 1 } }'
    )
    text = text.replace('"Forest", "Forest", "Forest"', '"Forest", "Forest"')
    s = run_text(text)
    assert [p["card"] for p in bf(s, 0, "Treetop Sentries")] == ["Treetop Sentries"]
    assert [p["power"] for p in bf(s, 0, "Helga, Skittish Seer")] == [3]


def test_a_power_one_helga_and_two_forests_cannot_pay_four() -> None:
    text = _text().replace('"Forest", "Forest", "Forest"', '"Forest", "Forest"')
    assert "mana" in input_error(run_text, text).lower()


def test_a_small_creature_spell_does_not_trigger_helga() -> None:
    # Thought Shucker paid with two Forests: no card, no life, no counter
    text = _text().replace("Treetop Sentries", "Thought Shucker")
    text = text.replace('"Forest", "Forest", "Forest"', '"Forest", "Island"')
    text = text.replace("resolve = 2", "resolve = true")
    s = run_text(text)
    assert seat(s, 0)["life"] == 20
    assert seat(s, 0)["hand"] == []
    assert [p["power"] for p in bf(s, 0, "Helga, Skittish Seer")] == [1]


FROGS_BIG = Deck(
    "helga",
    (
        ("Forest", 6),
        ("Plains", 5),
        ("Island", 6),
        ("Helga, Skittish Seer", 4),
        ("Three Tree Scribe", 4),
        ("Treetop Sentries", 4),
        ("Treeguard Duo", 4),
        ("Star Charter", 3),
        ("Splash Lasher", 4),
        ("Galewind Moose", 3),
        ("Thought Shucker", 3),
    ),
)


def test_games_with_helga_keep_invariants_and_cast_it(catalog) -> None:
    from test_granted_creature_mana import OPPONENT

    failures, cast, _, _ = _play(catalog, [FROGS_BIG, OPPONENT], games=20)
    assert failures == []
    for name in ("Helga, Skittish Seer", "Treetop Sentries", "Galewind Moose"):
        assert cast[name] > 0, name

"""Mana a static gives creatures (Clement, the Worrywort's Frogs: "{T}: Add {G} or {U}. Spend
this mana only to cast a creature spell."): the other side of
scenarios/granted_creature_mana_frogs.toml, and whole games with Clement under the invariant
checks."""

from __future__ import annotations

from test_new_cards_games import _play
from test_scenarios import SCEN, bf, input_error, run_text, seat

from analyzer.io.deck import Deck

_CLEMENT = '{ card = "Clement, the Worrywort", sick = false }'
_SCRIBE = '{ card = "Three Tree Scribe", sick = false }'


def _text() -> str:
    text = (SCEN / "granted_creature_mana_frogs.toml").read_text(encoding="utf-8")
    return text.split("[expect]")[0]


def test_frogs_cast_a_creature_with_the_granted_mana() -> None:
    s = run_text(_text())
    assert [p["card"] for p in bf(s, 0, "Thought Shucker")] == ["Thought Shucker"]
    assert all(p["tapped"] for p in bf(s, 0, "Three Tree Scribe"))
    assert seat(s, 0)["hand"] == []


def test_granted_mana_does_not_pay_for_a_sorcery() -> None:
    # 106.6: Otterball Antics ({1}{U}) is not a creature spell
    text = _text().replace("Thought Shucker", "Otterball Antics")
    assert "mana" in input_error(run_text, text).lower()


def test_a_summoning_sick_frog_cannot_tap_for_it() -> None:
    # 302.6: the granted ability has {T}; Clement alone makes one mana, the Shucker needs two
    text = _text().replace(_SCRIBE, '{ card = "Three Tree Scribe", sick = true }')
    assert "mana" in input_error(run_text, text).lower()


def test_frogs_without_clement_make_no_mana() -> None:
    text = _text().replace(_CLEMENT, _SCRIBE)
    assert "mana" in input_error(run_text, text).lower()


def test_a_creature_that_is_not_a_frog_makes_no_mana() -> None:
    # Clement and a Rat (the Shucker itself): the Rat has no mana ability
    text = _text().replace(_SCRIBE, '{ card = "Thought Shucker", sick = false }')
    assert "mana" in input_error(run_text, text).lower()


def test_frog_mana_pays_a_colored_symbol_beside_a_land() -> None:
    # Clement's {U} pays the {U} of the Shucker, an untapped Plains the {1} (the Scribe is
    # summoning-sick)
    text = _text().replace(_SCRIBE, '{ card = "Three Tree Scribe", sick = true }, "Plains"')
    s = run_text(text)
    assert [p["card"] for p in bf(s, 0, "Thought Shucker")] == ["Thought Shucker"]
    assert all(p["tapped"] for p in bf(s, 0, "Clement, the Worrywort"))


FROGS = Deck(
    "frogs",
    (
        ("Forest", 8),
        ("Island", 8),
        ("Clement, the Worrywort", 4),
        ("Three Tree Scribe", 4),
        ("Sunshower Druid", 4),
        ("Stickytongue Sentinel", 4),
        ("Bellowing Crier", 4),
        ("Treeguard Duo", 4),
        ("Splash Lasher", 4),
        ("Long River Lurker", 2),
        ("Skyskipper Duo", 2),
        ("Otterball Antics", 2),
    ),
)
OPPONENT = Deck(
    "rabbits",
    (
        ("Plains", 17),
        ("Warren Elder", 4),
        ("Intrepid Rabbit", 4),
        ("Seasoned Warrenguard", 4),
        ("Star Charter", 3),
        ("Jolly Gerbils", 4),
        ("Bushy Bodyguard", 4),
        ("Carrot Cake", 3),
        ("Harvestrite Host", 3),
    ),
)


def test_games_with_clement_keep_invariants_and_cast_it(catalog) -> None:
    failures, cast, _, _ = _play(catalog, [FROGS, OPPONENT], games=20)
    assert failures == []
    for name in ("Clement, the Worrywort", "Splash Lasher", "Treeguard Duo"):
        assert cast[name] > 0, name

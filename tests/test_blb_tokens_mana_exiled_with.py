"""Baylen, the Haymaker (abilities paid by tapping untapped tokens, a mana ability among them)
and Keen-Eyed Curator ("cards exiled with" it, 607.2a): the other side of their scenario files,
the loader's limits, and whole games under the invariant checks in which both are cast."""

from __future__ import annotations

from conftest import play_card_games
from test_scenarios import SCEN, bf, input_error, run_text, seat

from analyzer.cards.catalog import load_catalog
from analyzer.io.deck import Deck


def _text(name: str) -> str:
    return (SCEN / f"{name}.toml").read_text(encoding="utf-8").split("[expect]")[0]


# ---- Baylen ------------------------------------------------------------------------------


def test_one_token_pays_no_mana() -> None:
    # "Tap two untapped tokens": one Rabbit and a tapped one are not two untapped tokens, and
    # the Treasure is gone from the position: the {W} cannot be paid
    text = _text("tapped_tokens_make_mana").replace(
        '{ card = "Rabbit", sick = true },\n               { card = "Rabbit", sick = true }, '
        '{ card = "Treasure" }]',
        '{ card = "Rabbit", sick = true },\n               { card = "Rabbit", tapped = true }]',
    )
    assert 'card = "Treasure"' not in text
    msg = input_error(run_text, text)
    assert "(cast Brave-Kin Duo): its mana cost can't be paid" in msg


def test_four_tokens_pay_for_two_mana() -> None:
    # two activations of the mana ability (four tokens) pay {1}{W}: Intrepid Rabbit
    text = _text("tapped_tokens_make_mana").replace(
        '{ card = "Treasure" }]',
        '{ card = "Food" }, { card = "Food" }]',
    )
    text = text.replace('hand = ["Brave-Kin Duo"]', 'hand = ["Carrot Cake"]').replace(
        'cast = "Brave-Kin Duo"', 'cast = "Carrot Cake"'
    )
    s = run_text(text)
    # the two Rabbits paid; the third is the one Carrot Cake's enters trigger made
    assert [p["tapped"] for p in bf(s, 0, "Rabbit")] == [True, True, False]
    assert [p["tapped"] for p in bf(s, 0, "Food")] == [True, True]
    assert bf(s, 0, "Carrot Cake") and bf(s, 0, "Baylen, the Haymaker")[0]["tapped"] is False


def test_three_tokens_do_not_pay_for_the_counters() -> None:
    # "Tap four untapped tokens": three are not enough (602.2b: a cost that can't be paid)
    text = _text("tapped_tokens_draw_and_counters").replace('{ card = "Food" }, ', "", 4)
    text = text.replace(
        '{ card = "Rabbit", sick = true },\n               { card = "Rabbit", sick = true }, ', ""
    )
    assert text.count("Rabbit") + text.count("Food") == 3
    msg = input_error(run_text, text)
    assert "(activate Baylen, the Haymaker): its activation restriction is not met" in msg


def test_tap_tokens_on_a_mana_ability_is_its_whole_cost(tmp_path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        """
[[card]]
name = "Token Tapper"
set = "TST"
rarity = "rare"
cost = "{G}"
type_line = "Creature — Rabbit"
power = 1
toughness = 1
support = "exact"
oracle = '''
{T}, Tap two untapped tokens you control: Add {G}.'''

[[card.ability]]
kind = "activated"
mana = true
tap = true
tap_tokens = 2
steps = [{ op = "add_mana", colors = "G" }]
""",
        encoding="utf-8",
    )
    msg = input_error(load_catalog, [bad])
    assert "tap_tokens" in msg


# ---- Keen-Eyed Curator -------------------------------------------------------------------


def test_three_card_types_give_no_bonus() -> None:
    # Jolly Gerbils is a creature, Swamp a land, Dazzling Denial an instant: three card types
    text = _text("exiled_with_four_card_types")
    text = text.replace(
        '[[action]]\nactivate = "Keen-Eyed Curator"\ntargets = ["graveyard:0:Mind Spiral"]\n\n'
        "[[action]]\nresolve = true\n",
        "",
    )
    s = run_text(text)
    (curator,) = bf(s, 0, "Keen-Eyed Curator")
    assert (curator["power"], curator["toughness"]) == (3, 3)
    assert "trample" not in curator["keywords"]
    assert seat(s, 0)["graveyard"] == ["Mind Spiral"]


def test_a_new_curator_has_exiled_nothing() -> None:
    # 400.7 / 607.2a: returned to hand and cast again, it is a new object; the four cards stay
    # exiled but none was exiled with this Curator
    text = _text("exiled_with_four_card_types")
    text = text.replace(
        '"Forest",\n               "Forest"]',
        '"Forest",\n               "Forest", "Forest", "Forest", "Forest", "Island", "Island"]',
    )
    text = text.replace(
        '[[seat]]\ngraveyard = ["Jolly',
        '[[seat]]\nbattlefield = ["Jolly Gerbils"]\ngraveyard = ["Jolly',
        1,
    )
    text += """
[[action]]
cast = "Run Away Together"
targets = [["battlefield:0:Keen-Eyed Curator"], ["battlefield:1:Jolly Gerbils"]]

[[action]]
resolve = true

[[action]]
cast = "Keen-Eyed Curator"

[[action]]
resolve = true
"""
    text = text.replace(
        'graveyard = ["Dazzling Denial", "Mind Spiral"]',
        'graveyard = ["Dazzling Denial", "Mind Spiral"]\nhand = ["Run Away Together"]',
    )
    s = run_text(text)
    (curator,) = bf(s, 0, "Keen-Eyed Curator")
    assert (curator["power"], curator["toughness"]) == (3, 3)
    assert sorted(seat(s, 0)["exile"]) == ["Dazzling Denial", "Mind Spiral"]


# ---- whole games -------------------------------------------------------------------------

TOKENS = Deck(
    "tokens",
    (
        ("Plains", 7),
        ("Forest", 5),
        ("Mountain", 5),
        ("Baylen, the Haymaker", 4),
        ("Hop to It", 4),
        ("Carrot Cake", 4),
        ("Intrepid Rabbit", 3),
        ("Keen-Eyed Curator", 4),
        ("Harvestrite Host", 4),
    ),
)
LIZARDS = Deck(
    "lizards",
    (
        ("Mountain", 8),
        ("Swamp", 8),
        ("Gev, Scaled Scorch", 4),
        ("Artist's Talent", 4),
        ("Flamecache Gecko", 4),
        ("Steampath Charger", 4),
        ("Blooming Blast", 4),
        ("Agate Assault", 2),
        ("Agate-Blade Assassin", 2),
    ),
)


def test_games_with_baylen_and_curator_keep_invariants(catalog) -> None:
    g = play_card_games(catalog, [TOKENS, LIZARDS], games=40)
    assert g.failures == []
    for name in ("Baylen, the Haymaker", "Keen-Eyed Curator"):
        assert g.cast[name] > 0, name
    assert g.counters["Baylen, the Haymaker"] > 0  # its four-token ability was used
    # the Curator exiled the opponent's cards from their graveyard (nothing else exiles them)
    assert sum(g.exiled[name] for name, _ in LIZARDS.main) > 0

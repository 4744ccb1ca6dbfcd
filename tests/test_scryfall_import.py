"""Scryfall-shaped card data: support levels, user JSON files, and the bundled Bloomburrow data
(blb*.toml records, blb_scryfall.json for the rest) in sync with the shared card data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analyzer.cards.catalog import load_catalog
from analyzer.cards.records import parse_mana_cost
from analyzer.cards.scryfall import card_fields, main, to_toml
from analyzer.enums import Keyword, Support
from analyzer.errors import InputError

SHARED = Path(__file__).resolve().parents[2] / "shared" / "carddata"  # beside the checkout


def obj(**kw: object) -> dict:
    base = {
        "object": "card",
        "name": "Test",
        "set": "tst",
        "collector_number": "7",
        "rarity": "common",
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Bear",
        "oracle_text": "",
        "power": "2",
        "toughness": "2",
        "keywords": [],
        "layout": "normal",
        "colors": ["G"],
    }
    base.update(kw)
    return base


@pytest.mark.parametrize(
    "card, support, extra",
    [
        (obj(), "exact", {}),
        (
            obj(
                oracle_text="Flying, first strike\nWard {2}",
                keywords=["Flying", "First strike", "Ward"],
            ),
            "exact",
            {"keywords": ["first_strike", "flying", "ward2"]},
        ),
        (
            obj(oracle_text="Flash\nOffspring {2} (reminder.)", keywords=["Flash", "Offspring"]),
            "approximate",
            {"keywords": ["flash"]},
        ),
        (obj(oracle_text="When Test enters, draw a card."), "approximate", {}),
        (obj(power="*", toughness="*"), "unsupported", {"power": 0}),
        (obj(mana_cost="{1}{R/G}{R/G}"), "exact", {"cost": "{1}{R/G}{R/G}"}),
        (
            obj(mana_cost="{R/P}{R/G}"),
            "unsupported",
            {"notes": "Hybrid, Phyrexian or snow mana cost: not modeled."},
        ),
        (
            obj(type_line="Instant", power=None, toughness=None, oracle_text="Draw a card."),
            "unsupported",
            {},
        ),
        # an enchantment creature: its body (issue 21)
        (obj(type_line="Enchantment Creature — God"), "approximate", {}),
        # mana rocks: the mana line is a mana ability (Sol Ring: two colorless per tap)
        (
            obj(
                type_line="Artifact",
                mana_cost="{1}",
                power=None,
                toughness=None,
                oracle_text="{T}: Add {C}{C}.",
            ),
            "exact",
            {
                "ability": [
                    {
                        "kind": "activated",
                        "tap": True,
                        "mana": True,
                        "steps": [{"op": "add_mana", "colors": "C", "amount": 2}],
                    }
                ]
            },
        ),
        # a Signet: modeled as a free tap for either color (its {1} and the second mana are not)
        (
            obj(
                type_line="Artifact",
                mana_cost="{2}",
                power=None,
                toughness=None,
                oracle_text="{1}, {T}: Add {W}{U}.",
            ),
            "approximate",
            {
                "ability": [
                    {
                        "kind": "activated",
                        "tap": True,
                        "mana": True,
                        "steps": [{"op": "add_mana", "colors": "WU", "amount": 1}],
                    }
                ]
            },
        ),
        # a mana creature is exact when its other lines are keywords we model
        (
            obj(oracle_text="{T}: Add {G}."),
            "exact",
            {
                "ability": [
                    {
                        "kind": "activated",
                        "tap": True,
                        "mana": True,
                        "steps": [{"op": "add_mana", "colors": "G", "amount": 1}],
                    }
                ]
            },
        ),
        # a noncreature permanent whose abilities are not modeled: a permanent doing nothing
        (
            obj(
                type_line="Enchantment",
                power=None,
                toughness=None,
                oracle_text="Whenever you draw a card, you gain 1 life.",
            ),
            "approximate",
            {"notes": "Abilities not modeled: a permanent that does nothing."},
        ),
        (
            obj(
                type_line="Land",
                mana_cost="",
                power=None,
                toughness=None,
                oracle_text="Test enters tapped.\n{T}: Add {G} or {U}.",
            ),
            "exact",
            {"land_colors": "UG", "etb_tapped": True},
        ),
        (
            obj(
                type_line="Land",
                mana_cost="",
                power=None,
                toughness=None,
                oracle_text="{T}: Add {C}.\n{2}, {T}: Draw a card.",
            ),
            "approximate",
            {"land_colors": "C"},
        ),
        # a pain land: its colors are modeled, the damage is not
        (
            obj(
                type_line="Land",
                mana_cost="",
                power=None,
                toughness=None,
                oracle_text="{T}: Add {C}.\n{T}: Add {W} or {U}. This land deals 1 damage to you.",
            ),
            "approximate",
            {"land_colors": "WU"},
        ),
        # a temple: tapped, its colors modeled, the scry not
        (
            obj(
                type_line="Land",
                mana_cost="",
                power=None,
                toughness=None,
                oracle_text="This land enters tapped.\nWhen this land enters, scry 1.\n"
                "{T}: Add {U} or {R}.",
            ),
            "approximate",
            {"land_colors": "UR", "etb_tapped": True},
        ),
        # Command Tower: any color (the identity limit is not modeled)
        (
            obj(
                type_line="Land",
                mana_cost="",
                power=None,
                toughness=None,
                oracle_text="{T}: Add one mana of any color in your commander's color identity.",
            ),
            "approximate",
            {"land_colors": "WUBRG"},
        ),
        # a fetch land makes no mana of its own: its ability fetches a basic land (issue 21)
        (
            obj(
                type_line="Land",
                mana_cost="",
                power=None,
                toughness=None,
                oracle_text="{T}, Sacrifice this land: Search your library for a basic land card, "
                "put it onto the battlefield tapped, then shuffle.",
            ),
            "exact",
            {
                "ability": [
                    {
                        "kind": "activated",
                        "tap": True,
                        "sacrifice": True,
                        "steps": [{"op": "search_basic_land"}],
                    }
                ]
            },
        ),
        (
            obj(
                type_line="Sorcery",
                power=None,
                toughness=None,
                oracle_text="Gift a Food (reminder)\nDraw two cards.",
            ),
            "unsupported",
            {"notes": "Has a gift this catalog has no program for."},
        ),
    ],
)
def test_support_levels(card: dict, support: str, extra: dict) -> None:
    fields = card_fields(card)
    assert fields is not None
    assert fields["support"] == support, fields
    assert fields["set"] == "TST" and fields["number"] == "7"
    for key, value in extra.items():
        assert fields[key] == value, (key, fields)


@pytest.mark.parametrize(
    "card",
    [
        obj(layout="token"),
        obj(type_line="Token Creature — Fish"),
        obj(object="set"),
        obj(type_line="Dungeon"),
        {"name": 3},
    ],
)
def test_not_cards_are_skipped(card: dict) -> None:
    assert card_fields(card) is None


def test_lenient_cost_keeps_mana_value() -> None:
    assert parse_mana_cost("{2/W}{R/G}{S}", lenient=True).mv == 4
    with pytest.raises(ValueError):
        parse_mana_cost("{2/W}")


def test_user_scryfall_file(tmp_path: Path) -> None:
    faces = obj(
        name="Front Thing // Back Thing",
        layout="transform",
        mana_cost=None,
        card_faces=[
            {
                "name": "Front Thing",
                "mana_cost": "{2}{G}",
                "type_line": "Creature — Wolf",
                "oracle_text": "Trample",
                "power": "3",
                "toughness": "3",
            },
            {
                "name": "Back Thing",
                "mana_cost": "",
                "type_line": "Creature — Werewolf",
                "oracle_text": "Trample",
                "power": "5",
                "toughness": "5",
                "colors": ["G"],
            },
        ],
    )
    data = {
        "object": "list",
        "data": [
            obj(name="Grizzly Test"),
            obj(name="Grizzly Test", set="m99"),  # a reprint: first wins
            obj(name="Scrapshooter", oracle_text="Reach"),  # bundled: the bundled record wins
            faces,
        ],
    }
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    cat = load_catalog([path])
    bear = cat.lookup("grizzly test")
    assert bear is not None and bear.set == "TST" and bear.support == Support.EXACT
    assert cat.lookup("Scrapshooter").source.endswith("gift.toml")
    dfc = cat.lookup("Front Thing")
    assert dfc is not None and dfc.name == "Front Thing // Back Thing"
    assert dfc.support == Support.UNSUPPORTED and dfc.power == 3 and dfc.mv == 3
    assert dfc.oracle == "Trample\n//\nTrample"  # both faces, in order


def test_bad_scryfall_file(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text('{"object": "error"}', encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_catalog([path])
    assert "cannot read Scryfall card data" in str(info.value)
    path.write_text("[1, 2", encoding="utf-8")
    with pytest.raises(InputError):
        load_catalog([path])


def test_toml_round_trip(tmp_path: Path) -> None:
    fields = card_fields(
        obj(name="Round Trip", oracle_text="Flying\nIt's a '''test'''.", keywords=["Flying"])
    )
    path = tmp_path / "rt.toml"
    path.write_text(to_toml([fields]), encoding="utf-8")
    rec = load_catalog([path]).lookup("Round Trip")
    assert rec is not None and rec.oracle == fields["oracle"]
    assert rec.keywords == Keyword.FLYING and rec.support == Support.APPROXIMATE


def test_generator_skips_known_cards(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "cards.json"
    path.write_text(
        json.dumps([obj(name="Scrapshooter"), obj(name="New Bear", set="")]), encoding="utf-8"
    )
    assert main([str(path), "--set", "xyz"]) == 0
    out = capsys.readouterr().out
    assert 'name = "New Bear"' in out and 'set = "XYZ"' in out and "Scrapshooter" not in out


def test_blb_data_matches_blb_cards_json() -> None:
    src = SHARED / "blb_cards.json"
    if not src.exists():
        pytest.skip("shared card data not available")
    cat = load_catalog()
    for card in json.loads(src.read_text(encoding="utf-8")):
        rec = cat.lookup(card["name"])
        assert rec is not None, card["name"]
        assert rec.number == card["collector_number"], card["name"]
        assert rec.cost.text == card["mana_cost"] and rec.type_line == card["type_line"]
        assert rec.mv == card["mana_value"], card["name"]
        if card["has_gift"] or rec.is_basic_land or card["name"] == "Jolly Gerbils":
            continue  # entered by hand from gift_cards.json / basics.toml
        assert rec.set == "BLB" and rec.oracle == card["oracle_text"], card["name"]
        # a record of ours (blb*.toml; z_blc.toml for the BLB cards only the Commander precons
        # play) or, for cards without one, the bundled Scryfall data
        assert Path(rec.source).name.startswith(("blb", "z_blc")), (card["name"], rec.source)


def _mtgjson_entry(**kw: object) -> dict:
    base = {
        "uuid": "u",
        "name": "Test Bear",
        "faceName": None,
        "side": None,
        "layout": "normal",
        "setCode": "TST",
        "number": "7",
        "rarity": "common",
        "manaCost": "{1}{G}",
        "manaValue": 2.0,
        "colors": ["G"],
        "colorIdentity": ["G"],
        "types": ["Creature"],
        "type": "Creature — Bear",
        "text": "",
        "power": "2",
        "toughness": "2",
        "keywords": [],
    }
    base.update(kw)
    return base


def test_mtgjson_set_file(tmp_path: Path) -> None:
    """An MTGJSON set file (full shape, under "data") is read like Scryfall JSON: printings of
    one name fold into one card, faces into one two-face card, tokens are left out."""
    data = {
        "meta": {"version": "5"},
        "data": {
            "code": "TST",
            "cards": [
                _mtgjson_entry(),
                _mtgjson_entry(number="70"),  # a second printing of the same card
                _mtgjson_entry(
                    name="Flier",
                    text="Flying",
                    keywords=["Flying"],
                    power="1",
                    toughness="1",
                    manaCost="{U}",
                    colors=["U"],
                ),
                _mtgjson_entry(
                    name="Test Dusk // Test Dawn",
                    faceName="Test Dusk",
                    side="a",
                    layout="aftermath",
                    type="Sorcery",
                    manaCost="{2}{W}{W}",
                    power=None,
                    toughness=None,
                ),
                _mtgjson_entry(
                    name="Test Dusk // Test Dawn",
                    faceName="Test Dawn",
                    side="b",
                    layout="aftermath",
                    type="Sorcery",
                    manaCost="{3}{W}{W}",
                    power=None,
                    toughness=None,
                ),
            ],
            "tokens": [_mtgjson_entry(name="Fish", type="Token Creature — Fish")],
        },
    }
    path = tmp_path / "TST.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    cat = load_catalog([path])
    bear, flier, dusk = (cat.lookup(n) for n in ("Test Bear", "Flier", "Test Dusk // Test Dawn"))
    assert bear.support == Support.EXACT and bear.set == "TST" and bear.number == "7"
    assert flier.support == Support.EXACT
    assert flier.keywords & Keyword.FLYING and (flier.power, flier.toughness) == (1, 1)
    assert dusk.support == Support.UNSUPPORTED and "2 faces" in dusk.notes
    assert cat.lookup("Fish") is None


def test_mtgjson_trimmed_set_file_and_precons() -> None:
    """The shared BLC file (a trimmed set file: the set object's keys at the top level) reads,
    and its four precon lists are 100 cards each with one commander."""
    from analyzer.cards.mtgjson import precon_lists, scryfall_objects

    path = SHARED / "mtgjson_BLC.json"
    if not path.exists():
        pytest.skip("shared/ is not beside this checkout")
    data = json.loads(path.read_text(encoding="utf-8"))
    names = {o["name"] for o in scryfall_objects(data)}
    assert {"Octomancer", "Perch Protection", "Sol Ring", "Hazel of the Rootbloom"} <= names
    decks = precon_lists(data)
    assert len(decks) == 4
    for deck in decks.values():
        assert len(deck["commander"]) == 1
        assert sum(n for _, n in deck["main"]) + 1 == 100

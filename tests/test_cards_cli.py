"""`gift-analyzer cards` and `api.list_cards`: filters, formats, table width, exit codes."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from analyzer import api
from analyzer.cards.catalog import load_catalog
from analyzer.cli import main

CARDS = [r for r in load_catalog().records if not r.is_token]
N_TOKENS = len(load_catalog().records) - len(CARDS)


def n_support(level: str) -> int:
    return sum(r.support_name == level for r in CARDS)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["cards", *args])
    return result.exit_code, result.stdout, result.stderr


def test_list_cards_dataframe() -> None:
    df = api.list_cards()
    assert list(df.columns) == list(api.CARD_COLUMNS)
    assert len(df) == len(CARDS) > 31  # gift cards, Jolly Gerbils, basics, BLB; no tokens
    row = df.set_index("name").loc["Into the Flood Maw"]
    assert (row["set"], row["number"], row["cost"], row["gift_kind"], row["support"]) == (
        "BLB",
        "52",
        "{U}",
        "tapped_fish",
        "exact",
    )
    assert pd.isna(df.set_index("name").loc["Forest", "gift_kind"])
    # Bloomburrow's tokens (tokens.toml), the precons' (z_blc_tokens.toml: Blood, Eldrazi and
    # Pest for the Squirreled Away cards), one face record (Tangle Tumbler as an artifact
    # creature) and what Bello's animation adds; Animated Army's Saproling, Raging Ravine as a
    # creature and what Llanowar Loamspeaker adds to a land
    assert len(api.list_cards(include_tokens=True)) == len(CARDS) + N_TOKENS == len(CARDS) + 40


@pytest.mark.parametrize(
    "kwargs, n",
    [
        ({"gift_only": True}, 25),
        ({"set_code": "blc"}, 312),  # the whole BLC set (blc_scryfall.json, z_blc.toml)
        ({"set_code": "HOB", "gift_only": True}, 1),
        ({"support": "exact"}, n_support("exact")),
        ({"support": "Unsupported"}, n_support("unsupported")),
        ({"support": "approximate", "set_code": "HOB"}, 0),
    ],
)
def test_list_cards_filters(kwargs: dict, n: int) -> None:
    assert len(api.list_cards(**kwargs)) == n


def test_table_default() -> None:
    code, out, _ = run()
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["Name", "Set", "No.", "R", "Cost", "Type", "Gift", "Support"]
    assert max(len(line) for line in lines) <= 100
    assert any(line.startswith("Cruelclaw's Heist") and "{B}{B}" in line for line in lines)
    assert (
        f"{len(CARDS)} cards (25 with a gift): {n_support('exact')} exact, "
        f"{n_support('approximate')} approximate, {n_support('unsupported')} unsupported"
    ) in out
    # notes below the table, names marked
    assert any(line.startswith("Perch Protection *") for line in lines)
    assert "* Bilbo's Gambit: Oracle text from another open-source engine's" in out
    # columns line up: every row has "Set" values starting at the same offset
    col = lines[0].index("Set")
    assert all(line[col : col + 3] in ("BLB", "BLC", "HOB") for line in lines[2 : 2 + len(CARDS)])


def test_table_fits_width_with_long_names() -> None:
    df = pd.DataFrame(
        [
            (
                "A" * 60,
                "TST",
                "1",
                "rare",
                "{1}",
                "Legendary Creature — " + "B" * 50,
                None,
                "approximate",
                None,
                "Draw a card.",
            )
        ],
        columns=list(api.CARD_COLUMNS),
    )
    text = api.format_cards_table(df)
    assert max(len(line) for line in text.splitlines()) <= 100
    assert "…" in text
    assert api.format_cards_table(df.iloc[0:0]) == "no cards match"


def test_filters_on_the_command_line() -> None:
    code, out, _ = run("--gift-only", "--set", "BLC", "--format", "csv")
    assert code == 0
    df = pd.read_csv(io.StringIO(out))
    assert list(df["name"]) == ["Perch Protection", "Octomancer"]
    code, out, _ = run("--support", "EXACT", "--gift-only")
    assert code == 0 and "25 cards (25 with a gift)" in out


def test_csv_has_every_column() -> None:
    code, out, _ = run("--format", "csv")
    assert code == 0
    df = pd.read_csv(io.StringIO(out), dtype=str, keep_default_na=False)
    assert list(df.columns) == list(api.CARD_COLUMNS)
    assert len(df) == len(CARDS)
    heist = df.set_index("name").loc["Cruelclaw's Heist"]
    assert heist["type_line"] == "Sorcery" and heist["gift_kind"] == "card"


def test_json_is_records_with_nulls() -> None:
    code, out, _ = run("--format", "json", "--set", "hob")
    assert code == 0
    data = json.loads(out)
    assert [d["name"] for d in data] == ["Bilbo's Gambit"]
    assert data[0]["gift_kind"] == "treasure" and "The Hobbit" in data[0]["notes"]
    code, out, _ = run("--format", "json", "--tokens", "--set", "TBLB")
    names = {d["name"] for d in json.loads(out)}
    assert names == {
        *("Food", "Treasure", "Fish", "Octopus", "Rabbit", "Cragflame", "Otter"),
        *("Wall", "Sword", "Bat"),  # issue 20
        "Rat 1/1 Black Per Rat",  # Vren, the Relentless
        "Snail",  # Wick, the Whorled Mind
        "Tangle Tumbler, creature",  # a face (becomes_until_eot), never created
    }
    assert all(d["gift_kind"] is None for d in json.loads(out))


def test_no_match_is_not_an_error() -> None:
    code, out, _ = run("--support", "unsupported", "--gift-only")
    assert code == 0 and "no cards match" in out


@pytest.mark.parametrize(
    "args, words",
    [
        (("--support", "bad"), "Invalid value for '--support'"),
        (("--format", "xml"), "Invalid value for '--format'"),
        (("--set", "XYZ"), "no cards from set 'XYZ' in the catalog; sets: BLB, BLC, HOB"),
    ],
)
def test_bad_options_exit_2(args: tuple[str, ...], words: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert words in err and "Traceback" not in out + err


def test_user_card_data(tmp_path: Path) -> None:
    good = tmp_path / "mine.toml"
    good.write_text(
        '[[card]]\nname = "Test Bear"\nset = "TST"\nnumber = "7"\n'
        'rarity = "common"\ncost = "{1}{G}"\ntype_line = "Creature — Bear"\n'
        'power = 2\ntoughness = 2\nsupport = "approximate"\n'
        'oracle = "Test Bear can\'t be countered."\n',
        encoding="utf-8",
    )
    code, out, _ = run("--card-data", str(good), "--set", "tst")
    assert code == 0 and "Test Bear" in out and "1 cards (0 with a gift)" in out
    bad = tmp_path / "bad.toml"
    bad.write_text(
        '[[card]]\nname = "Test Bear"\nset = "TST"\nrarity = "common"\n'
        'type_line = "Creature — Bear"\npower = 2\nsupport = "exact"\n'
        'oracle = ""\n',
        encoding="utf-8",
    )
    code, out, err = run("--card-data", str(bad))
    assert code == 2
    assert f'error: {bad}:1: card "Test Bear", field toughness: is missing' in err
    assert "Traceback" not in err

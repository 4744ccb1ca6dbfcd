"""Deck import, files: encodings, byte order marks and line endings, missing files, the MTGO
.dek and Forge .dck formats, and a round trip of any list through every format (against the
fake catalog of tests/decklist_fakes.py)."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from decklist_fakes import CATALOG, DECKS, GIFT_NAMES, HEIST_MAIN, HEIST_SIDE, parse, problems_of
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.errors import InputError
from analyzer.io import read_deck
from analyzer.io.deck import content_hash

# ---------------------------------------------------------------------------------------------
# bytes and files


def test_not_utf8_names_the_byte_offset_and_line(tmp_path: Path) -> None:
    path = tmp_path / "cp1252.txt"
    path.write_bytes("36 Swamp\n4 Cruelclaw\x92s Heist\n".encode("latin-1"))
    with pytest.raises(InputError) as err:
        read_deck(path, catalog=CATALOG)
    (problem,) = err.value.problems
    assert problem.line == 2 and problem.text == "4 Cruelclaw\ufffds Heist"
    assert "not UTF-8: byte 0x92 at byte offset 20" in problem.message


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_byte_order_marks_are_accepted(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes("4 Cruelclaw’s Heist\n36 Swamp\n".encode(encoding))
    assert read_deck(path, catalog=CATALOG).size == 40


def test_utf16_without_bom_is_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes("40 Swamp\n".encode("utf-16-le"))
    with pytest.raises(InputError, match="UTF-16 text without a byte-order mark"):
        read_deck(path, catalog=CATALOG)


def test_windows_line_endings(tmp_path: Path) -> None:
    path = tmp_path / "crlf.txt"
    path.write_bytes((DECKS / "heist_arena.txt").read_bytes().replace(b"\n", b"\r\n"))
    deck = read_deck(path, catalog=CATALOG)
    assert dict(deck.main) == HEIST_MAIN and dict(deck.sideboard) == HEIST_SIDE


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        read_deck(tmp_path / "nope.txt", catalog=CATALOG)
    with pytest.raises(InputError, match="is a directory, not a deck file"):
        read_deck(tmp_path, catalog=CATALOG)


def test_bom_prefix_does_not_hide_the_first_header() -> None:
    data = codecs.BOM_UTF8 + b"Deck\n40 Swamp\n"
    assert parse(data.decode("utf-8-sig")).size == 40


# ---------------------------------------------------------------------------------------------
# MTGO .dek and Forge .dck


def test_dek_doctype_is_refused_before_entities_expand() -> None:
    bomb = (
        '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
        ' <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n'
        '<Deck><Cards Quantity="40" Sideboard="false" Name="&lol2;"/></Deck>\n'
    )
    msgs = problems_of(bomb)
    assert msgs[0] == "deck.txt:2: DOCTYPE declarations are not allowed in a .dek file"


def test_dek_malformed_xml_names_line_and_column() -> None:
    dek = '<Deck>\n  <Cards Quantity="4" Name="Kitnap"\n</Deck>\n'
    msgs = problems_of(dek)
    assert msgs[0].startswith("deck.txt:3: malformed XML: ")


def test_dek_missing_attributes_and_bad_quantity_are_all_reported() -> None:
    dek = (
        '<Deck>\n<Cards Quantity="4" Sideboard="false" />\n<Cards Name="Kitnap" />\n'
        '<Cards Quantity="x" Name="Kitnap" />\n<Cards Quantity="40" Name="Island" />\n'
        "</Deck>\n"
    )
    msgs = problems_of(dek)
    assert [m.split("` ", 1)[-1] for m in msgs] == [
        "<Cards> element without a Name",
        "<Cards> element without a Quantity",
        "count 'x' is not a whole number",
    ]


def test_dek_with_another_root_element() -> None:
    assert any(
        "the root element is <Collection>, expected <Deck>" in m
        for m in problems_of('<Collection><Cards Quantity="40" Name="Island"/></Collection>')
    )


def test_forge_commander_section_and_missing_count() -> None:
    text = (
        "[metadata]\nName=Gift Pile\n[Commander]\n1 Octomancer|BLC\n[Main]\n"
        "Kitnap|BLB|1\n98 Island|BLB\n"
    )
    deck = parse(text)
    assert deck.name == "Gift Pile" and deck.commander == (("Octomancer", 1),)
    assert dict(deck.main) == {"Kitnap": 1, "Island": 98}


def test_forge_unknown_and_variant_sections_are_errors() -> None:
    text = "[metadata]\nName=X\n[Main]\n40 Island|BLB\n[Planes]\n1 Foo\n[Mainboard]\n1 Bar\n"
    msgs = problems_of(text)
    assert msgs == [
        "deck.txt:5: `[Planes]` section [Planes] is for another game variant and is not "
        "supported (expected [metadata], [Main], [Sideboard], [Commander])",
        "deck.txt:7: `[Mainboard]` section [Mainboard] is not a Forge deck section (expected "
        "[metadata], [Main], [Sideboard], [Commander])",
    ]


# ---------------------------------------------------------------------------------------------
# property: any list written in any format reads back the same


_card_lists = st.dictionaries(
    st.sampled_from(GIFT_NAMES), st.integers(1, 9), min_size=1, max_size=8
)


def _render(fmt: str, main: dict[str, int], side: dict[str, int]) -> str:
    if fmt == "arena":
        body = "".join(f"{n} {c} (BLB) 1\n" for c, n in main.items())
        return "Deck\n" + body + ("\nSideboard\n" + "".join(f"{n} {c}\n" for c, n in side.items()))
    if fmt == "forge":
        return (
            "[metadata]\nName=P\n[Main]\n"
            + "".join(f"{n} {c}|BLB\n" for c, n in main.items())
            + "[Sideboard]\n"
            + "".join(f"{n} {c}|BLB|1\n" for c, n in side.items())
        )
    cards = [(c, n, "false") for c, n in main.items()] + [(c, n, "true") for c, n in side.items()]
    return (
        "<Deck>\n"
        + "".join(
            f'<Cards CatID="0" Quantity="{n}" Sideboard="{s}" Name="{c.replace(chr(39), "&apos;")}"/>\n'  # noqa: E501
            for c, n, s in cards
        )
        + "</Deck>\n"
    )


@settings(max_examples=60, deadline=None)
@given(main=_card_lists, side=_card_lists, fmt=st.sampled_from(["arena", "forge", "dek"]))
def test_round_trip_in_every_format(main: dict[str, int], side: dict[str, int], fmt: str) -> None:
    main = {**main, "Swamp": 40}
    deck = parse(_render(fmt, main, side), min_size=1, fmt="limited")
    assert dict(deck.main) == main and dict(deck.sideboard) == side
    assert deck.content_hash == content_hash(main.items(), side.items())

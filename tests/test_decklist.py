"""Deck import: forgiving names, sections, commanders, sizes and copy limits, and all problems at
once; the five realistic exports of one deck. The bytes of a file and the MTGO .dek and Forge
.dck formats are in tests/test_decklist_files.py.

These tests run against a small fake catalog (tests/decklist_fakes.py) so the parser is pinned
down independently of the card data; tests/test_check_cli.py runs the same fixtures through the
real catalog.
"""

from __future__ import annotations

import pytest
from decklist_fakes import (
    CATALOG,
    DECKS,
    HEIST_FILES,
    HEIST_MAIN,
    HEIST_SIDE,
    FakeCatalog,
    FakeRecord,
    filler,
    parse,
    problems_of,
)

from analyzer.errors import InputError
from analyzer.io import read_deck
from analyzer.io.deck import content_hash

# ---------------------------------------------------------------------------------------------
# the five realistic exports of one deck


@pytest.mark.parametrize("filename", HEIST_FILES)
def test_every_export_of_the_heist_deck_reads_the_same_cards(filename: str) -> None:
    deck = read_deck(DECKS / filename, catalog=CATALOG)
    assert dict(deck.main) == HEIST_MAIN
    assert dict(deck.sideboard) == HEIST_SIDE
    assert deck.size == 40 and deck.sideboard_size == 4
    assert deck.format == "limited"
    assert deck.warnings == ()


def test_same_list_hashes_the_same_in_every_format() -> None:
    hashes = {read_deck(DECKS / f, catalog=CATALOG).content_hash for f in HEIST_FILES}
    assert len(hashes) == 1
    assert hashes == {content_hash(HEIST_MAIN.items(), HEIST_SIDE.items())}


def test_deck_names_come_from_the_file_or_its_stem() -> None:
    names = {f: read_deck(DECKS / f, catalog=CATALOG).name for f in HEIST_FILES}
    assert names == {
        "heist_arena.txt": "Heist Rats",
        "heist_moxfield.txt": "heist_moxfield",
        "heist_plain.txt": "heist_plain",
        "heist_mtgo.dek": "heist_mtgo",
        "heist_forge.dck": "Heist Rats",
    }


def test_file_format_is_detected_from_content() -> None:
    formats = {f: read_deck(DECKS / f, catalog=CATALOG).file_format for f in HEIST_FILES}
    assert formats["heist_mtgo.dek"] == "mtgo-dek"
    assert formats["heist_forge.dck"] == "forge-dck"
    assert formats["heist_arena.txt"] == formats["heist_plain.txt"] == "arena-text"


def test_cards_expands_the_main_deck_in_list_order() -> None:
    deck = parse("2 Scrapshooter\n1 Wear Down\n37 Forest\n")
    assert deck.cards()[:3] == ["Scrapshooter", "Scrapshooter", "Wear Down"]
    assert len(deck.cards()) == deck.size == 40


# ---------------------------------------------------------------------------------------------
# Arena / Moxfield / plain text syntax


@pytest.mark.parametrize(
    "line",
    [
        "4 Cruelclaw's Heist (BLB) 88",
        "4 Cruelclaw's Heist (BLB) 820★",
        "4 Cruelclaw's Heist (PBLB) 141s",
        "4 Cruelclaw's Heist (PLST) CMR-162",
        "4 Cruelclaw's Heist (PBLB) p123",
        "4 Cruelclaw's Heist (blb) 88 *F*",
        "4 Cruelclaw's Heist (BLB) 88 *E*",
        "4 Cruelclaw's Heist *F*",
        "4x Cruelclaw's Heist",
        "4X Cruelclaw's Heist",
        "4 x Cruelclaw's Heist",
        "4 Cruelclaw's Heist  # trailing comment",
        "4 Cruelclaw's Heist // trailing comment",
        "4 Cruelclaw's Heist (BLB) 88 // trailing comment",
        "4 Cruelclaw's Heist (BLB) 88 #removal #gift",
        "4x Cruelclaw's Heist (blb) 88 [Removal] ^Have,#37d67a^",
        "\t4   Cruelclaw's Heist   ",
    ],
)
def test_card_line_variants(line: str) -> None:
    deck = parse(f"{line}\n36 Swamp\n")
    assert deck.main[0] == ("Cruelclaw's Heist", 4)


@pytest.mark.parametrize(
    "written",
    [
        "cruelclaw's heist",
        "CRUELCLAW'S HEIST",
        "Cruelclaw’s Heist",
        "Cruelclaw‘s  Heist",
        "  Cruelclaw's   Heist",
        "Cruelclaw`s Heist",
    ],
)
def test_names_match_forgivingly_and_come_back_in_catalog_spelling(written: str) -> None:
    assert parse(f"4 {written}\n36 Swamp\n").main[0] == ("Cruelclaw's Heist", 4)


@pytest.mark.parametrize(
    "written",
    [
        "Fire // Ice",
        "Fire/Ice",
        "Fire / Ice",
        "fire//ice",
        "Fire",
        "Fire // Ice (MH2) 290",
        "Fire // Ice // burn",
    ],
)
def test_split_cards_match_in_every_spelling(written: str) -> None:
    assert parse(f"2 {written}\n38 Swamp\n").main[0] == ("Fire // Ice", 2)


def test_headerless_blank_line_starts_the_sideboard() -> None:
    deck = parse("4 Scrapshooter\n36 Forest\n\n2 Wear Down\n")
    assert dict(deck.sideboard) == {"Wear Down": 2}
    assert deck.size == 40


def test_blank_lines_before_the_first_card_do_not_start_the_sideboard() -> None:
    deck = parse("\n\nDeck\n\n4 Scrapshooter\n36 Forest\n")
    assert deck.sideboard == () and deck.size == 40


@pytest.mark.parametrize(
    "header",
    ["Sideboard", "SIDEBOARD:", "Sideboard (2)", "// Sideboard", "# sideboard", "Side board"],
)
def test_sideboard_header_spellings(header: str) -> None:
    deck = parse(f"4 Scrapshooter\n36 Forest\n{header}\n2 Wear Down\n")
    assert dict(deck.sideboard) == {"Wear Down": 2}


def test_second_blank_block_in_a_headerless_list_is_sideboard_with_a_warning() -> None:
    deck = parse("4 Scrapshooter\n36 Forest\n\n2 Wear Down\n\n1 Kitnap\n")
    assert dict(deck.sideboard) == {"Wear Down": 2, "Kitnap": 1}
    assert len(deck.warnings) == 1
    assert "cards after a second blank line are read as sideboard too" in str(deck.warnings[0])
    assert deck.warnings[0].line == 6


def test_comment_grouped_list_keeps_blank_lines_as_spacing() -> None:
    deck = parse("# Creatures\n4 Scrapshooter\n\n# Lands\n36 Forest\n")
    assert deck.sideboard == () and deck.size == 40


def test_maybeboard_and_tokens_are_not_part_of_the_deck() -> None:
    deck = parse("Deck\n40 Forest\n\nMaybeboard\n1 Nonexistent Card\n\nTokens\n1 Food\n")
    assert deck.main == (("Forest", 40),) and deck.sideboard == ()


def test_maybeboard_and_token_cards_left_out_are_said() -> None:
    """They were dropped without a word; now one warning per section, at its header."""
    deck = parse(
        "Deck\n40 Forest\n\nMaybeboard\n2 Nonexistent Card\n1 Wear Down\n\nTokens\n1 Food\n"
    )
    said = [(w.line, w.text, w.message) for w in deck.warnings if w.severity == "warning"]
    assert said == [
        (4, "Maybeboard", "3 maybeboard cards not played (not part of the deck)"),
        (8, "Tokens", "1 token card not played (not part of the deck)"),
    ]


def test_about_section_names_the_deck() -> None:
    assert parse("About\nName Heist Rats\n\nDeck\n40 Swamp\n").name == "Heist Rats"


def test_same_card_on_several_lines_is_merged_at_its_first_position() -> None:
    deck = parse("2 Wear Down (BLB) 203\n36 Forest\n2 Wear Down (PBLB) 203s\n")
    assert deck.main == (("Wear Down", 4), ("Forest", 36))


def test_hash_ignores_order_name_and_file_but_not_the_sideboard() -> None:
    a = parse("About\nName A\n\nDeck\n4 Scrapshooter\n36 Forest\n")
    b = parse("36 Forest\n2 Scrapshooter\n2 scrapshooter\n")
    c = parse("4 Scrapshooter\n36 Forest\n\n1 Kitnap\n")
    assert a.content_hash == b.content_hash
    assert c.content_hash != a.content_hash
    assert len(a.content_hash) == 64 and a.short_hash == a.content_hash[:12]


# ---------------------------------------------------------------------------------------------
# commander and companion


def test_arena_commander_and_companion_sections() -> None:
    text = (
        "Commander\n1 Octomancer (BLC) 37\n\nCompanion\n1 Kitnap\n\nDeck\n"
        "1 Cruelclaw's Heist\n98 Island\n\nSideboard\n1 Kitnap\n"
    )
    deck = parse(text)
    assert deck.format == "commander"  # inferred from the Commander section
    assert deck.commander == (("Octomancer", 1),)
    assert deck.companion == (("Kitnap", 1),)
    assert deck.size == 100
    assert "Octomancer" not in deck.cards()


def test_cards_after_a_commander_block_without_deck_header_are_main() -> None:
    deck = parse("Commander\n1 Octomancer\n\n1 Cruelclaw's Heist\n98 Island\n")
    assert deck.commander == (("Octomancer", 1),) and deck.size == 100


def test_tappedout_cmdr_marker_makes_a_commander() -> None:
    deck = parse("1x Octomancer *CMDR*\n99 Island\n")
    assert deck.commander == (("Octomancer", 1),)


def test_mtgo_commander_is_the_lone_sideboard_card_when_format_is_commander() -> None:
    dek = (
        '<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n'
        '  <Cards CatID="1" Quantity="99" Sideboard="false" Name="Island" />\n'
        '  <Cards CatID="2" Quantity="1" Sideboard="true" Name="Octomancer" />\n</Deck>\n'
    )
    deck = parse(dek, fmt="commander")
    assert deck.commander == (("Octomancer", 1),) and deck.sideboard == ()
    assert "read the lone sideboard card Octomancer as the commander" in str(deck.warnings[0])


def test_misspelt_commander_is_one_problem_not_three() -> None:
    assert problems_of("Commander\n1 Octomancr\n\nDeck\n99 Island\n") == [
        'deck.txt:2: `1 Octomancr` unknown card "Octomancr": did you mean Octomancer?'
    ]


def test_commander_in_a_limited_deck_is_an_error() -> None:
    msgs = problems_of("Commander\n1 Octomancer\n\nDeck\n40 Island\n", fmt="limited")
    assert any("has a commander but the deck format is limited" in m for m in msgs)


def test_commander_format_without_a_commander_is_an_error() -> None:
    msgs = problems_of("100 Island\n", fmt="commander")
    assert any("needs its commander" in m for m in msgs)


def test_commander_singleton_warning_exempts_basics() -> None:
    deck = parse("Commander\n1 Octomancer\n\nDeck\n2 Kitnap\n97 Island\n")
    assert [p.message for p in deck.warnings] == [
        "2 copies of Kitnap: commander decks allow one copy of each card but basic lands (903.5b)"
    ]


def test_two_commanders_are_refused_where_check_sees_them() -> None:
    """audit22: `check` said 'ok: can be simulated' for a deck with two commanders (partners),
    and every playing command then refused it."""
    msgs = problems_of("Commander\n1 Octomancer\n1 Kitnap\n\nDeck\n98 Island\n")
    assert len(msgs) == 1 and "2 commanders listed" in msgs[0]
    assert "engine plays one commander per deck" in msgs[0] and ":3:" in msgs[0]


# ---------------------------------------------------------------------------------------------
# rules: sizes and copy limits


@pytest.mark.parametrize(
    ("fmt", "n", "minimum"), [("limited", 39, 40), ("constructed", 59, 60), ("commander", 99, 100)]
)
def test_too_few_cards_for_the_format(fmt: str, n: int, minimum: int) -> None:
    first = "Commander\n1 Octomancer\nDeck\n" if fmt == "commander" else "1 Kitnap\n"
    msgs = problems_of(first + filler(n - 1), fmt=fmt)
    assert any(
        f"too few cards for {fmt}: {n} in the" in m and f"at least {minimum} needed" in m
        for m in msgs
    )


def test_min_size_is_configurable() -> None:
    assert parse(filler(30), min_size=30).size == 30
    assert any("at least 45" in m for m in problems_of(filler(40), min_size=45))


def test_format_is_inferred_from_size_when_not_given() -> None:
    assert parse(filler(40)).format == "limited"
    assert parse(filler(60)).format == "constructed"


def test_more_than_four_copies_in_constructed_is_a_warning_not_an_error() -> None:
    deck = parse("5 Blooming Blast\n55 Mountain\n", fmt="constructed")
    assert [str(w) for w in deck.warnings] == [
        "deck.txt:1: `5 Blooming Blast` warning: 5 copies of Blooming Blast: constructed decks "
        "allow at most 4 copies of a non-basic card"
    ]


def test_copy_limit_counts_main_and_sideboard_together() -> None:
    deck = parse("3 Kitnap\n57 Island\n\n2 Kitnap\n", fmt="constructed")
    assert "5 copies of Kitnap" in deck.warnings[0].message


def test_limited_has_no_copy_limit() -> None:
    assert parse("9 Kitnap\n31 Island\n", fmt="limited").warnings == ()


# ---------------------------------------------------------------------------------------------
# problems: every one at once, with file, line and text


def test_every_problem_of_a_file_is_reported_at_once() -> None:
    text = (
        "4 Cruelclaws Heist\n"
        "Scrapshooter\n"
        "0 Kitnap\n"
        "-2 Wear Down\n"
        "999 Forest\n"
        "1.5 Swamp\n"
        "2 Food\n"
        "4\n"
        "20 Swamp\n"
    )
    with pytest.raises(InputError) as err:
        parse(text)
    got = [(p.line, p.text, p.message) for p in err.value.problems]
    assert got[:8] == [
        (
            1,
            "4 Cruelclaws Heist",
            'unknown card "Cruelclaws Heist": did you mean Cruelclaw\'s Heist?',
        ),
        (
            2,
            "Scrapshooter",
            "cannot read this line: a card line needs a count first, like `1 Scrapshooter`",
        ),
        (3, "0 Kitnap", "count must be at least 1, not 0"),
        (4, "-2 Wear Down", "count must be at least 1, not -2"),
        (5, "999 Forest", "count 999 is not plausible (more than 250 copies of one card)"),
        (6, "1.5 Swamp", "count '1.5' is not a whole number"),
        (7, "2 Food", "Food is a token, not a card: it cannot be in a deck"),
        (8, "4", "cannot read this line: a count without a card name"),
    ]
    assert len(got) == 8  # no size verdict while lines are unread
    assert all(p.source == "deck.txt" for p in err.value.problems)


def test_unknown_name_offers_up_to_three_close_matches() -> None:
    msgs = problems_of("4 Wear Dawn\n36 Forest\n")
    assert msgs == ['deck.txt:1: `4 Wear Dawn` unknown card "Wear Dawn": did you mean Wear Down?']
    many = FakeCatalog(
        [FakeRecord(n) for n in ("Kitnap", "Kitnaps", "Kitnapper", "Kitnapped", "Forest")]
    )
    msgs = problems_of("4 Kitnapz\n36 Forest\n", catalog=many)
    assert msgs[0].count(",") + msgs[0].count(" or ") == 2  # three suggestions


def test_unknown_name_without_close_match_points_to_the_card_list() -> None:
    msgs = problems_of("4 Lightning Bolt\n36 Forest\n")
    assert "not in the card catalog; `gift-analyzer cards` lists the cards it knows" in msgs[0]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "the deck is empty: no card lines found"),
        ("# only a comment\n\n// and another\n", "the deck is empty"),
        ("Sideboard\n2 Kitnap\n", "no main-deck cards (all 2 cards read are in the sideboard)"),
        ("Heist rats go brr\n", "cannot read this line: a card line needs a count first"),
        ("Count,Name,Edition\n4,Kitnap,blb\n", "looks like a CSV export"),
    ],
)
def test_decks_without_cards(text: str, fragment: str) -> None:
    assert any(fragment in m for m in problems_of(text))


def test_mtgo_commander_export_is_read_as_commander_without_a_format() -> None:
    """99 cards and one sideboard card (MTGO, Moxfield's MTGO export) were read as a 99-card
    Constructed deck at 20 life, its commander in the unplayed sideboard; only
    --deck-format commander (which check has and the commands that play do not) fixed it."""
    deck = parse("99 Island\n\n1 Octomancer\n")
    assert deck.format == "commander" and deck.commander == (("Octomancer", 1),)
    assert deck.sideboard == () and deck.size == 100
    assert "read the lone sideboard card Octomancer as the commander" in str(deck.warnings[0])
    # other shapes are as they were: 60 + 15 is Constructed with a sideboard
    deck = parse("60 Island\n\n1 Octomancer\n")
    assert deck.format == "constructed" and deck.sideboard == (("Octomancer", 1),)

"""`gift-analyzer check` through click's runner, with the real card catalog.

The error corpus lives in tests/fixtures/bad_decks/: one realistic bad input per file. Each must
exit 2 with its message on stderr and no traceback; `CORPUS` below says which message.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner, Result

from analyzer import api
from analyzer.cards import catalog as catalog_module
from analyzer.cli import main
from analyzer.enums import Support
from analyzer.io.coverage import DeckWarning

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures"
DECKS = FIXTURES / "decks"
BAD = FIXTURES / "bad_decks"
GOOD_DECKS = sorted(DECKS.iterdir())
HEIST = [
    "heist_arena.txt",
    "heist_moxfield.txt",
    "heist_plain.txt",
    "heist_mtgo.dek",
    "heist_forge.dck",
]

# file -> (extra options, fragments every one of which must be on stderr)
CORPUS: dict[str, tuple[list[str], list[str]]] = {
    "unknown_card.txt": (
        [],
        [
            'unknown_card.txt:6: `2 Cruelclaws Heist (BLB) 88` unknown card "Cruelclaws Heist": '
            "did you mean Cruelclaw's Heist?"
        ],
    ),
    "missing_count.txt": (
        [],
        [
            "missing_count.txt:5: `Scrapshooter` cannot read this line: a card line needs a count "
            "first, like `1 Scrapshooter`"
        ],
    ),
    "zero_count.txt": ([], ["zero_count.txt:10:", "count must be at least 1, not 0"]),
    "negative_count.txt": ([], ["count must be at least 1, not -2"]),
    "absurd_count.txt": ([], ["`9000 Swamp (BLB) 270` count 9000 is not plausible"]),
    "fractional_count.txt": ([], ["count '2.5' is not a whole number"]),
    "empty.txt": ([], ["empty.txt: the deck is empty: no card lines found"]),
    "commander_color_identity.txt": (
        [],
        [
            ":33: `15 Mountain (BLB) 274` Mountain has color identity R, outside Clement, the "
            "Worrywort's UG (903.5c)"
        ],
    ),
    "comments_only.txt": ([], ["the deck is empty"]),
    "sideboard_only.txt": ([], ["no main-deck cards (all 3 cards read are in the sideboard)"]),
    "windows_1252.txt": (
        [],
        ["windows_1252.txt:6:", "file is not UTF-8: byte 0x92 at byte offset 64"],
    ),
    "utf16_without_bom.txt": ([], ["UTF-16 text without a byte-order mark"]),
    "screenshot.png": ([], ["this is a PNG image, not a deck list"]),
    "too_few_limited.txt": ([], ["too few cards for limited: 35 in the main deck, at least 40"]),
    "too_few_constructed.txt": (
        ["--deck-format", "constructed"],
        ["too few cards for constructed: 52 in the main deck, at least 60 needed"],
    ),
    "commander_in_constructed.txt": (
        ["--deck-format", "constructed"],
        [
            "commander_in_constructed.txt:2: `1 Octomancer (BLC) 37` the list has a commander but "
            "the deck format is constructed"
        ],
    ),
    "commander_missing.txt": (["--deck-format", "commander"], ["needs its commander"]),
    "commander_short.txt": (
        [],
        ["too few cards for commander: 90 in the main deck and commander, at least 100 needed"],
    ),
    "token_in_deck.txt": ([], ["`2 Food (TBLB) 15` Food is a token, not a card"]),
    "malformed.dek": ([], ["malformed.dek:19: malformed XML: mismatched tag"]),
    "entity_bomb.dek": ([], ["entity_bomb.dek:2: DOCTYPE declarations are not allowed"]),
    "collection_not_deck.dek": ([], ["the root element is <Collection>, expected <Deck>"]),
    "missing_quantity.dek": ([], ["missing_quantity.dek:6:", "element without a Quantity"]),
    "unknown_section.dck": ([], ["`[Reserve]` section [Reserve] is not a Forge deck section"]),
    "variant_section.dck": ([], ["section [Planes] is for another game variant"]),
    "line_before_section.dck": (
        [],
        ["line_before_section.dck:1: `Heist Rats` line before any [section] header"],
    ),
    "moxfield_export.csv": ([], ["this looks like a CSV export"]),
    "many_problems.txt": (
        [],
        [
            ":3: `2 Cruelclaws Heist (BLB) 88` unknown card",
            ":4: `Coiling Rebirth` cannot read this line",
            ":5: `0 Consumed by Greed (BLB) 87` count must be at least 1",
            ':7: `3 Longstalk Brawll (BLB) 182` unknown card "Longstalk Brawll": did you mean '
            "Longstalk Brawl?",
            ":8: `2 Treasure` Treasure is a token, not a card",
        ],
    ),
}


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, ["check", *args], input=input)


# ---------------------------------------------------------------------------------------------
# good decks


def test_every_example_deck_can_be_simulated() -> None:
    result = run(*map(str, GOOD_DECKS))
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert result.stdout.count("ok: can be simulated") == len(GOOD_DECKS)
    assert result.stdout.rstrip().endswith(
        f"{len(GOOD_DECKS)} of {len(GOOD_DECKS)} decks can be simulated"
    )


def test_report_shows_name_size_hash_and_coverage() -> None:
    result = run(str(DECKS / "heist_arena.txt"))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].endswith("heist_arena.txt: Heist Rats  (Arena/Moxfield text, limited)")
    assert lines[1].startswith("  40 cards, sideboard 4 (not played), hash ")
    assert lines[2].startswith("  exact         40  Coiling Rebirth x2, Consumed by Greed x2, ")
    assert "  approximate    0" in lines and "  unsupported    0" in lines
    assert lines[-1] == "  ok: can be simulated"


def test_the_same_list_prints_the_same_hash_in_every_format() -> None:
    result = run(*(str(DECKS / f) for f in HEIST))
    hashes = {line.rsplit("hash ", 1)[1] for line in result.stdout.splitlines() if "hash " in line}
    assert result.exit_code == 0 and len(hashes) == 1


def test_commander_deck_reports_its_commander() -> None:
    result = run(str(DECKS / "octomancer_ug_commander.txt"))
    assert result.exit_code == 0, result.output
    assert "(Arena/Moxfield text, commander)" in result.stdout
    assert "100 cards (99 + commander Clement, the Worrywort)" in result.stdout


def test_commander_deck_outside_color_identity_is_refused() -> None:
    """903.5c: every card's color identity within the commander's. Clement ({1}{G}{U}) is
    green-blue: the pile's white, black and red cards and basics are refused, one line each, and
    its green and blue cards (Forest and Island too, 903.5d) are not."""
    result = run(str(BAD / "commander_color_identity.txt"))
    assert result.exit_code == 2
    refused = [ln for ln in result.stderr.splitlines() if "(903.5c)" in ln]
    assert len(refused) == 19
    assert any("W, outside Clement, the Worrywort's UG" in ln for ln in refused)
    assert any("Wildfire Howl has color identity R" in ln for ln in refused)
    assert not any(
        name in ln
        for ln in refused
        for name in ("Kitnap", "Wear Down", "Forest", "Island", "Starforged Sword")
    )


def test_deck_from_standard_input() -> None:
    text = (DECKS / "heist_moxfield.txt").read_text(encoding="utf-8")
    result = run("-", input=text)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("<stdin>: deck  (Arena/Moxfield text, limited)")


def test_warnings_are_printed_but_do_not_fail(tmp_path: Path) -> None:
    deck = tmp_path / "five_blasts.txt"
    deck.write_text("Deck\n5 Blooming Blast (BLB) 126\n55 Mountain\n", encoding="utf-8")
    result = run("--deck-format", "constructed", str(deck))
    assert result.exit_code == 0
    assert "ok: can be simulated" in result.stdout
    assert result.stderr == (
        f"{deck}:2: `5 Blooming Blast (BLB) 126` warning: 5 copies of "
        "Blooming Blast: constructed decks allow at most 4 copies of a "
        "non-basic card\n"
    )


def test_min_size_overrides_the_format(tmp_path: Path) -> None:
    deck = tmp_path / "cube.txt"
    deck.write_text("2 Kitnap\n43 Island\n", encoding="utf-8")
    assert run(str(deck)).exit_code == 0
    result = run("--min-size", "45", str(deck))
    assert result.exit_code == 0
    result = run("--min-size", "46", str(deck))
    assert result.exit_code == 2
    assert "too few cards for limited: 45 in the main deck, at least 46 needed" in result.stderr


def test_bad_option_values_are_usage_errors() -> None:
    assert run("--deck-format", "modern", str(DECKS / "heist_arena.txt")).exit_code == 2
    assert run("--min-size", "0", str(DECKS / "heist_arena.txt")).exit_code == 2
    assert run().exit_code == 2  # no deck given


# ---------------------------------------------------------------------------------------------
# the error corpus


def test_corpus_table_lists_every_file() -> None:
    assert sorted(CORPUS) == sorted(p.name for p in BAD.iterdir())


@pytest.mark.parametrize("filename", sorted(CORPUS))
def test_bad_input_gives_its_message_and_exit_2(filename: str) -> None:
    options, fragments = CORPUS[filename]
    result = run(*options, str(BAD / filename))
    assert result.exit_code == 2, result.output
    for fragment in fragments:
        assert fragment in result.stderr
    assert all(line.startswith("error: ") for line in result.stderr.splitlines())
    assert "Traceback" not in result.output
    assert "NOT OK: cannot be imported" in result.stdout


def test_missing_file_and_directory(tmp_path: Path) -> None:
    result = run(str(tmp_path / "nope.txt"), str(tmp_path))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: {tmp_path / 'nope.txt'}: no such file",
        f"error: {tmp_path}: is a directory, not a deck file",
    ]


def test_problems_of_every_deck_are_reported_before_exiting() -> None:
    result = run(
        str(BAD / "unknown_card.txt"), str(DECKS / "heist_arena.txt"), str(BAD / "zero_count.txt")
    )
    assert result.exit_code == 2
    assert "Heist Rats" in result.stdout and "ok: can be simulated" in result.stdout
    assert "1 of 3 decks can be simulated" in result.stdout
    assert "Cruelclaws Heist" in result.stderr and "count must be at least 1" in result.stderr


# ---------------------------------------------------------------------------------------------
# coverage: approximate and unsupported cards


@pytest.fixture
def partial_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real catalog with Kitnap approximate and Mind Spiral unsupported."""
    levels = {"Kitnap": Support.APPROXIMATE, "Mind Spiral": Support.UNSUPPORTED}
    real = catalog_module.load_catalog()
    catalog = catalog_module.Catalog(
        [replace(r, support=levels.get(r.name, r.support)) for r in real.records]
    )
    monkeypatch.setattr(catalog_module, "load_catalog", lambda extra_files=(): catalog)


@pytest.mark.usefixtures("partial_catalog")
def test_approximate_cards_need_permission(tmp_path: Path) -> None:
    deck = tmp_path / "kitnap.txt"
    deck.write_text("3 Kitnap (BLB) 53\n37 Island\n", encoding="utf-8")
    refused = run(str(deck))
    assert refused.exit_code == 2
    assert "  approximate    3  Kitnap x3" in refused.stdout
    assert (
        f"error: {deck}: cannot be simulated: 3 approximate cards (Kitnap); allow approximate cards"
    ) in refused.stderr
    allowed = run("--allow-approximate", str(deck))
    assert allowed.exit_code == 0
    assert "ok: can be simulated (approximate cards allowed)" in allowed.stdout


@pytest.mark.usefixtures("partial_catalog")
def test_unsupported_cards_are_refused_with_their_names(tmp_path: Path) -> None:
    deck = tmp_path / "spiral.txt"
    deck.write_text("2 Mind Spiral\n1 Kitnap\n37 Island\n", encoding="utf-8")
    result = run("--allow-approximate", str(deck))
    assert result.exit_code == 2
    assert "  unsupported    2  Mind Spiral x2" in result.stdout
    assert "NOT OK: 2 unsupported cards (Mind Spiral)" in result.stdout


# ---------------------------------------------------------------------------------------------
# start-up


def test_check_does_not_import_numba() -> None:
    code = (
        "import sys; from click.testing import CliRunner; from analyzer.cli import main; "
        "r = CliRunner().invoke(main, ['check', sys.argv[1]]); assert r.exit_code == 0, "
        "r.output; assert 'numba' not in sys.modules, 'numba imported'"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(DECKS / "heist_arena.txt")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_commands_that_play_a_deck_say_its_import_warnings(tmp_path: Path) -> None:
    """Only `check` printed a deck's import warnings; simulate, cardstats and the rest read the
    same deck and said nothing (here: a maybeboard left out of the deck)."""
    bundled = ROOT / "decks" / "ub_rats_threshold.txt"
    deck = tmp_path / "maybe.txt"
    deck.write_text(
        bundled.read_text(encoding="utf-8") + "\nMaybeboard\n2 Fell (BLB) 95\n", encoding="utf-8"
    )
    said = "warning: 2 maybeboard cards not played (not part of the deck)"
    opp = str(ROOT / "decks" / "wb_bats_lifegain.txt")
    for command in ("simulate", "cardstats"):
        out = tmp_path / command
        args = [command, str(deck), "--vs", opp, "--games", "2", "--out", str(out)]
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
        assert result.stderr.count(said) == 1, (command, result.stderr)
    with pytest.warns(DeckWarning, match="maybeboard"):
        api.simulate(deck, [opp], games=2)


def test_simulate_gives_turns_per_player(tmp_path: Path) -> None:
    """The column read 'turns': 17.3 for a game calibrate calls 9.0 turns long (per player).
    audit22: the table and summary.csv (simulate's and a sweep's) give each player's own
    turns, as calibrate; summary.csv keeps mean_turns (all seats) beside it."""
    bundled = ROOT / "decks"
    args = ["simulate", str(bundled / "ub_rats_threshold.txt"), "--vs"]
    args += [str(bundled / "wb_bats_lifegain.txt"), "--games", "20", "--per-game"]
    result = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "s")])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("the answer: UB Rats: threshold control wins ")  # answer first
    assert "turns per player" in lines[1]
    row = pd.read_csv(tmp_path / "s" / "summary.csv").iloc[0]
    games = pd.read_csv(tmp_path / "s" / "games.csv")
    own = pd.concat([games["seat0_turns_taken"], games["seat1_turns_taken"]])
    assert row["turns_per_player"] == pytest.approx(own.mean())
    assert row["mean_turns"] == pytest.approx(games["turns"].mean())
    cell = f"{row['turns_per_player']:.1f}"
    assert cell in lines[3].split()


def test_check_counts_the_warnings_it_lists_under_an_import_error(tmp_path: Path) -> None:
    """audit22: 'cannot be imported (5 problems, listed below)' above six lines, one of them a
    warning."""
    deck = tmp_path / "broken.txt"
    deck.write_text(
        "Commander\n1 Bello, Bard of the Brambles\n\nDeck\n2 Abrade\n1 Fell\n96 Mountain\n"
    )
    result = CliRunner().invoke(main, ["check", "--deck-format", "commander", str(deck)])
    assert result.exit_code == 2
    assert "cannot be imported (1 problem and 1 warning, listed below)" in result.stdout
    assert "2 copies of Abrade" in result.stderr and "Fell has color identity B" in result.stderr


def test_card_lists_with_legends_separate_names_by_semicolons() -> None:
    """audit22: 'Chatterfang, Squirrel General, Garruk, Cursed Huntsman, Gilded Goose' read as
    five cards; names that hold a comma are listed with '; ' (plain lists keep ', ')."""
    from analyzer.io.coverage import name_list

    assert name_list(["Fell", "Kitnap"]) == "Fell, Kitnap"
    assert name_list(["Garruk, Cursed Huntsman", "Gilded Goose"]) == (
        "Garruk, Cursed Huntsman; Gilded Goose"
    )
    hazel = ROOT / "decks" / "commander" / "squirreled_away_hazel.txt"
    result = CliRunner().invoke(main, ["check", str(hazel)])
    assert "Chatterfang, Squirrel General; Garruk, Cursed Huntsman; Gilded Goose" in result.stdout


def test_a_commander_that_is_no_legendary_creature_is_said(tmp_path: Path) -> None:
    """audit22: 'Commander / 1 Fell' (a sorcery) was taken without a word (903.3)."""
    deck = tmp_path / "fell.txt"
    deck.write_text("Commander\n1 Fell\n\nDeck\n99 Swamp\n")
    result = CliRunner().invoke(main, ["check", str(deck)])
    assert result.exit_code == 0, result.output  # played as the commander all the same
    assert "Fell (Sorcery) is not a legendary creature, so not a legal commander (903.3)" in (
        result.stderr
    )
    legend = tmp_path / "clement.txt"
    legend.write_text("Commander\n1 Clement, the Worrywort\n\nDeck\n99 Island\n")
    assert CliRunner().invoke(main, ["check", str(legend)]).stderr == ""

"""Approximate Auras (aura23): an Aura whose abilities are not modeled is still an Aura. The
Scryfall import reads its "Enchant ..." line (cards/enchant.py): the spell targets what that
allows, cannot be cast without it, and enters attached to it and stays; before, such a card
resolved attached to nothing and went to the graveyard at once (704.5m), a blank that cost mana.
"""

from __future__ import annotations

from test_scenarios import bf, input_error, run_text, seat

from analyzer.cards.catalog import load_catalog
from analyzer.cards.scryfall import card_fields
from analyzer.enums import AiRole, Intent, Op, TargetKind

BOARD = """
[game]
players = 3
active = 0
turn = 5
phase = "main1"

[[seat]]
hand = ["{card}", "Playful Shove"]
battlefield = ["Plains", "Plains", "Plains", "Forest", "Forest", "Mountain", "Mountain"{mine}]
library = ["Island", "Island"]

[[seat]]
life = {life}
battlefield = ["Scrapshooter"]
library = ["Forest", "Mountain"]

[[seat]]
library = ["Forest", "Mountain"]

[[action]]
cast = "{card}"
targets = ["{target}"]

[[action]]
resolve = true
{more}
"""


def _board(card: str, target: str, mine: str = "", life: int = 20, more: str = "") -> str:
    return BOARD.format(card=card, target=target, mine=mine, life=life, more=more)


def _aura(s: dict, name: str) -> dict | None:
    found = bf(s, 0, name)
    assert len(found) <= 1
    return found[0] if found else None


# ---- the import: the enchant line is the spell's target --------------------------------------


def test_the_precon_auras_target_what_they_enchant_and_name_what_they_ignore() -> None:
    catalog = load_catalog()
    for name, kind, types, intent in (
        ("Martial Impetus", TargetKind.PERMANENT, "creature", Intent.HELP),
        ("Wolfwillow Haven", TargetKind.PERMANENT, "land", Intent.HELP),
        ("Squirrel Nest", TargetKind.PERMANENT, "land", Intent.HELP),
        ("Tenuous Truce", TargetKind.OPPONENT, None, Intent.HARM),  # "Enchant opponent"
    ):
        rec = catalog.lookup(name)
        assert rec.support_name == "approximate", name
        (spell,) = rec.abilities
        (group,) = spell.targets
        assert (group.kind, group.intent) == (kind, intent), name
        if types:
            assert group.types == (2 if types == "creature" else 1), name  # CardType bits
        assert [st.op for st in spell.steps] == [Op.ATTACH_SELF], name
        assert rec.role == AiRole.PERMANENT, name  # it removes nothing
        assert rec.ignored and not any(x.startswith("Enchant ") for x in rec.ignored), name


def _scryfall(oracle: str, type_line: str = "Enchantment — Aura") -> dict:
    return card_fields(
        {
            "name": "X",
            "set": "tst",
            "mana_cost": "{1}{W}",
            "type_line": type_line,
            "oracle_text": oracle,
        }
    )


def test_import_reads_whose_permanent_from_the_text() -> None:
    hostile = _scryfall("Enchant creature\nEnchanted creature can't attack or block.")
    (group,) = hostile["ability"][0]["targets"]
    assert group == {"kind": "permanent", "types": ["creature"], "intent": "harm"}
    theirs = _scryfall("Enchant creature an opponent controls\nYou draw a card each upkeep.")
    assert theirs["ability"][0]["targets"][0]["filter"] == ["opp_controls"]
    assert theirs["ability"][0]["targets"][0]["intent"] == "harm"
    mine = _scryfall("Enchant creature you control\nEnchanted creature gets +2/+2.")
    assert mine["ability"][0]["targets"][0]["filter"] == ["you_control"]
    assert mine["ability"][0]["targets"][0]["intent"] == "help"
    either = _scryfall("Enchant artifact or creature\nEnchanted permanent has hexproof.")
    assert either["ability"][0]["targets"][0]["types"] == ["artifact", "creature"]


def test_an_enchant_restriction_not_read_leaves_the_aura_unsupported() -> None:
    # Animate Dead's "Enchant creature card in a graveyard": cast as a permanent on nothing it
    # would go at once (704.5m), so it is refused rather than played as a blank
    rec = _scryfall("Enchant creature card in a graveyard\nWhen this Aura enters, ...")
    assert rec["support"] == "unsupported" and "ability" not in rec


# ---- the rules -----------------------------------------------------------------------------


def test_enchant_creature_aura_enters_attached_to_the_target_and_stays() -> None:
    # 303.4a: an Aura spell targets what its enchant keyword allows; 303.4f/608.3: it enters
    # attached to that object; 704.5m only puts an Aura attached to nothing (or to what it
    # can't enchant) into the graveyard
    s = run_text(_board("Martial Impetus", "battlefield:0:Warren Elder", mine=', "Warren Elder"'))
    aura = _aura(s, "Martial Impetus")
    assert aura is not None and aura["attached_to"] == "battlefield:0:Warren Elder"
    assert seat(s, 0)["graveyard"] == []


def test_enchant_land_aura_enters_attached_to_a_land() -> None:
    # 303.4a "Enchant land": Wolfwillow Haven on one of the caster's lands, and it stays
    s = run_text(_board("Wolfwillow Haven", "battlefield:0:Forest"))
    aura = _aura(s, "Wolfwillow Haven")
    assert aura is not None and aura["attached_to"] == "battlefield:0:Forest"


def test_enchant_creature_aura_targets_only_creatures() -> None:
    # 303.4a: "Enchant creature": a land is not a legal target
    text = _board("Martial Impetus", "battlefield:0:Forest")
    assert "not a legal target" in input_error(run_text, text)


AI_BOARD = """
[game]
players = 3
active = 0
turn = 5
phase = "main1"

[[seat]]
hand = [{hand}]
battlefield = ["Plains", "Plains", "Plains", "Forest", "Forest", "Forest"{mine}]
library = ["Island", "Island"]

[[seat]]
battlefield = [{theirs}]
library = ["Forest", "Mountain"]

[[seat]]
library = ["Forest", "Mountain"]

[[action]]
advance = "end"
"""


def _ai(hand: str, mine: str = "", theirs: str = "") -> dict:
    return run_text(AI_BOARD.format(hand=hand, mine=mine, theirs=theirs))


def test_no_creature_no_martial_impetus() -> None:
    # 601.2c: a spell that targets needs a legal target to be cast at all; with no creature on
    # the battlefield the built-in player keeps Martial Impetus (it was cast on nothing and
    # went to the graveyard, 704.5m, before the Aura had its enchant target)
    s = _ai('"Martial Impetus"')
    assert seat(s, 0)["hand"] == ["Martial Impetus"] and seat(s, 0)["graveyard"] == []


def test_the_built_in_player_enchants_whose_permanent_the_aura_is_for() -> None:
    # a beneficial Aura on its own creature (not the opponent's), a land Aura on its own land,
    # "Enchant opponent" on an opponent
    s = _ai(
        '"Martial Impetus", "Wolfwillow Haven"', mine=', "Warren Elder"', theirs='"Scrapshooter"'
    )
    assert _aura(s, "Martial Impetus")["attached_to"] == "battlefield:0:Warren Elder"
    assert _aura(s, "Wolfwillow Haven")["attached_to"].startswith("battlefield:0:")
    s = _ai('"Tenuous Truce"')
    assert _aura(s, "Tenuous Truce")["attached_to"] in ("seat:1", "seat:2")


def test_enchant_opponent_aura_attaches_to_that_player_and_stays() -> None:
    # 303.4a ("Enchant player" and its kin): Tenuous Truce targets an opponent and enters
    # attached to that player (303.4f), and 704.5m leaves it there
    s = run_text(_board("Tenuous Truce", "seat:1"))
    aura = _aura(s, "Tenuous Truce")
    assert aura is not None and aura["attached_to"] == "seat:1"


def test_enchant_opponent_aura_cannot_target_its_caster() -> None:
    # 303.4a: "Enchant opponent" allows only an opponent of the Aura's controller
    error = input_error(run_text, _board("Tenuous Truce", "seat:0"))
    assert "seat:0 is not a legal target: Tenuous Truce targets opponent" in error


def test_aura_on_a_player_who_leaves_the_game_goes_to_the_graveyard() -> None:
    # 800.4a: a player who leaves the game is gone; 704.5m: an Aura attached to an illegal
    # player (one no longer in the game) is put into its owner's graveyard
    shove = """
[[action]]
cast = "Playful Shove"
targets = ["seat:1"]

[[action]]
resolve = true
"""
    s = run_text(_board("Tenuous Truce", "seat:1", life=1, more=shove))
    assert seat(s, 1)["lost"]
    assert _aura(s, "Tenuous Truce") is None
    assert "Tenuous Truce" in seat(s, 0)["graveyard"]
    # the same Shove with seat 1 at 2 life: seat 1 stays, and so does the Aura
    s = run_text(_board("Tenuous Truce", "seat:1", life=2, more=shove))
    assert not seat(s, 1)["lost"] and _aura(s, "Tenuous Truce")["attached_to"] == "seat:1"


# ---- the same class among the precons' other approximate cards ---------------------------------


def test_faeburrow_elder_counts_its_own_colors_and_lives() -> None:
    # 704.5f: a creature with toughness 0 or less goes to the graveyard; Faeburrow Elder is
    # a printed 0/0 that "gets +1/+1 for each color among permanents you control", and it is
    # itself a green and white permanent you control: at least 2/2 (imported bare, it died)
    board = _board("Faeburrow Elder", "seat:1").replace('targets = ["seat:1"]\n', "")
    s = run_text(board)
    (elder,) = bf(s, 0, "Faeburrow Elder")
    assert (elder["power"], elder["toughness"]) == (2, 2)
    assert "vigilance" in elder["keywords"]


def test_the_built_in_player_does_not_cast_a_spell_modeled_as_nothing() -> None:
    # Promise of Loyalty is approximate with a `nop` program: cast, it paid five mana for
    # nothing (a blank that cost the turn); held, the deck plays as if the card were a blank
    s = _ai('"Promise of Loyalty"', mine=', "Plains", "Plains"', theirs='"Scrapshooter"')
    assert seat(s, 0)["hand"] == ["Promise of Loyalty"]
    assert seat(s, 0)["graveyard"] == []

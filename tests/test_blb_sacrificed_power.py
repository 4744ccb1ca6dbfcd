"""Wick, the Whorled Mind: "create a Snail token if you don't control a Snail, otherwise a
+1/+1 counter on one" (create_token_unless_p1p1) and damage and draws equal to the power of
the Snail sacrificed to pay for the ability, as it last existed (608.2h): the other side of
its scenario file, and whole games under the invariant checks in which it is cast."""

from __future__ import annotations

from conftest import play_card_games
from test_blb_tokens_mana_exiled_with import LIZARDS
from test_scenarios import SCEN, bf, input_error, run_text, seat

from analyzer.cards.catalog import load_catalog
from analyzer.io.deck import Deck

_CAST_SHUCKER = '[[action]]\ncast = "Thought Shucker"\n\n[[action]]\nresolve = true\n\n'
_ACTIVATE = '[[action]]\nactivate = "Wick, the Whorled Mind"\n\n[[action]]\nresolve = true\n'


def _text() -> str:
    return (
        (SCEN / "sacrificed_power_damage_and_draw.toml")
        .read_text(encoding="utf-8")
        .split("[expect]")[0]
    )


def test_wick_entering_makes_one_snail() -> None:
    # no Snail yet: Wick's own enters trigger creates one (a 1/1 black Snail)
    text = _text().replace(_CAST_SHUCKER, "").replace(_ACTIVATE, "")
    s = run_text(text)
    (snail,) = bf(s, 0, "Snail")
    assert (snail["power"], snail["toughness"]) == (1, 1)


def test_a_rat_entering_grows_the_snail_instead() -> None:
    # "Otherwise, put a +1/+1 counter on a Snail you control": still one Snail, now 2/2
    text = _text().replace(_ACTIVATE, "")
    s = run_text(text)
    (snail,) = bf(s, 0, "Snail")
    assert snail["power"] == 2 and snail["counters"] == {"+1/+1": 1}


def test_a_one_power_snail_deals_one_and_draws_one() -> None:
    text = _text().replace(_CAST_SHUCKER, "")
    s = run_text(text)
    assert seat(s, 1)["life"] == 19
    assert seat(s, 0)["hand"] == ["Thought Shucker", "Swamp"]
    assert bf(s, 0, "Snail") == []


def test_a_rat_entering_after_the_sacrifice_makes_a_new_snail() -> None:
    # the Snail is gone: the next Rat's trigger creates a Snail again
    text = _text().replace(_CAST_SHUCKER, "") + _CAST_SHUCKER
    s = run_text(text)
    (snail,) = bf(s, 0, "Snail")
    assert snail["power"] == 1 and snail["counters"] == {}


RATS = Deck(
    "rats",
    (
        ("Swamp", 7),
        ("Island", 5),
        ("Mountain", 5),
        ("Wick, the Whorled Mind", 4),
        ("Thought Shucker", 4),
        ("Persistent Marshstalker", 4),
        ("Daggerfang Duo", 4),
        ("Shoreline Looter", 4),
        ("Mindwhisker", 3),
    ),
)


def test_games_with_wick_keep_invariants(catalog) -> None:
    g = play_card_games(catalog, [RATS, LIZARDS], games=40)
    assert g.failures == []
    assert g.cast["Wick, the Whorled Mind"] > 0


def test_sacrificed_power_needs_a_sacrifice_cost(tmp_path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        """
[[card]]
name = "Powerless Pinger"
set = "TST"
rarity = "rare"
cost = "{B}"
type_line = "Creature — Rat"
power = 1
toughness = 1
support = "exact"
oracle = '''
{1}: This creature deals damage equal to the sacrificed creature's power to each opponent.'''

[[card.ability]]
kind = "activated"
cost = "{1}"
steps = [{ op = "damage_x", ref = "each_opponent", x = "sacrificed_power" }]
""",
        encoding="utf-8",
    )
    assert "sacrificed_power" in input_error(load_catalog, [bad])

"""The Bloomburrow pool (issue 5): how many cards are exact, every card's support level, the
bundled decks, Scryfall-shaped input, what approximate cards ignore, and one behaviour test per
mechanic the pool added to the kernel (positions played with the scenario runner)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import BLB_GIFTS, bf

from analyzer import api, bundled
from analyzer.analysis.scenario_run import play
from analyzer.cards.catalog import load_catalog
from analyzer.cards.loader import load_records
from analyzer.enums import Support
from analyzer.errors import InputError
from analyzer.io.coverage import deck_coverage
from analyzer.io.decklist import read_deck
from analyzer.io.scenario import parse_scenario

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "decks"
SHARED = ROOT.parent / "shared" / "carddata"  # the shared folder beside the checkout
FIXTURE = Path(__file__).parent / "fixtures" / "scryfall_blb_sample.json"


def shared_blb_cards() -> list[dict]:
    """The shared Bloomburrow card list; skips where the shared folder is not beside the
    checkout (as test_catalog and test_scryfall_import do)."""
    src = SHARED / "blb_cards.json"
    if not src.exists():
        pytest.skip("shared card data not available")
    return json.loads(src.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


def limited_decks() -> list[Path]:
    return sorted(p for p in DECKS.glob("*.txt") if p.name != "gauntlet.txt")


def pod_decks() -> list[Path]:
    return sorted((DECKS / "pod").glob("*.txt"))


# ---- the pool --------------------------------------------------------------------------------


def test_at_least_100_bloomburrow_cards_are_exact_in_the_blb_files(cat):
    ours = [
        r
        for r in cat.records
        if Path(r.source).name.startswith("blb_") and r.source.endswith(".toml")
    ]
    assert len(ours) >= 100
    # every record there is exact, but one that names what it ignores (issue 20: Eluge)
    assert all(r.set == "BLB" for r in ours)
    assert all(r.support == Support.EXACT or (r.notes and r.ignored) for r in ours)
    assert sum(r.support != Support.EXACT for r in ours) <= 1
    commons = sum(r.rarity in ("common", "uncommon") for r in ours)
    assert commons >= 85  # commons and uncommons first


def test_every_bloomburrow_card_has_a_support_level(cat):
    names = {
        c["name"] for c in shared_blb_cards() if c["name"] not in ("Octomancer", "Perch Protection")
    }
    df = api.list_cards(set_code="BLB")
    assert names <= set(df["name"])
    # issue 20 item 1: every card exact or approximate with its ignored corner named
    assert set(df["support"]) == {"exact", "approximate"}
    assert (df["support"] == "exact").sum() >= 255
    for name in ("Fell", "Scrapshooter", "Forest", "Banishing Light", "For the Common Good"):
        assert cat.lookup(name).support == Support.EXACT, name


def test_exact_records_win_over_the_bundled_scryfall_data(cat):
    fell = cat.lookup("Fell")
    assert fell.source.endswith("blb_black.toml") and fell.abilities
    cruelclaw = cat.lookup("The Infamous Cruelclaw")
    assert cruelclaw.source.endswith("blb_scryfall.json")
    assert cruelclaw.support == Support.APPROXIMATE


# ---- approximate cards and Scryfall input ----------------------------------------------------


def test_approximate_cards_report_what_they_ignore(cat):
    # an exile-and-cast on combat damage, not modeled (its menace is)
    cruelclaw = cat.lookup("The Infamous Cruelclaw")
    assert cruelclaw.ignored == (cruelclaw.oracle.split("\n")[-1],) and cruelclaw.power == 3
    assert cruelclaw.ignored[0].startswith("Whenever The Infamous Cruelclaw deals combat damage")
    # an "until your next turn" attack trigger and a blocking restriction, not modeled
    beastbinder = cat.lookup("Azure Beastbinder")
    assert beastbinder.support == Support.APPROXIMATE
    assert beastbinder.ignored[-1].startswith("Whenever Azure Beastbinder attacks")
    assert cat.lookup("Fell").ignored == ()
    df = api.list_cards(set_code="BLB", support="approximate")
    row = df.set_index("name").loc["The Infamous Cruelclaw"]
    assert row["ignored"].startswith("Whenever The Infamous Cruelclaw deals combat damage")
    text = api.format_cards_table(df)
    assert "~ The Infamous Cruelclaw: Whenever The Infamous Cruelclaw deals" in text


def test_eluge_names_the_two_abilities_it_ignores(cat, tmp_path):
    # issue 20 item 1: approximate "with the ignored corner named": its */* (Islands you
    # control) is modeled, its flood counters and its cost reduction are not
    eluge = cat.lookup("Eluge, the Shoreless Sea")
    assert eluge.support == Support.APPROXIMATE and eluge.notes
    assert eluge.ignored == tuple(eluge.oracle.split("\n")[1:])
    bad = tmp_path / "bad.toml"
    bad.write_text(
        '[[card]]\nname = "Test Wurm"\nset = "TST"\nrarity = "common"\ncost = "{G}"\n'
        'type_line = "Creature — Wurm"\npower = 1\ntoughness = 1\nsupport = "approximate"\n'
        'oracle = "Trample"\nkeywords = ["trample"]\nignores = ["Flying"]\n',
        encoding="utf-8",
    )
    with pytest.raises(InputError, match="not a line of the oracle text"):
        load_records([bad])


def test_scryfall_shaped_fixture_loads():
    """tests/fixtures/scryfall_blb_sample.json: raw Scryfall objects (a bulk file's shape)
    copied from ../shared/carddata/scryfall_blb_radar_cards_tf.json."""
    records = {r.name: r for r in load_records([FIXTURE])}
    assert records["Brightblade Stoat"].support == Support.EXACT  # keywords only
    assert records["Brightblade Stoat"].keyword_names == ("first_strike", "lifelink")
    rabbit = records["Intrepid Rabbit"]
    assert rabbit.support == Support.APPROXIMATE and rabbit.power == 3
    assert rabbit.ignored[0].startswith("Offspring {1}")
    assert records["Moonrise Cleric"].cost.hybrid == 2  # {1}{W/B}{W/B}
    assert records["Fell"].support == Support.UNSUPPORTED  # a sorcery without a program
    assert "Forest" in records and records["Forest"].is_basic_land


def test_user_scryfall_file_does_not_override_bundled_exact_cards(tmp_path):
    raw = json.loads(FIXTURE.read_text())
    path = tmp_path / "bulk.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    cat = load_catalog([path])
    assert cat.lookup("Intrepid Rabbit").support == Support.EXACT
    assert cat.lookup("Intrepid Rabbit").source.endswith("blb_white.toml")


# ---- bundled decks ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", limited_decks(), ids=lambda p: p.name)
def test_limited_deck_parses_and_is_fully_exact(cat, path):
    deck = read_deck(path, catalog=cat)
    cov = deck_coverage(deck, cat)
    assert cov.count("approximate") == cov.count("unsupported") == 0
    assert cov.count("exact") == 40
    counts = deck.counts()
    recs = {name: cat.lookup(name) for name in counts}
    lands = sum(n for name, n in counts.items() if recs[name].is_land)
    creatures = sum(n for name, n in counts.items() if recs[name].types & 2)
    colors = {c for r in recs.values() for c in "WUBRG" if r.colors & (1 << "WUBRG".index(c))}
    assert 16 <= lands <= 17 and 14 <= creatures <= 17 and len(colors) == 2
    assert all(n <= 1 for name, n in counts.items() if recs[name].rarity in ("rare", "mythic"))


@pytest.mark.parametrize("path", pod_decks(), ids=lambda p: p.name)
def test_pod_deck_parses_and_is_fully_exact(cat, path):
    deck = read_deck(path, catalog=cat)
    cov = deck_coverage(deck, cat)
    assert cov.count("exact") == 60 and cov.count("approximate") == cov.count("unsupported") == 0


def test_bundled_decks_hold_every_bloomburrow_gift_card(cat):
    names: set[str] = set()
    for path in limited_decks():
        names |= set(read_deck(path, catalog=cat).counts())
    assert set(BLB_GIFTS) <= names and "Jolly Gerbils" in names
    gifts = {c["name"] for c in shared_blb_cards() if c["has_gift"]}
    assert gifts == set(BLB_GIFTS)


def deck_census():
    """tools/deck_census.py (a script, not a package), loaded from its file."""
    spec = importlib.util.spec_from_file_location("deck_census", ROOT / "tools" / "deck_census.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_limited_decks_meet_the_construction_rules(cat):
    """decks/README.md's construction rules, as tools/deck_census.py checks them: per deck, and
    rule 8 across the decks (a weak gift card is played by one deck only)."""
    census = deck_census()
    found = [census.census(p, cat) for p in limited_decks()]
    assert {c["file"]: census.checks(c) for c in found} == {c["file"]: [] for c in found}
    assert census.weak_gifts_played_twice(found) == []


def test_coloured_sources_against_the_pips_are_a_construction_miss(cat, tmp_path):
    """Rule 9: UB Rats' two-drops are blue (Shoreline Looter, Bellowing Crier, Thought Shucker),
    so 9 Swamps and 8 Islands leave more cards short of Karsten's sources than 9 Islands."""
    census = deck_census()
    assert census.sources_wanted(1, 2) == 9 and census.sources_wanted(2, 3) == 12
    ub = (DECKS / "ub_rats_threshold.txt").read_text()
    assert "9 Island (BLB) 266\n8 Swamp (BLB) 270" in ub
    swapped = tmp_path / "ub.txt"
    swapped.write_text(ub.replace("9 Island", "8 Island").replace("8 Swamp", "9 Swamp"))
    c = census.census(swapped, cat)
    assert c["sources"] == {"U": 8, "B": 9} and c["best_splits"] == [{"B": 8, "U": 9}]
    assert census.checks(c) == ["sources 9 B/8 U where 9 U/8 B leaves fewer cards short"]
    assert census.checks(census.census(DECKS / "ub_rats_threshold.txt", cat)) == []


def test_gauntlet_and_pod_are_found(cat):
    assert len(limited_decks()) >= 8
    assert sorted(bundled.gauntlet()) == [p.resolve() for p in limited_decks()]
    pod = bundled.pod()
    assert len(pod) == 4
    pod_names = set()
    for path in pod:
        pod_names |= set(read_deck(path, catalog=cat).counts())
    assert {"Octomancer", "Perch Protection"} <= pod_names
    assert "40 life" in (DECKS / "pod" / "README.md").read_text()
    readme = (DECKS / "README.md").read_text()
    assert all(p.name in readme for p in limited_decks() + pod_decks())


# ---- behaviour of the mechanics the pool added ----------------------------------------------


def scenario(text: str) -> dict[str, Any]:
    return play(parse_scenario(text, "<test>", base_dir=Path(__file__).parent / "scenarios"))


def position(me: str, them: str = "", actions: str = "", phase: str = "main1") -> str:
    """A two-player position: seat 0 active in `phase`, seat 1 the opponent."""
    return (
        f'[game]\nplayers = 2\nactive = 0\nturn = 4\nphase = "{phase}"\n\n'
        f'[[seat]]\nlibrary = ["Plains", "Plains", "Plains", "Plains"]\n{me}\n\n'
        f'[[seat]]\nlibrary = ["Island", "Island", "Island", "Island"]\n{them}\n\n{actions}'
    )


def lands(name: str, n: int) -> str:
    return ", ".join([f'"{name}"'] * n)


def test_offspring_paid_makes_a_1_1_token_copy_whose_enters_trigger_also_fires():
    s = scenario(
        position(
            f'hand = ["Intrepid Rabbit"]\nbattlefield = [{lands("Plains", 4)}]',
            actions='[[action]]\ncast = "Intrepid Rabbit"',
        )
    )
    rabbits = bf(s, 0, "Intrepid Rabbit")
    assert sorted(r["token"] for r in rabbits) == [False, True]
    (token,) = (r for r in rabbits if r["token"])
    assert token["toughness"] in (1, 2)  # a 1/1 copy (+1/+1 if a trigger chose it)
    # two enters triggers, the copy's included: +1/+1 until end of turn each
    assert sum(r["power"] for r in rabbits) == 3 + 1 + 2


def test_offspring_not_paid_without_the_mana():
    s = scenario(
        position(
            f'hand = ["Intrepid Rabbit"]\nbattlefield = [{lands("Plains", 3)}]',
            actions='[[action]]\ncast = "Intrepid Rabbit"',
        )
    )
    (rabbit,) = bf(s, 0, "Intrepid Rabbit")
    assert (rabbit["token"], rabbit["power"]) == (False, 4)  # its own trigger: +1/+1


def test_valiant_triggers_the_first_time_each_turn_only():
    me = (
        'hand = ["Crumb and Get It", "Might of the Meek"]\n'
        f'battlefield = [{lands("Plains", 1)}, {lands("Mountain", 1)}, "Heartfire Hero"]'
    )
    acts = (
        '[[action]]\ncast = "Crumb and Get It"\ntargets = ["battlefield:0:Heartfire Hero"]\n'
        "[[action]]\nresolve = true\n"
        '[[action]]\ncast = "Might of the Meek"\ntargets = ["battlefield:0:Heartfire Hero"]'
    )
    s = scenario(position(me, actions=acts))
    (hero,) = bf(s, 0, "Heartfire Hero")
    assert hero["counters"] == {"+1/+1": 1}
    assert (hero["power"], hero["toughness"]) == (1 + 1 + 2 + 1, 1 + 1 + 2)


def test_heartfire_hero_dies_dealing_its_last_power_to_each_opponent():
    me = f'hand = ["Fell"]\nbattlefield = [{lands("Swamp", 2)}]'
    them = 'battlefield = [{ card = "Heartfire Hero", counters = { "+1/+1" = 2 } }]'
    acts = '[[action]]\ncast = "Fell"\ntargets = ["battlefield:1:Heartfire Hero"]'
    s = scenario(position(me, them, acts))
    assert s["seats"][0]["life"] == 17  # a 3/3 when it died


def test_expend_4_triggers_on_the_fourth_mana_spent_on_spells():
    me = (
        f'hand = ["Quaketusk Boar"]\nbattlefield = [{lands("Mountain", 5)}, "Teapot Slinger",'
        ' "Bakersbane Duo"]'
    )
    s = scenario(position(me, actions='[[action]]\ncast = "Quaketusk Boar"'))
    assert s["seats"][1]["life"] == 18  # Teapot Slinger: 2 damage to each opponent
    (duo,) = bf(s, 0, "Bakersbane Duo")
    assert duo["power"] == 3


def test_expend_does_not_trigger_below_four():
    me = f'hand = ["Fell"]\nbattlefield = [{lands("Swamp", 5)}, "Teapot Slinger"]\n'
    them = 'battlefield = ["Jolly Gerbils"]'
    s = scenario(
        position(me, them, '[[action]]\ncast = "Fell"\ntargets = ["battlefield:1:Jolly Gerbils"]')
    )
    assert s["seats"][1]["life"] == 20


def test_prowess_and_noncreature_spell_triggers():
    me = (
        f'hand = ["Playful Shove"]\nbattlefield = [{lands("Mountain", 2)}, "Lightshell Duo",'
        ' "Tempest Angler", "Coruscation Mage"]'
    )
    s = scenario(position(me, actions='[[action]]\ncast = "Playful Shove"\ntargets = ["seat:1"]'))
    assert bf(s, 0, "Lightshell Duo")[0]["power"] == 4  # prowess: +1/+1 until end of turn
    assert bf(s, 0, "Tempest Angler")[0]["counters"] == {"+1/+1": 1}
    assert s["seats"][1]["life"] == 20 - 1 - 1  # Coruscation Mage, then the Shove


def test_a_players_second_spell_triggers_hearthborn_battler():
    me = f'hand = ["Fell", "Savor"]\nbattlefield = [{lands("Swamp", 4)}, "Hearthborn Battler"]'
    them = 'battlefield = ["Jolly Gerbils", "Brightblade Stoat"]'
    acts = (
        '[[action]]\ncast = "Fell"\ntargets = ["battlefield:1:Jolly Gerbils"]\n'
        "[[action]]\nresolve = true\n"
        '[[action]]\ncast = "Savor"\ntargets = ["battlefield:1:Brightblade Stoat"]'
    )
    s = scenario(position(me, them, acts))
    assert s["seats"][1]["life"] == 18


def test_landfall_and_lands_entering_fire_enters_triggers():
    me = 'hand = ["Swamp"]\nbattlefield = ["Iridescent Vinelasher"]'
    s = scenario(position(me, actions='[[action]]\nplay = "Swamp"'))
    assert s["seats"][1]["life"] == 19


def test_sacrificing_carrot_cake_makes_a_rabbit_and_gains_life():
    me = f'battlefield = [{lands("Plains", 2)}, "Carrot Cake"]\nlife = 10'
    s = scenario(position(me, actions='[[action]]\nactivate = "Carrot Cake"'))
    assert s["seats"][0]["life"] == 13
    assert [p["card"] for p in bf(s, 0) if p["token"]] == ["Rabbit"]
    assert s["seats"][0]["graveyard"] == ["Carrot Cake"]


def test_enters_with_a_counter_if_an_opponent_lost_life_this_turn():
    me = f'hand = ["Playful Shove", "Frilled Sparkshooter"]\nbattlefield = [{lands("Mountain", 6)}]'
    acts = (
        '[[action]]\ncast = "Playful Shove"\ntargets = ["seat:1"]\n[[action]]\nresolve = true\n'
        '[[action]]\ncast = "Frilled Sparkshooter"'
    )
    s = scenario(position(me, actions=acts))
    assert bf(s, 0, "Frilled Sparkshooter")[0]["counters"] == {"+1/+1": 1}
    s = scenario(position(me, actions='[[action]]\ncast = "Frilled Sparkshooter"'))
    assert bf(s, 0, "Frilled Sparkshooter")[0]["counters"] == {}


def test_forage_exiles_three_graveyard_cards_or_sacrifices_a_food():
    me = (
        f'hand = ["Treetop Sentries"]\nbattlefield = [{lands("Forest", 4)}]\n'
        'graveyard = ["Fell", "Savor", "Forest"]'
    )
    s = scenario(position(me, actions='[[action]]\ncast = "Treetop Sentries"'))
    assert s["seats"][0]["graveyard"] == [] and len(s["seats"][0]["exile"]) == 3
    assert len(s["seats"][0]["hand"]) == 1  # "if you do, draw a card"
    me = f'hand = ["Bushy Bodyguard"]\nbattlefield = [{lands("Forest", 2)}, "Food"]'
    s = scenario(position(me, actions='[[action]]\ncast = "Bushy Bodyguard"'))
    assert bf(s, 0, "Food") == [] and bf(s, 0, "Bushy Bodyguard")[0]["counters"] == {"+1/+1": 2}
    me = f'hand = ["Treetop Sentries"]\nbattlefield = [{lands("Forest", 4)}]'
    s = scenario(position(me, actions='[[action]]\ncast = "Treetop Sentries"'))
    assert s["seats"][0]["hand"] == []  # nothing to forage: no card


def test_threshold_static_and_unblockable():
    seven = ", ".join(['"Island"'] * 7)
    me = f'battlefield = ["Nightwhorl Hermit", "Mindwhisker"]\ngraveyard = [{seven}]'
    them = 'battlefield = ["Jolly Gerbils"]'
    s = scenario(position(me, them))
    hermit = bf(s, 0, "Nightwhorl Hermit")[0]
    assert hermit["power"] == 2 and "unblockable" in hermit["keywords"]
    assert bf(s, 1, "Jolly Gerbils")[0]["power"] == 1  # Mindwhisker: -1/-0 with threshold
    s = scenario(position('battlefield = ["Nightwhorl Hermit"]', them))
    assert bf(s, 0, "Nightwhorl Hermit")[0]["power"] == 1
    with pytest.raises(InputError, match="Jolly Gerbils can't block Nightwhorl Hermit"):
        scenario(
            position(
                me,
                them,
                '[[action]]\nattack = ["Nightwhorl Hermit"]\n'
                "[[action]]\nseat = 1\n"
                'block = [["Jolly Gerbils", "Nightwhorl Hermit"]]',
            )
        )


def test_cost_reduction_and_hybrid_costs():
    me = (
        f'hand = ["Polliwallop"]\nbattlefield = [{lands("Forest", 2)}, "Pond Prophet",'
        ' "Sunshower Druid"]'
    )
    them = 'battlefield = ["Brightblade Stoat"]'
    acts = (
        '[[action]]\ncast = "Polliwallop"\n'
        'targets = [["battlefield:0:Pond Prophet"], ["battlefield:1:Brightblade Stoat"]]'
    )
    s = scenario(position(me, them, acts))  # {3}{G} less {1} per Frog: {1}{G}
    assert s["seats"][1]["graveyard"] == ["Brightblade Stoat"]  # 2 x 1 power = 2 damage
    s = scenario(
        position(
            f'hand = ["Moonrise Cleric"]\nbattlefield = [{lands("Swamp", 3)}]',
            actions='[[action]]\ncast = "Moonrise Cleric"',
        )
    )
    assert bf(s, 0, "Moonrise Cleric")  # {1}{W/B}{W/B} paid with Swamps only


def test_banishing_light_returns_the_card_when_it_leaves():
    me = f'hand = ["Banishing Light"]\nbattlefield = [{lands("Plains", 3)}]'
    them = 'battlefield = ["Brightblade Stoat", "Nettle Guard", "Forest"]'
    s = scenario(position(me, them, '[[action]]\ncast = "Banishing Light"'))
    assert s["seats"][1]["exile"] == ["Brightblade Stoat"]
    acts = (
        '[[action]]\ncast = "Banishing Light"\n[[action]]\nresolve = true\n'
        '[[action]]\nseat = 1\nactivate = "Nettle Guard"\n'
        'targets = ["battlefield:0:Banishing Light"]'
    )
    s = scenario(position(me, them, acts))
    assert s["seats"][1]["exile"] == [] and bf(s, 1, "Brightblade Stoat")


def test_damage_by_power_and_flicker():
    me = f'hand = ["Rabid Gnaw"]\nbattlefield = [{lands("Mountain", 2)}, "Quaketusk Boar"]'
    them = 'battlefield = ["Galewind Moose"]'
    acts = (
        '[[action]]\ncast = "Rabid Gnaw"\n'
        'targets = [["battlefield:0:Quaketusk Boar"], ["battlefield:1:Galewind Moose"]]'
    )
    s = scenario(position(me, them, acts))
    assert s["seats"][1]["graveyard"] == ["Galewind Moose"]  # 5 + 1 power, toughness 6
    me = (
        f'battlefield = [{lands("Forest", 2)}, "Island", "Lilysplash Mentor",'
        ' { card = "Bakersbane Duo", tapped = true }]'
    )
    s = scenario(
        position(
            me,
            actions='[[action]]\nactivate = "Lilysplash Mentor"\n'
            'targets = ["battlefield:0:Bakersbane Duo"]',
        )
    )
    duo = bf(s, 0, "Bakersbane Duo")[0]
    assert duo["counters"] == {"+1/+1": 1} and not duo["tapped"]  # a new object
    assert len(bf(s, 0, "Food")) == 1  # its enters trigger again


def test_library_ops_mill_reveal_until_land_and_search():
    me = (
        f'hand = ["Daggerfang Duo", "Clifftop Lookout", "Heaped Harvest"]\n'
        f"battlefield = [{lands('Swamp', 3)}, {lands('Forest', 6)}]"
    )
    acts = '[[action]]\ncast = "Daggerfang Duo"'
    s = scenario(position(me, actions=acts))
    assert s["seats"][0]["graveyard"] == ["Plains", "Plains"]
    s = scenario(position(me, actions='[[action]]\ncast = "Clifftop Lookout"'))
    assert sum(p["card"] == "Plains" and p["tapped"] for p in bf(s, 0)) == 1
    s = scenario(position(me, actions='[[action]]\ncast = "Heaped Harvest"'))
    assert len(bf(s, 0, "Plains")) == 1 and s["seats"][0]["library_size"] == 3


def test_discard_punisher_and_counter_unless_pay():
    me = f'hand = ["Psychic Whorl"]\nbattlefield = [{lands("Swamp", 3)}]'
    them = 'hand = ["Island", "Fell", "Savor"]'
    s = scenario(position(me, them, '[[action]]\ncast = "Psychic Whorl"\ntargets = ["seat:1"]'))
    assert len(s["seats"][1]["hand"]) == 1 and len(s["seats"][1]["graveyard"]) == 2
    me = f'hand = ["Thornplate Intimidator"]\nbattlefield = [{lands("Swamp", 4)}]'
    s = scenario(position(me, "life = 20", '[[action]]\ncast = "Thornplate Intimidator"'))
    assert s["seats"][1]["life"] == 17  # nothing to sacrifice or discard
    them = f'hand = ["Dazzling Denial"]\nbattlefield = [{lands("Island", 2)}]'
    for spare, countered in ((0, True), (2, False)):
        me = f'hand = ["Savor"]\nbattlefield = [{lands("Swamp", 2 + spare)}, "Jolly Gerbils"]'
        acts = (
            '[[action]]\ncast = "Savor"\ntargets = ["battlefield:0:Jolly Gerbils"]\n'
            '[[action]]\nseat = 1\ncast = "Dazzling Denial"\ntargets = ["stack:top"]'
        )
        s = scenario(position(me, them, acts))
        assert (bf(s, 0, "Food") == []) == countered


def test_legend_rule_keeps_the_newest():
    # the old Mabel is tapped and not sick: the one kept is untapped and sick, the new one
    me = (
        f'hand = ["Mabel, Heir to Cragflame"]\nbattlefield = [{lands("Mountain", 2)}, '
        '"Plains", { card = "Mabel, Heir to Cragflame", tapped = true, sick = false }]'
    )
    s = scenario(position(me, actions='[[action]]\ncast = "Mabel, Heir to Cragflame"'))
    kept = bf(s, 0, "Mabel, Heir to Cragflame")
    assert len(kept) == 1 and not kept[0]["tapped"] and kept[0]["sick"]
    assert len(bf(s, 0, "Cragflame")) == 1  # the new Mabel's token
    assert "Mabel, Heir to Cragflame" in s["seats"][0]["graveyard"]


def test_life_triggers_defending_player_and_subtype_conditions():
    me = 'battlefield = ["Agate-Blade Assassin", "Starscape Cleric", "Wax-Wane Witness"]'
    s = scenario(
        position(
            me,
            actions='[[action]]\nattack = ["Agate-Blade Assassin"]\n'
            "[[action]]\nresolve = true\n[[action]]\nblock = []\n"
            '[[action]]\nadvance = "main2"',
        )
    )
    # assassin: 1 life loss + 1 life gain; the gain makes Starscape Cleric drain 1; the
    # assassin's combat damage 1; Wax-Wane Witness: +1/+0 per life change on its turn
    assert s["seats"][1]["life"] == 20 - 1 - 1 - 1 and s["seats"][0]["life"] == 21
    me = f'hand = ["Sonar Strike"]\nbattlefield = [{lands("Plains", 2)}, "Moonrise Cleric"]'
    them = 'battlefield = [{ card = "Brightblade Stoat", tapped = true }]'
    s = scenario(
        position(
            me,
            them,
            '[[action]]\ncast = "Sonar Strike"\ntargets = ["battlefield:1:Brightblade Stoat"]',
        )
    )
    assert s["seats"][1]["graveyard"] == ["Brightblade Stoat"] and s["seats"][0]["life"] == 23


def test_other_creature_enters_filters_mana_creatures_and_equipment():
    me = (
        f'hand = ["Head of the Homestead"]\nbattlefield = [{lands("Forest", 4)}, '
        '{ card = "Three Tree Rootweaver", sick = false }, "Valley Mightcaller", "Short Bow"]'
    )
    s = scenario(position(me, actions='[[action]]\ncast = "Head of the Homestead"'))
    # Head of the Homestead ({3}{G/W}{G/W}) cast with four Forests and the Rootweaver: the
    # Mightcaller grows for it (a Rabbit) and its two Rabbit tokens
    assert bf(s, 0, "Valley Mightcaller")[0]["counters"] == {"+1/+1": 3}
    s = scenario(
        position(
            me,
            actions='[[action]]\nactivate = "Short Bow"\n'
            'targets = ["battlefield:0:Valley Mightcaller"]',
        )
    )
    caller = bf(s, 0, "Valley Mightcaller")[0]
    assert {"vigilance", "reach"} <= set(caller["keywords"]) and caller["power"] == 2

"""The built-in player (issue 14): the basic level is kept exactly, the standard level plays the
positions a competent Limited player plays (scenario files under tests/scenarios/player/), and
every bundled card gets cast when drawn."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest
from conftest import CAST_SHARE_EXCEPTIONS, names, run_player
from statsmodels.stats.proportion import proportion_confint

from analyzer.analysis.simulate import kernel_inputs
from analyzer.api.simulation import _load
from analyzer.bundled import gauntlet
from analyzer.enums import AiRole, CardCol, PlayerLevel
from analyzer.kernel.runtime.batch import GAME_N, OBJ_N, SEAT_N, obj_fields, run_batch, seat_fields
from analyzer.policies.table import policy_table

# sha256 of the result rows (games, then per-card stats) of the games below with both seats at
# the basic level, computed on commit cc18404 (before any standard-player change). The basic
# player is the earlier player, kept so gains can be measured: its games must never change.
# A legitimate rules change elsewhere changes this hash too: re-pin it on the commit that makes
# that change, saying so. Re-pinned at the merge of issues 14, 15 and 17: the result rows gained
# two per-seat columns (attackers, attackers blocked), and the rules of issue 17 change games
# (ward as a trigger, "whenever you give a gift" after resolution, copies as tokens).
# Re-pinned when UR Otters' list changed (Dire Downdraft and Agate Assault for Pearl of Wisdom
# and Whiskerquill Scribe): the old list still gives the old hash on the same code. Re-pinned
# when UR Otters played Stormcatch Mentor in one Kindlespark Duo's slot (the same check holds),
# and when a spell or ability cast in an open priority window stopped moving the window's step
# on to the next step (stack.reopen_window): after one action at an opponent's end step or
# after blocks, the next action in that window was judged as in cleanup or a damage step (a
# second Food, a second trick). Re-pinned when UR Otters played Eddymurk Crab in Heartfire
# Hero's slot (a deck change; the old list still gives the old hash on the same code).
# Re-pinned for each bundled deck rebuilt to decks/README.md's construction rules (deck changes
# only, no rules change): UB Rats (Mind Drill Assailant, Thought Shucker), GW Rabbits
# (Burrowguard Mentor, Parting Gust, Longstalk Brawl), WU Birds (Plumecreed Mentor), BG
# Squirrels (Corpseberry Cultivator). Re-pinned when the heuristic gift policy (both players'
# policy, not the basic player's play) stopped promising a pump after combat
# (promised_pump_moot: Sazacap's Brew at an end step). Re-pinned when BG Squirrels played one
# Vinereap Mentor and Bonebind Orator (a deck change: the standard player's new block and
# removal-timing rules of the same merge leave this hash as the deck change alone gives it).
# Re-pinned for the decks of construction rules 8 and 9 (deck changes only: UB Rats' Islands,
# Dire Downdraft and Nocturnal Hunger; GU Frogs, UR Otters, RG Raccoons, WU Birds, WR Mice;
# the old lists still give the old hash on the same code).
# Re-pinned when the heuristic gift policy priced a gift with the recipient's payoffs on the
# battlefield and Starforged Sword's per-target value went 2 -> 3 (these games play that policy).
# Re-pinned for UR Otters' list (Otterball Antics and Harnesser of Storms in; a deck change
# only: the old list gives the old hash on the same code).
BASIC_GAMES_SHA256 = "acc2ba0edc4cec67045baadef928e353f48d152fcfd25ba40c263bf1dafa7e1c"


@pytest.fixture(scope="module")
def bundled(catalog):
    return _load(gauntlet(), catalog, False)


def play(catalog, d0, d1, levels, games, seed):
    inp = kernel_inputs([d0, d1], catalog, levels=levels)
    pol = policy_table("heuristic", inp.card_names, catalog.lookup)
    g = np.zeros((games, GAME_N + 2 * SEAT_N), np.int32)
    o = np.zeros((games, int(inp.deck_sizes.sum()), OBJ_N), np.int8)
    run_batch(
        inp.C,
        pol,
        inp.decks,
        inp.deck_sizes,
        inp.levels,
        2,
        seed,
        0,
        20,
        60,
        50_000,
        g,
        o,
        seat_fields(),
        obj_fields(),
    )
    return inp, g, o


def test_basic_level_plays_exactly_the_earlier_games(catalog, bundled):
    h = hashlib.sha256()
    basic = [PlayerLevel.BASIC, PlayerLevel.BASIC]
    for i in range(0, 9, 2):
        for j in (1, 4):
            _, g, o = play(catalog, bundled[i], bundled[(i + j) % 9], basic, 60, seed=11)
            h.update(g.tobytes())
            h.update(o.tobytes())
    assert h.hexdigest() == BASIC_GAMES_SHA256


# ---- the standard player's play on set-up positions (tests/scenarios/player/) ----------------


def test_chump_block_saves_the_game():
    state = run_player("chump_block_saves_the_game")
    assert not state["seats"][1]["lost"]
    assert state["seats"][1]["life"] == 2
    assert names(state, 1, "battlefield") == []  # the Fish blocked and died


def test_the_counterspell_is_held_up_and_counters_the_creature():
    state = run_player("counterspell_held_up")
    assert "Shoreline Looter" in names(state, 0, "battlefield")  # the two-drop fits beside it
    assert names(state, 0, "hand")[:1] == ["Long River Lurker"]  # not cast into the counter's mana
    assert "Long River's Pull" in names(state, 0, "graveyard")
    assert "Rust-Shield Rampager" in names(state, 1, "graveyard")


def test_the_trick_flips_the_block():
    state = run_player("trick_flips_a_block")
    assert names(state, 0, "graveyard") == ["Overprotect"]
    assert "Valley Flamecaller" in names(state, 0, "battlefield")
    assert names(state, 1, "graveyard") == ["Valley Flamecaller"]
    # at 20 life the defender has life to spare: the lone even attack reads as a trick
    state = run_player("trick_flips_a_block", ("life = 14", "life = 20"))
    assert names(state, 0, "hand") == ["Overprotect"]
    assert names(state, 1, "graveyard") == []
    assert state["seats"][1]["life"] == 16  # (the attacking Lizard's own +1: 4 damage)


def test_removal_is_kept_for_a_bigger_threat():
    state = run_player("removal_kept_for_a_bigger_threat")
    assert names(state, 0, "hand") == ["Fell"]
    # the same position with a 4/4 on the other side: that one is worth the card
    state = run_player(
        "removal_kept_for_a_bigger_threat",
        (
            'battlefield = ["Fish", "Forest"]',
            'battlefield = ["Fish", "Forest", "Rust-Shield Rampager"]',
        ),
    )
    assert names(state, 0, "graveyard") == ["Fell"]
    assert names(state, 1, "graveyard") == ["Rust-Shield Rampager"]


def test_food_is_eaten_in_response_to_lethal_damage():
    state = run_player("food_eaten_in_response_to_lethal")
    assert not state["seats"][1]["lost"]
    assert state["seats"][1]["life"] == 2
    assert "Food" not in names(state, 1, "battlefield")


def test_a_fight_goes_to_the_creature_that_survives_it():
    state = run_player("fight_with_the_creature_that_survives")
    assert names(state, 0, "graveyard") == ["Longstalk Brawl"]
    assert names(state, 1, "graveyard") == ["Stickytongue Sentinel"]
    assert {"Alania's Pathmaker", "Treeguard Duo"} <= set(names(state, 0, "battlefield"))


def test_every_bundled_card_is_cast_in_most_games_it_is_drawn(catalog, bundled):
    drawn: dict[str, int] = {}
    cast: dict[str, int] = {}
    std = [PlayerLevel.STANDARD, PlayerLevel.STANDARD]
    for i in range(9):
        for j in (1, 3, 5):
            inp, _, o = play(catalog, bundled[i], bundled[(i + j) % 9], std, 100, seed=21 + i)
            for k in range(int(inp.deck_sizes[0])):
                name = inp.card_names[inp.object_cards[k]]
                seen = (o[:, k, 0] + o[:, k, 1]) > 0
                drawn[name] = drawn.get(name, 0) + int(seen.sum())
                cast[name] = cast.get(name, 0) + int(((o[:, k, 2] > 0) & seen).sum())
    lands = {r.name for r in catalog.records if r.is_land}
    # A card fails when its cast share is below 40% beyond sampling noise: the upper end of
    # its one-sided 95% Wilson interval under 0.40 (a card drawn in ~130 games has an SE of
    # ~4 points; calibrate measures the shares on ten times as many games).
    eligible = [n for n in drawn if n not in lands and drawn[n] >= 30]
    assert len(eligible) >= 100 and sum(cast[n] for n in eligible) > 0  # nearly every card
    low = {
        n: round(cast[n] / drawn[n], 2)
        for n in eligible
        if proportion_confint(cast[n], drawn[n], alpha=0.10, method="wilson")[1] < 0.4
    }
    assert set(low) <= set(CAST_SHARE_EXCEPTIONS), low


def test_roles_come_from_what_the_program_does(catalog):
    def roles(col):
        return {r.name: int(catalog.compiled.cards[i, col]) for i, r in enumerate(catalog.records)}

    std = roles(CardCol.AI_ROLE)
    assert std["Dazzling Denial"] == AiRole.COUNTER  # counter unless its controller pays
    assert std["Rabbit Response"] == AiRole.TRICK  # +2/+1 to the team; the scry is a rider
    assert std["Might of the Meek"] == AiRole.TRICK  # trample (+1/+0); the card draw is a rider
    assert std["Sazacap's Brew"] == AiRole.CARD_DRAW  # the pump only when promised
    assert std["Long River's Pull"] == AiRole.COUNTER
    assert std["Savor"] == AiRole.REMOVAL  # -2/-2 to a creature it means harm; the Food a rider
    basic = roles(CardCol.AI_ROLE_BASIC)  # the basic player's, kept
    assert basic["Dazzling Denial"] == AiRole.PERMANENT
    assert basic["Rabbit Response"] == AiRole.CARD_DRAW
    changed = {n for n in std if std[n] != basic[n]}
    assert changed == {"Dazzling Denial", "Rabbit Response", "Might of the Meek", "Savor"}


def test_equipment_that_removes_flying_goes_to_a_creature_without_it():
    state = run_player("sword_goes_to_a_creature_without_flying")
    sword = [p for p in state["seats"][0]["battlefield"] if p["card"] == "Starforged Sword"]
    assert sword[0]["attached_to"] is not None
    assert "Mistbreath Elder" in sword[0]["attached_to"]


def test_a_trick_in_response_saves_a_creature_from_damage():
    state = run_player("trick_saves_from_damage")
    assert names(state, 1, "graveyard") == ["High Stride"]
    assert "Treetop Sentries" in names(state, 1, "battlefield")


def test_a_trick_is_not_wasted_against_destroy():
    state = run_player("trick_kept_against_destroy")
    assert names(state, 1, "hand") == ["High Stride"]
    assert names(state, 1, "graveyard") == ["Treetop Sentries"]


def test_go_wide_attack_when_the_blockers_cannot_hold_the_team():
    state = run_player("go_wide_attack")
    assert state["seats"][1]["life"] == 2  # three 2/2s got through
    assert names(state, 0, "graveyard") == ["Warren Elder"]  # the Sentries ate one
    # with the defender at 20 the race is not won (14 life left, 4 power a turn): nobody attacks
    state = run_player("go_wide_attack", ("life = 8", "life = 20"))
    assert state["seats"][1]["life"] == 20


def test_a_cantrip_trick_goes_on_a_valiant_creature_before_combat():
    state = run_player("valiant_cantrip_before_combat")
    assert names(state, 0, "graveyard") == ["Might of the Meek"]
    # the card it drew (a Mountain) became the turn's land drop
    assert names(state, 0, "battlefield").count("Mountain") == 2
    assert state["seats"][1]["life"] == 17  # 1/1 + counter + 1 (a Mouse): 3 damage


def test_the_board_comes_before_a_counterspell_that_would_cost_the_turn():
    # three Islands, Long River's Pull and a three-drop: holding the counter would spend the
    # whole turn on a spell the opponent may never cast (tests/test_player_spells.py has more)
    state = run_player("counterspell_not_held_over_the_turn")
    assert "Long River Lurker" in names(state, 0, "battlefield")


def test_the_blocker_goes_before_card_draw_when_the_next_attack_kills():
    state = run_player("blocker_before_card_draw_when_the_attack_kills")
    assert "Thornplate Intimidator" in names(state, 0, "battlefield")
    assert "Mind Spiral" in names(state, 0, "hand")
    # at 20 life, still behind on the board, the blocker goes first too (ai_develop); with no
    # attack in sight and nothing across, the most expensive spell first, as ever
    state = run_player("blocker_before_card_draw_when_the_attack_kills", ("life = 4", "life = 20"))
    assert "Thornplate Intimidator" in names(state, 0, "battlefield")
    assert "Mind Spiral" in names(state, 0, "hand")
    state = run_player(
        "blocker_before_card_draw_when_the_attack_kills",
        ("life = 4", "life = 20"),
        ('battlefield = ["Beast 3/3", "Beast 3/3"]', "battlefield = []"),
    )
    assert "Mind Spiral" in names(state, 0, "graveyard")
    assert "Thornplate Intimidator" in names(state, 0, "hand")

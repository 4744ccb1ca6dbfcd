"""Every matchup of a run plays its own random stream (analysis/streams.py).

With one shared run seed, game i dealt the deck under test the same seven cards, with the same
seat first, against every opponent of a gauntlet: pooled tables counted each deal once per
opponent. These tests pin the per-matchup streams, that every game stays reproducible from the
seed its table row names, and that the streams are recorded where replays read them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from analyzer import api, bundled
from analyzer.analysis.replay_session import ReplaySession, parse_decision_id
from analyzer.analysis.simulate import seat_levels, simulate_matchup
from analyzer.analysis.streams import matchup_seeds, stream_seed
from analyzer.api.runs import load_all
from analyzer.cards.catalog import load_catalog

DECKS = Path(__file__).resolve().parent.parent / "decks"
ME = DECKS / "ub_rats_threshold.txt"


def test_gauntlet_matchups_deal_the_deck_different_hands(tmp_path: Path) -> None:
    """A gauntlet run: each matchup on its own seed (the manifest's stream_seeds, games.csv's
    seed column), so the deck's opening hands differ from one opponent to the next."""
    run = api.simulate(ME, games=40, seed=3, per_game=True, out=tmp_path / "run")
    games = run.games
    seeds = games.groupby("matchup")["seed"].agg(["nunique", "first"])
    assert (seeds["nunique"] == 1).all() and seeds["first"].nunique() == len(run.results) >= 3
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["seed"] == 3 and manifest["extra"]["stream_seeds"] == list(seeds["first"])
    hands = {
        k: list(zip(g["seat0_opening_lands"], g["seat0_mulligans"], strict=True))
        for k, g in games.groupby("matchup")
    }
    # one shared seed made every matchup's sequence of hands the same (40 of 40 games)
    same = sum(a == b for a, b in zip(hands[0], hands[1], strict=True))
    assert same < 30, same
    assert hands[0] != hands[1] != hands[2]


def test_a_games_table_seed_reproduces_its_games(tmp_path: Path) -> None:
    """Game i of matchup k > 0 is game i of `simulate_matchup` at the seed its row names."""
    run = api.simulate(ME, games=12, seed=5, per_game=True)
    catalog = load_catalog(())
    k = 2
    decks = load_all([[ME, bundled.gauntlet()[k]]], catalog, False).decks[0]
    row = run.games[run.games["matchup"] == k]
    again = simulate_matchup(
        decks, catalog, games=12, seed=int(row["seed"].iloc[0]), levels=seat_levels(2, "standard")
    ).games_frame()
    cols = ["winner", "turns", "first_seat", "seat0_opening_lands", "seat1_life"]
    pd.testing.assert_frame_equal(
        row[cols].reset_index(drop=True), again[cols].reset_index(drop=True)
    )


def test_single_matchup_runs_are_keyed_like_the_gauntlets() -> None:
    """One matchup run directly plays the stream the gauntlet run gives that matchup."""
    gauntlet = api.simulate(ME, games=20, seed=9, per_game=True).games
    opp = bundled.gauntlet()[1]
    alone = api.simulate(ME, [opp], games=20, seed=9, per_game=True).games
    mine = gauntlet[gauntlet["matchup"] == 1].drop(columns="matchup").reset_index(drop=True)
    pd.testing.assert_frame_equal(mine, alone.drop(columns="matchup"))
    catalog = load_catalog(())
    decks = load_all([[ME, opp]], catalog, False).decks
    assert alone["seed"].iloc[0] == matchup_seeds(9, decks)[0] == stream_seed(9, decks[0])


def test_compare_pairs_the_versions_on_each_opponents_stream(tmp_path: Path) -> None:
    """compare: both deck versions meet an opponent on one stream, keyed on the opponent."""
    other = DECKS / "gw_rabbits_tokens.txt"
    run = api.compare(ME, other, games=10, seed=4, plots=False, out=tmp_path / "cmp")
    catalog = load_catalog(())
    opps = bundled.gauntlet()
    loaded = load_all([[other, o] for o in opps], catalog, False).decks
    seeds = matchup_seeds(4, loaded, opponents_only=True)
    assert run.settings["stream_seeds"] == seeds and len(set(seeds)) == len(opps)
    manifest = json.loads((tmp_path / "cmp" / "manifest.json").read_text())
    assert manifest["extra"]["stream_seeds"] == seeds


@pytest.fixture(scope="module")
def gauntlet_evaluation(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("streams") / "eval"
    api.evaluate(ME, games=6, seed=2, policies=["never"], forks=1, plots=False, out=out)
    return out


def test_evaluate_replays_a_decision_of_a_later_matchup(gauntlet_evaluation: Path) -> None:
    """A forked decision of matchup k > 0 replays, both branches, to its decisions.csv row: the
    replay plays the matchup's own stream (manifest stream_seeds)."""
    manifest = json.loads((gauntlet_evaluation / "manifest.json").read_text())
    seeds = manifest["extra"]["stream_seeds"]
    assert len(seeds) == len(bundled.gauntlet()) and len(set(seeds)) == len(seeds)
    dec = pd.read_csv(gauntlet_evaluation / "decisions.csv")
    later = dec[dec["matchup"] > 0]
    assert len(later) > 0
    session = ReplaySession(gauntlet_evaluation)
    for row in later.head(3).itertuples(index=False):
        m, g, d = parse_decision_id(row.decision_id)
        for branch, expected in (
            ("promise", row.outcome_promise),
            ("no-promise", row.outcome_no_promise),
        ):
            r = session.replay(g, m, d, branch)
            assert r.events[0]["seed"] == seeds[m]
            score = 1.0 if r.winner == row.caster else (0.5 if r.winner < 0 else 0.0)
            assert score == pytest.approx(expected), (row.decision_id, branch)


def test_examples_of_later_matchups_replay_their_own_games(gauntlet_evaluation: Path) -> None:
    """examples.json replays each example decision from the manifest's stream seeds: the two
    branches end the way decisions.csv says (one fork per branch here)."""
    cards = json.loads((gauntlet_evaluation / "examples.json").read_text())
    score = {"win": 2, "draw": 1, "loss": 0}
    later = [
        ex for c in cards for ex in c["examples"] if parse_decision_id(ex["decision_id"])[0] > 0
    ]
    assert later
    for ex in later:
        b = ex["branches"]
        diff = score[b["promise"]["result"]] - score[b["no-promise"]["result"]]
        assert diff / 2 == pytest.approx(ex["gain"]), ex["decision_id"]

"""A replay shows the position at the fork point (and, asked, at the start of a turn).

- The fork position is the game record at the decision: each seat's life, hand, library and
  lands, and the caster's creatures' total power and toughness, equal the decision's features
  in decisions.csv (computed by the kernel at that moment), and the battlefield's names equal
  what the events put there and took away.
- Both branches show the same position (they are the same game up to the fork).
- `--seat S` counts the other seat's hand without naming its cards; jsonl has the position as
  one object; `--position-at T` shows the start of turn T (life as the events before it say).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from analyzer import api
from analyzer.analysis.gamelog_rows import final_life
from analyzer.analysis.replay_position import land_names
from analyzer.analysis.replay_session import ReplaySession, parse_decision_id
from analyzer.cli import main

DECKS = Path(__file__).resolve().parent.parent / "decks"


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory):
    out = tmp_path_factory.mktemp("eval") / "run"
    api.evaluate(
        DECKS / "ub_rats_threshold.txt",
        [DECKS / "bg_squirrels_forage.txt"],
        games=12,
        seed=3,
        policies=["never"],
        forks=1,
        plots=False,
        out=out,
    )
    return out


def _fork(r):
    (pos,) = [state for _, at, state in r.positions if at == "fork point"]
    return pos


def _battlefield_from_events(events):
    """Names on the battlefield after these events, re-derived from the log."""
    objs: dict[int, str] = {}
    for ev in events:
        if ev["kind"] == "zone" and ev["to_zone"] == "battlefield":
            objs[ev["obj"]] = ev["card_name"]
        elif ev["kind"] == "zone" and ev["from_zone"] == "battlefield":
            objs.pop(ev["obj"], None)
        elif ev["kind"] == "token":
            objs[ev["obj"]] = ev["card_name"]
    return Counter(objs.values())


def test_fork_position_is_the_record_at_the_decision(evaluated):
    dec = pd.read_csv(evaluated / "decisions.csv")
    assert len(dec) >= 3
    session = ReplaySession(evaluated)
    for row in dec.head(6).itertuples(index=False):
        m, g, d = parse_decision_id(row.decision_id)
        r = session.replay(g, m, d, "promise")
        pos = _fork(r)
        lands = land_names(r.info)
        me, opp = pos["seats"][row.caster], pos["seats"][row.recipient]
        assert pos["turn"] == row.turn  # (the caster may act on the other turn: an instant)
        for seat, pre in ((me, ""), (opp, "opp_")):
            assert seat["life"] == getattr(row, pre + "life"), row.decision_id
            assert len(seat["hand"]) == getattr(row, pre + "hand"), row.decision_id
            assert seat["library_size"] == getattr(row, pre + "library"), row.decision_id
            n_lands = sum(p["card"] in lands for p in seat["battlefield"])
            assert n_lands == getattr(row, pre + "lands"), row.decision_id
        creatures = [p for p in me["battlefield"] if p["power"] is not None]
        assert sum(p["power"] for p in creatures) == row.power
        assert sum(p["toughness"] for p in creatures) == row.toughness
        # the card being cast is still in hand: the fork comes before the cast
        assert row.card in me["hand"]
        fork = next(i for i, ev in enumerate(r.events) if ev["kind"] == "decision")
        on_bf = Counter(p["card"] for s in pos["seats"] for p in s["battlefield"])
        assert on_bf == _battlefield_from_events(r.events[:fork]), row.decision_id


def test_both_branches_show_the_same_position(evaluated):
    row = pd.read_csv(evaluated / "decisions.csv").iloc[0]
    m, g, d = parse_decision_id(row.decision_id)
    session = ReplaySession(evaluated)
    p, n = (session.replay(g, m, d, b) for b in ("promise", "no-promise"))
    assert _fork(p) == _fork(n)

    def block(r):
        lines = r.text().splitlines()
        i = next(k for k, line in enumerate(lines) if line.startswith(">>> fork point"))
        j = next(k for k in range(i + 1, len(lines)) if not lines[k].startswith("    "))
        return lines[i + 1 : j]

    assert block(p) == block(n) and block(p)[0].startswith("    position at the fork point")
    assert any("life " in line for line in block(p))
    # report.html's examples start at the fork: the block is there too
    assert p.text(from_fork=True).splitlines()[1:][: len(block(p))] == block(p)


def test_seat_view_counts_the_other_hand_and_jsonl_has_the_position(evaluated):
    row = pd.read_csv(evaluated / "decisions.csv").iloc[0]
    run = ["replay", str(evaluated), "--decision", row.decision_id, "--branch", "promise"]
    cli = CliRunner()
    pos = _fork(ReplaySession(evaluated).replay(*_args(row)))
    full = cli.invoke(main, run)
    assert full.exit_code == 0, full.output
    for s in pos["seats"]:
        assert f"hand {len(s['hand'])}: {', '.join(s['hand'])}" in full.output
    view = cli.invoke(main, [*run, "--seat", str(row.caster)])
    assert view.exit_code == 0, view.output
    me, opp = pos["seats"][row.caster], pos["seats"][row.recipient]
    seat_lines = [line for line in view.output.splitlines() if "; hand " in line]
    assert seat_lines[row.caster].endswith(f"; hand {len(me['hand'])}: {', '.join(me['hand'])}")
    assert seat_lines[row.recipient].endswith(f"; hand {len(opp['hand'])}")
    res = cli.invoke(main, [*run, "--format", "jsonl"])
    objs = [json.loads(line) for line in res.stdout.splitlines()]
    at = [i for i, o in enumerate(objs) if o["kind"] == "position"]
    assert len(at) == 1 and objs[at[0] - 1]["kind"] == "decision"
    assert objs[at[0]]["at"] == "fork point" and objs[at[0]]["seats"] == pos["seats"]
    events = objs[: at[0]] + objs[at[0] + 1 :]
    assert [e["seq"] for e in events] == list(range(len(events)))


def _args(row):
    m, g, d = parse_decision_id(row.decision_id)
    return g, m, d, "promise"


def test_position_at_a_turn_start(evaluated):
    row = pd.read_csv(evaluated / "decisions.csv").iloc[0]
    session = ReplaySession(evaluated)
    g, m, d, _ = _args(row)
    plain = session.replay(g, m)
    for turn in (1, int(row.turn), plain.turns):
        r = session.replay(g, m, position_at=turn)
        ((i, at, pos),) = r.positions
        assert at == "turn start" and pos["turn"] == turn and not pos["game_over"]
        assert r.events[i - 1]["kind"] == "turn_start" and r.events[i - 1]["turn"] == turn
        life = final_life(r.events[:i], len(pos["seats"]), r.events[0]["b"])
        assert [s["life"] for s in pos["seats"]] == life
        on_bf = Counter(p["card"] for s in pos["seats"] for p in s["battlefield"])
        assert on_bf == _battlefield_from_events(r.events[:i])
    # a branch: before its fork the position is the run's own game's; after, the branch's
    later = int(row.turn) + 2
    checked = 0
    for b in ("promise", "no-promise"):
        if later > session.replay(g, m, d, b).turns:
            continue
        r = session.replay(g, m, d, b, position_at=later)
        i, _, pos = next(x for x in r.positions if x[1] == "turn start")
        assert [s["life"] for s in pos["seats"]] == final_life(r.events[:i], 2, 20)
        checked += 1
    assert checked >= 1  # at least one branch lasts two turns past its fork
    text = session.replay(g, m, d, "promise", position_at=int(row.turn)).text()
    assert text.index("position at the start of the turn, before its untap step") < text.index(
        ">>> fork point"
    )
    res = CliRunner().invoke(
        main,
        ["replay", str(evaluated), "--game", str(g), "--matchup", str(m), "--position-at", "999"],
    )
    assert res.exit_code == 2 and "--position-at must be 1 to" in res.output


def test_a_pod_position_shows_commanders_and_who_has_lost():
    """audit22: a pod's position block showed a player who had lost as 'life -4, library 0,
    ...' and said nothing of the command zone, the tax or the commander damage taken."""
    from analyzer.analysis.replay_position import position_lines

    def seat(p, **kw):
        base = {"seat": p, "life": 30, "lost": False, "hand": [], "library_size": 50}
        base |= {"graveyard": [], "exile": [], "battlefield": [], "command": []}
        return base | kw

    state = {
        "phase": "main1",
        "turn": 26,
        "active": 0,
        "stack": [],
        "seats": [
            seat(0, commander="Hazel", command=["Hazel"], commander_casts=1),
            seat(1, commander="Bello", commander_casts=0, commander_damage=[6, 0, 0]),
            seat(2, life=-4, lost=True, commander="Zinnia"),
        ],
    }
    lines = position_lines(state, lambda s: "ABC"[s], frozenset())
    assert "      commander Hazel: in the command zone, cast 1 time (a cast from the command " in (
        "\n".join(lines)
    )
    assert any(line.endswith("costs {2} more)") for line in lines)
    bello = (
        "commander Bello: elsewhere, cast 0 times; combat damage taken from commanders: 6 from A"
    )
    assert "      " + bello in lines
    assert lines[-1] == "    C: has lost the game (life -4)"


def test_tokens_and_an_aura_on_a_player_read_plainly():
    """A token definition's name is its kind plus what tells it from others ("Squirrel 1/1
    Green"); read as "Squirrel token (green) 2/2", not "Squirrel 1/1 Green token 2/2". An Aura
    on a player (Enchant opponent) is "on seat 2", not "on 2"."""
    from analyzer.analysis.gamelog import token_text
    from analyzer.analysis.replay_position import _permanent

    assert token_text("Squirrel 1/1 Green") == "Squirrel token (green)"
    assert token_text("Elemental 4/4 White Flying") == "Elemental token (white flying)"
    assert token_text("Beast 3/3") == "Beast token"
    assert token_text("Fish") == "Fish token"
    assert token_text("Creature Token") == "Creature Token"
    base = dict(counters={}, damage=0, tapped=False, sick=False, phased_out=False)
    squirrel = dict(base, card="Squirrel 1/1 Green", token=True, power=2, toughness=2)
    assert _permanent({**squirrel, "attached_to": None}) == "Squirrel token (green) 2/2"
    truce = dict(base, card="Tenuous Truce", token=False, power=None, toughness=None)
    assert _permanent({**truce, "attached_to": "seat:2"}) == "Tenuous Truce (on seat 2)"
    on_bear = {**truce, "attached_to": "battlefield:1:Grizzly Bears"}
    assert _permanent(on_bear) == "Tenuous Truce (on Grizzly Bears)"

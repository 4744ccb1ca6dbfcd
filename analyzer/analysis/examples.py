"""Example games behind every verdict: per gift card, the forked decisions where promising
gained the most and lost the most, both branches replayed with the event log on.

The gain of a decision is ``outcome_promise - outcome_no_promise`` (decisions.csv, averaged
over its fork replicates). The play-by-play shows one replicate whose two branches ended the
way the gain says (the first such, replicate 0 when it does), from the fork point on.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pandas as pd

PER_SIDE = 3  # decisions shown per card where promising gained most, and where it lost most
MAX_LINES = 300  # play-by-play lines kept per branch


def _score(winner: int, seat: int) -> int:
    return 2 if winner == seat else (1 if winner < 0 else 0)


def _result(winner: int, seat: int) -> str:
    return "win" if winner == seat else "draw" if winner < 0 else "loss"


def _shuffle_key(ids: pd.Series) -> pd.Series:
    """A fixed pseudo-random order of decision ids (BLAKE2b), to break ties in the gain: by the
    id itself ("m0g12d3" < "m1g0d0") every tie went to the first matchup, so a gauntlet's
    examples all came from its first opponent (the mirror match of the bundled one)."""
    return ids.astype(str).map(
        lambda x: int.from_bytes(hashlib.blake2b(x.encode(), digest_size=7).digest(), "big")
    )


def pick(decisions: pd.DataFrame, per_side: int = PER_SIDE) -> list[tuple[str, str, pd.DataFrame]]:
    """(deck, card, rows) per gift card: the rows of its largest gains then largest losses
    (decisions whose branches ended alike are never examples); ties in the gain in a fixed
    pseudo-random order of their ids, so a chunked run picks what one pass would."""
    if decisions.empty:
        return []
    d = decisions.assign(
        gain=decisions["outcome_promise"] - decisions["outcome_no_promise"],
        _tie=_shuffle_key(decisions["decision_id"]),
    )
    out = []
    for (deck, card), rows in d.groupby(["deck", "card"], sort=True):
        gains = (
            rows[rows["gain"] > 0]
            .sort_values(["gain", "_tie", "decision_id"], ascending=[False, True, True])
            .head(per_side)
        )
        losses = rows[rows["gain"] < 0].sort_values(["gain", "_tie", "decision_id"]).head(per_side)
        out.append((str(deck), str(card), pd.concat([gains, losses]).drop(columns="_tie")))
    return out


def candidates(decisions: pd.DataFrame, per_side: int = PER_SIDE) -> pd.DataFrame:
    """The rows ``pick`` could choose from `decisions`: picking from the candidates of several
    chunks of a run gives what picking from all its rows would (the order is total: gain, then
    the ids' fixed shuffle, then the id), so examples need only these rows in memory."""
    picked = [rows.drop(columns="gain") for _, _, rows in pick(decisions, per_side)]
    # a card whose decisions all ended alike keeps one row, so it still has its (empty) entry
    seen = {
        (str(d), str(c)) for part in picked for d, c in zip(part["deck"], part["card"], strict=True)
    }
    for (deck, card), rows in decisions.groupby(["deck", "card"], sort=True):
        if (str(deck), str(card)) not in seen:
            picked.append(rows.sort_values("decision_id").head(1))
    return pd.concat(picked, ignore_index=True) if picked else decisions.iloc[:0]


def replay_command(run_dir: str | Path, decision_id: str, branch: str, replicate: int) -> str:
    rep = f" --replicate {replicate}" if replicate else ""
    return f"gift-analyzer replay {run_dir} --decision {decision_id} --branch {branch}{rep}"


def build(
    run_dir: str | Path, decisions: pd.DataFrame, per_side: int = PER_SIDE
) -> list[dict[str, Any]]:
    """The examples of an evaluate run folder (JSON-ready): per card, each example decision
    with both branches' play-by-play from the fork point on and the replay commands."""
    from analyzer.analysis.replay_session import ReplaySession

    session = ReplaySession(run_dir)
    cards = []
    for deck, card, rows in pick(decisions, per_side):
        examples = []
        for row in rows.itertuples(index=False):
            ex = _example(session, run_dir, row)
            if ex is not None:
                examples.append(ex)
        cards.append({"deck": deck, "card": card, "examples": examples})
    return cards


def _example(session: Any, run_dir: str | Path, row: Any) -> dict[str, Any] | None:
    from analyzer.analysis.replay_session import parse_decision_id

    m, g, d = parse_decision_id(row.decision_id)
    seat = int(row.caster)
    want = 1 if row.gain > 0 else -1
    chosen = None
    for k in range(int(row.forks)):
        p = session.replay(g, m, d, "promise", k)
        n = session.replay(g, m, d, "no-promise", k)
        diff = _score(p.winner, seat) - _score(n.winner, seat)
        if chosen is None or diff * want > 0:
            chosen = (k, p, n)
        if diff * want > 0:
            break
    if chosen is None:
        return None
    k, p, n = chosen
    branches = {}
    for name, r in (("promise", p), ("no-promise", n)):
        lines = r.text(from_fork=True).splitlines()
        if len(lines) > MAX_LINES:
            more = len(lines) - MAX_LINES
            lines = [*lines[:MAX_LINES], f"... ({more} more lines: see the replay command)"]
        branches[name] = {
            "result": _result(r.winner, seat),
            "turns": r.turns,
            "end_reason": r.end_reason,
            "lines": lines,
            "command": replay_command(run_dir, row.decision_id, name, k),
        }
    return {
        "decision_id": row.decision_id,
        "kind": "gain" if want > 0 else "loss",
        "gain": float(row.gain),
        "opponent": str(row.opponent),
        "game": g,
        "turn": int(row.turn) if hasattr(row, "turn") else None,
        # the global turn (the replay's T number) counts every seat's turns: in a pod turn 26
        # is the caster's 7th, which is what a player would call it
        "own_turn": int(row.own_turn) if hasattr(row, "own_turn") else None,
        "replicate": k,
        "branches": branches,
    }


def turn_words(ex: dict[str, Any]) -> str:
    """'turn 26, the caster's own turn 7': the replay's T number and the caster's count."""
    own = ex.get("own_turn")
    return f"turn {ex['turn']}" + (f", the caster's own turn {own}" if own is not None else "")


def terminal_lines(cards: list[dict[str, Any]]) -> list[str]:
    """The replay command lines of every example, card by card."""
    out = []
    for c in cards:
        if not c["examples"]:
            continue
        out.append(f"{c['deck']}, {c['card']}:")
        for ex in c["examples"]:
            # the two branches' results say what "gained 1.00" meant (1 = a win for a loss)
            ends = f"promised: {ex['branches']['promise']['result']}"
            ends += f", not promised: {ex['branches']['no-promise']['result']}"
            out.append(
                f"  {ends} ({ex['gain']:+.2f} for promising; "
                f"{ex['decision_id']} vs {ex['opponent']}, {turn_words(ex)}): "
                f"{ex['branches']['promise']['command']}  (or --branch no-promise)"
            )
    return out

"""Python API for seeing games: replay a run's game or decision branch with the event log on.

A run's manifest holds what a replay needs under ``"replay"`` (``replay_settings``): the deck
files of every matchup, starting life, the policy every seat played, extra card files. The
player levels come from the manifest's ``"player"`` / ``"opp_player"`` (default standard), each
matchup's seed from its ``"stream_seeds"`` (older runs: the run seed).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from analyzer.errors import InputError, Problem

BRANCHES = {"promise": 1, "no-promise": 0}
_NOT_REPLAYABLE = ("cardstats", "compare", "calibrate", "tune")
_DECISION_ID = re.compile(r"m(\d+)g(\d+)d(\d+)")


def decision_id(matchup: int, game: int, decision: int) -> str:
    """The id of a gift decision in a run: matchup, game index, decision index in the game."""
    return f"m{matchup}g{game}d{decision}"


def parse_decision_id(text: str) -> tuple[int, int, int]:
    m = _DECISION_ID.fullmatch(text.strip())
    if m is None:
        raise InputError(
            Problem(
                f"--decision must look like m0g12d3 (the decision_id column of "
                f"decisions.csv), not {text!r}"
            )
        )
    return int(m[1]), int(m[2]), int(m[3])


def replay_settings(
    seat_paths: Sequence[Sequence[str | Path]],
    lives: Sequence[int],
    policy: Any,
    card_files: Sequence[str | Path],
    opp_policy: str | None = None,
) -> dict[str, Any]:
    """The manifest's ``"replay"`` entry: what re-simulating any game of the run needs
    (``opp_policy``: the other seats' policy when it differs from seat 0's)."""
    text = str(policy)
    if text.startswith("file "):  # a policy file (policies/table.py): its absolute path
        text = "file " + str(Path(text[5:]).resolve())
    return {
        "matchups": [[str(Path(p).resolve()) for p in paths] for paths in seat_paths],
        "starting_life": [int(v) for v in lives],
        "policy": text,
        "opp_policy": opp_policy,
        "card_files": [str(Path(f).resolve()) for f in card_files],
    }


@dataclass
class Replay:
    """One replayed game (or decision branch): its events and what they belong to."""

    events: list[dict[str, Any]]
    info: Any  # analysis.gamelog.GameInfo
    matchup: int
    game: int
    winner: int
    turns: int
    end_reason: str
    lost_events: int = 0
    decision: str | None = None
    branch: str | None = None
    seeds: dict[str, Any] = field(default_factory=dict)
    replicate: int = 0
    # (event index, "fork point" / "turn start", scenario_state.state_json): a position shown
    # before that event
    positions: list[tuple[int, str, dict[str, Any]]] = field(default_factory=list)

    def text(self, seat: int | None = None, from_fork: bool = False) -> str:
        from analyzer.analysis.gamelog import fork_index, render_lines

        start = fork_index(self.events) if from_fork else 0
        shown = {i: (where, state) for i, where, state in self.positions}
        lines = render_lines(self.events, self.info, seat=seat, start=start, positions=shown)
        if self.lost_events:
            lines.append(f"(log truncated: {self.lost_events} later events did not fit)")
        return "\n".join(lines)

    def jsonl(self) -> str:
        """The events, each position a ``{"kind": "position", "at": ...}`` object (no seq)
        among them where the text shows it."""
        from analyzer.analysis.gamelog import jsonl_text

        rows: list[dict[str, Any]] = []
        at = {i: (where, state) for i, where, state in self.positions}
        for i, ev in enumerate(self.events):
            if i in at:
                rows.append({"kind": "position", "at": at[i][0], **at[i][1]})
            rows.append(ev)
        return jsonl_text(rows)


@dataclass
class _Setup:
    decks: list[Any]
    catalog: Any
    policy: Any
    life: int
    seed: int
    levels: list[int]
    names: list[str]


class ReplaySession:
    """A run folder opened for replays: decks, catalog and policy loaded once."""

    def __init__(self, run_dir: str | Path) -> None:
        from analyzer.report.writers import Manifest

        self.dir = Path(run_dir)
        if not (self.dir / "manifest.json").is_file():
            raise InputError(Problem(f"{run_dir} is not a run folder (no manifest.json)"))
        self.manifest = Manifest.read(self.dir)
        spec = self.manifest.extra.get("replay")
        kind = self.manifest.extra.get("kind")
        if not spec and kind in _NOT_REPLAYABLE:
            # these runs keep no per-game record to replay against, whatever their version
            raise InputError(
                Problem(
                    f"{run_dir} is a {kind} run, which replay cannot read: replay a "
                    "simulate or evaluate run folder"
                )
            )
        if not spec:
            raise InputError(
                Problem(
                    f"{run_dir} was written by a version without replay "
                    "settings in its manifest; run it again to replay it"
                )
            )
        self.spec = spec
        self._setups: dict[int, _Setup] = {}
        self._catalog = None

    @property
    def n_matchups(self) -> int:
        return len(self.spec["matchups"])

    def setup(self, matchup: int) -> _Setup:
        if matchup in self._setups:
            return self._setups[matchup]
        from analyzer.cards.catalog import load_catalog
        from analyzer.enums import OPENING_HANDS_NAMES, PLAYER_LEVEL_NAMES, SEAT_OPENING_SHIFT
        from analyzer.io.coverage import load_decks
        from analyzer.policies.policy_file import load_policy

        if not 0 <= matchup < self.n_matchups:
            raise InputError(
                Problem(f"--matchup must be 0 to {self.n_matchups - 1}, not {matchup}")
            )
        if self._catalog is None:
            self._catalog = load_catalog(self.spec.get("card_files", []))
        paths = self.spec["matchups"][matchup]
        decks = load_decks([paths], self._catalog, allow_approximate=True).seats[0]
        opp = self.spec.get("opp_policy")
        if opp:
            from analyzer.policies.labels import with_opponents

            policy = with_opponents(self.spec["policy"], opp)
        elif self.spec["policy"].startswith("file "):
            policy = load_policy(None, self.spec["policy"][5:])
        else:
            policy = load_policy(self.spec["policy"])
        # a run written before the option dealt paper hands
        hands = getattr(self.manifest, "opening_hands", None) or "paper"
        if hands not in OPENING_HANDS_NAMES:
            raise InputError(Problem(f"unknown opening hands {hands!r} in the manifest"))
        opening = OPENING_HANDS_NAMES[hands]
        levels = []
        for s in range(len(decks)):
            key = "player" if s == 0 else "opp_player"
            name = (
                getattr(self.manifest, key, None)
                or self.manifest.extra.get(key)
                or (s and getattr(self.manifest, "player", None))
                or "standard"
            )
            if name not in PLAYER_LEVEL_NAMES:
                raise InputError(Problem(f"unknown player level {name!r} in the manifest"))
            levels.append(PLAYER_LEVEL_NAMES[name] | opening << SEAT_OPENING_SHIFT)
        # each matchup's own stream seed (analysis/streams.py); runs written before matchups had
        # their own streams played every matchup at the run seed
        seeds = self.manifest.extra.get("stream_seeds")
        st = _Setup(
            decks,
            self._catalog,
            policy,
            int(self.spec["starting_life"][matchup]),
            int(seeds[matchup]) if seeds else int(self.manifest.seed or 0),
            levels,
            [d.name for d in decks],
        )
        self._setups[matchup] = st
        return st

    def replay(
        self,
        game: int,
        matchup: int = 0,
        decision: int = -1,
        branch: str | None = None,
        replicate: int = 0,
        log_rows: int | None = None,
        position_at: int | None = None,
    ) -> Replay:
        """Play game ``game`` of matchup ``matchup`` again with the log on; with ``decision``
        (its index in the game), the ``branch`` ("promise" / "no-promise") of that fork, and
        the position at the fork point. ``position_at`` T: the position at the start of
        global turn T too."""
        from analyzer.analysis import replay as rp
        from analyzer.analysis.gamelog import GameInfo, decode
        from analyzer.analysis.simulate import (
            DEFAULT_ACTION_CAP,
            DEFAULT_TURNS_PER_PLAYER,
            kernel_inputs,
        )
        from analyzer.enums import END_REASON_NAMES
        from analyzer.kernel import layout as L
        from analyzer.kernel.rules.gamelog import log_record_size
        from analyzer.policies.table import policy_table

        games = self.manifest.games
        if decision >= 0:
            # the user gave a decision id, not --game / --matchup: name what they wrote
            did = decision_id(matchup, game, decision)
            if not 0 <= matchup < self.n_matchups:
                raise InputError(
                    Problem(f"--decision {did}: the run has matchups m0 to m{self.n_matchups - 1}")
                )
            if game < 0 or (games is not None and game >= games):
                raise InputError(
                    Problem(f"--decision {did}: the run has games g0 to g{(games or 1) - 1}")
                )
            forks = self.manifest.extra.get("forks")
            if forks is not None and not 0 <= replicate < max(int(forks), 1):
                raise InputError(
                    Problem(
                        f"--replicate must be 0 to {max(int(forks), 1) - 1} (the run played "
                        f"{forks} fork(s) per branch), not {replicate}"
                    )
                )
        st = self.setup(matchup)
        if game < 0 or (games is not None and game >= games):
            raise InputError(Problem(f"--game must be 0 to {(games or 1) - 1}, not {game}"))
        if decision >= 0 and branch not in BRANCHES:
            raise InputError(Problem("--branch must be promise or no-promise"))
        inputs = kernel_inputs(st.decks, st.catalog, st.levels)
        pol = policy_table(st.policy, inputs.card_names, st.catalog.lookup)
        n_players = len(st.decks)
        n_cards = int(inputs.deck_sizes.sum())
        size = log_record_size(
            L.record_size(n_cards + L.MAX_TOKENS), log_rows or rp.DEFAULT_LOG_ROWS
        )
        G = np.zeros(size, dtype=np.int32)
        A = np.zeros(size, dtype=np.int32)
        # the fork point's record (no log: state_json reads the game part only)
        P = np.zeros(L.record_size(n_cards + L.MAX_TOKENS) if decision >= 0 else 0, np.int32)

        def run(G: np.ndarray, turn_cap: int, decision: int) -> int:
            return rp.replay_game(
                inputs.C,
                pol,
                inputs.decks,
                inputs.deck_sizes,
                inputs.levels,
                n_players,
                st.seed,
                game,
                st.life,
                turn_cap,
                DEFAULT_ACTION_CAP,
                decision,
                BRANCHES.get(branch or "", 0),
                replicate,
                G,
                A,
                P,
            )

        found = run(G, DEFAULT_TURNS_PER_PLAYER * n_players, decision)
        if not found:
            raise InputError(
                Problem(f"game {game} of matchup {matchup} has no gift decision {decision}")
            )
        info = GameInfo.from_catalog(st.catalog, st.names, n_cards)
        events, lost = decode(G, info)
        start = events[0] if events else {}
        start.update(
            {
                "game": game,
                "seed": st.seed,
                "decks": st.names,
                "policy": str(st.policy),
                "player_levels": st.levels,
            }
        )
        did = decision_id(matchup, game, decision) if decision >= 0 else None
        positions = []
        if decision >= 0:
            from analyzer.analysis.gamelog import fork_index
            from analyzer.analysis.scenario_state import state_json

            state = state_json(P, st.catalog.compiled)
            positions.append((fork_index(events) + 1, "fork point", state))
        if position_at is not None:

            def capped(turn: int, decision: int) -> np.ndarray:
                G2 = np.zeros(size, dtype=np.int32)
                run(G2, turn - 1, decision)  # the cap ends the game as `turn` begins
                return G2

            positions.append(_turn_position(events, position_at, decision, capped, st.catalog))
            positions.sort(key=lambda x: x[0])
        return Replay(
            events,
            info,
            matchup,
            game,
            int(G[L.H.WINNER]),
            int(G[L.H.TURN]),
            END_REASON_NAMES[int(G[L.H.END_REASON])],
            lost,
            did,
            branch,
            replicate=replicate,
            positions=positions,
        )

    def header(self, r: Replay) -> str:
        st = self.setup(r.matchup)
        from analyzer.enums import PLAYER_LEVEL_NAMES, SEAT_LEVEL_MASK, SEAT_OPENING_SHIFT

        level_names = {v: k for k, v in PLAYER_LEVEL_NAMES.items()}
        seats = "; ".join(
            f"seat {s}: {n} ({level_names.get(st.levels[s] & SEAT_LEVEL_MASK, st.levels[s])} "
            "player)"
            for s, n in enumerate(st.names)
        )
        what = f"game {r.game} of matchup {r.matchup}"
        if r.decision:
            what += f", decision {r.decision}, branch {r.branch}"
            if r.replicate:  # replicate 0 is the run's own game; others reshuffle the libraries
                what += f", fork replicate {r.replicate}"
        hands = ", arena-bo1 opening hands" if st.levels[0] >> SEAT_OPENING_SHIFT else ""
        head = f"Replay of {what} (seed {st.seed}, policy {st.policy}, life {st.life}{hands})"
        rough = approximate_cards(r.events, st.catalog)
        if rough:  # a reader sees them do less than their text says: say so once, up front
            head += (
                f"\napproximate cards in this game (the abilities they ignore do not happen; "
                f"`gift-analyzer cards --support approximate` lists them): {'; '.join(rough)}"
            )
        return f"{head}\n{seats}"


def approximate_cards(events: list[dict[str, Any]], catalog: Any) -> list[str]:
    """The approximate cards cast, played or created in a game, by name: their abilities
    outside the model do not happen (Esika's Chariot makes no Cat tokens)."""
    from analyzer.enums import SUPPORT_NAMES

    rough = SUPPORT_NAMES.index("approximate")
    names = set()
    for ev in events:
        entered = ev["kind"] == "zone" and ev.get("to_zone") == "battlefield"
        if (ev["kind"] in ("cast", "token") or entered) and ev["card"] >= 0:
            rec = catalog.records[ev["card"]]
            if rec.support == rough:
                names.add(rec.name)
    return sorted(names)


def _turn_position(
    events: list[dict[str, Any]],
    turn: int,
    decision: int,
    capped: Any,
    catalog: Any,
) -> tuple[int, str, dict[str, Any]]:
    """The position at the start of global turn ``turn`` (before its untap step): the same
    game replayed with a turn cap of turn - 1 (no player reads the cap, so the game is the
    same up to there); a turn before a branch's fork point is the run's own game there.
    Shown after that turn's ``---`` line."""
    from analyzer.analysis.replay_position import at_turn_start
    from analyzer.analysis.scenario_state import state_json
    from analyzer.enums import EndReason
    from analyzer.kernel import layout as L

    fork = next((ev["turn"] for ev in events if ev["kind"] == "decision"), None)
    last = events[-1]["turn"] if events else 0
    if not 1 <= turn <= last:
        raise InputError(
            Problem(f"--position-at must be 1 to {last} (the game's turns), not {turn}")
        )
    G = capped(turn, -1 if fork is None or turn <= fork else decision)
    if int(G[L.H.END_REASON]) != EndReason.TURN_CAP or int(G[L.H.TURN]) != turn:
        raise InputError(Problem(f"--position-at {turn}: the game ended before turn {turn}"))
    state = at_turn_start(state_json(G, catalog.compiled))
    at = next(
        (i + 1 for i, ev in enumerate(events) if ev["kind"] == "turn_start" and ev["turn"] == turn),
        len(events) - 1,  # a truncated log: before the game's end
    )
    return at, "turn start", state


def replay(
    run_dir: str | Path,
    game: int,
    *,
    matchup: int = 0,
    decision: str | None = None,
    branch: str | None = None,
    replicate: int = 0,
    position_at: int | None = None,
) -> Replay:
    """Replay game ``game`` of a run (or, with ``decision`` an id from decisions.csv, one
    branch of that forked decision, with the position at the fork point) with the event log
    on; ``position_at`` T: the position at the start of global turn T too."""
    session = ReplaySession(run_dir)
    if decision is not None:
        matchup, game, index = parse_decision_id(decision)
        return session.replay(game, matchup, index, branch, replicate, position_at=position_at)
    return session.replay(game, matchup, position_at=position_at)

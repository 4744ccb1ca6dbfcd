"""Run many games between decks and summarize them (the engine behind `gift-analyzer simulate`).

A matchup is an ordered list of decks, one per seat (seat 0 is "the deck", the others its
opponents); play/draw alternates by game index, so every run is seat-balanced. Games run in
chunks through the kernel's batch runner: memory stays flat in the number of games, and a
progress callback is called after each chunk. Results only depend on (seed, game index).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analyzer.analysis.stats import wilson_interval
from analyzer.enums import END_REASON_NAMES
from analyzer.errors import InputError, Problem
from analyzer.io.deck import Deck

DEFAULT_TURN_CAP = 60  # turns in all (a draw beyond): games run ~10-25 turns
DEFAULT_ACTION_CAP = 50_000  # kernel steps per game (a draw beyond); a safety net, never hit
DEFAULT_CHUNK = 4096


@dataclass(frozen=True)
class KernelInputs:
    """Everything the kernel needs for one matchup, as numpy arrays."""

    C: tuple[np.ndarray, ...]
    decks: np.ndarray  # int32 (n_players, MAX_DECK)
    deck_sizes: np.ndarray  # int32 (n_players,)
    card_names: tuple[str, ...]
    object_cards: np.ndarray  # card id of each deck object (seat by seat, deck order)
    object_seats: np.ndarray


def catalog_tables(compiled) -> tuple[np.ndarray, ...]:
    """The kernel's catalog tuple: (cards, abilities, targets, steps, gift_tokens)."""
    return (np.ascontiguousarray(compiled.cards, dtype=np.int32),
            np.ascontiguousarray(compiled.abilities, dtype=np.int32),
            np.ascontiguousarray(compiled.targets, dtype=np.int32),
            np.ascontiguousarray(compiled.steps, dtype=np.int32),
            np.ascontiguousarray(compiled.gift_token_ids, dtype=np.int32))


def kernel_inputs(decks: Sequence[Deck], catalog) -> KernelInputs:
    from analyzer.kernel.layout import MAX_DECK, MAX_PLAYERS

    if not 2 <= len(decks) <= MAX_PLAYERS:
        raise InputError(Problem(f"a game needs 2 to {MAX_PLAYERS} players, not {len(decks)}"))
    compiled = catalog.compiled
    arr = np.zeros((len(decks), MAX_DECK), dtype=np.int32)
    sizes = np.zeros(len(decks), dtype=np.int32)
    obj_cards: list[int] = []
    obj_seats: list[int] = []
    for s, deck in enumerate(decks):
        # the commander, if any, is shuffled into the library: the command zone is not modeled
        names = deck.cards() + [n for n, c in deck.commander for _ in range(c)]
        if len(names) > MAX_DECK:
            raise InputError(Problem(f"deck has {len(names)} cards; the kernel holds at most "
                                     f"{MAX_DECK}", source=deck.source))
        ids = [compiled.id_of(n) for n in names]
        arr[s, : len(ids)] = ids
        sizes[s] = len(ids)
        obj_cards += ids
        obj_seats += [s] * len(ids)
    return KernelInputs(catalog_tables(compiled), arr, sizes, compiled.names,
                        np.array(obj_cards, dtype=np.int32), np.array(obj_seats, dtype=np.int32))


@dataclass
class SimResult:
    """Per-game records of one matchup plus what is needed to summarize them."""

    decks: list[Deck]
    seed: int
    games: np.ndarray  # int32 (n, GAME_N + n_players * SEAT_N)
    objs: np.ndarray  # int8 (n, n_cards, OBJ_N)
    inputs: KernelInputs
    seconds: float = 0.0
    threads: int = 1
    extra: dict = field(default_factory=dict)

    @property
    def n_players(self) -> int:
        return len(self.decks)

    def games_frame(self) -> pd.DataFrame:
        from analyzer.kernel.batch import GAME_COLS, GAME_N, SEAT_COLS, SEAT_N

        g = self.games
        n = g.shape[0]
        df = pd.DataFrame({
            "game": np.arange(n),
            "seed": np.full(n, self.seed, dtype=np.int64),
            "first_seat": g[:, GAME_COLS.index("first_seat")],
            "winner": g[:, 0],
            "turns": g[:, 1],
            "end_reason": [END_REASON_NAMES[r] for r in g[:, 2]],
        })
        for s in range(self.n_players):
            df[f"seat{s}_deck"] = self.decks[s].name
            for k, col in enumerate(SEAT_COLS):
                df[f"seat{s}_{col}"] = g[:, GAME_N + s * SEAT_N + k]
        df["decisions"] = g[:, GAME_COLS.index("decisions")]
        df["capacity_error"] = g[:, GAME_COLS.index("error")]
        return df

    def summary_frame(self) -> pd.DataFrame:
        """Seat 0's results against the other seats (one row)."""
        g = self.games
        n = g.shape[0]
        winner = g[:, 0]
        first = g[:, 3]
        wins = int(np.sum(winner == 0))
        draws = int(np.sum(winner < 0))
        losses = n - wins - draws
        lo, hi = wilson_interval(wins, n)
        on_play = first == 0
        row = {
            "deck": self.decks[0].name,
            "opponent": " + ".join(d.name for d in self.decks[1:]),
            "games": n, "wins": wins, "losses": losses, "draws": draws,
            "win_rate": wins / n if n else float("nan"),
            "ci_low": float(lo), "ci_high": float(hi),
            "mean_turns": float(np.mean(g[:, 1])) if n else float("nan"),
        }
        for label, mask in (("play", on_play), ("draw", ~on_play)):
            k = int(mask.sum())
            w = int(np.sum(winner[mask] == 0))
            lo, hi = wilson_interval(w, k)
            row[f"games_on_{label}"] = k
            row[f"win_rate_on_{label}"] = w / k if k else float("nan")
            row[f"ci_low_on_{label}"] = float(lo)
            row[f"ci_high_on_{label}"] = float(hi)
        for r, name in enumerate(END_REASON_NAMES):
            if r:
                row[f"end_{name}"] = int(np.sum(g[:, 2] == r))
        return pd.DataFrame([row])


def simulate_matchup(decks: Sequence[Deck], catalog, *, games: int, seed: int,
                     threads: int | None = None, policy: str = "never",
                     starting_life: int = 20, turn_cap: int = DEFAULT_TURN_CAP,
                     action_cap: int = DEFAULT_ACTION_CAP, chunk: int = DEFAULT_CHUNK,
                     progress: Callable[[int], None] | None = None) -> SimResult:
    """Play `games` games of this matchup; seat 0 is decks[0]."""
    import numba

    from analyzer.kernel.batch import GAME_N, OBJ_N, SEAT_N, obj_fields, run_batch, seat_fields
    from analyzer.policies.table import policy_table

    if games < 1:
        raise InputError(Problem(f"--games must be at least 1, not {games}"))
    if seed < 0:
        raise InputError(Problem(f"--seed must be a non-negative integer, not {seed}"))
    inputs = kernel_inputs(decks, catalog)
    pol = policy_table(policy, inputs.card_names, catalog.lookup)
    n_players = len(decks)
    n_cards = int(inputs.deck_sizes.sum())
    out_games = np.zeros((games, GAME_N + n_players * SEAT_N), dtype=np.int32)
    out_objs = np.zeros((games, n_cards, OBJ_N), dtype=np.int8)
    threads = threads or numba.config.NUMBA_NUM_THREADS
    previous = numba.get_num_threads()
    numba.set_num_threads(max(1, min(threads, numba.config.NUMBA_NUM_THREADS)))
    t0 = time.perf_counter()
    try:
        for start in range(0, games, chunk):
            stop = min(games, start + chunk)
            run_batch(inputs.C, pol, inputs.decks, inputs.deck_sizes, n_players, seed, start,
                      starting_life, turn_cap, action_cap, out_games[start:stop],
                      out_objs[start:stop], seat_fields(), obj_fields())
            if progress is not None:
                progress(stop - start)
    finally:
        numba.set_num_threads(previous)
    result = SimResult(list(decks), seed, out_games, out_objs, inputs,
                       time.perf_counter() - t0, threads)
    errors = out_games[:, 4]
    if np.any(errors):
        from analyzer.kernel.state import ERROR_NAMES

        codes = sorted(set(int(e) for e in errors if e))
        result.extra["capacity_errors"] = {ERROR_NAMES[c]: int(np.sum(errors == c))
                                           for c in codes}
    return result


def default_threads() -> int:
    return max(1, min(os.cpu_count() or 1, 64))

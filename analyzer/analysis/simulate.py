"""Run many games between decks and summarize them (the engine behind `gift-analyzer simulate`).

A matchup is an ordered list of decks, one per seat (seat 0 is "the deck", the others its
opponents); play/draw alternates by game index, so every run is seat-balanced. Games run in
chunks through the kernel's batch runner: memory stays flat in the number of games, and a
progress callback is called after each chunk. Results only depend on (seed, game index).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analyzer.analysis.stats import wilson_interval
from analyzer.enums import END_REASON_NAMES
from analyzer.errors import InputError, Problem, arg
from analyzer.io.deck import Deck

DEFAULT_TURNS_PER_PLAYER = 30  # turn cap = 30 turns per player (a draw beyond)
DEFAULT_ACTION_CAP = 50_000  # kernel steps per game (a draw beyond); a safety net, never hit
DEFAULT_CHUNK = 4096


@dataclass(frozen=True)
class KernelInputs:
    """Everything the kernel needs for one matchup, as numpy arrays."""

    C: np.ndarray  # int32, the flat catalog (kernel/rules/catalog.py)
    decks: np.ndarray  # int32 (n_players, MAX_DECK)
    deck_sizes: np.ndarray  # int32 (n_players,)
    card_names: tuple[str, ...]
    object_cards: np.ndarray  # card id of each deck object (seat by seat, deck order)
    object_seats: np.ndarray
    gift_objects: np.ndarray  # bool: the object is a card with gift
    levels: np.ndarray  # int32 (n_players,): each seat's built-in player (enums.PlayerLevel)


def kernel_inputs(
    decks: Sequence[Deck], catalog, levels: Sequence[int] | None = None
) -> KernelInputs:
    """The kernel's arrays for these decks; ``levels`` per seat (default: all standard)."""
    from analyzer.kernel.layout import DECK_COMMANDER, MAX_DECK, MAX_PLAYERS
    from analyzer.kernel.rules.catalog import pack_catalog

    if not 2 <= len(decks) <= MAX_PLAYERS:
        raise InputError(Problem(f"a game needs 2 to {MAX_PLAYERS} players, not {len(decks)}"))
    compiled = catalog.compiled
    arr = np.zeros((len(decks), MAX_DECK), dtype=np.int32)
    sizes = np.zeros(len(decks), dtype=np.int32)
    obj_cards: list[int] = []
    obj_seats: list[int] = []
    for s, deck in enumerate(decks):
        commanders = [n for n, c in deck.commander for _ in range(c)]
        if len(commanders) > 1:
            raise InputError(
                Problem(
                    f"{len(commanders)} commanders; the engine plays one "
                    "commander per deck (partners are not modeled)",
                    source=deck.source,
                )
            )
        names = deck.cards() + commanders
        if len(names) > MAX_DECK:
            raise InputError(
                Problem(
                    f"deck has {len(names)} cards; the kernel holds at most {MAX_DECK}",
                    source=deck.source,
                )
            )
        ids = [compiled.id_of(n) for n in names]
        arr[s, : len(ids)] = ids
        if commanders:  # the last entry: it starts in the command zone (903.6)
            arr[s, len(ids) - 1] |= DECK_COMMANDER
        sizes[s] = len(ids)
        obj_cards += ids
        obj_seats += [s] * len(ids)
    from analyzer.enums import CardCol

    obj_cards_arr = np.array(obj_cards, dtype=np.int32)
    gift = compiled.cards[obj_cards_arr, CardCol.GIFT_KIND] != 0
    seat_levels = np.zeros(len(decks), dtype=np.int32)
    if levels is not None:
        seat_levels[:] = np.asarray(levels, dtype=np.int32)
    from analyzer.enums import SEAT_OPENING_SHIFT

    if (seat_levels >> SEAT_OPENING_SHIFT).any() and any(d.commander for d in decks):
        raise InputError(
            Problem(
                "Arena best-of-one opening hands are for Limited and constructed 1v1 games; a "
                "Commander deck deals paper hands only (Arena Brawl is not modeled)"
            )
        )
    return KernelInputs(
        pack_catalog(compiled.tables),
        arr,
        sizes,
        compiled.names,
        obj_cards_arr,
        np.array(obj_seats, dtype=np.int32),
        gift,
        seat_levels,
    )


def seat_levels(
    n_players: int,
    player: str = "standard",
    opp_player: str | None = None,
    opening_hands: str = "paper",
) -> np.ndarray:
    """Each seat's level word for the kernel: the built-in player level (enums.PlayerLevel),
    `player` for every seat, or for seat 0 only when `opp_player` names the opponents' (seats 1
    and up); and every seat's opening-hands procedure (enums.OPENING_HANDS_NAMES) from bit
    enums.SEAT_OPENING_SHIFT up. Arena best-of-one hands are for two-player games only (Arena's
    multiplayer Brawl is not modeled)."""
    from analyzer.enums import OPENING_HANDS_NAMES, PLAYER_LEVEL_NAMES, SEAT_OPENING_SHIFT

    problems = [
        Problem(f"unknown player level {name!r}: use one of {', '.join(PLAYER_LEVEL_NAMES)}")
        for name in (player, opp_player)
        if name is not None and name not in PLAYER_LEVEL_NAMES
    ]
    if opening_hands not in OPENING_HANDS_NAMES:
        problems.append(
            Problem(
                f"unknown opening hands {opening_hands!r}: use one of "
                f"{', '.join(OPENING_HANDS_NAMES)}"
            )
        )
    elif opening_hands != "paper" and n_players != 2:
        problems.append(
            Problem(
                f"{arg('opening_hands')} {opening_hands} deals Arena best-of-one hands, a "
                f"two-player procedure; a {n_players}-player game deals paper hands only"
            )
        )
    if problems:
        raise InputError(problems)
    levels = np.full(n_players, PLAYER_LEVEL_NAMES[player], dtype=np.int32)
    if opp_player is not None:
        levels[1:] = PLAYER_LEVEL_NAMES[opp_player]
    return levels | (OPENING_HANDS_NAMES[opening_hands] << SEAT_OPENING_SHIFT)


class SummaryCounts:
    """Running totals for the summary of seat 0, so a run needs no per-game memory."""

    def __init__(self) -> None:
        self.games = 0
        self.wins = 0
        self.draws = 0
        self.turns = 0  # every seat's turns together
        self.seat_turns = 0  # each seat's own turns, summed over seats and games
        self.seat_games = 0
        self.play_games = 0
        self.play_wins = 0
        self.draw_games = 0
        self.draw_wins = 0
        self.end_reasons = np.zeros(len(END_REASON_NAMES), dtype=np.int64)

    def add(self, games: np.ndarray) -> None:
        winner = games[:, 0]
        on_play = games[:, 3] == 0
        self.games += games.shape[0]
        self.wins += int(np.sum(winner == 0))
        self.draws += int(np.sum(winner < 0))
        self.turns += int(np.sum(games[:, 1]))
        from analyzer.kernel.runtime.batch import GAME_N, SEAT_COLS, SEAT_N

        seats = (games.shape[1] - GAME_N) // SEAT_N
        k = GAME_N + SEAT_COLS.index("turns_taken")
        self.seat_turns += int(np.sum(games[:, k : k + seats * SEAT_N : SEAT_N]))
        self.seat_games += games.shape[0] * seats
        self.play_games += int(on_play.sum())
        self.play_wins += int(np.sum((winner == 0) & on_play))
        self.draw_games += int((~on_play).sum())
        self.draw_wins += int(np.sum((winner == 0) & ~on_play))
        self.end_reasons += np.bincount(games[:, 2], minlength=len(END_REASON_NAMES))


@dataclass
class SimResult:
    """One matchup's results: running totals always; per-game records if they were kept."""

    decks: list[Deck]
    seed: int
    counts: SummaryCounts
    inputs: KernelInputs
    games: np.ndarray | None = None  # int32 (n, GAME_N + n_players * SEAT_N)
    objs: np.ndarray | None = None  # int8 (n, n_cards, OBJ_N)
    seconds: float = 0.0
    threads: int = 1
    extra: dict = field(default_factory=dict)

    @property
    def n_players(self) -> int:
        return len(self.decks)

    def games_frame(self) -> pd.DataFrame:
        from analyzer.kernel.runtime.batch import GAME_COLS, GAME_N, SEAT_COLS, SEAT_N

        if self.games is None:
            raise ValueError("per-game records were not kept for this run")
        g = self.games
        n = g.shape[0]

        def game_col(name: str) -> np.ndarray:
            return g[:, GAME_COLS.index(name)]

        df = pd.DataFrame(
            {
                "game": np.arange(n),
                "seed": np.full(n, self.seed, dtype=np.int64),
                "first_seat": game_col("first_seat"),
                "winner": game_col("winner"),
                "turns": game_col("turns"),
                "end_reason": [END_REASON_NAMES[r] for r in game_col("end_reason")],
            }
        )
        for s in range(self.n_players):
            df[f"seat{s}_deck"] = self.decks[s].name
            for k, col in enumerate(SEAT_COLS):
                df[f"seat{s}_{col}"] = g[:, GAME_N + s * SEAT_N + k]
        df["decisions"] = game_col("decisions")
        df["capacity_error"] = game_col("error")
        return df

    def gifts_frame(self) -> pd.DataFrame:
        """Tidy gift counters per game, seat and gift card (rows where the card was cast).

        ``seat`` is the card's owner: the kernel counts casts per object, not per caster, so a
        card another seat casts (Cruelclaw's Heist, from its target's hand) counts under its
        owner here and under its caster in games.csv (``seat{s}_gifts_promised``)."""
        from analyzer.kernel.runtime.batch import OBJ_COLS

        if self.objs is None:
            raise ValueError("per-card records were not kept for this run")
        cast = self.objs[:, :, OBJ_COLS.index("cast")]
        promised = self.objs[:, :, OBJ_COLS.index("promised")]
        given = self.objs[:, :, OBJ_COLS.index("gift_given")]
        names = np.array(self.inputs.card_names, dtype=object)
        gift = self.inputs.gift_objects
        rows = []
        for game, obj in zip(*np.nonzero((cast > 0) & gift[None, :]), strict=True):
            rows.append(
                (
                    game,
                    int(self.inputs.object_seats[obj]),
                    names[self.inputs.object_cards[obj]],
                    int(cast[game, obj]),
                    int(promised[game, obj]),
                    int(given[game, obj]),
                )
            )
        df = pd.DataFrame(rows, columns=["game", "seat", "card", "cast", "promised", "given"])
        return df.groupby(["game", "seat", "card"], as_index=False).sum()

    def summary_frame(self) -> pd.DataFrame:
        """Seat 0's results against the other seats (one row)."""
        c = self.counts
        n = c.games
        lo, hi = wilson_interval(c.wins, n)
        row = {
            "deck": self.decks[0].name,
            "opponent": " + ".join(d.name for d in self.decks[1:]),
            "players": len(self.decks),  # a deck's own name may hold " + "
            "games": n,
            "wins": c.wins,
            "losses": n - c.wins - c.draws,
            "draws": c.draws,
            "win_rate": c.wins / n if n else float("nan"),
            "ci_low": float(lo),
            "ci_high": float(hi),
            "mean_turns": c.turns / n if n else float("nan"),
            # a player's own turns, as calibrate's game length and "turn 7" in play
            "turns_per_player": c.seat_turns / c.seat_games if c.seat_games else float("nan"),
        }
        for label, k, w in (
            ("play", c.play_games, c.play_wins),
            ("draw", c.draw_games, c.draw_wins),
        ):
            lo, hi = wilson_interval(w, k)
            row[f"games_on_{label}"] = k
            row[f"win_rate_on_{label}"] = w / k if k else float("nan")
            row[f"ci_low_on_{label}"] = float(lo)
            row[f"ci_high_on_{label}"] = float(hi)
        for r, name in enumerate(END_REASON_NAMES):
            if r:
                row[f"end_{name}"] = int(c.end_reasons[r])
        return pd.DataFrame([row])


def simulate_matchup(
    decks: Sequence[Deck],
    catalog,
    *,
    games: int,
    seed: int,
    threads: int | None = None,
    policy: str = "never",
    starting_life: int = 20,
    turn_cap: int | None = None,
    action_cap: int = DEFAULT_ACTION_CAP,
    chunk: int = DEFAULT_CHUNK,
    progress: Callable[[int], None] | None = None,
    keep_games: bool = True,
    keep_objs: bool = True,
    levels: Sequence[int] | None = None,
    on_chunk: Callable[[int, np.ndarray, np.ndarray], None] | None = None,
    first_game: int = 0,
) -> SimResult:
    """Play `games` games of this matchup; seat 0 is decks[0]. `first_game`: the index of the
    first game (game i's randomness depends on seed and i only, so a run played in pieces
    plays the same games).

    Games run in chunks; memory is flat in `games` unless per-game records are kept
    (`keep_games`, `keep_objs`). `on_chunk(start, games_rows, objs_rows)` sees every chunk.
    `levels`: each seat's built-in player (`seat_levels`; default all standard).
    """
    from analyzer.analysis.precompile import BackgroundCompile
    from analyzer.kernel.host.parallel import available_threads, run_sliced
    from analyzer.kernel.runtime.batch import (
        GAME_N,
        OBJ_N,
        SEAT_N,
        obj_fields,
        run_batch,
        seat_fields,
    )
    from analyzer.policies.table import policy_table

    inputs = kernel_inputs(decks, catalog, levels)
    pol = policy_table(policy, inputs.card_names, catalog.lookup)
    n_players = len(decks)
    turn_cap = turn_cap if turn_cap is not None else DEFAULT_TURNS_PER_PLAYER * n_players
    n_cards = int(inputs.deck_sizes.sum())
    width = GAME_N + n_players * SEAT_N
    all_games = np.zeros((games, width), dtype=np.int32) if keep_games else None
    all_objs = np.zeros((games, n_cards, OBJ_N), dtype=np.int8) if keep_objs else None
    counts = SummaryCounts()
    errors: dict[int, int] = {}
    threads = max(1, threads or available_threads())
    t0 = time.perf_counter()
    helper = BackgroundCompile().start()  # first run only: compile on two cores
    for start in range(0, games, chunk):
        stop = min(games, start + chunk)
        g = all_games[start:stop] if keep_games else np.zeros((stop - start, width), dtype=np.int32)
        o = (
            all_objs[start:stop]
            if keep_objs
            else np.zeros((stop - start, n_cards, OBJ_N), dtype=np.int8)
        )

        def run(a: int, b: int, start: int = start, g: np.ndarray = g, o: np.ndarray = o) -> None:
            run_batch(
                inputs.C,
                pol,
                inputs.decks,
                inputs.deck_sizes,
                inputs.levels,
                n_players,
                seed,
                first_game + start + a,
                starting_life,
                turn_cap,
                action_cap,
                g[a:b],
                o[a:b],
                seat_fields(),
                obj_fields(),
            )

        try:
            run_sliced(run, stop - start, threads)
        finally:
            helper.stop()
        counts.add(g)
        for code in np.unique(g[:, 4]):
            if code:
                errors[int(code)] = errors.get(int(code), 0) + int(np.sum(g[:, 4] == code))
        if on_chunk is not None:
            on_chunk(start, g, o)
        if progress is not None:
            progress(stop - start)
    result = SimResult(
        list(decks), seed, counts, inputs, all_games, all_objs, time.perf_counter() - t0, threads
    )
    if errors:
        from analyzer.kernel.rules.state import ERROR_NAMES

        result.extra["capacity_errors"] = {ERROR_NAMES[c]: k for c, k in sorted(errors.items())}
    return result


def default_threads() -> int:
    from analyzer.kernel.host.parallel import available_threads

    return available_threads()

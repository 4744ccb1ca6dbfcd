"""Python API for running games: `simulate` (and, later, evaluate / compare).

Kept apart from api.py so importing the card/deck API never pulls in the simulation stack;
api.py re-exports these names. Nothing here compiles numba until a function is called.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from analyzer.api.checks import check_run_args
from analyzer.api.runs import play_matchups, starting_life
from analyzer.errors import InputError, Problem, arg
from analyzer.io.deck import Deck


@dataclass
class SimulationRun:
    """What `simulate` returns: one summary row per matchup, and per-game rows if asked."""

    summary: pd.DataFrame
    games: pd.DataFrame | None
    results: list[Any] = field(default_factory=list)  # analysis.simulate.SimResult
    out_dir: Path | None = None
    seconds: float = 0.0
    gifts: pd.DataFrame | None = None  # per game, owner seat and gift card: cast, promised, given
    coverage: list[str] = field(default_factory=list)  # per deck: exact / approximate cards


def _load(paths: Sequence[str | Path], catalog: Any, allow_approximate: bool) -> list[Deck]:
    """One matchup's decks (see io.coverage.load_decks)."""
    from analyzer.io.coverage import load_decks

    return load_decks([paths], catalog, allow_approximate=allow_approximate).seats[0]


def matchups(
    deck: str | Path | None, vs: str | Path | Sequence[str | Path] | None
) -> list[list[Path]]:
    """Seat lists: one multiplayer game if several opponents are named, one 1v1 per opponent
    of the bundled gauntlet if none. A single path (not in a list) is one opponent."""
    from analyzer import bundled

    if vs is None:
        vs = ()
    elif isinstance(vs, (str, os.PathLike)):
        vs = [vs]

    me = Path(deck) if deck is not None else bundled.default_deck()
    if len(vs) == 1:
        return [[me, Path(vs[0])]]
    if len(vs) > 1:
        return [[me, *(Path(v) for v in vs)]]
    return [[me, opp] for opp in bundled.gauntlet()]


def simulate(
    deck: str | Path | None = None,
    vs: Sequence[str | Path] = (),
    *,
    games: int = 1000,
    seed: int = 0,
    threads: int | None = None,
    policy: Any = "never",
    policy_file: str | Path | None = None,
    life: int | None = None,
    allow_approximate: bool = False,
    per_game: bool = False,
    out: str | Path | None = None,
    card_files: Sequence[str | Path] = (),
    player: str = "standard",
    opp_player: str | None = None,
    opening_hands: str = "paper",
    progress: Callable[[int], None] | None = None,
    on_start: Callable[[int], None] | None = None,
    log_games: int = 0,
    on_logs_start: Callable[[int], None] | None = None,
    logs_progress: Callable[[int], None] | None = None,
) -> SimulationRun:
    """Play `games` games per matchup and summarize them (seat 0 is `deck`). `policy` is a
    policy string or PolicySpec, or give `policy_file` (analyzer/policies/table.py).
    `log_games`: also write the event logs of each matchup's first games (needs `out`);
    `on_logs_start(games to log)` and `logs_progress(n)` follow that second phase.

    `player`: every seat's built-in player ("standard" or "basic"); `opp_player`: the
    opponents' instead (seats 1 and up). `opening_hands`: "paper" or "arena-bo1" (Arena
    best-of-one smoothing, two-player games; kernel/rules/opening_deal.py)."""
    import time

    from analyzer.analysis.streams import matchup_seeds
    from analyzer.cards.catalog import load_catalog
    from analyzer.policies.policy_file import load_policy
    from analyzer.policies.table import parse_policy

    check_run_args(
        games=games,
        seed=seed,
        threads=threads,
        life=life,
        log_games=log_games,
        player=player,
        opp_player=opp_player,
        opening_hands=opening_hands,
    )
    if log_games and out is None:
        raise InputError(
            Problem(f"{arg('log_games')} needs {arg('out')} (the logs are written there)")
        )
    catalog = load_catalog(card_files)
    if policy_file is None and isinstance(policy, str):
        policy = parse_policy(policy, arg("policy"))
    else:
        policy = load_policy(policy, policy_file)
    seat_paths = matchups(deck, vs)
    loaded = [_load(paths, catalog, allow_approximate) for paths in seat_paths]
    policy.table(catalog.compiled.names, catalog.lookup)  # validate before running
    if on_start is not None:
        on_start(games * len(loaded))
    t0 = time.perf_counter()
    seeds = matchup_seeds(seed, loaded)  # each matchup its own stream (analysis/streams.py)
    results = play_matchups(
        loaded,
        catalog,
        seeds,
        life=life,
        player=player,
        opp_player=opp_player,
        opening_hands=opening_hands,
        games=games,
        threads=threads,
        policy=policy,
        progress=progress,
        keep_games=per_game,
        keep_objs=per_game,
    )
    summary = pd.concat([r.summary_frame() for r in results], ignore_index=True)
    frames = gifts = None
    if per_game:
        parts = []
        gift_parts = []
        for k, r in enumerate(results):
            df = r.games_frame()
            df.insert(0, "matchup", k)
            parts.append(df)
            gf = r.gifts_frame()
            gf.insert(0, "matchup", k)
            gift_parts.append(gf)
        frames = pd.concat(parts, ignore_index=True)
        gifts = pd.concat(gift_parts, ignore_index=True)
    run = SimulationRun(summary, frames, results, None, time.perf_counter() - t0, gifts)
    run.coverage = coverage_lines(loaded, catalog)
    if out is not None:
        from analyzer.analysis.replay_session import replay_settings

        lives = [starting_life(d, life) for d in loaded]
        replay = replay_settings(seat_paths, lives, policy, card_files)
        run.out_dir = _write(
            run,
            Path(out),
            (seed, seeds),
            games,
            threads,
            str(policy),
            seat_paths,
            loaded,
            catalog,
            replay,
            min(log_games, games),
            player=player,
            opp_player=opp_player or player,
            opening_hands=opening_hands,
            log_progress=(on_logs_start, logs_progress),
        )
    return run


def coverage_lines(loaded: list[list[Deck]], catalog: Any) -> list[str]:
    """One line per distinct deck: how many of its cards run exact / approximate."""
    from analyzer.io.coverage import deck_coverage, name_list

    lines = []
    seen = set()
    for decks in loaded:
        for d in decks:
            if d.content_hash in seen:
                continue
            seen.add(d.content_hash)
            cov = deck_coverage(d, catalog)
            text = f"{d.name}: {cov.count('exact')} exact"
            if cov.count("approximate"):
                names = name_list(n for n, _ in cov.approximate)
                text += (
                    f", {cov.count('approximate')} approximate ({names}: stats and keywords only)"
                )
            lines.append(text)
    return lines


def _write(
    run: SimulationRun,
    out: Path,
    seeds: tuple[int, list[int]],
    games: int,
    threads: int | None,
    policy: str,
    seat_paths: list[list[Path]],
    loaded: list[list[Deck]],
    catalog: Any,
    replay: dict[str, Any],
    log_games: int,
    *,
    player: str,
    opp_player: str,
    opening_hands: str,
    log_progress: tuple[Callable[[int], None] | None, Callable[[int], None] | None],
) -> Path:
    from analyzer.api.runs import run_recorder
    from analyzer.io.coverage import deck_coverage
    from analyzer.report.writers import DeckEntry

    entries = []
    seen = set()
    for paths, decks in zip(seat_paths, loaded, strict=True):
        for p, d in zip(paths, decks, strict=True):
            if str(p) in seen:
                continue
            seen.add(str(p))
            cov = deck_coverage(d, catalog)
            entries.append(
                DeckEntry(
                    str(p),
                    d.name,
                    d.content_hash,
                    {level: cov.count(level) for level in ("exact", "approximate", "unsupported")},
                )
            )
    used = max((r.threads for r in run.results), default=threads)
    with run_recorder(
        run_dir=out,
        kind="simulate",
        seed=seeds[0],
        stream_seeds=seeds[1],
        games=games,
        threads=used,
        decks=entries,
        policies=[policy],
        replay=replay,
        player=player,
        opp_player=opp_player,
        opening_hands=opening_hands,
    ) as rec:
        rec.write_csv("summary.csv", run.summary)
        if run.games is not None:
            rec.write_csv("games.csv", run.games)
        if run.gifts is not None:
            rec.write_csv("gifts.csv", run.gifts)
        if log_games:
            write_game_logs(rec, len(seat_paths), log_games, *log_progress)
        rec.update(timings={**rec.manifest.timings, "simulate_s": round(run.seconds, 3)})
    return out


def write_game_logs(
    rec: Any,
    n_matchups: int,
    n_games: int,
    on_start: Callable[[int], None] | None = None,
    progress: Callable[[int], None] | None = None,
) -> None:
    """logs/<matchup>/<game>.jsonl and .txt for each matchup's first n_games games, replayed
    from the manifest just written (so they are exactly what `replay` shows); on_start(games)
    and progress(1) per game (a game logged takes ~60 times a game played)."""
    from analyzer.api.replays import ReplaySession

    session = ReplaySession(rec.dir)
    if on_start is not None:
        on_start(n_matchups * n_games)

    def files() -> Iterator[tuple[str, str]]:
        for k in range(n_matchups):
            for g in range(n_games):
                r = session.replay(g, k)
                yield f"{k}/{g}.jsonl", r.jsonl()
                yield f"{k}/{g}.txt", session.header(r) + "\n" + r.text() + "\n"
                if progress is not None:
                    progress(1)

    rec.write_folder("logs", files())

"""Python API for card statistics: `cardstats` (GP, OH, GD, GIH, GNS win rates and IWD).

Kept apart from api.py so importing the card/deck API never pulls in the simulation stack;
api.py re-exports these names. Definitions and conventions: analyzer/analysis/cardstats.py.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from analyzer.analysis.cardstats import COLUMNS as CARD_STATS_COLUMNS
from analyzer.analysis.cardstats import OBSERVATIONAL_WARNING

__all__ = [
    "CARD_STATS_COLUMNS",
    "DEFAULT_GAMES",
    "DEFAULT_POLICY",
    "OBSERVATIONAL_WARNING",
    "CardStatsRun",
    "cardstats",
]
from analyzer.errors import InputError, Problem, arg
from analyzer.io.deck import Deck

#: The default gift policy of `cardstats`: a coin flip per gift decision, so gift cards have
#: games cast both with and without the promise (with `never`, the promised columns are empty).
DEFAULT_POLICY = "random:p=0.5"
DEFAULT_GAMES = 1000


@dataclass
class CardStatsRun:
    """What `cardstats` returns. ``table`` has the columns of card_stats.csv."""

    table: pd.DataFrame
    deck: str  # name of the deck under test
    opponents: list[str]  # one entry per matchup ("A + B" for a multiplayer game)
    games: int  # games in all (pooled over matchups)
    games_per_matchup: int
    seed: int
    policy: str
    threads: int | None
    draws: int  # games that ended in a draw (counted as not won)
    results: list[Any] = field(default_factory=list)  # analysis.simulate.SimResult per matchup
    out_dir: Path | None = None
    seconds: float = 0.0
    warning: str = OBSERVATIONAL_WARNING
    warnings: list[str] = field(default_factory=list)  # input warnings (useless overrides)

    @property
    def pooled(self) -> bool:
        """Several matchups were pooled into one table."""
        return len(self.opponents) > 1


def _coverage(report: Any) -> dict[str, int] | None:
    cov = report.coverage
    if cov is None:
        return None
    return {level: cov.count(level) for level in ("exact", "approximate", "unsupported")}


def _load_decks(
    seat_paths: list[list[Path]], catalog: Any, allow_approximate: bool
) -> tuple[list[list[Deck]], list[Any]]:
    """Decks per matchup and one manifest entry per distinct file; every problem at once."""
    from analyzer.io.coverage import check_deck, warn_deck_problems
    from analyzer.report.writers import DeckEntry

    reports: dict[str, Any] = {}
    problems: list[Problem] = []
    for p in dict.fromkeys(str(p) for paths in seat_paths for p in paths):
        rep = check_deck(
            p, catalog=catalog, fmt=None, min_size=None, allow_approximate=allow_approximate
        )
        reports[p] = rep
        problems.extend(pr for pr in rep.problems if pr.severity == "error")
        if rep.blocking and rep.coverage is not None:
            problems.append(Problem(rep.blocking, source=p))
    if problems:
        raise InputError(problems)
    warn_deck_problems(pr for rep in reports.values() for pr in rep.problems)
    loaded = [[reports[str(p)].deck for p in paths] for paths in seat_paths]
    entries = [DeckEntry.from_file(p, rep.deck.name, _coverage(rep)) for p, rep in reports.items()]
    return loaded, entries


def cardstats(
    deck: str | Path | None = None,
    vs: Sequence[str | Path] = (),
    *,
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    policy: Any = DEFAULT_POLICY,
    policy_file: str | Path | None = None,
    threads: int | None = None,
    out: str | Path | None = None,
    save: bool = False,
    results_dir: str | Path = "results",
    life: int | None = None,
    allow_approximate: bool = False,
    card_files: Sequence[str | Path] = (),
    player: str = "standard",
    opp_player: str | None = None,
    opening_hands: str = "paper",
    progress: Callable[[int], None] | None = None,
    on_start: Callable[[int], None] | None = None,
) -> CardStatsRun:
    """Play `games` games per matchup and compute 17lands-style statistics for every distinct
    card of `deck` (seat 0), pooled over the matchups.

    No `deck`: the bundled default deck; no `vs`: one 1v1 matchup per bundled gauntlet deck,
    pooled into one table. Several `vs`: one multiplayer game. Files are written only when
    `out` is given or `save` is true (then to ``results_dir/<run-id>/``): card_stats.csv and
    manifest.json. Draws count as games not won. `policy_file`: a policy file instead of
    `policy`. `player`: every seat's built-in player ("standard" or "basic"); `opp_player`:
    the opponents' instead (seats 1 and up); `opening_hands`: "paper" or "arena-bo1".
    """
    from analyzer.analysis.cardstats import card_stats
    from analyzer.analysis.streams import matchup_seeds
    from analyzer.api.checks import (
        check_policies,
        check_run_args,
        override_warnings,
        read_policy_files,
    )
    from analyzer.api.runs import play_matchups
    from analyzer.api.simulation import matchups
    from analyzer.cards.catalog import load_catalog

    check_run_args(
        games=games,
        seed=seed,
        threads=threads,
        life=life,
        player=player,
        opp_player=opp_player,
        opening_hands=opening_hands,
    )
    catalog = load_catalog(card_files)
    files = read_policy_files([policy_file] if policy_file is not None else [])
    if files:
        if policy not in (DEFAULT_POLICY, "", None):
            raise InputError(
                Problem(f"give either {arg('policy')} or {arg('policy_file')}, not both")
            )
        policy = files[next(iter(files))]
    specs = check_policies([(arg("policy"), policy)], catalog)  # validate before running
    seat_paths = matchups(deck, vs)
    loaded, entries = _load_decks(seat_paths, catalog, allow_approximate)
    warnings = override_warnings(specs, loaded[0][0], catalog)
    seeds = matchup_seeds(seed, loaded)  # each matchup its own stream (analysis/streams.py)

    def run(recorder: Any | None) -> CardStatsRun:
        if on_start is not None:
            on_start(games * len(loaded))
        t0 = time.perf_counter()
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
        )
        sim_s = time.perf_counter() - t0
        table = card_stats(results, catalog)
        seconds = time.perf_counter() - t0
        draws = int(sum((r.games[:, 0] < 0).sum() for r in results))
        used = max((r.threads for r in results), default=threads)
        res = CardStatsRun(
            table,
            loaded[0][0].name,
            [" + ".join(d.name for d in decks[1:]) for decks in loaded],
            games * len(loaded),
            games,
            seed,
            str(policy),
            used,
            draws,
            results,
            None,
            seconds,
            warnings=warnings,
        )
        if recorder is not None:
            recorder.update(
                threads=used,
                draws=draws,
                timings={
                    **recorder.manifest.timings,
                    "simulate_s": round(sim_s, 3),
                    "cardstats_s": round(seconds - sim_s, 3),
                },
            )
            recorder.write_csv("card_stats.csv", table)
            res.out_dir = recorder.dir
        return res

    if out is None and not save:
        return run(None)
    from analyzer.api.runs import run_recorder

    opponents = [" + ".join(d.name for d in decks[1:]) for decks in loaded]
    with run_recorder(
        results_dir,
        "cardstats",
        run_dir=out,
        seed=seed,
        stream_seeds=seeds,
        games=games,
        threads=threads,
        decks=entries,
        policies=[str(policy)],
        player=player,
        opp_player=opp_player or player,
        opening_hands=opening_hands,
        kind="cardstats",
        deck=loaded[0][0].name,
        opponents=opponents,
        pooled=len(loaded) > 1,
        games_per="matchup",
        draws_count_as="not won",
    ) as rec:
        return run(rec)

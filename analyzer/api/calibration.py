"""Python API for `calibrate`: play decks against their opponents and hold the games against
real ones (analysis/calibration.py). Re-exported by api.py; nothing here compiles numba until
the function is called.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

DEFAULT_CALIBRATE_GAMES = 500  # per matchup: 81 matchups of the bundled decks, ~40,000 games
DEFAULT_CALIBRATE_POLICY = "heuristic"


@dataclass
class CalibrationRun:
    """What `calibrate` returns: calibration.csv as `table`, the figures, the verdict."""

    table: pd.DataFrame
    figures: dict[str, Any]
    verdict: str
    close: bool
    checks: list[Any] = field(default_factory=list)  # analysis.calibration.Check
    rated: bool = False
    settings: dict[str, Any] = field(default_factory=dict)
    out_dir: Path | None = None
    seconds: float = 0.0
    capacity_errors: dict[str, int] = field(default_factory=dict)  # games cut short, by cause
    warnings: list[str] = field(default_factory=list)  # e.g. rated names no card matches


def calibration_matchups(decks: Sequence[str | Path], vs: Sequence[str | Path]) -> list[list[Path]]:
    """Every deck under test (default: the bundled decks) 1v1 against every opponent (default:
    the bundled gauntlet)."""
    from analyzer import bundled

    mine = [Path(d) for d in decks] or bundled.gauntlet()
    opps = [Path(v) for v in vs] or bundled.gauntlet()
    return [[d, o] for d in mine for o in opps]


def calibrate(
    decks: Sequence[str | Path] = (),
    vs: Sequence[str | Path] = (),
    *,
    ratings: str | Path | None = None,
    games: int = DEFAULT_CALIBRATE_GAMES,
    seed: int = 0,
    policy: str = DEFAULT_CALIBRATE_POLICY,
    threads: int | None = None,
    player: str = "standard",
    opp_player: str | None = None,
    opening_hands: str = "arena-bo1",
    life: int | None = None,
    min_drawn_games: int = 30,
    out: str | Path | None = None,
    save: bool = False,
    plots: bool = True,
    allow_approximate: bool = False,
    card_files: Sequence[str | Path] = (),
    progress: Callable[[int], None] | None = None,
    on_start: Callable[[int], None] | None = None,
) -> CalibrationRun:
    """Play each of `decks` against each of `vs` (`games` games per matchup) and hold the games
    against real ones: with `ratings` (a 17lands card ratings CSV or card_ratings JSON, or a
    ``card_name,gih_wr`` CSV), the rank correlation and scale of GIH WR; always the archetype
    spread, on-the-play win rate, turns per player, mulligan rates, blocks per attack and the
    share of drawn cards cast. Files (calibration.csv, manifest.json, calibration.png) go to
    `out`, or results/<run-id>/ with `save=True`. `opening_hands` defaults to "arena-bo1": the
    real games (17lands Premier Draft) are MTG Arena best-of-one, whose shuffler smooths
    opening hands toward the deck's land ratio (kernel/rules/opening_deal.py); "paper" deals
    plain shuffles."""
    from analyzer.analysis.calibration import calibration, match_ratings, read_ratings, verdict
    from analyzer.analysis.streams import matchup_seeds
    from analyzer.api.checks import check_run_args
    from analyzer.api.runs import check_plots, load_all, play_matchups, recorder
    from analyzer.cards.catalog import load_catalog
    from analyzer.policies.table import policy_table

    check_run_args(
        games=games,
        seed=seed,
        threads=threads,
        life=life,
        player=player,
        opp_player=opp_player,
        opening_hands=opening_hands,
    )
    if ratings is not None:
        check_plots(plots)
    real = read_ratings(ratings) if ratings is not None else None
    catalog = load_catalog(card_files)
    warnings: list[str] = []
    if real is not None:
        real, unknown = match_ratings(real, catalog)
        if unknown:
            shown = ", ".join(unknown[:5]) + (
                f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
            )
            warnings.append(
                f"{ratings}: {len(unknown)} rated name(s) match no card the catalog knows, "
                f"left out: {shown}"
            )
    policy_table(policy, catalog.compiled.names, catalog.lookup)
    seat_paths = calibration_matchups(decks, vs)
    loaded = load_all(seat_paths, catalog, allow_approximate)
    settings = {
        "kind": "calibrate",
        "policy": policy,
        "ratings": str(ratings) if ratings else None,
        "min_drawn_games": min_drawn_games,
        "opening_hands": opening_hands,
        "decks_under_test": list(dict.fromkeys(d[0].name for d in loaded.decks)),
        "opponents": list(dict.fromkeys(d[1].name for d in loaded.decks)),
        # each matchup on its own stream (analysis/streams.py): with one shared seed every
        # matchup of a deck would replay the same shuffles, its mulligans and draws counted
        # nine times over
        "stream_seeds": matchup_seeds(seed, loaded.decks),
    }
    t0 = time.perf_counter()
    with recorder(
        out,
        save,
        "calibrate",
        seed=seed,
        games=games,
        threads=threads,
        decks=loaded.entries,
        policies=[policy],
        player=player,
        opp_player=opp_player or player,
        **settings,
    ) as rec:
        if on_start is not None:
            on_start(games * len(loaded.decks))
        results = play_matchups(
            loaded.decks,
            catalog,
            settings["stream_seeds"],
            life=life,
            player=player,
            opp_player=opp_player,
            opening_hands=opening_hands,
            games=games,
            threads=threads,
            policy=policy,
            progress=progress,
        )
        cal = calibration(results, catalog, real, min_drawn_games)
        said = verdict(
            cal, player if opp_player in (None, player) else f"{player} (opponents {opp_player})"
        )
        run = CalibrationRun(
            cal.table,
            cal.figures,
            said,
            cal.close,
            cal.checks,
            real is not None,
            settings,
            None,
            time.perf_counter() - t0,
            warnings=warnings,
        )
        for r in results:
            for name, k in r.extra.get("capacity_errors", {}).items():
                run.capacity_errors[name] = run.capacity_errors.get(name, 0) + k
        if rec is not None:
            used = max((r.threads for r in results), default=threads)
            rec.update(
                threads=used,
                verdict=said,
                close=cal.close,
                figures=_jsonable(cal.figures),
                simulate_s=round(run.seconds, 3),
                capacity_errors=run.capacity_errors,
            )
            rec.write_csv("calibration.csv", cal.table)
            if real is not None and plots:
                from analyzer.report.plots import calibration_scatter

                rec.write_bytes("calibration.png", calibration_scatter(cal.table))
            run.out_dir = rec.dir
    return run


def _jsonable(figures: dict[str, Any]) -> dict[str, Any]:
    """Figures for manifest.json: floats rounded, NaN as null."""
    out: dict[str, Any] = {}
    for k, v in figures.items():
        if isinstance(v, dict):
            out[k] = _jsonable(v)
        elif isinstance(v, float):
            out[k] = None if v != v else round(v, 5)
        else:
            out[k] = v
    return out

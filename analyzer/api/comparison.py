"""Python API for `compare`: two deck versions (say, with and without a gift card) on the same
seeds against each opponent."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from analyzer.api.checks import check_policies, check_run_args, read_policy_files, with_opponents
from analyzer.api.evaluation import DEFAULT_GAMES
from analyzer.api.runs import (
    check_format,
    check_plots,
    load_all,
    recorder,
    render,
    starting_life,
    write_table,
)
from analyzer.errors import InputError, Problem, arg


@dataclass
class ComparisonRun:
    """What `compare` returns: compare.csv as a DataFrame (deltas in points, `delta_pts`)."""

    table: pd.DataFrame
    settings: dict[str, Any] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    out_dir: Path | None = None
    seconds: float = 0.0


def compare(
    deck_a: str | Path,
    deck_b: str | Path,
    vs: Sequence[str | Path] = (),
    *,
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    policy: str = "never",
    policy_file: str | Path | None = None,
    opp_policy: str | None = None,
    threads: int | None = None,
    out: str | Path | None = None,
    save: bool = False,
    fmt: str = "csv",
    plots: bool = True,
    life: int | None = None,
    allow_approximate: bool = False,
    card_files: Sequence[str | Path] = (),
    player: str = "standard",
    opp_player: str | None = None,
    opening_hands: str = "paper",
    progress: Callable[[int], None] | None = None,
    on_start: Callable[[int], None] | None = None,
) -> ComparisonRun:
    """Deck A minus deck B (seat 0's win rate) against each opponent on the same seeds.
    `player` / `opp_player`: the built-in players' levels, `opening_hands` the deal, as in
    `simulate`."""
    from analyzer.analysis import compare as cmp
    from analyzer.analysis.evaluate_chunks import run_warnings
    from analyzer.analysis.simulate import seat_levels
    from analyzer.analysis.streams import matchup_seeds
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
    check_format(fmt)
    check_plots(plots)
    catalog = load_catalog(card_files)
    files = read_policy_files([policy_file] if policy_file is not None else [])
    if files:
        if policy not in ("never", ""):
            raise InputError(
                Problem(f"give either {arg('policy')} or {arg('policy_file')}, not both")
            )
        policy = next(iter(files))
    opp = opp_policy.strip() if opp_policy else None
    check_policies([(arg("policy"), policy), (arg("opp_policy"), opp)], catalog, files)
    both = with_opponents(policy, opp, files)
    seats_a, seats_b = matchups(deck_a, vs), matchups(deck_b, vs)
    loaded = load_all(seats_a + seats_b, catalog, allow_approximate)
    n = len(seats_a)
    # each opponent its own stream, the same for both versions (paired): analysis/streams.py
    seeds = matchup_seeds(seed, loaded.decks[:n], opponents_only=True)
    settings = {
        "kind": "compare",
        "policy": policy,
        "format": fmt,
        "opp_policy": opp_policy or "the same",
        "deck_a": str(deck_a),
        "deck_b": str(deck_b),
        "stream_seeds": seeds,
    }
    t0 = time.perf_counter()
    with recorder(
        out,
        save,
        "compare",
        seed=seed,
        games=games,
        threads=threads,
        decks=loaded.entries,
        policies=[policy],
        player=player,
        opp_player=opp_player or player,
        opening_hands=opening_hands,
        **settings,
    ) as rec:
        if on_start is not None:
            on_start(2 * n * games)
        a_arms, b_arms, warnings = [], [], _same_cards(loaded.decks[0][0], loaded.decks[n][0])
        used = threads
        names = _version_names(loaded.decks[0][0].name, loaded.decks[n][0].name, deck_a, deck_b)
        for decks_a, decks_b, stream in zip(loaded.decks[:n], loaded.decks[n:], seeds, strict=True):
            opp = " + ".join(d.name for d in decks_a[1:])
            for decks, bucket, name in ((decks_a, a_arms, names[0]), (decks_b, b_arms, names[1])):
                scores, res = cmp.play_arm(
                    decks,
                    catalog,
                    games=games,
                    seed=stream,
                    policy=both,
                    threads=threads,
                    starting_life=starting_life(decks, life),
                    progress=progress,
                    levels=seat_levels(len(decks), player, opp_player, opening_hands),
                )
                used = res.threads
                warnings += run_warnings(res.extra, decks[0].name, opp)
                bucket.append(cmp.Arm(name, opp, "", scores))
        from analyzer.report.units import to_points

        table = to_points(cmp.deck_comparison(a_arms, b_arms, policy))
        result = ComparisonRun(table, settings, warnings, None, time.perf_counter() - t0)
        if rec is not None:
            rec.update(threads=used, warnings=warnings, simulate_s=round(result.seconds, 3))
            write_table(rec, "compare", table, fmt)
            render(rec, plots)
            result.out_dir = rec.dir
    return result


def _same_cards(a: Any, b: Any) -> list[str]:
    """A warning when A and B play the same cards (they differ in sideboard, companion, name
    or order only): every game is then the same game and A - B is 0 by construction."""
    if sorted(a.main) != sorted(b.main) or sorted(a.commander) != sorted(b.commander):
        return []
    return [
        f"A ({a.name}) and B ({b.name}) play the same cards (main deck and commander): only "
        "what is not played differs, so every game is the same and A - B is 0"
    ]


def _version_names(name_a: str, name_b: str, file_a: str | Path, file_b: str | Path) -> list[str]:
    """The two versions' names as the answer and compare.csv give them: a deck file's name
    when both decks have the same one (a version with one card changed keeps its About name,
    and 'A (UR Otters) wins more than B (UR Otters)' named neither)."""
    a, b = Path(file_a), Path(file_b)
    if name_a != name_b or a.resolve() == b.resolve():  # one file twice: one deck, one name
        return [name_a, name_b]
    tags = (a.name, b.name) if a.name != b.name else (str(a), str(b))
    return [f"{name_a} [{tags[0]}]", f"{name_b} [{tags[1]}]"]

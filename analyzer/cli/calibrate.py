"""Click command `calibrate`: simulated games held against real ones. Registered in cli.py."""

from __future__ import annotations

from typing import Any

import click

from analyzer.api.calibration import DEFAULT_CALIBRATE_GAMES
from analyzer.cli.common import DECK_PATH, input_errors_exit_2, progress_bar, run_options

_DECK_PATH = DECK_PATH


_ROWS = (  # figure, label, format (units in the label)
    ("archetype_spread_pts", "archetype spread (points)", "{:.1f}"),
    ("gih_wr_spearman", "GIH WR rank correlation", "{:.2f}"),
    ("gih_wr_scale", "GIH WR scale (SD sim / SD real, noise out)", "{:.2f}"),
    ("on_play_win_rate", "on-the-play win rate", "{:.1%}"),
    ("turns_per_player", "game length (own turns per player)", "{:.1f}"),
    ("one_mulligan", "hands with a mulligan", "{:.1%}"),
    ("two_mulligans", "hands with two mulligans", "{:.2%}"),
    ("blocks_per_attack", "attackers blocked", "{:.1%}"),
    ("lowest_cast_share", "lowest cast share of a card (exceptions aside)", "{:.0%}"),
)


def figures_table(run: Any) -> str:
    """Simulated figure, real figure and target, one line each ("MISS" where a target is
    missed)."""
    from analyzer import api

    REAL, TARGETS, bound_text = api.calibration_real, api.calibration_targets, api.bound_text

    def fmt(value: Any, form: str) -> str:
        return "-" if value is None or value != value else form.format(value)

    rows = []
    for key, label, form in _ROWS:
        if key.startswith("gih_wr") and not run.rated:
            continue
        lo, hi = TARGETS.get(key, (None, None))
        target = bound_text(lo, hi, form) if key in TARGETS else ""
        real = 1.0 if key == "gih_wr_scale" else REAL.get(key)
        check = next((c for c in run.checks if c.figure == key), None)
        mark = "" if check is None or check.value != check.value else ("ok" if check.ok else "MISS")
        # a miss never reads as its bound (8.04 against "at most 8.0")
        value = api.calibration_value_text(check, form) if mark == "MISS" else None
        value = value or fmt(run.figures.get(key), form)
        rows.append([label, value, fmt(real, form), target, mark])
    return api.text_table(["figure", "simulated", "real", "target", ""], rows, right=(1, 2))


@click.command()
@click.argument("decks", nargs=-1, type=_DECK_PATH, metavar="[DECK...]")
@run_options(
    games=DEFAULT_CALIBRATE_GAMES,
    opening_hands="arena-bo1",
    hands_help="calibrate defaults to arena-bo1: the real games it is held against "
    "(17lands Premier Draft) are Arena best-of-one.",
    vs_help="Opponent deck; repeatable: every DECK "
    "plays every OPP 1v1 (default: the bundled gauntlet).",
)
@click.option(
    "--ratings",
    type=click.Path(dir_okay=False, exists=True),
    default=None,
    metavar="FILE",
    help="Real card ratings: a 17lands card ratings CSV export, the JSON of its "
    "card_ratings API, or a CSV with card_name,gih_wr.",
)
@click.option(
    "--policy", default="heuristic", show_default=True, help="Gift policy every seat plays."
)
@click.option(
    "--out",
    type=click.Path(file_okay=False),
    default=None,
    help="Run folder (default: results/<run-id>/).",
)
@click.option("--no-plots", is_flag=True, help="Skip calibration.png.")
@input_errors_exit_2
def calibrate(
    decks,
    vs,
    ratings,
    games,
    seed,
    threads,
    policy,
    player,
    opp_player,
    opening_hands,
    out,
    no_plots,
    allow_approximate,
    card_files,
    life,
) -> None:
    """Hold simulated games against real ones: is the built-in player close to real play?

    Plays every DECK (default: the bundled decks) against every opponent (default: the
    bundled gauntlet). With --ratings: rank correlation and scale of GIH WR against real
    ratings, the largest disagreements and a scatter plot. Always: archetype spread,
    on-the-play win rate, game length, mulligan rates, blocks per attack, and the share of
    drawn cards cast. Writes calibration.csv, manifest.json and calibration.png. Opening
    hands are dealt as on MTG Arena's best-of-one queues by default (--opening-hands
    arena-bo1), as in the real games (17lands Premier Draft); paper deals plain shuffles.
    """
    from analyzer import api

    with progress_bar() as (start, progress):
        run = api.calibrate(
            decks,
            vs,
            ratings=ratings,
            games=games,
            life=life,
            seed=seed,
            policy=policy,
            threads=threads,
            player=player,
            opp_player=opp_player,
            opening_hands=opening_hands,
            out=out,
            save=True,
            plots=not no_plots,
            allow_approximate=allow_approximate,
            card_files=card_files,
            progress=progress,
            on_start=start,
        )
    click.echo(run.verdict)
    click.echo("\n" + figures_table(run))
    rates = run.figures["deck_win_rates"]
    click.echo(
        "\nwin rate of each deck against its opponents: "
        + ", ".join(f"{d} {r:.1%}" for d, r in sorted(rates.items(), key=lambda kv: -kv[1]))
    )
    low, high = run.figures.get("archetype_spread_ci_pts", [float("nan")] * 2)
    if low == low:
        click.echo(
            f"archetype spread {run.figures['archetype_spread_pts']:.1f} points, 95% interval "
            f"{low:.1f} to {high:.1f}; sampling noise alone, with every matchup even, gives "
            f"{run.figures['archetype_spread_noise_pts']:.1f}"
        )
    t = run.table
    if run.rated:
        gap = t[t["sim_minus_real_pts"].notna()].head(8)
        if len(gap):
            click.echo(
                "\nlargest disagreements (GIH WR, points from each side's mean; + = the "
                "simulation rates it higher): "
                + "; ".join(f"{r.card} {r.sim_minus_real_pts:+.1f}" for r in gap.itertuples())
            )
        else:
            click.echo(
                "\nlargest disagreements: none to show with one rated card (a card's gap is "
                "measured from each side's mean over the rated cards, which one card makes "
                "its own)"
            )
        low, high = run.figures.get("gih_wr_spearman_ci", [float("nan")] * 2)
        if low == low:
            click.echo(
                f"GIH WR rank correlation {run.figures['gih_wr_spearman']:.2f}, 95% interval "
                f"{low:.2f} to {high:.2f} over the {run.figures['rated_cards']} rated cards "
                f"(another set of cards of the same kind could give any value in it; each "
                f"card's sampling noise pulls it toward 0, so it errs low)"
            )
        low, high = run.figures.get("gih_wr_scale_ci", [float("nan")] * 2)
        if low == low:
            click.echo(
                f"GIH WR scale {run.figures['gih_wr_scale']:.2f}, 95% interval {low:.2f} to "
                f"{high:.2f} over the same cards: the headline, and the figure its target "
                f"reads, has each card's binomial sampling noise taken out of the simulated "
                f"SD; as observed, noise in, {run.figures['gih_wr_scale_raw']:.2f}"
            )
        sources = spread_sources(run.figures)
        if sources:
            click.echo(sources)
    low = t[
        (t["drawn_games"] >= run.settings["min_drawn_games"]) & (t["cast_games_share"] < 0.40)
    ].sort_values("cast_games_share")
    missed, listed = low[low["cast_share_exception"] == ""], low[low["cast_share_exception"] != ""]
    if len(missed):
        click.echo(
            "cards cast in under 40% of the games they were drawn in: "
            + "; ".join(f"{r.card} {r.cast_games_share:.0%}" for r in missed.itertuples())
        )
    if len(listed):
        click.echo(
            "listed exceptions, rightly held in many games (calibration.csv gives the reason): "
            + "; ".join(f"{r.card} {r.cast_games_share:.0%}" for r in listed.itertuples())
        )
    total = run.figures["games"]
    click.echo(
        f"\n{total:,} games in {run.seconds:.1f} s, policy {policy}, seed {seed}, "
        f"{opening_hands} opening hands"
        + (" (Arena best-of-one, as the real games)" if opening_hands == "arena-bo1" else "")
    )
    if run.capacity_errors:
        click.echo(f"warning: capacity exceeded in some games: {run.capacity_errors}", err=True)
    for w in run.warnings:
        click.echo(f"warning: {w}", err=True)
    if run.out_dir is not None:
        click.echo(
            f"wrote {run.out_dir}/ (calibration.csv, manifest.json"
            f"{', calibration.png' if run.rated and not no_plots else ''})"
        )


def spread_sources(f: dict) -> str:
    """Where the simulated GIH WR spread comes from, in SD points."""
    if f.get("gih_wr_sd_deck_pts", float("nan")) != f.get("gih_wr_sd_deck_pts"):
        return ""
    return (
        "where the simulated GIH WR spread comes from (SD, points): "
        f"{f['gih_wr_sd_sim_pts']:.1f} in all; the decks' win rates alone "
        f"{f['gih_wr_sd_deck_pts']:.1f}; the cards within their deck "
        f"{f['gih_wr_sd_within_deck_pts']:.1f}, sampling noise {f['gih_wr_sd_noise_pts']:.1f} of "
        f"it; the cards' own effects (within their deck, noise removed) give a scale of "
        f"{f['gih_wr_card_scale']:.2f} against the real SD {f['gih_wr_sd_real_pts']:.1f}"
    )

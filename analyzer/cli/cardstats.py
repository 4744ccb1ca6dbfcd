"""Click command `cardstats`: 17lands-style card statistics. Registered in cli.py."""

from __future__ import annotations

import click

from analyzer.cli.common import (
    DECK_PATH,
    capacity_warnings,
    echo_warnings,
    hands_note,
    input_errors_exit_2,
    policy_options,
    progress_bar,
    run_options,
)


@click.command()
@click.argument("deck", required=False, type=DECK_PATH)
@run_options(
    games=1000,
    vs_help="Opponent deck; repeat for a multiplayer game (default: the "
    "bundled gauntlet, one 1v1 matchup per deck, pooled).",
)
@policy_options(
    default="random:p=0.5",
    help_extra=" The default promises half the time, so gift cards have games both ways.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False),
    default=None,
    help="Folder for card_stats.csv and manifest.json (default: results/<run-id>/).",
)
@input_errors_exit_2
def cardstats(
    deck,
    vs,
    games,
    seed,
    policy,
    policy_file,
    threads,
    life,
    out,
    allow_approximate,
    card_files,
    player,
    opp_player,
    opening_hands,
) -> None:
    """Card ratings as 17lands reports them (GIH WR, OH WR, GD WR, GNS WR, IWD), from
    simulated games of DECK (seat 0), sorted by GIH WR.

    GP: games with the card in the deck; OH: in the opening hand kept; GD: drawn later (not
    in the opening hand); GIH: OH or GD; GNS: not seen; IWD = GIH WR - GNS WR (pooled over
    several matchups: each matchup's, Mantel-Haenszel weighted). A game counts for a card when
    any copy qualifies; draws count as games not won. Every rate has a 95% Wilson interval;
    IWD's is Newcombe's (stratified when pooled), and its test of 0 (Fisher; pooled: CMH) is
    Holm-adjusted over the cards. DECK defaults to the bundled default deck;
    without --vs it plays the bundled gauntlet and pools the matchups into one table.
    """
    from analyzer import api

    with progress_bar() as (start, progress):
        run = api.cardstats(
            deck,
            vs,
            games=games,
            seed=seed,
            policy=policy,
            policy_file=policy_file,
            threads=threads,
            out=out,
            save=True,
            life=life,
            allow_approximate=allow_approximate,
            card_files=card_files,
            player=player,
            opp_player=opp_player,
            opening_hands=opening_hands,
            progress=progress,
            on_start=start,
        )
    if run.pooled:
        against = (
            f"{len(run.opponents)} opponents, pooled ({run.games_per_matchup} games "
            f"each, {run.games} in all)"
        )
    else:
        against = f"{run.opponents[0]} ({run.games} games)"
    click.echo(api.card_stats_answer(run.table))
    click.echo(
        f"{run.deck} vs {against}; policy {run.policy}, seed {run.seed}" + hands_note(opening_hands)
    )
    click.echo(api.card_stats_summary(run.table))
    click.echo(f"draws: {run.draws} (counted as games not won); IWD in percentage points")
    if run.pooled:  # IWD is not the difference of the pooled rates printed beside it
        click.echo(
            f"IWD over the {len(run.opponents)} matchups: each matchup's GIH WR - GNS WR, "
            "Mantel-Haenszel weighted (so a card is not credited for being drawn more in an "
            "easy matchup), not the pooled GIH WR minus GNS WR"
        )
    if run.table["promised_games"].notna().any():
        click.echo(f"* gift card. Warning: {run.warning}")
    echo_warnings(list(run.warnings) + capacity_warnings(run.results), run.out_dir)
    click.echo(f"{run.games} games in {run.seconds:.1f} s")
    if run.out_dir is not None:
        click.echo(f"wrote {run.out_dir}")

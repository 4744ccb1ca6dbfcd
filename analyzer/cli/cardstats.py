"""Click command `cardstats`: 17lands-style card statistics. Registered in cli.py."""

from __future__ import annotations

from typing import Any

import click

from analyzer.cli.common import input_errors_exit_2, player_options, progress_bar


def _pct(rate: Any) -> str:
    return "-" if rate != rate else f"{100 * rate:.1f}%"


def _rate_n(rate: Any, n: Any) -> str:
    import pandas as pd

    if pd.isna(n):
        return ""
    return f"{_pct(rate)} ({int(n)})"


def _pp(points: float) -> str:
    return f"{points:+.1f}"


def card_stats_table(df: Any) -> str:
    """Terminal table of `api.cardstats(...).table`, in its order (best GIH WR first).

    Gift cards are marked "*"; their promised / not-promised columns are observational.
    """
    gift_rows = df["promised_games"].notna()
    heads = ["card", "#", "GP WR (n)", "OH WR (n)", "GD WR (n)", "GIH WR [95% CI] (n)",
             "GNS WR (n)", "IWD pp [95% CI]"]
    if gift_rows.any():
        heads += ["promised* (n)", "not promised* (n)"]
    rows = []
    for r, gift in zip(df.itertuples(index=False), gift_rows, strict=True):
        gih = "-" if r.gih_wr != r.gih_wr else (
            f"{_pct(r.gih_wr)} [{100 * r.gih_wr_ci_low:.1f}, {100 * r.gih_wr_ci_high:.1f}] "
            f"({r.gih_games})")
        iwd = "-" if r.iwd_pts != r.iwd_pts else (
            f"{_pp(r.iwd_pts)} [{_pp(r.iwd_ci_low_pts)}, {_pp(r.iwd_ci_high_pts)}]")
        row = [r.card + (" *" if gift else ""), str(r.copies), _rate_n(r.gp_wr, r.gp),
               _rate_n(r.oh_wr, r.oh_games), _rate_n(r.gd_wr, r.gd_games), gih,
               _rate_n(r.gns_wr, r.gns_games), iwd]
        if gift_rows.any():
            row += ["", ""] if not gift else [
                _rate_n(r.promised_wr, r.promised_games),
                _rate_n(r.unpromised_wr, r.unpromised_games)]
        rows.append(row)
    widths = [max(len(h), *(len(row[i]) for row in rows)) if rows else len(h)
              for i, h in enumerate(heads)]
    right = {1, 2, 3, 4, 6}
    right |= {8, 9} if gift_rows.any() else set()

    def line(cells: list[str]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    out = [line(heads), "  ".join("-" * w for w in widths)]
    out += [line(row) for row in rows]
    return "\n".join(out)


@click.command()
@click.argument("deck", required=False, type=click.Path(dir_okay=False))
@click.option("--vs", "vs", multiple=True, type=click.Path(dir_okay=False), metavar="OPP",
              help="Opponent deck; repeat for a multiplayer game (default: the bundled "
                   "gauntlet, one 1v1 matchup per deck, pooled).")
@click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True,
              help="Games per matchup.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True)
@click.option("--policy", default="random:p=0.5", show_default=True,
              help="Gift policy during the games: never, always, random:p=0.5 (per-card "
                   "overrides after ';'). The default promises half the time, so gift cards "
                   "have games both ways.")
@click.option("--policy-file", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Gift policy from a policy file (instead of --policy).")
@click.option("--threads", type=click.IntRange(min=1), default=None,
              help="Worker threads (default: all cores). Results do not depend on it.")
@click.option("--life", type=click.IntRange(min=1), default=None,
              help="Starting life (default 20; 40 for Commander decks).")
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="Folder for card_stats.csv and manifest.json (default: results/<run-id>/).")
@click.option("--allow-approximate", is_flag=True,
              help="Run approximate cards (stats and keywords only).")
@click.option("--card-data", "card_files", multiple=True, type=click.Path(dir_okay=False),
              metavar="FILE", help="Extra card data file; repeatable.")
@player_options
@input_errors_exit_2
def cardstats(deck, vs, games, seed, policy, policy_file, threads, life, out,
              allow_approximate, card_files, player, opp_player) -> None:
    """Card ratings as 17lands reports them (GIH WR, OH WR, GD WR, GNS WR, IWD), from
    simulated games of DECK (seat 0), sorted by GIH WR.

    GP: games with the card in the deck; OH: in the opening hand kept; GD: drawn later (not
    in the opening hand); GIH: OH or GD; GNS: not seen; IWD = GIH WR - GNS WR. A game counts
    for a card when any copy qualifies; draws count as games not won. Every rate has a 95%
    Wilson interval; IWD's is Newcombe's. DECK defaults to the bundled default deck; without
    --vs it plays the bundled gauntlet and pools the matchups into one table.
    """
    from analyzer import api

    with progress_bar() as (start, progress):
        run = api.cardstats(deck, vs, games=games, seed=seed, policy=policy,
                            policy_file=policy_file, threads=threads,
                            out=out, save=True, life=life, allow_approximate=allow_approximate,
                            card_files=card_files, player=player, opp_player=opp_player,
                            progress=progress, on_start=start)
    if run.pooled:
        against = (f"{len(run.opponents)} opponents, pooled ({run.games_per_matchup} games "
                   f"each, {run.games} in all)")
    else:
        against = f"{run.opponents[0]} ({run.games} games)"
    click.echo(f"{run.deck} vs {against}; policy {run.policy}, seed {run.seed}")
    click.echo(card_stats_table(run.table))
    click.echo(f"draws: {run.draws} (counted as games not won); IWD in percentage points")
    if run.table["promised_games"].notna().any():
        click.echo(f"* gift card. Warning: {run.warning}")
    for w in run.warnings:
        click.echo(f"warning: {w}", err=True)
    for r in run.results:
        if "capacity_errors" in r.extra:
            click.echo(f"warning: capacity exceeded in some games: {r.extra['capacity_errors']}",
                       err=True)
    click.echo(f"{run.games} games in {run.seconds:.1f} s")
    if run.out_dir is not None:
        click.echo(f"wrote {run.out_dir}")

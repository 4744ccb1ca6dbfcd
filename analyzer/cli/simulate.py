"""Click commands that run games (simulate, bench). Registered on the main group in cli.py."""

from __future__ import annotations

import click

from analyzer.cli.common import (
    DECK_PATH,
    input_errors_exit_2,
    kernel_notice,
    players_text,
    policy_options,
    progress_bar,
    run_options,
)


def _fmt_rate(rate: float, lo: float, hi: float) -> str:
    if rate != rate:
        return "-"
    return f"{100 * rate:5.1f}% [{100 * lo:4.1f}, {100 * hi:4.1f}]"


def summary_table(df) -> str:
    """Compact terminal table of simulate's summary rows."""
    heads = ["deck", "opponent", "games", "win rate [95% CI]", "on the play", "on the draw",
             "turns", "draws"]
    rows = []
    for r in df.itertuples(index=False):
        rows.append([r.deck, r.opponent, str(r.games), _fmt_rate(r.win_rate, r.ci_low, r.ci_high),
                     _fmt_rate(r.win_rate_on_play, r.ci_low_on_play, r.ci_high_on_play),
                     _fmt_rate(r.win_rate_on_draw, r.ci_low_on_draw, r.ci_high_on_draw),
                     f"{r.mean_turns:.1f}", str(r.draws)])
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(heads)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in rows]
    return "\n".join(line.rstrip() for line in lines)


def end_reasons_line(df) -> str:
    cols = [c for c in df.columns if c.startswith("end_")]
    totals = {c[4:]: int(df[c].sum()) for c in cols if int(df[c].sum())}
    return "game ends: " + ", ".join(f"{k} {v}" for k, v in totals.items())


@click.command()
@click.argument("deck", required=False, type=DECK_PATH)
@run_options(games=2000)
@policy_options(default="never")
@click.option("--per-game", is_flag=True, help="Also write games.csv (one row per game).")
@click.option("--log-games", type=click.IntRange(min=0), default=0, metavar="N",
              help="Also write the event logs of each matchup's first N games "
                   "(logs/<matchup>/<game>.jsonl and .txt; needs --out).")
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="Write summary.csv (and games.csv) and manifest.json to this folder.")
@input_errors_exit_2
def simulate(deck, vs, games, seed, threads, policy, policy_file, life, per_game, log_games,
             out, allow_approximate, card_files, player, opp_player) -> None:
    """Play complete games between decks and report win rates with 95% intervals.

    DECK defaults to the bundled default deck; without --vs it plays the bundled gauntlet.
    """
    from analyzer import api

    with progress_bar() as (start, progress):
        run = api.simulate(deck, vs, games=games, seed=seed, threads=threads, policy=policy,
                           policy_file=policy_file, life=life,
                           allow_approximate=allow_approximate, per_game=per_game, out=out,
                           card_files=card_files, player=player, opp_player=opp_player,
                           progress=progress, on_start=start, log_games=log_games)
    click.echo(summary_table(run.summary))
    click.echo(end_reasons_line(run.summary))
    click.echo("coverage: " + "; ".join(run.coverage))
    total = int(run.summary["games"].sum())
    click.echo(f"{total} games in {run.seconds:.1f} s ({total / max(run.seconds, 1e-9):,.0f} "
               f"games/s), policy {policy_file or policy}, seed {seed}, "
               f"{players_text(player, opp_player)}")
    for r in run.results:
        if "capacity_errors" in r.extra:
            click.echo(f"warning: capacity exceeded in some games: {r.extra['capacity_errors']}",
                       err=True)
    if run.out_dir is not None:
        click.echo(f"wrote {run.out_dir}")


@click.command()
@click.option("--quick", is_flag=True,
              help="Fewer games, and no cold-compile measurement (which takes a minute).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@input_errors_exit_2
def bench(quick: bool, as_json: bool) -> None:
    """The standard benchmark: games/s at 1 and 2 threads, compile and start times, memory."""
    from analyzer import api

    kernel_notice()
    res = api.run_bench(quick=quick, log=(lambda _m: None) if as_json else
                    (lambda m: click.echo(m, err=True)))
    click.echo(api.bench_json(res) if as_json else api.format_bench(res))

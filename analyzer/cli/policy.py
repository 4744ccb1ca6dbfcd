"""Click command `tune`: search one card's threshold gift policy. Registered in cli.py."""

from __future__ import annotations

import click

from analyzer.api.policy import DEFAULT_FEATURES
from analyzer.cli.common import (
    DECK_PATH,
    hands_note,
    input_errors_exit_2,
    progress_bar,
    run_options,
)


def _pct(x: float) -> str:
    return f"{100 * x:+5.1f}"


@click.command()
@click.argument("deck", required=False, type=DECK_PATH)
@run_options(
    games=400,
    games_help="Games per matchup for every candidate (and again for validation).",
    seed_help=(
        "Training seed (each matchup plays its own stream of it); validation: each stream "
        "seed + 1000003."
    ),
)
@click.option("--card", required=True, help="The gift card whose policy is tuned.")
@click.option(
    "--base",
    default="heuristic",
    show_default=True,
    help="Policy of the deck's other gift cards (one name, e.g. heuristic).",
)
@click.option(
    "--opp-policy", default=None, help="Policy of the opponents (default: the same as --base)."
)
@click.option(
    "--features",
    default=",".join(DEFAULT_FEATURES),
    show_default=True,
    help="Decision features whose weights are searched (the bias always is).",
)
@click.option(
    "--rounds",
    type=click.IntRange(min=0),
    default=3,
    show_default=True,
    help="Passes of the coordinate search.",
)
@click.option(
    "--out",
    type=click.Path(),
    default=None,
    help="Where to save the tuned policy: a file, or a folder (one that exists, or a path "
    "ending in '/') for tuned_<card>.toml in it; missing folders are made, as every "
    "command's --out (default: tuned_<card>.toml here).",
)
@input_errors_exit_2
def tune(
    deck,
    vs,
    card,
    games,
    seed,
    base,
    opp_policy,
    features,
    rounds,
    out,
    threads,
    life,
    allow_approximate,
    card_files,
    player,
    opp_player,
    opening_hands,
) -> None:
    """Tune the threshold gift policy of one card with common random numbers.

    Every candidate plays the same games; the tuned weights are then checked on held-out games
    against never, always and heuristic for that card and against the weights it started from
    (paired difference, 95% interval; no test across the four). Every searched weight is
    listed, 0 -> 0 when untouched. The tuned policy is saved as a policy file: use it with
    `simulate --policy-file FILE`.
    """
    from analyzer import api

    names = tuple(f.strip() for f in features.split(",") if f.strip())
    with progress_bar() as (start, progress):
        res = api.tune(
            deck,
            vs,
            card,
            games=games,
            seed=seed,
            base=base,
            opponents=opp_policy,
            features=names,
            rounds=rounds,
            threads=threads,
            life=life,
            allow_approximate=allow_approximate,
            out=out,
            save=True,
            card_files=card_files,
            player=player,
            opp_player=opp_player,
            opening_hands=opening_hands,
            progress=progress,
            on_start=start,
        )
    tuned = any(
        res.start.get(k, 0.0) != res.weights.get(k, 0.0) for k in {*res.start, *res.weights}
    )
    click.echo(api.tune_answer(res.card, res.comparisons, tuned))
    click.echo(
        f"{res.card}: threshold weights after {res.evaluations} evaluations of "
        f"{games} games per matchup (seed {seed}{hands_note(opening_hands)})"
    )
    # every searched weight, those left at 0 too (row_weights leaves zeros out)
    keys = list(dict.fromkeys([*res.start, *res.weights, "bias", *names]))
    for k in keys:
        a, b = res.start.get(k, 0.0), res.weights.get(k, 0.0)
        mark = "" if a == b else "  (tuned)"
        click.echo(f"  {k:<18} {a:>9.4g} -> {b:<9.4g}{mark}")
    click.echo(f"training score (win 1, draw 1/2): {res.train_start:.4f} -> {res.train_best:.4f}")
    click.echo(
        "held-out games, tuned minus each (percentage points of score, 95% interval; p Holm: "
        "adjusted over the arms):"
    )
    for r in res.comparisons.itertuples(index=False):
        click.echo(
            f"  vs {r.versus:<14} {_pct(r.gain)} [{_pct(r.ci_low)}, {_pct(r.ci_high)}]  "
            f"p Holm {r.p_holm:.3g}  ({r.games_differing} of {r.games} games differ)"
        )
    click.echo(f"wrote {res.path}")

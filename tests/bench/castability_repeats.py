"""How much a castability cache could save: per game, how often ``ai_cast._can_cast_now`` is
asked a question it already answered, from the kernel run as plain Python (NUMBA_DISABLE_JIT).

    PYTHONPATH=. python3 tests/bench/castability_repeats.py [--games 100] [--precons]

A question is keyed by the turn, the player, the object, sorcery timing, the object's zone, the
game's ability kinds seen and every mana source entry collect_sources made (masks and kinds): the
inputs a cache per (player, priority window) would have to match. Counts per game: all calls; those
``mana_fits.simple_fits`` or ``signet_fits`` answered (no planning) and the rest (``plan_spell``, a
full plan: sources neither counts, or a cost they hand on with -1), and those answered before the
mana (by the card's other costs or its timing); repeats of a key seen before in the same game (the
most a cache could skip; the key leaves out cost reductions and commander tax, so it is an upper
bound); and repeats whose answer differed (a cache on this key would have been wrong). Same matchup
and seed as ``analyzer bench``; ``--precons``: the four Commander precons at 40 life (about 3 s a
game).
Not part of the test suite.
"""

from __future__ import annotations

import argparse
import os
from collections import Counter


def repeats_per_game(games: int, precons: bool) -> dict[str, float]:
    """The counts described above, per game."""
    os.environ["NUMBA_DISABLE_JIT"] = "1"  # read when numba is first imported
    from analyzer.analysis.bench import measured_seats, play_measured
    from analyzer.kernel.layout import H, O
    from analyzer.kernel.player import ai_cast
    from analyzer.kernel.rules import mana_fits
    from analyzer.kernel.rules.view import ob

    counts: Counter[str] = Counter()
    answers: dict[tuple, bool] = {}
    can_cast_now = ai_cast._can_cast_now
    simple_fits = mana_fits.simple_fits
    signet_fits = mana_fits.signet_fits
    plan_spell = ai_cast.plan_spell
    asked: list[str] = []  # which of the three answered the last call

    def fits_counted(simple, n, generic, colored):
        fits = simple_fits(simple, n, generic, colored)
        if fits >= 0:
            asked.append("simple_fits")
        return fits

    def signet_counted(masks, kinds, n, generic, colored):
        fits = signet_fits(masks, kinds, n, generic, colored)
        if fits >= 0:
            asked.append("signet_fits")
        return fits

    def plan_counted(*args):
        asked.append("planned")
        return plan_spell(*args)

    def counted(G, C, p, o, sorcery_ok, masks, kinds, n_src, use, simple):
        key = (
            id(G),
            int(G[H.TURN]),
            int(p),
            int(o),
            bool(sorcery_ok),
            int(G[ob(o) + O.ZONE]),
            int(G[H.KINDS_SEEN]),
            tuple(masks[:n_src].tolist()),
            tuple(kinds[:n_src].tolist()),
        )
        asked.clear()
        ok = bool(can_cast_now(G, C, p, o, sorcery_ok, masks, kinds, n_src, use, simple))
        how = asked[-1] if asked else "answered before the mana"
        counts["calls"] += 1
        counts[how] += 1
        if key in answers:
            counts["repeats"] += 1
            counts[f"repeats {how}"] += 1
            counts["repeats answered otherwise"] += answers[key] != ok
        answers[key] = ok
        return ok

    ai_cast._can_cast_now = counted  # collect_castables reads the module's name at each call
    mana_fits.simple_fits = fits_counted  # (counted_fits reads these two at each call,
    mana_fits.signet_fits = signet_counted  # and _can_cast_now plan_spell)
    ai_cast.plan_spell = plan_counted
    play_measured(measured_seats(precons), games, "standard")
    return {name: n / games for name, n in counts.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=0, help="default 100 (--precons: 6)")
    ap.add_argument("--precons", action="store_true", help="the four Commander precons")
    args = ap.parse_args()
    games = args.games or (6 if args.precons else 100)
    what = "precon pod" if args.precons else "bench matchup"
    print(f"_can_cast_now per game ({games} {what} games, standard player):")
    for name, n in repeats_per_game(games, args.precons).items():
        print(f"  {n:8.1f}  {name}")


if __name__ == "__main__":
    main()

"""How much each deck gains from the standard player's play, from calibrate runs at the four
pairings of player levels (study script; the archetype spread of calibrate: is a bottom deck's
deficit its list, or play the standard player gets wrong for it?).

Usage: PYTHONPATH=$PWD python3 tools/player_uplift.py CAL_DIR [CAL_DIR...]
(calibrate --out CAL_DIR with --player/--opp-player standard/standard, standard/basic,
basic/basic and basic/standard; a pairing given twice, say two seeds, is averaged)

Per deck, its win rate against the gauntlet at each pairing (own level / opponents' level:
ss, sb, bb, bs), then:
  own_std   ss - bs: what the deck gains when its own seat plays standard, opponents standard
  own_basic sb - bb: the same against basic opponents
  opp_std   bs - bb: what it loses when the opponents play standard (its own seat basic)
each beside its mean over the decks. A deck whose own_std sits well below the mean gains less
than the others from the standard player's refinements: the decisions its cards ask for are the
ones the standard player refines least (or its cards leave less room for play). A deck at the
bottom under bb too is weak in its list, whatever the player.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

PAIRS = ("ss", "sb", "bb", "bs")


def load(runs):
    """{pairing: {deck: mean win rate over the runs of that pairing}}."""
    acc: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for run in runs:
        m = json.loads((Path(run) / "manifest.json").read_text())
        key = m["player"][0] + (m["opp_player"] or m["player"])[0]
        for deck, wr in m["extra"]["figures"]["deck_win_rates"].items():
            acc[key][deck].append(wr)
    return {k: {d: sum(v) / len(v) for d, v in decks.items()} for k, decks in acc.items()}


def main(argv):
    wr = load(argv)
    missing = [p for p in PAIRS if p not in wr]
    if missing:
        sys.exit(f"missing pairings: {', '.join(missing)} (own level, opponents' level)")
    decks = sorted(wr["ss"], key=lambda d: -wr["ss"][d])
    rows = {}
    for d in decks:
        ss, sb, bb, bs = (100 * wr[p][d] for p in PAIRS)
        rows[d] = (ss, sb, bb, bs, ss - bs, sb - bb, bs - bb)
    means = [sum(r[i] for r in rows.values()) / len(rows) for i in range(7)]
    head = f"{'deck':32} {'ss':>6} {'sb':>6} {'bb':>6} {'bs':>6}"
    print(f"{head} {'own_std':>12} {'own_basic':>12} {'opp_std':>12}")
    for d, r in rows.items():
        dev = [f"{r[i]:5.1f} ({r[i] - means[i]:+4.1f})" for i in (4, 5, 6)]
        print(f"{d[:32]:32} {r[0]:6.1f} {r[1]:6.1f} {r[2]:6.1f} {r[3]:6.1f} " + " ".join(dev))
    print(
        f"{'mean':32} {means[0]:6.1f} {means[1]:6.1f} {means[2]:6.1f} {means[3]:6.1f} "
        f"{means[4]:12.1f} {means[5]:12.1f} {means[6]:12.1f}"
    )
    for p in ("ss", "bb"):
        spread = max(wr[p].values()) - min(wr[p].values())
        print(f"spread {p}: {100 * spread:.1f} points")


if __name__ == "__main__":
    main(sys.argv[1:])

"""Win rate of kept opening hands by their land count (study script).

Usage: python3 tools/keep_lands.py RUN_DIR [RUN_DIR...]
(runs from `simulate DECK --per-game --out RUN_DIR`; every games.csv below each RUN_DIR is read).
       python3 tools/keep_lands.py --paired BASE_DIR OTHER_DIR LANDS
(the same runs, same seeds, under two keep rules: the seats whose first seven held LANDS lands
and were kept in BASE, their win rate in both; the deals are the same, the games after differ).

Every matchup of a run plays its own stream (analysis/streams.py), so a gauntlet run's matchups
deal independent hands and pool as they are. Runs written before that gave every matchup the run
seed (game i dealt a deck the same seven cards against each opponent, each deal counted once per
opponent): the script names such a games.csv.

Per seat of every game: the lands among the seven first drawn (``opening_lands``) and the
mulligans taken. Seven-card keeps are split by land count and by on the play / on the draw;
hands kept after a mulligan are one row per mulligan count. Win rates carry Wilson 95% intervals;
a draw counts as not a win.
"""

import collections
import csv
import sys
from pathlib import Path

from analyzer.analysis.stats import wilson_interval


def wilson(k: int, n: int) -> tuple[float, float]:
    """Wilson 95% interval of k wins in n (analysis/stats.py); (0, 0) for no games."""
    if n == 0:
        return 0.0, 0.0
    low, high = wilson_interval(k, n)
    return float(low), float(high)


def rows(runs):
    for run in runs:
        for path in sorted(Path(run).rglob("games.csv")):
            with open(path) as fh:
                table = list(csv.DictReader(fh))
            seeds = {(r["matchup"], r["seed"]) for r in table}
            if len({m for m, _ in seeds}) > 1 and len({s for _, s in seeds}) == 1:
                print(f"warning: {path}: every matchup on one seed (shared deals)")
            for r in table:
                for s in (0, 1):
                    m = int(r[f"seat{s}_mulligans"])
                    key = f"{int(r[f'seat{s}_opening_lands'])} lands" if m == 0 else f"mull {m}"
                    play = "play" if int(r["first_seat"]) == s else "draw"
                    yield key, play, int(r["winner"]) == s, r[f"seat{s}_deck"]


def main(runs):
    st = collections.defaultdict(lambda: [0, 0])
    for key, play, won, _deck in rows(runs):
        for k in ((key, play), (key, "all")):
            st[k][0] += won
            st[k][1] += 1
    total = sum(v[1] for (k, p), v in st.items() if p == "all")
    print(f"{total} kept hands")
    print(f"{'hand':10} {'side':5} {'kept':>6} {'share':>6}  win rate [95%]")
    for key in sorted({k for k, _ in st}):
        for p in ("play", "draw", "all"):
            w, n = st[(key, p)]
            lo, hi = wilson(w, n)
            share = f"{n / total:6.1%}" if p == "all" else ""
            print(f"{key:10} {p:5} {n:6} {share:>6}  {w / max(n, 1):6.1%} [{lo:.1%}, {hi:.1%}]")


def paired(base: str, other: str, lands: int) -> None:
    def table(run):
        out = {}
        for path in sorted(Path(run).rglob("games.csv")):
            with open(path) as fh:
                for r in csv.DictReader(fh):
                    for s in (0, 1):
                        key = (path.parent.name, r["matchup"], r["game"], s)
                        out[key] = (
                            int(r[f"seat{s}_opening_lands"]),
                            int(r[f"seat{s}_mulligans"]),
                            int(r["winner"]) == s,
                        )
        return out

    a, b = table(base), table(other)
    keys = [k for k, v in a.items() if v[0] == lands and v[1] == 0 and k in b]
    for name, t in (("base", a), ("other", b)):
        w = sum(t[k][2] for k in keys)
        m = sum(t[k][1] > 0 for k in keys)
        lo, hi = wilson(w, len(keys))
        rate = w / len(keys)
        print(f"{name:6} {len(keys)} seats, {m} mulliganed: win {rate:.1%} [{lo:.1%}, {hi:.1%}]")


if __name__ == "__main__":
    if sys.argv[1] == "--paired":
        paired(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        main(sys.argv[1:])

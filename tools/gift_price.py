"""What each gift costs its giver by recipient deck, from evaluate's forked decisions (study
script, issue 14 'gwtop').

Usage: PYTHONPATH=$PWD python3 tools/gift_price.py RUN_DIR [RUN_DIR...]
       (evaluate DECK --policies heuristic --forks 1 --out RUN_DIR, one run per gifting deck)

Per gift kind and recipient deck, over every forked decision (one future promises, one does
not, the same library): how often the base policy promised, the mean win-rate change of
promising (points, +- one standard error) where it promised and where it did not, and the
change it gained by promising per game the giver played against that deck. A recipient that
gets more from a gift than the policy thinks shows as a negative gain where it promised.
"""

import csv
import math
import sys
from collections import Counter, defaultdict
from pathlib import Path


def main(runs: list[str]) -> None:
    acc: dict[tuple[str, str], Counter] = defaultdict(Counter)
    games: Counter = Counter()
    for run in runs:
        with open(Path(run) / "decisions.csv") as fh:
            for r in csv.DictReader(fh):
                if r["outcome_promise"] == "":
                    continue
                d = float(r["outcome_promise"]) - float(r["outcome_no_promise"])
                arm = "promised" if r["base_choice"] != "no promise" else "kept"
                c = acc[(r["gift_kind"], r["opponent"])]
                c["decisions"] += 1
                c[arm] += 1
                c[arm + " sum"] += d
                c[arm + " sq"] += d * d
        with open(Path(run) / "policy_comparison.csv") as fh:
            for r in csv.DictReader(fh):
                games[r["opponent"]] += int(r["games"])

    def mean(c: Counter, arm: str) -> str:
        n = c[arm]
        if n == 0:
            return "   n/a    "
        mu = c[arm + " sum"] / n
        se = math.sqrt(max(c[arm + " sq"] / n - mu * mu, 0.0) / n)
        return f"{100 * mu:+5.1f} +-{100 * se:3.1f}"

    for kind in sorted({k for k, _ in acc}):
        print(kind)
        for kind_, rec in sorted(acc):
            if kind_ != kind:
                continue
            c = acc[(kind, rec)]
            n = c["decisions"]
            per_game = 100 * c["promised sum"] / games[rec] if games[rec] else 0.0
            print(
                f"  to {rec[:24]:24} decisions {n:5}  promised {c['promised'] / n:4.0%}"
                f"  gain where promised {mean(c, 'promised')}  where not {mean(c, 'kept')}"
                f"  gained {per_game:+.2f} pts a game"
            )


if __name__ == "__main__":
    main(sys.argv[1:])

"""Which classes of cards the simulation over- or under-rates, from calibrate runs (study
script).

Usage: python3 tools/card_classes.py RUN_DIR [RUN_DIR...]   (calibrate --ratings FILE --out DIR;
several runs, say seeds 0 and 1, are pooled)

The cards with a real GIH WR are grouped into classes read from the card data: creature or not,
body size (power + toughness), mana value, flying, the standard player's role, token makers,
life gain or Food, gift cards. Per class: how many cards, their simulated GIH WR against their
own deck's win rate (the deck's strength taken out), their real GIH WR against the mean real
one, and the residual (simulated within the deck minus real), with its standard error. The
residual's mean over all cards is not 0 (a card drawn is seen in longer games); compare the
classes with each other. Then the decks: each deck's win rate beside the mean real GIH WR of
its cards, and their rank correlation (does the simulation rank the decks as the real cards
do?).
"""

import csv
import statistics
import sys
from collections import defaultdict
from pathlib import Path

from scipy.stats import spearmanr

from analyzer.cards.catalog import load_catalog
from analyzer.cards.derive import derive_role
from analyzer.enums import AI_ROLE_NAMES, CardType, Keyword, Op

ROLE_NAME = {v: k for k, v in AI_ROLE_NAMES.items()}
TOKEN_OPS = {Op.CREATE_TOKEN, Op.TOKEN_COPY}


def classes(rec) -> list[str]:
    """The classes a card belongs to (several at once)."""
    ops = {st.op for ab in rec.abilities for prog in ab.programs() for st in prog.steps}
    out = []
    if rec.types & CardType.CREATURE:
        body = (rec.power or 0) + (rec.toughness or 0)
        size = "8+" if body >= 8 else "5-7" if body >= 5 else "4-"
        out.append(f"creature, P+T {size}")
        out.append("creature, MV 4+" if rec.mv >= 4 else "creature, MV 3-")
        if rec.keywords & Keyword.FLYING:
            out.append("flier")
    else:
        out.append("noncreature")
        out.append(f"role {ROLE_NAME.get(derive_role(rec), '?')}")
    if ops & TOKEN_OPS:
        out.append("token maker")
    if Op.GAIN_LIFE in ops or "Food" in rec.oracle:
        out.append("life gain or Food")
    if rec.gift:
        out.append("gift card")
    return out


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation (scipy's: ties get their mean rank)."""
    return float(spearmanr(xs, ys).statistic)


def main(runs: list[str]) -> None:
    catalog = load_catalog()
    by_class: dict[str, list[tuple[float, float, float]]] = defaultdict(list)
    decks: dict[str, tuple[list[float], list[float]]] = defaultdict(lambda: ([], []))
    for run in runs:
        with open(Path(run) / "calibration.csv") as fh:
            rows = [r for r in csv.DictReader(fh) if r["real_gih_wr"]]
        mean_real = statistics.mean(float(r["real_gih_wr"]) for r in rows)
        for r in rows:
            within = 100 * (float(r["sim_gih_wr"]) - float(r["deck_wr"]))
            real = 100 * (float(r["real_gih_wr"]) - mean_real)
            for c in classes(catalog.lookup(r["card"])):
                by_class[c].append((within, real, within - real))
            if " | " not in r["decks"]:  # a card of one deck only
                decks[r["decks"]][0].append(float(r["deck_wr"]))
                decks[r["decks"]][1].append(float(r["real_gih_wr"]))
    n_runs = len(runs)
    print(f"{'class':22s} {'cards':>5s} {'sim in deck':>11s} {'real':>6s} {'residual':>8s}  se")
    for c, v in sorted(by_class.items(), key=lambda kv: statistics.mean(x[2] for x in kv[1])):
        res = [x[2] for x in v]
        se = statistics.stdev(res) / (len(res) / n_runs) ** 0.5 if len(res) > n_runs else 0.0
        print(
            f"{c:22s} {len(v) // n_runs:5d} {statistics.mean(x[0] for x in v):+11.1f}"
            f" {statistics.mean(x[1] for x in v):+6.1f} {statistics.mean(res):+8.1f}  {se:.1f}"
        )
    print("\ndeck                              win rate  mean real GIH WR of its cards")
    wr, real = [], []
    for d, (w, g) in sorted(decks.items(), key=lambda kv: -statistics.mean(kv[1][0])):
        wr.append(statistics.mean(w))
        real.append(statistics.mean(g))
        print(f"{d[:33]:33s} {100 * wr[-1]:8.1f}  {100 * real[-1]:.1f} ({len(g) // n_runs} cards)")
    if len(wr) > 2:
        print(
            f"rank correlation, deck win rate vs its cards' real GIH WR: {spearman(wr, real):.2f}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])

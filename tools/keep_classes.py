"""Which kept sevens lose to a mulligan: paired keep-vs-mulligan win rates by class of hand.

Usage: PYTHONPATH=. python3 tools/keep_classes.py BASE_DIR OTHER_DIR [SEAT]
(run with BASE's source on PYTHONPATH: the sevens are dealt again by `engine.init_game`).

BASE_DIR and OTHER_DIR hold the same `simulate DECK --per-game --out DIR` runs (same decks, seeds
and --opening-hands; gauntlet runs are fine: every matchup is dealt again from its own stream
seed) under two keep rules: BASE's, and a prototype in which SEAT (default 0) sends back every
seven it is dealt first, and keeps the next hands by the usual rule. Every seven SEAT kept in
BASE is one pair: its win in BASE (kept) and in OTHER (mulliganed), the same first seven.
Only SEAT's hand changes between the runs, so the difference OTHER - BASE is what sending that
hand back is worth; the other seat's hand and the games after differ as chance does.

Classes, as the standard player's keep rule sees a hand (keep_lands.HandClass): land count x on
the play / draw, then each split again by the castable spells of mana value <= 2 and <= 3, and by
colours (the hand's lands cast none / some / all of its spells). Each row: pairs, share of all
of SEAT's first sevens, win rate kept / mulliganed and the paired difference with its 95% t
interval (analysis/stats.paired_difference); a draw counts as not a win.

keep21 (arena-bo1, the nine bundled decks against the gauntlet, standard player both seats,
`simulate DECK --games G --seed S --opening-hands arena-bo1 --per-game`, seeds 21 x 1500 and
22 x 3000; the prototype: `if m == 0 and p == 0: return False` first in mulligan._keeps):
every class of kept seven loses by a mulligan (-15 points in all) but the sevens on the play
with no castable spell of mana value <= 3 and a spell their lands cannot cast (1.5% of sevens,
+4.5 [+2.7, +6.3]), now sent back under arena-bo1; the same on the draw -0.9 [-2.4, +0.6],
with every spell castable -4.6 [-9.0, -0.2]; under paper (seed 22 x 3000) +1.9 [-0.3, +4.1].
"""

import collections
import csv
import json
import sys
from pathlib import Path

import numpy as np
from keep_lands import DECKS, HandClass

from analyzer.analysis.stats import paired_difference


def matchup_sevens(run: Path, k: int, games: set[str]) -> dict[str, list[list[str]]]:
    """Both seats' hands after the keep rule of the source imported, of matchup k's games of a
    run, dealt again by `engine.init_game` from the matchup's stream seed and the run's deal."""
    from analyzer.analysis.simulate import kernel_inputs, seat_levels
    from analyzer.api.simulation import _load
    from analyzer.cards.catalog import load_catalog
    from analyzer.kernel import layout as L
    from analyzer.kernel.rules import engine
    from analyzer.kernel.rules.view import hand_at, ob, pb

    manifest = json.loads((run / "manifest.json").read_text())
    seats = [DECKS / Path(p).name for p in manifest["extra"]["replay"]["matchups"][k]]
    seed = int(manifest["extra"]["stream_seeds"][k])
    catalog = load_catalog()
    decks = _load([str(p) for p in seats], catalog, False)
    deal = manifest.get("opening_hands") or "paper"
    inp = kernel_inputs(decks, catalog, seat_levels(len(decks), manifest["player"], None, deal))
    names = catalog.compiled.names
    G = engine.new_record(inp.deck_sizes)
    out = {}
    for g in sorted(games, key=int):
        engine.init_game(
            G, inp.C, inp.decks, inp.deck_sizes, inp.levels, len(decks),
            seed, int(g), 20, 60, 50_000, -1,
        )  # fmt: skip
        out[g] = [
            [names[G[ob(hand_at(G, s, i)) + L.O.CARD]] for i in range(G[pb(s) + L.P.HAND_N])]
            for s in range(len(decks))
        ]
    return out


def pairs(base: Path, other: Path, seat: int):
    """(matchup key, game, on the play, base win, other win, other mulligans) of each game whose
    SEAT kept its first seven in BASE; and the count of SEAT's first sevens."""
    kept, dealt = [], 0
    for path in sorted(base.rglob("games.csv")):
        opath = other / path.relative_to(base)
        if not opath.is_file():
            continue
        with open(opath) as fh:
            o_rows = {(r["matchup"], r["game"]): r for r in csv.DictReader(fh)}
        with open(path) as fh:
            for r in csv.DictReader(fh):
                o = o_rows.get((r["matchup"], r["game"]))
                if o is None:
                    continue
                dealt += 1
                if int(r[f"seat{seat}_mulligans"]):
                    continue
                kept.append(
                    (
                        (path.parent, int(r["matchup"])),
                        r["game"],
                        int(r["first_seat"]) == seat,
                        int(r["winner"]) == seat,
                        int(o["winner"]) == seat,
                        int(o[f"seat{seat}_mulligans"]),
                    )
                )
    return kept, dealt


def bucket(n: int, top: int) -> str:
    return f"{n}" if n < top else f"{top}+"


def main(base: str, other: str, seat: int = 0) -> None:
    kept, dealt = pairs(Path(base), Path(other), seat)
    by_matchup = collections.defaultdict(set)
    for key, g, *_ in kept:
        by_matchup[key].add(g)
    hands = {}
    for (run, k), games in sorted(by_matchup.items()):
        for g, h in matchup_sevens(run, k, games).items():
            hands[(run, k, g)] = h[seat]
    hc = HandClass()
    classes = collections.defaultdict(list)
    not_mulled = 0
    for (run, k), g, play, wa, wb, om in kept:
        hand = hands[(run, k, g)]
        if len(hand) != 7:
            continue
        not_mulled += om == 0
        nonland, castable, cheap, early = hc.spells(hand)
        lands = 7 - nonland
        side = "play" if play else "draw"
        colours = "none" if castable == 0 else "all" if castable == nonland else "some"
        subs = [
            "",
            f"mv<=2 castable {bucket(cheap, 2)}",
            f"mv<=3 castable {bucket(early, 3)}",
            f"lands cast {colours}",
        ]
        if early == 0:  # no early play: split by whether anything else is castable
            subs.append(f"mv<=3 castable 0, lands cast {colours}")
            if castable < nonland:  # the arena-bo1 keep rule's class (on the play)
                subs.append("mv<=3 castable 0, a spell off colour")
        for sub in subs:
            for n in (lands, 98):  # 98: any land count
                classes[(n, side, sub)].append((wa, wb))
                classes[(n, "both", sub)].append((wa, wb))
        classes[(99, "all", "")].append((wa, wb))
    print(
        f"seat {seat}: {dealt} first sevens, {len(kept)} kept in base, "
        f"{not_mulled} of them kept in other too (should be 0)"
    )
    print(f"{'class':40} {'pairs':>6} {'share':>6}   kept  mulled  diff [95%]")
    for lands, side, sub in sorted(classes, key=lambda c: (c[0], c[1] != "both", c[1], c[2])):
        p = classes[(lands, side, sub)]
        head = {99: "all", 98: f"2-5L {side}"}.get(lands, f"{lands}L {side}")
        label = head + (f", {sub}" if sub else "")
        a = np.array([x for x, _ in p], dtype=float)
        b = np.array([y for _, y in p], dtype=float)
        d = paired_difference(b, a) if len(p) > 1 else None
        diff = (
            f"{float(d.delta):+6.1%} [{float(d.ci_low):+.1%}, {float(d.ci_high):+.1%}]"
            if d is not None
            else ""
        )
        print(
            f"{label:40} {len(p):6} {len(p) / dealt:6.1%} {a.mean():6.1%} {b.mean():6.1%}  {diff}"
        )


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 0)

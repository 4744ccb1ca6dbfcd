"""Win rate of kept opening hands by their land count (study script).

Usage: python3 tools/keep_lands.py RUN_DIR [RUN_DIR...]
(runs from `simulate DECK --per-game --out RUN_DIR`; every games.csv below each RUN_DIR is read).
       python3 tools/keep_lands.py --paired BASE_DIR OTHER_DIR LANDS
(the same runs, same seeds, under two keep rules: the seats whose first seven held LANDS lands
and were kept in BASE, their win rate in both; the deals are the same, the games after differ).
       python3 tools/keep_lands.py --split BASE_DIR OTHER_DIR LANDS
(the same pairs split by class of hand: on the play / draw, its castable spells of mana value
<= 2 and <= 3, the deck's land count (and the deck, for reading only), with the paired
difference OTHER - BASE per deal and its 95% t interval; the seven cards are dealt again
by `engine.init_game`, so run it with BASE's source on PYTHONPATH).

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

import numpy as np

from analyzer.analysis.stats import paired_difference, wilson_interval
from analyzer.enums import CardType


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
    rows = list(paired_rows(base, other, lands))
    mulliganed = sum(r[-1] > 0 for r in rows)
    print(
        f"{len(rows)} seats kept {lands} lands of seven in base; {mulliganed} mulliganed in other"
    )
    print(paired_line("all", [(r[5], r[6]) for r in rows]))


DECKS = Path(__file__).resolve().parents[1] / "decks"


def deck_paths(run: Path) -> list[Path]:
    """The decks by seat of a one-matchup run, from this repo's decks/ by file name."""
    import json

    seats = json.loads((run / "manifest.json").read_text())["extra"]["replay"]["matchups"][0]
    return [DECKS / Path(p).name for p in seats]


def opening_sevens(run: Path, wanted: set[tuple[str, int]]) -> dict[tuple[str, int], list[str]]:
    """The hand kept by each wanted (game, seat) of a one-matchup run, dealt again by
    `engine.init_game` (the shuffle and mulligans only): the first seven when the seat kept
    seven under the rule of the source imported (the base run's). Decks by name from this repo."""
    import json

    from analyzer.analysis.simulate import kernel_inputs, seat_levels
    from analyzer.api.simulation import _load
    from analyzer.cards.catalog import load_catalog
    from analyzer.kernel import layout as L
    from analyzer.kernel.rules import engine
    from analyzer.kernel.rules.view import hand_at, ob, pb

    manifest = json.loads((run / "manifest.json").read_text())
    # the matchup's own stream seed (analysis/streams.py); runs before it: the run seed
    seed = int(manifest["extra"].get("stream_seeds", [manifest["seed"]])[0])
    catalog = load_catalog()
    decks = _load([str(p) for p in deck_paths(run)], catalog, False)
    deal = manifest.get("opening_hands") or "paper"  # the run's deal (runs before it: paper)
    inp = kernel_inputs(decks, catalog, seat_levels(len(decks), manifest["player"], None, deal))
    names = catalog.compiled.names
    G = engine.new_record(inp.deck_sizes)
    hands = {}
    for g in sorted({g for g, _ in wanted}, key=int):
        engine.init_game(
            G, inp.C, inp.decks, inp.deck_sizes, inp.levels, len(decks),
            seed, int(g), 20, 60, 50_000, -1,
        )  # fmt: skip
        for s in (0, 1):
            n = G[pb(s) + L.P.HAND_N]
            hands[(g, s)] = [names[G[ob(hand_at(G, s, i)) + L.O.CARD]] for i in range(n)]
    return hands


class HandClass:
    """Class facts of a seven-card hand, as the standard player's keep rule sees them."""

    def __init__(self) -> None:
        from analyzer.cards.catalog import load_catalog

        self.catalog = load_catalog()
        self.lands_in_deck: dict[Path, int] = {}

    def spells(self, names: list[str]) -> tuple[int, int, int, int]:
        """(nonland, castable, castable mv <= 2, castable mv <= 3): castable when the hand's
        lands make every color of the cost (mulligan._colors_met)."""
        recs = [self.catalog.lookup(n) for n in names]
        colors = 0
        for r in recs:
            if r.types & CardType.LAND:
                colors |= r.land_colors
        out = [0, 0, 0, 0]
        for r in recs:
            if r.types & CardType.LAND:
                continue
            out[0] += 1
            met = all(k == 0 or colors >> c & 1 for c, k in enumerate(r.cost.colored))
            if met and (r.cost.hybrid == 0 or r.cost.hybrid_colors & colors):
                out[1] += 1
                out[2] += r.mv <= 2
                out[3] += r.mv <= 3
        return out[0], out[1], out[2], out[3]

    def deck_lands(self, run: Path, seat: int) -> int:
        path = deck_paths(run)[seat]
        if path not in self.lands_in_deck:
            n = 0
            for line in path.read_text().splitlines():
                parts = line.split(" ", 1)
                if len(parts) == 2 and parts[0].isdigit():
                    name = parts[1].split(" (")[0].strip()
                    n += int(parts[0]) * bool(self.catalog.lookup(name).types & CardType.LAND)
            self.lands_in_deck[path] = n
        return self.lands_in_deck[path]


def paired_rows(base: str, other: str, lands: int):
    """(run dir, game, seat, on the play, deck, base win, other win, other mulligans) of each
    seat that kept a seven-card hand of `lands` lands in base."""
    for path in sorted(Path(base).rglob("games.csv")):
        rel = path.relative_to(base)
        opath = Path(other) / rel
        if not opath.is_file():
            continue
        with open(opath) as fh:
            ob = {(r["matchup"], r["game"]): r for r in csv.DictReader(fh)}
        with open(path) as fh:
            for r in csv.DictReader(fh):
                for s in (0, 1):
                    if int(r[f"seat{s}_opening_lands"]) != lands or int(r[f"seat{s}_mulligans"]):
                        continue
                    o = ob.get((r["matchup"], r["game"]))
                    if o is None:
                        continue
                    yield (
                        path.parent,
                        r["game"],
                        s,
                        int(r["first_seat"]) == s,
                        r[f"seat{s}_deck"],
                        int(r["winner"]) == s,
                        int(o["winner"]) == s,
                        int(o[f"seat{s}_mulligans"]),
                    )


def paired_line(label: str, pairs: list[tuple[bool, bool]]) -> str:
    """Base and other win rates of the pairs, and their paired difference (other - base) with
    its 95% t interval (analysis/stats.paired_difference)."""
    n = len(pairs)
    if n == 0:
        return f"{label:28} {0:5}"
    base = np.array([a for a, _ in pairs], dtype=float)
    other = np.array([b for _, b in pairs], dtype=float)
    d = paired_difference(other, base)
    return (
        f"{label:28} {n:5}  kept {base.mean():6.1%}  mulliganed {other.mean():6.1%}"
        f"  diff {float(d.delta):+6.1%} [{float(d.ci_low):+.1%}, {float(d.ci_high):+.1%}]"
    )


def split(base: str, other: str, lands: int) -> None:
    rows = list(paired_rows(base, other, lands))
    by_run = collections.defaultdict(set)
    for run, g, s, *_ in rows:
        by_run[run].add((g, s))
    hc = HandClass()
    classes = collections.defaultdict(list)
    changed = mismatched = 0
    for run, wanted in sorted(by_run.items()):
        hands = opening_sevens(run, wanted)
        for r_run, g, s, play, deck, wa, wb, om in rows:
            if r_run != run:
                continue
            nonland, castable, cheap, early = hc.spells(hands[(g, s)])
            if nonland != 7 - lands:
                mismatched += 1  # dealt another seven: not the base run's source or decks
                continue
            changed += om > 0
            side = "play" if play else "draw"
            facts = {
                "side": side,
                "castable": f"{castable}/{nonland} castable",
                "mv<=2": f"{cheap} castable mv<=2",
                "mv<=3": f"{early} castable mv<=3",
                "deck lands": f"{hc.deck_lands(run, s)} in deck",
                "~deck": deck[:26],
            }
            for key, val in facts.items():
                classes[(key, val)].append((wa, wb))
                if key != "side":
                    classes[(key, f"{val}, {side}")].append((wa, wb))
            classes[("all", "all")].append((wa, wb))
    print(
        f"{len(rows)} seven-card keeps of {lands} lands in base; {changed} mulliganed in other;"
        f" {mismatched} dealt another hand (left out)"
    )
    for key, val in sorted(classes):
        print(paired_line(val, classes[(key, val)]))


if __name__ == "__main__":
    if sys.argv[1] == "--paired":
        paired(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif sys.argv[1] == "--split":
        split(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        main(sys.argv[1:])

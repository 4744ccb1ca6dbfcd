"""Idle own turns per deck, and what was in hand then, from the event logs of simulate runs
(study script, issue 14: why GU Frogs and UB Rats win less than their cards' real ratings say).

Usage: PYTHONPATH=$PWD python3 tools/idle_census.py RUN_DIR [RUN_DIR...]
(simulate DECK --log-games N --out RUN_DIR; mirrors are left out)

Per deck, over its own turns from its third: the turns in which it cast no spell and activated
no ability (idle), split by its hand as the turn's end step began (cards bounced to it at the
end step do not count): no nonland card; a nonland card of mana value within its lands in play
(colours and cost reductions unchecked: an upper bound on a castable card held), then the same
for a creature card (a creature held while idle is a misplay unless the colours were missing);
only cards above its lands. Then the idle turns followed by a spell of its own in the
opponent's next turn (the mana was kept for an instant and spent), and the cards held within
the lands in idle turns, by card (the top ones per deck).

Read at 826922e (simulate DECK --games 300 --log-games 300 for GU and UB, 150 for the other
seven decks, each against the gauntlet; per game of the deck, all runs pooled), idle own turns
a game / with no nonland card in hand / with a nonland card within its lands / with a creature
card within its lands and colours / followed by a spell in the opponent's turn:
  GU 1.306 0.603 0.649 0.012 0.303    WR 1.118 0.330 0.778 0.039 0.187
  GW 1.080 0.364 0.691 0.021 0.182    RG 1.023 0.263 0.741 0.000 0.129
  BG 0.987 0.408 0.523 0.029 0.208    WB 0.894 0.285 0.545 0.004 0.252
  WU 0.796 0.378 0.362 0.014 0.170    UR 0.732 0.340 0.349 0.014 0.156
  UB 0.502 0.219 0.259 0.003 0.116
GU idles most, and most often with an empty hand (it runs out of cards: a low curve, two
draw creatures); what it holds while idle is reactive (Long River's Pull 0.194, High Stride
0.182, Longstalk Brawl 0.165, Into the Flood Maw 0.145, Polliwallop 0.104 a game); a creature
it could cast is held 0.012 a game. UB idles least. No misplay class of 0.05 a game here.
"""

import collections
import sys

from runlogs import Zones, games

from analyzer.cards.catalog import load_catalog

FROM_TURN = 3  # own turns counted from this one (the first turns are often idle by the curve)
TOP = 8  # held cards listed per deck


class Cards:
    """Mana value, colour needs, land colours and creature of each card name (the catalog's
    records, cached)."""

    def __init__(self) -> None:
        self.catalog = load_catalog()
        self.memo: dict[str, tuple[int, tuple, int, bool, bool]] = {}

    def get(self, name: str) -> tuple[int, tuple, int, bool, bool]:
        """(mana value, colored symbols WUBRG, land colours bits, land, creature)."""
        if name not in self.memo:
            r = self.catalog.lookup(name)
            if r is None:
                self.memo[name] = (99, (0,) * 5, 0, False, False)
            else:
                types = r.type_line or ""
                mv = r.cost.mv if r.cost else 0
                colored = tuple(r.cost.colored) if r.cost else (0,) * 5
                self.memo[name] = (
                    mv,
                    colored,
                    r.land_colors or 0,
                    "Land" in types,
                    "Creature" in types,
                )
        return self.memo[name]

    def land(self, name: str) -> bool:
        return self.get(name)[3]

    def castable(self, name: str, lands: list[str]) -> bool:
        """Mana value within the lands, each colour symbol met by a land of that colour
        (hybrid symbols and cost reductions unchecked)."""
        mv, colored = self.get(name)[:2]
        have = [sum(1 for n in lands if self.get(n)[2] >> c & 1) for c in range(5)]
        return mv <= len(lands) and all(colored[c] <= have[c] for c in range(5))


class Walk:
    """One game's own turns, closed one by one into the per-deck counts."""

    def __init__(self, cards: Cards, decks: list[str], st: dict, held: dict) -> None:
        self.cards, self.decks, self.st, self.held = cards, decks, st, held
        self.z = Zones(cards.land)
        self.active = -1
        self.acted = False
        self.snap: list[str] | None = None  # the hand as the active seat's end step began
        self.turns = [0, 0]
        self.pending = -1  # the seat idle in the turn before, through its opponent's turn

    def close(self) -> None:
        a = self.active
        if a < 0 or self.turns[a] < FROM_TURN:
            return
        deck = self.decks[a]
        s = self.st[deck]
        s["own turns"] += 1
        if self.acted:
            return
        s["idle"] += 1
        hand = self.snap if self.snap is not None else list(self.z.hand[a].values())
        spells = [n for n in hand if not self.cards.land(n)]
        lands = [n for (c, n, _) in self.z.bf.values() if c == a and self.cards.land(n)]
        within = [n for n in set(spells) if self.cards.get(n)[0] <= len(lands)]
        if not spells:
            s["idle: no nonland card in hand"] += 1
        elif within:
            s["idle: a nonland card within its lands"] += 1
            creatures = [n for n in within if self.cards.get(n)[4]]
            if creatures:
                s["idle: a creature card within its lands"] += 1
                if any(self.cards.castable(n, lands) for n in creatures):
                    s["idle: a creature card within its lands and colours"] += 1
            for n in within:
                self.held[deck][n] += 1
        else:
            s["idle: only cards above its lands"] += 1
        self.pending = a

    def step(self, e: dict) -> None:
        kind = e["kind"]
        if kind == "turn_start":
            self.pending = -1  # the idle seat's window (its opponent's turn) is over
            self.close()
            self.active = e["active"]
            self.turns[self.active] += 1
            self.acted = False
            self.snap = None
        elif kind in ("cast", "activate") and e["seat"] == self.active:
            self.acted = True
        if kind == "cast" and 0 <= self.pending == e["seat"] != self.active:
            self.st[self.decks[self.pending]]["idle, then a spell in the opponent's turn"] += 1
            self.pending = -1
        if self.snap is None and e.get("phase") == "end step" and self.active >= 0:
            self.snap = list(self.z.hand[self.active].values())
        self.z.apply(e, self.active)


def census(runs: list[str]) -> tuple[dict, dict]:
    cards = Cards()
    st: dict = collections.defaultdict(collections.Counter)
    held: dict = collections.defaultdict(collections.Counter)
    for events in games(runs):
        decks = events[0]["decks"]
        if decks[0] == decks[1]:
            continue
        for seat in (0, 1):
            st[decks[seat]]["games"] += 1
        walk = Walk(cards, decks, st, held)
        for e in events:
            walk.step(e)  # (the turn the game ended in is not closed: it had no end)
    return st, held


def main(runs: list[str]) -> None:
    st, held = census(runs)
    for deck in sorted(st):
        s = st[deck]
        n = s["games"]
        print(f"{deck}: {n} games")
        for key in sorted(s):
            if key != "games":
                print(f"   {key:50} {s[key]:6}  {s[key] / n:.3f}/game")
        for name, v in held[deck].most_common(TOP):
            print(f"      held while idle: {name:30} {v:6}  {v / n:.3f}/game")


if __name__ == "__main__":
    main(sys.argv[1:])

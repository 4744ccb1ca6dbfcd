"""Bites and fights held with a free kill on the board, from the event logs of simulate runs
(study script, issue 14: bites/fights are the most underrated class within their decks).

Usage: PYTHONPATH=$PWD python3 tools/bite_census.py RUN_DIR [RUN_DIR...]
(simulate DECK --log-games N --per-game --policy heuristic --out RUN_DIR)

Per deck, per game it played: bite/fight spells cast (a noncreature card whose program deals
damage by power or fights), and its own turns ended holding one with the lands for it (lands
less the mana spent that turn; colours not checked) while one of its creatures would kill an
opposing creature and survive, by printed stats, split by the best such target's mana value
(a token counts as 0). Printed stats only (pumps, counters, hexproof, a second target's
constraints missed): a screen for positions to replay, not a verdict.
"""

import collections
import sys

from bigbody_census import info
from closeout_census import stats
from runlogs import Zones, games

from analyzer.cards.catalog import load_catalog
from analyzer.enums import CardType, Op

_catalog = load_catalog()
_bites: dict[str, bool] = {}
BITE_OPS = (Op.DAMAGE_BY_POWER, Op.FIGHT)


def is_bite(name: str) -> bool:
    """A noncreature card whose program bites or fights."""
    if name not in _bites:
        rec = _catalog.lookup(name)
        _bites[name] = (
            rec is not None
            and not rec.types & CardType.CREATURE
            and any(
                st.op in BITE_OPS for ab in rec.abilities for pr in ab.programs() for st in pr.steps
            )
        )
    return _bites[name]


class Game:
    """One game's walk: hands, battlefield, lands and mana spent per turn."""

    def __init__(self, decks: list[str], st: dict) -> None:
        self.decks, self.st = decks, st
        self.z = Zones(lambda name: info(name)[7])
        self.spent = [0, 0]
        self.active: int | None = None

    def end_turn(self) -> None:
        p = self.active
        if p is None:
            return
        spare = self.z.lands[p] - self.spent[p]
        if not any(is_bite(n) and info(n)[3] <= spare for n in self.z.hand[p].values()):
            return
        mine = [stats(n, t) for c, n, t in self.z.bf.values() if c == p]
        mine = [m for m in mine if m]
        free = []
        for c, n, t in self.z.bf.values():
            s = stats(n, t)
            if c != p and s and any(m[0] >= s[1] and m[1] > s[0] for m in mine):
                free.append(0 if t else info(n)[3])
        if free:
            d = self.st[self.decks[p]]
            d["turns ended holding a bite with a free kill"] += 1
            d[
                "  best free target MV3+" if max(free) >= 3 else "  best free target MV<=2/token"
            ] += 1

    def event(self, e: dict) -> None:
        k, seat = e["kind"], e.get("seat")
        if k == "turn_start":
            self.end_turn()
            self.active, self.spent = e.get("active"), [0, 0]
        elif k == "cast":
            if is_bite(e["card_name"]):
                self.st[self.decks[seat]]["bites cast"] += 1
            if seat == self.active and e.get("c", -1) > 0:
                self.spent[seat] += e["c"]
        self.z.apply(e, self.active)


def main(runs: list[str]) -> None:
    st: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for ev in games(runs):
        decks = [d[:2] for d in ev[0]["decks"]]
        for s in (0, 1):
            st[decks[s]]["games"] += 1
        g = Game(decks, st)
        for e in ev:
            g.event(e)
    for deck in sorted(st):
        c = st[deck]
        n = c.pop("games")
        print(f"{deck} ({n} games)")
        for k in sorted(c):
            print(f"   {k:45s} {c[k]:6d}  {c[k] / n:.3f}/game")


if __name__ == "__main__":
    main(sys.argv[1:])

"""How chosen cards are played by their own player, from the event logs of simulate runs
(study script, issue 14: Pond Prophet, Lightshell Duo, Rabid Gnaw rated low, bodies with an
enters card and bites).

Usage: PYTHONPATH=$PWD python3 tools/cardplay_census.py "CARD,CARD,..." RUN_DIR [RUN_DIR...]
(simulate DECK --log-games N --per-game --policy heuristic --out RUN_DIR)

Per card, per copy drawn: the share cast, own turns from its draw to its first cast (opening
hand: own turn 1), lands in play then, own turns ended holding it with spare mana (lands less
the mana spent that turn; colours and costs unchecked, an upper bound) and copies still in hand
at the game's end; then per cast: its blocks by outcome (a chump: it dies, kills nothing), its
attacks, and how it left the battlefield (combat, graveyard otherwise, hand: a bounce, own or
not). Last, per deck, the dry turns (own main phase 1 reached with no land in hand and none
played): those in which a draw card (a spell or enters trigger that draws) was cast first,
or after another spell, and then whether a land was played later that turn (the draw found one
after the mana had gone: an upper bound on what casting it first gains).

Read at 577d287 (GU, UR, WR, GW each against the gauntlet, 150 logged games a matchup): no
misplay class >= 0.1/game behind the cards the calibrate report rates low. Pond Prophet: cast
0.85 per copy drawn, 1.24 own turns after its draw, held with spare mana 0.02 turns per copy,
0.22 per cast rebought to hand (Stickytongue Sentinel took Bellowing Crier with a Prophet beside
it 0.02 times a GU game); Lightshell Duo: held 0.01, 0.06 in hand at the end; Rabid Gnaw: 82% of
casts in its own main phase 1, held at an own end step with spare mana and a printed-stat kill
0.05 per WR game. Dry turns with a draw card cast after another spell and a land then played: GU
0.077/game, UR 0.024. Prophet's and Duo's low global rating is their decks' (GU 48.2%, UR
46.1%); within their decks (tools/card_classes_within.py) Pond Prophet sits 0.8 below the mean
residual, Lightshell Duo 2.5. Tried and dropped: a one-sided bite or fight worth any nontoken
target outside combat (GU's turns held over a free kill 0.173 -> 0.129/game) moved no figure
(calibrate 2000 s0+s1: rank 0.58, within-deck 0.549 -> 0.556, bites -1.15 -> -1.12, noise
0.31/card/run).
"""

import collections
import sys

from bigbody_census import info
from runlogs import Zones, combat_deaths, games

from analyzer.cards.catalog import load_catalog
from analyzer.enums import AbilityKind, Op

_catalog = load_catalog()
_draws: dict[str, bool] = {}
DRAW_OPS = (Op.DRAW, Op.DRAW_X, Op.CONTROLLER_DRAWS)


def is_draw(name: str) -> bool:
    """A nonland card whose spell or enters trigger draws a card."""
    if name not in _draws:
        rec = _catalog.lookup(name)
        _draws[name] = (
            rec is not None
            and not info(name)[7]
            and any(
                ab.kind in (AbilityKind.SPELL, AbilityKind.ETB) and st.op in DRAW_OPS
                for ab in rec.abilities
                for pr in ab.programs()
                for st in pr.steps
            )
        )
    return _draws[name]


class Game:
    """One game's walk: zones, mana spent this turn, copies drawn, the active seat's dry turn."""

    def __init__(self, ev: list[dict], cards: set[str], per_card: dict, per_deck: dict) -> None:
        self.cards, self.pc, self.pd = cards, per_card, per_deck
        self.decks = [d[:2] for d in ev[0]["decks"]]
        self.deaths = combat_deaths(ev)
        self.z = Zones(lambda n: info(n)[7])
        self.active: int | None = None
        self.spent = 0
        self.drawn: dict[int, int] = {}  # object -> own turn it became castable
        self.main1 = self.dry = self.land = False
        self.casts: list[str] = []

    def end_turn(self) -> None:
        p = self.active
        if p is None:
            return
        spare = self.z.lands[p] - self.spent
        for n in self.z.hand[p].values():
            if n in self.cards and info(n)[3] <= spare:
                self.pc[n]["own turns ended held with spare mana"] += 1
        if not self.dry:
            return
        d = self.pd[self.decks[p]]
        d["dry turns"] += 1
        first = next((i for i, n in enumerate(self.casts) if is_draw(n)), -1)
        if first == 0:
            d["  draw card cast first"] += 1
        elif first > 0:
            d["  draw card cast after another spell"] += 1
            d["    then a land played" if self.land else "    then no land played"] += 1

    def event(self, e: dict) -> None:
        k, n, seat = e["kind"], e.get("card_name"), e.get("seat")
        if k == "turn_start":
            self.end_turn()
            self.active, self.spent, self.casts = e["active"], 0, []
            self.main1 = self.dry = self.land = False
        elif e["phase"] == "main 1" and not self.main1 and self.active is not None:
            self.main1 = True
            self.dry = not any(info(h)[7] for h in self.z.hand[self.active].values())
        if k == "draw" and n in self.cards:
            self.drawn[e["obj"]] = max(e["own_turn"], 1)
            self.pc[n]["drawn"] += 1
        elif k == "cast":
            if seat == self.active:
                self.spent += max(e.get("c", 0), 0)
                if e["phase"] == "main 1":
                    self.casts.append(n)
            if n in self.cards:
                c = self.pc[n]
                c["casts"] += 1
                if e["obj"] in self.drawn:
                    c["first casts"] += 1
                    c["own turns from draw to cast"] += e["own_turn"] - self.drawn.pop(e["obj"])
                    c["lands at first cast"] += self.z.lands[seat]
        elif k == "block" and n in self.cards:
            dies = (e["turn"], e["obj"]) in self.deaths
            kills = (e["turn"], e["obj2"]) in self.deaths
            how = f"{'dies' if dies else 'lives'}, {'kills' if kills else 'no kill'}"
            self.pc[n][f"block: {how}"] += 1
        elif k == "attack" and n in self.cards:
            self.pc[n]["attacks"] += 1
        elif k == "zone" and n in self.cards and e.get("from_zone") == "battlefield":
            way = "combat" if (e["turn"], e["obj"]) in self.deaths else e["to_zone"]
            self.pc[n][f"left the battlefield: {way}"] += 1
        if k == "zone" and seat == self.active and e.get("from_zone") == "hand":
            self.land |= e["to_zone"] == "battlefield" and info(n)[7]
        self.z.apply(e, self.active)

    def finish(self) -> None:
        self.end_turn()
        for hand in self.z.hand:
            for n in hand.values():
                if n in self.cards:
                    self.pc[n]["in hand at the game's end"] += 1


PER_DRAWN = ("first casts", "own turns ended held with spare mana", "in hand at the game's end")
PER_FIRST = ("own turns from draw to cast", "lands at first cast")


def main(names: str, runs: list[str]) -> None:
    cards = set(names.split(","))
    pc: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    pd: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for ev in games(runs):
        g = Game(ev, cards, pc, pd)
        for s in (0, 1):
            pd[g.decks[s]]["games"] += 1
        for e in ev:
            g.event(e)
        g.finish()
    for name in names.split(","):
        c = pc[name]
        drawn, first, casts = c["drawn"], c["first casts"], c["casts"]
        print(f"{name} (drawn {drawn}, cast {casts} times)")
        for k in sorted(c):
            if k in ("drawn", "casts"):
                continue
            base, per = (
                (drawn, "drawn")
                if k in PER_DRAWN
                else (first, "first cast")
                if k in PER_FIRST
                else (casts, "cast")
            )
            print(f"   {k:45s} {c[k]:6d}  {c[k] / max(base, 1):.2f}/{per}")
    for deck in sorted(pd):
        c = pd[deck]
        n = c.pop("games")
        print(f"{deck} ({n} games)")
        for k in sorted(c, key=lambda k: (k != "dry turns", k)):
            print(f"   {k:45s} {c[k]:6d}  {c[k] / n:.3f}/game")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])

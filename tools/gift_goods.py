"""What recipients do with each gift's goods, in detail (study script, issue 14 'gwtop').

Usage: PYTHONPATH=$PWD python3 tools/gift_goods.py RUN_DIR [RUN_DIR...]
       (simulate --policy heuristic --log-games N --out RUN_DIR)

Per recipient deck and gift kind: a gifted Fish's fate (attacks unblocked and the damage they
dealt, attacks into a blocker that killed it without a kill in return, chump blocks, trades,
sacrificed or removed outside combat, alive and never used at the end of a game its controller
lost); a gifted Food or Treasure: used (activated or sacrificed), alive unused at the end, and
a gifted card: the games the recipient lost. Rates are per gift received; "no own turn after
it": the recipient never took another turn (the gift cost its giver nothing).

Then the chances a recipient had to use its goods better (upper bounds: mana is estimated as in
held_windows.py, lands played less the mana paid since the seat's untap step, colors unchecked):
own turns it ended holding a gifted Treasure with a sorcery-speed card in hand that the Treasure
alone would have paid for (mana value = spare mana + 1); opponents' turns it ended holding a
gifted Food with two spare mana at half its starting life or less (the standard player eats
then); chump blocks by a nontoken creature while an untapped gifted Fish stayed home.
"""

import sys
from collections import Counter, defaultdict

from held_windows import Cards
from runlogs import COMBAT_STEPS, combat_deaths, games

TOKEN_GIFTS = {"tapped fish": "Fish", "food": "Food", "treasure": "Treasure", "octopus": "Octopus"}


def census(runs: list[str]) -> dict[str, Counter]:
    """Per 'recipient deck / gift kind' counters over the logged games."""
    st: dict[str, Counter] = defaultdict(Counter)
    for events in games(runs):
        decks = events[0]["decks"]
        loser = next((e["seat"] for e in events if e["kind"] == "loses"), None)
        goods: dict[int, Counter] = {}
        received = Counter()
        pending = []
        blocks: dict[tuple[int, int], list[int]] = defaultdict(list)  # (turn, attacker) -> blockers
        last_turn = Counter()  # each seat's last turn (a gift after it never served its recipient)
        for e in events:
            if e["kind"] == "turn_start":
                last_turn[e["active"]] = e["turn"]
        for e in events:
            kind, o = e["kind"], e["obj"]
            if kind == "gift":
                seat = e["b"]
                received[seat] += 1
                g = e["gift"]
                key = f"{decks[seat]:24.24} {TOKEN_GIFTS.get(g, g)}"
                st[key]["no own turn after it"] += last_turn[seat] <= e["turn"]
                if g in TOKEN_GIFTS:
                    pending.append((TOKEN_GIFTS[g], seat))
                else:
                    st[key]["gifts"] += 1
                    st[key]["in lost games"] += seat == loser
            elif kind == "token" and pending and e["card_name"] == pending[0][0]:
                name, seat = pending.pop(0)
                goods[o] = Counter(seat=seat, name=name)
            elif kind == "block":
                blocks[(e["turn"], e["obj2"])].append(o)
            if o not in goods:
                continue
            t = goods[o]
            if kind == "attack":
                t["attacks"] += 1
            elif kind == "block":
                t["blocks"] += 1
                t["last_block_attacker"] = e["obj2"]
            elif kind == "activate":
                t["used"] = 1
            elif kind == "damage" and e["phase"] in COMBAT_STEPS and e["obj2"] >= 1 << 20:
                t["player damage"] += e["a"]
            elif kind == "zone" and e.get("from_zone") == "battlefield" and not t["left"]:
                t["left"] = 1
                t["combat"] = e["phase"] in COMBAT_STEPS
                t["turn_left"] = e["turn"]
                t["left_on_own_turn"] = e["active"] == t["seat"]
        # combat deaths: who else died that turn (a trade) is read from the zone events
        dead = combat_deaths(events)
        for o, t in goods.items():
            key = f"{decks[t['seat']]:24.24} {t['name']}"
            c = st[key]
            lost = t["seat"] == loser
            c["gifts"] += 1
            c["in lost games"] += lost
            if t["name"] in ("Fish", "Octopus"):
                c["attacked"] += t["attacks"] > 0
                c["attacks"] += t["attacks"]
                c["player damage"] += t["player damage"]
                c["blocked"] += t["blocks"] > 0
                if t["left"] and t["combat"]:
                    turn = t["turn_left"]
                    if t["left_on_own_turn"]:
                        killers = blocks.get((turn, o), [])
                        traded = any((turn, b) in dead for b in killers)
                        c["died attacking, traded" if traded else "died attacking, no kill"] += 1
                    else:
                        a = t["last_block_attacker"]
                        traded = (turn, a) in dead
                        c["died blocking, traded" if traded else "died blocking, chump"] += 1
                elif t["left"]:
                    c["left outside combat"] += 1
                elif lost and not t["attacks"] and not t["blocks"]:
                    c["never used, lost"] += 1
            else:
                c["used"] += bool(t["used"] or t["left"])
                c["unused at end"] += not (t["used"] or t["left"])
                c["unused at end, lost"] += lost and not (t["used"] or t["left"])
        for seat in received:
            st[f"{decks[seat]:24.24} games with a gift"]["gifts"] += 1
    return st


def _sorcery_of_mv(cards: Cards, name: str, mv: int) -> bool:
    """Is name a nonland card cast at sorcery speed with mana value mv?"""
    value, fast, _creature, land, _counter = cards.get(name)
    return not land and not fast and value == mv


def chances(ev: list[dict], cards: Cards, seat: int, out: Counter) -> None:
    """Add one seat's missed chances with its gifted goods (see the module docstring)."""
    lost = ev[-1].get("winner") != seat
    hand: Counter = Counter()
    lands = spent = 0
    life = 20
    goods: dict[int, str] = {}
    fish_untapped: set[int] = set()
    tokens: set[int] = set()
    pending: list[str] = []
    blocks: dict[int, list[tuple[int, int]]] = defaultdict(list)
    idle_fish: dict[int, set[int]] = {}
    started = False
    for e in ev:
        kind, o = e["kind"], e["obj"]
        if kind == "turn_start":
            spare = lands - spent
            if started and e["active"] != seat and "Treasure" in goods.values():
                out["own turns ended holding a gifted Treasure"] += 1
                if any(n > 0 and _sorcery_of_mv(cards, c, spare + 1) for c, n in hand.items()):
                    out["... with a card only the Treasure would pay for"] += 1
                    out["... with a card only the Treasure would pay for, lost"] += lost
            if started and e["active"] == seat and "Food" in goods.values():
                out["opponent turns ended holding a gifted Food"] += 1
                if spare >= 2 and 2 * life <= 20:
                    out["... with 2 spare mana at half life or less"] += 1
                    out["... with 2 spare mana at half life or less, lost"] += lost
            started = True
            if e["active"] == seat:
                spent = 0
                fish_untapped.update(x for x, g in goods.items() if g == "Fish")
        elif kind == "gift" and e["b"] == seat and e["gift"] in TOKEN_GIFTS:
            pending.append(TOKEN_GIFTS[e["gift"]])
        elif kind == "token":
            tokens.add(o)
            if pending and e["seat"] == seat and e["card_name"] == pending[0]:
                goods[o] = pending.pop(0)
        elif kind == "zone" and o in goods and e.get("from_zone") == "battlefield":
            del goods[o]
            fish_untapped.discard(o)
        elif kind == "attack":
            fish_untapped.discard(o)
        elif kind == "block" and e["seat"] == seat:
            blocks[e["turn"]].append((o, e["obj2"]))
            idle_fish.setdefault(e["turn"], set(fish_untapped))
        elif kind == "life" and e["seat"] == seat:
            life = e["b"]
        elif kind == "draw" and e["seat"] == seat:
            hand[e["card_name"]] += 1
        elif kind == "zone" and e["seat"] == seat and e.get("to_zone") != "none":
            if e.get("from_zone") == "hand":
                hand[e["card_name"]] -= 1
            name = e["card_name"]
            lands += e.get("to_zone") == "battlefield" and bool(name) and cards.get(name)[3]
        elif kind == "cast" and e["seat"] == seat and e["c"] > 0:
            spent += e["c"]
    dead = combat_deaths(ev)
    for turn, pairs in blocks.items():
        idle = idle_fish[turn] - {b for b, _ in pairs}
        for b, a in pairs:
            if b not in tokens and (turn, b) in dead and (turn, a) not in dead:
                out["chump blocks by a nontoken creature"] += 1
                out["... while an untapped gifted Fish stayed home"] += bool(idle)
                out["... while an untapped gifted Fish stayed home, lost"] += bool(idle) and lost


def main() -> None:
    st = census(sys.argv[1:])
    for key in sorted(st):
        c = st[key]
        n = c.pop("gifts")
        rates = (
            f"dmg/gift {v / n:.2f}" if k == "player damage" else f"{k} {100 * v / n:.0f}%"
            for k, v in c.items()
        )
        print(f"{key:34} {n:5}  " + "  ".join(rates))
    cards = Cards()
    missed: dict[str, Counter] = defaultdict(Counter)
    for ev in games(sys.argv[1:]):
        for seat, deck in enumerate(ev[0]["decks"][:2]):
            missed[deck]["games"] += 1
            chances(ev, cards, seat, missed[deck])
    print("\nmissed chances (per game the deck played)")
    for deck in sorted(missed):
        c = missed[deck]
        n = c.pop("games")
        print(deck, n)
        for k, v in c.items():
            print(f"   {k:58} {v:5}  {v / n:.3f}/game")


if __name__ == "__main__":
    main()

"""Own turns that end with mana unspent beside a creature card it could pay, per deck, from the
event logs of simulate runs (study script, issue 14: watching the top decks' won games).

Usage: PYTHONPATH=$PWD python3 tools/unspent_census.py RUN_DIR [RUN_DIR...]
(simulate DECK --log-games N --out RUN_DIR)

Per deck, over its own turns from its second: the turns that ended with a creature card in hand
(not flash) whose mana value fits its lands less the mana its casts spent that turn, and whose
colored symbols its lands in play can make (basic land types; per card, not jointly with what was
cast: two {W} cards and one Plains count). An upper bound: mana spent on activated abilities
(Food, Warren Elder's pump, Bonebind Orator) is not counted, nor lands that entered tapped.
Then the cards held so, by deck.

Found by watching (BG's won and lost games against GU): three lands (Swamp, Forest, Forest),
Bakersbane Duo cast, Iridescent Vinelasher ({B}) held with one land untapped. The payment kept
the Forest for Peerless Recycling ({1}{G}, an instant) or Treetop Sentries ({3}{G}), which one
land could not cast, and spent the Swamp on the Duo's {1} (mana.hand_needs).
Read at a3baf96 (simulate GW, BG, RG each against the gauntlet, 300 games a matchup, all logged;
turns a game of the deck): BG 0.299, WR 0.201, GW 0.204, UB 0.170, GU 0.097, RG 0.078, WB 0.074,
UR 0.050, WU 0.032. With hand_needs keeping only the colors of cards the mana left can cast:
BG 0.230, WR 0.166, GW 0.162, UB 0.144, GU 0.077, RG 0.064, WB 0.064, UR 0.023, WU 0.024. Most
of the rest read as colors spent jointly (Burrowguard Mentor and Seasoned Warrenguard from one
Plains) or mana spent on abilities.
"""

import collections
import sys

from runlogs import CardFacts, games

BASIC = {"Forest": 4, "Plains": 0, "Island": 1, "Swamp": 2, "Mountain": 3}  # WUBRG index
TOP = 6  # held cards listed per deck


def _facts(rec) -> tuple[bool, bool, int, tuple]:
    """(land, creature without flash, mana value, WUBRG symbols)."""
    creature = "Creature" in rec.type_line and "Flash" not in rec.oracle[:5]
    return rec.is_land, creature, rec.mv, tuple(rec.cost.colored)


def seat_census(cards: CardFacts, events: list[dict], seat: int, st: collections.Counter) -> None:
    """Add one seat's unspent turns (st["turns"]) and held creatures of one game to st."""
    hand: collections.Counter = collections.Counter()
    colors = [0] * 6  # lands in play by color (index 5: not a basic land)
    lands = spent = own_turn = 0
    active = None

    def close_turn() -> None:
        if active != seat or own_turn < 2:
            return
        held = []
        for name, n in hand.items():
            _, creature, mv, sym = cards.get(name)
            if n <= 0 or not creature or mv > lands - spent:
                continue
            if all(colors[c] + colors[5] >= sym[c] for c in range(5)):
                held.append(name)
        if held:
            st["turns"] += 1
            for name in held:
                st[f"held: {name}"] += 1

    for e in events:
        kind = e["kind"]
        if kind in ("turn_start", "game_end"):
            close_turn()
            if kind == "game_end":
                break
            active, own_turn, spent = e["active"], e["own_turn"], 0
        if e["seat"] != seat:
            continue
        name = e["card_name"]
        land = cards.get(name)[0]
        if kind == "draw":
            hand[name] += 1
        elif kind == "zone":
            if e.get("from_zone") == "hand" and hand[name] > 0:
                hand[name] -= 1
                if land and e["to_zone"] == "battlefield":
                    lands += 1
                    colors[BASIC.get(name, 5)] += 1
            elif e["to_zone"] == "hand" and e.get("from_zone") != "library":
                hand[name] += 1
            elif e.get("from_zone") == "battlefield" and land:
                lands -= 1
                colors[BASIC.get(name, 5)] -= 1
        elif kind == "cast" and e["active"] == seat:
            spent += max(e["c"], 0)


def main(runs: list[str]) -> None:
    cards = CardFacts(_facts, (False, False, 0, (0,) * 5))
    per_deck: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for events in games(runs):
        for seat, deck in enumerate(events[0]["decks"]):
            st = per_deck[deck.split(":")[0]]
            st["games"] += 1
            seat_census(cards, events, seat, st)
    for deck in sorted(per_deck):
        st = per_deck[deck]
        n = st["games"]
        rate = st["turns"] / n
        print(f"{deck}: {n} games, unspent turns with a creature it could pay {rate:.3f}")
        held = sorted((k for k in st if k.startswith("held: ")), key=lambda k: -st[k])
        for key in held[:TOP]:
            print(f"   {key[len('held: ') :]:40} {st[key] / n:.3f}/game")


if __name__ == "__main__":
    main(sys.argv[1:])

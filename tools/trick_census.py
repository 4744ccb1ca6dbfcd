"""What the attacking player does after blocks, by card, and the creatures sacrificed to
destroy a token, from the event logs of simulate runs (study script; issue 14, why the top
decks win).

Usage: python3 tools/trick_census.py RUN_DIR [RUN_DIR...]  (simulate --log-games N --out DIR)

Mirror matches are left out. Part 1, per attacking deck: its spells cast and abilities activated
in the declare-blockers step of a combat with blocks, by card (several in one combat joined by
"+"): the combats, the blocks, the blockers and the attackers that died in that combat, and of
those combats the ones in which the attacking player's hand was empty as it blocked (an
activated pump on the battlefield, Warren Elder's: the defender could read no trick from the
hand's size).
Part 2, per deck: activations whose cost sacrificed their source creature (the source dies
just before the activation), by target: a token, or a card.
Counts per game are over the games the deck played.
"""

import collections
import sys

from runlogs import combat_deaths, games


def _track_hand(hands, e):
    """Keep each seat's hand (object -> card name) up with one event: draws and zone moves."""
    seat = e["seat"]
    if seat not in (0, 1):
        return
    if e["kind"] == "draw":
        hands[seat][e["obj"]] = e["card_name"]
    elif e["kind"] == "zone" and e.get("from_zone") == "hand":
        hands[seat].pop(e["obj"], None)
    elif e["kind"] == "zone" and e.get("to_zone") == "hand":
        hands[seat][e["obj"]] = e["card_name"]


def census(paths):
    tricks = collections.defaultdict(collections.Counter)
    sacrifices = collections.defaultdict(collections.Counter)
    n_games = collections.Counter()
    for ev in games(paths):
        decks = ev[0]["decks"]
        if decks[0] == decks[1]:
            continue
        for d in decks:
            n_games[d] += 1
        deaths = combat_deaths(ev)
        hands = [{}, {}]
        hand_at_blocks = {}  # turn -> the active player's hand size at its first block
        for i, e in enumerate(ev):
            _track_hand(hands, e)
            if e["kind"] == "block" and e["turn"] not in hand_at_blocks:
                hand_at_blocks[e["turn"]] = len(hands[e["active"]])
            # a sacrifice cost: the source leaves the battlefield just before the activation;
            # the target event follows it
            prev = ev[i - 1] if i else None
            nxt = ev[i + 1] if i + 1 < len(ev) else None
            if (
                e["kind"] == "activate"
                and prev is not None
                and prev["kind"] == "zone"
                and prev.get("from_zone") == "battlefield"
                and prev["obj"] == e["obj"]
                and nxt is not None
                and nxt["kind"] == "target"
                and nxt["obj"] == e["obj"]
            ):
                kind = "token" if nxt["obj2_token"] else "card"
                sacrifices[decks[e["seat"]]][e["card_name"], kind] += 1
        by_turn = collections.defaultdict(list)
        for e in ev:
            by_turn[e["turn"]].append(e)
        for turn, es in by_turn.items():
            blocks = [e for e in es if e["kind"] == "block"]
            if not blocks:
                continue
            seat = es[0]["active"]
            used = sorted(
                {
                    e["card_name"]
                    for e in es
                    if e["kind"] in ("cast", "activate")
                    and e["phase"] == "declare blockers"
                    and e["seat"] == seat
                }
            )
            c = tricks[decks[seat]]
            key = "+".join(used) or "(nothing)"
            c[key, "combats"] += 1
            c[key, "blocks"] += len(blocks)
            c[key, "blockers dead"] += sum((turn, b["obj"]) in deaths for b in blocks)
            c[key, "attackers dead"] += len(
                {b["obj2"] for b in blocks if (turn, b["obj2"]) in deaths}
            )
            c[key, "empty hand"] += hand_at_blocks.get(turn, 1) == 0
    return tricks, sacrifices, n_games


def main():
    tricks, sacrifices, n_games = census(sys.argv[1:])
    cols = ("combats", "blocks", "blockers dead", "attackers dead", "empty hand")
    print("after blocks, by the attacking deck and its cards (per game in brackets)")
    for deck in sorted(tricks):
        n = n_games[deck]
        print(f"{deck} ({n} games)")
        keys = sorted({k for k, _ in tricks[deck]}, key=lambda k: -tricks[deck][k, "combats"])
        print(f"   {'':40}" + "".join(f"{c:>16}" for c in cols))
        for k in keys:
            row = tricks[deck][k, "combats"]
            cells = "".join(f"{tricks[deck][k, c]:>16}" for c in cols)
            print(f"   {k[:40]:40}{cells}   ({row / n:.2f})")
    print("creatures sacrificed by their own ability, by target")
    for deck in sorted(sacrifices):
        n = n_games[deck]
        for (card, kind), v in sorted(sacrifices[deck].items(), key=lambda kv: -kv[1]):
            print(f"   {deck:32} {card:24} {kind:6} {v:6} ({v / n:.2f})")


if __name__ == "__main__":
    main()

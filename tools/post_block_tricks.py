"""What the attacking player's spells after blocks do to combat, per deck, from the event logs
of simulate runs (study script).

Usage: python3 tools/post_block_tricks.py RUN_DIR [RUN_DIR...]  (simulate --log-games N --out DIR)

Per attacking deck (mirror matches left out): its combats with at least one block, split by
whether it cast a spell in the declare-blockers step (a trick); for each group the blocks, and
the blockers and the attackers that died in the combat damage.
"""

import collections
import sys

from runlogs import COMBAT_STEPS, games


def census(paths):
    st = collections.defaultdict(collections.Counter)
    for ev in games(paths):
        decks = ev[0]["decks"]
        if decks[0] == decks[1]:
            continue
        by_turn = collections.defaultdict(list)
        for e in ev:
            by_turn[e["turn"]].append(e)
        for es in by_turn.values():
            blocks = [e for e in es if e["kind"] == "block"]
            if not blocks:
                continue
            seat = es[0]["active"]
            attackers = {e["obj"] for e in es if e["kind"] == "attack"}
            blockers = {e["obj"] for e in blocks}
            dead = [
                e["obj"]
                for e in es
                if e["kind"] == "zone"
                and e.get("from_zone") == "battlefield"
                and e["phase"] in COMBAT_STEPS
            ]
            trick = any(
                e["kind"] == "cast" and e["phase"] == "declare blockers" and e["seat"] == seat
                for e in es
            )
            c = st[decks[seat]]
            key = "trick" if trick else "no trick"
            c[key, "combats"] += 1
            c[key, "blocks"] += len(blocks)
            c[key, "blockers dead"] += sum(1 for o in dead if o in blockers)
            c[key, "attackers dead"] += sum(1 for o in dead if o in attackers)
    return st


def main():
    st = census(sys.argv[1:])
    cols = ("combats", "blocks", "blockers dead", "attackers dead")
    print(f"{'deck':32} {'':9}" + "".join(f"{c:>16}" for c in cols))
    for deck in sorted(st):
        for key in ("no trick", "trick"):
            row = "".join(f"{st[deck][key, c]:>16}" for c in cols)
            print(f"{deck:32} {key:9}{row}")


if __name__ == "__main__":
    main()

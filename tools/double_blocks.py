"""Double blocks per deck, from the event logs of simulate runs (study script).

Usage: python3 tools/double_blocks.py RUN_DIR [RUN_DIR...]  (simulate --log-games N --out RUN_DIR)

Per deck (the attacker's): turns it attacked, turns it attacked with a single creature, its
attackers blocked by two or more creatures (alone or in a wider attack), and each such block's
outcome: whether the attacker died in the combat damage and how many of its blockers did.
"""

import collections
import sys

from runlogs import combat_deaths, games


def census(paths: list[str]) -> dict[str, collections.Counter]:
    st: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for ev in games(paths):
        decks = ev[0]["decks"]
        atk = collections.defaultdict(list)  # turn -> [(seat, attacker)]
        blk = collections.defaultdict(lambda: collections.defaultdict(list))
        died = combat_deaths(ev)
        for e in ev:
            if e["kind"] == "attack":
                atk[e["turn"]].append((e["seat"], e["obj"]))
            elif e["kind"] == "block":
                blk[e["turn"]][e["obj2"]].append(e["obj"])
        for t, al in atk.items():
            c = st[decks[al[0][0]]]
            lone = len(al) == 1
            c["attack_turns"] += 1
            c["lone_attack_turns"] += lone
            for _seat, o in al:
                bl = blk[t].get(o, [])
                if len(bl) < 2:
                    continue
                c["double_blocked"] += 1
                c["double_blocked_alone" if lone else "double_blocked_in_a_wider_attack"] += 1
                dies = "dies" if (t, o) in died else "lives"
                c[f"attacker {dies}, kills {sum((t, b) in died for b in bl)}"] += 1
    return st


if __name__ == "__main__":
    for deck, c in sorted(census(sys.argv[1:]).items()):
        print(deck)
        for k, v in sorted(c.items()):
            print(f"   {k:34s} {v:6d}")

"""How chosen permanent cards fare once cast, from the event logs of simulate runs (study script,
aura23: approximate Auras of the Commander precons resolved attached to nothing and went to
the graveyard at once, 704.5m: the mana paid for nothing).

Usage: PYTHONPATH=$PWD python3 tools/aura_census.py "CARD,CARD,..." RUN_DIR [RUN_DIR...]
(simulate DECK --vs A --vs B --vs C --allow-approximate --log-games N --out RUN_DIR)

Per card: casts, resolutions, how many went to a graveyard at once (their next zone change
within three events of the resolution: a state-based action), how many stayed on the
battlefield to the end of the turn they were cast in, and how many were still there when
the game ended.

Read at aura23 (Peace Offering against the other three precons, 150 logged pod games, seed 5,
before -> after): Martial Impetus cast 44, to a graveyard at once 44 -> cast 44, stayed 41
(2 did not resolve: countered, or their creature gone; 1 went later that turn); Tenuous
Truce 41 at once -> 43 cast, 43 stayed (6 went later that turn, with the player they
enchanted); Squirrel Nest 30 at once -> 31
stayed; Wolfwillow Haven 36 at once -> 35 stayed; Faeburrow Elder 37 at once -> 45 stayed;
Promise of Loyalty and Illusionist's Gambit cast 35 and 31 (doing nothing) -> 0.
"""

from __future__ import annotations

import collections
import sys

from runlogs import games

BATTLEFIELD, GRAVEYARD = 3, 4  # Zone codes of the log's zone events (a: from, b: to)


def census(names: set[str], runs: list[str]) -> dict[str, collections.Counter]:
    st: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for ev in games(runs):
        live: dict[int, tuple[str, int, int]] = {}  # obj -> (name, turn, resolve seq)
        for e in ev:
            name = e.get("card_name")
            o = e["obj"]
            if e["kind"] == "cast" and name in names:
                st[name]["cast"] += 1
            elif e["kind"] == "resolve" and name in names:
                st[name]["resolved"] += 1
                live[o] = (name, e["turn"], e["seq"])
            elif e["kind"] == "zone" and o in live and e["a"] == BATTLEFIELD:
                name, turn, seq = live.pop(o)
                if e["seq"] - seq <= 3:
                    gone = "to a graveyard at once" if e["b"] == GRAVEYARD else "left at once"
                    st[name][gone] += 1
                elif e["turn"] > turn:
                    st[name]["stayed to the end of its turn"] += 1
                else:
                    st[name]["left later that turn"] += 1
        for name, _, _ in live.values():
            st[name]["stayed to the end of its turn"] += 1
            st[name]["on the battlefield at the game's end"] += 1
    return st


def main(argv: list[str]) -> None:
    names = {n.strip() for n in argv[0].split(",")}
    st = census(names, argv[1:])
    for name in sorted(names):
        c = st.get(name, collections.Counter())
        print(name + ": " + ", ".join(f"{k} {v}" for k, v in c.items()) if c else f"{name}: -")


if __name__ == "__main__":
    main(sys.argv[1:])

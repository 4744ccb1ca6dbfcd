"""Count combat behaviour per deck over the event logs of a simulate run (study script).

Usage: python3 tools/combat_census.py RUN_DIR [RUN_DIR...]  (simulate --log-games N --out RUN_DIR)

Per deck: attacks, the share blocked, the attacks that stayed unblocked while the defender had
an untapped creature, each block's outcome (the blocker kills and survives, trades, chumps,
nothing dies), life gained, combat and other damage to players, and the creatures lost in
combat by their owner's life at the time.
"""

import collections
import sys

from runlogs import COMBAT_STEPS, combat_deaths, games


def census(paths):
    st = collections.defaultdict(collections.Counter)
    for ev in games(paths):
        decks = ev[0]["decks"]
        life = [20, 20]
        deaths = combat_deaths(ev)
        blockers_of = collections.defaultdict(list)
        for e in ev:
            if e["kind"] == "block":
                blockers_of[(e["turn"], e["obj2"])].append(e["obj"])
        for e in ev:
            k = e["kind"]
            if k == "life":
                s = e["seat"]
                life[s] = e["b"]
                if e["a"] > 0:
                    st[decks[s]]["life_gained"] += e["a"]
            if k == "attack":
                s = e["seat"]
                d = st[decks[s]]
                d["attacks"] += 1
                bl = blockers_of.get((e["turn"], e["obj"]), [])
                if bl:
                    d["attacks_blocked"] += 1
                    a_dies = (e["turn"], e["obj"]) in deaths
                    b_dies = any((e["turn"], b) in deaths for b in bl)
                    if a_dies and not b_dies:
                        d["att_dies_alone"] += 1
                    if len(bl) > 1:
                        st[decks[1 - s]]["double_blocks"] += 1
                    o = st[decks[1 - s]]
                    o["blocks"] += 1
                    key = {
                        (True, False): "blk_kills_survives",
                        (True, True): "blk_trade",
                        (False, True): "blk_chump",
                        (False, False): "blk_bounce",
                    }[(a_dies, b_dies)]
                    o[key] += 1
                    if key == "blk_chump":
                        lf = life[1 - s]
                        band = "<=5" if lf <= 5 else "6-10" if lf <= 10 else ">10"
                        o[f"chump_at_life_{band}"] += 1
            if k == "damage" and e.get("target_seat") is not None and e["obj2"] >= 1 << 20:
                s = e["seat"]
                tag = "combat_dmg" if e["phase"] in COMBAT_STEPS else "other_dmg"
                st[decks[s]][tag] += e["a"]
        for s in (0, 1):
            st[decks[s]]["games"] += 1
    return st


if __name__ == "__main__":
    st = census(sys.argv[1:])
    keys = sorted({k for d in st.values() for k in d})
    for deck, d in st.items():
        g = d["games"]
        print(deck)
        for k in keys:
            print(f"   {k:22s} {d[k]:8d}  {d[k] / g:6.2f}/game")
        if d["attacks"]:
            print(f"   blocked share {100 * d['attacks_blocked'] / d['attacks']:.1f}%")

"""Big attackers let through while two blockers could have killed one, from the event logs of
simulate runs (study script, issue 14: big bodies overrated within their decks).

Usage: PYTHONPATH=$PWD python3 tools/gangblock_census.py RUN_DIR [RUN_DIR...]
(simulate DECK --log-games N --per-game --policy heuristic --out RUN_DIR)

A big attacker: a nontoken creature card of printed power + toughness 8 or more. Per defending
deck, per game: big attacks, how they were met (unblocked, one blocker, two or more), and the
unblocked ones where the defender had two creatures able to block it (untapped by the reading
below; fliers need flying or reach) whose printed powers add up to its toughness while its
power could not kill both (a double block that kills it for at most one creature). Printed
stats only (pumps, counters, anthems, deathtouch missed); a creature that attacked on its
controller's turn before counts as tapped, one targeted the turn before as stunned. A screen
for positions to replay, not a verdict.
"""

import collections
import sys

from closeout_census import stats
from runlogs import games


def walk(ev: list[dict], st: dict) -> None:
    decks = [d[:2] for d in ev[0]["decks"]]
    for s in range(2):
        st[decks[s]]["games"] += 1
    attacked = collections.defaultdict(set)
    used = collections.defaultdict(set)
    blocked: dict[tuple[int, int], int] = collections.Counter()
    for e in ev:
        if e["kind"] == "attack":
            attacked[e["turn"]].add(e["obj"])
        elif e["kind"] == "target" and e["obj2"] >= 0:
            used[e["turn"] + 1].add(e["obj2"])
            used[e["turn"]].add(e["obj2"])
        elif e["kind"] == "block":
            blocked[(e["turn"], e["obj2"])] += 1
    tokens = {e["obj"] for e in ev if e["kind"] == "token"}
    bf: list[dict] = [{}, {}]
    seen = set()
    for e in ev:
        t = e["turn"]
        if e["kind"] == "zone":
            if e["to_zone"] == "battlefield":
                bf[e["seat"]][e["obj"]] = (e["card_name"], e["obj"] in tokens)
            elif e["from_zone"] == "battlefield":
                for q in (0, 1):
                    bf[q].pop(e["obj"], None)
        elif e["kind"] == "attack" and (t, e["obj"]) not in seen:
            seen.add((t, e["obj"]))
            a = e["seat"]
            if e["obj"] in tokens or e["obj"] not in bf[a]:
                continue
            me = stats(e["card_name"], False)
            if me is None or me[0] + me[1] < 8:
                continue
            d = 1 - a
            dd = st[decks[d]]
            dd["big attacks"] += 1
            n = blocked[(t, e["obj"])]
            dd["blocked by 1" if n == 1 else "blocked by 2+" if n > 1 else "unblocked"] += 1
            if n:
                continue
            mine = []
            for obj, (name, tok) in bf[d].items():
                s = stats(name, tok)
                if s is None or s[4] or obj in attacked[t - 1] or obj in used[t]:
                    continue
                if me[2] and not (s[2] or s[3]):
                    continue
                mine.append(s)
            good = any(
                x[0] + y[0] >= me[1] and me[0] < x[1] + y[1]
                for i, x in enumerate(mine)
                for y in mine[i + 1 :]
            )
            single = any(x[0] >= me[1] and x[1] > me[0] for x in mine)
            if single:
                dd["unblocked, one blocker kills it and lives"] += 1
            elif good:
                dd["unblocked, a double block kills it for <= 1"] += 1


def main(runs: list[str]) -> None:
    st: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for ev in games(runs):
        walk(ev, st)
    for deck in sorted(st):
        c = st[deck]
        n = c.pop("games")
        print(f"{deck} ({n} games as defender's seat)")
        for k in sorted(c):
            print(f"   {k:50s} {c[k]:6d}  {c[k] / n:.3f}/game")


if __name__ == "__main__":
    main(sys.argv[1:])

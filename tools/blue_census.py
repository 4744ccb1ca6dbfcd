"""The blue decks' own plays, counted over the event logs of simulate runs (study script).

Usage: python3 tools/blue_census.py RUN_DIR [RUN_DIR...]   (simulate --log-games N --out DIR)

Per deck: the lands it discarded (to a loot, a punisher, a cost), and those that left it with
fewer than five lands in sight (in play and in hand); its bounces of an opposing nontoken
creature, split by whether the creature has an enters trigger (recast, it pays its owner
again); and its own permanents returned to hand by its own spell or ability, split by whether
they were cast again in the same turn. Basic lands only are counted as lands.
"""

import collections
import sys

from runlogs import games, print_per_deck

from analyzer.cards.catalog import load_catalog
from analyzer.enums import AbilityKind, CardCol

BASICS = {"Forest", "Island", "Swamp", "Plains", "Mountain"}
LANDS_IN_SIGHT = 5


def _enters_trigger():
    compiled = load_catalog().compiled
    names = list(compiled.names)

    def has(name: str) -> bool:
        row = compiled.cards[names.index(name)]
        return bool((int(row[CardCol.AB_KINDS]) >> AbilityKind.ETB) & 1)

    return has


def census(paths):
    st = collections.defaultdict(collections.Counter)
    has_etb = _enters_trigger()
    for ev in games(paths):
        decks = ev[0]["decks"]
        hands = [dict(), dict()]
        lands = [0, 0]
        for i, e in enumerate(ev):
            seat = e["seat"]
            if e["kind"] == "mulligan":
                hands[seat] = {}
            elif e["kind"] == "draw":
                hands[seat][e["obj"]] = e["card_name"]
            if e["kind"] != "zone":
                continue
            name = e["card_name"]
            src = e.get("from_zone")
            if src == "hand":
                hands[seat].pop(e["obj"], None)
            if name in BASICS and e["to_zone"] == "battlefield":
                lands[seat] += 1
            if name in BASICS and src == "hand" and e["to_zone"] == "graveyard":
                st[decks[seat]]["land discarded"] += 1
                in_hand = sum(1 for n in hands[seat].values() if n in BASICS)
                if lands[seat] + in_hand < LANDS_IN_SIGHT:
                    st[decks[seat]]["  leaving fewer than five in sight"] += 1
            if src != "battlefield" or e["to_zone"] != "hand" or e["obj_token"]:
                continue
            res = next((x for x in reversed(ev[:i]) if x["kind"] == "resolve"), None)
            if res is None:
                continue
            by = decks[res["seat"]]
            if res["seat"] != seat:
                kind = "with" if has_etb(name) else "without"
                st[by][f"bounce of an opposing creature {kind} an enters trigger"] += 1
            else:
                again = any(
                    x["kind"] == "zone"
                    and x.get("from_zone") == "hand"
                    and x["to_zone"] in ("stack", "battlefield")
                    and x["card_name"] == name
                    and x["turn"] == e["turn"]
                    and x["seat"] == seat
                    for x in ev[i:]
                )
                when = "recast" if again else "not recast"
                st[by][f"own permanent bounced, {when} that turn"] += 1
        for d in decks:
            st[d]["games"] += 1
    return st


def main():
    print_per_deck(census(sys.argv[1:]), 2)


if __name__ == "__main__":
    main()

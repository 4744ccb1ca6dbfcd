"""How each class of creature fares in combat, from the event logs of simulate runs (study
script).

Usage: python3 tools/attacker_classes.py RUN_DIR [RUN_DIR...]  (simulate --log-games N --out DIR)

Classes from the printed card: flier, big (power + toughness 8 or more), mid (5 to 7), small
(4 or less), token. Per class: creature spells cast, attacks per cast, the share of attacks
blocked, combat damage to players per attack and per cast, and deaths per cast in combat and
outside it (removal, sacrifice). Then each class's blocks by outcome: how many blockers, whether
the attacker died and how many of its blockers did (one blocker, attacker lives, blocker dies is
a chump or a failed block).
"""

import collections
import sys

from runlogs import COMBAT_STEPS, games

from analyzer.cards.catalog import load_catalog
from analyzer.enums import Keyword


def classifier():
    """A function from a card name to its class (cached), over the bundled catalog."""
    catalog = load_catalog()
    seen: dict[str, str] = {}

    def cls(name: str) -> str:
        if name not in seen:
            rec = catalog.lookup(name)
            c = "noncreature"
            if rec is not None and rec.power is not None:
                size = rec.power + rec.toughness
                if rec.keywords & Keyword.FLYING:
                    c = "flier"
                elif size >= 8:
                    c = "big"
                elif size >= 5:
                    c = "mid"
                else:
                    c = "small"
            seen[name] = c
        return seen[name]

    return cls


def census(paths: list[str]) -> tuple[dict, dict]:
    cls = classifier()
    st: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    outcomes: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for ev in games(paths):
        atk = {}  # (turn, obj) -> class
        blk = collections.defaultdict(list)  # (turn, attacker) -> blockers
        died = set()  # (turn, obj) put into a graveyard by combat damage
        for e in ev:
            k = e["kind"]
            if k == "attack" and e["card_name"]:
                atk[(e["turn"], e["obj"])] = "token" if e["obj_token"] else cls(e["card_name"])
            elif k == "block":
                blk[(e["turn"], e["obj2"])].append(e["obj"])
            elif k == "cast" and e["card_name"]:
                st[cls(e["card_name"])]["cast"] += 1
            elif (
                k == "damage"
                and e["phase"] in COMBAT_STEPS
                and e["target_seat"] is not None
                and (e["turn"], e["obj"]) in atk
            ):
                st[atk[(e["turn"], e["obj"])]]["damage"] += e["a"]
            elif (
                k == "zone"
                and e.get("from_zone") == "battlefield"
                and e.get("to_zone") in ("graveyard", "exile")
            ):
                # (the end of the game moves everything to zone "none": not a death)
                if e["phase"] in COMBAT_STEPS:
                    died.add((e["turn"], e["obj"]))
                if e["card_name"] and not e["obj_token"]:
                    where = "combat" if e["phase"] in COMBAT_STEPS else "other"
                    st[cls(e["card_name"])][f"died_{where}"] += 1
        for key, c in atk.items():
            st[c]["attacks"] += 1
            bl = blk.get(key)
            if not bl:
                continue
            st[c]["blocked"] += 1
            fate = "dies" if key in died else "lives"
            kills = sum((key[0], b) in died for b in bl)
            outcomes[c][f"{len(bl)} blocker(s), attacker {fate}, kills {kills}"] += 1
    return st, outcomes


def main(paths: list[str]) -> None:
    st, outcomes = census(paths)
    print("class   casts  att/cast  blocked  dmg/att  dmg/cast  died combat/cast  other/cast")
    for c in ("flier", "big", "mid", "small", "token"):
        s = st[c]
        a = max(s["attacks"], 1)
        n = max(s["cast"], 1)
        cast = f"{s['cast']:5d}  {s['attacks'] / n:8.2f}" if c != "token" else "    -         -"
        print(
            f"{c:6s}  {cast}  {100 * s['blocked'] / a:6.1f}%  {s['damage'] / a:7.2f}"
            f"  {s['damage'] / n if c != 'token' else 0:8.2f}  {s['died_combat'] / n:16.2f}"
            f"  {s['died_other'] / n:10.2f}"
        )
    for c in ("flier", "big", "mid", "small", "token"):
        tot = sum(outcomes[c].values())
        print(f"{c}: {tot} blocks")
        for k, v in sorted(outcomes[c].items()):
            print(f"   {k:42s} {v:5d} {100 * v / max(tot, 1):5.1f}%")


if __name__ == "__main__":
    main(sys.argv[1:])

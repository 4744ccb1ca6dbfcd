"""How games are lost, and the blocks that lose creatures at high life, from the event logs of
simulate runs (study script).

Usage: python3 tools/killing_blows.py RUN_DIR [RUN_DIR...]  (simulate --log-games N --out RUN_DIR)

Killing blows, per pairing (winner beats loser): the last life loss in combat or outside it;
for combat, whether the winner cast a spell or activated an ability in that combat (a pump or
trick after attacks or blocks) and whether the loser blocked at all. High-life losses, per
deck (the blocker's): blocks in which the blocker died and its attacker lived while the
blocker's controller had more than 10 life before the combat's damage, split by a token or a
card blocking, and by whether the attacking player cast a spell or activated an ability in the
declare-blockers step (a trick) or not (a plain chump).
"""

import collections
import sys

from runlogs import COMBAT_STEPS, combat_deaths, games

TRICK_STEPS = ("declare attackers", "declare blockers")
HIGH_LIFE = 10


def census(paths: list[str]) -> tuple[collections.Counter, collections.Counter]:
    blows: collections.Counter = collections.Counter()
    losses: collections.Counter = collections.Counter()
    for ev in games(paths):
        short = [d[:2] for d in ev[0]["decks"]]
        # the combat deaths and the spells/abilities each seat used in each combat step
        died = combat_deaths(ev)
        acted = collections.Counter(
            (e["turn"], e["seat"], e["phase"])
            for e in ev
            if e["kind"] in ("cast", "activate") and e["phase"] in TRICK_STEPS
        )
        life = [20] * len(short)
        blocks = collections.defaultdict(list)  # (turn, attacker) -> [(blocker, ...)]
        for e in ev:
            if e["kind"] == "life":
                life[e["seat"]] = e["b"]
            elif e["kind"] == "block":
                blocks[(e["turn"], e["obj2"])].append(
                    (e["obj"], e["obj_token"], e["seat"], life[e["seat"]])
                )
        for (t, a), bl in blocks.items():
            if (t, a) in died:
                continue
            for b, token, s, lf in bl:
                if (t, b) in died and lf > HIGH_LIFE:
                    trick = any(
                        acted[(t, q, "declare blockers")] for q in range(len(short)) if q != s
                    )
                    kind = "token" if token else "card"
                    losses[(short[s], kind, "trick" if trick else "plain")] += 1
        lost = [e for e in ev if e["kind"] == "loses"]
        if not lost or len(short) != 2:
            continue
        s, t = lost[-1]["seat"], lost[-1]["turn"]
        pair = f"{short[1 - s]} beats {short[s]}"
        if lost[-1]["phase"] not in COMBAT_STEPS:
            blows[(pair, "outside combat", "")] += 1
            continue
        pumped = any(acted[(t, 1 - s, p)] for p in TRICK_STEPS)
        blocked = any(e["kind"] == "block" and e["turn"] == t for e in ev)
        blows[
            (
                pair,
                "combat, winner pumped" if pumped else "combat",
                "blocked" if blocked else "no block",
            )
        ] += 1
    return blows, losses


if __name__ == "__main__":
    blows, losses = census(sys.argv[1:])
    print("killing blows")
    for k, v in sorted(blows.items()):
        print(f"   {k[0]:14s} {k[1]:24s} {k[2]:9s} {v:6d}")
    print(f"blocks that lose the blocker alone at more than {HIGH_LIFE} life")
    for k, v in sorted(losses.items(), key=lambda kv: -kv[1]):
        print(f"   {k[0]:3s} {k[1]:6s} {k[2]:6s} {v:6d}")

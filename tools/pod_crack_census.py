"""Pod deaths to the crack-back from several opponents (study script, issue 21 item 3: the
standard player's attack reads the crack-back of the defender alone, ai_attack.py, where in a
pod every other opponent attacks before p's next turn too).

Usage: python3 tools/pod_crack_census.py RUN_DIR [RUN_DIR...]  (simulate --vs A --vs B --vs C
--log-games N)

Per deck X (a seat of a 3+ seat game): each time X dies on another seat's turn, the window
from the end of X's last turn: did X attack on that turn (how many attackers), which seats'
combat damage hit X in the window, and would the combat damage of the seat X attacked alone
have killed X. "attacked, killed by 2+ seats' combat" is the class: an attack the defender's
crack-back alone allowed, into a table that killed X.
"""

import collections
import sys

from runlogs import COMBAT_STEPS, games, print_per_deck


def main(paths: list[str]) -> None:
    st: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for ev in games(paths):
        decks = ev[0]["decks"]
        n = len(decks)
        if n < 3:
            continue
        for d in decks:
            st[d]["games"] += 1
        life = [ev[0]["b"]] * n
        start_life = list(life)  # at the end of the seat's last own turn
        attackers = [0] * n  # declared on the seat's last own turn
        target = [-1] * n  # whom it attacked
        hit: list[collections.Counter] = [collections.Counter() for _ in range(n)]
        active = 0
        for e in ev:
            k = e["kind"]
            if k == "turn_start":
                nxt = e["active"]
                start_life[active] = life[active]
                active = nxt
                attackers[active] = 0
                target[active] = -1
                hit[active].clear()
            elif k == "attack":
                attackers[active] += 1
                target[active] = e["a"]
            elif k == "life" and e.get("seat") is not None:
                life[e["seat"]] = e["b"]
            elif k == "damage" and e["phase"] in COMBAT_STEPS and e.get("target_seat") is not None:
                hit[e["target_seat"]][active] += e["a"]
            elif k == "loses":
                s = e["seat"]
                if s == active:
                    continue
                x = st[decks[s]]
                x["deaths on another's turn"] += 1
                if attackers[s] == 0:
                    continue
                x["  attacked on its last turn"] += 1
                if len([q for q, v in hit[s].items() if v > 0]) >= 2:
                    x["    combat damage from 2+ seats"] += 1
                    if hit[s][target[s]] < start_life[s]:
                        x["      the seat it attacked alone would not kill"] += 1
    print_per_deck(st)


if __name__ == "__main__":
    main(sys.argv[1:])

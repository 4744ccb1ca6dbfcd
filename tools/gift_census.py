"""What recipients do with the tokens they are given, beside their own tokens (study script).

Usage: python3 tools/gift_census.py RUN_DIR [RUN_DIR...]   (simulate --log-games N --out DIR;
       use --policy heuristic, or no gift is promised)

Per deck (the token's controller) and token (Food, Fish, and the Rabbit tokens some decks make
themselves), split into gifted tokens (created by a gift, 702.174d/f) and the deck's own: how
many, the share in games their controller lost, and what became of them: a Food eaten (its
ability activated) or gone otherwise (forage, a sacrifice cost); a creature token that ever
attacked, ever blocked, died in combat; one that neither attacked nor blocked in a game its
controller lost ("idle and lost": the gift did nothing for a loser). Then, per giving deck,
the "whenever you give a gift" triggers (Jolly Gerbils) per game it cast the payoff.
"""

import sys
from collections import Counter, defaultdict

from runlogs import COMBAT_STEPS, games

TOKENS = ("Food", "Fish", "Rabbit")
GIFT_TOKENS = ("food", "tapped fish")
PAYOFFS = ("Jolly Gerbils",)


def census(runs: list[str]) -> tuple[dict, dict]:
    """(per deck-token-origin counters, per deck payoff counters) over the logged games."""
    tokens: dict[str, Counter] = defaultdict(Counter)
    payoffs: dict[str, Counter] = defaultdict(Counter)
    for events in games(runs):
        decks = events[0]["decks"]
        loser = next((e["seat"] for e in events if e["kind"] == "loses"), None)
        gifted, life = set(), {}
        cast, triggers = Counter(), Counter()
        for i, e in enumerate(events):
            kind, o = e["kind"], e["obj"]
            if kind == "gift" and e.get("gift") in GIFT_TOKENS:
                # the token is created right after the gift event (its zone and token events)
                gifted.update(x["obj"] for x in events[i + 1 : i + 4] if x["kind"] == "token")
            elif kind == "token" and e["card_name"] in TOKENS:
                name = TOKENS.index(e["card_name"])
                life[o] = Counter(seat=e["seat"], gift=o in gifted, name=name)
            elif kind == "cast" and e["card_name"] in PAYOFFS:
                cast[e["seat"]] += 1
            elif kind == "trigger" and e["card_name"] in PAYOFFS:
                triggers[e["seat"]] += 1
            if o in life:
                t = life[o]
                t["eaten"] += kind == "activate"
                t["attacked"] += kind == "attack"
                if kind == "block":
                    t["blocked"] += 1
                if kind == "zone" and e.get("from_zone") == "battlefield" and not t["left"]:
                    t["left"] = 1
                    t["died_combat"] = e["phase"] in COMBAT_STEPS
        for t in life.values():
            key = f"{decks[t['seat']]:32.32} {TOKENS[t['name']]:6} {'gift' if t['gift'] else 'own'}"
            c = tokens[key]
            lost = t["seat"] == loser
            c["tokens"] += 1
            c["in lost games"] += lost
            c["left the battlefield"] += t["left"]
            if TOKENS[t["name"]] == "Food":
                c["eaten"] += t["eaten"] > 0
            else:
                c["attacked"] += t["attacked"] > 0
                c["blocked"] += t["blocked"] > 0
                c["died in combat"] += t["died_combat"]
                c["idle and lost"] += lost and not t["attacked"] and not t["blocked"]
        for s in cast:
            payoffs[decks[s]]["games it was cast"] += 1
            payoffs[decks[s]]["triggers"] += triggers[s]
    return tokens, payoffs


def main() -> None:
    tokens, payoffs = census(sys.argv[1:])
    for key in sorted(tokens):
        c = tokens[key]
        n = c.pop("tokens")
        print(f"{key}  {n:5}  " + "  ".join(f"{k} {100 * v / n:.0f}%" for k, v in c.items()))
    for deck, c in sorted(payoffs.items()):
        n = c["games it was cast"]
        print(f"{deck}: gift payoff cast in {n} games, {c['triggers'] / n:.2f} triggers a game")


if __name__ == "__main__":
    main()

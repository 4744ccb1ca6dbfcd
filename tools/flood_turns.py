"""One seat's game turn by turn, from a simulate event log (study script).

Usage: PYTHONPATH=$PWD python3 tools/flood_turns.py LOG.jsonl SEAT
Per own turn of SEAT: lands in play at its end, mana paid for its spells (the cast events' mana),
abilities activated, cards drawn, the nonland cards left in hand, and both life totals.
"""

import sys

from runlogs import CardFacts, Zones


def main(path, seat):
    import json

    lands = CardFacts(lambda rec: (rec.is_land,), (False,))

    def is_land(name):
        return lands.get(name)[0]

    with open(path) as fh:
        ev = [json.loads(x) for x in fh]
    z = Zones(is_land)
    life = [20, 20]
    row = None
    out = []

    def flush():
        if row is not None:
            hand = [n for n in z.hand[seat].values() if not is_land(n)]
            nl = sum(is_land(n) for n in z.hand[seat].values())
            row["end"] = f"lands {z.lands[seat]} (+{nl} in hand) life {life[seat]}-{life[1 - seat]}"
            row["hand"] = hand
            out.append(row)

    active = None
    for e in ev:
        if e["kind"] == "turn_start":
            if active == seat:
                flush()
            active = e["active"]
            row = (
                {"t": e["own_turn"], "spent": 0, "casts": [], "acts": 0, "drew": []}
                if (active == seat)
                else row
            )
        z.apply(e, active)
        if e["kind"] == "life":
            life[e["seat"]] = e["b"]
        if active == seat and e.get("seat") == seat:
            if e["kind"] == "cast":
                row["spent"] += max(e["c"], 0)
                row["casts"].append(e["card_name"])
            elif e["kind"] == "activate":
                row["acts"] += 1
            elif e["kind"] == "draw" and e["turn"] > 0:
                row["drew"].append(e["card_name"])
        if e["kind"] == "game_end":
            if active == seat:
                flush()
            print("winner", e["winner"], e["end_reason"])
    for r in out:
        print(
            f"T{r['t']:2} {r['end']:28} paid {r['spent']:2} acts {r['acts']} drew {r['drew']}"
            f" cast {r['casts']} | hand {r['hand']}"
        )


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))

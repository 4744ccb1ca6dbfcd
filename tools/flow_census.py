"""Mana and card flow per deck, from the event logs of simulate runs (study script; issue 14's
UR Otters study).

Usage: python3 tools/flow_census.py RUN_DIR [RUN_DIR...]   (simulate --log-games N --out DIR)

Per deck, over its own turn cycles 3 to 12 (its turn and the opponent's next, as its lands
untap): mana left unspent (lands in play less the mana of the spells cast since its untap
step; colors, cost reductions and activations unchecked), cycles with 3+ left, and those with
2+ left while a nonland card of mana value within it was held; nonland cards in hand at the end
of a lost game. Then the impulse draws (IMPULSE: "exile the top card, you may play it this
turn"): the cards exiled, split into lands played or not (the land drop used), and spells
played, or not while their mana value fitted the mana left, then a hand spell cast later that
turn or none, by card. Then the turns of a "second spell each turn" payoff (SECOND_SPELL) out at the
start of its controller's turn: spells cast that turn (0, 1, 2+), and the one-spell turns in
which another nonland card within the mana left was held, by card.
"""

import collections
import sys

from runlogs import games

from analyzer.cards.catalog import load_catalog

IMPULSE = ("Harnesser of Storms", "Alania's Pathmaker", "Fireglass Mentor")
SECOND_SPELL = ("Hearthborn Battler",)
CYCLES = (3, 12)  # own turn numbers counted


class Cards:
    """(land, mana value) of each card name, looked up once; a token or unknown name: neither."""

    def __init__(self) -> None:
        self.catalog = load_catalog()
        self.facts: dict[str | None, tuple[bool, int]] = {}

    def get(self, name: str | None) -> tuple[bool, int]:
        if name not in self.facts:
            rec = self.catalog.lookup(name) if name else None
            self.facts[name] = (rec.is_land, rec.mv) if rec else (False, 0)
        return self.facts[name]


def game(ev: list[dict], cards: Cards, st: dict) -> None:
    """Add one game's figures to st[deck]."""
    decks = [d.split(":")[0] for d in ev[0]["decks"][:2]]
    hand = [collections.Counter(), collections.Counter()]
    lands, spent, own, casts = [0, 0], [0, 0], [0, 0], [0, 0]
    payoffs: dict[int, int] = {}  # SECOND_SPELL objects on the battlefield -> controller
    exiled: dict[int, dict] = {}  # this turn's impulse-exiled cards
    impulse = False  # the last resolving ability was an impulse draw's
    land_drop = [False, False]
    active = -1
    payoff_turn = False

    def held(a: int) -> list[str]:
        left = lands[a] - spent[a]
        return [
            n
            for n, k in hand[a].items()
            if k > 0 and not cards.get(n)[0] and 0 < cards.get(n)[1] <= left
        ]

    def close_turn(a: int) -> None:
        """The end of a's own turn: its impulse cards, its payoff's spells."""
        s = st[decks[a]]
        for x in exiled.values():
            if x["land"]:
                s[f"impulse: land, not played ({'drop used' if x['drop'] else 'drop left'})"] += 1
            elif x["fits"]:
                later = "a hand spell cast later" if x["later"] else "nothing cast later"
                s[f"impulse: spell within the mana left, not played; {later}"] += 1
                s[f"     not played: {x['name']}"] += 1
            else:
                s["impulse: spell not played, mana short"] += 1
        exiled.clear()
        if payoff_turn:
            s[f"2nd-spell payoff turns: {min(casts[a], 2)} spells cast"] += 1
            if casts[a] == 1:
                h = held(a)
                s["2nd-spell payoff turns: 1 spell, another within the mana held"] += bool(h)
                for n in h:
                    s[f"     held: {n}"] += 1

    def close_cycle(a: int) -> None:
        """The end of a's turn cycle (its next untap step): the mana it left unspent."""
        if CYCLES[0] <= own[a] <= CYCLES[1]:
            s = st[decks[a]]
            left = lands[a] - spent[a]
            s["cycles"] += 1
            s["mana unspent"] += max(left, 0)
            s["cycles with 3+ unspent"] += left >= 3
            s["cycles with 2+ unspent, a card within it held"] += left >= 2 and bool(held(a))

    for e in ev:
        kind, seat, name = e["kind"], e["seat"], e["card_name"]
        if kind == "turn_start":
            if active >= 0:
                close_turn(active)
            a = e["active"]
            if own[a]:
                close_cycle(a)
            own[a] += 1
            active = a
            spent[a] = casts[0] = casts[1] = 0
            land_drop[a] = False
            payoff_turn = a in payoffs.values()
            continue
        if kind == "draw":
            hand[seat][name] += 1
        elif kind == "zone":
            frm, to = e.get("from_zone"), e["to_zone"]
            if frm == "hand":
                hand[seat][name] -= 1
            elif to == "hand" and not e["obj_token"]:
                hand[seat][name] += 1
            if cards.get(name)[0] and to == "battlefield" and frm in ("hand", "exile"):
                lands[seat] += 1
                land_drop[seat] = True
            elif cards.get(name)[0] and frm == "battlefield":
                lands[seat] -= 1
            if name in SECOND_SPELL and to == "battlefield":
                payoffs[e["obj"]] = seat
            elif frm == "battlefield":
                payoffs.pop(e["obj"], None)
            if frm == "library" and to == "exile" and impulse and seat == active:
                land, mv = cards.get(name)
                fits = mv <= lands[seat] - spent[seat]
                exiled[e["obj"]] = dict(
                    land=land, drop=land_drop[seat], fits=fits, later=False, name=name
                )
                st[decks[seat]]["impulse: cards exiled"] += 1
                impulse = False
            elif frm == "exile" and e["obj"] in exiled:
                x = exiled.pop(e["obj"])
                st[decks[seat]][f"impulse: {'land' if x['land'] else 'spell'} played"] += 1
        elif kind == "resolve":
            impulse = name in IMPULSE
        elif kind == "cast":
            casts[seat] += 1
            spent[seat] += max(e["c"], 0)
            for x in exiled.values():
                x["later"] = True
    loser = {e["seat"] for e in ev if e["kind"] == "loses"}
    for a in (0, 1):
        st[decks[a]]["games"] += 1
        if a in loser:
            st[decks[a]]["lost games"] += 1
            st[decks[a]]["lost: nonland cards in hand at the end"] += sum(
                k for n, k in hand[a].items() if k > 0 and not cards.get(n)[0]
            )


def main(paths: list[str]) -> None:
    cards = Cards()
    st: dict = collections.defaultdict(collections.Counter)
    for ev in games(paths):
        game(ev, cards, st)
    for deck in sorted(st):
        s = st[deck]
        print(f"{deck}: {s['games']} games")
        for key, v in sorted(s.items()):
            if key in ("games", "cycles", "lost games"):
                continue
            per = "cycle" if key.startswith(("mana", "cycles")) else "game"
            n = s["cycles"] if per == "cycle" else s["games"]
            if key.startswith("lost:"):
                per, n = "lost game", s["lost games"]
            print(f"   {key:66} {v:6}  {v / max(n, 1):.3f}/{per}")


if __name__ == "__main__":
    main(sys.argv[1:])

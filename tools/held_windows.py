"""Why each deck holds its cards: the windows in which a card sat in hand with the mana to cast
it, and what came against a held counterspell, from the event logs of simulate runs (study
script).

Usage: python3 tools/held_windows.py RUN_DIR [RUN_DIR...]   (simulate --log-games N --out DIR)

Mana is estimated from the log: a player's lands are the lands it played (or put onto the
battlefield) and its spare mana in a turn cycle is those lands less the mana of the spells it
cast since its own untap step. Colors, cost reductions, targets and additional costs are not
checked, so a "window" is an upper bound on the chances the player had.

Per deck: for each nonland card, the windows (own turns for sorcery-speed cards, the
opponent's turns for instants and flash cards) in which it stayed in hand with spare mana of at
least its mana value, over all logged games and over the lost ones. Then, for each
counterspell (the built-in player's COUNTER role): the opponents' creature spells cast while
its owner held it, split by whether the owner had two or more spare mana then (kept up) or
not (tapped out), and by the owner's lands.
"""

import collections
import sys

from runlogs import games

from analyzer.cards.catalog import load_catalog
from analyzer.cards.derive import derive_role
from analyzer.enums import AiRole, Keyword

TOP = 8  # cards listed per deck


class Cards:
    """Mana value, speed, type and role of each card name, looked up once."""

    def __init__(self) -> None:
        self.catalog = load_catalog()
        self.facts: dict[str, tuple[int, bool, bool, bool, bool]] = {}

    def get(self, name: str) -> tuple[int, bool, bool, bool, bool]:
        """(mana value, fast, creature, land, counterspell); an unknown name (a token) is none
        of them, at mana value 0 (never held)."""
        if name not in self.facts:
            try:
                rec = self.catalog.lookup(name)
            except Exception:  # an unknown name is never held
                rec = None
            if rec is None:  # a token or an unknown name: never held
                self.facts[name] = (0, False, False, False, False)
                return self.facts[name]
            fast = "Instant" in rec.type_line or bool(rec.keywords & Keyword.FLASH)
            self.facts[name] = (
                rec.mv,
                fast,
                "Creature" in rec.type_line,
                rec.is_land,
                derive_role(rec) == AiRole.COUNTER,
            )
        return self.facts[name]


def game_windows(ev: list[dict], cards: Cards, seat: int, out: dict) -> None:
    """Add one seat's windows and counterspell facts from one game's events to out."""
    lost = ev[-1].get("winner") != seat
    hand: collections.Counter = collections.Counter()
    lands = 0
    spent = 0

    def close(own: bool) -> None:
        """A turn ended (own: seat's own turn): its sorcery-speed cards had their window in
        their own turn, the fast ones in the opponent's."""
        spare = lands - spent
        for name, n in hand.items():
            mv, fast, _creature, land, _counter = cards.get(name)
            if n <= 0 or land or mv == 0 or mv > spare or fast == own:
                continue
            out["windows"][name] += 1
            if lost:
                out["windows_lost"][name] += 1

    started = False
    for e in ev:
        kind = e["kind"]
        if kind == "turn_start":
            if started:
                close(e["active"] != seat)  # the turn that just ended was seat's own
            started = True
            if e["active"] == seat:
                spent = 0
        elif kind == "draw" and e["seat"] == seat:
            hand[e["card_name"]] += 1
        elif kind == "zone" and e["seat"] == seat and e.get("to_zone") != "none":
            name = e["card_name"]
            if e.get("from_zone") == "hand":
                hand[name] -= 1
            if e.get("to_zone") == "battlefield" and name and cards.get(name)[3]:
                lands += 1
        elif kind == "cast" and e["seat"] == seat and e["c"] > 0:
            spent += e["c"]
        elif kind == "cast" and e["seat"] != seat and cards.get(e["card_name"])[2]:
            for name, n in hand.items():
                if n > 0 and cards.get(name)[4]:
                    up = "kept up" if lands - spent >= 2 else "tapped out"
                    out["counter"][(name, up, min(lands, 7))] += 1


def main(paths: list[str]) -> None:
    cards = Cards()
    decks: dict[str, dict] = collections.defaultdict(
        lambda: {
            "windows": collections.Counter(),
            "windows_lost": collections.Counter(),
            "counter": collections.Counter(),
        }
    )
    for ev in games(paths):
        for seat, deck in enumerate(ev[0]["decks"][:2]):
            game_windows(ev, cards, seat, decks[deck])
    for deck in sorted(decks):
        out = decks[deck]
        print(deck)
        for name, n in out["windows"].most_common(TOP):
            print(f"  {name:<28} windows {n:5d}   in lost games {out['windows_lost'][name]:5d}")
        by_card: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
        for (name, up, lands), n in out["counter"].items():
            by_card[name][up] += n
            by_card[name][f"{up} at {lands}{'+' if lands == 7 else ''} lands"] += n
        for name, c in by_card.items():
            tapped = " ".join(
                f"{k.split(' at ')[1]}: {v}"
                for k, v in sorted(c.items())
                if k.startswith("tapped out at")
            )
            print(
                f"  {name}: opposing creature spells while held {c['kept up'] + c['tapped out']},"
                f" kept up {c['kept up']}, tapped out {c['tapped out']} ({tapped})"
            )


if __name__ == "__main__":
    main(sys.argv[1:])

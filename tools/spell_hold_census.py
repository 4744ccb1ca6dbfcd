"""How a deck uses its noncreature spells, from the event logs of simulate runs (study script).

Usage: python3 tools/spell_hold_census.py RUN_DIR [RUN_DIR...]   (simulate --log-games N --out DIR)
       (DECK_PREFIX, default "UR ", picks the seats by deck name: SPELL_DECK=... env var)

Over the seats of the chosen deck, per game: the noncreature spells cast by window (own or an
opponent's turn, and the step) and the triggers of its own permanents each one set off (the
trigger events between the cast and the next resolution); the spells held at the end of a turn
with the mana to cast them left, by card: a sorcery-speed spell at the end of its own turn
(its lands less the mana it spent that turn), an instant at the end of an opponent's turn
(its lands less what it spent in its own turn before and in that turn: lands it tapped in its
turn stay tapped); and the spells in hand at the game's end that its lands could pay, by card
and result. Mana by mana value against the lands played: colors, targets and additional costs
unchecked (an upper bound).
"""

import collections
import os
import sys

from runlogs import CardFacts, games


def _facts(rec) -> tuple[bool, bool, int, bool]:
    """(noncreature spell, land, mana value, instant or flash)."""
    spell = "Creature" not in rec.type_line and not rec.is_land
    fast = "Instant" in rec.type_line or "Flash" in rec.oracle[:5]
    return spell, rec.is_land, rec.mv, fast


def seat_census(cards: CardFacts, events: list[dict], seat: int, st: collections.Counter) -> None:
    """Add one seat's counts of one game to st."""
    hand: collections.Counter = collections.Counter()
    at_start: collections.Counter = collections.Counter()
    lands = spent = own_spent = 0
    active = None
    window = None  # the window of the spell whose triggers are being counted

    def close_turn() -> None:
        if active is None:
            return
        own = active == seat
        spare = lands - spent - (0 if own else own_spent)
        for name, n in hand.items():
            spell, _, mv, fast = cards.get(name)
            if n <= 0 or at_start[name] <= 0 or not spell or mv > spare:
                continue
            if own and not fast:
                st[f"held, own turn end, mana left: {name}"] += 1
            elif not own and fast:
                st[f"held, opponent's turn end, mana up: {name}"] += 1

    for e in events:
        kind = e["kind"]
        if kind in ("turn_start", "game_end"):
            close_turn()
            if kind == "game_end":
                break
            own_spent = spent if active == seat else 0
            active, spent, at_start = e["active"], 0, hand.copy()
        if kind == "trigger" and window and e["seat"] == seat:
            st[f"triggers: {window}"] += 1
        elif kind in ("resolve", "cast", "attack", "turn_start"):
            window = None
        if e["seat"] != seat:
            continue
        name = e["card_name"]
        if kind == "draw":
            hand[name] += 1
        elif kind == "zone":
            if e.get("from_zone") == "hand" and hand[name] > 0:
                hand[name] -= 1
                if cards.get(name)[1] and e["to_zone"] == "battlefield":
                    lands += 1
            elif e["to_zone"] == "hand" and e.get("from_zone") != "library":
                hand[name] += 1
            elif e.get("from_zone") == "battlefield" and cards.get(name)[1]:
                lands -= 1
        elif kind == "cast":
            spent += max(e["c"], 0)
            if cards.get(name)[0]:
                window = ("own " if e["active"] == seat else "opponent's ") + e["phase"]
                st[f"spells: {window}"] += 1
    result = "lost" if any(e["kind"] == "loses" and e["seat"] == seat for e in events) else "won"
    st[f"games {result}"] += 1
    for name, n in hand.items():
        spell, _, mv, _ = cards.get(name)
        if n > 0 and spell and mv <= lands:
            st[f"in hand at the end, payable, {result}: {name}"] += n


def main(runs: list[str]) -> None:
    prefix = os.environ.get("SPELL_DECK", "UR ")
    cards = CardFacts(_facts, (False, False, 0, False))
    st: collections.Counter = collections.Counter()
    n = 0
    for events in games(runs):
        for seat, deck in enumerate(events[0]["decks"]):
            if deck.startswith(prefix):
                n += 1
                seat_census(cards, events, seat, st)
    print(f"{n} seats of {prefix!r}; per game:")
    for key in sorted(st):
        print(f"  {key:70s} {st[key]:6d}  {st[key] / max(n, 1):.3f}")
    for key in sorted(k for k in st if k.startswith("spells: ")):
        window = key[len("spells: ") :]
        print(f"  triggers per spell, {window}: {st['triggers: ' + window] / st[key]:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])

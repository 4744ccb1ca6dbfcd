"""Where two players part ways: the same games (same seeds) logged by a base and a changed
player, compared event by event; each game's first differing event is a decision the change
altered. Counts those per deck and per kind/card, and how the altered games ended.

Usage: PYTHONPATH=. python3 tools/divergence_census.py BASE_RUN NEW_RUN [--show N]
(both written by `simulate ... --per-game --log-games N --out DIR` with the same seed).
"""

import sys
from collections import Counter
from pathlib import Path

from runlogs import games

# the fields that make two events the same decision (seq and the object numbers follow them)
KEY = ("turn", "phase", "seat", "kind", "card_name", "card2_name", "target_seat")


def _key(e: dict) -> tuple:
    return tuple(e.get(k) for k in KEY)


def first_split(a: list[dict], b: list[dict]) -> int:
    """Index of the first event where the two logs differ (-1: identical)."""
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if _key(x) != _key(y):
            return i
    return -1 if len(a) == len(b) else min(len(a), len(b))


def _decider(events: list[dict], i: int) -> int:
    """The seat that made the decision at event i: a target event names none; its spell's or
    ability's event just before it does."""
    for e in reversed(events[: i + 1]):
        if e.get("seat", -1) in (0, 1):
            return e["seat"]
    return -1


def main(argv: list[str]) -> None:
    base, new = argv[0], argv[1]
    show = int(argv[argv.index("--show") + 1]) if "--show" in argv else 0
    per_deck: Counter = Counter()
    games_per_deck: Counter = Counter()
    kinds: Counter = Counter()
    result: Counter = Counter()
    shown = 0
    paths_a = sorted(Path(base).glob("logs/*/*.jsonl"))
    for (a, b), path in zip(zip(games([base]), games([new]), strict=True), paths_a, strict=True):
        decks = a[0]["decks"]
        for d in decks:
            games_per_deck[d] += 1
        i = first_split(a, b)
        if i < 0:
            continue
        e, f = a[i], b[i]
        seat = _decider(a, i)
        who = decks[seat] if seat in (0, 1) else "?"
        per_deck[who] += 1
        kinds[(who, e["kind"], e.get("card_name"), f["kind"], f.get("card_name"))] += 1
        wa, wb = a[-1].get("winner"), b[-1].get("winner")
        if seat in (0, 1) and wa != wb:
            result["won now" if wb == seat else "lost now"] += 1
        if shown < show:
            shown += 1
            print(path, "turn", e["turn"], e["phase"])
            print("   base:", e["kind"], e.get("card_name"), "->", e.get("card2_name"))
            print("   new: ", f["kind"], f.get("card_name"), "->", f.get("card2_name"))
    print("games whose first altered event is a seat's (per deck, of its games):")
    for d in sorted(per_deck):
        print(f"   {d:40} {per_deck[d]:5}  {per_deck[d] / max(games_per_deck[d], 1):.3f}/game")
    print("altered games that changed winner (seen from the seat that decided):", dict(result))
    print("first altered events (seat's deck, base kind/card, new kind/card):")
    for k, v in kinds.most_common(25):
        print(f"   {v:4}  {k}")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    main(sys.argv[1:])

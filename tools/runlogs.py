"""The event logs of simulate runs, as the study scripts in tools/ read them.

A run folder written by `simulate --log-games N --out RUN_DIR` holds one JSON-lines event log
per logged game under logs/<matchup>/<game>.jsonl; the first event names the decks by seat.
"""

import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

# The steps whose damage is combat damage (a creature dying in them died in combat).
COMBAT_STEPS = ("combat damage", "first-strike damage")


class CardFacts:
    """Facts of each card name in a log, worked out once from its catalog record by `of`; a
    token or an unknown name gets `missing`."""

    def __init__(self, of: Callable[[Any], tuple], missing: tuple) -> None:
        from analyzer.cards.catalog import load_catalog

        self.catalog = load_catalog()
        self.of = of
        self.missing = missing
        self.facts: dict[str | None, tuple] = {}

    def get(self, name: str | None) -> tuple:
        if name not in self.facts:
            rec = self.catalog.lookup(name) if name else None
            self.facts[name] = self.missing if rec is None else self.of(rec)
        return self.facts[name]


def games(runs: Iterable[str | Path]) -> Iterator[list[dict]]:
    """Each logged game's events, run by run, in file order."""
    for run in runs:
        for path in sorted(Path(run).glob("logs/*/*.jsonl")):
            with open(path) as fh:
                yield [json.loads(line) for line in fh]


def combat_deaths(events: list[dict]) -> set[tuple[int, int]]:
    """(turn, object) of every permanent put into a graveyard by combat damage."""
    return {
        (e["turn"], e["obj"])
        for e in events
        if e["kind"] == "zone"
        and e.get("from_zone") == "battlefield"
        and e["to_zone"] == "graveyard"
        and e["phase"] in COMBAT_STEPS
    }


def print_per_deck(st: dict, digits: int = 2) -> None:
    """Print a census: per deck (sorted), each count and its rate per game ("games" holds the
    number of games the deck played)."""
    for deck in sorted(st):
        print(deck)
        n = st[deck]["games"]
        for key, v in sorted(st[deck].items()):
            print(f"   {key:58} {v:5}  {v / n:.{digits}f}/game")


class Zones:
    """Each seat's hand, the battlefield and each seat's lands in play of a two-player game,
    replayed from its draw, token and zone events: the state most census scripts walk beside
    their own counts. ``is_land(name)`` says whether a card is a land."""

    def __init__(self, is_land: Callable[[str], bool]) -> None:
        self.is_land = is_land
        self.hand: list[dict[int, str]] = [{}, {}]  # per seat: object -> card name
        self.bf: dict[int, tuple[int, str, bool]] = {}  # object -> (controller, name, token)
        self.lands = [0, 0]
        self.tokens: set[int] = set()

    def apply(self, e: dict, active: int | None) -> tuple[tuple | None, tuple | None]:
        """Apply one event; returns the battlefield entry (object, controller, name, token)
        that left and the one that entered with it (None when none did)."""
        kind, seat = e["kind"], e.get("seat")
        if kind == "token":
            self.tokens.add(e["obj"])
        elif kind == "draw":
            self.hand[seat][e["obj"]] = e["card_name"]
        if kind != "zone":
            return None, None
        o, name = e["obj"], e["card_name"]
        fz, tz = e.get("from_zone"), e.get("to_zone")
        if fz == "hand" and seat is not None:
            self.hand[seat].pop(o, None)
        if tz == "hand" and fz != "library" and seat is not None:
            self.hand[seat][o] = name
        left = entered = None
        if fz == "battlefield" and o in self.bf:
            ctrl, old, tok = self.bf.pop(o)
            self.lands[ctrl] -= self.is_land(old)
            left = (o, ctrl, old, tok)
        if tz == "battlefield":
            ctrl = seat if seat is not None else active
            tok = o in self.tokens or e.get("obj_token", False)
            self.bf[o] = (ctrl, name, tok)
            self.lands[ctrl] += self.is_land(name)
            entered = (o, ctrl, name, tok)
        return left, entered

"""The event logs of simulate runs, as the study scripts in tools/ read them.

A run folder written by `simulate --log-games N --out RUN_DIR` holds one JSON-lines event log
per logged game under logs/<matchup>/<game>.jsonl; the first event names the decks by seat.
"""

import json
from collections.abc import Iterable, Iterator
from pathlib import Path

# The steps whose damage is combat damage (a creature dying in them died in combat).
COMBAT_STEPS = ("combat damage", "first-strike damage")


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

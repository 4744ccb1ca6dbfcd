"""Which log rows the text view reads together, and what a row's neighbours say about it.

A mass pump's rows read as one line, a surveil's binned cards go with it, a Food's
sacrifice goes with its activation, a player's cards leave the game with its loss; a life
loss paid for the cast or activation that follows is a cost, not an effect. Split from
gamelog.py (render_lines uses these).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def grouped_effect(ev: dict[str, Any]) -> bool:
    """A pump, grant or untap row of a source: the same effect on the next rows (a mass pump's
    creatures) reads as one line."""
    return (
        ev["kind"] == "effect" and ev.get("effect") in ("pump", "grant", "untap") and ev["obj"] >= 0
    )


def same_effect(ev: dict[str, Any], first: dict[str, Any]) -> bool:
    return ev["kind"] == "effect" and all(
        ev[k] == first[k] for k in ("obj", "a", "b", "c", "turn", "phase", "seat")
    )


def sacrificed_to_activate(ev: dict[str, Any], nxt: dict[str, Any] | None) -> bool:
    """Is ev a permanent put into the graveyard as the cost of its own ability, activated
    next (a Food's "{2}, {T}, Sacrifice this artifact: You gain 3 life")?"""
    return (
        nxt is not None
        and ev["kind"] == "zone"
        and ev["from_zone"] == "battlefield"
        and ev["to_zone"] == "graveyard"
        and nxt["kind"] == "activate"
        and nxt["obj"] == ev["obj"]
    )


def left_the_game(ev: dict[str, Any]) -> bool:
    """Is ev an object leaving the game with the player who lost (a zone row to 'none')?"""
    return ev["kind"] == "zone" and ev["to_zone"] == "none"


def put_away(ev: dict[str, Any], look: dict[str, Any]) -> bool:
    """Is ev a card the surveil or scry `look` put into the graveyard or on the bottom?"""
    return (
        ev["kind"] == "zone"
        and ev["seat"] == look["seat"]
        and ev["from_zone"] == "library"
        and (
            ev["to_zone"] == "graveyard"
            if look["surveil"]
            else ev.get("library_position") == "bottom"
        )
    )


def paid_as_cost(events: Sequence[dict[str, Any]], i: int) -> bool:
    """Is the life loss at i paid for a cast or activation of its seat that follows (a
    cost's rows come before the action's own row: other costs and the move to the stack may
    come between)? A zone row from the stack ends a resolution, so it ends the search."""
    seat = events[i]["seat"]
    for ev in events[i + 1 :]:
        if ev["kind"] in ("cast", "activate"):
            return ev["seat"] == seat
        if ev["kind"] == "life" or (ev["kind"] == "zone" and ev["from_zone"] != "stack"):
            continue
        return False
    return False

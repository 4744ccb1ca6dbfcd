"""Which log rows the text view reads together, and what a row's neighbours say about it.

A mass pump's rows read as one line, a surveil's binned cards go with it, a Food's
sacrifice goes with its activation, a player's cards leave the game with its loss; a life
loss paid for the cast or activation that follows is a cost, not an effect, and so is a
discard for a spell whose cast discards a card. Split from gamelog.py (render_lines uses
these), with the totals the rows add up to (final life, cards drawn).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np


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


def discarded_for(
    events: Sequence[dict[str, Any]], i: int, discard_cost: np.ndarray | None
) -> str | None:
    """The spell whose additional cost the discard at i paid ("As an additional cost to cast
    this spell, discard a card": Sazacap's Brew), named as its cast row names it; None for
    any other row. A cost's rows come before the cast's own: the next cast of the seat, with
    only the spell's own move to the stack between."""
    ev = events[i]
    if discard_cost is None or ev["kind"] != "zone":
        return None
    if (ev["from_zone"], ev["to_zone"]) != ("hand", "graveyard"):
        return None
    for nxt in events[i + 1 :]:
        if nxt["kind"] == "cast":
            ok = nxt["seat"] == ev["seat"] and 0 <= nxt["card"] < len(discard_cost)
            return nxt["card_name"] if ok and discard_cost[nxt["card"]] else None
        if nxt["kind"] != "zone" or nxt["to_zone"] != "stack":
            return None
    return None


def final_life(events: Sequence[dict[str, Any]], n_players: int, starting: int) -> list[int]:
    """Each seat's life re-derived from the events (starting life plus every change)."""
    life = [starting] * n_players
    for ev in events:
        if ev["kind"] == "life":
            life[ev["seat"]] += ev["a"]
    return life


def cards_drawn(events: Sequence[dict[str, Any]], n_players: int) -> list[int]:
    """Cards each seat drew during the game (the opening hands not counted)."""
    drawn = [0] * n_players
    for ev in events:
        if ev["kind"] == "draw" and ev["turn"] > 0:
            drawn[ev["seat"]] += 1
    return drawn

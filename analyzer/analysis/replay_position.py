"""A replay's position block: the game record at the fork point (or at the start of a turn)
as ``scenario_state.state_json`` reads it, and the compact text the play-by-play shows.

The data is the record itself at that moment (``replay.replay_game`` copies it), never a
reconstruction from events; this file only words what ``state_json`` returns.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection
from typing import Any

from analyzer.analysis.gamelog import PHASE_LABELS, token_text
from analyzer.analysis.gamelog_names import name_list
from analyzer.analysis.scenario_state import STEP_NAMES

INDENT = "    "
_PHASES = dict(zip(STEP_NAMES, PHASE_LABELS, strict=False))  # "main1" as the log says it


def _attached(p: dict[str, Any]) -> list[str]:
    """The name of the permanent `p` is attached to, if any (an Aura on a player: none)."""
    on = p["attached_to"]  # "battlefield:1:Name" or "seat:2" (an Aura on a player)
    return [on.split(":", 2)[-1]] if on and not on.startswith("seat:") else []


def _names(p: dict[str, Any]) -> list[str]:
    """The card names a permanent's text holds: its own and what it is attached to."""
    return [token_text(p["card"]) if p["token"] else p["card"], *_attached(p)]


def _permanent(p: dict[str, Any]) -> str:
    """One non-land permanent: name, power/toughness, then only what is not the default."""
    text = _names(p)[0]
    if p["power"] is not None:
        text += f" {p['power']}/{p['toughness']}"
    notes = [f"{k} x{v}" for k, v in p["counters"].items()]
    if p["damage"]:
        notes.append(f"{p['damage']} damage")
    creature = p["power"] is not None  # a noncreature's "sick" flag means nothing to a reader
    notes += [w for w, on in (("tapped", p["tapped"]), ("sick", p["sick"] and creature)) if on]
    if p["phased_out"]:
        notes.append("phased out")
    on = _attached(p)  # a legendary name's comma among the notes sets their separator
    if p["attached_to"]:
        notes.append("on " + (on[0] if on else f"seat {p['attached_to'][5:]}"))
    return text + (f" ({name_list(notes, on)})" if notes else "")


def _commander(s: dict[str, Any], deck: Callable[[int], str]) -> str:
    """'commander Hazel: in the command zone, cast 1 time (a cast from the command zone costs
    {2} more); combat damage taken from commanders: 3 from A, 6 from B' (903.8, 903.10a)."""
    name = s["commander"]
    casts = s.get("commander_casts", 0)
    zones = (
        ("in the command zone", s.get("command", [])),
        ("on the battlefield", [p["card"] for p in s["battlefield"]]),
        ("in hand", s["hand"]),
    )
    where = next((w for w, names in zones if name in names), "elsewhere")
    text = f"commander {name}: {where}, cast {casts} time{'s' * (casts != 1)}"
    if casts:
        text += f" (a cast from the command zone costs {{{2 * casts}}} more)"
    taken = [f"{n} from {deck(k)}" for k, n in enumerate(s.get("commander_damage") or []) if n > 0]
    if taken:
        text += "; combat damage taken from commanders: " + ", ".join(taken)
    return text


def _lands(bf: list[dict[str, Any]]) -> str:
    """Lands grouped by name, tapped ones counted: 'Swamp x3 (1 tapped), Island'."""
    total = Counter(p["card"] for p in bf)
    tapped = Counter(p["card"] for p in bf if p["tapped"])
    parts = []
    for name, n in total.items():
        part = name + (f" x{n}" if n > 1 else "")
        if tapped[name]:
            part += " (tapped)" if tapped[name] == n == 1 else f" ({tapped[name]} tapped)"
        parts.append(part)
    return name_list(parts, total)


def position_lines(
    state: dict[str, Any],
    deck: Callable[[int], str],
    land_names: Collection[str],
    seat: int | None = None,
    at: str = "fork point",
) -> list[str]:
    """The position as a few indented lines: per seat its life, hand (``seat`` given: the
    other seats' hands counted, not named), library, graveyard and exile sizes, untapped
    lands, then its lands and other permanents; the stack last when it holds anything."""
    phase = _PHASES.get(state["phase"], state["phase"])
    when = f"T{state['turn']}, {deck(state['active'])}'s turn, {phase}"
    # a turn start is read before the untap step: the active seat's permanents still show tapped
    label = {"turn start": "start of the turn, before its untap step"}.get(at, at)
    out = [f"{INDENT}position at the {label} ({when}):"]
    for s in state["seats"]:
        p = s["seat"]
        if s.get("lost"):  # its objects have left the game (800.4a): nothing else to show
            out.append(f"{INDENT}{deck(p)}: has lost the game (life {s['life']})")
            continue
        hand = s["hand"]
        shown = "" if seat is not None and p != seat else f": {name_list(hand)}" if hand else ""
        bf = s["battlefield"]
        lands = [x for x in bf if x["card"] in land_names and x["power"] is None]
        others = [x for x in bf if x not in lands]
        untapped = sum(not x["tapped"] for x in lands)
        out.append(
            f"{INDENT}{deck(p)}: life {s['life']}, library {s['library_size']}, graveyard "
            f"{len(s['graveyard'])}, exile {len(s['exile'])}, lands {len(lands)} "
            f"({untapped} untapped); hand {len(hand)}{shown}"
        )
        if lands:
            out.append(f"{INDENT}  lands: {_lands(lands)}")
        if others:
            names = [n for x in others for n in _names(x)]
            out.append(f"{INDENT}  permanents: {name_list([_permanent(x) for x in others], names)}")
        if s.get("commander"):
            out.append(f"{INDENT}  {_commander(s, deck)}")
    if state["stack"]:
        items = [f"{e['card']} ({deck(e['controller'])})" for e in state["stack"]]
        names = [e["card"] for e in state["stack"]]
        out.append(f"{INDENT}stack (top first): {name_list(items, names)}")
    return out


def land_names(info: Any) -> frozenset[str]:
    """Names of the land cards (gamelog.GameInfo)."""
    return frozenset(n for n, is_land in zip(info.card_names, info.land, strict=True) if is_land)


def at_turn_start(state: dict[str, Any]) -> dict[str, Any]:
    """A record stopped by a turn cap of T - 1 as the position at the start of turn T: the
    cap ends the game as turn T begins, before its untap step; nothing else in the record
    knows the cap, so only the game-over fields are put back."""
    state.update(phase="beginning", winner=None, game_over=False, end_reason=None)
    return state

"""Reading a game's event log: decode the kernel's rows, render the play-by-play, write JSONL.

The kernel writes fixed-width int32 rows into the tail of a game record (kernel/rules/gamelog.py);
``decode`` is the one function that reads them. Everything else here works on the decoded
event dicts (the JSON Lines format documented in the README), so reporting never reads the
record itself.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import count
from pathlib import Path
from typing import Any

import numpy as np

from analyzer.analysis.gamelog_effects import effect_fields
from analyzer.analysis.gamelog_names import counted, name_list, name_series, separator
from analyzer.analysis.gamelog_rows import (
    discarded_for,
    grouped_effect,
    left_the_game,
    paid_as_cost,
    put_away,
    sacrificed_to_activate,
    same_effect,
)
from analyzer.analysis.gamelog_zone import ZoneLines, zone_phrase
from analyzer.enums import (
    END_REASON_NAMES,
    EVENT_NAMES,
    GIFT_KIND_NAMES,
    LEAVE_CAUSE_NAMES,
    UNLESS_COST_NAMES,
    CardCol,
    CardType,
    Event,
    ExtraCost,
    Zone,
)

PHASE_LABELS = (
    "beginning",
    "upkeep",
    "draw",
    "main 1",
    "beginning of combat",
    "declare attackers",
    "declare blockers",
    "first-strike damage",
    "combat damage",
    "end of combat",
    "main 2",
    "end step",
    "cleanup",
)
ZONE_NAMES = tuple(z.lower() for z in Zone._fields)
_GIFT_NAMES = {v: k.replace("_", " ") for k, v in GIFT_KIND_NAMES.items()}
# events whose object is the source of an ability, which may resolve after the source left
# the battlefield (a sacrificed Food's, a dies trigger's)
_SOURCE_KINDS = ("trigger", "resolve", "effect", "damage", "fizzle")
_STACK_KINDS = ("spell", "ability", "gift trigger", "copy", "delayed trigger", "ward trigger")


# a token definition's name carries what tells it from another of its kind ("Squirrel 1/1
# Green", "Elemental 4/4 White Flying": card data keeps one record per kind)
_TOKEN_NAME = re.compile(r"^(.*?) \d+/\d+(?: (.+))?$")


def token_text(name: str) -> str:
    """How a token reads in a log or a replay: "Squirrel token (green)" for the definition
    "Squirrel 1/1 Green" (its power and toughness are printed beside it where they matter),
    "Fish token" for "Fish"."""
    m = _TOKEN_NAME.match(name)
    if m is None:
        return name if name.lower().endswith("token") else name + " token"
    return f"{m.group(1)} token" + (f" ({m.group(2).lower()})" if m.group(2) else "")


@dataclass(frozen=True)
class GameInfo:
    """What the reader needs besides the rows: names of cards and seats."""

    card_names: tuple[str, ...]
    deck_names: tuple[str, ...]  # one per seat
    n_cards: int  # objects 0..n_cards-1 are cards of the decks, the rest token slots
    land: np.ndarray  # bool per card id
    creature: np.ndarray  # bool per card id
    gift_kind: np.ndarray  # int per card id (enums.GiftKind)
    discard_cost: np.ndarray | None = None  # bool per card id: its cast discards a card

    @classmethod
    def from_catalog(cls, catalog: Any, deck_names: Sequence[str], n_cards: int) -> GameInfo:
        return cls.from_compiled(catalog.compiled, deck_names, n_cards)

    @classmethod
    def from_compiled(cls, compiled: Any, deck_names: Sequence[str], n_cards: int) -> GameInfo:
        cards = compiled.cards
        types = cards[:, CardCol.TYPES]
        return cls(
            tuple(compiled.names),
            tuple(deck_names),
            int(n_cards),
            (types & CardType.LAND) != 0,
            (types & CardType.CREATURE) != 0,
            cards[:, CardCol.GIFT_KIND].astype(int),
            cards[:, CardCol.EXTRA_COST] == ExtraCost.DISCARD_CARD,
        )


def log_rows(G: np.ndarray) -> tuple[np.ndarray, int]:
    """The log rows of a record (int32, one row per event) and how many did not fit."""
    from analyzer.kernel.rules.gamelog import LOG_HEAD, LOG_LOST, LOG_N, LW, log_offset

    t = log_offset(G)
    if G.shape[0] <= t + LOG_HEAD:
        return np.zeros((0, LW), dtype=np.int32), 0
    n = int(G[t + LOG_N])
    rows = G[t + LOG_HEAD : t + LOG_HEAD + n * LW].reshape(n, LW)
    return rows.copy(), int(G[t + LOG_LOST])


def decode(G: np.ndarray, info: GameInfo) -> tuple[list[dict[str, Any]], int]:
    """The events of a finished game record as dicts (the JSONL format), a final ``game_end``
    event included; and the number of events lost to a full log."""
    from analyzer.kernel import layout as L
    from analyzer.kernel.rules.gamelog import LOG_FIELDS

    rows, lost = log_rows(G)
    events = []
    for seq, r in enumerate(rows):
        ev: dict[str, Any] = {"seq": seq}
        for name, v in zip(LOG_FIELDS, r, strict=True):
            ev[name] = int(v)
        _name_fields(ev, info, L.PLAYER_BASE)
        events.append(ev)
    last = events[-1] if events else {"turn": 0, "own_turn": 0, "active": 0}
    end = {
        "seq": len(events),
        "turn": int(G[L.H.TURN]),
        "own_turn": last["own_turn"],
        "phase": int(G[L.H.PHASE]),
        "active": int(G[L.H.ACTIVE]),
        "seat": -1,
        "kind": Event.GAME_END,
        "obj": -1,
        "card": -1,
        "obj2": -1,
        "card2": -1,
        "a": int(G[L.H.WINNER]),
        "b": int(G[L.H.END_REASON]),
        "c": -1,
    }
    _name_fields(end, info, L.PLAYER_BASE)
    events.append(end)
    return events, lost


def _name_fields(ev: dict[str, Any], info: GameInfo, player_base: int) -> None:
    ev["kind"] = EVENT_NAMES[ev["kind"]]
    ph = ev["phase"]
    ev["phase"] = PHASE_LABELS[ph] if 0 <= ph < len(PHASE_LABELS) else "game over"
    for o, c in (("obj", "card"), ("obj2", "card2")):
        ev[f"{c}_name"] = info.card_names[ev[c]] if ev[c] >= 0 else None
        ev[f"{o}_token"] = ev[o] >= info.n_cards and ev[o] < player_base
    ev["target_seat"] = ev["obj2"] - player_base if ev["obj2"] >= player_base else None
    if ev["kind"] == "zone":
        ev["from_zone"] = ZONE_NAMES[ev["a"]]
        ev["to_zone"] = ZONE_NAMES[ev["b"]]
        if ev["to_zone"] == "library" and ev["c"] in (0, 1):
            ev["library_position"] = "top" if ev["c"] == 0 else "bottom"
        elif ev["to_zone"] != "library" and 0 < ev["c"] < len(LEAVE_CAUSE_NAMES):
            ev["leave_cause"] = LEAVE_CAUSE_NAMES[ev["c"]]
    elif ev["kind"] == "game_end":
        ev["winner"] = ev["a"]
        ev["end_reason"] = END_REASON_NAMES[ev["b"]]
    elif ev["kind"] == "gift":
        ev["gift"] = _GIFT_NAMES.get(ev["a"], "none")
    elif ev["kind"] == "effect":
        effect_fields(ev)
    elif ev["kind"] == "look":
        ev["looked"] = ev["a"]
        ev["surveil"] = bool(ev["b"])
    elif ev["kind"] == "control":
        ev["from_seat"] = ev["a"]
    elif ev["kind"] == "pay":
        known = 0 < ev["a"] < len(UNLESS_COST_NAMES)
        ev["unless_cost"] = UNLESS_COST_NAMES[ev["a"]] if known else None
        ev["paid"] = bool(ev["c"])
    elif ev["kind"] == "loses":
        ev["loss_reason"] = (
            END_REASON_NAMES[ev["a"]] if 0 < ev["a"] < len(END_REASON_NAMES) else None
        )


# ---- text view ----


class _Text(ZoneLines):
    def __init__(self, info: GameInfo, seat: int | None) -> None:
        self.info = info
        self.seat = seat  # None: everything shown; else only this seat's hidden cards
        self.hands: dict[int, list[str]] = {}  # opening hands while mulligans are taken
        # Commanders, known by their moves to and from the command zone: a cast from there
        # says so with its tax (903.8), a commander's combat damage to a player its running
        # total (903.10a), a loss to 21 of it the commander
        self.commanders: set[int] = set()
        self.leaving_command: set[int] = set()  # moved command -> stack, cast line to come
        self.command_casts: dict[int, int] = {}
        self.commander_damage: dict[tuple[int, int], int] = {}
        self.card_of: dict[int, str] = {}  # a commander's name
        self.sacrificed = -1  # a permanent whose zone line its own activation's line tells
        self.init_zones()
        self.numbers: dict[int, tuple[str, int]] = {}  # permanent -> (its name, its number)
        self.gone: dict[int, tuple[str, int]] = {}  # the same, of those that left since
        self.last_damage: dict[str, Any] | None = None  # the row before a life change
        self.paid = False  # the life row being read is a cost (render_lines looks ahead)
        self.resolving_kind = -1  # the stack kind of what resolves (a ward trigger's "unless")
        self.paid_life = False  # the life row being read pays an "unless" (its line said so)
        # "UB Rats: threshold control" reads as "UB Rats" when no other seat's name starts
        # the same; a name two seats share gets the seat
        full = list(info.deck_names)
        short = [n.split(":")[0].strip() or n for n in full]
        self.short = [
            sh if short.count(sh) == 1 else f if full.count(f) == 1 else f"{sh} (seat {s})"
            for s, (sh, f) in enumerate(zip(short, full, strict=True))
        ]

    def deck(self, s: int) -> str:
        names = self.short
        return names[s] if 0 <= s < len(names) else f"seat {s}"

    def obj(self, ev: dict[str, Any], which: str = "", numbered: bool = True) -> str:
        """How ev's object (or its second, which="2") reads: a player's name, a card's, a
        token's kind; "#2" after a permanent's name while another of that name was on the
        battlefield when it entered (``numbered``)."""
        name = ev[f"card{which}_name"]
        o = ev[f"obj{which}"]
        if o >= 0 and o >= 1 << 20:
            return self.deck(ev["target_seat"])
        if name is None:
            return "?"
        name = token_text(name) if ev[f"obj{which}_token"] else name
        named, k = self.numbers.get(o, ("", 1))
        if o not in self.numbers and not which and ev["kind"] in _SOURCE_KINDS:
            named, k = self.gone.get(o, ("", 1))  # its ability outlives it: last known number
        return f"{name} #{k}" if numbered and k > 1 and named == name else name

    def enters(self, ev: dict[str, Any]) -> None:
        """A nonland permanent entering the battlefield takes the lowest number no permanent
        of its name there has (the first is unnumbered): two Rabbit tokens, or two copies of
        a card, are told apart in blocks, damage and targets."""
        if self.info.land[ev["card"]]:
            return  # lands are many and alike; what they do is rarely aimed at one
        name = self.obj(ev, numbered=False)
        taken = {k for named, k in self.numbers.values() if named == name}
        self.numbers[ev["obj"]] = (name, next(k for k in count(1) if k not in taken))
        self.gone.pop(ev["obj"], None)

    def leaves(self, ev: dict[str, Any]) -> None:
        """A permanent left the battlefield: its number is free, and kept as its last."""
        if ev["obj"] in self.numbers:
            self.gone[ev["obj"]] = self.numbers.pop(ev["obj"])

    def hidden(self, s: int) -> bool:
        return self.seat is not None and s != self.seat

    def prefix(self, ev: dict[str, Any]) -> str:
        if ev["turn"] == 0:
            return "Opening hands: "
        return f"T{ev['turn']} ({self.deck(ev['active'])}, turn {ev['own_turn']}) {ev['phase']}: "

    def line(self, ev: dict[str, Any], targets: list[str]) -> str | None:
        k = ev["kind"]
        s = ev["seat"]
        who = self.deck(s)
        card = self.obj(ev)
        tgt = f", targeting {name_list(targets)}" if targets else ""
        if k in ("cast", "activate", "trigger", "attack", "block", "turn_start"):
            self.resolving = None  # a resolution's effects are over
        if k != "life":  # a life change right after damage is the damage's (or lifelink's)
            self.last_damage = ev if k == "damage" else None
            self.paid_life = k == "pay" and ev["paid"] and ev["unless_cost"] == "life"
        if k == "game_start":
            return f"{self.deck(s)} plays first; {ev['a']} players at {ev['b']} life"
        if k == "mulligan":
            self.hands[s] = []
            return f"{who} mulligans (a seven with {_lands(ev['a'])})"
        if k == "keep":
            shown = "" if self.hidden(s) else ": " + name_list(sorted(self.hands.get(s, [])))
            after = f" after {ev['b']} mulligan{'s' if ev['b'] > 1 else ''}" if ev["b"] else ""
            return f"{who} keeps {ev['a']} cards ({_lands(ev['c'])}){after}{shown}"
        if k == "turn_start":
            extra = " (extra turn)" if ev["a"] else ""
            return f"--- T{ev['turn']}: {who}'s turn {ev['own_turn']}{extra}"
        if k == "draw":
            if ev["turn"] == 0:
                self.hands.setdefault(s, []).append(card)
                return None
            return f"{who} draws {'a card' if self.hidden(s) else card}"
        if k == "zone":
            return self.zone(ev, who, card)
        if k == "cast":
            gift = ""
            if ev["a"]:
                kind = _GIFT_NAMES.get(int(self.info.gift_kind[ev["card"]]), "a gift")
                gift = f" promising {_article(kind)} to {self.deck(ev['b'])}"
            elif self.info.gift_kind[ev["card"]]:
                gift = " without the gift"
            if ev["obj"] in self.leaving_command:
                self.leaving_command.discard(ev["obj"])
                n = self.command_casts.get(ev["obj"], 0)
                self.command_casts[ev["obj"]] = n + 1
                tax = f", commander tax {{{2 * n}}}" if n else ""
                return f"{who} casts {card} from the command zone{gift}{tgt} ({ev['c']} mana{tax})"
            src = self.cast_from.pop(ev["obj"], "")
            where = f" from {zone_phrase(src)}" if src else ""  # flashback, an exiled card
            return f"{who} casts {card}{where}{gift}{tgt} ({ev['c']} mana)"
        if k == "activate":
            if self.sacrificed == ev["obj"]:
                self.sacrificed = -1
                return f"{who} sacrifices {card} to activate it{tgt}"
            return f"{who} activates {card}{tgt}"
        if k == "trigger":
            what = _STACK_KINDS[ev["b"]] if 0 <= ev["b"] < len(_STACK_KINDS) else "ability"
            if what == "ability":
                what = "triggered ability"
            if what == "delayed trigger" and ev["obj"] in self.exiled_by:
                return f"{self.delayed(ev, card)} goes on the stack ({who})"
            # what it triggered on, when that is another object (a creature that died, the
            # spell that targeted a ward permanent): several of one source tell apart so
            by = ev["obj2"]
            on = f" for {self.obj(ev, '2')}" if 0 <= by != ev["obj"] and by < 1 << 20 else ""
            return f"{card}'s {what} goes on the stack ({who}){on}{tgt}"
        if k == "resolve":
            self.resolving = card
            self.resolving_kind = ev["a"]
            if ev["a"] == _STACK_KINDS.index("delayed trigger") and ev["obj"] in self.exiled_by:
                return f"{self.delayed(ev, card)} resolves"
            what = "" if ev["a"] in (0, 3) else "'s " + _STACK_KINDS[ev["a"]]
            return f"{card}{what} resolves"
        if k == "fizzle":
            return f"{card} does not resolve: its targets are gone"
        if k == "counter":
            return f"{card} is countered" + (" (returned to hand)" if ev["a"] else "")
        if k == "gift":
            if ev["b"] < 0:
                return f"{who}'s gift from {card} goes to nobody"
            return f"{who} gives the gift of {card} ({ev['gift']}) to {self.deck(ev['b'])}"
        if k == "token":
            return f"{who} creates {card if ' #' in card else _article(card)}"
        if k == "attack":
            return f"{card} attacks {self.deck(ev['a'])}"
        if k == "block":
            return f"{card} ({who}) blocks {self.obj(ev, '2')}"
        if k == "damage":
            line = f"{card} deals {ev['a']} damage to {self.obj(ev, '2')}"
            hit = ev.get("target_seat")
            if (
                ev["obj"] in self.commanders
                and hit is not None
                and ev["phase"] in ("combat damage", "first-strike damage")
            ):
                key = (ev["obj"], hit)
                self.commander_damage[key] = self.commander_damage.get(key, 0) + ev["a"]
                line += f" (commander damage {self.commander_damage[key]} of 21)"
            return line
        if k == "effect":
            return self.effect(ev, card, targets)
        if k == "look":
            return self.look(ev, who, targets)
        if k == "control":
            return f"{who} gains control of {card} (from {self.deck(ev['from_seat'])})"
        if k == "pay":
            return self.pay(ev, who, card)
        if k == "life":
            source = self.life_source(ev)
            sign = "gains" if ev["a"] > 0 else "pays" if source is None else "loses"
            return f"{who} {sign} {abs(ev['a'])} life{source or ''} ({ev['b']})"
        if k == "loses":
            by = [o for (o, hit), n in self.commander_damage.items() if hit == s and n >= 21]
            why = _LOSS_WHY.get(ev.get("loss_reason"), "")
            if by and ev.get("loss_reason") in (None, "commander_damage"):
                why = f" (21 or more combat damage from {self.card_of[by[0]]})"
            gone = f"; its permanents leave the game: {counted(targets)}" if targets else ""
            return f"{who} loses the game{why}{gone}"
        if k == "decision":
            choice = "promise" if ev["b"] else "no promise"
            return f">>> fork point: {who}'s decision {ev['a']} ({card}); this branch: {choice}"
        if k == "game_end":
            reason = ev["end_reason"]
            if ev["winner"] >= 0:
                return f"Game over on turn {ev['turn']}: {self.deck(ev['winner'])} wins ({reason})"
            return f"Game over on turn {ev['turn']}: a draw ({reason.replace('_', ' ')})"
        return None

    def life_source(self, ev: dict[str, Any]) -> str | None:
        """' to Nocturnal Hunger', ' from Food token': what changed a seat's life (the log row
        names no source); None for a loss paid for the action that follows (a cost). After
        damage to the seat, the damage line says it (a painland's too); a gain of the damage
        dealt by the seat's own source is that source's (lifelink); else the spell or ability
        resolving, if any."""
        hit = self.last_damage
        if hit is not None and hit["a"] == abs(ev["a"]):
            if ev["a"] < 0 and hit["target_seat"] == ev["seat"]:
                return ""
            if ev["a"] > 0 and hit["seat"] == ev["seat"]:
                return f" from {self.obj(hit)}"
        if self.paid or self.paid_life:
            return None
        if self.resolving is None:
            return ""
        return f" {'from' if ev['a'] > 0 else 'to'} {self.resolving}"

    def pay(self, ev: dict[str, Any], who: str, card: str) -> str:
        """A player's answer to an "unless" that would counter its spell or ability (a ward
        trigger; "counter target spell unless its controller pays"): what it paid, or that it
        did not (the built-in player pays whenever it can)."""
        what = {"mana": f"pay {{{ev['b']}}}", "life": f"pay {ev['b']} life"}
        what |= {"discard": "discard a card", "food": "sacrifice a Food"}
        verb, rest = what.get(ev["unless_cost"], "pay ?").split(" ", 1)
        ward = self.resolving_kind == _STACK_KINDS.index("ward trigger")
        src = f"{card}'s ward" if ward else card
        if ev["paid"]:
            return f"{who} {verb}s {rest} for {src}: {self.obj(ev, '2')} is not countered"
        # a ward counters without a counter row of its own (a spell's zone row follows)
        then = f": {self.obj(ev, '2')} is countered" if ward else ""
        return f"{who} does not {verb} {rest} for {src}{then}"

    def look(self, ev: dict[str, Any], who: str, away: list[str]) -> str:
        """A surveil or scry: what went into the graveyard (public) or to the bottom (named
        only where the seat's hidden cards are shown), and how many stayed on top."""
        verb, where = ("surveils", "into the graveyard") if ev["surveil"] else ("scries", "")
        parts = []
        if away and ev["surveil"]:
            parts.append(f"{name_list(away)} {where}")
        elif away:
            shown = f"{len(away)} card{'s' if len(away) != 1 else ''}"
            parts.append(f"{shown if self.hidden(ev['seat']) else name_list(away)} on the bottom")
        kept = ev["looked"] - len(away)
        if kept:
            parts.append(f"{kept} kept on top")
        if len(parts) == 2 and separator(away) == "; ":  # the list has the semicolons
            return f"{who} {verb} {ev['looked']}: {parts[0]} ({parts[1]})"
        return f"{who} {verb} {ev['looked']}: " + "; ".join(parts)

    def effect(self, ev: dict[str, Any], card: str, more: list[str]) -> str | None:
        """What a spell or ability did to its target (source: card); more: the other
        permanents the same effect changed (a mass pump, render_lines)."""
        names = [self.obj(ev, "2"), *more]
        what = name_series(names)
        s = "s" if len(names) == 1 else ""
        effect = ev.get("effect")
        if effect == "tap":
            return f"{card} taps {what}"
        if effect == "untap":
            if ev["stunned"] and ev["obj"] < 0:  # an untap step's or an untap-all's (122.1d)
                return f"{what} stays tapped: a stun counter comes off instead of untapping"
            if ev["stunned"]:
                return f"{card} would untap {what}: a stun counter comes off instead"
            return f"{card} untaps {what}"
        if effect == "pump":
            pt = f"{ev['power']:+d}/{ev['toughness']:+d}"
            return f"{what} get{s} {pt} until end of turn ({card})"
        if effect == "grant" and ev["keywords"]:
            return f"{what} gain{s} {', '.join(ev['keywords'])} until end of turn ({card})"
        if effect in ("counters", "enters_with"):
            n = ev["count"]
            plural = "s" if n != 1 else ""
            if effect == "enters_with":
                return f"{what} enters with {n} {ev['counter']} counter{plural}"
            return f"{card} puts {n} {ev['counter']} counter{plural} on {what}"
        return None


# why a player lost (its LOSES row's reason, an EndReason name)
_LOSS_WHY = {
    "life": " (its life is 0 or less)",
    "library": " (it drew from an empty library)",
    "commander_damage": " (21 or more combat damage from one commander)",
    "win_effect": " (another player won the game)",
}


def _article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _lands(n: int) -> str:
    return f"{n} land" if n == 1 else f"{n} lands"


def render_lines(
    events: Sequence[dict[str, Any]],
    info: GameInfo,
    *,
    seat: int | None = None,
    start: int = 0,
    positions: dict[int, tuple[str, dict[str, Any]]] | None = None,
) -> list[str]:
    """The play-by-play, one line per event (from event ``start`` on). ``seat``: show only
    that seat's hidden cards (draws, kept hands); None shows everything. ``positions``:
    {event index: (where, state_json)}, each shown as a block before that event's line."""
    from analyzer.analysis.replay_position import land_names, position_lines

    text = _Text(info, seat)
    lands = land_names(info) if positions else frozenset()
    out = []
    i = 0
    n = len(events)
    sacrificed = None  # its zone row: it leaves the battlefield after its activation's line
    while i < n:
        ev = events[i]
        if ev["kind"] == "zone" and ev["to_zone"] == "battlefield":
            text.enters(ev)  # numbered before its line ("plays", "returns", a token made)
        if positions and i in positions and i >= start:
            at, state = positions[i]
            out += position_lines(state, text.deck, lands, seat, at)
        targets = []
        j = i + 1
        if sacrificed_to_activate(ev, events[j] if j < n else None):
            text.sacrificed = ev["obj"]  # the activation's line says it (Food, Treasure)
            sacrificed = ev
            i = j
            continue
        if ev["kind"] in ("cast", "activate", "trigger"):
            while j < n and events[j]["kind"] == "target" and events[j]["obj"] == ev["obj"]:
                targets.append(text.obj(events[j], "2"))
                j += 1
        elif grouped_effect(ev):  # "creatures you control get +1/+1": one line, each named
            while j < n and same_effect(events[j], ev):
                targets.append(text.obj(events[j], "2"))
                j += 1
        elif ev["kind"] == "loses":  # 800.4a: its cards leave the game; its permanents named
            while j < n and left_the_game(events[j]):
                if events[j]["from_zone"] == "battlefield":
                    targets.append(text.obj(events[j], numbered=False))  # counted: "x3"
                j += 1
        elif ev["kind"] == "look":  # the cards a surveil or scry put away: one line with it
            while j < n and len(targets) < ev["a"] and put_away(events[j], ev):
                targets.append(text.obj(events[j]))
                j += 1
        if ev["kind"] == "life":
            text.paid = ev["a"] < 0 and paid_as_cost(events, i)
        text.discard_for = discarded_for(events, i, info.discard_cost)
        line = text.line(ev, targets)
        if line is not None and i >= start:
            out.append(
                line if line.startswith(("---", ">>>", "Game over")) else text.prefix(ev) + line
            )
        # a permanent's number goes after the line that says it left
        for left in [sacrificed, *events[i:j]]:
            if left is not None and left["kind"] == "zone" and left["from_zone"] == "battlefield":
                text.leaves(left)
        sacrificed = None
        i = j
    return out


def fork_index(events: Sequence[dict[str, Any]]) -> int:
    """Index of the replay's fork-point event (0 if there is none)."""
    for i, ev in enumerate(events):
        if ev["kind"] == "decision":
            return i
    return 0


def write_jsonl(events: Iterable[dict[str, Any]], path: str | Path) -> Path:
    """One JSON object per line (``pd.read_json(path, lines=True)`` loads it)."""
    from analyzer.report.writers import atomic_write_text

    return atomic_write_text(Path(path), jsonl_text(events))


def jsonl_text(events: Iterable[dict[str, Any]]) -> str:
    """The events as JSON Lines."""
    return "".join(json.dumps(ev, separators=(",", ":")) + "\n" for ev in events)

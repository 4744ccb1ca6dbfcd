"""Scenario files (DESIGN section 9): one game position in TOML, plus scripted actions.

This module reads and validates a file into a ``Scenario`` (pure Python: no numba, no kernel);
``analyzer.analysis.scenario_run`` builds the game record and plays the actions. Every problem of
the file is reported at once, each with its key path (``action[2].targets[0]``) and line.

Format (all keys optional unless marked)::

    [game]
    players = 2            # 2..4
    active = 0             # whose turn
    turn = 4
    phase = "main1"        # upkeep | draw | main1 | combat | main2 | end
    seed = 7
    starting_life = 20     # every seat's life unless the seat says otherwise
    policy = "never"       # gift promises the built-in players make while advancing: never|always
    resolve_at_end = true  # after the actions, resolve the stack with everyone passing
    card_data = []         # extra card data files (paths relative to this file)

    [[seat]]               # one per seat in seat order; missing seats are empty
    life = 20
    level = "standard"     # the seat's built-in player: standard (default) | basic
    deck = "decks/rg_raccoons_expend.txt"   # the source of this seat's unseen cards: its
                           # library is the deck's cards not placed elsewhere (shuffled with
                           # the seed); see analyzer/io/scenario_decks.py
    hand_size = 5          # with a deck: the hand is `hand` plus cards dealt from the rest
    command = ["Mabel, Heir to Cragflame"]  # the command zone (903.6): the seat's commander
    commander = "Mabel, Heir to Cragflame"  # or: the seat's commander wherever it is (the
                           # first card of that name the seat owns: battlefield, hand, ...)
    commander_casts = 1    # times cast from the command zone so far (903.8: {2} more each)
    commander_damage = [0, 12]  # combat damage taken from each seat's commander (903.10a)
    hand = ["Long River's Pull"]
    library = ["Plains", "Forest"]          # top first
    graveyard = []
    exile = ["Plains", { card = "Octomancer", castable_by = 0 }]   # Cruelclaw's Heist permission
    battlefield = ["Island", { card = "Treetop Sentries", tapped = true, sick = false,
                   counters = { "+1/+1" = 1, stun = 2 } }, { card = "Food" }]
        # permanent keys: card (required), tapped, sick, counters, damage, owner,
        # entered_this_turn, attached_to ("battlefield:1:Name"), token = true (a token copy of
        # a card), power / toughness (a token's copiable P/T). Token names (Food, Treasure,
        # Fish, Octopus, Bird, ...) put tokens there.

    [[action]]             # applied in order; exactly one of the verbs below
    seat = 0               # who acts (default: the active player)
    cast = "Long River's Pull"   # from hand, or from exile where a permission allows
    promise = true               # default false; "?": play it both ways (--rollouts N)
    promise_targets = []         # with promise = "?": the promised mode's targets, if they
                                 # differ from `targets` (which then serve the plain mode)
    gift_to = 1                  # default: next opponent in turn order
    targets = ["stack:top"]      # flat, or one list per target group: [["a", "b"], ["c"]]
    discard = "Plains"           # Sazacap's Brew's additional cost (default: the AI's choice)
    mode = 2                     # a modal spell ("Choose one —"): the chosen mode, 1-based
    # { activate = "Food" } / { activate = "battlefield:0:Starforged Sword", targets = [...],
    #   ability = 1 }            (the n-th activated ability of the card, default 1; a card
    #                            with an ability that works from the graveyard: graveyard:0:Name)
    # { play = "Forest" }        (land drop: from hand, or from exile where a permission allows)
    # { attack = ["Name", "battlefield:0:Fish#2"], defender = 1 }
    # { block = [["Blocker", "battlefield:0:Attacker"], ...] }  (every block; [] = none)
    # { advance = "end" }        (built-in AI plays on: a phase name or "next_turn")
    # { resolve = true }         (resolve the stack, everyone passing; an integer: that many)

    [expect]               # optional: the outcome this file pins, checked by
    winner = 1             # tests/test_scenario_expect.py; format: analyzer/io/scenario_expect.py
    [[expect.seat]]        # seat by seat; only the keys given are checked
    life = 17
    hand = ["Starforged Sword"]
    battlefield = ["Island", { card = "Fish", tapped = true, power = 1 }]

``advance`` stops at the first point where the game rests (no priority window, nothing
pending) in that step or a later one: later this turn if the step is still ahead, else in a
following turn. The engine runs untap, upkeep and draw as one unit when nothing triggers, so
"upkeep", "draw" and "next_turn" usually stop in main phase 1 of the next turn. "end" stops
once the beginning-of-end-step triggers are on the stack (they resolve with the final
resolve). ``resolve`` and the final resolve leave the active player with priority.

Object references: ``seat:1``, ``battlefield:1:Name`` (the permanent seat 1 controls),
``battlefield:1:Fish#2`` (the second, oldest first), ``graveyard:0:Name``, ``exile:1:Name``,
``hand:1:Name``, ``library:0:Name``, ``stack:top``, ``stack:Name`` / ``stack:Name#2`` (from
the top).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from analyzer.enums import PHASE_NAMES, PLAYER_LEVEL_NAMES
from analyzer.errors import InputError, Problem
from analyzer.io.scenario_expect import read_expect

ADVANCE_TARGETS = (*PHASE_NAMES, "next_turn")
POLICIES = ("never", "always")
REF_ZONES = ("battlefield", "graveyard", "exile", "hand", "library")
COUNTERS = {"+1/+1": "p1p1", "p1p1": "p1p1", "stun": "stun"}
VERBS = ("cast", "activate", "play", "attack", "block", "advance", "resolve")
_VERB_KEYS = {
    "cast": {"seat", "cast", "promise", "gift_to", "targets", "discard", "promise_targets", "mode"},
    "activate": {"seat", "activate", "ability", "targets"},
    "play": {"seat", "play"},
    "attack": {"seat", "attack", "defender"},
    "block": {"seat", "block"},
    "advance": {"advance"},
    "resolve": {"resolve"},
}
_GAME_KEYS = {
    "players",
    "active",
    "turn",
    "phase",
    "seed",
    "starting_life",
    "policy",
    "resolve_at_end",
    "card_data",
    "turn_cap",
    "action_cap",
}
_SEAT_KEYS = {
    "life",
    "level",
    "hand",
    "library",
    "graveyard",
    "exile",
    "battlefield",
    "deck",
    "hand_size",
    "command",
    "commander",
    "commander_casts",
    "commander_damage",
}
_PERM_KEYS = {
    "card",
    "tapped",
    "sick",
    "counters",
    "damage",
    "owner",
    "entered_this_turn",
    "attached_to",
    "token",
    "power",
    "toughness",
}
_REF_RE = re.compile(r"^(battlefield|graveyard|exile|hand|library):(\d+):(.+?)(?:#(\d+))?$")
_STACK_RE = re.compile(r"^stack:(.+?)(?:#(\d+))?$")
_SEAT_RE = re.compile(r"^seat:(\d+)$")


@dataclass(frozen=True)
class Ref:
    """A reference to a player or an object, as written (``text``) and parsed."""

    text: str
    zone: str  # "seat", "stack" or one of REF_ZONES
    seat: int = -1
    name: str = ""  # canonical card name ("" for seat:N and stack:top)
    index: int = 1  # the n-th object of that name (1 = first)


@dataclass
class PermanentSpec:
    name: str
    token: bool
    key: str
    line: int
    tapped: bool = False
    sick: bool | None = None
    p1p1: int = 0
    stun: int = 0
    damage: int = 0
    owner: int | None = None
    entered_this_turn: bool = False
    attached_to: Ref | None = None
    power: int | None = None
    toughness: int | None = None


@dataclass
class ExileSpec:
    name: str
    castable_by: int = -1


@dataclass
class SeatSpec:
    life: int
    level: int = 0  # enums.PlayerLevel
    hand: list[str] = field(default_factory=list)
    library: list[str] = field(default_factory=list)  # top first
    graveyard: list[str] = field(default_factory=list)
    exile: list[ExileSpec] = field(default_factory=list)
    battlefield: list[PermanentSpec] = field(default_factory=list)
    deck: str = ""  # path of the deck the unseen cards come from ("" none)
    hand_size: int | None = None  # with a deck: cards in hand, listed ones first
    command: list[str] = field(default_factory=list)  # the command zone: at most the commander
    commander: str = ""  # the seat's commander ("" none)
    commander_casts: int = 0
    commander_damage: list[int] = field(default_factory=list)  # taken from seat k's commander


@dataclass
class ActionSpec:
    kind: str  # one of VERBS
    key: str  # "action[2]"
    line: int
    seat: int = -1  # -1: the active player at that moment
    card: str = ""  # cast / play: canonical card name
    ref: Ref | None = None  # activate: the permanent
    promise: bool = False
    ask: bool = False  # promise = "?": the position evaluator plays it both ways
    gift_to: int = -1
    targets: list[list[Ref]] | list[Ref] = field(default_factory=list)
    grouped: bool = False  # targets given as one list per group
    promise_targets: list[list[Ref]] | list[Ref] | None = None  # ask: the promised mode's
    promise_grouped: bool = False
    discard: str = ""
    ability: int = 1
    mode: int = 0  # cast: the chosen mode of a modal spell, 1-based (700.2a); 0 = not modal
    attackers: list[Ref] = field(default_factory=list)
    defender: int = -1
    blocks: list[tuple[Ref, Ref]] = field(default_factory=list)
    advance: str = ""
    resolve: int = -1  # -1: everything

    def describe(self) -> str:
        what = {
            "cast": self.card,
            "play": self.card,
            "activate": self.ref.text if self.ref else "",
            "advance": self.advance,
        }.get(self.kind, "")
        return f"{self.key} ({self.kind}{' ' + what if what else ''})"


@dataclass
class Scenario:
    source: str
    players: int
    active: int
    turn: int
    phase: str
    seed: int
    starting_life: int
    policy: str
    resolve_at_end: bool
    turn_cap: int
    action_cap: int
    card_files: list[str]
    seats: list[SeatSpec]
    actions: list[ActionSpec]
    warnings: list[str] = field(default_factory=list)
    expect: dict[str, Any] | None = None  # the [expect] table (io/scenario_expect.py)


class _Reader:
    """Collects problems with file, line and key path while walking the TOML document."""

    def __init__(self, text: str, source: str, catalog: Any) -> None:
        self.lines = text.splitlines()
        self.source = source
        self.catalog = catalog
        self.problems: list[Problem] = []
        self.warned: set[str] = set()
        self.warnings: list[str] = []

    def line_of(self, table: str, index: int, key: str = "") -> int:
        """Line of the index-th ``[[table]]`` (or ``[table]``) header, or of ``key`` in it."""
        pat = re.compile(rf"^\s*\[\[?\s*{table}\s*\]\]?\s*(#.*)?$")
        heads = [i for i, s in enumerate(self.lines) if pat.match(s)]
        if index >= len(heads):
            return 0
        start = heads[index]
        if key:
            kpat = re.compile(rf"^\s*{re.escape(key)}\s*=")
            for i in range(start + 1, len(self.lines)):
                if self.lines[i].lstrip().startswith("["):
                    break
                if kpat.match(self.lines[i]):
                    return i + 1
        return start + 1

    def err(self, key: str, message: str, line: int = 0) -> None:
        self.problems.append(Problem(f"{key}: {message}", self.source, line))

    def typed(
        self, value: Any, types: type | tuple[type, ...], key: str, line: int, what: str
    ) -> bool:
        ok = isinstance(value, types) and not (
            isinstance(value, bool)
            and bool not in (types if isinstance(types, tuple) else (types,))
        )
        if not ok:
            self.err(key, f"must be {what}, not {value!r}", line)
        return ok

    def seat_no(self, value: Any, key: str, line: int, players: int) -> int | None:
        if not self.typed(value, int, key, line, "a seat number"):
            return None
        if not 0 <= value < players:
            self.err(key, f"seat {value} does not exist (seats are 0..{players - 1})", line)
            return None
        return value

    def card(self, name: Any, key: str, line: int, *, tokens: bool) -> tuple[str, bool] | None:
        """(canonical name, is a token definition) for a card or (if allowed) token name."""
        if not self.typed(name, str, key, line, "a card name"):
            return None
        rec = self.catalog.lookup(name)
        tok = self.catalog.token(name) if rec is None else None
        if rec is None and tok is None:
            hint = self.catalog.suggest(name)
            self.err(
                key,
                f"unknown card {name!r}" + (f"; did you mean {', '.join(hint)}?" if hint else ""),
                line,
            )
            return None
        if tok is not None and not tokens:
            self.err(key, f"{tok.name} is a token: tokens exist only on the battlefield", line)
            return None
        rec = rec or tok
        if rec.support_name != "exact" and rec.name not in self.warned:
            self.warned.add(rec.name)
            self.warnings.append(
                f"{rec.name} is {rec.support_name}: "
                + (
                    "only its stats and keywords are modeled"
                    if rec.support_name == "approximate"
                    else "the engine does not model its abilities"
                )
            )
        return rec.name, tok is not None

    def ref(self, text: Any, key: str, line: int, players: int) -> Ref | None:
        if not self.typed(text, str, key, line, 'a reference like "battlefield:1:Name"'):
            return None
        s = text.strip()
        m = _SEAT_RE.match(s)
        if m:
            seat = self.seat_no(int(m.group(1)), key, line, players)
            return None if seat is None else Ref(s, "seat", seat)
        m = _REF_RE.match(s)
        if m:
            zone, seat_s, name, idx = m.groups()
            seat = self.seat_no(int(seat_s), key, line, players)
            got = self.card(name, key, line, tokens=zone == "battlefield")
            if seat is None or got is None:
                return None
            return Ref(s, zone, seat, got[0], int(idx or 1))
        m = _STACK_RE.match(s)
        if m:
            name, idx = m.groups()
            if name == "top" and idx is None:
                return Ref(s, "stack")
            got = self.card(name, key, line, tokens=False)
            return None if got is None else Ref(s, "stack", -1, got[0], int(idx or 1))
        self.err(
            key,
            f"bad reference {text!r}: use seat:N, battlefield:N:Name[#k], "
            "graveyard:N:Name, exile:N:Name, hand:N:Name, library:N:Name, stack:top or "
            "stack:Name",
            line,
        )
        return None


def read_scenario(path: str | Path, catalog: Any | None = None) -> Scenario:
    """Read and validate a scenario file; raises InputError listing every problem."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise InputError(Problem(f"cannot read scenario file: {exc.strerror}", str(p))) from None
    if b"\x00" in data[:8192]:
        raise InputError(
            Problem("not a scenario file: it is binary (a scenario is TOML text)", str(p))
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(
            Problem(
                f"not UTF-8 text (byte 0x{data[exc.start]:02x} at offset "
                f"{exc.start}); save the scenario as UTF-8",
                str(p),
                line,
            )
        ) from None
    return parse_scenario(text, str(p), catalog, base_dir=p.parent)


def parse_scenario(
    text: str, source: str = "<scenario>", catalog: Any | None = None, base_dir: Path | None = None
) -> Scenario:
    """Parse scenario TOML text (see the module docstring)."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise InputError(
            Problem(f"not valid TOML: {exc}", source, int(m.group(1)) if m else 0)
        ) from None
    game = doc.get("game", {})
    card_files: list[str] = []
    if isinstance(game, dict) and isinstance(game.get("card_data"), list):
        base = base_dir or Path(".")
        card_files = [str((base / f).resolve()) for f in game["card_data"] if isinstance(f, str)]
    if catalog is None or card_files:
        from analyzer.cards.catalog import load_catalog

        catalog = load_catalog(card_files)
    r = _Reader(text, source, catalog)
    for k in doc:
        if k not in ("game", "seat", "action", "expect"):
            r.err(k, "unknown table (expected [game], [[seat]], [[action]], [expect])", 0)
    scn = _game(r, game, card_files)
    seats = doc.get("seat", [])
    if not isinstance(seats, list):
        r.err("seat", "write one [[seat]] table per seat", r.line_of("seat", 0))
        seats = []
    if len(seats) > scn.players:
        r.err(
            "seat",
            f"{len(seats)} [[seat]] tables for {scn.players} players",
            r.line_of("seat", scn.players),
        )
    for i in range(scn.players):
        raw = seats[i] if i < len(seats) else {}
        scn.seats.append(_seat(r, raw, i, scn))
    actions = doc.get("action", [])
    if not isinstance(actions, list):
        r.err("action", "write one [[action]] table per action", r.line_of("action", 0))
        actions = []
    for i, raw in enumerate(actions):
        a = _action(r, raw, i, scn)
        if a is not None:
            scn.actions.append(a)
    scn.expect = read_expect(r, doc.get("expect"), scn.players)
    if not r.problems:
        from analyzer.io.scenario_decks import fill_from_decks

        fill_from_decks(r, scn, base_dir or Path("."))
    if r.problems:
        raise InputError(r.problems)
    scn.warnings = r.warnings
    return scn


def _int(
    r: _Reader,
    d: dict,
    key: str,
    path: str,
    line: int,
    default: int,
    lo: int,
    hi: int | None = None,
) -> int:
    v = d.get(key, default)
    if not r.typed(v, int, f"{path}.{key}", line, "an integer"):
        return default
    if v < lo or (hi is not None and v > hi):
        rng = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        r.err(f"{path}.{key}", f"{v} is out of range ({rng})", line)
        return default
    return v


def _bool(r: _Reader, d: dict, key: str, path: str, line: int, default: bool) -> bool:
    v = d.get(key, default)
    return v if r.typed(v, bool, f"{path}.{key}", line, "true or false") else default


def _unknown(r: _Reader, d: dict, allowed: set[str], path: str, line: int) -> None:
    for k in d:
        if k not in allowed:
            r.err(f"{path}.{k}", f"unknown key (allowed: {', '.join(sorted(allowed))})", line)


def _game(r: _Reader, game: Any, card_files: list[str]) -> Scenario:
    if not isinstance(game, dict):
        r.err("game", "must be a table", r.line_of("game", 0))
        game = {}
    ln = r.line_of("game", 0)
    _unknown(r, game, _GAME_KEYS, "game", ln)
    players = _int(r, game, "players", "game", r.line_of("game", 0, "players"), 2, 2, 4)
    active = _int(r, game, "active", "game", r.line_of("game", 0, "active"), 0, 0, players - 1)
    turn = _int(r, game, "turn", "game", r.line_of("game", 0, "turn"), 1, 1, 10_000)
    phase = game.get("phase", "main1")
    if phase not in PHASE_NAMES:
        r.err(
            "game.phase",
            f"unknown phase {phase!r} (use {' | '.join(PHASE_NAMES)})",
            r.line_of("game", 0, "phase"),
        )
        phase = "main1"
    policy = game.get("policy", "never")
    if policy not in POLICIES:
        r.err(
            "game.policy",
            f"unknown policy {policy!r} (use never or always)",
            r.line_of("game", 0, "policy"),
        )
        policy = "never"
    cd = game.get("card_data", [])
    if not isinstance(cd, list) or not all(isinstance(f, str) for f in cd):
        r.err("game.card_data", "must be a list of file paths", r.line_of("game", 0, "card_data"))
    return Scenario(
        source=r.source,
        players=players,
        active=active,
        turn=turn,
        phase=phase,
        seed=_int(r, game, "seed", "game", ln, 0, 0, 2**63 - 1),
        starting_life=_int(r, game, "starting_life", "game", ln, 20, 1, 10_000),
        policy=policy,
        resolve_at_end=_bool(r, game, "resolve_at_end", "game", ln, True),
        turn_cap=_int(r, game, "turn_cap", "game", ln, turn + 100, turn, 100_000),
        action_cap=_int(r, game, "action_cap", "game", ln, 200_000, 1, 10**9),
        card_files=card_files,
        seats=[],
        actions=[],
    )


def _commander_keys(r: _Reader, raw: dict, seat: SeatSpec, path: str, i: int, players: int) -> None:
    """command, commander, commander_casts, commander_damage (Commander, 903)."""
    ln = r.line_of("seat", i, "command")
    seat.command = _names(r, raw, "command", path, ln)
    if len(seat.command) > 1:
        r.err(
            f"{path}.command",
            "holds one card at most: the seat's commander (partners are not modeled)",
            ln,
        )
    ln_c = r.line_of("seat", i, "commander")
    if "commander" in raw:
        got = r.card(raw["commander"], f"{path}.commander", ln_c, tokens=False)
        if got is not None:
            seat.commander = got[0]
    if seat.command and seat.commander and seat.command[0] != seat.commander:
        r.err(f"{path}.command", f"holds {seat.command[0]}, but commander is {seat.commander}", ln)
    seat.commander = seat.commander or (seat.command[0] if seat.command else "")
    seat.commander_casts = _int(
        r, raw, "commander_casts", path, r.line_of("seat", i, "commander_casts"), 0, 0, 100
    )
    ln_d = r.line_of("seat", i, "commander_damage")
    dmg = raw.get("commander_damage", [])
    if r.typed(dmg, list, f"{path}.commander_damage", ln_d, "a list of integers, one per seat"):
        if len(dmg) > players or not all(
            isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= 999 for d in dmg
        ):
            r.err(
                f"{path}.commander_damage",
                f"must be at most {players} integers 0..999 "
                "(combat damage taken from each seat's commander)",
                ln_d,
            )
        else:
            seat.commander_damage = list(dmg)


def _names(r: _Reader, raw: dict, zone: str, path: str, line: int) -> list[str]:
    v = raw.get(zone, [])
    if not r.typed(v, list, f"{path}.{zone}", line, "a list of card names"):
        return []
    out = []
    for i, name in enumerate(v):
        got = r.card(name, f"{path}.{zone}[{i}]", line, tokens=False)
        if got is not None:
            out.append(got[0])
    return out


def _seat(r: _Reader, raw: Any, i: int, scn: Scenario) -> SeatSpec:
    path = f"seat[{i}]"
    ln = r.line_of("seat", i)
    if not isinstance(raw, dict):
        r.err(path, "must be a table", ln)
        raw = {}
    _unknown(r, raw, _SEAT_KEYS, path, ln)
    seat = SeatSpec(
        life=_int(
            r, raw, "life", path, r.line_of("seat", i, "life"), scn.starting_life, -1000, 10_000
        )
    )
    if "deck" in raw and r.typed(
        raw["deck"], str, f"{path}.deck", r.line_of("seat", i, "deck"), "a deck file path"
    ):
        seat.deck = raw["deck"]
    if "hand_size" in raw:
        seat.hand_size = _int(
            r, raw, "hand_size", path, r.line_of("seat", i, "hand_size"), 0, 0, 48
        )
    level = raw.get("level", "standard")
    if level not in PLAYER_LEVEL_NAMES:
        r.err(
            f"{path}.level",
            f"unknown player level {level!r} (use {' or '.join(PLAYER_LEVEL_NAMES)})",
            r.line_of("seat", i, "level"),
        )
    else:
        seat.level = PLAYER_LEVEL_NAMES[level]
    for zone in ("hand", "library", "graveyard"):
        setattr(seat, zone, _names(r, raw, zone, path, r.line_of("seat", i, zone)))
    _commander_keys(r, raw, seat, path, i, scn.players)
    ln_ex = r.line_of("seat", i, "exile")
    exile = raw.get("exile", [])
    if r.typed(exile, list, f"{path}.exile", ln_ex, "a list"):
        for j, e in enumerate(exile):
            key = f"{path}.exile[{j}]"
            if isinstance(e, dict):
                _unknown(r, e, {"card", "castable_by"}, key, ln_ex)
                got = r.card(e.get("card"), f"{key}.card", ln_ex, tokens=False)
                cb = e.get("castable_by")
                cb = -1 if cb is None else r.seat_no(cb, f"{key}.castable_by", ln_ex, scn.players)
                if got is not None and cb is not None:
                    seat.exile.append(ExileSpec(got[0], cb))
            else:
                got = r.card(e, key, ln_ex, tokens=False)
                if got is not None:
                    seat.exile.append(ExileSpec(got[0]))
    ln_bf = r.line_of("seat", i, "battlefield")
    bf = raw.get("battlefield", [])
    if r.typed(bf, list, f"{path}.battlefield", ln_bf, "a list"):
        for j, e in enumerate(bf):
            p = _permanent(r, e, f"{path}.battlefield[{j}]", ln_bf, scn)
            if p is not None:
                seat.battlefield.append(p)
    return seat


def _permanent(r: _Reader, e: Any, key: str, line: int, scn: Scenario) -> PermanentSpec | None:
    if not isinstance(e, dict):
        got = r.card(e, key, line, tokens=True)
        return None if got is None else PermanentSpec(got[0], got[1], key, line)
    _unknown(r, e, _PERM_KEYS, key, line)
    got = r.card(e.get("card"), f"{key}.card", line, tokens=True)
    if got is None:
        return None
    p = PermanentSpec(got[0], got[1] or _bool(r, e, "token", key, line, False), key, line)
    p.tapped = _bool(r, e, "tapped", key, line, False)
    if "sick" in e:
        p.sick = _bool(r, e, "sick", key, line, False)
    p.entered_this_turn = _bool(r, e, "entered_this_turn", key, line, False)
    p.damage = _int(r, e, "damage", key, line, 0, 0, 1000)
    if "owner" in e:
        p.owner = r.seat_no(e["owner"], f"{key}.owner", line, scn.players)
    for pt in ("power", "toughness"):
        if pt in e:
            if not p.token:
                r.err(f"{key}.{pt}", "only a token's copiable P/T can be set (token = true)", line)
            setattr(p, pt, _int(r, e, pt, key, line, 0, -100, 1000))
    counters = e.get("counters", {})
    if r.typed(counters, dict, f"{key}.counters", line, 'a table like { "+1/+1" = 1 }'):
        for name in counters:
            kind = COUNTERS.get(name)
            if kind is None:
                r.err(f"{key}.counters.{name}", 'unknown counter (use "+1/+1" or stun)', line)
                continue
            setattr(p, kind, _int(r, counters, name, f"{key}.counters", line, 0, 0, 1000))
    if "attached_to" in e:
        ref = r.ref(e["attached_to"], f"{key}.attached_to", line, scn.players)
        if ref is not None and ref.zone != "battlefield":
            r.err(f"{key}.attached_to", "must be a permanent (battlefield:N:Name)", line)
            ref = None
        p.attached_to = ref
    return p


def _action(r: _Reader, raw: Any, i: int, scn: Scenario) -> ActionSpec | None:
    path = f"action[{i}]"
    ln = r.line_of("action", i)
    if not isinstance(raw, dict):
        r.err(path, "must be a table", ln)
        return None
    verbs = [v for v in VERBS if v in raw]
    if len(verbs) != 1:
        r.err(
            path,
            ("one action per [[action]] table, not " + " + ".join(verbs))
            if verbs
            else f"says nothing to do (use one of {', '.join(VERBS)})",
            ln,
        )
        return None
    kind = verbs[0]
    _unknown(r, raw, _VERB_KEYS[kind], path, ln)
    a = ActionSpec(kind, path, r.line_of("action", i, kind))
    if "seat" in raw:
        s = r.seat_no(raw["seat"], f"{path}.seat", r.line_of("action", i, "seat"), scn.players)
        a.seat = -1 if s is None else s
    v = raw[kind]
    key = f"{path}.{kind}"
    if kind in ("cast", "play"):
        got = r.card(v, key, a.line, tokens=False)
        a.card = got[0] if got else ""
    if kind == "cast":
        pr = raw.get("promise", False)
        lp = r.line_of("action", i, "promise")
        if pr == "?":
            a.ask = True
        elif r.typed(pr, bool, f"{path}.promise", lp, "true or false"):
            a.promise = pr
        if "gift_to" in raw:
            g = r.seat_no(
                raw["gift_to"], f"{path}.gift_to", r.line_of("action", i, "gift_to"), scn.players
            )
            a.gift_to = -1 if g is None else g
            if pr is not True and pr != "?":
                r.err(f"{path}.gift_to", "gift_to needs promise = true", a.line)
        if "discard" in raw:
            got = r.card(raw["discard"], f"{path}.discard", a.line, tokens=False)
            a.discard = got[0] if got else ""
        if "mode" in raw:
            a.mode = _int(r, raw, "mode", path, a.line, 0, 1, 8)
    if kind in ("cast", "activate") and "targets" in raw:
        _targets(
            r, raw["targets"], a, f"{path}.targets", r.line_of("action", i, "targets"), scn.players
        )
    if "promise_targets" in raw:
        lt = r.line_of("action", i, "promise_targets")
        if not a.ask:
            r.err(
                f"{path}.promise_targets",
                'only with promise = "?" (otherwise the targets are the chosen mode\'s)',
                lt,
            )
        else:
            plain = (a.targets, a.grouped)
            _targets(r, raw["promise_targets"], a, f"{path}.promise_targets", lt, scn.players)
            a.promise_targets, a.promise_grouped = a.targets, a.grouped
            a.targets, a.grouped = plain
    if kind == "activate":
        a.ref = _own_ref(r, v, key, a.line, scn, a.seat, graveyard=True)
        a.ability = _int(r, raw, "ability", path, a.line, 1, 1, 20)
    elif kind == "attack":
        if r.typed(v, list, key, a.line, "a list of attacking creatures"):
            for j, x in enumerate(v):
                ref = _own_ref(r, x, f"{key}[{j}]", a.line, scn, a.seat)
                if ref is not None:
                    a.attackers.append(ref)
        if "defender" in raw:
            d = r.seat_no(raw["defender"], f"{path}.defender", a.line, scn.players)
            a.defender = -1 if d is None else d
    elif kind == "block":
        _blocks(r, v, a, key, scn)
    elif kind == "advance":
        if v not in ADVANCE_TARGETS:
            r.err(key, f"unknown step {v!r} (use {' | '.join(ADVANCE_TARGETS)})", a.line)
        else:
            a.advance = v
    elif kind == "resolve":
        if v is True:
            a.resolve = -1
        elif isinstance(v, int) and not isinstance(v, bool) and v >= 0:
            a.resolve = v
        else:
            r.err(key, "must be true (everything) or how many stack objects to resolve", a.line)
    return a


def _own_ref(
    r: _Reader, v: Any, key: str, line: int, scn: Scenario, seat: int, graveyard: bool = False
) -> Ref | None:
    """A permanent named by reference, or by bare name (``Name`` / ``Name#2``: among the
    permanents the acting seat controls, resolved when the action runs). ``graveyard``: a card
    in a graveyard may be named too (an ability that works from there)."""
    if isinstance(v, str) and ":" not in v:
        m = re.match(r"^(.+?)(?:#(\d+))?$", v.strip())
        got = r.card(m.group(1), key, line, tokens=True) if m else None
        if got is None:
            return None
        return Ref(v, "battlefield", seat, got[0], int(m.group(2) or 1))
    ref = r.ref(v, key, line, scn.players)
    if (
        ref is not None
        and ref.zone != "battlefield"
        and not (graveyard and ref.zone == "graveyard")
    ):
        r.err(
            key,
            "must be a permanent (battlefield:N:Name)"
            + (" or a card in a graveyard (graveyard:N:Name)" if graveyard else ""),
            line,
        )
        return None
    return ref


def _targets(r: _Reader, v: Any, a: ActionSpec, key: str, line: int, players: int) -> None:
    if not r.typed(v, list, key, line, "a list of references"):
        return
    a.grouped = any(isinstance(x, list) for x in v)
    if a.grouped:
        groups: list[list[Ref]] = []
        for j, grp in enumerate(v):
            if not r.typed(grp, list, f"{key}[{j}]", line, "a list (one per target group)"):
                continue
            refs = [r.ref(x, f"{key}[{j}][{k}]", line, players) for k, x in enumerate(grp)]
            groups.append([x for x in refs if x is not None])
        a.targets = groups
    else:
        refs = [r.ref(x, f"{key}[{j}]", line, players) for j, x in enumerate(v)]
        a.targets = [x for x in refs if x is not None]


def _blocks(r: _Reader, v: Any, a: ActionSpec, key: str, scn: Scenario) -> None:
    if not r.typed(v, list, key, a.line, "a list of [blocker, attacker] pairs"):
        return
    for j, pair in enumerate(v):
        k = f"{key}[{j}]"
        if isinstance(pair, dict):
            _unknown(r, pair, {"blocker", "attacker"}, k, a.line)
            pair = [pair.get("blocker"), pair.get("attacker")]
        if not isinstance(pair, list) or len(pair) != 2:
            r.err(k, "must be a [blocker, attacker] pair", a.line)
            continue
        b = _own_ref(r, pair[0], f"{k}[0]", a.line, scn, a.seat)
        t = _own_ref(r, pair[1], f"{k}[1]", a.line, scn, -2)  # bare name: any attacker
        if b is not None and t is not None:
            a.blocks.append((b, t))

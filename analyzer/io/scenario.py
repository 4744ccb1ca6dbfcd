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
    turn_cap = 104         # the game ends as a draw at this turn (default: turn + 100)
    action_cap = 200000    # ... or after this many steps and resolutions (a loop: 732.4)

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
from pathlib import Path
from typing import Any

from analyzer.enums import PHASE_NAMES, PLAYER_LEVEL_NAMES
from analyzer.errors import InputError, Problem
from analyzer.io.scenario_actions import parse_action
from analyzer.io.scenario_expect import read_expect
from analyzer.io.scenario_model import (
    COUNTERS,
    POLICIES,
    ExileSpec,
    PermanentSpec,
    Scenario,
    SeatSpec,
)
from analyzer.io.scenario_toml import ScenarioReader, check_keys, read_bool, read_int

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
    r = ScenarioReader(text, source, catalog)
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
        a = parse_action(r, raw, i, scn)
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


def _game(r: ScenarioReader, game: Any, card_files: list[str]) -> Scenario:
    if not isinstance(game, dict):
        r.err("game", "must be a table", r.line_of("game", 0))
        game = {}
    ln = r.line_of("game", 0)
    check_keys(r, game, _GAME_KEYS, "game", ln)
    players = read_int(r, game, "players", "game", r.line_of("game", 0, "players"), 2, 2, 4)
    active = read_int(r, game, "active", "game", r.line_of("game", 0, "active"), 0, 0, players - 1)
    turn = read_int(r, game, "turn", "game", r.line_of("game", 0, "turn"), 1, 1, 10_000)
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
        seed=read_int(r, game, "seed", "game", ln, 0, 0, 2**63 - 1),
        starting_life=read_int(r, game, "starting_life", "game", ln, 20, 1, 10_000),
        policy=policy,
        resolve_at_end=read_bool(r, game, "resolve_at_end", "game", ln, True),
        turn_cap=read_int(r, game, "turn_cap", "game", ln, turn + 100, turn, 100_000),
        action_cap=read_int(r, game, "action_cap", "game", ln, 200_000, 1, 10**9),
        card_files=card_files,
        seats=[],
        actions=[],
    )


def _commander_keys(
    r: ScenarioReader, raw: dict, seat: SeatSpec, path: str, i: int, players: int
) -> None:
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
    seat.commander_casts = read_int(
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


def _names(r: ScenarioReader, raw: dict, zone: str, path: str, line: int) -> list[str]:
    v = raw.get(zone, [])
    if not r.typed(v, list, f"{path}.{zone}", line, "a list of card names"):
        return []
    out = []
    for i, name in enumerate(v):
        got = r.card(name, f"{path}.{zone}[{i}]", line, tokens=False)
        if got is not None:
            out.append(got[0])
    return out


def _seat(r: ScenarioReader, raw: Any, i: int, scn: Scenario) -> SeatSpec:
    path = f"seat[{i}]"
    ln = r.line_of("seat", i)
    if not isinstance(raw, dict):
        r.err(path, "must be a table", ln)
        raw = {}
    check_keys(r, raw, _SEAT_KEYS, path, ln)
    seat = SeatSpec(
        life=read_int(
            r, raw, "life", path, r.line_of("seat", i, "life"), scn.starting_life, -1000, 10_000
        )
    )
    if "deck" in raw and r.typed(
        raw["deck"], str, f"{path}.deck", r.line_of("seat", i, "deck"), "a deck file path"
    ):
        seat.deck = raw["deck"]
    if "hand_size" in raw:
        seat.hand_size = read_int(
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
                check_keys(r, e, {"card", "castable_by"}, key, ln_ex)
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


def _permanent(
    r: ScenarioReader, e: Any, key: str, line: int, scn: Scenario
) -> PermanentSpec | None:
    if not isinstance(e, dict):
        got = r.card(e, key, line, tokens=True)
        return None if got is None else PermanentSpec(got[0], got[1], key, line)
    check_keys(r, e, _PERM_KEYS, key, line)
    got = r.card(e.get("card"), f"{key}.card", line, tokens=True)
    if got is None:
        return None
    p = PermanentSpec(got[0], got[1] or read_bool(r, e, "token", key, line, False), key, line)
    p.tapped = read_bool(r, e, "tapped", key, line, False)
    if "sick" in e:
        p.sick = read_bool(r, e, "sick", key, line, False)
    p.entered_this_turn = read_bool(r, e, "entered_this_turn", key, line, False)
    p.damage = read_int(r, e, "damage", key, line, 0, 0, 1000)
    if "owner" in e:
        p.owner = r.seat_no(e["owner"], f"{key}.owner", line, scn.players)
    for pt in ("power", "toughness"):
        if pt in e:
            if not p.token:
                r.err(f"{key}.{pt}", "only a token's copiable P/T can be set (token = true)", line)
            setattr(p, pt, read_int(r, e, pt, key, line, 0, -100, 1000))
    counters = e.get("counters", {})
    if r.typed(counters, dict, f"{key}.counters", line, 'a table like { "+1/+1" = 1 }'):
        for name in counters:
            kind = COUNTERS.get(name)
            if kind is None:
                r.err(f"{key}.counters.{name}", 'unknown counter (use "+1/+1" or stun)', line)
                continue
            setattr(p, kind, read_int(r, counters, name, f"{key}.counters", line, 0, 0, 1000))
    if "attached_to" in e:
        ref = r.ref(e["attached_to"], f"{key}.attached_to", line, scn.players)
        if ref is not None and ref.zone != "battlefield":
            r.err(f"{key}.attached_to", "must be a permanent (battlefield:N:Name)", line)
            ref = None
        p.attached_to = ref
    return p

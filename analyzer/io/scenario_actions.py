"""The ``[[action]]`` entries of a scenario file: one verb each (cast, activate, play, attack,
block, advance, resolve), with its targets and blocks checked against the position."""

from __future__ import annotations

import re
from typing import Any

from analyzer.io.scenario_model import ADVANCE_TARGETS, VERBS, ActionSpec, Ref, Scenario
from analyzer.io.scenario_toml import ScenarioReader, check_keys, read_int

_VERB_KEYS = {
    "cast": {"seat", "cast", "promise", "gift_to", "targets", "discard", "promise_targets", "mode"},
    "activate": {"seat", "activate", "ability", "targets"},
    "play": {"seat", "play"},
    "attack": {"seat", "attack", "defender"},
    "block": {"seat", "block"},
    "advance": {"advance"},
    "resolve": {"resolve"},
}


def parse_action(r: ScenarioReader, raw: Any, i: int, scn: Scenario) -> ActionSpec | None:
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
    check_keys(r, raw, _VERB_KEYS[kind], path, ln)
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
            a.mode = read_int(r, raw, "mode", path, a.line, 0, 1, 16)
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
        a.ability = read_int(r, raw, "ability", path, a.line, 1, 1, 20)
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
    r: ScenarioReader,
    v: Any,
    key: str,
    line: int,
    scn: Scenario,
    seat: int,
    graveyard: bool = False,
) -> Ref | None:
    """A permanent named by reference, or by bare name (``Name`` / ``Name#2``: among the
    permanents the acting seat controls, resolved when the action runs). ``graveyard``: a card
    in a graveyard or a hand may be named too (an ability that works from there: cycling)."""
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
        and not (graveyard and ref.zone in ("graveyard", "hand"))
    ):
        r.err(
            key,
            "must be a permanent (battlefield:N:Name)"
            + (
                " or a card in a graveyard or a hand (graveyard:N:Name, hand:N:Name)"
                if graveyard
                else ""
            ),
            line,
        )
        return None
    return ref


def _targets(r: ScenarioReader, v: Any, a: ActionSpec, key: str, line: int, players: int) -> None:
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


def _blocks(r: ScenarioReader, v: Any, a: ActionSpec, key: str, scn: Scenario) -> None:
    if not r.typed(v, list, key, a.line, "a list of [blocker, attacker] pairs"):
        return
    for j, pair in enumerate(v):
        k = f"{key}[{j}]"
        if isinstance(pair, dict):
            check_keys(r, pair, {"blocker", "attacker"}, k, a.line)
            pair = [pair.get("blocker"), pair.get("attacker")]
        if not isinstance(pair, list) or len(pair) != 2:
            r.err(k, "must be a [blocker, attacker] pair", a.line)
            continue
        b = _own_ref(r, pair[0], f"{k}[0]", a.line, scn, a.seat)
        t = _own_ref(r, pair[1], f"{k}[1]", a.line, scn, -2)  # bare name: any attacker
        if b is not None and t is not None:
            a.blocks.append((b, t))

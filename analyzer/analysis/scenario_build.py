"""Build a scenario's position: the seats' zones, permanents, attachments and commanders written
into a fresh game record (analyzer.kernel.host.setup_position), and references such as
"battlefield:Bear#2" resolved to objects of that record."""

from __future__ import annotations

from typing import Any

import numpy as np

from analyzer.analysis.scenario_state import obj_field, printed_card, stack_entries, zone_objects
from analyzer.enums import PHASE_NAMES, CardCol, CardType, Zone
from analyzer.errors import InputError, Problem
from analyzer.io.scenario_model import Ref, Scenario
from analyzer.kernel import layout as L
from analyzer.kernel.host import setup_position as S


def build_position(scn: Scenario, cc: Any, C: Any, log: bool = False) -> np.ndarray:
    """The scenario's position as a game record (with ``log``: room for the event log)."""
    cards = cc.cards
    n_cards = sum(
        len(s.hand)
        + len(s.library)
        + len(s.graveyard)
        + len(s.exile)
        + len(s.command)
        + sum(not p.token for p in s.battlefield)
        for s in scn.seats
    )
    G = S.new_position(
        scn.players,
        n_cards,
        turn=scn.turn,
        active=scn.active,
        phase=PHASE_NAMES[scn.phase],
        starting_life=scn.starting_life,
        turn_cap=scn.turn_cap,
        action_cap=scn.action_cap,
    )
    if log:  # a longer record holds the event log (kernel/rules/gamelog.py)
        from analyzer.kernel.rules.gamelog import log_record_size

        G = np.concatenate([G, np.zeros(log_record_size(0, 4096), dtype=np.int32)])
    o = 0
    placed: list[tuple[int, Any]] = []
    try:
        for s, seat in enumerate(scn.seats):
            G[L.OFF_PLAYERS + s * L.PF + L.P.LIFE] = seat.life
            G[L.OFF_PLAYERS + s * L.PF + L.P.LEVEL] = seat.level
            for zone, names in (
                (Zone.HAND, seat.hand),
                (Zone.LIBRARY, seat.library[::-1]),
                (Zone.GRAVEYARD, seat.graveyard),
            ):
                for name in names:
                    S.add_card(G, cards, o, cc.id_of(name), s, zone)
                    o += 1
            for ex in seat.exile:
                S.add_card(
                    G, cards, o, cc.id_of(ex.name), s, Zone.EXILE, castable_by=ex.castable_by
                )
                o += 1
            for p in seat.battlefield:
                card = cc.id_of(p.name)
                is_def = bool(cards[card, CardCol.TYPES] & CardType.TOKEN_DEF)
                if p.token:
                    obj = S.free_token_slot(G)
                else:
                    obj, o = o, o + 1
                S.add_permanent(
                    G,
                    cards,
                    obj,
                    card,
                    owner=s if p.owner is None else p.owner,
                    controller=s,
                    token=p.token,
                    tapped=p.tapped,
                    sick=p.entered_this_turn if p.sick is None else p.sick,
                    p1p1=p.p1p1,
                    stun=p.stun,
                    damage=p.damage,
                    entered_this_turn=p.entered_this_turn,
                    base_p=p.power,
                    base_t=p.toughness,
                    copy_of=card if p.token and not is_def else -1,
                )
                placed.append((obj, p))
            for name in seat.command:
                S.add_card(G, cards, o, cc.id_of(name), s, Zone.COMMAND)
                o += 1
            _commander(G, cc, scn, s, seat)
    except OverflowError as exc:
        raise InputError(Problem(f"position too large: {exc}", scn.source)) from None
    problems = []
    for obj, p in placed:
        if p.attached_to is None:
            continue
        dst = find_ref(G, cc.names, p.attached_to, p.attached_to.seat)
        if isinstance(dst, str):
            problems.append(Problem(f"{p.key}.attached_to: {dst}", scn.source, p.line))
        else:
            S.attach(G, cc.abilities, cc.steps, cards, obj, dst)
    if problems:
        raise InputError(problems)
    S.finish(G, C, scn.seed)
    return G


def _commander(G: np.ndarray, cc: Any, scn: Scenario, s: int, seat: Any) -> None:
    """The seat's commander (the first card of that name it owns, command zone first),
    its casts from the command zone and the commander damage it took."""
    if seat.commander:
        card = cc.id_of(seat.commander)
        owned = [
            o
            for o in range(int(G[L.H.NCARDS]))
            if obj_field(G, o, L.O.CARD) == card and obj_field(G, o, L.O.OWNER) == s
        ]
        owned.sort(key=lambda o: obj_field(G, o, L.O.ZONE) != Zone.COMMAND)
        if not owned:
            raise InputError(
                Problem(
                    f"seat[{s}].commander: seat {s} owns no "
                    f"{seat.commander} (put it in command, or in a zone)",
                    scn.source,
                )
            )
        S.set_commander(G, s, owned[0])
    base = L.OFF_PLAYERS + s * L.PF
    G[base + L.P.COMMANDER_CASTS] = seat.commander_casts
    for k, dmg in enumerate(seat.commander_damage):
        G[base + L.P.COMMANDER_DAMAGE + k] = dmg


def find_ref(G: np.ndarray, names: Any, ref: Ref, seat: int) -> int | str:
    """Player value or object id for ref; a message (str) if there is no such thing."""
    if ref.zone == "seat":
        return L.PLAYER_BASE + ref.seat
    if ref.zone == "stack":
        entries = [e for e in stack_entries(G) if G[e + L.S.KIND] == L.SK_SPELL]
        if ref.name == "":
            if not entries:
                return "the stack holds no spell"
            return int(G[entries[0] + L.S.OBJ])
        objs = [int(G[e + L.S.OBJ]) for e in entries if names[int(G[e + L.S.CARD])] == ref.name]
    else:
        zone = {
            "battlefield": Zone.BATTLEFIELD,
            "graveyard": Zone.GRAVEYARD,
            "exile": Zone.EXILE,
            "hand": Zone.HAND,
            "library": Zone.LIBRARY,
        }[ref.zone]
        if seat == -2:  # any attacking creature of that name
            seats = range(int(G[L.H.NPLAYERS]))
        elif seat < 0:  # bare name of a blocker: any defending player's
            seats = [q for q in range(int(G[L.H.NPLAYERS])) if q != int(G[L.H.ACTIVE])]
        else:
            seats = [seat]
        objs = [
            o
            for q in seats
            for o in zone_objects(G, q, zone)
            if names[printed_card(G, o)] == ref.name
            and (seat != -2 or obj_field(G, o, L.O.ATTACKING))
        ]
    if len(objs) < ref.index:
        where = {"stack": "on the stack"}.get(ref.zone, f"in that {ref.zone}")
        have = f"only {len(objs)}" if objs else "none"
        return (
            f"{ref.text}: no {ref.name} #{ref.index} {where} ({have})"
            if ref.index > 1
            else f"{ref.text}: there is no {ref.name} {where}"
        )
    return objs[ref.index - 1]

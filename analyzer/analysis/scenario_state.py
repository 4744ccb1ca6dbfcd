"""The position in a game record as JSON-ready data: zones, permanents, the stack, each seat.

What `gift-analyzer scenario` prints and the scenario [expect] checks read. Pure reading of the
record: nothing here changes the game.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from analyzer.enums import (
    COLOR_ORDER,
    END_REASON_NAMES,
    CardCol,
    CardType,
    Keyword,
    Zone,
)
from analyzer.kernel import layout as L
from analyzer.kernel.host import setup_position as S
from analyzer.kernel.rules.state import ERROR_NAMES

STEP_NAMES = (
    "beginning",
    "upkeep",
    "draw",
    "main1",
    "combat",
    "declare_attackers",
    "declare_blockers",
    "first_strike_damage",
    "combat_damage",
    "end_of_combat",
    "main2",
    "end",
    "cleanup",
    "game_over",
)
KIND_NAMES = {
    L.SK_SPELL: "spell",
    L.SK_ABILITY: "ability",
    L.SK_GIFT: "gift",
    L.SK_DELAYED: "delayed",
    L.SK_WARD: "ward",
}


def obj_field(G: np.ndarray, o: int, field: int) -> int:
    return int(G[L.OFF_OBJECTS + o * L.OF + field])


def player_field(G: np.ndarray, p: int, field: int) -> int:
    return int(G[L.OFF_PLAYERS + p * L.PF + field])


def zone_objects(G: np.ndarray, p: int, zone: int) -> list[int]:
    """Objects in p's hand, library (top first), graveyard or exile; battlefield: the
    permanents p controls, oldest first."""
    if zone == Zone.BATTLEFIELD:
        objs = [int(G[L.OFF_BATTLEFIELD + i]) for i in range(int(G[L.H.BF_N]))]
        objs = [o for o in objs if obj_field(G, o, L.O.CTRL) == p]
        return sorted(objs, key=lambda o: obj_field(G, o, L.O.TIMESTAMP))
    base, cap, n_field = S.ZONE_LISTS[zone]
    objs = [int(G[base + p * cap + i]) for i in range(player_field(G, p, n_field))]
    return objs[::-1] if zone == Zone.LIBRARY else objs


def command_objects(G: np.ndarray, p: int) -> list[int]:
    """What is in p's command zone: its commander, when it is there (903.6)."""
    c = player_field(G, p, L.P.COMMANDER) - 1
    return [c] if c >= 0 and obj_field(G, c, L.O.ZONE) == Zone.COMMAND else []


def stack_entries(G: np.ndarray) -> list[int]:
    """Offsets of the stack entries, top first."""
    return [L.OFF_STACK + i * L.SF for i in range(int(G[L.H.STACK_N]) - 1, -1, -1)]


def printed_card(G: np.ndarray, o: int) -> int:
    """The card row object o is (its name), while O.CARD may be another row whose types and
    abilities it has (O.FACE: Sugar Coat's Food, an animated Vehicle)."""
    face = obj_field(G, o, L.O.FACE)
    return (face & L.FACE_PRINTED) - 1 if face else obj_field(G, o, L.O.CARD)


def ref_text(G: np.ndarray, names: tuple[str, ...], v: int) -> str:
    """How a scenario file would name player or object v now."""
    if v >= L.PLAYER_BASE:
        return f"seat:{v - L.PLAYER_BASE}"
    name = names[printed_card(G, v)]
    zone = obj_field(G, v, L.O.ZONE)
    if zone == Zone.BATTLEFIELD:
        same = [
            o
            for o in zone_objects(G, obj_field(G, v, L.O.CTRL), zone)
            if printed_card(G, o) == printed_card(G, v)
        ]
        k = same.index(v) + 1
        return f"battlefield:{obj_field(G, v, L.O.CTRL)}:{name}" + (f"#{k}" if k > 1 else "")
    if zone == Zone.STACK:
        return f"stack:{name}"
    zname = {
        Zone.HAND: "hand",
        Zone.LIBRARY: "library",
        Zone.GRAVEYARD: "graveyard",
        Zone.EXILE: "exile",
        Zone.COMMAND: "command",
    }.get(zone)
    return f"{zname}:{obj_field(G, v, L.O.OWNER)}:{name}" if zname else f"gone:{name}"


def step_name(G: np.ndarray) -> str:
    """The step the game is in: while players have priority, the step that opened it."""
    if int(G[L.H.WINNER]) != -1:
        return "game_over"
    ph = int(G[L.H.WINDOW_STEP]) if G[L.H.WINDOW] else int(G[L.H.PHASE])
    return STEP_NAMES[ph]


def _keywords(mask: int) -> list[str]:
    return [name.lower() for name, bit in zip(Keyword._fields, Keyword, strict=True) if mask & bit]


def state_json(G: np.ndarray, cc: Any, warnings: list[str] | None = None) -> dict[str, Any]:
    """The position as JSON-ready data (the keys issue 3 lists, and a few more)."""
    names = cc.names
    winner = int(G[L.H.WINNER])
    n = int(G[L.H.NPLAYERS])
    stack = []
    for e in stack_entries(G):
        kind = int(G[e + L.S.KIND])
        targets = [
            ref_text(G, names, int(G[e + L.S.T0 + i]))
            for i in range(L.MAX_TARGETS)
            if G[e + L.S.T0 + i] >= 0
        ]
        copy = kind == L.SK_SPELL and obj_field(G, int(G[e + L.S.OBJ]), L.O.TOKEN) == 1
        stack.append(
            {
                "card": names[int(G[e + L.S.CARD])],
                "controller": int(G[e + L.S.CTRL]),
                "kind": "copy" if copy else KIND_NAMES.get(kind, str(kind)),
                "promised": bool(G[e + L.S.PROMISED]) if kind != L.SK_DELAYED else False,
                "gift_to": int(G[e + L.S.RECIPIENT])
                if G[e + L.S.PROMISED] and kind != L.SK_DELAYED
                else None,
                "targets": targets,
            }
        )
    seats = []
    for p in range(n):
        bf = []
        for o in zone_objects(G, p, Zone.BATTLEFIELD):
            att = obj_field(G, o, L.O.ATTACHED)
            counters = {
                k: v
                for k, v in (
                    ("+1/+1", obj_field(G, o, L.O.P1P1)),
                    ("stun", obj_field(G, o, L.O.STUN)),
                )
                if v
            }
            card = obj_field(G, o, L.O.CARD)
            creature = bool(int(cc.cards[card, CardCol.TYPES]) & CardType.CREATURE)
            bf.append(
                {
                    "card": names[printed_card(G, o)],
                    "controller": p,
                    "owner": obj_field(G, o, L.O.OWNER),
                    "token": bool(obj_field(G, o, L.O.TOKEN)),
                    "tapped": bool(obj_field(G, o, L.O.TAPPED)),
                    "power": obj_field(G, o, L.O.CUR_P) if creature else None,
                    "toughness": obj_field(G, o, L.O.CUR_T) if creature else None,
                    "colors": "".join(
                        c
                        for i, c in enumerate(COLOR_ORDER)
                        if int(cc.cards[card, CardCol.COLORS]) >> i & 1
                    ),
                    "counters": counters,
                    "attached_to": ref_text(G, names, att) if att >= 0 else None,
                    "damage": obj_field(G, o, L.O.DAMAGE),
                    "sick": bool(obj_field(G, o, L.O.SICK)),
                    "keywords": _keywords(obj_field(G, o, L.O.CUR_KW)),
                    "phased_out": bool(obj_field(G, o, L.O.PHASED)),
                }
            )
        castable = [
            names[obj_field(G, o, L.O.CARD)]
            for q in range(n)
            for o in zone_objects(G, q, Zone.EXILE)
            if obj_field(G, o, L.O.CAST_BY) == p + 1
        ]
        seats.append(
            {
                "seat": p,
                "life": player_field(G, p, L.P.LIFE),
                "lost": bool(player_field(G, p, L.P.LOST)),
                "hand": [names[obj_field(G, o, L.O.CARD)] for o in zone_objects(G, p, Zone.HAND)],
                "library_size": player_field(G, p, L.P.LIB_N),
                "graveyard": [
                    names[obj_field(G, o, L.O.CARD)] for o in zone_objects(G, p, Zone.GRAVEYARD)
                ],
                "exile": [names[obj_field(G, o, L.O.CARD)] for o in zone_objects(G, p, Zone.EXILE)],
                "may_cast_from_exile": castable,
                "battlefield": bf,
                "gifts_promised": player_field(G, p, L.P.GIFTS_PROMISED),
                "gifts_given": player_field(G, p, L.P.GIFTS_GIVEN),
                "gifts_received": player_field(G, p, L.P.GIFTS_RECEIVED),
                "gifts_undelivered": player_field(G, p, L.P.GIFTS_UNDELIVERED),
                "gift_triggers": player_field(
                    G, p, L.P.GIFT_TRIGGERS
                ),  # "whenever you give a gift"
                "cards_drawn": player_field(G, p, L.P.CARDS_DRAWN),
                "command": [names[obj_field(G, o, L.O.CARD)] for o in command_objects(G, p)],
                "commander": (
                    names[obj_field(G, player_field(G, p, L.P.COMMANDER) - 1, L.O.CARD)]
                    if player_field(G, p, L.P.COMMANDER)
                    else None
                ),
                "commander_casts": player_field(G, p, L.P.COMMANDER_CASTS),
                "commander_damage": [
                    player_field(G, p, L.P.COMMANDER_DAMAGE + k) for k in range(n)
                ],
            }
        )
    extra = [int(G[L.OFF_EXTRA + i]) for i in range(int(G[L.H.EXTRA_N]))]
    out = {
        "turn": int(G[L.H.TURN]),
        "active": int(G[L.H.ACTIVE]),
        "phase": step_name(G),
        "winner": winner if winner >= 0 else None,
        "game_over": winner != -1,
        "end_reason": END_REASON_NAMES[int(G[L.H.END_REASON])] if winner != -1 else None,
        "extra_turns": extra[::-1],  # the next one taken first (500.7: newest first)
        "stack": stack,
        "seats": seats,
        "warnings": list(warnings or []),
    }
    if G[L.H.ERROR]:
        out["error"] = f"capacity exceeded: {ERROR_NAMES[int(G[L.H.ERROR])]}"
    return out

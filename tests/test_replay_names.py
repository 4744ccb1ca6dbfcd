"""Lists of card names in the replay's text (analysis/gamelog_names.py): a legendary name's own
comma ("Ygra, Eater of All") would make a comma-joined list ambiguous, so such a list is joined
with "; ". Made-up events and positions, no games."""

from __future__ import annotations

import numpy as np

from analyzer.analysis.gamelog import GameInfo, render_lines
from analyzer.analysis.gamelog_names import counted, name_list, name_series
from analyzer.analysis.replay_position import position_lines

YGRA, ZINNIA = "Ygra, Eater of All", "Zinnia, Valley's Voice"


def test_a_list_with_a_legendary_name_is_joined_with_semicolons() -> None:
    assert name_list(["Island", "Bear"]) == "Island, Bear"
    assert name_list(["Island", YGRA, "Bear"]) == "Island; Ygra, Eater of All; Bear"
    assert name_series(["Bear", "Elk", "Island"]) == "Bear, Elk and Island"
    assert name_series([YGRA, "Bear"]) == "Ygra, Eater of All; Bear"
    assert name_series([YGRA]) == YGRA
    assert counted(["Plains", "Bear", "Plains"]) == "Plains x2, Bear"
    assert counted([YGRA, "Bear", "Bear"]) == "Ygra, Eater of All; Bear x2"
    # items with commas of their own (a permanent's notes) follow the names they hold
    assert name_list(["Bear (tapped, sick)", "Elk"], ["Bear", "Elk"]) == "Bear (tapped, sick), Elk"


def _events() -> tuple[GameInfo, list[dict]]:
    names = ("Island", YGRA, ZINNIA, "Bear", "Fell", "Overrun", "Opt")
    n = len(names)
    info = GameInfo(
        names, ("A", "B"), 40, np.arange(n) == 0, np.isin(np.arange(n), (1, 2, 3)), np.zeros(n)
    )
    base = {"seat": 0, "obj_token": False, "obj2_token": False, "target_seat": None}
    base |= {"turn": 3, "own_turn": 2, "active": 0, "phase": "main 1", "a": 0, "b": 0, "c": 0}

    def ev(kind: str, obj: int, card: int, obj2: int = -1, card2: int = -1, **more) -> dict:
        return {
            **base,
            "kind": kind,
            "obj": obj,
            "card": card,
            "card_name": names[card] if card >= 0 else None,
            "obj2": obj2,
            "card2": card2,
            "card2_name": names[card2] if card2 >= 0 else None,
            **more,
        }

    opening = {"turn": 0, "own_turn": 0}
    events = [ev("draw", k, k, **opening) for k in (2, 0, 1)]
    events.append(ev("keep", -1, -1, a=3, b=0, c=1, **opening))
    events.append(ev("cast", 4, 4, c=2))
    events += [ev("target", 4, 4, obj2=o, card2=o) for o in (1, 3)]
    pump = {"effect": "pump", "power": 2, "toughness": 2, "a": 2, "b": 2}
    events += [ev("effect", 5, 5, obj2=o, card2=o, **pump) for o in (3, 1, 2)]
    look = {"a": 2, "b": 1, "looked": 3, "surveil": True}
    events.append(ev("look", 6, 6, **look))
    binned = {"from_zone": "library", "to_zone": "graveyard"}
    events += [ev("zone", o, o, **binned) for o in (2, 0)]
    events.append(ev("loses", -1, -1, seat=1))
    gone = {"seat": 1, "from_zone": "battlefield", "to_zone": "none"}
    events += [ev("zone", o, c, **gone) for o, c in ((10, 1), (11, 3), (12, 3))]
    return info, events


def test_replay_lines_join_legendary_names_with_semicolons() -> None:
    info, events = _events()
    lines = [line.split(": ", 1)[1] for line in render_lines(events, info)]
    assert lines == [
        "A keeps 3 cards (1 land): Island; Ygra, Eater of All; Zinnia, Valley's Voice",
        "A casts Fell, targeting Ygra, Eater of All; Bear (2 mana)",
        "Bear; Ygra, Eater of All; Zinnia, Valley's Voice get +2/+2 until end of turn (Overrun)",
        "A surveils 3: Zinnia, Valley's Voice; Island into the graveyard (1 kept on top)",
        "B loses the game; its permanents leave the game: Ygra, Eater of All; Bear x2",
    ]


def test_a_position_joins_legendary_names_with_semicolons() -> None:
    def perm(card: str, **more) -> dict:
        p = dict(card=card, token=False, power=2, toughness=2, counters={}, damage=0)
        return p | dict(tapped=False, sick=False, phased_out=False, attached_to=None) | more

    plain = perm("Bear", tapped=True, sick=True)
    aura = perm("Pacifism", power=None, toughness=None, attached_to=f"battlefield:3:{ZINNIA}")
    seat = dict(seat=0, life=20, library_size=30, graveyard=[], exile=[], hand=["Opt", YGRA])
    seat |= dict(battlefield=[plain, aura])
    other = dict(seat, seat=1, hand=["Opt", "Bear"], battlefield=[plain, perm("Elk")])
    state = dict(turn=3, active=0, phase="main1", stack=[], seats=[seat, other])
    lines = position_lines(state, lambda s: "AB"[s], frozenset())
    assert lines[1].endswith("hand 2: Opt; Ygra, Eater of All")
    # the Aura's note names a legendary permanent: its notes and the list take semicolons
    assert lines[2] == (
        "      permanents: Bear 2/2 (tapped, sick); Pacifism (on Zinnia, Valley's Voice)"
    )
    assert lines[3].endswith("hand 2: Opt, Bear")
    assert lines[4] == "      permanents: Bear 2/2 (tapped, sick), Elk 2/2"

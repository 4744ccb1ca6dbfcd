"""Layers 4-7 by whole card rows (O.FACE, for ``chars.refresh``): a permanent that "becomes"
another object (an Aura's static_enchanted_becomes, Ygra's Food twins, static_animate during its
controller's turn) reads that row's characteristics until the next refresh.
"""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    AbilityKind,
    CardCol,
    CardFlag,
    CardType,
    Op,
    StepCol,
)
from analyzer.kernel.layout import (
    FACE_EOT_SHIFT,
    FACE_PRINTED,
    NO_OBJ,
    OFF_BATTLEFIELD,
    O,
)
from analyzer.kernel.rules.catalog import (
    abilities_of,
    cards_of,
    steps_of,
)
from analyzer.kernel.rules.events import cond_ok
from analyzer.kernel.rules.state import (
    attached_obj,
    clear_combat,
)
from analyzer.kernel.rules.view import ob
from analyzer.kernel.runtime.config import njit


@njit
def apply_faces(G, C, n):
    """Layers 4-6 by whole card rows (O.FACE): every permanent gets back the row it has
    until end of turn or its own; then each Aura with a static_enchanted_becomes step gives
    what it enchants that step's row (Sugar Coat: a colorless Food artifact with the Food's
    ability and no other, 613.1d-f; a permanent that stops being a creature is removed from
    combat, 506.4); then each static_others_food gives every other creature its Food twin
    (CardCol.FOOD_TWIN: Ygra's "Food artifacts in addition to their other types", applied
    after the Auras, on what is a creature once they applied, 613.8 dependency)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    # the battlefield indices of the first and last phased-in permanents with a face-setting
    # static: the passes below look at those only (often one: Bello among 40 permanents)
    first = n
    last = -1
    for i in range(n):
        b = ob(G[OFF_BATTLEFIELD + i])
        f = G[b + O.FACE]
        if f != 0:
            eot = (f >> FACE_EOT_SHIFT) - 1
            if eot >= 0:
                G[b + O.CARD] = eot
            else:
                G[b + O.CARD] = (f & FACE_PRINTED) - 1
                G[b + O.FACE] = 0
        if cards[G[b + O.CARD], CardCol.FLAGS] & CardFlag.SETS_FACE and G[b + O.PHASED] == 0:
            first = min(first, i)
            last = i
    for op_pass in range(3 if last >= 0 else 0):
        want = Op.STATIC_ENCHANTED_BECOMES
        if op_pass == 1:
            want = Op.STATIC_OTHERS_FOOD
        elif op_pass == 2:
            want = Op.STATIC_ANIMATE
        for i in range(first, last + 1):
            s = G[OFF_BATTLEFIELD + i]
            bs = ob(s)
            sc = G[bs + O.CARD]
            if (cards[sc, CardCol.FLAGS] & CardFlag.SETS_FACE) == 0 or G[bs + O.PHASED] != 0:
                continue
            a0 = cards[sc, CardCol.AB_START]
            for a in range(a0, a0 + cards[sc, CardCol.AB_COUNT]):
                if abilities[a, AbilCol.KIND] != AbilityKind.STATIC:
                    continue
                s0 = abilities[a, AbilCol.ST_START]
                for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
                    if steps[k, StepCol.OP] != want:
                        continue
                    if op_pass == 2:
                        _animate(G, C, n, s, steps[k, StepCol.COND])
                        continue
                    if op_pass == 0:
                        att = attached_obj(G, s)
                        if att != NO_OBJ and G[ob(att) + O.PHASED] == 0:
                            _give_face(G, att, steps[k, StepCol.A])
                            if (cards[steps[k, StepCol.A], CardCol.TYPES] & CardType.CREATURE) == 0:
                                clear_combat(G, att)
                        continue
                    for j in range(n):
                        t = G[OFF_BATTLEFIELD + j]
                        tc = G[ob(t) + O.CARD]
                        if (
                            t != s
                            and G[ob(t) + O.PHASED] == 0
                            and cards[tc, CardCol.TYPES] & CardType.CREATURE
                            and cards[tc, CardCol.FOOD_TWIN] != 0
                        ):
                            _give_face(G, t, cards[tc, CardCol.FOOD_TWIN] - 1)
    # (then chars._refresh_pass's first loop removes from combat what is no longer a creature)


@njit
def _animate(G, C, n, s, cond):
    """static_animate of source s (while its condition holds for its controller: "during
    your turn"): each permanent its controller controls with an ANIMATE_TWIN row has it as
    its face (types, base P/T, keywords and abilities added: layers 4, 6, 7b)."""
    cards = cards_of(C)
    ctrl = G[ob(s) + O.CTRL]
    if not cond_ok(G, C, cond, G[ob(s) + O.PROMISED], ctrl, 0):
        return
    for j in range(n):
        t = G[OFF_BATTLEFIELD + j]
        bt = ob(t)
        twin = cards[G[bt + O.CARD], CardCol.ANIMATE_TWIN]
        if twin != 0 and G[bt + O.CTRL] == ctrl and G[bt + O.PHASED] == 0:
            _give_face(G, t, twin - 1)


@njit
def _give_face(G, o, row):
    """o has card row `row`'s characteristics until the next refresh (O.FACE keeps its own)."""
    b = ob(o)
    if G[b + O.FACE] == 0:
        G[b + O.FACE] = 1 + G[b + O.CARD]
    G[b + O.CARD] = row

"""What a step acts on: the objects and players its ref designates, and the X it counts (107.3)."""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    CardCol,
    CardType,
    Ref,
    TargCol,
    XCount,
)
from analyzer.kernel.layout import (
    NO_OBJ,
    OFF_BATTLEFIELD,
    PLAYER_BASE,
    H,
    O,
    P,
)
from analyzer.kernel.rules.catalog import abilities_of, cards_of, targets_of
from analyzer.kernel.rules.state import attached_obj
from analyzer.kernel.rules.targets import group_active, slot_start, value_legal
from analyzer.kernel.rules.view import graveyard_at, ob, pb
from analyzer.kernel.runtime.config import njit

MAX_REF = 64


@njit
def ref_values(G, C, ref, ab, src, ctrl, promised, slots, zccs, it, trig_obj, out):
    """The objects/players a step's ref designates, legal ones only. Returns how many."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    targets = targets_of(C)
    n = 0
    if ref < 4:
        if ab < 0:
            return 0
        tg0 = abilities[ab, AbilCol.TG_START]
        if ref >= abilities[ab, AbilCol.TG_COUNT]:
            return 0
        g = tg0 + ref
        if not group_active(targets, g, promised):
            return 0
        s0 = slot_start(targets, tg0, ref)
        for k in range(targets[g, TargCol.MAX]):
            v = slots[s0 + k]
            if v >= 0 and value_legal(G, cards, targets, g, v, zccs[s0 + k], ctrl):
                out[n] = v
                n += 1
        return n
    if ref == Ref.SELF:
        if src >= 0:
            out[0] = src
            return 1
        return 0
    if ref == Ref.IT:
        if it >= 0:
            out[0] = it
            return 1
        return 0
    if ref == Ref.ATTACHED:
        # "enchanted creature": if the source left the battlefield, the one it was attached
        # to as it left (608.2h), provided that creature is still the same object (400.7)
        if src >= 0:
            att = attached_obj(G, src)
            if att != NO_OBJ:
                out[0] = att
                return 1
        return 0
    if ref == Ref.TRIGGER_OBJECT:
        if trig_obj >= 0:
            out[0] = trig_obj
            return 1
        return 0
    if ref == Ref.DEFENDING_PLAYER:  # the player the attacking trigger object attacks
        if trig_obj >= 0 and G[ob(trig_obj) + O.ATTACKING] > 0:
            out[0] = PLAYER_BASE + G[ob(trig_obj) + O.ATTACKING] - 1
            return 1
        return 0
    if ref == Ref.YOU:
        out[0] = PLAYER_BASE + ctrl
        return 1
    if ref == Ref.ACTIVE_PLAYER:
        if G[pb(G[H.ACTIVE]) + P.LOST]:
            return 0
        out[0] = PLAYER_BASE + G[H.ACTIVE]
        return 1
    if ref == Ref.CHOSEN_OPPONENT:  # "that player": the one a choose_opponent step chose
        q = G[H.CHOSEN_OPP] - 1
        if q < 0 or G[pb(q) + P.LOST]:
            return 0
        out[0] = PLAYER_BASE + q
        return 1
    if ref == Ref.TEMPTED:  # "each opponent who does": who accepted the tempting offer
        for q in range(G[H.NPLAYERS]):
            if (G[H.TEMPTED] >> q) & 1 and G[pb(q) + P.LOST] == 0:
                out[n] = PLAYER_BASE + q
                n += 1
        return n
    for p in range(G[H.NPLAYERS]):
        if G[pb(p) + P.LOST]:
            continue
        if ref == Ref.EACH_OPPONENT and p == ctrl:
            continue
        out[n] = PLAYER_BASE + p
        n += 1
    return n


@njit
def controls_other(G, C, p, subtypes, src):
    """Does p control a permanent other than src with one of these subtypes ("another Lizard")?"""
    cards = cards_of(C)
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if (
            o != src
            and G[b + O.CTRL] == p
            and G[b + O.PHASED] == 0
            and cards[G[b + O.CARD], CardCol.SUBTYPES] & subtypes
        ):
            return True
    return False


@njit
def is_obj(v):
    return 0 <= v < PLAYER_BASE


@njit
def count_x(G, C, x, src, ctrl, subtypes):
    """X of "where X is ..." (107.3), counted as the step resolves: XCount x."""
    cards = cards_of(C)
    n = 0
    if x == XCount.SACRIFICED_POWER or x == XCount.THAT_MANY:
        return G[H.SAC_POWER]  # the resolving ability's amount (its stack entry's S.X)
    if x == XCount.DESTROYED_THIS_WAY:
        return G[H.DESTROYED_N]
    if x == XCount.SELF_POWER:
        return G[ob(src) + O.CUR_P] if src >= 0 else 0  # last known if it left (608.2h)
    if x == XCount.X_PAID:
        return G[ob(src) + O.X_PAID] if src >= 0 else 0
    if x == XCount.TEMPTED:  # "for each opponent who does"
        t = 0
        for q in range(G[H.NPLAYERS]):
            t += (G[H.TEMPTED] >> q) & 1
        return t
    if x == XCount.OPPONENTS_HAND_AT_MOST_1:
        for q in range(G[H.NPLAYERS]):
            if q != ctrl and G[pb(q) + P.LOST] == 0 and G[pb(q) + P.HAND_N] <= 1:
                n += 1
        return n
    if x == XCount.OPP_CREATURES:  # "for each creature your opponents control"
        for j in range(G[H.BF_N]):
            bo = ob(G[OFF_BATTLEFIELD + j])
            if (
                G[bo + O.CTRL] != ctrl
                and G[bo + O.PHASED] == 0
                and cards[G[bo + O.CARD], CardCol.TYPES] & CardType.CREATURE
            ):
                n += 1
        return n
    if x == XCount.OPPONENTS:
        for q in range(G[H.NPLAYERS]):
            if q != ctrl and G[pb(q) + P.LOST] == 0:
                n += 1
        return n
    if x == XCount.SPELLS_CAST_TURN:
        return G[pb(ctrl) + P.SPELLS_TURN]
    if x == XCount.GREATEST_MV_IN_GRAVEYARD:
        for i in range(G[pb(ctrl) + P.GY_N]):
            n = max(n, cards[G[ob(graveyard_at(G, ctrl, i)) + O.CARD], CardCol.MV])
        return n
    if x == XCount.CREATURES_DIED_YOURS_TURN:
        return G[pb(ctrl) + P.CREATURES_DIED_TURN]
    if x == XCount.OPP_CREATURES_EXILED_TURN:
        for q in range(G[H.NPLAYERS]):
            if q != ctrl:
                n += G[pb(q) + P.CREATURES_EXILED_TURN]
        return n
    if x == XCount.CREATURE_CARDS_IN_GRAVEYARD:
        for i in range(G[pb(ctrl) + P.GY_N]):
            if cards[G[ob(graveyard_at(G, ctrl, i)) + O.CARD], CardCol.TYPES] & CardType.CREATURE:
                n += 1
        return n
    for j in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + j]
        bo = ob(o)
        if G[bo + O.CTRL] != ctrl or G[bo + O.PHASED]:
            continue
        card = G[bo + O.CARD]
        if x == XCount.CREATURES_YOU_CONTROL:
            if cards[card, CardCol.TYPES] & CardType.CREATURE:
                n += 1
        elif x == XCount.CREATURES_POWER_4:
            if cards[card, CardCol.TYPES] & CardType.CREATURE and G[bo + O.CUR_P] >= 4:
                n += 1
        elif x == XCount.GREATEST_POWER_YOU_CONTROL:
            if cards[card, CardCol.TYPES] & CardType.CREATURE:
                n = max(n, G[bo + O.CUR_P])
        elif x == XCount.TOKENS_YOU_CONTROL:  # "for each token you control"
            n += G[bo + O.TOKEN] != 0
        elif x == XCount.GREATEST_MV_ARTIFACTS:  # "the greatest mana value among artifacts
            if cards[card, CardCol.TYPES] & CardType.ARTIFACT:  # you control"
                n = max(n, cards[card, CardCol.MV])
        elif o != src and cards[card, CardCol.SUBTYPES] & subtypes:
            n += 1  # OTHER_PERMANENTS_WITH_SUBTYPES
    return n

"""Triggered abilities: events queue pending triggers; they go on the stack before the next
priority, active player's first (APNAP, 603.3b).

``C`` is the catalog tuple (cards, abilities, targets, steps). A pending trigger remembers its
source object and that object's zone-change counter, the ability row (-1 for a gift trigger),
its controller and the object that caused it.
"""

from __future__ import annotations

from analyzer.enums import AbilCol, AbilityKind, CardCol, Cond
from analyzer.kernel.config import njit
from analyzer.kernel.layout import (
    D_A,
    D_CTRL,
    D_KIND,
    D_OBJ,
    D_TURN,
    D_ZCC,
    DF,
    H_ACTIVE,
    H_BF_N,
    H_DELAYED_N,
    H_TRIG_N,
    MAX_DELAYED,
    MAX_TRIGGERS,
    O_CARD,
    O_CTRL,
    O_PHASED,
    O_PROMISED,
    O_ZCC,
    OFF_BATTLEFIELD,
    OFF_DELAYED,
    OFF_TRIGGERS,
    P_GIFT_TRIGGERS,
    SK_ABILITY,
    SK_DELAYED,
    SK_GIFT,
    T_AB,
    T_CTRL,
    T_KIND,
    T_OBJ,
    T_TRIG_OBJ,
    T_ZCC,
    TF,
)
from analyzer.kernel.state import ERR_DELAYED, ERR_TRIGGERS, ob, overflow, pb


@njit
def queue_trigger(G, o, ab, ctrl, trig_obj, kind):
    n = G[H_TRIG_N]
    if n >= MAX_TRIGGERS:
        overflow(G, ERR_TRIGGERS)
        return
    t = OFF_TRIGGERS + n * TF
    G[t + T_OBJ] = o
    G[t + T_AB] = ab
    G[t + T_CTRL] = ctrl
    G[t + T_TRIG_OBJ] = trig_obj
    G[t + T_KIND] = kind
    G[t + T_ZCC] = G[ob(o) + O_ZCC] if o >= 0 else 0
    G[H_TRIG_N] = n + 1


@njit
def cond_holds(cond, promised):
    if cond == Cond.IF_PROMISED:
        return promised == 1
    if cond == Cond.IF_NOT_PROMISED:
        return promised == 0
    return True


@njit
def _fire_own(G, C, o, kind, ctrl, trig_obj):
    """Queue o's abilities of this kind (intervening-if checked now, and again on resolution)."""
    cards = C[0]
    abilities = C[1]
    card = G[ob(o) + O_CARD]
    a0 = cards[card, CardCol.AB_START]
    promised = G[ob(o) + O_PROMISED]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] == kind and cond_holds(abilities[a, AbilCol.COND], promised):
            queue_trigger(G, o, a, ctrl, trig_obj, SK_ABILITY)


@njit
def fire_enters(G, C, o):
    """o entered the battlefield: its own ETB abilities, its gift trigger (702.174b) if its
    gift was promised, and other permanents' "another creature you control enters" triggers."""
    cards = C[0]
    abilities = C[1]
    ctrl = G[ob(o) + O_CTRL]
    _fire_own(G, C, o, AbilityKind.ETB, ctrl, o)
    card = G[ob(o) + O_CARD]
    if G[ob(o) + O_PROMISED] == 1 and cards[card, CardCol.GIFT_KIND] != 0:
        queue_trigger(G, o, -1, ctrl, o, SK_GIFT)
    if cards[card, CardCol.TYPES] & 2:  # CardType.CREATURE
        for i in range(G[H_BF_N]):
            q = G[OFF_BATTLEFIELD + i]
            if q == o or G[ob(q) + O_CTRL] != ctrl or G[ob(q) + O_PHASED]:
                continue
            qc = G[ob(q) + O_CARD]
            a0 = cards[qc, CardCol.AB_START]
            for a in range(a0, a0 + cards[qc, CardCol.AB_COUNT]):
                if abilities[a, AbilCol.KIND] == AbilityKind.OTHER_CREATURE_ENTERS:
                    queue_trigger(G, q, a, ctrl, o, SK_ABILITY)


@njit
def fire_dies(G, C, o, ctrl):
    """o is about to be put into a graveyard from the battlefield (look-back, 603.10a)."""
    _fire_own(G, C, o, AbilityKind.DIES, ctrl, o)


@njit
def fire_attacks(G, C, o):
    _fire_own(G, C, o, AbilityKind.ATTACKS, G[ob(o) + O_CTRL], o)


@njit
def fire_combat_damage_player(G, C, o):
    _fire_own(G, C, o, AbilityKind.COMBAT_DAMAGE_PLAYER, G[ob(o) + O_CTRL], o)


@njit
def fire_controller_event(G, C, p, kind, trig_obj):
    """Every permanent p controls with an ability of this kind triggers (gift given, second
    spell, life gain, upkeep)."""
    cards = C[0]
    abilities = C[1]
    for i in range(G[H_BF_N]):
        q = G[OFF_BATTLEFIELD + i]
        if G[ob(q) + O_CTRL] != p or G[ob(q) + O_PHASED]:
            continue
        qc = G[ob(q) + O_CARD]
        a0 = cards[qc, CardCol.AB_START]
        for a in range(a0, a0 + cards[qc, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] == kind:
                queue_trigger(G, q, a, p, trig_obj, SK_ABILITY)


@njit
def fire_gift_given(G, C, p, source):
    """702.174c: p gave a gift (their gift spell resolved, or their gift trigger resolved),
    whether or not the gift did anything."""
    n0 = G[H_TRIG_N]
    fire_controller_event(G, C, p, AbilityKind.GIFT_GIVEN, source)
    G[pb(p) + P_GIFT_TRIGGERS] += G[H_TRIG_N] - n0  # the per-game counter (issue 4, item 6)


@njit
def fire_end_step(G, C):
    """At the beginning of the end step: "each end step" and the active player's "your end
    step" abilities, then delayed triggers waiting for the next end step."""
    cards = C[0]
    abilities = C[1]
    active = G[H_ACTIVE]
    for i in range(G[H_BF_N]):
        q = G[OFF_BATTLEFIELD + i]
        if G[ob(q) + O_PHASED]:
            continue
        ctrl = G[ob(q) + O_CTRL]
        qc = G[ob(q) + O_CARD]
        a0 = cards[qc, CardCol.AB_START]
        for a in range(a0, a0 + cards[qc, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.END_STEP:
                continue
            if abilities[a, AbilCol.TRIG_PARAM] == 1 and ctrl != active:
                continue
            queue_trigger(G, q, a, ctrl, -1, SK_ABILITY)
    # delayed triggers fire once, then are gone
    n = G[H_DELAYED_N]
    for i in range(n):
        d = OFF_DELAYED + i * DF
        # T_AB carries the kind's parameter (counters); T_ZCC the zcc the object must still have
        queue_trigger(G, G[d + D_OBJ], G[d + D_A], G[d + D_CTRL], -1, SK_DELAYED)
        G[OFF_TRIGGERS + (G[H_TRIG_N] - 1) * TF + T_ZCC] = G[d + D_ZCC]
    G[H_DELAYED_N] = 0


@njit
def add_delayed(G, kind, o, ctrl, a, turn):
    n = G[H_DELAYED_N]
    if n >= MAX_DELAYED:
        overflow(G, ERR_DELAYED)
        return
    d = OFF_DELAYED + n * DF
    G[d + D_KIND] = kind
    G[d + D_OBJ] = o
    G[d + D_ZCC] = G[ob(o) + O_ZCC]
    G[d + D_CTRL] = ctrl
    G[d + D_A] = a
    G[d + D_TURN] = turn
    G[H_DELAYED_N] = n + 1

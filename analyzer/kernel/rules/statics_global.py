"""Static abilities that change the rules for other objects or players, read where the rules need
them (each card with one carries a marker AbilityKind bit, compile.py, so nothing is scanned before
such a permanent entered):

- ``static_opp_base_toughness`` (Maha: "Creatures your opponents control have base toughness
  1"): layer 7b (613.4b), applied by ``chars._apply_statics`` in a pass of its own after
  control (layer 2) and before the P/T changes (7c) and counters (7d);
- ``static_opp_dies_exile`` (Vren: "If a creature an opponent controls would die, exile it
  instead"): a replacement (614.1a) read by ``sba._dies``;
- ``static_noncreature_flash`` (Valley Floodcaller: "You may cast noncreature spells as though
  they had flash"): a timing permission (702.8a) the player's cast test reads;
- ``static_others_prowess`` (Bria: "Other creatures you control have prowess"): each other
  creature gets a prowess trigger of its own (702.108b), queued by ``fire_granted_prowess``
  from ``stack.spell_cast``, and the keyword bit (``chars``: the player reads it);
- ``static_double_counters`` (Innkeeper's Talent at level 3: "If you would put one or more
  counters on a permanent or player, put twice that many ... instead"): a replacement
  (614.1a) read by ``counters_put`` wherever counters are put.
"""

from __future__ import annotations

from analyzer.enums import AbilCol, AbilityKind, CardCol, CardType, Keyword, Op, Ref, StepCol
from analyzer.kernel.layout import OFF_BATTLEFIELD, SK_ABILITY, H, O
from analyzer.kernel.rules.catalog import abilities_of, cards_of, has_kind, steps_of
from analyzer.kernel.rules.state import queue_trigger
from analyzer.kernel.rules.view import kind_seen, ob
from analyzer.kernel.runtime.config import njit


@njit
def _controls_marker(G, C, kind, p, opp):
    """Does a phased-in permanent with marker `kind` sit on the battlefield under p's control
    (opp: under the control of a player other than p)?"""
    cards = cards_of(C)
    for i in range(G[H.BF_N]):
        q = G[OFF_BATTLEFIELD + i]
        bq = ob(q)
        if G[bq + O.PHASED]:
            continue
        if (G[bq + O.CTRL] != p) != opp:
            continue
        if has_kind(cards, G[bq + O.CARD], kind):
            return True
    return False


@njit
def opp_dies_exile(G, C, o):
    """Would creature o be exiled instead of dying: an opponent of its controller controls a
    permanent with "If a creature an opponent controls would die, exile it instead"?"""
    if not kind_seen(G, AbilityKind.OPP_DIES_EXILE):
        return False
    if (cards_of(C)[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0:
        return False
    return _controls_marker(G, C, AbilityKind.OPP_DIES_EXILE, G[ob(o) + O.CTRL], True)


@njit
def noncreature_flash(G, C, p):
    """May p cast noncreature spells as though they had flash (a permanent p controls says
    so)?"""
    if not kind_seen(G, AbilityKind.NONCREATURE_FLASH):
        return False
    return _controls_marker(G, C, AbilityKind.NONCREATURE_FLASH, p, False)


@njit
def toughness_set(G, C, t):
    """Is permanent t's base toughness set by an opponent's static_opp_base_toughness (so a
    characteristic-defining ability, layer 7a, no longer decides it)?"""
    if not kind_seen(G, AbilityKind.OPP_BASE_TOUGHNESS):
        return False
    return _controls_marker(G, C, AbilityKind.OPP_BASE_TOUGHNESS, G[ob(t) + O.CTRL], True)


@njit
def apply_base_toughness(G, C, n, s):
    """Layer 7b (613.4b) of permanent s's static_opp_base_toughness steps: each phased-in
    creature an opponent of s's controller controls has base toughness A; its +1/+1 counters
    and until-end-of-turn changes still apply (refresh set CUR_T = BASE_T + those, and no
    P/T effect has applied yet when this runs)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    bs = ob(s)
    sc = G[bs + O.CARD]
    a0 = cards[sc, CardCol.AB_START]
    for a in range(a0, a0 + cards[sc, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] != AbilityKind.STATIC:
            continue
        s0 = abilities[a, AbilCol.ST_START]
        for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
            if steps[k, StepCol.OP] != Op.STATIC_OPP_BASE_TOUGHNESS:
                continue
            for j in range(n):
                t = G[OFF_BATTLEFIELD + j]
                bt = ob(t)
                if G[bt + O.CTRL] == G[bs + O.CTRL] or G[bt + O.PHASED]:
                    continue
                if (cards[G[bt + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0:
                    continue
                G[bt + O.CUR_T] = steps[k, StepCol.A] + G[bt + O.P1P1] + G[bt + O.EOT_T]


@njit
def _prowess_row(C, card):
    """The card's own prowess trigger (compile._implicit_prowess: a noncreature_spell row whose
    one step is "this creature gets +1/+1 until end of turn"), or -1."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if (
            abilities[a, AbilCol.KIND] != AbilityKind.NONCREATURE_SPELL
            or abilities[a, AbilCol.TRIG_PARAM] != 0
            or abilities[a, AbilCol.ST_COUNT] != 1
        ):
            continue
        k = abilities[a, AbilCol.ST_START]
        if (
            steps[k, StepCol.OP] == Op.PUMP
            and steps[k, StepCol.REF] == Ref.SELF
            and steps[k, StepCol.A] == 1
            and steps[k, StepCol.B] == 1
        ):
            return a
    return -1


@njit
def fire_granted_prowess(G, C, p, o):
    """p cast noncreature spell o: each prowess a static_others_prowess of p's gives another
    creature p controls triggers (702.108b: separately from its own prowess and from the other
    grants; the source of the trigger is that creature, so the pump is its own)."""
    if not kind_seen(G, AbilityKind.OTHERS_PROWESS):
        return
    cards = cards_of(C)
    for i in range(G[H.BF_N]):
        s = G[OFF_BATTLEFIELD + i]
        bs = ob(s)
        if G[bs + O.PHASED] or G[bs + O.CTRL] != p:
            continue
        if not has_kind(cards, G[bs + O.CARD], AbilityKind.OTHERS_PROWESS):
            continue
        row = _prowess_row(C, G[bs + O.CARD])
        if row < 0:
            continue
        for j in range(G[H.BF_N]):
            c = G[OFF_BATTLEFIELD + j]
            bc = ob(c)
            if c == s or G[bc + O.PHASED] or G[bc + O.CTRL] != p:
                continue
            if cards[G[bc + O.CARD], CardCol.TYPES] & CardType.CREATURE:
                queue_trigger(G, c, row, p, o, SK_ABILITY)


@njit
def grant_others_prowess(G, C, n, s):
    """The keyword bit of "Other creatures you control have prowess" (layer 6), for the
    player's evaluations; the triggers are fire_granted_prowess's."""
    cards = cards_of(C)
    ctrl = G[ob(s) + O.CTRL]
    for j in range(n):
        t = G[OFF_BATTLEFIELD + j]
        bt = ob(t)
        if t == s or G[bt + O.CTRL] != ctrl:
            continue
        if cards[G[bt + O.CARD], CardCol.TYPES] & CardType.CREATURE:
            G[bt + O.CUR_KW] |= Keyword.PROWESS


@njit
def counters_put(G, C, p, n):
    """How many counters p puts where an effect would have p put n of one kind: twice that for
    each static_double_counters ability of a permanent p controls (a Class's only at its level,
    716.2b), each applied in turn (616.1). Counters a permanent enters with are put by its
    controller (Innkeeper's Talent's ruling)."""
    if n <= 0 or not kind_seen(G, AbilityKind.DOUBLE_COUNTERS):
        return n
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    for i in range(G[H.BF_N]):
        bq = ob(G[OFF_BATTLEFIELD + i])
        card = G[bq + O.CARD]
        if (
            G[bq + O.PHASED]
            or G[bq + O.CTRL] != p
            or not has_kind(cards, card, AbilityKind.DOUBLE_COUNTERS)
        ):
            continue
        a0 = cards[card, CardCol.AB_START]
        for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.STATIC or abilities[
                a, AbilCol.LEVEL
            ] > max(1, G[bq + O.CLASS_LEVEL]):
                continue
            s0 = abilities[a, AbilCol.ST_START]
            for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
                if steps[k, StepCol.OP] == Op.STATIC_DOUBLE_COUNTERS:
                    n *= 2
    return n

"""Targets: what is a legal target for a target group, and what a target is worth (threat).
Which legal targets the built-in player picks: target_choice.py.

A target group (row of the targets table) belongs to an ability; its slots on a stack entry
start at the sum of MAX of the groups before it. Group conditions (702.174m): a group whose COND
is IF_PROMISED exists only when the gift was promised, IF_NOT_PROMISED only when it was not.

Legality (checked when chosen and again on resolution, 608.2b): the object is still the same
object (zone-change counter), in the right zone, matches the types and filters, is not phased
out, and is not hexproof against the chooser; a player is in the game, not hexproof against the
chooser and not protected from everything.
"""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    AbilityKind,
    CardCol,
    CardType,
    Cond,
    Keyword,
    TargCol,
    TargetFilter,
    TargetKind,
    Zone,
)
from analyzer.kernel.layout import (
    OFF_BATTLEFIELD,
    OFF_STACK,
    PLAYER_BASE,
    SF,
    SK_SPELL,
    H,
    O,
    P,
    S,
    W,
)
from analyzer.kernel.rules.catalog import abilities_of, cards_of, targets_of
from analyzer.kernel.rules.creature_types import has_creature_type
from analyzer.kernel.rules.view import graveyard_at, ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit

MAX_CANDIDATES = 96


@njit
def group_active(targets, g, promised):
    c = targets[g, TargCol.COND]
    if c == Cond.IF_PROMISED:
        return promised == 1
    if c == Cond.IF_NOT_PROMISED:
        return promised == 0
    return True


@njit
def slot_start(targets, tg0, g_local):
    s = 0
    for j in range(g_local):
        s += targets[tg0 + j, TargCol.MAX]
    return s


@njit
def player_targetable(G, p, chooser):
    q = pb(p)
    if G[q + P.LOST]:
        return False
    if G[q + P.PROTECTED]:
        return False
    if p != chooser and G[q + P.HEXPROOF_TURN] == G[H.TURN]:
        return False
    return True


@njit
def _filters_ok(G, cards, o, chooser, filt, param):
    b = ob(o)
    card = G[b + O.CARD]
    ctrl = G[b + O.CTRL]
    if filt & TargetFilter.YOU_CONTROL and ctrl != chooser:
        return False
    if filt & (TargetFilter.OPP_CONTROLS | TargetFilter.NOT_YOU) and ctrl == chooser:
        return False
    if filt & TargetFilter.NONTOKEN and G[b + O.TOKEN]:
        return False
    if filt & TargetFilter.TOKEN and G[b + O.TOKEN] == 0:
        return False
    t = cards[card, CardCol.TYPES]
    if filt & TargetFilter.NONLAND and t & CardType.LAND:
        return False
    if filt & TargetFilter.NONCREATURE and t & CardType.CREATURE:
        return False
    if filt & TargetFilter.ENTERED_THIS_TURN and G[b + O.ENTERED_TURN] != G[H.TURN]:
        return False
    if filt & TargetFilter.MV_AT_MOST and cards[card, CardCol.MV] > param:
        return False
    if filt & TargetFilter.OTHER and G[H.TARGET_SRC] == o + 1:
        return False  # "another target ...": not the source of the ability
    if filt & (TargetFilter.NOT_TRIGGER_OBJECT | TargetFilter.MV_LESS_THAN_TRIGGER):
        tr = G[H.TARGET_TRIG] - 1  # the trigger object
        if filt & TargetFilter.NOT_TRIGGER_OBJECT and tr == o:
            return False  # "other than that creature"
        if filt & TargetFilter.MV_LESS_THAN_TRIGGER and (
            tr < 0 or cards[card, CardCol.MV] >= cards[G[ob(tr) + O.CARD], CardCol.MV]
        ):
            return False  # "with lesser mana value" (than the creature as it last existed)
    if filt & TargetFilter.WITHOUT_FLYING and G[b + O.CUR_KW] & Keyword.FLYING:
        return False
    if (
        filt & TargetFilter.IN_COMBAT_OR_TAPPED
        and G[b + O.ATTACKING] == 0
        and G[b + O.BLOCKING] == 0
        and G[b + O.TAPPED] == 0
    ):
        return False
    if filt & TargetFilter.PT_AT_LEAST and G[b + O.CUR_P] < param and G[b + O.CUR_T] < param:
        return False
    if filt & TargetFilter.WITH_FLYING and (G[b + O.CUR_KW] & Keyword.FLYING) == 0:
        return False
    if filt & TargetFilter.ATTACKING and G[b + O.ATTACKING] == 0:
        return False
    if filt & TargetFilter.POWER_AT_MOST and G[b + O.CUR_P] > param:
        return False
    if filt & TargetFilter.SUBTYPES and (cards[card, CardCol.SUBTYPES] & param) == 0:
        return False
    if filt & TargetFilter.NOT_CREATURE_TYPE and has_creature_type(cards, card, param):
        return False  # "non-Angel"
    # damage stays marked until the cleanup step (514.2): marked damage is "dealt this turn"
    if filt & TargetFilter.DEALT_DAMAGE and G[b + O.DAMAGE] == 0:
        return False
    return True


@njit
def object_legal(G, cards, targets, g, o, chooser):
    """Is object o a legal target for group row g, chosen by `chooser`?"""
    kind = targets[g, TargCol.KIND]
    b = ob(o)
    card = G[b + O.CARD]
    types = targets[g, TargCol.TYPES]
    if types != 0 and (cards[card, CardCol.TYPES] & types) == 0:
        return False
    zone = G[b + O.ZONE]
    if kind == TargetKind.PERMANENT or kind == TargetKind.ANY:
        if zone != Zone.BATTLEFIELD or G[b + O.PHASED]:
            return False
        if (
            kind == TargetKind.ANY
            and (cards[card, CardCol.TYPES] & (CardType.CREATURE | CardType.PLANESWALKER)) == 0
        ):
            return False
        if G[b + O.CTRL] != chooser and (G[b + O.CUR_KW] & Keyword.HEXPROOF):
            return False
    elif kind == TargetKind.SPELL:
        if zone != Zone.STACK:
            return False
    elif kind == TargetKind.CARD_IN_YOUR_GRAVEYARD:
        if zone != Zone.GRAVEYARD or G[b + O.OWNER] != chooser:
            return False
    elif kind == TargetKind.CARD_IN_A_GRAVEYARD:
        if zone != Zone.GRAVEYARD:
            return False
    else:
        return False
    return _filters_ok(G, cards, o, chooser, targets[g, TargCol.FILTER], targets[g, TargCol.PARAM])


@njit
def value_legal(G, cards, targets, g, v, zcc, chooser):
    """Legality on resolution: same object (zcc) and still a legal target."""
    if v < 0:
        return False
    kind = targets[g, TargCol.KIND]
    if v >= PLAYER_BASE:
        p = v - PLAYER_BASE
        if kind == TargetKind.OPPONENT and p == chooser:
            return False
        if kind != TargetKind.PLAYER and kind != TargetKind.OPPONENT and kind != TargetKind.ANY:
            return False
        return player_targetable(G, p, chooser)
    if G[ob(v) + O.ZCC] != zcc:
        return False
    return object_legal(G, cards, targets, g, v, chooser)


@njit
def combat_damage_to(G, v):
    """Combat damage creature v takes from the creatures it fights (what blocks it, what it
    blocks; each deals it all its damage, deathtouch 1000); 0 when not in combat or unblocked."""
    taken = 0
    for i in range(G[H.BF_N]):
        x = G[OFF_BATTLEFIELD + i]
        if G[ob(x) + O.BLOCKING] == v + 1 or (
            G[ob(v) + O.BLOCKING] == x + 1 and G[ob(x) + O.ATTACKING]
        ):
            pw = G[ob(x) + O.CUR_P]
            if pw > 0:
                kw = G[ob(x) + O.CUR_KW]
                taken += (
                    1000
                    if kw & Keyword.DEATHTOUCH
                    else pw * (2 if kw & Keyword.DOUBLE_STRIKE else 1)
                )
    return taken


@njit
def threat(G, cards, o):
    """How much the AI wants a permanent gone (or protected): public characteristics only."""
    b = ob(o)
    card = G[b + O.CARD]
    v = cards[card, CardCol.VALUE]
    if cards[card, CardCol.TYPES] & CardType.CREATURE:
        v += 3 * G[b + O.CUR_P] + G[b + O.CUR_T]
        kw = G[b + O.CUR_KW]
        if kw & Keyword.FLYING:
            v += 4
        if kw & (Keyword.DEATHTOUCH | Keyword.LIFELINK | Keyword.DOUBLE_STRIKE):
            v += 4
    if G[b + O.TOKEN]:
        v -= 5
    return v


# ability kinds that keep paying off while the permanent stays (the deck's triggers)
_RECURRING = (
    (1 << AbilityKind.ATTACKS)
    | (1 << AbilityKind.END_STEP)
    | (1 << AbilityKind.UPKEEP)
    | (1 << AbilityKind.COMBAT_DAMAGE_PLAYER)
    | (1 << AbilityKind.OTHER_CREATURE_ENTERS)
    | (1 << AbilityKind.SECOND_SPELL)
    | (1 << AbilityKind.LIFE_GAIN)
    | (1 << AbilityKind.NONCREATURE_SPELL)
    | (1 << AbilityKind.EXPEND)
    | (1 << AbilityKind.VALIANT)
    | (1 << AbilityKind.LIFE_CHANGE)
    | (1 << AbilityKind.LANDFALL)
    | (1 << AbilityKind.GIFT_GIVEN)
)
_BOARD_PAYOFF = (1 << AbilityKind.OTHER_CREATURE_ENTERS) | (1 << AbilityKind.STATIC)


@njit
def threat_std(G, cards, o):
    """threat() as the standard player sees it: the card on its board, not alone. Each kind of
    recurring trigger (valiant, expend, attacks, landfall, ...) adds 5; a static or "another
    creature enters" payoff adds 3 per other creature its controller has (go-wide, anthems),
    and 3 more per one sharing a creature type with it (tribal), up to 5 creatures."""
    return threat_std_from(G, cards, o, threat(G, cards, o))


@njit
def threat_std_from(G, cards, o, v):
    """threat_std(G, cards, o) for a caller that has threat(G, cards, o) already (v)."""
    card = G[ob(o) + O.CARD]
    kinds = cards[card, CardCol.AB_KINDS]
    r = kinds & _RECURRING
    while r:
        v += 5
        r &= r - 1
    if kinds & _BOARD_PAYOFF and cards[card, CardCol.TYPES] & CardType.CREATURE:
        q = G[ob(o) + O.CTRL]
        sub = cards[card, CardCol.SUBTYPES]
        n = 0
        for i in range(own_n(G, q)):
            x = own_at(G, q, i)
            if x == o:
                continue
            xc = G[ob(x) + O.CARD]
            if cards[xc, CardCol.TYPES] & CardType.CREATURE and n < 5:
                n += 1
                v += 3
                if cards[xc, CardCol.SUBTYPES] & sub:
                    v += 3
    return v


@njit
def candidates(G, C, g, chooser, out, limit=MAX_CANDIDATES):
    """Fill out with the legal choices for group row g, the first `limit` of them (at most
    out's length); returns how many. (Whether a group can get its targets needs only
    its minimum: the scan stops there.)"""
    cards = cards_of(C)
    targets = targets_of(C)
    kind = targets[g, TargCol.KIND]
    cap = min(limit, out.shape[0])
    n = 0
    if kind == TargetKind.PLAYER or kind == TargetKind.OPPONENT or kind == TargetKind.ANY:
        for p in range(G[H.NPLAYERS]):
            if kind == TargetKind.OPPONENT and p == chooser:
                continue
            if player_targetable(G, p, chooser) and n < cap:
                out[n] = PLAYER_BASE + p
                n += 1
                if n == cap:
                    return n
    if kind == TargetKind.PERMANENT or kind == TargetKind.ANY:
        for i in range(G[H.BF_N]):
            o = G[OFF_BATTLEFIELD + i]
            if n < cap and object_legal(G, cards, targets, g, o, chooser):
                out[n] = o
                n += 1
                if n == cap:
                    return n
    elif kind == TargetKind.SPELL:
        for i in range(G[H.STACK_N]):
            e = OFF_STACK + i * SF
            if G[e + S.KIND] != SK_SPELL:
                continue
            o = G[e + S.OBJ]
            if n < cap and object_legal(G, cards, targets, g, o, chooser):
                out[n] = o
                n += 1
                if n == cap:
                    return n
    elif kind == TargetKind.CARD_IN_YOUR_GRAVEYARD or kind == TargetKind.CARD_IN_A_GRAVEYARD:
        for q in range(G[H.NPLAYERS]):
            if q != chooser and kind == TargetKind.CARD_IN_YOUR_GRAVEYARD:
                continue
            for i in range(G[pb(q) + P.GY_N]):
                o = graveyard_at(G, q, i)
                if n < cap and object_legal(G, cards, targets, g, o, chooser):
                    out[n] = o
                    n += 1
                    if n == cap:
                        return n
    return n


@njit
def mode_has_targets(G, C, ab, chooser, promised):
    """Can every target group that exists in this mode get its minimum number of targets?
    A modal ability (AbilCol.MODES): can some mode of it (700.2a)?"""
    if ab < 0:
        return True
    abilities = abilities_of(C)
    n_modes = abilities[ab, AbilCol.MODES]
    if n_modes == 0:
        return program_has_targets(G, C, ab, chooser, promised)
    for m in range(ab + 1, ab + 1 + n_modes):
        if program_has_targets(G, C, m, chooser, promised):
            return True
    return False


@njit
def program_has_targets(G, C, ab, chooser, promised):
    """mode_has_targets for one row's own target groups."""
    abilities = abilities_of(C)
    targets = targets_of(C)
    tg0 = abilities[ab, AbilCol.TG_START]
    buf = G[W.CAND : W.CAND + MAX_CANDIDATES]
    for j in range(abilities[ab, AbilCol.TG_COUNT]):
        g = tg0 + j
        if not group_active(targets, g, promised):
            continue
        need = targets[g, TargCol.MIN]
        if need == 0:
            continue
        other = targets[g, TargCol.OTHER_THAN] - 1
        apart = (targets[g, TargCol.FILTER] & TargetFilter.DIFFERENT_CONTROLLER) != 0 and other >= 0
        n = candidates(G, C, g, chooser, buf, MAX_CANDIDATES if apart else need)
        if n < need:
            return False
        if apart:
            # "controlled by different players": some pair of controllers differs
            mine = _controllers(G, buf, n)
            theirs = _controllers(
                G, buf, candidates(G, C, tg0 + other, chooser, buf, MAX_CANDIDATES)
            )
            if mine == 0 or theirs == 0 or (mine == theirs and (mine & (mine - 1)) == 0):
                return False
    return True


@njit
def _controllers(G, buf, n):
    """Bit mask of the controllers of the objects buf[:n]."""
    m = 0
    for i in range(n):
        if 0 <= buf[i] < PLAYER_BASE:
            m |= 1 << G[ob(buf[i]) + O.CTRL]
    return m


@njit
def other_controller_clash(G, targets, g, tg0, slots, v):
    """Group row g is "controlled by different players" than the group its OTHER_THAN names
    and every group between them ("For any number of opponents, destroy target nonland
    permanent that player controls": one group per opponent, each naming the first), and
    object v has the controller of one of those groups' chosen targets."""
    other = targets[g, TargCol.OTHER_THAN] - 1
    if (targets[g, TargCol.FILTER] & TargetFilter.DIFFERENT_CONTROLLER) == 0 or other < 0:
        return False
    if not 0 <= v < PLAYER_BASE:
        return False
    for k in range(other, g - tg0):
        o0 = slot_start(targets, tg0, k)
        for q in range(targets[tg0 + k, TargCol.MAX]):
            w = slots[o0 + q]
            if 0 <= w < PLAYER_BASE and G[ob(w) + O.CTRL] == G[ob(v) + O.CTRL]:
                return True
    return False


@njit
def any_legal_target(G, C, ab, ctrl, promised, slots, zccs):
    """On resolution: (had targets, at least one still legal)."""
    abilities = abilities_of(C)
    targets = targets_of(C)
    cards = cards_of(C)
    if ab < 0:
        return False, False
    tg0 = abilities[ab, AbilCol.TG_START]
    had = False
    ok = False
    for j in range(abilities[ab, AbilCol.TG_COUNT]):
        g = tg0 + j
        if not group_active(targets, g, promised):
            continue
        s0 = slot_start(targets, tg0, j)
        for k in range(targets[g, TargCol.MAX]):
            v = slots[s0 + k]
            if v < 0:
                continue
            had = True
            if value_legal(G, cards, targets, g, v, zccs[s0 + k], ctrl):
                ok = True
    return had, ok

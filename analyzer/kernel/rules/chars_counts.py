"""What the static abilities count and grant beside the layer passes of ``chars.refresh``: base
power (604.3), other permanents of a type or base power, cards exiled with a permanent, keywords
granted to permanents with counters or equipped creatures, small creatures made unblockable."""

from __future__ import annotations

from analyzer.enums import (
    SUBTYPE_CHOSEN,
    AbilCol,
    AbilityKind,
    CardCol,
    CardFlag,
    CardType,
    Cond,
    Keyword,
    Op,
    StepCol,
    Zone,
)
from analyzer.kernel.layout import (
    BOARD_ANIMATE_TWIN,
    DIRTY_ALL,
    DIRTY_CHARS,
    NO_OBJ,
    OFF_BATTLEFIELD,
    H,
    O,
    P,
    W,
)
from analyzer.kernel.rules.catalog import abilities_of, cards_of, has_op, steps_of
from analyzer.kernel.rules.state import (
    attached_obj,
)
from analyzer.kernel.rules.statics_squirrels import is_creature
from analyzer.kernel.rules.view import exile_at, ob, pb
from analyzer.kernel.runtime.config import njit

EXILED_TYPES_NEEDED = 4  # STATIC_SELF_EXILED_TYPES: "four or more card types"
CARD_TYPE_BITS = 511  # CardType LAND .. KINDRED (the supertypes above are no card types)


@njit
def exiled_with_types(G, cards, s):
    """The CardType mask of the cards exiled with object s (EXILE_LINKED: O.LINK = -(1 + s),
    linked while s keeps the zone-change counter it had, 607.2a)."""
    m = 0
    for p in range(G[H.NPLAYERS]):
        for i in range(G[pb(p) + P.EXILE_N]):
            o = exile_at(G, p, i)
            if G[ob(o) + O.LINK] == -(s + 1) and G[ob(o) + O.LINK_ZCC] == G[ob(s) + O.ZCC]:
                m |= cards[G[ob(o) + O.CARD], CardCol.TYPES] & CARD_TYPE_BITS
    return m


@njit
def popcount(m):
    k = 0
    while m:
        m &= m - 1
        k += 1
    return k


@njit
def others_counted(G, C, n, s, subtypes, base_p):
    """How many other phased-in permanents s's controller controls have one of the Subtype bits
    `subtypes` (0: any) and, when base_p >= 0, are creatures with base power base_p ("for each
    other Rat you control", "other creatures you control with base power 1")."""
    cards = cards_of(C)
    ctrl = G[ob(s) + O.CTRL]
    k = 0
    for j in range(n):
        t = G[OFF_BATTLEFIELD + j]
        bt = ob(t)
        if t == s or G[bt + O.CTRL] != ctrl or G[bt + O.PHASED]:
            continue
        card = G[bt + O.CARD]
        if subtypes != 0 and (cards[card, CardCol.SUBTYPES] & subtypes) == 0:
            continue
        if base_p >= 0 and (
            (cards[card, CardCol.TYPES] & CardType.CREATURE) == 0
            or base_power(G, C, n, t) != base_p
        ):
            continue
        k += 1
    return k


@njit
def base_power(G, C, n, t):
    """The base power of creature t: its printed power (a token's as the effect that made it
    set it: O.BASE_P), or the value of its characteristic-defining ability (604.3; a ruling of
    "base power": counters, pumps and anthems are not in it)."""
    cards = cards_of(C)
    card = G[ob(t) + O.CARD]
    bp = G[ob(t) + O.BASE_P]
    if cards[card, CardCol.FLAGS] & CardFlag.ANIMATED:  # an effect set it (613.4b)
        return cards[card, CardCol.POWER]
    if (cards[card, CardCol.FLAGS] & CardFlag.HAS_STATIC) == 0:
        return bp
    abilities = abilities_of(C)
    steps = steps_of(C)
    ctrl = G[ob(t) + O.CTRL]
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] != AbilityKind.STATIC:
            continue
        s0 = abilities[a, AbilCol.ST_START]
        for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
            op = steps[k, StepCol.OP]
            if op == Op.STATIC_PT_HAND:
                bp += G[pb(ctrl) + P.HAND_N]
            elif op == Op.STATIC_PT_CREATURES or op == Op.STATIC_PT_LANDS:
                want = CardType.CREATURE if op == Op.STATIC_PT_CREATURES else CardType.LAND
                lt = steps[k, StepCol.A] if op == Op.STATIC_PT_LANDS else 0  # "Islands"
                for j in range(n):
                    u = G[OFF_BATTLEFIELD + j]
                    uc = G[ob(u) + O.CARD]
                    if (
                        G[ob(u) + O.CTRL] == ctrl
                        and G[ob(u) + O.PHASED] == 0
                        and cards[uc, CardCol.TYPES] & want
                        and (lt == 0 or cards[uc, CardCol.LAND_TYPES] & lt)
                    ):
                        bp += 1
    return bp


@njit
def base_1_count(G, C, n, ctrl):
    """ "each creature you control with base power or toughness 1": base toughness as
    base_power reads the power (a characteristic-defining ability sets both alike)."""
    cards = cards_of(C)
    x = 0
    for j in range(n):
        u = G[OFF_BATTLEFIELD + j]
        b = ob(u)
        card = G[b + O.CARD]
        if G[b + O.CTRL] != ctrl or not is_creature(cards, G, u):
            continue
        bp = base_power(G, C, n, u)
        bt = cards[card, CardCol.TOUGHNESS]
        if (cards[card, CardCol.FLAGS] & CardFlag.ANIMATED) == 0:
            bt = G[b + O.BASE_T] + bp - G[b + O.BASE_P]
        if bp == 1 or bt == 1:
            x += 1
    return x


@njit
def small_unblockable(G, C, n, n_static):
    """ "Creatures you control with power or toughness 1 or less can't be blocked": read after
    every P/T effect (the restriction is checked as blockers are declared, 509.1b), so its
    creatures gain Keyword.UNBLOCKABLE here, after the layer passes."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    for k_static in range(n_static):
        s = G[OFF_BATTLEFIELD + G[W.STATICS + k_static]]
        sc = G[ob(s) + O.CARD]
        a0 = cards[sc, CardCol.AB_START]
        for a in range(a0, a0 + cards[sc, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.STATIC or not has_op(
                C, a, Op.STATIC_SMALL_UNBLOCKABLE
            ):
                continue
            ctrl = G[ob(s) + O.CTRL]
            for j in range(n):
                bt = ob(G[OFF_BATTLEFIELD + j])
                if G[bt + O.CTRL] != ctrl or G[bt + O.PHASED]:
                    continue
                if (cards[G[bt + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0:
                    continue
                if G[bt + O.CUR_P] <= 1 or G[bt + O.CUR_T] <= 1:
                    G[bt + O.CUR_KW] |= Keyword.UNBLOCKABLE


@njit
def others_have(G, cards, n, s, op, a, b, c):
    """ "Other [Frogs] you control have [ward {1}]" (keywords a, Subtype mask c); "Creature
    tokens you control get +a/+b"."""
    ctrl = G[ob(s) + O.CTRL]
    for j in range(n):
        t = G[OFF_BATTLEFIELD + j]
        bt = ob(t)
        tc = G[bt + O.CARD]
        if G[bt + O.CTRL] != ctrl or (cards[tc, CardCol.TYPES] & CardType.CREATURE) == 0:
            continue
        if op == Op.STATIC_CREATURES_HAVE:  # "[Artifact] creatures you control have haste"
            if b == 0 or cards[tc, CardCol.TYPES] & b:
                G[bt + O.CUR_KW] |= a
        elif op == Op.STATIC_TOKEN_ANTHEM:
            if G[bt + O.TOKEN]:
                G[bt + O.CUR_P] += a
                G[bt + O.CUR_T] += b
        elif t != s and cards[tc, CardCol.SUBTYPES] & c:
            if op == Op.STATIC_ANTHEM_SUBTYPES:
                G[bt + O.CUR_P] += a
                G[bt + O.CUR_T] += b
            else:
                G[bt + O.CUR_KW] |= a


@njit
def countered_have(G, n, ctrl, kw):
    """ "Permanents you control with counters on them have [ward {1}]": any kind of counter
    (+1/+1, stun, the permanent's own kinds, finality, a keyword counter)."""
    for j in range(n):
        bt = ob(G[OFF_BATTLEFIELD + j])
        if G[bt + O.CTRL] != ctrl or G[bt + O.PHASED]:
            continue
        if (
            G[bt + O.P1P1] > 0
            or G[bt + O.STUN] > 0
            or G[bt + O.STASH] > 0
            or G[bt + O.KW_COUNTERS] != 0
            or G[bt + O.EXILE_TURN] == -1
        ):
            G[bt + O.CUR_KW] |= kw


@njit
def grant_equipped(G, cards, n, ctrl, kw):
    """Creatures ctrl controls with an artifact (Equipment) attached gain keywords kw."""
    for j in range(n):
        e = G[OFF_BATTLEFIELD + j]
        if (cards[G[ob(e) + O.CARD], CardCol.TYPES] & CardType.ARTIFACT) == 0:
            continue
        t = attached_obj(G, e)
        if (
            t != NO_OBJ
            and G[ob(t) + O.CTRL] == ctrl
            and cards[G[ob(t) + O.CARD], CardCol.TYPES] & CardType.CREATURE
        ):
            G[ob(t) + O.CUR_KW] |= kw


ASCEND_PERMANENTS = 10  # 702.131b: "ten or more permanents"


@njit
def attackers_have(G, cards, n, ctrl, kw):
    """Attacking creatures ctrl controls gain keywords kw ("Attacking creatures you control
    have double strike"; engine.step refreshes as attackers are declared and combat ends,
    state.attacking_changed marks the other changes)."""
    for j in range(n):
        bt = ob(G[OFF_BATTLEFIELD + j])
        if (
            G[bt + O.CTRL] == ctrl
            and G[bt + O.ATTACKING]
            and G[bt + O.PHASED] == 0
            and cards[G[bt + O.CARD], CardCol.TYPES] & CardType.CREATURE
        ):
            G[bt + O.CUR_KW] |= kw


@njit
def own_permanents(G, n, ctrl):
    """The phased-in permanents ctrl controls (702.26b: phased-out ones are treated as though
    they do not exist)."""
    k = 0
    for j in range(n):
        bt = ob(G[OFF_BATTLEFIELD + j])
        if G[bt + O.CTRL] == ctrl and G[bt + O.PHASED] == 0:
            k += 1
    return k


ANY = -1  # every type or subtype bit


@njit
def _cond_reads_no_board(cond):
    """Does a static's condition read nothing a permanent entering or leaving changes (a promise,
    whose turn it is, life, hands, graveyards, this turn's attacks, the source's own counters)?"""
    return (
        cond <= Cond.IF_NOT_PROMISED
        or cond == Cond.THRESHOLD
        or cond == Cond.NOT_THRESHOLD
        or cond == Cond.YOUR_TURN
        or cond == Cond.NOT_YOUR_TURN
        or cond == Cond.LIFE_CHANGED
        or cond == Cond.OPP_LOST_LIFE
        or cond == Cond.LOST_LIFE
        or cond == Cond.GAINED_LIFE
        or cond == Cond.GAINED_AND_LOST_LIFE
        or cond == Cond.ACTIVE_HAND_AT_MOST_1
        or cond == Cond.ACTIVE_HAND_EMPTY
        or cond == Cond.HAND_EXACTLY_13
        or cond == Cond.ATTACKED_TURN
        or cond == Cond.NOT_ATTACKED_TURN
        or cond == Cond.SOURCE_QUEST_7
        or cond == Cond.CITY_BLESSING
    )


@njit
def _reach(G, p, types, subtypes, others):
    """Add to the reach of player p's permanents (others: of every player but p's instead)."""
    for q in range(G[H.NPLAYERS]):
        if (q == p) != others:
            G[pb(q) + P.BOARD_TYPES] |= types
            G[pb(q) + P.BOARD_SUBTYPES] |= subtypes


@njit
def board_reach(G, C, n_static):
    """P.BOARD_TYPES / P.BOARD_SUBTYPES of every player, from the static abilities of the
    permanents listed at W.STATICS (all phased-in ones with one, chars._refresh_pass).

    Why skipping the refresh for a permanent X of none of these bits is exact
    (state.board_inert; checked after every step of the invariant games, invariants.py check
    10). X's card has no face-setting static ability and none refresh reads (CardFlag
    STATIC_CHARS: a cost reduction's, a hand size's do nothing here; nor one that refresh counts,
    STATIC_VOLATILE or _GAME), so the static abilities that apply, their controllers and the
    faces they give are the last refresh's (applied in timestamp
    order, chars._by_timestamp, whatever the list's order once X's slot is refilled); X enters
    with no counters, attachments or until-end-of-turn effects, so its layer-1 values are its
    own (set by put_onto_battlefield), and as it leaves nothing reads its values but last-known
    information, which a refresh never touches. What remains is each static ability's reach:
    the permanents its effect applies to, and those whose number it (or its condition) reads:
    - "other [Rats] / [creatures] / creature tokens you control get or have ...", "creatures
      you control with power 1 or less", "attacking creatures you control", prowess granted,
      counting creatures (with base power 1) or lands: the controller's creatures (lands) of
      those subtypes;
    - "creatures your opponents control get ... / have base toughness ...", "other creatures
      are Food": the creatures of the players it reaches; "equipped creatures you control
      have": an artifact leaving (an Equipment anyone controls) and the controller's creatures;
    - static_animate: the controller's permanents with an ANIMATE_TWIN row (BOARD_ANIMATE_TWIN);
    - ascend, "for each other permanent you control", "permanents you control with counters",
      an unknown subtype (chosen later): any permanent of the controller's; a condition that may
      read the battlefield ("as long as you control ten or more lands"): any permanent at all;
    - the equipped or enchanted permanent's own ("equipped creature gets +1/+1", "you control
      enchanted creature"), the source's own ("as long as ... this gets"), a hand's size, cards
      exiled with it: none (an attachment writes DIRTY_ALL, state.attach);
    - statics refresh does not read (cost reductions, hand sizes, replacements): none.
    A condition is read whatever it says now: the reach holds while it changes (a turn's start).
    H.NONADDITIVE: a static ability out may read a permanent's current P/T, counters or
    keywords (small creatures unblockable, counters granting keywords, a condition that may read
    the board) or removes keywords (additive)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    for q in range(G[H.NPLAYERS]):
        G[pb(q) + P.BOARD_TYPES] = 0
        G[pb(q) + P.BOARD_SUBTYPES] = 0
    G[H.NONADDITIVE] = 0
    creature = CardType.CREATURE
    for k_static in range(n_static):
        bs = ob(G[OFF_BATTLEFIELD + G[W.STATICS + k_static]])
        sc = G[bs + O.CARD]
        ctrl = G[bs + O.CTRL]
        a0 = cards[sc, CardCol.AB_START]
        for a in range(a0, a0 + cards[sc, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.STATIC:
                continue
            s0 = abilities[a, AbilCol.ST_START]
            for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
                op = steps[k, StepCol.OP]
                c = steps[k, StepCol.C]
                if not _cond_reads_no_board(steps[k, StepCol.COND]):
                    _reach(G, ctrl, ANY, ANY, False)
                    _reach(G, ctrl, ANY, ANY, True)
                    G[H.NONADDITIVE] = 1
                if (
                    op == Op.STATIC_SMALL_UNBLOCKABLE
                    or op == Op.STATIC_COUNTERED_HAVE
                    or op == Op.STATIC_EQUIPPED_LOSE
                ):
                    G[H.NONADDITIVE] = 1
                if op == Op.STATIC_ANTHEM and c == 0:
                    _reach(G, ctrl, creature, 0, False)
                elif op == Op.STATIC_ANTHEM and c == SUBTYPE_CHOSEN:
                    _reach(G, ctrl, creature, ANY, False)
                elif (
                    op == Op.STATIC_ANTHEM
                    or op == Op.STATIC_OTHERS_HAVE
                    or op == Op.STATIC_ANTHEM_SUBTYPES
                    or op == Op.STATIC_ANTHEM_PER_COUNTER
                    or (op == Op.STATIC_SELF_PER_OTHER and c != 0)
                ):
                    _reach(G, ctrl, 0, c, False)
                elif (
                    op == Op.STATIC_CREATURES_HAVE
                    or op == Op.STATIC_TOKEN_ANTHEM
                    or op == Op.STATIC_SMALL_UNBLOCKABLE
                    or op == Op.STATIC_ATTACKING_HAVE
                    or op == Op.STATIC_OTHERS_PROWESS
                    or op == Op.STATIC_PT_CREATURES
                    or op == Op.STATIC_SELF_PER_BASE_POWER
                    or op == Op.STATIC_EQUIPPED_PER_BASE_1
                ):
                    _reach(G, ctrl, creature, 0, False)
                elif op == Op.STATIC_PT_LANDS:
                    _reach(G, ctrl, CardType.LAND, 0, False)
                elif op == Op.STATIC_OPP_CREATURES or op == Op.STATIC_OPP_BASE_TOUGHNESS:
                    _reach(G, ctrl, creature, 0, True)
                elif op == Op.STATIC_OTHERS_FOOD:
                    _reach(G, ctrl, creature, 0, False)
                    _reach(G, ctrl, creature, 0, True)
                elif op == Op.STATIC_EQUIPPED_CREATURES:
                    _reach(G, ctrl, creature | CardType.ARTIFACT, 0, False)
                    _reach(G, ctrl, CardType.ARTIFACT, 0, True)
                elif op == Op.STATIC_ANIMATE:
                    _reach(G, ctrl, BOARD_ANIMATE_TWIN, 0, False)
                elif (
                    op == Op.STATIC_ASCEND
                    or op == Op.STATIC_SELF_PER_OTHER
                    or op == Op.STATIC_COUNTERED_HAVE
                ):
                    _reach(G, ctrl, ANY, ANY, False)


@njit
def additive(G, o):
    """Is what a refresh would change, after a pump, counters or a keyword granted to object o,
    o's own values by that much (so they can be written at once, and no refresh is needed)?
    While o is on the battlefield and no static ability out reads current P/T, counters or
    keywords, or removes keywords (H.NONADDITIVE, board_reach): a permanent's P/T are its base
    values plus counters, until-end-of-turn changes and static effects, each added
    (chars._refresh_pass; a base toughness set, 613.4b, keeps counters and pumps), and its
    keywords the union of its own, granted and static ones. A pending refresh (DIRTY_CHARS
    already set) overwrites them anyway."""
    return G[H.NONADDITIVE] == 0 and G[ob(o) + O.ZONE] == Zone.BATTLEFIELD


@njit
def pt_moved(G, o, dp, dt):
    """Object o's P/T change by dp/dt (a pump, +1/+1 counters): its current power at once (the
    rest of a resolution may read it), its toughness too if that is all (additive), else the
    next refresh does it (DIRTY_CHARS)."""
    b = ob(o)
    G[b + O.CUR_P] += dp
    if additive(G, o):
        G[b + O.CUR_T] += dt
    else:
        G[H.DIRTY] |= DIRTY_CHARS


@njit
def kw_moved(G, o, kw):
    """Object o gains keywords kw (until end of turn, or by a keyword counter): at once, and a
    refresh only if that may not be all (additive; or one of them lost until end of turn)."""
    b = ob(o)
    G[b + O.CUR_KW] |= kw
    if not additive(G, o) or G[b + O.EOT_KW_LOSE] & kw:
        G[H.DIRTY] |= DIRTY_CHARS


@njit
def counters_moved(G, C, o, stash):
    """Counters other than +1/+1 changed on permanent o (stash: its own kinds, O.STASH; else a
    stun or finality counter): a refresh only if a static ability reads them, o's own ("for each
    acorn counter on this", "seven or more quest counters") or one not additive's."""
    if not additive(G, o) or (
        stash and cards_of(C)[G[ob(o) + O.CARD], CardCol.FLAGS] & CardFlag.STATIC_CHARS
    ):
        G[H.DIRTY] |= DIRTY_CHARS


@njit
def level_moved(G, C, o, level):
    """Class o becomes level `level` (716.2a): a refresh only if that gives it a static ability
    (abilities of the levels it passes; AbilCol.LEVEL, as chars._apply_statics reads them)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    b = ob(o)
    old = max(1, G[b + O.CLASS_LEVEL])
    G[b + O.CLASS_LEVEL] = level
    G[H.DIRTY] |= DIRTY_ALL & ~DIRTY_CHARS
    card = G[b + O.CARD]
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if (
            abilities[a, AbilCol.KIND] == AbilityKind.STATIC
            and old < abilities[a, AbilCol.LEVEL] <= level
        ):
            G[H.DIRTY] |= DIRTY_CHARS

"""Characteristics (layers 2, 6, 7).

``refresh`` recomputes every permanent's current power, toughness, keywords and controller from
its base values, counters, until-end-of-turn modifiers and the static abilities on the
battlefield (control-changing first, then P/T and keyword effects: layers 2, 6, 7 in that order).
It runs after anything that can change them, so the rest of the kernel reads O_CUR_* directly.

It is skipped while nothing it reads changed: writes to its inputs set bits in H.DIRTY
(layout.py), refresh and a settled state-based-action check (sba.py) clear them, and with a
volatile static ability on the battlefield (a condition on life changes: CardFlag.STATIC_VOLATILE,
cards/compile.py) it always runs. Hand changes write H.DIRTY only while a static ability that
reads a hand's size is out (H.HAND_STATICS: their controllers, set here).
"""

from __future__ import annotations

from analyzer.enums import (
    SUBTYPE_CHOSEN,
    AbilCol,
    AbilityKind,
    CardCol,
    CardFlag,
    CardType,
    Cond,
    Event,
    Op,
    StepCol,
    Zone,
)
from analyzer.kernel.layout import (
    DIRTY_CHARS,
    DIRTY_LEGEND,
    MAX_PLAYERS,
    NEXT_KW_MASK,
    NO_OBJ,
    OFF_BATTLEFIELD,
    H,
    O,
    P,
    W,
)
from analyzer.kernel.rules.catalog import (
    abilities_of,
    cards_of,
    has_kind,
    kind_has_op,
    steps_of,
)
from analyzer.kernel.rules.chars_counts import (
    ASCEND_PERMANENTS,
    EXILED_TYPES_NEEDED,
    attackers_have,
    base_1_count,
    board_reach,
    countered_have,
    exiled_with_types,
    grant_equipped,
    others_counted,
    others_have,
    own_permanents,
    popcount,
    small_unblockable,
)
from analyzer.kernel.rules.chars_faces import apply_faces
from analyzer.kernel.rules.conditions import QUEST_COUNTERS_NEEDED
from analyzer.kernel.rules.events import cond_ok
from analyzer.kernel.rules.gamelog import log_event
from analyzer.kernel.rules.state import (
    attached_obj,
    clear_combat,
)
from analyzer.kernel.rules.statics_global import (
    apply_base_toughness,
    grant_others_prowess,
    toughness_set,
)
from analyzer.kernel.rules.statics_squirrels import pump_mine
from analyzer.kernel.rules.view import kind_seen, ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def refresh(G, C):
    """Recompute every permanent's characteristics and controller from its base values,
    counters, until-end-of-turn effects and the static abilities in play."""
    blessed = _blessed(G)
    if _refresh_pass(G, C) and G[H.FACES]:
        # a permanent changed controller: the faces static abilities give ("each artifact
        # you control is a 4/4 creature") were read before control settled (layer 2 comes
        # after the faces pass here), so once more with the new controllers
        _refresh_pass(G, C)
    elif _blessed(G) != blessed:
        # a player got the city's blessing (ascend) during the pass: a condition on it read
        # earlier in the pass (an earlier timestamp's) reads it now, so that no turn's start
        # need refresh for it (_turn_seats)
        _refresh_pass(G, C)


@njit
def _blessed(G):
    """The players with the city's blessing (702.131c), as bits."""
    m = 0
    for q in range(G[H.NPLAYERS]):
        m |= G[pb(q) + P.CITY_BLESSING] << q
    return m


@njit
def _refresh_pass(G, C):
    """One pass of refresh; True if a permanent changed controller."""
    cards = cards_of(C)
    n = G[H.BF_N]
    n_static = 0  # phased-in permanents with a static ability, for the layer passes below
    n_volatile = 0  # those whose effect may change without an H.DIRTY write
    n_game = 0  # those with a condition on the game (whose turn it is: see turn.begin_turn)
    n_hand = 0  # those of n_game that read the size of a hand (static_pt_hand)
    faces = G[H.FACES] != 0
    # a controller may have changed: by the loop below, or later by a layer-2 static ability or
    # a "for as long as you control" effect; without any of them the last loop is skipped
    ctrl_moved = False
    if faces:
        apply_faces(G, C, n)
    # layer 1 values + counters + until-end-of-turn effects
    for i in range(n):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        card = G[b + O.CARD]
        if (
            faces
            and (G[b + O.ATTACKING] or G[b + O.BLOCKING])
            and (cards[card, CardCol.TYPES] & CardType.CREATURE) == 0
        ):
            # 506.4: a permanent apply_faces left no creature leaves combat (an animated one whose
            # animator left mid-combat, one an Aura made a Food)
            clear_combat(G, o)
        flags = cards[card, CardCol.FLAGS]
        base_p = G[b + O.BASE_P]
        base_t = G[b + O.BASE_T]
        if flags & CardFlag.ANIMATED:  # "is a 4/4 ... creature" (613.4b)
            base_p = cards[card, CardCol.POWER]
            base_t = cards[card, CardCol.TOUGHNESS]
        G[b + O.CUR_P] = base_p + G[b + O.P1P1] + G[b + O.EOT_P]
        G[b + O.CUR_T] = base_t + G[b + O.P1P1] + G[b + O.EOT_T]
        G[b + O.CUR_KW] = (
            cards[card, CardCol.KEYWORDS]
            | G[b + O.EOT_KW]
            | G[b + O.KW_COUNTERS]
            | (G[b + O.NEXT_KW] & NEXT_KW_MASK)
        ) & ~G[b + O.EOT_KW_LOSE]
        # control is settled for all permanents before it is compared (below): a creature
        # stolen by an Aura keeps its controller across refreshes, it does not bounce back
        G[W.CTRL + i] = G[b + O.CTRL]
        if G[b + O.PHASED] != 0:
            continue  # 702.26d: phased out, it keeps its controller (and its statics are off)
        G[b + O.CTRL] = G[b + O.BASE_CTRL]
        if G[b + O.EOT_CTRL]:  # "gain control of that creature until end of turn"
            G[b + O.CTRL] = G[b + O.EOT_CTRL] - 1
        if G[b + O.CTRL] != G[W.CTRL + i]:
            ctrl_moved = True
        if (flags & CardFlag.HAS_STATIC) != 0:
            G[W.STATICS + n_static] = i
            n_static += 1
            if flags & CardFlag.STATIC_VOLATILE:
                n_volatile += 1
            elif flags & CardFlag.STATIC_GAME:
                n_game += 1
                if _reads_hand(C, card):
                    n_hand += 1
    if G[H.CTRL_WHILE_N]:
        _control_while(G, n)
        ctrl_moved = True
    if n_static > 0:
        _by_timestamp(G, n_static)
        ctrl_moved = _apply_statics(G, C, n, n_static) or ctrl_moved
        small_unblockable(G, C, n, n_static)
    board_reach(G, C, n_static)  # (what a permanent entering or leaving may change)
    G[H.STATICS] = n_volatile
    G[H.GAME_STATICS] = _turn_seats(G, C, n, n_static) if n_game > 0 else 0
    G[H.HAND_STATICS] = _hand_seats(G, C, n_static) if n_hand > 0 else 0
    G[H.DIRTY] &= ~DIRTY_CHARS
    moved = False
    for i in range(n if ctrl_moved else 0):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.CTRL] != G[W.CTRL + i]:
            log_event(G, Event.CONTROL, G[ob(o) + O.CTRL], o, -1, G[W.CTRL + i], -1, -1)
            # a new controller: summoning sick for them (302.6), removed from combat (506.4)
            G[H.BFX_OK] = 0  # (and view.own_n's index is stale)
            G[H.DIRTY] |= DIRTY_LEGEND  # two legends of one name may now share a controller
            G[ob(o) + O.SICK] = 1
            clear_combat(G, o)
            moved = True
    return moved


@njit
def _by_timestamp(G, n_static):
    """Sort W.STATICS[:n_static] (battlefield indices) by their permanents' timestamps: within
    a layer, static abilities apply in timestamp order (613.7; an Aura's or Equipment's is the
    time it became attached, 613.7e), not in the battlefield list's order, which a permanent
    leaving reshuffles (list_remove swaps the last one into its slot). Where two conflict (an
    Aura's "has flying", an Equipment's "loses flying"), the later one wins. Few sources:
    insertion sort."""
    for k in range(1, n_static):
        idx = G[W.STATICS + k]
        ts = G[ob(G[OFF_BATTLEFIELD + idx]) + O.TIMESTAMP]
        j = k - 1
        while j >= 0 and G[ob(G[OFF_BATTLEFIELD + G[W.STATICS + j]]) + O.TIMESTAMP] > ts:
            G[W.STATICS + j + 1] = G[W.STATICS + j]
            j -= 1
        G[W.STATICS + j + 1] = idx


@njit
def _turn_seats(G, C, n, n_static):
    """H.GAME_STATICS: which turns' starts may change what the static abilities listed at
    W.STATICS do (turn.begin_turn refreshes at those only). Bit q (q < MAX_PLAYERS): a
    "during your turn" / "not your turn" condition of a source q controls, whose value changes
    only as q's turn begins or ends; bit MAX_PLAYERS: a source with another condition on the
    game (this turn's counts, hands, ...), or a "your turn" one whose controller is not its
    owner's for good (a control effect: the condition is read with more than one controller
    during a refresh), at every turn's start. None: a hand's size (static_pt_hand: hand changes
    write H.DIRTY while one is out), quest counters and the city's blessing (changed with a
    refresh), static_animate while its controller has nothing to animate (_animatable)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    seats = 0
    for k_static in range(n_static):
        bs = ob(G[OFF_BATTLEFIELD + G[W.STATICS + k_static]])
        sc = G[bs + O.CARD]
        if (cards[sc, CardCol.FLAGS] & CardFlag.STATIC_GAME) == 0:
            continue
        a0 = cards[sc, CardCol.AB_START]
        for a in range(a0, a0 + cards[sc, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.STATIC:
                continue
            s0 = abilities[a, AbilCol.ST_START]
            for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
                cond = steps[k, StepCol.COND]
                if cond <= Cond.IF_NOT_PROMISED or cond == Cond.SOURCE_QUEST_7:
                    continue  # (its quest counters: every change writes DIRTY_CHARS)
                if cond == Cond.CITY_BLESSING:
                    continue  # (only a refresh gives it: refresh)
                ctrl = G[bs + O.CTRL]
                if (cond == Cond.YOUR_TURN or cond == Cond.NOT_YOUR_TURN) and (
                    ctrl == G[bs + O.BASE_CTRL]
                    and G[bs + O.EOT_CTRL] == 0
                    and G[bs + O.CTRL_WHILE] == 0
                ):
                    if steps[k, StepCol.OP] != Op.STATIC_ANIMATE or _animatable(G, C, n, ctrl):
                        seats |= 1 << ctrl
                else:
                    seats |= 1 << MAX_PLAYERS
    return seats


@njit
def _animatable(G, C, n, ctrl):
    """Does ctrl control a permanent static_animate may animate, or one with another face? With
    none, its turn's start and end change nothing static_animate does; one entering (reach
    BOARD_ANIMATE_TWIN: chars_counts.board_reach) or changing control refreshes first."""
    cards = cards_of(C)
    for j in range(n):
        bt = ob(G[OFF_BATTLEFIELD + j])
        if G[bt + O.CTRL] == ctrl and (
            cards[G[bt + O.CARD], CardCol.ANIMATE_TWIN] != 0 or G[bt + O.FACE] != 0
        ):
            return True
    return False


@njit
def _hand_seats(G, C, n_static):
    """H.HAND_STATICS: bit q if a static source q controls (control settled) reads the size of
    q's hand (static_pt_hand): only q's hand changes may change what it does."""
    cards = cards_of(C)
    seats = 0
    for k_static in range(n_static):
        bs = ob(G[OFF_BATTLEFIELD + G[W.STATICS + k_static]])
        sc = G[bs + O.CARD]
        if cards[sc, CardCol.FLAGS] & CardFlag.STATIC_GAME and _reads_hand(C, sc):
            seats |= 1 << G[bs + O.CTRL]
    return seats


@njit
def _reads_hand(C, card):
    """Whether a static ability of the card reads the size of a hand (static_pt_hand)."""
    return kind_has_op(C, card, AbilityKind.STATIC, Op.STATIC_PT_HAND)


@njit
def _control_while(G, n):
    """ "Gain control of ... for as long as you control [this]" (O.CTRL_WHILE, layer 2): while
    its source is the same object on the battlefield under that player's control (its own
    control settled above), else the effect ends for good."""
    for i in range(n):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.CTRL_WHILE] == 0 or G[b + O.PHASED] != 0:
            continue
        bs = ob(G[b + O.CTRL_WHILE] - 1)
        if (
            G[bs + O.ZONE] == Zone.BATTLEFIELD
            and G[bs + O.ZCC] == G[b + O.CTRL_WHILE_ZCC]
            and G[bs + O.CTRL] == G[b + O.CTRL_WHILE_P] - 1
        ):
            G[b + O.CTRL] = G[b + O.CTRL_WHILE_P] - 1
        else:
            G[b + O.CTRL_WHILE] = 0


@njit
def _apply_statics(G, C, n, n_static):
    """Static abilities of permanents on the battlefield (the first n_static battlefield
    indices listed at W.STATICS, in timestamp order: _by_timestamp): control (layer 2), then P/T and
    abilities (layers 6-7), over the characteristics refresh just reset. Returns True if a
    layer-2 effect set a controller."""
    cards = cards_of(C)
    control_set = False
    abilities = abilities_of(C)
    steps = steps_of(C)
    # 0: control (layer 2), 1: base toughness set (7b, only once such a card entered),
    # 2: P/T and abilities (layers 6-7)
    for layer in range(3):
        if layer == 1 and not kind_seen(G, AbilityKind.OPP_BASE_TOUGHNESS):
            continue
        for k_static in range(n_static):
            s = G[OFF_BATTLEFIELD + G[W.STATICS + k_static]]
            bs = ob(s)
            sc = G[bs + O.CARD]
            if layer == 1:
                if has_kind(cards, sc, AbilityKind.OPP_BASE_TOUGHNESS):
                    apply_base_toughness(G, C, n, s)
                continue
            # a base P/T an effect set (613.4b) overrides a characteristic-defining ability's
            animated = cards[sc, CardCol.FLAGS] & CardFlag.ANIMATED
            a0 = cards[sc, CardCol.AB_START]
            for a in range(a0, a0 + cards[sc, CardCol.AB_COUNT]):
                if abilities[a, AbilCol.KIND] != AbilityKind.STATIC:
                    continue
                if abilities[a, AbilCol.LEVEL] > max(1, G[bs + O.CLASS_LEVEL]):
                    continue  # a Class's ability of a level it has not reached (716.2b)
                s0 = abilities[a, AbilCol.ST_START]
                att = attached_obj(G, s)
                for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
                    op = steps[k, StepCol.OP]
                    if layer == 0:
                        if op == Op.STATIC_CONTROL_ENCHANTED and att != NO_OBJ:
                            G[ob(att) + O.CTRL] = G[bs + O.CTRL]
                            control_set = True
                        continue
                    if op == Op.STATIC_EQUIPPED_PUMP and att != NO_OBJ:
                        G[ob(att) + O.CUR_P] += steps[k, StepCol.A]
                        G[ob(att) + O.CUR_T] += steps[k, StepCol.B]
                    elif op == Op.STATIC_EQUIPPED_PER_BASE_1 and att != NO_OBJ:
                        x = base_1_count(G, C, n, G[bs + O.CTRL])  # Sword of the Squeak
                        G[ob(att) + O.CUR_P] += x
                        G[ob(att) + O.CUR_T] += x
                    elif op == Op.STATIC_ANTHEM_PER_COUNTER:  # "for each acorn counter on it"
                        x = G[bs + O.STASH]
                        pump_mine(G, cards, n, G[bs + O.CTRL], steps[k, StepCol.C], x)
                    elif op == Op.STATIC_EQUIPPED_LOSE and att != NO_OBJ:
                        G[ob(att) + O.CUR_KW] &= ~steps[k, StepCol.A]
                    elif op == Op.STATIC_EQUIPPED_GRANT and att != NO_OBJ:
                        G[ob(att) + O.CUR_KW] |= steps[k, StepCol.A]
                    elif op == Op.STATIC_SELF:
                        # "as long as ...": the step's condition, for the source's controller
                        if cond_ok(
                            G, C, steps[k, StepCol.COND], G[bs + O.PROMISED], G[bs + O.CTRL], 0
                        ):
                            G[bs + O.CUR_P] += steps[k, StepCol.A]
                            G[bs + O.CUR_T] += steps[k, StepCol.B]
                            G[bs + O.CUR_KW] |= steps[k, StepCol.C]
                    elif op == Op.STATIC_SELF_EXILED_TYPES:
                        # "as long as there are four or more card types among cards exiled
                        # with [this]" (607.2a: this object's, not an earlier one's)
                        if popcount(exiled_with_types(G, cards, s)) >= EXILED_TYPES_NEEDED:
                            G[bs + O.CUR_P] += steps[k, StepCol.A]
                            G[bs + O.CUR_T] += steps[k, StepCol.B]
                            G[bs + O.CUR_KW] |= steps[k, StepCol.C]
                    elif op == Op.STATIC_SELF_PER_OTHER:
                        # "gets +1/+0 for each other Rat you control"
                        k_o = others_counted(G, C, n, s, steps[k, StepCol.C], -1)
                        G[bs + O.CUR_P] += k_o * steps[k, StepCol.A]
                        G[bs + O.CUR_T] += k_o * steps[k, StepCol.B]
                    elif op == Op.STATIC_SELF_PER_BASE_POWER:
                        # "gets +X/+0, where X is the number of other creatures you control
                        # with base power 1": base power, not the current one (Zinnia's ruling)
                        k_b = others_counted(G, C, n, s, 0, steps[k, StepCol.C])
                        G[bs + O.CUR_P] += k_b * steps[k, StepCol.A]
                        G[bs + O.CUR_T] += k_b * steps[k, StepCol.B]
                    elif op == Op.STATIC_PT_CREATURES and not animated:
                        # 604.3: a characteristic-defining ability (printed P/T 0/0)
                        k_cr = 0
                        for j in range(n):
                            t = G[OFF_BATTLEFIELD + j]
                            if (
                                G[ob(t) + O.CTRL] == G[bs + O.CTRL]
                                and G[ob(t) + O.PHASED] == 0
                                and cards[G[ob(t) + O.CARD], CardCol.TYPES] & CardType.CREATURE
                            ):
                                k_cr += 1
                        G[bs + O.CUR_P] += k_cr
                        if not toughness_set(G, C, s):  # 7b overrides the 7a toughness
                            G[bs + O.CUR_T] += k_cr
                    elif op == Op.STATIC_PT_LANDS and not animated:
                        # 604.3: "power and toughness are each equal to the number of lands
                        # you control" (printed P/T 0/0); A: "the number of Islands" (a
                        # WUBRG mask of basic land types, CardCol.LAND_TYPES; 0: any land)
                        k_l = 0
                        lt = steps[k, StepCol.A]
                        for j in range(n):
                            t = G[OFF_BATTLEFIELD + j]
                            tc = G[ob(t) + O.CARD]
                            if (
                                G[ob(t) + O.CTRL] == G[bs + O.CTRL]
                                and G[ob(t) + O.PHASED] == 0
                                and cards[tc, CardCol.TYPES] & CardType.LAND
                                and (lt == 0 or cards[tc, CardCol.LAND_TYPES] & lt)
                            ):
                                k_l += 1
                        G[bs + O.CUR_P] += k_l
                        if not toughness_set(G, C, s):
                            G[bs + O.CUR_T] += k_l
                    elif op == Op.STATIC_PT_HAND and not animated:
                        # 604.3: "power and toughness are each equal to the number of cards in
                        # your hand" (printed P/T 0/0; H.HAND_STATICS: hand changes write H.DIRTY)
                        k_h = G[pb(G[bs + O.CTRL]) + P.HAND_N]
                        G[bs + O.CUR_P] += k_h
                        if not toughness_set(G, C, s):
                            G[bs + O.CUR_T] += k_h
                    elif op == Op.STATIC_OPP_CREATURES:
                        if cond_ok(
                            G, C, steps[k, StepCol.COND], G[bs + O.PROMISED], G[bs + O.CTRL], 0
                        ):
                            for j in range(n):
                                t = G[OFF_BATTLEFIELD + j]
                                if (
                                    G[ob(t) + O.CTRL] != G[bs + O.CTRL]
                                    and cards[G[ob(t) + O.CARD], CardCol.TYPES] & CardType.CREATURE
                                ):
                                    G[ob(t) + O.CUR_P] += steps[k, StepCol.A]
                                    G[ob(t) + O.CUR_T] += steps[k, StepCol.B]
                    elif op == Op.STATIC_OTHERS_PROWESS:
                        grant_others_prowess(G, C, n, s)
                    elif op == Op.STATIC_COUNTERED_HAVE:
                        countered_have(G, n, G[bs + O.CTRL], steps[k, StepCol.A])
                    elif op == Op.STATIC_EQUIPPED_CREATURES:
                        # "[During your turn,] equipped creatures you control have ..."
                        if cond_ok(
                            G, C, steps[k, StepCol.COND], G[bs + O.PROMISED], G[bs + O.CTRL], 0
                        ):
                            grant_equipped(G, cards, n, G[bs + O.CTRL], steps[k, StepCol.A])
                    elif op == Op.STATIC_ATTACKING_HAVE:
                        # "Attacking creatures you control have double strike"
                        attackers_have(G, cards, n, G[bs + O.CTRL], steps[k, StepCol.A])
                    elif op == Op.STATIC_ASCEND:
                        # ascend (702.131b): ten or more permanents give the city's blessing for
                        # the rest of the game (702.131c); refresh follows every battlefield change
                        if own_permanents(G, n, G[bs + O.CTRL]) >= ASCEND_PERMANENTS:
                            G[pb(G[bs + O.CTRL]) + P.CITY_BLESSING] = 1
                    elif (
                        op == Op.STATIC_OTHERS_HAVE
                        or op == Op.STATIC_CREATURES_HAVE
                        or op == Op.STATIC_TOKEN_ANTHEM
                        or op == Op.STATIC_ANTHEM_SUBTYPES
                    ) and cond_ok(  # "Saprolings you control get +2/+2 as long as ..."
                        G, C, steps[k, StepCol.COND], G[bs + O.PROMISED], G[bs + O.CTRL], 0
                    ):
                        others_have(
                            G,
                            cards,
                            n,
                            s,
                            op,
                            steps[k, StepCol.A],
                            steps[k, StepCol.B],
                            steps[k, StepCol.C],
                        )
                    elif op == Op.STATIC_ANTHEM:
                        cond = steps[k, StepCol.COND]
                        if cond == Cond.SOURCE_QUEST_7:  # "as long as this has seven or more
                            if G[bs + O.STASH] < QUEST_COUNTERS_NEEDED:  # quest counters"
                                continue
                        elif not cond_ok(  # "as long as you control ten or more lands, ..."
                            G, C, cond, G[bs + O.PROMISED], G[bs + O.CTRL], 0
                        ):
                            continue
                        sub = steps[k, StepCol.C]
                        if sub == SUBTYPE_CHOSEN:  # "creatures of the chosen type"
                            sub = G[bs + O.CHOSEN_SUBTYPE]
                            if sub == 0:
                                continue
                        for j in range(n):
                            t = G[OFF_BATTLEFIELD + j]
                            bt = ob(t)
                            tc = G[bt + O.CARD]
                            if t == s or G[bt + O.CTRL] != G[bs + O.CTRL]:
                                continue
                            if (cards[tc, CardCol.TYPES] & CardType.CREATURE) == 0:
                                continue
                            if sub != 0 and (cards[tc, CardCol.SUBTYPES] & sub) == 0:
                                continue
                            G[bt + O.CUR_P] += steps[k, StepCol.A]
                            G[bt + O.CUR_T] += steps[k, StepCol.B]
    return control_set

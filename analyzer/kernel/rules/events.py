"""Triggered abilities: events queue pending triggers; they go on the stack before the next
priority, active player's first (APNAP, 603.3b).

``C`` is the flat catalog (kernel/rules/catalog.py). A pending trigger remembers its
source object and that object's zone-change counter, the ability row (-1 for a gift trigger),
its controller and the object that caused it. Whether a card has an ability of a kind is
``catalog.has_kind`` (two words of bits); activation restrictions are in activation.py.
The events of steps, combat and spells are in events_turn.py.
"""

from __future__ import annotations

from analyzer.enums import (
    DIES_ATTACHED,
    DIES_BY_ANY,
    DIES_BY_OPPONENT,
    DIES_FLYING,
    DIES_NONTOKEN,
    DIES_OTHER,
    DIES_WITHOUT_FLYING,
    TRIG_FILTER_ATTACKERS_AT_LEAST,
    TRIG_FILTER_POWER_SHIFT,
    TRIG_FILTER_TOUGHER,
    TRIG_FILTER_WITH_P1P1,
    TRIGGER_ANY_PERMANENT,
    TRIGGER_BATCH,
    TRIGGER_FLYING,
    TRIGGER_NONCREATURE_NONLAND,
    TRIGGER_NONTOKEN,
    TRIGGER_TOKEN,
    AbilCol,
    AbilityKind,
    CardCol,
    CardFlag,
    CardType,
    Cond,
    CounterKind,
    Keyword,
    Op,
    StepCol,
    Subtype,
    XCount,
)
from analyzer.kernel.layout import (
    DIRTY_ALL,
    OFF_BATTLEFIELD,
    SK_ABILITY,
    SK_GIFT,
    H,
    O,
    P,
)
from analyzer.kernel.player.ai_colors import color_choice
from analyzer.kernel.player.ai_types import creature_type_choice
from analyzer.kernel.rules.catalog import abilities_of, cards_of, has_kind, steps_of
from analyzer.kernel.rules.conditions import (  # noqa: F401 (cond_holds, cond_ok re-exported)
    cond_holds,
    cond_ok,
    land_cond_ok,
)
from analyzer.kernel.rules.gamelog import log_enters_with_p1p1
from analyzer.kernel.rules.life_draw import draw_cards
from analyzer.kernel.rules.state import (
    attached_obj,
    queue_trigger,
    trigger_pending,
)
from analyzer.kernel.rules.statics_global import counters_put
from analyzer.kernel.rules.view import (
    creatures_of,
    graveyard_at,
    kind_seen,
    ob,
    own_at,
    own_n,
    pb,
)
from analyzer.kernel.runtime.config import njit


@njit
def _fire_own(G, C, o, kind, ctrl, trig_obj):
    """Queue o's abilities of this kind (intervening-if checked now, and again on resolution)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    card = G[ob(o) + O.CARD]
    if not has_kind(cards, card, kind):
        return
    a0 = cards[card, CardCol.AB_START]
    promised = G[ob(o) + O.PROMISED]
    keep_src = G[H.TARGET_SRC]
    G[H.TARGET_SRC] = o + 1  # the source whose condition is checked ("another creature ...")
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] == kind and (
            abilities[a, AbilCol.COND] == Cond.ALWAYS
            or cond_ok(G, C, abilities[a, AbilCol.COND], promised, ctrl, 0)
        ):
            queue_trigger(G, o, a, ctrl, trig_obj, SK_ABILITY)
    G[H.TARGET_SRC] = keep_src


@njit
def _enters_with(G, C, o, ctrl):
    """ "Enters with N counters [if ...]" is a replacement effect (614.1c): applied as o enters,
    before any enters trigger, never on the stack."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    card = G[ob(o) + O.CARD]
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] != AbilityKind.ENTERS_WITH:
            continue
        cond = abilities[a, AbilCol.COND]
        if cond >= Cond.NOT_CONTROL_LAND_TYPES and cond <= Cond.THREE_OTHER_LANDS:
            if not land_cond_ok(G, C, cond, abilities[a, AbilCol.COND_SUBTYPES], ctrl, o):
                continue
        elif not cond_ok(G, C, cond, G[ob(o) + O.PROMISED], ctrl, 0):
            continue
        s0 = abilities[a, AbilCol.ST_START]
        for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
            if steps[k, StepCol.OP] == Op.TAP:  # "enters tapped [if ...]"
                G[ob(o) + O.TAPPED] = 1
            elif steps[k, StepCol.OP] == Op.CHOOSE_CREATURE_TYPE:  # "As this enters, choose"
                G[ob(o) + O.CHOSEN_SUBTYPE] = creature_type_choice(G, C, ctrl)
                G[H.DIRTY] = DIRTY_ALL  # statics that read the chosen type
            elif steps[k, StepCol.OP] == Op.CHOOSE_COLOR:  # "As this enters, choose a color"
                # "choose a color other than white" (a Thriving land): not its fixed colors
                G[ob(o) + O.CHOSEN_COLOR] = color_choice(
                    G, C, ctrl, cards[card, CardCol.LAND_COLORS] & 31
                )
            elif steps[k, StepCol.OP] == Op.ADD_P1P1_X:  # ravenous: "enters with X counters"
                x = G[ob(o) + O.X_PAID]
                if steps[k, StepCol.A] == XCount.CREATURES_YOU_CONTROL:
                    x = creatures_of(G, cards, ctrl, 0)  # "one plus the other creatures you
                    # control": o is on the battlefield already, so it counts as the one
                if x > 0:
                    x = counters_put(G, C, ctrl, x)
                    G[ob(o) + O.P1P1] += x
                    log_enters_with_p1p1(G, ctrl, o, x)
                    G[ob(o) + O.CUR_P] += x
                    G[H.DIRTY] = DIRTY_ALL  # (entering may not have: state.board_inert)
                    fire_p1p1_put(G, C, ctrl, o)
            elif steps[k, StepCol.A] == CounterKind.P1P1:  # add_counters (loader-checked)
                m = counters_put(G, C, ctrl, steps[k, StepCol.B])
                G[ob(o) + O.P1P1] += m
                log_enters_with_p1p1(G, ctrl, o, m)
                G[ob(o) + O.CUR_P] += m
                G[H.DIRTY] = DIRTY_ALL
                fire_p1p1_put(G, C, ctrl, o)
            elif steps[k, StepCol.A] == CounterKind.STASH:  # vanishing's time counters
                G[ob(o) + O.STASH] += counters_put(G, C, ctrl, steps[k, StepCol.B])
                G[H.DIRTY] = DIRTY_ALL  # (read by "permanents with counters have ...")
            else:
                G[ob(o) + O.STUN] += counters_put(G, C, ctrl, steps[k, StepCol.B])
                G[H.DIRTY] = DIRTY_ALL
    if kind_seen(G, AbilityKind.OTHERS_ENTER_P1P1) and cards[card, CardCol.TYPES] & (
        CardType.CREATURE
    ):
        n = _others_enter_p1p1(G, C, o, ctrl)
        if n > 0:  # "Other creatures you control enter with an additional +1/+1 counter"
            n = counters_put(G, C, ctrl, n)
            G[ob(o) + O.P1P1] += n
            log_enters_with_p1p1(G, ctrl, o, n)
            G[ob(o) + O.CUR_P] += n
            G[H.DIRTY] = DIRTY_ALL
            fire_p1p1_put(G, C, ctrl, o)


@njit
def _others_enter_p1p1(G, C, o, ctrl):
    """The +1/+1 counters creature o enters with from the static_others_enter_p1p1 abilities of
    the other permanents ctrl controls (614.1c). Only a permanent that was on the battlefield
    before o counts (its ruling: creatures that enter with it get none)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    lost = 0  # "for each opponent who lost life this turn" (lost, not the net change)
    for q in range(G[H.NPLAYERS]):
        if q != ctrl and G[pb(q) + P.LIFE_LOST_TURN] > 0:
            lost += 1
    total = 0
    for i in range(G[H.BF_N]):
        q = G[OFF_BATTLEFIELD + i]
        bq = ob(q)
        if q == o or G[bq + O.CTRL] != ctrl or G[bq + O.PHASED]:
            continue
        if G[bq + O.TIMESTAMP] >= G[ob(o) + O.TIMESTAMP]:
            continue
        qc = G[bq + O.CARD]
        if not has_kind(cards, qc, AbilityKind.OTHERS_ENTER_P1P1):
            continue
        a0 = cards[qc, CardCol.AB_START]
        for a in range(a0, a0 + cards[qc, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.STATIC:
                continue
            if abilities[a, AbilCol.LEVEL] > max(1, G[bq + O.CLASS_LEVEL]):
                continue
            s0 = abilities[a, AbilCol.ST_START]
            for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
                if (
                    steps[k, StepCol.OP] == Op.STATIC_OTHERS_ENTER_P1P1
                    and (steps[k, StepCol.C] & cards[G[ob(o) + O.CARD], CardCol.SUBTYPES]) == 0
                ):  # c: "each other non-Human creature" (Grumgully)
                    total += steps[k, StepCol.A] * (lost if steps[k, StepCol.B] == 1 else 1)
    return total


@njit
def fire_p1p1_put(G, C, p, o):
    """p put one or more +1/+1 counters on o: "Whenever you put one or more +1/+1 counters on a
    creature you control" of p's permanents, if p controls the creature o (122.6: counters it
    enters with count)."""
    if not kind_seen(G, AbilityKind.P1P1_COUNTERS_PUT):
        return
    cards = cards_of(C)
    if G[ob(o) + O.CTRL] != p or (cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0:
        return
    fire_controller_event(G, C, p, AbilityKind.P1P1_COUNTERS_PUT, o)


@njit
def fire_enters(G, C, o):
    """o entered the battlefield: its own ETB abilities, its gift trigger (702.174b) if its
    gift was promised, and other permanents' "another creature you control enters" triggers."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    ctrl = G[ob(o) + O.CTRL]
    _enters_with(G, C, o, ctrl)
    _fire_own(G, C, o, AbilityKind.ETB, ctrl, o)
    if G[ob(o) + O.OFFSPRING] & 1:  # 702.175a: "when this enters, if its offspring cost
        _fire_own(G, C, o, AbilityKind.OFFSPRING, ctrl, o)  # was paid, create a copy"
    if G[ob(o) + O.OFFSPRING] >> 1:  # the offspring its spell gained as it was cast (a
        # GRANT_OFFSPRING row, paid): the permanent has it and it triggers the same way
        queue_trigger(G, o, (G[ob(o) + O.OFFSPRING] >> 1) - 1, ctrl, o, SK_ABILITY)
    card = G[ob(o) + O.CARD]
    if G[ob(o) + O.PROMISED] == 1 and cards[card, CardCol.GIFT_KIND] != 0:
        queue_trigger(G, o, -1, ctrl, o, SK_GIFT)
    if kind_seen(G, AbilityKind.OTHER_CREATURE_ENTERS):
        sub = cards[card, CardCol.SUBTYPES]
        creature = cards[card, CardCol.TYPES] & CardType.CREATURE
        for i in range(G[H.BF_N]):
            q = G[OFF_BATTLEFIELD + i]
            if q == o or G[ob(q) + O.CTRL] != ctrl or G[ob(q) + O.PHASED]:
                continue
            qc = G[ob(q) + O.CARD]
            if not has_kind(cards, qc, AbilityKind.OTHER_CREATURE_ENTERS):
                continue
            a0 = cards[qc, CardCol.AB_START]
            for a in range(a0, a0 + cards[qc, CardCol.AB_COUNT]):
                if abilities[a, AbilCol.KIND] != AbilityKind.OTHER_CREATURE_ENTERS:
                    continue
                # "another [nontoken] [Bird, Frog, ...] you control": TRIG_PARAM filters
                tp = abilities[a, AbilCol.TRIG_PARAM]
                want = tp & (TRIGGER_NONTOKEN - 1)  # (the flag bits are above it)
                if tp & TRIGGER_TOKEN:
                    # "Whenever one or more tokens you control enter" (a token of any type)
                    if G[ob(o) + O.TOKEN] == 0 or trigger_pending(G, q, a):
                        continue
                elif tp & TRIGGER_NONCREATURE_NONLAND:
                    # "one or more noncreature, nonland permanents you control enter": one
                    # trigger for the entries before the next priority (the same event)
                    if (
                        creature
                        or cards[card, CardCol.TYPES] & CardType.LAND
                        or trigger_pending(G, q, a)
                    ):
                        continue
                elif (
                    (creature == 0 and (tp & TRIGGER_ANY_PERMANENT) == 0)
                    or (want != 0 and (sub & want) == 0)
                    or (tp & TRIGGER_NONTOKEN and G[ob(o) + O.TOKEN])
                    or (tp & TRIGGER_FLYING and (G[ob(o) + O.CUR_KW] & Keyword.FLYING) == 0)
                    or (
                        abilities[a, AbilCol.TRIG_FILTER] & TRIG_FILTER_TOUGHER
                        and not _tougher(G, o)
                    )
                    or (tp & TRIGGER_BATCH and trigger_pending(G, q, a))
                ):
                    continue
                if abilities[a, AbilCol.COND] == Cond.ALWAYS or cond_ok(
                    G, C, abilities[a, AbilCol.COND], G[ob(q) + O.PROMISED], ctrl, 0
                ):
                    if abilities[a, AbilCol.ONCE_EACH_TURN]:  # "only once each turn"
                        if G[ob(q) + O.ONCE_TURN] == G[H.TURN]:
                            continue
                        G[ob(q) + O.ONCE_TURN] = G[H.TURN]
                    queue_trigger(G, q, a, ctrl, o, SK_ABILITY)
    if cards[card, CardCol.TYPES] & CardType.LAND:
        fire_controller_event(G, C, ctrl, AbilityKind.LANDFALL, o)


@njit
def _tougher(G, o):
    """ "another creature you control with toughness greater than its power enters": its
    printed (or token) values as it enters (counters and anthems that raise both alike do not
    change the comparison)."""
    b = ob(o)
    return G[b + O.BASE_T] > G[b + O.BASE_P]


@njit
def fire_dies(G, C, o, ctrl):
    """o is about to be put into a graveyard from the battlefield (look-back, 603.10a): its own
    dies triggers, then the "whenever a creature dies" triggers of the permanents on the
    battlefield, o itself included ("this creature or another creature you control")."""
    if has_kind(cards_of(C), G[ob(o) + O.CARD], AbilityKind.DIES):
        _fire_own(G, C, o, AbilityKind.DIES, ctrl, o)
    if kind_seen(G, AbilityKind.CREATURE_DIES):
        _fire_creature_dies(G, C, o, ctrl)


@njit
def fire_to_graveyard(G, C, o, ctrl):
    """Noncreature permanent o is about to be put into a graveyard from the battlefield: its
    own "When this artifact is put into a graveyard from the battlefield" abilities (written
    as `dies`: the same event, 700.4)."""
    if has_kind(cards_of(C), G[ob(o) + O.CARD], AbilityKind.DIES):
        _fire_own(G, C, o, AbilityKind.DIES, ctrl, o)


@njit
def _fire_creature_dies(G, C, o, ctrl):
    """ "Whenever a creature you control / an opponent controls / another [nontoken] creature
    dies": every permanent whose ability watches creature o, controlled by ctrl as it last
    existed. Called before o moves; the state-based actions and destroy_all call it for every
    creature of one event before any moves, so creatures dying together see each other."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    token = G[ob(o) + O.TOKEN]
    for i in range(G[H.BF_N]):
        q = G[OFF_BATTLEFIELD + i]
        b = ob(q)
        if G[b + O.PHASED]:
            continue
        qc = G[b + O.CARD]
        if not has_kind(cards, qc, AbilityKind.CREATURE_DIES):
            continue
        qctrl = G[b + O.CTRL]
        a0 = cards[qc, CardCol.AB_START]
        for a in range(a0, a0 + cards[qc, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.CREATURE_DIES:
                continue
            tp = abilities[a, AbilCol.TRIG_PARAM]
            if (
                (tp & DIES_BY_ANY == 0 and (tp & DIES_BY_OPPONENT != 0) == (qctrl == ctrl))
                or (tp & DIES_OTHER and q == o)
                or (tp & DIES_NONTOKEN and token)
                or (tp & DIES_ATTACHED and attached_obj(G, q) != o)
                or (tp & DIES_FLYING and (G[ob(o) + O.CUR_KW] & Keyword.FLYING) == 0)
                or (tp & DIES_WITHOUT_FLYING and G[ob(o) + O.CUR_KW] & Keyword.FLYING)
            ):
                continue
            if abilities[a, AbilCol.COND] == Cond.ALWAYS or cond_ok(
                G, C, abilities[a, AbilCol.COND], G[b + O.PROMISED], qctrl, 0
            ):
                if abilities[a, AbilCol.ONCE_EACH_TURN]:  # "triggers only once each turn"
                    if G[b + O.ONCE_TURN] == G[H.TURN]:
                        continue
                    G[b + O.ONCE_TURN] = G[H.TURN]
                queue_trigger(G, q, a, qctrl, o, SK_ABILITY)


@njit
def fire_level_reached(G, C, o, level):
    """ "When this Class becomes level N" (716.2c): o's abilities for exactly this level."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    card = G[ob(o) + O.CARD]
    if not has_kind(cards, card, AbilityKind.LEVEL_REACHED):
        return
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if (
            abilities[a, AbilCol.KIND] == AbilityKind.LEVEL_REACHED
            and abilities[a, AbilCol.LEVEL] == level
        ):
            queue_trigger(G, o, a, G[ob(o) + O.CTRL], o, SK_ABILITY)


@njit
def _attackers(G, C, p):
    """How many creatures p attacks with."""
    cards = cards_of(C)
    n = 0
    for i in range(own_n(G, p)):
        b = ob(own_at(G, p, i))
        if G[b + O.ATTACKING] and cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE:
            n += 1
    return n


@njit
def _attacks_with(G, C, p, subtypes):
    """Is one of p's attacking creatures of one of these subtypes?"""
    cards = cards_of(C)
    for i in range(own_n(G, p)):
        b = ob(own_at(G, p, i))
        if G[b + O.ATTACKING] and cards[G[b + O.CARD], CardCol.SUBTYPES] & subtypes:
            return True
    return False


@njit
def _attacker_fits(G, C, o, tp, filt):
    """Does attacker o meet a creature_attacks trigger's TRIG_PARAM (a Subtype mask, 0 = any)
    and TRIG_FILTER (TRIG_FILTER_WITH_P1P1: it has a +1/+1 counter)?"""
    sub = tp & (TRIGGER_NONTOKEN - 1)
    if sub != 0 and (cards_of(C)[G[ob(o) + O.CARD], CardCol.SUBTYPES] & sub) == 0:
        return False
    return (filt & TRIG_FILTER_WITH_P1P1) == 0 or G[ob(o) + O.P1P1] > 0


@njit
def draw_cards_firing(G, C, p, n):
    """Player p draws n cards (life_draw.draw_cards) and "Whenever you draw a card" triggers once
    for each card drawn (121.2: cards are drawn one at a time)."""
    before = G[pb(p) + P.CARDS_DRAWN]
    draw_cards(G, p, n)
    if kind_seen(G, AbilityKind.YOU_DRAW):
        for _ in range(G[pb(p) + P.CARDS_DRAWN] - before):
            fire_controller_event(G, C, p, AbilityKind.YOU_DRAW, -1)


@njit
def fire_controller_event(G, C, p, kind, trig_obj):
    """Every permanent p controls with an ability of this kind triggers (gift given, life gain
    or change, upkeep, landfall), its intervening "if" permitting (603.4). "Whenever you
    attack" also reaches the cards in p's graveyard whose ability works from there."""
    if kind == AbilityKind.YOU_ATTACK:
        fire_you_attack_graveyard(G, C, p)
    if not kind_seen(G, kind):
        return  # no permanent with such an ability ever entered the battlefield
    cards = cards_of(C)
    abilities = abilities_of(C)
    for i in range(own_n(G, p)):  # (queues triggers only: nothing moves)
        q = own_at(G, p, i)
        if G[ob(q) + O.PHASED]:
            continue
        qc = G[ob(q) + O.CARD]
        if not has_kind(cards, qc, kind):
            continue
        a0 = cards[qc, CardCol.AB_START]
        for a in range(a0, a0 + cards[qc, CardCol.AB_COUNT]):
            if kind == AbilityKind.YOU_ATTACK and (
                abilities[a, AbilCol.FROM_GRAVEYARD]  # (works from the graveyard only)
                or (
                    abilities[a, AbilCol.TRIG_PARAM] != 0
                    and not _attacks_with(G, C, p, abilities[a, AbilCol.TRIG_PARAM])
                )
            ):
                continue  # "whenever you attack with one or more Lizards"
            if (
                kind == AbilityKind.YOU_ATTACK
                and abilities[a, AbilCol.TRIG_FILTER] & TRIG_FILTER_ATTACKERS_AT_LEAST
                and _attackers(G, C, p)
                < (abilities[a, AbilCol.TRIG_FILTER] >> TRIG_FILTER_POWER_SHIFT) & 255
            ):
                continue  # "whenever you attack with two or more creatures"
            if kind == AbilityKind.CREATURE_ATTACKS and not _attacker_fits(
                G, C, trig_obj, abilities[a, AbilCol.TRIG_PARAM], abilities[a, AbilCol.TRIG_FILTER]
            ):
                continue  # "a creature you control with a +1/+1 counter on it", "a Bat"
            if kind == AbilityKind.CREATURE_COMBAT_DAMAGE and abilities[a, AbilCol.TRIG_PARAM]:
                # "Whenever one or more Birds you control deal combat damage to a player": one
                # trigger for the creatures of one combat damage step
                tp = abilities[a, AbilCol.TRIG_PARAM]
                want = tp & (TRIGGER_NONTOKEN - 1)
                if want != 0 and (cards[G[ob(trig_obj) + O.CARD], CardCol.SUBTYPES] & want) == 0:
                    continue
                if tp & TRIGGER_TOKEN and G[ob(trig_obj) + O.TOKEN] == 0:
                    continue  # "Whenever a creature token you control deals combat damage"
                if tp & TRIGGER_BATCH and trigger_pending(G, q, a):
                    continue
            if abilities[a, AbilCol.KIND] == kind and (
                abilities[a, AbilCol.COND] == Cond.ALWAYS
                or cond_ok(G, C, abilities[a, AbilCol.COND], G[ob(q) + O.PROMISED], p, 0)
            ):
                if abilities[a, AbilCol.ONCE_EACH_TURN]:  # "triggers only once each turn"
                    if G[ob(q) + O.ONCE_TURN] == G[H.TURN]:
                        continue
                    G[ob(q) + O.ONCE_TURN] = G[H.TURN]
                queue_trigger(G, q, a, p, trig_obj, SK_ABILITY)


@njit
def fire_you_attack_graveyard(G, C, p):
    """ "Whenever you attack with one or more Rats, ... return this from your graveyard": the
    you_attack abilities of the cards in p's graveyard that work from there."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    for i in range(G[pb(p) + P.GY_N]):
        o = graveyard_at(G, p, i)
        card = G[ob(o) + O.CARD]
        if (cards[card, CardCol.FLAGS] & CardFlag.GRAVEYARD_TRIGGER) == 0:
            continue
        a0 = cards[card, CardCol.AB_START]
        for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
            if (
                abilities[a, AbilCol.KIND] != AbilityKind.YOU_ATTACK
                or abilities[a, AbilCol.FROM_GRAVEYARD] == 0
                or (
                    abilities[a, AbilCol.TRIG_PARAM] != 0
                    and not _attacks_with(G, C, p, abilities[a, AbilCol.TRIG_PARAM])
                )
            ):
                continue
            if abilities[a, AbilCol.COND] == Cond.ALWAYS or cond_ok(
                G, C, abilities[a, AbilCol.COND], 0, p, 0
            ):
                queue_trigger(G, o, a, p, -1, SK_ABILITY)


@njit
def fire_sacrificed(G, C, o):
    """ "When you sacrifice this": o is being sacrificed (as a cost or by an effect)."""
    if has_kind(cards_of(C), G[ob(o) + O.CARD], AbilityKind.SACRIFICED):
        _fire_own(G, C, o, AbilityKind.SACRIFICED, G[ob(o) + O.CTRL], o)
    fire_you_sacrifice(G, cards_of(C), abilities_of(C), o)


@njit
def fire_you_sacrifice(G, cards, abilities, o):
    """ "Whenever you sacrifice a permanent" / "Whenever you sacrifice one or more Foods"
    (YOU_SACRIFICE): the abilities of the permanents o's controller controls, o
    itself included (a leaves-the-battlefield trigger looks back, 603.10a: called before o
    moves). TRIG_PARAM: the Subtype mask o must have (0: any) and TRIGGER_BATCH ("one or
    more": one trigger for the permanents sacrificed before it goes on the stack); TRIG_FILTER:
    the CardType mask o must have one of ("an artifact or creature"; 0: any)."""
    if not kind_seen(G, AbilityKind.YOU_SACRIFICE):
        return
    p = G[ob(o) + O.CTRL]
    for i in range(own_n(G, p)):
        q = own_at(G, p, i)
        if G[ob(q) + O.PHASED]:
            continue
        qc = G[ob(q) + O.CARD]
        if not has_kind(cards, qc, AbilityKind.YOU_SACRIFICE):
            continue
        a0 = cards[qc, CardCol.AB_START]
        for a in range(a0, a0 + cards[qc, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.YOU_SACRIFICE:
                continue
            tp = abilities[a, AbilCol.TRIG_PARAM]
            want = tp & (TRIGGER_NONTOKEN - 1)
            if want != 0 and (cards[G[ob(o) + O.CARD], CardCol.SUBTYPES] & want) == 0:
                continue
            types = abilities[a, AbilCol.TRIG_FILTER]  # "an artifact or creature": CardType bits
            if types != 0 and (cards[G[ob(o) + O.CARD], CardCol.TYPES] & types) == 0:
                continue
            if tp & TRIGGER_BATCH and trigger_pending(G, q, a):
                continue
            queue_trigger(G, q, a, p, o, SK_ABILITY)


@njit
def fire_food_to_graveyard(G, C, o):
    """ "Whenever a Food is put into a graveyard from the battlefield" (FOOD_TO_GRAVEYARD):
    o, a Food (any player's), is about to be put there; the abilities of the
    permanents on the battlefield, each for its controller (a leaves-the-battlefield trigger
    looks back, 603.10a: called before o moves; a Food token goes there too, 111.7)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    if (cards[G[ob(o) + O.CARD], CardCol.SUBTYPES] & Subtype.FOOD) == 0:
        return
    for i in range(G[H.BF_N]):
        q = G[OFF_BATTLEFIELD + i]
        if G[ob(q) + O.PHASED]:
            continue
        qc = G[ob(q) + O.CARD]
        if (cards[qc, CardCol.FLAGS] & CardFlag.FOOD_TRIGGER) == 0:
            continue
        a0 = cards[qc, CardCol.AB_START]
        for a in range(a0, a0 + cards[qc, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] == AbilityKind.FOOD_TO_GRAVEYARD:
                queue_trigger(G, q, a, G[ob(q) + O.CTRL], o, SK_ABILITY)


@njit
def fire_sacrificed_for_mana(G, cards, abilities, o):
    """A mana source sacrificed to pay a cost (a Treasure) is sacrificed like any other: its
    "when you sacrifice this" abilities trigger (the mana payer has the tables, not the
    catalog: an intervening "if" is checked as the trigger goes on the stack, 603.4)."""
    fire_you_sacrifice(G, cards, abilities, o)
    card = G[ob(o) + O.CARD]
    if not has_kind(cards, card, AbilityKind.SACRIFICED):
        return
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] == AbilityKind.SACRIFICED:
            queue_trigger(G, o, a, G[ob(o) + O.CTRL], o, SK_ABILITY)


@njit
def fire_gift_given(G, C, p, source):
    """702.174c: p gave a gift (their gift spell resolved, or their gift trigger resolved),
    whether or not the gift did anything."""
    n0 = G[H.TRIG_N]
    fire_controller_event(G, C, p, AbilityKind.GIFT_GIVEN, source)
    G[pb(p) + P.GIFT_TRIGGERS] += G[H.TRIG_N] - n0  # the per-game counter (issue 4, item 6)

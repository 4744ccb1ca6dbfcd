"""Putting pending triggers on the stack (603.3) and resolving the top of the stack (608),
ward included.

Resolution (608): a spell or ability whose targets are all illegal does not resolve (no gift,
nothing else). An instant or sorcery with its gift promised gives the gift first (702.174j); a
permanent spell enters and its gift trigger is one of its enters triggers (702.174b).
"""

from __future__ import annotations

from analyzer.enums import (
    TRIG_FILTER_EVOLVE,
    TRIG_FILTER_POWER_AT_LEAST,
    TRIG_FILTER_POWER_SHIFT,
    AbilCol,
    AbilityKind,
    CardCol,
    CardType,
    Event,
    Keyword,
    UnlessCost,
    Zone,
)
from analyzer.kernel.layout import (
    DIRTY_ALL,
    DIRTY_CHARS,
    EXILE_AT_END_AB,
    EXILE_TAG,
    MAX_BATTLEFIELD,
    MAX_TARGETS,
    OFF_STACK,
    OFF_TRIGGERS,
    RETURN_FLYING,
    SF,
    SK_ABILITY,
    SK_DELAYED,
    SK_GIFT,
    SK_SPELL,
    SK_WARD,
    TF,
    H,
    O,
    P,
    S,
    T,
    W,
)
from analyzer.kernel.player.ai_modes import NO_MODE, pick_mode
from analyzer.kernel.player.choices import discard_choice, flicker_wanted, food_choice
from analyzer.kernel.rules.actions import count_undelivered, give_gift, lose_life_event
from analyzer.kernel.rules.activation import class_level
from analyzer.kernel.rules.catalog import abilities_of, cards_of
from analyzer.kernel.rules.chars import refresh
from analyzer.kernel.rules.effects import run_steps
from analyzer.kernel.rules.effects_season import damage_for_exiled
from analyzer.kernel.rules.events import cond_ok, fire_enters, fire_gift_given, fire_p1p1_put
from analyzer.kernel.rules.events_turn import fire_targeted
from analyzer.kernel.rules.gamelog import log_enters_with_p1p1, log_event, log_targets
from analyzer.kernel.rules.mana import pay
from analyzer.kernel.rules.sba import sacrifice
from analyzer.kernel.rules.stack import (
    WARD_COST_DISCARD,
    WARD_COST_FOOD,
    WARD_COST_LIFE2,
    queue_ward,
)
from analyzer.kernel.rules.stackbase import push_entry, remove_entry
from analyzer.kernel.rules.state import (
    ERR_BATTLEFIELD,
    attach,
    move_object,
    overflow,
    put_onto_battlefield,
)
from analyzer.kernel.rules.statics_global import counters_put
from analyzer.kernel.rules.target_choice import choose_targets
from analyzer.kernel.rules.targets import any_legal_target
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def _resolve_ward(G, C, ward, target_obj, target_zcc, cost):
    """A ward trigger (of the permanent ward) resolves: the spell or ability it names, if
    still on the stack, is countered unless its controller pays. Paying is that player's
    choice (they may decline); the built-in player pays whenever it can (it chose that
    target). The log's PAY row says whether it paid."""
    cards = cards_of(C)
    for i in range(G[H.STACK_N] - 1, -1, -1):
        e = OFF_STACK + i * SF
        k = G[e + S.KIND]
        if (
            (k != SK_SPELL and k != SK_ABILITY)
            or G[e + S.OBJ] != target_obj
            or G[e + S.ZCC] != target_zcc
        ):
            continue
        payer = G[e + S.CTRL]
        if cost == WARD_COST_LIFE2:
            # "Ward—Pay 2 life" (119.4: only with 2 or more life; the built-in player pays
            # unless it would lose the game by it)
            if G[pb(payer) + P.LIFE] > 2:
                log_event(G, Event.PAY, payer, ward, target_obj, UnlessCost.LIFE, 2, 1)
                lose_life_event(G, C, payer, 2)
                return
            log_event(G, Event.PAY, payer, ward, target_obj, UnlessCost.LIFE, 2, 0)
        elif cost == WARD_COST_DISCARD:
            # "Ward—Discard a card." (the built-in player discards its least valuable card
            # whenever it holds one: it chose that target)
            w = discard_choice(G, C, payer, False)
            paid = 1 if w >= 0 else 0
            log_event(G, Event.PAY, payer, ward, target_obj, UnlessCost.DISCARD, 0, paid)
            if paid:
                move_object(G, cards, w, Zone.GRAVEYARD)
                return
        elif cost == WARD_COST_FOOD:
            # "Ward—Sacrifice a Food." (the built-in player sacrifices its least valuable
            # Food whenever it controls one: it chose that target)
            w = food_choice(G, C, payer)
            paid = 1 if w >= 0 else 0
            log_event(G, Event.PAY, payer, ward, target_obj, UnlessCost.FOOD, 0, paid)
            if paid:
                sacrifice(G, C, w)
                return
        else:
            paid = 1 if pay(G, C, payer, cost, (0, 0, 0, 0, 0), False) else 0
            log_event(G, Event.PAY, payer, ward, target_obj, UnlessCost.MANA, cost, paid)
            if paid:
                return
        if k == SK_SPELL:
            count_undelivered(G, G[e + S.PROMISED], G[e + S.CTRL])
            remove_entry(G, i)
            move_object(G, cards, target_obj, Zone.GRAVEYARD)  # (a copy ceases to exist)
        else:
            remove_entry(G, i)
        return


@njit
def _trigger_to_stack(G, C, t):
    """Put pending trigger t on the stack (targets chosen now); False if it is removed."""
    abilities = abilities_of(C)
    o = G[t + T.OBJ]
    ab = G[t + T.AB]
    ctrl = G[t + T.CTRL]
    kind = G[t + T.KIND]
    slots = G[W.TSLOTS : W.TSLOTS + MAX_TARGETS]
    zccs = G[W.TZCCS : W.TZCCS + MAX_TARGETS]
    for i in range(MAX_TARGETS):
        slots[i] = -1
        zccs[i] = 0
    if kind == SK_GIFT or kind == SK_DELAYED:
        push_entry(
            G,
            kind,
            o,
            G[ob(o) + O.CARD],
            ab,
            ctrl,
            1,
            G[t + T.RECIPIENT],
            slots,
            zccs,
            G[t + T.TRIG_OBJ],
            G[t + T.ZCC],
        )
        log_event(G, Event.TRIGGER, ctrl, o, G[t + T.TRIG_OBJ], ab, kind, -1)
        return True
    if kind == SK_WARD:
        i = push_entry(
            G,
            kind,
            o,
            G[ob(o) + O.CARD],
            -1,
            ctrl,
            0,
            -1,
            slots,
            zccs,
            G[t + T.TRIG_OBJ],
            G[t + T.TRIG_ZCC],
        )
        if i >= 0:
            G[OFF_STACK + i * SF + S.X] = ab  # the ward cost
        # a: -1, no ability row (the cost is the entry's S.X); obj2: the spell or ability
        # that targeted o
        log_event(G, Event.TRIGGER, ctrl, o, G[t + T.TRIG_OBJ], -1, kind, -1)
        return True
    if abilities[ab, AbilCol.LEVEL] > class_level(G, o):
        return False  # a Class's ability of a level it has not reached (716.2b)
    filt = abilities[ab, AbilCol.TRIG_FILTER]
    if filt & TRIG_FILTER_POWER_AT_LEAST:
        # "Whenever a creature you control with power N or greater enters": its power on the
        # battlefield with the effects that apply to it (603.6a), which nothing could change
        # between its entering and now (last known if it already left)
        if G[H.DIRTY] & DIRTY_CHARS:
            refresh(G, C)
        if G[ob(G[t + T.TRIG_OBJ]) + O.CUR_P] < filt >> TRIG_FILTER_POWER_SHIFT:
            return False
    if filt & TRIG_FILTER_EVOLVE and not evolves(G, C, o, G[t + T.TRIG_OBJ]):
        return False  # evolve's intervening if (702.100a, 603.4)
    promised = G[t + T.PROMISED]
    G[H.TARGET_SRC] = o + 1  # its targets', and its condition's, source
    G[H.TARGET_TRIG] = G[t + T.TRIG_OBJ] + 1 if G[t + T.TRIG_OBJ] >= 0 else 0
    if not _while_only(abilities, ab) and not cond_ok(
        G, C, abilities[ab, AbilCol.COND], promised, ctrl, 0
    ):
        return False
    ab = pick_mode(G, C, ab, ctrl, promised)  # 603.3c: a modal trigger's mode, chosen now
    if ab == NO_MODE:
        return False  # 603.3c: no mode can be chosen, the ability is removed
    if not choose_targets(G, C, ab, ctrl, promised, slots, zccs):
        return False  # 603.3d: no legal targets, the ability is removed
    i = push_entry(
        G,
        SK_ABILITY,
        o,
        G[ob(o) + O.CARD],
        ab,
        ctrl,
        promised,
        -1,
        slots,
        zccs,
        G[t + T.TRIG_OBJ],
        G[t + T.ZCC],
    )
    if i >= 0:
        G[OFF_STACK + i * SF + S.X] = G[t + T.TRIG_ZCC]  # its event's amount ("that many")
    log_event(G, Event.TRIGGER, ctrl, o, G[t + T.TRIG_OBJ], ab, SK_ABILITY, -1)
    log_targets(G, o, slots)
    fire_targeted(G, C, ctrl, slots)
    queue_ward(G, C, ctrl, slots)
    return True


@njit
def _while_only(abilities, ab):
    """ "Whenever this attacks while ...": a trigger condition, checked only as it triggers (not
    an intervening if, 603.4); an activated ability's COND is an activation restriction
    ("Activate only if ...", 602.5b), checked only as it is activated."""
    return abilities[ab, AbilCol.KIND] == AbilityKind.ACTIVATED or (
        abilities[ab, AbilCol.KIND] == AbilityKind.ATTACKS
        and abilities[ab, AbilCol.TRIG_PARAM] == 1
    )


@njit
def put_triggers_on_stack(G, C):
    """APNAP (603.3b): the active player's triggers go on the stack first (resolve last). Each
    controller puts gift triggers first, so they resolve after that controller's other
    triggers (the default ordering heuristic: the opponent's gift comes as late as possible)."""
    n = G[H.TRIG_N]
    if n == 0:
        return
    np_ = G[H.NPLAYERS]
    active = G[H.ACTIVE]
    for k in range(np_):
        p = (active + k) % np_
        for pass_gift in range(2):
            for i in range(n):
                t = OFF_TRIGGERS + i * TF
                if G[t + T.CTRL] != p:
                    continue
                is_gift = G[t + T.KIND] == SK_GIFT
                if (pass_gift == 0) != is_gift:
                    continue
                _trigger_to_stack(G, C, t)
    # triggers that triggered while these went on the stack (ward, valiant) wait for the
    # next time a player would receive priority
    m = G[H.TRIG_N]
    for i in range(n, m):
        for f in range(TF):
            G[OFF_TRIGGERS + (i - n) * TF + f] = G[OFF_TRIGGERS + i * TF + f]
    G[H.TRIG_N] = m - n


@njit
def _spell_card_leaves_stack(G, C, o):
    cards = cards_of(C)
    if G[ob(o) + O.ZONE] != Zone.STACK:
        return
    if G[H.EXILE_SELF]:
        move_object(G, cards, o, Zone.EXILE)
    else:
        move_object(G, cards, o, Zone.GRAVEYARD)
    G[H.EXILE_SELF] = 0


@njit
def resolve_top(G, C):
    """Resolve the top entry of the stack."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    n = G[H.STACK_N]
    if n == 0:
        return
    e = OFF_STACK + (n - 1) * SF
    kind = G[e + S.KIND]
    o = G[e + S.OBJ]
    card = G[e + S.CARD]
    ab = G[e + S.AB]
    ctrl = G[e + S.CTRL]
    promised = G[e + S.PROMISED]
    recipient = G[e + S.RECIPIENT]
    trig_obj = G[e + S.TRIG_OBJ]
    zcc = G[e + S.ZCC]
    slots = G[W.RSLOTS : W.RSLOTS + MAX_TARGETS]
    zccs = G[W.RZCCS : W.RZCCS + MAX_TARGETS]
    for i in range(MAX_TARGETS):
        slots[i] = G[e + S.T0 + i]
        zccs[i] = G[e + S.Z0 + i]
    G[H.STACK_N] = n - 1
    G[H.EXILE_SELF] = 0
    if kind == SK_GIFT or kind == SK_WARD or kind == SK_DELAYED:  # (no targets to check)
        log_event(G, Event.RESOLVE, ctrl, o, -1, kind, promised, -1)
    if kind == SK_GIFT:
        give_gift(G, C, ctrl, recipient, cards[card, CardCol.GIFT_KIND], o)
        fire_gift_given(G, C, ctrl, o)
        return
    if kind == SK_WARD:
        _resolve_ward(G, C, o, trig_obj, zcc, G[e + S.X])
        return
    if kind == SK_DELAYED and ab <= -EXILE_TAG:
        # "... deals 2 damage to each opponent for each of those cards that are still exiled"
        damage_for_exiled(G, C, o, ctrl, -ab)
        return
    if kind == SK_DELAYED and ab == EXILE_AT_END_AB:
        # "Exile that token at the beginning of the next end step" (if it is still that object)
        if G[ob(o) + O.ZONE] == Zone.BATTLEFIELD and G[ob(o) + O.ZCC] == zcc:
            move_object(G, cards, o, Zone.EXILE)
        return
    if kind == SK_DELAYED and ab < 0:
        # "you may exile it. If you do, return it to the battlefield under its owner's
        # control" (if it is still that object on the battlefield)
        if (
            G[ob(o) + O.ZONE] == Zone.BATTLEFIELD
            and G[ob(o) + O.ZCC] == zcc
            and flicker_wanted(G, o)
        ):
            move_object(G, cards, o, Zone.EXILE)
            if G[ob(o) + O.ZONE] == Zone.EXILE:  # a token ceases to exist instead
                put_onto_battlefield(G, cards, o, G[ob(o) + O.OWNER], False)
                fire_enters(G, C, o)
        return
    if kind == SK_DELAYED:
        # Parting Gust: return the exiled card (if it is still that object) with counters
        if G[ob(o) + O.ZONE] == Zone.EXILE and G[ob(o) + O.ZCC] == zcc:
            owner = G[ob(o) + O.OWNER]
            put_onto_battlefield(G, cards, o, owner, False)
            n = counters_put(G, C, owner, ab % RETURN_FLYING)
            G[ob(o) + O.P1P1] += n
            log_enters_with_p1p1(G, owner, o, n)
            G[H.DIRTY] = DIRTY_ALL  # (entering may not have: state.board_inert)
            if ab >= RETURN_FLYING:  # "with a flying counter on it" (a keyword counter, 122.1b)
                G[ob(o) + O.KW_COUNTERS] |= Keyword.FLYING
                G[ob(o) + O.CUR_KW] |= Keyword.FLYING
                G[H.DIRTY] = DIRTY_ALL
            if n > 0:
                fire_p1p1_put(G, C, ctrl, o)
            fire_enters(G, C, o)
        return
    G[H.TARGET_SRC] = o + 1
    G[H.TARGET_TRIG] = trig_obj + 1 if trig_obj >= 0 else 0
    G[H.SAC_POWER] = G[e + S.X] if kind == SK_ABILITY else 0
    had, ok = any_legal_target(G, C, ab, ctrl, promised, slots, zccs)
    if had and not ok:
        # 608.2b: it doesn't resolve (logged as that alone, not as resolving first); a spell
        # gives no gift (702.174j) and none of its effects
        log_event(G, Event.FIZZLE, ctrl, o, -1, kind, -1, -1)
        if kind != SK_ABILITY:
            count_undelivered(G, promised, ctrl)
            move_object(G, cards, o, Zone.GRAVEYARD)  # (a copy ceases to exist, 704.5e)
        return
    log_event(G, Event.RESOLVE, ctrl, o, -1, kind, promised, -1)
    if kind == SK_ABILITY:
        if not _while_only(abilities, ab) and not cond_ok(
            G, C, abilities[ab, AbilCol.COND], promised, ctrl, 0
        ):
            return  # 603.4: the intervening "if" is checked again on resolution
        if abilities[ab, AbilCol.TRIG_FILTER] & TRIG_FILTER_EVOLVE and not evolves(
            G, C, o, trig_obj
        ):
            return  # evolve's, too (702.100a)
        run_steps(G, C, ab, o, ctrl, promised, recipient, slots, zccs, trig_obj)
        return
    # a spell: a card, or a copy (a token on the stack, 707.10)
    types = cards[card, CardCol.TYPES]
    if types & (CardType.INSTANT | CardType.SORCERY):
        if promised:
            give_gift(G, C, ctrl, recipient, cards[card, CardCol.GIFT_KIND], o)
        if ab >= 0:
            run_steps(G, C, ab, o, ctrl, promised, recipient, slots, zccs, -1)
        _spell_card_leaves_stack(G, C, o)
        if promised:
            # 702.174c: "whenever you give a gift" triggers as the spell resolves: what is on
            # the battlefield once it has resolved is what triggers
            fire_gift_given(G, C, ctrl, o)
        return
    # a permanent spell enters (a copy as a token, 608.3f; its promise was copied, 707.10)
    if G[H.BF_N] >= MAX_BATTLEFIELD:
        # a full battlefield ends the game (a capacity error) with the spell back on the
        # stack (nothing was pushed since it was taken off), so the record stays whole: every
        # card in exactly one list, as the invariant checks and the report read it
        G[H.STACK_N] += 1
        overflow(G, ERR_BATTLEFIELD)
        return
    put_onto_battlefield(G, cards, o, ctrl, False)
    G[ob(o) + O.PROMISED] = promised
    G[ob(o) + O.RECIPIENT] = recipient
    G[ob(o) + O.OFFSPRING] = G[e + S.OFFSPRING]
    if ab >= 0 and slots[0] >= 0:  # an Aura enters attached to its target
        attach(G, o, slots[0])
    fire_enters(G, C, o)


@njit
def evolves(G, C, o, entered) -> bool:
    """Evolve's condition (702.100a): the creature that entered (last known if it left, 702.100c)
    has greater power or greater toughness than the evolving creature."""
    if G[H.DIRTY] & DIRTY_CHARS:
        refresh(G, C)
    e = ob(entered)
    s = ob(o)
    return G[e + O.CUR_P] > G[s + O.CUR_P] or G[e + O.CUR_T] > G[s + O.CUR_T]

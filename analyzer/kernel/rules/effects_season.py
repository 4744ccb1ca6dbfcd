"""Ops of the effect interpreter added for the Seasons and the rares of issue 20: the
steps of their pawprint modes that nothing else needed, and Scavenger's Talent's sacrifice.
Split from effects.py, whose run_steps dispatches ops ``Op.CHOOSE_OWN_PERMANENT`` ..
``Op.SACRIFICE_OTHERS_MAY`` and ``Op.SPELL_CAST_UNTIL_NEXT_TURN`` ..
``Op.EXILE_TOP_PLAY_UNTIL_END_STEP`` to ``run_season_op``.

The choices made as a step runs ("Choose an artifact or creature you control", "Choose
artifact or enchantment") are not targets (115.1: no "target" word): they are made on
resolution, from what is on the battlefield then (the Seasons' rulings).
"""

from __future__ import annotations

from analyzer.enums import AbilCol, AbilityKind, CardCol, CardType, Keyword, Op, Phase, Zone
from analyzer.kernel.layout import (
    DIRTY_ALL,
    DK_EXILED_UNTIL_END_STEP,
    DK_SPELL_CAST_UNTIL_NEXT_TURN,
    EXILE_TAG,
    MAX_EXILE,
    NO_OBJ,
    OFF_BATTLEFIELD,
    OFF_EXILE,
    PLAYER_BASE,
    H,
    O,
    P,
)
from analyzer.kernel.rules.actions import deal_damage
from analyzer.kernel.rules.catalog import abilities_of, cards_of
from analyzer.kernel.rules.effects_board import destroy_all
from analyzer.kernel.rules.events import draw_cards_firing
from analyzer.kernel.rules.events_turn import add_delayed
from analyzer.kernel.rules.refs import count_x, is_obj
from analyzer.kernel.rules.sba import batch_deaths, fire_dies_first, sacrifice
from analyzer.kernel.rules.state import move_object
from analyzer.kernel.rules.targets import threat
from analyzer.kernel.rules.view import graveyard_at, library_top, ob, pb
from analyzer.kernel.runtime.config import njit

# the card types destroy_all_chosen_type may offer, in the order they are tried (ties: first)
_CHOOSABLE = (
    CardType.ARTIFACT,
    CardType.ENCHANTMENT,
    CardType.CREATURE,
    CardType.LAND,
    CardType.PLANESWALKER,
)


@njit
def choose_own_permanent(G, C, ctrl, types):
    """ "Choose an artifact or creature you control": the permanent of `types` ctrl controls
    that is worth most (targets.threat, the measure the target choice uses); -1 if none."""
    cards = cards_of(C)
    best = -1
    best_v = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if G[b + O.CTRL] != ctrl or G[b + O.PHASED]:
            continue
        if (cards[G[b + O.CARD], CardCol.TYPES] & types) == 0:
            continue
        v = threat(G, cards, o)
        if best < 0 or v > best_v:
            best = o
            best_v = v
    return best


@njit
def type_loss(G, C, ctrl, t):
    """What destroying every permanent of card type t is worth to ctrl: the threat of the
    opponents' ones lost minus its own (indestructible ones stay)."""
    cards = cards_of(C)
    v = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if (
            G[b + O.PHASED]
            or (cards[G[b + O.CARD], CardCol.TYPES] & t) == 0
            or G[b + O.CUR_KW] & Keyword.INDESTRUCTIBLE
        ):
            continue
        v += -threat(G, cards, o) if G[b + O.CTRL] == ctrl else threat(G, cards, o)
    return v


@njit
def chosen_type(G, C, ctrl, types):
    """ "Choose artifact or enchantment": ctrl's choice among the bits of `types`, the one whose
    destruction is worth most to it (type_loss); the first on ties."""
    best = 0
    best_v = 0
    for t in _CHOOSABLE:
        if (types & t) == 0:
            continue
        v = type_loss(G, C, ctrl, t)
        if best == 0 or v > best_v:
            best = t
            best_v = v
    return best


@njit
def bounce_all_nonland_nontoken(G, C):
    """ "Return each nonland, nontoken permanent to its owner's hand" (phased-out permanents
    are treated as though they do not exist, 702.26b). One at a time: moving one changes
    the battlefield list, so the scan starts over."""
    cards = cards_of(C)
    moved = True
    while moved:
        moved = False
        for i in range(G[H.BF_N]):
            o = G[OFF_BATTLEFIELD + i]
            b = ob(o)
            if (
                G[b + O.PHASED] == 0
                and G[b + O.TOKEN] == 0
                and (cards[G[b + O.CARD], CardCol.TYPES] & CardType.LAND) == 0
            ):
                move_object(G, cards, o, Zone.HAND)
                moved = True
                break
    G[H.DIRTY] = DIRTY_ALL


@njit
def _fodder_cost(G, cards, o):
    """What giving up permanent o costs its controller (a token half its card's value)."""
    v = cards[G[ob(o) + O.CARD], CardCol.VALUE]
    return v // 2 if G[ob(o) + O.TOKEN] else v


@njit
def sacrifice_others_may(G, C, ctrl, src, count, nonland, buf):
    """ "You may sacrifice three other nonland permanents. If you do, ..." (Scavenger's
    Talent): True if ctrl did. The built-in player gives up its `count` least valuable ones
    when the most valuable creature card in its graveyard is worth more than they are (what
    the step after brings back). They are sacrificed at once (701.21a): dies triggers of the
    creatures among them see each other (603.10a)."""
    cards = cards_of(C)
    m = 0
    cost = 0
    while m < count:
        best = -1
        for i in range(G[H.BF_N]):
            o = G[OFF_BATTLEFIELD + i]
            b = ob(o)
            if o == src or G[b + O.CTRL] != ctrl or G[b + O.PHASED]:
                continue
            if nonland and cards[G[b + O.CARD], CardCol.TYPES] & CardType.LAND:
                continue
            taken = False
            for j in range(m):
                if buf[j] == o:
                    taken = True
            if taken:
                continue
            if best < 0 or _fodder_cost(G, cards, o) < _fodder_cost(G, cards, best):
                best = o
        if best < 0:
            return False  # fewer than `count`: the cost cannot be paid
        buf[m] = best
        cost += _fodder_cost(G, cards, best)
        m += 1
    gain = 0
    for i in range(G[pb(ctrl) + P.GY_N]):
        card = G[ob(graveyard_at(G, ctrl, i)) + O.CARD]
        if cards[card, CardCol.TYPES] & CardType.CREATURE:
            gain = max(gain, cards[card, CardCol.VALUE])
    if gain <= cost:
        return False
    batch = batch_deaths(G)
    if batch:
        for j in range(m):
            fire_dies_first(G, C, buf[j])
    for j in range(m):
        if G[ob(buf[j]) + O.ZONE] == Zone.BATTLEFIELD:
            sacrifice(G, C, buf[j], not batch)
    return True


@njit
def spell_cast_until_next_turn(G, C, src, ctrl):
    """ "Until the end of your next turn, whenever you cast a spell, [this] ...": a delayed
    trigger of src's DELAYED_SPELL_CAST row, lasting through ctrl's next turn (P.TURNS counts
    ctrl's turns begun: this one, if it is ctrl's, is not the next)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    card = G[ob(src) + O.CARD]
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] == AbilityKind.DELAYED_SPELL_CAST:
            turn = G[pb(ctrl) + P.TURNS] + 1
            add_delayed(G, DK_SPELL_CAST_UNTIL_NEXT_TURN, src, ctrl, a, turn)
            return


@njit
def exile_top_play_until_end_step(G, C, src, ctrl, xcount, damage):
    """ "Exile the top X cards of your library. You may play those cards until your next end
    step. At the beginning of your next end step, [this] deals 2 damage to each opponent for
    each of those cards that are still exiled." The cards carry the delayed trigger's tag in
    O.PLAY_UNTIL (its ruling: it counts only the cards this ability exiled)."""
    cards = cards_of(C)
    n = count_x(G, C, xcount, src, ctrl, 0)  # X counted once, as the ability resolves
    tag = 0
    for _ in range(n):
        o = library_top(G, ctrl)
        if o == NO_OBJ:
            break
        move_object(G, cards, o, Zone.EXILE)
        if tag == 0:
            tag = EXILE_TAG | (o << 4) | damage
        G[ob(o) + O.CAST_BY] = ctrl + 1
        G[ob(o) + O.PLAY_UNTIL] = tag
        G[H.IMPULSE] = 1
    if tag == 0:
        return  # nothing exiled: the delayed trigger would deal 0 damage
    # "your next end step": this turn's if it is ctrl's and its end step is still ahead
    turn = G[pb(ctrl) + P.TURNS]
    if G[H.ACTIVE] != ctrl or G[H.PHASE] >= Phase.END_STEP:
        turn += 1
    add_delayed(G, DK_EXILED_UNTIL_END_STEP, src, ctrl, tag, turn)


@njit
def damage_for_exiled(G, C, src, ctrl, tag):
    """The delayed trigger of exile_top_play_until_end_step resolves: src deals each of
    ctrl's opponents (tag & 15) damage for each card of the tag still exiled."""
    n = 0
    for q in range(G[H.NPLAYERS]):
        for i in range(G[pb(q) + P.EXILE_N]):
            b = ob(G[OFF_EXILE + q * MAX_EXILE + i])
            if G[b + O.PLAY_UNTIL] == tag:
                G[b + O.PLAY_UNTIL] = 0
                n += 1
    for q in range(G[H.NPLAYERS]):
        if q != ctrl and G[pb(q) + P.LOST] == 0:
            deal_damage(G, C, src, PLAYER_BASE + q, (tag & 15) * n)


@njit
def run_season_op(G, C, op, a, b_, src, ctrl, n, vals, it, done, second, destroyed):
    """One step of an op of this module for the n values of its ref. Returns (it, done,
    n_destroyed); n_destroyed is -1 when the step destroyed nothing (the caller keeps its
    count for return_destroyed)."""
    n_destroyed = -1
    if op == Op.CHOOSE_OWN_PERMANENT:
        o = choose_own_permanent(G, C, ctrl, a)
        done = 1 if o >= 0 else 0
        if o >= 0:
            it = o
    elif op == Op.DESTROY_ALL_CHOSEN_TYPE:
        t = chosen_type(G, C, ctrl, a)
        if t != 0:
            n_destroyed = destroy_all(G, C, t, ctrl, second, destroyed)
    elif op == Op.BOUNCE_ALL_NONLAND_NONTOKEN:
        bounce_all_nonland_nontoken(G, C)
    elif op == Op.CONTROLLER_DRAWS:
        # "Its controller draws a card": written before the step that removes the permanent,
        # so the controller is the one it has (like controller_creates)
        for i in range(n):
            if is_obj(vals[i]) and G[ob(vals[i]) + O.ZONE] == Zone.BATTLEFIELD:
                draw_cards_firing(G, C, G[ob(vals[i]) + O.CTRL], a)
    elif op == Op.SACRIFICE_OTHERS_MAY:
        done = 1 if sacrifice_others_may(G, C, ctrl, src, a, b_ == 1, second) else 0
    elif op == Op.SPELL_CAST_UNTIL_NEXT_TURN:
        spell_cast_until_next_turn(G, C, src, ctrl)
    elif op == Op.EXILE_TOP_PLAY_UNTIL_END_STEP:
        exile_top_play_until_end_step(G, C, src, ctrl, a, b_)
    return it, done, n_destroyed

"""Ops of the effect interpreter added for the Squirreled Away precon (issue 21, ops 157-175):
destroying by name, copying every token, shrinking the creatures of other types. Split from
effects.py, whose run_steps dispatches these ops to ``run_squirrel_op``."""

from __future__ import annotations

from analyzer.enums import AbilCol, AbilityKind, CardCol, CardType, Keyword, Op, Subtype, Zone
from analyzer.kernel.layout import (
    DIRTY_ALL,
    MAX_BATTLEFIELD,
    OFF_BATTLEFIELD,
    PLAYER_BASE,
    SK_ABILITY,
    H,
    O,
    P,
    W,
)
from analyzer.kernel.player.choices import cost_fodder, fodder_choice
from analyzer.kernel.rules.actions import copy_spell
from analyzer.kernel.rules.activation import SAC_ANOTHER_CREATURE
from analyzer.kernel.rules.catalog import abilities_of, cards_of
from analyzer.kernel.rules.effects_cmdr import token_copy_of
from analyzer.kernel.rules.events import fire_enters, queue_trigger
from analyzer.kernel.rules.gamelog import log_stun_kept_tapped
from analyzer.kernel.rules.refs import count_x
from analyzer.kernel.rules.sba import batch_deaths, destroy, fire_dies_first, sacrifice
from analyzer.kernel.rules.state import create_token, move_object
from analyzer.kernel.rules.view import creatures_of, ob, pb, printed_card
from analyzer.kernel.runtime.config import njit


@njit
def destroy_same_name(G, C, n, vals):
    """ "Destroy target nonland permanent and all other permanents with the same name as that
    permanent" (Maelstrom Pulse): the name as the step runs (CardCol.NAME_KEY of the printed
    card: a token copy has its original's name, 707.2); all of them at once (one event: each
    one's dies triggers see the others, 603.10a)."""
    cards = cards_of(C)
    buf = G[W.SQ_BUF : W.SQ_BUF + MAX_BATTLEFIELD]
    m = 0
    for i in range(n):
        t = vals[i]
        if t < 0 or t >= PLAYER_BASE:
            continue
        key = cards[printed_card(G, t), CardCol.NAME_KEY]
        for j in range(G[H.BF_N]):
            o = G[OFF_BATTLEFIELD + j]
            if (
                G[ob(o) + O.PHASED] == 0
                and cards[printed_card(G, o), CardCol.NAME_KEY] == key
                and m < MAX_BATTLEFIELD
            ):
                buf[m] = o
                m += 1
    batch = batch_deaths(G)
    if batch:
        for i in range(m):
            if (G[ob(buf[i]) + O.CUR_KW] & Keyword.INDESTRUCTIBLE) == 0:
                fire_dies_first(G, C, buf[i])
    for i in range(m):
        destroy(G, C, buf[i], not batch)


@njit
def copy_each_token(G, C, ctrl):
    """ "For each token you control, create a token that's a copy of that permanent" (Second
    Harvest): the tokens ctrl controls as it resolves (not the copies it makes)."""
    buf = G[W.SQ_BUF : W.SQ_BUF + MAX_BATTLEFIELD]
    m = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if G[b + O.CTRL] == ctrl and G[b + O.TOKEN] and G[b + O.PHASED] == 0:
            buf[m] = o
            m += 1
    for i in range(m):
        token_copy_of(G, C, buf[i], ctrl, 0, 0, False)


@njit
def shrink_non_subtypes_x(G, C, ctrl, subtypes):
    """ "each creature that isn't an Insect, Rat, Spider, or Squirrel gets -1/-1 until end of
    turn for each creature you control that's an Insect, Rat, Spider, or Squirrel" (Swarmyard
    Massacre): X counted once, as the step runs (608.2h); every player's creatures."""
    cards = cards_of(C)
    x = creatures_of(G, cards, ctrl, subtypes)
    if x == 0:
        return
    G[H.DIRTY] = DIRTY_ALL
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        card = G[b + O.CARD]
        if (
            G[b + O.PHASED] == 0
            and cards[card, CardCol.TYPES] & CardType.CREATURE
            and (cards[card, CardCol.SUBTYPES] & subtypes) == 0
        ):
            G[b + O.EOT_P] -= x
            G[b + O.EOT_T] -= x


@njit
def destroy_half_copies(G, C, n, vals):
    """ "Destroy target creature. If that creature dies this way, its controller creates two
    tokens that are copies of that creature, except their power is half that creature's power
    and their toughness is half that creature's toughness. Round up each time." (Saw in Half):
    its controller, power and toughness as it last existed (608.2h); it died when its
    controller's P.CREATURES_DIED_TURN grew (not indestructible, not exiled instead)."""
    cards = cards_of(C)
    for i in range(n):
        t = vals[i]
        if t < 0 or t >= PLAYER_BASE:
            continue
        b = ob(t)
        ctrl = G[b + O.CTRL]
        card = printed_card(G, t)
        half_p = (G[b + O.CUR_P] + 1) // 2
        half_t = (G[b + O.CUR_T] + 1) // 2
        died = G[pb(ctrl) + P.CREATURES_DIED_TURN]
        if not destroy(G, C, t) or G[pb(ctrl) + P.CREATURES_DIED_TURN] == died:
            continue
        for _ in range(2):
            o = create_token(G, cards, card, ctrl, False, half_p, half_t, card)
            if o >= 0:
                fire_enters(G, C, o)


@njit
def pump_each_creature(G, C, power, toughness):
    """ "all creatures get -2/-2 until end of turn": every player's creatures as it resolves."""
    cards = cards_of(C)
    G[H.DIRTY] = DIRTY_ALL
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.PHASED] == 0 and cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE:
            G[b + O.EOT_P] += power
            G[b + O.EOT_T] += toughness


@njit
def copy_spell_x(G, C, n, vals, ctrl, x):
    """Copy each spell in vals x times (storm's "copy it for each spell cast before it this
    turn", 702.40a: the copies keep its targets, 707.10)."""
    for i in range(n):
        o = vals[i]
        if 0 <= o < PLAYER_BASE:
            for _ in range(x):
                copy_spell(G, C, o, ctrl)


@njit
def sacrifice_token_may(G, C, ctrl, src):
    """ "you may sacrifice a token" (Chitterspitter): the built-in player sacrifices its
    cheapest token (choices.cost_fodder: no mana token, no creature with power 2 or more)
    when it controls two or more Squirrels besides that token (each gets the acorn's +1/+1).
    Returns 1 if it did (DONE), else 0."""
    k, o = cost_fodder(G, C, ctrl)
    if k == 0 or o < 0:
        return 0
    cards = cards_of(C)
    squirrels = 0
    for i in range(G[H.BF_N]):
        q = G[OFF_BATTLEFIELD + i]
        b = ob(q)
        if (
            q != o
            and G[b + O.CTRL] == ctrl
            and G[b + O.PHASED] == 0
            and cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE
            and cards[G[b + O.CARD], CardCol.SUBTYPES] & Subtype.SQUIRREL
        ):
            squirrels += 1
    if squirrels < 2:
        return 0
    sacrifice(G, C, o)
    return 1


@njit
def sacrifice_another_may(G, C, ctrl, src):
    """ "you may sacrifice another creature. When you do, destroy target nonland permanent"
    (Skyfisher Spider): the built-in player sacrifices its least valuable other creature when
    that is a token that does not fight (power 1 or less) and an opponent controls a nonland
    permanent. Returns 1 if it did (DONE), else 0."""
    o = fodder_choice(G, C, ctrl, src, SAC_ANOTHER_CREATURE)
    if o < 0 or G[ob(o) + O.TOKEN] == 0 or G[ob(o) + O.CUR_P] > 1:
        return 0
    cards = cards_of(C)
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if (
            G[b + O.CTRL] != ctrl
            and G[b + O.PHASED] == 0
            and (cards[G[b + O.CARD], CardCol.TYPES] & CardType.LAND) == 0
        ):
            sacrifice(G, C, o)
            return 1
    return 0


@njit
def queue_reflexive(G, C, ctrl, src):
    """ "When you do, ..." (603.12): the source's REFLEXIVE row triggers now (its targets are
    chosen as it goes on the stack, after the action it follows)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    card = G[ob(src) + O.CARD]
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] == AbilityKind.REFLEXIVE:
            queue_trigger(G, src, a, ctrl, -1, SK_ABILITY)


@njit
def untap_lands(G, C, ctrl):
    """ "Untap all lands you control" (a stun counter is removed instead, 122.1d)."""
    cards = cards_of(C)
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if (
            G[b + O.CTRL] == ctrl
            and G[b + O.PHASED] == 0
            and G[b + O.TAPPED]
            and cards[G[b + O.CARD], CardCol.TYPES] & CardType.LAND
        ):
            if G[b + O.STUN] > 0:
                G[b + O.STUN] -= 1
                log_stun_kept_tapped(G, ctrl, G[OFF_BATTLEFIELD + i])
            else:
                G[b + O.TAPPED] = 0
    G[H.DIRTY] = DIRTY_ALL


@njit
def run_squirrel_op(G, C, op, a, n, vals, ctrl, b_, src, done):
    """One step of an op of this module for the n values of its ref (a, b_: its parameters;
    src, ctrl: the ability's source and controller). Returns DONE ("if you do")."""
    if op == Op.SACRIFICE_TOKEN_MAY:
        return sacrifice_token_may(G, C, ctrl, src)
    if op == Op.SACRIFICE_ANOTHER_MAY:
        return sacrifice_another_may(G, C, ctrl, src)
    if op == Op.REFLEXIVE:
        queue_reflexive(G, C, ctrl, src)
    elif op == Op.EXILE_SELF_FROM_GRAVEYARD:  # "exile this card from your graveyard"
        if src >= 0 and G[ob(src) + O.ZONE] == Zone.GRAVEYARD:
            move_object(G, cards_of(C), src, Zone.EXILE)
    elif op == Op.UNTAP_LANDS:
        untap_lands(G, C, ctrl)
    elif op == Op.COPY_SPELL_X:
        copy_spell_x(G, C, n, vals, ctrl, count_x(G, C, a, src, ctrl, 0))
    elif op == Op.SACRIFICE_SELF:  # "sacrifice it" (a source that left is not sacrificed)
        if src >= 0 and G[ob(src) + O.ZONE] == Zone.BATTLEFIELD:
            sacrifice(G, C, src)
    elif op == Op.DESTROY_SAME_NAME:
        destroy_same_name(G, C, n, vals)
    elif op == Op.COPY_EACH_TOKEN:
        copy_each_token(G, C, ctrl)
    elif op == Op.SHRINK_NON_SUBTYPES_X:
        shrink_non_subtypes_x(G, C, ctrl, a)
    elif op == Op.DESTROY_HALF_COPIES:
        destroy_half_copies(G, C, n, vals)
    elif op == Op.PUMP_EACH_CREATURE:
        pump_each_creature(G, C, a, b_)
    return done

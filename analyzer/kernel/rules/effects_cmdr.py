"""Ops of the effect interpreter added for the Bloomburrow Commander precons (issue 21): the
steps one or two precon cards need and nothing else did. Split from effects.py, whose
run_steps dispatches ops from ``Op.EXILE_GRAVEYARD`` on to ``run_cmdr_op``."""

from __future__ import annotations

from analyzer.enums import AbilCol, AbilityKind, CardCol, CardType, EndReason, Keyword, Op, Zone
from analyzer.kernel.layout import DIRTY_ALL, OFF_BATTLEFIELD, PLAYER_BASE, SK_ABILITY, H, O, P
from analyzer.kernel.player.choices import discard_choice, fodder_choice
from analyzer.kernel.rules.activation import SAC_CREATURE, SAC_CREATURE_OR_PLANESWALKER
from analyzer.kernel.rules.catalog import abilities_of, cards_of
from analyzer.kernel.rules.chars_counts import counters_moved
from analyzer.kernel.rules.events import fire_enters, fire_p1p1_put, queue_trigger
from analyzer.kernel.rules.sba import (
    batch_deaths,
    check_winner,
    fire_dies_first,
    leave_game,
    sacrifice,
)
from analyzer.kernel.rules.state import create_token, move_object, put_onto_battlefield
from analyzer.kernel.rules.statics_global import counters_put
from analyzer.kernel.rules.view import graveyard_at, ob, pb, printed_card
from analyzer.kernel.runtime.config import njit


@njit
def exile_graveyard(G, C, p):
    """Every card in p's graveyard is exiled ("exile target player's graveyard"), top first."""
    cards = cards_of(C)
    for _ in range(G[pb(p) + P.GY_N]):
        n = G[pb(p) + P.GY_N]
        if n == 0:
            break
        move_object(G, cards, graveyard_at(G, p, n - 1), Zone.EXILE)


@njit
def _edict_choice(G, C, vals, i, creature_only):
    """What the player vals[i] sacrifices to each_sacrifices_creature, -1 if nothing."""
    if vals[i] < PLAYER_BASE or G[pb(vals[i] - PLAYER_BASE) + P.LOST]:
        return -1
    kind = SAC_CREATURE if creature_only else SAC_CREATURE_OR_PLANESWALKER
    return fodder_choice(G, C, vals[i] - PLAYER_BASE, -1, kind)


@njit
def each_sacrifices_creature(G, C, n, vals, creature_only=False):
    """Each player in vals sacrifices a creature or planeswalker of their choice (the least
    valuable, choices.fodder_choice); each player who can't discards a card (Plaguecrafter).
    The choices come first and the permanents are sacrificed at once (701.21a), so a
    "whenever another creature dies" permanent sacrificed with the others sees them
    (603.10a). A player's choice is among their own permanents, which the others'
    sacrifices leave alone, so it is taken again as it is sacrificed. creature_only: "each
    player sacrifices a creature of their choice" (Season of Loss): no planeswalker, and a
    player who can't sacrifices nothing and discards nothing."""
    cards = cards_of(C)
    batch = batch_deaths(G)
    cant = 0
    for i in range(n):
        if vals[i] < PLAYER_BASE or G[pb(vals[i] - PLAYER_BASE) + P.LOST]:
            continue
        o = _edict_choice(G, C, vals, i, creature_only)
        if o < 0 and not creature_only:
            cant |= 1 << i
        elif batch:
            fire_dies_first(G, C, o)
    for i in range(n):
        o = _edict_choice(G, C, vals, i, creature_only)
        if o >= 0:
            sacrifice(G, C, o, not batch)
    for i in range(n):
        if (cant >> i) & 1:
            w = discard_choice(G, C, vals[i] - PLAYER_BASE, False)
            if w >= 0:
                move_object(G, cards, w, Zone.GRAVEYARD)


@njit
def double_p1p1_all(G, C, ctrl):
    """ "double the number of +1/+1 counters on each creature you control" (Kalonian Hydra):
    each gets as many more as it has (the ruling of double_p1p1), all in one event."""
    cards = cards_of(C)
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if (
            G[b + O.CTRL] == ctrl
            and G[b + O.PHASED] == 0
            and G[b + O.P1P1] > 0
            and cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE
        ):
            G[b + O.P1P1] += counters_put(G, C, ctrl, G[b + O.P1P1])
            G[H.DIRTY] = DIRTY_ALL
            fire_p1p1_put(G, C, ctrl, o)


@njit
def pump_others(G, C, src, ctrl, power, toughness, keywords):
    """ "other creatures you control get +power/+toughness and gain keywords until end of turn"
    (End-Raze Forerunners): not the source, whether or not it is still on the battlefield."""
    cards = cards_of(C)
    G[H.DIRTY] = DIRTY_ALL
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if (
            o == src
            or G[b + O.CTRL] != ctrl
            or G[b + O.PHASED]
            or (cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0
        ):
            continue
        G[b + O.EOT_P] += power
        G[b + O.EOT_T] += toughness
        G[b + O.EOT_KW] |= keywords


@njit
def pump_power_at_least(G, C, ctrl, amount, keywords, power):
    """ "each creature you control with power 4 or greater gets +1/+1 and gains trample until
    end of turn" (Goreclaw): the power as the step resolves."""
    cards = cards_of(C)
    G[H.DIRTY] = DIRTY_ALL
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if (
            G[b + O.CTRL] == ctrl
            and G[b + O.PHASED] == 0
            and cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE
            and G[b + O.CUR_P] >= power
        ):
            G[b + O.EOT_P] += amount
            G[b + O.EOT_T] += amount
            G[b + O.EOT_KW] |= keywords


@njit
def p1p1_each_entered_color(G, C, ctrl, colors):
    """ "Put a +1/+1 counter on each green creature that entered this turn" (Oran-Rief): any
    controller's; "whenever you put counters on a creature you control" sees ctrl's own."""
    cards = cards_of(C)
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        card = G[b + O.CARD]
        if (
            G[b + O.PHASED] == 0
            and G[b + O.ENTERED_TURN] == G[H.TURN]
            and cards[card, CardCol.TYPES] & CardType.CREATURE
            and cards[card, CardCol.COLORS] & colors
        ):
            G[b + O.P1P1] += counters_put(G, C, ctrl, 1)
            G[H.DIRTY] = DIRTY_ALL
            fire_p1p1_put(G, C, ctrl, o)


@njit
def create_token_unless_p1p1(G, C, token, subtypes, ctrl, it):
    """ "create a [token] if you don't control a Snail. Otherwise, put a +1/+1 counter on a
    Snail you control" (not a target: ctrl's choice, the built-in player's greatest power);
    returns the token or the permanent (`it`)."""
    cards = cards_of(C)
    best = -1
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if (
            G[b + O.CTRL] == ctrl
            and G[b + O.PHASED] == 0
            and cards[G[b + O.CARD], CardCol.SUBTYPES] & subtypes
            and (best < 0 or G[b + O.CUR_P] > G[ob(best) + O.CUR_P])
        ):
            best = o
    if best < 0:
        t = create_token(
            G,
            cards,
            token,
            ctrl,
            False,
            cards[token, CardCol.POWER],
            cards[token, CardCol.TOUGHNESS],
            -1,
        )
        if t >= 0:
            fire_enters(G, C, t)
            return t
        return it
    G[ob(best) + O.P1P1] += counters_put(G, C, ctrl, 1)
    G[H.DIRTY] = DIRTY_ALL
    fire_p1p1_put(G, C, ctrl, best)
    return best


@njit
def win_game(G, C, ctrl):
    """ctrl wins the game (104.2b): each opponent still in it loses (800.4a: their objects
    leave), and the game is over with ctrl its winner."""
    if G[pb(ctrl) + P.LOST] or G[H.WINNER] != -1:
        return
    for q in range(G[H.NPLAYERS]):
        if q != ctrl and G[pb(q) + P.LOST] == 0:
            leave_game(G, C, q, EndReason.WIN_EFFECT)
    check_winner(G)
    if G[H.WINNER] == ctrl:
        G[H.END_REASON] = EndReason.WIN_EFFECT


@njit
def return_under_owner(G, C, o, flying):
    """Card o, if still in a graveyard, returns to the battlefield under its owner's control
    ("return it to the battlefield under its owner's control with a flying counter on it": a
    keyword counter, 122.1b; a token that died has ceased to exist, 111.7)."""
    if G[ob(o) + O.ZONE] != Zone.GRAVEYARD:
        return
    put_onto_battlefield(G, cards_of(C), o, G[ob(o) + O.OWNER], False)
    if flying:
        G[ob(o) + O.KW_COUNTERS] |= Keyword.FLYING
        G[ob(o) + O.CUR_KW] |= Keyword.FLYING
        G[H.DIRTY] = DIRTY_ALL
    fire_enters(G, C, o)


@njit
def token_copy_of(G, C, o, ctrl, power, toughness, nonlegendary):
    """ctrl creates a token that's a copy of o (its copiable values, 707.2: no face; a token's
    characteristics as the effect that created it set them, so its base P/T), except it is a
    power/toughness when either is nonzero ("except it's 1/1"); nonlegendary: nothing for a
    legendary o. Its enters abilities trigger. Returns the token, or -1."""
    cards = cards_of(C)
    card = printed_card(G, o)
    if nonlegendary and cards[card, CardCol.TYPES] & CardType.LEGENDARY:
        return -1
    if G[ob(o) + O.TOKEN]:
        bp = G[ob(o) + O.BASE_P]
        bt = G[ob(o) + O.BASE_T]
    else:
        bp = cards[card, CardCol.POWER]
        bt = cards[card, CardCol.TOUGHNESS]
    if power != 0 or toughness != 0:
        bp = power
        bt = toughness
    t = create_token(G, cards, card, ctrl, False, bp, bt, card)
    if t >= 0:
        fire_enters(G, C, t)
    return t


@njit
def token_copies_by_subtype(G, C, n, vals, ctrl, subtypes, count):
    """For each object in vals, ctrl creates a token copy of it; `count` copies instead if it
    has one of the Subtype bits `subtypes` ("create a token that's a copy of target token you
    control. If that token is a Squirrel, instead create two tokens that are copies of it")."""
    cards = cards_of(C)
    for i in range(n):
        o = vals[i]
        if o < 0 or o >= PLAYER_BASE:
            continue
        k = count if cards[G[ob(o) + O.CARD], CardCol.SUBTYPES] & subtypes else 1
        for _ in range(k):
            token_copy_of(G, C, o, ctrl, 0, 0, False)


@njit
def queue_last_counter(G, C, src, ctrl):
    """Vanishing's "When the last is removed, sacrifice it" as its own trigger (702.63a: a
    second triggered ability, so players may act before it resolves), when the card has that
    row (kind LAST_TIME_COUNTER); False if it has none (the sacrifice follows at once)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    card = G[ob(src) + O.CARD]
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] == AbilityKind.LAST_TIME_COUNTER:
            queue_trigger(G, src, a, ctrl, -1, SK_ABILITY)
            return True
    return False


@njit
def run_cmdr_op(G, C, op, a, n, vals, b_=0, c=0, src=-1, ctrl=0):
    """One step of an op of this module for the n values of its ref (a, b_, c: its parameters;
    src, ctrl: the ability's source and controller)."""
    if op == Op.TOKEN_COPIES_BY_SUBTYPE:
        token_copies_by_subtype(G, C, n, vals, ctrl, a, b_)
    elif op == Op.EXILE_GRAVEYARD:
        for i in range(n):
            if vals[i] >= PLAYER_BASE:
                exile_graveyard(G, C, vals[i] - PLAYER_BASE)
    elif op == Op.EACH_SACRIFICES_CREATURE:
        each_sacrifices_creature(G, C, n, vals, a == 1)
    elif op == Op.DOUBLE_P1P1_ALL:
        double_p1p1_all(G, C, ctrl)
    elif op == Op.PUMP_OTHERS:
        pump_others(G, C, src, ctrl, a, b_, c)
    elif op == Op.PUMP_POWER_AT_LEAST:
        pump_power_at_least(G, C, ctrl, a, b_, c)
    elif op == Op.P1P1_EACH_ENTERED_COLOR:
        p1p1_each_entered_color(G, C, ctrl, a)
    elif op == Op.WIN_GAME:
        win_game(G, C, ctrl)
    elif op == Op.PREVENT_DAMAGE_TO_YOU:  # "Prevent all damage that would be dealt to you
        G[pb(ctrl) + P.PREVENTED_TURN] = G[H.TURN] + 1  # this turn" (615.1)
    elif op == Op.EXTRA_LAND_TURN:  # "You may play an additional land this turn" (305.2a)
        G[pb(ctrl) + P.EXTRA_LANDS_TURN] += 1
    elif op == Op.RETURN_UNDER_OWNER:
        for i in range(n):
            if 0 <= vals[i] < PLAYER_BASE:
                return_under_owner(G, C, vals[i], a == 1)
    elif op == Op.REMOVE_COUNTER_SACRIFICE_LAST:
        # vanishing (702.63a): "remove a time counter from it. When the last is removed,
        # sacrifice it" (the sacrifice trigger resolves at once: no window in between)
        b = ob(src)
        if src >= 0 and G[b + O.ZONE] == Zone.BATTLEFIELD and G[b + O.STASH] > 0:
            G[b + O.STASH] -= 1
            counters_moved(G, C, src, True)
            if G[b + O.STASH] == 0 and not queue_last_counter(G, C, src, ctrl):
                sacrifice(G, C, src)

"""Board-wide ops of the effect interpreter: the steps that scan the battlefield rather than act
on the objects of a ref ("destroy all creatures", "creatures you control get +1/+1", "phase out
all permanents you control", "its controller creates ..."). Split from effects.py, whose
run_steps dispatches to them; the rule each follows is cited where it applies.
"""

from __future__ import annotations

from analyzer.enums import CardCol, CardType, Event, Keyword, Op, Subtype, Zone
from analyzer.kernel.layout import (
    DIRTY_ALL,
    DK_EXILE_AT_END_STEP,
    NO_OBJ,
    OFF_BATTLEFIELD,
    PHASED_DIRECT,
    PHASED_INDIRECT,
    PLAYER_BASE,
    H,
    O,
    P,
)
from analyzer.kernel.player.ai_colors import color_choice
from analyzer.kernel.rules.actions import deal_damage, gain_life_event
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.chars_counts import counters_moved
from analyzer.kernel.rules.events import fire_enters, fire_p1p1_put
from analyzer.kernel.rules.events_turn import add_delayed
from analyzer.kernel.rules.gamelog import log_event
from analyzer.kernel.rules.library import dig, exile_top_play_all, search_basic_land
from analyzer.kernel.rules.mana import add_to_pool
from analyzer.kernel.rules.refs import MAX_REF, is_obj
from analyzer.kernel.rules.sba import batch_deaths, destroy, fire_dies_first, sacrifice
from analyzer.kernel.rules.state import (
    attached_obj,
    attacking_changed,
    create_token,
    move_object,
    put_onto_battlefield,
)
from analyzer.kernel.rules.statics_global import counters_put
from analyzer.kernel.rules.targets import threat
from analyzer.kernel.rules.view import attacked_player, graveyard_at, hand_at, library_top, ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def damage_each_creature(G, C, src, a):
    """src deals a damage to each creature (phased-out ones are not there, 702.26b)."""
    cards = cards_of(C)
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.PHASED] == 0 and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE:
            deal_damage(G, C, src, o, a)


@njit
def destroy_all(G, C, types, ctrl, buf, destroyed):
    """Destroy each permanent of these types; the ones ctrl owns that reached a graveyard go
    into destroyed (for a later return_destroyed step). Returns how many did."""
    cards = cards_of(C)
    # collect first: destroying changes the battlefield list
    m = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if (
            G[ob(o) + O.PHASED] == 0
            and cards[G[ob(o) + O.CARD], CardCol.TYPES] & types
            and m < MAX_REF
        ):
            buf[m] = o
            m += 1
    batch = batch_deaths(G)
    if batch:  # they die at once: each one's dies triggers see the others (603.10a)
        for i in range(m):
            if (G[ob(buf[i]) + O.CUR_KW] & Keyword.INDESTRUCTIBLE) == 0:
                fire_dies_first(G, C, buf[i])
    n_destroyed = 0
    G[H.DESTROYED_N] = 0
    for i in range(m):
        o = buf[i]
        gone = destroy(G, C, o, not batch)
        if gone:
            G[H.DESTROYED_N] += 1  # "for each creature destroyed this way"
        if (
            gone
            and G[ob(o) + O.OWNER] == ctrl
            and G[ob(o) + O.ZONE] == Zone.GRAVEYARD
            and n_destroyed < MAX_REF
        ):
            destroyed[n_destroyed] = o
            n_destroyed += 1
    return n_destroyed


@njit
def best_destroyed_creature(G, cards, destroyed, n_destroyed):
    """The creature card among the destroyed ones still in the graveyard that the built-in
    player returns (the most valuable), -1 if none."""
    best = -1
    for i in range(n_destroyed):
        o = destroyed[i]
        if (
            G[ob(o) + O.ZONE] == Zone.GRAVEYARD
            and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE
        ):
            if (
                best < 0
                or cards[G[ob(o) + O.CARD], CardCol.VALUE]
                > cards[G[ob(best) + O.CARD], CardCol.VALUE]
            ):
                best = o
    return best


@njit
def pump_or_grant_all(G, cards, pump, a, b_, c, ctrl, src):
    """pump_all (creatures you control get +a/+b_) or grant_all (permanents you control of types
    b_ gain keywords a) until end of turn; c: only those of these subtypes. Each permanent it
    changes is an effect row of src's (the replay says what Warren Elder's pump did)."""
    G[H.DIRTY] = DIRTY_ALL
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        bo = ob(o)
        if G[bo + O.CTRL] != ctrl or G[bo + O.PHASED]:
            continue
        t = cards[G[bo + O.CARD], CardCol.TYPES]
        if c != 0 and (cards[G[bo + O.CARD], CardCol.SUBTYPES] & c) == 0:
            continue  # "Mice you control get ...": c is the subtype
        if pump:
            if t & CardType.CREATURE:
                G[bo + O.EOT_P] += a
                G[bo + O.EOT_T] += b_
                log_event(G, Event.EFFECT, ctrl, src, o, Op.PUMP, a, b_)
        elif b_ == 0 or t & b_:
            G[bo + O.EOT_KW] |= a
            log_event(G, Event.EFFECT, ctrl, src, o, Op.GRANT, a, 0)


@njit
def pump_untap_all(G, C, ctrl, a, b_, subtypes, src):
    """ "Birds, Frogs, Otters, and Rats you control get +1/+1 until end of turn. Untap them.":
    the creatures ctrl controls with one of `subtypes` get +a/+b_, then each untaps (one with a
    stun counter loses a stun counter instead, 122.1d)."""
    cards = cards_of(C)
    pump_or_grant_all(G, cards, True, a, b_, subtypes, ctrl, src)
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        bo = ob(o)
        if G[bo + O.CTRL] != ctrl or G[bo + O.PHASED] or G[bo + O.TAPPED] == 0:
            continue
        card = G[bo + O.CARD]
        if (cards[card, CardCol.TYPES] & CardType.CREATURE) == 0:
            continue
        if (cards[card, CardCol.SUBTYPES] & subtypes) == 0:
            continue
        stunned = 1 if G[bo + O.STUN] > 0 else 0
        log_event(G, Event.EFFECT, ctrl, src, o, Op.UNTAP, stunned, 0)
        if stunned:
            G[bo + O.STUN] -= 1
        else:
            G[bo + O.TAPPED] = 0


@njit
def sacrifice_greatest_power(G, C, n, vals):
    """Each player in vals sacrifices a creature with the greatest power among theirs (their
    choice among equals: the least threatening)."""
    cards = cards_of(C)
    for i in range(n):
        if vals[i] < PLAYER_BASE:
            continue
        p = vals[i] - PLAYER_BASE
        best = -1
        for j in range(G[H.BF_N]):
            o = G[OFF_BATTLEFIELD + j]
            bo = ob(o)
            if (
                G[bo + O.CTRL] != p
                or G[bo + O.PHASED]
                or (cards[G[bo + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0
            ):
                continue
            if (
                best < 0
                or G[bo + O.CUR_P] > G[ob(best) + O.CUR_P]
                or (
                    G[bo + O.CUR_P] == G[ob(best) + O.CUR_P]
                    and threat(G, cards, o) < threat(G, cards, best)
                )
            ):
                best = o
        if best >= 0:
            sacrifice(G, C, best)


@njit
def phase_out_yours(G, ctrl):
    """All permanents ctrl controls phase out (702.26)."""
    G[H.DIRTY] = DIRTY_ALL
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.CTRL] == ctrl and G[ob(o) + O.PHASED] == 0:
            G[ob(o) + O.PHASED] = PHASED_DIRECT
    for i in range(G[H.BF_N]):  # 702.26g: what is attached phases out with it
        o = G[OFF_BATTLEFIELD + i]
        att = attached_obj(G, o)
        if G[ob(o) + O.PHASED] == 0 and att != NO_OBJ and G[ob(att) + O.PHASED] != 0:
            G[ob(o) + O.PHASED] = PHASED_INDIRECT


@njit
def p1p1_each_entered(G, C, ctrl, subtypes, any_turn, other):
    """A +1/+1 counter on each creature of these subtypes ctrl controls that entered this
    turn (any_turn: each one, "Put a +1/+1 counter on each Bird you control"); other >= 0:
    not that one ("each other Squirrel you control")."""
    cards = cards_of(C)
    for i in range(G[H.BF_N]):
        q = ob(G[OFF_BATTLEFIELD + i])
        if (
            G[q + O.CTRL] == ctrl
            and G[q + O.PHASED] == 0
            and G[OFF_BATTLEFIELD + i] != other
            and (any_turn or G[q + O.ENTERED_TURN] == G[H.TURN])
            and cards[G[q + O.CARD], CardCol.TYPES] & CardType.CREATURE
            and cards[G[q + O.CARD], CardCol.SUBTYPES] & subtypes
        ):
            m = counters_put(G, C, ctrl, 1)
            G[q + O.P1P1] += m
            G[q + O.CUR_P] += m
            G[H.DIRTY] = DIRTY_ALL
            fire_p1p1_put(G, C, ctrl, G[OFF_BATTLEFIELD + i])


@njit
def land_to_return(G, cards, p, src):
    """The land p returns to hand (their choice): the built-in player returns a tapped one (its
    mana was used), a basic one first, and the source itself last. -1 if p controls none."""
    best = -1
    best_key = -1
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        card = G[b + O.CARD]
        if (
            G[b + O.CTRL] != p
            or G[b + O.PHASED]
            or (cards[card, CardCol.TYPES] & CardType.LAND) == 0
        ):
            continue
        key = (
            4 * (o != src)
            + 2 * (G[b + O.TAPPED] != 0)
            + ((cards[card, CardCol.TYPES] & CardType.BASIC) != 0)
        )
        if key > best_key:
            best_key = key
            best = o
    return best


@njit
def controller_gets(G, C, op, a, n, vals):
    """ "Its controller creates a [token] / gains life equal to its power / may search for a
    basic land": for each permanent in vals, as it is now (the step runs before the removal)."""
    cards = cards_of(C)
    for i in range(n):
        v = vals[i]
        if not is_obj(v) or not (
            G[ob(v) + O.ZONE] == Zone.BATTLEFIELD
            or (op == Op.CONTROLLER_CREATES and G[ob(v) + O.ZONE] == Zone.STACK)
        ):
            continue  # (a spell's controller creates: "Counter target spell. Its controller ...")
        p = G[ob(v) + O.CTRL]
        if op == Op.CONTROLLER_CREATES:
            t = create_token(
                G, cards, a, p, False, cards[a, CardCol.POWER], cards[a, CardCol.TOUGHNESS], -1
            )
            if t >= 0:
                fire_enters(G, C, t)
        elif op == Op.CONTROLLER_GAINS_POWER:
            gain_life_event(G, C, p, max(G[ob(v) + O.CUR_P], 0))
        else:  # "may search": a basic land helps its owner, who always takes one
            search_basic_land(G, C, p, True)


@njit
def pump_attacking(G, ctrl, a, b_):
    """Attacking creatures ctrl controls get +a/+b_ until end of turn."""
    G[H.DIRTY] = DIRTY_ALL
    for i in range(G[H.BF_N]):
        bo = ob(G[OFF_BATTLEFIELD + i])
        if G[bo + O.CTRL] == ctrl and G[bo + O.PHASED] == 0 and G[bo + O.ATTACKING] > 0:
            G[bo + O.EOT_P] += a
            G[bo + O.EOT_T] += b_


@njit
def create_tokens_attacking(G, C, ctrl, token, count, it):
    """ctrl creates `count` tokens of card `token`, tapped and attacking the player ctrl's
    attackers attack (508.4: put onto the battlefield attacking, never declared, so no attack
    triggers). Returns IT: the last token made (or the IT it was given)."""
    cards = cards_of(C)
    d = attacked_player(G, ctrl)
    for _ in range(count):
        t = create_token(
            G,
            cards,
            token,
            ctrl,
            True,
            cards[token, CardCol.POWER],
            cards[token, CardCol.TOUGHNESS],
            -1,
        )
        if t >= 0:
            if d >= 0:
                G[ob(t) + O.ATTACKING] = d + 1
                attacking_changed(G)
            fire_enters(G, C, t)
            it = t
    return it


@njit
def p1p1_others_token_or(G, C, ctrl, src, subtypes):
    """A +1/+1 counter on each other creature ctrl controls that's a token or has one of these
    subtypes ("each other creature you control that's a token or a Rabbit")."""
    cards = cards_of(C)
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        q = ob(o)
        if (
            o != src
            and G[q + O.CTRL] == ctrl
            and G[q + O.PHASED] == 0
            and cards[G[q + O.CARD], CardCol.TYPES] & CardType.CREATURE
            and (G[q + O.TOKEN] or cards[G[q + O.CARD], CardCol.SUBTYPES] & subtypes)
        ):
            m = counters_put(G, C, ctrl, 1)
            G[q + O.P1P1] += m
            G[q + O.CUR_P] += m
            G[H.DIRTY] = DIRTY_ALL
            fire_p1p1_put(G, C, ctrl, o)


@njit
def put_counters_of(G, C, src, ctrl, n, vals):
    """ "Put its counters on target creature you control": on each permanent in vals, as many
    counters of each kind as the source had as it last existed (its ruling: the counters are
    not moved, the same number of each kind is put; O.P1P1 / O.STUN / O.STASH are kept as it
    leaves the battlefield)."""
    if src < 0:
        return
    p1p1 = G[ob(src) + O.P1P1]
    stun = G[ob(src) + O.STUN]
    stash = G[ob(src) + O.STASH]
    for i in range(n):
        v = vals[i]
        if not is_obj(v) or G[ob(v) + O.ZONE] != Zone.BATTLEFIELD:
            continue
        if p1p1 > 0:
            G[ob(v) + O.P1P1] += counters_put(G, C, ctrl, p1p1)
            G[H.DIRTY] = DIRTY_ALL
            fire_p1p1_put(G, C, ctrl, v)
        G[ob(v) + O.STUN] += counters_put(G, C, ctrl, stun)
        G[ob(v) + O.STASH] += counters_put(G, C, ctrl, stash)
        if stun > 0 or stash > 0:
            counters_moved(G, C, v, stash > 0)


@njit
def creature_to_return(G, cards, p, src, save_best=False):
    """The other creature p returns to its owner's hand (their choice): the built-in player
    returns the nontoken creature that loses least by it (its value, plus its +1/+1 counters;
    tapped and summoning-sick ones first: their turn was spent), a token last (it would cease
    to exist); save_best (a sweeper follows): the most valuable nontoken one. -1 if p controls
    no other creature."""
    best = -1
    best_key = 1 << 30
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        card = G[b + O.CARD]
        if (
            o == src
            or G[b + O.CTRL] != p
            or G[b + O.PHASED]
            or (cards[card, CardCol.TYPES] & CardType.CREATURE) == 0
        ):
            continue
        key = cards[card, CardCol.VALUE] + 10 * G[b + O.P1P1]
        if save_best:
            key = -key
        else:
            key -= 5 * (G[b + O.TAPPED] != 0)
        key += 10000 * G[b + O.TOKEN]
        if key < best_key:
            best_key = key
            best = o
    return best


@njit
def card_mv_counters(G, C, p, src, types):
    """The card of `types` in p's graveyard whose mana value equals the source's counters
    (O.STASH: "equal to the number of coin counters on [this]"), p's choice: the built-in
    player picks the most valuable. -1 if none."""
    if src < 0:
        return -1
    cards = cards_of(C)
    mv = G[ob(src) + O.STASH]
    best = -1
    for i in range(G[pb(p) + P.GY_N]):
        o = graveyard_at(G, p, i)
        card = G[ob(o) + O.CARD]
        if (cards[card, CardCol.TYPES] & types) == 0 or cards[card, CardCol.MV] != mv:
            continue
        if best < 0 or cards[card, CardCol.VALUE] > cards[G[ob(best) + O.CARD], CardCol.VALUE]:
            best = o
    return best


@njit
def choose_graveyard_card(G, C, p, types, mv_at_most, nonland, it):
    """ "return target nonland permanent card with mana value 3 or less from your graveyard" of
    a reflexive trigger, its target chosen as the step runs: the most valuable card of `types`
    (not a land with nonland) with mana value mv_at_most or less in p's graveyard (p's choice:
    never an Aura).
    Returns (it, done): done = 1 if there was one (`it` unchanged if not)."""
    cards = cards_of(C)
    best = -1
    for i in range(G[pb(p) + P.GY_N]):
        o = graveyard_at(G, p, i)
        card = G[ob(o) + O.CARD]
        t = cards[card, CardCol.TYPES]
        if (t & types) == 0 or cards[card, CardCol.MV] > mv_at_most:
            continue
        if nonland and t & CardType.LAND:
            continue
        if cards[card, CardCol.SUBTYPES] & Subtype.AURA:
            continue  # (the engine does not attach an Aura put onto the battlefield, 303.4f)
        if best < 0 or cards[card, CardCol.VALUE] > cards[G[ob(best) + O.CARD], CardCol.VALUE]:
            best = o
    if best < 0:
        return it, 0
    return best, 1


@njit
def put_from_hand_or_graveyard(G, C, p, types, subtypes, it):
    """ "You may put a Bird creature card from your hand or graveyard onto the battlefield": the
    built-in player puts the most valuable such card whenever there is one. Returns (it, done)."""
    cards = cards_of(C)
    best = -1
    for i in range(G[pb(p) + P.HAND_N] + G[pb(p) + P.GY_N]):
        o = (
            hand_at(G, p, i)
            if i < G[pb(p) + P.HAND_N]
            else graveyard_at(G, p, i - G[pb(p) + P.HAND_N])
        )
        card = G[ob(o) + O.CARD]
        if (cards[card, CardCol.TYPES] & types) == 0 or (
            cards[card, CardCol.SUBTYPES] & subtypes
        ) == 0:
            continue
        if best < 0 or cards[card, CardCol.VALUE] > cards[G[ob(best) + O.CARD], CardCol.VALUE]:
            best = o
    if best < 0:
        return it, 0
    put_onto_battlefield(G, cards, best, p, False)
    fire_enters(G, C, best)
    return best, 1


@njit
def run_rare_op(G, C, op, a, b_, c, src, ctrl, n, vals, it, done):
    """The ops added for the Bloomburrow rares (issue 20), dispatched from
    effects.run_steps. Returns (it, done)."""
    cards = cards_of(C)
    if op == Op.PUT_COUNTERS_OF:
        put_counters_of(G, C, src, ctrl, n, vals)
    elif op == Op.DONE_IF_YOU_CONTROL:  # "if you control that creature, ..."
        done = 0
        for i in range(n):
            v = vals[i]
            if is_obj(v) and G[ob(v) + O.ZONE] == Zone.BATTLEFIELD and G[ob(v) + O.CTRL] == ctrl:
                done = 1
    elif op == Op.RETURN_OTHER_OWN_CREATURE:
        # "return another creature you control to its owner's hand. If you do, ... Otherwise,
        # you may return [this] to its owner's hand" (a = 1): the built-in player keeps it
        done = 0
        other = creature_to_return(G, cards, ctrl, src, b_ == 1)
        if other >= 0:
            move_object(G, cards, other, Zone.HAND)
            done = 1
    elif op == Op.CHOOSE_CARD_MV_COUNTERS:
        it = card_mv_counters(G, C, ctrl, src, a)
    elif op == Op.DIG_CREATURE_MV:
        dig(G, C, ctrl, a, CardType.CREATURE, 99, 0, b_, True)
    elif op == Op.RETURN_LANDS_FROM_GRAVEYARD:
        _lands_from_graveyard(G, C, ctrl)
    elif op == Op.DOUBLE_P1P1:
        # "double the number of +1/+1 counters on it": as many more as it has (its ruling)
        for i in range(n):
            v = vals[i]
            if is_obj(v) and G[ob(v) + O.ZONE] == Zone.BATTLEFIELD and G[ob(v) + O.P1P1] > 0:
                G[ob(v) + O.P1P1] += counters_put(G, C, ctrl, G[ob(v) + O.P1P1])
                G[H.DIRTY] = DIRTY_ALL
                fire_p1p1_put(G, C, ctrl, v)
    elif op == Op.EXILE_AT_END_STEP:
        for i in range(n):
            v = vals[i]
            if is_obj(v) and G[ob(v) + O.ZONE] == Zone.BATTLEFIELD:
                add_delayed(G, DK_EXILE_AT_END_STEP, v, ctrl, 0, G[H.TURN])
    elif op == Op.DAMAGE_NONBASIC_LANDS:
        for q in range(G[H.NPLAYERS]):
            if G[pb(q) + P.LOST] == 0:
                deal_damage(G, C, src, PLAYER_BASE + q, _nonbasic_lands(G, cards, q))
    elif op == Op.TOP_LAND_OR_HAND:
        # "If it's a land card, you may put it onto the battlefield tapped. Otherwise, put it
        # into your hand": the built-in player always puts the land onto the battlefield
        top = library_top(G, ctrl)
        if top != NO_OBJ:
            if cards[G[ob(top) + O.CARD], CardCol.TYPES] & CardType.LAND:
                put_onto_battlefield(G, cards, top, ctrl, a == 0)  # a: "put it onto" untapped
                fire_enters(G, C, top)
            else:
                move_object(G, cards, top, Zone.HAND)
    elif op == Op.ADD_MANA_PER_SUBTYPE:
        # "add {R} or {G} for each Raccoon you control": the player's color for all of it
        x = 0
        for i in range(G[H.BF_N]):
            q = G[OFF_BATTLEFIELD + i]
            if (
                G[ob(q) + O.CTRL] == ctrl
                and G[ob(q) + O.PHASED] == 0
                and cards[G[ob(q) + O.CARD], CardCol.SUBTYPES] & b_
            ):
                x += 1
        if x > 0:
            add_to_pool(G, ctrl, color_choice(G, C, ctrl, ~a & 31), x, c == 1)
    elif op == Op.EXILE_TOP_PLAY_ALL:
        # "exile the top [two / X] cards of your library. Until the end of your next turn, you
        # may play those cards"
        count = G[ob(src) + O.X_PAID] if c == 1 and src >= 0 else a
        last = exile_top_play_all(G, C, ctrl, count, b_ == 1)
        if last >= 0:
            it = last
    return it, done


@njit
def _lands_from_graveyard(G, C, p):
    """ "Return all land cards from your graveyard to the battlefield tapped" (one at a time:
    each enters, and its landfall triggers)."""
    cards = cards_of(C)
    while True:
        land = -1
        for i in range(G[pb(p) + P.GY_N]):
            o = graveyard_at(G, p, i)
            if cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.LAND:
                land = o
                break
        if land < 0:
            return
        put_onto_battlefield(G, cards, land, p, True)
        fire_enters(G, C, land)


@njit
def _nonbasic_lands(G, cards, p):
    n = 0
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        t = cards[G[b + O.CARD], CardCol.TYPES]
        if G[b + O.CTRL] == p and G[b + O.PHASED] == 0 and t & CardType.LAND:
            n += (t & CardType.BASIC) == 0
    return n

"""The turn's frame (500-514): beginning a turn (extra turns, rotation, "this turn" counts reset,
phasing, untap), the cleanup step (discard to hand size, damage and "until end of turn" effects
end) and a turn abandoned by a player who left the game. ``engine.step`` runs the steps between.
"""

from __future__ import annotations

from analyzer.enums import (
    CardCol,
    CardFlag,
    EndReason,
    Event,
    Op,
    Phase,
    Zone,
)
from analyzer.kernel.layout import (
    DIRTY_ALL,
    DIRTY_CHARS,
    DIRTY_LEGEND,
    DIRTY_SBA,
    FACE_EOT_SHIFT,
    FACE_PRINTED,
    MAX_PLAYERS,
    NO_OBJ,
    OFF_BATTLEFIELD,
    OFF_EXTRA,
    OFF_STACK,
    PHASED_DIRECT,
    PHASED_INDIRECT,
    SF,
    SK_SPELL,
    H,
    O,
    P,
    S,
)
from analyzer.kernel.player.ai import discard_to_hand_size
from analyzer.kernel.rules.catalog import cards_of, static_step_a
from analyzer.kernel.rules.chars import refresh
from analyzer.kernel.rules.combat import end_combat
from analyzer.kernel.rules.effects_until import next_kw_ends
from analyzer.kernel.rules.events_turn import end_delayed_until_next_turn
from analyzer.kernel.rules.gamelog import log_event, log_stun_kept_tapped
from analyzer.kernel.rules.library import end_play_permissions
from analyzer.kernel.rules.stack import clear_decision
from analyzer.kernel.rules.state import attached_obj, move_object
from analyzer.kernel.rules.view import alive, next_alive, ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit


@njit
def begin_turn(G, C):
    n = G[H.EXTRA_N]
    active = -1
    while n > 0:
        n -= 1
        q = G[OFF_EXTRA + n]
        if alive(G, q):
            active = q
            break
    G[H.EXTRA_N] = n
    extra = active >= 0
    if active < 0:
        active = next_alive(G, G[H.ROTATION])
        G[H.ROTATION] = active
    previous = G[H.ACTIVE]  # (a "during your turn" static of theirs ends: see below)
    G[H.ACTIVE] = active
    G[H.TURN] += 1
    if G[H.TURN] > G[H.TURN_CAP]:
        G[H.WINNER] = -2
        G[H.END_REASON] = EndReason.TURN_CAP
        G[H.PHASE] = Phase.GAME_OVER
        refresh(G, C)  # the final record shows the cleanup's effects ended (see cleanup)
        return
    for p in range(G[H.NPLAYERS]):
        q = pb(p)
        G[q + P.LANDS_TURN] = 0
        G[q + P.SPELLS_TURN] = 0
        G[q + P.LIFE_GAINED_TURN] = 0
        G[q + P.LIFE_LOST_TURN] = 0
        G[q + P.MANA_SPENT_TURN] = 0  # expend counts the mana spent on spells this turn
        G[q + P.CREATURES_ENTERED_TURN] = 0
        G[q + P.SUBTYPES_ENTERED_TURN] = 0
        G[q + P.GY_LEFT_TURN] = 0
        G[q + P.FOOD_SACRIFICED_TURN] = 0
        G[q + P.CREATURES_DIED_TURN] = 0
        G[q + P.CREATURES_EXILED_TURN] = 0
        G[q + P.TOKENS_CREATED_TURN] = 0  # "if you created a token this turn"
        G[q + P.ATTACKERS_TURN] = 0
        G[q + P.EXTRA_LANDS_TURN] = 0
        G[q + P.TYPES_CAST_TURN] = 0
        G[q + P.SUBTYPES_CAST_TURN] = 0
        for c in range(6):  # "until end of turn" mana is gone too (Brazen Collector's)
            G[q + P.MANA_W + c] = 0
    G[pb(active) + P.TURNS] += 1
    log_event(G, Event.TURN_START, active, -1, -1, 1 if extra else 0, -1, -1)
    G[pb(active) + P.PROTECTED] = 0  # "until your next turn" ends (Perch Protection)
    next_kw_ends(G, active)  # and what it granted "until your next turn" (For the Common Good)
    phase_in(G, active)
    for i in range(own_n(G, active)):  # (untapping moves nothing)
        b = ob(own_at(G, active, i))
        G[b + O.SICK] = 0
        if G[b + O.TAPPED]:
            if G[b + O.STUN] > 0:
                G[b + O.STUN] -= 1  # 122.1d: a stun counter replaces untapping
                log_stun_kept_tapped(G, active, own_at(G, active, i))
            else:
                G[b + O.TAPPED] = 0
    # a static's condition may read whose turn it is (Cond.YOUR_TURN: not volatile, it changes
    # only here; H.GAME_STATICS: only for the sources of the players whose turn ends or begins,
    # or for any turn), and what it changed the state-based actions see at the next check.
    # Without one nothing refresh reads changed untracked: untapping (O.TAPPED, O.SICK) is not
    # read, a stun counter only by a volatile static, phasing in writes H.DIRTY (and without a
    # refresh nothing the state-based actions read changed either: the last check settled it)
    turn_seats = (1 << MAX_PLAYERS) | (1 << active)
    if 0 <= previous < MAX_PLAYERS:
        turn_seats |= 1 << previous
    if G[H.DIRTY] & DIRTY_CHARS or G[H.STATICS] or G[H.GAME_STATICS] & turn_seats:
        refresh(G, C)
        G[H.DIRTY] |= DIRTY_SBA
    G[H.PHASE] = Phase.UPKEEP


@njit
def phase_in(G, active):
    """502.1: the active player's directly phased-out permanents phase in (a phased-out
    permanent kept its controller, 702.26d), and with them what phased out attached to them
    (702.26g), whoever controls it."""
    indirect = False
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.PHASED] == PHASED_DIRECT and G[b + O.CTRL] == active:
            G[b + O.PHASED] = 0
            G[H.DIRTY] = DIRTY_ALL
        elif G[b + O.PHASED] == PHASED_INDIRECT:
            indirect = True
    for i in range(G[H.BF_N] if indirect else 0):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.PHASED] == PHASED_INDIRECT:
            att = attached_obj(G, o)
            if att == NO_OBJ or G[ob(att) + O.PHASED] == 0:
                G[ob(o) + O.PHASED] = 0
                G[H.DIRTY] = DIRTY_ALL


NO_MAX_HAND_SIZE = 1 << 20  # (more than any hand holds)


@njit
def max_hand_size(G, C, p):
    """p's maximum hand size (402.2): seven, unless a permanent p controls says "You have no
    maximum hand size" or "Your maximum hand size is twenty"; of several, the latest
    timestamp wins (613.7; Twenty-Toed Toad's ruling)."""
    cards = cards_of(C)
    size = 7
    latest = -1
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        card = G[b + O.CARD]
        flags = cards[card, CardCol.FLAGS] & (CardFlag.NO_MAX_HAND | CardFlag.MAX_HAND_SIZE)
        if flags == 0 or G[b + O.CTRL] != p or G[b + O.PHASED] or G[b + O.TIMESTAMP] < latest:
            continue
        latest = G[b + O.TIMESTAMP]
        if flags & CardFlag.NO_MAX_HAND:
            size = NO_MAX_HAND_SIZE
        else:
            size = static_step_a(C, card, Op.STATIC_MAX_HAND_SIZE)
    return size


@njit
def cleanup(G, C):
    if G[pb(G[H.ACTIVE]) + P.HAND_N] > 7:  # (no effect makes the maximum smaller)
        discard_to_hand_size(G, C, G[H.ACTIVE], max_hand_size(G, C, G[H.ACTIVE]))
    returned = False
    if G[H.IMPULSE]:
        end_play_permissions(G)  # "until end of turn", "until the end of your next turn"
    if G[H.DELAYED_N]:
        end_delayed_until_next_turn(G)
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        G[b + O.DAMAGE] = 0  # (removing damage never makes a state-based action apply)
        G[b + O.DEATHTOUCHED] = 0
        if G[b + O.EOT_CTRL]:
            G[b + O.EOT_CTRL] = 0  # "until end of turn" control ends (514.2)
            returned = True
        if G[b + O.FACE] >> FACE_EOT_SHIFT:
            # "becomes ... until end of turn" ends (514.2): its own row, until refresh gives
            # it a static ability's row again
            G[b + O.CARD] = (G[b + O.FACE] & FACE_PRINTED) - 1
            G[b + O.FACE] = 0
            G[H.DIRTY] |= DIRTY_ALL & ~DIRTY_LEGEND  # (the legend rule reads printed cards)
        if G[b + O.EOT_P] | G[b + O.EOT_T] | G[b + O.EOT_KW] | G[b + O.EOT_KW_LOSE]:
            G[H.DIRTY] |= DIRTY_ALL & ~DIRTY_LEGEND
            G[b + O.EOT_P] = 0
            G[b + O.EOT_T] = 0
            G[b + O.EOT_KW] = 0
            G[b + O.EOT_KW_LOSE] = 0
    if returned:
        # control returns now, so its owner's untap step finds it theirs (not summoning sick)
        G[H.DIRTY] = DIRTY_ALL
        refresh(G, C)
    if G[H.TRIG_N] > 0:
        refresh(G, C)  # a priority window comes first (514.3a)
    # else the next step begins the turn, whose refresh (after untap and phasing) covers
    # the effects that ended here: nothing reads the characteristics in between
    G[H.PHASE] = Phase.BEGIN


@njit
def abandon_turn(G, C):
    """The active player left the game mid-turn: the rest of the turn is skipped (800.4a
    leaves the turn without an active player; the kernel moves straight to the next turn)."""
    cards = cards_of(C)
    end_combat(G)
    for i in range(G[H.STACK_N] - 1, -1, -1):
        e = OFF_STACK + i * SF
        if G[e + S.KIND] == SK_SPELL and G[ob(G[e + S.OBJ]) + O.ZONE] == Zone.STACK:
            move_object(G, cards, G[e + S.OBJ], Zone.GRAVEYARD)
    G[H.STACK_N] = 0
    G[H.TRIG_N] = 0
    G[H.WINDOW] = 0
    clear_decision(G)
    cleanup(G, C)

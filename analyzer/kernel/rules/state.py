"""Primitive operations on one game record: zone lists, moving objects, tokens (drawing and
life are in life_draw.py; the reads that write nothing are in view.py).

Conventions: ``G`` is the game record (int32, see layout.py); ``cards`` is the compiled card
table (int32 rows by card id, columns ``CardCol``). Zone lists are unordered except the library
(bottom at index 0, top at the end). Every capacity overflow sets ``H.ERROR`` and ends the game
with ``EndReason.CAPACITY``; callers never write past a list.
"""

from __future__ import annotations

from analyzer.enums import (
    LEAVES_OTHER_BATCH,
    LEAVES_SELF,
    AbilityKind,
    CardCol,
    CardFlag,
    CardType,
    EndReason,
    Event,
    Phase,
    Subtype,
    Zone,
)
from analyzer.kernel.layout import (
    BOARD_ANIMATE_TWIN,
    DIRTY_ALL,
    DIRTY_CHARS,
    DIRTY_LEGEND,
    DIRTY_SBA,
    FACE_EOT_SHIFT,
    FACE_PRINTED,
    MAX_BATTLEFIELD,
    MAX_EXILE,
    MAX_GRAVEYARD,
    MAX_HAND,
    MAX_LIBRARY,
    MAX_TRIGGERS,
    NO_OBJ,
    OFF_BATTLEFIELD,
    OFF_EXILE,
    OFF_GRAVEYARD,
    OFF_HAND,
    OFF_LIBRARY,
    OFF_TRIGGERS,
    PLAYER_BASE,
    SK_ABILITY,
    TF,
    H,
    O,
    P,
    T,
)
from analyzer.kernel.rules.gamelog import log_event
from analyzer.kernel.rules.view import (
    kind_seen,
    ob,
    pb,
)
from analyzer.kernel.runtime.config import njit

THRESHOLD_CARDS = 7  # threshold (an ability word): seven or more cards in your graveyard

ERR_HAND = 1
ERR_LIBRARY = 2
ERR_GRAVEYARD = 3
ERR_EXILE = 4
ERR_BATTLEFIELD = 5
ERR_TOKENS = 6
ERR_STACK = 7
ERR_TRIGGERS = 8
ERR_DELAYED = 9
ERR_EXTRA = 10
ERR_SCRATCH = 11
ERROR_NAMES = (
    "",
    "hand",
    "library",
    "graveyard",
    "exile",
    "battlefield",
    "tokens",
    "stack",
    "triggers",
    "delayed triggers",
    "extra turns",
    "scratch",
)


@njit
def overflow(G, code):
    """A capacity was exceeded: end the game, reported as a capacity error."""
    if G[H.ERROR] == 0:
        G[H.ERROR] = code
    G[H.WINNER] = -2
    G[H.END_REASON] = EndReason.CAPACITY
    G[H.PHASE] = Phase.GAME_OVER


@njit
def zone_list(p, zone):
    """(offset, count field offset, capacity) of player p's list for a zone."""
    if zone == Zone.HAND:
        return OFF_HAND + p * MAX_HAND, pb(p) + P.HAND_N, MAX_HAND
    if zone == Zone.LIBRARY:
        return OFF_LIBRARY + p * MAX_LIBRARY, pb(p) + P.LIB_N, MAX_LIBRARY
    if zone == Zone.GRAVEYARD:
        return OFF_GRAVEYARD + p * MAX_GRAVEYARD, pb(p) + P.GY_N, MAX_GRAVEYARD
    if zone == Zone.EXILE:
        return OFF_EXILE + p * MAX_EXILE, pb(p) + P.EXILE_N, MAX_EXILE
    if zone == Zone.BATTLEFIELD:
        return OFF_BATTLEFIELD, H.BF_N, MAX_BATTLEFIELD
    return -1, -1, 0


@njit
def _err_for_zone(zone):
    if zone == Zone.HAND:
        return ERR_HAND
    if zone == Zone.LIBRARY:
        return ERR_LIBRARY
    if zone == Zone.GRAVEYARD:
        return ERR_GRAVEYARD
    if zone == Zone.EXILE:
        return ERR_EXILE
    return ERR_BATTLEFIELD


@njit
def list_remove(G, off, cnt, value, ordered):
    """Remove value from a list; ordered keeps the order (library), else swap-with-last."""
    n = G[cnt]
    for i in range(n):
        if G[off + i] == value:
            if ordered:
                for j in range(i, n - 1):
                    G[off + j] = G[off + j + 1]
            else:
                G[off + i] = G[off + n - 1]
            G[cnt] = n - 1
            return True
    return False


@njit
def list_zone_owner(G, o, zone):
    """Whose list holds o in this zone: battlefield is global; the rest are the owner's."""
    return G[ob(o) + O.OWNER]


@njit
def remove_from_zone(G, o):
    zone = G[ob(o) + O.ZONE]
    if zone == Zone.NONE or zone == Zone.STACK or zone == Zone.COMMAND:
        return  # (one object at most per player is in the command zone: no list)
    off, cnt, _cap = zone_list(list_zone_owner(G, o, zone), zone)
    list_remove(G, off, cnt, o, zone == Zone.LIBRARY)


@njit
def reset_permanent_state(G, o, entering):
    """A new object's permanent state. Leaving the battlefield keeps what it was attached to
    and its counters: last-known information (608.2h) for its abilities still on the stack
    ("enchanted creature" is the one it enchanted as it left)."""
    b = ob(o)
    if entering:
        G[b + O.ATTACHED] = NO_OBJ
        G[b + O.ATTACHED_ZCC] = 0
        # counters are kept as it leaves: last-known information for "put its counters on
        # target creature" (a dies trigger); a permanent enters with none (122.2)
        G[b + O.P1P1] = 0
        G[b + O.STUN] = 0
        G[b + O.KW_COUNTERS] = 0
    G[b + O.TAPPED] = 0
    G[b + O.SICK] = 0
    G[b + O.DAMAGE] = 0
    G[b + O.EOT_P] = 0
    G[b + O.EOT_T] = 0
    G[b + O.EOT_KW] = 0
    G[b + O.EOT_KW_LOSE] = 0
    G[b + O.NEXT_KW] = 0
    G[b + O.PHASED] = 0
    G[b + O.PROMISED] = 0
    G[b + O.RECIPIENT] = -1
    G[b + O.ATTACKING] = 0
    G[b + O.BLOCKING] = 0
    G[b + O.BLOCKED] = 0
    G[b + O.DEATHTOUCHED] = 0
    G[b + O.CAST_BY] = 0
    G[b + O.OFFSPRING] = 0
    G[b + O.VALIANT_TURN] = 0
    G[b + O.ONCE_TURN] = 0
    G[b + O.CLASS_LEVEL] = 0
    G[b + O.EXILE_TURN] = 0
    G[b + O.CTRL_WHILE] = 0
    G[b + O.ONCE_EVER] = 0
    G[b + O.RESOLVED_TURN] = 0  # a new object's ability has not resolved yet (400.7)
    G[b + O.CHOSEN_SUBTYPE] = 0  # nor has a type been chosen for it
    G[b + O.CHOSEN_COLOR] = 0
    G[b + O.EOT_CTRL] = 0


@njit
def queue_trigger(G, o, ab, ctrl, trig_obj, kind):
    """A pending trigger of o's ability row ab (events.py puts them on the stack)."""
    n = G[H.TRIG_N]
    if n >= MAX_TRIGGERS:
        overflow(G, ERR_TRIGGERS)
        return
    t = OFF_TRIGGERS + n * TF
    G[t + T.OBJ] = o
    G[t + T.AB] = ab
    G[t + T.CTRL] = ctrl
    G[t + T.TRIG_OBJ] = trig_obj
    G[t + T.KIND] = kind
    G[t + T.ZCC] = G[ob(o) + O.ZCC] if o >= 0 else 0
    # the promise is read now (608.2h): the source may be gone when the trigger goes on the
    # stack (a dies trigger, or a gift permanent a state-based action put into the graveyard)
    G[t + T.PROMISED] = G[ob(o) + O.PROMISED] if o >= 0 else 0
    G[t + T.RECIPIENT] = G[ob(o) + O.RECIPIENT] if o >= 0 else -1
    G[t + T.TRIG_ZCC] = 0  # (the event's amount, set by its caller: set_trigger_amount)
    G[H.TRIG_N] = n + 1


@njit
def set_trigger_amount(G, first, amount):
    """The triggers queued from index `first` on carry their event's amount ("draw that many
    cards": XCount.THAT_MANY, read from the stack entry's S.X as the ability resolves)."""
    for i in range(first, G[H.TRIG_N]):
        G[OFF_TRIGGERS + i * TF + T.TRIG_ZCC] = amount


@njit
def _leaves_without_dying(G, cards, o):
    """o leaves the battlefield for a zone other than a graveyard: "Whenever this or another
    creature you control leaves the battlefield without dying" (CardCol.LEAVES_AB) triggers,
    looking back at o as it was (603.10a). Called before o moves."""
    ctrl = G[ob(o) + O.CTRL]
    creature = cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE
    for i in range(G[H.BF_N]):
        q = G[OFF_BATTLEFIELD + i]
        b = ob(q)
        leaves = cards[G[b + O.CARD], CardCol.LEAVES_AB]
        if leaves == 0 or G[b + O.CTRL] != ctrl or G[b + O.PHASED] or (q != o and not creature):
            continue
        ab = (leaves & (LEAVES_OTHER_BATCH - 1)) - 1
        if leaves & LEAVES_SELF and q != o:
            continue  # "When this creature leaves the battlefield": the source only
        if leaves & LEAVES_OTHER_BATCH:
            # "one or more other creatures": not the source, one trigger per batch
            if q == o or trigger_pending(G, q, ab):
                continue
        queue_trigger(G, q, ab, ctrl, o, SK_ABILITY)


@njit
def _token_leaves(G, cards, o):
    """Token o leaves the battlefield: "Whenever a token you control leaves the battlefield"
    (CardCol.TOKEN_LEAVES_AB) triggers for o's controller's permanents, o itself included
    (603.10a: called before o moves)."""
    ctrl = G[ob(o) + O.CTRL]
    for i in range(G[H.BF_N]):
        q = G[OFF_BATTLEFIELD + i]
        b = ob(q)
        ab = cards[G[b + O.CARD], CardCol.TOKEN_LEAVES_AB] - 1
        if ab >= 0 and G[b + O.CTRL] == ctrl and G[b + O.PHASED] == 0:
            queue_trigger(G, q, ab, ctrl, o, SK_ABILITY)


@njit
def trigger_pending(G, o, ab):
    """Is a trigger of o's ability ab waiting to go on the stack?"""
    for i in range(G[H.TRIG_N]):
        t = OFF_TRIGGERS + i * TF
        if G[t + T.OBJ] == o and G[t + T.AB] == ab and G[t + T.ZCC] == G[ob(o) + O.ZCC]:
            return True
    return False


# card flags of a permanent whose entering or leaving may change characteristics by itself
_NOT_INERT = (
    CardFlag.STATIC_CHARS
    | CardFlag.STATIC_VOLATILE
    | CardFlag.STATIC_GAME
    | CardFlag.SETS_FACE
    | CardFlag.ANIMATED
)


@njit
def board_inert(G, cards, o, ctrl):
    """Would permanent o entering or leaving the battlefield under ctrl's control leave every
    characteristic as it is (so no refresh is needed; an entering one has its own layer-1 values,
    put_onto_battlefield)? Only with the last refresh's reach current (DIRTY_CHARS clear), o's
    card with no face and no static ability refresh reads or counts (STATIC_CHARS, _VOLATILE,
    _GAME), o no source of a "for as long as you control" effect (O.CTRL_WHILE: it ends as o
    leaves; a new object is none), and o of none of the types and subtypes the static abilities
    out count or reach under ctrl (chars_counts.board_reach: why)."""
    if G[H.DIRTY] & DIRTY_CHARS or G[H.STATICS]:
        return False  # (a volatile static: the refreshes that read it come as they did)
    for i in range(G[H.BF_N] if G[H.CTRL_WHILE_N] else 0):
        if G[ob(G[OFF_BATTLEFIELD + i]) + O.CTRL_WHILE] == o + 1:
            return False
    card = G[ob(o) + O.CARD]
    if cards[card, CardCol.FLAGS] & _NOT_INERT:
        return False
    key = cards[card, CardCol.TYPES]
    if cards[card, CardCol.ANIMATE_TWIN] != 0:
        key |= BOARD_ANIMATE_TWIN
    q = pb(ctrl)
    return (key & G[q + P.BOARD_TYPES]) == 0 and (
        cards[card, CardCol.SUBTYPES] & G[q + P.BOARD_SUBTYPES]
    ) == 0


@njit(inline_in_entry=True)
def _library_place(zone, top):
    """A zone event's c: 0 on top of a library, 1 at the bottom, -1 for another zone."""
    if zone != Zone.LIBRARY:
        return -1
    return 0 if top else 1


@njit
def move_object(G, cards, o, zone, top=True):
    """Move object o to its owner's zone (battlefield: the global list). A new object results
    (rule 400.7): zone-change counter bumps, permanent state resets. Tokens leaving the
    battlefield cease to exist. Library: top=True puts it on top, False on the bottom."""
    b = ob(o)
    old = G[b + O.ZONE]
    if old == Zone.GRAVEYARD:  # "if three or more cards left your graveyard this turn"
        G[pb(G[b + O.OWNER]) + P.GY_LEFT_TURN] += 1
    if old == Zone.STACK:
        if G[b + O.CAST_FROM] == Zone.GRAVEYARD + 1 and (
            G[b + O.FREE_CAST] == 0 or zone == Zone.GRAVEYARD
        ):
            # 702.34a: a flashback spell leaving the stack is exiled instead; a spell cast
            # free from a graveyard (cast_free) only instead of going to the graveyard
            zone = Zone.EXILE
        G[b + O.CAST_FROM] = 0
        G[b + O.FREE_CAST] = 0
    if old == Zone.BATTLEFIELD and zone == Zone.GRAVEYARD and G[b + O.EXILE_TURN] < 0:
        zone = Zone.EXILE  # a finality counter: "if it would die, exile it instead" (614.1a)
    if (
        old == Zone.BATTLEFIELD
        and zone == Zone.EXILE
        and cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE
    ):
        # "the number of creatures your opponents controlled that were exiled this turn"
        G[pb(G[b + O.CTRL]) + P.CREATURES_EXILED_TURN] += 1
    if (old == Zone.STACK and zone != Zone.BATTLEFIELD) or old == Zone.BATTLEFIELD:
        G[b + O.X_PAID] = 0  # 107.3m: X is 0 for a permanent that was not cast as it entered
    if G[pb(G[b + O.OWNER]) + P.COMMANDER] == o + 1:
        if zone == Zone.LIBRARY:
            # 903.9b: a commander that would go to its owner's library may go to the command
            # zone instead, and its owner always lets it (to hand it stays: recast untaxed)
            zone = Zone.COMMAND
        elif zone == Zone.GRAVEYARD or zone == Zone.EXILE:
            G[H.DIRTY] |= DIRTY_SBA  # 704.6d: the state-based actions return it
    # c: where in the library (0 top, 1 bottom), so a replay can say it; elsewhere why it left
    # the battlefield (H.LEAVE_CAUSE, a LeaveCause), -1 when nothing says
    cause = G[H.LEAVE_CAUSE]
    G[H.LEAVE_CAUSE] = 0
    c = _library_place(zone, top) if zone == Zone.LIBRARY or cause == 0 else cause
    log_event(G, Event.ZONE, G[b + O.OWNER], o, -1, old, zone, c)
    if (
        old == Zone.BATTLEFIELD
        and zone != Zone.GRAVEYARD
        and kind_seen(G, AbilityKind.LEAVES_WITHOUT_DYING)
    ):
        _leaves_without_dying(G, cards, o)
    if old == Zone.BATTLEFIELD and G[b + O.TOKEN] and kind_seen(G, AbilityKind.TOKEN_LEAVES):
        _token_leaves(G, cards, o)
    if old == Zone.GRAVEYARD and G[pb(G[b + O.OWNER]) + P.GY_N] == THRESHOLD_CARDS:
        G[H.DIRTY] |= DIRTY_ALL & ~DIRTY_LEGEND  # threshold lost: statics that read it change
    faced = G[b + O.FACE] != 0  # (as it leaves, its statics may be another row's)
    if faced:  # 400.7: the new object has its own characteristics again
        G[b + O.CARD] = (G[b + O.FACE] & FACE_PRINTED) - 1
        G[b + O.FACE] = 0
    if zone != old and not (G[b + O.TOKEN] == 1 and zone != Zone.BATTLEFIELD):
        # a full destination ends the game before the object leaves its list, so the record
        # stays whole (every object in exactly one list) for the checks and the report
        _, cnt, cap = zone_list(G[b + O.OWNER], zone)
        if cap > 0 and G[cnt] >= cap:
            overflow(G, _err_for_zone(zone))
            return
    remove_from_zone(G, o)
    G[b + O.ZCC] += 1
    if (old == Zone.HAND or zone == Zone.HAND) and G[H.HAND_STATICS] >> G[b + O.OWNER] & 1:
        G[H.DIRTY] |= DIRTY_CHARS | DIRTY_SBA  # a static reads the hand's size (static_pt_hand)
    if G[b + O.LINK] < 0:
        G[H.DIRTY] = DIRTY_ALL  # no longer among the cards exiled with its source (statics)
    G[b + O.LINK] = 0  # an "until" link (610.3) holds only while the card stays where it went
    if old == Zone.BATTLEFIELD or zone == Zone.BATTLEFIELD:
        reset_permanent_state(G, o, zone == Zone.BATTLEFIELD)
        # as it leaves: under its controller; entering: its owner's (put_onto_battlefield
        # looks again for another controller)
        under = G[b + O.CTRL] if old == Zone.BATTLEFIELD else G[b + O.OWNER]
        # (not DIRTY_LEGEND: a permanent leaving makes no pair of legends; a legendary one
        # entering sets it below). Nor the state-based actions' bits for a permanent entering
        # that is no creature, Aura or Equipment (a land, a Food): it enters unattached, and
        # they find on it nothing (sba._sba_look) and elsewhere what they found before
        if (
            old == Zone.BATTLEFIELD
            or cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE
            or cards[G[b + O.CARD], CardCol.SUBTYPES] & (Subtype.AURA | Subtype.EQUIPMENT)
        ):
            G[H.DIRTY] |= DIRTY_ALL & ~(DIRTY_CHARS | DIRTY_LEGEND)
        if faced or not board_inert(G, cards, o, under):
            G[H.DIRTY] |= DIRTY_CHARS
        G[b + O.CTRL] = G[b + O.OWNER]
        G[H.BFX_OK] = 0  # the battlefield list changes (view.own_n rebuilds)
    if G[b + O.TOKEN] == 1 and zone != Zone.BATTLEFIELD and old != Zone.NONE:
        G[b + O.ZONE] = Zone.NONE  # 111.7 / 704.5d: a token off the battlefield ceases to exist
        return
    if zone != Zone.EXILE:
        G[b + O.CAST_BY] = 0
        G[b + O.PLAY_UNTIL] = 0
    G[b + O.ZONE] = zone
    if zone == Zone.BATTLEFIELD:
        # the event loops skip kinds of abilities no permanent ever had
        G[H.KINDS_SEEN] |= cards[G[b + O.CARD], CardCol.AB_KINDS]
        G[H.KINDS_SEEN_HI] |= cards[G[b + O.CARD], CardCol.AB_KINDS_HI]
        G[H.KINDS_SEEN_HI2] |= cards[G[b + O.CARD], CardCol.AB_KINDS_HI2]
        if cards[G[b + O.CARD], CardCol.TYPES] & CardType.LEGENDARY:
            G[H.LEGENDS] = 1  # check_sba looks at the legend rule from now on
            G[H.DIRTY] |= DIRTY_LEGEND  # (it may make a pair with one of the same name)
        if cards[G[b + O.CARD], CardCol.FLAGS] & CardFlag.SETS_FACE:
            G[H.FACES] = 1  # chars.refresh looks at faces from now on
        if cards[G[b + O.CARD], CardCol.FLAGS] & CardFlag.FOOD_TRIGGER:
            G[H.FOOD_WATCH] = 1  # sba._dies looks for "whenever a Food is put into a graveyard"
    if zone == Zone.STACK or zone == Zone.NONE or zone == Zone.COMMAND:
        return
    p = G[b + O.OWNER]
    if (
        zone == Zone.GRAVEYARD
        and (cards[G[b + O.CARD], CardCol.AB_KINDS] >> AbilityKind.FLASHBACK) & 1
    ):
        G[pb(p) + P.FLASHBACK_GY] = 1  # the built-in player looks there for flashback casts
    if zone == Zone.GRAVEYARD and cards[G[b + O.CARD], CardCol.FLAGS] & CardFlag.GRAVEYARD_ABILITY:
        G[pb(p) + P.GY_ABILITY] = 1  # ... and for abilities that work from there
    off, cnt, cap = zone_list(p, zone)
    n = G[cnt]
    if n >= cap:
        overflow(G, _err_for_zone(zone))
        return
    if zone == Zone.LIBRARY and not top:
        for j in range(n, 0, -1):
            G[off + j] = G[off + j - 1]
        G[off] = o
    else:
        G[off + n] = o
    G[cnt] = n + 1
    if zone == Zone.GRAVEYARD and n + 1 == THRESHOLD_CARDS:
        G[H.DIRTY] |= DIRTY_ALL & ~DIRTY_LEGEND  # threshold reached (see above)


@njit
def attach(G, src, dst):
    """Attach Aura or Equipment src to the permanent dst (as the object dst is now), or an Aura
    to the player dst (PLAYER_BASE + seat: "Enchant opponent", 303.4a); it gets a new
    timestamp (613.7e), so its effects apply after those of earlier ones."""
    G[ob(src) + O.ATTACHED] = dst
    G[H.TIMESTAMP] += 1
    G[ob(src) + O.TIMESTAMP] = G[H.TIMESTAMP]
    G[ob(src) + O.ATTACHED_ZCC] = G[ob(dst) + O.ZCC] if dst < PLAYER_BASE else 0
    G[H.DIRTY] = DIRTY_ALL


@njit
def attached_obj(G, o):
    """What o is attached to, or NO_OBJ once that object left the battlefield: a permanent
    that leaves and returns is a new object (400.7) that nothing is attached to (so an Aura
    goes to the graveyard, 704.5m, and Equipment becomes unattached, 704.5n). For a source
    that left the battlefield, what it was attached to as it left (last-known information)."""
    att = G[ob(o) + O.ATTACHED]
    if att == NO_OBJ or att >= PLAYER_BASE:
        return NO_OBJ  # (an Aura on a player: attached_player)
    ba = ob(att)
    if G[ba + O.ZONE] != Zone.BATTLEFIELD or G[ba + O.ZCC] != G[ob(o) + O.ATTACHED_ZCC]:
        return NO_OBJ
    return att


@njit
def attached_player(G, o):
    """The seat an Aura o enchants ("Enchant opponent"), or -1: attached to no player, or to
    one who has left the game (an Aura on a player who left goes, 704.5m, 800.4a)."""
    att = G[ob(o) + O.ATTACHED]
    if att < PLAYER_BASE:
        return -1
    p = att - PLAYER_BASE
    return -1 if G[pb(p) + P.LOST] else p


@njit
def put_onto_battlefield(G, cards, o, controller, tapped):
    """Object o (a card anywhere, or a fresh token slot) enters the battlefield."""
    move_object(G, cards, o, Zone.BATTLEFIELD)
    b = ob(o)
    if controller != G[b + O.OWNER] and not board_inert(G, cards, o, controller):
        G[H.DIRTY] |= DIRTY_CHARS  # (move_object looked at its owner's statics)
    G[b + O.CTRL] = controller
    G[b + O.BASE_CTRL] = controller
    G[b + O.TAPPED] = 1 if tapped else 0
    G[b + O.SICK] = 1
    G[b + O.ENTERED_TURN] = G[H.TURN]
    G[b + O.STASH] = 0  # a new permanent (400.7) has no counters
    G[H.TIMESTAMP] += 1
    G[b + O.TIMESTAMP] = G[H.TIMESTAMP]
    if G[b + O.TOKEN] == 0:
        card = G[b + O.CARD]
        G[b + O.BASE_P] = cards[card, CardCol.POWER]
        G[b + O.BASE_T] = cards[card, CardCol.TOUGHNESS]
    G[b + O.CUR_P] = G[b + O.BASE_P]
    G[b + O.CUR_T] = G[b + O.BASE_T]
    G[b + O.CUR_KW] = cards[G[b + O.CARD], CardCol.KEYWORDS]
    if cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE:
        G[pb(controller) + P.CREATURES_ENTERED_TURN] += 1
    G[pb(controller) + P.SUBTYPES_ENTERED_TURN] |= cards[G[b + O.CARD], CardCol.SUBTYPES]


@njit
def new_token_slot(G):
    """A free object slot for a token, or -1 (capacity error set)."""
    first = G[H.NCARDS]
    n = G[H.NOBJ] - first
    start = G[H.TOKEN_CURSOR]
    for k in range(n):
        i = first + (start + k) % n
        if G[ob(i) + O.ZONE] == Zone.NONE:
            G[H.TOKEN_CURSOR] = (start + k + 1) % n
            return i
    overflow(G, ERR_TOKENS)
    return -1


@njit
def create_token(G, cards, card, controller, tapped, base_p, base_t, copy_of):
    """Create a token of a token definition or a copy of a card (copy_of = card id or -1).
    base_p/base_t are its copiable P/T (the "except it's 1/1" is part of them, 707.9b)."""
    o = new_token_slot(G)
    if o < 0:
        return -1
    b = ob(o)
    G[b + O.CARD] = card
    G[b + O.OWNER] = controller
    G[b + O.TOKEN] = 1
    G[b + O.ZONE] = Zone.NONE
    G[b + O.BASE_P] = base_p
    G[b + O.BASE_T] = base_t
    G[b + O.COPY_OF] = copy_of
    put_onto_battlefield(G, cards, o, controller, tapped)
    G[pb(controller) + P.TOKENS_CREATED_TURN] += 1
    log_event(G, Event.TOKEN, controller, o, -1, -1, -1, -1)
    return o


@njit
def attacking_changed(G):
    """Who attacks changed outside the declaration and the end of combat (which refresh):
    static_attacking_have reads it, so the next check refreshes (it is not volatile)."""
    if kind_seen(G, AbilityKind.ATTACKING_HAVE):
        G[H.DIRTY] |= DIRTY_CHARS | DIRTY_SBA


@njit
def clear_combat(G, o):
    b = ob(o)
    if G[b + O.ATTACKING]:
        attacking_changed(G)
    G[b + O.ATTACKING] = 0
    G[b + O.BLOCKING] = 0
    G[b + O.BLOCKED] = 0


@njit
def becomes_until_eot(G, row, n, vals):
    """Each permanent in vals has card row `row`'s characteristics until end of turn (op
    BECOMES_UNTIL_EOT: "this Vehicle becomes an artifact creature until end of turn", 613.1d;
    the row repeats the card's own abilities). Engine cleanup ends it (514.2)."""
    for i in range(n):
        o = vals[i]
        if o < 0 or o >= G[H.NOBJ] or G[ob(o) + O.ZONE] != Zone.BATTLEFIELD:
            continue
        face_until_eot(G, o, row)


@njit
def face_until_eot(G, o, row):
    """Permanent o has card row `row`'s characteristics until end of turn (O.FACE)."""
    b = ob(o)
    f = G[b + O.FACE]
    printed = (f & FACE_PRINTED) - 1 if f != 0 else G[b + O.CARD]
    G[b + O.FACE] = (1 + printed) | ((1 + row) << FACE_EOT_SHIFT)
    G[b + O.CARD] = row
    G[H.FACES] = 1
    G[H.DIRTY] = DIRTY_ALL

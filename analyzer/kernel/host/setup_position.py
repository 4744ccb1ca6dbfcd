"""Set up a game record at an arbitrary position (scenario files, rules tests).

Plain numpy writes through the layout offsets (no numba here except the final characteristics
refresh), so building a position costs nothing to compile. The caller allocates objects seat by
seat, as ``engine.init_game`` does: objects ``0..n_cards-1`` are cards, the rest token slots.

A position is built in three calls: ``new_position`` (header, players, empty zones),
``add_card`` / ``add_token`` per object (zone lists, permanent state), then ``finish``
(control statics, characteristics, the random stream).
"""

from __future__ import annotations

import numpy as np

from analyzer.enums import AbilCol, AbilityKind, CardCol, CardType, Op, StepCol, Zone
from analyzer.kernel import layout as L


def _pb(p: int) -> int:
    return L.OFF_PLAYERS + p * L.PF


def _ob(o: int) -> int:
    return L.OFF_OBJECTS + o * L.OF


def new_position(
    n_players: int,
    n_cards: int,
    *,
    turn: int,
    active: int,
    phase: int,
    starting_life: int,
    turn_cap: int,
    action_cap: int,
) -> np.ndarray:
    """An empty record for ``n_cards`` card objects (plus the token slots), at this turn and
    phase with ``active`` taking the turn and every player at ``starting_life``."""
    G = np.zeros(L.record_size(n_cards + L.MAX_TOKENS), dtype=np.int32)
    n_obj = n_cards + L.MAX_TOKENS
    G[L.H.NPLAYERS] = n_players
    G[L.H.NOBJ] = n_obj
    G[L.H.NCARDS] = n_cards
    G[L.H.WINNER] = -1
    G[L.H.STARTING_LIFE] = starting_life
    G[L.H.TURN_CAP] = turn_cap
    G[L.H.ACTION_CAP] = action_cap
    G[L.H.NO_SPELLS_TURN] = -1
    G[L.H.PEND_OBJ] = L.NO_OBJ
    G[L.H.PEND_PLAYER] = -1
    G[L.H.TURN] = turn
    G[L.H.ACTIVE] = active
    G[L.H.ROTATION] = active  # the next normal turn goes to the player after `active`
    G[L.H.FIRST_SEAT] = (active - (turn - 1)) % n_players
    G[L.H.PHASE] = phase
    for o in range(n_obj):
        b = _ob(o)
        G[b + L.O.ATTACHED] = L.NO_OBJ
        G[b + L.O.RECIPIENT] = -1
        G[b + L.O.COPY_OF] = -1
    for p in range(n_players):
        G[_pb(p) + L.P.LIFE] = starting_life
        G[_pb(p) + L.P.DECK] = p
    return G


# each player's zone lists: (offset of seat 0's list, capacity, count field of the player)
ZONE_LISTS = {
    Zone.HAND: (L.OFF_HAND, L.MAX_HAND, L.P.HAND_N),
    Zone.LIBRARY: (L.OFF_LIBRARY, L.MAX_LIBRARY, L.P.LIB_N),
    Zone.GRAVEYARD: (L.OFF_GRAVEYARD, L.MAX_GRAVEYARD, L.P.GY_N),
    Zone.EXILE: (L.OFF_EXILE, L.MAX_EXILE, L.P.EXILE_N),
}


def _append(G: np.ndarray, p: int, zone: int, o: int) -> None:
    if zone == Zone.BATTLEFIELD:
        off, cnt, cap = L.OFF_BATTLEFIELD, L.H.BF_N, L.MAX_BATTLEFIELD
    else:
        base, cap, field = ZONE_LISTS[zone]
        off, cnt = base + p * cap, _pb(p) + field
    n = int(G[cnt])
    if n >= cap:
        raise OverflowError(f"more than {cap} objects in one {Zone._fields[zone].lower()}")
    G[off + n] = o
    G[cnt] = n + 1


def add_card(
    G: np.ndarray,
    cards: np.ndarray,
    o: int,
    card: int,
    owner: int,
    zone: int,
    *,
    castable_by: int = -1,
) -> None:
    """Card object ``o`` of ``owner`` into hand, graveyard, exile or library (library: call
    bottom card first). ``castable_by``: the seat an exile permission lets cast it (Cruelclaw's
    Heist), or -1. Battlefield cards go through ``add_permanent``."""
    b = _ob(o)
    G[b + L.O.CARD] = card
    G[b + L.O.OWNER] = owner
    G[b + L.O.CTRL] = owner
    G[b + L.O.BASE_CTRL] = owner
    G[b + L.O.ZONE] = zone
    if zone == Zone.EXILE and castable_by >= 0:
        G[b + L.O.CAST_BY] = castable_by + 1
    if zone == Zone.COMMAND:  # no list: the owner's commander field names it
        set_commander(G, owner, o)
        return
    _append(G, owner, zone, o)


def set_commander(G: np.ndarray, p: int, o: int) -> None:
    """Object ``o`` is seat p's commander (903.3), wherever it is."""
    G[_pb(p) + L.P.COMMANDER] = o + 1


def free_token_slot(G: np.ndarray) -> int:
    """The first token slot not in use."""
    for o in range(int(G[L.H.NCARDS]), int(G[L.H.NOBJ])):
        if G[_ob(o) + L.O.ZONE] == Zone.NONE and G[_ob(o) + L.O.TOKEN] == 0:
            return o
    raise OverflowError(f"more than {L.MAX_TOKENS} tokens")


def add_permanent(
    G: np.ndarray,
    cards: np.ndarray,
    o: int,
    card: int,
    *,
    owner: int,
    controller: int,
    token: bool = False,
    tapped: bool = False,
    sick: bool = False,
    p1p1: int = 0,
    stun: int = 0,
    damage: int = 0,
    entered_this_turn: bool = False,
    base_p: int | None = None,
    base_t: int | None = None,
    copy_of: int = -1,
) -> None:
    """Object ``o`` (a card, or a token slot from ``free_token_slot``) onto the battlefield
    with this state. ``base_p``/``base_t`` override the copiable P/T (a "1/1 copy" token)."""
    b = _ob(o)
    G[b + L.O.CARD] = card
    G[b + L.O.OWNER] = owner
    G[b + L.O.CTRL] = controller
    G[b + L.O.BASE_CTRL] = controller
    G[b + L.O.ZONE] = Zone.BATTLEFIELD
    G[b + L.O.TOKEN] = 1 if token else 0
    G[b + L.O.TAPPED] = 1 if tapped else 0
    G[b + L.O.SICK] = 1 if sick else 0
    G[b + L.O.P1P1] = p1p1
    G[b + L.O.STUN] = stun
    G[b + L.O.DAMAGE] = damage
    G[b + L.O.BASE_P] = cards[card, CardCol.POWER] if base_p is None else base_p
    G[b + L.O.BASE_T] = cards[card, CardCol.TOUGHNESS] if base_t is None else base_t
    G[b + L.O.COPY_OF] = copy_of
    turn = int(G[L.H.TURN])
    G[b + L.O.ENTERED_TURN] = turn if entered_this_turn else turn - 1
    if entered_this_turn and cards[card, CardCol.TYPES] & CardType.CREATURE:
        G[_pb(controller) + L.P.CREATURES_ENTERED_TURN] += 1  # "a creature entered this turn"
    if entered_this_turn:  # "if a Bird, Frog, Otter, or Rat entered ... this turn"
        G[_pb(controller) + L.P.SUBTYPES_ENTERED_TURN] |= cards[card, CardCol.SUBTYPES]
    G[L.H.TIMESTAMP] += 1
    G[b + L.O.TIMESTAMP] = G[L.H.TIMESTAMP]
    _append(G, controller, Zone.BATTLEFIELD, o)


def attach(
    G: np.ndarray, abilities: np.ndarray, steps: np.ndarray, cards: np.ndarray, src: int, dst: int
) -> None:
    """Attach Aura/Equipment ``src`` to ``dst``. Under a control Aura (Kitnap) the creature's
    own controller is its owner, so it goes back to them when the Aura leaves."""
    G[_ob(src) + L.O.ATTACHED] = dst
    G[_ob(src) + L.O.ATTACHED_ZCC] = G[_ob(dst) + L.O.ZCC]
    card = int(G[_ob(src) + L.O.CARD])
    a0 = int(cards[card, CardCol.AB_START])
    for a in range(a0, a0 + int(cards[card, CardCol.AB_COUNT])):
        if abilities[a, AbilCol.KIND] != AbilityKind.STATIC:
            continue
        s0 = int(abilities[a, AbilCol.ST_START])
        for k in range(s0, s0 + int(abilities[a, AbilCol.ST_COUNT])):
            if steps[k, StepCol.OP] == Op.STATIC_CONTROL_ENCHANTED:
                G[_ob(dst) + L.O.BASE_CTRL] = G[_ob(dst) + L.O.OWNER]


def finish(G: np.ndarray, C: tuple, seed: int) -> None:
    """Seed the game's random stream and compute every permanent's characteristics. Summoning
    sickness is kept as given (the refresh marks control changes as new)."""
    from analyzer.kernel.rules.chars import refresh
    from analyzer.kernel.rules.rng import seed_state, set_rng

    # a numpy uint64, not a Python int: numba types a Python int by its value (int64 below
    # 2**63, uint64 above) and then reuses an int64 compilation for a larger value, which
    # overflows ("int too big to convert") when two positions are built in one process
    set_rng(G, np.uint64(seed_state(int(seed), 0)))
    G[L.H.LEGENDS] = 1  # a position built by hand: check_sba always checks these
    G[L.H.LINKS] = 1
    G[L.H.FACES] = 1  # faces (O.FACE) and Food triggers too
    G[L.H.FOOD_WATCH] = 1
    G[L.H.KINDS_SEEN] = -1  # and every event loop
    G[L.H.KINDS_SEEN_HI] = -1
    G[L.H.KINDS_SEEN_HI2] = -1
    for p in range(int(G[L.H.NPLAYERS])):
        G[_pb(p) + L.P.FLASHBACK_GY] = 1  # and every graveyard for flashback
        G[_pb(p) + L.P.GY_ABILITY] = 1  # and for abilities that work from there
    G[L.H.DIRTY] = L.DIRTY_ALL  # the first state-based check looks at everything
    G[L.H.BFX_OK] = 0  # the battlefield by controller is built from the list when first read
    sick = {}
    for i in range(int(G[L.H.BF_N])):
        o = int(G[L.OFF_BATTLEFIELD + i])
        sick[o] = int(G[_ob(o) + L.O.SICK])
    refresh(G, C)
    for o, s in sick.items():
        G[_ob(o) + L.O.SICK] = s

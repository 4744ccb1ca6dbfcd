"""Read-only views of one game record: offsets of a player's and an object's fields, zone
entries, counts and current characteristics. Nothing here writes ``G`` but the battlefield by
controller (``own_n``), data derived from the battlefield list that is rebuilt on demand; the
writes (zones, moves, triggers, life, tokens) are in state.py.
"""

from __future__ import annotations

from analyzer.enums import (
    KINDS_HI,
    KINDS_HI2,
    CardCol,
    CardType,
    Subtype,
    Zone,
)
from analyzer.kernel.layout import (
    FACE_PRINTED,
    MAX_BATTLEFIELD,
    MAX_EXILE,
    MAX_GRAVEYARD,
    MAX_HAND,
    MAX_LIBRARY,
    NO_OBJ,
    OF,
    OFF_BATTLEFIELD,
    OFF_BF_CTRL,
    OFF_EXILE,
    OFF_GRAVEYARD,
    OFF_HAND,
    OFF_LIBRARY,
    OFF_OBJECTS,
    OFF_PLAYERS,
    PF,
    H,
    O,
    P,
)
from analyzer.kernel.runtime.config import njit


@njit
def pb(p):
    """Offset of player p's fields."""
    return OFF_PLAYERS + p * PF


@njit
def ob(o):
    """Offset of object o's fields."""
    return OFF_OBJECTS + o * OF


@njit
def _own_rebuild(G):
    """Rebuild the battlefield by controller (layout.OFF_BF_CTRL) from the battlefield list."""
    for q in range(G[H.NPLAYERS]):
        G[pb(q) + P.BFX_N] = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        q = G[ob(o) + O.CTRL]
        k = G[pb(q) + P.BFX_N]
        G[OFF_BF_CTRL + q * MAX_BATTLEFIELD + k] = o
        G[pb(q) + P.BFX_N] = k + 1
    G[H.BFX_OK] = 1


@njit
def own_n(G, p):
    """How many battlefield objects p controls; own_at(G, p, i) for i below it are they, in
    battlefield-list order, so ``for i in range(own_n(G, p)): o = own_at(G, p, i)`` meets the
    objects a scan of the whole list filtered by ``O.CTRL == p`` meets, in the same order. Only
    for a scan that moves nothing onto or off the battlefield and changes no controller (or
    stops once it did)."""
    if G[H.BFX_OK] == 0:
        _own_rebuild(G)
    return G[pb(p) + P.BFX_N]


@njit
def own_at(G, p, i):
    """The i-th battlefield object p controls (see own_n)."""
    return G[OFF_BF_CTRL + p * MAX_BATTLEFIELD + i]


@njit
def creatures_of(G, cards, p, subtypes):
    """How many phased-in creatures p controls with one of the Subtype bits ``subtypes`` (0:
    any creature): "for each creature you control", "each Squirrel you control"."""
    n = 0
    for i in range(own_n(G, p)):
        b = ob(own_at(G, p, i))
        card = G[b + O.CARD]
        if (
            G[b + O.PHASED] == 0
            and cards[card, CardCol.TYPES] & CardType.CREATURE
            and (subtypes == 0 or cards[card, CardCol.SUBTYPES] & subtypes)
        ):
            n += 1
    return n


@njit
def printed_card(G, o):
    """The card row object o is, whatever row's characteristics it has now (O.CARD, the one
    every type, ability and keyword read sees, is another row while O.FACE is set: Sugar
    Coat's Food, an animated Vehicle): its name, mana value and supertypes."""
    f = G[ob(o) + O.FACE]
    if f != 0:
        return (f & FACE_PRINTED) - 1
    return G[ob(o) + O.CARD]


@njit
def is_type(cards, G, o, mask):
    return (cards[G[ob(o) + O.CARD], CardCol.TYPES] & mask) != 0


@njit(inline_in_entry=True)
def kind_seen(G, kind):
    """Has a permanent with an ability of this AbilityKind ever been on the battlefield
    (H.KINDS_SEEN; H.KINDS_SEEN_HI from KINDS_HI on, H.KINDS_SEEN_HI2 from KINDS_HI2 on)? The
    event loops skip the others."""
    if kind >= KINDS_HI2:
        return (G[H.KINDS_SEEN_HI2] >> (kind - KINDS_HI2)) & 1 != 0
    if kind >= KINDS_HI:
        return (G[H.KINDS_SEEN_HI] >> (kind - KINDS_HI)) & 1 != 0
    return (G[H.KINDS_SEEN] >> kind) & 1 != 0


@njit
def life_can_change(G, p):
    return G[pb(p) + P.PROTECTED] == 0


@njit
def alive(G, p):
    return G[pb(p) + P.LOST] == 0


@njit
def n_alive(G):
    k = 0
    for p in range(G[H.NPLAYERS]):
        if G[pb(p) + P.LOST] == 0:
            k += 1
    return k


@njit
def next_alive(G, p):
    """The next player in turn order after p who is still in the game (p itself if alone)."""
    n = G[H.NPLAYERS]
    for k in range(1, n + 1):
        q = (p + k) % n
        if G[pb(q) + P.LOST] == 0:
            return q
    return p


@njit
def is_creature(cards, G, o):
    return (cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE) != 0


@njit
def on_battlefield(G, o):
    """On the battlefield and phased in (phased-out permanents are treated as nonexistent)."""
    b = ob(o)
    return G[b + O.ZONE] == Zone.BATTLEFIELD and G[b + O.PHASED] == 0


@njit
def power(G, o):
    return G[ob(o) + O.CUR_P]


@njit
def toughness(G, o):
    return G[ob(o) + O.CUR_T]


@njit
def keywords(G, o):
    return G[ob(o) + O.CUR_KW]


@njit
def bf_count(G):
    return G[H.BF_N]


@njit
def bf_at(G, i):
    return G[OFF_BATTLEFIELD + i]


@njit
def hand_at(G, p, i):
    return G[OFF_HAND + p * MAX_HAND + i]


@njit
def graveyard_at(G, p, i):
    return G[OFF_GRAVEYARD + p * MAX_GRAVEYARD + i]


@njit
def exile_at(G, p, i):
    return G[OFF_EXILE + p * MAX_EXILE + i]


@njit
def n_objects(G):
    return G[H.NOBJ]


@njit
def cur_p_t(G, o):
    b = ob(o)
    return G[b + O.CUR_P], G[b + O.CUR_T]


@njit
def attacked_player(G, p):
    """The player one of p's attacking creatures attacks (a creature put onto the battlefield
    attacking attacks that one), else the next opponent; -1 if none."""
    for i in range(own_n(G, p)):
        b = ob(own_at(G, p, i))
        if G[b + O.ATTACKING] > 0:
            return G[b + O.ATTACKING] - 1
    q = next_alive(G, p)
    return q if q != p else -1


@njit
def library_top(G, p):
    k = G[pb(p) + P.LIB_N]
    if k == 0:
        return NO_OBJ
    return G[OFF_LIBRARY + p * MAX_LIBRARY + k - 1]


@njit
def card_of(G, o):
    return G[ob(o) + O.CARD]


@njit
def lands_in_play(G, cards, p):
    """How many lands p controls."""
    k = 0
    for i in range(own_n(G, p)):
        if cards[G[ob(own_at(G, p, i)) + O.CARD], CardCol.TYPES] & CardType.LAND:
            k += 1
    return k


@njit
def can_forage(G, cards, p):
    """Could p forage now: three cards in their graveyard, or a Food on the battlefield?"""
    return _forage_source(G, cards, p, False)


@njit
def can_forage_cheaply(G, cards, p):
    """Could p forage without sacrificing a creature (a creature that is a Food too, Ygra)?
    The built-in player's test where foraging is a choice ("forage or pay {B}", a forage
    ability): it would rather pay or wait than lose a creature."""
    return _forage_source(G, cards, p, True)


@njit
def _forage_source(G, cards, p, noncreature):
    if G[pb(p) + P.GY_N] >= 3:
        return True
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if (
            G[b + O.CTRL] == p
            and G[b + O.PHASED] == 0
            and cards[G[b + O.CARD], CardCol.SUBTYPES] & Subtype.FOOD
            and not (noncreature and cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE)
        ):
            return True
    return False


@njit
def untapped_plain_land(G, cards, p):
    """An untapped land p controls that is not a creature (the last one in battlefield order:
    the newest), for "target land you control becomes a creature" to attack with; -1 if none."""
    best = -1
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        t = cards[G[b + O.CARD], CardCol.TYPES]
        if (
            G[b + O.CTRL] == p
            and G[b + O.PHASED] == 0
            and G[b + O.TAPPED] == 0
            and t & CardType.LAND
            and (t & CardType.CREATURE) == 0
        ):
            best = o
    return best

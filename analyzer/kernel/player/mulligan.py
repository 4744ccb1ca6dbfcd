"""Opening hands: the London mulligan (103.5) with each seat's keep rule.

Every seat draws seven; a seat that keeps after m mulligans puts m cards on the bottom. The keep
rule depends on the seat's built-in player (``P.LEVEL``): the basic player keeps 2-5 lands, the
standard player looks at the hand as a Limited player does (lands, what they can cast early,
colors). Each seven is dealt as the seat's ``P.OPENING_HANDS`` says (paper, or Arena
best-of-one smoothing: rules/opening_deal.py). The opening-hand statistics of the kept cards
are set here.
"""

from __future__ import annotations

from analyzer.enums import CardCol, CardType, Event, OpeningHands, PlayerLevel, Zone
from analyzer.kernel.layout import MAX_LIBRARY, OFF_LIBRARY, H, O, P
from analyzer.kernel.rules.gamelog import log_event
from analyzer.kernel.rules.life_draw import draw_cards
from analyzer.kernel.rules.opening_deal import arena_bo1_deal
from analyzer.kernel.rules.rng import shuffle_slice
from analyzer.kernel.rules.state import move_object
from analyzer.kernel.rules.view import hand_at, ob, pb
from analyzer.kernel.runtime.config import njit

KEEP_MIN_LANDS = 2  # the basic player's rule: keep 2-5 lands of the seven drawn
KEEP_MAX_LANDS = 5
MAX_MULLIGANS = 2  # never below five cards
EARLY_MV = 3  # the standard player's "early play": a spell of mana value 3 or less


@njit
def _hand_lands(G, cards, p):
    k = 0
    for i in range(G[pb(p) + P.HAND_N]):
        if cards[G[ob(hand_at(G, p, i)) + O.CARD], CardCol.TYPES] & CardType.LAND:
            k += 1
    return k


@njit
def _hand_land_colors(G, cards, p):
    """Color mask of the mana the lands in p's hand tap for."""
    m = 0
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        if cards[card, CardCol.TYPES] & CardType.LAND:
            m |= cards[card, CardCol.LAND_COLORS]
    return m


@njit
def _colors_met(cards, card, land_colors):
    """Every colored symbol of the card's cost can be paid from these land colors."""
    for c in range(5):
        if cards[card, CardCol.COST_W + c] > 0 and (land_colors & (1 << c)) == 0:
            return False
    return cards[card, CardCol.HYBRID_N] == 0 or (cards[card, CardCol.HYBRID] & land_colors) != 0


@njit
def _hand_spells(G, cards, p):
    """(castable, early): p's nonland cards whose colors the hand's lands produce, and those of
    them with mana value EARLY_MV or less (what a player counts when deciding to keep)."""
    colors = _hand_land_colors(G, cards, p)
    castable = 0
    early = 0
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        if (cards[card, CardCol.TYPES] & CardType.LAND) == 0 and _colors_met(cards, card, colors):
            castable += 1
            if cards[card, CardCol.MV] <= EARLY_MV:
                early += 1
    return castable, early


@njit
def _keeps(G, cards, p, m, lands):
    """Whether p keeps the seven cards drawn after m mulligans (m cards go to the bottom).

    Basic: 2-5 lands. Standard, as a Limited player keeps (on the bundled decks 12.5% of paper
    hands mulliganed once and 0.4% twice; 2.2% and under 0.01% of best-of-one hands, against
    real best-of-one play's about 11% and 0.5%): seven cards with 3-5 lands; two lands on the
    draw, or on the play with a spell of their colors; never six lands: the same deals won 37%
    mulliganed, 28% kept with their one spell castable, and 7-12 points more mulliganed in every
    class (on the play or the draw, the spell of mana value 2 or less, 3, or more):
    tools/keep_lands.py --split.
    Under Arena best-of-one smoothing (``P.OPENING_HANDS``) the next seven is smoothed too, so
    on the play a seven with no castable spell of mana value 3 or less and a spell its lands
    cannot cast goes back: 5,462 such deals (1.5% of sevens) won 32.1% kept, 36.6% mulliganed
    (+4.5 [+2.7, +6.3], tools/keep_classes.py, seeds 21 and 22; +4.6 [+2.5, +6.8] on seed 22
    alone, which did not pick the class). Not on the draw (-0.9 [-2.4, +0.6]), nor when the
    lands cast every spell (-4.6 [-9.0, -0.2] on the play), nor under paper (+1.9 [-0.3,
    +4.1] on the play, 2,957 deals).
    After a mulligan anything but 0 or 7 lands, or a one-lander without early plays (two on the
    play), since five cards are worse than most six-card hands."""
    if m >= MAX_MULLIGANS:
        return True
    if G[pb(p) + P.LEVEL] == PlayerLevel.BASIC:
        return KEEP_MIN_LANDS <= lands <= KEEP_MAX_LANDS
    on_draw = p != G[H.FIRST_SEAT]
    castable, early = _hand_spells(G, cards, p)
    if m == 0:
        if lands <= 1 or lands == 7:
            return False
        if (
            not on_draw
            and early == 0
            and castable < 7 - lands
            and G[pb(p) + P.OPENING_HANDS] == OpeningHands.ARENA_BO1
        ):
            return False  # slow and off colour; a Bo1 mulligan's seven is smoothed too
        if lands == 2:
            return on_draw or castable >= 1
        if lands == 6:
            return False
        return True
    if lands == 0 or lands == 7:
        return False
    if lands == 1:
        return early >= (1 if on_draw else 2)
    return True


@njit
def _bottom_one(G, cards, p):
    """Put the worst card of p's hand on the bottom: an excess land if the hand is land-heavy
    (more than half lands), else the most expensive spell (the standard player first bottoms
    a spell its lands cannot cast)."""
    n = G[pb(p) + P.HAND_N]
    lands = _hand_lands(G, cards, p)
    want_land = lands * 2 > n
    colors = -1 if G[pb(p) + P.LEVEL] == PlayerLevel.BASIC else _hand_land_colors(G, cards, p)
    worst = -1
    worst_mv = -1
    for i in range(n):
        o = hand_at(G, p, i)
        card = G[ob(o) + O.CARD]
        is_land = (cards[card, CardCol.TYPES] & CardType.LAND) != 0
        if want_land and lands > 0:
            if is_land:
                worst = o
                break
            continue
        mv = cards[card, CardCol.MV]
        if colors >= 0 and not is_land and not _colors_met(cards, card, colors):
            mv += 100  # off-color spells go first
        if not is_land and mv > worst_mv:
            worst_mv = mv
            worst = o
    if worst < 0:
        worst = hand_at(G, p, 0)
    move_object(G, cards, worst, Zone.LIBRARY, False)


@njit
def mulligan(G, cards, p):
    """London mulligan with the seat's level's keep rule (``_keeps``); each seven is the top of
    the shuffled library, or under Arena best-of-one smoothing (``P.OPENING_HANDS``) the pick
    of rules/opening_deal.py."""
    lib_off = OFF_LIBRARY + p * MAX_LIBRARY
    for m in range(MAX_MULLIGANS + 1):
        if G[pb(p) + P.OPENING_HANDS] == OpeningHands.ARENA_BO1:
            arena_bo1_deal(G, cards, p)
        draw_cards(G, p, 7)
        lands = _hand_lands(G, cards, p)
        if m == 0:
            G[pb(p) + P.OPENING_LANDS] = lands
        if _keeps(G, cards, p, m, lands):
            for _ in range(m):
                _bottom_one(G, cards, p)
            G[pb(p) + P.MULLIGANS] = m
            log_event(G, Event.KEEP, p, -1, -1, G[pb(p) + P.HAND_N], m, _hand_lands(G, cards, p))
            break
        log_event(G, Event.MULLIGAN, p, -1, -1, lands, m + 1, -1)
        while G[pb(p) + P.HAND_N] > 0:
            move_object(G, cards, hand_at(G, p, 0), Zone.LIBRARY, True)
        shuffle_slice(G, lib_off, G[pb(p) + P.LIB_N])
    for i in range(G[pb(p) + P.HAND_N]):
        o = hand_at(G, p, i)
        G[ob(o) + O.STAT_OPENING] = 1
        G[ob(o) + O.STAT_DRAWN] = 0
    # cards of a mulliganed hand went back to the library: they were not drawn in the game
    lib_off = OFF_LIBRARY + p * MAX_LIBRARY
    for i in range(G[pb(p) + P.LIB_N]):
        G[ob(G[lib_off + i]) + O.STAT_DRAWN] = 0
    G[pb(p) + P.CARDS_DRAWN] = 0

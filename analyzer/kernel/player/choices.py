"""Choices a player makes while an effect resolves (Bloomburrow pool): which card to discard,
what to forage, how to answer a "loses N life unless" punisher.

The rules part is fixed; the choice is the built-in player's, one documented heuristic that
reads the chooser's own hand and the public battlefield:
- discard: an extra land once five lands are in play (the standard player: four in play and in
  hand beside it, or as many as its dearest castable spell costs), else the least valuable
  card (the standard player counts a removal spell ANSWER_BONUS above its static value, and
  keeps it over any other card while an opponent has a creature); a
  "may" discard (rummaging) happens only when the hand holds such an extra land or a card the
  player cannot cast within two more land drops;
- forage: exile the three least valuable cards of the graveyard when it has three, else
  sacrifice a Food;
- punisher: a player at or below twice the life loss never takes it; otherwise sacrifice a
  token or Food, else discard an extra land, else take the loss;
- "top or bottom of your library": top for a card worth a three-drop or more, else bottom;
- "you may exile it, then return it": yes, unless it is a token, has +1/+1 counters or holds
  a card exiled "until it leaves" (that card would come back);
- "you may search for a basic land and put it on top": with fewer than five lands in play and
  in hand;
- "forage or pay {B}" (an additional cost): forage whenever it can;
- "you may sacrifice any number of nonland permanents" to make a spell cost less: only tokens
  that make no mana and are no creature with power 2 or more, and only as many as the cast
  needs;
- "discard two cards unless you discard a nonland card": two cards when it holds two it would
  discard anyway (extra lands, cards out of reach), else its least valuable nonland card.
"""

from __future__ import annotations

from analyzer.enums import (
    AiRole,
    CardCol,
    CardFlag,
    CardType,
    PlayerLevel,
    Subtype,
    Zone,
)
from analyzer.kernel.layout import MAX_GRAVEYARD, OFF_BATTLEFIELD, OFF_GRAVEYARD, H, O, P
from analyzer.kernel.player.ai_develop import behind_on_board
from analyzer.kernel.rules.activation import sac_fodder
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.cost_reduction import cost_now
from analyzer.kernel.rules.sba import sacrifice
from analyzer.kernel.rules.state import move_object
from analyzer.kernel.rules.view import exile_at, hand_at, lands_in_play, ob, pb
from analyzer.kernel.runtime.config import njit

LANDS_ENOUGH = 5
LAND_VALUE_SHORT = 50  # a land is precious while the player has few in play
# A removal spell's static value is 10 x its mana value, a body's price; held, it answers the
# opponent's best creature whatever that cost, so the standard player keeps it like a creature
# about three mana dearer (Fell over a four-drop, Into the Flood Maw over a three-drop). Before,
# the UB deck's loots discarded a removal spell 0.45 times a game while holding a creature.
ANSWER_BONUS = 30
# While an opponent has a creature it could answer now, a removal spell is kept over any body
# (above any card's value): with the bonus alone the UB deck's loots still threw away Fell or
# both Into the Flood Maws while keeping a five-drop, 0.076 times a game, and died to the
# creature they would have answered (tools/urfloor_census.py, tools/select_census.py)
ANSWER_NOW = 1000
# the standard player's key for a sorcery-speed draw spell while behind on the board: above a
# card it would discard anyway (a spare land, a card out of reach: 0 and 1), below any other
DRAW_BEHIND = 2


@njit
def _discard_key(G, C, p, card, lands, hand_lands, need):
    """How much p wants to keep this card in hand (discard_choice takes the least): a land 0
    once it has lands enough, else LAND_VALUE_SHORT; a card out of reach for now (more than two
    lands away; the standard player: beyond _reach_lands) 1; else its value. Lands enough: the
    basic player, LANDS_ENOUGH in play; the
    standard player counts the lands in its hand too, less the one it would discard (with four
    in play and one in hand, looting the fifth away left the UB deck's five-drops stranded),
    against need (_lands_needed: four, or the mana value of its dearest spell in hand). The
    standard player reads the reach from the cost it would pay now (_reach_cost: the UR deck
    discarded its Eddymurk Crab, a seven by its printed cost, to Sazacap's Brew while the
    instants in its graveyard had made it a four). A removal spell in reach weighs ANSWER_BONUS
    more for the standard player, and a sorcery-speed draw spell while behind on the board
    DRAW_BEHIND."""
    cards = cards_of(C)
    basic = G[pb(p) + P.LEVEL] == PlayerLevel.BASIC
    if cards[card, CardCol.TYPES] & CardType.LAND:
        if basic:
            return 0 if lands >= LANDS_ENOUGH else LAND_VALUE_SHORT
        return 0 if lands + hand_lands - 1 >= need else LAND_VALUE_SHORT
    reach = lands + 2 if basic else _reach_lands(lands, hand_lands)
    if _reach_cost(G, C, p, card) > reach:
        return 1  # out of reach for now
    if (
        not basic
        and cards[card, CardCol.AI_ROLE] == AiRole.CARD_DRAW
        and (cards[card, CardCol.FLAGS] & CardFlag.FAST) == 0
        and behind_on_board(G, cards, p)
    ):
        # behind on the board a sorcery-speed draw spell waits (ai_develop): a body goes first,
        # so it is the card the loot bins (UB kept Mind Spiral over a creature 124 times)
        return DRAW_BEHIND
    if not basic and cards[card, CardCol.AI_ROLE] == AiRole.REMOVAL:
        now = ANSWER_NOW if _opp_creature(G, cards, p) else 0
        return cards[card, CardCol.VALUE] + ANSWER_BONUS + now
    return cards[card, CardCol.VALUE]


@njit
def _opp_creature(G, cards, p):
    """Does an opponent of p control a creature (one a removal spell held could answer)?"""
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.CTRL] != p and cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE:
            return True
    return False


@njit
def _reach_cost(G, C, p, card):
    """The mana value p weighs a hand card's reach by: the printed one for the basic player;
    for the standard one less what the card's own "costs {N} less" abilities (a count of
    cards in the graveyard, of creatures, affinity) and p's static discounts take off it now
    (rules/cost_reduction.py), never below the card's colored symbols."""
    if G[pb(p) + P.LEVEL] == PlayerLevel.BASIC:
        return cards_of(C)[card, CardCol.MV]
    return cost_now(G, C, p, card)


@njit
def _hand_lands(G, cards, p):
    n = 0
    for i in range(G[pb(p) + P.HAND_N]):
        if cards[G[ob(hand_at(G, p, i)) + O.CARD], CardCol.TYPES] & CardType.LAND:
            n += 1
    return n


@njit
def _reach_lands(lands, hand_lands):
    """The dearest card the standard player counts on casting: two land drops beyond the lands
    in play, or as many lands as it has in sight (in play and in hand) when that is more. With
    two lands in play and three in hand its five-drop is within reach: read from the lands in
    play alone, the UB deck's loots threw away the third land in hand as "enough" for the
    four-drop and kept the five- and six-drops it could then not cast (27 of 3,600 logged
    games; a scry already counts the lands in hand, library.wanted_now)."""
    return max(lands + 2, lands + hand_lands)


@njit
def _lands_needed(G, C, p, reach):
    """The lands the standard player keeps in sight (in play and in hand) before a land in hand
    is one to discard: LANDS_ENOUGH less one (a spare fifth land is worth less than a spell it
    can cast), or the cost now (_reach_cost) of its dearest nonland card in hand within reach
    (a card further off is discarded first anyway) when that is more. reach: the dearest
    mana value within it (a discard's: _reach_lands; a scry's: two land drops beyond the
    lands in play)."""
    cards = cards_of(C)
    need = LANDS_ENOUGH - 1
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        mv = _reach_cost(G, C, p, card)
        if cards[card, CardCol.TYPES] & CardType.LAND == 0 and mv <= reach:
            need = max(need, mv)
    return need


@njit
def discard_choice(G, C, p, optional):
    """The card p discards, or -1 (empty hand, or an optional discard p declines)."""
    cards = cards_of(C)
    lands = lands_in_play(G, cards, p)
    hand_lands = _hand_lands(G, cards, p)
    need = _lands_needed(G, C, p, _reach_lands(lands, hand_lands))
    worst = -1
    worst_key = 1 << 30
    for i in range(G[pb(p) + P.HAND_N]):
        o = hand_at(G, p, i)
        key = _discard_key(G, C, p, G[ob(o) + O.CARD], lands, hand_lands, need)
        if key < worst_key:
            worst_key = key
            worst = o
    if optional and worst_key > 1:
        return -1
    return worst


@njit
def spare_card(G, C, p):
    """Does p hold a card it would discard anyway (discard_choice's optional discard takes
    one: an extra land, a card out of reach)?"""
    cards = cards_of(C)
    lands = lands_in_play(G, cards, p)
    hand_lands = _hand_lands(G, cards, p)
    need = _lands_needed(G, C, p, _reach_lands(lands, hand_lands))
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        if _discard_key(G, C, p, card, lands, hand_lands, need) <= 1:
            return True
    return False


@njit
def forage(G, C, p):
    """Forage (exile three cards from your graveyard or sacrifice a Food). Returns True if p
    foraged."""
    cards = cards_of(C)
    n = G[pb(p) + P.GY_N]
    if n >= 3:
        for _ in range(3):
            worst = -1
            for i in range(G[pb(p) + P.GY_N]):
                o = G[OFF_GRAVEYARD + p * MAX_GRAVEYARD + i]
                if (
                    worst < 0
                    or cards[G[ob(o) + O.CARD], CardCol.VALUE]
                    < cards[G[ob(worst) + O.CARD], CardCol.VALUE]
                ):
                    worst = o
            move_object(G, cards, worst, Zone.EXILE)
        return True
    food = _cheapest_permanent(G, C, p, Subtype.FOOD, False)
    if food >= 0:
        sacrifice(G, C, food)
        return True
    return False


@njit
def food_choice(G, C, p):
    """The Food p sacrifices for a cost ("Ward—Sacrifice a Food"): its least valuable; -1 if
    none."""
    return _cheapest_permanent(G, C, p, Subtype.FOOD, False)


@njit
def _cheapest_permanent(G, C, p, subtype, tokens_too):
    """p's least valuable nonland permanent with this subtype (0 = any), or a token if
    tokens_too; -1 if none."""
    cards = cards_of(C)
    best = -1
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        card = G[b + O.CARD]
        if G[b + O.CTRL] != p or G[b + O.PHASED] or cards[card, CardCol.TYPES] & CardType.LAND:
            continue
        fits = subtype != 0 and (cards[card, CardCol.SUBTYPES] & subtype) != 0
        if subtype == 0:
            fits = True
        if tokens_too and G[b + O.TOKEN]:
            fits = True
        if not fits:
            continue
        if best < 0 or cards[card, CardCol.VALUE] < cards[G[ob(best) + O.CARD], CardCol.VALUE]:
            best = o
    return best


@njit
def token_choice(G, C, p):
    """The token p sacrifices for a "Sacrifice a token" cost: its least valuable one (a
    noncreature token before a creature token); -1 if p controls none."""
    cards = cards_of(C)
    best = -1
    best_v = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if G[b + O.CTRL] != p or G[b + O.PHASED] or G[b + O.TOKEN] == 0:
            continue
        v = cards[G[b + O.CARD], CardCol.VALUE]
        if cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE:
            v += 1000 + 100 * G[b + O.CUR_P]
        if best < 0 or v < best_v:
            best = o
            best_v = v
    return best


# cards whose mana abilities make them worth more as mana than as {1} off a cost
MANA_FLAGS = (
    CardFlag.SAC_MANA
    | CardFlag.TAP_MANA
    | CardFlag.TOKENS_MANA
    | CardFlag.SIGNET_MANA
    | CardFlag.FILTER_MANA
    | CardFlag.POWER_BIG_MANA
)


@njit
def cost_fodder(G, C, p):
    """ "You may sacrifice any number of nonland permanents. This spell costs {1} less to cast
    for each permanent sacrificed this way" (Rottenmouth Viper): (how many p would sacrifice,
    the least valuable of them, or -1). The standard player gives up its tokens that make no
    mana and are no creature with power 2 or more (Food, a 1/1), a noncreature one first; the
    basic player nothing. costs.sac_reduction takes only as many as the cast needs."""
    if G[pb(p) + P.LEVEL] == PlayerLevel.BASIC:
        return 0, -1
    cards = cards_of(C)
    n = 0
    best = -1
    best_v = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        card = G[b + O.CARD]
        if (
            G[b + O.CTRL] != p
            or G[b + O.PHASED]
            or G[b + O.TOKEN] == 0
            or cards[card, CardCol.TYPES] & CardType.LAND
            or cards[card, CardCol.FLAGS] & MANA_FLAGS
        ):
            continue
        v = cards[card, CardCol.VALUE]
        if cards[card, CardCol.TYPES] & CardType.CREATURE:
            if G[b + O.CUR_P] >= 2:
                continue
            v += 1000 + 100 * G[b + O.CUR_P]
        n += 1
        if best < 0 or v < best_v:
            best = o
            best_v = v
    return n, best


COPY_LIFE_FLOOR = 10  # the life the standard player keeps as each copy costs it 1
COPIES_MAX = 5  # ... and the most copies it makes (each a card: more rarely pays for a creature)


@njit
def creatures_to_copy(G, C, p):
    """ "you may sacrifice one or more creatures. When you do, copy this spell for each
    creature sacrificed this way" (Plumb the Forbidden: each copy draws a card and loses 1
    life): the standard player gives up its creature tokens that do not fight (power 1 or
    less, no mana ability), at most COPIES_MAX, while its life stays above COPY_LIFE_FLOOR;
    the basic player none."""
    if G[pb(p) + P.LEVEL] == PlayerLevel.BASIC:
        return 0
    cards = cards_of(C)
    n = 0
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        card = G[b + O.CARD]
        if (
            G[b + O.CTRL] == p
            and G[b + O.PHASED] == 0
            and G[b + O.TOKEN]
            and cards[card, CardCol.TYPES] & CardType.CREATURE
            and (cards[card, CardCol.FLAGS] & MANA_FLAGS) == 0
            and G[b + O.CUR_P] <= 1
        ):
            n += 1
    return max(0, min(n, COPIES_MAX, G[pb(p) + P.LIFE] - 1 - COPY_LIFE_FLOOR))


@njit
def fodder_choice(G, C, p, src, kind):
    """What p sacrifices for a "Sacrifice a creature / another creature / an artifact or
    creature" cost of src's ability (activation.sac_fodder): the least valuable (a token
    before a card, a noncreature artifact before a creature, the smallest power); -1 if none."""
    cards = cards_of(C)
    best = -1
    best_v = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if not sac_fodder(G, C, p, src, kind, o):
            continue
        b = ob(o)
        v = cards[G[b + O.CARD], CardCol.VALUE] + (0 if G[b + O.TOKEN] else 100000)
        if cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE:
            v += 1000 + 100 * G[b + O.CUR_P]
        if best < 0 or v < best_v:
            best = o
            best_v = v
    return best


@njit
def punish_choice(G, C, p, amount):
    """How p answers "loses `amount` life unless they sacrifice a nonland permanent or discard
    a card": (0, -1) take the loss, (1, card) discard it, (2, permanent) sacrifice it."""
    cheap = _cheapest_permanent(G, C, p, Subtype.FOOD, True)
    junk = discard_choice(G, C, p, True)
    if G[pb(p) + P.LIFE] > 2 * amount:
        if cheap >= 0:
            return 2, cheap
        if junk >= 0:
            return 1, junk
        return 0, -1
    if G[pb(p) + P.HAND_N] > 0:
        return 1, discard_choice(G, C, p, False)
    any_perm = _cheapest_permanent(G, C, p, 0, True)
    if any_perm >= 0:
        return 2, any_perm
    return 0, -1


TUCK_TOP_VALUE = 30  # about a three-drop: worth drawing again instead of a fresh card


@njit
def tuck_on_top(G, cards, o):
    """The owner of o, put into their library "on the top or bottom", puts a card worth at least
    a three-drop on top (they draw it again next turn), a lesser one on the bottom."""
    return cards[G[ob(o) + O.CARD], CardCol.VALUE] >= TUCK_TOP_VALUE


@njit
def flicker_wanted(G, o):
    """A "you may exile it, then return it" on o: yes, unless o is a token (it would cease to
    exist), carries +1/+1 counters (they would be lost) or holds a card exiled "until it
    leaves" (610.3: that card comes back, its enters abilities again; two such exilers and a
    flicker make a loop only this choice can stop, 732.2a)."""
    if G[ob(o) + O.TOKEN] != 0 or G[ob(o) + O.P1P1] != 0:
        return False
    if G[H.LINKS] == 0:
        return True
    for p in range(G[H.NPLAYERS]):
        for i in range(G[pb(p) + P.EXILE_N]):
            x = exile_at(G, p, i)
            if G[ob(x) + O.LINK] == o + 1 and G[ob(x) + O.LINK_ZCC] == G[ob(o) + O.ZCC]:
                return False
    return True


@njit
def wants_land_on_top(G, C, p):
    """ "You may search for a basic land card and put it on top": while p has fewer than five
    lands in play and in hand (its next draw is then a land it needs)."""
    cards = cards_of(C)
    n = lands_in_play(G, cards, p)
    for i in range(G[pb(p) + P.HAND_N]):
        if cards[G[ob(hand_at(G, p, i)) + O.CARD], CardCol.TYPES] & CardType.LAND:
            n += 1
    return n < LANDS_ENOUGH


@njit
def nonland_to_discard(G, C, p, n):
    """ "Discard n cards unless you discard a nonland card": the nonland card p discards
    instead, or -1 to discard n cards. p keeps its nonland cards while it has n cards it would
    discard anyway (extra lands, cards out of reach), else it gives up its least valuable
    nonland card."""
    cards = cards_of(C)
    lands = lands_in_play(G, cards, p)
    spare = 0
    worst = -1
    for i in range(G[pb(p) + P.HAND_N]):
        o = hand_at(G, p, i)
        card = G[ob(o) + O.CARD]
        if cards[card, CardCol.TYPES] & CardType.LAND:
            if lands >= LANDS_ENOUGH:
                spare += 1
            continue
        if cards[card, CardCol.MV] > lands + 2:
            spare += 1
        if worst < 0 or cards[card, CardCol.VALUE] < cards[G[ob(worst) + O.CARD], CardCol.VALUE]:
            worst = o
    if worst < 0 or spare >= n:
        return -1
    return worst

"""The standard player's card value that sees its own board (issue 14 item 6), and the main-phase
choice that spends the turn's mana best.

A card's static value (CardCol.VALUE: mana value, body, keywords) is what it is alone. On p's
board it is worth more: a noncreature spell triggers each creature of p's with a "whenever you
cast a noncreature spell" ability (prowess, the Otters), a creature each "another creature you
control enters" payoff, and more when it shares a creature type with the payoff. With p's hand
it is worth more too: a spell payoff (prowess, the Otters, a creature that makes spells cheaper)
by the noncreature spells p holds to cast after it, a creature with valiant by the tricks p
holds to target it. That value breaks ties between cards of the same mana value, and picks
between plays that spend the same mana; cast_bonus adds the triggers a removal spell sets off
to what its target is worth (ai_std.removal_worth).

Why in the kernel and not at deck load: what a card adds depends on what is on p's board and
in p's hand now (a prowess creature is worth its triggers only with spells left to cast), and
a card shared by two decks has one catalog row.

Spending the mana: casting the most expensive castable card first leaves mana unused when two
cheaper cards fill the turn (four lands, a three-drop and two two-drops). fill_skips finds the
set of p's plain permanent spells (no target to judge, always cast) that spends the most of the
mana, best value on ties; a plain permanent outside it waits for a later turn.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from analyzer.enums import (
    AbilCol,
    AbilityKind,
    AiRole,
    CardCol,
    CardFlag,
    CardType,
    Op,
    Subtype,
    Zone,
)
from analyzer.kernel.layout import PLAYER_BASE, WORK_SIZE, H, O, P, W
from analyzer.kernel.rules.catalog import abilities_of, cards_of, has_op
from analyzer.kernel.rules.cost_reduction import cost_now
from analyzer.kernel.rules.costs import grant_offspring_row
from analyzer.kernel.rules.mana import count_sources
from analyzer.kernel.rules.view import hand_at, ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit

PAYOFF_BONUS = 5  # per payoff of p's a card triggers
WIDTH_BONUS = 3  # a go-wide payoff or anthem creature: per creature of p's, up to WIDTH_MAX
WIDTH_MAX = 5
TRIBE_BONUS = 3  # more when the card shares a creature type with that payoff
HELD_MAX = 3  # a payoff counts at most this many held cards that will trigger it
VALIANT_BONUS = 5  # a removal spell that also targets p's valiant creature (a bite)
MAX_FILL = 10  # at most this many plain permanents are weighed against each other
assert 5 * MAX_FILL <= WORK_SIZE.FILL  # fill_skips' rows of candidate figures
COLOR_BITS = 6  # color_have and cost_colors pack a count per color (WUBRG) in this many bits


@njit
def board_payoffs(G, cards, p):
    """(p's creatures with a noncreature-spell trigger, p's "another creature enters" payoffs,
    the creature types of those payoffs) on the battlefield now."""
    spell_payoffs = 0
    enter_payoffs = 0
    tribes = 0
    for i in range(own_n(G, p)):
        o = own_at(G, p, i)
        if G[ob(o) + O.PHASED]:
            continue
        card = G[ob(o) + O.CARD]
        kinds = cards[card, CardCol.AB_KINDS]
        if (kinds >> AbilityKind.NONCREATURE_SPELL) & 1:
            spell_payoffs += 1
        if (kinds >> AbilityKind.OTHER_CREATURE_ENTERS) & 1:
            enter_payoffs += 1
            tribes |= cards[card, CardCol.SUBTYPES]
    return spell_payoffs, enter_payoffs, tribes


@njit
def hand_spells(G, cards, p):
    """(p's noncreature spells in hand, p's tricks in hand): what a spell payoff and a valiant
    creature cast now will be triggered by later."""
    spells = 0
    tricks = 0
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        if cards[card, CardCol.TYPES] & (CardType.CREATURE | CardType.LAND) == 0:
            spells += 1
            if cards[card, CardCol.AI_ROLE] == AiRole.TRICK:
                tricks += 1
    return spells, tricks


# a creature that pays off p's noncreature spells: a trigger (prowess, the Otters) or a cost
# reduction (Stormcatch Mentor)
_SPELL_PAYOFF = (1 << AbilityKind.NONCREATURE_SPELL) | (1 << AbilityKind.SPELLS_COST_LESS)
# a creature worth more the more creatures p has: an "another creature enters" payoff or a
# static ability (an anthem); as targets.threat_std counts it
_WIDTH_PAYOFF = (1 << AbilityKind.OTHER_CREATURE_ENTERS) | (1 << AbilityKind.STATIC)


class DeckState(NamedTuple):
    """What p's board and hand add to a card now (deck_state; deck_value reads it)."""

    spell_payoffs: int  # p's creatures with a noncreature-spell trigger
    enter_payoffs: int  # p's "another creature enters" payoffs
    tribes: int  # their creature types (a Subtype mask)
    held_spells: int  # noncreature spells in p's hand
    held_tricks: int  # tricks in p's hand
    creatures: int  # p's creatures
    lands: int  # p's lands
    fuel: int  # forage fuel: p's Foods plus a third of p's graveyard


@njit
def deck_state(G, cards, p):
    """What p's board and hand add to a card now (a DeckState), as deck_value reads it."""
    spell_payoffs, enter_payoffs, tribes = board_payoffs(G, cards, p)
    held_spells, held_tricks = hand_spells(G, cards, p)
    creatures = 0
    lands = 0
    fuel = G[pb(p) + P.GY_N] // 3
    for i in range(own_n(G, p)):
        b = ob(own_at(G, p, i))
        if G[b + O.PHASED]:
            continue
        card = G[b + O.CARD]
        if cards[card, CardCol.TYPES] & CardType.CREATURE:
            creatures += 1
        elif cards[card, CardCol.TYPES] & CardType.LAND:
            lands += 1
        if cards[card, CardCol.SUBTYPES] & Subtype.FOOD:
            fuel += 1
    return DeckState(
        spell_payoffs, enter_payoffs, tribes, held_spells, held_tricks, creatures, lands, fuel
    )


@njit
def deck_value(C, card, st):
    """The card's static value plus what p's board and hand (st: deck_state) add to it: the
    payoffs it triggers; for a spell payoff the spells held, for valiant the tricks held; for
    a go-wide payoff or anthem the creatures p has (WIDTH_BONUS each); an expend payoff when
    p's lands reach its count; a card that forages by what it can eat (PAYOFF_BONUS per
    Food or three graveyard cards, up to two; less without any)."""
    cards = cards_of(C)
    v = cards[card, CardCol.VALUE]
    kinds = cards[card, CardCol.AB_KINDS]
    if cards[card, CardCol.TYPES] & CardType.CREATURE:
        v += PAYOFF_BONUS * st.enter_payoffs
        if cards[card, CardCol.SUBTYPES] & st.tribes:
            v += TRIBE_BONUS * st.enter_payoffs
        if kinds & _SPELL_PAYOFF:
            v += PAYOFF_BONUS * min(st.held_spells, HELD_MAX)
        if (kinds >> AbilityKind.VALIANT) & 1:
            v += PAYOFF_BONUS * min(st.held_tricks, HELD_MAX)
        if kinds & _WIDTH_PAYOFF:
            v += WIDTH_BONUS * min(st.creatures, WIDTH_MAX)
    elif cards[card, CardCol.TYPES] & CardType.LAND == 0:
        v += PAYOFF_BONUS * st.spell_payoffs
    if kinds & _DECK_KINDS:
        v += _trigger_value(C, card, st.lands, st.fuel)
    return v


# the ability kinds whose worth depends on p's mana or forage fuel (_trigger_value)
_DECK_KINDS = (1 << AbilityKind.EXPEND) | (1 << AbilityKind.FORAGED)


@njit
def _trigger_value(C, card, lands, fuel):
    """deck_value's part for expend and forage (ability rows and steps read)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    v = 0
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        kind = abilities[a, AbilCol.KIND]
        if kind == AbilityKind.EXPEND:
            if lands >= abilities[a, AbilCol.TRIG_PARAM]:
                v += PAYOFF_BONUS
        elif kind == AbilityKind.FORAGED:
            v += PAYOFF_BONUS * min(fuel, 2)
        if has_op(C, a, Op.FORAGE):
            v += PAYOFF_BONUS * (min(fuel, 2) - 1)
    return v


@njit
def cast_bonus(G, C, p, card, slots):
    """What casting `card` at the targets in slots sets off on p's board, beyond what it does
    to its target: PAYOFF_BONUS per spell payoff of p's a noncreature spell triggers, and per
    "second spell each turn" payoff it triggers now (second_spell_pays), and VALIANT_BONUS when
    it targets p's creature whose valiant has not triggered this turn (a bite: Rabid Gnaw on
    Heartfire Hero)."""
    cards = cards_of(C)
    bonus = PAYOFF_BONUS * second_spell_pays(G, C, p, card)
    if cards[card, CardCol.TYPES] & CardType.CREATURE == 0:
        bonus += PAYOFF_BONUS * board_payoffs(G, cards, p)[0]
    for k in range(slots.shape[0]):
        v = slots[k]
        if v < 0 or v >= PLAYER_BASE:
            continue
        b = ob(v)
        if (
            G[b + O.ZONE] == Zone.BATTLEFIELD
            and G[b + O.CTRL] == p
            and G[b + O.VALIANT_TURN] != G[H.TURN]
            and (cards[G[b + O.CARD], CardCol.AB_KINDS] >> AbilityKind.VALIANT) & 1
        ):
            bonus += VALIANT_BONUS
            break
    return bonus


@njit(inline_in_entry=True)
def plain_permanent(cards, card):
    """A permanent spell the standard player always casts when it can (nothing to judge)."""
    role = cards[card, CardCol.AI_ROLE]
    return (
        (role == AiRole.PERMANENT or role == AiRole.TOKENS)
        and cards[card, CardCol.TYPES] & (CardType.INSTANT | CardType.SORCERY) == 0
        and cards[card, CardCol.FLAGS] & CardFlag.FAST == 0
    )


@njit
def fill_skips(G, C, p, buf, n, budget, have):
    """The plain permanents of buf[:n] (ai_cast.collect_castables' list, each one's deck_value
    in W.CAST_VALUE) to leave for a later turn, as a bit mask over positions in buf: the others
    of them spend the most of `budget` mana (by mana value), the best deck_value on ties,
    among the sets whose colored symbols p's mana can pay together (color_have: with one
    Mountain, a Hearthborn Battler and a Stormcatch Mentor are no five-mana turn; the UR deck
    cast the three-drop, stranded the Mentor and skipped its four-drop). A creature's offspring
    (702.175a) is paid with the mana the set leaves, most expensive card first: it spends
    that mana too and adds the token (half the card's value: its abilities on a 1/1); the
    main phase casts offspring creatures after the rest of the set (ai._main_standard), so
    the offspring takes only what is left. 0: skip none. have: p's color_have (-1: not yet
    computed)."""
    cards = cards_of(C)
    cmask = 0
    m = 0
    for i in range(min(n, 62)):
        card = G[ob(buf[i]) + O.CARD]
        if plain_permanent(cards, card) and cards[card, CardCol.MV] <= budget and m < MAX_FILL:
            cmask |= 1 << i
            m += 1
    if m < 2:
        return 0
    vals = G[W.CAST_VALUE : W.CAST_VALUE + n]  # each one's deck_value (collect_castables)
    if have < 0:
        have = color_have(G, C, p)
    # the candidates' figures, once (the subsets below are over candidate j, buf position
    # at[j], in buf order: the same subsets in the same order as over the positions)
    at = G[W.FILL : W.FILL + MAX_FILL]
    mvs = G[W.FILL + MAX_FILL : W.FILL + 2 * MAX_FILL]
    values = G[W.FILL + 2 * MAX_FILL : W.FILL + 3 * MAX_FILL]
    needs = G[W.FILL + 3 * MAX_FILL : W.FILL + 4 * MAX_FILL]
    extras = G[W.FILL + 4 * MAX_FILL : W.FILL + 5 * MAX_FILL]
    grant = grant_offspring_row(G, C, p)  # (once for every candidate: a scan of p's board)
    j = 0
    for i in range(min(n, 62)):
        if (cmask >> i) & 1:
            card = G[ob(buf[i]) + O.CARD]
            at[j] = i
            mvs[j] = cards[card, CardCol.MV]
            values[j] = vals[i]
            needs[j] = cost_colors(cards, card)
            extras[j] = offspring_cost_granted(C, card, grant)
            j += 1
    any_extra = False
    for j in range(m):
        any_extra = any_extra or extras[j] > 0
    # every nonempty subset t of the candidates, in Gray code order: each one differs from the
    # last by one candidate, so its sums are the last one's with that candidate added or taken
    # off (one step a subset, not m). The best key wins; of equal keys the largest t, as when
    # the subsets were walked from the full set down
    best_key = -1
    best = 0
    t = 0
    mv0 = 0
    value0 = 0
    need = 0
    for i in range(1, 1 << m):
        j = 0
        while ((i >> j) & 1) == 0:  # the candidate that changes: i's lowest set bit
            j += 1
        if (t >> j) & 1:
            t ^= 1 << j
            mv0 -= mvs[j]
            value0 -= values[j]
            need -= needs[j]
        else:
            t |= 1 << j
            mv0 += mvs[j]
            value0 += values[j]
            need += needs[j]
        if mv0 > budget:
            continue  # (the offspring below only adds mana)
        if not colors_fit(need, have):
            continue  # two red cards on one Mountain: not both cast this turn
        mv = mv0
        value = value0
        for j2 in range(m if any_extra else 0):
            if (t >> j2) & 1 and mv < budget:
                extra = extras[j2]
                if extra > 0 and mv + extra <= budget:
                    mv += extra
                    value += cards[G[ob(buf[at[j2]]) + O.CARD], CardCol.VALUE] // 2
        key = mv * 100000 + value
        if key > best_key or (key == best_key and t > best):
            best_key = key
            best = t
    best_set = 0
    for j in range(m):
        if (best >> j) & 1:
            best_set |= 1 << at[j]
    return cmask & ~best_set


@njit
def offspring_cost(G, C, p, card):
    """The mana of the card's offspring costs as p would cast it (0: it has none): its own,
    plus the one a creature spell gains from a GRANT_OFFSPRING permanent of p's."""
    cards = cards_of(C)
    g = grant_offspring_row(G, C, p) if cards[card, CardCol.TYPES] & CardType.CREATURE else -1
    return offspring_cost_granted(C, card, g)


@njit
def offspring_cost_granted(C, card, g):
    """offspring_cost with p's grant_offspring_row g (-1: none) read already (a caller that
    asks for several cards reads p's permanents once)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    extra = 0
    if g >= 0 and cards[card, CardCol.TYPES] & CardType.CREATURE:
        extra = _ability_mana(abilities, g)
    if (cards[card, CardCol.AB_KINDS] >> AbilityKind.OFFSPRING) & 1 == 0:
        return extra
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] == AbilityKind.OFFSPRING:
            return extra + _ability_mana(abilities, a)
    return extra


@njit
def _ability_mana(abilities, a):
    """The mana value of ability row a's cost columns."""
    extra = abilities[a, AbilCol.COST_GENERIC]
    for c in range(5):
        extra += abilities[a, AbilCol.COST_W + c]
    return extra


@njit
def fill_mana(G, C, p, buf, n, budget, beside, have):
    """The most mana p's sorcery-speed castables in buf[:n] spend together within `budget`:
    what the turn develops, each card at what it costs now (cost_now: a spell that a
    permanent of p's makes cheaper spends less). Instants are left out (they can spend what
    is left at instant speed), and so is a card whose colored symbols do not fit in `have`
    (color_have) beside the ones in `beside` (cost_colors: a card kept up). An offspring is
    no development a kept card gives up (a 1/1 copy for the mana the kept card would spend:
    counted, p gave up Savor to pay Thornplate Intimidator's). A subset sum over the first
    MAX_FILL candidates, as a bitset of the reachable totals (bit t set: some subset spends
    exactly t)."""
    cards = cards_of(C)
    cap = min(budget, 62)
    if cap <= 0:
        return 0
    within = (np.int64(1) << (cap + 1)) - 1  # totals 0..cap
    reach = np.int64(1)  # the empty subset spends 0
    m = 0
    for i in range(min(n, 62)):
        card = G[ob(buf[i]) + O.CARD]
        if (
            cards[card, CardCol.FLAGS] & CardFlag.FAST
            or m >= MAX_FILL
            or not colors_fit(cost_colors(cards, card) + beside, have)
        ):
            continue
        cost = cost_now(G, C, p, card)
        if cost <= cap:
            reach = (reach | (reach << cost)) & within
            m += 1
    best = cap
    while best > 0 and not (reach >> best) & 1:
        best -= 1
    return best


@njit(inline_in_entry=True)
def cost_colors(cards, card):
    """The card's colored mana symbols, packed COLOR_BITS bits per color (WUBRG); hybrid
    symbols are left out (either color pays them)."""
    need = 0
    for c in range(5):
        need += cards[card, CardCol.COST_W + c] << (COLOR_BITS * c)
    return need


@njit(inline_in_entry=True)
def colors_fit(need, have):
    """Does each color's count in need (cost_colors summed) fit in have (color_have)?"""
    mask = (1 << COLOR_BITS) - 1
    for c in range(5):
        if (need >> (COLOR_BITS * c)) & mask > (have >> (COLOR_BITS * c)) & mask:
            return False
    return True


@njit
def color_have(G, C, p):
    """How much mana of each color p can make now, packed as cost_colors packs a cost: its
    untapped lands that make the color, plus every other source (pool mana, a Treasure, a
    Signet's extra, a land of a chosen color) for each color. An upper bound per color, not a
    payment plan (a dual land counts for both of its colors)."""
    lands, sacs = count_sources(G, cards_of(C), abilities_of(C), p)
    return color_have_of(G, cards_of(C), p, lands, sacs)


@njit
def color_have_of(G, cards, p, lands, sacs):
    """color_have with p's count_sources (lands, sacs) as they are now, already counted."""
    have = 0
    n = 0
    for i in range(own_n(G, p)):
        b = ob(own_at(G, p, i))
        if G[b + O.TAPPED] or G[b + O.PHASED]:
            continue
        card = G[b + O.CARD]
        colors = cards[card, CardCol.LAND_COLORS] & 31
        if cards[card, CardCol.TYPES] & CardType.LAND == 0 or colors == 0:
            continue
        n += 1
        for c in range(5):
            if (colors >> c) & 1:
                have += 1 << (COLOR_BITS * c)
    wild = max(lands + sacs - n, 0)
    mask = (1 << COLOR_BITS) - 1
    out = 0
    for c in range(5):
        out += min(((have >> (COLOR_BITS * c)) & mask) + wild, mask) << (COLOR_BITS * c)
    return out


@njit
def second_spell_pays(G, C, p, card):
    """p's "whenever a player casts their second spell each turn" payoffs (Hearthborn Battler:
    2 damage) that casting card now, in p's own turn as its second spell, sets off; 0 when a
    permanent spell in p's hand that p's mana pays now would no longer fit beside it (the
    permanent is the turn's development, the trigger a bonus). An instant held for an
    opponent's end step is p's first spell of that turn there: no trigger."""
    if (
        G[pb(p) + P.SPELLS_TURN] != 1
        or G[H.ACTIVE] != p
        or (G[H.KINDS_SEEN] >> AbilityKind.SECOND_SPELL) & 1 == 0
    ):
        return 0
    cards = cards_of(C)
    abilities = abilities_of(C)
    payoffs = 0
    for i in range(own_n(G, p)):
        q = ob(own_at(G, p, i))
        qc = G[q + O.CARD]
        if G[q + O.PHASED] or (cards[qc, CardCol.AB_KINDS] >> AbilityKind.SECOND_SPELL) & 1 == 0:
            continue
        a0 = cards[qc, CardCol.AB_START]
        for a in range(a0, a0 + cards[qc, CardCol.AB_COUNT]):
            # TRIG_PARAM 2: "an opponent casts" (events_turn.fire_spell_cast)
            if (
                abilities[a, AbilCol.KIND] == AbilityKind.SECOND_SPELL
                and abilities[a, AbilCol.TRIG_PARAM] != 2
            ):
                payoffs += 1
    if payoffs == 0:
        return 0
    lands = count_sources(G, cards, abilities, p)[0]
    spare = lands - cards[card, CardCol.MV]
    for i in range(G[pb(p) + P.HAND_N]):
        h = G[ob(hand_at(G, p, i)) + O.CARD]
        if h != card and plain_permanent(cards, h) and spare < cards[h, CardCol.MV] <= lands:
            return 0
    return payoffs

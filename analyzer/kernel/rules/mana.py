"""Mana: which sources a player can tap, and paying a cost with them.

Sources are untapped lands (colors from ``CardCol.LAND_COLORS``), nonland permanents with a free
"{T}: Add ..." (mana creatures and rocks: ``CardCol.MANA_AMOUNT`` mana per tap, Sol Ring 2),
artifacts with a "{T}, Sacrifice: add one mana of any color" mana ability (Treasure) and the
mana in the player's pool. ``collect_sources`` turns them into the planner's entries
(``kernel/rules/mana_plan.py`` chooses which of them pay, and documents their encoding);
``pay_spell`` / ``pay`` then tap, sacrifice or spend what the plan chose.

Three kinds of source are more than "taps for these colors" (Bloomburrow's mana lands):

- mana only for creature spells (a Village's "{T}: Add {U}. Spend this mana only to cast a
  creature spell."): the source's mask holds those colors shifted by ``CREATURE_SHIFT``, and
  only a creature spell's payment reads them (each source is one mana: its {C} or that color);
- "one mana of the chosen color" (Uncharted Haven): ``LAND_COLORS`` is ``CHOSEN_COLOR_MANA``
  and the object's ``O.CHOSEN_COLOR`` is the color;
- mana a static gives creatures ("Frogs you control have "{T}: Add {G} or {U}. Spend this mana
  only to cast a creature spell."", static_grant_creature_mana): an untapped, not summoning-sick
  creature of those subtypes is an entry of those colors shifted by ``CREATURE_SHIFT`` only
  (``granted_mana``), which pays nothing but a creature spell; "X mana of any one color, X
  its power, only for creature spells with mana value 4 or greater or {X}" (Helga,
  CardFlag.POWER_BIG_MANA): X entries of one color with ``BIG_CREATURE_BIT``;
- a filter ("{1}, {T}: Add one mana of any color.", Hidden Grotto; "{1}: Add one mana of any
  color. Activate only once each turn.", Three Tree Mascot): when no source makes a colored
  symbol, a filter and one more source make it (the filter's own tap, if any, is part of its
  cost; the no-tap kind is marked used for the turn in ``O.ONCE_TURN``).
"""

from __future__ import annotations

from analyzer.enums import (
    CHOSEN_COLOR_MANA,
    IDENTITY_MANA,
    OPP_LANDS_MANA,
    SWAMP_COLORED_MANA,
    AbilCol,
    AbilityKind,
    CardCol,
    CardFlag,
    CardType,
    Color,
    Keyword,
    PlayerLevel,
    Zone,
)
from analyzer.kernel.layout import OFF_BATTLEFIELD, PLAYER_BASE, SCRATCH, H, O, P, W
from analyzer.kernel.rules.actions import deal_damage
from analyzer.kernel.rules.catalog import abilities_of, cards_of
from analyzer.kernel.rules.cost_reduction import cost_now
from analyzer.kernel.rules.events import fire_sacrificed_for_mana
from analyzer.kernel.rules.mana_fits import counted_fits, simple_sources
from analyzer.kernel.rules.mana_plan import (
    ANY_COLOR,
    BIG_CREATURE_BIT,
    CREATURE_SHIFT,
    FILTER_BIT,
    FUEL_ANY,
    FUEL_SHIFT,
    NEED_FAST,
    NO_NEEDS,
    ONE_COLOR_BIT,
    ONE_SHIFT,
    PAIN_BIT,
    SIG_ALT,
    SIG_FIRST,
    SIG_SECOND,
    SRC_FILTER,
    SRC_LAND,
    SRC_POOL,
    SRC_SAC_ANY,
    SRC_SIGNET,
    USE_COLORED,
    card_cost,
    plan_for_needs,
    plan_spell,
    popcount5,
)
from analyzer.kernel.rules.mana_spent import spent_on_creature
from analyzer.kernel.rules.mana_tokens import (
    fodder_tokens,
    pay_x_tokens,
    source_kind,
    tap_least_tokens,
    tokens_per_mana,
    x_tokens_ready,
)
from analyzer.kernel.rules.state import move_object
from analyzer.kernel.rules.view import hand_at, kind_seen, ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit

POOL_KEEP = 256  # P.MANA_x: the low byte empties as the step ends, each POOL_KEEP above it is a
# mana that stays until end of turn (Brazen Collector's)
MAX_SOURCES = SCRATCH // 2


@njit
def _signet_entries(G, cards, abilities, b, o, masks, objs, kinds, n):
    """Append the entries of an untapped Signet (see SRC_SIGNET); returns the new n."""
    card = G[b + O.CARD]
    if n + 3 > masks.shape[0]:
        return n
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.MANA_ABILITY] and abilities[a, AbilCol.TRIG_PARAM] > 0:
            tp = abilities[a, AbilCol.TRIG_PARAM]
            hyb = abilities[a, AbilCol.COST_HYBRID]
            fuel = (hyb << FUEL_SHIFT) if hyb else FUEL_ANY
            masks[n] = (tp & 31) | SIG_FIRST | fuel
            masks[n + 1] = ((tp >> 5) & 31) | SIG_SECOND
            objs[n] = o
            objs[n + 1] = o
            kinds[n] = SRC_SIGNET
            kinds[n + 1] = SRC_SIGNET
            n += 2
            m = cards[card, CardCol.LAND_COLORS]
            if cards[card, CardCol.TYPES] & CardType.LAND and 0 < m < CHOSEN_COLOR_MANA:
                masks[n] = m | SIG_ALT  # the land's own "{T}: Add {C}."
                objs[n] = o
                kinds[n] = SRC_LAND
                n += 1
            return n
    return n


@njit
def granted_mana(G, cards, p):
    """(Subtype mask, Color mask) of the creature-only mana p's static_grant_creature_mana
    permanents give p's creatures of those subtypes; (0, 0) without one. (The one card with it
    is legendary: two granters of different colors and subtypes are merged.)"""
    if not kind_seen(G, AbilityKind.GRANT_CREATURE_MANA):
        return 0, 0
    subtypes = 0
    colors = 0
    for i in range(own_n(G, p)):
        b = ob(own_at(G, p, i))
        card = G[b + O.CARD]
        if G[b + O.PHASED] == 0 and cards[card, CardCol.GRANT_MANA_SUBTYPES]:
            subtypes |= cards[card, CardCol.GRANT_MANA_SUBTYPES]
            colors |= cards[card, CardCol.CREATURE_MANA]
    return subtypes, colors


@njit
def _granted_entry(G, cards, b, grant_subtypes):
    """Does the object at b tap for the granted creature-only mana now (an untapped creature
    of the subtypes, not summoning-sick: the ability has {T}, 302.6)?"""
    card = G[b + O.CARD]
    return (
        grant_subtypes != 0
        and cards[card, CardCol.TYPES] & CardType.CREATURE
        and cards[card, CardCol.SUBTYPES] & grant_subtypes
        and G[b + O.TAPPED] == 0
        and G[b + O.SICK] == 0
    )


@njit
def collect_sources(G, cards, abilities, p, masks, objs, kinds):
    """Fill masks/objs/kinds with p's untapped mana sources; returns how many."""
    n = 0
    grant_subtypes, grant_colors = granted_mana(G, cards, p)
    q = pb(p)
    for c in range(6):  # the mana pool first: what is not spent empties
        v = G[q + P.MANA_W + c]
        for _ in range((v & (POOL_KEEP - 1)) + v // POOL_KEEP):
            if n < masks.shape[0]:
                masks[n] = 1 << c  # 1 << 5 = 32: colorless
                objs[n] = c
                kinds[n] = SRC_POOL
                n += 1
    spare_tokens = -1  # tokens left for "Tap two untapped tokens you control: Add ..."
    x_src = -1  # a "Tap X untapped tokens you control: Add X mana" source: its entries last
    for i in range(own_n(G, p)):
        o = own_at(G, p, i)
        b = ob(o)
        if G[b + O.PHASED] != 0:
            continue
        card = G[b + O.CARD]
        k = source_kind(cards, abilities, card)
        if cards[card, CardCol.FLAGS] & CardFlag.TOKENS_X_MANA:
            if x_src < 0 and x_tokens_ready(G, cards, abilities, p, b):
                x_src = o
            continue
        if cards[card, CardCol.FLAGS] & CardFlag.TOKENS_MANA:
            if spare_tokens < 0:
                spare_tokens = fodder_tokens(G, cards, abilities, p)
            per = tokens_per_mana(cards, abilities, card)
            while per > 0 and spare_tokens >= per and n < masks.shape[0]:
                masks[n] = ANY_COLOR  # one mana of any color per `per` tokens tapped
                objs[n] = o
                kinds[n] = SRC_LAND
                n += 1
                spare_tokens -= per
            continue
        if cards[card, CardCol.FLAGS] & CardFlag.SIGNET_MANA:
            if G[b + O.TAPPED] == 0:
                n = _signet_entries(G, cards, abilities, b, o, masks, objs, kinds, n)
            continue
        if k == SRC_FILTER:  # no {T} in its cost: tapped or not, once each turn
            if G[b + O.ONCE_TURN] != G[H.TURN] and n < masks.shape[0]:
                masks[n] = FILTER_BIT
                objs[n] = o
                kinds[n] = k
                n += 1
            continue
        if k == 0 and _granted_entry(G, cards, b, grant_subtypes):
            if n < masks.shape[0]:  # only the granted ability: one creature-only mana
                masks[n] = grant_colors << CREATURE_SHIFT
                objs[n] = o
                kinds[n] = SRC_LAND
                n += 1
            continue
        if k == 0 or G[b + O.TAPPED] != 0:
            continue
        units = 1
        if k == SRC_LAND:
            if (
                cards[card, CardCol.TYPES] & CardType.CREATURE
                and G[b + O.SICK]
                and (G[b + O.CUR_KW] & Keyword.HASTE) == 0  # 302.6: haste pays {T} costs
            ):
                continue
            m = cards[card, CardCol.LAND_COLORS]
            if m >= CHOSEN_COLOR_MANA:  # colors the game decides (a few lands and rocks)
                m = _decided_colors(G, cards, b, p, m)
            if m == 0:
                continue  # a land that makes no mana (a fetch land)
            m |= cards[card, CardCol.CREATURE_MANA] << CREATURE_SHIFT
            if cards[card, CardCol.FLAGS] & CardFlag.FILTER_MANA:
                m |= FILTER_BIT
            if cards[card, CardCol.FLAGS] & CardFlag.PAIN_MANA:
                m |= PAIN_BIT
            units = max(cards[card, CardCol.MANA_AMOUNT], 1)
            if cards[card, CardCol.FLAGS] & CardFlag.POWER_BIG_MANA:
                units = G[b + O.CUR_P]  # "X mana of any one color, where X is its power"
                m |= BIG_CREATURE_BIT
                if units <= 0:
                    continue
            if (
                units == 1
                and not m & BIG_CREATURE_BIT
                and _granted_entry(G, cards, b, grant_subtypes)
            ):
                m |= grant_colors << CREATURE_SHIFT  # one tap: its own mana or the granted
        else:
            m = ANY_COLOR
        # a source making several mana (Sol Ring) is one entry per mana, all tapping it: what
        # a payment leaves unused is lost (no floating mana). A land making one of each of its
        # colors ("{T}: Add {B}{G}", a bounce land) is one entry per color.
        # A source making several mana of its colors ("three mana of any one color") is one
        # entry per mana, all of one color (ONE_COLOR_BIT, see mana_plan.plan).
        split = units > 1 and k == SRC_LAND and popcount5(m) == units
        split = split and (m & BIG_CREATURE_BIT) == 0  # (Helga's X mana is of one color)
        if units > 1 and not split and popcount5(m) > 1:
            m |= ONE_COLOR_BIT | ((m & 31) << ONE_SHIFT)
        rest = m
        for _ in range(units):
            if n < masks.shape[0]:
                if split:
                    low = rest & -rest
                    masks[n] = low | (m & ~31)
                    rest &= ~low
                else:
                    masks[n] = m
                objs[n] = o
                kinds[n] = k
                n += 1
    if x_src >= 0:  # one mana of any color per token the other token abilities left
        if spare_tokens < 0:
            spare_tokens = fodder_tokens(G, cards, abilities, p)
        while spare_tokens > 0 and n < masks.shape[0]:
            masks[n] = ANY_COLOR
            objs[n] = x_src
            kinds[n] = SRC_LAND
            n += 1
            spare_tokens -= 1
    return n


@njit
def _decided_colors(G, cards, b, p, m):
    """The colors of a source whose LAND_COLORS the game decides: the color chosen as it
    entered (plus its fixed colors: a Thriving land), p's commander's color identity (none
    without a commander, 903.4f), or the colors the lands p's opponents control could make."""
    out = m & 63  # fixed colors and {C}
    if m & CHOSEN_COLOR_MANA:
        out |= G[b + O.CHOSEN_COLOR]
    if m & IDENTITY_MANA:
        cmd = G[pb(p) + P.COMMANDER] - 1
        if cmd >= 0:
            out |= cards[G[ob(cmd) + O.CARD], CardCol.IDENTITY]
    if m & SWAMP_COLORED_MANA:  # "Activate only if you control a Swamp" (the colored ability)
        out = m & 32  # {C} (LAND_COLORS bit 5)
        for i in range(G[H.BF_N]):
            q = ob(G[OFF_BATTLEFIELD + i])
            if G[q + O.CTRL] == p and G[q + O.PHASED] == 0:
                if cards[G[q + O.CARD], CardCol.LAND_TYPES] & Color.B:
                    out = m & 63
    if m & OPP_LANDS_MANA:
        for i in range(G[H.BF_N]):
            q = ob(G[OFF_BATTLEFIELD + i])
            if G[q + O.CTRL] == p or G[q + O.PHASED]:
                continue
            qc = G[q + O.CARD]
            if cards[qc, CardCol.TYPES] & CardType.LAND:
                lc = cards[qc, CardCol.LAND_COLORS]
                if lc >= CHOSEN_COLOR_MANA:  # the opponent's own decided colors (no recursion
                    lc = (lc & 31) | G[q + O.CHOSEN_COLOR]  # into their Orchards)
                out |= lc & 31
    return out


@njit
def hand_needs(G, C, p, card, generic, colored):
    """The standard player's colors to keep while it pays generic plus colored for card: for
    each color, the most symbols of it in one nonland card of p's hand (one copy of `card`
    left out) whose cost now (its mana value less its reductions) fits the mana p has left
    once this cost is paid (_budget_after), with mana_plan.NEED_FAST when an instant or flash
    card has the color; all zero for the basic player, who pays as it always did."""
    if G[pb(p) + P.LEVEL] == PlayerLevel.BASIC:
        return NO_NEEDS
    cards = cards_of(C)
    budget = -1  # the mana left: counted (a scan of p's permanents) once a nonland card asks
    counted = False
    w = 0
    u = 0
    b = 0
    r = 0
    g = 0
    fast = 0  # WUBRG bits: the colors an instant or flash card in hand has
    skipped = card < 0
    for i in range(G[pb(p) + P.HAND_N]):
        c = G[ob(hand_at(G, p, i)) + O.CARD]
        if not skipped and c == card:
            skipped = True
            continue
        if cards[c, CardCol.TYPES] & CardType.LAND:
            continue
        if not counted:
            budget = _budget_after(G, cards, abilities_of(C), p, generic, colored)
            counted = True
        if cards[c, CardCol.MV] > budget and cost_now(G, C, p, c) > budget:
            # a card the mana left cannot cast before the next untap step keeps no color: two
            # Plains kept for a {2}{W}{W} instant left the held {1}{G} Overprotect unpaid
            continue
        w = max(w, cards[c, CardCol.COST_W])
        u = max(u, cards[c, CardCol.COST_U])
        b = max(b, cards[c, CardCol.COST_B])
        r = max(r, cards[c, CardCol.COST_R])
        g = max(g, cards[c, CardCol.COST_G])
        if cards[c, CardCol.FLAGS] & CardFlag.FAST:
            for k in range(5):
                if cards[c, CardCol.COST_W + k] > 0:
                    fast |= 1 << k
    return (
        _flag_fast(w, fast, 0),
        _flag_fast(u, fast, 1),
        _flag_fast(b, fast, 2),
        _flag_fast(r, fast, 3),
        _flag_fast(g, fast, 4),
    )


@njit
def _budget_after(G, cards, abilities, p, generic, colored):
    """The mana p has left once it pays generic plus colored: its untapped sources less the
    cost, and its land drop when it still has one this turn with a land in hand."""
    lands, sacs = count_sources(G, cards, abilities, p)
    left = lands + sacs - generic - (colored[0] + colored[1] + colored[2] + colored[3])
    left -= colored[4]
    if G[H.ACTIVE] == p and G[pb(p) + P.LANDS_PLAYED] == 0:
        for i in range(G[pb(p) + P.HAND_N]):
            if cards[G[ob(hand_at(G, p, i)) + O.CARD], CardCol.TYPES] & CardType.LAND:
                return left + 1
    return left


@njit
def _flag_fast(need, fast, c):
    """hand_needs' entry for color c: the need, with NEED_FAST if a fast card has the color."""
    return need | NEED_FAST if need > 0 and (fast >> c) & 1 else need


@njit
def can_pay_spell(G, cards, abilities, p, card, generic, colored, any_type):
    masks = G[W.SRC_MASK : W.SRC_MASK + MAX_SOURCES]
    objs = G[W.SRC_OBJ : W.SRC_OBJ + MAX_SOURCES]
    kinds = G[W.SRC_KIND : W.SRC_KIND + MAX_SOURCES]
    use = G[W.SRC_USE : W.SRC_USE + MAX_SOURCES]
    n = collect_sources(G, cards, abilities, p, masks, objs, kinds)
    G[W.SRC_FRESH] = 0  # (perhaps a state the caller set up to test: never reused)
    if not any_type and (card < 0 or cards[card, CardCol.HYBRID_N] == 0):
        fits = counted_fits(masks, kinds, n, simple_sources(masks, kinds, n), generic, colored)
        if fits >= 0:
            return fits == 1  # plan_spell's answer, unplanned
    return plan_spell(masks, kinds, n, cards, card, generic, colored, any_type, use)


@njit
def pay_spell(G, C, p, card, generic, colored, any_type):
    """pay() for a card's cost (hybrid symbols split as plan_spell finds)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    masks = G[W.SRC_MASK : W.SRC_MASK + MAX_SOURCES]
    objs = G[W.SRC_OBJ : W.SRC_OBJ + MAX_SOURCES]
    kinds = G[W.SRC_KIND : W.SRC_KIND + MAX_SOURCES]
    use = G[W.SRC_USE : W.SRC_USE + MAX_SOURCES]
    if card >= 0 and G[W.SRC_FRESH] == p + 1:  # the main action's list, nothing changed since
        n = G[W.SRC_FRESH + 1]
    else:
        n = collect_sources(G, cards, abilities, p, masks, objs, kinds)
    G[W.SRC_FRESH] = 0  # paying changes the sources
    needs = hand_needs(G, C, p, card, generic, colored)
    if not plan_for_needs(masks, kinds, n, cards, card, generic, colored, any_type, use, needs):
        # keeping the hand's colors is a preference, not a condition: the search that weighs
        # them can miss a payment can_pay_spell found (generic mana taking the Island a filter
        # land needed as its fuel), and the spell must then be paid as can_pay_spell found it
        # (else the player tried the cast again and again until the action cap)
        if needs[0] + needs[1] + needs[2] + needs[3] + needs[4] == 0 or not plan_for_needs(
            masks, kinds, n, cards, card, generic, colored, any_type, use, NO_NEEDS
        ):
            return False
    for i in range(n):
        if use[i]:
            o = objs[i]
            if kinds[i] == SRC_FILTER:
                G[ob(o) + O.ONCE_TURN] = G[H.TURN]  # "Activate only once each turn"
                continue
            if kinds[i] == SRC_POOL:  # o: the color index; what empties soonest goes first
                slot = pb(p) + P.MANA_W + o
                G[slot] -= 1 if G[slot] & (POOL_KEEP - 1) else POOL_KEEP
                continue
            row = G[ob(o) + O.CARD]
            if cards[row, CardCol.FLAGS] & CardFlag.TOKENS_X_MANA:  # it, the life, a token
                pay_x_tokens(G, C, p, o)
                continue
            if cards[row, CardCol.FLAGS] & CardFlag.TOKENS_MANA:  # its tokens, not itself
                n_tokens = tokens_per_mana(cards, abilities, row)
                tap_least_tokens(G, cards, abilities, p, n_tokens, True)
                continue
            G[ob(o) + O.TAPPED] = 1
            if cards[row, CardCol.FLAGS] & CardFlag.TRIBE_SCRY_MANA:  # Path of Ancestry
                spent_on_creature(G, cards, abilities, p, card, o)
            if use[i] == USE_COLORED and masks[i] & PAIN_BIT:
                # "This land deals 1 damage to you": 1 damage per tap, for colored mana only
                deal_damage(G, C, o, PLAYER_BASE + p, 1)
            if kinds[i] == SRC_SAC_ANY:
                fire_sacrificed_for_mana(G, cards, abilities, o)
                move_object(G, cards, o, Zone.GRAVEYARD)  # a token then ceases to exist
    return True


@njit
def add_to_pool(G, p, colors, amount, keep):
    """Add `amount` mana of the first color of the mask `colors` (32: colorless) to p's mana
    pool (106.4); keep: it stays until end of turn, else it empties as the step ends (500.4)."""
    c = 5
    for k in range(5):
        if (colors >> k) & 1:
            c = k
            break
    G[pb(p) + P.MANA_W + c] += amount * (POOL_KEEP if keep else 1)
    if not keep:
        G[H.POOL_PHASE] = G[H.PHASE] + 1


@njit
def empty_pools(G):
    """500.4: as a step or phase ends, unspent mana empties from each pool (not the mana that
    stays until end of turn)."""
    for p in range(G[H.NPLAYERS]):
        for c in range(6):
            G[pb(p) + P.MANA_W + c] &= ~(POOL_KEEP - 1)
    G[H.POOL_PHASE] = 0


@njit
def count_sources(G, cards, abilities, p):
    """(untapped lands, untapped Treasures) p controls: the AI's quick affordability bound."""
    lands = 0
    sacs = 0
    for c in range(6):  # mana in the pool counts like an untapped land
        v = G[pb(p) + P.MANA_W + c]
        lands += (v & (POOL_KEEP - 1)) + v // POOL_KEEP
    spare_tokens = -1
    x_ready = False
    grant_subtypes = granted_mana(G, cards, p)[0]
    for i in range(own_n(G, p)):
        b = ob(own_at(G, p, i))
        if G[b + O.PHASED] == 0 and cards[G[b + O.CARD], CardCol.FLAGS] & CardFlag.TOKENS_X_MANA:
            x_ready = x_ready or x_tokens_ready(G, cards, abilities, p, b)
            continue
        if G[b + O.PHASED] == 0 and cards[G[b + O.CARD], CardCol.FLAGS] & CardFlag.TOKENS_MANA:
            if spare_tokens < 0:
                spare_tokens = fodder_tokens(G, cards, abilities, p)
            per = tokens_per_mana(cards, abilities, G[b + O.CARD])
            if per > 0:
                lands += spare_tokens // per
                spare_tokens %= per
            continue
        if G[b + O.TAPPED] != 0 or G[b + O.PHASED] != 0:
            continue
        k = source_kind(cards, abilities, G[b + O.CARD])
        if k == 0 and _granted_entry(G, cards, b, grant_subtypes):
            lands += 1  # (creature-only mana: an upper bound, as the bound is)
        elif cards[G[b + O.CARD], CardCol.FLAGS] & CardFlag.POWER_BIG_MANA:
            lands += max(G[b + O.CUR_P], 0)
        elif k == SRC_LAND or k == SRC_SIGNET:  # (a Signet: one more mana with another source)
            lands += max(cards[G[b + O.CARD], CardCol.MANA_AMOUNT], 1)
        elif k == SRC_SAC_ANY:
            sacs += 1
    if x_ready:  # one per token the other token abilities left
        lands += spare_tokens if spare_tokens >= 0 else fodder_tokens(G, cards, abilities, p)
    return lands, sacs


@njit
def can_pay_card(G, cards, abilities, p, card):
    """Could p pay card's printed mana cost now (no reduction or additional cost)?"""
    colored = G[W.PCOLOR : W.PCOLOR + 5]
    generic = card_cost(cards, card, colored)
    return can_pay_spell(G, cards, abilities, p, card, generic, colored, False)


@njit
def can_pay(G, cards, abilities, p, generic, colored, any_type):
    """Could p pay a cost with no hybrid symbols (an ability's)?"""
    return can_pay_spell(G, cards, abilities, p, -1, generic, _colored(G, colored), any_type)


@njit
def pay(G, C, p, generic, colored, any_type):
    """Tap (and sacrifice) the planned sources. Returns False, changing nothing, if unpayable."""
    return pay_spell(G, C, p, -1, generic, _colored(G, colored), any_type)


@njit(inline="always")  # returns a view of G: no reference to count (see config.njit)
def _colored(G, colored):
    """The WUBRG counts (array or tuple) in a work area the shared planner may adjust."""
    out = G[W.PCOLOR : W.PCOLOR + 5]
    for c in range(5):
        out[c] = colored[c]
    return out

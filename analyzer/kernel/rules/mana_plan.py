"""The mana planner: which of a player's mana sources pay a cost (601.2g-h).

Pure functions over the source entries ``kernel/rules/mana.py`` collects from the game
(``collect_sources``: one entry per mana a source can make, ``masks``/``kinds``/``objs``); they
read no game record, so the choice of sources can be reasoned about (and tested) apart from
where the sources come from and what paying does to them (``mana.pay_spell``).

A cost is (generic, W, U, B, R, G) plus ``any_type`` ("mana of any type can be spent", Cruelclaw's
Heist). Payment never floats mana: it taps exactly the sources it uses. The planner is greedy by
scarcity: each colored symbol takes the source that can make the fewest colors, lands before
Treasures (the AI keeps Treasures), then generic takes what is left, lands first. With basic
lands and Treasures this is optimal.

The entry encoding (this module's constants): a mask's low five bits are the colors the entry
makes (bit 5: colorless); bits from ``CREATURE_SHIFT`` are colors only for creature spells;
``FILTER_BIT`` a source that can filter one other mana into any color (when no source makes a
colored symbol, a filter and one more source make it); ``PAIN_BIT`` colored mana that deals 1
damage (used only when nothing else can pay); the ``SIG_*`` bits a Signet's group of entries
(two mana whose cost takes one more source, the fuel).

Which sources pay is the payer's choice (601.2g-h): the standard player keeps the colors the
rest of its hand needs (``needs``, from ``mana.hand_needs``): generic mana and hybrid symbols
(107.4e) are paid first with the sources whose colors stay in surplus, then with those whose
colors only sorcery-speed cards need (``NEED_FAST``: an instant or flash card needs the color,
wanted before the next untap step), so a held {U}{U} counterspell keeps its Islands and a held
{U} bounce its one Island. The basic player pays as it always did (the first color of a
hybrid pair that works, generic with the first lands).
"""

from __future__ import annotations

from analyzer.enums import CardCol, CardType
from analyzer.kernel.runtime.config import njit

ANY_COLOR = 31
SRC_LAND = 1
SRC_SAC_ANY = 2  # Treasure
SRC_FILTER = 3  # a no-tap filter (Three Tree Mascot): pays nothing by itself
CREATURE_SHIFT = 6  # mask bits 6..10: colors a source makes only to cast creature spells
FILTER_BIT = 1 << 11  # mask bit: the source can filter one other mana into any color
SRC_POOL = 4  # a mana in p's mana pool (objs: its color index, 5 = colorless)
PAIN_BIT = 1 << 12  # mask bit: the source's colored mana deals 1 damage to its controller
PAIN_COST = 50  # plan score: a pain source pays a colored symbol only when nothing else can
USE_COLORED = 2  # use[i] of a source chosen for a colored symbol (a pain source then hurts)
# A Signet ("{1}, {T}: Add {W}{U}.", CardFlag.SIGNET_MANA) is a group of entries: its first mana
# (SIG_FIRST, with the fuel its cost takes), its second (SIG_SECOND) and, for a land that also
# taps for mana of its own ("{T}: Add {C}."), that mana (SIG_ALT: one tap, so either the land
# entry or the two Signet entries). Using a Signet entry costs one more source (the fuel).
SRC_SIGNET = 5
SIG_FIRST = 1 << 13
SIG_SECOND = 1 << 14
SIG_ALT = 1 << 15
FUEL_SHIFT = 16  # mask bits 16..20 of SIG_FIRST: the colors its cost takes ({U/R}: U|R)
FUEL_ANY = 1 << 21  # ... or {1}: any mana
SIGNET_LAST = 40  # plan score of a Signet entry in the first try (real sources first)
# A source making several mana of one color ("{T}: Add three mana of any one color.", Gilded
# Lotus; add_mana's `amount` is of one color among `colors`) is one entry per mana, each with
# ONE_COLOR_BIT and its colors kept in bits ONE_SHIFT..+4: plan() makes them all one color.
ONE_SHIFT = 23
ONE_COLOR_BIT = 1 << 28
# mask bit: mana only for creature spells with mana value 4 or greater or with {X} in their
# costs (Helga's, CardFlag.POWER_BIG_MANA); plan's `creature` is 2 for such a spell
BIG_CREATURE_BIT = 1 << 29
NO_NEEDS = (0, 0, 0, 0, 0)
# a needs entry: the symbols of the color (NEED_COUNT bits), NEED_FAST if an instant or flash
# card wants them (its mana is wanted in the opponent's turn, before the next untap step)
NEED_FAST = 1 << 8
NEED_COUNT = NEED_FAST - 1
SHORT_FAST = 256  # generic weight of a source whose tap leaves a fast card's color short
SHORT_SLOW = 64  # ... a sorcery-speed card's (a need's count is far below both)


@njit
def popcount5(m):
    return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1) + ((m >> 4) & 1)


@njit
def _blocked(masks, use, n, i):
    """Is entry i unusable because the other use of its one tap was taken (SIG_ALT)?"""
    m = masks[i]
    if m & SIG_ALT:
        return use[i - 1] != 0 or use[i - 2] != 0
    if m & SIG_FIRST:
        return i + 2 < n and (masks[i + 2] & SIG_ALT) != 0 and use[i + 2] != 0
    if m & SIG_SECOND:
        return i + 1 < n and (masks[i + 1] & SIG_ALT) != 0 and use[i + 1] != 0
    return False


@njit
def _partner_used(masks, use, i):
    """Is the other mana of Signet entry i's group already used (so this one is free)?"""
    if masks[i] & SIG_FIRST:
        return use[i + 1] != 0
    return use[i - 1] != 0


@njit
def creature_only(mask):
    """Is this entry mana only for creature spells (a granted "{T}: Add {G} or {U}. Spend this
    mana only to cast a creature spell.": no color or {C} of its own, 106.6)? It pays no
    generic or any-type cost but a creature spell's, and no mana ability's cost (a filter's
    or a Signet's fuel)."""
    return (mask & 63) == 0 and (mask & (31 << CREATURE_SHIFT)) != 0


@njit
def restricted(mask, creature):
    """Can this entry not pay for a spell of this kind (creature: 0 not a creature spell, 1 a
    creature spell, 2 one with mana value 4 or greater or {X} in its cost)?"""
    return (creature == 0 and creature_only(mask)) or (
        creature < 2 and (mask & BIG_CREATURE_BIT) != 0
    )


@njit
def _need_weight(mask, needs):
    """How much the colors of a source with this color mask are needed (see hand_needs)."""
    w = 0
    for c in range(5):
        if (mask >> c) & 1:
            w += needs[c] & NEED_COUNT
    return w


@njit
def _left(masks, use, n, c):
    """The unused entries that make color c."""
    k = 0
    for i in range(n):
        if use[i] == 0 and (masks[i] >> c) & 1:
            k += 1
    return k


@njit
def _lefts(masks, use, n):
    """_left of each of the five colors, in one pass over the entries."""
    k0 = k1 = k2 = k3 = k4 = 0
    for i in range(n):
        if use[i] == 0:
            m = masks[i]
            k0 += m & 1
            k1 += (m >> 1) & 1
            k2 += (m >> 2) & 1
            k3 += (m >> 3) & 1
            k4 += (m >> 4) & 1
    return (k0, k1, k2, k3, k4)


@njit
def _spend_weight(mask, needs, lefts):
    """How much paying generic mana with an unused entry of this color mask costs the hand:
    per color it makes that a card needs, SHORT_FAST (or SHORT_SLOW) when the unused entries
    of the color (lefts: _lefts) are no more than the need (tapping it leaves it short), plus
    the need (the colors needed least first)."""
    w = 0
    for c in range(5):
        k = needs[c] & NEED_COUNT
        if k == 0 or ((mask >> c) & 1) == 0:
            continue
        w += k
        if lefts[c] <= k:
            w += SHORT_FAST if needs[c] & NEED_FAST else SHORT_SLOW
    return w


@njit
def _filter_one(masks, kinds, n, use):
    """One colored symbol no source makes, paid with a filter and one more source (the
    cheapest: fewest colors, a Treasure last); a no-tap filter first (it costs one source, a
    tapping one two). Returns False, changing nothing, if there is none."""
    f = -1
    for i in range(n):
        if not use[i] and masks[i] & FILTER_BIT and (f < 0 or kinds[i] == SRC_FILTER):
            f = i
    if f < 0:
        return False
    best = -1
    best_score = 1 << 20
    for i in range(n):
        if use[i] or i == f or kinds[i] == SRC_FILTER or kinds[i] == SRC_SIGNET:
            continue
        if creature_only(masks[i]) or masks[i] & BIG_CREATURE_BIT:
            continue
        if masks[i] & SIG_ALT and _blocked(masks, use, n, i):
            continue
        score = popcount5(masks[i]) + (100 if kinds[i] == SRC_SAC_ANY else 0)
        if score < best_score:
            best_score = score
            best = i
    if best < 0:
        return False
    use[f] = 1
    use[best] = 1
    return True


@njit
def plan(masks, kinds, n, generic, colored, any_type, use, needs, creature):
    """Choose sources for the cost; use[i] = 1 for chosen ones. Returns True if payable.
    needs: the colored symbols the payer wants left (hand_needs, NEED_FAST flagged); generic
    mana taps the sources that leave them met, then those whose colors are needed least (all
    zero: the first sources, lands first).
    creature: the cost is a creature spell's (1), which mana only for creature spells may pay,
    or one with mana value 4 or greater or {X} in its cost (2; Helga's mana, too).
    With Signets (SRC_SIGNET) two tries: real sources first, then Signets first (each Signet
    used takes one more source for its cost). With a source of several mana of one color
    (ONE_COLOR_BIT, "Add three mana of any one color."), one try per color the cost has
    (every such entry makes that color), then one where they pay generic mana only."""
    sig = 0
    one = False
    for i in range(n):
        m = masks[i]
        if kinds[i] == SRC_SIGNET and not any_type:
            sig = 1
        if m & ONE_COLOR_BIT:
            one = True
            masks[i] = (m & ~31) | ((m >> ONE_SHIFT) & 31)  # its colors, as collected
    if not one or any_type:
        return _plan_tries(masks, kinds, n, generic, colored, any_type, use, needs, creature, sig)
    for c in range(6):  # c 5: no color (the entries pay generic mana only)
        if c < 5 and colored[c] == 0:
            continue
        for i in range(n):
            m = masks[i]
            if m & ONE_COLOR_BIT:
                masks[i] = (m & ~31) | (((m >> ONE_SHIFT) & 31) & (1 << c))
        if _plan_tries(masks, kinds, n, generic, colored, any_type, use, needs, creature, sig):
            return True
    return False


@njit
def _plan_tries(masks, kinds, n, generic, colored, any_type, use, needs, creature, sig):
    """_plan with no Signet (sig 0), or with Signets: real sources first, then Signets first."""
    if sig == 0:
        return _plan(masks, kinds, n, generic, colored, any_type, use, needs, creature, 0)
    if _plan(masks, kinds, n, generic, colored, any_type, use, needs, creature, 1):
        return True
    return _plan(masks, kinds, n, generic, colored, any_type, use, needs, creature, 2)


@njit
def _plan(masks, kinds, n, generic, colored, any_type, use, needs, creature, sig):
    """plan() with sig 0 (no Signet among the sources), 1 (Signets last) or 2 (first)."""
    for i in range(n):
        use[i] = 0
    if any_type:
        total = generic
        for c in range(5):
            total += colored[c]
        # the pool first, Treasures last
        for pass_kind in (SRC_POOL, SRC_LAND, SRC_SAC_ANY):
            for i in range(n):
                if total == 0:
                    break
                if kinds[i] != pass_kind or restricted(masks[i], creature):
                    continue
                if not (sig and _blocked(masks, use, n, i)):
                    use[i] = 1
                    total -= 1
        return total == 0
    # without Signets no entry scores below `floor` (a source that makes the color has it in
    # its five color bits, except creature-only mana): the first entry at the floor is the best
    floor = 0 if creature else 1
    for c in range(5):
        need = colored[c]
        bit = (1 << c) | ((1 << (c + CREATURE_SHIFT)) if creature else 0)
        while need > 0:
            best = -1
            best_score = 1 << 20
            for i in range(n):
                if use[i] or (masks[i] & bit) == 0 or restricted(masks[i], creature):
                    continue
                score = popcount5(masks[i]) + (100 if kinds[i] == SRC_SAC_ANY else 0)
                if masks[i] & PAIN_BIT:
                    score += PAIN_COST
                if creature_only(masks[i]):
                    score += 2  # a creature tapped for mana: after the lands of the color
                if sig:
                    if _blocked(masks, use, n, i):
                        continue
                    if kinds[i] == SRC_SIGNET:
                        if _partner_used(masks, use, i):
                            score = -1  # the other mana of a Signet already paid for
                        elif sig == 1:
                            score += SIGNET_LAST
                        else:
                            score -= SIGNET_LAST
                if score < best_score:
                    best_score = score
                    best = i
                    if sig == 0 and score <= floor:
                        break
            if best < 0:
                if not _filter_one(masks, kinds, n, use):
                    return False
            else:
                use[best] = USE_COLORED
            need -= 1
    g = generic
    if sig == 0:
        order = (SRC_POOL, SRC_LAND, SRC_SAC_ANY, SRC_SAC_ANY, SRC_SAC_ANY)
    elif sig == 1:
        order = (SRC_POOL, -1, SRC_LAND, SRC_SIGNET, SRC_SAC_ANY)
    else:
        order = (SRC_POOL, -1, SRC_SIGNET, SRC_LAND, SRC_SAC_ANY)
    # with no needs every weight is 0: the first entry that fits wins, and the next search
    # starts past it (an entry passed over stays unfit: use, and so _blocked and
    # _partner_used, only grow)
    plain = needs[0] + needs[1] + needs[2] + needs[3] + needs[4] == 0
    # the unused entries per color, for every candidate's weight: counted at the first
    # candidate weighed (a pass often has none), then kept up as entries are used below
    lefts = (0, 0, 0, 0, 0)
    counted = False
    for pass_kind in order:
        start = 0
        while g > 0:
            best = -1
            best_w = 1 << 20
            for i in range(start, n):
                if use[i]:
                    continue
                if pass_kind == -1:  # the other mana of a Signet already used
                    if kinds[i] != SRC_SIGNET or not _partner_used(masks, use, i):
                        continue
                elif kinds[i] != pass_kind or (sig and _blocked(masks, use, n, i)):
                    continue
                if restricted(masks[i], creature):
                    continue
                if plain:
                    best = i
                    break
                if not counted:
                    lefts = _lefts(masks, use, n)
                    counted = True
                w = _spend_weight(masks[i], needs, lefts)
                if w < best_w:
                    best = i
                    best_w = w
            if best < 0:
                break
            use[best] = 1
            if counted:  # (_lefts of the entries still unused)
                m = masks[best]
                lefts = (
                    lefts[0] - (m & 1),
                    lefts[1] - ((m >> 1) & 1),
                    lefts[2] - ((m >> 2) & 1),
                    lefts[3] - ((m >> 3) & 1),
                    lefts[4] - ((m >> 4) & 1),
                )
            g -= 1
            if plain:
                start = best + 1
    if g != 0:
        return False
    return sig == 0 or _fuel(masks, kinds, n, use, needs)


@njit
def _fuel(masks, kinds, n, use, needs):
    """Pay the cost of each Signet the plan uses with one more unused source (not a Signet:
    its colors must match a hybrid cost, {U/R}); False if some Signet has none."""
    for i in range(n):
        if (masks[i] & SIG_FIRST) == 0 or (use[i] == 0 and use[i + 1] == 0):
            continue
        want = (masks[i] >> FUEL_SHIFT) & 31
        any_fuel = masks[i] & FUEL_ANY
        best = -1
        best_w = 1 << 20
        for j in range(n):
            if use[j] or kinds[j] == SRC_FILTER or kinds[j] == SRC_SIGNET:
                continue
            if creature_only(masks[j]) or masks[j] & BIG_CREATURE_BIT:
                continue
            if _blocked(masks, use, n, j) or (not any_fuel and (masks[j] & want) == 0):
                continue
            w = _need_weight(masks[j], needs) + (100 if kinds[j] == SRC_SAC_ANY else 0)
            if w < best_w:
                best = j
                best_w = w
        if best < 0:
            return False
        use[best] = 1 if any_fuel else USE_COLORED
    return True


@njit
def _cost_of(cards, card, colored):
    for c in range(5):
        colored[c] = cards[card, CardCol.COST_W + c]
    # hybrid symbols ({G/W}) start on the pair's first color; plan_spell tries the other splits
    h = cards[card, CardCol.HYBRID_N]
    if h > 0:
        colored[_first_color(cards[card, CardCol.HYBRID])] += h
    return cards[card, CardCol.COST_GENERIC] + cards[card, CardCol.COST_C]


@njit
def _first_color(mask):
    for c in range(5):
        if (mask >> c) & 1:
            return c
    return 0


@njit
def plan_spell(masks, kinds, n, cards, card, generic, colored, any_type, use):
    """plan_for_needs with nothing to keep: whether the cost can be paid."""
    return plan_for_needs(masks, kinds, n, cards, card, generic, colored, any_type, use, NO_NEEDS)


@njit
def plan_for_needs(masks, kinds, n, cards, card, generic, colored, any_type, use, needs):
    """plan() for a card's cost as filled by card_cost (plus any additional cost): each hybrid
    symbol may be paid with either color of its pair (107.4e). With no needs the first split
    that works is taken (the first color first); with needs, the split that leaves the
    fewest of them unmet (ties: the one leaving the pair's colors most even). colored is
    left holding the split chosen."""
    h = cards[card, CardCol.HYBRID_N] if card >= 0 else 0  # card -1: an ability's cost
    creature = 0
    if card >= 0 and (cards[card, CardCol.TYPES] & CardType.CREATURE) != 0:
        big = cards[card, CardCol.MV] >= 4 or cards[card, CardCol.COST_X] > 0
        creature = 2 if big else 1
    if h == 0:
        return plan(masks, kinds, n, generic, colored, any_type, use, needs, creature)
    pair = cards[card, CardCol.HYBRID]
    c1 = _first_color(pair)
    c2 = _first_color(pair & ~(1 << c1))
    wants = needs[0] + needs[1] + needs[2] + needs[3] + needs[4] > 0
    best_k = -1
    best_score = 1 << 20
    for k in range(h + 1):  # k of the h hybrid symbols paid with the second color
        if plan(masks, kinds, n, generic, colored, any_type, use, needs, creature):
            if not wants:
                return True
            score = _unmet(masks, use, n, needs, c1, c2)
            if score < best_score:
                best_k = k
                best_score = score
        if k < h:
            colored[c1] -= 1
            colored[c2] += 1
    colored[c1] += h
    colored[c2] -= h
    if best_k < 0:
        return False
    colored[c1] -= best_k
    colored[c2] += best_k
    return plan(masks, kinds, n, generic, colored, any_type, use, needs, creature)


@njit
def _unmet(masks, use, n, needs, c1, c2):
    """Score of a payment (lower is better): per needed colored symbol the unused sources
    cannot make, SHORT_FAST for an instant's or flash card's color, else SHORT_SLOW (as in
    _spend_weight: a {2}{U/B}{U/B} creature paid from four Swamps and an Island, the hand
    holding a {U} bounce and a {1}{B} sorcery, keeps the Island, not a Swamp the sorcery
    cannot use before the next untap step), then how uneven the unused sources of colors c1
    and c2 are."""
    unmet = 0
    for c in range(5):
        short = max((needs[c] & NEED_COUNT) - _left(masks, use, n, c), 0)
        unmet += short * (SHORT_FAST if needs[c] & NEED_FAST else SHORT_SLOW)
    return unmet + abs(_left(masks, use, n, c1) - _left(masks, use, n, c2))


@njit
def card_cost(cards, card, colored):
    """Fill colored[0:5] with the card's WUBRG symbols; returns its generic part."""
    return _cost_of(cards, card, colored)

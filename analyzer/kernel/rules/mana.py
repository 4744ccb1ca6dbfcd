"""Mana: which sources a player can tap, and paying a cost with them.

A cost is (generic, W, U, B, R, G) plus ``any_type`` ("mana of any type can be spent", Cruelclaw's
Heist). Sources are untapped lands (colors from ``CardCol.LAND_COLORS``), nonland permanents with
a free "{T}: Add ..." (mana creatures and rocks: ``CardCol.MANA_AMOUNT`` mana per tap, Sol Ring
2) and artifacts with a "{T}, Sacrifice: add one mana of any color" mana ability (Treasure).
Payment never floats mana: it taps exactly the sources it uses. The planner is greedy by
scarcity: each colored symbol takes the source that can make the fewest colors, lands before
Treasures (the AI keeps Treasures), then generic takes what is left, lands first. With basic
lands and Treasures this is optimal.

Three kinds of source are more than "taps for these colors" (Bloomburrow's mana lands):

- mana only for creature spells (a Village's "{T}: Add {U}. Spend this mana only to cast a
  creature spell."): the source's mask holds those colors shifted by ``CREATURE_SHIFT``, and
  only a creature spell's payment reads them (each source is one mana: its {C} or that color);
- "one mana of the chosen color" (Uncharted Haven): ``LAND_COLORS`` is ``CHOSEN_COLOR_MANA``
  and the object's ``O.CHOSEN_COLOR`` is the color;
- a filter ("{1}, {T}: Add one mana of any color.", Hidden Grotto; "{1}: Add one mana of any
  color. Activate only once each turn.", Three Tree Mascot): when no source makes a colored
  symbol, a filter and one more source make it (the filter's own tap, if any, is part of its
  cost; the no-tap kind is marked used for the turn in ``O.ONCE_TURN``).

Which sources pay is the payer's choice (601.2g-h): the standard player keeps the colors the
rest of its hand needs (``hand_needs``): generic mana and hybrid symbols (107.4e) are paid with
the sources whose colors the hand needs least, so a held {U}{U} counterspell keeps its Islands.
The basic player pays as it always did (the first color of a hybrid pair that works, generic
with the first lands).
"""

from __future__ import annotations

from analyzer.enums import (
    CHOSEN_COLOR_MANA,
    IDENTITY_MANA,
    OPP_LANDS_MANA,
    AbilCol,
    CardCol,
    CardFlag,
    CardType,
    PlayerLevel,
    Zone,
)
from analyzer.kernel.layout import OFF_BATTLEFIELD, PLAYER_BASE, SCRATCH, H, O, P, W
from analyzer.kernel.rules.actions import deal_damage
from analyzer.kernel.rules.catalog import abilities_of, cards_of
from analyzer.kernel.rules.events import fire_sacrificed_for_mana
from analyzer.kernel.rules.state import hand_at, move_object, ob, pb
from analyzer.kernel.runtime.config import njit

ANY_COLOR = 31
SRC_LAND = 1
SRC_SAC_ANY = 2  # Treasure
SRC_FILTER = 3  # a no-tap filter (Three Tree Mascot): pays nothing by itself
CREATURE_SHIFT = 6  # mask bits 6..10: colors a source makes only to cast creature spells
FILTER_BIT = 1 << 11  # mask bit: the source can filter one other mana into any color
SRC_POOL = 4  # a mana in p's mana pool (objs: its color index, 5 = colorless)
POOL_KEEP = 256  # P.MANA_x: the low byte empties as the step ends, each POOL_KEEP above it is a
# mana that stays until end of turn (Brazen Collector's)
MAX_SOURCES = SCRATCH // 2
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


@njit
def _popcount5(m):
    return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1) + ((m >> 4) & 1)


@njit
def source_kind(cards, abilities, card):
    """SRC_LAND, SRC_SAC_ANY, or 0 for a card that is not a mana source the kernel models."""
    if cards[card, CardCol.TYPES] & CardType.LAND:
        return SRC_LAND
    if cards[card, CardCol.FLAGS] & CardFlag.SAC_MANA:
        return SRC_SAC_ANY
    if cards[card, CardCol.FLAGS] & CardFlag.TAP_MANA:
        return SRC_LAND  # a mana creature: taps like a land for LAND_COLORS (not when sick)
    if cards[card, CardCol.FLAGS] & CardFlag.FILTER_MANA:
        return SRC_FILTER
    if cards[card, CardCol.FLAGS] & CardFlag.SIGNET_MANA:
        return SRC_SIGNET
    return 0


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
def collect_sources(G, cards, abilities, p, masks, objs, kinds):
    """Fill masks/objs/kinds with p's untapped mana sources; returns how many."""
    n = 0
    q = pb(p)
    for c in range(6):  # the mana pool first: what is not spent empties
        v = G[q + P.MANA_W + c]
        for _ in range((v & (POOL_KEEP - 1)) + v // POOL_KEEP):
            if n < masks.shape[0]:
                masks[n] = 1 << c  # 1 << 5 = 32: colorless
                objs[n] = c
                kinds[n] = SRC_POOL
                n += 1
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if G[b + O.CTRL] != p or G[b + O.PHASED] != 0:
            continue
        card = G[b + O.CARD]
        k = source_kind(cards, abilities, card)
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
        if k == 0 or G[b + O.TAPPED] != 0:
            continue
        units = 1
        if k == SRC_LAND:
            if (cards[card, CardCol.TYPES] & CardType.CREATURE) and G[b + O.SICK]:
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
        else:
            m = ANY_COLOR
        # a source making several mana (Sol Ring) is one entry per mana, all tapping it: what
        # a payment leaves unused is lost (no floating mana). A land making one of each of its
        # colors ("{T}: Add {B}{G}", a bounce land) is one entry per color.
        split = units > 1 and k == SRC_LAND and _popcount5(m) == units
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
    return n


NO_NEEDS = (0, 0, 0, 0, 0)


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
def _need_weight(mask, needs):
    """How much the colors of a source with this color mask are needed (see hand_needs)."""
    w = 0
    for c in range(5):
        if (mask >> c) & 1:
            w += needs[c]
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
        if masks[i] & SIG_ALT and _blocked(masks, use, n, i):
            continue
        score = _popcount5(masks[i]) + (100 if kinds[i] == SRC_SAC_ANY else 0)
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
    needs: the colored symbols the payer wants left (hand_needs); generic mana taps the
    sources whose colors are needed least (all zero: the first sources, lands first).
    creature: the cost is a creature spell's, which mana only for creature spells may pay.
    With Signets (SRC_SIGNET) two tries: real sources first, then Signets first (each Signet
    used takes one more source for its cost)."""
    for i in range(n):
        if kinds[i] == SRC_SIGNET and not any_type:
            if _plan(masks, kinds, n, generic, colored, any_type, use, needs, creature, 1):
                return True
            return _plan(masks, kinds, n, generic, colored, any_type, use, needs, creature, 2)
    return _plan(masks, kinds, n, generic, colored, any_type, use, needs, creature, 0)


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
                if kinds[i] == pass_kind and not (sig and _blocked(masks, use, n, i)):
                    use[i] = 1
                    total -= 1
        return total == 0
    for c in range(5):
        need = colored[c]
        bit = (1 << c) | ((1 << (c + CREATURE_SHIFT)) if creature else 0)
        while need > 0:
            best = -1
            best_score = 1 << 20
            for i in range(n):
                if use[i] or (masks[i] & bit) == 0:
                    continue
                score = _popcount5(masks[i]) + (100 if kinds[i] == SRC_SAC_ANY else 0)
                if masks[i] & PAIN_BIT:
                    score += PAIN_COST
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
    for pass_kind in order:
        while g > 0:
            best = -1
            best_w = 1 << 20
            for i in range(n):
                if use[i]:
                    continue
                if pass_kind == -1:  # the other mana of a Signet already used
                    if kinds[i] != SRC_SIGNET or not _partner_used(masks, use, i):
                        continue
                elif kinds[i] != pass_kind or (sig and _blocked(masks, use, n, i)):
                    continue
                w = _need_weight(masks[i], needs)
                if w < best_w:
                    best = i
                    best_w = w
            if best < 0:
                break
            use[best] = 1
            g -= 1
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
    creature = card >= 0 and (cards[card, CardCol.TYPES] & CardType.CREATURE) != 0
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
    """Score of a payment (lower is better): 64 per needed colored symbol the unused sources
    cannot make, then how uneven the unused sources of colors c1 and c2 are."""
    unmet = 0
    for c in range(5):
        left = 0
        for i in range(n):
            if not use[i] and (masks[i] >> c) & 1:
                left += 1
        unmet += max(needs[c] - left, 0)
    left1 = 0
    left2 = 0
    for i in range(n):
        if not use[i]:
            left1 += (masks[i] >> c1) & 1
            left2 += (masks[i] >> c2) & 1
    return 64 * unmet + abs(left1 - left2)


@njit
def hand_needs(G, cards, p, card):
    """The standard player's colors to keep: for each color, the most symbols of it in one
    nonland card of p's hand (one copy of `card`, the one being paid for, left out); all zero
    for the basic player, who pays as it always did."""
    if G[pb(p) + P.LEVEL] == PlayerLevel.BASIC:
        return NO_NEEDS
    w = 0
    u = 0
    b = 0
    r = 0
    g = 0
    skipped = card < 0
    for i in range(G[pb(p) + P.HAND_N]):
        c = G[ob(hand_at(G, p, i)) + O.CARD]
        if not skipped and c == card:
            skipped = True
            continue
        if cards[c, CardCol.TYPES] & CardType.LAND:
            continue
        w = max(w, cards[c, CardCol.COST_W])
        u = max(u, cards[c, CardCol.COST_U])
        b = max(b, cards[c, CardCol.COST_B])
        r = max(r, cards[c, CardCol.COST_R])
        g = max(g, cards[c, CardCol.COST_G])
    return (w, u, b, r, g)


@njit
def can_pay_spell(G, cards, abilities, p, card, generic, colored, any_type):
    masks = G[W.SRC_MASK : W.SRC_MASK + MAX_SOURCES]
    objs = G[W.SRC_OBJ : W.SRC_OBJ + MAX_SOURCES]
    kinds = G[W.SRC_KIND : W.SRC_KIND + MAX_SOURCES]
    use = G[W.SRC_USE : W.SRC_USE + MAX_SOURCES]
    n = collect_sources(G, cards, abilities, p, masks, objs, kinds)
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
    n = collect_sources(G, cards, abilities, p, masks, objs, kinds)
    needs = hand_needs(G, cards, p, card)
    if not plan_for_needs(masks, kinds, n, cards, card, generic, colored, any_type, use, needs):
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
            G[ob(o) + O.TAPPED] = 1
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
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if G[b + O.CTRL] != p or G[b + O.TAPPED] != 0 or G[b + O.PHASED] != 0:
            continue
        k = source_kind(cards, abilities, G[b + O.CARD])
        if k == SRC_LAND or k == SRC_SIGNET:  # (a Signet: one more mana with another source)
            lands += max(cards[G[b + O.CARD], CardCol.MANA_AMOUNT], 1)
        elif k == SRC_SAC_ANY:
            sacs += 1
    return lands, sacs


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


@njit
def card_cost(cards, card, colored):
    """Fill colored[0:5] with the card's WUBRG symbols; returns its generic part."""
    return _cost_of(cards, card, colored)


@njit
def ability_cost(G, cards, abilities, p, a):
    """(generic, (W, U, B, R, G)) p pays for activated ability a: a hybrid symbol ({B/R}) is
    paid with the first color of its pair p's sources can pay, else counted as the first."""
    generic, colored = ability_cost_tuple(abilities, a)
    if abilities[a, AbilCol.COST_CONVOKE]:
        generic -= convoke_taps(G, cards, abilities, p, generic, colored)
    pair = abilities[a, AbilCol.COST_HYBRID]
    if pair == 0:
        return generic, colored
    first = -1
    for c in range(5):
        if (pair >> c) & 1:
            with_c = _plus_one(colored, c)
            if can_pay(G, cards, abilities, p, generic, with_c, False):
                return generic, with_c
            if first < 0:
                first = c
    return generic, _plus_one(colored, first)


@njit
def _convoke_creature(G, cards, p, b):
    """An untapped creature p controls that is no mana source (the planner leaves it alone)."""
    card = G[b + O.CARD]
    return (
        G[b + O.CTRL] == p
        and G[b + O.TAPPED] == 0
        and G[b + O.PHASED] == 0
        and cards[card, CardCol.TYPES] & CardType.CREATURE
        and (cards[card, CardCol.FLAGS] & CardFlag.TAP_MANA) == 0
    )


@njit
def _untapped_creatures(G, cards, p):
    n = 0
    for i in range(G[H.BF_N]):
        if _convoke_creature(G, cards, p, ob(G[OFF_BATTLEFIELD + i])):
            n += 1
    return n


@njit
def convoke_taps(G, cards, abilities, p, generic, colored):
    """ "For each mana in this ability's activation cost, you may tap an untapped creature you
    control rather than pay that mana" (generic mana): how many creatures p taps. The mana
    sources pay first (the creatures stay untapped to block); a creature pays only for the
    mana the sources lack."""
    n = min(_untapped_creatures(G, cards, p), generic)
    k = 0
    while k < n and not can_pay(G, cards, abilities, p, generic - k, colored, False):
        k += 1
    return k


@njit
def tap_for_convoke(G, cards, p, k):
    """Tap k untapped creatures p controls, the smallest (power + toughness) first; mana
    creatures are left to the planner (never tapped for this)."""
    for _ in range(k):
        best = -1
        best_size = 1 << 20
        for i in range(G[H.BF_N]):
            o = G[OFF_BATTLEFIELD + i]
            b = ob(o)
            if _convoke_creature(G, cards, p, b) and G[b + O.CUR_P] + G[b + O.CUR_T] < best_size:
                best = o
                best_size = G[b + O.CUR_P] + G[b + O.CUR_T]
        if best < 0:
            return
        G[ob(best) + O.TAPPED] = 1


@njit
def _plus_one(colored, c):
    return (
        colored[0] + (c == 0),
        colored[1] + (c == 1),
        colored[2] + (c == 2),
        colored[3] + (c == 3),
        colored[4] + (c == 4),
    )


@njit
def ability_cost_tuple(abilities, a):
    """(generic, (W, U, B, R, G)) of an activated ability's mana cost."""
    return (
        abilities[a, AbilCol.COST_GENERIC],
        (
            abilities[a, AbilCol.COST_W],
            abilities[a, AbilCol.COST_U],
            abilities[a, AbilCol.COST_B],
            abilities[a, AbilCol.COST_R],
            abilities[a, AbilCol.COST_G],
        ),
    )

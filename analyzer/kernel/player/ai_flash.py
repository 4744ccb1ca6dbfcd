"""When the standard player casts a flash creature that has an enters trigger (issue 14, item 2:
instants and flash at the opponents' end step, protection against removal).

A flash creature without an enters trigger waits for the opponents' turn: an ambush block in
their declare attackers step, else their end step (ai_std.role_may_help). One whose trigger
matters whenever it enters is cast like any creature. Two triggers are wasted at sorcery speed:
- a shield (Plumecreed Escort: "target creature you control gains hexproof until end of
  turn"): it saves a creature only from a spell or ability aimed at it. The creature waits for
  the opponents' turn like one without a trigger, and is cast in response to an opposing spell
  or ability that the grant saves one of p's creatures from (the trigger's target choice,
  target_choice._help_score, takes the creature the top of the stack targets). Cast in main
  phase 2 (507 of 525 Escorts in 300 WU games) the hexproof never met a removal spell;
- a tapper (Eddymurk Crab: "tap up to two target creatures") in main phase 2, where the creatures
  it taps untap before they could matter. In main phase 1 it is cast like any creature when its
  taps open a lethal attack now or no opponent has a creature to tap (tapper_waits); else it
  waits for an opponent's beginning of combat (ai.priority_context 5, a window the engine
  opens only for it: combat_window_wanted), where it taps their would-be attackers, which stay
  tapped through p's next turn too. At their end step (where a tapper not cast at their
  beginning of combat still goes) its taps last through p's next turn, but it enters tapped
  there and was no blocker in their turn (seat-0 A/B, UR Otters against the gauntlet, 3 x
  18,000 paired games, before the beginning-of-combat window: waiting for the end step
  without an attacker lost 44 net wins; always waiting, 2 x 18,000, lost 316).
"""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    AbilityKind,
    CardCol,
    CardFlag,
    CardType,
    Keyword,
    Op,
    PlayerLevel,
    StepCol,
)
from analyzer.kernel.layout import MAX_EXILE, OFF_EXILE, H, O, P, W
from analyzer.kernel.player.ai_multi import attackers_now, has_attacker
from analyzer.kernel.player.ai_race import damage_through, untapped_blockers
from analyzer.kernel.player.ai_tricks import SAVED, top_entry_target
from analyzer.kernel.rules.catalog import abilities_of, cards_of, kind_has_op, steps_of
from analyzer.kernel.rules.combat import MAX_COMBATANTS
from analyzer.kernel.rules.view import hand_at, ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit

# the grants that save a creature from a removal spell aimed at it
SHIELDS = Keyword.HEXPROOF | Keyword.INDESTRUCTIBLE


@njit
def shield_of(C, card):
    """The shielding keywords (SHIELDS) that a flash creature's enters trigger grants, when
    granting keywords is all its enters triggers do (Plumecreed Escort: hexproof); 0 if not."""
    cards = cards_of(C)
    if (
        cards[card, CardCol.FLAGS] & CardFlag.FAST == 0
        or cards[card, CardCol.TYPES] & CardType.CREATURE == 0
    ):
        return 0
    abilities = abilities_of(C)
    steps = steps_of(C)
    kw = 0
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] != AbilityKind.ETB:
            continue
        s0 = abilities[a, AbilCol.ST_START]
        for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
            if steps[k, StepCol.OP] != Op.GRANT:
                return 0  # the trigger does more: it is worth its own timing
            kw |= steps[k, StepCol.A]
    return kw & SHIELDS


@njit
def taps_on_entry(C, card):
    """Does an enters trigger of card tap creatures (Eddymurk Crab)? (Read for flash creatures
    only, whose enters taps all target.)"""
    return kind_has_op(C, card, AbilityKind.ETB, Op.TAP)


@njit
def entry_waits(C, card, main2):
    """A flash creature with an enters trigger that is wasted in p's main phase (a shield; in
    main phase 2 a tapper): it waits for the opponents' turn."""
    return shield_of(C, card) != 0 or (main2 and taps_on_entry(C, card))


@njit
def shield_saves(G, C, p, card):
    """In response: the creature of p's that card's shield saves from the opposing spell or
    ability on top of the stack (the most valuable one), -1 if none."""
    kw = shield_of(C, card)
    if kw == 0:
        return -1
    return top_entry_target(G, C, p, 0, kw, SAVED, 0)


@njit
def _fast_tapper(cards, C, card):
    """Is card a flash creature whose enters trigger taps creatures?"""
    return (
        cards[card, CardCol.FLAGS] & CardFlag.FAST != 0
        and cards[card, CardCol.TYPES] & CardType.CREATURE != 0
        and taps_on_entry(C, card)
    )


@njit
def _holds_tapper(G, cards, C, q):
    """Does q hold a flash tapper, in hand or in exile for q to cast (a stolen one)?"""
    for i in range(G[pb(q) + P.HAND_N]):
        if _fast_tapper(cards, C, G[ob(hand_at(G, q, i)) + O.CARD]):
            return True
    for r in range(G[H.NPLAYERS]):
        for i in range(G[pb(r) + P.EXILE_N]):
            o = G[OFF_EXILE + r * MAX_EXILE + i]
            if G[ob(o) + O.CAST_BY] == q + 1 and _fast_tapper(cards, C, G[ob(o) + O.CARD]):
                return True
    return False


@njit
def combat_window_wanted(G, C):
    """The beginning of combat (507): is a priority window worth opening though no trigger
    asks for one? Only when the active player has a creature that can attack and a
    non-active standard player holds a flash creature whose enters trigger taps creatures:
    cast there it taps the would-be attackers (tapper_at_their_combat). Other turns skip the
    window (and the basic player's games never open it)."""
    active = G[H.ACTIVE]
    cards = cards_of(C)
    for q in range(G[H.NPLAYERS]):
        if (
            q != active
            and G[pb(q) + P.LOST] == 0
            and G[pb(q) + P.LEVEL] != PlayerLevel.BASIC
            and _holds_tapper(G, cards, C, q)
        ):
            return has_attacker(cards, G, active)
    return False


@njit
def tapper_at_their_combat(G, C, p, card):
    """An opponent's beginning of combat: is the flash tapper card cast now? When the active
    player has a creature that can attack: its trigger taps their best creatures before they
    attack, and they stay tapped through p's next turn (their untap step comes after it), as
    at their end step, where it would otherwise wait."""
    return _fast_tapper(cards_of(C), C, card) and has_attacker(cards_of(C), G, G[H.ACTIVE])


@njit
def _swap(a, i, j):
    x = a[i]
    a[i] = a[j]
    a[j] = x


@njit
def _tap_gain(G, cards, p, q):
    """Main phase 1: (the damage of everything p has that can attack now through q's untapped
    creatures, the most that tapping two of them adds), each blocker on one attacker
    (ai_race.damage_through); (0, 0) without an attacker or a blocker."""
    # main phase 1, before any attack is planned: the combat work areas are free
    att = G[W.ATT : W.ATT + MAX_COMBATANTS]
    blk = G[W.BLK : W.BLK + MAX_COMBATANTS]
    used = G[W.CHOSEN : W.CHOSEN + MAX_COMBATANTS]
    na = attackers_now(cards, G, p, att, MAX_COMBATANTS)
    if na == 0:
        return 0, 0
    nb = untapped_blockers(G, cards, q, -1, blk, MAX_COMBATANTS)
    if nb == 0:
        return 0, 0
    base, _n = damage_through(G, att, na, blk, nb, used, False)
    best = 0
    for i in range(nb):
        for j in range(i + 1 if nb > 1 else i, nb):
            # the pair (i, j) moved to the end of blk, left out, then put back
            _swap(blk, i, nb - 1)
            k = nb - 1
            if j != i:
                pj = i if j == nb - 1 else j  # where blk[j] is now
                _swap(blk, pj, nb - 2)
                k = nb - 2
                dmg, _n = damage_through(G, att, na, blk, k, used, False)
                _swap(blk, pj, nb - 2)
            else:
                dmg, _n = damage_through(G, att, na, blk, k, used, False)
            _swap(blk, i, nb - 1)
            best = max(best, dmg - base)
    return base, best


@njit
def tapper_waits(G, C, p):
    """Main phase 1: does a flash tapper wait for an opponent's beginning of combat? When an
    opponent has a creature that could attack in their turn, unless its taps open a lethal
    attack of p's now (_tap_gain): cast there, it taps their would-be attackers, which stay
    tapped through p's next turn, a tempo its taps in p's main phase (blockers for one attack)
    and the 5/5 blocker it would be in their turn do not match (seat-0 A/B, UR Otters against
    the gauntlet, 3 x 18,000 paired games: +88, +79, +67 net wins; waiting only when its
    taps added no damage now: +36, +34, +58)."""
    cards = cards_of(C)
    waits = False
    for q in range(G[H.NPLAYERS]):
        if q == p or G[pb(q) + P.LOST]:
            continue
        base, gain = _tap_gain(G, cards, p, q)
        if gain > 0 and base + gain >= G[pb(q) + P.LIFE]:
            return False  # the taps open a lethal attack: now
        for i in range(own_n(G, q)):
            b = ob(own_at(G, q, i))
            if (
                cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE
                and G[b + O.CUR_P] > 0
                and G[b + O.CUR_KW] & Keyword.DEFENDER == 0
            ):
                waits = True
    return waits

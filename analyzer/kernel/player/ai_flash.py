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
  it taps untap before they could matter. In main phase 1 it is cast like any creature, with an
  attacker of p's or not: at an opponent's end step its taps would last through p's next turn,
  but it enters tapped there and was no blocker in their turn (seat-0 A/B, UR Otters against
  the gauntlet, 3 x 18,000 paired games: waiting without an attacker lost 44 net wins; always
  waiting, 2 x 18,000, lost 316).
"""

from __future__ import annotations

from analyzer.enums import AbilCol, AbilityKind, CardCol, CardFlag, CardType, Keyword, Op, StepCol
from analyzer.kernel.player.ai_tricks import SAVED, top_entry_target
from analyzer.kernel.rules.catalog import abilities_of, cards_of, kind_has_op, steps_of
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

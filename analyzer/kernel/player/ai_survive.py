"""The standard player's main phase when the opponents' attack is about to kill it: the mana
goes first to a spell that kills an attacker or blocks one (issue 14, the blue decks' spread).

The main phase casts its spells most expensive first (ai_cast.collect_castables): at 1 life
against three attackers, the UB deck cast Mind Spiral (draw three, five mana) with a 4/3 and a
one-mana bounce in hand, and died to an attack it could have survived (and at 4 life against
two attackers, which took it to 1). Facing an attack that deals p
its life within CLOCK_TURNS attacks (some opponent's creatures that can attack next turn,
through p's untapped creatures each blocking one: ai_race.damage_through), a castable removal
spell or sweeper, else one that adds a creature able to block one of those attackers or makes
creature tokens, goes before the rest (after the removal ai_answer puts first): the card draw,
the pump, the discard wait. When none of them is cast (none castable, or none worth casting:
ai_cast.try_cast), the main phase goes on as usual.
"""

from __future__ import annotations

from analyzer.enums import AiRole, CardCol, CardType, Keyword
from analyzer.kernel.layout import H, O, P, W
from analyzer.kernel.player.ai_cast import try_cast
from analyzer.kernel.player.ai_race import attackers_of, damage_through, untapped_blockers
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.combat import MAX_COMBATANTS
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit

# The attack is a threat when it takes p's life in this many attacks (two: a card drawn now
# gets one turn to matter; counting only a lethal attack missed the UB deck at 4 life against
# 3 power, which took it to 1 and then killed it)
CLOCK_TURNS = 2
THREAT_GROUND = 1  # a lethal attacker without flying: any creature can block it
THREAT_AIR = 2  # a flier: only a creature with flying or reach
ANY_THREAT = THREAT_GROUND | THREAT_AIR


@njit
def lethal_threat(G, cards, p):
    """Some opponent's creatures that could attack next turn (ai_race.attackers_of) deal p its
    life within CLOCK_TURNS such attacks through p's untapped creatures: the kinds of attacker
    that bring it (THREAT_GROUND | THREAT_AIR), 0 when none does. Scratch: W.CRACK, W.BLOCKERS,
    W.DMG_DST (free outside combat)."""
    att = G[W.CRACK : W.CRACK + MAX_COMBATANTS]
    blk = G[W.BLOCKERS : W.BLOCKERS + MAX_COMBATANTS]
    used = G[W.DMG_DST : W.DMG_DST + MAX_COMBATANTS]
    nb = untapped_blockers(G, cards, p, -1, blk, MAX_COMBATANTS)
    life = G[pb(p) + P.LIFE]
    kinds = 0
    for q in range(G[H.NPLAYERS]):
        if q == p or G[pb(q) + P.LOST]:
            continue
        na, total = attackers_of(G, cards, q, att)
        if total * CLOCK_TURNS < life:
            continue  # unblocked they do not kill in time: no search
        dmg, _n = damage_through(G, att, na, blk, nb, used, False)
        if dmg * CLOCK_TURNS < life:
            continue
        for i in range(na):
            kinds |= THREAT_AIR if G[ob(att[i]) + O.CUR_KW] & Keyword.FLYING else THREAT_GROUND
    return kinds


@njit
def helps_survive(cards, card, kinds, kills):
    """Does casting card answer an attack of these kinds: kills = 1, removal or a sweeper (an
    attacker gone for good); kills = 0, a creature that can block one of the attackers, or
    creature tokens?"""
    role = cards[card, CardCol.AI_ROLE]
    if role == AiRole.REMOVAL or role == AiRole.SWEEPER:
        return kills == 1
    if kills == 1:
        return False
    if role == AiRole.TOKENS:
        return True
    if cards[card, CardCol.TYPES] & CardType.CREATURE == 0:
        return False
    kw = cards[card, CardCol.KEYWORDS]
    if kw & Keyword.CANT_BLOCK:
        return False
    return kinds & THREAT_GROUND != 0 or kw & (Keyword.FLYING | Keyword.REACH) != 0


@njit
def survive_first(G, C, pol, p, buf, n):
    """Facing an attack that kills within CLOCK_TURNS (lethal_threat), cast the first of
    buf[:n] (most expensive first) that helps_survive and is worth casting, removal before
    blockers; True if one was cast."""
    cards = cards_of(C)
    # the threat is measured only when a castable could answer it (the measure walks every
    # opponent's creatures: a pod's boards are large)
    some = False
    for i in range(n):
        card = G[ob(buf[i]) + O.CARD]
        if helps_survive(cards, card, ANY_THREAT, 1) or helps_survive(cards, card, ANY_THREAT, 0):
            some = True
            break
    if not some:
        return False
    kinds = lethal_threat(G, cards, p)
    if kinds == 0:
        return False
    for kills in range(1, -1, -1):  # removal first: a blocker stops one attacker a turn
        for i in range(n):
            if helps_survive(cards, G[ob(buf[i]) + O.CARD], kinds, kills) and try_cast(
                G, C, pol, p, buf[i], 0
            ):
                return True
    return False

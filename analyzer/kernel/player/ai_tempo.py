"""The standard player's tempo reasons (issue 14 item 3): when a creature's {T} ability costs
more than the creature's attack. A creature whose {T} ability would be spent before combat
(Brave-Kin Duo's pump) attacks instead when the attack of everything p has is lethal through
the untapped blockers (ai_race.damage_through, each blocker on one attacker).

Work areas: the combat ones (W.ATT, W.BLK, W.CHOSEN), free in main phase 1 before attacks
are planned (try_activate runs from the main-phase actions, never inside combat).
"""

from __future__ import annotations

from analyzer.enums import Phase
from analyzer.kernel.layout import H, O, P, W
from analyzer.kernel.player.ai_multi import can_attack
from analyzer.kernel.player.ai_race import damage_through
from analyzer.kernel.rules.combat import MAX_COMBATANTS, is_creature
from analyzer.kernel.rules.view import ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit


@njit
def attack_through(G, cards, p, q, absent):
    """The damage p's creatures that can attack now deal q when all of them attack and each of
    q's untapped creatures but `absent` (-1: none) blocks one of them (ai_race.damage_through)."""
    # main phase 1, before any attack is planned: the combat work areas are free
    att = G[W.ATT : W.ATT + MAX_COMBATANTS]
    blk = G[W.BLK : W.BLK + MAX_COMBATANTS]
    used = G[W.CHOSEN : W.CHOSEN + MAX_COMBATANTS]
    na = 0
    for i in range(own_n(G, p)):
        o = own_at(G, p, i)
        if na < MAX_COMBATANTS and can_attack(cards, G, o, p):
            att[na] = o
            na += 1
    nb = 0
    for i in range(own_n(G, q)):
        o = own_at(G, q, i)
        if (
            o != absent
            and is_creature(cards, G, o)
            and G[ob(o) + O.TAPPED] == 0
            and nb < MAX_COMBATANTS
        ):
            blk[nb] = o
            nb += 1
    dmg, _n = damage_through(G, att, na, blk, nb, used, False)
    return dmg


@njit
def tap_costs_lethal(G, cards, p, o):
    """Main phase 1: would tapping p's creature o for an ability cost an attack that is lethal
    (all of p's creatures that can attack, o among them, through each opponent's untapped
    blockers)?"""
    if G[H.PHASE] != Phase.MAIN1 or G[H.ACTIVE] != p or not can_attack(cards, G, o, p):
        return False
    for q in range(G[H.NPLAYERS]):
        if q != p and G[pb(q) + P.LOST] == 0:
            if attack_through(G, cards, p, q, -1) >= G[pb(q) + P.LIFE]:
                return True
    return False

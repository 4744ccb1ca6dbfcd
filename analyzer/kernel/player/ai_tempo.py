"""The standard player's tempo reasons (issue 14 item 3): when a creature's {T} ability costs
more than the creature's attack. A creature whose {T} ability would be spent before combat
(Brave-Kin Duo's pump) attacks instead when the attack of everything p has is lethal through
the untapped blockers (ai_race.damage_through, each blocker on one attacker).

Work areas: W.TEMPO_ATT, W.TEMPO_BLK, W.TEMPO_USED (this module's own).
"""

from __future__ import annotations

from analyzer.enums import Phase
from analyzer.kernel.layout import OFF_BATTLEFIELD, H, O, P, W
from analyzer.kernel.player.ai_multi import can_attack
from analyzer.kernel.player.ai_race import damage_through
from analyzer.kernel.rules.combat import MAX_COMBATANTS, is_creature
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def _blockers(G, cards, q, skip, untapped, out):
    """Fill out with q's creatures other than skip (untapped: only untapped ones); returns
    how many."""
    n = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if (
            o != skip
            and G[ob(o) + O.CTRL] == q
            and is_creature(cards, G, o)
            and not (untapped and G[ob(o) + O.TAPPED])
            and n < MAX_COMBATANTS
        ):
            out[n] = o
            n += 1
    return n


@njit
def attack_through(G, cards, p, q, skip):
    """The damage p's creatures that can attack now (but skip) deal q when all of them attack
    and each of q's untapped creatures (but skip) blocks one of them."""
    att = G[W.TEMPO_ATT : W.TEMPO_ATT + MAX_COMBATANTS]
    blk = G[W.TEMPO_BLK : W.TEMPO_BLK + MAX_COMBATANTS]
    used = G[W.TEMPO_USED : W.TEMPO_USED + MAX_COMBATANTS]
    na = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if o != skip and na < MAX_COMBATANTS and can_attack(cards, G, o, p):
            att[na] = o
            na += 1
    nb = _blockers(G, cards, q, skip, True, blk)
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

"""The standard player's tempo reasons (issue 14 item 3): when removal is worth a target
below its bar, and when a creature's {T} ability costs more than the creature's attack.

Removal on a small creature is a tempo play only when taking that creature away changes the
game now: p's attack this turn becomes lethal (the creature was the blocker that stopped it),
the opponent's attacks would kill p within two turns and one more turn is bought, or p loses
the race with the creature and wins it without. The race is ai_race's arithmetic: each side's
creatures attack turn after turn (attackers_of, clock_through's sustained blocks) into all of
the other side's creatures, and p, casting at sorcery speed, attacks first (p wins the race at
an equal clock). A creature whose {T} ability would be spent before combat (Brave-Kin Duo's
pump) attacks instead when the attack of everything p has is lethal through the untapped
blockers (damage_through, each blocker on one attacker).

Work areas: W.TEMPO_ATT, W.TEMPO_BLK, W.TEMPO_USED (this module's own).
"""

from __future__ import annotations

from analyzer.enums import Phase
from analyzer.kernel.layout import OFF_BATTLEFIELD, H, O, P, W
from analyzer.kernel.player.ai_multi import can_attack
from analyzer.kernel.player.ai_race import attackers_of, clock_through, damage_through
from analyzer.kernel.rules.combat import MAX_COMBATANTS, is_creature
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def _drop(att, n, skip):
    """att[:n] without skip (order kept); returns the new count."""
    k = 0
    for i in range(n):
        if att[i] != skip:
            att[k] = att[i]
            k += 1
    return k


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
def _clock(G, cards, a, d, skip):
    """Attacks a's creatures (but skip) need to kill d through d's creatures (but skip)."""
    att = G[W.TEMPO_ATT : W.TEMPO_ATT + MAX_COMBATANTS]
    blk = G[W.TEMPO_BLK : W.TEMPO_BLK + MAX_COMBATANTS]
    used = G[W.TEMPO_USED : W.TEMPO_USED + MAX_COMBATANTS]
    na, _total = attackers_of(G, cards, a, att)
    na = _drop(att, na, skip)
    nb = _blockers(G, cards, d, skip, False, blk)
    return clock_through(G, att, na, blk, nb, used, G[pb(d) + P.LIFE])


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
def removal_tempo(G, cards, p, v):
    """Is taking creature v (an opponent's) away now worth a removal spell whatever v is
    worth? When p's attack this turn (p's main phase 1) becomes lethal without it, when its
    controller's attacks kill p within two turns and one more turn is bought, or when p loses
    the race with it and wins it without."""
    q = G[ob(v) + O.CTRL]
    q_life = G[pb(q) + P.LIFE]
    if (
        G[H.PHASE] == Phase.MAIN1
        and G[H.ACTIVE] == p
        and attack_through(G, cards, p, q, v) >= q_life
        and attack_through(G, cards, p, q, -1) < q_life
    ):
        return True  # lethal: v was the blocker in the way
    theirs = _clock(G, cards, q, p, -1)
    theirs_without = _clock(G, cards, q, p, v)
    if theirs <= 2 and theirs_without > theirs:
        return True  # survival: a turn bought
    mine = _clock(G, cards, p, q, -1)
    mine_without = _clock(G, cards, p, q, v)
    return mine > theirs and mine_without <= theirs_without and mine_without < 99


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

"""The built-in player's attacks and blocks: which player level decides (the rules of combat are
in kernel/rules/combat.py).

- Standard player (issue 14): attacks in kernel/player/ai_attack.py, blocks in
  kernel/player/ai_block.py, both on the race measure and the combat arithmetic of
  kernel/player/ai_race.py.
- Basic player (kept exactly, its games are pinned): kernel/player/ai_combat_basic.py.
- Whom to attack in a pod: kernel/player/ai_multi.py; 1v1 and the basic player attack the
  opponent with the least life (``choose_defender``).
"""

from __future__ import annotations

from analyzer.enums import CardCol, CardFlag, Keyword, PlayerLevel
from analyzer.kernel.layout import OFF_BATTLEFIELD, H, O, P, W
from analyzer.kernel.player import ai_attack, ai_block, ai_combat_basic, ai_multi
from analyzer.kernel.player.ai_race import sort_by_power
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.combat import MAX_COMBATANTS, can_attack, first_strike_step
from analyzer.kernel.rules.events_turn import fire_attacks
from analyzer.kernel.rules.view import ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit


@njit
def declare_attackers(G, C):
    """The active player's attacks. Returns how many attack."""
    p = G[H.ACTIVE]
    d = choose_defender(G, p)
    if G[H.NPLAYERS] > 2 and G[pb(p) + P.LEVEL] != PlayerLevel.BASIC:
        d = ai_multi.choose_defender(G, C, p)  # pods: kernel/player/ai_multi.py (issue 21 item 3)
    if d < 0:
        return 0
    if G[pb(p) + P.LEVEL] == PlayerLevel.BASIC:
        n = ai_combat_basic.attacks_basic(G, C, p, d)
    else:
        n = ai_attack.attacks(G, C, p, d)
    n += _required_attackers(G, C, p, d)
    G[H.COMBAT_FS] = 0
    return n


@njit
def _required_attackers(G, C, p, d):
    """ "attacks each combat if able" (508.1d: a requirement the attack must obey): each such
    creature of p's that can attack and was not chosen attacks d too. Returns how many."""
    cards = cards_of(C)
    k = 0
    for i in range(own_n(G, p)):
        o = own_at(G, p, i)
        b = ob(o)
        if (
            cards[G[b + O.CARD], CardCol.FLAGS] & CardFlag.MUST_ATTACK
            and G[b + O.ATTACKING] == 0
            and can_attack(cards, G, o, p)
        ):
            G[b + O.ATTACKING] = d + 1
            if (G[b + O.CUR_KW] & Keyword.VIGILANCE) == 0:
                G[b + O.TAPPED] = 1
            fire_attacks(G, C, o)
            k += 1
    return k


@njit
def declare_blockers(G, C):
    """Every defending player's blocks."""
    n = G[H.BF_N]
    att = G[W.ATT : W.ATT + MAX_COMBATANTS]
    na = 0
    for i in range(n):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.ATTACKING] and na < MAX_COMBATANTS:
            att[na] = o
            na += 1
    sort_by_power(G, att, na)  # biggest attackers first
    for d in range(G[H.NPLAYERS]):
        if G[pb(d) + P.LOST] or d == G[H.ACTIVE]:
            continue
        if G[pb(d) + P.LEVEL] == PlayerLevel.BASIC:
            ai_combat_basic.blocks_basic(G, C, d, att, na)
        else:
            ai_block.blocks(G, C, d, att, na)
    first_strike_step(G)


@njit
def choose_defender(G, p):
    """The opponent with the least life: whom the basic player, and anyone in a two-player
    game, attacks."""
    return ai_multi.least_life_opponent(G, p)

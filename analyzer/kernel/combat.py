"""Combat: the built-in player's attacks and blocks, and combat damage (506-511).

Attacks: each attacker attacks one opponent (multiplayer: the one with the lowest life). A
creature attacks when no untapped potential blocker would kill it and survive, or when the
alpha strike is lethal; it stays home when the defender's crack-back would otherwise be lethal.
Blocks: per attacker (biggest first) the defender takes a block that kills the attacker and
survives, else a trade when the attacker is worth more, else chump-blocks when the unblocked
damage would be lethal. Menace attackers are blocked by two creatures or not at all.

Damage: first-strike step when any attacker or blocker has first or double strike, then the
regular step. An attacker assigns lethal damage to its blockers in order (deathtouch: 1 is
lethal) and the rest to the last blocker, or to the player with trample.
"""

from __future__ import annotations

from analyzer.enums import CardCol, CardType, Keyword
from analyzer.kernel.catalog import cards_of
from analyzer.kernel.config import njit
from analyzer.kernel.effects import deal_damage
from analyzer.kernel.events import fire_attacks, fire_combat_damage_player
from analyzer.kernel.layout import (
    H_ACTIVE,
    H_BF_N,
    H_COMBAT_FS,
    H_NPLAYERS,
    O_ATTACKING,
    O_BLOCKED,
    O_BLOCKING,
    O_CARD,
    O_CTRL,
    O_CUR_KW,
    O_CUR_P,
    O_CUR_T,
    O_DAMAGE,
    O_PHASED,
    O_SICK,
    O_STUN,
    O_TAPPED,
    O_ZONE,
    OFF_BATTLEFIELD,
    P_LIFE,
    P_LOST,
    PLAYER_BASE,
    W_ATT,
    W_BLK,
    W_BLOCKERS,
    W_DMG_AMT,
    W_DMG_DST,
    W_DMG_SRC,
)
from analyzer.kernel.state import clear_combat, ob, pb
from analyzer.kernel.targets import threat

MAX_COMBATANTS = 64


@njit
def _creature(cards, G, o):
    b = ob(o)
    return G[b + O_ZONE] == 3 and G[b + O_PHASED] == 0 and \
        (cards[G[b + O_CARD], CardCol.TYPES] & CardType.CREATURE) != 0


@njit
def can_attack(cards, G, o, p):
    b = ob(o)
    if G[b + O_CTRL] != p or not _creature(cards, G, o) or G[b + O_TAPPED]:
        return False
    kw = G[b + O_CUR_KW]
    if kw & Keyword.DEFENDER:
        return False
    if G[b + O_SICK] and (kw & Keyword.HASTE) == 0:
        return False
    return G[b + O_CUR_P] > 0


@njit
def _untapped_creature(cards, G, o):
    """can_block's tests of the blocker's card type and tap state, without its call."""
    return G[ob(o) + O_TAPPED] == 0 and \
        (cards[G[ob(o) + O_CARD], CardCol.TYPES] & CardType.CREATURE) != 0


@njit
def can_block(cards, G, blocker, attacker):
    bb = ob(blocker)
    if G[bb + O_TAPPED] or not _creature(cards, G, blocker):
        return False
    if G[bb + O_CUR_KW] & Keyword.CANT_BLOCK:
        return False
    if G[ob(attacker) + O_CUR_KW] & Keyword.UNBLOCKABLE:
        return False  # "can't be blocked"
    if G[ob(attacker) + O_CUR_KW] & Keyword.FLYING:
        return (G[bb + O_CUR_KW] & (Keyword.FLYING | Keyword.REACH)) != 0
    return True


@njit
def _kills(G, src, dst):
    """Would src's combat damage alone destroy dst?"""
    bs = ob(src)
    bd = ob(dst)
    if G[bd + O_CUR_KW] & Keyword.INDESTRUCTIBLE:
        return False
    p = G[bs + O_CUR_P]
    if p <= 0:
        return False
    if G[bs + O_CUR_KW] & Keyword.DEATHTOUCH:
        return True
    mult = 2 if G[bs + O_CUR_KW] & Keyword.DOUBLE_STRIKE else 1
    return p * mult >= G[bd + O_CUR_T] - G[bd + O_DAMAGE]


@njit
def _strikes_first(G, o):
    return (G[ob(o) + O_CUR_KW] & (Keyword.FIRST_STRIKE | Keyword.DOUBLE_STRIKE)) != 0


@njit
def _blocker_wins(G, blocker, attacker):
    """Blocker kills the attacker and survives (first strike considered)."""
    if not _kills(G, blocker, attacker):
        return False
    if not _kills(G, attacker, blocker):
        return True
    return _strikes_first(G, blocker) and not _strikes_first(G, attacker)


@njit
def _power_on_board(cards, G, p, untapped_only):
    s = 0
    for i in range(G[H_BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if G[b + O_CTRL] == p and _creature(cards, G, o) and G[b + O_CUR_P] > 0:
            if untapped_only and G[b + O_TAPPED] and G[b + O_STUN] == 0:
                pass
            s += G[b + O_CUR_P]
    return s


@njit
def choose_defender(G, p):
    best = -1
    for k in range(1, G[H_NPLAYERS]):
        q = (p + k) % G[H_NPLAYERS]
        if G[pb(q) + P_LOST]:
            continue
        if best < 0 or G[pb(q) + P_LIFE] < G[pb(best) + P_LIFE]:
            best = q
    return best


@njit
def declare_attackers(G, C):
    """The active player's AI declares attackers. Returns how many attack."""
    cards = cards_of(C)
    p = G[H_ACTIVE]
    d = choose_defender(G, p)
    if d < 0:
        return 0
    att = G[W_ATT:W_ATT + MAX_COMBATANTS]
    blk = G[W_BLK:W_BLK + MAX_COMBATANTS]
    na = 0
    nb = 0
    total = 0
    for i in range(G[H_BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        # can_attack's first tests inline (p's untapped creature), the call only then
        if G[ob(o) + O_CTRL] == p and G[ob(o) + O_TAPPED] == 0 and \
                (cards[G[ob(o) + O_CARD], CardCol.TYPES] &
                 CardType.CREATURE) != 0 and can_attack(cards, G, o, p) and na < MAX_COMBATANTS:
            att[na] = o
            na += 1
            total += G[ob(o) + O_CUR_P]
        elif G[ob(o) + O_CTRL] == d and _creature(cards, G, o) and G[ob(o) + O_TAPPED] == 0 \
                and nb < MAX_COMBATANTS:
            blk[nb] = o
            nb += 1
    if na == 0:
        return 0
    lethal = total - _sum_blockable(G, blk, nb) >= G[pb(d) + P_LIFE] and nb < na
    crack_back = _power_on_board(cards, G, d, False)
    my_life = G[pb(p) + P_LIFE]
    kept_toughness_needed = crack_back >= my_life
    n_att = 0
    for i in range(na):
        o = att[i]
        safe = True
        for j in range(nb):
            if can_block(cards, G, blk[j], o) and _blocker_wins(G, blk[j], o):
                safe = False
                break
        if not (safe or lethal):
            continue
        kw = G[ob(o) + O_CUR_KW]
        if kept_toughness_needed and not lethal and (kw & Keyword.VIGILANCE) == 0:
            # keep the biggest blockers home when the crack-back would kill us
            if G[ob(o) + O_CUR_T] >= 2:
                continue
        G[ob(o) + O_ATTACKING] = d + 1
        if (kw & Keyword.VIGILANCE) == 0:
            G[ob(o) + O_TAPPED] = 1
        fire_attacks(G, C, o)
        n_att += 1
    G[H_COMBAT_FS] = 0
    return n_att


@njit
def _sum_blockable(G, blk, nb):
    """Damage the defender can stop by chump-blocking the biggest attackers (rough bound)."""
    return 0 if nb == 0 else nb * 0


@njit
def declare_blockers(G, C):
    """Every defending player's AI declares blockers."""
    cards = cards_of(C)
    n = G[H_BF_N]
    att = G[W_ATT:W_ATT + MAX_COMBATANTS]
    na = 0
    for i in range(n):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O_ATTACKING] and na < MAX_COMBATANTS:
            att[na] = o
            na += 1
    # biggest attackers first
    for i in range(1, na):
        x = att[i]
        j = i - 1
        while j >= 0 and G[ob(att[j]) + O_CUR_P] < G[ob(x) + O_CUR_P]:
            att[j + 1] = att[j]
            j -= 1
        att[j + 1] = x
    for d in range(G[H_NPLAYERS]):
        if G[pb(d) + P_LOST] or d == G[H_ACTIVE]:
            continue
        incoming = 0
        for i in range(na):
            if G[ob(att[i]) + O_ATTACKING] == d + 1:
                incoming += G[ob(att[i]) + O_CUR_P]
        life = G[pb(d) + P_LIFE]
        for i in range(na):
            a = att[i]
            if G[ob(a) + O_ATTACKING] != d + 1:
                continue
            menace = (G[ob(a) + O_CUR_KW] & Keyword.MENACE) != 0
            best = -1
            best_kind = 0  # 3 good block, 2 trade, 1 chump
            for j in range(n):
                b = G[OFF_BATTLEFIELD + j]
                if G[ob(b) + O_CTRL] != d or G[ob(b) + O_BLOCKING] or not _untapped_creature(
                        cards, G, b) or not can_block(cards, G, b, a):
                    continue
                kind = 0
                if _blocker_wins(G, b, a):
                    kind = 3
                elif _kills(G, b, a) and threat(G, cards, a) >= threat(G, cards, b):
                    kind = 2
                elif incoming >= life:
                    kind = 1
                if kind == 0:
                    continue
                if best < 0 or kind > best_kind or (
                        kind == best_kind and threat(G, cards, b) < threat(G, cards, best)):
                    best = b
                    best_kind = kind
            if best < 0:
                continue
            if menace:
                second = -1
                for j in range(n):
                    b = G[OFF_BATTLEFIELD + j]
                    if b == best or G[ob(b) + O_CTRL] != d or G[ob(b) + O_BLOCKING] or \
                            not _untapped_creature(cards, G, b) or not can_block(cards, G, b, a):
                        continue
                    if second < 0 or threat(G, cards, b) < threat(G, cards, second):
                        second = b
                if second < 0 or (best_kind < 2 and incoming < life):
                    continue
                G[ob(second) + O_BLOCKING] = a + 1
            G[ob(best) + O_BLOCKING] = a + 1
            G[ob(a) + O_BLOCKED] = 1
            incoming -= G[ob(a) + O_CUR_P]
    first_strike_step(G)


@njit
def first_strike_step(G):
    """Is there a first-strike combat damage step? Sets and returns H_COMBAT_FS. 510.4 decides
    it as combat damage begins, from the creatures in combat then: a trick after blocks can
    grant first strike (Valley Rally), so the engine asks again at the damage step."""
    fs = 0
    for i in range(G[H_BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if (G[ob(o) + O_ATTACKING] or G[ob(o) + O_BLOCKING]) and _strikes_first(G, o):
            fs = 1
    G[H_COMBAT_FS] = fs
    return fs


@njit
def _deals_in_step(G, o, first_step):
    kw = G[ob(o) + O_CUR_KW]
    if first_step:
        return (kw & (Keyword.FIRST_STRIKE | Keyword.DOUBLE_STRIKE)) != 0
    if kw & Keyword.DOUBLE_STRIKE:
        return True
    # a creature that dealt first-strike damage doesn't deal regular damage (510.4)
    return not (G[H_COMBAT_FS] and (kw & Keyword.FIRST_STRIKE))


@njit
def combat_damage(G, C, first_step):
    """Assign and deal combat damage for one step; all damage is dealt simultaneously."""
    cards = cards_of(C)
    n = G[H_BF_N]
    src = G[W_DMG_SRC:W_DMG_SRC + 4 * MAX_COMBATANTS]
    dst = G[W_DMG_DST:W_DMG_DST + 4 * MAX_COMBATANTS]
    amt = G[W_DMG_AMT:W_DMG_AMT + 4 * MAX_COMBATANTS]
    blockers = G[W_BLOCKERS:W_BLOCKERS + MAX_COMBATANTS]
    k = 0
    for i in range(n):
        a = G[OFF_BATTLEFIELD + i]
        ba = ob(a)
        if G[ba + O_ATTACKING] == 0 or not _creature(cards, G, a):
            continue
        nbk = 0
        for j in range(n):
            b = G[OFF_BATTLEFIELD + j]
            if G[ob(b) + O_BLOCKING] == a + 1 and _creature(cards, G, b) and nbk < MAX_COMBATANTS:
                blockers[nbk] = b
                nbk += 1
        # blockers strike back
        for j in range(nbk):
            b = blockers[j]
            if _deals_in_step(G, b, first_step) and G[ob(b) + O_CUR_P] > 0 and k < src.shape[0]:
                src[k] = b
                dst[k] = a
                amt[k] = G[ob(b) + O_CUR_P]
                k += 1
        if not _deals_in_step(G, a, first_step):
            continue
        power = G[ba + O_CUR_P]
        if power <= 0:
            continue
        kw = G[ba + O_CUR_KW]
        defender = PLAYER_BASE + G[ba + O_ATTACKING] - 1
        if G[ba + O_BLOCKED] == 0:
            src[k] = a
            dst[k] = defender
            amt[k] = power
            k += 1
            continue
        if nbk == 0:
            if kw & Keyword.TRAMPLE:
                src[k] = a
                dst[k] = defender
                amt[k] = power
                k += 1
            continue
        left = power
        for j in range(nbk):
            b = blockers[j]
            lethal = G[ob(b) + O_CUR_T] - G[ob(b) + O_DAMAGE]
            if kw & Keyword.DEATHTOUCH:
                lethal = 1
            if lethal < 0:
                lethal = 0
            last = j == nbk - 1
            give = left if (last and (kw & Keyword.TRAMPLE) == 0) else min(left, lethal)
            if give > 0:
                src[k] = a
                dst[k] = b
                amt[k] = give
                k += 1
                left -= give
        if left > 0 and (kw & Keyword.TRAMPLE):
            src[k] = a
            dst[k] = defender
            amt[k] = left
            k += 1
    for i in range(k):
        dealt = deal_damage(G, C, src[i], dst[i], amt[i])
        if dealt > 0 and dst[i] >= PLAYER_BASE:
            fire_combat_damage_player(G, C, src[i])


@njit
def end_combat(G):
    for i in range(G[H_BF_N]):
        clear_combat(G, G[OFF_BATTLEFIELD + i])
    G[H_COMBAT_FS] = 0

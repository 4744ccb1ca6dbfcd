"""The crack-back an attack reads (ai_attack.py): what the defender (in a pod, every opponent
that may attack p before its next turn) would deal p through the creatures p leaves home, and
which chosen attackers stay home until it is not lethal. Split from ai_attack.py.
"""

from __future__ import annotations

from analyzer.enums import Keyword, PlayerLevel
from analyzer.kernel.layout import H, O, P, W
from analyzer.kernel.player.ai_attack_bonus import BONUS_P, BONUS_T, bonus_index
from analyzer.kernel.player.ai_multi import may_attack
from analyzer.kernel.player.ai_race import attackers_of, combat_power, damage_through
from analyzer.kernel.player.ai_team_pump import crack_pump
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.combat import MAX_COMBATANTS
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit

# Life a defender holding a card may take beyond its board in the crack-back (a drain, a burn
# spell, a pump, an attack trigger): 11-18% of each deck's losses came right after its own
# attack, a quarter of them by damage not on the board (tools/urfloor_census.py)
HIDDEN_REACH = 2


@njit
def crack_through(G, C, p, d, seats, att, na, chosen, keep, home, crack, n_crack, used, cap, reach):
    """The damage of the crack-back before p's next turn (everything they have attacks)
    through p's creatures at home: those that cannot attack (keep[:home]), the attackers not
    chosen and those with vigilance, without their attack triggers' bonus; each blocks one
    attacker it can block (ai_race.damage_through: a flier passes a ground creature, menace
    needs two). Two players: the defender's creatures, crack[:n_crack] (reordered). A pod:
    the attack of each opponent q with bit q of seats (crack_seats), in turn, each through the
    same creatures at home (blocking taps none), summed; crack is overwritten then, and the
    sum stops once it is above cap (a caller that only asks whether it beats cap). Each
    attacking seat's team pump on its battlefield (ai_team_pump.crack_pump) adds to each of
    its creatures that gets through, and reach (what a card in hand may add) to the sum."""
    cards = cards_of(C)
    nk = home_blockers(G, att, na, chosen, keep, home)
    home_bonus(G, att, na, chosen, -1)
    if seats == 0:
        dmg, n_blocked = damage_through(G, crack, n_crack, keep, nk, used, False)
        dmg += crack_pump(G, C, d) * (n_crack - n_blocked)
    else:
        dmg = 0
        for q in range(G[H.NPLAYERS]):
            if (seats >> q) & 1 and dmg <= cap:
                nq, x = attackers_of(G, cards, q, crack)
                n_blocked = 0
                if nk > 0:  # (with nobody home their whole damage gets through)
                    x, n_blocked = damage_through(G, crack, nq, keep, nk, used, False)
                dmg += x + crack_pump(G, C, q) * (nq - n_blocked)
    home_bonus(G, att, na, chosen, 1)
    return dmg + reach


@njit
def crack_seats(G, cards, p, d, att, na, chosen, blk, nb, crack, n_crack, used):
    """(seats, their whole combat damage unblocked, their attackers) of the crack-back
    crack_through reads:
    seats 0 and the defender's damage in a two-player game; in a pod a bit per opponent that
    may attack p once p's chosen attack has hit d (ai_multi.may_attack), and their damage.
    In a pod every opponent attacks before p's next turn: a seat that tapped out against one
    died to two (tools/pod_crack_census.py)."""
    total = 0
    n = G[H.NPLAYERS]
    if n <= 2:
        for i in range(n_crack):
            total += combat_power(G, crack[i])
        return 0, total, n_crack
    d_life = -1  # d's life after the attack: only a basic opponent's choice reads it
    seats = 0
    n_all = 0
    for q in range(n):
        if d_life < 0 and q != p and G[pb(q) + P.LEVEL] == PlayerLevel.BASIC:
            sel = G[W.DMG_SRC : W.DMG_SRC + MAX_COMBATANTS]
            k = 0
            for i in range(na):
                if chosen[i]:
                    sel[k] = att[i]
                    k += 1
            hit, _n = damage_through(G, sel, k, blk, nb, used, False)
            d_life = max(G[pb(d) + P.LIFE] - hit, 0)
        if q != p and may_attack(G, q, p, d, d_life):
            seats |= 1 << q
            nq, t = attackers_of(G, cards, q, crack)
            total += t
            n_all += nq
    return seats, total, n_all


@njit
def stay_home_for_the_crack_back(
    G, C, p, d, att, na, chosen, keep, home, blk, nb, crack, n_crack, used, my_life, reach
):
    """While the crack-back is lethal through p's creatures at home (crack_through, with reach
    and their team pumps on the battlefield), the chosen attacker (without vigilance) that cuts
    it most stays home, the toughest on a tie. One that would block nothing of theirs (a
    ground creature against fliers) attacks: at home it saves no life (the UB deck held its
    ground team back against the fliers that killed it)."""
    cards = cards_of(C)
    seats, total, n_all = crack_seats(
        G, cards, p, d, att, na, chosen, blk, nb, crack, n_crack, used
    )
    # their creatures' whole damage unblocked, pumped, bounds what gets through (p's creatures
    # at home only lower it): below p's life, nobody needs to stay home
    if total + _pump_bound(G, C, d, seats, n_all) + reach < my_life:
        return
    dmg = crack_through(
        G, C, p, d, seats, att, na, chosen, keep, home, crack, n_crack, used, 1 << 30, reach
    )
    while dmg >= my_life:
        best = -1
        best_dmg = dmg
        for i in range(na):
            o = att[i]
            if chosen[i] == 0 or G[ob(o) + O.CUR_KW] & Keyword.VIGILANCE:
                continue
            c = chosen[i]
            chosen[i] = 0
            # (above best_dmg it is not chosen: the sum may stop there)
            x = crack_through(
                G,
                C,
                p,
                d,
                seats,
                att,
                na,
                chosen,
                keep,
                home,
                crack,
                n_crack,
                used,
                best_dmg,
                reach,
            )
            chosen[i] = c
            if x < best_dmg or (
                best >= 0 and x == best_dmg and G[ob(o) + O.CUR_T] > G[ob(att[best]) + O.CUR_T]
            ):
                best = i
                best_dmg = x
        if best < 0:
            return
        chosen[best] = 0
        dmg = best_dmg


@njit
def _pump_bound(G, C, d, seats, n_all):
    """The most the attacking seats' team pumps on their battlefields add to their damage,
    with n_all of their creatures getting through."""
    seen = 0
    for q in range(G[H.NPLAYERS]):
        if (seats == 0 and q == d) or (seats >> q) & 1:
            seen += crack_pump(G, C, q)
    return seen * n_all


@njit
def home_bonus(G, att, na, chosen, sign):
    """Add (sign 1) or take off (sign -1) the attack triggers' bonus of the attackers not
    chosen."""
    for i in range(na):
        if chosen[i] == 0:
            k = bonus_index(G, att[i], na)
            if k >= 0:
                G[ob(att[i]) + O.CUR_P] += sign * G[BONUS_P + k]
                G[ob(att[i]) + O.CUR_T] += sign * G[BONUS_T + k]


@njit
def home_blockers(G, att, na, chosen, keep, home):
    """keep[:home] holds p's creatures that cannot attack but can block; add the attackers not
    chosen or with vigilance. Returns how many blockers keep holds."""
    nk = home
    for i in range(na):
        if (chosen[i] == 0 or G[ob(att[i]) + O.CUR_KW] & Keyword.VIGILANCE) and nk < len(keep):
            keep[nk] = att[i]
            nk += 1
    return nk

"""Decision features: one documented vector describing a gift decision, shared by the policies
(heuristic, threshold) and by the reports (situation buckets, recorded decisions).

Computed from public information only (board, life totals, hand and library *sizes*), at the
moment player p is casting object o with both modes legal. The recipient is the opponent the
policy's recipient rule would choose (the next opponent in two-player games).

Index  name                 meaning
0      turn                 global turn number (both players' turns counted)
1      on_play              1 if the caster took the first turn of the game
2      life                 caster's life
3      opp_life             recipient's life
4      hand                 caster's hand size (the card being cast still counted)
5      opp_hand             recipient's hand size
6      library              caster's library size
7      opp_library          recipient's library size
8      lands                lands the caster controls
9      opp_lands            lands the recipient controls
10     power                total power of the caster's creatures
11     toughness            total toughness of the caster's creatures
12     opp_power            total power of the recipient's creatures
13     opp_toughness        total toughness of the recipient's creatures
14     blockers             caster's untapped creatures
15     opp_blockers         recipient's untapped creatures
16     gift_kind            GiftKind of the card
17     mana_value           the card's mana value
18     promised_damage      damage to players the promised mode adds (Blooming Blast: 3)
19     promised_lethal      1 if that damage is at least the recipient's life
20     promised_extra       steps that exist only in the promised mode (what the promise adds)
21     gift_value           rough value of the gift to the recipient now (cards ~3 each, Food 1.5,
                            Fish 1, Treasure 1.5, Octopus 8, extra turn: 3 + their board power)
22     opp_lethal_after     1 if the recipient's board (with an Octopus, or attacking twice with
                            an extra turn) could deal the caster's life next turn
"""

from __future__ import annotations

from analyzer.enums import AbilCol, CardCol, CardType, Cond, GiftKind, Op, StepCol
from analyzer.kernel.config import njit
from analyzer.kernel.layout import (
    H_BF_N,
    H_FIRST_SEAT,
    H_TURN,
    O_CARD,
    O_CTRL,
    O_CUR_P,
    O_CUR_T,
    O_PHASED,
    O_TAPPED,
    OFF_BATTLEFIELD,
    P_HAND_N,
    P_LIB_N,
    P_LIFE,
)
from analyzer.kernel.state import ob, pb

FEATURE_NAMES = ("turn", "on_play", "life", "opp_life", "hand", "opp_hand", "library",
                 "opp_library", "lands", "opp_lands", "power", "toughness", "opp_power",
                 "opp_toughness", "blockers", "opp_blockers", "gift_kind", "mana_value",
                 "promised_damage", "promised_lethal", "promised_extra", "gift_value",
                 "opp_lethal_after")
N_FEATURES = len(FEATURE_NAMES)


@njit
def _board(G, cards, p):
    """(lands, power, toughness, untapped creatures) of player p."""
    lands = 0
    power = 0
    tough = 0
    untapped = 0
    for i in range(G[H_BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if G[b + O_CTRL] != p or G[b + O_PHASED]:
            continue
        t = cards[G[b + O_CARD], CardCol.TYPES]
        if t & CardType.LAND:
            lands += 1
        if t & CardType.CREATURE:
            power += max(G[b + O_CUR_P], 0)
            tough += max(G[b + O_CUR_T], 0)
            if G[b + O_TAPPED] == 0:
                untapped += 1
    return lands, power, tough, untapped


@njit
def decision_features(G, C, p, o, recipient, out):
    """Fill out[0:N_FEATURES] for player p casting object o, gift to `recipient`."""
    cards = C[0]
    abilities = C[1]
    steps = C[3]
    card = G[ob(o) + O_CARD]
    q = recipient
    out[0] = G[H_TURN]
    out[1] = 1.0 if G[H_FIRST_SEAT] == p else 0.0
    out[2] = G[pb(p) + P_LIFE]
    out[3] = G[pb(q) + P_LIFE]
    out[4] = G[pb(p) + P_HAND_N]
    out[5] = G[pb(q) + P_HAND_N]
    out[6] = G[pb(p) + P_LIB_N]
    out[7] = G[pb(q) + P_LIB_N]
    lands, power, tough, untapped = _board(G, cards, p)
    o_lands, o_power, o_tough, o_untapped = _board(G, cards, q)
    out[8] = lands
    out[9] = o_lands
    out[10] = power
    out[11] = tough
    out[12] = o_power
    out[13] = o_tough
    out[14] = untapped
    out[15] = o_untapped
    kind = cards[card, CardCol.GIFT_KIND]
    out[16] = kind
    out[17] = cards[card, CardCol.MV]
    dmg = 0
    extra = 0
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        s0 = abilities[a, AbilCol.ST_START]
        for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
            if steps[k, StepCol.COND] != Cond.IF_PROMISED:
                continue
            extra += 1
            if steps[k, StepCol.OP] == Op.DAMAGE_CONTROLLER:
                dmg += steps[k, StepCol.A]
    out[18] = dmg
    out[19] = 1.0 if dmg > 0 and dmg >= G[pb(q) + P_LIFE] else 0.0
    out[20] = extra
    if kind == GiftKind.CARD:
        value = 3.0
    elif kind == GiftKind.FOOD or kind == GiftKind.TREASURE:
        value = 1.5
    elif kind == GiftKind.TAPPED_FISH:
        value = 1.0
    elif kind == GiftKind.OCTOPUS:
        value = 8.0
    elif kind == GiftKind.EXTRA_TURN:
        value = 3.0 + o_power
    else:
        value = 0.0
    out[21] = value
    threat = o_power
    if kind == GiftKind.EXTRA_TURN:
        threat = 2 * o_power
    elif kind == GiftKind.OCTOPUS:
        threat = o_power + 8
    out[22] = 1.0 if threat >= G[pb(p) + P_LIFE] else 0.0

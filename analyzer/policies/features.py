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
23     gift_payoffs         "whenever you give a gift" abilities on the caster's permanents
                            (Jolly Gerbils: each promise that is given also draws the caster a card)
24     plain_legal          1 if the plain mode has legal targets too; 0 when only the promised
                            mode does (the choice is then "cast it promised or not at all")
25     plain_life_loss      life the caster loses only in the plain mode (Nocturnal Hunger: 2)
26     promised_targets     targets the promised mode would take now minus the plain mode's,
                            counting only the side each group means to hit (harm: others'
                            objects, help: the caster's): Dewdrop Cure with three small creatures
                            in the graveyard +1, Wear Down with two artifacts +1, Long River's
                            Pull over a noncreature spell +1, Scrapshooter with a target +1;
                            the standard player's Wildfire Howl +1 only with an opposing creature
                            its 1 damage and the sweep's 2 kill together (not its player target)
27     gift_use             what this gift kind is worth to the recipient now (the weakest-use
                            measure, see gift_use): a card 3 x 7 / (7 + hand), -10 with an empty
                            library (drawing then loses); Food 0.5 + min(2, 10 / life); tapped Fish
                            0.5 + 2 / (1 + toughness / 2); Treasure 0.5 + 1.5 x (7 - lands) / 7,
                            halved with an empty hand; Octopus 8 + power / 2; extra turn 3 + power;
                            a token gift plus what the recipient's permanents make of it
                            (recipient_payoffs: a first token for a "while you control a
                            token" ability +1 each; creature-count, go-wide and token-enters
                            abilities +0.5 each for a creature token; Food abilities +0.5)
28     opponents            opponents still in the game
29     opp_lethal_now       1 if the recipient's board power already reaches the caster's life
30     own_turn             the caster's own turn number (its turns begun so far, extra turns
                            included): what reports call "turn", whatever the number of players
31     promised_protection  1 if the promised mode protects the caster until its next turn
                            (Perch Protection: its life can't change, protection from
                            everything): the recipient's attacks before then can't hurt it, so
                            opp_lethal_after is 0 and an extra turn is worth 3 to them, not
                            3 + their power
32     promised_pump_moot   1 if all the promised mode adds is an until-end-of-turn pump or
                            keyword (Sazacap's Brew's +2/+0) and it can no longer matter: the
                            turn's combat is over (main phase 2, end step) and the stack is empty

Entries are only ever appended (saved threshold weights name features, tables index them).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from analyzer.enums import (
    TRIGGER_ANY_PERMANENT,
    TRIGGER_NONCREATURE_NONLAND,
    TRIGGER_NONTOKEN,
    TRIGGER_TOKEN,
    AbilCol,
    AbilityKind,
    CardCol,
    CardType,
    Cond,
    GiftKind,
    Intent,
    Keyword,
    Op,
    Phase,
    PlayerLevel,
    Ref,
    StepCol,
    Subtype,
    TargCol,
)
from analyzer.kernel.layout import OFF_BATTLEFIELD, PLAYER_BASE, H, O, P
from analyzer.kernel.rules.catalog import abilities_of, cards_of, op_sum, steps_of, targets_of
from analyzer.kernel.rules.conditions import cond_ok
from analyzer.kernel.rules.stack import mode_options
from analyzer.kernel.rules.targets import MAX_CANDIDATES, candidates
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit

FEATURE_NAMES = (
    "turn",
    "on_play",
    "life",
    "opp_life",
    "hand",
    "opp_hand",
    "library",
    "opp_library",
    "lands",
    "opp_lands",
    "power",
    "toughness",
    "opp_power",
    "opp_toughness",
    "blockers",
    "opp_blockers",
    "gift_kind",
    "mana_value",
    "promised_damage",
    "promised_lethal",
    "promised_extra",
    "gift_value",
    "opp_lethal_after",
    "gift_payoffs",
    "plain_legal",
    "plain_life_loss",
    "promised_targets",
    "gift_use",
    "opponents",
    "opp_lethal_now",
    "own_turn",
    "promised_protection",
    "promised_pump_moot",
)
N_FEATURES = len(FEATURE_NAMES)


class _Feature(NamedTuple):
    """Indices into the feature vector, for jitted code (``Feature.OPP_LIFE``)."""

    TURN: int = 0
    ON_PLAY: int = 1
    LIFE: int = 2
    OPP_LIFE: int = 3
    HAND: int = 4
    OPP_HAND: int = 5
    LIBRARY: int = 6
    OPP_LIBRARY: int = 7
    LANDS: int = 8
    OPP_LANDS: int = 9
    POWER: int = 10
    TOUGHNESS: int = 11
    OPP_POWER: int = 12
    OPP_TOUGHNESS: int = 13
    BLOCKERS: int = 14
    OPP_BLOCKERS: int = 15
    GIFT_KIND: int = 16
    MANA_VALUE: int = 17
    PROMISED_DAMAGE: int = 18
    PROMISED_LETHAL: int = 19
    PROMISED_EXTRA: int = 20
    GIFT_VALUE: int = 21
    OPP_LETHAL_AFTER: int = 22
    GIFT_PAYOFFS: int = 23
    PLAIN_LEGAL: int = 24
    PLAIN_LIFE_LOSS: int = 25
    PROMISED_TARGETS: int = 26
    GIFT_USE: int = 27
    OPPONENTS: int = 28
    OPP_LETHAL_NOW: int = 29
    OWN_TURN: int = 30
    PROMISED_PROTECTION: int = 31
    PROMISED_PUMP_MOOT: int = 32


Feature = _Feature()
assert tuple(f.lower() for f in Feature._fields) == FEATURE_NAMES


@njit
def _board(G, cards, p):
    """(lands, power, toughness, untapped creatures) of player p."""
    lands = 0
    power = 0
    tough = 0
    untapped = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if G[b + O.CTRL] != p or G[b + O.PHASED]:
            continue
        t = cards[G[b + O.CARD], CardCol.TYPES]
        if t & CardType.LAND:
            lands += 1
        if t & CardType.CREATURE:
            power += max(G[b + O.CUR_P], 0)
            tough += max(G[b + O.CUR_T], 0)
            if G[b + O.TAPPED] == 0:
                untapped += 1
    return lands, power, tough, untapped


@njit
def _power_toughness(G, q):
    """Total power and toughness of q's permanents (non-creatures count 0)."""
    power = 0
    tough = 0
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.CTRL] == q and G[b + O.PHASED] == 0:
            power += max(G[b + O.CUR_P], 0)
            tough += max(G[b + O.CUR_T], 0)
    return power, tough


@njit
def gift_use(G, kind, q):
    """What a gift of this GiftKind is worth to player q now (feature 27, and the
    ``weakest-use`` recipient rule). Needs no card table: lands are lands played so far.
    Kind 0 (unknown): board power plus hand size, as ``least-threat``."""
    hand = G[pb(q) + P.HAND_N]
    power, tough = _power_toughness(G, q)
    if kind == GiftKind.CARD:
        if G[pb(q) + P.LIB_N] == 0:
            return -10.0  # they draw from an empty library and lose (704.5b)
        return 3.0 * 7.0 / (7.0 + hand)
    if kind == GiftKind.FOOD:
        return 0.5 + min(2.0, 10.0 / max(G[pb(q) + P.LIFE], 1))
    if kind == GiftKind.TAPPED_FISH:
        return 0.5 + 2.0 / (1.0 + tough / 2.0)
    if kind == GiftKind.TREASURE:
        use = 0.5 + 1.5 * max(0, 7 - G[pb(q) + P.LANDS_PLAYED]) / 7.0
        return use if hand > 0 else use * 0.5
    if kind == GiftKind.OCTOPUS:
        return 8.0 + power / 2.0
    if kind == GiftKind.EXTRA_TURN:
        return 3.0 + power
    return float(power + hand)


# What a gifted token adds to the recipient through the abilities of its permanents (gift_use
# units, a card ~ 3), one class of payoff each: a token that turns on an "as long as / while you
# control a token" ability (Druid of the Spade's +2/+0 and trample: about a third of a card,
# for as long as any token stays); a creature token that grows a creature-count ability,
# triggers "another creature enters", or gets a go-wide bonus (an anthem for all creatures or
# tokens, a pump-all; any token: "tokens you control enter"); a Food that feeds
# a Food ability (forage, "whenever you sacrifice a Food", "a Food is put into a graveyard").
TOKEN_ENABLER_USE = 1.0
CREATURE_COUNT_USE = 0.5
FOOD_PAYOFF_USE = 0.5
_SUBTYPE_BITS = TRIGGER_NONTOKEN - 1  # the Subtype mask below TRIG_PARAM's flag bits


@njit
def recipient_payoffs(G, C, kind, q):
    """What a token gift of this GiftKind adds to player q through the abilities of the
    permanents q controls (public: the battlefield only, never hand or library); 0 for a
    card or an extra turn. Added to gift_use in feature 27 (TOKEN_ENABLER_USE and the others
    above say what each class is worth)."""
    if kind != GiftKind.FOOD and kind != GiftKind.TAPPED_FISH:
        if kind != GiftKind.TREASURE and kind != GiftKind.OCTOPUS:
            return 0.0
    creature = kind == GiftKind.TAPPED_FISH or kind == GiftKind.OCTOPUS
    token_subtype = Subtype.FISH if kind == GiftKind.TAPPED_FISH else Subtype.OCTOPUS
    first_token = not cond_ok(G, C, Cond.CONTROL_TOKEN, 0, q, 0)  # (the rules' own test)
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    use = 0.0
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.CTRL] != q or G[b + O.PHASED]:
            continue
        c = G[b + O.CARD]
        enabler = False
        counts = False
        token_enters = False
        food = False
        a0 = cards[c, CardCol.AB_START]
        for a in range(a0, a0 + cards[c, CardCol.AB_COUNT]):
            ak = abilities[a, AbilCol.KIND]
            enabler |= abilities[a, AbilCol.COND] == Cond.CONTROL_TOKEN
            if ak == AbilityKind.OTHER_CREATURE_ENTERS:
                tp = abilities[a, AbilCol.TRIG_PARAM]
                watched = tp & _SUBTYPE_BITS
                if tp & TRIGGER_TOKEN:
                    token_enters = True  # "whenever one or more tokens you control enter"
                elif tp & TRIGGER_NONTOKEN or tp & TRIGGER_NONCREATURE_NONLAND:
                    pass
                elif creature and (watched == 0 or watched & token_subtype):
                    counts = True
                elif tp & TRIGGER_ANY_PERMANENT and watched & Subtype.FOOD:
                    food = True  # "whenever another Squirrel or Food you control enters"
            elif ak == AbilityKind.FOOD_TO_GRAVEYARD or ak == AbilityKind.FORAGED:
                food = True
            elif ak == AbilityKind.YOU_SACRIFICE:
                watched = abilities[a, AbilCol.TRIG_PARAM] & _SUBTYPE_BITS
                food |= watched == 0 or watched & Subtype.FOOD != 0
            s0 = abilities[a, AbilCol.ST_START]
            for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
                enabler |= steps[k, StepCol.COND] == Cond.CONTROL_TOKEN
                op = steps[k, StepCol.OP]
                counts |= op == Op.STATIC_PT_CREATURES or op == Op.PUMP_ALL
                counts |= op == Op.STATIC_TOKEN_ANTHEM
                counts |= op == Op.STATIC_ANTHEM and steps[k, StepCol.C] == 0
                food |= steps[k, StepCol.OP] == Op.FORAGE
        if enabler and first_token:
            use += TOKEN_ENABLER_USE
        if (counts and creature) or token_enters:
            use += CREATURE_COUNT_USE
        if food and kind == GiftKind.FOOD:
            use += FOOD_PAYOFF_USE
    return use


@njit
def _side_count(G, targets, g, chooser, buf, n):
    """How many of the n candidates in buf the group would really take (harm: not the
    chooser's own; help: only the chooser's own)."""
    intent = targets[g, TargCol.INTENT]
    if intent != Intent.HARM and intent != Intent.HELP:
        return n
    k = 0
    for i in range(n):
        v = buf[i]
        mine = v - PLAYER_BASE == chooser if v >= PLAYER_BASE else G[ob(v) + O.CTRL] == chooser
        if mine == (intent == Intent.HELP):
            k += 1
    return k


@njit
def _finish_count(G, C, buf, n, p, dmg, sweep):
    """The standard player's count for a harm group whose damage rides on a sweep of the same
    ability (Wildfire Howl promised: 1 to any target, then 2 to each creature): only an
    opposing creature the sweep alone leaves standing and the two together kill is a target
    worth taking (a player's 1 damage, or a creature that dies anyway, adds nothing)."""
    cards = cards_of(C)
    k = 0
    for i in range(n):
        v = buf[i]
        if v >= PLAYER_BASE:
            continue
        b = ob(v)
        if G[b + O.CTRL] == p or cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE == 0:
            continue
        left = G[b + O.CUR_T] - G[b + O.DAMAGE]
        if sweep < left <= sweep + dmg and G[b + O.CUR_KW] & Keyword.INDESTRUCTIBLE == 0:
            k += 1
    return k


@njit(_nrt=True)
def promised_targets(G, C, card, p):
    """Targets the promised mode would take now minus the plain mode's (feature 26): over the
    card's spell and enters abilities, each group's legal candidates on its side, capped at
    its maximum; groups and abilities keyed to the promise count in one mode only. The
    standard player counts a damage group riding on a sweep by what it adds (_finish_count)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    targets = targets_of(C)
    buf = np.empty(MAX_CANDIDATES, np.int32)  # decisions are rare: no work area needed
    n_plain = 0
    n_promised = 0
    std = G[pb(p) + P.LEVEL] != PlayerLevel.BASIC
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        kind = abilities[a, AbilCol.KIND]
        if kind != AbilityKind.SPELL and kind != AbilityKind.ETB:
            continue
        ac = abilities[a, AbilCol.COND]
        tg0 = abilities[a, AbilCol.TG_START]
        for j in range(abilities[a, AbilCol.TG_COUNT]):
            g = tg0 + j
            gc = targets[g, TargCol.COND]
            nc = candidates(G, C, g, p, buf)
            dmg = op_sum(C, a, Op.DAMAGE, j)
            sweep = op_sum(C, a, Op.DAMAGE_EACH_CREATURE, -1)
            if std and sweep > 0 and dmg > 0 and targets[g, TargCol.INTENT] == Intent.HARM:
                n = _finish_count(G, C, buf, nc, p, dmg, sweep)
            else:
                n = _side_count(G, targets, g, p, buf, nc)
            n = min(n, targets[g, TargCol.MAX])
            if ac != Cond.IF_NOT_PROMISED and gc != Cond.IF_NOT_PROMISED:
                n_promised += n
            if ac != Cond.IF_PROMISED and gc != Cond.IF_PROMISED:
                n_plain += n
    return n_promised - n_plain


@njit
def decision_features(G, C, p, o, recipient, out):
    """Fill out[0:N_FEATURES] for player p casting object o, gift to `recipient`."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    card = G[ob(o) + O.CARD]
    q = recipient if recipient >= 0 else p  # no opponent left: describe the caster
    out[0] = G[H.TURN]
    out[1] = 1.0 if G[H.FIRST_SEAT] == p else 0.0
    out[2] = G[pb(p) + P.LIFE]
    out[3] = G[pb(q) + P.LIFE]
    out[4] = G[pb(p) + P.HAND_N]
    out[5] = G[pb(q) + P.HAND_N]
    out[6] = G[pb(p) + P.LIB_N]
    out[7] = G[pb(q) + P.LIB_N]
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
    protected = 0
    until_eot = 0  # promised steps that only pump or grant a keyword until end of turn
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        s0 = abilities[a, AbilCol.ST_START]
        for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
            if steps[k, StepCol.COND] != Cond.IF_PROMISED:
                continue
            extra += 1
            if steps[k, StepCol.OP] == Op.DAMAGE_CONTROLLER:
                dmg += steps[k, StepCol.A]
            elif steps[k, StepCol.OP] == Op.PROTECTION_UNTIL_YOUR_TURN:
                protected = 1
            elif steps[k, StepCol.OP] == Op.PUMP or steps[k, StepCol.OP] == Op.GRANT:
                until_eot += 1
    out[18] = dmg
    out[19] = 1.0 if dmg > 0 and dmg >= G[pb(q) + P.LIFE] else 0.0
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
    # Protected until its next turn (702.16b, 119.7), the caster can't be hurt by the
    # recipient's attacks before then, extra turn included.
    out[22] = 1.0 if threat >= G[pb(p) + P.LIFE] and protected == 0 else 0.0
    payoffs = 0
    loss = 0
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.CTRL] != p or G[b + O.PHASED]:
            continue
        c = G[b + O.CARD]
        for a in range(
            cards[c, CardCol.AB_START], cards[c, CardCol.AB_START] + cards[c, CardCol.AB_COUNT]
        ):
            if abilities[a, AbilCol.KIND] == AbilityKind.GIFT_GIVEN:
                payoffs += 1
    out[23] = payoffs
    plain, _promise = mode_options(G, C, p, o)
    out[24] = 1.0 if plain else 0.0
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        s0 = abilities[a, AbilCol.ST_START]
        for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
            if (
                steps[k, StepCol.COND] == Cond.IF_NOT_PROMISED
                and steps[k, StepCol.OP] == Op.LOSE_LIFE
                and steps[k, StepCol.REF] == Ref.YOU
            ):
                loss += steps[k, StepCol.A]
    out[25] = loss
    out[26] = promised_targets(G, C, card, p)
    out[27] = gift_use(G, kind, q) + recipient_payoffs(G, C, kind, q)
    if protected and kind == GiftKind.EXTRA_TURN:
        out[27] = 3.0  # the extra turn's attack is void against a protected caster
    opps = 0
    for r in range(G[H.NPLAYERS]):
        if r != p and G[pb(r) + P.LOST] == 0:
            opps += 1
    out[28] = opps
    out[29] = 1.0 if o_power >= G[pb(p) + P.LIFE] else 0.0
    out[30] = G[pb(p) + P.TURNS]
    out[31] = protected
    # After combat with nothing on the stack, an until-end-of-turn pump changes no fight
    # before it wears off (514.2): the promise would give the gift for nothing.
    out[32] = (
        1.0
        if extra > 0 and until_eot == extra and G[H.PHASE] >= Phase.MAIN2 and G[H.STACK_N] == 0
        else 0.0
    )

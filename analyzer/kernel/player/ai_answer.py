"""The standard player's main phase: a sorcery-speed removal spell that answers an opposing
creature bigger than anything p could add instead goes before p's permanents (issue 14, "big
bodies rated too high"), and so does one that kills a flier p has nothing to block while the
opponents' fliers are a clock on p's life (issue 14, the blue decks' spread).

The main phase casts its spells most expensive first (ai_cast.collect_castables): a four-drop
cast first took the mana of the two-mana Fell in hand, and the opponent's 5/5 that hit for 5
a turn stayed (tools/bigbody_census.py: opponents ended 0.3-0.4 of their turns a game
holding a castable removal spell that killed the big body in play). Trading a card for their
best creature comes first when that creature is a bigger threat than the permanent p would
cast: the permanent waits a turn, the big body does not get another attack.
"""

from __future__ import annotations

from analyzer.enums import AbilCol, AiRole, CardCol, CardFlag, CardType, Keyword, Op, StepCol
from analyzer.kernel.layout import OFF_BATTLEFIELD, H, O, P
from analyzer.kernel.player.ai_value import plain_permanent
from analyzer.kernel.rules.catalog import abilities_of, cards_of, steps_of, targets_of
from analyzer.kernel.rules.targets import object_legal, threat_std
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit

# The creatures answered first: power 4 or more, the big bodies that end games in a few
# attacks. (Without this floor any creature above p's best castable permanent went first, the
# go-wide decks' payoffs among them: calibrate 2000 rank 0.61 -> 0.54 at seed 0.)
BIG_POWER = 4
# A flier p cannot block (no creature of p's has flying or reach) is answered first at any power
# while the opponents' unblockable fliers would take p's life in AIR_TURNS attacks or fewer: a
# ground creature cast instead blocks none of that damage. (The UR deck, without a flier or a
# reach creature, cast its four-drops into a board of fliers with Take Out the Trash in hand,
# at 10 life against 7 power in the air.)
AIR_TURNS = 3


@njit
def card_threat(cards, card):
    """threat() of a card not yet on the battlefield (its printed body: value, 3 x power plus
    toughness), to weigh against the creature a removal spell would kill."""
    v = cards[card, CardCol.VALUE]
    if cards[card, CardCol.TYPES] & CardType.CREATURE:
        v += 3 * cards[card, CardCol.POWER] + cards[card, CardCol.TOUGHNESS]
    return v


@njit
def kills(G, C, card, o, p):
    """Does one of the spell's steps kill creature o outright as p casts it: destroy or exile
    at a target group o is legal for, or damage (or -X/-X) reaching its toughness left? A bite
    or a fight (its damage hangs on p's creature) does not count here."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    targets = targets_of(C)
    b = ob(o)
    left = G[b + O.CUR_T] - G[b + O.DAMAGE]
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        tg0 = abilities[a, AbilCol.TG_START]
        s0 = abilities[a, AbilCol.ST_START]
        for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
            op = steps[k, StepCol.OP]
            g = steps[k, StepCol.REF]
            if g < 0 or g >= abilities[a, AbilCol.TG_COUNT]:
                continue
            if not object_legal(G, cards, targets, tg0 + g, o, p):
                continue
            if op == Op.DESTROY and G[b + O.CUR_KW] & Keyword.INDESTRUCTIBLE == 0:
                return True
            if op == Op.EXILE or op == Op.EXILE_UNTIL_LEAVES:
                return True
            if (
                op == Op.DAMAGE
                and steps[k, StepCol.A] >= left
                and G[b + O.CUR_KW] & Keyword.INDESTRUCTIBLE == 0
            ):
                return True
            if op == Op.PUMP and -steps[k, StepCol.B] >= G[b + O.CUR_T]:
                return True
    return False


@njit
def air_clock(G, cards, p):
    """The damage the opponents' fliers deal p an attack when p has nothing to block them (no
    creature of p's with flying or reach): their power, doubled for double strike; 0 when p
    has such a blocker."""
    air = 0
    for x in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + x]
        b = ob(o)
        if cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE == 0:
            continue
        kw = G[b + O.CUR_KW]
        if G[b + O.CTRL] == p:
            if kw & (Keyword.FLYING | Keyword.REACH):
                return 0
        elif kw & Keyword.FLYING and G[b + O.CUR_P] > 0:
            air += G[b + O.CUR_P] * (2 if kw & Keyword.DOUBLE_STRIKE else 1)
    return air


@njit
def answer_first(G, C, p, buf, n, i, fast_ok):
    """Does buf[i] (of ai_cast.collect_castables' list) go before the permanents: a removal
    spell that kills an opposing creature of power BIG_POWER or more (or a flier, when p has
    nothing to block fliers and their air_clock takes p's life in AIR_TURNS attacks) whose
    threat (targets.threat_std) is above the best castable plain permanent's (card_threat)? One
    without flash has no later window this turn; an instant goes only when fast_ok (no mana
    is kept up for it: the permanents would spend it, and it would wait a whole turn cycle
    while the creature attacks). With no permanent castable the order changes nothing."""
    cards = cards_of(C)
    card = G[ob(buf[i]) + O.CARD]
    if cards[card, CardCol.AI_ROLE] != AiRole.REMOVAL:
        return False
    if cards[card, CardCol.FLAGS] & CardFlag.FAST and not fast_ok:
        return False
    best_own = -1
    for j in range(n):
        other = G[ob(buf[j]) + O.CARD]
        if j != i and plain_permanent(cards, other):
            best_own = max(best_own, card_threat(cards, other))
    if best_own < 0:
        return False
    air = AIR_TURNS * air_clock(G, cards, p) >= G[pb(p) + P.LIFE]
    for x in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + x]
        if (
            G[ob(o) + O.CTRL] != p
            and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE
            and (
                G[ob(o) + O.CUR_P] >= BIG_POWER
                or (air and G[ob(o) + O.CUR_KW] & Keyword.FLYING and G[ob(o) + O.CUR_P] > 0)
            )
            and threat_std(G, cards, o) > best_own
            and kills(G, C, card, o, p)
        ):
            return True
    return False

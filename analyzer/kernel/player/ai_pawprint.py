"""The built-in player's value of the steps the Seasons' pawprint modes added (issue 20),
for its mode choice (ai_modes.mode_value): a Season compiles to one mode per
combination of its pawprint modes (cards/program.py), and the player picks the combination
worth most, so each step is valued on the position as it is now. Public information only.

Only the new ops and parameters are valued here; every other step is worth 0 to this module,
so the modes of the older cards are valued as before.
"""

from __future__ import annotations

from analyzer.enums import CardCol, CardType, CounterKind, Op, Ref, StepCol, XCount
from analyzer.kernel.layout import OFF_BATTLEFIELD, H, O, P
from analyzer.kernel.player.choices import fodder_choice
from analyzer.kernel.rules.activation import SAC_CREATURE
from analyzer.kernel.rules.catalog import cards_of
from analyzer.kernel.rules.effects_season import choose_own_permanent, chosen_type, type_loss
from analyzer.kernel.rules.refs import count_x
from analyzer.kernel.rules.targets import threat
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit

DRAW_VALUE = 25  # one card drawn (as ai_modes.DRAW_VALUE)
DAMAGE_VALUE = 2  # a point of life an opponent loses (as ai_modes.DAMAGE_VALUE)
COUNTER_VALUE = 8  # a +1/+1 counter on a creature of the player's (as ai_modes)
KEYWORD_VALUE = 2  # a keyword until end of turn on that creature
PING_DAMAGE = 2  # Season of the Bold's damage to a creature for each spell cast
PING_SPELLS = 3  # the spells counted for it (its controller's turns: this one and the next)


@njit
def _edict_value(G, C, p):
    """ "Each player sacrifices a creature of their choice": the threat of what each opponent
    gives up (their least valuable creature) minus what p gives up."""
    cards = cards_of(C)
    v = 0
    for q in range(G[H.NPLAYERS]):
        if G[pb(q) + P.LOST]:
            continue
        o = fodder_choice(G, C, q, -1, SAC_CREATURE)
        if o >= 0:
            v += -threat(G, cards, o) if q == p else threat(G, cards, o)
    return v


@njit
def _bounce_all_value(G, C, p):
    """Every nonland, nontoken permanent back to its owner's hand: half the threat of the
    opponents' ones (they may cast them again) minus half of p's own."""
    cards = cards_of(C)
    v = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if G[b + O.PHASED] or G[b + O.TOKEN] or cards[G[b + O.CARD], CardCol.TYPES] & CardType.LAND:
            continue
        t = threat(G, cards, o) // 2
        v += -t if G[b + O.CTRL] == p else t
    return v


@njit
def _chosen_value(G, C, steps, k, end, p, types):
    """choose_own_permanent (step k) and the steps after it on `it`: a +1/+1 counter on it,
    keywords for it, a token copy of it (worth its threat: a second one)."""
    cards = cards_of(C)
    o = choose_own_permanent(G, C, p, types)
    if o < 0:
        return 0
    v = 0
    for j in range(k + 1, end):
        if steps[j, StepCol.REF] != Ref.IT:
            break
        op = steps[j, StepCol.OP]
        if op == Op.ADD_COUNTERS and steps[j, StepCol.A] == CounterKind.P1P1:
            v += COUNTER_VALUE * steps[j, StepCol.B]
        elif op == Op.GRANT:
            v += KEYWORD_VALUE
        elif op == Op.TOKEN_COPY:
            v += max(threat(G, cards, o), 5)
    return v


@njit
def season_step_value(G, C, steps, k, end, p):
    """What step k (of a mode row whose steps end before `end`) is worth to p now; 0 for the
    ops and parameters this module does not know."""
    op = steps[k, StepCol.OP]
    ref = steps[k, StepCol.REF]
    a = steps[k, StepCol.A]
    if op == Op.EACH_SACRIFICES_CREATURE and a == 1:
        return _edict_value(G, C, p)
    if op == Op.DRAW_X and ref == Ref.YOU and a >= XCount.CREATURES_DIED_YOURS_TURN:
        return DRAW_VALUE * count_x(G, C, a, -1, p, 0)
    if op == Op.LOSE_LIFE_X and ref == Ref.EACH_OPPONENT and a >= XCount.CREATURES_DIED_YOURS_TURN:
        n = 0
        for q in range(G[H.NPLAYERS]):
            if q != p and G[pb(q) + P.LOST] == 0:
                n += 1
        return DAMAGE_VALUE * n * count_x(G, C, a, -1, p, 0)
    if op == Op.CHOOSE_OWN_PERMANENT:
        return _chosen_value(G, C, steps, k, end, p, a)
    if op == Op.DESTROY_ALL_CHOSEN_TYPE:
        t = chosen_type(G, C, p, a)
        return max(type_loss(G, C, p, t), 0) if t != 0 else 0
    if op == Op.BOUNCE_ALL_NONLAND_NONTOKEN:
        return _bounce_all_value(G, C, p)
    if op == Op.CONTROLLER_DRAWS:
        return -DRAW_VALUE * a // 2  # a card for the permanent's controller (an opponent)
    if op == Op.EXILE_TOP_PLAY_ALL and steps[k, StepCol.C] == 0:
        # cards to play until the end of the next turn: most of them get played
        return DRAW_VALUE * 3 * a // 4
    if op == Op.SPELL_CAST_UNTIL_NEXT_TURN:
        return _pings_value(G, C, p)
    return 0


@njit
def _pings_value(G, C, p):
    """ "Until the end of your next turn, whenever you cast a spell, 2 damage to up to one
    target creature": the threat of the opposing creatures 2 damage kills now, the most
    threatening first, one for each card in p's hand (at most three spells counted)."""
    cards = cards_of(C)
    spells = min(G[pb(p) + P.HAND_N], PING_SPELLS)
    v = 0
    last = 1 << 30  # the threat of the creature counted before (each counted once)
    for _ in range(spells):
        best = 0
        for i in range(G[H.BF_N]):
            o = G[OFF_BATTLEFIELD + i]
            b = ob(o)
            if (
                G[b + O.CTRL] == p
                or G[b + O.PHASED]
                or (cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0
                or G[b + O.CUR_T] - G[b + O.DAMAGE] > PING_DAMAGE
            ):
                continue
            t = threat(G, cards, o)
            if best < t < last:
                best = t
        if best == 0:
            break
        v += best
        last = best
    return v

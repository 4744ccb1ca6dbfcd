"""What grows the standard player's creatures when it targets them or casts a spell (issue 14):
a valiant trigger that leaves a +1/+1 counter (Heartfire Hero, Seedglaive Mentor), prowess and
"whenever you cast a noncreature spell" pumps or counters (Tempest Angler); read by the attack
plan (ai_attack), the trick and burn judgements (ai_tricks, ai_std) and the tempo casts
(ai_tempo)."""

from __future__ import annotations

from analyzer.enums import AbilityKind, CardCol, Keyword, Op
from analyzer.kernel.layout import OFF_BATTLEFIELD, H, O
from analyzer.kernel.rules.catalog import cards_of, kind_has_op
from analyzer.kernel.rules.view import ob
from analyzer.kernel.runtime.config import njit


@njit
def valiant_grows(G, C, o):
    """Does p's spell or ability targeting p's creature o now leave a +1/+1 counter on it for
    good: its valiant has not triggered this turn and puts a counter on it (Heartfire Hero,
    Seedglaive Mentor)?"""
    cards = cards_of(C)
    card = G[ob(o) + O.CARD]
    if (cards[card, CardCol.AB_KINDS] >> AbilityKind.VALIANT) & 1 == 0:
        return False
    if G[ob(o) + O.VALIANT_TURN] == G[H.TURN]:
        return False
    return kind_has_op(C, card, AbilityKind.VALIANT, Op.ADD_COUNTERS)


@njit
def grows_on_spell(G, C, o):
    """Does creature o grow when its controller casts a noncreature spell: prowess, or a
    "whenever you cast a noncreature spell" trigger that pumps it or puts a counter on it
    (Tempest Angler)? +1/+1 either way in the set."""
    if G[ob(o) + O.CUR_KW] & Keyword.PROWESS:
        return True
    cards = cards_of(C)
    card = G[ob(o) + O.CARD]
    if (cards[card, CardCol.AB_KINDS] >> AbilityKind.NONCREATURE_SPELL) & 1 == 0:
        return False
    return kind_has_op(C, card, AbilityKind.NONCREATURE_SPELL, Op.PUMP) or kind_has_op(
        C, card, AbilityKind.NONCREATURE_SPELL, Op.ADD_COUNTERS
    )


@njit
def spell_growth_to(G, C, v, p):
    """After blocks: the damage p's creatures fighting creature v (blocking it, or blocked by
    it) add when p casts a noncreature spell now: +1 each that grows on it (grows_on_spell)."""
    n = 0
    for i in range(G[H.BF_N]):
        x = G[OFF_BATTLEFIELD + i]
        if (
            G[ob(x) + O.CTRL] == p
            and (G[ob(x) + O.BLOCKING] == v + 1 or G[ob(v) + O.BLOCKING] == x + 1)
            and grows_on_spell(G, C, x)
        ):
            n += 1
    return n

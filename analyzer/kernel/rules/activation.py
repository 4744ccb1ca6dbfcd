"""Activated abilities' restrictions (602.5b) and Class levels (716): may p activate o's
ability now, and remember that it did ("Activate only once [each turn]"). Split from events.py,
which queues triggered abilities.
"""

from __future__ import annotations

from analyzer.enums import (
    SAC_EXILE_SELF,
    SAC_SUBTYPE_SHIFT,
    AbilCol,
    CardCol,
    CardType,
    Cond,
    Op,
    StepCol,
    Zone,
)
from analyzer.kernel.layout import OFF_BATTLEFIELD, H, O, P
from analyzer.kernel.rules.catalog import abilities_of, cards_of, steps_of
from analyzer.kernel.rules.conditions import cond_ok
from analyzer.kernel.rules.view import can_forage, ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def controls_token(G, p):
    """Does p control a token (phased in)?"""
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.CTRL] == p and G[b + O.TOKEN] and G[b + O.PHASED] == 0:
            return True
    return False


@njit
def untapped_tokens(G, C, p, noncreature_only):
    """How many untapped tokens p controls (phased in); with noncreature_only, of those that are
    not creatures or are creatures with power 1 or less (the ones not worth attacking with)."""
    cards = cards_of(C)
    k = 0
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.CTRL] != p or G[b + O.TOKEN] == 0 or G[b + O.TAPPED] or G[b + O.PHASED]:
            continue
        if (
            noncreature_only
            and cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE
            and G[b + O.CUR_P] > 1
        ):
            continue
        k += 1
    return k


SAC_CREATURE = 3  # AbilCol.COST_SAC_SELF: "Sacrifice a creature"
SAC_ANOTHER_CREATURE = 4  # "Sacrifice another creature"
SAC_ARTIFACT_OR_CREATURE = 5  # "Sacrifice an artifact or creature"
SAC_CREATURE_OR_PLANESWALKER = 6  # not a cost: "sacrifices a creature or planeswalker"
SAC_FORAGE = 7  # AbilCol.COST_SAC_SELF: "Forage" as a cost (exile three cards from your
# graveyard or sacrifice a Food)


@njit
def sac_fodder(G, C, p, src, kind, o):
    """May p sacrifice permanent o for a "Sacrifice a creature" kind of cost (COST_SAC_SELF
    kind 3, 4 or 5) of src's ability, or (kind 6) for "each player sacrifices a creature or
    planeswalker"? It must be p's, phased in, of the named type (4: not src itself). Kind
    SAC_SUBTYPE with a Subtype mask above SAC_SUBTYPE_SHIFT: "Sacrifice a Goblin" (a
    permanent with one of the subtypes, src itself too: 701.21a lets a cost sacrifice it)."""
    b = ob(o)
    if G[b + O.CTRL] != p or G[b + O.PHASED] != 0 or G[b + O.ZONE] != Zone.BATTLEFIELD:
        return False
    if kind >> SAC_SUBTYPE_SHIFT:
        return (cards_of(C)[G[b + O.CARD], CardCol.SUBTYPES] & (kind >> SAC_SUBTYPE_SHIFT)) != 0
    if kind == SAC_ANOTHER_CREATURE and o == src:
        return False
    types = cards_of(C)[G[b + O.CARD], CardCol.TYPES]
    if kind == SAC_ARTIFACT_OR_CREATURE:
        return (types & (CardType.CREATURE | CardType.ARTIFACT)) != 0
    if kind == SAC_CREATURE_OR_PLANESWALKER:
        return (types & (CardType.CREATURE | CardType.PLANESWALKER)) != 0
    return (types & CardType.CREATURE) != 0


@njit
def controls_fodder(G, C, p, src, kind):
    """Does p control something to sacrifice for that cost (602.2: a cost must be payable)?"""
    for i in range(G[H.BF_N]):
        if sac_fodder(G, C, p, src, kind, G[OFF_BATTLEFIELD + i]):
            return True
    return False


@njit(inline_in_entry=True)
def class_level(G, o):
    """A Class's level (716.3: it enters at level 1); 1 for every other permanent."""
    return max(1, G[ob(o) + O.CLASS_LEVEL])


@njit
def level_up_to(C, ab):
    """The level a level-up ability raises its Class to (716.2a), 0 for other abilities."""
    abilities = abilities_of(C)
    steps = steps_of(C)
    if abilities[ab, AbilCol.ST_COUNT] > 0:
        k = abilities[ab, AbilCol.ST_START]
        if steps[k, StepCol.OP] == Op.LEVEL_UP:
            return steps[k, StepCol.A]
    return 0


@njit
def activation_allowed(G, C, o, ab, p):
    """The activation restrictions of o's activated ability ab (602.5b): "Activate only once
    [each turn]", "Activate only if ..." (the ability's COND), the Class level it was gained at
    (716.2b), and a level-up's "only if this Class is level N-1" (716.2a)."""
    abilities = abilities_of(C)
    from_zone = abilities[ab, AbilCol.FROM_GRAVEYARD]
    if from_zone == 1 and (G[ob(o) + O.ZONE] != Zone.GRAVEYARD or G[ob(o) + O.OWNER] != p):
        return False  # "Exile this card from your graveyard": only from its owner's graveyard
    if from_zone == 2 and (G[ob(o) + O.ZONE] != Zone.HAND or G[ob(o) + O.OWNER] != p):
        return False  # cycling: only from its owner's hand
    once = abilities[ab, AbilCol.ONCE_EACH_TURN]
    if once == 1 and G[ob(o) + O.ONCE_TURN] == G[H.TURN]:
        return False
    if once == 2 and G[ob(o) + O.ONCE_EVER]:
        return False
    if abilities[ab, AbilCol.COST_LIFE] > G[pb(p) + P.LIFE]:
        return False  # 119.4: a player can pay life only if their life total is that high
    if abilities[ab, AbilCol.COST_DISCARD] and G[pb(p) + P.HAND_N] == 0:
        return False  # "Discard a card" as a cost needs a card to discard
    if G[ob(o) + O.STASH] < abilities[ab, AbilCol.COST_REMOVE_COUNTER]:
        return False  # "Remove four hoofprint counters from this" needs four
    n_tap = abilities[ab, AbilCol.COST_TAP_TOKENS]
    if n_tap > 0 and untapped_tokens(G, C, p, False) < n_tap:
        return False  # "Tap two untapped tokens you control" needs two
    sac = abilities[ab, AbilCol.COST_SAC_SELF]
    if sac == 2 and not controls_token(G, p):
        return False  # "Sacrifice a token" needs one
    if sac == SAC_FORAGE:
        if not can_forage(G, cards_of(C), p):
            return False  # "Forage" needs three cards in the graveyard or a Food
    elif sac >= SAC_CREATURE and sac != SAC_EXILE_SELF and not controls_fodder(G, C, p, o, sac):
        return False  # "Sacrifice a creature" needs one
    cond = abilities[ab, AbilCol.COND]
    if cond == Cond.SUBTYPE_ENTERED:
        if (G[pb(p) + P.SUBTYPES_ENTERED_TURN] & abilities[ab, AbilCol.COND_SUBTYPES]) == 0:
            return False
    elif cond != Cond.ALWAYS and not cond_ok(G, C, cond, G[ob(o) + O.PROMISED], p, 0):
        return False
    level = abilities[ab, AbilCol.LEVEL]
    if level > 0:
        if level_up_to(C, ab) > 0:
            return class_level(G, o) == level - 1
        return class_level(G, o) >= level
    return True


@njit
def note_activation(G, C, o, ab):
    """Remember an activation for "Activate only once [each turn]"."""
    once = abilities_of(C)[ab, AbilCol.ONCE_EACH_TURN]
    if once == 1:
        G[ob(o) + O.ONCE_TURN] = G[H.TURN]
    elif once == 2:
        G[ob(o) + O.ONCE_EVER] = 1

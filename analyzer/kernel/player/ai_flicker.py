"""The standard player's removal that lasts only until the next end step (CardFlag.TEMP_EXILE in
the mode cast: Parting Gust unpromised exiles its target, which returns at the beginning of the
next end step with a +1/+1 counter). Cast as permanent removal it only hands the opponent a
bigger creature, so it is played as what it is:

- a flicker in response to an opposing spell or ability that would kill or remove one of p's
  nontoken creatures worth FLICKER_WORTH: the creature leaves and comes back a new object,
  the spell loses its target (and the creature returns with the counter);
- a tempo play on an opposing creature: in p's main phase 1 on an untapped creature whose
  absence makes the attack of everything p has lethal (and its presence does not); when p is
  attacked (before or after blocks), on an attacker whose damage would kill p or take a third
  of p's life or more (after blocks: an unblocked one);
- never otherwise (a main phase removal, an end-step removal).

And any other instant removal's one use in response (answer_useful): at an opposing creature
that the opposing spell on top of the stack helps (a pump after blocks, a protection spell, an
Aura), its only target, when the removal kills it before the spell resolves: the spell then
has no target and does nothing (608.2b), two cards for one, and the pump that would have
flipped a fight never lands (issue 14: GW's tricks after blocks were never punished); and at
the opposing creature whose bite or fight would kill one of p's: gone, it deals no damage,
p's creature lives and the bite is a card spent for nothing (issue 14: the green decks'
Longstalk Brawl went unanswered). A bounce or an exile until the end step (above, when it
saves none of p's) answers the same way when the spell is alone on the stack: the pump,
Aura or bite is lost, the creature must be cast again.
"""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    CardCol,
    CardFlag,
    CardType,
    Keyword,
    Op,
    Phase,
    StepCol,
    Zone,
)
from analyzer.kernel.layout import (
    MAX_TARGETS,
    OFF_BATTLEFIELD,
    PLAYER_BASE,
    H,
    O,
    P,
    S,
    W,
)
from analyzer.kernel.player.ai_modes import pick_mode, targets_useful
from analyzer.kernel.player.ai_std import first_target
from analyzer.kernel.player.ai_tempo import opens_lethal
from analyzer.kernel.player.ai_tricks import (
    BITER,
    HELPED,
    REMOVED,
    dies,
    kills_in_fight,
    player_damage,
    pump_of,
    removed_by,
    top_entry_target,
)
from analyzer.kernel.rules.catalog import abilities_of, cards_of, has_op, steps_of, targets_of
from analyzer.kernel.rules.conditions import cond_holds
from analyzer.kernel.rules.stack import spell_ability, stack_top_entry
from analyzer.kernel.rules.target_choice import choose_targets
from analyzer.kernel.rules.targets import combat_damage_to, slot_start
from analyzer.kernel.rules.view import ob, pb
from analyzer.kernel.runtime.config import njit

# The least threat (threat_std) of p's creature worth a card to save: about a two-drop with a
# body (a three-drop is REMOVAL_WORTH, 40).
FLICKER_WORTH = 20


@njit
def exile_returns(C, card, ab, promised):
    """Does the card's spell ability ab, in this mode, return what it exiles at the next end
    step (only a CardFlag.TEMP_EXILE card's steps are read)?"""
    if cards_of(C)[card, CardCol.FLAGS] & CardFlag.TEMP_EXILE == 0 or ab < 0:
        return False
    abilities = abilities_of(C)
    steps = steps_of(C)
    s0 = abilities[ab, AbilCol.ST_START]
    for k in range(s0, s0 + abilities[ab, AbilCol.ST_COUNT]):
        if steps[k, StepCol.OP] != Op.RETURN_AT_END_STEP:
            continue
        # an undecided promise (-1) reads as not promised: the spell is cast without it
        if cond_holds(steps[k, StepCol.COND], 1 if promised == 1 else 0):
            return True
    return False


@njit
def flicker_saves(G, C, p):
    """The most valuable nontoken creature of p's (worth FLICKER_WORTH) that the opposing spell
    or ability on top of the stack would kill or remove (-1: none)."""
    return top_entry_target(G, C, p, 0, 0, REMOVED, FLICKER_WORTH)


@njit
def _damage_at(G, p, unblocked_only):
    """The combat damage the creatures attacking p deal p (unblocked_only: after blocks, the
    unblocked ones and tramplers)."""
    dmg = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.ATTACKING] != p + 1:
            continue
        if unblocked_only and G[ob(o) + O.BLOCKED] and (G[ob(o) + O.CUR_KW] & Keyword.TRAMPLE) == 0:
            continue
        dmg += player_damage(G, o)
    return dmg


@njit
def tempo_target(G, C, p, v, context):
    """Is exiling the opposing creature v until the end step worth the card now (context as in
    ai_cast._mode_useful)? See the module docstring."""
    cards = cards_of(C)
    b = ob(v)
    if (
        G[b + O.ZONE] != Zone.BATTLEFIELD
        or cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE == 0
    ):
        return False
    q = G[b + O.CTRL]
    if q == p:
        return False
    if context == 0:  # the blocker in front of a lethal attack
        return opens_lethal(G, cards, p, v)
    if context == 2 or context == 4:
        if G[b + O.ATTACKING] != p + 1 or (context == 2 and G[b + O.BLOCKED]):
            return False
        life = G[pb(p) + P.LIFE]
        return _damage_at(G, p, context == 2) >= life or 3 * player_damage(G, v) >= life
    return False


@njit
def flicker_useful(G, C, p, ab, promised, context):
    """_mode_useful for a mode of a TEMP_EXILE spell that returns what it exiles: in response
    (context 1) a flicker of the creature flicker_saves finds (W.FOCUS, negative, aims the
    spell's harmful group at it); else a tempo play on the chosen target (tempo_target)."""
    slots = G[W.USLOTS : W.USLOTS + MAX_TARGETS]
    if context == 1:
        v = flicker_saves(G, C, p)
        if v < 0:  # none of p's to save: the opposing creature a pump or a bite needs
            return answer_useful(G, C, p, ab, promised, True)
        if _aim(G, C, ab, p, promised, v) == 0:
            return True
        G[W.FOCUS] = 0
        return False
    if not targets_useful(G, C, ab, p, promised):
        return False
    v, _g = first_target(G, C, ab, slots, p)
    if v < 0 or v >= PLAYER_BASE:
        return False
    return tempo_target(G, C, p, v, context)


@njit
def _aim(G, C, ab, p, promised, v):
    """Choose the targets of p's spell ability ab with its harmful group aimed at v (W.FOCUS,
    negative: target_choice._score puts v first, and the cast aims there too): the local
    group whose first target is v; -1 (W.FOCUS cleared) when none is."""
    G[W.FOCUS] = -(v + 1)
    slots = G[W.USLOTS : W.USLOTS + MAX_TARGETS]
    zccs = G[W.UZCCS : W.UZCCS + MAX_TARGETS]
    if choose_targets(G, C, ab, p, promised, slots, zccs):
        targets = targets_of(C)
        tg0 = abilities_of(C)[ab, AbilCol.TG_START]
        for j in range(abilities_of(C)[ab, AbilCol.TG_COUNT]):
            s = slot_start(targets, tg0, j)
            if s < MAX_TARGETS and slots[s] == v:
                return j
    G[W.FOCUS] = 0
    return -1


@njit
def answer_useful(G, C, p, ab, promised, temporary):
    """Context 1, a removal spell: is it cast now at the opposing creature the spell on top
    of the stack helps (top_entry_target HELPED, worth it: answer_worth) or whose bite or
    fight in it kills one of p's creatures (BITER), the target chosen as a flicker's is
    (_aim)? Only when it kills or removes that creature now, before the spell resolves
    (ai_tricks.removed_by; a fight of p's, whose damage back is not weighed here, never
    answers). A temporary removal (temporary: a bounce, an exile until the end step) hands
    the creature back, so it answers only a spell alone on the stack: under a protection
    spell that answers p's own removal it would only spend a second card of p's on it."""
    if ab < 0 or has_op(C, ab, Op.FIGHT) or (temporary and G[H.STACK_N] > 1):
        return False
    v = top_entry_target(G, C, p, 0, 0, HELPED, 0)
    if v >= 0:
        if not answer_worth(G, C, p, v):
            return False
    else:
        v = top_entry_target(G, C, p, 0, 0, BITER, 0)
        if v < 0:
            return False
    g = _aim(G, C, ab, p, promised, v)
    if g < 0:
        return False
    if removed_by(G, C, W.USLOTS, ab, g, v):
        return True
    G[W.FOCUS] = 0
    return False


@njit
def answer_worth(G, C, p, v):
    """Is the opposing creature v, helped by the spell on top of the stack, worth p's removal
    in response? Not when it dies in its fight (a block) even pumped and kills nothing of
    p's there: the spell is wasted already. A token (a card spent on a Rabbit is a card
    lost) only when the pump would make it kill p's creature in its fight, or make the
    unblocked damage lethal to p; a nontoken otherwise (it and the spell: two cards)."""
    e = stack_top_entry(G)
    bp, bt, kw, _ = pump_of(C, G[e + S.CARD], G[e + S.PROMISED])
    kills = kills_in_fight(G, v, p, bp, kw)
    if dies(G, v, combat_damage_to(G, v), bt, kw) and not kills:
        return False
    if G[ob(v) + O.TOKEN] == 0 or kills:
        return True
    if G[ob(v) + O.ATTACKING] != p + 1 or G[ob(v) + O.BLOCKED]:
        return False
    gain = max(bp, 0) * (2 if (G[ob(v) + O.CUR_KW] | kw) & Keyword.DOUBLE_STRIKE else 1)
    return _damage_at(G, p, True) + gain >= G[pb(p) + P.LIFE]


@njit
def tempo_now(G, C, p, o):
    """Main phase 1: is o a TEMP_EXILE spell whose unpromised mode clears the blocker in front
    of a lethal attack (tempo_target)? Then the mana kept up for it (ai_std.mana_to_keep)
    goes now: the attack ends the game."""
    card = G[ob(o) + O.CARD]
    if cards_of(C)[card, CardCol.FLAGS] & CardFlag.TEMP_EXILE == 0 or G[H.PHASE] != Phase.MAIN1:
        return False
    ab = pick_mode(G, C, spell_ability(C, card), p, 0)
    return exile_returns(C, card, ab, 0) and flicker_useful(G, C, p, ab, 0, 0)

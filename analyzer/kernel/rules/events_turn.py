"""Triggers of the turn and of spells: beginning and end steps (with the delayed triggers set up
for them), attacks, combat damage to a player, spells cast, and becoming a target. Events of
zone changes, counters and controllers are in events.py, which queues every pending trigger.
"""

from __future__ import annotations

from analyzer.enums import (
    SPELL_BY_ANY,
    SPELL_BY_OPPONENT,
    SPELL_GENERAL,
    SPELL_NONCREATURE,
    TRIG_FILTER_MV_AT_LEAST,
    TRIG_FILTER_MV_BELOW_POWER,
    TRIG_FILTER_MV_SHIFT,
    TRIGGER_INSTANT_SORCERY,
    AbilCol,
    AbilityKind,
    CardCol,
    CardType,
    Cond,
    Zone,
)
from analyzer.kernel.layout import (
    DF,
    DK_EXILE_AT_END_STEP,
    DK_EXILED_UNTIL_END_STEP,
    DK_FLICKER_ON_DAMAGE,
    DK_RETURN_AT_END_STEP,
    DK_SPELL_CAST_UNTIL_NEXT_TURN,
    EXILE_AT_END_AB,
    MAX_DELAYED,
    MAX_EXILE,
    MAX_TARGETS,
    OFF_BATTLEFIELD,
    OFF_DELAYED,
    OFF_EXILE,
    OFF_TRIGGERS,
    PLAYER_BASE,
    SK_ABILITY,
    SK_DELAYED,
    TF,
    D,
    H,
    O,
    P,
    T,
)
from analyzer.kernel.rules.catalog import abilities_of, cards_of, has_kind
from analyzer.kernel.rules.conditions import (  # noqa: F401 (cond_holds, cond_ok re-exported)
    cond_holds,
    cond_ok,
    land_cond_ok,
)
from analyzer.kernel.rules.events import _fire_own, fire_controller_event
from analyzer.kernel.rules.state import (
    ERR_DELAYED,
    overflow,
    queue_trigger,
    set_trigger_amount,
)
from analyzer.kernel.rules.view import kind_seen, ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def fire_attacks(G, C, o):
    if has_kind(cards_of(C), G[ob(o) + O.CARD], AbilityKind.ATTACKS):
        _fire_own(G, C, o, AbilityKind.ATTACKS, G[ob(o) + O.CTRL], o)
    # "Whenever a creature you control [with a +1/+1 counter on it] attacks" (trigger object: o)
    fire_controller_event(G, C, G[ob(o) + O.CTRL], AbilityKind.CREATURE_ATTACKS, o)


@njit
def fire_combat_damage_player(G, C, o, amount):
    """o dealt `amount` combat damage to a player: its own triggers ("create that many
    Treasure tokens": the trigger's amount, XCount.THAT_MANY) and its controller's."""
    first = G[H.TRIG_N]
    if has_kind(cards_of(C), G[ob(o) + O.CARD], AbilityKind.COMBAT_DAMAGE_PLAYER):
        _fire_own(G, C, o, AbilityKind.COMBAT_DAMAGE_PLAYER, G[ob(o) + O.CTRL], o)
    set_trigger_amount(G, first, amount)
    # "whenever a creature you control deals combat damage to a player" (trigger object: o)
    fire_controller_event(G, C, G[ob(o) + O.CTRL], AbilityKind.CREATURE_COMBAT_DAMAGE, o)
    # "whenever that creature deals combat damage this turn" (a delayed trigger of its own)
    for i in range(G[H.DELAYED_N]):
        d = OFF_DELAYED + i * DF
        if (
            G[d + D.KIND] == DK_FLICKER_ON_DAMAGE
            and G[d + D.OBJ] == o
            and G[d + D.ZCC] == G[ob(o) + O.ZCC]
            and G[d + D.TURN] == G[H.TURN]
        ):
            queue_trigger(G, o, -1, G[d + D.CTRL], o, SK_DELAYED)


@njit
def fire_begin_step(G, C, active, step):
    """Beginning-of-step triggers (UPKEEP abilities, TRIG_PARAM): step 0, the active player's
    upkeep: "your upkeep" (0) of the active player's permanents, "each opponent's upkeep"
    (1) of the others' and "each upkeep" (6) of everyone's; step 2, the active player's draw
    step: "your draw step" (2) and "each opponent's draw step" (5) of the others'; 3 and 4
    the active player's second and first main phases (3, 4)."""
    if not kind_seen(G, AbilityKind.UPKEEP):
        return
    cards = cards_of(C)
    abilities = abilities_of(C)
    for i in range(G[H.BF_N]):
        q = G[OFF_BATTLEFIELD + i]
        if G[ob(q) + O.PHASED]:
            continue
        qc = G[ob(q) + O.CARD]
        if not has_kind(cards, qc, AbilityKind.UPKEEP):
            continue
        ctrl = G[ob(q) + O.CTRL]
        mine = ctrl == active
        a0 = cards[qc, CardCol.AB_START]
        for a in range(a0, a0 + cards[qc, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.UPKEEP:
                continue
            tp = abilities[a, AbilCol.TRIG_PARAM]
            if not (
                (step == 0 and ((tp == 0 and mine) or (tp == 1 and not mine) or tp == 6))
                or (step >= 2 and tp == step and mine)
                or (step == 2 and tp == 5 and not mine)  # "each opponent's draw step"
            ):
                continue
            if abilities[a, AbilCol.COND] != Cond.ALWAYS and not cond_ok(
                G, C, abilities[a, AbilCol.COND], G[ob(q) + O.PROMISED], ctrl, 0
            ):
                continue
            if abilities[a, AbilCol.ONCE_EACH_TURN]:  # "triggers only once each turn"
                if G[ob(q) + O.ONCE_TURN] == G[H.TURN]:
                    continue
                G[ob(q) + O.ONCE_TURN] = G[H.TURN]
            queue_trigger(G, q, a, ctrl, -1, SK_ABILITY)


@njit
def fire_spell_cast(G, C, p, o, noncreature, spent_before, spent_after, nth):
    """p cast spell o (its nth spell this turn; its mana took p's total spent on spells this
    turn from spent_before to spent_after): "whenever you cast a noncreature spell" (prowess),
    "whenever you expend N" (the Nth total mana spent on spells this turn), and "whenever
    you cast / a player casts their second spell each turn"."""
    # "until the end of your next turn, whenever you cast a spell" (a delayed trigger of its
    # own: its source may be anywhere by now, 603.7c)
    for i in range(G[H.DELAYED_N]):
        d = OFF_DELAYED + i * DF
        if G[d + D.KIND] == DK_SPELL_CAST_UNTIL_NEXT_TURN and G[d + D.CTRL] == p:
            queue_trigger(G, G[d + D.OBJ], G[d + D.A], p, o, SK_ABILITY)
    if kind_seen(G, AbilityKind.FIRST_SPELL_CAST):
        _fire_first_spell_cast(G, C, p, o)
    cards = cards_of(C)
    abilities = abilities_of(C)
    kinds = (
        (1 << AbilityKind.SECOND_SPELL)
        | (1 << AbilityKind.NONCREATURE_SPELL)
        | (1 << AbilityKind.EXPEND)
    )
    if (G[H.KINDS_SEEN] & kinds) == 0:
        return  # no permanent with such an ability ever entered the battlefield
    for i in range(G[H.BF_N]):
        q = G[OFF_BATTLEFIELD + i]
        b = ob(q)
        if G[b + O.PHASED]:
            continue
        ctrl = G[b + O.CTRL]
        qc = G[b + O.CARD]
        if (cards[qc, CardCol.AB_KINDS] & kinds) == 0:
            continue
        a0 = cards[qc, CardCol.AB_START]
        for a in range(a0, a0 + cards[qc, CardCol.AB_COUNT]):
            k = abilities[a, AbilCol.KIND]
            tp = abilities[a, AbilCol.TRIG_PARAM]
            hit = False
            if k == AbilityKind.SECOND_SPELL:
                # tp 1: "a player casts their second spell", 2: "an opponent casts ..."
                hit = nth == 2 and ((ctrl == p and tp != 2) or (tp >= 1 and ctrl != p))
            elif k == AbilityKind.NONCREATURE_SPELL and (ctrl == p or tp & SPELL_GENERAL):
                if tp & SPELL_GENERAL:  # `spell_cast`: who casts what
                    hit = _spell_cast_hits(tp, ctrl, p, cards[G[ob(o) + O.CARD], CardCol.TYPES])
                    want = abilities[a, AbilCol.COND_SUBTYPES]  # "a Lizard spell"
                    if want != 0 and (cards[G[ob(o) + O.CARD], CardCol.SUBTYPES] & want) == 0:
                        hit = False
                    filt = abilities[a, AbilCol.TRIG_FILTER]
                    if filt & TRIG_FILTER_MV_AT_LEAST and _spell_mv(G, cards, o) < (
                        (filt >> TRIG_FILTER_MV_SHIFT) & 255
                    ):
                        hit = False  # "with mana value N or greater"
                    if (
                        filt & TRIG_FILTER_MV_BELOW_POWER
                        and _spell_mv(G, cards, o) >= G[b + O.CUR_P]
                    ):
                        hit = False  # "with mana value less than this creature's power"
                elif tp & TRIGGER_INSTANT_SORCERY:  # "an instant or sorcery spell"
                    hit = (
                        cards[G[ob(o) + O.CARD], CardCol.TYPES]
                        & (CardType.INSTANT | CardType.SORCERY)
                    ) != 0
                else:  # "a noncreature or Otter spell": TRIG_PARAM, the subtypes that count too
                    hit = noncreature or (
                        tp != 0 and (cards[G[ob(o) + O.CARD], CardCol.SUBTYPES] & tp) != 0
                    )
                if hit and abilities[a, AbilCol.ONCE_EACH_TURN]:
                    if G[b + O.ONCE_TURN] == G[H.TURN]:
                        hit = False  # "This ability triggers only once each turn"
                    else:
                        G[b + O.ONCE_TURN] = G[H.TURN]
            elif ctrl == p and k == AbilityKind.EXPEND:
                hit = spent_before < tp <= spent_after
            if hit and (
                abilities[a, AbilCol.COND] == Cond.ALWAYS
                or cond_ok(G, C, abilities[a, AbilCol.COND], G[b + O.PROMISED], ctrl, 0)
            ):
                queue_trigger(G, q, a, ctrl, o, SK_ABILITY)


@njit
def _spell_mv(G, cards, o):
    """The mana value of spell o on the stack: its X counts (202.3b)."""
    card = G[ob(o) + O.CARD]
    return cards[card, CardCol.MV] + cards[card, CardCol.COST_X] * G[ob(o) + O.X_PAID]


@njit
def _fire_first_spell_cast(G, C, p, o):
    """p cast spell o: "Whenever you cast a spell, if it's the first instant spell, the first
    sorcery spell, or the first Otter spell other than [this] you've cast this turn" (an
    intervening if, 603.4, that stays true once true). P.TYPES_CAST_TURN and
    P.SUBTYPES_CAST_TURN hold what p cast before o (note_spell_cast adds o after this)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    card = G[ob(o) + O.CARD]
    new_types = cards[card, CardCol.TYPES] & ~G[pb(p) + P.TYPES_CAST_TURN]
    new_subtypes = cards[card, CardCol.SUBTYPES] & ~G[pb(p) + P.SUBTYPES_CAST_TURN]
    for i in range(G[H.BF_N]):
        q = G[OFF_BATTLEFIELD + i]
        b = ob(q)
        if G[b + O.PHASED] or G[b + O.CTRL] != p:
            continue
        qc = G[b + O.CARD]
        if not has_kind(cards, qc, AbilityKind.FIRST_SPELL_CAST):
            continue
        a0 = cards[qc, CardCol.AB_START]
        for a in range(a0, a0 + cards[qc, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.FIRST_SPELL_CAST:
                continue
            # "other than [this]": a spell of this card is never its first Otter spell
            if (new_types & abilities[a, AbilCol.TRIG_PARAM]) != 0 or (
                qc != card and (new_subtypes & abilities[a, AbilCol.COND_SUBTYPES]) != 0
            ):
                queue_trigger(G, q, a, p, o, SK_ABILITY)


@njit
def note_spell_cast(G, C, p, o):
    """Add p's spell o to what p cast this turn (P.TYPES_CAST_TURN, P.SUBTYPES_CAST_TURN); a
    card with a FIRST_SPELL_CAST ability leaves the subtypes out: "the first Otter spell other
    than [this]" (exact while that card is the only such card)."""
    cards = cards_of(C)
    card = G[ob(o) + O.CARD]
    G[pb(p) + P.TYPES_CAST_TURN] |= cards[card, CardCol.TYPES]
    if not has_kind(cards, card, AbilityKind.FIRST_SPELL_CAST):
        G[pb(p) + P.SUBTYPES_CAST_TURN] |= cards[card, CardCol.SUBTYPES]


@njit
def _spell_cast_hits(tp, ctrl, caster, spell_types):
    """Does a spell_cast ability (TRIG_PARAM tp) of ctrl's trigger on caster's spell?"""
    if tp & SPELL_BY_ANY:
        pass
    elif tp & SPELL_BY_OPPONENT:
        if caster == ctrl:
            return False
    elif caster != ctrl:
        return False
    if tp & SPELL_NONCREATURE:
        return (spell_types & CardType.CREATURE) == 0
    want = tp & (SPELL_BY_OPPONENT - 1)  # the CardType mask
    return want == 0 or (spell_types & want) != 0


@njit
def fire_targeted(G, C, p, slots):
    """Permanents p controls that just became targets of p's spell or ability: valiant
    triggers the first time each turn (per object: a new object may trigger again). A creature
    of an opponent of p that became a target: "Whenever a creature you control becomes the
    target of a spell or ability an opponent controls" (once per creature, however many of
    the targets it is: Pawpatch Recruit's ruling)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    for k in range(MAX_TARGETS):
        v = slots[k]
        if v < 0 or v >= PLAYER_BASE:
            continue
        b = ob(v)
        if (
            G[b + O.ZONE] == Zone.BATTLEFIELD
            and G[b + O.CTRL] != p
            and kind_seen(G, AbilityKind.TARGETED_BY_OPPONENT)
            and cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE
        ):
            first = True
            for j in range(k):
                if slots[j] == v:
                    first = False
            if first:
                fire_controller_event(G, C, G[b + O.CTRL], AbilityKind.TARGETED_BY_OPPONENT, v)
        if (
            G[b + O.ZONE] != Zone.BATTLEFIELD
            or G[b + O.CTRL] != p
            or G[b + O.VALIANT_TURN] == G[H.TURN]
        ):
            continue
        card = G[b + O.CARD]
        a0 = cards[card, CardCol.AB_START]
        for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] == AbilityKind.VALIANT:
                G[b + O.VALIANT_TURN] = G[H.TURN]
                if cond_ok(G, C, abilities[a, AbilCol.COND], G[b + O.PROMISED], p, 0):
                    queue_trigger(G, v, a, p, v, SK_ABILITY)


@njit
def fire_end_step(G, C):
    """At the beginning of the end step: "each end step" and the active player's "your end
    step" abilities, then delayed triggers waiting for the next end step."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    active = G[H.ACTIVE]
    n_bf = G[H.BF_N] if kind_seen(G, AbilityKind.END_STEP) else 0
    for i in range(n_bf):
        q = G[OFF_BATTLEFIELD + i]
        if G[ob(q) + O.PHASED]:
            continue
        ctrl = G[ob(q) + O.CTRL]
        qc = G[ob(q) + O.CARD]
        if not has_kind(cards, qc, AbilityKind.END_STEP):
            continue
        a0 = cards[qc, CardCol.AB_START]
        for a in range(a0, a0 + cards[qc, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.END_STEP:
                continue
            if abilities[a, AbilCol.TRIG_PARAM] == 1 and ctrl != active:
                continue
            if abilities[a, AbilCol.COND] != Cond.ALWAYS and not cond_ok(
                G, C, abilities[a, AbilCol.COND], G[ob(q) + O.PROMISED], ctrl, 0
            ):
                continue
            queue_trigger(G, q, a, ctrl, -1, SK_ABILITY)
    # delayed triggers fire once, then are gone ("this turn" ones end here too: no combat
    # damage is dealt after the end step); the ones lasting until a later cleanup stay
    n = G[H.DELAYED_N]
    kept = 0
    for i in range(n):
        d = OFF_DELAYED + i * DF
        if G[d + D.KIND] == DK_SPELL_CAST_UNTIL_NEXT_TURN or (
            G[d + D.KIND] == DK_EXILED_UNTIL_END_STEP
            and (G[d + D.CTRL] != active or G[pb(active) + P.TURNS] < G[d + D.TURN])
        ):
            _keep_delayed(G, i, kept)
            kept += 1
            continue
        if G[d + D.KIND] == DK_EXILED_UNTIL_END_STEP:
            # "until your next end step": the permission ends as it begins; the trigger
            # (T.AB -tag) counts the cards still exiled as it resolves
            _end_tagged_permissions(G, G[d + D.A])
            queue_trigger(G, G[d + D.OBJ], -G[d + D.A], G[d + D.CTRL], -1, SK_DELAYED)
            continue
        if G[d + D.KIND] != DK_RETURN_AT_END_STEP and G[d + D.KIND] != DK_EXILE_AT_END_STEP:
            continue
        # T.AB carries the kind's parameter (counters; EXILE_AT_END_AB: exile it); T.ZCC the
        # zcc the object must still have
        ab = G[d + D.A] if G[d + D.KIND] == DK_RETURN_AT_END_STEP else EXILE_AT_END_AB
        queue_trigger(G, G[d + D.OBJ], ab, G[d + D.CTRL], -1, SK_DELAYED)
        G[OFF_TRIGGERS + (G[H.TRIG_N] - 1) * TF + T.ZCC] = G[d + D.ZCC]
    G[H.DELAYED_N] = kept


@njit
def _end_tagged_permissions(G, tag):
    """The cards exiled with tag (O.PLAY_UNTIL) can no longer be played; they keep the tag."""
    for q in range(G[H.NPLAYERS]):
        for i in range(G[pb(q) + P.EXILE_N]):
            b = ob(G[OFF_EXILE + q * MAX_EXILE + i])
            if G[b + O.PLAY_UNTIL] == tag:
                G[b + O.CAST_BY] = 0


@njit
def _keep_delayed(G, i, j):
    """Move delayed trigger i to slot j (j <= i)."""
    if i != j:
        for f in range(DF):
            G[OFF_DELAYED + j * DF + f] = G[OFF_DELAYED + i * DF + f]


@njit
def end_delayed_until_next_turn(G):
    """Cleanup: the delayed triggers lasting "until the end of your next turn" whose turn
    this is end (514.2)."""
    active = G[H.ACTIVE]
    kept = 0
    for i in range(G[H.DELAYED_N]):
        d = OFF_DELAYED + i * DF
        if (
            G[d + D.KIND] == DK_SPELL_CAST_UNTIL_NEXT_TURN
            and G[d + D.CTRL] == active
            and G[pb(active) + P.TURNS] >= G[d + D.TURN]
        ):
            continue
        _keep_delayed(G, i, kept)
        kept += 1
    G[H.DELAYED_N] = kept


@njit
def add_delayed(G, kind, o, ctrl, a, turn):
    n = G[H.DELAYED_N]
    if n >= MAX_DELAYED:
        overflow(G, ERR_DELAYED)
        return
    d = OFF_DELAYED + n * DF
    G[d + D.KIND] = kind
    G[d + D.OBJ] = o
    G[d + D.ZCC] = G[ob(o) + O.ZCC]
    G[d + D.CTRL] = ctrl
    G[d + D.A] = a
    G[d + D.TURN] = turn
    G[H.DELAYED_N] = n + 1


@njit
def fire_dealt_damage(G, C, o, amount, combat):
    """ "Whenever this creature is dealt damage" (AbilityKind.DEALT_DAMAGE): one trigger per
    damage event, carrying the damage dealt ("draw that many cards", counted past lethal).
    Combat damage is dealt at once (510.2): several creatures striking o in one step make one
    trigger for the total, its pending trigger taking the later amounts."""
    if not kind_seen(G, AbilityKind.DEALT_DAMAGE):
        return
    cards = cards_of(C)
    card = G[ob(o) + O.CARD]
    if not has_kind(cards, card, AbilityKind.DEALT_DAMAGE):
        return
    if combat:
        for i in range(G[H.TRIG_N]):
            t = OFF_TRIGGERS + i * TF
            if (
                G[t + T.OBJ] == o
                and G[t + T.ZCC] == G[ob(o) + O.ZCC]
                and G[t + T.AB] >= 0
                and abilities_of(C)[G[t + T.AB], AbilCol.KIND] == AbilityKind.DEALT_DAMAGE
            ):
                G[t + T.TRIG_ZCC] += amount  # the same combat damage event
                return
    first = G[H.TRIG_N]
    _fire_own(G, C, o, AbilityKind.DEALT_DAMAGE, G[ob(o) + O.CTRL], o)
    set_trigger_amount(G, first, amount)


@njit
def fire_opponent_attacks(G, C, p):
    """p attacked: "Whenever an opponent attacks with creatures" of every other player's
    permanents (its intervening "if", 603.4, reads what attacks whom)."""
    if not kind_seen(G, AbilityKind.OPPONENT_ATTACKS):
        return
    for q in range(G[H.NPLAYERS]):
        if q != p and G[pb(q) + P.LOST] == 0:
            fire_controller_event(G, C, q, AbilityKind.OPPONENT_ATTACKS, -1)

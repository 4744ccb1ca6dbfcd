"""Whether and what the built-in player casts: the castable cards in the order tried, and the
check that a card (in the mode chosen) is worth casting in a context: 0 main phase, 1 response
to the top of the stack, 2 combat after blocks, 3 an opponent's end step.

The basic player's rules (CardCol.AI_ROLE_BASIC) are here, kept exactly; the standard player
branches at the top of may_help and _mode_useful into kernel/player/ai_std.py. When to look
(main phase, priority windows) is kernel/player/ai.py.
"""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    AbilityKind,
    AiRole,
    CardCol,
    CardFlag,
    CardType,
    ExtraCost,
    Op,
    Phase,
    PlayerLevel,
    Zone,
)
from analyzer.kernel.layout import (
    MAX_EXILE,
    MAX_TARGETS,
    OFF_EXILE,
    PLAYER_BASE,
    SK_SPELL,
    H,
    O,
    P,
    S,
    W,
)
from analyzer.kernel.player.ai_block import ambush_worth, removal_before_blocks
from analyzer.kernel.player.ai_cast_order import payoff_first
from analyzer.kernel.player.ai_entry import entry_removal, entry_removal_finds_target
from analyzer.kernel.player.ai_flash import (
    shield_saves,
    tapper_at_their_combat,
    tapper_waits,
    taps_on_entry,
)
from analyzer.kernel.player.ai_flicker import answer_useful, exile_returns, flicker_useful
from analyzer.kernel.player.ai_impulse import expires_this_turn
from analyzer.kernel.player.ai_modes import chose_any, pick_mode, targets_useful
from analyzer.kernel.player.ai_std import (
    after_combat,
    late_game,
    removal_worth,
    role_may_help,
)
from analyzer.kernel.player.ai_sweep import attackers_only, sweep_kills
from analyzer.kernel.player.ai_tricks import (
    spell_flips_fight,
    trick_focus,
    trick_saves,
    valiant_focus,
)
from analyzer.kernel.player.ai_value import (
    deck_state,
    deck_value,
)
from analyzer.kernel.player.choices import cost_fodder
from analyzer.kernel.rules.catalog import abilities_of, cards_of, does_nothing, has_op
from analyzer.kernel.rules.cost_reduction import (
    cheaper_at_tapped,
    cost_reduction,
    opp_tapped_creature,
)
from analyzer.kernel.rules.costs import base_cost, commander_tax, extra_cost_payable
from analyzer.kernel.rules.mana import (
    MAX_SOURCES,
    collect_sources,
)
from analyzer.kernel.rules.mana_fits import counted_fits, simple_sources
from analyzer.kernel.rules.mana_plan import plan_spell
from analyzer.kernel.rules.stack import (
    cast_finish,
    mode_options,
    request_decision,
    spell_ability,
    stack_top_entry,
    top_threat,
)
from analyzer.kernel.rules.statics_global import noncreature_flash
from analyzer.kernel.rules.targets import threat
from analyzer.kernel.rules.view import graveyard_at, hand_at, ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit
from analyzer.policies.decide import decide_gift

MAX_CAND = 64


@njit
def _board_value(G, C, p):
    cards = cards_of(C)
    s = 0
    for i in range(own_n(G, p)):
        o = own_at(G, p, i)
        if G[ob(o) + O.PHASED] == 0 and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE:
            s += threat(G, cards, o)
    return s


@njit
def _opp_board_value(G, C, p):
    s = 0
    for q in range(G[H.NPLAYERS]):
        if q != p and G[pb(q) + P.LOST] == 0:
            s += _board_value(G, C, q)
    return s


@njit
def _opp_hand(G, p):
    s = 0
    for q in range(G[H.NPLAYERS]):
        if q != p and G[pb(q) + P.LOST] == 0:
            s += G[pb(q) + P.HAND_N]
    return s


@njit
def _mode_useful(G, C, p, o, promised, context):
    """Is casting o (in this mode) worth it now? context: 0 main phase, 1 response to the top
    of the stack, 2 combat after blocks, 3 opponent's end step, 4 declare attackers when p is
    attacked (the standard player only)."""
    if does_nothing(C, spell_ability(C, G[ob(o) + O.CARD])):
        return False  # its effect is not modeled: cast, it would pay for nothing
    if G[pb(p) + P.LEVEL] != PlayerLevel.BASIC:
        return _mode_useful_standard(G, C, p, o, promised, context)
    cards = cards_of(C)
    card = G[ob(o) + O.CARD]
    if not may_help(G, C, card, context, p):
        return False
    role = cards[card, CardCol.AI_ROLE_BASIC]
    ab = pick_mode(G, C, spell_ability(C, card), p, promised)  # a modal spell: its mode
    if context == 1:  # a counterspell or a protection spell
        if role == AiRole.COUNTER and top_threat(G, C, p) < 20:
            return False
        if role == AiRole.PROTECTION and not _top_targets_mine(G, C, p):
            return False
        return targets_useful(G, C, ab, p, promised)
    if role == AiRole.TRICK:  # after blocks
        return _has_creature_in_combat(G, p) and targets_useful(G, C, ab, p, promised)
    if context == 2:  # removal after blocks
        return targets_useful(G, C, ab, p, promised)
    if context == 3:
        if role == AiRole.CARD_DRAW or role == AiRole.REMOVAL or role == AiRole.RECURSION:
            return targets_useful(G, C, ab, p, promised)
        return True  # flash creatures
    return _main_phase_useful(G, C, p, role, ab, promised)


@njit
def _mode_useful_standard(G, C, p, o, promised, context):
    """_mode_useful for the standard player (kernel/player/ai_std.py says when)."""
    cards = cards_of(C)
    card = G[ob(o) + O.CARD]
    role = cards[card, CardCol.AI_ROLE]
    # an impulse-drawn card whose permission ends this turn has no later window: the waits for
    # a better one (an opponent's end step, a bigger threat) lose the card (ai_impulse); a
    # trick, a counterspell or protection still waits for its fight or its spell this turn
    last = context != 1 and expires_this_turn(G, p, o)
    if not role_may_help(G, C, card, context, p) and not (
        last
        and context == 0
        and role != AiRole.TRICK
        and role != AiRole.COUNTER
        and role != AiRole.PROTECTION
    ):
        return False
    if (
        context == 0
        and G[H.PHASE] == Phase.MAIN1
        and cards[card, CardCol.FLAGS] & CardFlag.FAST
        and cards[card, CardCol.TYPES] & CardType.CREATURE
        and (not taps_on_entry(C, card) or tapper_waits(G, C, p))
        and not last
    ):
        # a flash creature waits (role_may_help); a tapper only for an opponent's beginning of
        # combat when it buys no attack now (ai_flash)
        return False
    if (
        context == 0
        and G[H.PHASE] == Phase.MAIN1
        and cards[card, CardCol.TYPES] & CardType.CREATURE
        and after_combat(G, C, p, card)
    ):
        return False  # "enters with a counter if an opponent lost life": after the attack
    ab = pick_mode(G, C, spell_ability(C, card), p, promised)  # a modal spell: its mode
    if exile_returns(C, card, ab, promised):
        return flicker_useful(G, C, p, ab, promised, context)  # removal until the end step
    if context == 5:  # an opponent's beginning of combat: a tapper taps their attackers
        return tapper_at_their_combat(G, C, p, card)
    if context == 4:  # declare attackers, p attacked (kernel/player/ai_block.py)
        if role == AiRole.SWEEPER:  # one that returns the attackers (role_may_help)
            mine, theirs = sweep_kills(G, C, p, ab, promised)
            return theirs > mine + 15 and targets_useful(G, C, ab, p, promised)
        if role != AiRole.REMOVAL:
            return ambush_worth(G, C, p, card)
        slots = G[W.USLOTS : W.USLOTS + MAX_TARGETS]
        return (
            targets_useful(G, C, ab, p, promised)
            and removal_before_blocks(G, C, p, ab, slots)
            and removal_worth(G, C, p, ab, slots, context, promised, last)
        )
    if context == 1:  # a counterspell, a protection spell, a trick that saves the target
        if role == AiRole.COUNTER:
            if top_threat(G, C, p) < 20:
                return False
        elif role == AiRole.PROTECTION:
            if not _top_targets_mine(G, C, p) and not _top_sweeps_mine(G, C, p):
                return False
        elif role == AiRole.REMOVAL:
            # at the creature an opposing pump is cast on or that bites one of p's, killed
            # (or bounced) before the spell resolves
            return answer_useful(G, C, p, ab, promised, has_op(C, ab, Op.BOUNCE))
        elif role == AiRole.PERMANENT:  # a flash creature whose enters trigger shields
            return shield_saves(G, C, p, card) >= 0  # the creature the top of the stack aims at
        else:  # a trick: only when it saves the creature (a pump against exile does not)
            saved = trick_saves(G, C, p, card, promised)
            if saved < 0:
                return False
            G[W.FOCUS] = saved + 1  # the target choice (target_choice._help_score) reads it
        return targets_useful(G, C, ab, p, promised)
    if role == AiRole.PROTECTION:  # after blocks: indestructible that saves a creature
        return trick_focus(G, C, p, card, promised) >= 0 and targets_useful(G, C, ab, p, promised)
    if role == AiRole.TRICK:  # after blocks, when it flips a fight; main 1: valiant
        focus = (
            trick_focus(G, C, p, card, promised) if context == 2 else valiant_focus(G, C, p, card)
        )
        if focus < 0:
            return False
        G[W.FOCUS] = focus + 1  # the target choice (target_choice._help_score) reads it
        return targets_useful(G, C, ab, p, promised)
    if context == 2 and role == AiRole.CARD_DRAW:
        # after blocks: an instant draw spell whose own trigger on p's creature in a fight
        # (prowess, Tempest Angler) flips that fight (role_may_help)
        return spell_flips_fight(G, C, p) >= 0 and targets_useful(G, C, ab, p, promised)
    if role == AiRole.REMOVAL:
        if not targets_useful(G, C, ab, p, promised):
            return False
        slots = G[W.USLOTS : W.USLOTS + MAX_TARGETS]
        return removal_worth(G, C, p, ab, slots, context, promised, last)
    etb = entry_removal(C, card) if role == AiRole.PERMANENT else -1
    if etb >= 0:  # Banishing Light: not into a board its enters trigger finds no target on
        return entry_removal_finds_target(G, C, p, etb, promised)
    if role == AiRole.RECURSION and ab >= 0 and abilities_of(C)[ab, AbilCol.TG_COUNT] > 0:
        # "return up to two target creature cards": with none to return the card is wasted
        # (Dewdrop Cure has nothing else; Hazel's Nocturne's drain alone is not worth a card)
        return targets_useful(G, C, ab, p, promised) and (
            chose_any(G[W.USLOTS : W.USLOTS + MAX_TARGETS]) or late_game(G)
        )
    if context == 3 and (role == AiRole.TOKENS or role == AiRole.PERMANENT):
        return True  # flash creatures, instant token makers
    return _main_phase_useful(G, C, p, role, ab, promised)


@njit
def _main_phase_useful(G, C, p, role, ab, promised):
    """The main-phase test both levels share: a sweeper when it kills more of theirs, a hand
    attack while they hold cards, anything else when its targets are worth choosing."""
    if role == AiRole.SWEEPER:
        if ab >= 0 and attackers_only(C, ab):
            return False  # no attackers in a main phase: cast as p is attacked (context 4)
        if G[pb(p) + P.LEVEL] != PlayerLevel.BASIC:
            mine, theirs = sweep_kills(G, C, p, ab, promised)
            return theirs > mine + 15 and targets_useful(G, C, ab, p, promised)
        return _opp_board_value(G, C, p) > _board_value(G, C, p) + 15 and targets_useful(
            G, C, ab, p, promised
        )
    if role == AiRole.DISRUPTION:
        return _opp_hand(G, p) > 0 and targets_useful(G, C, ab, p, promised)
    return targets_useful(G, C, ab, p, promised)


@njit
def _top_sweeps_mine(G, C, p):
    """Is the top of the stack an opponent's sweeper while p has creatures?"""
    e = stack_top_entry(G)
    if e < 0 or G[e + S.CTRL] == p or G[e + S.KIND] != SK_SPELL:
        return False
    card = G[ob(G[e + S.OBJ]) + O.CARD]
    return cards_of(C)[card, CardCol.AI_ROLE] == AiRole.SWEEPER and _board_value(G, C, p) > 0


@njit(inline_in_entry=True)  # tiny and on the priority hot path
def may_help(G, C, card, context, p):
    """Could this card be worth casting in this context, from its role alone (before any
    target is looked at)? The first test of _mode_useful, and a cheap filter on its own."""
    if G[pb(p) + P.LEVEL] != PlayerLevel.BASIC:
        return role_may_help(G, C, card, context, p)
    cards = cards_of(C)
    role = cards[card, CardCol.AI_ROLE_BASIC]
    if context == 1:  # responding to the top of the stack
        return role == AiRole.COUNTER or role == AiRole.PROTECTION
    if role == AiRole.COUNTER or role == AiRole.PROTECTION:
        return False
    if role == AiRole.TRICK:
        return context == 2
    if context == 2:  # after blocks
        return role == AiRole.REMOVAL
    if context == 3:  # an opponent's end step
        if role == AiRole.CARD_DRAW or role == AiRole.REMOVAL or role == AiRole.RECURSION:
            return True
        return (cards[card, CardCol.TYPES] & CardType.CREATURE) != 0  # flash creatures
    if (
        role == AiRole.CARD_DRAW
        and (cards[card, CardCol.TYPES] & CardType.INSTANT)
        and G[H.PHASE] == Phase.MAIN1
    ):
        return False  # instant draw waits for the opponent's end step
    return True


@njit
def _top_targets_mine(G, C, p):
    e = stack_top_entry(G)
    if e < 0 or G[e + S.CTRL] == p:
        return False
    for i in range(MAX_TARGETS):
        v = G[e + S.T0 + i]
        if (
            0 <= v < PLAYER_BASE
            and G[ob(v) + O.ZONE] == Zone.BATTLEFIELD
            and G[ob(v) + O.CTRL] == p
        ):
            return True
    return False


@njit
def _has_creature_in_combat(G, p):
    for i in range(own_n(G, p)):
        o = own_at(G, p, i)
        if G[ob(o) + O.ATTACKING] or G[ob(o) + O.BLOCKING]:
            return True
    return False


@njit
def _flash_granted(G, C, p, types):
    """May p cast a spell of card types `types` as though it had flash ("You may cast
    noncreature spells as though they had flash", static_noncreature_flash)?"""
    return (types & CardType.CREATURE) == 0 and noncreature_flash(G, C, p)


@njit
def _can_cast_now(G, C, p, o, sorcery_ok, masks, kinds, n_src, use, simple):
    """Timing, extra cost and mana (against p's sources, collected once by the caller; simple:
    mana_fits.simple_sources of them)."""
    cards = cards_of(C)
    card = G[ob(o) + O.CARD]
    t = cards[card, CardCol.TYPES]
    if t & CardType.LAND:
        return False
    if not sorcery_ok and (cards[card, CardCol.FLAGS] & CardFlag.FAST) == 0:
        if not _flash_granted(G, C, p, t):
            return False
    reduction = -commander_tax(G, p, o)
    if (cards[card, CardCol.AB_KINDS] >> AbilityKind.COST_REDUCTION) & 1 or (
        G[H.KINDS_SEEN] >> AbilityKind.SPELLS_COST_LESS
    ) & 1:
        reduction += cost_reduction(G, C, p, card)
        if (
            G[pb(p) + P.LEVEL] != PlayerLevel.BASIC
            and cheaper_at_tapped(C, card)
            and opp_tapped_creature(G, cards, p)
        ):
            reduction += 1  # aimed at that creature (target_choice.TAPPED_TARGET)
    if cards[card, CardCol.EXTRA_COST] == ExtraCost.SAC_NONLAND_REDUCE:
        reduction += cost_fodder(G, C, p)[0]  # the most it would sacrifice (costs.sac_reduction)
    from_gy = G[ob(o) + O.ZONE] == Zone.GRAVEYARD  # flashback: its own cost (702.34a)
    if not from_gy and cards[card, CardCol.MV] - reduction > n_src:
        return False
    if cards[card, CardCol.EXTRA_COST] != ExtraCost.NONE and not extra_cost_payable(G, C, p, o):
        return False
    if (
        cards[card, CardCol.EXTRA_COST] == ExtraCost.SAC_ARTIFACT_OR_CREATURE
        and G[pb(p) + P.LEVEL] != PlayerLevel.BASIC
        and cost_fodder(G, C, p)[0] == 0
    ):
        return False  # "sacrifice an artifact or creature": only a token it gives up cheaply
    colored = G[W.ACOLOR : W.ACOLOR + 5]
    generic = max(base_cost(G, C, o, colored) - reduction, 0)
    any_type = (
        G[ob(o) + O.ZONE] == Zone.EXILE
        and G[ob(o) + O.CAST_BY] == p + 1
        and G[ob(o) + O.PLAY_UNTIL] == 0  # an impulse-drawn card costs its own mana
    )
    if cards[card, CardCol.HYBRID_N] == 0 and not any_type:
        fits = counted_fits(masks, kinds, n_src, simple, generic, colored)
        if fits >= 0:
            return fits == 1  # plan_spell's answer, unplanned
    return plan_spell(masks, kinds, n_src, cards, card, generic, colored, any_type, use)


@njit
def try_cast(G, C, pol, p, o, context):
    """Cast o if some legal mode is useful. Both modes legal and useful: a pending decision.
    Returns True if the cast started (or a decision is pending)."""
    if not may_help(G, C, G[ob(o) + O.CARD], context, p) and not expires_this_turn(G, p, o):
        return False  # _mode_useful says no for both modes whatever the targets
    plain, promise = mode_options(G, C, p, o)
    # each mode's judgement may name the creature it is for (W.FOCUS: a trick's, a flicker's):
    # kept apart, so the mode cast aims where its own judgement did (a trick whose promised
    # mode saves the blocked creature, unpromised pumps the unblocked one for lethal)
    G[W.FOCUS] = 0
    plain = plain and _mode_useful(G, C, p, o, 0, context)
    focus_plain = G[W.FOCUS]
    G[W.FOCUS] = 0
    promise = promise and _mode_useful(G, C, p, o, 1, context)
    focus_promise = G[W.FOCUS]
    started = False
    if plain and promise:
        request_decision(G, p, o)
        G[H.PEND_FOCUS] = focus_plain  # engine.resolve_decision restores the chosen one
        G[H.PEND_FOCUS_PROMISED] = focus_promise
        started = True
    elif promise:
        # only the promised mode does something: the policy decides whether to cast at all
        want, recipient = decide_gift(G, C, pol, p, o)
        if want != 0:
            G[W.FOCUS] = focus_promise
            started = cast_finish(G, C, p, o, 1, recipient)
    elif plain:
        G[W.FOCUS] = focus_plain
        started = cast_finish(G, C, p, o, 0, -1)
    G[W.FOCUS] = 0  # a trick's creature (standard player) is chosen by now
    return started


@njit
def collect_castables(G, C, p, sorcery_ok, out):
    """Hand cards, and exiled cards p may cast (Cruelclaw's Heist), castable now; sorted by
    mana value, most expensive first, then by value (the standard player's on its board and
    hand, ai_value.deck_value); the values, in the same order, in W.CAST_VALUE."""
    cards = cards_of(C)
    n = 0
    if G[H.NO_SPELLS_TURN] == G[H.TURN]:
        return 0
    masks = G[W.SRC_MASK : W.SRC_MASK + MAX_SOURCES]
    objs = G[W.SRC_OBJ : W.SRC_OBJ + MAX_SOURCES]
    kinds = G[W.SRC_KIND : W.SRC_KIND + MAX_SOURCES]
    use = G[W.SRC_USE : W.SRC_USE + MAX_SOURCES]
    n_src = collect_sources(G, cards, abilities_of(C), p, masks, objs, kinds)
    if n_src == 0:
        return 0
    # for mana.pay_spell, if no other collection (can_pay_spell clears it) comes first; the
    # caller clears it once its action is over
    G[W.SRC_FRESH] = p + 1
    G[W.SRC_FRESH + 1] = n_src
    simple = simple_sources(masks, kinds, n_src)
    for i in range(G[pb(p) + P.HAND_N]):
        o = hand_at(G, p, i)
        card = G[ob(o) + O.CARD]
        # _can_cast_now's first tests, without the call: a land, or a slow card at instant speed
        if cards[card, CardCol.TYPES] & CardType.LAND or (
            not sorcery_ok
            and (cards[card, CardCol.FLAGS] & CardFlag.FAST) == 0
            and not _flash_granted(G, C, p, cards[card, CardCol.TYPES])
        ):
            continue
        # and its mana value test when nothing can reduce the cost
        if (
            ((cards[card, CardCol.AB_KINDS] >> AbilityKind.COST_REDUCTION) & 1) == 0
            and cards[card, CardCol.MV] > n_src
            and ((G[H.KINDS_SEEN] >> AbilityKind.SPELLS_COST_LESS) & 1) == 0
            and cards[card, CardCol.EXTRA_COST] != ExtraCost.SAC_NONLAND_REDUCE
        ):
            continue
        if n < out.shape[0] and _can_cast_now(
            G, C, p, o, sorcery_ok, masks, kinds, n_src, use, simple
        ):
            out[n] = o
            n += 1
    for q in range(G[H.NPLAYERS]):
        for i in range(G[pb(q) + P.EXILE_N]):
            o = G[OFF_EXILE + q * MAX_EXILE + i]
            if (
                G[ob(o) + O.CAST_BY] == p + 1
                and n < out.shape[0]
                and _can_cast_now(G, C, p, o, sorcery_ok, masks, kinds, n_src, use, simple)
            ):
                out[n] = o
                n += 1
    # flashback (702.34a); only a graveyard that ever held a flashback card is scanned
    for i in range(G[pb(p) + P.GY_N] if G[pb(p) + P.FLASHBACK_GY] else 0):
        o = graveyard_at(G, p, i)
        if (
            (cards[G[ob(o) + O.CARD], CardCol.AB_KINDS] >> AbilityKind.FLASHBACK) & 1
            and n < out.shape[0]
            and _can_cast_now(G, C, p, o, sorcery_ok, masks, kinds, n_src, use, simple)
        ):
            out[n] = o
            n += 1
    c = G[pb(p) + P.COMMANDER] - 1
    if (
        c >= 0
        and G[ob(c) + O.ZONE] == Zone.COMMAND
        and n < out.shape[0]
        and _can_cast_now(G, C, p, c, sorcery_ok, masks, kinds, n_src, use, simple)
    ):
        out[n] = c  # 903.8: the commander, cast from the command zone
        n += 1
    # the standard player breaks ties by what the card is worth on its board (ai_value)
    if n < 2:
        return n  # (W.CAST_VALUE is read only for two or more castables)
    vals = G[W.CAST_VALUE : W.CAST_VALUE + MAX_CAND]
    if G[pb(p) + P.LEVEL] != PlayerLevel.BASIC:
        st = deck_state(G, cards, p)
        for i in range(n):
            vals[i] = deck_value(C, G[ob(out[i]) + O.CARD], st)
        per_mv = 1000
    else:
        for i in range(n):
            vals[i] = cards[G[ob(out[i]) + O.CARD], CardCol.VALUE]
        per_mv = 100  # the basic player's key, kept exactly
    # insertion sort on (mana value, value), each key computed once; stable as before
    for i in range(1, n):
        x = out[i]
        vx = vals[i]
        kx = cards[G[ob(x) + O.CARD], CardCol.MV] * per_mv + vx
        j = i - 1
        while j >= 0 and cards[G[ob(out[j]) + O.CARD], CardCol.MV] * per_mv + vals[j] < kx:
            out[j + 1] = out[j]
            vals[j + 1] = vals[j]
            j -= 1
        out[j + 1] = x
        vals[j + 1] = vx
    if G[pb(p) + P.LEVEL] != PlayerLevel.BASIC and G[H.PHASE] != Phase.MAIN2:
        payoff_first(G, C, p, out, vals, n, n_src)
    return n

"""The built-in player: one documented heuristic, the same for every experiment.

It reads only public information plus its own hand (never other hands or library order), and
may use the game's random stream. The gift promise itself is never decided here: casting a gift
card with both modes legal stops at a pending decision for the policy layer.

Main phase (own turn, empty stack), one action per call:
1. play a land (the one whose colors the hand needs most);
2. cast the best castable spell by role: permanents, main-phase removal when an opposing
   creature is worth it, sorcery draw, sweepers that kill more of theirs than ours, recursion
   with a target, hand attack while they hold cards; most expensive first (spend the mana);
3. activate: equip the best creature; eat a Food in main 2 when life is below the start
   (the standard player keeps a creature's instant-speed {T} ability for an opponent's end
   step, so the creature can block).
Priority (instant speed): counter an opposing spell worth it; protect a targeted permanent;
in combat after blocks, a trick or removal that changes a fight; at an opponent's end step,
instant draw, removal or Food with the mana left.

That is the basic player (PlayerLevel.BASIC, kept exactly; it reads CardCol.AI_ROLE_BASIC).
The standard player (the default) branches at the top of the decision functions: its timing,
mana kept up, removal targets and tricks are in kernel/player/ai_std.py, its card values and
the mana-filling choice in kernel/player/ai_value.py, its attacks and blocks in
kernel/player/ai_combat.py. Activated abilities (equip, Food, {T} abilities) for both levels
are in kernel/player/ai_activate.py, the mode and target checks in kernel/player/ai_modes.py.
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
    Phase,
    PlayerLevel,
    Zone,
)
from analyzer.kernel.layout import (
    MAX_EXILE,
    MAX_TARGETS,
    OFF_BATTLEFIELD,
    OFF_EXILE,
    PLAYER_BASE,
    SK_SPELL,
    H,
    O,
    P,
    S,
    W,
)
from analyzer.kernel.player.ai_activate import try_activate, untap_trigger_source
from analyzer.kernel.player.ai_levels import try_level_up
from analyzer.kernel.player.ai_modes import pick_mode, targets_useful
from analyzer.kernel.player.ai_std import (
    combat_lethal_to,
    mana_to_keep,
    removal_worth,
    role_may_help,
    trick_focus,
    trick_saves,
    valiant_focus,
)
from analyzer.kernel.player.ai_value import board_payoffs, deck_value, fill_skips
from analyzer.kernel.rules.catalog import abilities_of, cards_of
from analyzer.kernel.rules.events import fire_enters
from analyzer.kernel.rules.mana import (
    MAX_SOURCES,
    collect_sources,
    count_sources,
    plan_spell,
)
from analyzer.kernel.rules.stack import (
    base_cost,
    cast_finish,
    commander_tax,
    cost_reduction,
    extra_cost_payable,
    mode_options,
    request_decision,
    spell_ability,
    stack_top_entry,
    top_threat,
)
from analyzer.kernel.rules.state import (
    graveyard_at,
    hand_at,
    move_object,
    ob,
    pb,
    put_onto_battlefield,
)
from analyzer.kernel.rules.targets import threat
from analyzer.kernel.runtime.config import njit
from analyzer.policies.decide import decide_gift

MAX_CAND = 64


@njit
def _board_value(G, C, p):
    cards = cards_of(C)
    s = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if (
            G[ob(o) + O.CTRL] == p
            and G[ob(o) + O.PHASED] == 0
            and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE
        ):
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
    of the stack, 2 combat after blocks, 3 opponent's end step."""
    if G[pb(p) + P.LEVEL] != PlayerLevel.BASIC:
        return _mode_useful_standard(G, C, p, o, promised, context)
    cards = cards_of(C)
    card = G[ob(o) + O.CARD]
    if not _role_may_help(G, cards, card, context, p):
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
    # main phase
    if role == AiRole.SWEEPER:
        return _opp_board_value(G, C, p) > _board_value(G, C, p) + 15 and targets_useful(
            G, C, ab, p, promised
        )
    if role == AiRole.DISRUPTION:
        return _opp_hand(G, p) > 0 and targets_useful(G, C, ab, p, promised)
    return targets_useful(G, C, ab, p, promised)


@njit
def _mode_useful_standard(G, C, p, o, promised, context):
    """_mode_useful for the standard player (kernel/player/ai_std.py says when)."""
    cards = cards_of(C)
    card = G[ob(o) + O.CARD]
    if not role_may_help(G, cards, card, context):
        return False
    role = cards[card, CardCol.AI_ROLE]
    ab = pick_mode(G, C, spell_ability(C, card), p, promised)  # a modal spell: its mode
    if context == 1:  # a counterspell, a protection spell, a trick that saves the target
        if role == AiRole.COUNTER:
            if top_threat(G, C, p) < 20:
                return False
        elif role == AiRole.PROTECTION:
            if not _top_targets_mine(G, C, p) and not _top_sweeps_mine(G, C, p):
                return False
        else:  # a trick: only when it saves the creature (a pump against exile does not)
            saved = trick_saves(G, C, p, card, promised)
            if saved < 0:
                return False
            G[W.FOCUS] = saved + 1  # the target choice (targets._help_score) reads it
        return targets_useful(G, C, ab, p, promised)
    if role == AiRole.PROTECTION:  # after blocks: indestructible that saves a creature
        return trick_focus(G, C, p, card, promised) >= 0 and targets_useful(G, C, ab, p, promised)
    if role == AiRole.TRICK:  # after blocks, when it flips a fight; main 1: valiant
        focus = (
            trick_focus(G, C, p, card, promised) if context == 2 else valiant_focus(G, C, p, card)
        )
        if focus < 0:
            return False
        G[W.FOCUS] = focus + 1  # the target choice (targets._help_score) reads it
        return targets_useful(G, C, ab, p, promised)
    if role == AiRole.REMOVAL:
        if not targets_useful(G, C, ab, p, promised):
            return False
        return removal_worth(G, C, p, ab, G[W.USLOTS : W.USLOTS + MAX_TARGETS], context)
    if context == 3 and (role == AiRole.TOKENS or role == AiRole.PERMANENT):
        return True  # flash creatures, instant token makers
    if role == AiRole.SWEEPER:
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


@njit(inline="always")  # tiny and on the priority hot path
def _role_may_help(G, cards, card, context, p):
    """Could this card be worth casting in this context, from its role alone (before any
    target is looked at)? The first test of _mode_useful, and a cheap filter on its own."""
    if G[pb(p) + P.LEVEL] != PlayerLevel.BASIC:
        return role_may_help(G, cards, card, context)
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
def _fast_may_help(G, cards, p, context):
    """Could p do anything at instant speed from hand or exile in this priority context? As
    priority_action decides: only with a fast card in hand, then any fast card (in hand, or
    in exile castable by p) whose role could be useful now."""
    n_fast = 0
    useful = False
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        if cards[card, CardCol.FLAGS] & CardFlag.FAST:
            n_fast += 1
            if not useful and _role_may_help(G, cards, card, context, p):
                useful = True
    if n_fast == 0:
        return False
    if useful:
        return True
    for q in range(G[H.NPLAYERS]):
        for i in range(G[pb(q) + P.EXILE_N]):
            o = G[OFF_EXILE + q * MAX_EXILE + i]
            card = G[ob(o) + O.CARD]
            if (
                G[ob(o) + O.CAST_BY] == p + 1
                and cards[card, CardCol.FLAGS] & CardFlag.FAST
                and _role_may_help(G, cards, card, context, p)
            ):
                return True
    return False


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
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.CTRL] == p and (G[ob(o) + O.ATTACKING] or G[ob(o) + O.BLOCKING]):
            return True
    return False


@njit
def _can_cast_now(G, C, p, o, sorcery_ok, masks, kinds, n_src, use):
    """Timing, extra cost and mana (against p's sources, collected once by the caller)."""
    cards = cards_of(C)
    card = G[ob(o) + O.CARD]
    t = cards[card, CardCol.TYPES]
    if t & CardType.LAND:
        return False
    if not sorcery_ok and (cards[card, CardCol.FLAGS] & CardFlag.FAST) == 0:
        return False
    reduction = -commander_tax(G, p, o)
    if (cards[card, CardCol.AB_KINDS] >> AbilityKind.COST_REDUCTION) & 1 or (
        G[H.KINDS_SEEN] >> AbilityKind.SPELLS_COST_LESS
    ) & 1:
        reduction += cost_reduction(G, C, p, card)
    from_gy = G[ob(o) + O.ZONE] == Zone.GRAVEYARD  # flashback: its own cost (702.34a)
    if not from_gy and cards[card, CardCol.MV] - reduction > n_src:
        return False
    if cards[card, CardCol.EXTRA_COST] != ExtraCost.NONE and not extra_cost_payable(G, C, p, o):
        return False
    colored = G[W.ACOLOR : W.ACOLOR + 5]
    generic = max(base_cost(G, C, o, colored) - reduction, 0)
    any_type = G[ob(o) + O.ZONE] == Zone.EXILE and G[ob(o) + O.CAST_BY] == p + 1
    return plan_spell(masks, kinds, n_src, cards, card, generic, colored, any_type, use)


@njit
def try_cast(G, C, pol, p, o, context):
    """Cast o if some legal mode is useful. Both modes legal and useful: a pending decision.
    Returns True if the cast started (or a decision is pending)."""
    if not _role_may_help(G, cards_of(C), G[ob(o) + O.CARD], context, p):
        return False  # _mode_useful says no for both modes whatever the targets
    plain, promise = mode_options(G, C, p, o)
    plain = plain and _mode_useful(G, C, p, o, 0, context)
    promise = promise and _mode_useful(G, C, p, o, 1, context)
    started = False
    if plain and promise:
        request_decision(G, p, o)
        started = True
    elif promise:
        # only the promised mode does something: the policy decides whether to cast at all
        want, recipient = decide_gift(G, C, pol, p, o)
        if want != 0:
            started = cast_finish(G, C, p, o, 1, recipient)
    elif plain:
        started = cast_finish(G, C, p, o, 0, -1)
    G[W.FOCUS] = 0  # a trick's creature (standard player) is chosen by now
    return started


@njit
def _collect_castables(G, C, p, sorcery_ok, out):
    """Hand cards, and exiled cards p may cast (Cruelclaw's Heist), castable now; sorted by
    mana value, most expensive first."""
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
    for i in range(G[pb(p) + P.HAND_N]):
        o = hand_at(G, p, i)
        card = G[ob(o) + O.CARD]
        # _can_cast_now's first tests, without the call: a land, or a slow card at instant speed
        if cards[card, CardCol.TYPES] & CardType.LAND or (
            not sorcery_ok and (cards[card, CardCol.FLAGS] & CardFlag.FAST) == 0
        ):
            continue
        # and its mana value test when nothing can reduce the cost
        if (
            ((cards[card, CardCol.AB_KINDS] >> AbilityKind.COST_REDUCTION) & 1) == 0
            and cards[card, CardCol.MV] > n_src
            and ((G[H.KINDS_SEEN] >> AbilityKind.SPELLS_COST_LESS) & 1) == 0
        ):
            continue
        if n < out.shape[0] and _can_cast_now(G, C, p, o, sorcery_ok, masks, kinds, n_src, use):
            out[n] = o
            n += 1
    for q in range(G[H.NPLAYERS]):
        for i in range(G[pb(q) + P.EXILE_N]):
            o = G[OFF_EXILE + q * MAX_EXILE + i]
            if (
                G[ob(o) + O.CAST_BY] == p + 1
                and n < out.shape[0]
                and _can_cast_now(G, C, p, o, sorcery_ok, masks, kinds, n_src, use)
            ):
                out[n] = o
                n += 1
    # flashback (702.34a); only a graveyard that ever held a flashback card is scanned
    for i in range(G[pb(p) + P.GY_N] if G[pb(p) + P.FLASHBACK_GY] else 0):
        o = graveyard_at(G, p, i)
        if (
            (cards[G[ob(o) + O.CARD], CardCol.AB_KINDS] >> AbilityKind.FLASHBACK) & 1
            and n < out.shape[0]
            and _can_cast_now(G, C, p, o, sorcery_ok, masks, kinds, n_src, use)
        ):
            out[n] = o
            n += 1
    c = G[pb(p) + P.COMMANDER] - 1
    if (
        c >= 0
        and G[ob(c) + O.ZONE] == Zone.COMMAND
        and n < out.shape[0]
        and _can_cast_now(G, C, p, c, sorcery_ok, masks, kinds, n_src, use)
    ):
        out[n] = c  # 903.8: the commander, cast from the command zone
        n += 1
    # the standard player breaks ties by what the card is worth on its board (ai_value)
    std = n > 1 and G[pb(p) + P.LEVEL] != PlayerLevel.BASIC
    spell_payoffs, enter_payoffs, tribes = board_payoffs(G, cards, p) if std else (0, 0, 0)
    per_mv = 1000 if std else 100  # the basic player's key, kept exactly
    for i in range(1, n):
        x = out[i]
        cx = G[ob(x) + O.CARD]
        kx = cards[cx, CardCol.MV] * per_mv + (
            deck_value(cards, cx, spell_payoffs, enter_payoffs, tribes)
            if std
            else cards[cx, CardCol.VALUE]
        )
        j = i - 1
        while j >= 0:
            y = out[j]
            cy = G[ob(y) + O.CARD]
            ky = cards[cy, CardCol.MV] * per_mv + (
                deck_value(cards, cy, spell_payoffs, enter_payoffs, tribes)
                if std
                else cards[cy, CardCol.VALUE]
            )
            if ky >= kx:
                break
            out[j + 1] = y
            j -= 1
        out[j + 1] = x
    return n


@njit
def _play_land(G, C, p):
    cards = cards_of(C)
    if G[pb(p) + P.LANDS_TURN] >= 1:
        return False
    n_hand = G[pb(p) + P.HAND_N]
    any_land = False
    for i in range(n_hand):
        if cards[G[ob(hand_at(G, p, i)) + O.CARD], CardCol.TYPES] & CardType.LAND:
            any_land = True
            break
    if not any_land:
        return False
    best = -1
    best_score = -1
    have = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.CTRL] == p and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.LAND:
            have |= cards[G[ob(o) + O.CARD], CardCol.LAND_COLORS]
    # hand cards with a symbol of each color: a land scores, per color it makes, 2 per such
    # card when no land out makes that color yet, else 1
    k0 = 0
    k1 = 0
    k2 = 0
    k3 = 0
    k4 = 0
    for j in range(n_hand):
        h = G[ob(hand_at(G, p, j)) + O.CARD]
        if cards[h, CardCol.COST_W] > 0:
            k0 += 1
        if cards[h, CardCol.COST_W + 1] > 0:
            k1 += 1
        if cards[h, CardCol.COST_W + 2] > 0:
            k2 += 1
        if cards[h, CardCol.COST_W + 3] > 0:
            k3 += 1
        if cards[h, CardCol.COST_W + 4] > 0:
            k4 += 1
    for i in range(n_hand):
        o = hand_at(G, p, i)
        card = G[ob(o) + O.CARD]
        if (cards[card, CardCol.TYPES] & CardType.LAND) == 0:
            continue
        colors = cards[card, CardCol.LAND_COLORS]
        score = (
            1
            + _color_score(colors, have, 0, k0)
            + _color_score(colors, have, 1, k1)
            + _color_score(colors, have, 2, k2)
            + _color_score(colors, have, 3, k3)
            + _color_score(colors, have, 4, k4)
        )
        if cards[card, CardCol.ETB_TAPPED]:
            score -= 1
        if score > best_score:
            best_score = score
            best = o
    if best < 0:
        return False
    put_onto_battlefield(G, cards, best, p, cards[G[ob(best) + O.CARD], CardCol.ETB_TAPPED] == 1)
    fire_enters(G, C, best)  # landfall, and a land's own enters triggers
    G[pb(p) + P.LANDS_TURN] += 1
    G[pb(p) + P.LANDS_PLAYED] += 1
    return True


@njit
def _color_score(colors, have, c, k):
    """_play_land's score for color c: k hand cards need it; double when none is out yet."""
    if ((colors >> c) & 1) == 0:
        return 0
    return 2 * k if ((have >> c) & 1) == 0 else k


@njit
def _any_source(G, cards, p):
    """Does p control an untapped mana source (count_sources(...) != (0, 0))?"""
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.CTRL] != p or G[b + O.TAPPED] != 0 or G[b + O.PHASED] != 0:
            continue
        card = G[b + O.CARD]
        if cards[card, CardCol.TYPES] & CardType.LAND or cards[card, CardCol.FLAGS] & (
            CardFlag.SAC_MANA | CardFlag.TAP_MANA
        ):
            return True
    return False


@njit
def main_action(G, C, pol, p):
    """One main-phase action for the active player; False when it is done."""
    if G[pb(p) + P.LANDS_TURN] < 1 and _play_land(G, C, p):
        return True
    if not _any_source(G, cards_of(C), p):
        return False  # tapped out: nothing in the pool costs zero mana
    buf = G[W.MAIN : W.MAIN + MAX_CAND]
    n = _collect_castables(G, C, p, True, buf)
    if G[pb(p) + P.LEVEL] != PlayerLevel.BASIC:
        return _main_standard(G, C, pol, p, buf, n)
    for i in range(n):
        if try_cast(G, C, pol, p, buf[i], 0):
            return True
    return try_activate(G, C, p, 0) or try_level_up(G, C, p)


@njit
def _main_standard(G, C, pol, p, buf, n):
    """The standard player's main-phase spell: first the best one that leaves the mana for a
    counterspell or a trick it keeps up (ai_std.mana_to_keep), among plain permanents only
    those that together fill the mana left best (ai_value.fill_skips), else the best one worth
    more than the card the mana is kept for."""
    cards = cards_of(C)
    lands, _ = count_sources(G, cards, abilities_of(C), p)
    keep, worth = mana_to_keep(G, C, p, lands)
    skips = fill_skips(G, cards, p, buf, n, lands - keep)  # the cards that fill the mana
    # removal kept up may go now at a creature with damage marked (gone by their turn)
    finish = keep > 0 and _opp_creature_damaged(G, cards, p)
    for i in range(n):
        if (skips >> i) & 1:
            continue
        card = G[ob(buf[i]) + O.CARD]
        role = cards[card, CardCol.AI_ROLE]
        # a trick cast now (a cantrip on a valiant creature) is what its mana was kept for
        if (
            keep == 0
            or cards[card, CardCol.MV] + keep <= lands
            or role == AiRole.TRICK
            or (finish and role == AiRole.REMOVAL)
        ) and try_cast(G, C, pol, p, buf[i], 0):
            return True
    if keep > 0:
        for i in range(n):
            card = G[ob(buf[i]) + O.CARD]
            if (
                cards[card, CardCol.MV] + keep > lands
                and cards[card, CardCol.VALUE] > worth
                and try_cast(G, C, pol, p, buf[i], 0)
            ):
                return True
    return try_activate(G, C, p, 0) or try_level_up(G, C, p)


@njit
def _opp_creature_damaged(G, cards, p):
    """Has an opposing creature damage marked (it heals at the cleanup step)?"""
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.CTRL] != p and G[b + O.DAMAGE] > 0:
            if cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE:
                return True
    return False


@njit(inline="always")  # tiny and on the priority hot path
def priority_context(G, p):
    """Why p could act in the open window: 1 responding to the top of the stack (not p's
    own), 2 after blocks, 3 an opponent's end step; 0: p just passes."""
    if G[H.STACK_N] > 0:
        return 0 if G[stack_top_entry(G) + S.CTRL] == p else 1
    step = G[H.WINDOW_STEP]
    if step == Phase.DECLARE_BLOCKERS:
        return 2
    if step == Phase.END_STEP and G[H.ACTIVE] != p:
        return 3
    return 0


@njit(inline="always")  # tiny and on the priority hot path
def fast_in_hand(G, cards, p):
    """Does p hold a card castable at instant speed?"""
    for i in range(G[pb(p) + P.HAND_N]):
        if cards[G[ob(hand_at(G, p, i)) + O.CARD], CardCol.FLAGS] & CardFlag.FAST:
            return True
    return False


@njit(inline="always")  # tiny and on the priority hot path
def may_act(G, cards, p):
    """False when priority_action(p) would pass at once: no reason to act in this window, or
    (except at an opponent's end step, where p may activate) no fast card in hand. Lets the
    engine skip the call."""
    context = priority_context(G, p)
    if context == 3 or (context != 0 and fast_in_hand(G, cards, p)):
        return True
    if context == 0:
        return (
            G[H.STACK_N] > 0
            and G[pb(p) + P.LEVEL] != PlayerLevel.BASIC
            and untap_trigger_source(G, cards, p) >= 0
        )
    # the standard player eats a Food (or uses another ability) when combat damage is lethal
    return context == 2 and G[pb(p) + P.LEVEL] != PlayerLevel.BASIC and combat_lethal_to(G, p)


@njit
def priority_action(G, C, pol, p):
    """An instant-speed action when p holds priority in an open window; False to pass."""
    cards = cards_of(C)
    context = priority_context(G, p)
    if context == 0:
        if G[H.STACK_N] == 0 or G[pb(p) + P.LEVEL] == PlayerLevel.BASIC:
            return False
        src = untap_trigger_source(G, cards, p)
        if src < 0:
            return False
        e = stack_top_entry(G)
        if G[e + S.AB] < 0 or abilities_of(C)[G[e + S.AB], AbilCol.KIND] != (
            AbilityKind.NONCREATURE_SPELL
        ):
            return False
        return try_activate(G, C, p, 4, src)
    if _fast_may_help(G, cards, p, context):
        if _any_source(G, cards, p):
            buf = G[W.MAIN : W.MAIN + MAX_CAND]
            n = _collect_castables(G, C, p, False, buf)
            for i in range(n):
                if try_cast(G, C, pol, p, buf[i], context):
                    return True
    if context == 3:
        return try_activate(G, C, p, 3)
    if context == 2 and G[pb(p) + P.LEVEL] != PlayerLevel.BASIC and combat_lethal_to(G, p):
        return try_activate(G, C, p, 2)
    return False


@njit
def discard_to_hand_size(G, C, p):
    """Cleanup (514.1): discard down to seven; extra lands go first once five are out,
    else the most expensive card."""
    cards = cards_of(C)
    while G[pb(p) + P.HAND_N] > 7:
        lands_out = G[pb(p) + P.LANDS_PLAYED]
        worst = -1
        worst_key = -1
        for i in range(G[pb(p) + P.HAND_N]):
            o = hand_at(G, p, i)
            card = G[ob(o) + O.CARD]
            is_land = cards[card, CardCol.TYPES] & CardType.LAND
            key = cards[card, CardCol.MV]
            if is_land:
                key = 100 if lands_out >= 5 else -1
            if key > worst_key:
                worst_key = key
                worst = o
        move_object(G, cards, worst, Zone.GRAVEYARD)


@njit
def best_attacker_power(G, p):
    best = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.CTRL] == p:
            best = max(best, G[ob(o) + O.CUR_P])
    return best


@njit
def anyone_fast(G, C):
    """Could any player act at instant speed now (a fast card in hand, a card they may cast
    from exile, an activated ability)? Windows nobody can use are not opened."""
    cards = cards_of(C)
    for p in range(G[H.NPLAYERS]):
        if G[pb(p) + P.LOST]:
            continue
        if fast_in_hand(G, cards, p):
            return True
        for i in range(G[pb(p) + P.EXILE_N]):
            if G[ob(G[OFF_EXILE + p * MAX_EXILE + i]) + O.CAST_BY]:
                return True
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if cards[G[ob(o) + O.CARD], CardCol.FLAGS] & CardFlag.HAS_ACTIVATED:
            return True
    return False

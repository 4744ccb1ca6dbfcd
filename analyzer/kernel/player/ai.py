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
Whether a card is worth casting in a context, and the castables in the order tried, are in
kernel/player/ai_cast.py; this module decides when to look (main phase, priority windows).
The standard player (the default) branches at the top of the decision functions: its timing,
mana kept up and removal targets are in kernel/player/ai_std.py, its tricks in
kernel/player/ai_tricks.py, its card values and
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
    Phase,
    PlayerLevel,
    Zone,
)
from analyzer.kernel.layout import (
    MAX_EXILE,
    OFF_BATTLEFIELD,
    OFF_EXILE,
    H,
    O,
    P,
    S,
    W,
)
from analyzer.kernel.player.ai_activate import (
    attack_pump_ready,
    try_activate,
    untap_trigger_source,
)
from analyzer.kernel.player.ai_answer import answer_first
from analyzer.kernel.player.ai_cast import MAX_CAND, collect_castables, may_help, try_cast
from analyzer.kernel.player.ai_fast import fast_in_exile, fast_in_hand
from analyzer.kernel.player.ai_flicker import tempo_now
from analyzer.kernel.player.ai_impulse import (
    expires_this_turn,
    impulse_spells_first,
    live_impulse,
    play_exiled_land,
)
from analyzer.kernel.player.ai_lands import (
    color_score,
    keeps_land_to_discard,
    land_needs,
    returns_a_land,
)
from analyzer.kernel.player.ai_levels import try_level_up
from analyzer.kernel.player.ai_std import after_combat, mana_to_keep
from analyzer.kernel.player.ai_survive import survive_first
from analyzer.kernel.player.ai_tempo import (
    blocker_opens_lethal,
    opp_may_respond,
    pays_before_combat,
)
from analyzer.kernel.player.ai_tricks import combat_lethal_to
from analyzer.kernel.player.ai_value import (
    COLOR_BITS,
    color_have_of,
    colors_fit,
    cost_colors,
    fill_mana,
    fill_skips,
    offspring_cost,
    plain_permanent,
    second_spell_pays,
)
from analyzer.kernel.rules.actions import land_drops
from analyzer.kernel.rules.catalog import abilities_of, cards_of
from analyzer.kernel.rules.cost_reduction import cost_now
from analyzer.kernel.rules.events import fire_enters
from analyzer.kernel.rules.mana import (
    count_sources,
)
from analyzer.kernel.rules.sba import sba_before_priority
from analyzer.kernel.rules.stack import (
    stack_top_entry,
)
from analyzer.kernel.rules.state import move_object, put_onto_battlefield
from analyzer.kernel.rules.view import hand_at, ob, own_at, own_n, pb
from analyzer.kernel.runtime.config import njit


@njit
def _fast_may_help(G, C, p, context):
    """Could p do anything at instant speed from hand or exile in this priority context: a
    fast card (in hand, or in exile castable by p: Cruelclaw's Heist's stolen Galewind Moose)
    whose role could be useful now? The basic player looks only with a fast card in hand."""
    cards = cards_of(C)
    n_fast = 0
    useful = False
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        if cards[card, CardCol.FLAGS] & CardFlag.FAST:
            n_fast += 1
            if not useful and may_help(G, C, card, context, p):
                useful = True
    if useful:
        return True
    if n_fast == 0 and G[pb(p) + P.LEVEL] == PlayerLevel.BASIC:
        return False  # (the basic player never looked at exile without a fast card in hand)
    for q in range(G[H.NPLAYERS]):
        for i in range(G[pb(q) + P.EXILE_N]):
            o = G[OFF_EXILE + q * MAX_EXILE + i]
            card = G[ob(o) + O.CARD]
            if (
                G[ob(o) + O.CAST_BY] == p + 1
                and cards[card, CardCol.FLAGS] & CardFlag.FAST
                and may_help(G, C, card, context, p)
            ):
                return True
    return False


# mana the turn's development may give up to keep a counterspell or a trick up; none for
# removal (ai_std.removal_worth casts it only at a target worth it, which most turns do not
# bring: the blue decks gave up a mana a turn to keep Into the Flood Maw up and held it)
KEEP_SLACK = 1
ANY_HAVE = (1 << (5 * COLOR_BITS)) - 1  # a color_have with every count at its most: no limit


@njit
def _land_in_hand(G, cards, p):
    """Has p a land card in hand?"""
    for i in range(G[pb(p) + P.HAND_N]):
        if cards[G[ob(hand_at(G, p, i)) + O.CARD], CardCol.TYPES] & CardType.LAND:
            return True
    return False


@njit
def _play_land(G, C, p):
    """Play the land that suits p best, if any (main_action saw a land drop left)."""
    cards = cards_of(C)
    if G[H.IMPULSE] and play_exiled_land(G, C, p):
        return True  # a land it may play from exile for a while goes first
    if not _land_in_hand(G, cards, p):
        return False
    n_hand = G[pb(p) + P.HAND_N]
    best = -1
    best_score = -1
    have = 0
    n_lands = 0
    count = 0  # the standard player: p's lands that make each color, packed (land_needs)
    for i in range(own_n(G, p)):
        o = own_at(G, p, i)
        if cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.LAND:
            colors = cards[G[ob(o) + O.CARD], CardCol.LAND_COLORS]
            have |= colors
            n_lands += 1
            for c in range(5):
                if (colors >> c) & 1:
                    count += 1 << (COLOR_BITS * c)
    # hand cards with a symbol of each color: a land scores, per color it makes, 2 per such
    # card when no land out makes that color yet, else 1
    k0 = 0
    k1 = 0
    k2 = 0
    k3 = 0
    k4 = 0
    if G[pb(p) + P.LEVEL] != PlayerLevel.BASIC:
        # a card whose symbols of a color the lands out do not cover yet counts double
        # (Long River's Pull's {U}{U} with one Island out), not only a color none makes
        w = land_needs(G, cards, p, count, n_lands)
        mask = (1 << COLOR_BITS) - 1
        k0 = w & mask
        k1 = (w >> COLOR_BITS) & mask
        k2 = (w >> (2 * COLOR_BITS)) & mask
        k3 = (w >> (3 * COLOR_BITS)) & mask
        k4 = (w >> (4 * COLOR_BITS)) & mask
        have = 31  # the weights are final: color_score doubles none of them
    for j in range(n_hand if G[pb(p) + P.LEVEL] == PlayerLevel.BASIC else 0):
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
        if n_lands == 0 and returns_a_land(C, card):
            continue  # a bounce land with no other land out would return itself (ai_lands)
        colors = cards[card, CardCol.LAND_COLORS]
        score = (
            1
            + color_score(colors, have, 0, k0)
            + color_score(colors, have, 1, k1)
            + color_score(colors, have, 2, k2)
            + color_score(colors, have, 3, k3)
            + color_score(colors, have, 4, k4)
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
    sba_before_priority(G, C)  # the hand is one card smaller (static_pt_hand)
    return True


@njit
def _any_source(G, cards, p):
    """Does p control an untapped mana source or have mana in its pool (count_sources(...)
    != (0, 0))?"""
    for c in range(6):  # mana in the pool (Muerra's, a spell's) is spent like a land's
        if G[pb(p) + P.MANA_W + c] != 0:
            return True
    for i in range(own_n(G, p)):
        b = ob(own_at(G, p, i))
        if G[b + O.TAPPED] != 0 or G[b + O.PHASED] != 0:
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
    # (a land in hand or exile first: land_drops scans the battlefield, a pod's is large)
    land = (
        (G[H.IMPULSE] or _land_in_hand(G, cards_of(C), p))
        and G[pb(p) + P.LANDS_TURN] < land_drops(G, C, p)
        and (G[pb(p) + P.LEVEL] == PlayerLevel.BASIC or not keeps_land_to_discard(G, C, p))
    )
    # the standard player's land drop waits for the impulse draw (Harnesser of Storms) that a
    # spell it can cast without it sets off: a land exiled then is played, the hand's kept
    impulse = live_impulse(G, C, p) if land and G[pb(p) + P.LEVEL] != PlayerLevel.BASIC else -1
    held = impulse >= 0
    if land and not held and _play_land(G, C, p):
        return True
    if not _any_source(G, cards_of(C), p):
        return held and _play_land(G, C, p)  # tapped out: nothing in the pool costs zero mana
    buf = G[W.MAIN : W.MAIN + MAX_CAND]
    # the sources collect_castables collected pay the spell cast (W.SRC_FRESH): a cast that
    # fails changes nothing, and an activation or level up collects its own
    n = collect_castables(G, C, p, True, buf)
    if held:
        m = impulse_spells_first(G, C, p, buf, n, impulse)  # else the land goes first
        acted = m > 0 and _main_standard(G, C, pol, p, buf, m)
        G[W.SRC_FRESH] = 0
        if acted or _play_land(G, C, p):
            return True
        n = collect_castables(G, C, p, True, buf)
    if G[pb(p) + P.LEVEL] != PlayerLevel.BASIC:
        done = _main_standard(G, C, pol, p, buf, n)
        G[W.SRC_FRESH] = 0
        return done
    for i in range(n):
        if try_cast(G, C, pol, p, buf[i], 0):
            G[W.SRC_FRESH] = 0
            return True
    G[W.SRC_FRESH] = 0
    return try_activate(G, C, p, 0) or try_level_up(G, C, p)


@njit
def _main_standard(G, C, pol, p, buf, n):
    """The standard player's main-phase spell: first the best one that leaves the mana for a
    counterspell, a trick or an instant removal it keeps up (ai_std.mana_to_keep) when keeping
    it up costs at most KEEP_SLACK mana (a removal spell: none) of what the turn's
    sorcery-speed plays spend (ai_value.fill_mana; the
    blue decks lost whole turns holding a counterspell that never found a target), among
    plain permanents only
    those that together fill the mana left best (ai_value.fill_skips), else the best one worth
    more than the card the mana is kept for."""
    if n == 0:  # nothing castable: the mana kept and the fill below decide nothing
        G[W.SRC_FRESH] = 0  # an activation pays with what it collects
        return try_activate(G, C, p, 0) or try_level_up(G, C, p)
    # an impulse-drawn spell whose permission ends this turn goes first: the hand card it beats
    # for the mana waits a turn, the exiled one would be lost (Harnesser of Storms)
    for i in range(n):
        if expires_this_turn(G, p, buf[i]) and try_cast(G, C, pol, p, buf[i], 0):
            return True
    cards = cards_of(C)
    lands, sacs = count_sources(G, cards, abilities_of(C), p)
    keep, worth, kept_role, kept_colors = mana_to_keep(G, C, p, lands)
    # the colors p's mana makes (ai_value.color_have; fill_skips nearly always needs them):
    # nothing changes them before a cast
    have = color_have_of(G, cards, p, lands, sacs)
    slack = 0 if kept_role == AiRole.REMOVAL else KEEP_SLACK
    # the development beside the kept card counts only the cards its colors leave castable
    if keep > 0 and fill_mana(G, C, p, buf, n, lands, 0, ANY_HAVE) > (
        fill_mana(G, C, p, buf, n, lands - keep, kept_colors, have) + slack
    ):
        keep = 0  # keeping it up would cost the turn's development: it waits for spare mana
    skips = fill_skips(G, C, p, buf, n, lands - keep, have)  # the cards that fill the mana
    # removal kept up may go now at a creature with damage marked (gone by their turn), into
    # opponents who could not answer it (tapped out or empty-handed: their mana comes back
    # before their end step), or when it pays on p's attack; else it waits for their attack,
    # blocks or end step
    finish = keep > 0 and _opp_creature_damaged(G, cards, p)
    exposed = kept_role == AiRole.REMOVAL and not opp_may_respond(G, C, p)
    lethal_open = kept_role == AiRole.REMOVAL and blocker_opens_lethal(G, cards, p)
    # a creature with offspring goes after the other plain permanents that fill the mana with
    # it: its offspring (paid whenever the mana allows) takes only the mana they leave. It
    # waits for nothing else: a spell cast first took the mana of the turn's two-drop.
    wait = _offspring_waits(G, C, p, buf, n, skips)
    # a creature that enters bigger after combat waits for main phase 2 (ai_std.after_combat):
    # an offspring paid now must leave it its mana, or the creature waits too (main phase 2
    # casts the most expensive first, the offspring then takes what is left)
    deferred = _deferred_mana(G, C, p, buf, n, skips)
    # removal that kills an opposing creature bigger than any permanent p could add goes
    # first: cast after them, the permanents take its mana (ai_answer); an instant one only
    # when no mana is kept up for it
    for i in range(n):
        if answer_first(G, C, p, buf, n, i, keep == 0) and try_cast(G, C, pol, p, buf[i], 0):
            return True
    # facing an attack that kills in two turns, removal, then a blocker or creature tokens, before
    # the rest (ai_survive)
    if survive_first(G, C, pol, p, buf, n):
        return True
    for late in range(2):
        for i in range(n):
            if (skips >> i) & 1:
                continue
            card = G[ob(buf[i]) + O.CARD]
            offspring = offspring_cost(G, C, p, card) > 0  # its own or a granted one
            if (wait and offspring) != (late == 1):
                continue
            if (
                offspring
                and deferred > 0
                and lands - keep - cards[card, CardCol.MV] - offspring_cost(G, C, p, card)
                < deferred
            ):
                continue  # its offspring would strand the creature that waits for main phase 2
            role = cards[card, CardCol.AI_ROLE]
            kept_removal = (
                kept_role == AiRole.REMOVAL
                and role == AiRole.REMOVAL
                and cards[card, CardCol.FLAGS] & CardFlag.FAST
            )
            # (or it pays on the attack: prowess, valiant; ai_tempo.pays_before_combat)
            # (or it takes the blocker in front of a lethal attack: ai_tempo.opens_lethal)
            # (or it is p's second spell this turn, which a payoff pays: Hearthborn Battler)
            go_now = kept_removal and (
                exposed
                or pays_before_combat(G, C, p, card)
                or lethal_open
                or second_spell_pays(G, C, p, card) > 0
            )
            # a trick cast now (a cantrip on a valiant creature) is what its mana was kept for
            if (
                keep == 0
                or (
                    _beside_kept(G, C, p, card, keep, kept_colors, lands, have) and not kept_removal
                )
                or role == AiRole.TRICK
                or (finish and role == AiRole.REMOVAL)
                or go_now
                or tempo_now(G, C, p, buf[i])  # the blocker of a lethal attack, until the end step
            ) and try_cast(G, C, pol, p, buf[i], 0):
                return True
    if keep > 0:
        for i in range(n):
            card = G[ob(buf[i]) + O.CARD]
            if (
                not _beside_kept(G, C, p, card, keep, kept_colors, lands, have)
                # (kept removal waits: no fast removal spends its mana; other instants may)
                and not (
                    kept_role == AiRole.REMOVAL
                    and cards[card, CardCol.AI_ROLE] == AiRole.REMOVAL
                    and cards[card, CardCol.FLAGS] & CardFlag.FAST
                )
                and cards[card, CardCol.VALUE] > worth
                and try_cast(G, C, pol, p, buf[i], 0)
            ):
                return True
    G[W.SRC_FRESH] = 0  # an activation pays with what it collects
    return try_activate(G, C, p, 0) or try_level_up(G, C, p)


@njit
def _beside_kept(G, C, p, card, keep, kept_colors, lands, have):
    """Can p cast card and still keep `keep` mana of the kept card's colors up? Its cost now
    (cost_now) fits beside it, and so do its colored symbols (ai_value.color_have: a {1}{U}
    two-drop on two Islands leaves Long River's Pull's {U}{U} a land short)."""
    cards = cards_of(C)
    if cost_now(G, C, p, card) + keep > lands:
        return False
    return colors_fit(cost_colors(cards, card) + kept_colors, have)


@njit
def _offspring_waits(G, C, p, buf, n, skips):
    """Is one of buf[:n] outside skips a plain permanent without offspring (cast before the
    offspring creatures, ai_value.fill_skips)?"""
    cards = cards_of(C)
    for i in range(n):
        card = G[ob(buf[i]) + O.CARD]
        if (
            (skips >> i) & 1 == 0
            and plain_permanent(cards, card)
            and offspring_cost(G, C, p, card) == 0
        ):
            return True
    return False


@njit
def _deferred_mana(G, C, p, buf, n, skips):
    """Main phase 1: the mana value of the creatures of buf[:n] outside skips (the plain
    permanents that fill the turn's mana together, ai_value.fill_skips) that wait for main
    phase 2 to enter bigger (ai_std.after_combat: Frilled Sparkshooter); 0 in other phases."""
    if G[H.PHASE] != Phase.MAIN1:
        return 0
    cards = cards_of(C)
    total = 0
    for i in range(n):
        card = G[ob(buf[i]) + O.CARD]
        if (skips >> i) & 1 == 0 and plain_permanent(cards, card) and after_combat(G, C, p, card):
            total += cards[card, CardCol.MV]
    return total


@njit
def _opp_creature_damaged(G, cards, p):
    """Has an opposing creature damage marked (it heals at the cleanup step)?"""
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.CTRL] != p and G[b + O.DAMAGE] > 0:
            if cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE:
                return True
    return False


@njit(inline_in_entry=True)  # tiny and on the priority hot path
def priority_context(G, p):
    """Why p could act in the open window: 1 responding to the top of the stack (not p's
    own), 2 after blocks, 3 an opponent's end step, 4 declare attackers when p is attacked
    (the standard player: a flash blocker, removal on an attacker, ai_block.ambush_worth and
    removal_before_blocks), 5 an opponent's beginning of combat (the standard player: a flash
    creature that taps their attackers, ai_flash.tapper_at_their_combat); 0: p just passes."""
    if G[H.STACK_N] > 0:
        return 0 if G[stack_top_entry(G) + S.CTRL] == p else 1
    step = G[H.WINDOW_STEP]
    if step == Phase.DECLARE_BLOCKERS:
        return 2
    if step == Phase.END_STEP and G[H.ACTIVE] != p:
        return 3
    if (
        step == Phase.DECLARE_ATTACKERS
        and G[H.ACTIVE] != p
        and G[pb(p) + P.LEVEL] != PlayerLevel.BASIC
    ):
        return 4
    if step == Phase.COMBAT_BEGIN and G[H.ACTIVE] != p and G[pb(p) + P.LEVEL] != PlayerLevel.BASIC:
        return 5
    return 0


@njit(inline_in_entry=True)  # tiny and on the priority hot path
def may_act(G, cards, p):
    """False when priority_action(p) would pass at once: no reason to act in this window, or
    (except at an opponent's end step, where p may activate) no fast card in hand (nor, for
    the standard player, in exile for p to cast). Lets the engine skip the call."""
    context = priority_context(G, p)
    if context == 3 or (
        context != 0
        and (
            fast_in_hand(G, cards, p)
            or (G[pb(p) + P.LEVEL] != PlayerLevel.BASIC and fast_in_exile(G, cards, p))
        )
    ):
        return True
    if context == 0:
        return (
            G[H.STACK_N] > 0
            and G[pb(p) + P.LEVEL] != PlayerLevel.BASIC
            and untap_trigger_source(G, cards, p) >= 0
        )
    # the standard player eats a Food (or uses another ability) when combat damage is lethal,
    # or pumps its attackers (Jazal Goldmane)
    return (
        context == 2
        and G[pb(p) + P.LEVEL] != PlayerLevel.BASIC
        and (combat_lethal_to(G, p) or attack_pump_ready(G, cards, p))
    )


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
    if _fast_may_help(G, C, p, context):
        if _any_source(G, cards, p):
            buf = G[W.MAIN : W.MAIN + MAX_CAND]
            n = collect_castables(G, C, p, False, buf)
            G[W.SRC_FRESH] = 0  # (only the main action reuses the list)
            for i in range(n):
                if try_cast(G, C, pol, p, buf[i], context):
                    return True
    if context == 3:
        return try_activate(G, C, p, 3)
    if (
        context == 2
        and G[pb(p) + P.LEVEL] != PlayerLevel.BASIC
        and (combat_lethal_to(G, p) or attack_pump_ready(G, cards, p))
    ):
        return try_activate(G, C, p, 2)
    return False


@njit
def discard_to_hand_size(G, C, p, size=7):
    """Cleanup (514.1): discard down to the maximum hand size (seven); extra lands go first
    once five are out, else the most expensive card."""
    cards = cards_of(C)
    while G[pb(p) + P.HAND_N] > size:
        lands_out = G[pb(p) + P.LANDS_PLAYED]
        worst = -1
        worst_key = -2  # below a kept land's -1: a hand of only lands still discards one
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
    for i in range(own_n(G, p)):
        best = max(best, G[ob(own_at(G, p, i)) + O.CUR_P])
    return best

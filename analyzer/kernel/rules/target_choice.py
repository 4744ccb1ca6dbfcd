"""Which legal targets the built-in player picks (choose_targets): each candidate scored by what
the ability does to it (damage, bounce, rebuy, help), against its threat (targets.py).

The choices read only public information (the battlefield, graveyards, the stack).
"""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    AbilityKind,
    CardCol,
    CardType,
    CounterKind,
    Intent,
    Keyword,
    Op,
    Phase,
    PlayerLevel,
    StepCol,
    TargCol,
    TargetKind,
    Zone,
)
from analyzer.kernel.layout import (
    MAX_TARGETS,
    OFF_BATTLEFIELD,
    OFF_STACK,
    PLAYER_BASE,
    SF,
    H,
    O,
    P,
    S,
    W,
)
from analyzer.kernel.player.ai_multi import removal_bonus, removal_leader
from analyzer.kernel.player.ai_race import blocker_needed
from analyzer.kernel.rules.catalog import (
    abilities_of,
    cards_of,
    has_op,
    op_sum,
    steps_of,
    targets_of,
)
from analyzer.kernel.rules.conditions import cond_holds
from analyzer.kernel.rules.cost_reduction import cheaper_at_tapped, tapped_creature_target
from analyzer.kernel.rules.costs import needs_target_reduction
from analyzer.kernel.rules.targets import (
    MAX_CANDIDATES,
    candidates,
    combat_damage_to,
    group_active,
    object_legal,
    other_controller_clash,
    slot_start,
    threat,
    threat_std,
    threat_std_from,
)
from analyzer.kernel.rules.view import ob, pb, untapped_plain_land
from analyzer.kernel.runtime.config import njit


@njit
def damage_hint(abilities, steps, ab, g_local):
    """Damage the ability deals to this group (for kill-aware choices); -1 if none."""
    s0 = abilities[ab, AbilCol.ST_START]
    for k in range(s0, s0 + abilities[ab, AbilCol.ST_COUNT]):
        if steps[k, StepCol.REF] == g_local and steps[k, StepCol.OP] == Op.DAMAGE:
            return steps[k, StepCol.A]
        if steps[k, StepCol.A] == g_local and steps[k, StepCol.OP] == Op.FIGHT:
            return 1000  # resolved below from the fighter's power
        if steps[k, StepCol.REF] == g_local and steps[k, StepCol.OP] == Op.DAMAGE_BY_POWER:
            return 1000  # the same: the source creature's power
    return -1


@njit
def copies_hint(abilities, steps, ab, g_local):
    """(Subtype mask, copies) of a token_copies_by_subtype step on this group: a target with
    one of the subtypes is copied that many times; (0, 1) if none."""
    s0 = abilities[ab, AbilCol.ST_START]
    for k in range(s0, s0 + abilities[ab, AbilCol.ST_COUNT]):
        if steps[k, StepCol.REF] == g_local and steps[k, StepCol.OP] == Op.TOKEN_COPIES_BY_SUBTYPE:
            return steps[k, StepCol.A], steps[k, StepCol.B]
    return 0, 1


@njit
def bounce_hint(abilities, steps, ab, g_local):
    """Does the ability return this group's targets to their owners' hands?"""
    s0 = abilities[ab, AbilCol.ST_START]
    for k in range(s0, s0 + abilities[ab, AbilCol.ST_COUNT]):
        if steps[k, StepCol.REF] == g_local and steps[k, StepCol.OP] == Op.BOUNCE:
            return True
    return False


# lock_hint: what an ability does to a group that it only taps (1), or taps and stuns (2)
LOCK_TAP = 1
LOCK_STUN = 2


@njit
def lock_hint(abilities, steps, ab, g_local):
    """LOCK_TAP when the ability's only steps on this group tap it ("tap up to two target
    creatures"), LOCK_STUN when they tap it and put stun counters on it (Splash Lasher, Mind
    Spiral promised); 0 when another step acts on the group or none does."""
    tap = False
    stun = False
    s0 = abilities[ab, AbilCol.ST_START]
    for k in range(s0, s0 + abilities[ab, AbilCol.ST_COUNT]):
        if steps[k, StepCol.REF] != g_local:
            continue
        op = steps[k, StepCol.OP]
        if op == Op.TAP:
            tap = True
        elif op == Op.ADD_COUNTERS and steps[k, StepCol.A] == CounterKind.STUN:
            stun = True
        else:
            return 0
    if not tap:
        return 0
    return LOCK_STUN if stun else LOCK_TAP


@njit
def _pending_lock(G, C, v, chooser):
    """The strongest lock_hint of chooser's abilities waiting on the stack with v among their
    targets: an enters trigger below an offspring trigger resolves after the copy's own
    trigger has chosen its target."""
    abilities = abilities_of(C)
    steps = steps_of(C)
    lock = 0
    for e in range(OFF_STACK, OFF_STACK + G[H.STACK_N] * SF, SF):
        ab = G[e + S.AB]
        if G[e + S.CTRL] != chooser or ab < 0:
            continue
        for i in range(MAX_TARGETS):
            if G[e + S.T0 + i] == v:
                for j in range(abilities[ab, AbilCol.TG_COUNT]):
                    lock = max(lock, lock_hint(abilities, steps, ab, j))
    return lock


@njit
def lock_score(G, C, v, chooser, score, lock):
    """The standard player's score of creature v for a tap (lock: lock_hint), counting the taps
    and stuns chooser's abilities on the stack will give it: tapping a tapped creature does
    nothing (-1: an "up to" group leaves it); a stun counter on a creature already stunned
    keeps it out one more turn, where a fresh one loses this turn's block too, so it is worth
    two thirds (the offspring copy of Splash Lasher stunned the creature the first copy
    stunned, while another could block)."""
    if v >= PLAYER_BASE or score <= 0 or G[ob(v) + O.ZONE] != Zone.BATTLEFIELD:
        return score
    b = ob(v)
    pending = _pending_lock(G, C, v, chooser)
    if lock == LOCK_TAP and (G[b + O.TAPPED] or pending > 0):
        return -1
    if lock == LOCK_STUN and (G[b + O.STUN] > 0 or pending == LOCK_STUN):
        return score * 2 // 3
    return score


# the standard player's bounce: a token bounced is gone for good (about a card's worth more),
# a creature in combat bounced stops its attack or frees the creature it blocks
BOUNCE_TOKEN = 25


BOUNCE_IN_COMBAT = 300
# The standard player's spell that costs {1} less at an attacking or tapped creature (Dire
# Downdraft) prefers such a target by about a mana's worth of threat.
TAPPED_TARGET = 15
# The standard player's removal (not a bounce) takes 1/SPENT_ENTERS_DIV of the printed value
# (about 10 per mana value) off an opposing creature with an enters trigger, already spent:
# UR's Kitnap stole Head of the Homestead, a 3/3 whose two tokens were made, beside a one-drop
# grown to 5/5 that kept growing.
SPENT_ENTERS_DIV = 2


# an opposing creature whose enters trigger pays its owner again when recast (Head of the
# Homestead's tokens, Thornplate Intimidator's punisher, Treetop Sentries' card) is a worse
# bounce by about half a card
BOUNCE_ENTERS = 15


# the most expensive creature of its own the standard player bounces to recast for its
# enters trigger
REBUY_MAX_MV = 3


@njit
def _score(G, C, g, v, chooser, intent, dmg, fighter_power, lose_kw, bounce, sweep, leader):
    cards = cards_of(C)
    if v >= PLAYER_BASE:
        p = v - PLAYER_BASE
        if intent == Intent.HELP:
            return 1000 if p == chooser else -1000
        if p == chooser:
            return -1000
        if (
            0 < dmg < 1000
            and G[pb(p) + P.LIFE] <= dmg
            and G[pb(chooser) + P.LEVEL] != PlayerLevel.BASIC
        ):
            return 5000  # the standard player: damage that kills the player goes there
        # harm: the opponent closest to dying
        return 500 - G[pb(p) + P.LIFE] * 5
    if intent == Intent.HARM and G[W.FOCUS] == -(v + 1):
        return 3000  # a flicker of p's own creature (kernel/player/ai_flicker.py)
    b = ob(v)
    if (
        intent == Intent.HARM
        and G[b + O.ZONE] == Zone.GRAVEYARD
        and G[b + O.OWNER] == chooser
        and targets_of(C)[g, TargCol.KIND] == TargetKind.CARD_IN_A_GRAVEYARD
    ):
        return -1000 - threat(G, cards, v)  # "a card from a graveyard": an opponent's first
    mine = G[b + O.CTRL] == chooser or (G[b + O.ZONE] == Zone.GRAVEYARD)
    t = threat(G, cards, v)
    if intent == Intent.HELP:
        if not mine:
            return -1000 - t
        if G[pb(chooser) + P.LEVEL] != PlayerLevel.BASIC:
            return _help_score(G, cards, v, chooser, t, lose_kw)
        # in combat, the creature that is fighting is the one worth helping
        if G[b + O.ZONE] == Zone.BATTLEFIELD and (G[b + O.ATTACKING] or G[b + O.BLOCKING]):
            return t + 300
        return t
    if G[pb(chooser) + P.LEVEL] != PlayerLevel.BASIC and G[b + O.ZONE] == Zone.BATTLEFIELD:
        # pods: aimed at the opponent who threatens most (kernel/player/ai_multi.py, issue 21)
        t = threat_std_from(G, cards, v, t) + removal_bonus(leader, chooser, G[b + O.CTRL])
        if bounce:
            if G[b + O.TOKEN]:
                t += BOUNCE_TOKEN
            elif (cards[G[b + O.CARD], CardCol.AB_KINDS] >> AbilityKind.ETB) & 1:
                t -= BOUNCE_ENTERS
            if G[b + O.ATTACKING] or G[b + O.BLOCKING]:
                t += BOUNCE_IN_COMBAT
        elif (cards[G[b + O.CARD], CardCol.AB_KINDS] >> AbilityKind.ETB) & 1 and (
            cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE
        ):
            # a creature killed, stolen or locked is judged by what it does from now on: its
            # enters trigger is spent, and with it part of what its mana paid for (a bounce
            # makes its owner pay that again: BOUNCE_ENTERS above)
            t -= cards[G[b + O.CARD], CardCol.VALUE] // SPENT_ENTERS_DIV
    if G[b + O.ZONE] == Zone.STACK:
        return t if G[b + O.OWNER] != chooser else -1000
    ward = Keyword.WARD1 | Keyword.WARD2
    if G[pb(chooser) + P.LEVEL] != PlayerLevel.BASIC:
        # life, cards and Foods are a tax too
        ward |= Keyword.WARD_LIFE2 | Keyword.WARD_DISCARD | Keyword.WARD_FOOD
    if G[b + O.CUR_KW] & ward and G[b + O.CTRL] != chooser:
        t -= 200  # ward: rather a target that doesn't tax the spell
    if mine and G[b + O.ZONE] != Zone.GRAVEYARD:
        if bounce and G[b + O.TOKEN] == 0:
            return _rebuy_score(G, C, v)
        return -1000 - t
    if dmg >= 0 and (cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE):
        d = fighter_power if dmg == 1000 else dmg
        if G[pb(chooser) + P.LEVEL] != PlayerLevel.BASIC:
            d += combat_damage_to(G, v)  # after blocks: what it takes in its fight counts
            if sweep > 0:
                # a rider on a sweep (Wildfire Howl promised: 1 here, 2 to each creature):
                # a creature the sweep kills anyway is a wasted target
                if G[b + O.CUR_T] - G[b + O.DAMAGE] <= sweep:
                    return t - 500
                d += sweep
        if (
            G[b + O.CUR_T] - G[b + O.DAMAGE] <= d
            and (G[b + O.CUR_KW] & Keyword.INDESTRUCTIBLE) == 0
        ):
            return 2000 + t
        return t - 500
    return t


@njit
def _enters_bounces(C, card):
    """Does the card's enters trigger return a permanent to its owner's hand?"""
    abilities = abilities_of(C)
    steps = steps_of(C)
    a0 = cards_of(C)[card, CardCol.AB_START]
    for a in range(a0, a0 + cards_of(C)[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] != AbilityKind.ETB:
            continue
        s0 = abilities[a, AbilCol.ST_START]
        for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
            if steps[k, StepCol.OP] == Op.BOUNCE:
                return True
    return False


@njit
def _rebuy_score(G, C, v):
    """The standard player bouncing its own nontoken permanent (Stickytongue Sentinel): worth
    it for a cheap creature whose enters trigger pays again when it is recast (Pond Prophet
    draws another card); anything else is a loss of tempo (-1000). A creature whose own
    enters trigger is such a bounce pays nothing when recast: two Stickytongue Sentinels
    bouncing each other spent three mana a turn to leave one on the battlefield. Nor is a
    blocker bounced that p needs to live through the opponent's next attack (ai_race.
    blocker_needed), even with the mana to recast it: that mana casts another creature
    beside it (GU at 1 life bounced Bellowing Crier, then cast a 1-drop with the two mana
    left and met the crack-back a blocker short)."""
    cards = cards_of(C)
    card = G[ob(v) + O.CARD]
    mv = cards[card, CardCol.MV]
    if (
        cards[card, CardCol.TYPES] & CardType.CREATURE
        and (cards[card, CardCol.AB_KINDS] >> AbilityKind.ETB) & 1
        and mv <= REBUY_MAX_MV
        and not _enters_bounces(C, card)
    ):
        # (main phases only: the crack-back's scratch lists are combat's)
        if (G[H.PHASE] == Phase.MAIN1 or G[H.PHASE] == Phase.MAIN2) and blocker_needed(
            G, cards, G[ob(v) + O.CTRL], v
        ):
            return -1000
        return 10 * (REBUY_MAX_MV + 2 - mv)
    return -1000


@njit
def _help_score(G, cards, v, chooser, t, lose_kw):
    """The standard player's score for helping its own object v (threat t): the creature a trick
    is for first (W.FOCUS), then one an opposing spell on top of the stack targets, then one in a
    fight (blocked or blocking), then one whose valiant has not triggered this turn (the target
    gets the valiant bonus on top); equipment that removes a keyword goes to a creature without
    it."""
    b = ob(v)
    if G[W.FOCUS] == v + 1:
        return t + 3000
    if G[b + O.ZONE] != Zone.BATTLEFIELD:
        return t
    if lose_kw and G[b + O.CUR_KW] & lose_kw:
        t -= 400
    if G[H.STACK_N] > 0:
        e = OFF_STACK + (G[H.STACK_N] - 1) * SF
        if G[e + S.CTRL] != chooser:
            for k in range(MAX_TARGETS):
                if G[e + S.T0 + k] == v:
                    return t + 600
    if G[b + O.BLOCKING] or (G[b + O.ATTACKING] and G[b + O.BLOCKED]):
        return t + 300
    if (
        G[b + O.VALIANT_TURN] != G[H.TURN]
        and (cards[G[b + O.CARD], CardCol.AB_KINDS] >> AbilityKind.VALIANT) & 1
    ):
        return t + 200
    return t


@njit
def _equipped_loses(C, card):
    """Keywords an equipment's static ability removes from the equipped creature (0: none)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    kw = 0
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] != AbilityKind.STATIC:
            continue
        kw |= op_sum(C, a, Op.STATIC_EQUIPPED_LOSE, -1)
    return kw


@njit
def _fight_groups(C, ab):
    """(the local group of ability ab whose creature deals the damage of a fight or a bite,
    the local group it is dealt to, whether the second one strikes back (a fight)); (-1, -1,
    False) if the ability has neither, or if either creature is a fixed reference ("this
    creature fights", a trigger's object) rather than a target group: there is no fighter to
    choose then, and a reference read as a group would index past the targets table."""
    steps = steps_of(C)
    abilities = abilities_of(C)
    n_groups = abilities[ab, AbilCol.TG_COUNT]
    s0 = abilities[ab, AbilCol.ST_START]
    for k in range(s0, s0 + abilities[ab, AbilCol.ST_COUNT]):
        op = steps[k, StepCol.OP]
        if op == Op.FIGHT or op == Op.DAMAGE_BY_POWER:
            if op == Op.FIGHT:
                sg = steps[k, StepCol.REF]
                dg = steps[k, StepCol.A]
            else:
                sg = steps[k, StepCol.A]
                dg = steps[k, StepCol.REF]
            if 0 <= sg < n_groups and 0 <= dg < n_groups:
                return sg, dg, op == Op.FIGHT
            return -1, -1, False
    return -1, -1, False


@njit
def fighter_boost(C, ab, sg, promised):
    """(power, toughness) the ability's own steps give group sg's creature before it fights
    (Longstalk Brawl promised: a +1/+1 counter)."""
    steps = steps_of(C)
    abilities = abilities_of(C)
    bp = 0
    bt = 0
    s0 = abilities[ab, AbilCol.ST_START]
    for k in range(s0, s0 + abilities[ab, AbilCol.ST_COUNT]):
        # an undecided promise (-1) reads as not promised: the spell is cast without it
        if steps[k, StepCol.REF] != sg or not cond_holds(
            steps[k, StepCol.COND], 1 if promised == 1 else 0
        ):
            continue
        op = steps[k, StepCol.OP]
        if op == Op.ADD_COUNTERS and steps[k, StepCol.A] == CounterKind.P1P1:
            bp += steps[k, StepCol.B]
            bt += steps[k, StepCol.B]
        elif op == Op.PUMP:
            bp += steps[k, StepCol.A]
            bt += steps[k, StepCol.B]
    return bp, bt


@njit
def _best_fighter(G, C, ab, chooser, promised, sg, g, mutual):
    """The standard player's fight or bite (Longstalk Brawl, Polliwallop): which of its
    creatures (legal for local group sg) deals the damage. The usual choice, its most
    threatening creature, fought what it could kill and often died doing it, so the spell
    was held as no removal worth a card. Each candidate is paired with the target the
    choice for group g then takes (_score: the best one its power kills); the pair worth
    most wins: the target's threat, less the fighter's when the target's damage back kills
    it. -1: no creature of p's kills anything (the usual choice stands)."""
    cards = cards_of(C)
    targets = targets_of(C)
    tg0 = abilities_of(C)[ab, AbilCol.TG_START]
    bp, bt = fighter_boost(C, ab, sg, promised)
    leader = removal_leader(G, cards, chooser)
    best = -1
    best_value = 0
    for i in range(G[H.BF_N]):
        f = G[OFF_BATTLEFIELD + i]
        bf = ob(f)
        if G[bf + O.CTRL] != chooser or not object_legal(G, cards, targets, tg0 + sg, f, chooser):
            continue
        power = G[bf + O.CUR_P] + bp
        if power <= 0:
            continue
        v = -1
        top = 0
        for j in range(G[H.BF_N]):
            o = G[OFF_BATTLEFIELD + j]
            if o == f or not object_legal(G, cards, targets, tg0 + g, o, chooser):
                continue
            sc = _score(G, C, tg0 + g, o, chooser, Intent.HARM, 1000, power, 0, False, 0, leader)
            if sc >= 1000 and (v < 0 or sc > top):  # 2000 + threat: its power kills o
                v = o
                top = sc
        if v < 0:
            continue
        value = threat_std(G, cards, v)
        bv = ob(v)
        back = max(G[bv + O.CUR_P], 0) if mutual else 0
        if (
            back > 0
            and G[bf + O.CUR_KW] & Keyword.INDESTRUCTIBLE == 0
            and (
                G[bv + O.CUR_KW] & Keyword.DEATHTOUCH
                or back >= G[bf + O.CUR_T] + bt - G[bf + O.DAMAGE]
            )
        ):
            value -= threat_std(G, cards, f)
        if best < 0 or value > best_value:
            best = f
            best_value = value
    return best


@njit
def choose_targets(G, C, ab, chooser, promised, slots, zccs):
    """AI target choice for every active group of ability row ab. Fills slots/zccs (length
    MAX_TARGETS, -1 = empty). Returns False if some group cannot reach its minimum."""
    abilities = abilities_of(C)
    targets = targets_of(C)
    steps = steps_of(C)
    for i in range(MAX_TARGETS):
        slots[i] = -1
        zccs[i] = 0
    if ab < 0 or abilities[ab, AbilCol.TG_COUNT] == 0:
        return True  # (no group to fill: the standard player's look below would change nothing)
    tg0 = abilities[ab, AbilCol.TG_START]
    buf = G[W.CAND : W.CAND + MAX_CANDIDATES]
    scores = G[W.SCORE : W.SCORE + MAX_CANDIDATES]
    fighter_power = 0
    lose_kw = 0
    std = G[pb(chooser) + P.LEVEL] != PlayerLevel.BASIC
    sweep = 0
    boost = 0  # the standard player: the power a fight's own steps give its fighter first
    focused = False  # the standard player's fighter, chosen here through W.FOCUS
    # the standard player in a pod: whose permanents removal goes after (-2: not yet looked
    # for; only a group that is not to help reads it, and nothing here changes it)
    leader = -1
    if std:
        leader = -2
        lose_kw = _equipped_loses(C, abilities[ab, AbilCol.CARD])
        sweep = op_sum(C, ab, Op.DAMAGE_EACH_CREATURE, -1)
        sg, dg, mutual = _fight_groups(C, ab)
        if G[W.FOCUS] == 0 and has_op(C, ab, Op.LAND_BECOMES_UNTIL_EOT):
            f = untapped_plain_land(G, cards_of(C), chooser)  # a land that can attack
            if f >= 0:
                G[W.FOCUS] = f + 1  # _help_score puts it first
                focused = True
        if sg >= 0:
            boost = fighter_boost(C, ab, sg, promised)[0]
            if G[W.FOCUS] == 0:
                f = _best_fighter(G, C, ab, chooser, promised, sg, dg, mutual)
                if f >= 0:
                    G[W.FOCUS] = f + 1  # _help_score puts it first
                    focused = True
    cheaper = std and cheaper_at_tapped(C, abilities[ab, AbilCol.CARD])
    # paid for only with the {1} off: only a target that takes it off will do
    only_tapped = cheaper and needs_target_reduction(G, C, chooser, abilities[ab, AbilCol.CARD])
    for j in range(abilities[ab, AbilCol.TG_COUNT]):
        g = tg0 + j
        if not group_active(targets, g, promised):
            continue
        n = candidates(G, C, g, chooser, buf)
        intent = targets[g, TargCol.INTENT]
        if leader == -2 and intent != Intent.HELP and n > 0:
            leader = removal_leader(G, cards_of(C), chooser)
        dmg = damage_hint(abilities, steps, ab, j)
        bounce = std and intent == Intent.HARM and bounce_hint(abilities, steps, ab, j)
        copy_sub, copies = copies_hint(abilities, steps, ab, j)
        lock = lock_hint(abilities, steps, ab, j) if std and intent == Intent.HARM else 0
        for i in range(n):
            scores[i] = _score(
                G, C, g, buf[i], chooser, intent, dmg, fighter_power, lose_kw, bounce, sweep, leader
            )
            if (
                cheaper
                and intent != Intent.HELP
                and tapped_creature_target(G, cards_of(C), buf[i])
                and G[ob(buf[i]) + O.CTRL] != chooser
            ):
                scores[i] += TAPPED_TARGET  # the spell costs {1} less at it
            elif only_tapped and intent != Intent.HELP:
                buf[i] = -1  # the mana pays for the spell only at a target that cheapens it
                continue
            if lock:
                scores[i] = lock_score(G, C, buf[i], chooser, scores[i], lock)
            # the standard player: a token copied twice (a Squirrel) is worth twice its value
            if std and copy_sub and 0 <= buf[i] < PLAYER_BASE and scores[i] > 0:
                if cards_of(C)[G[ob(buf[i]) + O.CARD], CardCol.SUBTYPES] & copy_sub:
                    scores[i] *= copies
        s0 = slot_start(targets, tg0, j)
        k = 0
        mx = targets[g, TargCol.MAX]
        mn = targets[g, TargCol.MIN]
        while k < mx:
            best = -1
            for i in range(n):
                if buf[i] < 0:
                    continue
                # "up to" groups take only choices that help the chooser
                if k >= mn and scores[i] < 0:
                    continue
                # the same object can't be chosen twice for one "target" word,
                # nor for two groups of the same ability (the AI never wants that)
                dup = False
                for q in range(MAX_TARGETS):
                    if slots[q] == buf[i]:
                        dup = True
                if dup or other_controller_clash(G, targets, g, tg0, slots, buf[i]):
                    continue
                if best < 0 or scores[i] > scores[best]:
                    best = i
            if best < 0:
                break
            v = buf[best]
            slots[s0 + k] = v
            zccs[s0 + k] = G[ob(v) + O.ZCC] if v < PLAYER_BASE else 0
            buf[best] = -1
            k += 1
        if k < mn:
            if focused:
                G[W.FOCUS] = 0
            return False
        if intent == Intent.HELP and k > 0 and slots[s0] < PLAYER_BASE:
            fighter_power = G[ob(slots[s0]) + O.CUR_P] + boost
    if focused:
        G[W.FOCUS] = 0
    return True

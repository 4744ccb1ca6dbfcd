"""The standard player's choices that the basic player does not make (issue 14): when a card
is worth casting in a window, how much mana to keep up, whether removal has a target worth it,
whether a trick flips a fight, whether combat damage is lethal.

Timing (roles from CardCol.AI_ROLE): counterspells and protection answer the top of the stack;
a cantrip trick goes on a valiant creature in main phase 1 (the trigger pays, the card is
replaced); a trick answers removal aimed at one of p's creatures when it saves it (toughness
against damage, indestructible against destroy, hexproof against anything; never against
exile or bounce), or flips a fight after blocks (a team pump: lethal counts every unblocked
attacker); instant draw, instant token makers and flash creatures wait for an opponent's end
step (the mana kept up for them is spent there), except an instant draw whose cost discards a
card or that triggers a noncreature-spell payoff before combat (draw_now); removal goes at a
target worth the card (a bite or a fight by the creature it kills, not p's); an
instant bounce is a tempo play (an attacker or a blocker after blocks, a token, an expensive
creature at an opponent's end step), never at sorcery speed on a nontoken.
"""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    AbilityKind,
    AiRole,
    CardCol,
    CardFlag,
    CardType,
    Cond,
    ExtraCost,
    Keyword,
    Op,
    Phase,
    StepCol,
    TargCol,
    Zone,
)
from analyzer.kernel.layout import (
    MAX_TARGETS,
    OFF_BATTLEFIELD,
    PLAYER_BASE,
    SK_ABILITY,
    SK_SPELL,
    H,
    O,
    P,
    S,
)
from analyzer.kernel.player.ai_value import board_payoffs, cast_bonus
from analyzer.kernel.rules.catalog import abilities_of, cards_of, steps_of, targets_of
from analyzer.kernel.rules.stack import stack_top_entry
from analyzer.kernel.rules.state import hand_at, ob, pb
from analyzer.kernel.rules.targets import combat_damage_to, threat_std
from analyzer.kernel.runtime.config import njit

# A target worth a removal spell: about a three-drop with a body (threat counts mana value,
# power and toughness); cheaper targets wait for a bigger threat unless a tempo reason applies.
REMOVAL_WORTH = 40
# A removal spell that kills whatever it targets (destroy, exile) waits for a bigger threat
# while the opponents hold cards that may be one: the bar rises by this much per card they
# hold, up to FUTURE_CARDS cards, until the game is late.
FUTURE_THREAT = 3
FUTURE_CARDS = 3
# A damage spell kills only creatures with toughness up to its damage: waiting for a bigger
# threat it cannot kill is no plan, so its bar is at most this much per point of damage (a
# two-damage spell takes a two-drop now).
REACH_WORTH = 15


@njit(inline="always")  # tiny and on the priority hot path
def role_may_help(G, cards, card, context, p):
    """ai_cast.may_help for the standard player (context as in ai_cast._mode_useful)."""
    role = cards[card, CardCol.AI_ROLE]
    if context == 1:  # responding to the top of the stack
        return role == AiRole.COUNTER or role == AiRole.PROTECTION or role == AiRole.TRICK
    if role == AiRole.COUNTER or (role == AiRole.PROTECTION and context != 2):
        return False
    if role == AiRole.TRICK:  # after blocks; in main phase 1 a cantrip on a valiant creature
        return context == 2 or (context == 0 and G[H.PHASE] == Phase.MAIN1)
    if context == 2:  # after blocks: removal, protection that saves a creature in a fight
        return role == AiRole.REMOVAL or role == AiRole.PROTECTION
    creature = (cards[card, CardCol.TYPES] & CardType.CREATURE) != 0
    if context == 3:  # an opponent's end step
        return (
            role == AiRole.CARD_DRAW
            or role == AiRole.REMOVAL
            or role == AiRole.RECURSION
            or role == AiRole.TOKENS
            or creature
        )
    if cards[card, CardCol.FLAGS] & CardFlag.FAST and (
        role == AiRole.CARD_DRAW
        or role == AiRole.TOKENS
        or (creature and G[H.PHASE] == Phase.MAIN1)
    ):
        # waits for the opponent's end step (a flash creature: main phase 2), unless waiting
        # loses something: see draw_now
        return role == AiRole.CARD_DRAW and draw_now(G, cards, card, p)
    return True


@njit
def draw_now(G, cards, card, p):
    """Main phase: is an instant draw spell better cast now than at the opponent's end step?
    When its additional cost discards a card (Sazacap's Brew: by the end step the hand is
    often empty, and the spell is stranded), or in main phase 1 when p controls a creature
    with a "whenever you cast a noncreature spell" trigger (prowess, the Otters: the trigger
    pays before combat, not at their end step)."""
    if cards[card, CardCol.EXTRA_COST] != ExtraCost.NONE:
        return True
    return G[H.PHASE] == Phase.MAIN1 and board_payoffs(G, cards, p)[0] > 0


@njit
def _spell_steps(C, card):
    """(first, count) of the steps of the card's spell ability ((0, 0) if none)."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] == AbilityKind.SPELL:
            return abilities[a, AbilCol.ST_START], abilities[a, AbilCol.ST_COUNT]
    return 0, 0


@njit
def _first_target(G, C, ab, slots, p):
    """(the first chosen target of ability ab that p does not control, the local index of its
    group); (-1, -1) if none. A bite or a fight (Polliwallop, Longstalk Brawl) targets p's own
    creature first: the removal is judged by the creature it kills, not by p's."""
    targets = targets_of(C)
    tg0 = abilities_of(C)[ab, AbilCol.TG_START]
    s = 0
    for j in range(abilities_of(C)[ab, AbilCol.TG_COUNT]):
        for k in range(targets[tg0 + j, TargCol.MAX]):
            if s + k < MAX_TARGETS and slots[s + k] >= 0:
                v = slots[s + k]
                if v >= PLAYER_BASE or G[ob(v) + O.CTRL] != p:
                    return v, j
        s += targets[tg0 + j, TargCol.MAX]
    return -1, -1


@njit
def removal_worth(G, C, p, ab, slots, context):
    """Is the removal's chosen target (slots from choose_targets) worth the card now (context as
    in ai_cast._mode_useful)? A target that a damage spell does not kill (after blocks: with the
    combat damage it takes) never is. After blocks, a creature in combat is (the spell changes
    that fight), unless it dies in that fight anyway without killing one of p's creatures (the
    spell would be wasted). An instant bounce of a nontoken is a tempo play: in combat (above),
    or at an opponent's end step on a creature of mana value 4 or more (their next turn goes
    into recasting it), never at sorcery speed. A damage spell that kills only thanks to damage
    already marked (a creature that survived a block) finishes it, and a removal spell that
    draws a card costs no card: both are worth any target. Else a target worth REMOVAL_WORTH,
    or any target when p is under pressure (the opponents' power reaches half p's life),
    holds two or more removal spells, or the opponents hold no cards or the game is late (no
    bigger threat is coming)."""
    cards = cards_of(C)
    steps = steps_of(C)
    abilities = abilities_of(C)
    v, g = _first_target(G, C, ab, slots, p)
    if v < 0 or v >= PLAYER_BASE or G[ob(v) + O.ZONE] != Zone.BATTLEFIELD:
        return True  # not a permanent: the ordinary target check decided
    b = ob(v)
    fight = combat_damage_to(G, v) if context == 2 else 0
    bounce = False
    finishes = False
    cantrip = False
    kills_any = False  # destroy or exile: the spell answers any threat that comes later
    reach = 0  # the damage (or -X/-X) it deals its target: the toughness it kills
    s0 = abilities[ab, AbilCol.ST_START]
    for k in range(s0, s0 + abilities[ab, AbilCol.ST_COUNT]):
        if steps[k, StepCol.OP] == Op.DRAW and steps[k, StepCol.COND] == Cond.ALWAYS:
            cantrip = True
        if steps[k, StepCol.REF] != g:
            continue
        if (
            steps[k, StepCol.OP] == Op.DAMAGE
            and cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE
            and G[b + O.CUR_KW] & Keyword.INDESTRUCTIBLE == 0
        ):
            if G[b + O.CUR_T] - G[b + O.DAMAGE] > steps[k, StepCol.A] + fight:
                return False
            # it kills only with the damage already marked (or its fight's): a creature that
            # survived a block is finished cheaply now, or never
            finishes = G[b + O.CUR_T] > steps[k, StepCol.A]
        op = steps[k, StepCol.OP]
        if op == Op.DAMAGE:
            reach += steps[k, StepCol.A]
        elif op == Op.PUMP and steps[k, StepCol.B] < 0:
            reach -= steps[k, StepCol.B]
        elif op == Op.DESTROY or op == Op.EXILE or op == Op.EXILE_UNTIL_LEAVES:
            kills_any = True
        if op == Op.BOUNCE:
            bounce = True
    if context == 2 and (G[b + O.ATTACKING] or G[b + O.BLOCKING]):
        return not _dies(G, v, fight, 0, 0) or _kills_in_fight(G, v, p)
    if finishes or (cantrip and not bounce):
        return True  # a cantrip costs no card: any creature it kills is worth it
    if (
        bounce
        and G[b + O.TOKEN] == 0
        and cards[abilities[ab, AbilCol.CARD], CardCol.FLAGS] & CardFlag.FAST
    ):
        return context == 3 and cards[G[b + O.CARD], CardCol.MV] >= 4
    opp_hand = 0
    for q in range(G[H.NPLAYERS]):
        if q != p and G[pb(q) + P.LOST] == 0:
            opp_hand += G[pb(q) + P.HAND_N]
    # the spell's own triggers on p's board (prowess, the Otters, a bite's valiant) count
    if threat_std(G, cards, v) + cast_bonus(
        G, cards, p, abilities[ab, AbilCol.CARD], slots
    ) >= removal_bar(G, kills_any, reach, opp_hand):
        return True
    opp_power = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.CTRL] != p and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE:
            opp_power += max(G[ob(o) + O.CUR_P], 0)
    if opp_hand == 0 or 2 * opp_power >= G[pb(p) + P.LIFE] or late_game(G):
        return True
    n_removal = 0
    for i in range(G[pb(p) + P.HAND_N]):
        if cards[G[ob(hand_at(G, p, i)) + O.CARD], CardCol.AI_ROLE] == AiRole.REMOVAL:
            n_removal += 1
    return n_removal >= 2


@njit
def removal_bar(G, kills_any, reach, opp_hand):
    """The least threat a removal spell's target must be worth now (issue 14 item 3), from
    what the opponents may still show, not from their hidden cards: a spell that kills any
    creature (kills_any) keeps for a bigger threat while they hold cards and the game is not
    late (REMOVAL_WORTH + FUTURE_THREAT per card, up to FUTURE_CARDS); a damage spell (reach:
    its damage) only waits for a creature it could still kill (REACH_WORTH per point)."""
    if kills_any:
        if late_game(G):
            return REMOVAL_WORTH
        return REMOVAL_WORTH + FUTURE_THREAT * min(opp_hand, FUTURE_CARDS)
    if reach > 0:
        return min(REMOVAL_WORTH, REACH_WORTH * reach)
    return REMOVAL_WORTH


@njit
def mana_to_keep(G, C, p, lands):
    """(mana value to keep up in p's main phase, what keeping it up is worth), among the fast
    cards whose colors p's untapped lands make (_colors_up): a counterspell
    while an opponent holds cards (its value, plus 10 per card they hold up to two unless p is
    under pressure: the opponents' creatures outpower p's, so p develops its board first); in
    main phase 1, a trick when p has an attacker for it (its value); a cheap instant removal
    (mana value 2 or less: a bounce waits for their attack) while an opponent has a creature
    with power (its value). (0, 0): nothing to keep."""
    cards = cards_of(C)
    keep = 0
    worth = 0
    opp_hand = 0
    for q in range(G[H.NPLAYERS]):
        if q != p and G[pb(q) + P.LOST] == 0:
            opp_hand += G[pb(q) + P.HAND_N]
    attacker = False
    my_power = 0
    opp_power = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE == 0:
            continue
        if G[ob(o) + O.CTRL] != p:
            opp_power += max(G[ob(o) + O.CUR_P], 0)
            continue
        my_power += max(G[ob(o) + O.CUR_P], 0)
        if G[H.PHASE] == Phase.MAIN1 and G[ob(o) + O.TAPPED] == 0 and G[ob(o) + O.CUR_P] > 0:
            attacker = True
    pressed = opp_power > my_power
    opp_creature = opp_power > 0
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        role = cards[card, CardCol.AI_ROLE]
        mv = cards[card, CardCol.MV]
        if (
            mv > lands
            or (cards[card, CardCol.FLAGS] & CardFlag.FAST) == 0
            or not _colors_up(G, cards, p, card)
        ):
            continue
        if (
            (role == AiRole.COUNTER and opp_hand > 0)
            or (role == AiRole.TRICK and attacker)
            or (role == AiRole.REMOVAL and mv <= 2 and opp_creature)
        ):
            if keep == 0 or mv < keep:
                keep = mv
                worth = cards[card, CardCol.VALUE]
                if role == AiRole.COUNTER and not pressed:  # it answers their next spell,
                    worth += 10 * min(opp_hand, 2)  # the better the more cards they hold
    return keep, worth


@njit
def _colors_up(G, cards, p, card):
    """Do p's untapped lands make each color the card's cost needs, as often as it needs it
    (Long River's Pull kept up on two Mountains is no counterspell)? Hybrid symbols are not
    counted (either color pays them)."""
    for c in range(5):
        need = cards[card, CardCol.COST_W + c]
        if need <= 0:
            continue
        have = 0
        for i in range(G[H.BF_N]):
            b = ob(G[OFF_BATTLEFIELD + i])
            if (
                G[b + O.CTRL] == p
                and G[b + O.TAPPED] == 0
                and (cards[G[b + O.CARD], CardCol.LAND_COLORS] >> c) & 1
            ):
                have += 1
        if have < need:
            return False
    return True


@njit
def valiant_focus(G, C, p, card):
    """Main phase 1: the creature of p's a cantrip trick (it draws a card, so it costs no card)
    is cast on before combat because targeting it pays its valiant trigger: p's untapped
    creature with valiant that can attack and has not triggered this turn, the most valuable;
    -1 if none or the trick does not draw. (A trick that does not draw stays for combat even
    on a creature whose valiant leaves a +1/+1 counter: cast before combat it measured no
    better, WR Mice 45.8% -> 44.4% at 300 games.)"""
    steps = steps_of(C)
    s0, n = _spell_steps(C, card)
    draws = False
    for k in range(s0, s0 + n):
        if steps[k, StepCol.OP] == Op.DRAW:
            draws = True
    if not draws:
        return -1
    cards = cards_of(C)
    best = -1
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        card_o = G[ob(o) + O.CARD]
        if (
            G[ob(o) + O.CTRL] != p
            or G[ob(o) + O.TAPPED]
            or G[ob(o) + O.SICK]
            or cards[card_o, CardCol.TYPES] & CardType.CREATURE == 0
            or (cards[card_o, CardCol.AB_KINDS] >> AbilityKind.VALIANT) & 1 == 0
            or G[ob(o) + O.VALIANT_TURN] == G[H.TURN]
        ):
            continue
        if best < 0 or threat_std(G, cards, o) > threat_std(G, cards, best):
            best = o
    return best


@njit
def _pump_of(C, card, promised=-1):
    """(+power, +toughness, keywords granted, pumps the whole team) of a trick's spell (its
    first pump and its grants): the steps of the mode cast (promised 0 or 1; -1: all)."""
    steps = steps_of(C)
    s0, n = _spell_steps(C, card)
    bp = 0
    bt = 0
    kw = 0
    team = False
    for k in range(s0, s0 + n):
        cond = steps[k, StepCol.COND]
        if (cond == Cond.IF_PROMISED and promised == 0) or (
            cond == Cond.IF_NOT_PROMISED and promised == 1
        ):
            continue
        op = steps[k, StepCol.OP]
        if (op == Op.PUMP or op == Op.PUMP_ALL) and bp == 0 and bt == 0:
            bp = steps[k, StepCol.A]
            bt = steps[k, StepCol.B]
            team = op == Op.PUMP_ALL
        elif op == Op.GRANT or op == Op.GRANT_ALL:
            kw |= steps[k, StepCol.A]
    return bp, bt, kw, team


@njit
def _group_obj(G, C, e, ab, g_local):
    """The first target of group g_local of stack entry e (-1 if none or not an object)."""
    targets = targets_of(C)
    tg0 = abilities_of(C)[ab, AbilCol.TG_START]
    s = 0
    for j in range(g_local):
        s += targets[tg0 + j, TargCol.MAX]
    if s >= MAX_TARGETS:
        return -1
    v = G[e + S.T0 + s]
    if v < 0 or v >= PLAYER_BASE or G[ob(v) + O.ZONE] != Zone.BATTLEFIELD:
        return -1
    return v


@njit
def _survives(G, C, e, ab, g_local, v, bt, kw):
    """Does p's creature v, a target of group g_local of stack entry e (ability ab), come
    through what e does to it when it gets +bt toughness and keywords kw first? Hexproof makes
    the target illegal; indestructible stops destroy and damage, toughness stops damage and
    -X/-X; nothing a trick grants stops exile or bounce. False when e does not harm v."""
    steps = steps_of(C)
    dmg = 0
    minus = 0
    destroy = False
    harmed = False
    s0 = abilities_of(C)[ab, AbilCol.ST_START]
    for k in range(s0, s0 + abilities_of(C)[ab, AbilCol.ST_COUNT]):
        op = steps[k, StepCol.OP]
        ref = steps[k, StepCol.REF]
        if op == Op.DAMAGE and ref == g_local:
            dmg += steps[k, StepCol.A]
        elif (op == Op.FIGHT and steps[k, StepCol.A] == g_local) or (
            op == Op.DAMAGE_BY_POWER and ref == g_local
        ):
            src = _group_obj(G, C, e, ab, ref if op == Op.FIGHT else steps[k, StepCol.A])
            if src < 0:
                dmg += 1000
            else:
                times = max(steps[k, StepCol.B], 1) if op == Op.DAMAGE_BY_POWER else 1
                dmg += max(G[ob(src) + O.CUR_P], 0) * times
        elif op == Op.PUMP and ref == g_local and steps[k, StepCol.B] < 0:
            minus -= steps[k, StepCol.B]
        elif op == Op.DESTROY and ref == g_local:
            destroy = True
        elif ref == g_local and (op == Op.EXILE or op == Op.BOUNCE or op == Op.EXILE_UNTIL_LEAVES):
            harmed = True
            destroy = True  # only hexproof helps; counted as harm a pump cannot stop
            minus += 1000
        else:
            continue
        harmed = True
    if not harmed:
        return False
    if kw & Keyword.HEXPROOF:
        return True
    left = G[ob(v) + O.CUR_T] + bt - minus
    if left <= 0:
        return False
    if (G[ob(v) + O.CUR_KW] | kw) & Keyword.INDESTRUCTIBLE:
        return True
    return not destroy and left - G[ob(v) + O.DAMAGE] > dmg


@njit
def trick_saves(G, C, p, card, promised=-1):
    """The creature of p's that the trick saves from the opposing spell or ability on top of
    the stack (the most valuable one; -1: it saves none, so it waits for combat)."""
    e = stack_top_entry(G)
    if e < 0 or G[e + S.CTRL] == p or (G[e + S.KIND] != SK_SPELL and G[e + S.KIND] != SK_ABILITY):
        return -1
    ab = G[e + S.AB]
    if ab < 0:
        return -1
    cards = cards_of(C)
    targets = targets_of(C)
    _, bt, kw, _ = _pump_of(C, card, promised)
    tg0 = abilities_of(C)[ab, AbilCol.TG_START]
    best = -1
    s = 0
    for j in range(abilities_of(C)[ab, AbilCol.TG_COUNT]):
        for k in range(targets[tg0 + j, TargCol.MAX]):
            if s + k >= MAX_TARGETS:
                break
            v = G[e + S.T0 + s + k]
            if (
                v < 0
                or v >= PLAYER_BASE
                or G[ob(v) + O.ZONE] != Zone.BATTLEFIELD
                or G[ob(v) + O.CTRL] != p
                or cards[G[ob(v) + O.CARD], CardCol.TYPES] & CardType.CREATURE == 0
            ):
                continue
            if _survives(G, C, e, ab, j, v, bt, kw) and (
                best < 0 or threat_std(G, cards, v) > threat_std(G, cards, best)
            ):
                best = v
        s += targets[tg0 + j, TargCol.MAX]
    return best


@njit
def _dies(G, o, dmg, bt, kw):
    """Does o die to dmg combat damage at +bt toughness with keywords kw granted?"""
    if (G[ob(o) + O.CUR_KW] | kw) & Keyword.INDESTRUCTIBLE or dmg <= 0:
        return False
    return dmg >= G[ob(o) + O.CUR_T] + bt - G[ob(o) + O.DAMAGE]


@njit
def _hits(G, src, dst, bp, kw):
    """Damage src deals dst in combat, at +bp power with keywords kw (deathtouch: 1000)."""
    pw = G[ob(src) + O.CUR_P] + bp
    if pw <= 0:
        return 0
    k = G[ob(src) + O.CUR_KW] | kw
    if k & Keyword.DEATHTOUCH:
        return 1000
    return pw * (2 if k & Keyword.DOUBLE_STRIKE else 1)


@njit
def trick_focus(G, C, p, card, promised=-1):
    """The creature of p's whose fight the trick flips after blocks (it survives where it
    would die, or kills where it would not), or whose unblocked damage becomes lethal; -1.
    A protection spell that grants indestructible (Dawn's Truce promised) is such a trick."""
    cards = cards_of(C)
    bp, bt, kw, team = _pump_of(C, card, promised)
    unblocked = 0
    n_unblocked = 0
    defender = -1
    best = -1
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.CTRL] != p or (G[ob(o) + O.ATTACKING] == 0 and G[ob(o) + O.BLOCKING] == 0):
            continue
        if G[ob(o) + O.ATTACKING] and G[ob(o) + O.BLOCKED] == 0:
            unblocked += _player_damage(G, o)
            n_unblocked += 1
            defender = G[ob(o) + O.ATTACKING] - 1
            if best < 0:
                best = -2 - o  # a candidate for lethal damage, decided below
            continue
        # the fight: o against what blocks it, or what it blocks
        taken = 0
        kills_before = False
        kills_after = False
        for j in range(G[H.BF_N]):
            x = G[OFF_BATTLEFIELD + j]
            if not (G[ob(x) + O.BLOCKING] == o + 1 or G[ob(o) + O.BLOCKING] == x + 1):
                continue
            if cards[G[ob(x) + O.CARD], CardCol.TYPES] & CardType.CREATURE == 0:
                continue
            taken += _hits(G, x, o, 0, 0)
            if _dies(G, x, _hits(G, o, x, 0, 0), 0, 0):
                kills_before = True
            if _dies(G, x, _hits(G, o, x, bp, kw), 0, 0):
                kills_after = True
        if taken == 0 and not kills_after:
            continue
        if (
            G[ob(o) + O.CUR_KW] & Keyword.FIRST_STRIKE == 0
            and kw & Keyword.FIRST_STRIKE
            and kills_after
        ):
            taken = 0  # it strikes first now and kills what would have hit it
        dies_before = _dies(G, o, taken, 0, 0)
        dies_after = _dies(G, o, taken, bt, kw)
        if (dies_before and not dies_after) or (
            not kills_before and kills_after and (not dies_after or dies_before)
        ):
            if best < 0 or threat_std(G, cards, o) > threat_std(G, cards, best):
                best = o
    if best >= 0:
        return best
    # lethal: a team pump adds its power to every unblocked attacker
    bonus = bp * n_unblocked if team else bp
    if best <= -2 and defender >= 0 and unblocked < G[pb(defender) + P.LIFE] <= unblocked + bonus:
        return -2 - best
    return -1


@njit
def _kills_in_fight(G, v, p):
    """Does v's combat damage kill a creature of p's that it blocks or is blocked by?"""
    for i in range(G[H.BF_N]):
        x = G[OFF_BATTLEFIELD + i]
        if G[ob(x) + O.CTRL] != p:
            continue
        if G[ob(x) + O.BLOCKING] == v + 1 or G[ob(v) + O.BLOCKING] == x + 1:
            if _dies(G, x, _hits(G, v, x, 0, 0), 0, 0):
                return True
    return False


@njit
def combat_lethal_to(G, p):
    """Would the unblocked attackers' damage kill p (trample counts its full power)?"""
    dmg = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.ATTACKING] == p + 1 and (
            G[ob(o) + O.BLOCKED] == 0 or G[ob(o) + O.CUR_KW] & Keyword.TRAMPLE
        ):
            dmg += _player_damage(G, o)
    return dmg >= G[pb(p) + P.LIFE]


@njit
def _player_damage(G, o):
    """Combat damage attacker o deals a player it is unblocked against."""
    pw = max(G[ob(o) + O.CUR_P], 0)
    return pw * (2 if G[ob(o) + O.CUR_KW] & Keyword.DOUBLE_STRIKE else 1)


@njit
def late_game(G):
    """Past each player's eighth turn: no bigger threat worth waiting for."""
    return G[H.TURN] > 8 * G[H.NPLAYERS]

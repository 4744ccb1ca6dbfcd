"""The standard player's tricks (issue 14): which of p's creatures a trick saves from the
opposing spell on top of the stack (toughness against damage, indestructible against destroy,
hexproof against anything, the only answer to exile, bounce, a tuck or a hostile Aura), whose
fight it flips after blocks (a team pump: lethal counts every unblocked attacker), when a pump
on unblocked attackers is worth a card as burn (a team pump that deals what a burn spell of its
mana value would, or leaves the defender within two attacks; a single-target pump that deals
what such a burn spell would late in the game, or at any time on an attacker whose valiant
leaves a +1/+1 counter; either only with mana no other spell of the hand wants this turn, and
neither for a trick that grants hexproof or indestructible (it answers removal); any pump that
leaves the defender within one attack; an attack's reach is the power that gets past the
defender's creatures, each blocking one of the biggest), which valiant creature a cantrip trick
goes on before combat; and the combat arithmetic these and
ai_std.removal_worth share (who dies, what hits, whether the unblocked damage is lethal). When
a trick is cast is ai_cast._mode_useful_standard's.
"""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    AbilityKind,
    CardCol,
    CardType,
    Intent,
    Keyword,
    Op,
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
from analyzer.kernel.player.ai_growth import grows_on_spell, valiant_grows
from analyzer.kernel.rules.catalog import abilities_of, cards_of, steps_of, targets_of
from analyzer.kernel.rules.conditions import step_in_mode
from analyzer.kernel.rules.stack import spell_ability, stack_top_entry
from analyzer.kernel.rules.target_choice import fighter_boost
from analyzer.kernel.rules.targets import threat_std
from analyzer.kernel.rules.view import hand_at, ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def _spell_steps(C, card):
    """(first, count) of the steps of the card's spell ability ((0, 0) if none)."""
    a = spell_ability(C, card)
    if a < 0:
        return 0, 0
    abilities = abilities_of(C)
    return abilities[a, AbilCol.ST_START], abilities[a, AbilCol.ST_COUNT]


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
def pump_of(C, card, promised=-1):
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
        if not step_in_mode(cond, promised):
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
def _group_obj(G, C, t0, ab, g_local):
    """The first target of group g_local of ability ab whose target slots start at G[t0] (a
    stack entry's S.T0, or a spell's chosen slots W.USLOTS); -1 if none or not an object."""
    targets = targets_of(C)
    tg0 = abilities_of(C)[ab, AbilCol.TG_START]
    s = 0
    for j in range(g_local):
        s += targets[tg0 + j, TargCol.MAX]
    if s >= MAX_TARGETS:
        return -1
    v = G[t0 + s]
    if v < 0 or v >= PLAYER_BASE or G[ob(v) + O.ZONE] != Zone.BATTLEFIELD:
        return -1
    return v


@njit
def _survives(G, C, t0, ab, g_local, v, bt, kw):
    """Does the creature v, a target of group g_local of ability ab (its target slots at G[t0]:
    _group_obj), come through what ab does to it when it gets +bt toughness and keywords kw
    first? Hexproof makes
    the target illegal; indestructible stops destroy and damage, toughness stops damage and
    -X/-X; only hexproof stops exile, bounce, a tuck into the library (Dire Downdraft) and an
    opposing Aura (Kitnap steals it). False when e does not harm v."""
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
            src = _group_obj(G, C, t0, ab, ref if op == Op.FIGHT else steps[k, StepCol.A])
            if src < 0:
                dmg += 1000
            else:
                times = max(steps[k, StepCol.B], 1) if op == Op.DAMAGE_BY_POWER else 1
                dmg += max(G[ob(src) + O.CUR_P], 0) * times
        elif op == Op.PUMP and ref == g_local and steps[k, StepCol.B] < 0:
            minus -= steps[k, StepCol.B]
        elif op == Op.DESTROY and ref == g_local:
            destroy = True
        elif ref == g_local and (
            op == Op.EXILE
            or op == Op.BOUNCE
            or op == Op.EXILE_UNTIL_LEAVES
            or op == Op.TUCK
            or op == Op.ATTACH_SELF
        ):
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
def removed_by(G, C, t0, ab, g_local, v):
    """Does ability ab (its target slots at G[t0]: a stack entry's, or a spell p is about to
    cast) kill or remove the creature v, a target of its group g_local (_survives: hexproof
    answers any harm, so it tells harm from none)?"""
    return _survives(G, C, t0, ab, g_local, v, 0, Keyword.HEXPROOF) and not _survives(
        G, C, t0, ab, g_local, v, 0, 0
    )


@njit
def bite_source(G, C, t0, ab, g_local):
    """(the creature whose power ability ab's fight or bite deals as damage to the target of its
    group g_local (target slots at G[t0]: _group_obj), its local group, whether that target
    strikes back: a fight); (-1, -1, False) when no target deals it (a `self` source)."""
    steps = steps_of(C)
    n_groups = abilities_of(C)[ab, AbilCol.TG_COUNT]
    s0 = abilities_of(C)[ab, AbilCol.ST_START]
    for k in range(s0, s0 + abilities_of(C)[ab, AbilCol.ST_COUNT]):
        op = steps[k, StepCol.OP]
        if op == Op.FIGHT and steps[k, StepCol.A] == g_local:
            sg = steps[k, StepCol.REF]
        elif op == Op.DAMAGE_BY_POWER and steps[k, StepCol.REF] == g_local:
            sg = steps[k, StepCol.A]
        else:
            continue
        if 0 <= sg < n_groups:
            return _group_obj(G, C, t0, ab, sg), sg, op == Op.FIGHT
        return -1, -1, False
    return -1, -1, False


# what top_entry_target looks for on the top of the stack
SAVED = 0  # p's creature that a trick's +toughness and keywords save from the entry
REMOVED = 1  # p's nontoken creature the entry kills or removes (a flicker saves it)
HELPED = 2  # an opposing creature that the opposing spell helps, its only target
BITER = 3  # the opposing creature whose bite or fight in the entry kills p's creature


@njit
def trick_saves(G, C, p, card, promised=-1):
    """The creature of p's that the trick saves from the opposing spell or ability on top of
    the stack (the most valuable one; -1: it saves none, so it waits for combat)."""
    _, bt, kw, _ = pump_of(C, card, promised)
    return top_entry_target(G, C, p, bt, kw, SAVED, 0)


@njit
def top_entry_target(G, C, p, bt, kw, want, min_worth):
    """The most valuable creature that the opposing spell or ability on top of the stack
    targets and, by want: SAVED, one of p's that survives the entry at +bt toughness with
    keywords kw granted (a trick saves it); REMOVED, one of p's that the entry kills or removes
    (a nontoken worth at least min_worth: a flicker saves it); HELPED, an opponent's that a
    spell's helping group targets (a pump, a protection spell, an Aura) when it is the
    spell's only target: removal that kills it in response leaves the spell no target
    (608.2b), two cards for one; BITER, the opponent's creature whose bite or fight (its
    power as damage) kills or removes one of p's, the most valuable one, and that is not
    killed back in the fight: removed in response, it deals no damage (608.2b, 701.12b).
    -1: none."""
    e = stack_top_entry(G)
    if e < 0 or G[e + S.CTRL] == p or (G[e + S.KIND] != SK_SPELL and G[e + S.KIND] != SK_ABILITY):
        return -1
    ab = G[e + S.AB]
    if ab < 0 or (want == HELPED and G[e + S.KIND] != SK_SPELL):
        return -1
    cards = cards_of(C)
    targets = targets_of(C)
    tg0 = abilities_of(C)[ab, AbilCol.TG_START]
    removed = want == REMOVED
    pr = G[e + S.PROMISED]
    best = -1
    best_src = -1  # BITER: the creature that bites best
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
                or (G[ob(v) + O.CTRL] == p) == (want == HELPED)
                or cards[G[ob(v) + O.CARD], CardCol.TYPES] & CardType.CREATURE == 0
                or (removed and (G[ob(v) + O.TOKEN] or threat_std(G, cards, v) < min_worth))
            ):
                continue
            if want == HELPED:
                ok = targets[tg0 + j, TargCol.INTENT] == Intent.HELP
            elif want == BITER:
                src, sg, fight = bite_source(G, C, e + S.T0, ab, j)
                ok = (
                    src >= 0
                    and G[ob(src) + O.CTRL] != p
                    and removed_by(G, C, e + S.T0, ab, j, v)
                    and not (
                        fight
                        # the fighter's own boost first (Longstalk Brawl promised: +1/+1)
                        and dies(G, src, hits(G, v, src, 0, 0), fighter_boost(C, ab, sg, pr)[1], 0)
                    )
                )
                if ok and (best < 0 or threat_std(G, cards, v) > threat_std(G, cards, best)):
                    best_src = src
            elif removed:
                ok = removed_by(G, C, e + S.T0, ab, j, v)
            else:
                ok = _survives(G, C, e + S.T0, ab, j, v, bt, kw)
            if ok and (best < 0 or threat_std(G, cards, v) > threat_std(G, cards, best)):
                best = v
        s += targets[tg0 + j, TargCol.MAX]
    if want == HELPED:
        for i in range(MAX_TARGETS):
            if G[e + S.T0 + i] >= 0 and G[e + S.T0 + i] != best:
                return -1  # another target: the spell still resolves for it
    if want == BITER:
        return best_src
    return best


@njit
def dies(G, o, dmg, bt, kw):
    """Does o die to dmg combat damage at +bt toughness with keywords kw granted?"""
    if (G[ob(o) + O.CUR_KW] | kw) & Keyword.INDESTRUCTIBLE or dmg <= 0:
        return False
    return dmg >= G[ob(o) + O.CUR_T] + bt - G[ob(o) + O.DAMAGE]


@njit
def hits(G, src, dst, bp, kw):
    """Damage src deals dst in combat, at +bp power with keywords kw (deathtouch: 1000)."""
    pw = G[ob(src) + O.CUR_P] + bp
    if pw <= 0:
        return 0
    k = G[ob(src) + O.CUR_KW] | kw
    if k & Keyword.DEATHTOUCH:
        return 1000
    return pw * (2 if k & Keyword.DOUBLE_STRIKE else 1)


@njit
def pump_flips_fight(G, C, o, bp, bt, kw):
    """Does +bp/+bt with keywords kw flip the fight of o (against what blocks it, or what it
    blocks): it survives where it would die, or kills where it would not? A token counts
    only when it kills: a card spent only to save a token (a Rabbit, a Fish) is a card lost."""
    cards = cards_of(C)
    b = ob(o)
    taken = 0
    kills_before = False
    kills_after = False
    for j in range(G[H.BF_N]):
        x = G[OFF_BATTLEFIELD + j]
        if not (G[ob(x) + O.BLOCKING] == o + 1 or G[b + O.BLOCKING] == x + 1):
            continue
        if cards[G[ob(x) + O.CARD], CardCol.TYPES] & CardType.CREATURE == 0:
            continue
        taken += hits(G, x, o, 0, 0)
        if dies(G, x, hits(G, o, x, 0, 0), 0, 0):
            kills_before = True
        if dies(G, x, hits(G, o, x, bp, kw), 0, 0):
            kills_after = True
    if taken == 0 and not kills_after:
        return False
    if G[b + O.CUR_KW] & Keyword.FIRST_STRIKE == 0 and kw & Keyword.FIRST_STRIKE and kills_after:
        taken = 0  # it strikes first now and kills what would have hit it
    dies_before = dies(G, o, taken, 0, 0)
    dies_after = dies(G, o, taken, bt, kw)
    flips = not kills_before and kills_after and (not dies_after or dies_before)
    if G[b + O.TOKEN] and not flips:
        return False
    return (dies_before and not dies_after) or flips


@njit
def spell_flips_fight(G, C, p):
    """After blocks: p's creature in a fight (blocked, or blocking) that a noncreature spell
    cast now grows by +1/+1 (grows_on_spell) and whose fight that flips, as trick_focus
    judges a trick's (it survives where it would die, or kills where it would not; a token
    only when it kills); -1. An instant p casts for its own sake (a draw spell) is then cast
    in the fight, not at the end step, where the trigger pays nothing."""
    cards = cards_of(C)
    best = -1
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = ob(o)
        if G[b + O.CTRL] != p or (G[b + O.BLOCKED] == 0 and G[b + O.BLOCKING] == 0):
            continue
        if not grows_on_spell(G, C, o):
            continue
        if pump_flips_fight(G, C, o, 1, 1, 0):
            if best < 0 or threat_std(G, cards, o) > threat_std(G, cards, best):
                best = o
    return best


@njit
def trick_focus(G, C, p, card, promised=-1):
    """The creature of p's whose unblocked damage becomes lethal with the pump (first: the
    game beats any fight), or whose fight the trick flips after blocks (it survives where it
    would die, or kills where it would not; a token only when it kills), or that carries the
    pump as burn (below); -1.
    A protection spell that grants indestructible (Dawn's Truce promised) is such a trick."""
    cards = cards_of(C)
    bp, bt, kw, team = pump_of(C, card, promised)
    unblocked = 0
    gain_team = 0  # what a team pump adds to the unblocked damage
    gain_one = 0  # what a single-target pump adds on its best unblocked attacker
    defender = -1
    flip = -1  # the creature whose fight the pump flips (the biggest threat)
    best = -1  # the unblocked attacker for the damage plays
    best_grows = False  # the single-target candidate keeps a +1/+1 counter (valiant_grows)
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.CTRL] != p or (G[ob(o) + O.ATTACKING] == 0 and G[ob(o) + O.BLOCKING] == 0):
            continue
        if G[ob(o) + O.ATTACKING] and G[ob(o) + O.BLOCKED] == 0:
            unblocked += player_damage(G, o)
            strikes = 2 if G[ob(o) + O.CUR_KW] & Keyword.DOUBLE_STRIKE else 1
            gain = max(bp, 0) * strikes
            gain_team += gain
            defender = G[ob(o) + O.ATTACKING] - 1
            grows = not team and valiant_grows(G, C, o)
            if grows:
                gain += strikes  # its counter's +1 power hits now as well
            if best == -1 or gain > gain_one:
                best = o
                gain_one = gain
                best_grows = grows
            continue
        # the fight: o against what blocks it, or what it blocks
        if pump_flips_fight(G, C, o, bp, bt, kw):
            if flip < 0 or threat_std(G, cards, o) > threat_std(G, cards, flip):
                flip = o
    damage_play = best >= 0 and defender >= 0 and bp > 0
    life = G[pb(defender) + P.LIFE] if damage_play else 0
    gain = gain_team if team else gain_one
    if damage_play and unblocked < life <= unblocked + gain:
        # lethal: a team pump adds its power to every unblocked attacker. Three 2/2s into
        # two blockers at 4 life: the +2/+2 went on a blocked one to win its fight
        return best
    if flip >= 0:
        return flip
    if not damage_play:
        return -1
    # the pump as burn (issue 14: a trick held to the end of the game is a card lost)
    power = _reach(G, C, p, defender)
    left = life - unblocked - gain
    if left <= power:
        return best  # it wins the race: the next attack is lethal
    if kw & (Keyword.HEXPROOF | Keyword.INDESTRUCTIBLE):
        # a trick that grants hexproof or indestructible is p's answer to a removal spell
        # (trick_saves): not spent as burn short of winning the race (issue 14: Overprotect
        # cast on an unblocked attacker for 3 damage)
        return -1
    # otherwise only with mana p would not spend on another spell of its hand this turn
    if not _mana_spare(G, C, p, card):
        return -1
    worth = gain >= cards[card, CardCol.MV] + 1  # what a burn spell of its mana value deals
    if team:
        # a team pump is burn when it deals what a burn spell of its mana value would (+2 on
        # two attackers for 3 mana), or leaves the defender within two attacks of p's power
        if worth or left <= 2 * power:
            return best
    elif worth and (best_grows or G[H.TURN] > 8 * G[H.NPLAYERS]):
        # late in the game (each player past its eighth turn) a single-target pump that deals
        # what a burn spell of its mana value would is not held to the end; nor at any time on
        # an attacker whose valiant leaves a +1/+1 counter: the card also buys a bigger
        # creature (issue 14: WR Mice held a trick to the end of 0.5 of its lost games while
        # Heartfire Hero or Seedglaive Mentor went unblocked 0.7 times a game)
        return best
    return -1


@njit
def _reach(G, C, p, defender):
    """What p's next attack gets past the defender's creatures: the power of p's creatures,
    less the biggest ones, one for each creature of the defender's (each blocks one)."""
    cards = cards_of(C)
    CREATURE = CardType.CREATURE
    blockers = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.CTRL] == defender and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CREATURE:
            blockers += 1
    reach = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if (
            G[ob(o) + O.CTRL] != p
            or cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE == 0
        ):
            continue
        pw = max(G[ob(o) + O.CUR_P], 0)
        bigger = 0  # p's creatures ranked above o (more power, or as much and listed first)
        for j in range(G[H.BF_N]):
            x = G[OFF_BATTLEFIELD + j]
            if (
                G[ob(x) + O.CTRL] != p
                or cards[G[ob(x) + O.CARD], CardCol.TYPES] & CardType.CREATURE == 0
            ):
                continue
            px = max(G[ob(x) + O.CUR_P], 0)
            if px > pw or (px == pw and j < i):
                bigger += 1
        if bigger >= blockers:
            reach += pw
    return reach


@njit
def _mana_spare(G, C, p, card):
    """Does casting card leave the mana for every other nonland card of p's hand that p's
    untapped lands pay for now (no main phase 2 play given up for the pump)?"""
    cards = cards_of(C)
    untapped = 0
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        if (
            G[ob(o) + O.CTRL] == p
            and cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.LAND
            and G[ob(o) + O.TAPPED] == 0
        ):
            untapped += 1
    after = untapped - cards[card, CardCol.MV]
    seen = False
    for i in range(G[pb(p) + P.HAND_N]):
        c = G[ob(hand_at(G, p, i)) + O.CARD]
        if c == card and not seen:
            seen = True  # the trick itself
            continue
        if cards[c, CardCol.TYPES] & CardType.LAND:
            continue
        if after < cards[c, CardCol.MV] <= untapped:
            return False
    return True


@njit
def kills_in_fight(G, v, p, bp=0, kw=0):
    """Does v's combat damage (at +bp power with keywords kw) kill a creature of p's that it
    blocks or is blocked by?"""
    for i in range(G[H.BF_N]):
        x = G[OFF_BATTLEFIELD + i]
        if G[ob(x) + O.CTRL] != p:
            continue
        if G[ob(x) + O.BLOCKING] == v + 1 or G[ob(v) + O.BLOCKING] == x + 1:
            if dies(G, x, hits(G, v, x, bp, kw), 0, 0):
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
            dmg += player_damage(G, o)
    return dmg >= G[pb(p) + P.LIFE]


@njit
def player_damage(G, o):
    """Combat damage attacker o deals a player it is unblocked against."""
    pw = max(G[ob(o) + O.CUR_P], 0)
    return pw * (2 if G[ob(o) + O.CUR_KW] & Keyword.DOUBLE_STRIKE else 1)

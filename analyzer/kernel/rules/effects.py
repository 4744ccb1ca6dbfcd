"""The effect interpreter: runs an ability's steps (the game actions it shares with the
stack and combat, damage, life, gifts, countering and copying, are in rules/actions.py).

Every card behaviour is data (steps in the catalog); this module and the ones it hands op
families to are the only place that knows what an op does (the ops where each player chooses
what they lose go to losses.py, the board-wide ones that scan the battlefield to
effects_board.py, the ones on libraries and hands to effects_library.py). A step runs only if
its condition holds for the stack entry's promise (702.174k: "promised" is the declaration, not
the delivery). Steps that act on a target group skip targets that became illegal (608.2b):
what a step's ref designates, and its X, are read in refs.py. ``IT`` is the
object the previous step moved or created ("that card", "that creature").

``C`` is the flat catalog (kernel/rules/catalog.py); ``gift_token(C, k)`` is the token card id a
gift of kind k creates (-1 for card and extra turn).
"""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    CardCol,
    Cond,
    CounterKind,
    Event,
    Keyword,
    Op,
    StepCol,
    UnlessCost,
    XCount,
    Zone,
)
from analyzer.kernel.layout import (
    DIRTY_ALL,
    DIRTY_CHARS,
    DIRTY_LEGEND,
    DK_FLICKER_ON_DAMAGE,
    DK_RETURN_AT_END_STEP,
    PLAYER_BASE,
    RETURN_FLYING,
    H,
    O,
    P,
    S,
    W,
)
from analyzer.kernel.player.ai_colors import color_choice
from analyzer.kernel.rules.actions import (
    copy_spell,
    counter_spell_object,
    deal_damage,
    gain_life_event,
    lose_life_event,
)
from analyzer.kernel.rules.catalog import abilities_of, cards_of, steps_of
from analyzer.kernel.rules.chars_counts import counters_moved, kw_moved, level_moved, pt_moved
from analyzer.kernel.rules.effects_army import run_army_op
from analyzer.kernel.rules.effects_board import (
    best_destroyed_creature,
    choose_graveyard_card,
    controller_gets,
    create_tokens_attacking,
    damage_each_creature,
    destroy_all,
    land_to_return,
    p1p1_each_entered,
    p1p1_others_token_or,
    phase_out_yours,
    pump_attacking,
    pump_or_grant_all,
    pump_untap_all,
    put_from_hand_or_graveyard,
    run_rare_op,
    sacrifice_greatest_power,
)
from analyzer.kernel.rules.effects_cmdr import (
    create_token_unless_p1p1,
    run_cmdr_op,
    token_copy_of,
)
from analyzer.kernel.rules.effects_exile import run_exile_op
from analyzer.kernel.rules.effects_library import is_library_op, run_library_op
from analyzer.kernel.rules.effects_mass import (
    attackers_of,
    bounce_all_creatures,
    double_pt_all,
)
from analyzer.kernel.rules.effects_offer import run_offer_op
from analyzer.kernel.rules.effects_season import run_season_op
from analyzer.kernel.rules.effects_squirrels import run_squirrel_op
from analyzer.kernel.rules.effects_until import run_until_op
from analyzer.kernel.rules.events import (
    cond_ok,
    draw_cards_firing,
    fire_enters,
    fire_level_reached,
    fire_p1p1_put,
)
from analyzer.kernel.rules.events_turn import add_delayed
from analyzer.kernel.rules.gamelog import log_event
from analyzer.kernel.rules.losses import (
    best_nonland_in_hand,
    counter_then_punish,
    run_player_loss,
)
from analyzer.kernel.rules.mana import add_to_pool, can_pay, pay
from analyzer.kernel.rules.refs import MAX_REF, controls_other, count_x, is_obj, ref_values
from analyzer.kernel.rules.sba import destroy
from analyzer.kernel.rules.stack import cast_free
from analyzer.kernel.rules.stackbase import entry_field, find_spell_entry
from analyzer.kernel.rules.state import (
    attach,
    attacking_changed,
    becomes_until_eot,
    create_token,
    move_object,
    put_onto_battlefield,
)
from analyzer.kernel.rules.statics_global import counters_put
from analyzer.kernel.rules.view import attacked_player, ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def _enter_under(G, C, o, ctrl):
    put_onto_battlefield(G, cards_of(C), o, ctrl, False)
    fire_enters(G, C, o)


@njit
def _create_tokens(G, C, card, n, vals, tapped, count, it):
    """count tokens of `card` for each player among vals[:n] (create_token, create_token_x):
    each enters (its triggers fire); returns the last one made (`it`), else `it` unchanged."""
    cards = cards_of(C)
    for i in range(n):
        if vals[i] < PLAYER_BASE:
            continue
        for _ in range(count):
            t = create_token(
                G,
                cards,
                card,
                vals[i] - PLAYER_BASE,
                tapped,
                cards[card, CardCol.POWER],
                cards[card, CardCol.TOUGHNESS],
                -1,
            )
            if t >= 0:
                fire_enters(G, C, t)
                it = t
    return it


@njit(inline_in_entry=True)
def _both_on_battlefield(G, vals, n, second, m):
    """The first objects of two refs (a fighter and the other one, an Equipment and the
    creature it moves to) are both still on the battlefield (701.12b; 608.2b for targets)."""
    return (
        n > 0
        and m > 0
        and is_obj(vals[0])
        and is_obj(second[0])
        and G[ob(vals[0]) + O.ZONE] == Zone.BATTLEFIELD
        and G[ob(second[0]) + O.ZONE] == Zone.BATTLEFIELD
    )


@njit
def run_steps(G, C, ab, src, ctrl, promised, recipient, slots, zccs, trig_obj):
    """Run the steps of ability row ab for one resolution. Returns IT after the last step."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    vals = G[W.REF : W.REF + MAX_REF]
    second = G[W.REF2 : W.REF2 + MAX_REF]
    destroyed = G[W.DESTROYED : W.DESTROYED + MAX_REF]
    n_destroyed = 0
    done = 0  # "if you do": set by forage and discard
    it = -1
    s0 = abilities[ab, AbilCol.ST_START]
    for k in range(s0, s0 + abilities[ab, AbilCol.ST_COUNT]):
        cond = steps[k, StepCol.COND]
        if cond == Cond.SECOND_RESOLUTION:
            # "Then ... if this is the second time this ability has resolved this turn": each
            # resolution reaches this step once (a fizzled one never resolved, 608.2b)
            if src < 0:
                continue
            if G[ob(src) + O.RESOLVED_TURN] != G[H.TURN]:
                G[ob(src) + O.RESOLVED_TURN] = G[H.TURN]
                G[ob(src) + O.RESOLVED_N] = 0
            G[ob(src) + O.RESOLVED_N] += 1
            if G[ob(src) + O.RESOLVED_N] != 2:
                continue
        elif cond == Cond.CAST_FROM_GRAVEYARD or cond == Cond.NOT_CAST_FROM_HAND:
            # where the resolving spell was cast from (it is still on the stack)
            cast_from = G[ob(src) + O.CAST_FROM] - 1 if src >= 0 else -1
            if cond == Cond.CAST_FROM_GRAVEYARD and cast_from != Zone.GRAVEYARD:
                continue
            if cond == Cond.NOT_CAST_FROM_HAND and (cast_from < 0 or cast_from == Zone.HAND):
                continue
        elif (
            cond != Cond.ALWAYS
            and cond != Cond.IS_TOKEN
            and not cond_ok(G, C, cond, promised, ctrl, done)
        ):
            continue
        op = steps[k, StepCol.OP]
        a = steps[k, StepCol.A]
        b_ = steps[k, StepCol.B]
        c = steps[k, StepCol.C]
        n = ref_values(
            G, C, steps[k, StepCol.REF], ab, src, ctrl, promised, slots, zccs, it, trig_obj, vals
        )
        if cond == Cond.IS_TOKEN:  # "if that creature is a token, it also ..."
            m = 0
            for i in range(n):
                if is_obj(vals[i]) and G[ob(vals[i]) + O.TOKEN]:
                    vals[m] = vals[i]
                    m += 1
            n = m
        if op == Op.DAMAGE:
            for i in range(n):
                deal_damage(G, C, src, vals[i], a)
        elif op == Op.DAMAGE_CONTROLLER:
            for i in range(n):
                if is_obj(vals[i]):
                    deal_damage(G, C, src, PLAYER_BASE + G[ob(vals[i]) + O.CTRL], a)
        elif op == Op.DAMAGE_EACH_CREATURE:
            x = count_x(G, C, XCount.X_PAID, src, ctrl, 0) if b_ == 1 else 0
            damage_each_creature(G, C, src, a + x)
        elif op == Op.DESTROY:
            for i in range(n):
                if is_obj(vals[i]):
                    destroy(G, C, vals[i])
        elif op == Op.DESTROY_ALL:
            n_destroyed = destroy_all(G, C, a, ctrl, second, destroyed)
        elif op == Op.RETURN_DESTROYED:
            best = best_destroyed_creature(G, cards, destroyed, n_destroyed)
            if best >= 0:
                _enter_under(G, C, best, ctrl)
                it = best
        elif op == Op.EXILE:
            for i in range(n):
                if is_obj(vals[i]):
                    move_object(G, cards, vals[i], Zone.EXILE)
                    it = vals[i]
        elif op == Op.EXILE_LINKED:  # "Exile target card from a graveyard" (607.2a)
            for i in range(n):
                if is_obj(vals[i]) and src >= 0:
                    move_object(G, cards, vals[i], Zone.EXILE)
                    G[ob(vals[i]) + O.LINK] = -(src + 1)  # "cards exiled with [src]"
                    G[ob(vals[i]) + O.LINK_ZCC] = G[ob(src) + O.ZCC]
                    G[H.DIRTY] = DIRTY_ALL  # its statics read what it exiled
                    it = vals[i]
        elif op == Op.BOUNCE:
            for i in range(n):
                if is_obj(vals[i]):
                    move_object(G, cards, vals[i], Zone.HAND)
        elif op == Op.COUNTER or op == Op.SPELL_TO_HAND:
            for i in range(n):
                if is_obj(vals[i]):
                    counter_spell_object(G, C, vals[i], op == Op.SPELL_TO_HAND)
        elif op == Op.DRAW:
            for i in range(n):
                if vals[i] >= PLAYER_BASE:
                    draw_cards_firing(G, C, vals[i] - PLAYER_BASE, a)
        elif op == Op.GAIN_LIFE or op == Op.LOSE_LIFE:
            for i in range(n):
                if vals[i] >= PLAYER_BASE:
                    if op == Op.GAIN_LIFE:
                        gain_life_event(G, C, vals[i] - PLAYER_BASE, a)
                    else:
                        lose_life_event(G, C, vals[i] - PLAYER_BASE, a)
        elif op == Op.PUMP or op == Op.GRANT or op == Op.ADD_COUNTERS or op == Op.TAP:
            if op != Op.TAP:  # (pt_moved, kw_moved, ...: DIRTY_CHARS where a refresh does more)
                G[H.DIRTY] |= DIRTY_ALL & ~(DIRTY_CHARS | DIRTY_LEGEND)
            for i in range(n):
                if not is_obj(vals[i]):
                    continue
                bo = ob(vals[i])
                if op != Op.ADD_COUNTERS:  # (the replay says what it did to its target)
                    log_event(G, Event.EFFECT, ctrl, src, vals[i], op, a, b_)
                if op == Op.PUMP:
                    G[bo + O.EOT_P] += a
                    G[bo + O.EOT_T] += b_
                    pt_moved(G, vals[i], a, b_)
                elif op == Op.GRANT:
                    G[bo + O.EOT_KW] |= a
                    kw_moved(G, vals[i], a)
                elif op == Op.ADD_COUNTERS:
                    m = counters_put(G, C, ctrl, b_)
                    log_event(G, Event.EFFECT, ctrl, src, vals[i], op, a, m)
                    if a == CounterKind.P1P1:
                        G[bo + O.P1P1] += m
                        pt_moved(G, vals[i], m, m)
                        fire_p1p1_put(G, C, ctrl, vals[i])
                    elif a == CounterKind.STASH:
                        G[bo + O.STASH] += m
                        counters_moved(G, C, vals[i], True)
                    elif a == CounterKind.FINALITY:  # "if it would die, exile it instead"
                        G[bo + O.EXILE_TURN] = -1
                        counters_moved(G, C, vals[i], False)
                    elif a == CounterKind.INDESTRUCTIBLE:  # a keyword counter (122.1b)
                        G[bo + O.KW_COUNTERS] |= Keyword.INDESTRUCTIBLE
                        kw_moved(G, vals[i], Keyword.INDESTRUCTIBLE)
                    else:
                        G[bo + O.STUN] += m
                        counters_moved(G, C, vals[i], False)
                else:
                    G[bo + O.TAPPED] = 1
        elif op == Op.PUMP_ALL or op == Op.GRANT_ALL:
            pump_or_grant_all(G, cards, op == Op.PUMP_ALL, a, b_, c, ctrl, src)
        elif op == Op.PLAYER_HEXPROOF:
            for i in range(n):
                if vals[i] >= PLAYER_BASE:
                    G[pb(vals[i] - PLAYER_BASE) + P.HEXPROOF_TURN] = G[H.TURN]
        elif op == Op.FIGHT:
            m = ref_values(G, C, a, ab, src, ctrl, promised, slots, zccs, it, trig_obj, second)
            # 701.12b: no damage if either creature is no longer on the battlefield (a `self`
            # fighter is not a target: nothing else checks that it is still there)
            if _both_on_battlefield(G, vals, n, second, m):
                x = vals[0]
                y = second[0]
                px = G[ob(x) + O.CUR_P]
                py = G[ob(y) + O.CUR_P]
                deal_damage(G, C, x, y, px)
                deal_damage(G, C, y, x, py)
        elif op == Op.SACRIFICE_GREATEST_POWER:
            sacrifice_greatest_power(G, C, n, vals)
        elif op == Op.RETURN_TO_HAND:
            for i in range(n):
                if is_obj(vals[i]) and G[ob(vals[i]) + O.ZONE] == Zone.GRAVEYARD:
                    move_object(G, cards, vals[i], Zone.HAND)
                    it = vals[i]
        elif op == Op.RETURN_TO_BATTLEFIELD:
            for i in range(n):
                if is_obj(vals[i]):
                    _enter_under(G, C, vals[i], ctrl)
                    it = vals[i]
        elif op == Op.TOKEN_COPY:
            for i in range(n):
                if is_obj(vals[i]):
                    t = token_copy_of(G, C, vals[i], ctrl, a, b_, c == 1)
                    it = t if t >= 0 else it
        elif op == Op.CREATE_TOKEN:
            it = _create_tokens(G, C, a, n, vals, c == 1, b_, it)
        elif op == Op.EXILE_FROM_HAND:
            for i in range(n):
                if vals[i] < PLAYER_BASE:
                    continue
                best = best_nonland_in_hand(G, cards, vals[i] - PLAYER_BASE)
                if best >= 0:
                    move_object(G, cards, best, Zone.EXILE)
                    it = best
        elif op == Op.GRANT_CAST_FROM_EXILE:
            for i in range(n):
                if is_obj(vals[i]) and G[ob(vals[i]) + O.ZONE] == Zone.EXILE:
                    G[ob(vals[i]) + O.CAST_BY] = ctrl + 1
        elif op == Op.RETURN_AT_END_STEP:
            for i in range(n):
                if is_obj(vals[i]):
                    # 603.7d: controlled by the controller of the spell that made it (the
                    # card still returns under its owner's control)
                    # (b: "with a flying counter on it", Salvation Swan: bit 6 of the parameter)
                    add_delayed(
                        G, DK_RETURN_AT_END_STEP, vals[i], ctrl, a + RETURN_FLYING * b_, G[H.TURN]
                    )
        elif op == Op.PHASE_OUT_YOURS:
            phase_out_yours(G, ctrl)
        elif op == Op.PROTECTION_UNTIL_YOUR_TURN:
            G[pb(ctrl) + P.PROTECTED] = 1
        elif op == Op.NO_SPELLS_THIS_TURN:
            G[H.NO_SPELLS_TURN] = G[H.TURN]
        elif op == Op.ATTACH_SELF:
            if n > 0 and is_obj(vals[0]) and src >= 0 and G[ob(src) + O.ZONE] == Zone.BATTLEFIELD:
                attach(G, src, vals[0])
        elif op == Op.ATTACH_TO:
            # "attach target Equipment you control to up to one target creature you control"
            m = ref_values(G, C, a, ab, src, ctrl, promised, slots, zccs, it, trig_obj, second)
            if _both_on_battlefield(G, vals, n, second, m):
                attach(G, vals[0], second[0])
        elif op == Op.EXILE_SELF:
            G[H.EXILE_SELF] = 1
        elif op == Op.COPY_SPELL:
            for i in range(n):
                if is_obj(vals[i]):
                    copy_spell(G, C, vals[i], ctrl)
        # ---- Bloomburrow pool ----
        elif op == Op.UNTAP:
            for i in range(n):
                if is_obj(vals[i]) and G[ob(vals[i]) + O.TAPPED]:
                    # B 1: a stun counter is removed instead (122.1d)
                    stunned = 1 if G[ob(vals[i]) + O.STUN] > 0 else 0
                    log_event(G, Event.EFFECT, ctrl, src, vals[i], op, stunned, 0)
                    if G[ob(vals[i]) + O.STUN] > 0:
                        G[ob(vals[i]) + O.STUN] -= 1  # 122.1d: a stun counter replaces untapping
                    else:
                        G[ob(vals[i]) + O.TAPPED] = 0
        elif is_library_op(op):
            it, done = run_library_op(G, C, op, a, b_, c, src, ctrl, n, vals, it, done, trig_obj)
        elif (
            op == Op.DISCARD_UNLESS_NONLAND
            or op == Op.PUNISH
            or op == Op.EXILE_OWN_FROM_HAND
            or op == Op.EXILE_OWN_PERMANENT
            or op == Op.DISCARD_CHOSEN
        ):
            run_player_loss(G, C, op, a, b_, n, vals)
        elif op == Op.COUNTER_THEN_PUNISH:
            counter_then_punish(G, C, src, ctrl, a, n, vals)
        elif op == Op.DAMAGE_BY_POWER:
            # the source's power now, or as it last existed on the battlefield (Heartfire Hero)
            m = ref_values(G, C, a, ab, src, ctrl, promised, slots, zccs, it, trig_obj, second)
            if m > 0 and is_obj(second[0]):
                s = second[0]
                for i in range(n):
                    deal_damage(G, C, s, vals[i], b_ * G[ob(s) + O.CUR_P])
        elif op == Op.EXILE_UNTIL_LEAVES or op == Op.FLICKER or op == Op.FLICKER_YOURS:
            it, done = run_exile_op(G, C, op, a, b_, c, src, ctrl, n, vals, it)
        elif op == Op.LEVEL_UP:
            # 716.2a: the Class becomes level a (if it is still that object on the battlefield)
            if src >= 0 and G[ob(src) + O.ZONE] == Zone.BATTLEFIELD:
                level_moved(G, C, src, a)
                fire_level_reached(G, C, src, a)
        elif op == Op.EXILE_IF_DIES:
            for i in range(n):
                if is_obj(vals[i]) and G[ob(vals[i]) + O.ZONE] == Zone.BATTLEFIELD:
                    G[ob(vals[i]) + O.EXILE_TURN] = G[H.TURN]
        elif op == Op.PUMP_X:
            x = count_x(G, C, a, src, ctrl, 0)
            G[H.DIRTY] |= DIRTY_ALL & ~(DIRTY_CHARS | DIRTY_LEGEND)  # (pt_moved)
            for i in range(n):
                if is_obj(vals[i]):
                    bo = ob(vals[i])
                    G[bo + O.EOT_P] += x * b_
                    G[bo + O.EOT_T] += x * c
                    pt_moved(G, vals[i], x * b_, x * c)
        elif op == Op.ADD_P1P1_X:
            x = count_x(G, C, a, src, ctrl, b_) if a != XCount.REF_POWER else 0
            for i in range(n):
                if not is_obj(vals[i]):
                    continue
                xi = x
                if a == XCount.REF_POWER:  # "where X is that creature's power"
                    xi = G[ob(vals[i]) + O.CUR_P]
                if xi > 0:
                    G[H.DIRTY] |= DIRTY_ALL & ~(DIRTY_CHARS | DIRTY_LEGEND)  # (pt_moved)
                    m = counters_put(G, C, ctrl, xi)
                    G[ob(vals[i]) + O.P1P1] += m
                    pt_moved(G, vals[i], m, m)
                    fire_p1p1_put(G, C, ctrl, vals[i])
        elif op == Op.ADD_MANA:  # a triggered ability's mana (a mana ability's is the planner's)
            if a & (a - 1) and a < 32:  # "add one mana of any color": the controller's choice
                a = color_choice(G, C, ctrl, ~a & 31)
            add_to_pool(G, ctrl, a, b_, c == 1)
        elif op == Op.LOSE_LIFE_X or op == Op.GAIN_LIFE_X:
            x = count_x(G, C, a, src, ctrl, b_) * max(c, 1)  # c: "4 life for each ..."
            for i in range(n):
                if vals[i] >= PLAYER_BASE and x > 0:
                    if op == Op.LOSE_LIFE_X:
                        lose_life_event(G, C, vals[i] - PLAYER_BASE, x)
                    else:
                        gain_life_event(G, C, vals[i] - PLAYER_BASE, x)
        elif op == Op.FLICKER_ON_COMBAT_DAMAGE:
            for i in range(n):
                if is_obj(vals[i]) and G[ob(vals[i]) + O.ZONE] == Zone.BATTLEFIELD:
                    add_delayed(G, DK_FLICKER_ON_DAMAGE, vals[i], ctrl, -1, G[H.TURN])
        elif op == Op.PAY_MAY:
            # "you may pay {2}{B}": the built-in player pays whenever it can
            col = (b_ & 1, (b_ >> 1) & 1, (b_ >> 2) & 1, (b_ >> 3) & 1, (b_ >> 4) & 1)
            done = 0
            # "... and N life" (119.4: only with N or more life; the built-in player never
            # pays the life it would lose the game by)
            if (c == 0 or G[pb(ctrl) + P.LIFE] > c) and can_pay(
                G, cards, abilities, ctrl, a, col, False
            ):
                if pay(G, C, ctrl, a, col, False):
                    done = 1
                    if c > 0:
                        lose_life_event(G, C, ctrl, c)
        elif op == Op.RETURN_SELF_ATTACKING:
            if src >= 0 and G[ob(src) + O.ZONE] == Zone.GRAVEYARD and G[ob(src) + O.OWNER] == ctrl:
                d = attacked_player(G, ctrl)
                put_onto_battlefield(G, cards, src, ctrl, True)
                if d >= 0 and G[ob(src) + O.ZONE] == Zone.BATTLEFIELD:
                    G[ob(src) + O.ATTACKING] = d + 1  # attacking, never declared (508.4)
                    attacking_changed(G)
                fire_enters(G, C, src)
                it = src
        elif op == Op.P1P1_EACH_ENTERED:
            p1p1_each_entered(G, C, ctrl, a, b_ == 1, src if c == 1 else -1)
        elif op == Op.GAIN_CONTROL_EOT:
            done = 0
            for i in range(n):
                if not is_obj(vals[i]):
                    continue
                v = vals[i]
                if G[ob(v) + O.CUR_P] > a and not (b_ != 0 and controls_other(G, C, ctrl, b_, src)):
                    continue  # "If that creature's power is 2 or less or if you control ..."
                G[ob(v) + O.EOT_CTRL] = ctrl + 1
                G[H.DIRTY] = DIRTY_ALL  # layer 2: the refresh gives it to ctrl
                done = 1
        elif op == Op.COUNTER_UNLESS_PAY:
            for i in range(n):
                if is_obj(vals[i]):
                    e = find_spell_entry(G, vals[i])
                    payer = entry_field(G, e, S.CTRL) if e >= 0 else -1
                    # the built-in player pays whenever it can
                    if payer >= 0:
                        paid = 1 if pay(G, C, payer, a, (0, 0, 0, 0, 0), False) else 0
                        log_event(G, Event.PAY, payer, src, vals[i], UnlessCost.MANA, a, paid)
                        if paid == 0:
                            counter_spell_object(G, C, vals[i], False)
        elif op >= Op.CONTROLLER_CREATES and op <= Op.CONTROLLER_SEARCHES_BASIC:
            controller_gets(G, C, op, a, n, vals)
        elif op == Op.CREATE_TOKEN_ATTACKING:
            it = create_tokens_attacking(G, C, ctrl, a, b_, it)
        elif op == Op.PUMP_ATTACKING:
            if c == 1:  # "+X/+X, where X is the number of attacking creatures" (Jazal)
                a = attackers_of(G, ctrl)
                b_ = a
            pump_attacking(G, ctrl, a, b_)
        elif op == Op.P1P1_OTHERS_TOKEN_OR:
            p1p1_others_token_or(G, C, ctrl, src, a)
        elif op == Op.CAST_FREE:
            for i in range(n):
                if is_obj(vals[i]):
                    cast_free(G, C, ctrl, vals[i])
        elif op == Op.CREATE_TOKEN_X:
            it = _create_tokens(G, C, a, n, vals, c == 1, count_x(G, C, b_, src, ctrl, 0), it)
        elif op == Op.CREATE_TOKEN_PER_P1P1:  # the source's counters, as it last existed
            x = G[ob(src) + O.P1P1] if src >= 0 else 0
            it = _create_tokens(G, C, a, n, vals, c == 1, x, it)
        elif op == Op.RETURN_OWN_LAND:
            for i in range(n):
                if vals[i] >= PLAYER_BASE:
                    land = land_to_return(G, cards, vals[i] - PLAYER_BASE, src)
                    if land >= 0:
                        move_object(G, cards, land, Zone.HAND)
        elif op >= Op.PUT_COUNTERS_OF and op <= Op.EXILE_TOP_PLAY_ALL:  # issue 20
            it, done = run_rare_op(G, C, op, a, b_, c, src, ctrl, n, vals, it, done)
        elif op == Op.CHOOSE_GRAVEYARD_CARD:  # issue 20
            it, done = choose_graveyard_card(G, C, ctrl, a, b_, c == 1, it)
        elif op == Op.PUT_FROM_HAND_OR_GRAVEYARD:
            it, done = put_from_hand_or_graveyard(G, C, ctrl, a, b_, it)
        elif (  # issue 21: effects_cmdr
            Op.EXILE_GRAVEYARD <= op <= Op.EACH_SACRIFICES_CREATURE
            or Op.DOUBLE_P1P1_ALL <= op <= Op.P1P1_EACH_ENTERED_COLOR
            or Op.WIN_GAME <= op <= Op.STATIC_EXTRA_LAND_EACH
            or op == Op.PREVENT_DAMAGE_TO_YOU
            or op == Op.TOKEN_COPIES_BY_SUBTYPE
        ):
            run_cmdr_op(G, C, op, a, n, vals, b_, c, src, ctrl)
        elif (  # effects_season
            Op.CHOOSE_OWN_PERMANENT <= op <= Op.SACRIFICE_OTHERS_MAY
            or Op.SPELL_CAST_UNTIL_NEXT_TURN <= op <= Op.EXILE_TOP_PLAY_UNTIL_END_STEP
        ):
            it, done, m = run_season_op(
                G, C, op, a, b_, src, ctrl, n, vals, it, done, second, destroyed
            )
            if m >= 0:
                n_destroyed = m
        elif op == Op.PUMP_UNTAP_ALL:
            pump_untap_all(G, C, ctrl, a, b_, c, src)
        elif op == Op.BECOMES_UNTIL_EOT:
            becomes_until_eot(G, a, n, vals)
        elif Op.CHOOSE_OPPONENT <= op <= Op.SEARCH_ANY_LAND:
            run_offer_op(G, C, op, b_, ctrl, n, vals)
        elif op == Op.BOUNCE_ALL_CREATURES:
            bounce_all_creatures(G, C, a, b_, c)
        elif op == Op.DOUBLE_PT_ALL:
            double_pt_all(G, cards, ctrl)
        elif op == Op.PREVENT_COMBAT_DAMAGE:
            G[H.COMBAT_PREVENTED_TURN] = G[H.TURN] + 1
        elif op == Op.DAMAGE_X:  # "deals damage equal to ..." (X counted as it resolves)
            x = count_x(G, C, a, src, ctrl, b_)
            for i in range(n):
                if x > 0:
                    deal_damage(G, C, src, vals[i], x)
        elif op == Op.CREATE_TOKEN_UNLESS_P1P1:
            it = create_token_unless_p1p1(G, C, a, b_, ctrl, it)
        elif Op.SHUFFLE_REVEAL_PERMANENT <= op <= Op.LAND_BECOMES_UNTIL_EOT:  # effects_army
            run_army_op(G, C, op, src, ctrl, n, vals)
        elif Op.DESTROY_SAME_NAME <= op <= Op.UNTAP_LANDS:  # effects_squirrels
            done = run_squirrel_op(G, C, op, a, n, vals, ctrl, b_, src, done)
        elif Op.TOKEN_COPY_X <= op <= Op.EXILED_TO_HAND:  # effects_until
            it, done = run_until_op(G, C, op, a, b_, src, ctrl, n, vals, it, done)
    return it

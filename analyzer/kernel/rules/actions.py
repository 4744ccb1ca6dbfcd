"""Game actions the effect interpreter, the stack and combat share: damage (lifelink,
deathtouch), life gained and lost (with their triggers), giving a gift (702.174d-i), countering
and copying a spell. Each is one rules event; none reads a card's program."""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    AbilityKind,
    CardCol,
    CardFlag,
    CardType,
    Event,
    GiftKind,
    Keyword,
    Op,
    StepCol,
    Zone,
)
from analyzer.kernel.layout import (
    DIRTY_SBA,
    MAX_EXTRA_TURNS,
    MAX_TARGETS,
    OFF_BATTLEFIELD,
    OFF_EXTRA,
    OFF_STACK,
    PLAYER_BASE,
    SF,
    SK_SPELL,
    H,
    O,
    P,
    S,
    W,
)
from analyzer.kernel.rules.catalog import abilities_of, cards_of, gift_token, has_kind, steps_of
from analyzer.kernel.rules.events import draw_cards_firing, fire_controller_event, fire_enters
from analyzer.kernel.rules.events_turn import fire_dealt_damage
from analyzer.kernel.rules.gamelog import log_event
from analyzer.kernel.rules.life_draw import gain_life, lose_life
from analyzer.kernel.rules.stackbase import entry_field, find_spell_entry, push_entry, remove_entry
from analyzer.kernel.rules.state import (
    ERR_EXTRA,
    create_token,
    move_object,
    new_token_slot,
    overflow,
)
from analyzer.kernel.rules.view import kind_seen, ob, pb
from analyzer.kernel.runtime.config import njit


@njit
def deal_damage(G, C, src, v, amount):
    """src deals amount damage to v (object or PLAYER_BASE + seat): noncombat damage."""
    return _deal_damage(G, C, src, v, amount, False)


@njit
def deal_combat_damage(G, C, src, v, amount):
    """src deals amount combat damage to v (510.2)."""
    return _deal_damage(G, C, src, v, amount, True)


@njit
def _deal_damage(G, C, src, v, amount, combat):
    """src deals amount damage to v (object or PLAYER_BASE + seat). Lifelink and deathtouch
    apply when the source is a creature permanent."""
    if amount <= 0:
        return 0
    if (
        combat
        and G[H.COMBAT_PREVENTED_TURN] == G[H.TURN] + 1
        and not (
            kind_seen(G, AbilityKind.NO_LIFE_GAIN) and static_seen(G, C, Op.STATIC_NO_LIFE_GAIN)
        )
    ):
        return 0  # "Prevent all combat damage that would be dealt this turn" (615.1)
    if src >= 0 and kind_seen(G, AbilityKind.DAMAGE_PLUS):
        amount += damage_plus(G, C, src)  # "it deals that much damage plus 1 instead"
        if not combat:
            amount += _noncombat_plus(G, C, src, v)
        amount = _doubled(G, C, src, amount)  # "it deals double that damage instead"
    log_event(G, Event.DAMAGE, G[ob(src) + O.CTRL] if src >= 0 else -1, src, v, amount, -1, -1)
    cards = cards_of(C)
    kw = 0
    if src >= 0 and G[ob(src) + O.ZONE] == Zone.BATTLEFIELD:
        kw = G[ob(src) + O.CUR_KW]
    dealt = 0
    if v >= PLAYER_BASE:
        p = v - PLAYER_BASE
        unpreventable = kind_seen(G, AbilityKind.NO_LIFE_GAIN) and static_seen(
            G, C, Op.STATIC_NO_LIFE_GAIN
        )  # "Damage can't be prevented": protection prevents none (its ruling)
        prevented = G[pb(p) + P.PROTECTED] or G[pb(p) + P.PREVENTED_TURN] == G[H.TURN] + 1
        if G[pb(p) + P.LOST] or (prevented and not unpreventable):
            return 0
        dealt = lose_life_event(G, C, p, amount)
        dealt = amount if dealt == 0 and (G[pb(p) + P.PROTECTED] == 0 or unpreventable) else dealt
    else:
        b = ob(v)
        if G[b + O.ZONE] != Zone.BATTLEFIELD or G[b + O.PHASED]:
            return 0
        if cards[G[b + O.CARD], CardCol.TYPES] & (CardType.CREATURE | CardType.PLANESWALKER):
            G[b + O.DAMAGE] += amount
            G[H.DIRTY] |= DIRTY_SBA
            if kw & Keyword.DEATHTOUCH:
                G[b + O.DEATHTOUCHED] = 1
            dealt = amount
            fire_dealt_damage(G, C, v, amount, combat)  # "Whenever this creature is dealt damage"
    if dealt > 0 and kw & Keyword.LIFELINK:
        gain_life_event(G, C, G[ob(src) + O.CTRL], dealt)
    return dealt


@njit
def _static_plus(G, C, ctrl, op, sub):
    """The sum of A over the static `op` steps of the phased-in permanents ctrl controls (any
    controller if ctrl < 0) whose Subtype mask C meets `sub` (any if sub < 0), Class levels
    permitting (716.2b); -1 if there is no such step at all."""
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    kind = AbilityKind.DAMAGE_PLUS if op == Op.STATIC_DAMAGE_PLUS else AbilityKind.NO_LIFE_GAIN
    if op == Op.STATIC_NONCOMBAT_DAMAGE_PLUS or op == Op.STATIC_DOUBLE_CREATURE_DAMAGE:
        kind = AbilityKind.DAMAGE_PLUS
    if op == Op.STATIC_EXTRA_LAND or op == Op.STATIC_EXTRA_LAND_EACH:
        kind = AbilityKind.EXTRA_LAND
    total = -1
    for i in range(G[H.BF_N]):
        q = G[OFF_BATTLEFIELD + i]
        bq = ob(q)
        if G[bq + O.PHASED] or (ctrl >= 0 and G[bq + O.CTRL] != ctrl):
            continue
        qc = G[bq + O.CARD]
        if not has_kind(cards, qc, kind):
            continue
        a0 = cards[qc, CardCol.AB_START]
        for a in range(a0, a0 + cards[qc, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.STATIC:
                continue
            if abilities[a, AbilCol.LEVEL] > max(1, G[bq + O.CLASS_LEVEL]):
                continue
            s0 = abilities[a, AbilCol.ST_START]
            for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
                if steps[k, StepCol.OP] == op and (sub < 0 or sub & steps[k, StepCol.C]):
                    one = op == Op.STATIC_DOUBLE_CREATURE_DAMAGE  # counted, no amount
                    total = max(total, 0) + (1 if one else steps[k, StepCol.A])
    return total


@njit
def static_seen(G, C, op):
    """Is a permanent with a static `op` step on the battlefield (Sunspine Lynx's "Players
    can't gain life. Damage can't be prevented.")?"""
    return _static_plus(G, C, -1, op, -1) >= 0


@njit
def land_drops(G, C, p):
    """The lands p may play this turn (305.2): one, plus each "You may play an additional land
    on each of your turns" of a permanent p controls, "Each player may play an additional land
    on each of their turns" of any permanent, and "You may play an additional land this turn"
    (they add up, 305.2a)."""
    extra = G[pb(p) + P.EXTRA_LANDS_TURN]
    if not kind_seen(G, AbilityKind.EXTRA_LAND):
        return 1 + extra
    # one battlefield pass for both (_static_plus's, with two ops; the ai asks this at every
    # land it may play, and a pod's battlefield is large)
    cards = cards_of(C)
    abilities = abilities_of(C)
    steps = steps_of(C)
    for i in range(G[H.BF_N]):
        bq = ob(G[OFF_BATTLEFIELD + i])
        qc = G[bq + O.CARD]
        if G[bq + O.PHASED] or not has_kind(cards, qc, AbilityKind.EXTRA_LAND):
            continue
        mine = G[bq + O.CTRL] == p
        a0 = cards[qc, CardCol.AB_START]
        for a in range(a0, a0 + cards[qc, CardCol.AB_COUNT]):
            if abilities[a, AbilCol.KIND] != AbilityKind.STATIC:
                continue
            if abilities[a, AbilCol.LEVEL] > max(1, G[bq + O.CLASS_LEVEL]):
                continue
            s0 = abilities[a, AbilCol.ST_START]
            for k in range(s0, s0 + abilities[a, AbilCol.ST_COUNT]):
                op = steps[k, StepCol.OP]
                if op == Op.STATIC_EXTRA_LAND_EACH or (op == Op.STATIC_EXTRA_LAND and mine):
                    extra += steps[k, StepCol.A]
    return 1 + extra


@njit
def damage_plus(G, C, src):
    """ "If a Lizard, Mouse, Otter, or Raccoon you control would deal damage to a permanent or
    player, it deals that much damage plus 1 instead": what src's damage gains (614.1a; each
    such permanent adds its amount). Only a permanent src on the battlefield is "you control"."""
    if G[ob(src) + O.ZONE] != Zone.BATTLEFIELD:
        return 0
    sub = cards_of(C)[G[ob(src) + O.CARD], CardCol.SUBTYPES]
    if sub == 0:
        return 0
    return max(_static_plus(G, C, G[ob(src) + O.CTRL], Op.STATIC_DAMAGE_PLUS, sub), 0)


@njit
def _doubled(G, C, src, amount):
    """ "If a creature you control would deal damage to a permanent or player, it deals double
    that damage instead" (614.1a): once per such static of the creature's controller (each
    doubles again, 616.1). Applied after the "plus" replacements: the order the controller of
    the affected object or player would choose is not modeled (616.1)."""
    b = ob(src)
    if (
        G[b + O.ZONE] != Zone.BATTLEFIELD
        or (cards_of(C)[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0
    ):
        return amount
    k = _static_plus(G, C, G[b + O.CTRL], Op.STATIC_DOUBLE_CREATURE_DAMAGE, -1)
    for _ in range(k):
        amount *= 2
    return amount


@njit
def _noncombat_plus(G, C, src, v):
    """ "If a source you control would deal noncombat damage to an opponent or a permanent an
    opponent controls, it deals that much damage plus 2 instead" (static_noncombat_damage_plus;
    the source's controller: a spell's caster, a permanent's controller, as it last existed)."""
    ctrl = G[ob(src) + O.CTRL]
    if v >= PLAYER_BASE:
        if v - PLAYER_BASE == ctrl:
            return 0
    elif G[ob(v) + O.CTRL] == ctrl:
        return 0
    return max(_static_plus(G, C, ctrl, Op.STATIC_NONCOMBAT_DAMAGE_PLUS, -1), 0)


@njit
def gain_life_event(G, C, p, n):
    """p gains n life; "whenever you gain life" and "... gain or lose life" trigger. "Players
    can't gain life": the spell or ability still does the rest (its ruling)."""
    if kind_seen(G, AbilityKind.NO_LIFE_GAIN) and static_seen(G, C, Op.STATIC_NO_LIFE_GAIN):
        return 0
    got = gain_life(G, p, n)
    if got > 0:
        fire_controller_event(G, C, p, AbilityKind.LIFE_GAIN, -1)
        fire_controller_event(G, C, p, AbilityKind.LIFE_CHANGE, -1)
    return got


@njit
def lose_life_event(G, C, p, n):
    """p loses n life (damage included); "whenever you gain or lose life" triggers."""
    got = lose_life(G, p, n)
    if got > 0:
        fire_controller_event(G, C, p, AbilityKind.LIFE_CHANGE, -1)
    return got


@njit
def give_gift(G, C, giver, recipient, kind, source):
    """Deliver a gift (702.174d-i). The extra turn is queued to be taken right after this one.
    "Whenever you give a gift" (702.174c) is the caller's: it triggers as the spell or the
    gift trigger has resolved, whether or not the gift did anything."""
    cards = cards_of(C)
    log_event(G, Event.GIFT, giver, source, -1, kind, recipient, -1)
    if recipient >= 0 and G[pb(recipient) + P.LOST] == 0:
        if kind == GiftKind.CARD:
            draw_cards_firing(G, C, recipient, 1)
        elif kind == GiftKind.EXTRA_TURN:
            n = G[H.EXTRA_N]
            if n >= MAX_EXTRA_TURNS:
                overflow(G, ERR_EXTRA)
            else:
                G[OFF_EXTRA + n] = recipient
                G[H.EXTRA_N] = n + 1
        elif kind != GiftKind.NONE:
            tok = gift_token(C, kind)
            o = create_token(
                G,
                cards,
                tok,
                recipient,
                kind == GiftKind.TAPPED_FISH,
                cards[tok, CardCol.POWER],
                cards[tok, CardCol.TOUGHNESS],
                -1,
            )
            if o >= 0:
                fire_enters(G, C, o)
        G[pb(recipient) + P.GIFTS_RECEIVED] += 1
    G[pb(giver) + P.GIFTS_GIVEN] += 1
    if source >= 0 and G[ob(source) + O.TOKEN] == 0:  # per card (a copy is no card)
        G[ob(source) + O.STAT_GIVEN] += 1


@njit
def count_undelivered(G, e_promised, ctrl):
    if e_promised == 1:
        G[pb(ctrl) + P.GIFTS_UNDELIVERED] += 1


@njit
def counter_spell_object(G, C, o, to_hand):
    """Counter the spell whose card is o (or return it to its owner's hand)."""
    i = find_spell_entry(G, o)
    if i < 0:
        return False
    if not to_hand and cards_of(C)[G[ob(o) + O.CARD], CardCol.FLAGS] & CardFlag.UNCOUNTERABLE:
        return False  # "This spell can't be countered." (101.2: the counter does nothing)
    log_event(G, Event.COUNTER, entry_field(G, i, S.CTRL), o, -1, 1 if to_hand else 0, -1, -1)
    count_undelivered(G, entry_field(G, i, S.PROMISED), entry_field(G, i, S.CTRL))
    remove_entry(G, i)
    move_object(G, cards_of(C), o, Zone.HAND if to_hand else Zone.GRAVEYARD)
    return True


@njit
def copy_spell(G, C, o, new_ctrl):
    """Put a copy of spell o on the stack (707.10): same targets, same promise and recipient.
    The copy is an object on the stack, a token (owned by its controller) of the same card:
    it can be targeted and countered like any spell, a copy of a permanent spell resolves
    into a token (608.3f), and off the stack it ceases to exist (704.5e). Returns its entry."""
    cards = cards_of(C)
    i = find_spell_entry(G, o)
    if i < 0:
        return -1
    cp = new_token_slot(G)
    if cp < 0:
        return -1
    card = entry_field(G, i, S.CARD)
    b = ob(cp)
    G[b + O.CARD] = card
    G[b + O.OWNER] = new_ctrl
    G[b + O.CTRL] = new_ctrl
    G[b + O.TOKEN] = 1
    G[b + O.COPY_OF] = card
    G[b + O.BASE_P] = G[ob(o) + O.BASE_P] if G[ob(o) + O.TOKEN] else cards[card, CardCol.POWER]
    G[b + O.BASE_T] = G[ob(o) + O.BASE_T] if G[ob(o) + O.TOKEN] else cards[card, CardCol.TOUGHNESS]
    G[b + O.ZCC] += 1
    G[b + O.ZONE] = Zone.STACK
    G[b + O.X_PAID] = G[ob(o) + O.X_PAID]  # 707.10: the copy has the same X
    slots = G[W.CSLOTS : W.CSLOTS + MAX_TARGETS]
    zccs = G[W.CZCCS : W.CZCCS + MAX_TARGETS]
    for k in range(MAX_TARGETS):
        slots[k] = entry_field(G, i, S.T0 + k)
        zccs[k] = entry_field(G, i, S.Z0 + k)
    k = push_entry(
        G,
        SK_SPELL,
        cp,
        card,
        entry_field(G, i, S.AB),
        new_ctrl,
        entry_field(G, i, S.PROMISED),
        entry_field(G, i, S.RECIPIENT),
        slots,
        zccs,
        -1,
        G[b + O.ZCC],
    )
    if k >= 0:  # 707.10: an additional cost paid for the spell is paid for the copy (offspring;
        # not an offspring the spell gained as it was cast: the copy was not cast, 707.2)
        G[OFF_STACK + k * SF + S.OFFSPRING] = entry_field(G, i, S.OFFSPRING) & 1
    else:
        G[b + O.ZONE] = Zone.NONE  # a full stack (the game ends): the copy never existed
    return k


@njit
def copy_worth(G, ctrl, o):
    """Is a copy of spell o (keeping its targets) worth a card drawn by an opponent of ctrl?
    Not once o left the stack (no copy), nor when one of its targets is an object another
    player controls: the copy resolves first, and the spell would then lose that target
    (608.2b), so the two do what o alone does."""
    if not (0 <= o < PLAYER_BASE):
        return False
    i = find_spell_entry(G, o)
    if i < 0:
        return False
    for k in range(MAX_TARGETS):
        t = entry_field(G, i, S.T0 + k)
        if 0 <= t < PLAYER_BASE and G[ob(t) + O.CTRL] != ctrl:
            return False
    return True

"""State-based actions and leaving the game.

``check_sba`` applies state-based actions (704) until none applies: players at 0 life or who drew
from an empty library lose; creatures with 0 toughness, lethal damage or deathtouch damage die;
Auras attached to nothing go to the graveyard (704.5m); Equipment attached to a non-creature
falls off (704.5n). "Attached to" means the object it was attached to, not a new object that
card or token became by changing zones (400.7: state.attached_obj). Phased-out permanents keep
their controller (702.26d) and their static abilities do nothing.
A player who loses leaves the game with everything they own (800.4a).

Skipped while nothing it reads changed (the H.DIRTY bits of layout.py; see chars.py).
"""

from __future__ import annotations

from analyzer.enums import (
    AbilCol,
    AbilityKind,
    CardCol,
    CardFlag,
    CardType,
    EndReason,
    Event,
    Keyword,
    LeaveCause,
    Subtype,
    TargCol,
    Zone,
)
from analyzer.kernel.layout import (
    COMMANDER_DAMAGE_LOSS,
    DIRTY_ALL,
    DIRTY_CHARS,
    DIRTY_LEGEND,
    DIRTY_PLAYERS,
    NO_OBJ,
    OFF_BATTLEFIELD,
    OFF_STACK,
    SF,
    SK_SPELL,
    H,
    O,
    P,
    S,
)
from analyzer.kernel.rules.catalog import abilities_of, cards_of, targets_of
from analyzer.kernel.rules.chars import refresh
from analyzer.kernel.rules.events import (
    fire_dies,
    fire_enters,
    fire_food_to_graveyard,
    fire_sacrificed,
    fire_to_graveyard,
)
from analyzer.kernel.rules.gamelog import log_event
from analyzer.kernel.rules.state import (
    attached_obj,
    attached_player,
    move_object,
    put_onto_battlefield,
)
from analyzer.kernel.rules.statics_global import opp_dies_exile
from analyzer.kernel.rules.view import exile_at, kind_seen, n_alive, ob, pb, printed_card
from analyzer.kernel.runtime.config import njit


@njit
def leave_game(G, C, p, reason):
    """p loses: everything p owns leaves the game, and so does everything on the stack that
    p controls (800.4a) -- including a spell p owns that another player cast (from exile,
    with Cruelclaw's Heist's permission). A card another player owns that p cast (Cruelclaw's
    Heist) is still controlled by p after that: it is exiled (800.4a's last sentence), and so
    is a permanent p still controls once p's objects have left.
    First, effects that give p control of an object end (800.4a): a permanent p took "until
    end of turn" (O.EOT_CTRL) returns to the player it came from before p's objects leave
    (an Aura p owns that steals a creature leaves with p's objects; its effect ends then).
    When p's loss leaves one player or none, the game is over (104.2a, check_winner): the
    objects stay where they are (800.4a is for a multiplayer game that goes on without p),
    which spares a two-player game's end its move of every card p owns. reason: the
    EndReason that says why p lost (the log row's A)."""
    cards = cards_of(C)
    G[pb(p) + P.LOST] = 1
    G[pb(p) + P.LOST_TURN] = G[H.TURN]
    log_event(G, Event.LOSES, p, -1, -1, reason, -1, -1)
    if n_alive(G) <= 1:
        return
    returned = False
    for i in range(G[H.BF_N]):
        b = ob(G[OFF_BATTLEFIELD + i])
        if G[b + O.EOT_CTRL] == p + 1:
            G[b + O.EOT_CTRL] = 0
            returned = True
    if returned:
        G[H.DIRTY] = DIRTY_ALL  # layer 2: control returns (sick for its controller, 302.6)
        refresh(G, C)
    k = 0
    for i in range(G[H.STACK_N]):
        e = OFF_STACK + i * SF
        if G[e + S.CTRL] == p:
            o = G[e + S.OBJ]
            if G[e + S.KIND] == SK_SPELL and G[ob(o) + O.OWNER] != p:
                move_object(G, cards, o, Zone.EXILE)  # a copy (owned by p) goes below
            continue
        if G[e + S.KIND] == SK_SPELL and G[ob(G[e + S.OBJ]) + O.OWNER] == p:
            continue
        if k != i:
            for f in range(SF):
                G[OFF_STACK + k * SF + f] = G[e + f]
        k += 1
    G[H.STACK_N] = k
    # p's own lists end empty: emptied at once, each card's move_object below finds nothing
    # to remove instead of searching (and, for the library, shifting) the list card by card.
    # Not the graveyard: move_object reads its count (threshold).
    G[pb(p) + P.LIB_N] = 0
    G[pb(p) + P.HAND_N] = 0
    G[pb(p) + P.EXILE_N] = 0
    for o in range(G[H.NOBJ]):
        b = ob(o)
        if G[b + O.OWNER] == p and G[b + O.ZONE] != Zone.NONE:
            move_object(G, cards, o, Zone.NONE)
    # "Then, if there are any objects still controlled by that player, those objects are
    # exiled": a permanent p controls that another player owns (a card p cast with Cruelclaw's
    # Heist). Control settles first: an Aura p owned that stole a creature has left, so that
    # creature is its owner's again and stays.
    held = False
    for i in range(G[H.BF_N]):
        held = held or G[ob(G[OFF_BATTLEFIELD + i]) + O.CTRL] == p
    if not held:
        return
    G[H.DIRTY] = DIRTY_ALL
    refresh(G, C)
    i = 0
    while i < G[H.BF_N]:
        o = G[OFF_BATTLEFIELD + i]
        if G[ob(o) + O.CTRL] == p:
            move_object(G, cards, o, Zone.EXILE)  # the list shrinks: same index again
        else:
            i += 1


@njit
def _commander_damage_loses(G, q):
    """704.6c: 21 or more combat damage from one commander over the game (903.10a)."""
    for k in range(G[H.NPLAYERS]):
        if G[q + P.COMMANDER_DAMAGE + k] >= COMMANDER_DAMAGE_LOSS:
            return True
    return False


@njit
def _exiled_instead(G, o):
    """Would o be exiled instead of dying: "if it would die this turn, exile it instead"
    (O.EXILE_TURN, that turn) or a finality counter (O.EXILE_TURN = -1, 614.1a)?"""
    t = G[ob(o) + O.EXILE_TURN]
    return t < 0 or (t > 0 and t == G[H.TURN])


@njit
def _dies(G, C, o, fire, cause):
    """o dies (or is exiled instead). fire=False: its dies triggers were queued already, with
    those of the creatures dying in the same event (fire_dies_first). cause: the LeaveCause
    its zone row tells."""
    cards = cards_of(C)
    if _exiled_instead(G, o) or opp_dies_exile(G, C, o):
        # "if it would die this turn, exile it instead" (614.1a): it never dies
        G[H.LEAVE_CAUSE] = LeaveCause.EXILED_INSTEAD
        move_object(G, cards, o, Zone.EXILE)
        return
    if cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE:
        # "for each creature that died under your control this turn" (Season of Loss)
        G[pb(G[ob(o) + O.CTRL]) + P.CREATURES_DIED_TURN] += 1
        if fire:
            fire_dies(G, C, o, G[ob(o) + O.CTRL])
    elif fire:
        fire_to_graveyard(G, C, o, G[ob(o) + O.CTRL])  # "put into a graveyard from the ..."
    if G[H.FOOD_WATCH]:
        fire_food_to_graveyard(G, C, o)  # "Whenever a Food is put into a graveyard" (Ygra)
    G[H.LEAVE_CAUSE] = cause
    move_object(G, cards, o, Zone.GRAVEYARD)


@njit
def _can_enchant(G, C, aura, att):
    """Can an Aura of card row `aura` still enchant att (303.4d)? Its enchant restriction is
    the card types of its spell's first target group (any of them). An Aura that gives what it
    enchants a face always can: its own face is what it may enchant (Sugar Coat: "Enchant
    creature or Food" on the Food it made)."""
    cards = cards_of(C)
    if cards[aura, CardCol.FLAGS] & CardFlag.SETS_FACE:
        return True
    abilities = abilities_of(C)
    a0 = cards[aura, CardCol.AB_START]
    for a in range(a0, a0 + cards[aura, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] == AbilityKind.SPELL and abilities[a, AbilCol.TG_COUNT] > 0:
            types = targets_of(C)[abilities[a, AbilCol.TG_START], TargCol.TYPES]
            return types == 0 or (cards[G[ob(att) + O.CARD], CardCol.TYPES] & types) != 0
    return True


@njit
def _aura_goes(G, C, aura, o):
    """704.5m: is Aura o (card row `aura`) attached to nothing (a new object counts as gone,
    and so does a player who left the game) or to what it can no longer enchant (a creature
    that became a Food: Sugar Coat)?"""
    att = attached_obj(G, o)
    if att == NO_OBJ:
        return attached_player(G, o) < 0  # ("Enchant opponent": on a player, 303.4a)
    return not _can_enchant(G, C, aura, att)


@njit
def batch_deaths(G):
    """Do creatures dying in one event queue their dies triggers before any of them moves
    (603.10a: "whenever a creature dies" abilities look back; only needed once a permanent
    with one entered)?"""
    return kind_seen(G, AbilityKind.CREATURE_DIES)


@njit
def fire_dies_first(G, C, o):
    """Queue the dies triggers of creature o, about to die with others in one event (before
    any of them moves: each sees the others, 603.10a); then _dies(..., fire=False)."""
    cards = cards_of(C)
    if _exiled_instead(G, o) or opp_dies_exile(G, C, o):
        return
    if cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE:
        fire_dies(G, C, o, G[ob(o) + O.CTRL])
    else:
        fire_to_graveyard(G, C, o, G[ob(o) + O.CTRL])


@njit
def destroy(G, C, o, fire=True):
    """Destroy o unless it is indestructible. Returns True if it left the battlefield."""
    if G[ob(o) + O.CUR_KW] & Keyword.INDESTRUCTIBLE:
        return False
    _dies(G, C, o, fire, LeaveCause.DESTROYED)
    return True


@njit
def sacrifice(G, C, o, fire=True):
    """p sacrifices o; fire=False: its dies triggers were queued already (fire_dies_first)."""
    if cards_of(C)[G[ob(o) + O.CARD], CardCol.SUBTYPES] & Subtype.FOOD:
        G[pb(G[ob(o) + O.CTRL]) + P.FOOD_SACRIFICED_TURN] = 1  # "if you've sacrificed a Food"
    fire_sacrificed(G, C, o)
    _dies(G, C, o, fire, LeaveCause.SACRIFICED)


@njit
def _linked_return(G, C):
    """610.3: a card exiled "until" its source leaves the battlefield returns under its owner's
    control as soon as that source is gone (checked here, right after the event that made it
    leave). Returns True if a card came back."""
    cards = cards_of(C)
    for p in range(G[H.NPLAYERS]):
        if G[pb(p) + P.LOST]:
            continue
        for i in range(G[pb(p) + P.EXILE_N]):
            o = exile_at(G, p, i)
            link = G[ob(o) + O.LINK]
            if link <= 0:
                continue  # not linked, or "exiled with" its source for good (EXILE_LINKED)
            s = link - 1
            if G[ob(s) + O.ZONE] == Zone.BATTLEFIELD and G[ob(s) + O.ZCC] == G[ob(o) + O.LINK_ZCC]:
                continue
            put_onto_battlefield(G, cards, o, G[ob(o) + O.OWNER], False)
            fire_enters(G, C, o)
            return True
    return False


@njit
def _legend_pair_possible(G, cards):
    """Could two phased-in legendary permanents share a name and a controller? One pass with a
    bit per (controller, printed card row modulo 32): False means no such pair (the legend rule
    finds nothing); a shared bit sends _legend_rule to its exact pairwise scan, which otherwise
    costs a battlefield scan per legendary permanent (a pod keeps four commanders out)."""
    lo = 0  # bits of seats 0 and 1
    hi = 0  # seats 2 and 3
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        card = printed_card(G, o)
        if (cards[card, CardCol.TYPES] & CardType.LEGENDARY) == 0 or G[ob(o) + O.PHASED]:
            continue
        ctrl = G[ob(o) + O.CTRL]
        bit = 1 << ((ctrl & 1) * 32 + (card & 31))
        if ctrl < 2:
            if lo & bit:
                return True
            lo |= bit
        else:
            if hi & bit:
                return True
            hi |= bit
    return False


@njit
def _legend_rule(G, C):
    """704.5j: a player who controls two legendary permanents with the same name puts all but
    one into the graveyard (the built-in player keeps the newest). Returns True if it acted."""
    cards = cards_of(C)
    if not _legend_pair_possible(G, cards):
        return False
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        card = printed_card(G, o)  # supertypes and name stay with another row's types
        if (cards[card, CardCol.TYPES] & CardType.LEGENDARY) == 0 or G[ob(o) + O.PHASED]:
            continue
        for j in range(G[H.BF_N]):
            q = G[OFF_BATTLEFIELD + j]
            if (
                q != o
                and printed_card(G, q) == card
                and G[ob(q) + O.CTRL] == G[ob(o) + O.CTRL]
                and G[ob(q) + O.PHASED] == 0
                and G[ob(q) + O.TIMESTAMP] > G[ob(o) + O.TIMESTAMP]
            ):
                _dies(G, C, o, True, LeaveCause.LEGEND_RULE)
                return True
    return False


@njit
def check_sba(G, C):
    """Apply state-based actions until none applies; returns True if anything happened."""
    return _state_based_actions(G, C, False)


@njit
def sba_before_priority(G, C):
    """The state-based actions as a player would receive priority after casting a spell,
    activating an ability or playing a land (117.5, 704.3): only while a volatile static
    (CardFlag.STATIC_VOLATILE) or one that reads the hand's size (H.HAND_STATICS: power and
    toughness equal to the cards in hand) is out; after resolutions and combat damage the
    engine checks them anyway."""
    if G[H.STATICS] or G[H.HAND_STATICS]:
        check_sba(G, C)


@njit
def check_sba_fresh(G, C):
    """check_sba where the characteristics are current (refresh ran after the last change
    that could alter them), so the first pass needs no refresh: the draw step."""
    return _state_based_actions(G, C, True)


@njit
def check_sba_all(G, C):
    """check_sba whatever H.DIRTY says: a refresh, then every state-based action (what the
    invariant checks compare the engine's shortcuts with)."""
    G[H.DIRTY] = DIRTY_ALL
    return _state_based_actions(G, C, False)


@njit(inline_in_entry=True)  # tiny, in every state-based-action pass
def _creature_dies(G, b):
    """704.5f-h for a creature: toughness 0 or less, or lethal or deathtouch damage and not
    indestructible."""
    t = G[b + O.CUR_T]
    lethal = G[b + O.DAMAGE] >= t or G[b + O.DEATHTOUCHED] != 0
    return t <= 0 or (lethal and (G[b + O.CUR_KW] & Keyword.INDESTRUCTIBLE) == 0)


@njit
def _sba_kills(G, cards, b):
    """704.5f-h: a phased-in creature that _creature_dies."""
    if G[b + O.PHASED] or (cards[G[b + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0:
        return False
    return _creature_dies(G, b)


@njit
def _sba_look(G, C, cards, o):
    """What the battlefield pass of _state_based_actions would do to o: 1 it kills o
    (_creature_dies), 2 it acts on o otherwise (a creature's deathtouch mark is cleared, an Aura
    attached to nothing or to what it can no longer enchant goes, 704.5m, an Equipment
    attached to a non-creature falls off, 704.5n), 0 nothing. Reads only, each of o's fields
    once (a land, most of a pod's battlefield, is four): the pass is skipped when it is 0 for
    every permanent (most checks)."""
    b = ob(o)
    if G[b + O.PHASED]:
        return 0
    card = G[b + O.CARD]
    if cards[card, CardCol.TYPES] & CardType.CREATURE:
        if _creature_dies(G, b):
            return 1
        return 2 if G[b + O.DEATHTOUCHED] != 0 else 0
    sub = cards[card, CardCol.SUBTYPES]
    if sub & Subtype.AURA:
        return 2 if _aura_goes(G, C, card, o) else 0
    if sub & Subtype.EQUIPMENT and G[b + O.ATTACHED] != NO_OBJ:
        att = attached_obj(G, o)
        if att == NO_OBJ or (cards[G[ob(att) + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0:
            return 2
    return 0


@njit
def _state_based_actions(G, C, fresh):
    if G[H.DIRTY] == 0 and G[H.STATICS] == 0:
        return False  # nothing they read changed since the last check (layout.H.DIRTY)
    cards = cards_of(C)
    # only a life total or an empty library changed (DIRTY_PLAYERS) since a settled check: the
    # battlefield's actions find what they found then, nothing (no volatile static reads life)
    players_only = (G[H.DIRTY] & ~DIRTY_PLAYERS) == 0 and G[H.STATICS] == 0
    any_change = False
    for guard in range(64):
        changed = False
        # (a pass's deaths of permanents no static ability counts or reaches leave DIRTY_CHARS
        # clear: state.board_inert)
        if (guard > 0 or not fresh) and ((G[H.DIRTY] & DIRTY_CHARS) != 0 or G[H.STATICS] != 0):
            refresh(G, C)
        for p in range(G[H.NPLAYERS]):
            q = pb(p)
            if G[q + P.LOST] == 0:
                # 704.5a, 704.5b, 704.6c; several at once: the first of them names the loss
                reason = EndReason.NONE
                if G[q + P.LIFE] <= 0:
                    reason = EndReason.LIFE
                elif G[q + P.DREW_EMPTY] == 1:
                    reason = EndReason.LIBRARY
                elif _commander_damage_loses(G, q):
                    reason = EndReason.COMMANDER_DAMAGE
                if reason != EndReason.NONE:
                    leave_game(G, C, p, reason)
                    changed = True
            c = G[q + P.COMMANDER] - 1
            if c >= 0 and (G[ob(c) + O.ZONE] == Zone.GRAVEYARD or G[ob(c) + O.ZONE] == Zone.EXILE):
                # 704.6d: a commander put into a graveyard or exile may go to the command zone;
                # its owner always moves it (so it can be cast again, 903.8)
                move_object(G, cards, c, Zone.COMMAND)
                changed = True
        if changed and n_alive(G) <= 1:
            any_change = True
            break  # the game is over (104.2a): nothing after it is played out
        if players_only and not changed:
            G[H.DIRTY] &= DIRTY_CHARS  # settled
            break
        # past here the battlefield's actions run, and keep running while a pass changes
        # anything: a player who left took permanents and effects with them (800.4a), and
        # what comes back from that (610.3, one card a pass) is checked in the next pass
        players_only = False
        # (H.LEGENDS / H.LINKS 0: no legendary permanent / "until" exile ever happened, so
        # these find nothing)
        # (DIRTY_LEGEND clear: nothing the legend rule reads changed since it found nothing)
        legends = G[H.LEGENDS] != 0 and (G[H.DIRTY] & DIRTY_LEGEND) != 0
        if (legends and _legend_rule(G, C)) or (G[H.LINKS] != 0 and _linked_return(G, C)):
            changed = True
        # one read-only look first: the creatures this pass kills, and whether it acts on any
        # other permanent; most checks find nothing and skip the pass below
        batch = batch_deaths(G)
        kills = False
        acts = False
        for k in range(G[H.BF_N]):
            o = G[OFF_BATTLEFIELD + k]
            look = _sba_look(G, C, cards, o)
            if look == 1:
                kills = True
                if batch:  # the creatures this pass kills die at once: their triggers first
                    fire_dies_first(G, C, o)
            elif look == 2:
                acts = True
        if not batch:
            kills = kills or acts  # (each one dies in the pass, as it is reached)
        i = 0
        while (kills or acts) and i < G[H.BF_N]:
            o = G[OFF_BATTLEFIELD + i]
            b = ob(o)
            card = G[b + O.CARD]
            t = cards[card, CardCol.TYPES]
            gone = False
            if G[b + O.PHASED] == 0:
                if t & CardType.CREATURE:
                    if kills and _sba_kills(G, cards, b):
                        why = LeaveCause.ZERO_TOUGHNESS
                        if G[b + O.CUR_T] > 0:
                            why = LeaveCause.LETHAL_DAMAGE
                        _dies(G, C, o, not batch, why)
                        gone = True
                    elif G[b + O.DEATHTOUCHED]:
                        G[b + O.DEATHTOUCHED] = 0
                elif cards[card, CardCol.SUBTYPES] & Subtype.AURA:
                    if _aura_goes(G, C, card, o):
                        G[H.LEAVE_CAUSE] = LeaveCause.UNATTACHED
                        move_object(G, cards, o, Zone.GRAVEYARD)
                        gone = True
                elif (
                    cards[card, CardCol.SUBTYPES] & Subtype.EQUIPMENT
                    and G[b + O.ATTACHED] != NO_OBJ
                ):
                    # 704.5n; a creature another player controls may stay equipped (301.5d)
                    att = attached_obj(G, o)
                    if (
                        att == NO_OBJ
                        or (cards[G[ob(att) + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0
                    ):
                        G[b + O.ATTACHED] = NO_OBJ
                        G[H.DIRTY] = DIRTY_ALL  # its statics no longer apply to that permanent
                        changed = True
            if gone:
                changed = True
            else:
                i += 1
        if not changed:
            G[H.DIRTY] &= DIRTY_CHARS  # settled (a refresh clears DIRTY_CHARS)
            break
        any_change = True
    check_winner(G)
    return any_change


@njit
def check_winner(G):
    """The game is over once one player (or none) is left in it (104.2a)."""
    if G[H.WINNER] != -1:
        return
    alive = 0
    last = -1
    for p in range(G[H.NPLAYERS]):
        if G[pb(p) + P.LOST] == 0:
            alive += 1
            last = p
    if alive == 1:
        G[H.WINNER] = last
        G[H.END_REASON] = EndReason.LIFE
        # the reason is the way the last opponent lost
        for p in range(G[H.NPLAYERS]):
            if p != last and G[pb(p) + P.LIFE] > 0:
                if G[pb(p) + P.DREW_EMPTY] == 1:
                    G[H.END_REASON] = EndReason.LIBRARY
                elif _commander_damage_loses(G, pb(p)):
                    G[H.END_REASON] = EndReason.COMMANDER_DAMAGE
        G[H.PHASE] = 13  # Phase.GAME_OVER
    elif alive == 0:
        G[H.WINNER] = -2
        G[H.END_REASON] = EndReason.ALL_LOST
        G[H.PHASE] = 13


@njit
def stack_obj(G, i):
    return G[OFF_STACK + i * SF + S.OBJ]

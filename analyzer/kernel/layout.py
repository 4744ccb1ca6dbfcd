"""The game record: one flat int32 array per game, with named offsets.

Everything a game is lives in this one array (players, zones, objects, stack, triggers, random
state), so forking a game is ``G.copy()``. Capacities are declared here and nowhere else;
exceeding one ends the game with ``EndReason.CAPACITY`` (reported, never truncated).

Regions, in order: header, players (PF fields each), per-player zone lists (hand, library,
graveyard, exile), battlefield list, battlefield by controller, stack entries, pending
triggers, delayed triggers, extra-turn
queue, scratch, then objects (OF fields each). The object region is last so a record only needs
room for the objects a run uses: ``record_size(n_objects)``.

Object ids index the object region. Objects 0..n_cards-1 are the cards of the decks (seat by
seat, in deck order); the rest are token slots, reused once a token ceases to exist.
Targets are encoded as ints: an object id, or ``PLAYER_BASE + seat`` for a player.
"""

from __future__ import annotations

from itertools import accumulate
from typing import NamedTuple, TypeVar

_Section = TypeVar("_Section", bound=tuple)

# ---- capacities (the one place they are declared) ----
MAX_PLAYERS = 4
MAX_HAND = 96  # a Commander draw engine with no maximum hand size reached 48 in a pod soak
MAX_LIBRARY = 128
MAX_GRAVEYARD = 128
MAX_EXILE = 64
MAX_BATTLEFIELD = 160
MAX_STACK = 128  # a board wipe with "whenever a creature dies" watchers: over 100 triggers in a pod
MAX_TRIGGERS = 160
MAX_DELAYED = 128  # Stormsplitter's token copies double with each instant or sorcery, each
# with its own delayed exile: seven spells in one turn make 127, as many as the battlefield holds
MAX_EXTRA_TURNS = 8
MAX_TOKENS = 192
MAX_TARGETS = 6  # target slots on one stack entry (all groups together)
SCRATCH = 64
MAX_DECK = MAX_LIBRARY

PLAYER_BASE = 1 << 20  # target value of seat s is PLAYER_BASE + s
NO_OBJ = -1


def _numbered(section: type[_Section]) -> _Section:
    """The section's fields numbered in declaration order: each one's offset in an entry."""
    return section(*range(len(section._fields)))


# ---- header ----
class _Header(NamedTuple):
    """The header: the game's own state, at the start of the record."""

    NPLAYERS: int
    NOBJ: int
    NCARDS: int
    TURN: int
    ACTIVE: int
    PHASE: int
    PRIO: int
    PASSES: int
    WINDOW: int
    WINNER: int
    END_REASON: int
    ACTIONS: int
    TURN_CAP: int
    ACTION_CAP: int
    RNG_LO: int
    RNG_HI: int
    FIRST_SEAT: int
    STACK_N: int
    TRIG_N: int
    DELAYED_N: int
    EXTRA_N: int
    BF_N: int
    NO_SPELLS_TURN: int
    PENDING: int
    PEND_OBJ: int
    PEND_PLAYER: int
    DECISIONS: int
    TIMESTAMP: int
    TOKEN_CURSOR: int
    ERROR: int
    STARTING_LIFE: int
    COMBAT_FS: int
    ROTATION: int
    TURNS_TAKEN: int
    SCRATCH_N: int
    GAME_INDEX: int
    RESOLVING: int
    EXILE_SELF: int
    LAST_IT: int
    WINDOW_STEP: int
    MAIN_DONE: int
    FORCED_PROMISE: int
    TARGET_SRC: int  # 1 + the source whose targets are being chosen or checked (OTHER); 0 none
    TARGET_TRIG: int  # 1 + the trigger object of the triggered ability whose targets are being
    # chosen or checked (NOT_TRIGGER_OBJECT, MV_LESS_THAN_TRIGGER); 0 none
    LEGENDS: int  # 1 once a legendary permanent entered the battlefield (legend rule to check)
    LINKS: int  # 1 once a card was exiled "until" its source leaves (610.3 returns to check)
    FACES: int  # 1 once a permanent may have taken another card row's characteristics (O.FACE)
    FOOD_WATCH: int  # 1 once a permanent with a food_to_graveyard trigger entered
    KINDS_SEEN: int  # OR of CardCol.AB_KINDS of every permanent that entered the battlefield
    DIRTY: int  # DIRTY_* bits: what changed since the last refresh / state-based check
    STATICS: int  # volatile static sources on the battlefield at the last refresh (chars.py)
    IMPULSE: int  # 1 once a card was exiled with a permission that ends (cleanup checks them)
    POOL_PHASE: int  # 1 + the H.PHASE in which mana that empties as the step ends was added to
    # a mana pool (P.MANA_W..P.MANA_C); 0: there is none
    KINDS_SEEN_HI: int  # the same for CardCol.AB_KINDS_HI (ability kinds from 31 on)
    BFX_OK: int  # 1 while the battlefield by controller (OFF_BF_CTRL, P.BFX_N) is current:
    # every change of the battlefield list (state.move_object) or of a permanent's controller
    # clears it, and view.own_n rebuilds it on demand
    KINDS_SEEN_HI2: int  # the same for CardCol.AB_KINDS_HI2 (ability kinds from 62 on)
    SAC_POWER: int  # while an activated ability resolves: the power of the creature sacrificed
    # to pay for it as it last existed (608.2h); a triggered one: its event's amount ("that
    # many"); its stack entry's S.X; 0: none
    DESTROYED_N: int  # the permanents the last destroy_all destroyed ("for each creature
    # destroyed this way", XCount.DESTROYED_THIS_WAY)
    SAC_COPIES: int  # creatures sacrificed for the spell being cast (ExtraCost.SAC_CREATURES_COPY),
    # until stack.spell_cast queues its reflexive trigger
    COMBAT_PREVENTED_TURN: int  # 1 + the turn (H.TURN) in which all combat damage is prevented
    # (op prevent_combat_damage, Spore Frog; 615.1); 0: none
    CHOSEN_OPP: int  # 1 + the opponent the last choose_opponent step chose (Ref.CHOSEN_OPPONENT)
    TEMPTED: int  # bit q: opponent q accepted the last tempt step's offer (Ref.TEMPTED)
    PEND_FOCUS: int  # the pending cast's W.FOCUS for its unpromised mode (a trick's creature,
    # ai_cast.try_cast), restored when the decision resolves (engine.resolve_decision); 0: none
    PEND_FOCUS_PROMISED: int  # the same for its promised mode
    CTRL_WHILE_N: int  # 1 once a "for as long as you control [this]" control effect began
    # (O.CTRL_WHILE: chars.refresh looks for them only from then on)
    GAME_STATICS: int  # the turns whose start may change what the static sources on the
    # battlefield at the last refresh with a condition on the game do (CardFlag.STATIC_GAME:
    # whose turn it is, this turn's counts): bit q, q's turn beginning or ending ("during your
    # turn"); bit MAX_PLAYERS, any turn (chars._turn_seats). A turn's start refreshes only for
    # one of those, a volatile static or a DIRTY_CHARS write (turn.begin_turn)
    HAND_STATICS: int  # bit q: a static source q controlled at the last refresh reads the
    # size of q's hand (static_pt_hand, a STATIC_GAME card): while one is out, a card entering or
    # leaving q's hand writes DIRTY_CHARS and DIRTY_SBA (state.move_object, life_draw.draw_cards)
    LEAVE_CAUSE: int  # the LeaveCause of the next move off the battlefield, set just before
    # it (sba._dies, the Aura rule): state.move_object logs it in the zone row and clears it
    NONADDITIVE: int  # 1 if a static source on the battlefield at the last refresh may read a
    # permanent's current P/T, counters or keywords, or removes keywords: without one, a pump,
    # counters or a keyword granted change that permanent's own values only (chars_counts.additive)


H = _numbered(_Header)
HEADER = len(H)

# H.DIRTY bits. Every write to what chars.refresh reads (the battlefield list, counters,
# until-end-of-turn effects, control, phasing, attachments) sets both; a write to what only the
# state-based actions read (damage, a commander put into a graveyard or exile) sets DIRTY_SBA;
# one to what only their players' part reads (life lost, drawing from an empty library) sets
# DIRTY_PLAYERS alone: the check then skips the battlefield's (sba.py).
# A graveyard reaching or leaving seven cards (threshold) sets both, and so does a hand
# changing while a static ability reads its size (H.HAND_STATICS). While no volatile static
# ability is on the battlefield (H.STATICS 0; CardFlag.STATIC_VOLATILE: a condition on life
# changes), a clean record needs neither a refresh nor a check (kernel/rules/invariants.py
# checks this after every step: checks 10 and 11).
DIRTY_CHARS = 1
DIRTY_SBA = 2
# what the legend rule reads (legendary permanents entering, control, phasing): every DIRTY_ALL
# write sets it but a permanent's zone change, which sets it only for a legendary one entering
# (state.move_object), and writes of power, toughness, keywords, counters, faces and threshold
# (effects' pumps and counters, their end at cleanup), which never set it: a control change
# they cause goes through refresh, which sets it; a settled state-based check clears it
# (sba._legend_rule is skipped without it; a pod keeps four legendary commanders out)
DIRTY_LEGEND = 4
DIRTY_PLAYERS = 8
DIRTY_ALL = 15


# ---- per player ----
class _Player(NamedTuple):
    """One player: PF fields per seat from OFF_PLAYERS."""

    LIFE: int
    LOST: int
    MANA_W: int
    MANA_U: int
    MANA_B: int
    MANA_R: int
    MANA_G: int
    MANA_C: int
    LANDS_TURN: int
    SPELLS_TURN: int
    CARDS_DRAWN: int
    MULLIGANS: int
    OPENING_LANDS: int
    LANDS_PLAYED: int
    GIFTS_PROMISED: int
    GIFTS_GIVEN: int
    GIFTS_RECEIVED: int
    GIFTS_UNDELIVERED: int
    GIFT_TRIGGERS: int
    HEXPROOF_TURN: int
    PROTECTED: int
    NEXT_KW_N: int  # grants of O.NEXT_KW this player made that its next turn ends (0: none)
    DREW_EMPTY: int
    LIFE_GAINED_TURN: int
    LIFE_LOST_TURN: int
    HAND_N: int
    LIB_N: int
    GY_N: int
    EXILE_N: int
    DECK: int
    LIFE_GAINED: int
    LIFE_LOST: int
    LOST_TURN: int
    SPELLS_CAST: int
    TURNS: int
    MANA_SPENT_TURN: int  # mana spent to cast spells this turn (expend)
    LEVEL: int  # the built-in player's level for this seat (enums.PlayerLevel; 0 = standard)
    OPENING_HANDS: int  # how this seat's opening sevens are dealt (enums.OpeningHands; 0 = paper)
    ATTACKERS: int  # creatures this player attacked with, over the game (calibration)
    ATTACKERS_BLOCKED: int  # of them, how many were blocked
    COMMANDER: int  # 1 + this player's commander (an object they own, 903.3); 0: none
    COMMANDER_CASTS: int  # times it was cast from the command zone (903.8: {2} more each)
    COMMANDER_DAMAGE: int  # 4 fields: combat damage taken from seat k's commander (903.10a)
    COMMANDER_DAMAGE_1: int
    COMMANDER_DAMAGE_2: int
    COMMANDER_DAMAGE_3: int
    FLASHBACK_GY: int  # 1 once a card with flashback was put into this player's graveyard
    CREATURES_ENTERED_TURN: int  # creatures that entered under this player's control this turn
    GY_ABILITY: int  # 1 once a card with an ability that works from the graveyard was put there
    SUBTYPES_ENTERED_TURN: int  # Subtype bits of the permanents that entered under this player's
    # control this turn ("if a Bird, Frog, Otter, or Rat entered the battlefield ...")
    GY_LEFT_TURN: int  # cards that left this player's graveyard this turn
    FOOD_SACRIFICED_TURN: int  # 1 if this player sacrificed a Food this turn
    CREATURES_DIED_TURN: int  # creatures that died under this player's control this turn
    BFX_N: int  # how many battlefield objects this player controls (view.own_n: current only
    # while H.BFX_OK; read it through view.own_n)
    CREATURES_EXILED_TURN: int  # creatures this player controlled that were exiled this turn
    TYPES_CAST_TURN: int  # CardType bits of the spells this player cast this turn
    SUBTYPES_CAST_TURN: int  # Subtype bits of the spells this player cast this turn, but those
    # of a card with a FIRST_SPELL_CAST ability ("the first Otter spell other than [this]")
    ATTACKERS_TURN: int  # creatures this player declared as attackers this turn ("you attacked
    # this turn", "for each creature that attacked this turn")
    EXTRA_LANDS_TURN: int  # "You may play an additional land this turn" (op extra_land_turn)
    PREVENTED_TURN: int  # 1 + the turn (H.TURN) in which all damage to this player is prevented
    TOKENS_CREATED_TURN: int  # tokens created under this player's control this turn
    CITY_BLESSING: int  # 1 once this player has the city's blessing (702.131c: for the game)
    BOARD_TYPES: int  # CardType bits of the permanents whose entering or leaving under this
    # player's control may change a characteristic: what the static abilities out at the last
    # refresh count or reach (chars.board_reach; -1: any); state.move_object skips the refresh
    # for a permanent of none of these types and subtypes (and no static ability of its own)
    BOARD_SUBTYPES: int  # the same for Subtype bits ("other Rats you control get +1/+1")


P = _numbered(_Player)
# P.BOARD_TYPES's bit (past the CardType bits) for the permanents with a CardCol.ANIMATE_TWIN row,
# which a static_animate of their controller's gives a face
BOARD_ANIMATE_TWIN = 1 << 30
PF = len(P)
COMMANDER_DAMAGE_LOSS = 21  # 704.6c: 21 or more combat damage from one commander

# A deck entry (the kernel's deck array) is a card id; the commander's has DECK_COMMANDER set:
# it starts the game in the command zone, not in the library (903.6).
DECK_COMMANDER = 1 << 24

OFF_PLAYERS = HEADER
OFF_HAND = OFF_PLAYERS + MAX_PLAYERS * PF
OFF_LIBRARY = OFF_HAND + MAX_PLAYERS * MAX_HAND  # bottom at index 0, top at P.LIB_N - 1
OFF_GRAVEYARD = OFF_LIBRARY + MAX_PLAYERS * MAX_LIBRARY
OFF_EXILE = OFF_GRAVEYARD + MAX_PLAYERS * MAX_GRAVEYARD
OFF_BATTLEFIELD = OFF_EXILE + MAX_PLAYERS * MAX_EXILE


# ---- stack entries ----
class _StackEntry(NamedTuple):
    """One stack entry: SF fields each from OFF_STACK."""

    KIND: int
    OBJ: int
    CARD: int
    AB: int
    CTRL: int
    PROMISED: int
    RECIPIENT: int
    X: int
    TRIG_OBJ: int
    ZCC: int
    T0: int
    T1: int
    T2: int
    T3: int
    T4: int
    T5: int
    Z0: int
    Z1: int
    Z2: int
    Z3: int
    Z4: int
    Z5: int
    NT: int
    OFFSPRING: int  # a spell: its offspring cost was paid (702.175)


S = _numbered(_StackEntry)
SF = len(S)
SK_DELAYED = 4  # a delayed trigger (S.X holds its kind's parameter)
SK_SPELL = 0  # a spell: S.OBJ is its object in Zone.STACK (a copy's is a token, 707.10)
SK_ABILITY = 1  # a triggered or activated ability: S.OBJ is its source
SK_GIFT = 2  # the gift trigger of a permanent (702.174b)

SK_WARD = 5  # a ward trigger (702.21a): S.OBJ the warded permanent, S.X the cost; it counters
# the entry whose S.OBJ / S.ZCC are S.TRIG_OBJ / S.ZCC unless its controller pays

# the battlefield by controller: per player, the objects of the battlefield list they control,
# in battlefield-list order (so a scan over them meets them as a scan over the whole list
# would). Derived data: view.own_n rebuilds it when H.BFX_OK is 0.
OFF_BF_CTRL = OFF_BATTLEFIELD + MAX_BATTLEFIELD
OFF_STACK = OFF_BF_CTRL + MAX_PLAYERS * MAX_BATTLEFIELD


# ---- pending triggers (waiting to be put on the stack) ----
class _Trigger(NamedTuple):
    """One pending trigger (waiting to be put on the stack): TF fields each from OFF_TRIGGERS."""

    OBJ: int
    AB: int
    CTRL: int
    TRIG_OBJ: int
    KIND: int
    ZCC: int
    PROMISED: int  # the source's promise as it triggered (608.2h: read even once it left)
    RECIPIENT: int  # the source's gift recipient as it triggered (its gift trigger gives to them)
    TRIG_ZCC: int  # ward: the zone-change counter of the stack entry T.TRIG_OBJ names (S.ZCC);
    # another trigger: its event's amount (the damage dealt: "draw that many"), its entry's S.X


T = _numbered(_Trigger)
TF = len(T)
OFF_TRIGGERS = OFF_STACK + MAX_STACK * SF


# ---- delayed triggers ----
class _Delayed(NamedTuple):
    """One delayed trigger: DF fields each from OFF_DELAYED."""

    KIND: int
    OBJ: int
    ZCC: int
    CTRL: int
    A: int
    TURN: int


D = _numbered(_Delayed)
DF = len(D)
DK_FLICKER_ON_DAMAGE = 2  # Long River Lurker: whenever D.OBJ deals combat damage this turn, its
# controller may exile it and return it under its owner's control (a trigger of T.AB -1)
DK_EXILE_AT_END_STEP = 3  # Stormsplitter: exile D.OBJ at the beginning of the next end step
EXILE_AT_END_AB = -2  # the T.AB of that delayed trigger (-1: the flicker, >= 0: a return)
DK_RETURN_AT_END_STEP = 1  # Parting Gust: return D.OBJ under its owner's control with D.A +1/+1
DK_SPELL_CAST_UNTIL_NEXT_TURN = 4  # Season of the Bold: whenever D.CTRL casts a spell, D.OBJ's
# ability row D.A triggers; it lasts through D.CTRL's turn number D.TURN (P.TURNS), surviving
# the end steps before it
DK_EXILED_UNTIL_END_STEP = 5  # Dragonhawk: at the beginning of D.CTRL's end step of turn D.TURN
# (P.TURNS), the cards it exiled (O.PLAY_UNTIL == D.A) can no longer be played and D.OBJ deals
# each opponent D.A & 15 damage for each one still exiled (a trigger of T.AB -D.A)
EXILE_TAG = 1 << 28  # D.A = EXILE_TAG | the first card exiled << 4 | damage per card: a value
# O.PLAY_UNTIL never has otherwise (end_play_permissions never ends it: that end step does)
RETURN_FLYING = 64  # ... plus this bit of D.A: and a flying counter (Salvation Swan)
OFF_DELAYED = OFF_TRIGGERS + MAX_TRIGGERS * TF

OFF_EXTRA = OFF_DELAYED + MAX_DELAYED * DF  # queue of seats owed an extra turn (FIFO)
OFF_SCRATCH = OFF_EXTRA + MAX_EXTRA_TURNS


# ---- work areas: fixed slices of the record the kernel uses instead of allocating small
# arrays on hot paths (an allocation costs more than the work it holds). Each area belongs to
# one function (see its name); functions that call each other never share an area.
class _Work(NamedTuple):
    """Work areas, one after another from OFF_SCRATCH + SCRATCH: the defaults are their sizes
    (WORK_SIZE), W holds their offsets."""

    # targets.candidates / target_choice.choose_targets
    CAND: int = 96
    SCORE: int = 96
    # stack.cast_finish / activate
    SLOTS: int = 8
    ZCCS: int = 8
    COLOR: int = 8
    ACOLOR: int = 8  # ai._can_cast_now
    PCOLOR: int = 8  # mana.pay / can_pay (an ability's cost, copied for the shared planner)
    # resolve._trigger_to_stack
    TSLOTS: int = 8
    TZCCS: int = 8
    # resolve.resolve_top
    RSLOTS: int = 8
    RZCCS: int = 8
    # ai_modes.targets_useful
    USLOTS: int = 8
    UZCCS: int = 8
    # effects.copy_spell
    CSLOTS: int = 8
    CZCCS: int = 8
    # mana
    SRC_MASK: int = 32
    SRC_OBJ: int = 32
    SRC_KIND: int = 32
    SRC_USE: int = 32
    # 1 + the player whose sources (as they are now) SRC_MASK..SRC_KIND hold, and how many:
    # set by ai_cast.collect_castables for the main action's cast, read by mana.pay_spell
    SRC_FRESH: int = 2
    MAIN: int = 64  # ai castable lists
    # effects.run_steps
    REF: int = 64
    REF2: int = 64
    DESTROYED: int = 64
    # combat
    ATT: int = 64
    BLK: int = 64
    BLOCKERS: int = 64
    # ai_combat: attackers chosen, the defender's attackers
    CHOSEN: int = 64
    CRACK: int = 64
    FOCUS: int = 8  # ai: 1 + the creature a standard player's trick is for (target_choice._score);
    # -(1 + it): the own creature a harmful spell aims at (a flicker, kernel/player/ai_flicker.py)
    # combat damage
    DMG_SRC: int = 256
    DMG_DST: int = 256
    DMG_AMT: int = 256
    CTRL: int = MAX_BATTLEFIELD  # chars.refresh: controllers before the refresh
    STATICS: int = MAX_BATTLEFIELD  # chars.refresh: battlefield indices of static sources
    # ai_modes.pick_mode
    MSLOTS: int = 8
    MZCCS: int = 8
    # ai_cast.collect_castables: each castable's value (parallel to the list it sorts; read by
    # ai_value.fill_skips right after)
    CAST_VALUE: int = 64
    # effects_squirrels: the permanents an op collects before it changes the battlefield
    SQ_BUF: int = MAX_BATTLEFIELD
    # ai_value.fill_skips: each candidate's buf position, mana value, value, colored symbols
    # and offspring mana (five rows of ai_value.MAX_FILL)
    FILL: int = 64
    # ai_block.blocks: the defender's untapped creatures
    FREE: int = MAX_BATTLEFIELD
    # rules/opening_deal.arena_bo1_deal: the candidate sevens, one after another
    DEAL: int = 21


WORK_SIZE = _Work()
W = _Work(*accumulate(WORK_SIZE[:-1], initial=OFF_SCRATCH + SCRATCH))
OFF_OBJECTS = W[-1] + WORK_SIZE[-1]


# ---- objects ----
class _Object(NamedTuple):
    """One object: OF fields each from OFF_OBJECTS (object ids index them)."""

    CARD: int
    OWNER: int
    CTRL: int
    ZONE: int
    TOKEN: int
    TAPPED: int
    SICK: int
    DAMAGE: int
    P1P1: int
    STUN: int
    BASE_P: int
    BASE_T: int
    EOT_P: int
    EOT_T: int
    EOT_KW: int
    CUR_P: int
    CUR_T: int
    CUR_KW: int
    ATTACHED: int
    PHASED: int
    ENTERED_TURN: int
    ZCC: int
    PROMISED: int
    RECIPIENT: int
    ATTACKING: int
    BLOCKING: int
    BLOCKED: int
    DEATHTOUCHED: int
    CAST_BY: int
    TIMESTAMP: int
    COPY_OF: int
    STAT_OPENING: int
    STAT_DRAWN: int
    STAT_CAST: int
    STAT_PROMISED: int
    STAT_GIVEN: int
    EOT_KW_LOSE: int
    BASE_CTRL: int
    OFFSPRING: int  # a permanent whose offspring cost was paid (its offspring trigger fires)
    VALIANT_TURN: int  # turn its valiant ability last triggered (first time each turn)
    LINK: int  # exiled "until" object O.LINK - 1 leaves the battlefield (610.3); 0 = none
    LINK_ZCC: int  # that source's zone-change counter when it exiled this card
    ATTACHED_ZCC: int  # O.ATTACHED's zone-change counter when attached: a new object (400.7)
    # is not what the Aura or Equipment was attached to (see state.attached_obj)
    ONCE_TURN: int  # turn its "triggers only once each turn" ability last triggered
    CAST_FROM: int  # a spell: 1 + the zone it was cast from (0: not cast); from a graveyard it
    # was cast with flashback, and is exiled as it leaves the stack (702.34a)
    CLASS_LEVEL: int  # a Class (716): its level; 0 = 1 (every permanent enters at level 1)
    EXILE_TURN: int  # "if it would die this turn, exile it instead": that turn; 0 = none
    ONCE_EVER: int  # 1 once its "Activate only once" ability was activated (this object)
    RESOLVED_TURN: int  # the turn its "if this is the second time this ability has resolved
    RESOLVED_N: int  # this turn" ability last resolved, and how often it did that turn
    CHOSEN_SUBTYPE: int  # "As this enters, choose a creature type": that type's Subtype bit
    EOT_CTRL: int  # 1 + the player who controls it until end of turn (threaten), 0: none
    PLAY_UNTIL: int  # an exiled card CAST_BY may play for a while, and not with mana of any
    # type: 1 + the turn whose cleanup ends it, or -(1 + the own turn count of CAST_BY - 1 at
    # whose cleanup it ends); 0: no end (Cruelclaw's Heist: any type of mana)
    CHOSEN_COLOR: int  # "As this enters, choose a color": that color's Color bit (0: none)
    STASH: int  # stash counters; kept as it leaves the battlefield (its last-known count, for
    # an ability whose cost sacrificed it), cleared as a permanent enters
    X_PAID: int  # a spell with {X} in its cost: the X chosen as it was cast (107.3)
    FREE_CAST: int  # 1: cast (being cast) without paying its mana cost by a resolving effect
    # (op CAST_FREE); a spell so cast from a graveyard is exiled instead of going back there
    KW_COUNTERS: int  # keywords its keyword counters give it (122.1b: an indestructible
    # counter); kept as it leaves like its other counters, cleared as it enters
    FACE: int  # 0, or while O.CARD is another card row whose characteristics it has (Sugar
    # Coat, "becomes an artifact creature until end of turn"): FACE_PRINTED bits = 1 + its own
    # card row, FACE_EOT_SHIFT up = 1 + the row it has until end of turn (0: none). See
    # view.printed_card; cleared (O.CARD restored) as it leaves the battlefield
    CTRL_WHILE: int  # 0, or 1 + the source of "gain control of ... for as long as you control
    # [this]" (op GAIN_CONTROL_WHILE; chars.refresh applies it while it lasts, then clears it)
    CTRL_WHILE_ZCC: int  # that source's zone-change counter then (a new object ends it, 400.7)
    CTRL_WHILE_P: int  # 1 + the player who gained control
    NEXT_KW: int  # keywords it has until the next turn of a player (For the Common Good: "gain
    # indestructible until your next turn", 611.2b): the keywords in the bits of NEXT_KW_MASK,
    # 1 + that player from bit NEXT_KW_SHIFT; cleared as it leaves, and as that turn begins
    # (effects_until.next_kw_ends, while P.NEXT_KW_N says any are left)


O = _numbered(_Object)  # noqa: E741
OF = len(O)

NEXT_KW_SHIFT = 24  # O.NEXT_KW: keywords below (Keyword has 23 bits), 1 + the player above
NEXT_KW_MASK = (1 << NEXT_KW_SHIFT) - 1

# O.FACE: 1 + the printed card row in the low bits, 1 + the until-end-of-turn row above
FACE_PRINTED = 0xFFFF
FACE_EOT_SHIFT = 16

# O.PHASED values: 0 phased in; phased out directly (it phases in during its controller's
# untap step, 502.1) or indirectly, with what it is attached to (702.26g: it phases in with it)
PHASED_DIRECT = 1
PHASED_INDIRECT = 2

# pending decision kinds (H.PENDING)
PEND_NONE = 0
PEND_GIFT = 1  # a spell is being cast with both modes legal: promise or not, and to whom

# status returned by advance()
ST_DONE = 0
ST_DECISION = 1


def record_size(n_objects: int) -> int:
    """Length of the int32 game record for a game with ``n_objects`` object slots."""
    return OFF_OBJECTS + n_objects * OF


def bytes_per_game(n_objects: int) -> int:
    return 4 * record_size(n_objects)

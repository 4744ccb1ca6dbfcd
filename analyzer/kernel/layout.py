"""The game record: one flat int32 array per game, with named offsets.

Everything a game is lives in this one array (players, zones, objects, stack, triggers, random
state), so forking a game is ``G.copy()``. Capacities are declared here and nowhere else;
exceeding one ends the game with ``EndReason.CAPACITY`` (reported, never truncated).

Regions, in order: header, players (PF fields each), per-player zone lists (hand, library,
graveyard, exile), battlefield list, stack entries, pending triggers, delayed triggers, extra-turn
queue, scratch, then objects (OF fields each). The object region is last so a record only needs
room for the objects a run uses: ``record_size(n_objects)``.

Object ids index the object region. Objects 0..n_cards-1 are the cards of the decks (seat by
seat, in deck order); the rest are token slots, reused once a token ceases to exist.
Targets are encoded as ints: an object id, or ``PLAYER_BASE + seat`` for a player.
"""

from __future__ import annotations

# ---- capacities (the one place they are declared) ----
MAX_PLAYERS = 4
MAX_HAND = 48
MAX_LIBRARY = 128
MAX_GRAVEYARD = 128
MAX_EXILE = 64
MAX_BATTLEFIELD = 160
MAX_STACK = 24
MAX_TRIGGERS = 48
MAX_DELAYED = 16
MAX_EXTRA_TURNS = 8
MAX_TOKENS = 192
MAX_TARGETS = 6  # target slots on one stack entry (all groups together)
SCRATCH = 64
MAX_DECK = MAX_LIBRARY

PLAYER_BASE = 1 << 20  # target value of seat s is PLAYER_BASE + s
NO_OBJ = -1


def _fields(*names: str) -> tuple[int, ...]:
    return tuple(range(len(names)))


# ---- header ----
_HEADER_FIELDS = (
    "NPLAYERS", "NOBJ", "NCARDS", "TURN", "ACTIVE", "PHASE", "PRIO", "PASSES", "WINDOW",
    "WINNER", "END_REASON", "ACTIONS", "TURN_CAP", "ACTION_CAP", "RNG_LO", "RNG_HI",
    "FIRST_SEAT", "STACK_N", "TRIG_N", "DELAYED_N", "EXTRA_N", "BF_N", "NO_SPELLS_TURN",
    "PENDING", "PEND_OBJ", "PEND_PLAYER", "DECISIONS", "TIMESTAMP", "TOKEN_CURSOR", "ERROR",
    "STARTING_LIFE", "COMBAT_FS", "ROTATION", "TURNS_TAKEN", "SCRATCH_N", "GAME_INDEX",
    "RESOLVING", "EXILE_SELF", "LAST_IT", "WINDOW_STEP", "MAIN_DONE", "FORCED_PROMISE",
    "TARGET_SRC", "LEGENDS", "LINKS", "KINDS_SEEN", "DIRTY", "STATICS",
)
(
    H_NPLAYERS, H_NOBJ, H_NCARDS, H_TURN, H_ACTIVE, H_PHASE, H_PRIO, H_PASSES, H_WINDOW,
    H_WINNER, H_END_REASON, H_ACTIONS, H_TURN_CAP, H_ACTION_CAP, H_RNG_LO, H_RNG_HI,
    H_FIRST_SEAT, H_STACK_N, H_TRIG_N, H_DELAYED_N, H_EXTRA_N, H_BF_N, H_NO_SPELLS_TURN,
    H_PENDING, H_PEND_OBJ, H_PEND_PLAYER, H_DECISIONS, H_TIMESTAMP, H_TOKEN_CURSOR, H_ERROR,
    H_STARTING_LIFE, H_COMBAT_FS, H_ROTATION, H_TURNS_TAKEN, H_SCRATCH_N, H_GAME_INDEX,
    H_RESOLVING, H_EXILE_SELF, H_LAST_IT, H_WINDOW_STEP, H_MAIN_DONE, H_FORCED_PROMISE,
    H_TARGET_SRC,  # 1 + the source whose targets are being chosen or checked (OTHER); 0 none
    H_LEGENDS,  # 1 once a legendary permanent entered the battlefield (legend rule to check)
    H_LINKS,  # 1 once a card was exiled "until" its source leaves (610.3 returns to check)
    H_KINDS_SEEN,  # OR of CardCol.AB_KINDS of every permanent that entered the battlefield
    H_DIRTY,  # DIRTY_* bits: what changed since the last refresh / state-based check
    H_STATICS,  # volatile static sources on the battlefield at the last refresh (chars.py)
) = range(len(_HEADER_FIELDS))
HEADER = len(_HEADER_FIELDS)

# H_DIRTY bits. Every write to what chars.refresh reads (the battlefield list, counters,
# until-end-of-turn effects, control, phasing, attachments) sets both; a write to what only the
# state-based actions read (life lost, damage, drawing from an empty library) sets DIRTY_SBA.
# A graveyard reaching or leaving seven cards (threshold) sets both. While no volatile static
# ability is on the battlefield (H_STATICS 0; chars._volatile: a condition on life changes or
# whose turn it is), a clean record needs neither a refresh nor a check (kernel/invariants.py
# checks this after every step: checks 10 and 11).
DIRTY_CHARS = 1
DIRTY_SBA = 2
DIRTY_ALL = 3

# ---- per player ----
(
    P_LIFE, P_LOST, P_MANA_W, P_MANA_U, P_MANA_B, P_MANA_R, P_MANA_G, P_MANA_C,
    P_LANDS_TURN, P_SPELLS_TURN, P_CARDS_DRAWN, P_MULLIGANS, P_OPENING_LANDS, P_LANDS_PLAYED,
    P_GIFTS_PROMISED, P_GIFTS_GIVEN, P_GIFTS_RECEIVED, P_GIFTS_UNDELIVERED, P_GIFT_TRIGGERS,
    P_HEXPROOF_TURN, P_PROTECTED, P_DREW_EMPTY, P_LIFE_GAINED_TURN, P_LIFE_LOST_TURN,
    P_HAND_N, P_LIB_N, P_GY_N, P_EXILE_N, P_DECK, P_LIFE_GAINED, P_LIFE_LOST, P_LOST_TURN,
    P_SPELLS_CAST, P_TURNS,
    P_MANA_SPENT_TURN,  # mana spent to cast spells this turn (expend)
    P_LEVEL,  # the built-in player's level for this seat (enums.PlayerLevel; 0 = standard)
    P_ATTACKERS,  # creatures this player attacked with, over the game (calibration)
    P_ATTACKERS_BLOCKED,  # of them, how many were blocked
    P_COMMANDER,  # 1 + this player's commander (an object they own, 903.3); 0: none
    P_COMMANDER_CASTS,  # times it was cast from the command zone (903.8: {2} more each)
    P_COMMANDER_DAMAGE,  # 4 fields: combat damage taken from seat k's commander (903.10a)
    P_COMMANDER_DAMAGE_1, P_COMMANDER_DAMAGE_2, P_COMMANDER_DAMAGE_3,
) = _fields(*"x" * 44)
PF = 44
COMMANDER_DAMAGE_LOSS = 21  # 704.6c: 21 or more combat damage from one commander

# A deck entry (the kernel's deck array) is a card id; the commander's has DECK_COMMANDER set:
# it starts the game in the command zone, not in the library (903.6).
DECK_COMMANDER = 1 << 24

OFF_PLAYERS = HEADER
OFF_HAND = OFF_PLAYERS + MAX_PLAYERS * PF
OFF_LIBRARY = OFF_HAND + MAX_PLAYERS * MAX_HAND  # bottom at index 0, top at P_LIB_N - 1
OFF_GRAVEYARD = OFF_LIBRARY + MAX_PLAYERS * MAX_LIBRARY
OFF_EXILE = OFF_GRAVEYARD + MAX_PLAYERS * MAX_GRAVEYARD
OFF_BATTLEFIELD = OFF_EXILE + MAX_PLAYERS * MAX_EXILE

# ---- stack entries ----
(
    S_KIND, S_OBJ, S_CARD, S_AB, S_CTRL, S_PROMISED, S_RECIPIENT, S_X, S_TRIG_OBJ, S_ZCC,
    S_T0, S_T1, S_T2, S_T3, S_T4, S_T5, S_Z0, S_Z1, S_Z2, S_Z3, S_Z4, S_Z5, S_NT,
    S_OFFSPRING,  # a spell: its offspring cost was paid (702.175)
) = _fields(*"x" * 24)
SF = 24
SK_DELAYED = 4  # a delayed trigger (S_X holds its kind's parameter)
SK_SPELL = 0  # a spell: S_OBJ is its object in Zone.STACK (a copy's is a token, 707.10)
SK_ABILITY = 1  # a triggered or activated ability: S_OBJ is its source
SK_GIFT = 2  # the gift trigger of a permanent (702.174b)

SK_WARD = 5  # a ward trigger (702.21a): S_OBJ the warded permanent, S_X the cost; it counters
# the entry whose S_OBJ / S_ZCC are S_TRIG_OBJ / S_ZCC unless its controller pays

OFF_STACK = OFF_BATTLEFIELD + MAX_BATTLEFIELD

# ---- pending triggers (waiting to be put on the stack) ----
(
    T_OBJ, T_AB, T_CTRL, T_TRIG_OBJ, T_KIND, T_ZCC,
    T_PROMISED,  # the source's promise as it triggered (608.2h: read even once it left)
    T_RECIPIENT,  # the source's gift recipient as it triggered (its gift trigger gives to them)
    T_TRIG_ZCC,  # ward: the zone-change counter of the stack entry T_TRIG_OBJ names (S_ZCC)
) = _fields(*"x" * 9)
TF = 9
OFF_TRIGGERS = OFF_STACK + MAX_STACK * SF

# ---- delayed triggers ----
D_KIND, D_OBJ, D_ZCC, D_CTRL, D_A, D_TURN = _fields(*"x" * 6)
DF = 6
DK_RETURN_AT_END_STEP = 1  # Parting Gust: return D_OBJ under its owner's control with D_A +1/+1
OFF_DELAYED = OFF_TRIGGERS + MAX_TRIGGERS * TF

OFF_EXTRA = OFF_DELAYED + MAX_DELAYED * DF  # queue of seats owed an extra turn (FIFO)
OFF_SCRATCH = OFF_EXTRA + MAX_EXTRA_TURNS

# ---- work areas: fixed slices of the record the kernel uses instead of allocating small
# arrays on hot paths (an allocation costs more than the work it holds). Each area belongs to
# one function (see its name); functions that call each other never share an area.
_WORK = (
    ("CAND", 96), ("SCORE", 96),  # targets.candidates / choose_targets
    ("SLOTS", 8), ("ZCCS", 8), ("COLOR", 8),  # stack.cast_finish / activate
    ("ACOLOR", 8),  # ai._can_cast_now
    ("PCOLOR", 8),  # mana.pay / can_pay (an ability's cost, copied for the shared planner)
    ("TSLOTS", 8), ("TZCCS", 8),  # stack._trigger_to_stack
    ("RSLOTS", 8), ("RZCCS", 8),  # stack.resolve_top
    ("USLOTS", 8), ("UZCCS", 8),  # ai._targets_useful
    ("CSLOTS", 8), ("CZCCS", 8),  # effects.copy_spell
    ("SRC_MASK", 32), ("SRC_OBJ", 32), ("SRC_KIND", 32), ("SRC_USE", 32),  # mana
    ("MAIN", 64),  # ai castable lists
    ("REF", 64), ("REF2", 64), ("DESTROYED", 64),  # effects.run_steps
    ("ATT", 64), ("BLK", 64), ("BLOCKERS", 64),  # combat
    ("CHOSEN", 64), ("CRACK", 64),  # ai_combat: attackers chosen, the defender's attackers
    ("FOCUS", 8),  # ai: 1 + the creature a standard player's trick is for (targets._score)
    ("DMG_SRC", 256), ("DMG_DST", 256), ("DMG_AMT", 256),  # combat damage
    ("CTRL", MAX_BATTLEFIELD),  # chars.refresh: controllers before the refresh
    ("STATICS", MAX_BATTLEFIELD),  # chars.refresh: battlefield indices of static sources
    ("MSLOTS", 8), ("MZCCS", 8),  # ai_modes.pick_mode
)
WORK: dict[str, tuple[int, int]] = {}
_off = OFF_SCRATCH + SCRATCH
for _name, _size in _WORK:
    WORK[_name] = (_off, _size)
    _off += _size
(W_CAND, W_SCORE, W_SLOTS, W_ZCCS, W_COLOR, W_ACOLOR, W_PCOLOR, W_TSLOTS, W_TZCCS, W_RSLOTS,
 W_RZCCS,
 W_USLOTS, W_UZCCS, W_CSLOTS, W_CZCCS, W_SRC_MASK, W_SRC_OBJ, W_SRC_KIND, W_SRC_USE, W_MAIN,
 W_REF, W_REF2, W_DESTROYED, W_ATT, W_BLK, W_BLOCKERS, W_CHOSEN, W_CRACK, W_FOCUS,
 W_DMG_SRC, W_DMG_DST, W_DMG_AMT,
 W_CTRL, W_STATICS, W_MSLOTS, W_MZCCS) = (
    WORK[n][0] for n, _ in _WORK)
OFF_OBJECTS = _off

# ---- objects ----
(
    O_CARD, O_OWNER, O_CTRL, O_ZONE, O_TOKEN, O_TAPPED, O_SICK, O_DAMAGE, O_P1P1, O_STUN,
    O_BASE_P, O_BASE_T, O_EOT_P, O_EOT_T, O_EOT_KW, O_CUR_P, O_CUR_T, O_CUR_KW, O_ATTACHED,
    O_PHASED, O_ENTERED_TURN, O_ZCC, O_PROMISED, O_RECIPIENT, O_ATTACKING, O_BLOCKING,
    O_BLOCKED, O_DEATHTOUCHED, O_CAST_BY, O_TIMESTAMP, O_COPY_OF, O_STAT_OPENING,
    O_STAT_DRAWN, O_STAT_CAST, O_STAT_PROMISED, O_STAT_GIVEN, O_EOT_KW_LOSE, O_BASE_CTRL,
    O_OFFSPRING,  # a permanent whose offspring cost was paid (its offspring trigger fires)
    O_VALIANT_TURN,  # turn its valiant ability last triggered (first time each turn)
    O_LINK,  # exiled "until" object O_LINK - 1 leaves the battlefield (610.3); 0 = none
    O_LINK_ZCC,  # that source's zone-change counter when it exiled this card
    O_ATTACHED_ZCC,  # O_ATTACHED's zone-change counter when attached: a new object (400.7)
    # is not what the Aura or Equipment was attached to (see state.attached_obj)
    O_ONCE_TURN,  # turn its "triggers only once each turn" ability last triggered
    O_CAST_FROM,  # a spell: 1 + the zone it was cast from (0: not cast); from a graveyard it
    # was cast with flashback, and is exiled as it leaves the stack (702.34a)
) = _fields(*"x" * 45)
OF = 45

# O_PHASED values: 0 phased in; phased out directly (it phases in during its controller's
# untap step, 502.1) or indirectly, with what it is attached to (702.26g: it phases in with it)
PHASED_DIRECT = 1
PHASED_INDIRECT = 2

# pending decision kinds (H_PENDING)
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

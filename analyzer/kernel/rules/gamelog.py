"""The game's event log: fixed-width int32 rows in the record, after the object region.

A record of ``layout.record_size(n_objects)`` has no room for a log, so ``log_event`` returns
at once: batch runs pay one compare per event site. A replay allocates a longer record
(``log_record_size``); the log is then the tail of the record, so a fork (a copy of the
record) carries the game so far and its branch appends to it. ``init_game`` zeroes the whole
record, the log included.

Tail layout: LOG_N (rows written), LOG_LOST (rows that did not fit: counted, never silent),
then rows of LW ints. Row fields are the L_* offsets; event kinds and what OBJ/OBJ2/A/B/C mean
for each are ``enums.Event``. Card ids are stored beside object ids because token slots are
reused. The reader is ``analysis/gamelog.py``.
"""

from __future__ import annotations

from analyzer.enums import CounterKind, Event, Op
from analyzer.kernel.layout import (
    FACE_PRINTED,
    OF,
    OFF_BATTLEFIELD,
    OFF_OBJECTS,
    OFF_PLAYERS,
    PF,
    PLAYER_BASE,
    H,
    O,
    P,
)
from analyzer.kernel.runtime.config import njit

LOG_N = 0
LOG_LOST = 1
LOG_HEAD = 2
(
    L_TURN,
    L_OWN_TURN,
    L_PHASE,
    L_ACTIVE,
    L_SEAT,
    L_KIND,
    L_OBJ,
    L_CARD,
    L_OBJ2,
    L_CARD2,
    L_A,
    L_B,
    L_C,
) = range(13)
LW = 13
LOG_FIELDS = (
    "turn",
    "own_turn",
    "phase",
    "active",
    "seat",
    "kind",
    "obj",
    "card",
    "obj2",
    "card2",
    "a",
    "b",
    "c",
)


def log_record_size(record_len: int, rows: int) -> int:
    """Length of a record of ``record_len`` ints with room for a log of ``rows`` events."""
    return record_len + LOG_HEAD + rows * LW


def log_offset(G) -> int:
    """Where the log tail starts in G (Python side)."""
    return OFF_OBJECTS + int(G[H.NOBJ]) * OF


@njit(inline_in_entry=True)
def logging(G):
    """Does G have room for a log?"""
    return G.shape[0] > OFF_OBJECTS + G[H.NOBJ] * OF + LOG_HEAD


@njit(inline_in_entry=True)
def log_event(G, kind, seat, o, o2, a, b, c):
    """Append one event to G's log if G has one (see the module docstring)."""
    if logging(G):
        _write(G, kind, seat, o, o2, a, b, c)


@njit(inline_in_entry=True)
def log_stun_kept_tapped(G, ctrl, o):
    """An untap of o (its untap step's, or an effect's untapping all) removed a stun counter
    instead (122.1d): an effect row with no source, "untap" with the stunned flag."""
    log_event(G, Event.EFFECT, ctrl, -1, o, Op.UNTAP, 1, 0)


@njit(inline_in_entry=True)
def log_enters_with_p1p1(G, ctrl, o, n):
    """o enters with n +1/+1 counters (a return "with a +1/+1 counter", ravenous, "enters with
    an additional counter"): an effect row with o as source and target and the op
    ADD_P1P1_X, "enters with X counters", which the text tells from a counter o puts on
    itself."""
    if n > 0:
        log_event(G, Event.EFFECT, ctrl, o, o, Op.ADD_P1P1_X, CounterKind.P1P1, n)


@njit
def _card(G, o):
    if o < 0 or o >= PLAYER_BASE:
        return -1
    face = G[OFF_OBJECTS + o * OF + O.FACE]
    if face != 0:  # another row's characteristics (O.FACE): named as the card it is
        return (face & FACE_PRINTED) - 1
    return G[OFF_OBJECTS + o * OF + O.CARD]


@njit
def _write(G, kind, seat, o, o2, a, b, c):
    t = OFF_OBJECTS + G[H.NOBJ] * OF
    n = G[t + LOG_N]
    r = t + LOG_HEAD + n * LW
    if r + LW > G.shape[0]:
        G[t + LOG_LOST] += 1
        return
    G[t + LOG_N] = n + 1
    active = G[H.ACTIVE]
    G[r + L_TURN] = G[H.TURN]
    G[r + L_OWN_TURN] = G[OFF_PLAYERS + active * PF + P.TURNS]
    # the step whose priority window is open: the engine moves H.PHASE on to the next step
    # before it opens a step's window (an end-step Food is eaten in the end step, not cleanup)
    G[r + L_PHASE] = G[H.WINDOW_STEP] if G[H.WINDOW] else G[H.PHASE]
    G[r + L_ACTIVE] = active
    G[r + L_SEAT] = seat
    G[r + L_KIND] = kind
    G[r + L_OBJ] = o
    G[r + L_CARD] = _card(G, o)
    G[r + L_OBJ2] = o2
    G[r + L_CARD2] = _card(G, o2)
    G[r + L_A] = a
    G[r + L_B] = b
    G[r + L_C] = c


@njit
def log_targets(G, o, slots):
    """TARGET rows for the target slots just put on the stack with o's spell or ability."""
    if not logging(G):
        return
    for i in range(slots.shape[0]):
        if slots[i] >= 0:
            _write(G, Event.TARGET, -1, o, slots[i], i, -1, -1)


@njit
def log_combatants(G, attackers):
    """ATTACK rows (attackers=True) or BLOCK rows for the creatures now in combat."""
    if not logging(G):
        return
    for i in range(G[H.BF_N]):
        o = G[OFF_BATTLEFIELD + i]
        b = OFF_OBJECTS + o * OF
        if attackers and G[b + O.ATTACKING] > 0:
            _write(G, Event.ATTACK, G[b + O.CTRL], o, -1, G[b + O.ATTACKING] - 1, -1, -1)
        elif not attackers and G[b + O.BLOCKING] > 0:
            _write(G, Event.BLOCK, G[b + O.CTRL], o, G[b + O.BLOCKING] - 1, -1, -1, -1)

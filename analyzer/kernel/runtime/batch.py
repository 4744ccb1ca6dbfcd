"""Batch runner: many complete games in parallel, compact per-game records out.

A serial loop over games (compiled without the GIL); ``parallel.run_sliced`` runs slices of a
chunk on threads. Each game runs sequentially in one reused record and writes only its own
output rows, so results do not depend on the thread count or on how a run is split into chunks
(every game's random stream depends only on (run seed, game index)).

Outputs (preallocated by the caller):
- ``games``: int32 (n_games, GAME_N + n_players * SEAT_N): the GAME_COLUMNS, then per seat
  the SEAT_COLUMNS;
- ``objs``: int8 (n_games, n_cards, OBJ_N), the OBJ_COLUMNS: per card of the decks (object id
  order: seat by seat, deck order) whether it was in the kept opening hand, drawn later, cast
  (count), cast with the gift promised (count), and gave a gift (count); counts saturate at 127.
"""

from __future__ import annotations

import numpy as np

from analyzer.kernel.layout import OF, OFF_OBJECTS, H, O, P
from analyzer.kernel.rules.engine import advance, empty_record, init_game
from analyzer.kernel.rules.view import pb
from analyzer.kernel.runtime.config import njit

# Per-game output columns: (name, record field), one list per kind of row. Adding a column is
# one line here (and its documentation in the README's games.csv section).
GAME_COLUMNS = (
    ("winner", H.WINNER),
    ("turns", H.TURN),
    ("end_reason", H.END_REASON),
    ("first_seat", H.FIRST_SEAT),
    ("error", H.ERROR),
    ("decisions", H.DECISIONS),
    ("actions", H.ACTIONS),
)
SEAT_COLUMNS = (
    ("mulligans", P.MULLIGANS),
    ("opening_lands", P.OPENING_LANDS),
    ("life", P.LIFE),
    ("lands_played", P.LANDS_PLAYED),
    ("cards_drawn", P.CARDS_DRAWN),
    ("gifts_promised", P.GIFTS_PROMISED),
    ("gifts_given", P.GIFTS_GIVEN),
    ("gifts_received", P.GIFTS_RECEIVED),
    ("gifts_undelivered", P.GIFTS_UNDELIVERED),
    ("gift_triggers", P.GIFT_TRIGGERS),
    ("lost_turn", P.LOST_TURN),
    ("turns_taken", P.TURNS),
    ("attackers", P.ATTACKERS),
    ("attackers_blocked", P.ATTACKERS_BLOCKED),
)
OBJ_COLUMNS = (
    ("opening_hand", O.STAT_OPENING),
    ("drawn", O.STAT_DRAWN),
    ("cast", O.STAT_CAST),
    ("promised", O.STAT_PROMISED),
    ("gift_given", O.STAT_GIVEN),
)

GAME_COLS = tuple(name for name, _ in GAME_COLUMNS)
GAME_N = len(GAME_COLS)
SEAT_COLS = tuple(name for name, _ in SEAT_COLUMNS)
SEAT_N = len(SEAT_COLS)
OBJ_COLS = tuple(name for name, _ in OBJ_COLUMNS)
OBJ_N = len(OBJ_COLS)
_GAME_FIELDS = tuple(field for _, field in GAME_COLUMNS)  # a compile-time constant in write_game
_SEAT_FIELDS = np.array([field for _, field in SEAT_COLUMNS], dtype=np.int64)
_OBJ_FIELDS = np.array([field for _, field in OBJ_COLUMNS], dtype=np.int64)


@njit
def write_game(G, games_row, objs_rows, seat_fields, obj_fields):
    """Copy one finished game's results into its output rows."""
    n_players = G[H.NPLAYERS]
    n_cards = G[H.NCARDS]
    for k in range(GAME_N):
        games_row[k] = G[_GAME_FIELDS[k]]
    for s in range(n_players):
        for k in range(seat_fields.shape[0]):
            games_row[GAME_N + s * SEAT_N + k] = G[pb(s) + seat_fields[k]]
    for o in range(n_cards):
        b = OFF_OBJECTS + o * OF
        for k in range(obj_fields.shape[0]):
            v = G[b + obj_fields[k]]
            objs_rows[o, k] = 127 if v > 127 else v


@njit(_nrt=True, entry=True)
def run_batch(
    C,
    pol,
    decks,
    deck_sizes,
    levels,
    n_players,
    run_seed,
    game_start,
    starting_life,
    turn_cap,
    action_cap,
    games,
    objs,
    seat_fields,
    obj_fields,
):
    """Play games game_start .. game_start + len(games) - 1 to the end with the policy."""
    G = empty_record(deck_sizes, n_players)
    for i in range(games.shape[0]):
        init_game(
            G,
            C,
            decks,
            deck_sizes,
            levels,
            n_players,
            run_seed,
            game_start + i,
            starting_life,
            turn_cap,
            action_cap,
            -1,
        )
        advance(G, C, pol, False)
        write_game(G, games[i], objs[i], seat_fields, obj_fields)


def seat_fields() -> np.ndarray:
    return _SEAT_FIELDS


def obj_fields() -> np.ndarray:
    return _OBJ_FIELDS

"""Per-game random numbers: a splitmix64 stream whose 64-bit state lives in the game record.

Seeding: ``seed_game(run_seed, game_index)`` mixes both through splitmix64, so every game's
stream depends only on (run seed, game index): identical results for any thread count or batch
split. A fork copies the record, hence the stream: both futures draw the same numbers.
"""

from __future__ import annotations

import numpy as np

from analyzer.kernel.layout import H
from analyzer.kernel.runtime.config import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_MASK32 = np.uint64(0xFFFFFFFF)


@njit
def _mix(z):
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@njit
def seed_state(run_seed, game_index):
    """64-bit initial state for one game from (run seed, game index)."""
    s = _mix(np.uint64(run_seed) + _GOLDEN)
    return _mix(s ^ (np.uint64(game_index) * _GOLDEN + np.uint64(1)))


@njit
def set_rng(G, state):
    lo = state & _MASK32
    G[H.RNG_LO] = np.int32(
        np.int64(lo) - (np.int64(1) << 32) if lo >= np.uint64(1 << 31) else np.int64(lo)
    )
    hi = state >> np.uint64(32)
    G[H.RNG_HI] = np.int32(
        np.int64(hi) - (np.int64(1) << 32) if hi >= np.uint64(1 << 31) else np.int64(hi)
    )


@njit
def _get_rng(G):
    lo = np.uint64(np.int64(G[H.RNG_LO]) & np.int64(0xFFFFFFFF))
    hi = np.uint64(np.int64(G[H.RNG_HI]) & np.int64(0xFFFFFFFF))
    return (hi << np.uint64(32)) | lo


@njit
def next_u64(G):
    s = _get_rng(G) + _GOLDEN
    set_rng(G, s)
    return _mix(s)


@njit
def randint(G, n):
    """Uniform integer in [0, n) (n >= 1); Lemire-free modulo on 64 bits: bias < n / 2**64."""
    return np.int64(next_u64(G) % np.uint64(n))


@njit
def random01(G):
    return np.float64(next_u64(G) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit
def shuffle_slice(G, start, n):
    """Fisher-Yates shuffle of G[start:start+n] in place with the game's stream."""
    for i in range(n - 1, 0, -1):
        j = randint(G, i + 1)
        t = G[start + i]
        G[start + i] = G[start + j]
        G[start + j] = t

"""Each matchup's random stream: the kernel's run seed for one matchup of a run.

Game i of a matchup is seeded from (run seed, i), so matchups played at one run seed would deal
the deck under test the same cards with the same seat first against every opponent: their
games would not be independent, and a table pooling the opponents would count each deal once
per opponent. Every command that plays matchups (simulate, evaluate, compare, cardstats, tune,
calibrate, a sweep's cells) therefore plays each on its own stream seed, a hash of the run seed
and the decks' contents: different matchups never share random numbers, while the policies,
player levels and deck versions compared on one matchup do (common random numbers).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any


def stream_seed(seed: int, decks: Sequence[Any], streams: str = "matchup") -> int:
    """The kernel's run seed for a matchup; below 2**63. ``decks`` are the seats that key the
    stream (all of them; the opponents only where deck versions are paired, as in `compare`).
    ``streams = "shared"`` (a sweep's option) returns ``seed`` itself."""
    if streams == "shared":
        return seed
    text = f"{seed}|" + "|".join(d.content_hash for d in decks)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little") >> 1


def matchup_seeds(
    seed: int, matchups: Sequence[Sequence[Any]], opponents_only: bool = False
) -> list[int]:
    """Every matchup's stream seed (seat 0 first in each); ``opponents_only``: keyed on seats
    1 and up, so every version of the deck under test meets an opponent on the same games."""
    return [stream_seed(seed, list(d[1:] if opponents_only else d)) for d in matchups]

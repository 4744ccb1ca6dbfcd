"""Why chars.refresh runs in precon pod games, and how often it changes nothing.

    PYTHONPATH=. python3 tests/bench/refresh_census.py [--games 40] [--bench]

The kernel runs as plain Python (NUMBA_DISABLE_JIT); the record is a numpy subclass that notes
which kernel function last set DIRTY_CHARS in H.DIRTY. Each refresh is counted by its caller and
by its cause: that writer, a volatile static (H.STATICS), the turn's start (H.GAME_STATICS), or
an unconditional call; and whether it changed any of the record outside the work areas and
H.DIRTY (a refresh that changes nothing could have been skipped). Not part of the test suite.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter


def _field(i: int) -> str:
    """The record field at index i, by name."""
    from analyzer.kernel.layout import HEADER, OF, OFF_OBJECTS, OFF_PLAYERS, PF, H, O, P

    if i < HEADER:
        return f"H.{H._fields[i]}"
    if i >= OFF_OBJECTS:
        return f"O.{O._fields[(i - OFF_OBJECTS) % OF]}"
    if OFF_PLAYERS <= i < OFF_PLAYERS + 4 * PF:
        return f"P.{P._fields[(i - OFF_PLAYERS) % PF]}"
    return f"other {i}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--bench", action="store_true", help="the 2-player bench matchup instead")
    ap.add_argument("--top", type=int, default=40)
    args = ap.parse_args()
    os.environ["NUMBA_DISABLE_JIT"] = "1"
    import numpy as np

    from analyzer.analysis.bench import measured_seats, play_measured
    from analyzer.kernel.layout import DIRTY_CHARS, OFF_OBJECTS, OFF_SCRATCH, H
    from analyzer.kernel.rules import chars
    from analyzer.kernel.runtime import batch

    writer = [""]

    class Rec(np.ndarray):
        def __setitem__(self, idx, val):
            if (
                type(idx) is int
                and idx == H.DIRTY
                and int(val) & DIRTY_CHARS
                and not int(np.ndarray.__getitem__(self, idx)) & DIRTY_CHARS
            ):
                f = sys._getframe(1)
                writer[0] = f"{f.f_code.co_name}:{f.f_lineno}<{f.f_back.f_code.co_name}"
            np.ndarray.__setitem__(self, idx, val)

    empty = batch.empty_record
    batch.empty_record = lambda *a: empty(*a).view(Rec)
    by_caller: Counter = Counter()
    by_cause: Counter = Counter()
    idle: Counter = Counter()
    fields: Counter = Counter()
    total = [0, 0]
    inner = chars._refresh_pass

    def counted(G, C):
        f = sys._getframe(2)
        caller = f"{f.f_code.co_name}:{f.f_lineno}<{f.f_back.f_code.co_name}"
        if G[H.DIRTY] & DIRTY_CHARS:
            cause = "dirty " + writer[0]
        elif G[H.STATICS]:
            cause = "volatile static"
        elif G[H.GAME_STATICS]:
            cause = "turn statics"
        else:
            cause = "unconditional"
        before = np.array(G)
        moved = inner(G, C)
        after = np.array(G)
        for a in (before, after):
            a[OFF_SCRATCH:OFF_OBJECTS] = 0
            a[H.DIRTY] = 0
        diff = np.nonzero(before != after)[0]
        same = diff.size == 0
        for i in diff:
            fields[_field(int(i))] += 1
        total[0] += 1
        total[1] += same
        by_caller[caller] += 1
        by_cause[cause] += 1
        if same:
            idle[cause] += 1
        writer[0] = ""
        return moved

    chars._refresh_pass = counted
    play_measured(measured_seats(not args.bench), args.games, "standard")
    g = args.games
    print(f"refresh passes per game: {total[0] / g:.1f}, changing nothing: {total[1] / g:.1f}")
    print("fields changed (writes per game):")
    for k, n in fields.most_common(args.top):
        print(f"{n / g:8.2f}  {k}")
    print("by caller:")
    for k, n in by_caller.most_common(args.top):
        print(f"{n / g:8.2f}  {k}")
    print("by cause (all / changing nothing):")
    for k, n in by_cause.most_common(args.top):
        print(f"{n / g:8.2f} {idle[k] / g:8.2f}  {k}")


if __name__ == "__main__":
    main()

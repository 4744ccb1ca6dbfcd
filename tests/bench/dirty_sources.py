"""Which H.DIRTY write makes the state-based actions look at the battlefield (and run the legend
rule), and how often that look finds anything, per game; from the kernel run as plain Python
(NUMBA_DISABLE_JIT) under a line tracer.

    PYTHONPATH=. python3 tests/bench/dirty_sources.py [--games 20] [--precons]

sba._state_based_actions skips the battlefield while H.DIRTY holds only DIRTY_PLAYERS, and the
legend rule without DIRTY_LEGEND (layout.py): a write that sets a bit the check does not need
costs a battlefield pass (most of a pod's checks find nothing). Each look and each legend-rule
run is counted under the last H.DIRTY write before it (file:line, with its source), with the
looks that acted (a creature dies, an Aura or Equipment comes off). A write is a source line
with ``G[H.DIRTY] |=`` or ``G[H.DIRTY] = DIRTY``; the look is the line ``batch =
batch_deaths(G)`` of _state_based_actions, its outcome read at ``if not batch:`` (rename those
and this counts nothing). Same matchup and seed as ``analyzer bench``; ``--precons``: the four
Commander precons at 40 life (about 20 s a game under the tracer). Not part of the test suite.
"""

from __future__ import annotations

import argparse
import linecache
import os
import sys
from collections import Counter


def _is_write(line: str) -> bool:
    return "G[H.DIRTY] |=" in line or "G[H.DIRTY] = DIRTY" in line


def census(games: int, precons: bool) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """(battlefield looks, looks that acted, legend-rule runs), each by the write before it."""
    os.environ["NUMBA_DISABLE_JIT"] = "1"  # read when numba is first imported
    from analyzer.analysis.bench import measured_seats, play_measured

    looks: Counter[str] = Counter()
    acted: Counter[str] = Counter()
    legend: Counter[str] = Counter()
    last = ["(none)"]
    writes: dict[tuple[str, int], bool] = {}

    def note_write(frame) -> None:
        key = (frame.f_code.co_filename, frame.f_lineno)
        if key not in writes:
            writes[key] = _is_write(linecache.getline(*key))
        if writes[key]:
            last[0] = f"{os.path.basename(key[0])}:{key[1]}"

    def in_function(frame, event, arg):
        if event == "line":
            note_write(frame)
        return in_function

    def in_sba(frame, event, arg):
        if event == "line":
            line = linecache.getline(frame.f_code.co_filename, frame.f_lineno)
            if "batch = batch_deaths(G)" in line:
                looks[last[0]] += 1
            elif "if not batch:" in line and (frame.f_locals["kills"] or frame.f_locals["acts"]):
                acted[last[0]] += 1
            note_write(frame)
        return in_sba

    def on_call(frame, event, arg):
        if "/analyzer/kernel/" not in frame.f_code.co_filename.replace(os.sep, "/"):
            return None
        name = frame.f_code.co_name
        if name == "_legend_rule":
            legend[last[0]] += 1
        return in_sba if name == "_state_based_actions" else in_function

    seats = measured_seats(precons)
    sys.settrace(on_call)
    try:
        play_measured(seats, games, "standard")
    finally:
        sys.settrace(None)
    return looks, acted, legend


def _source(where: str) -> str:
    name, line = where.rsplit(":", 1) if ":" in where else (where, "0")
    root = os.path.join(os.path.dirname(__file__), "..", "..", "analyzer", "kernel")
    for folder in ("rules", "player"):
        text = linecache.getline(os.path.join(root, folder, name), int(line)).strip()
        if text:
            return text[:80]
    return ""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--precons", action="store_true", help="the 4-player precon pod")
    args = ap.parse_args()
    looks, acted, legend = census(args.games, args.precons)
    n = args.games
    what = "precon pod" if args.precons else "bench"
    print(
        f"per game ({n:,} {what} games): battlefield looks {sum(looks.values()) / n:.1f} "
        f"(acted {sum(acted.values()) / n:.1f}), legend-rule runs {sum(legend.values()) / n:.1f}"
    )
    print("   looks  acted  legend  last H.DIRTY write before it")
    for where in sorted(set(looks) | set(legend), key=lambda w: -(looks[w] + legend[w])):
        print(
            f"{looks[where] / n:8.1f} {acted[where] / n:6.1f} {legend[where] / n:7.1f}  "
            f"{where}  {_source(where)}"
        )


if __name__ == "__main__":
    main()

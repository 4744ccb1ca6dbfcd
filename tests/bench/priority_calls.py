"""How often the engine asks a player for an instant-speed action and how often it gets one:
``ai.may_act`` and ``ai.priority_action`` calls per game by priority context, from the kernel
run as plain Python (NUMBA_DISABLE_JIT).

    PYTHONPATH=. python3 tests/bench/priority_calls.py [--games 100] [--precons] [--check]

Contexts are ``ai.priority_context``'s: 0 nothing to do, 1 responding to the top of the stack,
2 after blocks, 3 an opponent's end step, 4 declare attackers when attacked. A
``priority_action`` call that does not act still ran its checks (fast cards' usefulness, the
castables with their mana plans, the activated abilities): the calls that end with no action
are what a cheaper may_act would save, but they are cheap: each passing call made twice
(games unchanged) cost 5% of pod_speed, and a stricter exact may_act that skipped ~120 of the
~300 per precon pod game measured no gain (commit "ai.may_act: stricter exact gates",
reverted). Same matchup and seed as ``analyzer bench``;
``--precons``: the four Commander precons at 40 life (about 3 s a game). ``--check``: call
priority_action in every window, also where may_act says no, and count the calls that act
there ("may_act missed": must be 0, may_act is a conservative filter). Not part of the test
suite.
"""

from __future__ import annotations

import argparse
import os
from collections import Counter


def calls_per_game(games: int, precons: bool, check: bool = False) -> dict[str, float]:
    """Calls per game, keyed "may_act <context> <answer>" and "priority_action <context>
    <acted>"."""
    os.environ["NUMBA_DISABLE_JIT"] = "1"  # read when numba is first imported
    from analyzer.analysis.bench import measured_seats, play_measured
    from analyzer.kernel.player import ai
    from analyzer.kernel.rules import engine
    from analyzer.kernel.rules.catalog import cards_of

    counts: Counter[str] = Counter()
    may_act, priority_action = ai.may_act, ai.priority_action

    def counted_may_act(G, cards, p):
        answer = bool(may_act(G, cards, p))
        counts[f"may_act          context {ai.priority_context(G, p)}  {answer}"] += 1
        return answer or check

    def counted_priority_action(G, C, pol, p):
        context = ai.priority_context(G, p)  # (before the action changes the window)
        gated = check and not may_act(G, cards_of(C), p)
        acted = bool(priority_action(G, C, pol, p))
        if gated:
            counts[f"may_act missed   context {context}  {'acted' if acted else 'passed'}"] += 1
            return acted
        counts[f"priority_action  context {context}  {'acted' if acted else 'passed'}"] += 1
        return acted

    engine.may_act = counted_may_act  # step reads the engine module's names at each call
    engine.priority_action = counted_priority_action
    play_measured(measured_seats(precons), games, "standard")
    return {name: n / games for name, n in sorted(counts.items())}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=0, help="default 100 (--precons: 6)")
    ap.add_argument("--precons", action="store_true", help="the four Commander precons")
    ap.add_argument("--check", action="store_true", help="count the actions may_act misses")
    args = ap.parse_args()
    games = args.games or (6 if args.precons else 100)
    what = "precon pod" if args.precons else "bench matchup"
    print(f"calls per game ({games} {what} games, standard player):")
    for name, n in calls_per_game(games, args.precons, args.check).items():
        print(f"  {n:8.1f}  {name}")


if __name__ == "__main__":
    main()

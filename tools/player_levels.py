"""How much each deck gains from the standard player, and how much its opponents gain against
it: each bundled deck against the gauntlet under the four seatings of the two player levels
(study script).

Usage: python3 tools/player_levels.py [--games N] [--seed S] [--policy P] [DECK...]
(defaults: 300 games a matchup, seed 0, policy never, the decks of the gauntlet)

Columns: the deck's win rate with its own level / the opponents' level (standard/standard,
standard/basic, basic/basic, basic/standard); `own gain` is the standard player's gain for the
deck against basic opponents (standard/basic less basic/basic) and against standard ones
(standard/standard less basic/standard); `opps gain` what the standard player gives the
gauntlet against the deck played by the basic player (basic/basic less basic/standard). A deck
whose own gain is small next to the others' is one whose plan the standard player's skills
reach least; one that is strong already at basic/basic owes its lead to its cards.
"""

import argparse
from pathlib import Path

from analyzer import api, bundled

SEATINGS = (
    ("standard", "standard"),
    ("standard", "basic"),
    ("basic", "basic"),
    ("basic", "standard"),
)


def win_rate(deck: Path, player: str, opp: str, games: int, seed: int, policy: str) -> float:
    """The deck's win rate in points over its gauntlet matchups (every game weighs the same)."""
    run = api.simulate(deck, games=games, seed=seed, policy=policy, player=player, opp_player=opp)
    s = run.summary
    return 100.0 * float(s["wins"].sum() + 0.5 * s["draws"].sum()) / float(s["games"].sum())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("decks", nargs="*", type=Path)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--policy", default="never")
    args = ap.parse_args()
    decks = args.decks or bundled.gauntlet()
    rows = []
    for deck in decks:
        wr = {s: win_rate(deck, *s, args.games, args.seed, args.policy) for s in SEATINGS}
        rows.append((deck.stem, wr))
    rows.sort(key=lambda r: r[1][SEATINGS[0]])
    head = ["deck", *("/".join(s) for s in SEATINGS), "own gain v basic", "own gain v std"]
    head.append("opps gain")
    print("  ".join(f"{h:>16}" if i else f"{h:<20}" for i, h in enumerate(head)))
    for name, wr in rows:
        ss, sb, bb, bs = (wr[s] for s in SEATINGS)
        vals = [ss, sb, bb, bs, sb - bb, ss - bs, bb - bs]
        print(f"{name:<20}" + "".join(f"  {v:>16.1f}" for v in vals))
    for s in (SEATINGS[0], SEATINGS[2]):
        col = [wr[s] for _, wr in rows]
        print(f"spread at {'/'.join(s)}: {max(col) - min(col):.1f} points")


if __name__ == "__main__":
    main()

"""Which forked decisions become example games (analysis/examples.py); no games played."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pandas as pd

from analyzer.analysis.examples import candidates, pick


def _decisions(matchups: int = 9, per: int = 30) -> pd.DataFrame:
    """Every decision of one card flipped a whole game (gain +1 or -1): all ties."""
    rows = []
    for m in range(matchups):
        for g in range(per):
            rows.append(
                {
                    "deck": "D",
                    "opponent": f"O{m}",
                    "card": "C",
                    "decision_id": f"m{m}g{g}d0",
                    "outcome_promise": float(g % 2),
                    "outcome_no_promise": float(1 - g % 2),
                }
            )
    return pd.DataFrame(rows)


def test_ties_do_not_all_go_to_the_first_matchup() -> None:
    """audit24: ties in the gain were broken by the decision id, so every example of a gauntlet
    run came from matchup 0 (the bundled deck's mirror match: 'vs UB Rats' six times a card).
    Over nine matchups of equal gains, the six picked now come from several matchups, and a
    chunked pick (candidates of parts, merged) still equals the pick of all the rows."""
    frame = _decisions()
    ((_, _, rows),) = pick(frame)
    assert len(rows) == 6 and rows["opponent"].nunique() >= 3
    shuffled = frame.sample(frac=1, random_state=1)
    cuts = np.linspace(0, len(shuffled), 5).astype(int)
    parts = [candidates(shuffled.iloc[a:b]) for a, b in pairwise(cuts)]
    ((_, _, merged),) = pick(candidates(pd.concat(parts, ignore_index=True)))
    assert list(merged["decision_id"]) == list(rows["decision_id"])

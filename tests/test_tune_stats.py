"""tune's held-out comparisons (analysis/tune.py): the paired gain of the tuned policy over
each arm, on arrays of per-game scores; no games are played here."""

from __future__ import annotations

import numpy as np

from analyzer.analysis.tune import held_out_row


def test_no_differing_game_is_not_a_zero_width_interval() -> None:
    """audit24: 300 held-out games of which none differed read "+0.0 [+0.0, +0.0]" (the paired
    t interval), a certainty 300 games cannot give; Tango's interval is about +-z^2/(n + z^2)."""
    scores = np.tile([1.0, 0.0, 0.5], 100)
    row = held_out_row("heuristic", scores, scores.copy())
    assert row["gain"] == 0.0 and row["games_differing"] == 0
    z2 = 1.959964**2
    assert row["ci_low"] < 0.0 < row["ci_high"]
    assert abs(row["ci_high"] - z2 / (300 + z2)) < 1e-6  # the closed form at b = c = 0


def test_held_out_interval_covers_with_few_differing_games() -> None:
    """The true gain is +1 point (the tuned policy wins 1% of the games the other loses,
    never the reverse): over 400 samples of 300 games the 95% interval must hold it in at least
    92% of them (three binomial SDs under 95%). The t interval held it in 78%: it is
    [0, 0] whenever no game differs and far too short with one or two."""
    rng = np.random.default_rng(24)
    hits = 0
    for _ in range(400):
        other = rng.choice([0.0, 1.0], size=300)
        tuned = other.copy()
        flip = (other == 0.0) & (rng.random(300) < 0.02)  # half the games are losses: 1%
        tuned[flip] = 1.0
        row = held_out_row("never", tuned, other)
        hits += row["ci_low"] <= 0.01 <= row["ci_high"]
    assert hits / 400 >= 0.92

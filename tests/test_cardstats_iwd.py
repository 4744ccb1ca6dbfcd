"""IWD's interval over several matchups (analysis/cardstats.mantel_haenszel_difference): the
large-strata variance it used is 0 for a group that never won, so a land's 6 GNS games, none
won, gave IWD +48.5 [+42.8, +54.1] on the default cardstats run (audit21). The stratified
Newcombe interval (Yan & Su 2010) is Newcombe's for one matchup and covers with small groups."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.analysis.cardstats import mantel_haenszel_difference
from analyzer.analysis.stats import unpaired_difference


def _groups(n1: list[int], n0: list[int], reps: int) -> tuple[np.ndarray, ...]:
    """Games x reps membership of group 1 and group 0, one stratum per entry of n1 / n0."""
    strata = np.repeat(np.arange(len(n1)), np.add(n1, n0))
    in1 = np.concatenate(
        [np.r_[np.ones(a, bool), np.zeros(b, bool)] for a, b in zip(n1, n0, strict=True)]
    )
    return strata, np.tile(in1[:, None], reps), np.tile(~in1[:, None], reps)


def test_one_matchup_is_newcombes_interval() -> None:
    strata, in1, in0 = _groups([40], [25], 1)
    win = np.zeros_like(in1)
    win[:23], win[40:46] = True, True  # 23 of 40 and 6 of 25
    got = mantel_haenszel_difference(win, in1, win, in0, strata)
    want = unpaired_difference(23, 40, 6, 25)
    np.testing.assert_allclose([got.delta[0], got.ci_low[0], got.ci_high[0]], list(want))


def test_a_group_that_never_won_keeps_its_uncertainty() -> None:
    """Nine matchups of 100 GIH games, 45 won each; six GNS games in all, none won."""
    strata, in1, in0 = _groups([100] * 9, [1, 1, 1, 1, 1, 1, 0, 0, 0], 1)
    win = np.zeros_like(in1)
    for k in range(9):
        first = int(np.flatnonzero(strata == k)[0])
        win[first : first + 45] = True
    got = mantel_haenszel_difference(win, in1, win, in0, strata)
    assert got.delta[0] == pytest.approx(0.45)
    # 0 of 6 is consistent with a GNS rate near 40%: the old interval's low end was +42.8
    assert got.ci_low[0] < 0.2 and got.ci_high[0] <= 0.5


@pytest.mark.parametrize(
    "n0, p0, old",
    [
        ([2, 3, 4, 5, 6, 2, 3, 4, 5], 0.15, 0.889),
        ([1, 1, 1, 1, 1, 1, 0, 0, 0], 0.20, 0.224),  # six GNS games over nine matchups
        ([60] * 9, 0.45, 0.943),
    ],
)
def test_coverage_with_small_groups(n0: list[int], p0: float, old: float) -> None:
    """Group 1 wins 0.55 in every matchup of 120 games, group 0 p0 in n0 games a matchup. Over
    2,000 replicates the 95% interval covers at least 94% (the large-strata one: `old`)."""
    rng = np.random.default_rng(3)
    reps = 2000
    strata, in1, in0 = _groups([120] * 9, n0, reps)
    win = rng.random(in1.shape) < np.where(in1[:, :1], 0.55, p0)
    got = mantel_haenszel_difference(win, in1, win, in0, strata)
    truth = 0.55 - p0
    covered = np.mean((got.ci_low <= truth) & (got.ci_high >= truth))
    assert covered >= 0.94, (covered, old)


def test_a_pooled_run_says_what_its_iwd_is(tmp_path) -> None:
    """The table's IWD over the gauntlet is each matchup's, weighted, not the pooled GIH WR
    minus GNS WR printed beside it (Swamp: 45.0% - 0.0% beside +48.5); the terminal and
    --help said "IWD = GIH WR - GNS WR" only."""
    from click.testing import CliRunner

    from analyzer.cli import main

    res = CliRunner().invoke(main, ["cardstats", "--games", "20", "--out", str(tmp_path / "c")])
    assert res.exit_code == 0, res.output
    assert "IWD over the 9 matchups: each matchup's GIH WR - GNS WR, Mantel-Haenszel" in res.output
    assert "Mantel-Haenszel" in " ".join(main.commands["cardstats"].help.split())

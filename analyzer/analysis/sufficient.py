"""Sufficient statistics of `evaluate`'s tables, summed chunk by chunk so memory is flat in games.

Every figure of gift_decisions, gift_situations and paired_stats is a function of a few sums
per table cell (a deck x opponent x card row, or one situation bucket of it), never of the
individual decisions:

- counts and rates: n, sum of the promised outcomes, of the unpromised ones, of the positive and
  negative parts of their difference (``better`` / ``worse``);
- the game-clustered design effect (paired.design_effect): with d a decision's difference,
  S_g the sum of d over the decisions of game g and n_g their number,
  sum (d - mean)^2 = sum d^2 - (sum d)^2 / n and
  sum_g (S_g - n_g mean)^2 = sum S_g^2 - 2 mean sum S_g n_g + mean^2 sum n_g^2,
  so sum d^2, sum S_g^2, sum S_g n_g, sum n_g^2 and the number of games suffice (a game's
  decisions all fall in one chunk: chunks split the run by game);
- the situation tests ("depends") use the buckets' counts and design effects, cells like any
  other; a pooled ("all opponents") cell is the sum of its opponents' cells (the games of
  different matchups are different clusters: each matchup plays its own random stream,
  analysis/streams.py, so no deal is shared between them).

No statistic of these tables needs the rows themselves: the score interval and the sign test
take counts, the heterogeneity test takes the buckets' counts. The outcomes are kept as
integers (a decision's outcome times 2 x forks: wins count 2, draws 1), so every sum is exact
and the design effect comes out the same whatever the chunking (a group whose differences are
all equal has exactly zero variance, hence no design effect).

Per-game arms (policies, the per-card arm) are paired game by game: their sufficient statistic
is the 3 x 3 table of (this arm's score, the other arm's score) over {loss, draw, win}
(``joint_counts``); each game is its own cluster there, so the design effect is 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from analyzer.analysis import paired

ROW_KEYS = ("deck", "opponent", "card", "gift_kind", "base_policy")
# the integer sums of one cell, in this order
FIELDS = ("n", "sum_a", "sum_b", "better", "worse", "sum_d2", "games", "sum_s2", "sum_sn", "sum_n2")
_N, _A, _B, _POS, _NEG, _D2, _G, _S2, _SN, _N2 = range(len(FIELDS))
NO_SITUATION = ("", -1)  # the (situation, bucket code) of a row cell


def cell_sums(
    x_a: np.ndarray, x_b: np.ndarray, game: np.ndarray, group: np.ndarray, k: int
) -> np.ndarray:
    """(k, len(FIELDS)) int64: the sums of every group of one chunk. x_a, x_b: the integer
    outcomes (2 x forks scale); game: game ids (decisions of one game share one)."""
    xa, xb = np.asarray(x_a, dtype=np.int64), np.asarray(x_b, dtype=np.int64)
    x = xa - xb
    g = np.asarray(group, dtype=np.int64)
    out = np.zeros((k, len(FIELDS)), dtype=np.int64)
    if x.size == 0:
        return out

    def total(w: np.ndarray | None) -> np.ndarray:
        # float64 sums of integers are exact below 2^53, far above one chunk's sums
        return np.rint(np.bincount(g, weights=w, minlength=k)).astype(np.int64)

    out[:, _N] = total(None)
    out[:, _A] = total(xa.astype(float))
    out[:, _B] = total(xb.astype(float))
    out[:, _POS] = total(np.maximum(x, 0).astype(float))
    out[:, _NEG] = total(np.maximum(-x, 0).astype(float))
    out[:, _D2] = total((x * x).astype(float))
    games = np.asarray(game, dtype=np.int64)
    base = games.min()
    width = int(games.max() - base) + 1
    keys, inverse, n_g = np.unique(
        g * width + (games - base), return_inverse=True, return_counts=True
    )
    s_g = np.rint(np.bincount(inverse, weights=x.astype(float))).astype(np.int64)
    owner = keys // width
    out[:, _G] = np.bincount(owner, minlength=k)
    out[:, _S2] = np.rint(
        np.bincount(owner, weights=(s_g * s_g).astype(float), minlength=k)
    ).astype(np.int64)
    out[:, _SN] = np.rint(
        np.bincount(owner, weights=(s_g * n_g).astype(float), minlength=k)
    ).astype(np.int64)
    out[:, _N2] = np.rint(
        np.bincount(owner, weights=(n_g * n_g).astype(float), minlength=k)
    ).astype(np.int64)
    return out


def design_effect(sums: np.ndarray) -> float:
    """max(1, V_CR1 / V_iid) of one cell from its sums, in exact integer arithmetic (1 where
    either variance is zero or undefined, as paired.design_effect)."""
    n, s1, s2 = int(sums[_N]), int(sums[_A]) - int(sums[_B]), int(sums[_D2])
    g, ss2, ssn, sn2 = (int(sums[i]) for i in (_G, _S2, _SN, _N2))
    within = n * s2 - s1 * s1  # n * sum (d - mean)^2
    between = n * n * ss2 - 2 * n * s1 * ssn + s1 * s1 * sn2  # n^2 * sum_g (S_g - n_g mean)^2
    den = (g - 1) * n * n * within
    if n < 2 or g < 2 or within <= 0 or den <= 0:
        return 1.0
    return max(1.0, g * between * (n - 1) / den)


def effects(
    rows: Sequence[np.ndarray], scale: int, alpha: float = 0.05, interval: bool = True
) -> paired.PairedEffect:
    """paired.PairedEffect of every cell (arrays, one entry per cell) from its sums."""
    m = np.asarray(rows, dtype=np.int64).reshape(-1, len(FIELDS))
    n = m[:, _N].astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_a = m[:, _A] / (scale * n)
        mean_b = m[:, _B] / (scale * n)
    deff = np.array([design_effect(r) for r in m], dtype=float)
    return paired.effect_from_counts(
        n,
        m[:, _G].astype(float),
        m[:, _POS] / scale,
        m[:, _NEG] / scale,
        mean_a,
        mean_b,
        deff,
        alpha,
        interval,
    )


@dataclass
class DecisionStats:
    """The running sums of a set of forked decisions (decisions_frame rows): per row cell
    (ROW_KEYS) and per situation bucket cell, and over all decisions for the variance
    reduction. ``add`` one chunk at a time; ``merge`` another (e.g. a finished matchup's)."""

    scale: int = 0  # 2 x forks: outcome_promise * scale is an integer
    cells: dict[tuple[Any, ...], np.ndarray] = field(default_factory=dict)
    labels: dict[str, list[str]] = field(default_factory=dict)  # bucket labels per situation
    # over all decisions: n, sum a, sum a^2, sum b, sum b^2, sum d, sum d^2 (integers)
    totals: list[int] = field(default_factory=lambda: [0] * 7)

    def add(self, frame: pd.DataFrame) -> None:
        """Add the decisions of whole games (a game's decisions never split over two calls)."""
        from analyzer.analysis.decision_tables import SITUATIONS, bucket_labels

        if frame.empty:
            return
        forks = frame["forks"].to_numpy()
        scale = 2 * int(forks[0])
        if np.any(forks != forks[0]) or (self.scale and scale != self.scale):
            raise ValueError("decisions of different --forks cannot be summed together")
        self.scale = scale
        xa = np.rint(frame["outcome_promise"].to_numpy(dtype=float) * scale).astype(np.int64)
        xb = np.rint(frame["outcome_no_promise"].to_numpy(dtype=float) * scale).astype(np.int64)
        matchup = frame["matchup"].to_numpy(dtype=np.int64) if "matchup" in frame else 0
        game = matchup * (1 << 32) + frame["game"].to_numpy(dtype=np.int64)
        codes, uniques = pd.MultiIndex.from_frame(frame[list(ROW_KEYS)]).factorize()
        rows = np.asarray(codes, dtype=np.int64)
        keys = [tuple(str(v) for v in key) for key in uniques]
        self._add(keys, NO_SITUATION, cell_sums(xa, xb, game, rows, len(keys)))
        for situation in SITUATIONS:
            cats = bucket_labels(frame, situation)
            labels = list(cats.categories)
            self.labels.setdefault(situation, labels)
            nb = len(labels)
            sums = cell_sums(
                xa, xb, game, rows * nb + np.asarray(cats.codes, np.int64), len(keys) * nb
            )
            for i, key in enumerate(keys):
                for j in range(nb):
                    if sums[i * nb + j, _N]:
                        self._add_one((*key, situation, j), sums[i * nb + j])
        x = xa - xb
        for i, v in enumerate(
            (xa.size, xa.sum(), (xa * xa).sum(), xb.sum(), (xb * xb).sum(), x.sum(), (x * x).sum())
        ):
            self.totals[i] += int(v)

    def _add(
        self, keys: Sequence[tuple[str, ...]], tail: tuple[Any, ...], sums: np.ndarray
    ) -> None:
        for key, row in zip(keys, sums, strict=True):
            self._add_one((*key, *tail), row)

    def _add_one(self, key: tuple[Any, ...], row: np.ndarray) -> None:
        have = self.cells.get(key)
        self.cells[key] = row.copy() if have is None else have + row

    def merge(self, other: DecisionStats) -> None:
        if not other.cells:
            return
        if self.scale and other.scale != self.scale:
            raise ValueError("decisions of different --forks cannot be summed together")
        self.scale = other.scale
        for key, row in other.cells.items():
            self._add_one(key, row)
        for s, labels in other.labels.items():
            self.labels.setdefault(s, labels)
        self.totals = [a + b for a, b in zip(self.totals, other.totals, strict=True)]

    @property
    def decisions(self) -> int:
        return self.totals[0]

    def var_reduction(self) -> float:
        """(var a + var b) / var(a - b) over every decision (nan below two)."""
        n, sa, saa, sb, sbb, sd, sdd = self.totals
        if n < 2:
            return float("nan")
        num = (n * saa - sa * sa) + (n * sbb - sb * sb)
        den = n * sdd - sd * sd
        if den == 0:
            return float("inf") if num > 0 else float("nan")
        return num / den

    def with_pooled(self, all_opponents: str) -> dict[tuple[Any, ...], np.ndarray]:
        """The cells plus, for a deck met by several opponents, the cells summed over them
        (opponent ``all_opponents``)."""
        opponents: dict[str, set[str]] = {}
        for key in self.cells:
            opponents.setdefault(key[0], set()).add(key[1])
        out = dict(self.cells)
        for key, row in self.cells.items():
            if len(opponents[key[0]]) > 1:
                pooled = (key[0], all_opponents, *key[2:])
                have = out.get(pooled)
                out[pooled] = row.copy() if have is None else have + row
        return out

    def pairs(self) -> list[tuple[str, str]]:
        """Every (deck, opponent) with decisions."""
        return list(dict.fromkeys((str(k[0]), str(k[1])) for k in self.cells))


# ---------------------------------------------------------------------------------------------
# per-game arms


def score_codes(scores: np.ndarray) -> np.ndarray:
    """0 loss, 1 draw, 2 win from per-game scores 0 / 0.5 / 1."""
    return np.rint(np.asarray(scores, dtype=float) * 2.0).astype(np.int64)


def joint_counts(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(3, 3) int64: games where arm a scored i/2 and arm b scored j/2 (the same games)."""
    ca, cb = score_codes(a), score_codes(b)
    if ca.shape != cb.shape:
        raise ValueError(f"paired arrays differ in length: {ca.size} vs {cb.size}")
    return np.bincount(ca * 3 + cb, minlength=9).reshape(3, 3).astype(np.int64)


def joint_effect(tables: Iterable[np.ndarray], alpha: float = 0.05) -> paired.PairedEffect:
    """paired_effect(a, b) (scalars) from the summed joint tables of a and b, every game its
    own cluster (design effect 1)."""
    t = np.zeros((3, 3), dtype=np.int64)
    for part in tables:
        t = t + part
    i, j = np.indices((3, 3))
    n = float(t.sum())
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_a, mean_b = float((t * i).sum()) / (2.0 * n), float((t * j).sum()) / (2.0 * n)
    res = paired.effect_from_counts(
        np.array([n]),
        np.array([n]),
        np.array([float((t * np.maximum(i - j, 0)).sum()) / 2.0]),
        np.array([float((t * np.maximum(j - i, 0)).sum()) / 2.0]),
        np.array([mean_a]),
        np.array([mean_b]),
        np.ones(1),
        alpha,
    )
    return paired.PairedEffect(**{k: float(v[0]) for k, v in res.to_dict().items()})

"""One matchup of `evaluate`, played a chunk of games at a time so memory stays flat in --games.

For each chunk of games [start, start + n): the counterfactual run (the base policy, every gift
decision forked), each per-card arm and each policy arm play the same games (game i's
randomness depends on the matchup's stream seed and i only, so the chunking changes nothing),
then the chunk is
reduced to running sums (sufficient.py): the decision cells, the policies' and card arms' joint
tables. The chunk's decision rows go to the decisions file (report/table_stream.py) and, for the
examples, only the rows that could still be among the largest gains and losses. What is kept
grows with the table's cells, not with the games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from analyzer.analysis import compare as cmp
from analyzer.analysis import counterfactual as cf
from analyzer.analysis import decision_tables as dt
from analyzer.analysis.recipients import RULES, RecipientArms
from analyzer.analysis.sufficient import DecisionStats, joint_counts
from analyzer.io.deck import Deck
from analyzer.policies.table import DEFAULT_RECIPIENT

CHUNK_GAMES = 50_000  # games per chunk: ~50-100 MB of decision rows at a time


@dataclass
class MatchupTotals:
    """What one matchup (or several, merged) adds up to."""

    arms: list[cmp.ArmCounts] = field(default_factory=list)
    card_arms: list[dt.CardArm] = field(default_factory=list)
    recipient_arms: list[RecipientArms] = field(default_factory=list)  # pods only
    stats: DecisionStats = field(default_factory=DecisionStats)
    kept: list[pd.DataFrame] = field(default_factory=list)  # decision rows, when kept
    example_rows: pd.DataFrame | None = None  # candidates for analysis/examples.py
    warnings: list[str] = field(default_factory=list)
    fork_s: float = 0.0
    used: int | None = None  # threads
    keep: bool = False  # keep every decision row in memory (a run that writes no files)

    def add(self, other: MatchupTotals) -> None:
        """Merge a finished matchup."""
        self.arms += other.arms
        self.card_arms += other.card_arms
        self.recipient_arms += other.recipient_arms
        self.stats.merge(other.stats)
        self.kept += other.kept
        self.example_rows = _merge_candidates(self.example_rows, other.example_rows)
        self.warnings += other.warnings
        self.fork_s += other.fork_s
        self.used = other.used if other.used is not None else self.used


def _merge_candidates(a: pd.DataFrame | None, b: pd.DataFrame | None) -> pd.DataFrame | None:
    from analyzer.analysis import examples

    if a is None or b is None:
        return b if a is None else a
    return examples.candidates(pd.concat([a, b], ignore_index=True))


def _merge_extra(into: dict[str, Any], extra: dict[str, Any]) -> None:
    """Sum a run's capacity errors and dropped decisions into `into`."""
    if "dropped_decisions" in extra:
        into["dropped_decisions"] = into.get("dropped_decisions", 0) + extra["dropped_decisions"]
    for name, count in extra.get("capacity_errors", {}).items():
        errors = into.setdefault("capacity_errors", {})
        errors[name] = errors.get(name, 0) + count


@dataclass
class MatchupPlay:
    """One matchup's arms (decks[0] is the deck under test)."""

    decks: list[Deck]
    catalog: Any
    matchup: int
    seed: int
    life: int
    levels: Sequence[int]
    threads: int | None
    progress: Callable[[int], None] | None
    fork_policy: Any  # the base policy with the opponents' block
    seats: tuple[int, ...]  # forked seats
    forks: int
    arm_policy: Callable[[str], Any]  # a policy string -> what every seat plays in its arm

    def _arm(
        self, policy: str, n: int, start: int, extras: dict[str, Any]
    ) -> tuple[np.ndarray, int]:
        scores, res = cmp.play_arm(
            self.decks,
            self.catalog,
            games=n,
            seed=self.seed,
            policy=self.arm_policy(policy),
            threads=self.threads,
            starting_life=self.life,
            progress=self.progress,
            levels=self.levels,
            first_game=start,
        )
        _merge_extra(extras, res.extra)
        return scores, res.threads

    def run(
        self,
        games: int,
        chunk_games: int,
        policies: Sequence[str],
        baseline: str,
        base: str,
        reuse: bool,
        gift_cards: Sequence[str],
        stream: Any,
        examples: bool,
    ) -> MatchupTotals:
        """Play every arm on games 0 .. games - 1, `chunk_games` at a time. `reuse`: the
        counterfactual run's own games are the base policy's arm."""
        from analyzer.analysis import examples as ex

        me = self.decks[0].name
        opp = " + ".join(d.name for d in self.decks[1:])
        out = MatchupTotals()
        extras: dict[str, dict[str, Any]] = {}  # per arm, in the order they are played
        joint: dict[str, np.ndarray] = {}
        card_joint: dict[str, np.ndarray] = {}
        pod = len(self.decks) > 2  # issue 21 item 4: to whom, one arm per recipient rule
        recipients = {card: RecipientArms(me, opp, card) for card in gift_cards} if pod else {}
        for start in range(0, games, max(1, chunk_games)):
            n = min(chunk_games, games - start)
            scores: dict[str, np.ndarray] = {}
            base_scores = None
            if self.forks > 0:
                run = cf.run_counterfactuals(
                    self.decks,
                    self.catalog,
                    games=n,
                    seed=self.seed,
                    base_policy=self.fork_policy,
                    forks=self.forks,
                    threads=self.threads,
                    starting_life=self.life,
                    fork_seats=self.seats,
                    levels=self.levels,
                    progress=self.progress,
                    first_game=start,
                )
                out.fork_s += run.seconds
                out.used = run.threads
                _merge_extra(extras.setdefault("forks", {}), run.extra)
                frame = cf.decisions_frame(run, self.catalog, self.matchup)
                out.stats.add(frame)
                if stream is not None:
                    stream.write(frame)
                if stream is None:  # no files: the caller gets the rows in memory
                    out.kept.append(frame)
                if examples:
                    out.example_rows = _merge_candidates(out.example_rows, ex.candidates(frame))
                base_scores = cmp.seat_scores(run.games)
                if reuse:
                    scores[base] = base_scores
            for card in gift_cards:  # issue 16 item 6: the per-card arm
                mode_scores = {}
                for mode in ("always", "never"):
                    if mode == "never" and base == "never" and base_scores is not None:
                        mode_scores[mode] = base_scores
                        continue
                    mode_scores[mode], out.used = self._arm(
                        f"{base}; {card}={mode}",
                        n,
                        start,
                        extras.setdefault(f"card {card} {mode}", {}),
                    )
                part = joint_counts(mode_scores["always"], mode_scores["never"])
                card_joint[card] = card_joint.get(card, 0) + part
                if pod:
                    by_rule = {}
                    for rule in RULES:  # "always" with no to= gives the default recipient
                        if rule == DEFAULT_RECIPIENT:
                            by_rule[rule] = mode_scores["always"]
                            continue
                        by_rule[rule], out.used = self._arm(
                            f"{base}; {card}=always:to={rule}",
                            n,
                            start,
                            extras.setdefault(f"card {card} to {rule}", {}),
                        )
                    recipients[card].add(by_rule, mode_scores["never"])
            for p in policies:
                if p not in scores:
                    scores[p], out.used = self._arm(
                        p, n, start, extras.setdefault(f"policy {p}", {})
                    )
            for p in policies:
                joint[p] = joint.get(p, 0) + joint_counts(scores[p], scores[baseline])
        out.arms = [cmp.ArmCounts(me, opp, p, joint[p]) for p in policies]
        out.card_arms = [dt.CardArm(me, opp, card, card_joint[card]) for card in gift_cards]
        out.recipient_arms = list(recipients.values())
        # one line per arm that met a limit, named: each arm plays the same games its own way
        out.warnings = [
            w
            for label, extra in extras.items()
            for w in run_warnings(extra, me, opp, "forked decisions" if label == "forks" else label)
        ]
        return out


def run_warnings(extra: dict[str, Any], me: str, opp: str, arm: str = "") -> list[str]:
    """What a run's capacity errors and dropped decisions tell the user (arm: which of an
    evaluate's runs of the matchup, e.g. "policy never", "card X always")."""
    out = []
    who = f"{me} vs {opp}" + (f" ({arm})" if arm else "")
    if "capacity_errors" in extra:
        out.append(
            f"{who}: capacity exceeded in some games (counted as draws): {extra['capacity_errors']}"
        )
    if "dropped_decisions" in extra:
        out.append(
            f"{who}: {extra['dropped_decisions']} gift decisions beyond the "
            f"per-game record limit were played by the base policy but not forked"
        )
    return out

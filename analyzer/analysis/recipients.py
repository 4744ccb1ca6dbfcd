"""Answers per recipient (issue 21 item 4): in a pod, whether to promise a gift card and, when
promising, to whom.

Each recipient rule of the policies (``to=RULE``, policies/table.RECIPIENT_SPECS) is a per-card
arm ``BASE; CARD=always:to=RULE``, played on the same seeded games as the card's ``never`` arm
(evaluate_chunks.py). Per arm: the paired difference of the deck's win rate against never, with
its 95% score interval (a game is its own cluster; sufficient.joint_effect). Between the best
rule and the runner-up: their own paired difference on the same games, so "to whom" has its
evidence too.

The answers of one table are one family of claims: per answer, each rule's arm against never
and the best rule against each other rule (2 len(rules) - 1 claims), over every answer (each pod,
pooled rows too). They are read from Bonferroni intervals at level 0.05 / (all the claims), never
from the best of several 95% intervals, so a table of six cards carries a false claim at most 5%
of the time, as evaluate's decision table (verdicts.py). A directional claim (an arm above
or below never, a best rule above another) needs its exact test as well: the paired sign test
(exact below paired.EXACT_BELOW differing games, else McNemar's; sufficient.joint_effect), its
p Holm-adjusted over the same family of claims (``answer_p_holm``, ``margin_p_holm``). The
Bonferroni interval and Holm's test each hold the family's false claims to 5%, so needing both
keeps it there; the exact test only ever withholds a claim the interval would make (fewer than
100 games differing, where the sign test is stricter than the score interval):

- "makes no difference": every rule's adjusted interval lies within +-min_effect (promising,
  to whomever, is worth neither acting on nor avoiding; a rule that may cost more than
  min_effect keeps the answer from saying so). As in the decision table (verdicts.py), this
  comes first: a best rule shown above 0 but below min_effect (real but tiny) reads this way;
- "promise, to R": the best arm's adjusted interval lies above 0 and so does each of its adjusted
  margins over the other rules, each with its test; "promise (no rule shown best)" when the
  margins do not all;
- "don't promise": every arm's adjusted interval lies below 0, each with its test;
- "not enough evidence" otherwise.

`min_effect` is in points of the deck's win rate per game here: each arm promises the card at
every decision of a game, so there is no per-decision delta (evaluate's --min-effect, which the
decision table reads per decision).

The per-arm rows (gift_recipients) keep plain 95% intervals: they describe, the answers decide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import numpy as np
import pandas as pd

from analyzer.analysis.stats import holm_adjust
from analyzer.analysis.sufficient import joint_counts, joint_effect
from analyzer.policies.table import RECIPIENT_SPECS

ALL_OPPONENTS = "all opponents"
RULES: tuple[str, ...] = tuple(name for name, _, _ in RECIPIENT_SPECS)
ALPHA = 0.05
# the rule's recipient, as the answer says it ("promise, to <phrase>")
PHRASES = {
    "next": "the next opponent in turn order",
    "random": "a random opponent",
    "lowest-life": "the opponent with the least life",
    "least-threat": "the opponent with the least board power plus cards in hand",
    "weakest-use": "the opponent this gift is worth least to, the biggest board left out",
}
COLUMNS = [
    "deck",
    "opponent",
    "card",
    "recipient",
    "to_whom",
    "games",
    "win_rate_promise",
    "win_rate_never",
    "delta_pts",
    "ci_low_pts",
    "ci_high_pts",
    "best",
]
ANSWER_COLUMNS = [
    "deck",
    "opponent",
    "card",
    "answer",
    "recipient",
    "delta_pts",
    "ci_low_pts",
    "ci_high_pts",
    "answer_ci_low_pts",
    "answer_ci_high_pts",
    "runner_up",
    "margin_pts",
    "margin_ci_low_pts",
    "margin_ci_high_pts",
    "min_effect_pts",
    "answer_level",
    "family_claims",
    "answer_p_holm",
    "margin_p_holm",
    "decisions_to",  # the rule the decision forks' promise used (api/evaluation.py fills it)
]
NO_BEST = "promise (no rule shown best)"


def phrase(rule: str) -> str:
    return PHRASES.get(rule, rule)


@dataclass
class RecipientArms:
    """One deck x pod x card: the joint tables (sufficient.joint_counts) of each rule's arm
    against never and of every pair of rules, summed chunk by chunk."""

    deck: str
    opponent: str
    card: str
    vs_never: dict[str, np.ndarray] = field(default_factory=dict)
    between: dict[tuple[str, str], np.ndarray] = field(default_factory=dict)

    def add(self, scores: dict[str, np.ndarray], never: np.ndarray) -> None:
        """One chunk: each rule's scores (in RULES order) and the never arm's, same games."""
        for rule, s in scores.items():
            self.vs_never[rule] = self.vs_never.get(rule, 0) + joint_counts(s, never)
        for a, b in combinations(list(scores), 2):
            self.between[(a, b)] = self.between.get((a, b), 0) + joint_counts(scores[a], scores[b])

    def difference(self, a: str, b: str, alpha: float = ALPHA):
        """Rule a's arm minus rule b's (paired, same games)."""
        if (a, b) in self.between:
            return joint_effect([self.between[(a, b)]], alpha)
        return joint_effect([self.between[(b, a)].T], alpha)


def _pooled(arms: Sequence[RecipientArms]) -> list[RecipientArms]:
    """The arms, plus one pooled over the pods of each deck x card with several."""
    groups: dict[tuple[str, str], list[RecipientArms]] = {}
    for a in arms:
        groups.setdefault((a.deck, a.card), []).append(a)
    out = list(arms)
    for (deck, card), parts in groups.items():
        if len({p.opponent for p in parts}) < 2:
            continue
        pooled = RecipientArms(deck, ALL_OPPONENTS, card)
        for p in parts:
            for k, v in p.vs_never.items():
                pooled.vs_never[k] = pooled.vs_never.get(k, 0) + v
            for k, v in p.between.items():
                pooled.between[k] = pooled.between.get(k, 0) + v
        out.append(pooled)
    return out


@dataclass
class _Read:
    """One answer's evidence: each rule's arm against never (95% and at the family's level),
    the rules best first, the best rule's margins over the others (at the family's level), and
    the Holm-adjusted p of each test, keyed ("arm", rule) or ("margin", rule)."""

    effects: dict[str, Any]
    adjusted: dict[str, Any]
    ranked: list[str]
    margins: dict[str, Any]
    holm: dict[tuple[str, str], float] = field(default_factory=dict)

    def test_keys(self) -> list[tuple[str, str]]:
        return [("arm", r) for r in self.effects] + [("margin", r) for r in self.margins]

    def p_values(self) -> list[float]:
        return [float(self.effects[r].p_value) for r in self.effects] + [
            float(self.margins[r].p_value) for r in self.margins
        ]


def _read(a: RecipientArms, level: float) -> _Read:
    effects = {r: joint_effect([t], ALPHA) for r, t in a.vs_never.items()}
    adjusted = {r: joint_effect([t], level) for r, t in a.vs_never.items()}
    k = max(1, len(RULES))
    ranked = sorted(effects, key=lambda r: (-effects[r].delta, RULES.index(r) if r in RULES else k))
    margins = {r: a.difference(ranked[0], r, level) for r in ranked[1:]}
    return _Read(effects, adjusted, ranked, margins)


def recipient_tables(
    arms: Sequence[RecipientArms], min_effect: float = 1.0
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(gift_recipients, recipient_answers): one row per deck x pod x card x rule, and one
    answer per deck x pod x card. Points throughout (`min_effect` too)."""
    rows, answers = [], []
    # in the decision table's order (deck, opponent, card), not the order the arms were played
    family = sorted(
        (a for a in _pooled(arms) if a.vs_never), key=lambda a: (a.deck, a.opponent, a.card)
    )
    # every answer's arms vs never and its best rule's margins over the others (module doc)
    claims = max(1, sum(2 * len(a.vs_never) - 1 for a in family))
    level = ALPHA / claims
    read = [_read(a, level) for a in family]
    # every claim's test, Holm-adjusted over the whole table (the answers' one family)
    tests = [p for r in read for p in r.p_values()]
    adjusted_p = iter(holm_adjust(tests))
    for a, read_a in zip(family, read, strict=True):
        read_a.holm = {k: float(next(adjusted_p)) for k in read_a.test_keys()}
        effects, ranked, margins = read_a.effects, read_a.ranked, read_a.margins
        best = ranked[0]
        for r, eff in effects.items():
            rows.append(
                {
                    "deck": a.deck,
                    "opponent": a.opponent,
                    "card": a.card,
                    "recipient": r,
                    "to_whom": phrase(r),
                    "games": int(eff.n),
                    "win_rate_promise": eff.mean_a,
                    "win_rate_never": eff.mean_b,
                    "delta_pts": 100.0 * eff.delta,
                    "ci_low_pts": 100.0 * eff.ci_low,
                    "ci_high_pts": 100.0 * eff.ci_high,
                    "best": r == best,
                }
            )
        lo = {r: 100.0 * e.ci_low for r, e in read_a.adjusted.items()}
        hi = {r: 100.0 * e.ci_high for r, e in read_a.adjusted.items()}
        arm_p = {r: read_a.holm[("arm", r)] for r in effects}
        margin_p = {r: read_a.holm[("margin", r)] for r in margins}
        tested = {r: p <= ALPHA for r, p in arm_p.items()}
        answer_p = arm_p[best]
        if all(-min_effect < lo[r] and hi[r] < min_effect for r in lo):
            answer = "makes no difference"  # even if shown above 0: equivalence wins
        elif lo[best] > 0 and tested[best]:
            shown_best = all(m.ci_low > 0 and margin_p[r] <= ALPHA for r, m in margins.items())
            answer = f"promise, to {phrase(best)}" if shown_best else NO_BEST
        elif all(h < 0 for h in hi.values()):
            answer_p = max(arm_p.values())  # the claim is about every arm
            answer = "don't promise" if all(tested.values()) else "not enough evidence"
        else:
            answer = "not enough evidence"
        row = {
            "deck": a.deck,
            "opponent": a.opponent,
            "card": a.card,
            "answer": answer,
            "recipient": best,
            "delta_pts": 100.0 * effects[best].delta,
            "ci_low_pts": 100.0 * effects[best].ci_low,
            "ci_high_pts": 100.0 * effects[best].ci_high,
            "answer_ci_low_pts": lo[best],
            "answer_ci_high_pts": hi[best],
            "runner_up": "",
            "margin_pts": np.nan,
            "margin_ci_low_pts": np.nan,
            "margin_ci_high_pts": np.nan,
            "min_effect_pts": min_effect,
            "answer_level": 1.0 - level,
            "family_claims": claims,
            "answer_p_holm": answer_p,
            "margin_p_holm": max(margin_p.values()) if margin_p else np.nan,
        }
        if len(ranked) > 1:
            m = margins[ranked[1]]
            row.update(
                {
                    "runner_up": ranked[1],
                    "margin_pts": 100.0 * m.delta,
                    "margin_ci_low_pts": 100.0 * m.ci_low,
                    "margin_ci_high_pts": 100.0 * m.ci_high,
                }
            )
        answers.append(row)
    return (pd.DataFrame(rows, columns=COLUMNS), pd.DataFrame(answers, columns=ANSWER_COLUMNS))

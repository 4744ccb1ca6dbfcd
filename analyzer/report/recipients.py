"""Answers per recipient (analysis/recipients.py) for people: the terminal's lines and
report.html's sentences and table. Reads the tables as written (points, `_pts` columns)."""

from __future__ import annotations

import html
import math
from typing import Any

import pandas as pd

from analyzer.analysis.recipients import ALPHA, NO_BEST, phrase
from analyzer.report.tables import headline_rows, level_text, points_ci, text_table


def _promises(answer: Any) -> bool:
    return str(answer).startswith("promise")


def _answer_interval(r: Any) -> tuple[Any, Any]:
    """The interval the answer was read from (older run folders: the 95% one)."""
    lo, hi = getattr(r, "answer_ci_low_pts", None), getattr(r, "answer_ci_high_pts", None)
    if lo is None or hi is None:
        return r.ci_low_pts, r.ci_high_pts
    return lo, hi


def _withheld(r: Any) -> str:
    """Where the answer's interval reads a claim its exact test (Holm-adjusted over the
    table's claims) does not make: said, as compare's answer does (older folders: nothing)."""
    lo, hi = _answer_interval(r)
    p, m = getattr(r, "answer_p_holm", math.nan), getattr(r, "margin_p_holm", math.nan)
    test = "the exact sign test, Holm-adjusted over the table's claims, does not reject"
    excludes = float(lo) > 0 or float(hi) < 0
    if str(r.answer) == "not enough evidence" and p == p and p > ALPHA and excludes:
        return f"; the interval excludes 0, but {test}: p = {float(p):.3g}"
    if str(r.answer) == NO_BEST and m == m and m > ALPHA and float(r.margin_ci_low_pts) > 0:
        return f"; the margin's interval excludes 0, but {test}: p = {float(m):.3g}"
    return ""


def answer_text(r: Any) -> str:
    """ "promise, to the opponent with the least life: +3.1 [+0.6, +5.7] points vs never;
    +0.8 [+0.1, +2.3] over least-threat", or the answer with the best rule's evidence; the
    intervals are those the answer was read from (family_level), and a claim its exact test
    withholds says so (`_withheld`)."""
    lo, hi = _answer_interval(r)
    evidence = f"{points_ci(r.delta_pts, lo, hi)} points vs never"
    if not _promises(r.answer):
        # "best" is the point estimate; a tie is broken by the rules' order, which says nothing
        runner = getattr(r, "runner_up", "")
        tied = isinstance(runner, str) and runner and float(r.margin_pts) == 0.0
        best = f"best rule {r.recipient}" + (f", tied with {runner}" if tied else "")
        return f"{r.answer} ({best}: {evidence}{_withheld(r)})"
    text = f"{r.answer}: {evidence}"
    if isinstance(r.runner_up, str) and r.runner_up:
        margin = points_ci(r.margin_pts, r.margin_ci_low_pts, r.margin_ci_high_pts)
        text += f"; {margin} over {r.runner_up}"
    return text + _withheld(r)


def family_level(answers: pd.DataFrame) -> str:
    """ "99.8% intervals, Bonferroni over the table's 30 claims, each claim with its exact sign
    test, Holm-adjusted over them" (empty for older folders; the tests named only where the
    table has their p)."""
    if not len(answers) or "answer_level" not in answers or "family_claims" not in answers:
        return ""
    level, claims = float(answers["answer_level"].iloc[0]), int(answers["family_claims"].iloc[0])
    text = f"{level_text(level)} intervals, Bonferroni over the table's {claims} claims"
    if "answer_p_holm" in answers:
        text += ", each claim with its exact sign test, Holm-adjusted over them"
    return text


def answer_lines(answers: pd.DataFrame) -> list[str]:
    """One line per card (pooled over pods where a deck has several)."""
    view = headline_rows(answers)
    multi = view["deck"].nunique() > 1 if len(view) else False
    return [
        (f"{r.deck}: " if multi else "") + f"{r.card}: {answer_text(r)}"
        for r in view.itertuples(index=False)
    ]


def rules_table(by_rule: pd.DataFrame) -> str:
    """Card x recipient rule: promised to that rule's opponent vs never, points [95% CI]."""
    view = headline_rows(by_rule)
    rows = [
        [
            str(r.card),
            str(r.recipient) + (" *" if r.best else ""),
            f"{int(r.games):,}",
            points_ci(r.delta_pts, r.ci_low_pts, r.ci_high_pts),
        ]
        for r in view.itertuples(index=False)
    ]
    return text_table(["card", "to (rule)", "games", "vs never, pts [95% CI]"], rows, right=(2,))


def _answers_in_points(answers: pd.DataFrame) -> pd.DataFrame:
    """The answers table as written (report.html reads every table in fractions)."""
    if "delta" not in answers:
        return answers
    back = {"delta": "delta_pts", "delta_ci_low": "ci_low_pts", "delta_ci_high": "ci_high_pts"}
    out = answers.rename(columns=back)
    for c in back.values():
        out[c] = 100.0 * pd.to_numeric(out[c], errors="coerce")
    return out


def html_answers(t: dict[str, pd.DataFrame]) -> list[str]:
    """The answer per card in words, for the top of report.html (pods only)."""
    answers = t.get("recipient_answers")
    if answers is None or answers.empty:
        return []
    items = "".join(
        f"<li><b>{html.escape(str(r.card))}</b>: {html.escape(answer_text(r))}</li>"
        for r in headline_rows(_answers_in_points(answers)).itertuples(index=False)
    )
    family = family_level(answers)
    rules = answers["decisions_to"].dropna() if "decisions_to" in answers else []
    given = sorted({phrase(str(v)) for v in rules if str(v)})
    return [
        "<p>To whom? Each recipient rule as its own arm, the card promised whenever it may "
        "be, against never, on the same games"
        + (f" (the answers' {html.escape(family)}: their own 5% family)" if family else "")
        + ":</p>",
        f"<ul class=answers>{items}</ul>",
    ] + (
        [
            "<p class=note>The decisions above, played out promising, gave the gift to "
            f"{html.escape(' or '.join(given))} (their base policy's <code>to=</code> rule).</p>"
        ]
        if given
        else []
    )


def html_section(t: dict[str, pd.DataFrame], human_table: Any, approx: set[str]) -> list[str]:
    """report.html's evidence for the answers: the per-rule table."""
    by_rule = t.get("gift_recipients")
    if by_rule is None or by_rule.empty:
        return []
    return [
        "<h2>To whom? (pod)</h2>",
        "<p class=note>Each recipient rule of the policies (<code>to=RULE</code>) as a "
        "per-card arm, the card promised whenever it may be to that rule's opponent, "
        "against the card never promised, on the same games; paired 95% intervals. The "
        "answers are read from Bonferroni intervals over every claim of the table (each "
        "rule against never, the best rule against each other rule), each claim with its "
        "exact sign test too (Holm-adjusted over the same claims); their margin is the best "
        "rule minus the runner-up on the same games.</p>",
        human_table(by_rule.drop(columns=["to_whom"], errors="ignore"), approx),
    ]

"""Answers per recipient (analysis/recipients.py) for people: the terminal's lines and
report.html's sentences and table. Reads the tables as written (points, `_pts` columns)."""

from __future__ import annotations

import html
from typing import Any

import pandas as pd

from analyzer.report.tables import headline_rows, points_ci, text_table


def _promises(answer: Any) -> bool:
    return str(answer).startswith("promise")


def answer_text(r: Any) -> str:
    """ "promise, to the opponent with the least life: +3.1 [+1.0, +5.2] points vs never;
    +0.8 [-0.4, +2.0] over least-threat", or the answer with the best rule's evidence."""
    evidence = f"{points_ci(r.delta_pts, r.ci_low_pts, r.ci_high_pts)} points vs never"
    if not _promises(r.answer):
        return f"{r.answer} (best rule {r.recipient}: {evidence})"
    text = f"{r.answer}: {evidence}"
    if isinstance(r.runner_up, str) and r.runner_up:
        margin = points_ci(r.margin_pts, r.margin_ci_low_pts, r.margin_ci_high_pts)
        text += f"; {margin} over {r.runner_up}"
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
    return [
        "<p>To whom? Each recipient rule as its own arm, the card promised whenever it may "
        "be, against never, on the same games:</p>",
        f"<ul class=answers>{items}</ul>",
    ]


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
        "answer is read from Bonferroni intervals over the rules; its margin is the best "
        "rule minus the runner-up on the same games.</p>",
        human_table(by_rule.drop(columns=["to_whom"], errors="ignore"), approx),
    ]

"""report.html's answer, first on the page: one sentence per gift card (verdict, effect with its
interval, decisions, links to the evidence), the whole-game policy comparison in words, and the
pod's recipient answers; and the small helpers the rest of the page shares with it."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import pandas as pd

from analyzer.report import tables as tb
from analyzer.report.tables import is_nan

ALL_OPPONENTS = tb.ALL_OPPONENTS
APPROX_MARK = "\u2248"  # "≈" before a row that rests on approximate cards
VERDICT_COLUMNS = ("verdict", "recommendation")
ADJUSTED_P = ("p_adj", "p_adjusted", "p_holm")


def esc(x: Any) -> str:
    """Text escaped for HTML."""
    return html.escape(str(x))


def approximate_decks(manifest: Any) -> set[str]:
    """Names of the run's decks with at least one approximate or unsupported card."""
    out = set()
    for d in manifest.decks:
        cov = d.coverage if isinstance(d.coverage, dict) else {}
        if cov.get("approximate", 0) or cov.get("unsupported", 0):
            out.add(d.name)
    return out


def rests_on_approximate(row: Mapping[str, Any], approx: set[str]) -> bool:
    if not approx:
        return False
    opp = str(row.get("opponent", ""))
    if opp == ALL_OPPONENTS:
        return True  # pooled over every matchup, so over every deck of the run
    names = {str(row.get(k, "")) for k in ("deck", "deck_a", "deck_b")}
    names |= set(opp.split(" + "))
    return bool(names & approx)


# ---------------------------------------------------------------------------------------------
# the answer first


def first_value(row: Mapping[str, Any], *names: str) -> Any:
    for n in names:
        if n in row and not is_nan(row[n]):
            return row[n]
    return None


def verdict_class(verdict: str) -> str:
    v = verdict.strip().lower()
    if v.startswith("depends"):
        return "v-depends"
    if v.startswith(("don't", "do not", "dont")):
        return "v-dont"
    if v.startswith("promise"):
        return "v-promise"
    if "no difference" in v:
        return "v-none"
    return "v-unknown"


def pooled_first(df: pd.DataFrame) -> pd.DataFrame:
    if df.empty or "opponent" not in df:
        return df
    pooled = (df["opponent"] == ALL_OPPONENTS).to_numpy()
    return pd.concat([df[pooled], df[~pooled]], ignore_index=True)


def _adjusted_p(dec: pd.DataFrame, paired: pd.DataFrame | None) -> pd.DataFrame:
    """gift_decisions with an adjusted p column taken from paired_stats when it has none."""
    if any(c in dec for c in ADJUSTED_P) or paired is None or paired.empty:
        return dec
    col = next((c for c in ADJUSTED_P if c in paired), None)
    keys = ["deck", "opponent", "card"]
    if col is None or "table" not in paired or not set(keys) <= set(paired):
        return dec
    rows = paired[paired["table"] == "gift_decisions"][[*keys, col]]
    return dec.merge(rows.drop_duplicates(keys), on=keys, how="left")


def card_sentence(
    row: Mapping[str, Any], anchors: Mapping[str, str], multi_deck: bool, approx: set[str]
) -> str:
    """One gift card in words: verdict, effect with interval, decisions, evidence links."""
    card = str(row.get("card", "?"))
    deck = str(row.get("deck", ""))
    verdict = str(first_value(row, *VERDICT_COLUMNS) or "no verdict")
    head, _, when = verdict.partition(":")
    pattern = first_value(row, "depends_on")
    if pattern is not None and verdict.lower().startswith("depends"):
        when = str(pattern)
    label = head.strip() if verdict.lower().startswith("depends") else verdict
    parts = [
        f"<b>{esc(card)}</b>" + (f" <span class=note>({esc(deck)})</span>" if multi_deck else ""),
        f' <span class="v {verdict_class(verdict)}">{esc(label)}</span>',
    ]
    if when.strip() and verdict.lower().startswith("depends"):
        parts.append(f" {esc(when.strip())}")
    d = first_value(row, "delta")
    if d is not None:
        lo, hi = first_value(row, "delta_ci_low"), first_value(row, "delta_ci_high")
        ci = f" [{tb.pts(lo)}, {tb.pts(hi)}]" if lo is not None and hi is not None else ""
        parts.append(
            f" &mdash; promising changes the caster's win rate by "
            f"<b>{tb.pts(d)}</b>{ci} points per decision"
        )
        parts.append(_read_from(row, verdict))
    n = first_value(row, "decisions")
    counts = []
    if n is not None:
        counts.append(f"{int(n):,} decisions")
    better, worse = (
        first_value(row, "promise_better", "better"),
        first_value(row, "promise_worse", "worse"),
    )
    if better is not None and worse is not None:
        counts.append(
            f"promising did better in {tb.count_text(better)}, worse in {tb.count_text(worse)}"
        )
    p = first_value(row, *ADJUSTED_P)
    if p is not None:
        counts.append(f"adjusted p = {float(p):.2g}")
    if counts:
        parts.append(" <span class=note>(" + "; ".join(counts) + ")</span>")
    anchor = anchors.get(card) or anchors.get(f"{deck} {card}")
    if anchor:
        parts.append(f' <a href="#{esc(anchor)}">example games</a>')
    if rests_on_approximate(row, approx):
        parts.append(f" <span class=warn>{APPROX_MARK} rests on approximate cards</span>")
    return "<li>" + "".join(parts) + "</li>"


def _read_from(row: Mapping[str, Any], verdict: str) -> str:
    """Where the 95% interval beside the verdict would read otherwise ("not enough evidence"
    beside [+0.3, +5.0]), the interval the verdict is read from, as the terminal says it."""
    lo, hi = first_value(row, "delta_ci_low"), first_value(row, "delta_ci_high")
    v_lo, v_hi = first_value(row, "verdict_ci_low"), first_value(row, "verdict_ci_high")
    level, m = first_value(row, "verdict_level"), first_value(row, "min_effect_pts")
    if None in (lo, hi, v_lo, v_hi, level, m):
        return ""
    if not tb.reads_otherwise(verdict, 100 * float(lo), 100 * float(hi), float(m)):
        return ""
    p_adj = first_value(row, *ADJUSTED_P)
    why = (
        f", which excludes 0, but {tb.withheld_text(p_adj)}"
        if tb.withheld_by_test(verdict, v_lo, v_hi, p_adj)
        else ""
    )
    return (
        f" <span class=note>(the verdict reads the {tb.level_text(float(level))} interval "
        f"[{100 * float(v_lo):+.2f}, {100 * float(v_hi):+.2f}]{esc(why)})</span>"
    )


def _policy_sentences(pol: pd.DataFrame, extra: Mapping[str, Any]) -> list[str]:
    view = tb.headline_rows(pol)
    out = []
    for r in view.to_dict("records"):
        if r.get("policy") == r.get("baseline"):
            continue
        d = first_value(r, "delta_vs_baseline")
        if d is None:
            continue
        ci = tb.delta_ci(d, first_value(r, "delta_ci_low"), first_value(r, "delta_ci_high"))
        who = f" vs {esc(r['opponent'])}" if r.get("opponent") != ALL_OPPONENTS else ""
        out.append(
            f"<li><b>{esc(r['policy'])}</b> instead of {esc(r['baseline'])}{who}: "
            f"{esc(ci)} points of the deck's win rate over whole games</li>"
        )
    if not out:
        return []
    seats = extra.get("policy_seats")
    note = f", changed for {esc(seats)}" if seats else ""
    return [f"<p>Whole-game policies{note}:</p><ul class=answers>", *out, "</ul>"]


def summary(
    manifest: Any, t: Mapping[str, pd.DataFrame], anchors: Mapping[str, str] | None = None
) -> str:
    """The answer, first on the page: one line per gift card, pooled over opponents."""
    extra = manifest.extra or {}
    anchors = anchors or {}
    approx = approximate_decks(manifest)
    dec = t.get("gift_decisions")
    out = ['<section id="summary"><h2>The answer</h2>']
    if dec is not None and not dec.empty:
        dec = _adjusted_p(dec, t.get("paired_stats"))
        view = tb.headline_rows(dec)
        multi = view["deck"].nunique() > 1 if "deck" in view else False
        opps = (
            "pooled over all opponents"
            if (view.get("opponent") == ALL_OPPONENTS).any()
            else "against " + esc(", ".join(dict.fromkeys(map(str, view["opponent"]))))
            if "opponent" in view
            else ""
        )
        out.append(
            f"<p>Should you promise the gift? Per card, {opps}, each decision "
            f"played out both ways from the same position:</p>"
        )
        out.append("<ul class=answers>")
        out += [card_sentence(r, anchors, multi, approx) for r in view.to_dict("records")]
        out.append("</ul>")
    elif int(extra.get("forks", 1) or 0) == 0:
        out.append("<p>Decision counterfactuals were skipped (forks = 0).</p>")
    else:
        out.append("<p>No gift decision was reached: the deck never had the choice to promise.</p>")
    from analyzer.report.recipients import html_answers

    out += html_answers(dict(t))  # pods: to whom (issue 21 item 4)
    pol = t.get("policy_comparison")
    if pol is not None and not pol.empty:
        out += _policy_sentences(pol, extra)
    if dec is not None and not dec.empty:
        answers = t.get("recipient_answers")
        pod = answers is not None and not answers.empty
        out.append(f"<p class=note>Verdicts: {esc(tb.families_line(pod))}.</p>")
    out.append("</section>")
    return "\n".join(out)

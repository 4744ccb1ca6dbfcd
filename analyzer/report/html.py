"""report.html: one self-contained page (plots embedded as base64 PNG, no scripts, no external
files), readable offline. Every plot is also linked by its relative path in the run folder
(``plots/....png``) so the page and the files can be matched.

The page leads with the answer: one sentence per gift card, pooled over opponents (verdict,
effect with its interval, how many decisions, a link to its example games when the run has
them); then the evidence, in tables with human headers, pooled rows first; p-values and the
situation table folded away; the run's details last. It fits a 1280-pixel-wide window.

Columns are looked up by name and missing ones are skipped, so the page renders whatever
verdict words and statistics the tables carry (older run folders included).
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pandas as pd

from analyzer.report import tables as tb
from analyzer.report.answers import compare_answer
from analyzer.report.html_answer import (
    ALL_OPPONENTS,
    APPROX_MARK,
    VERDICT_COLUMNS,
    approximate_decks,
    esc,
    is_nan,
    pooled_first,
    rests_on_approximate,
    summary,
    verdict_class,
)
from analyzer.report.plots import slug
from analyzer.report.units import to_fractions

_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:1.2em auto;
max-width:1200px;padding:0 1em;color:#222;line-height:1.4}
h1{font-size:1.5em;margin:.2em 0}h2{margin-top:1.4em;border-bottom:1px solid #ccc}
table.data{border-collapse:collapse;font-size:.8em;margin:.6em 0;max-width:100%}
table.data th,table.data td{border:1px solid #ddd;padding:.15em .4em}
table.data th{background:#f3f3f3;position:sticky;top:0;font-weight:600}
table.data tr.pooled td{background:#f7fbff;font-weight:600}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
figure{display:inline-block;margin:.5em 1em .5em 0;max-width:100%}figure img{max-width:100%}
figcaption{font-size:.8em;color:#555}.meta td{padding:.1em .8em .1em 0;vertical-align:top}
.meta{font-size:.85em;overflow-wrap:anywhere}
.note{color:#555;font-size:.9em}.warn{color:#8a4b00}
#summary{background:#fafafa;border:1px solid #ddd;border-radius:6px;padding:.4em 1em}
#summary h2{margin-top:.3em;border:0}
ul.answers{padding-left:1.1em}ul.answers li{margin:.35em 0}
.v{font-weight:700;padding:0 .3em;border-radius:3px}
#summary .v{white-space:nowrap}#summary .v.v-depends{white-space:normal}
.v-promise{color:#fff;background:#1b7837}.v-dont{color:#fff;background:#b2182b}
.v-depends{color:#fff;background:#c66a00}.v-none{color:#fff;background:#4d6a8a}
.v-unknown{color:#222;background:#ddd}
details{margin:.6em 0}summary{cursor:pointer;color:#1f4e79}
"""


# value column -> its interval's (low, high) columns; merged into one "x [lo, hi]" cell
_INTERVALS = {
    "win_rate": ("ci_low", "ci_high"),
    "delta_vs_baseline": ("delta_ci_low", "delta_ci_high"),
    "delta": ("delta_ci_low", "delta_ci_high"),
    "pays_off_rate": ("pays_off_ci_low", "pays_off_ci_high"),
    "card_arm_delta": ("card_arm_ci_low", "card_arm_ci_high"),
    "win_rate_a": ("ci_low_a", "ci_high_a"),
    "win_rate_b": ("ci_low_b", "ci_high_b"),
}
# compare.csv's intervals at the answer's level (analysis/compare.py)
_ANSWER_COLUMNS = ("delta_answer_ci_low", "delta_answer_ci_high", "answer_level", "family_claims")
_RATES = {
    "win_rate",
    "pays_off_rate",
    "win_rate_a",
    "win_rate_b",
    "win_rate_promise",
    "win_rate_no_promise",
    "pays_off_ci_low",
    "pays_off_ci_high",
    "ci_low",
    "ci_high",
}
_POINTS = {
    "delta",
    "delta_vs_baseline",
    "delta_ci_low",
    "delta_ci_high",
    "effect_per_game",
    "card_arm_delta",
    "card_arm_ci_low",
    "card_arm_ci_high",
    "min_effect",
}
HEADERS = {
    "deck": "Deck",
    "opponent": "Opponent",
    "card": "Card",
    "gift_kind": "Gift",
    "base_policy": "Base policy",
    "policy": "Policy",
    "baseline": "Against",
    "games": "Games",
    "wins": "Wins",
    "draws": "Draws",
    "decisions": "Decisions",
    "win_rate": "Win rate [95% CI]",
    "delta_vs_baseline": "Change vs baseline, pts [95% CI]",
    "promise_better": "Promising better",
    "promise_worse": "Promising worse",
    "same": "Same result",
    "pays_off_rate": "Promising better, share [95% CI]",
    "win_rate_promise": "Win rate promising",
    "win_rate_no_promise": "Win rate not promising",
    "delta": "Effect of promising, pts [95% CI]",
    "recommendation": "Verdict",
    "verdict": "Verdict",
    "situation": "Situation",
    "bucket": "When",
    "deck_a": "Deck A",
    "deck_b": "Deck B",
    "wins_a": "Wins A",
    "draws_a": "Draws A",
    "win_rate_a": "A win rate [95% CI]",
    "wins_b": "Wins B",
    "draws_b": "Draws B",
    "win_rate_b": "B win rate [95% CI]",
    "var_reduction": "Variance reduction",
    "se": "Std. error, pts",
    "se_unpaired": "Std. error unpaired, pts",
    "p_value": "p",
    "p_holm": "p (Holm)",
    "p_adj": "p (adjusted)",
    "p_adjusted": "p (adjusted)",
    "better": "Promising better",
    "worse": "Promising worse",
    "depends_on": "Depends on",
    "effect_per_game": "Effect per game, pts",
    "decisions_per_game": "Decisions per game",
    "card_arm_delta": "Card promised when possible vs never, pts [95% CI]",
    "more_games": "More games to settle",
    "min_effect": "Smallest effect worth acting on, pts",
    "p_equivalence_adjusted": "p equivalence (adjusted)",
    "verdict_read_from": "Verdict read from, pts [CI]",
    "games_with_decision": "Games with a decision",
    "design_effect": "Design effect",
}


def example_anchor(card: str, deck: str | None = None) -> str:
    """The id of a card's example games on the page (the examples section uses it)."""
    return "examples-" + slug(f"{deck} {card}" if deck else card)


def figure(name: str, data: bytes, caption: str = "") -> str:
    """An embedded PNG linked to its file in the run folder."""
    b64 = base64.b64encode(data).decode("ascii")
    cap = esc(caption or name)
    return (
        f'<figure><a href="{esc(name)}"><img src="data:image/png;base64,{b64}" '
        f'alt="{esc(name)}" data-file="{esc(name)}"></a><figcaption>{cap} '
        f'(<a href="{esc(name)}">{esc(name)}</a>)</figcaption></figure>'
    )


def _coverage(cov: Any) -> str:
    if isinstance(cov, dict):
        return ", ".join(f"{v} {k}" for k, v in cov.items())
    return str(cov)


# ---------------------------------------------------------------------------------------------
# the evidence: tables with human headers


def _plain(v: Any) -> str:
    if is_nan(v):
        return ""
    if isinstance(v, int) and not isinstance(v, bool):
        return f"{v:,}"
    if isinstance(v, float):
        if abs(v) >= 1000:  # a count (effective counts are floats): 1,443, not 1.44e+03
            return f"{v:,.0f}" if v.is_integer() else f"{v:,.1f}"
        return f"{v:.3g}"
    return str(v)


def _se(v: Any) -> str:
    return "" if is_nan(v) else f"{100 * float(v):.2f}"


def _fmt(col: str) -> Callable[[Any], str]:
    if col in ("se", "se_unpaired"):
        return _se
    if col == "var_reduction":
        return tb.reduction_text
    return tb.pct if col in _RATES else tb.pts if col in _POINTS else _plain


def human_table(
    df: pd.DataFrame,
    approx: set[str] = frozenset(),  # type: ignore[assignment]
    drop: Sequence[str] = (),
    columns: Sequence[str] | None = None,
    headers: dict[str, str] | None = None,
) -> str:
    """A results table for people: pooled rows first (highlighted), value and interval in one
    cell, headers in words (`headers` overrides HEADERS for this table), constant bookkeeping
    columns in `drop` left out, a mark on rows that rest on approximate cards."""
    words = {**HEADERS, **(headers or {})}
    df = pooled_first(df)
    cols = [
        c for c in (columns if columns is not None else df.columns) if c in df and c not in drop
    ]
    merged = {lo for c in cols if c in _INTERVALS for lo in _INTERVALS[c] if lo in cols}
    shown = [c for c in cols if c not in merged]
    head = "".join(f"<th>{esc(words.get(c, c.replace('_', ' ')))}</th>" for c in shown)
    body = []
    for row in df.to_dict("records"):
        cells = []
        for c in shown:
            v = row[c]
            lo_hi = _INTERVALS.get(c)
            if c == "delta_vs_baseline" and row.get("policy") == row.get("baseline"):
                text = "baseline"  # the baseline against itself: no comparison, no interval
            elif lo_hi and all(x in merged for x in lo_hi):
                text = (
                    tb.delta_ci(v, row[lo_hi[0]], row[lo_hi[1]])
                    if c in _POINTS
                    else tb.rate_ci(v, row[lo_hi[0]], row[lo_hi[1]])
                )
            else:
                text = _fmt(c)(v)
            if c in VERDICT_COLUMNS and isinstance(v, str):
                cells.append(f'<td><span class="v {verdict_class(v)}">{esc(text)}</span></td>')
            elif isinstance(v, (int, float)) and not isinstance(v, bool):
                cells.append(f"<td class=num>{esc(text)}</td>")
            else:
                cells.append(f"<td>{esc(text)}</td>")
        if rests_on_approximate(row, approx) and cells:
            cells[0] = cells[0].replace(
                ">",
                f'><span class=warn title="rests on approximate cards">{APPROX_MARK}</span> ',
                1,
            )
        pooled = " class=pooled" if row.get("opponent") == ALL_OPPONENTS else ""
        body.append(f"<tr{pooled}>" + "".join(cells) + "</tr>")
    return (
        f'<table class="data"><thead><tr>{head}</tr></thead><tbody>'
        + "\n".join(body)
        + "</tbody></table>"
    )


def _constant(df: pd.DataFrame, *cols: str) -> list[str]:
    """Columns with one value throughout (said once above the table instead)."""
    return [c for c in cols if c in df and df[c].nunique(dropna=False) <= 1]


def _meta(manifest: Any, status: str) -> str:
    extra = manifest.extra or {}
    rows = [
        ("status", status),
        ("version", f"{manifest.version} (rules {manifest.rules_version})"),
        ("command", " ".join(manifest.command)),
        (
            "seed",
            f"{manifest.seed} (each matchup on its own stream of it: stream_seeds in manifest.json)"
            if extra.get("stream_seeds")
            else manifest.seed,
        ),
        ("games per matchup", manifest.games),
        ("threads", manifest.threads),
        ("policies", ", ".join(map(str, manifest.policies))),
    ]
    for key in (
        "baseline",
        "base_policy",
        "opp_policy",
        "policy_seats",
        "forks",
        "fork_seats",
        "policy",
        "deck_a",
        "deck_b",
    ):
        if key in extra:
            rows.append((key.replace("_", " "), extra[key]))
    decks = "<br>".join(
        f"{esc(d.name)} <span class=note>({esc(d.path)}, sha256 {esc(d.sha256[:12])}, "
        f"{esc(_coverage(d.coverage))})</span>"
        for d in manifest.decks
    )
    t = manifest.timings or {}
    timing = ", ".join(f"{k} {v}" for k, v in t.items())
    body = "".join(f"<tr><td>{esc(k)}</td><td>{esc(v)}</td></tr>" for k, v in rows)
    body += f"<tr><td>decks</td><td>{decks}</td></tr>"
    body += f"<tr><td>timings</td><td>{esc(timing)}</td></tr>"
    return f'<table class="meta">{body}</table>'


def _plots(images: Mapping[str, bytes], prefix: str) -> list[str]:
    return [figure(n, d) for n, d in images.items() if n.startswith(prefix)]


def _approx_note(approx: set[str]) -> list[str]:
    if not approx:
        return []
    return [
        f"<p class=warn>{APPROX_MARK} marks rows that rest on decks with approximate cards "
        f"({esc(', '.join(sorted(approx)))}): those cards play with their stats and keywords "
        "only, so treat these rows with care.</p>"
    ]


def _folded_per_opponent(df: pd.DataFrame, approx: set[str], *constant: str) -> list[str]:
    """The pooled rows in view, the per-opponent rows folded below them (all in view when
    there is no pooled row)."""
    drop = _constant(df, *constant)
    if "opponent" not in df:
        return [human_table(df, approx, drop)]
    pooled = df["opponent"] == ALL_OPPONENTS
    if not pooled.any():
        return [human_table(df, approx, drop)]
    rest = df[~pooled]
    n_opp = rest["opponent"].nunique()
    return [
        human_table(df[pooled], approx, [*drop, "opponent"]),
        f"<details><summary>Per opponent ({n_opp} matchups, {len(rest)} rows)</summary>",
        human_table(rest, approx, drop),
        "</details>",
    ]


# columns of the verdict tables that stay in the CSV files only (the page must fit 1280 px)
_CSV_ONLY = (
    "gift_kind",
    "same",
    "win_rate_promise",
    "win_rate_no_promise",
    "decisions_per_game",
    "more_games",
    "min_effect_pts",
    "min_effect",
)


_READ = ("verdict_ci_low", "verdict_ci_high", "verdict_level")


def _in_view(df: pd.DataFrame) -> pd.DataFrame:
    """The columns the page shows; the verdict's own interval in one cell with its level (two
    decimals, as the terminal: it is read against +-min_effect)."""
    out = df.drop(columns=[c for c in _CSV_ONLY if c in df])
    if all(c in out for c in _READ):
        read = [
            "-" if is_nan(lv) else f"[{100 * lo:+.2f}, {100 * hi:+.2f}] ({tb.level_text(lv)})"
            for lo, hi, lv in zip(*(out[c] for c in _READ), strict=True)
        ]
        at = out.columns.get_loc(_READ[0])
        out = out.drop(columns=list(_READ))
        out.insert(at, "verdict_read_from", read)
    return out


def _has_pooled(t: Mapping[str, pd.DataFrame]) -> bool:
    """Whether the decision table has rows pooled over several opponents."""
    dec = t.get("gift_decisions")
    return dec is not None and "opponent" in dec and bool((dec["opponent"] == ALL_OPPONENTS).any())


def _situation_note(sit: pd.DataFrame | None) -> list[str]:
    """How to read the per-turn plots: bars are 95% intervals, colours the buckets' verdicts,
    read at the situation table's own shares (a 95% bar clear of 0 may be grey)."""
    if sit is None or sit.empty or "verdict_level" not in sit:
        return []
    levels = sit.loc[sit["verdict"] != "makes no difference", "verdict_level"].dropna()
    at = (
        f"its {tb.level_text(float(levels.iloc[0]))} interval"
        if len(levels) and levels.nunique() == 1
        else "its own interval"
    )
    return [
        "<p class=note>Each point is a situation bucket's effect of promising with its 95% "
        "interval; its colour is the bucket's verdict, read from "
        f"{esc(at)} (every bucket of the situation table an equal share of that table's 5%), "
        "so a bar clear of 0 may still be grey.</p>"
    ]


def _evaluate_body(
    manifest: Any, t: Mapping[str, pd.DataFrame], images: Mapping[str, bytes]
) -> list[str]:
    extra = manifest.extra or {}
    approx = approximate_decks(manifest)
    out = [
        "<h2>Gift decisions: promise or not?</h2>",
        "<p class=note>At every gift decision reached under the base policy "
        f"(<b>{esc(extra.get('base_policy', '?'))}</b>) the game was forked: one branch "
        "promised, one did not, both played to the end. The effect of promising is the "
        "caster's win-rate change, in percentage points, with a paired 95% interval; "
        "<i>promising better / worse / same result</i> count the decisions by how the two "
        "branches ended. The verdict is read from the row's own interval at its share of "
        "the table's 5% (<i>verdict read from</i>: an effect from the two-sided one, "
        "<i>makes no difference</i> from the two one-sided tests'), not from the 95% one."
        + (" Rows pooled over all opponents come first." if _has_pooled(t) else "")
        + "</p>",
        *_approx_note(approx),
    ]
    out += _plots(images, "plots/delta_by_card")
    dec = t.get("gift_decisions")
    if dec is not None:
        out += _folded_per_opponent(_in_view(dec), approx, "deck", "base_policy")
    paired = t.get("paired_stats")
    vr = extra.get("var_reduction")
    if vr is not None or (paired is not None and not paired.empty):
        out.append(
            # what the table holds: p-values and design effects (no standard errors)
            "<details><summary>p-values, design effects and the gain from pairing</summary>"
        )
        if vr is not None and not is_nan(vr):
            out.append(
                f"<p>Variance reduction of the paired estimate over an unpaired one, "
                f"pooled over {esc(extra.get('decisions_evaluated', '?'))} decisions: "
                f"<b>{float(vr):.1f}x</b> (an unpaired comparison would need that many "
                f"times more decisions for the same precision).</p>"
            )
        if paired is not None and not paired.empty:
            rows = paired[paired["table"] == "gift_decisions"] if "table" in paired else paired
            rows = rows.drop(columns=[c for c in ("table", "situation", "bucket") if c in rows])
            rows = _in_view(rows)  # the verdict's interval in one cell, in points, as above
            out.append(human_table(rows, approx, drop=_constant(rows, "deck")))
        out.append("</details>")
    out.append("<h2>By situation</h2>")
    out += _situation_note(t.get("gift_situations"))
    out += [
        figure(n, d)
        for n, d in images.items()
        if n.startswith("plots/delta_by_") and n != "plots/delta_by_card.png"
    ]
    sit = t.get("gift_situations")
    if sit is not None:
        out.append(
            "<details><summary>Situation table (turn, play or draw, life, hand and "
            "board differences)</summary>"
        )
        sit = _in_view(sit)
        out.append(
            "<p class=note>Its verdicts are a 5% family of their own (every row an equal "
            "share), apart from the decision table's.</p>"
        )
        out.append(human_table(sit, approx, drop=_constant(sit, "deck", "base_policy")))
        out.append("</details>")
    from analyzer.report.recipients import html_section

    out += html_section(dict(t), human_table, approx)  # pods: to whom (issue 21 item 4)
    pol = t.get("policy_comparison")
    out += [
        "<h2>Policy comparison</h2>",
        "<p class=note>The same seeded games (play/draw alternating by game) under each "
        f"policy, policy changed for {esc(extra.get('policy_seats', 'every seat'))}; the "
        "change is the paired difference against the baseline, in percentage points.</p>",
    ]
    if pol is not None:
        out += _folded_per_opponent(pol, approx, "deck", "baseline")
    out += _plots(images, "plots/policy_win_rates")
    return out


def render(
    manifest: Any,
    tables: Mapping[str, pd.DataFrame],
    images: Mapping[str, bytes],
    status: str | None = None,
    sections: Sequence[str] = (),
    anchors: Mapping[str, str] | None = None,
) -> str:
    """The whole page for an evaluate or compare run (`status`: the manifest's by default;
    a run rendering its own report as its last step passes "complete").

    `sections`: extra HTML sections placed after the evidence (say, example games);
    `anchors`: card name -> id of that card's examples on the page (see `example_anchor`),
    linked from the card's line in the summary.
    """
    tables = {k: to_fractions(v) for k, v in tables.items()}  # either unit, as files have it
    extra = manifest.extra or {}
    kind = extra.get("kind", "evaluate")
    decks = [d.name for d in manifest.decks]
    if kind == "compare":
        title = "Deck comparison"
    else:
        title = "Gift evaluation" + (f": {decks[0]}" if decks else "")
    state = status or manifest.status
    body: list[str] = [f"<h1>{esc(title)}</h1>"]
    sub = [
        f"{manifest.games:,} games per matchup" if manifest.games else "",
        f"seed {manifest.seed}" if manifest.seed is not None else "",
    ]
    if state != "complete":
        sub.insert(0, f"<b class=warn>run {esc(state)}: partial results</b>")
    body.append(
        "<p class=note>"
        + " &middot; ".join(s for s in sub if s)
        + ' &middot; <a href="#run">run details</a></p>'
    )
    if kind != "compare":
        body.append(summary(manifest, tables, anchors))
    elif "compare" in tables:
        body.append(
            '<section id="summary"><h2>The answer</h2><p>'
            + esc(compare_answer(tables["compare"]).removeprefix("the answer: "))
            + "</p></section>"
        )
    warnings: Sequence[str] = extra.get("warnings") or []
    if warnings:
        body.append(
            "<ul>" + "".join(f"<li class=warn>warning: {esc(w)}</li>" for w in warnings) + "</ul>"
        )
    if kind == "compare":
        approx = approximate_decks(manifest)
        body.append(
            "<h2>Deck A minus deck B</h2><p class=note>Same seeds for both decks; "
            "paired difference of the deck's win rate, percentage points.</p>"
        )
        body += _approx_note(approx)
        if "compare" in tables:
            cmp_t = tables["compare"]
            # "delta" is A minus B here, not an effect of promising
            body.append(
                human_table(
                    cmp_t,
                    approx,
                    # the answer's intervals are in its sentence (and compare.csv)
                    drop=[*_constant(cmp_t, "policy"), *_ANSWER_COLUMNS],
                    headers={"delta": "A - B, pts [95% CI]"},
                )
            )
        body += _plots(images, "plots/")
    else:
        body += _evaluate_body(manifest, tables, images)
    body += list(sections)
    body += ['<h2 id="run">Run details</h2>', _meta(manifest, state)]
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>gift-analyzer: {esc(title.lower())}</title><style>{_CSS}</style></head><body>\n"
        + "\n".join(body)
        + "\n</body></html>\n"
    )

"""report.html: one self-contained page (plots embedded as base64 PNG, no scripts, no external
files), readable offline. Every plot is also linked by its relative path in the run folder
(``plots/....png``) so the page and the files can be matched.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from typing import Any

import pandas as pd

from analyzer.report import tables as tb

_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2em auto;
max-width:1200px;padding:0 1em;color:#222;line-height:1.4}
h1{font-size:1.6em}h2{margin-top:1.6em;border-bottom:1px solid #ccc}
table.data{border-collapse:collapse;font-size:.85em;margin:.6em 0}
table.data th,table.data td{border:1px solid #ddd;padding:.2em .5em}
table.data th{background:#f3f3f3;position:sticky;top:0}
td.num{text-align:right;font-variant-numeric:tabular-nums}
figure{display:inline-block;margin:.5em 1em .5em 0}figure img{max-width:100%}
figcaption{font-size:.8em;color:#555}.meta td{padding:.1em .8em .1em 0;vertical-align:top}
.note{color:#555;font-size:.9em}
"""

_PCT = {c: tb.pct for c in ("win_rate", "ci_low", "ci_high", "win_rate_promise",
                            "win_rate_no_promise", "win_rate_a", "ci_low_a", "ci_high_a",
                            "win_rate_b", "ci_low_b", "ci_high_b")}
_PTS = {c: tb.pts for c in ("delta", "delta_ci_low", "delta_ci_high", "delta_vs_baseline")}
_POINTS = {c: tb.points for c in ("delta_pts", "ci_low_pts", "ci_high_pts",
                                  "effect_per_game_pts", "card_arm_delta_pts",
                                  "card_arm_ci_low_pts", "card_arm_ci_high_pts")}
FORMATS = {**_PCT, **_PTS, **_POINTS}


def _e(x: Any) -> str:
    return html.escape(str(x))


def figure(name: str, data: bytes, caption: str = "") -> str:
    """An embedded PNG linked to its file in the run folder."""
    b64 = base64.b64encode(data).decode("ascii")
    cap = _e(caption or name)
    return (f'<figure><a href="{_e(name)}"><img src="data:image/png;base64,{b64}" '
            f'alt="{_e(name)}" data-file="{_e(name)}"></a><figcaption>{cap} '
            f'(<a href="{_e(name)}">{_e(name)}</a>)</figcaption></figure>')


def _coverage(cov: Any) -> str:
    if isinstance(cov, dict):
        return ", ".join(f"{v} {k}" for k, v in cov.items())
    return str(cov)


def _meta(manifest: Any, status: str) -> str:
    extra = manifest.extra or {}
    rows = [("status", status), ("version", f"{manifest.version} (rules "
                                                     f"{manifest.rules_version})"),
            ("command", " ".join(manifest.command)), ("seed", manifest.seed),
            ("games per matchup", manifest.games), ("threads", manifest.threads),
            ("policies", ", ".join(map(str, manifest.policies)))]
    for key in ("baseline", "base_policy", "opp_policy", "forks", "fork_seats", "policy",
                "deck_a", "deck_b"):
        if key in extra:
            rows.append((key.replace("_", " "), extra[key]))
    decks = "<br>".join(
        f"{_e(d.name)} <span class=note>({_e(d.path)}, sha256 {_e(d.sha256[:12])}, "
        f"{_e(_coverage(d.coverage))})</span>" for d in manifest.decks)
    t = manifest.timings or {}
    timing = ", ".join(f"{k} {v}" for k, v in t.items())
    body = "".join(f"<tr><td>{_e(k)}</td><td>{_e(v)}</td></tr>" for k, v in rows)
    body += f"<tr><td>decks</td><td>{decks}</td></tr>"
    body += f"<tr><td>timings</td><td>{_e(timing)}</td></tr>"
    return f'<table class="meta">{body}</table>'


def _plots(images: dict[str, bytes], prefix: str) -> list[str]:
    return [figure(n, d) for n, d in images.items() if n.startswith(prefix)]


def _evaluate_body(manifest: Any, t: dict[str, pd.DataFrame],
                   images: dict[str, bytes]) -> list[str]:
    extra = manifest.extra or {}
    out = ["<h2>Policy comparison</h2>",
           "<p class=note>The same seeded games (play/draw alternating by game) under each "
           "policy; the delta is the paired difference against the baseline, in percentage "
           "points.</p>"]
    pol = t.get("policy_comparison")
    if pol is not None:
        out.append(tb.html_table(pol, formats=FORMATS))
    out += _plots(images, "plots/policy_win_rates")
    out += ["<h2>Gift decisions: promise or not?</h2>",
            "<p class=note>At every gift decision reached under the base policy the game was "
            "forked: one branch promised, one did not, both played to the end. <b>better / same "
            "/ worse</b> count the decisions where the promised branch ended better, the same "
            "or worse for the caster; <b>delta_pts</b> is the caster's win-rate change from "
            "promising (percentage points, 95% score interval with game-clustered errors). "
            "Verdicts and <b>p_adjusted</b> treat the whole table as one family of claims "
            "(analysis/verdicts.py).</p>"]
    out += _plots(images, "plots/delta_by_card")
    dec = t.get("gift_decisions")
    if dec is not None:
        out.append(tb.html_table(dec, formats=FORMATS))
    vr = extra.get("var_reduction")
    paired = t.get("paired_stats")
    if vr is not None or paired is not None:
        out.append("<h3>Pairing</h3>")
        if vr is not None:
            out.append(f"<p>Variance reduction of the paired estimate over an unpaired one, "
                       f"pooled over {_e(extra.get('decisions_evaluated', '?'))} decisions: "
                       f"<b>{float(vr):.1f}x</b> (an unpaired comparison would need that many "
                       f"times more decisions for the same precision).</p>")
        if paired is not None and not paired.empty:
            rows = paired[paired["table"] == "gift_decisions"]
            out.append(tb.html_table(rows, ["deck", "opponent", "card", "decisions",
                                            "games_with_decision", "design_effect",
                                            "p_value", "p_adjusted",
                                            "p_equivalence_adjusted"]))
    out.append("<h2>By situation</h2>")
    out += [figure(n, d) for n, d in images.items()
            if n.startswith("plots/delta_by_") and n != "plots/delta_by_card.png"]
    sit = t.get("gift_situations")
    if sit is not None:
        out.append("<details><summary>Situation table (turn, play or draw, life, hand and "
                   "board differences)</summary>")
        out.append(tb.html_table(sit, formats=FORMATS))
        out.append("</details>")
    return out


def render(manifest: Any, tables: dict[str, pd.DataFrame], images: dict[str, bytes],
           status: str | None = None, sections: Sequence[str] = ()) -> str:
    """The whole page for an evaluate or compare run (`status`: the manifest's by default;
    a run rendering its own report as its last step passes "complete"). `sections`: more
    HTML at the end (the example games, report/examples.py)."""
    kind = (manifest.extra or {}).get("kind", "evaluate")
    title = "gift-analyzer: " + ("deck comparison" if kind == "compare" else "gift evaluation")
    body: list[str] = [f"<h1>{_e(title)}</h1>", _meta(manifest, status or manifest.status)]
    warnings: Sequence[str] = (manifest.extra or {}).get("warnings") or []
    if warnings:
        body.append("<ul>" + "".join(f"<li>warning: {_e(w)}</li>" for w in warnings) + "</ul>")
    if kind == "compare":
        body.append("<h2>Deck A minus deck B</h2><p class=note>Same seeds for both decks; paired "
                    "difference of the deck's win rate, percentage points.</p>")
        if "compare" in tables:
            body.append(tb.html_table(tables["compare"], formats=FORMATS))
        body += _plots(images, "plots/")
    else:
        body += _evaluate_body(manifest, tables, images)
    body += [sec for sec in sections if sec]
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{_e(title)}</title><style>{_CSS}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")

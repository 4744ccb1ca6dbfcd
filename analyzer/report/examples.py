"""report.html's "Example games" section: per gift card, the decisions where promising gained
and lost the most, both branches' play-by-play side by side from the fork point on (inline
HTML, no scripts). The data is ``examples.json`` of the run folder (analysis/examples.py)."""

from __future__ import annotations

import html
import math
from typing import Any

from analyzer.analysis.examples import turn_words

CSS = """
.ex{display:grid;grid-template-columns:1fr 1fr;gap:.6em;margin:.4em 0 1em}
.ex pre{font-size:.75em;white-space:pre-wrap;background:#fafafa;border:1px solid #ddd;
padding:.4em;margin:0;max-height:32em;overflow:auto}
.ex h4{margin:.2em 0;font-size:.9em}
"""


def _e(x: Any) -> str:
    return html.escape(str(x))


def anchor(card: dict[str, Any]) -> str:
    """The id of one card's examples (the summary of report.html links to it)."""
    from analyzer.report.html import example_anchor

    return example_anchor(str(card["card"]), str(card["deck"]))


def anchors(cards: list[dict[str, Any]]) -> dict[str, str]:
    """{"deck card": id} for the cards that have examples (html.render's ``anchors``)."""
    return {f"{c['deck']} {c['card']}": anchor(c) for c in cards if c["examples"]}


def section(cards: list[dict[str, Any]]) -> str:
    """The section's HTML (empty string when there are no examples)."""
    if not cards:
        return ""
    out = [
        f"<style>{CSS}</style>",
        "<h2>Example games</h2>",
        "<p class=note>For each gift card, the forked decisions where promising gained the "
        "most and lost the most for the caster, each headed by how the caster's game ended "
        "with the promise and without it. Both branches are the same game up "
        "to the fork point; each column is one branch from there to the end, headed by the "
        "position at the fork (life, hands, lands, permanents). The command under each "
        "column prints the whole game.</p>",
    ]
    for c in cards:
        out.append(
            f'<h3 id="{_e(anchor(c))}">{_e(c["card"])} '
            f"<span class=note>({_e(c['deck'])})</span></h3>"
        )
        if not c["examples"]:
            out.append("<p class=note>No decision where the two branches ended differently.</p>")
            continue
        for ex in c["examples"]:
            out.append(f"<details><summary>{_e(summary_text(ex))}</summary><div class=ex>")
            for name in ("promise", "no-promise"):
                b = ex["branches"][name]
                out.append(
                    f"<div><h4>{_e(name)}: {_e(b['result'])} (turn {b['turns']}, "
                    f"{_e(b['end_reason'])})</h4><pre>{_e(chr(10).join(b['lines']))}"
                    f"</pre><p class=note><code>{_e(b['command'])}</code></p></div>"
                )
            out.append("</div></details>")
    return "\n".join(out)


_SCORE = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def summary_text(ex: dict[str, Any]) -> str:
    """One example in words: "Promised, the caster won on turn 21; not promised, it lost on
    turn 16 (decision m0g122d1 on turn 11, against UB Rats)". It said "Promising gained 1.00"
    beside columns that show a game's result, with no word of what 1.00 was."""
    p, n = ex["branches"]["promise"], ex["branches"]["no-promise"]
    said = {"win": "won", "loss": "lost", "draw": "drew"}
    text = (
        f"Promised, the caster {said.get(p['result'], p['result'])} on turn {p['turns']}; "
        f"not promised, it {said.get(n['result'], n['result'])} on turn {n['turns']}"
    )
    where = f"decision {ex['decision_id']}"
    if ex.get("turn") is not None:
        where += f" on {turn_words(ex)}"
    where += f", against {ex['opponent']}"
    text += f" ({where})"
    shown = _SCORE.get(p["result"], math.nan) - _SCORE.get(n["result"], math.nan)
    if ex.get("replicate") or not math.isclose(shown, float(ex["gain"])):
        # several futures per branch (--forks): this pair is one of them
        text += (
            f"; over all its futures promising scored {float(ex['gain']):+.2f} (a win counts "
            f"1, a draw 0.5), future {int(ex.get('replicate') or 0)} shown"
        )
    return text

"""Tables for people: compact terminal summaries and HTML tables of the run's DataFrames.

Rates print as percentages with their 95% interval, ``52.3% [50.1, 54.5]``; deltas as signed
percentage points, ``+1.2 [-0.3, +2.7]``. The numbers themselves live in the CSV files; these
are views of them.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from typing import Any

import pandas as pd

from analyzer.analysis.recipients import phrase
from analyzer.analysis.verdicts import ALPHA
from analyzer.report.units import to_fractions

ALL_OPPONENTS = "all opponents"
VERDICT_ALPHA = ALPHA  # a claim stands when its adjusted p is at most this


def is_nan(x: Any) -> bool:
    try:
        return x is None or math.isnan(float(x))
    except (TypeError, ValueError):
        return False


def pct(x: Any, digits: int = 1) -> str:
    return "-" if is_nan(x) else f"{100 * float(x):.{digits}f}%"


def rate_ci(rate: Any, lo: Any, hi: Any) -> str:
    """``52.3% [50.1, 54.5]``."""
    if is_nan(rate):
        return "-"
    return f"{100 * float(rate):.1f}% [{100 * float(lo):.1f}, {100 * float(hi):.1f}]"


def pts(x: Any) -> str:
    return "-" if is_nan(x) else f"{100 * float(x):+.1f}"


def points(x: Any) -> str:
    """A value already in percentage points: ``+1.2``."""
    return "-" if is_nan(x) else f"{float(x):+.1f}"


def delta_ci(d: Any, lo: Any, hi: Any) -> str:
    """Signed percentage points with the interval: ``+1.2 [-0.3, +2.7]``."""
    if is_nan(d):
        return "-"
    if is_nan(lo):
        return pts(d)
    return f"{pts(d)} [{pts(lo)}, {pts(hi)}]"


def text_table(
    heads: Sequence[str],
    rows: Sequence[Sequence[str]],
    right: Sequence[int] = (),
    width: int | None = None,
    shrink: Sequence[tuple[int, int]] = (),
) -> str:
    """The one terminal table of every command: a header, a rule, one line per row, columns
    padded to their widest cell and two spaces apart; the columns in `right` right-aligned.
    With `width`, the (column, narrowest width) pairs of `shrink` give up room in that order
    until the table fits, their long cells cut with "…"."""
    widths = [
        max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(heads)
    ]
    over = sum(widths) + 2 * (len(widths) - 1) - width if width is not None else 0
    for col, floor in shrink:
        cut = min(over, widths[col] - floor)
        if cut > 0:
            widths[col] -= cut
            over -= cut

    def fit(text: str, w: int) -> str:
        return text if len(text) <= w else text[: w - 1] + "…"

    def line(cells: Sequence[str]) -> str:
        out = [
            fit(c, w).rjust(w) if i in right else fit(c, w).ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(out).rstrip()

    return "\n".join([line(heads), "  ".join("-" * w for w in widths), *map(line, rows)])


def headline_rows(df: pd.DataFrame) -> pd.DataFrame:
    """The rows a summary shows: pooled over opponents where a deck has several, else all."""
    if df.empty or "opponent" not in df:
        return df
    pooled_decks = set(df.loc[df["opponent"] == ALL_OPPONENTS, "deck"])
    keep = (df["opponent"] == ALL_OPPONENTS) | ~df["deck"].isin(pooled_decks)
    return df[keep]


def policy_summary(df: pd.DataFrame) -> str:
    """One row per opponent, one column per policy: the baseline's win rate, then each other
    policy's paired difference against it."""
    if df.empty:
        return "(no games)"
    df = to_fractions(df)
    policies = list(dict.fromkeys(df["policy"]))
    baseline = str(df["baseline"].iloc[0])
    heads = ["deck", "opponent", "games"] + [
        f"{p} win rate" if p == baseline else f"{p} vs {baseline}" for p in policies
    ]
    rows = []
    for (deck, opp), g in df.groupby(["deck", "opponent"], sort=False):
        by = {r.policy: r for r in g.itertuples(index=False)}
        cells = [str(deck), str(opp), f"{int(g['games'].iloc[0]):,}"]
        for p in policies:
            r = by.get(p)
            if r is None:
                cells.append("-")
            elif p == baseline:
                cells.append(rate_ci(r.win_rate, r.ci_low, r.ci_high))
            else:
                cells.append(delta_ci(r.delta_vs_baseline, r.delta_ci_low, r.delta_ci_high))
        rows.append(cells)
    return text_table(heads, rows, right=(2,))


def points_ci(d: Any, lo: Any, hi: Any) -> str:
    """Columns already in points: ``+1.2 [-0.3, +2.7]``."""
    scale = [None if is_nan(x) else float(x) / 100.0 for x in (d, lo, hi)]
    return delta_ci(*(math.nan if x is None else x for x in scale))


def verdict_text(verdict: Any, depends_on: Any = "", more_games: Any = math.nan) -> str:
    """The verdict in words: the pattern of a "depends", the games a "not enough" needs."""
    text = str(verdict)
    if text == "depends" and isinstance(depends_on, str) and depends_on:
        return f"depends on {depends_on}"
    if text == "not enough evidence" and not is_nan(more_games) and float(more_games) > 0:
        return f"{text} (~{int(float(more_games)):,} more games per matchup)"
    return text


def count_text(x: Any) -> str:
    """An effective count (a draw or one of two forks counts a half): whole numbers as
    ``1,234``, fractions kept, ``7.5`` or ``3.25``, never rounded or cut to a whole one."""
    if is_nan(x):
        return "-"
    return f"{float(x):,.2f}".rstrip("0").rstrip(".")


def _to_whom(answer: Any) -> str:
    """A pod's recipient answer (analysis/recipients.py) as the answer line's tail: "to the
    opponent with the least life" when a rule is shown best, else "to whom: <answer>"."""
    text = str(answer)
    return text.removeprefix("promise, ") if text.startswith("promise, to ") else f"to whom: {text}"


def answer_line(df: pd.DataFrame, recipients: pd.DataFrame | None = None) -> str:
    """The answer in one sentence, before any table: each card's verdict in words with its
    change in the caster's win rate per decision (pooled over opponents); in a pod, with the
    recipient rules' answer (`recipients`: recipient_answers), so whether and to whom are said
    together; a promise says whom the decisions gave the gift to (their `decisions_to` rule)
    when the recipient rules did not show that rule best."""
    view = headline_rows(df)
    if view.empty:
        return "the answer: no gift decision was reached, so there is nothing to say yet"
    multi = view["deck"].nunique() > 1
    to_whom: dict[tuple[str, str], tuple[str, str]] = {}
    if recipients is not None and len(recipients):
        for r in headline_rows(recipients).itertuples(index=False):
            rule = getattr(r, "decisions_to", "")
            given = phrase(str(rule)) if isinstance(rule, str) and rule else ""
            to_whom[(str(r.deck), str(r.card))] = (str(r.answer), given)
    parts = []
    for r in view.itertuples(index=False):
        who = f"{r.deck}: {r.card}" if multi else str(r.card)
        said = verdict_text(r.verdict, r.depends_on, r.more_games)
        delta = "" if is_nan(r.delta_pts) else f" ({float(r.delta_pts):+.1f} points per decision)"
        answer, given = to_whom.get((str(r.deck), str(r.card)), (None, ""))
        # (the recipient answer's own words where they add to the verdict's)
        whom = f", {_to_whom(answer)}" if answer is not None and answer != str(r.verdict) else ""
        if given and str(r.verdict) == "promise" and answer != f"promise, to {given}":
            # the decisions' delta is for their own recipient, which no answer named
            delta = delta[:-1] + f", given to {given})" if delta else f" (given to {given})"
        parts.append(f"{who}: {said}{delta}{whom}")
    return "the answer: " + "; ".join(parts)


def decision_summary(df: pd.DataFrame) -> str:
    """Per card (pooled over opponents): the verdict, the delta with its interval, its
    adjusted p, how many decisions promising did better / the same / worse, and the effect
    per game."""
    view = headline_rows(df)
    if view.empty:
        return "(no gift decisions reached)"
    multi = view["deck"].nunique() > 1
    heads = [
        "card",
        "gift",
        "decisions",
        "better/same/worse",
        "delta pts [95% CI]",
        "p adj.",
        "per game pts",
        "verdict",
    ]
    if multi:
        heads.insert(0, "deck")
    rows = []
    for r in view.itertuples(index=False):
        cells = [
            str(r.card),
            str(r.gift_kind),
            f"{int(r.decisions):,}",
            f"{count_text(r.better)}/{count_text(r.same)}/{count_text(r.worse)}",
            points_ci(r.delta_pts, r.ci_low_pts, r.ci_high_pts),
            "-" if is_nan(r.p_adjusted) else f"{float(r.p_adjusted):.3g}",
            "-" if is_nan(r.effect_per_game_pts) else f"{float(r.effect_per_game_pts):+.2f}",
            verdict_text(r.verdict, r.depends_on, r.more_games),
        ]
        if multi:
            cells.insert(0, str(r.deck))
        rows.append(cells)
    off = 1 if multi else 0
    table = text_table(heads, rows, right=tuple(i + off for i in (2, 3, 5, 6)))
    return "\n".join([table, *verdict_interval_notes(view, multi)])


def level_text(level: float) -> str:
    """A confidence level with its complement to two significant digits (99.44%, 99.944%)."""
    rest = 100.0 * (1.0 - level)
    digits = max(1, 1 - math.floor(math.log10(rest))) if rest > 0 else 1
    return f"{100.0 * level:.{digits}f}".rstrip("0").rstrip(".") + "%"


def reads_otherwise(verdict: Any, lo: float, hi: float, m: float) -> bool:
    """Whether a 95% interval [lo, hi] would read otherwise than `verdict` does, with margin
    m (any one unit)."""
    if verdict == "makes no difference":
        return not (-m < lo and hi < m)
    if verdict == "not enough evidence":
        return lo > 0 or hi < 0 or (-m < lo and hi < m)
    return False


def withheld_by_test(verdict: Any, v_lo: Any, v_hi: Any, p_adjusted: Any) -> bool:
    """Whether a "not enough evidence" comes from the test, not the interval: the verdict's own
    interval [v_lo, v_hi] excludes 0, yet the adjusted p is above 5% (the exact sign test, used
    below 100 differing decisions, is stricter than the score interval; analysis/paired.py)."""
    if verdict != "not enough evidence" or any(is_nan(x) for x in (v_lo, v_hi, p_adjusted)):
        return False
    return (float(v_lo) > 0 or float(v_hi) < 0) and float(p_adjusted) > VERDICT_ALPHA


def withheld_text(p_adjusted: Any) -> str:
    """Why such a verdict waits, in words: the test that withholds the claim."""
    return (
        f"the exact sign test withholds the claim (p adj. {float(p_adjusted):.3g} > "
        f"{VERDICT_ALPHA:g})"
    )


def _reads_otherwise(r: Any) -> bool:
    """Whether the row's 95% interval would read otherwise than its verdict does."""
    return reads_otherwise(
        r.verdict, float(r.ci_low_pts), float(r.ci_high_pts), float(r.min_effect_pts)
    )


def verdict_interval_notes(view: pd.DataFrame, multi: bool = False) -> list[str]:
    """Under the decision table: the level of the intervals the verdicts are read from
    (analysis/verdicts.py), and those intervals where the 95% one would read otherwise."""
    if "verdict_level" not in view or view["verdict_level"].isna().all():
        return []  # an older run folder
    no_diff = view["verdict"] == "makes no difference"
    # an effect's level 1 - w alpha; "makes no difference" reads the 1 - 2 w alpha one
    effect = pd.concat(
        [view.loc[~no_diff, "verdict_level"], (1 + view.loc[no_diff, "verdict_level"]) / 2]
    )
    levels = sorted({round(float(x), 12) for x in effect.dropna()})
    if len(levels) == 1:
        said = (
            f"{level_text(levels[0])} intervals ({level_text(2 * levels[0] - 1)} for "
            "'makes no difference'): the rows' share of the 5%"
        )
    else:
        said = "each row's interval at its share of the 5% (verdict_level)"
    out = [f"the verdicts read {said}; verdict_ci_* in gift_decisions.csv"]
    for r in view.itertuples(index=False):
        if is_nan(r.verdict_level) or not _reads_otherwise(r):
            continue
        who = f"{r.deck}: {r.card}" if multi else str(r.card)
        # two decimals: read against +-min_effect, where one would round onto it
        ci = f"{float(r.delta_pts):+.1f} [{float(r.verdict_ci_low_pts):+.2f}, "
        ci += f"{float(r.verdict_ci_high_pts):+.2f}]"
        line = f"  {who}: {r.verdict}, read from {ci} at {level_text(r.verdict_level)}"
        p_adj = getattr(r, "p_adjusted", math.nan)
        if withheld_by_test(r.verdict, r.verdict_ci_low_pts, r.verdict_ci_high_pts, p_adj):
            line += f", which excludes 0, but {withheld_text(p_adj)}"
        out.append(line)
    return out


def families_line(pod: bool = False) -> str:
    """Which of a run's claims share one false-claim budget (analysis/verdicts.py): each
    table of verdicts is its own 5% family, so the run as a whole is held to their sum."""
    parts = ["gift_decisions (the answer, per-opponent rows, 'depends')", "gift_situations"]
    if pod:
        parts.append("the pod answers")
    return (
        "each table is its own 5% family (at most a 5% chance of any false claim): "
        + ", ".join(parts)
        + f"; the whole run at most {5 * len(parts)}%"
    )


def compare_summary(df: pd.DataFrame) -> str:
    """Deck A and deck B per opponent, and A minus B."""
    if df.empty:
        return "(no games)"
    df = to_fractions(df)
    heads = [
        "opponent",
        "games",
        "A win rate",
        "B win rate",
        "A - B pts [95% CI]",
        "var. reduction",
    ]
    rows = [
        [
            str(r.opponent),
            f"{int(r.games):,}",
            rate_ci(r.win_rate_a, r.ci_low_a, r.ci_high_a),
            rate_ci(r.win_rate_b, r.ci_low_b, r.ci_high_b),
            delta_ci(r.delta, r.delta_ci_low, r.delta_ci_high),
            reduction_text(r.var_reduction),
        ]
        for r in df.itertuples(index=False)
    ]
    return text_table(heads, rows, right=(1, 5))


def reduction_text(x: Any) -> str:
    """``4.2x``; ``-`` when undefined; ``all`` when pairing removed all variance (A and B
    ended every game alike), which printed as ``infx``."""
    if is_nan(x):
        return "-"
    return "all" if math.isinf(float(x)) else f"{float(x):.1f}x"


# ---------------------------------------------------------------------------------------------
# simulate, cardstats and cards


def _rate_aligned(rate: Any, lo: Any, hi: Any) -> str:
    """``52.3% [50.1, 54.5]`` padded so the figures of a column line up: `` 5.0% [ 3.1,  7.2]``."""
    if is_nan(rate):
        return "-"
    return f"{100 * rate:5.1f}% [{100 * lo:4.1f}, {100 * hi:4.1f}]"


def simulate_summary(df: pd.DataFrame) -> str:
    """simulate's summary rows: win rates overall, on the play and on the draw, turns, draws."""
    heads = [
        "deck",
        "opponent",
        "games",
        "win rate [95% CI]",
        "on the play",
        "on the draw",
        "turns per player",  # each player's own turns, as calibrate's game length
        "draws",
    ]
    rows = [
        [
            r.deck,
            r.opponent,
            str(r.games),
            _rate_aligned(r.win_rate, r.ci_low, r.ci_high),
            _rate_aligned(r.win_rate_on_play, r.ci_low_on_play, r.ci_high_on_play),
            _rate_aligned(r.win_rate_on_draw, r.ci_low_on_draw, r.ci_high_on_draw),
            f"{r.turns_per_player:.1f}",
            str(r.draws),
        ]
        for r in df.itertuples(index=False)
    ]
    return text_table(heads, rows)


def end_reasons_line(df: pd.DataFrame) -> str:
    """How simulate's games ended, summed over its summary rows."""
    cols = [c for c in df.columns if c.startswith("end_")]
    totals = {c[4:]: int(df[c].sum()) for c in cols if int(df[c].sum())}
    return "game ends: " + ", ".join(f"{k} {v}" for k, v in totals.items())


def _rate_n(rate: Any, n: Any) -> str:
    return "" if is_nan(n) else f"{pct(rate)} ({int(n)})"


def card_stats_summary(df: pd.DataFrame) -> str:
    """cardstats' table in its order (best GIH WR first). Gift cards are marked "*"; their
    promised / not-promised columns are observational."""
    gift_rows = df["promised_games"].notna()
    gifts = bool(gift_rows.any())
    heads = [
        "card",
        "#",
        "GP WR (n)",
        "OH WR (n)",
        "GD WR (n)",
        "GIH WR [95% CI] (n)",
        "GNS WR (n)",
        "IWD pp [95% CI]",
    ] + (["promised* (n)", "not promised* (n)"] if gifts else [])
    rows = []
    for r, gift in zip(df.itertuples(index=False), gift_rows, strict=True):
        gih = (
            "-"
            if is_nan(r.gih_wr)
            else (f"{rate_ci(r.gih_wr, r.gih_wr_ci_low, r.gih_wr_ci_high)} ({r.gih_games})")
        )
        row = [
            r.card + (" *" if gift else ""),
            str(r.copies),
            _rate_n(r.gp_wr, r.gp),
            _rate_n(r.oh_wr, r.oh_games),
            _rate_n(r.gd_wr, r.gd_games),
            gih,
            _rate_n(r.gns_wr, r.gns_games),
            points_ci(r.iwd_pts, r.iwd_ci_low_pts, r.iwd_ci_high_pts),
        ]
        if gifts:
            row += (
                ["", ""]
                if not gift
                else [
                    _rate_n(r.promised_wr, r.promised_games),
                    _rate_n(r.unpromised_wr, r.unpromised_games),
                ]
            )
        rows.append(row)
    return text_table(heads, rows, right=(1, 2, 3, 4, 6, *((8, 9) if gifts else ())))


def cards_summary(df: pd.DataFrame, width: int = 100) -> str:
    """`list_cards()` as a table that fits `width` columns.

    Long type lines (then names) are shortened with "…"; notes go below the table, marked "*".
    When every row is approximate, the abilities each card ignores are listed below too ("~");
    otherwise one line says how to list them.
    """
    import textwrap

    if len(df) == 0:
        return "no cards match"
    heads = ["Name", "Set", "No.", "R", "Cost", "Type", "Gift", "Support"]
    rows = [
        [
            r.name + (" *" if isinstance(r.notes, str) and r.notes else ""),
            r.set,
            r.number,
            (r.rarity or "?")[0].upper(),
            r.cost,
            r.type_line,
            r.gift_kind if isinstance(r.gift_kind, str) else "-",
            r.support,
        ]
        for r in df.itertuples(index=False)
    ]
    lines = [text_table(heads, rows, width=width, shrink=((5, 12), (0, 16)))]
    n_gift = int(df["gift_kind"].notna().sum())
    counts = df["support"].value_counts()
    lines.append("")
    lines.append(
        f"{len(df)} cards ({n_gift} with a gift): "
        + ", ".join(f"{int(counts.get(s, 0))} {s}" for s in ("exact", "approximate", "unsupported"))
    )
    noted = [
        (r.name, r.notes)
        for r in df.itertuples(index=False)
        if isinstance(r.notes, str) and r.notes
    ]
    if noted:
        lines.append("")
        for name, note in noted:
            lines.extend(textwrap.wrap(f"* {name}: {note}", width, subsequent_indent="  "))
    approx = [(r.name, r.ignored) for r in df.itertuples(index=False) if r.support == "approximate"]
    if approx and len(approx) == len(df):
        lines.append("")
        lines.append("Ignored abilities (these cards run with stats and keywords only):")
        for name, ignored in approx:
            text = ignored if isinstance(ignored, str) and ignored else "nothing"
            lines.extend(textwrap.wrap(f"~ {name}: {text}", width, subsequent_indent="  "))
    elif approx:
        lines.append("")
        lines.append(
            f"{len(approx)} approximate cards ignore some abilities: "
            "`--support approximate` lists them."
        )
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# HTML


def _cell(value: Any) -> str:
    if is_nan(value):
        return ""
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def html_table(
    df: pd.DataFrame,
    columns: Sequence[str] | None = None,
    formats: dict[str, Callable[[Any], str]] | None = None,
    css_class: str = "data",
) -> str:
    """An HTML <table> of df (escaped); `formats` maps a column to a cell formatter."""
    cols = list(columns) if columns is not None else list(df.columns)
    formats = formats or {}
    head = "".join(f"<th>{html.escape(c)}</th>" for c in cols)
    body = []
    for row in df[cols].itertuples(index=False):
        cells = []
        for c, v in zip(cols, row, strict=True):
            text = formats[c](v) if c in formats else _cell(v)
            cls = ' class="num"' if isinstance(v, (int, float)) and not isinstance(v, bool) else ""
            cells.append(f"<td{cls}>{html.escape(text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return (
        f'<table class="{css_class}"><thead><tr>{head}</tr></thead><tbody>'
        + "\n".join(body)
        + "</tbody></table>"
    )

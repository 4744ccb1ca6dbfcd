"""Reports: terminal tables, plots, the HTML page, and `report RUN_DIR` re-rendering a run folder
from its CSV files. No games are played here: the tables are made up."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

import pandas as pd
import pytest
from report_fakes import PNG, fake_manifest, fake_tables, parse

from analyzer.analysis.decision_tables import (
    ALL_OPPONENTS,
    DECISION_COLUMNS,
    SITUATION_COLUMNS,
)
from analyzer.report import html as html_mod
from analyzer.report import plots, tables
from analyzer.report.units import to_fractions, to_points
from analyzer.report.writers import DeckEntry, Manifest


def test_plots_are_png_and_cover_every_card() -> None:
    images = plots.evaluate_plots(fake_tables())
    assert "plots/delta_by_card.png" in images
    assert "plots/policy_win_rates.png" in images
    for card in ("mind_spiral", "into_the_flood_maw", "cruelclaw_s_heist"):
        assert f"plots/delta_by_turn_{card}.png" in images
    assert all(data.startswith(PNG) for data in images.values())


def test_plots_of_empty_tables_still_render() -> None:
    empty = {
        "gift_decisions": pd.DataFrame(columns=DECISION_COLUMNS),
        "gift_situations": pd.DataFrame(columns=SITUATION_COLUMNS),
    }
    images = plots.evaluate_plots(empty)
    assert list(images) == ["plots/delta_by_card.png"]
    assert images["plots/delta_by_card.png"].startswith(PNG)


def test_html_parses_and_references_every_plot() -> None:
    t = fake_tables()
    images = plots.evaluate_plots(t)
    page = html_mod.render(fake_manifest(), t, images)
    p = parse(page)
    assert p.errors == [] and p.stack == []
    srcs = [i["data-file"] for i in p.imgs]
    assert sorted(srcs) == sorted(images)  # every plot embedded once
    for name in images:
        assert name in p.links  # and linked by its path in the run folder
    assert all(str(i["src"]).startswith("data:image/png;base64,") for i in p.imgs)
    assert p.tables >= 4  # meta, policies, decisions, pairing, situations
    assert "a &lt;warning&gt; &amp; more" in page  # escaped
    assert "Cruelclaw&#x27;s Heist" in page


def test_html_without_plots_has_thefake_tables() -> None:
    page = html_mod.render(fake_manifest(), fake_tables(), {})
    p = parse(page)
    assert p.errors == [] and p.imgs == [] and p.tables >= 4


def test_terminal_summaries() -> None:
    t = fake_tables()
    text = tables.policy_summary(t["policy_comparison"])
    lines = text.splitlines()
    assert lines[0].split()[:3] == ["deck", "opponent", "games"]
    assert "never win rate" in lines[0] and "always vs never" in lines[0]
    assert any(ALL_OPPONENTS in line for line in lines)
    assert "52.1% [49.0, 55.0]" in text and "-2.0 [-3.0, -1.0]" in text
    dec = tables.decision_summary(t["gift_decisions"])
    assert len(dec.splitlines()) == 2 + 3  # pooled rows only
    assert "depends on turn: promise when own turns 1-2" in dec and "+5.0 [+3.0, +7.0]" in dec
    assert "60/300/40" in dec  # better / same / worse
    assert "not enough evidence (~3,000 more games per matchup)" in dec
    assert tables.decision_summary(pd.DataFrame(columns=DECISION_COLUMNS)).startswith("(no")


def test_formatters() -> None:
    assert tables.rate_ci(0.5, 0.45, 0.55) == "50.0% [45.0, 55.0]"
    assert tables.delta_ci(0.0123, -0.001, 0.025) == "+1.2 [-0.1, +2.5]"
    assert tables.delta_ci(float("nan"), 0, 0) == "-"
    assert tables.pct(None) == "-"
    assert (
        tables.text_table(["a", "n"], [["x", "1"], ["yy", "10"]], right=(1,))
        == "a    n\n--  --\nx    1\nyy  10"
    )


def _approxfake_manifest() -> Manifest:
    m = fake_manifest()
    m.decks = [
        DeckEntry("rats.txt", "Rats", "0" * 64, {"exact": 40, "approximate": 0}),
        DeckEntry("bats.txt", "Bats", "1" * 64, {"exact": 38, "approximate": 2}),
        DeckEntry("frogs.txt", "Frogs", "2" * 64, {"exact": 40, "approximate": 0}),
    ]
    return m


def _text(page: str) -> str:
    import html

    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_summary_leads_with_one_line_per_card() -> None:
    page = html_mod.render(
        _approxfake_manifest(), fake_tables(), {}, anchors={"Mind Spiral": "examples-mind_spiral"}
    )
    body = page[page.index("<body>") :]
    # the answer comes before every table and before the run's details
    assert body.index('id="summary"') < body.index("<table")
    assert body.index('id="summary"') < body.index('id="run"')
    answer = body[body.index('id="summary"') : body.index("</section>")]
    items = re.findall(r"<li>.*?</li>", answer)
    cards = [
        c
        for c in ("Mind Spiral", "Into the Flood Maw", "Cruelclaw&#x27;s Heist")
        if any(c in i for i in items)
    ]
    assert len(cards) == 3 and len([i for i in items if "decisions" in i]) == 3  # pooled only
    spiral = _text(next(i for i in items if "Mind Spiral" in i))
    assert "don't promise" in spiral and "-3.0 [-5.0, -1.0] points per decision" in spiral
    assert "400 decisions" in spiral and "better in 60, worse in 40" in spiral
    assert "adjusted p = 0.01" in spiral  # the verdict table's own p_adjusted
    assert 'href="#examples-mind_spiral"' in answer  # the hook for example games
    heist = _text(next(i for i in items if "Heist" in i))
    assert "depends turn: promise when own turns 1-2" in heist
    assert "rests on approximate cards" in heist  # pooled over a deck with approximate cards
    # the evidence: human headers, pooled rows first, p-values folded away
    assert "delta_ci_low" not in page and "Effect of promising, pts [95% CI]" in page
    first_table = body[body.index('<table class="data">') :]
    first_table = first_table[: first_table.index("</table>")]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", first_table)[1:]
    assert len(rows) == 3 and "class=pooled" in first_table  # the pooled rows, in view
    assert "Frogs" not in first_table and "Opponent" not in first_table
    assert body.index(first_table) < body.index("<details><summary>Per opponent (2 matchups")
    assert page.index("<details><summary>p-values") < page.index("Design effect")
    assert "\u2248" in page and "Bats" in page


def test_summary_tolerates_new_and_missing_columns() -> None:
    t = fake_tables()
    dec = t["gift_decisions"].drop(columns=["p_adjusted", "better", "worse", "depends_on"])
    dec["verdict"] = "makes no difference"
    dec["p_adj"] = 0.5  # an older name of the adjusted p
    page = html_mod.render(fake_manifest(), {"gift_decisions": dec}, {})
    assert page.count("makes no difference") >= 3 and "adjusted p = 0.5" in page
    assert parse(page).errors == []
    none = html_mod.render(fake_manifest(), {"gift_decisions": dec.iloc[:0]}, {})
    assert "No gift decision was reached" in none


def test_turn_plots_share_one_scale_and_fair_share_is_per_player_count() -> None:
    sit = fake_tables()["gift_situations"]
    lo, hi = plots.situation_limits(sit)
    assert lo <= -8.0 and hi >= 9.0  # the widest interval of every card: -8 and +9 points
    assert plots.players("A + B + C") == 4 and plots.players("A") == 2


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


_MEASURE = """<script>addEventListener("load", () => {
  const first = document.querySelector("#summary li") || document.getElementById("summary");
  const box = first.getBoundingClientRect();
  const top = document.getElementById("summary").getBoundingClientRect().top;
  document.querySelectorAll("details").forEach(d => { d.open = true; });
  const el = document.documentElement;
  document.body.setAttribute("data-measure", JSON.stringify({
    scroll: el.scrollWidth, client: el.clientWidth, inner: innerWidth, height: innerHeight,
    summary_top: top, first_bottom: box.bottom}));
});</script>"""


def test_report_fits_1280_pixels_in_chromium(tmp_path: Path) -> None:
    """The real page in headless Chromium at 1280 x 800: no horizontal scrolling (every folded
    section opened) and the summary's first card line on the first screen."""
    browser = _chromium()
    if browser is None:
        pytest.skip("no Chromium found: apt-get install chromium (.ci/run installs it)")
    t = fake_tables()
    page = html_mod.render(_approxfake_manifest(), t, plots.evaluate_plots(t))
    probe = tmp_path / "report.html"
    probe.write_text(page.replace("</body>", _MEASURE + "</body>"), encoding="utf-8")
    res = subprocess.run(
        [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--window-size=1280,800",
            "--virtual-time-budget=5000",
            "--dump-dom",
            probe.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    found = re.search(r'data-measure="([^"]+)"', res.stdout)
    assert found, res.stderr[-2000:]
    m = json.loads(found.group(1).replace("&quot;", '"'))
    assert m["inner"] == 1280, m
    assert m["scroll"] <= m["client"], m  # no horizontal scroll
    assert 0 <= m["summary_top"] < m["height"] and m["first_bottom"] <= m["height"], m


def test_deltas_leave_in_points_and_the_report_reads_both_units() -> None:
    """The policy table computes in fractions and leaves in points (`to_points`); the verdict
    tables are born in points (delta_pts, ci_low_pts, ...). The report reads either unit."""
    from analyzer.report.units import to_fractions, to_points

    t = fake_tables()
    pol = to_points(t["policy_comparison"])
    assert "delta_vs_baseline" not in pol and "delta_vs_baseline_pts" in pol
    assert pol["delta_vs_baseline_pts"].iloc[1] == pytest.approx(-2.0)  # -0.02 as a fraction
    assert pol["win_rate"].iloc[0] == pytest.approx(0.5215)  # rates stay fractions
    pd.testing.assert_frame_equal(to_fractions(pol), t["policy_comparison"])
    dec = t["gift_decisions"]
    assert to_points(dec) is dec  # already in points: untouched
    back = to_fractions(dec)
    assert back["delta"].iloc[0] == pytest.approx(-0.03)
    assert back["delta_ci_low"].iloc[0] == pytest.approx(-0.05)
    with_pts = {**t, "policy_comparison": pol}
    assert html_mod.render(fake_manifest(), with_pts, {}) == html_mod.render(fake_manifest(), t, {})


def test_the_baseline_row_has_no_interval_and_every_reader_takes_it(tmp_path: Path) -> None:
    """audit25: the baseline's row of policy_comparison carried Tango's +-z^2 / (n + z^2) of
    the baseline against itself (+-0.38 points at 1,000 games), an interval of no comparison.
    It is NaN now (the columns stay); the page says "baseline", the terminal table shows the
    baseline's win rate, the plot and a re-read CSV take the NaN."""
    import numpy as np

    from analyzer.analysis.compare import Arm, policy_comparison
    from analyzer.report.answers import policy_answer

    a = np.tile([1.0, 0.0, 0.5, 1.0], 250)
    arms = [Arm("D", "X", "never", a), Arm("D", "X", "always", a)]
    pc = policy_comparison(arms, "never").set_index("policy")
    assert pc.loc["never", "delta_vs_baseline"] == 0.0
    assert np.isnan(pc.loc["never", ["delta_ci_low", "delta_ci_high"]].astype(float)).all()
    # a policy that plays the very same games keeps its interval: that sameness is a finding
    z2 = 1.959963984540054**2
    assert pc.loc["always", "delta_ci_high"] == pytest.approx(z2 / (1000 + z2), rel=1e-6)
    assert pc.loc["always", "delta_ci_low"] == pytest.approx(-z2 / (1000 + z2), rel=1e-6)
    t = fake_tables()
    page = html_mod.render(fake_manifest(), t, plots.evaluate_plots(t))
    policy_section = page[page.index("<h2>Policy comparison</h2>") : page.index('<h2 id="run">')]
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", policy_section)
    assert cells.count("baseline") == 3  # the baseline's row of each opponent and the pooled one
    assert "nan" not in " ".join(cells).lower()
    assert "52.1% [49.0, 55.0]" in tables.policy_summary(t["policy_comparison"])
    assert "instead of never" in policy_answer(t["policy_comparison"])
    # written and read back as a run folder does (NaN as an empty field)
    path = tmp_path / "policy_comparison.csv"
    to_points(t["policy_comparison"]).to_csv(path, index=False)
    back = pd.read_csv(path, keep_default_na=False, na_values=[""])
    assert back["delta_pts_ci_low"].isna().sum() == 3
    assert html_mod.render(fake_manifest(), {**t, "policy_comparison": back}, {}) == (
        html_mod.render(fake_manifest(), t, {})
    )


def test_report_shows_the_interval_each_verdict_is_read_from():
    """A "makes no difference" beside a 95% interval crossing -1 point shows, in its own cell,
    the 92% interval it was read from (analysis/verdicts.py)."""
    row = dict.fromkeys(DECISION_COLUMNS, float("nan"))
    row.update(
        deck="D",
        opponent="O",
        card="Card",
        verdict="makes no difference",
        delta_pts=-0.4,
        ci_low_pts=-1.05,
        ci_high_pts=0.25,
        verdict_ci_low_pts=-0.98,
        verdict_ci_high_pts=0.18,
        verdict_level=0.92,
    )
    view = html_mod._in_view(to_fractions(pd.DataFrame([row], columns=DECISION_COLUMNS)))
    assert "verdict_ci_low" not in view and view["verdict_read_from"].iloc[0] == (
        "[-0.98, +0.18] (92%)"
    )
    assert "Verdict read from" in html_mod.human_table(view)


def test_the_paired_stats_section_shows_the_verdict_interval_in_points() -> None:
    """With paired_stats carrying the verdict's interval (audit21), report.html showed it as raw
    fractions under 'verdict ci low' with a level of '1' for 99.978%: it now reads as the
    decision table's 'Verdict read from' cell."""
    t = fake_tables()
    paired = t["paired_stats"].assign(
        verdict="not enough evidence",
        verdict_ci_low_pts=-20.66,
        verdict_ci_high_pts=18.05,
        verdict_level=0.99978,
    )
    page = html_mod.render(fake_manifest(), {**t, "paired_stats": paired}, {})
    part = page[page.index("p-values, design effects") :]
    part = part[: part.index("</details>")]
    assert "[-20.66, +18.05] (99.978%)" in part and "verdict ci low" not in part.lower()


def test_the_answer_box_gives_the_interval_a_verdict_is_read_from() -> None:
    """report.html's answer said "not enough evidence - +2.6 [+0.3, +5.0] points per decision"
    (a 95% interval excluding 0 beside a verdict read from the 99.4% one): it now adds the
    interval the verdict reads, as the terminal does; a verdict the 95% one agrees with adds
    nothing."""
    row = dict.fromkeys(DECISION_COLUMNS, float("nan"))
    row.update(
        deck="D",
        opponent="O",
        card="Card",
        verdict="not enough evidence",
        delta_pts=2.6,
        ci_low_pts=0.3,
        ci_high_pts=5.0,
        verdict_ci_low_pts=-0.71,
        verdict_ci_high_pts=6.11,
        verdict_level=0.994,
        min_effect_pts=1.0,
        decisions=689,
    )
    agree = dict(row, card="Other", ci_low_pts=-0.8, verdict_ci_low_pts=-1.9)
    dec = pd.DataFrame([row, agree], columns=DECISION_COLUMNS)
    page = html_mod.render(fake_manifest(), {"gift_decisions": dec}, {})
    summary = page[page.index('<section id="summary">') : page.index("</section>")]
    assert "(the verdict reads the 99.4% interval [-0.71, +6.11])" in summary
    assert summary.count("the verdict reads the") == 1


def test_every_output_says_which_claims_share_a_family() -> None:
    """gift_decisions, gift_situations and the pod answers are each their own 5% family; the
    terminal and report.html said only 'the table's 5%' (audit21): a run's claims as a whole
    carry up to 10% (15% in pods), which they now state."""
    two = tables.families_line()
    assert two.startswith("each table is its own 5% family") and two.endswith("at most 10%")
    assert "gift_decisions" in two and "gift_situations" in two and "pod" not in two
    assert tables.families_line(pod=True).endswith("the pod answers; the whole run at most 15%")
    page = html_mod.render(fake_manifest(), fake_tables(), {})
    summary = page[page.index('<section id="summary">') : page.index("</section>")]
    assert f"Verdicts: {html.escape(two)}." in summary
    assert "Its verdicts are a 5% family of their own" in page  # the situation table


def test_counts_in_html_tables_read_as_counts():
    """Effective counts are floats (a draw counts a half): 1,443 read '1.44e+03' in the
    decision table's 'Promising worse' column."""
    df = pd.DataFrame({"card": ["A", "B"], "worse": [1443.0, 1443.5], "p_adjusted": [8e-166, 0.05]})
    out = html_mod.human_table(df)
    assert "1,443<" in out and "1,443.5<" in out and "1.44e+03" not in out
    assert "8e-166" in out and "0.05" in out  # small floats keep three significant digits


def test_the_answer_box_names_the_test_that_withholds_a_claim() -> None:
    """audit24: "not enough evidence (the verdict reads the 99.2% interval [-12.33, -0.15])":
    an interval that reads "don't promise". The exact sign test had withheld the claim (adjusted
    p 0.0675); the answer box now says so beside that interval."""
    row = dict.fromkeys(DECISION_COLUMNS, float("nan"))
    row.update(
        deck="D",
        opponent="O",
        card="Card",
        verdict="not enough evidence",
        delta_pts=-5.7,
        ci_low_pts=-10.4,
        ci_high_pts=-1.8,
        p_adjusted=0.0675,
        verdict_ci_low_pts=-12.33,
        verdict_ci_high_pts=-0.15,
        verdict_level=0.992,
        min_effect_pts=1.0,
        decisions=262,
    )
    reaches = dict(row, card="Other", verdict_ci_high_pts=0.4, p_adjusted=0.3)
    dec = pd.DataFrame([row, reaches], columns=DECISION_COLUMNS)
    page = html_mod.render(fake_manifest(), {"gift_decisions": dec}, {})
    summary = page[page.index('<section id="summary">') : page.index("</section>")]
    assert (
        "[-12.33, -0.15], which excludes 0, but the exact sign test withholds the claim "
        "(p adj. 0.0675 &gt; 0.05))" in summary
    )
    assert summary.count("sign test") == 1


def test_effective_counts_keep_their_halves() -> None:
    """audit24: a draw counts a half (and one of two forks too), so better / worse may be 7.5;
    report.html's answer cut it to 7 (int) and the terminal rounded it to 8 (so better, same and
    worse no longer added up to the decisions). Both now show 7.5, from a real aggregate."""
    from analyzer.analysis import decision_tables as dt

    yes = [1.0] * 7 + [0.5] + [0.0] * 3 + [0.0] * 89
    no = [0.0] * 7 + [0.0] + [1.0] * 3 + [0.0] * 89
    frame = pd.DataFrame(
        {
            "deck": "D",
            "opponent": "O",
            "card": "Card",
            "gift_kind": "card",
            "base_policy": "never",
            "turn": 5,
            "on_play": 1.0,
            "life": 20.0,
            "opp_life": 20.0,
            "hand": 4.0,
            "opp_hand": 4.0,
            "power": 3.0,
            "opp_power": 3.0,
            "outcome_promise": yes,
            "outcome_no_promise": no,
        }
    )
    dec = dt.aggregate(frame).decisions
    assert (dec["better"].iloc[0], dec["same"].iloc[0]) == (7.5, 89.5)  # the premise
    assert "7.5/89.5/3" in tables.decision_summary(dec)
    page = html_mod.render(fake_manifest(), {"gift_decisions": dec}, {})
    summary = page[page.index('<section id="summary">') : page.index("</section>")]
    assert "promising did better in 7.5, worse in 3;" in summary


def test_the_decision_section_says_only_what_it_shows() -> None:
    """audit24: a one-opponent run's page said "Rows pooled over all opponents come first"
    (there are none), and the folded section was titled "p-values, standard errors and the
    gain from pairing" over a table with no standard error in it."""
    t = fake_tables()
    dec = t["gift_decisions"]
    assert (dec["opponent"] == ALL_OPPONENTS).any()  # the fake run pools two opponents
    page = html_mod.render(fake_manifest(), t, {})
    assert "Rows pooled over all opponents come first." in page
    one = dec[dec["opponent"] != ALL_OPPONENTS]
    one = one[one["opponent"] == one["opponent"].iloc[0]]
    page = html_mod.render(fake_manifest(), {**t, "gift_decisions": one}, {})
    assert "come first" not in page
    part = page[page.index("<summary>p-values") :]
    part = part[: part.index("</details>")]
    assert "standard error" not in part.lower() and "design effect" in part.lower()


def test_the_situation_plots_say_which_interval_colours_them() -> None:
    """audit24: the per-turn plots draw 95% bars coloured by each bucket's verdict, which is read
    at the situation table's own share (99.938% in a gauntlet run): a bar clear of 0 showed
    grey with nothing on the page to say why. A note under 'By situation' now says it."""
    t = fake_tables()
    sit = t["gift_situations"].assign(verdict="not enough evidence", verdict_level=0.99938)
    page = html_mod.render(fake_manifest(), {**t, "gift_situations": sit}, {})
    part = page[page.index("<h2>By situation</h2>") :]
    assert "its colour is the bucket's verdict, read from its 99.938% interval" in part
    assert part.index("99.938% interval") < part.index("Situation table")

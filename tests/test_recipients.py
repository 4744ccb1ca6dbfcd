"""Answers per recipient in a pod (issue 21 item 4; analysis/recipients.py): evaluate plays each
gift card promised to each recipient rule's opponent, against never, on the same games."""

from __future__ import annotations

import html
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyzer import api
from analyzer.analysis.recipients import (
    ANSWER_COLUMNS,
    COLUMNS,
    NO_BEST,
    PHRASES,
    RULES,
    RecipientArms,
    recipient_tables,
)
from analyzer.policies.table import DEFAULT_RECIPIENT, parse_policy
from analyzer.report.recipients import answer_lines, family_level
from analyzer.report.tables import answer_line, points_ci

POD = Path(__file__).resolve().parents[1] / "decks" / "pod"
DECK = POD / "octomancer_gu.txt"
OPPONENTS = [POD / "perch_protection_wb.txt", POD / "raccoons_rg.txt", POD / "rats_ub.txt"]
# every gift card of the deck (six) is drawn and decided in these (from 24 games on); the tests
# check structure, not power
GAMES = 30


@pytest.fixture(scope="module")
def pod_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("pod") / "run"
    run = api.evaluate(
        DECK,
        OPPONENTS,
        games=GAMES,
        policies=["never"],
        forks=1,
        threads=1,
        life=40,
        plots=False,
        out=out,
    )
    return run


def test_every_gift_card_has_one_labelled_arm_per_recipient_rule(pod_run):
    t = pod_run.gift_recipients
    assert list(t.columns) == COLUMNS and list(pod_run.recipient_answers.columns) == ANSWER_COLUMNS
    cards = set(pod_run.gift_decisions["card"])
    assert cards and set(t["card"]) == cards
    for _card, rows in t.groupby("card"):
        assert sorted(rows["recipient"]) == sorted(RULES)
        assert list(rows["to_whom"]) == [PHRASES[r] for r in rows["recipient"]]
        assert rows["best"].sum() == 1
        assert (rows["games"] == GAMES).all()
    assert set(pod_run.recipient_answers["card"]) == cards


def test_intervals_hold_the_arms_win_rate_differences(pod_run):
    t = pod_run.gift_recipients
    diff = 100.0 * (t["win_rate_promise"] - t["win_rate_never"])
    assert np.allclose(t["delta_pts"], diff)
    assert ((t["ci_low_pts"] <= t["delta_pts"]) & (t["delta_pts"] <= t["ci_high_pts"])).all()
    assert (t["ci_low_pts"] < t["ci_high_pts"]).all()


def test_the_default_recipients_arm_is_the_card_arm(pod_run):
    # known answer: "always" with no to= gives the default recipient (weakest-use; the policy
    # rows are checked in test_policies), so that rule's arm is the per-card arm of
    # gift_decisions (the same games): equal to the last digit
    dec = pod_run.gift_decisions.set_index("card")
    rows = pod_run.gift_recipients[pod_run.gift_recipients["recipient"] == DEFAULT_RECIPIENT]
    assert len(rows) > 0
    for r in rows.itertuples(index=False):
        assert r.delta_pts == pytest.approx(dec.loc[r.card, "card_arm_delta_pts"], abs=1e-9)


def test_an_arm_replays_as_a_simulation_of_its_policy(pod_run):
    # known answer: the lowest-life arm of a card only this deck plays is the simulation of
    # "never; CARD=always:to=lowest-life" on the same seeds
    row = pod_run.gift_recipients.query("card == 'Octomancer' and recipient == 'lowest-life'")
    sim = api.simulate(
        DECK,
        OPPONENTS,
        games=GAMES,
        policy=("never; Octomancer=always:to=lowest-life"),
        threads=1,
        life=40,
    )
    r = sim.summary.iloc[0]
    score = (r["wins"] + 0.5 * r["draws"]) / r["games"]
    assert row["win_rate_promise"].iloc[0] == pytest.approx(score, abs=1e-12)


def test_the_first_line_says_whether_and_to_whom(pod_run):
    line = answer_line(pod_run.gift_decisions, pod_run.recipient_answers)
    for r in pod_run.recipient_answers.itertuples(index=False):
        said = str(r.answer)
        tail = said.removeprefix("promise, ") if said.startswith("promise, to ") else said
        assert f"{r.card}: " in line
        row = pod_run.gift_decisions.query("card == @r.card and opponent == @r.opponent")
        if said != row["verdict"].iloc[0] or said.startswith("promise"):
            assert tail in line
    # without the recipient answers (a two-player run) the line is the decisions' alone
    assert "to whom" not in answer_line(pod_run.gift_decisions)


def test_the_answer_line_joins_a_promise_and_its_recipient():
    # known answer: the decision table says promise for two cards; the recipient rules show
    # lowest-life best for one and no rule for the other; the same words twice are said once
    dec = pd.DataFrame(
        {
            "deck": ["D"] * 3,
            "opponent": ["A + B + C"] * 3,
            "card": ["Wear Down", "Octomancer", "Perch Protection"],
            "verdict": ["promise", "promise", "not enough evidence"],
            "depends_on": ["", "", ""],
            "more_games": [np.nan, np.nan, np.nan],
            "delta_pts": [4.3, 1.1, -2.3],
        }
    )
    rec = pd.DataFrame(
        {
            "deck": ["D"] * 3,
            "opponent": ["A + B + C"] * 3,
            "card": ["Wear Down", "Octomancer", "Perch Protection"],
            "answer": [
                "promise, to the opponent with the least life",
                "not enough evidence",
                "not enough evidence",
            ],
        }
    )
    assert answer_line(dec, rec) == (
        "the answer: Wear Down: promise (+4.3 points per decision), to the opponent with the "
        "least life; Octomancer: promise (+1.1 points per decision), to whom: not enough "
        "evidence; Perch Protection: not enough evidence (-2.3 points per decision)"
    )


def test_a_promise_says_whom_its_decisions_gave_the_gift_to():
    # known answer: each decision's promise went to its base policy's rule (decisions_to);
    # where the recipient rules showed another rule best, or none, the line says both
    cards = ["Wear Down", "Octomancer", "Long River's Pull", "Perch Protection"]
    dec = pd.DataFrame(
        {
            "deck": ["D"] * 4,
            "opponent": ["A + B + C"] * 4,
            "card": cards,
            "verdict": ["promise", "promise", "promise", "don't promise"],
            "depends_on": [""] * 4,
            "more_games": [np.nan] * 4,
            "delta_pts": [4.3, 1.1, 2.0, -2.3],
        }
    )
    rec = pd.DataFrame(
        {
            "deck": ["D"] * 4,
            "opponent": ["A + B + C"] * 4,
            "card": cards,
            "answer": [
                "promise, to the opponent with the least life",
                "not enough evidence",
                "promise, to the next opponent in turn order",
                "don't promise",
            ],
            "decisions_to": ["weakest-use", "lowest-life", "next", "weakest-use"],
        }
    )
    assert answer_line(dec, rec) == (
        "the answer: Wear Down: promise (+4.3 points per decision, given to the opponent this "
        "gift is worth least to, the biggest board left out), to the opponent with the least "
        "life; Octomancer: promise (+1.1 points per decision, given to the opponent with the "
        "least life), to whom: not enough evidence; Long River's Pull: promise (+2.0 points per "
        "decision), to the next opponent in turn order; Perch Protection: don't promise (-2.3 "
        "points per decision)"
    )


def test_a_policy_names_the_recipient_rule_of_each_card():
    spec = parse_policy("never:to=lowest-life; Wear Down=always:to=next; Octomancer=always")
    assert spec.recipient_rule("wear down") == "next"  # its override's, any case
    assert spec.recipient_rule("Octomancer") == DEFAULT_RECIPIENT  # an override without to=
    assert spec.recipient_rule("Perch Protection") == "lowest-life"  # the default rule's
    assert parse_policy("heuristic").recipient_rule("Wear Down") == DEFAULT_RECIPIENT


def test_a_pod_run_records_whom_its_decisions_promise_to(pod_run):
    # the base policy (never, no to=) promises in its forks to the default rule's opponent
    assert set(pod_run.recipient_answers["decisions_to"]) == {"weakest-use"}
    assert set(pod_run.settings["fork_recipients"]) == set(pod_run.gift_decisions["card"])
    page = (pod_run.out_dir / "report.html").read_text()
    assert "gave the gift to " + html.escape(PHRASES["weakest-use"]) in page


def test_the_answers_are_written_said_and_rendered(pod_run):
    assert (pod_run.out_dir / "gift_recipients.csv").is_file()
    assert (pod_run.out_dir / "recipient_answers.csv").is_file()
    lines = answer_lines(pod_run.recipient_answers)
    assert len(lines) == len(pod_run.recipient_answers)
    for line, r in zip(lines, pod_run.recipient_answers.itertuples(index=False), strict=True):
        assert line.startswith(f"{r.card}: {r.answer}")
        assert "points vs never" in line
    page = (pod_run.out_dir / "report.html").read_text(encoding="utf-8")
    assert "To whom? (pod)" in page and "Octomancer" in page
    # which claims share a 5% budget: the pod answers are a third family (audit21)
    assert "their own 5% family" in page
    assert "gift_situations, the pod answers; the whole run at most 15%" in page


def test_one_on_one_runs_have_no_recipient_arms(tmp_path):
    run = api.evaluate(
        DECK, [OPPONENTS[0]], games=20, policies=["never"], forks=1, threads=1, plots=False
    )
    assert run.gift_recipients.empty and run.recipient_answers.empty


# ---- the answer from the arms' joint tables (no games: known answers by construction) ----------


def _arms(effects: dict[str, float], games: int = 2000) -> RecipientArms:
    """Arms whose games are won by never with rate 0.3, each rule winning `effect` more of
    the games never lost (deterministic)."""
    never = np.zeros(games)
    never[: int(0.3 * games)] = 1.0
    arms = RecipientArms("Deck", "A + B + C", "Card")
    scores = {}
    for rule in RULES:
        s = never.copy()
        extra = int(effects.get(rule, 0.0) * games)
        if extra > 0:
            s[int(0.3 * games) : int(0.3 * games) + extra] = 1.0
        elif extra < 0:
            s[:-extra] = 0.0
        scores[rule] = s
    arms.add(scores, never)
    return arms


def test_a_clear_best_rule_is_the_answer():
    _, ans = recipient_tables([_arms({"lowest-life": 0.10, "weakest-use": 0.02})])
    r = ans.iloc[0]
    assert r["answer"] == "promise, to the opponent with the least life"
    assert r["recipient"] == "lowest-life" and r["runner_up"] == "weakest-use"
    assert r["delta_pts"] == pytest.approx(10.0) and r["margin_pts"] == pytest.approx(8.0)
    assert r["margin_ci_low_pts"] > 0


def test_every_rule_worse_means_do_not_promise():
    _, ans = recipient_tables([_arms({rule: -0.08 for rule in RULES})])
    assert ans.iloc[0]["answer"] == "don't promise"


def test_identical_arms_make_no_difference():
    by_rule, ans = recipient_tables([_arms({}, games=20000)], min_effect=1.0)
    assert (by_rule["delta_pts"] == 0).all()
    assert ans.iloc[0]["answer"] == "makes no difference"


def test_a_best_rule_shown_above_0_but_below_min_effect_makes_no_difference():
    """As in the decision table (verdicts.py), equivalence wins: +0.5 points on 200,000 games
    is shown above 0 and below min_effect, so promising is not worth acting on."""
    _, ans = recipient_tables([_arms({"lowest-life": 0.005}, games=200_000)], min_effect=1.0)
    r = ans.iloc[0]
    assert r["recipient"] == "lowest-life"
    assert r["answer_ci_low_pts"] > 0 and r["answer_ci_high_pts"] < 1.0
    assert r["margin_ci_low_pts"] > 0  # shown best too: the old order said "promise, to ..."
    assert r["answer"] == "makes no difference"


def test_no_difference_needs_every_rule_within_min_effect():
    """A best rule shown within +-min_effect does not make the card "no difference" while
    another recipient is shown to cost more than min_effect: whom to promise it to matters."""
    _, ans = recipient_tables(
        [_arms({"lowest-life": 0.005, "next": -0.05}, games=200_000)], min_effect=1.0
    )
    r = ans.iloc[0]
    assert r["recipient"] == "lowest-life" and r["answer_ci_high_pts"] < 1.0
    # it beats never (+0.5, its interval above 0 at 200,000 games) and the rule matters
    assert r["answer"] == "promise, to the opponent with the least life"


def test_pods_of_one_deck_are_pooled():
    second = _arms({"least-threat": 0.1})
    second.opponent = "D + E + F"
    _, ans = recipient_tables([_arms({"least-threat": 0.1}), second])
    assert len(ans) == 3  # two pods and their pool
    pooled = ans[ans["opponent"] == "all opponents"].iloc[0]
    assert pooled["recipient"] == "least-threat" and pooled["answer"].endswith("cards in hand")


def _noisy_arms(better: int, worse: int, card: str, games: int = 2000) -> RecipientArms:
    """lowest-life wins `better` games never lost and loses `worse` games never won; the other
    rules play as never."""
    never = np.zeros(games)
    never[: games // 2] = 1.0
    arms = RecipientArms("Deck", "A + B + C", card)
    scores = {}
    for rule in RULES:
        s = never.copy()
        if rule == "lowest-life":
            s[games // 2 : games // 2 + better] = 1.0
            s[:worse] = 0.0
        scores[rule] = s
    arms.add(scores, never)
    return arms


def test_the_answers_of_a_table_share_one_false_claim_budget():
    """Each card's answer was read at 0.05 / 5 rules whatever the number of cards: ten cards
    made ten families of 5%. +1.5 points on 2,000 games (60 better, 30 worse) stands alone but
    not as one of ten answers (90 claims)."""
    _, one = recipient_tables([_noisy_arms(60, 30, "Card")])
    assert one.iloc[0]["answer"] == "promise, to the opponent with the least life"
    assert one.iloc[0]["family_claims"] == 2 * len(RULES) - 1
    _, ten = recipient_tables([_noisy_arms(60, 30, f"Card {i}") for i in range(10)])
    assert (ten["family_claims"] == 10 * (2 * len(RULES) - 1)).all()
    assert (ten["answer"] == "not enough evidence").all()
    assert np.allclose(ten["answer_level"], 1 - 0.05 / (10 * (2 * len(RULES) - 1)))
    assert (ten["answer_ci_low_pts"] < 0).all() and (ten["ci_low_pts"] > 0).all()


def test_the_answer_names_a_recipient_only_when_it_is_shown_best():
    _, ans = recipient_tables([_arms({"lowest-life": 0.10, "next": 0.10})])
    r = ans.iloc[0]
    assert r["answer"] == NO_BEST
    assert r["margin_pts"] == pytest.approx(0.0) and r["margin_ci_low_pts"] < 0


def test_a_best_rule_tied_with_another_says_so():
    """audit24: in a pod run four rules tied at -1.0 points and the answer read "best rule
    next": the first in the rules' order, not the best. A tie with the runner-up is said."""
    _, ans = recipient_tables([_arms({"lowest-life": -0.01, "random": -0.01}, games=300)])
    r = ans.iloc[0]
    assert r["margin_pts"] == 0.0 and r["answer"] == "not enough evidence"  # the premise
    line = answer_lines(ans)[0]
    assert f"(best rule {r['recipient']}, tied with {r['runner_up']}:" in line
    _, clear = recipient_tables([_arms({"lowest-life": 0.01}, games=300)])
    assert "tied" not in answer_lines(clear)[0]


def test_the_answer_line_prints_the_interval_it_was_read_from():
    _, ans = recipient_tables([_noisy_arms(60, 30, f"Card {i}") for i in range(10)])
    r = ans.iloc[0]
    line = answer_lines(ans.head(1))[0]
    assert points_ci(r["delta_pts"], r["answer_ci_low_pts"], r["answer_ci_high_pts"]) in line
    assert points_ci(r["delta_pts"], r["ci_low_pts"], r["ci_high_pts"]) not in line
    assert family_level(ans) == (
        "99.944% intervals, Bonferroni over the table's 90 claims, each claim with its exact "
        "sign test, Holm-adjusted over them"
    )
    older = ans.drop(columns=["answer_p_holm", "margin_p_holm"])  # a folder before the tests
    assert family_level(older) == "99.944% intervals, Bonferroni over the table's 90 claims"
    assert answer_lines(older) == answer_lines(ans)  # nothing withheld here: the same words


def test_the_answers_come_in_the_decision_tables_order():
    """audit22: a pod's answers came in the deck file's order (Octomancer, Into the Flood Maw,
    ...) under a decision table sorted by card."""
    arms = []
    for card in ("Octomancer", "Into the Flood Maw", "Mind Spiral"):
        a = _arms({})
        a.card = card
        arms.append(a)
    by_rule, ans = recipient_tables(arms)
    assert list(ans["card"]) == ["Into the Flood Maw", "Mind Spiral", "Octomancer"]
    assert list(dict.fromkeys(by_rule["card"])) == list(ans["card"])


def test_a_claim_needs_its_exact_test_too():
    """audit25: the answers were read from Bonferroni intervals alone. 8 games won by
    lowest-life that never lost, none the other way, of 300: Tango's interval at 1 - 0.05 / 9
    excludes 0 (z = 8 / sqrt(8) = 2.83 > 2.77), but the exact sign test's p = 2 / 2^8 = 0.0078,
    Holm-adjusted over the 9 claims (five of them that p) is 9 x 0.0078 = 0.070 > 0.05: no
    claim. 9 such games: p = 2 / 2^9, x 9 = 0.035, the claim stands."""
    claims = 2 * len(RULES) - 1
    _, ans = recipient_tables([_noisy_arms(8, 0, "Card", games=300)])
    r = ans.iloc[0]
    assert r["answer_ci_low_pts"] > 0 and r["margin_ci_low_pts"] > 0  # the interval alone: a claim
    assert r["answer_p_holm"] == pytest.approx(claims * 2 / 2**8)
    assert r["margin_p_holm"] == pytest.approx(claims * 2 / 2**8)
    assert r["answer"] == "not enough evidence"
    line = answer_lines(ans)[0]
    assert line.endswith(
        "; the interval excludes 0, but the exact sign test, Holm-adjusted over the table's "
        "claims, does not reject: p = 0.0703)"
    )
    _, ans = recipient_tables([_noisy_arms(9, 0, "Card", games=300)])
    assert ans.iloc[0]["answer_p_holm"] == pytest.approx(claims * 2 / 2**9)
    assert ans.iloc[0]["answer"] == "promise, to the opponent with the least life"
    assert "does not reject" not in answer_lines(ans)[0]


def test_dont_promise_needs_every_arms_test():
    """Every rule loses the same 8 of 300 games never won: each arm's interval lies below 0 at
    1 - 0.05 / 9, each arm's sign test has p = 2 / 2^8, Holm over the five arms and four tied
    margins (p = 1) makes it 9 x 0.0078 = 0.070: not "don't promise". At 9 games it is."""
    games = 300
    never = np.zeros(games)
    never[: games // 2] = 1.0
    for lost, says in ((8, "not enough evidence"), (9, "don't promise")):
        s = never.copy()
        s[:lost] = 0.0
        arms = RecipientArms("Deck", "A + B + C", "Card")
        arms.add({rule: s for rule in RULES}, never)
        _, ans = recipient_tables([arms])
        r = ans.iloc[0]
        assert r["answer_ci_high_pts"] < 0
        assert r["answer_p_holm"] == pytest.approx((2 * len(RULES) - 1) * 2 / 2**lost)
        assert r["answer"] == says

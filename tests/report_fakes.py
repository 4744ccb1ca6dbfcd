"""Made-up evaluate tables and manifests with the real columns, and an HTML checker, for the
report tests (tests/test_report*.py)."""

from __future__ import annotations

from html.parser import HTMLParser

import pandas as pd

from analyzer.analysis.compare import POLICY_COLUMNS
from analyzer.analysis.decision_tables import (
    ALL_OPPONENTS,
    DECISION_COLUMNS,
    PAIRED_COLUMNS,
    SITUATION_COLUMNS,
)
from analyzer.report.writers import Manifest

PNG = b"\x89PNG\r\n\x1a\n"


class Page(HTMLParser):
    """Collects tags, image sources and links; fails on unbalanced tags."""

    VOID = frozenset({"meta", "img", "br", "hr", "link", "input"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.imgs: list[dict[str, str | None]] = []
        self.links: list[str] = []
        self.tables = 0
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "img":
            self.imgs.append(a)
        if tag == "a" and a.get("href"):
            self.links.append(str(a["href"]))
        if tag == "table":
            self.tables += 1
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"unbalanced </{tag}> (open: {self.stack[-3:]})")
            return
        self.stack.pop()


def parse(page: str) -> Page:
    p = Page()
    p.feed(page)
    p.close()
    return p


def fake_tables() -> dict[str, pd.DataFrame]:
    """Made-up tables with the real columns: two opponents and a pooled row, two cards."""
    rows = []
    for opp in ("Bats", "Frogs", ALL_OPPONENTS):
        for pol, d in (("never", 0.0), ("always", -0.02), ("random:p=0.5", -0.01)):
            # the baseline's own row has no interval (compare.policy_comparison_counts)
            lo, hi = (float("nan"),) * 2 if pol == "never" else (d - 0.01, d + 0.01)
            rows.append(["Rats", opp, pol, "never", 1000, 520, 3, 0.5215, 0.49, 0.55, d, lo, hi])
    policy = pd.DataFrame(rows, columns=POLICY_COLUMNS)
    dec_rows = []
    for opp in ("Bats", "Frogs", ALL_OPPONENTS):
        for card, kind, d, verdict, pattern in (
            ("Mind Spiral", "tapped_fish", -0.03, "don't promise", ""),
            ("Into the Flood Maw", "tapped_fish", 0.001, "not enough evidence", ""),
            ("Cruelclaw's Heist", "card", 0.05, "depends", "turn: promise when own turns 1-2"),
        ):
            dec_rows.append(
                {
                    "deck": "Rats",
                    "opponent": opp,
                    "card": card,
                    "gift_kind": kind,
                    "base_policy": "never",
                    "verdict": verdict,
                    "delta_pts": 100 * d,
                    "ci_low_pts": 100 * d - 2,
                    "ci_high_pts": 100 * d + 2,
                    "p_adjusted": 0.01,
                    "depends_on": pattern,
                    "decisions": 400,
                    "better": 60,
                    "same": 300,
                    "worse": 40,
                    "win_rate_promise": 0.5 + d,
                    "win_rate_no_promise": 0.5,
                    "decisions_per_game": 0.4,
                    "effect_per_game_pts": 40 * d,
                    "more_games": 3000.0 if verdict == "not enough evidence" else float("nan"),
                    "min_effect_pts": 1.0,
                }
            )
    dec = pd.DataFrame(dec_rows, columns=DECISION_COLUMNS)
    sit_rows = []
    for card in ("Mind Spiral", "Into the Flood Maw", "Cruelclaw's Heist"):
        for situation, b, d in (
            ("turn", "own turns 1-2", 0.04),
            ("turn", "own turns 3-4", 0.0),
            ("turn", "own turns 5-6", -0.03),
            ("turn", "own turns 7+", float("nan")),
            ("play or draw", "on the play", 0.02),
        ):
            sit_rows.append(
                {
                    "deck": "Rats",
                    "opponent": ALL_OPPONENTS,
                    "card": card,
                    "gift_kind": "card",
                    "base_policy": "never",
                    "situation": situation,
                    "bucket": b,
                    "verdict": "not enough evidence",
                    "delta_pts": 100 * d,
                    "ci_low_pts": 100 * d - 5,
                    "ci_high_pts": 100 * d + 5,
                    "p_adjusted": 0.5,
                    "decisions": 100,
                    "better": 15,
                    "same": 75,
                    "worse": 10,
                    "win_rate_promise": 0.5 + d,
                    "win_rate_no_promise": 0.5,
                    "more_games": 9000.0,
                }
            )
    sit = pd.DataFrame(sit_rows, columns=SITUATION_COLUMNS)
    paired = pd.DataFrame(
        [
            {
                "table": "gift_decisions",
                "deck": "Rats",
                "opponent": ALL_OPPONENTS,
                "card": "Mind Spiral",
                "situation": "",
                "bucket": "",
                "decisions": 400,
                "games_with_decision": 380,
                "design_effect": 1.1,
                "p_value": 0.003,
                "p_adjusted": 0.02,
                "p_equivalence_adjusted": 1.0,
            }
        ],
        columns=PAIRED_COLUMNS,
    )
    return {
        "policy_comparison": policy,
        "gift_decisions": dec,
        "gift_situations": sit,
        "paired_stats": paired,
    }


def fake_manifest(kind: str = "evaluate") -> Manifest:
    return Manifest(
        command=["gift-analyzer", "evaluate"],
        seed=3,
        games=1000,
        threads=2,
        policies=["never", "always"],
        status="complete",
        extra={
            "kind": kind,
            "baseline": "never",
            "base_policy": "never",
            "forks": 1,
            "var_reduction": 11.5,
            "decisions_evaluated": 1200,
            "warnings": ["a <warning> & more"],
        },
    )

"""The report command and run folders: a run re-rendered from its CSV files, compare runs,
runs without a report, and the errors a user meets. No games are played: the tables are made up."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner
from report_fakes import fake_tables, parse

from analyzer import api
from analyzer.analysis.compare import COMPARE_COLUMNS
from analyzer.cli import main
from analyzer.report import plots
from analyzer.report.writers import run_recorder


def _write_run(folder: Path, t: dict[str, pd.DataFrame], kind: str = "evaluate") -> None:
    with run_recorder(
        run_dir=folder,
        seed=3,
        games=1000,
        threads=2,
        policies=["never"],
        kind=kind,
        baseline="never",
        var_reduction=8.0,
    ) as rec:
        for name, df in t.items():
            rec.write_csv(f"{name}.csv", df)


def test_report_rerenders_a_run_folder(tmp_path: Path) -> None:
    t = fake_tables()
    _write_run(tmp_path, t)
    before = json.loads((tmp_path / "manifest.json").read_text())
    out = api.report(tmp_path)
    assert out == tmp_path / "report.html"
    p = parse(out.read_text(encoding="utf-8"))
    assert p.errors == []
    files = sorted(f.relative_to(tmp_path).as_posix() for f in (tmp_path / "plots").glob("*"))
    assert files and sorted(i["data-file"] for i in p.imgs) == files
    assert json.loads((tmp_path / "manifest.json").read_text()) == before  # untouched
    assert not list(tmp_path.rglob("*.tmp"))
    # the CSV round trip keeps the columns exactly
    back = api.read_tables(tmp_path)
    for name, df in t.items():
        assert list(back[name].columns) == list(df.columns)
        assert len(back[name]) == len(df)
    assert back["gift_situations"]["delta_pts"].isna().sum() == 3


def test_report_of_a_compare_run(tmp_path: Path) -> None:
    df = pd.DataFrame(
        [
            [
                "A",
                "B",
                "Bats",
                "never",
                100,
                55,
                0,
                0.55,
                0.45,
                0.64,
                50,
                0,
                0.5,
                0.4,
                0.6,
                0.05,
                0.01,
                0.09,
                6.0,
                0.02,
                float("nan"),
                0.01,  # one opponent: the answer's interval is its 95% one
                0.09,
                0.95,
                1,
            ]
        ],
        columns=COMPARE_COLUMNS,
    )
    _write_run(tmp_path, {"compare": df}, kind="compare")
    page = api.report(tmp_path).read_text(encoding="utf-8")
    p = parse(page)
    assert [i["data-file"] for i in p.imgs] == ["plots/compare_delta_by_opponent.png"]
    assert "deck comparison" in page
    assert "Deck A" in page and "A win rate [95% CI]" in page and "delta_ci_low" not in page
    # in the sentence, not the table (the run's settings below it quote the command line,
    # which can hold any word: "tests/test_answers.py")
    assert "answer" not in page.split("Deck A minus deck B")[1].split("</table>")[0]
    # the answer in words leads the page, read from the interval (report/answers.py)
    assert p.errors == [] and page.index("The answer") < page.index("Deck A minus deck B")
    assert "wins more than B" in page


def test_report_cli_and_its_errors(tmp_path: Path) -> None:
    _write_run(tmp_path / "run", fake_tables())
    res = CliRunner().invoke(main, ["report", str(tmp_path / "run"), "--no-plots"])
    assert res.exit_code == 0, res.output
    assert "report.html" in res.stdout
    assert not (tmp_path / "run" / "plots").exists()
    # not a run folder
    (tmp_path / "empty").mkdir()
    res = CliRunner().invoke(main, ["report", str(tmp_path / "empty")])
    assert res.exit_code == 2 and "no manifest.json" in res.stderr
    # an interrupted run has no tables to report
    with pytest.raises(KeyboardInterrupt), run_recorder(run_dir=tmp_path / "cut", kind="evaluate"):
        raise KeyboardInterrupt
    res = CliRunner().invoke(main, ["report", str(tmp_path / "cut")])
    assert res.exit_code == 2 and "interrupted" in res.stderr


@pytest.mark.parametrize("kind", ["simulate", "cardstats"])
def test_report_of_a_run_without_a_report_names_its_kind(tmp_path: Path, kind: str) -> None:
    """A simulate or cardstats folder was refused as 'no policy_comparison, gift_decisions,
    gift_situations table in this run folder', as if tables were missing from an evaluate run."""
    with run_recorder(run_dir=tmp_path / "run", kind=kind):
        pass
    res = CliRunner().invoke(main, ["report", str(tmp_path / "run")])
    assert res.exit_code == 2
    assert f"this is a {kind} run, which has no report" in res.stderr
    assert "table in this run folder" not in res.stderr


def test_slug() -> None:
    assert plots.slug("Cruelclaw's Heist") == "cruelclaw_s_heist"
    assert plots.slug("???") == "x"


# ---------------------------------------------------------------------------------------------
# the answer first (issue 16 item 10)

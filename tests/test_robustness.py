"""Runs never corrupt each other or fail ugly (issue 16 item 12): every case through the CLI
with click's CliRunner. Most cases stop at input checking, before any game; the others play
a handful of games (or fake the games where only the bookkeeping is under test)."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import ClassVar

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.cli.common import LineProgress
from analyzer.report import writers
from analyzer.report.writers import LOCK_NAME, run_recorder

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "decks"
RATS, BATS = DECKS / "ub_rats_threshold.txt", DECKS / "wb_bats_lifegain.txt"
NO_GIFT = Path(__file__).parent / "fixtures" / "evaluate" / "no_gift.txt"


def _cli(args: list[str]) -> tuple[int, str, str]:
    res = CliRunner().invoke(main, [str(a) for a in args])
    if res.exception and not isinstance(res.exception, SystemExit):
        raise res.exception
    return res.exit_code, res.stdout, res.stderr


def _quick(out: Path, *extra: str) -> list[str]:
    return [
        "evaluate",
        NO_GIFT,
        "--vs",
        BATS,
        "--games",
        "4",
        "--forks",
        "0",
        "--policies",
        "never",
        "--no-plots",
        "--out",
        out,
        *extra,
    ]


# ---------------------------------------------------------------------------------------------
# the output folder


def test_unwritable_out_exits_2_with_a_message(tmp_path: Path, monkeypatch) -> None:
    # a path through a regular file can never be a folder
    (tmp_path / "file").write_text("x")
    code, _, err = _cli(_quick(tmp_path / "file" / "run"))
    assert code == 2 and "cannot write to the output folder" in err and "Traceback" not in err
    # a read-only file system (simulated: tests run as root, which ignores permission bits)
    ro = tmp_path / "ro"
    ro.mkdir()
    real_open = os.open

    def read_only(path, *args, **kwargs):
        if str(path).startswith(str(ro)):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(writers.os, "open", read_only)
    code, _, err = _cli(_quick(ro))
    assert code == 2 and "Read-only file system" in err and "--out" in err
    assert list(ro.iterdir()) == []


def test_two_runs_into_one_folder_never_mix(tmp_path: Path) -> None:
    out = tmp_path / "run"
    out.mkdir()
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        (out / LOCK_NAME).write_text(f"{live.pid} {os.uname().nodename}")
        code, _, err = _cli(_quick(out))
        assert code == 2 and f"another run (pid {live.pid})" in err
        assert sorted(p.name for p in out.iterdir()) == [LOCK_NAME]  # nothing written
    finally:
        live.kill()
        live.wait()
    # the same lock left by a process that is gone: taken over, and released at the end
    code, _, err = _cli(_quick(out))
    assert code == 0, err
    assert not (out / LOCK_NAME).exists()
    assert json.loads((out / "manifest.json").read_text())["status"] == "complete"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_a_killed_run_not_yet_reaped_does_not_hold_the_folder(tmp_path: Path) -> None:
    """A run killed under a parent that has not waited for it is a zombie: kill(pid, 0) still
    succeeds, but it writes nothing any more, so its lock is taken over."""
    out = tmp_path / "run"
    out.mkdir()
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    try:
        deadline = time.monotonic() + 30
        while "Z" not in Path(f"/proc/{dead.pid}/stat").read_text().rpartition(")")[2][:3]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        (out / LOCK_NAME).write_text(f"{dead.pid} {os.uname().nodename}")
        code, _, err = _cli(_quick(out))
        assert code == 0, err
        assert not (out / LOCK_NAME).exists()
    finally:
        dead.wait()


def test_no_stale_file_of_an_older_run_stays(tmp_path: Path) -> None:
    out = tmp_path / "run"
    with run_recorder(run_dir=out, kind="evaluate") as rec:  # an older run, other cards
        rec.write_csv("gift_situations.csv", pd.DataFrame({"old": [1]}))
        rec.write_bytes("plots/delta_by_turn_old_card.png", b"png")
    (out / "notes.txt").write_text("mine")  # not a run's file: left alone
    code, _, err = _cli(_quick(out))
    assert code == 0, err
    assert not (out / "plots" / "delta_by_turn_old_card.png").exists()
    assert "old" not in (out / "gift_situations.csv").read_text()
    assert (out / "notes.txt").read_text() == "mine"
    man = json.loads((out / "manifest.json").read_text())
    assert set(man["outputs"]) == {
        p.relative_to(out).as_posix()
        for p in out.rglob("*")
        if p.is_file() and p.name not in ("manifest.json", "notes.txt")
    }


def test_ctrl_c_keeps_the_finished_matchups_tables(tmp_path: Path, monkeypatch) -> None:
    """Interrupted in the second matchup: the first one's tables are written and the manifest
    says interrupted and partial. (The games are faked: only the bookkeeping is tested.)"""
    from analyzer.analysis import compare as cmp

    calls = []

    class Res:
        threads = 1
        extra: ClassVar[dict] = {}

    def fake_arm(
        decks,
        catalog,
        *,
        games,
        seed,
        policy,
        threads,
        starting_life,
        progress=None,
        levels=None,
        first_game=0,
    ):
        calls.append(decks[1].name)
        if len(set(calls)) > 1:
            raise KeyboardInterrupt
        return np.tile([1.0, 0.0], games // 2), Res()

    monkeypatch.setattr(cmp, "play_arm", fake_arm)
    out = tmp_path / "run"
    code, _, err = _cli(
        [
            "evaluate",
            NO_GIFT,
            "--games",
            "10",
            "--forks",
            "0",
            "--policies",
            "never,always",
            "--no-plots",
            "--out",
            out,
        ]
    )
    assert code == 130
    assert "tables of the 1 finished matchup(s) of 9" in err
    man = json.loads((out / "manifest.json").read_text())
    assert man["status"] == "interrupted" and man["extra"]["partial"] is True
    assert man["extra"]["matchups_finished"] == 1
    pc = pd.read_csv(out / "policy_comparison.csv")
    assert list(pc["opponent"]) == [calls[0]] * 2
    assert "partial results" in (out / "report.html").read_text()
    assert not (out / LOCK_NAME).exists()


# ---------------------------------------------------------------------------------------------
# inputs


def test_binary_or_non_utf8_scenario_is_a_clean_error(tmp_path: Path) -> None:
    binary = tmp_path / "pic.toml"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    code, _, err = _cli(["scenario", binary])
    assert code == 2 and "binary" in err and "Traceback" not in err
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b"[game]\n# caf\xe9\n")
    code, _, err = _cli(["scenario", latin])
    assert code == 2 and "not UTF-8" in err and "latin.toml:2" in err


def test_every_policy_problem_at_once_with_did_you_mean(tmp_path: Path) -> None:
    code, _, err = _cli(
        [
            "evaluate",
            RATS,
            "--vs",
            BATS,
            "--policies",
            "alwyas,nevr",
            "--opp-policy",
            "radom",
            "--out",
            tmp_path / "x",
        ]
    )
    lines = [line for line in err.splitlines() if line.startswith("error:")]
    assert code == 2 and len(lines) == 3, err
    assert "did you mean 'always'?" in err and "did you mean 'never'?" in err
    assert "did you mean 'random'?" in err
    assert "--policies" in err and "--opp-policy" in err
    assert not (tmp_path / "x").exists()
    pol = tmp_path / "bad.toml"
    pol.write_text(
        'policy = "never"\n[cards]\n"Mind Spiral" = "alway"\n'
        '"Into the Flood Maw" = "random:q=0.5"\n"Mind Spirl" = "never"\n'
    )
    code, _, err = _cli(["simulate", RATS, "--vs", BATS, "--policy-file", pol, "--games", "2"])
    assert code == 2, err
    assert "did you mean 'always'?" in err and "no parameter 'q'" in err
    assert "bad.toml:3" in err and "bad.toml:4" in err
    pol.write_text('policy = "never"\n[cards]\n"Mind Spirl" = "always"\n')
    code, _, err = _cli(["simulate", RATS, "--vs", BATS, "--policy-file", pol, "--games", "2"])
    assert code == 2 and "did you mean 'Mind Spiral'?" in err


def test_override_for_a_card_not_in_the_deck_warns(tmp_path: Path) -> None:
    code, _, err = _cli(_quick(tmp_path / "r", "--policies", "always; Mind Spiral=never"))
    assert code == 0, err
    assert (
        "warning: policy 'always; Mind Spiral=never': the override for 'Mind Spiral' "
        "changes nothing: WR No Gift: vanilla beaters has no Mind Spiral" in err
    )
    man = json.loads((tmp_path / "r" / "manifest.json").read_text())
    assert any("Mind Spiral" in w for w in man["extra"]["warnings"])


def test_policy_file_wherever_a_policy_is_taken(tmp_path: Path) -> None:
    pol = tmp_path / "always.toml"
    pol.write_text('policy = "always"\n')
    for command in ("simulate", "evaluate", "compare", "cardstats"):
        res = CliRunner().invoke(main, [command, "--help"])
        assert "--policy-file" in res.stdout, command
    code, _, err = _cli(_quick(tmp_path / "r", "--policy-file", pol))
    assert code == 0, err
    pc = pd.read_csv(tmp_path / "r" / "policy_comparison.csv")
    assert list(pc["policy"]) == ["never", f"file {pol}"]
    assert (pc["delta_vs_baseline_pts"] == 0).all()  # a gift-free deck: the same games
    bad = tmp_path / "bad.toml"
    bad.write_text('policy = "sometimes"\n')
    for args in (
        ["compare", RATS, RATS, "--vs", BATS, "--policy-file", bad],
        ["cardstats", RATS, "--vs", BATS, "--policy-file", bad],
    ):
        code, _, err = _cli(args)
        assert code == 2 and "bad.toml" in err and "unknown policy 'sometimes'" in err, args


def test_progress_outside_a_terminal_is_a_line_every_10_percent(tmp_path: Path) -> None:
    code, _, err = _cli(_quick(tmp_path / "r", "--games", "40"))
    assert code == 0, err
    lines = [line for line in err.splitlines() if line.startswith("games: ")]
    assert lines and lines[-1].startswith("games: 100% (40 of 40)")
    assert len(lines) <= 10 and "\r" not in err

    now = [0.0]
    printed: list[str] = []
    import click

    orig = click.echo
    try:
        click.echo = lambda msg=None, **kw: printed.append(str(msg))  # type: ignore[assignment]
        p = LineProgress(1000, "games", clock=lambda: now[0])
        p.update(50)  # 5%, no time passed: quiet
        now[0] = 31.0
        p.update(10)  # still under 10%, but 30 s passed
        p.update(40)  # 10%
    finally:
        click.echo = orig
    assert [s.split(",")[0] for s in printed] == ["games: 6% (60 of 1", "games: 10% (100 of 1"]


def test_many_capacity_warnings_fold_into_one_line_when_a_run_folder_holds_them(capsys) -> None:
    from analyzer.cli.common import CAPACITY_LINES_SHOWN, CAPACITY_WARNING, echo_warnings

    cap = [
        f"A vs B (arm {i}): {CAPACITY_WARNING} (counted as draws): {{'battlefield': 1}}"
        for i in range(CAPACITY_LINES_SHOWN + 1)
    ]
    echo_warnings(["an override names no card of the deck", *cap], "results/run-1")
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "warning: an override names no card of the deck"
    assert len(err) == 2 and err[1].startswith(f"warning: {len(cap)} runs met a record capacity")
    assert "results/run-1/manifest.json" in err[1] and cap[0] in err[1]
    # without a run folder nothing else keeps them: every line is printed
    echo_warnings(cap, None)
    assert capsys.readouterr().err.splitlines() == [f"warning: {w}" for w in cap]
    # a few are printed as they are
    echo_warnings(cap[:CAPACITY_LINES_SHOWN], "results/run-1")
    assert len(capsys.readouterr().err.splitlines()) == CAPACITY_LINES_SHOWN

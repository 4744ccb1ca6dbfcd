"""Result files: atomic writes, run folders, manifest lifecycle, interruption by signals."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from analyzer import RULES_VERSION, __version__
from analyzer.report import writers as w


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*.tmp"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_atomic_write_to_a_pipe_or_device_writes_into_it(tmp_path: Path) -> None:
    """`tune --out /dev/null` renamed its temp file over /dev/null, which became a regular file
    (audit21, run as root); a path that is a device or pipe is now written into, not replaced.
    Shown here with a named pipe rather than a device."""
    import stat

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(
        target=lambda: got.append(fifo.read_text(encoding="utf-8")), daemon=True
    )
    reader.start()
    w.atomic_write_text(fifo, "policy = 'never'\n")
    reader.join(timeout=10)
    assert got == ["policy = 'never'\n"]
    assert stat.S_ISFIFO(fifo.stat().st_mode) and not _leftovers(tmp_path)


class ExplodingFrame(pd.DataFrame):
    """A DataFrame whose to_csv writes half a file, then fails (a crash mid-write)."""

    exc: type[BaseException] = RuntimeError

    def to_csv(self, path_or_buf: Any = None, *args: Any, **kwargs: Any) -> Any:
        path_or_buf.write("deck,opponent,win_rate\nhalf,a,")
        path_or_buf.flush()
        raise self.exc("disk on fire")


# --- atomic writes -------------------------------------------------------------------------------


def test_csv_roundtrip(tmp_path: Path) -> None:
    df = pd.DataFrame({"deck": ["BG", "UW"], "win_rate": [0.5, np.nan], "n": [10, 0]})
    path = w.atomic_write_csv(tmp_path / "summary.csv", df)
    assert path.read_text() == "deck,win_rate,n\nBG,0.5,10\nUW,,0\n"
    pd.testing.assert_frame_equal(pd.read_csv(path), df, check_dtype=False)
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("exc", [RuntimeError, KeyboardInterrupt])
def test_failed_csv_write_keeps_old_file(tmp_path: Path, exc: type[BaseException]) -> None:
    target = tmp_path / "policy_comparison.csv"
    w.atomic_write_csv(target, pd.DataFrame({"a": [1, 2]}))
    before = target.read_bytes()
    bad = ExplodingFrame({"a": [3]})
    bad.exc = exc
    with pytest.raises(exc):
        w.atomic_write_csv(target, bad)
    assert target.read_bytes() == before
    assert _leftovers(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["policy_comparison.csv"]


def test_failed_first_write_leaves_nothing(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError):
        w.atomic_write_csv(tmp_path / "new.csv", ExplodingFrame({"a": [1]}))
    assert list(tmp_path.iterdir()) == []


def test_text_bytes_json_and_subfolders(tmp_path: Path) -> None:
    w.atomic_write_text(tmp_path / "report.html", "<p>ok</p>\r\n")
    assert (tmp_path / "report.html").read_bytes() == b"<p>ok</p>\r\n"  # no newline mangling
    w.atomic_write_bytes(tmp_path / "plots" / "delta.png", b"\x89PNG")
    assert (tmp_path / "plots" / "delta.png").read_bytes() == b"\x89PNG"
    obj = {
        "n": np.int64(3),
        "rate": np.float64(0.25),
        "ci": np.array([0.1, np.nan]),
        "inf": math.inf,
        "path": tmp_path / "x",
        "flag": np.bool_(True),
        "t": (1, 2),
    }
    w.atomic_write_json(tmp_path / "m.json", obj)
    text = (tmp_path / "m.json").read_text()
    assert "NaN" not in text and "Infinity" not in text
    assert json.loads(text) == {
        "n": 3,
        "rate": 0.25,
        "ci": [0.1, None],
        "inf": None,
        "path": str(tmp_path / "x"),
        "flag": True,
        "t": [1, 2],
    }
    with pytest.raises(TypeError):
        w.atomic_write_json(tmp_path / "bad.json", {"x": object()})
    assert not (tmp_path / "bad.json").exists() and _leftovers(tmp_path) == []


def test_permissions_follow_umask(tmp_path: Path) -> None:
    if os.name != "posix":
        pytest.skip("POSIX permissions")
    old = os.umask(0o022)
    try:
        path = w.atomic_write_text(tmp_path / "x.txt", "x")
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == 0o644  # not mkstemp's 0o600


def test_parquet_needs_engine_or_works(tmp_path: Path) -> None:
    df = pd.DataFrame({"a": [1, 2]})
    try:
        w.atomic_write_parquet(tmp_path / "t.parquet", df)
    except ImportError:
        assert list(tmp_path.iterdir()) == []  # no engine: nothing written, nothing left over
    else:
        pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "t.parquet"), df)


# --- run folders --------------------------------------------------------------------------------


def test_run_dirs_unique_and_sortable(tmp_path: Path) -> None:
    made = [w.new_run_dir(tmp_path, "evaluate") for _ in range(300)]
    names = [p.name for p in made]
    assert len(set(names)) == 300
    assert names == sorted(names)  # creation order is name order
    assert all(p.is_dir() and p.parent == tmp_path for p in made)
    assert names[0].split("-")[1] == "evaluate"
    assert w.new_run_id("my run/../x").count("/") == 0  # prefix cannot escape the folder


def test_run_dirs_unique_across_threads(tmp_path: Path) -> None:
    found: list[Path] = []
    lock = threading.Lock()

    def work() -> None:
        mine = [w.new_run_dir(tmp_path, "t") for _ in range(50)]
        with lock:
            found.extend(mine)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({p.name for p in found}) == 400 == len(list(tmp_path.iterdir()))


# --- manifest and run recorder -------------------------------------------------------------------


def test_run_recorder_complete(tmp_path: Path) -> None:
    deck = tmp_path / "bg.txt"
    deck.write_text("4 Forest\n")
    entry = w.DeckEntry.from_file(deck, coverage={"exact": 4})
    with w.run_recorder(
        tmp_path / "results",
        "evaluate",
        command=["gift-analyzer", "evaluate"],
        seed=7,
        games=100,
        threads=2,
        decks=[entry],
        policies=["never"],
        forks=3,
    ) as rec:
        first = json.loads((rec.dir / "manifest.json").read_text())
        assert first["status"] == "running"
        with rec.phase("simulate"):
            rec.write_csv("policy_comparison.csv", pd.DataFrame({"a": [1]}))
        rec.write_bytes("plots/delta_by_card.png", b"png")
    m = json.loads((rec.dir / "manifest.json").read_text())
    assert m["status"] == "complete" and m["error"] is None
    assert (m["version"], m["rules_version"]) == (__version__, RULES_VERSION)
    assert list(m)[:2] == ["version", "rules_version"]
    assert m["command"] == ["gift-analyzer", "evaluate"]
    assert (m["seed"], m["games"], m["threads"], m["policies"]) == (7, 100, 2, ["never"])
    assert m["decks"] == [
        {"path": str(deck), "name": "bg", "coverage": {"exact": 4}, "sha256": w.sha256_file(deck)}
    ]
    assert m["extra"] == {"forks": 3}
    assert m["outputs"] == ["policy_comparison.csv", "plots/delta_by_card.png"]
    assert {"started_utc", "finished_utc", "elapsed_s", "simulate_s"} <= set(m["timings"])
    assert w.Manifest.read(rec.dir).decks[0].sha256 == entry.sha256
    assert _leftovers(rec.dir) == []


def test_run_recorder_interrupted_and_failed(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError), w.run_recorder(tmp_path, "x") as rec:
        rec.write_csv("ok.csv", pd.DataFrame({"a": [1]}))
        rec.write_csv("half.csv", ExplodingFrame({"a": [1]}))  # default exc: RuntimeError
    m = w.Manifest.read(rec.dir)
    assert m.status == "failed" and "disk on fire" in (m.error or "")
    assert sorted(p.name for p in rec.dir.iterdir()) == ["manifest.json", "ok.csv"]

    with pytest.raises(KeyboardInterrupt), w.run_recorder(run_dir=tmp_path / "out") as rec:
        raise KeyboardInterrupt
    assert w.Manifest.read(tmp_path / "out").status == "interrupted"


def test_deck_entry_from_text() -> None:
    e = w.DeckEntry.from_text("4 Forest\n", "bundled BG")
    assert e.path == "<embedded>" and len(e.sha256) == 64


_CHILD = textwrap.dedent(
    """
    import signal, sys, time
    from pathlib import Path
    import pandas as pd
    from analyzer.report import writers as w

    signal.signal(signal.SIGINT, signal.default_int_handler)  # even if the parent ignores it
    out = Path(sys.argv[1])

    class Slow(pd.DataFrame):
        def to_csv(self, buf, *a, **k):
            buf.write("deck,win_rate\\n" + "BG,0.5\\n" * 1000)
            buf.flush()
            (out / "READY").touch()
            time.sleep(60)  # the signal lands here, mid-CSV

    with w.run_recorder(run_dir=out / "run", games=10) as rec:
        rec.write_csv("summary.csv", pd.DataFrame({"a": [1]}))
        rec.write_csv("games.csv", Slow({"a": [1]}))
    """
)


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_signal_mid_csv_leaves_no_partial_file(tmp_path: Path, sig: signal.Signals) -> None:
    script = tmp_path / "child.py"
    script.write_text(_CHILD)
    proc = subprocess.Popen(
        [sys.executable, str(script), str(tmp_path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "READY").exists():
            assert proc.poll() is None, proc.communicate()[1].decode()
            assert time.monotonic() < deadline, "child never reached the slow write"
            time.sleep(0.02)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode != 0
    run = tmp_path / "run"
    m = json.loads((run / "manifest.json").read_text())
    assert m["status"] == "interrupted", err.decode()
    assert m["outputs"] == ["summary.csv"]
    assert sorted(p.name for p in run.iterdir()) == ["manifest.json", "summary.csv"]
    assert _leftovers(run) == []


@pytest.mark.parametrize(
    "argv0",
    ["/home/u/src/gift-analyzer/analyzer/__main__.py", "/home/u/.venv/bin/gift-analyzer"],
)
def test_manifest_command_is_the_command_a_user_types(
    monkeypatch, tmp_path: Path, argv0: str
) -> None:
    """It recorded argv[0] as it came: python -m analyzer wrote a machine path to
    analyzer/__main__.py into manifest.json and report.html's run details."""
    monkeypatch.setattr(sys, "argv", [argv0, "simulate", "--games", "5"])
    assert w.Manifest().command == ["gift-analyzer", "simulate", "--games", "5"]
    with w.run_recorder(tmp_path / "run", "simulate") as rec:
        pass
    m = json.loads((rec.dir / "manifest.json").read_text(encoding="utf-8"))
    assert m["command"] == ["gift-analyzer", "simulate", "--games", "5"]
    monkeypatch.setattr(sys, "argv", ["/x/some_script.py", "--flag"])
    assert w.Manifest().command == ["/x/some_script.py", "--flag"]


def test_a_folder_of_files_appears_whole_or_not_at_all(tmp_path: Path) -> None:
    """write_folder (the game logs): every file under the folder, each listed once in the
    manifest's outputs; an earlier folder of that name is replaced whole, in the outputs too;
    a failure half-way leaves the earlier folder and no temp folder."""

    def files(n: int, fail_at: int = -1):
        for i in range(n):
            if i == fail_at:
                raise RuntimeError("half-way")
            yield f"{i % 2}/{i}.txt", f"file {i}\n"

    with w.run_recorder(tmp_path, "simulate") as rec:
        rec.write_csv("games.csv", pd.DataFrame({"a": [1]}))
        rec.write_folder("logs", files(3))
        with pytest.raises(RuntimeError):
            rec.write_folder("logs", files(5, fail_at=4))
        assert (rec.dir / "logs" / "0" / "2.txt").read_text() == "file 2\n"
        assert not (rec.dir / "logs" / "1" / "3.txt").exists()  # the failed folder's
        rec.write_folder("logs", files(2))  # replaces the three files with two
    assert sorted(str(p.relative_to(rec.dir)) for p in rec.dir.rglob("*.txt")) == [
        "logs/0/0.txt",
        "logs/1/1.txt",
    ]
    m = json.loads((rec.dir / "manifest.json").read_text())
    assert m["outputs"] == ["games.csv", "logs/0/0.txt", "logs/1/1.txt"]
    assert _leftovers(rec.dir) == [] and [p.name for p in rec.dir.iterdir() if p.is_dir()] == [
        "logs"
    ]

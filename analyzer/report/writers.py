"""Result files that are never half-written: atomic writers, run folders, the run manifest.

Every file goes through ``atomic_open``: it is written to a hidden temp file in the *same*
folder (``.<name>.<random>.tmp``; same filesystem, so the rename is atomic), flushed and
fsync'ed, then ``os.replace``d over the target and the folder entry fsync'ed. Readers see the
old file or the new one, never a mix. On any exception, KeyboardInterrupt included, the temp
file is removed and the old file is untouched. Only SIGKILL or power loss can leave a temp
file behind; its leading dot and ``.tmp`` suffix keep it out of ``*.csv`` globs.

A run lives in ``results/<run-id>/``; ``run_recorder`` creates it, keeps ``manifest.json``
current (status ``running`` -> ``complete``, ``interrupted`` on Ctrl-C or SIGTERM, ``failed``
with the error on any other exception) and times named phases.

A run folder is held by one run at a time: ``run_lock`` creates ``.gift-analyzer.lock``
(pid and host) exclusively, so a second run into the same folder is refused while the first
is alive (a lock left by a dead process on this host is taken over). A run that reuses a
folder first removes the files the previous run's manifest lists, so no stale table or plot
of an older run stays beside the new ones; files the runs did not write are left alone.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import io
import json
import math
import os
import re
import secrets
import shutil
import signal
import sys
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any

import pandas as pd

from analyzer import RULES_VERSION, __version__
from analyzer.errors import InputError, Problem
from analyzer.interrupts import acknowledge, sticky_interrupts

MANIFEST_NAME = "manifest.json"
LOCK_NAME = ".gift-analyzer.lock"
RUNNING, COMPLETE, INTERRUPTED, FAILED = "running", "complete", "interrupted", "failed"


# ---------------------------------------------------------------------------------------------
# atomic writes


def fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX only; Windows cannot open a folder for fsync)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@contextlib.contextmanager
def atomic_open(
    path: str | os.PathLike[str], mode: str = "w", encoding: str = "utf-8", newline: str | None = ""
) -> Iterator[IO[Any]]:
    """Open ``path`` for writing through a temp file that replaces it only on success.

    ``mode`` is "w" (text; newline="" keeps pandas' and csv's own line endings) or "wb".
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_open writes only, mode 'w' or 'wb', got {mode!r}")
    target = Path(path)
    if target.exists() and not target.is_file() and not target.is_dir():
        # a device or pipe (--out /dev/null, /dev/stdout): write to it; renaming a temp file
        # over it replaced /dev/null itself with a regular file
        extra = {} if mode == "wb" else {"encoding": encoding, "newline": newline}
        with open(target, mode, **extra) as fh:
            yield fh
        return
    folder = target.parent
    folder.mkdir(parents=True, exist_ok=True)
    while True:
        tmp = folder / f".{target.name}.{secrets.token_hex(6)}.tmp"
        try:
            # O_EXCL: never share a temp file; 0o666 lets the umask set the usual permissions
            fd = os.open(
                tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666
            )
            break
        except FileExistsError:
            continue
    try:
        if mode == "wb":
            fh: IO[Any] = os.fdopen(fd, "wb")
        else:
            fh = os.fdopen(fd, "w", encoding=encoding, newline=newline)
        with fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(folder)


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write bytes atomically; returns the path."""
    with atomic_open(path, "wb") as fh:
        fh.write(data)
    return Path(path)


def atomic_write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> Path:
    """Write text atomically (no newline translation); returns the path."""
    with atomic_open(path, "w", encoding=encoding) as fh:
        fh.write(text)
    return Path(path)


def to_jsonable(obj: Any) -> Any:
    """Plain JSON values: numpy scalars/arrays, paths, sets, dataclasses; nan/inf -> null.

    JSON has no nan; Python would write the non-standard ``NaN`` that other readers reject.
    """
    if isinstance(obj, dict):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple, set, frozenset)):
        return [to_jsonable(v) for v in obj]
    if hasattr(obj, "__dataclass_fields__") and not isinstance(obj, type):
        return to_jsonable(asdict(obj))
    if isinstance(obj, os.PathLike):
        return os.fspath(obj)
    if hasattr(obj, "tolist") and callable(obj.tolist):  # numpy scalars and arrays
        return to_jsonable(obj.tolist())
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    if obj is None or isinstance(obj, (str, int, float, bool)):
        return obj
    raise TypeError(f"cannot write {type(obj).__name__} to JSON: {obj!r}")


def atomic_write_json(path: str | os.PathLike[str], obj: Any, indent: int = 2) -> Path:
    """Write ``obj`` as UTF-8 JSON atomically (see ``to_jsonable``); returns the path."""
    text = json.dumps(to_jsonable(obj), indent=indent, ensure_ascii=False, allow_nan=False)
    return atomic_write_text(path, text + "\n")


def atomic_write_csv(path: str | os.PathLike[str], df: pd.DataFrame, **to_csv: Any) -> Path:
    """Write a DataFrame as CSV atomically: no index, "\\n" line ends, nan as an empty cell."""
    options: dict[str, Any] = {"index": False, "lineterminator": "\n"}
    options.update(to_csv)
    with atomic_open(path, "w") as fh:
        df.to_csv(fh, **options)
    return Path(path)


def atomic_write_parquet(path: str | os.PathLike[str], df: pd.DataFrame, **to_parquet: Any) -> Path:
    """Write a DataFrame as Parquet atomically (needs pyarrow or fastparquet installed)."""
    buf = io.BytesIO()
    df.to_parquet(buf, index=False, **to_parquet)
    return atomic_write_bytes(path, buf.getvalue())


# ---------------------------------------------------------------------------------------------
# run folders


_counter_lock = threading.Lock()
_counter = 0


def new_run_id(prefix: str = "") -> str:
    """Sortable, collision-resistant id: ``20250207T120102.123456Z-<prefix>-<pid counter rand>``.

    UTC timestamp first so ids sort by start time whatever the prefix; then a process counter
    and random hex so two runs in the same microsecond (threads, processes) still differ.
    """
    global _counter
    with _counter_lock:
        _counter += 1
        count = _counter
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%S.%fZ")
    clean = re.sub(r"[^A-Za-z0-9_]+", "_", prefix).strip("_")
    parts = [stamp, clean] if clean else [stamp]
    return "-".join([*parts, f"{count:03d}{secrets.token_hex(3)}"])


def new_run_dir(base: str | os.PathLike[str] = "results", prefix: str = "") -> Path:
    """Create and return a fresh ``base/<run-id>/`` (exclusive mkdir, so never an existing one)."""
    root = Path(base)
    root.mkdir(parents=True, exist_ok=True)
    while True:
        candidate = root / new_run_id(prefix)
        try:
            candidate.mkdir()
            return candidate
        except FileExistsError:
            continue


# ---------------------------------------------------------------------------------------------
# manifest


def sha256_file(path: str | os.PathLike[str]) -> str:
    """Hex sha256 of a file's bytes."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


@dataclass
class DeckEntry:
    """A deck as the manifest records it; sha256 of the file (or of the text when embedded)."""

    path: str
    name: str
    sha256: str
    coverage: Any = None  # e.g. {"exact": 38, "approximate": 2, "unsupported": 0}

    @classmethod
    def from_file(
        cls, path: str | os.PathLike[str], name: str | None = None, coverage: Any = None
    ) -> DeckEntry:
        """Hash a deck file on disk."""
        p = Path(path)
        return cls(os.fspath(p), name or p.stem, sha256_file(p), coverage)

    @classmethod
    def from_text(
        cls, text: str, name: str, path: str = "<embedded>", coverage: Any = None
    ) -> DeckEntry:
        """Hash a bundled or pasted deck list (UTF-8 bytes of the text)."""
        return cls(path, name, hashlib.sha256(text.encode("utf-8")).hexdigest(), coverage)


def _utc_now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def command_line() -> list[str]:
    """This process's command line as a user would type it again: `python -m analyzer` and the
    installed script are both `gift-analyzer` (argv[0] is a machine path:
    .../analyzer/__main__.py or .../bin/gift-analyzer); other programs keep theirs."""
    argv = list(sys.argv)
    head = Path(argv[0]) if argv else Path()
    ours = head.name == "__main__.py" and head.parent.name == "analyzer"
    if ours or head.name == "gift-analyzer":
        return ["gift-analyzer", *argv[1:]]
    return argv


@dataclass
class Manifest:
    """What a run was, how far it got, and how long each part took."""

    command: list[str] = field(default_factory=command_line)
    seed: int | None = None
    games: int | None = None
    threads: int | None = None
    decks: list[DeckEntry] = field(default_factory=list)
    policies: list[Any] = field(default_factory=list)
    player: str | None = None  # the built-in player's level of every seat (enums.PlayerLevel)
    opp_player: str | None = None  # of seats 1 and up (the same as `player` unless set)
    opening_hands: str | None = None  # how opening sevens are dealt (enums.OPENING_HANDS_NAMES)
    status: str = RUNNING
    timings: dict[str, Any] = field(default_factory=dict)  # started/finished UTC, seconds
    outputs: list[str] = field(default_factory=list)  # files completed so far, run-relative
    extra: dict[str, Any] = field(default_factory=dict)  # command-specific settings
    error: str | None = None
    version: str = __version__
    rules_version: str = RULES_VERSION
    engine: str | None = None  # hash of the kernel's sources (kernel/runtime/config.source_hash)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object, version fields first."""
        data = asdict(self)
        head = {
            "version": data.pop("version"),
            "rules_version": data.pop("rules_version"),
            "engine": data.pop("engine"),
        }
        return {**head, **data}

    def write(self, run_dir: str | os.PathLike[str]) -> Path:
        """Atomically (re)write ``run_dir/manifest.json``."""
        return atomic_write_json(Path(run_dir) / MANIFEST_NAME, self.to_dict())

    @classmethod
    def read(cls, run_dir: str | os.PathLike[str]) -> Manifest:
        """Load a run's manifest (for ``report RUN_DIR``)."""
        data = json.loads((Path(run_dir) / MANIFEST_NAME).read_text(encoding="utf-8"))
        data["decks"] = [DeckEntry(**d) for d in data.get("decks", [])]
        known = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in data.items() if k in known})


class RunRecorder:
    """Handle given by ``run_recorder``: the run folder, its manifest and atomic writers."""

    def __init__(self, run_dir: Path, manifest: Manifest) -> None:
        self.dir = run_dir
        self.manifest = manifest
        self._t0 = time.perf_counter()

    def path(self, name: str) -> Path:
        """Path of a file inside the run folder (subfolders are created on write)."""
        return self.dir / name

    def save_manifest(self) -> Path:
        """Rewrite manifest.json with the current state (elapsed time refreshed)."""
        self.manifest.timings["elapsed_s"] = round(time.perf_counter() - self._t0, 6)
        return self.manifest.write(self.dir)

    def update(self, **fields: Any) -> None:
        """Set manifest fields (unknown names go to ``extra``) and save."""
        for key, value in fields.items():
            if key in Manifest.__dataclass_fields__:
                setattr(self.manifest, key, value)
            else:
                self.manifest.extra[key] = value
        self.save_manifest()

    def record_output(self, name: str) -> Path:
        """List a file completed in the run folder by other means (e.g. a TableStream)."""
        return self._done(name)

    def _done(self, name: str) -> Path:
        rel = self.path(name).relative_to(self.dir).as_posix()
        if rel not in self.manifest.outputs:
            self.manifest.outputs.append(rel)
        self.save_manifest()
        return self.path(name)

    def write_csv(self, name: str, df: pd.DataFrame, **to_csv: Any) -> Path:
        """Atomic CSV in the run folder, listed in the manifest's outputs."""
        atomic_write_csv(self.path(name), df, **to_csv)
        return self._done(name)

    def write_parquet(self, name: str, df: pd.DataFrame, **to_parquet: Any) -> Path:
        """Atomic Parquet in the run folder."""
        atomic_write_parquet(self.path(name), df, **to_parquet)
        return self._done(name)

    def write_json(self, name: str, obj: Any) -> Path:
        """Atomic JSON in the run folder."""
        atomic_write_json(self.path(name), obj)
        return self._done(name)

    def write_text(self, name: str, text: str) -> Path:
        """Atomic text file (e.g. report.html) in the run folder."""
        atomic_write_text(self.path(name), text)
        return self._done(name)

    def write_folder(self, folder: str, files: Iterable[tuple[str, str]]) -> Path:
        """Many text files (name within `folder`, text) at once: written into a temp folder that
        then replaces `folder` whole, after one sync for all of them, and the manifest saved
        once (each file's own atomic write took two fsyncs and a manifest rewrite: minutes
        for a few thousand game logs)."""
        target = self.path(folder)
        tmp = target.parent / f".{target.name}.{secrets.token_hex(6)}.tmp"
        names = []
        try:
            for name, text in files:
                (tmp / name).parent.mkdir(parents=True, exist_ok=True)
                (tmp / name).write_text(text, encoding="utf-8", newline="")
                names.append(f"{folder}/{name}")
            if hasattr(os, "sync"):
                os.sync()
            shutil.rmtree(target, ignore_errors=True)
            os.replace(tmp, target)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        fsync_dir(target.parent)
        kept = [o for o in self.manifest.outputs if not o.startswith(f"{folder}/")]
        self.manifest.outputs[:] = kept + names  # an earlier folder's files are gone
        self.save_manifest()
        return target

    def write_bytes(self, name: str, data: bytes) -> Path:
        """Atomic binary file (e.g. plots/delta_by_card.png) in the run folder."""
        atomic_write_bytes(self.path(name), data)
        return self._done(name)

    @contextlib.contextmanager
    def phase(self, name: str) -> Iterator[None]:
        """Time a named phase into ``timings[name + "_s"]`` (recorded even if it raises)."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.manifest.timings[f"{name}_s"] = round(time.perf_counter() - start, 6)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # someone else's live process (or no way to tell: assume alive)
    # A killed run whose parent has not reaped it yet (a zombie) still answers kill(pid, 0);
    # on Linux its state says it is gone.
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return True
    return stat.rpartition(")")[2].split()[:1] not in (["Z"], ["X"])


def _unwritable(folder: Path, exc: OSError) -> InputError:
    why = exc.strerror or str(exc)
    return InputError(
        Problem(
            f"cannot write to the output folder ({why}); choose another with --out",
            source=str(folder),
        )
    )


@contextlib.contextmanager
def run_lock(folder: str | os.PathLike[str]) -> Iterator[Path]:
    """Create ``folder`` if needed and hold its lock for the block. InputError when the
    folder cannot be written or another live run holds it."""
    root = Path(folder)
    lock = root / LOCK_NAME
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _unwritable(root, exc) from None
    host = os.uname().nodename if hasattr(os, "uname") else ""
    for _ in range(3):
        try:
            fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            try:
                pid_text, _, lock_host = lock.read_text(encoding="utf-8").partition(" ")
                pid = int(pid_text)
            except (OSError, ValueError):
                pid, lock_host = -1, host  # half-written or unreadable: a dead run's
            other = lock_host.strip()
            if pid > 0 and (other != host or _pid_alive(pid)):
                who = f"pid {pid}" + (f", host {other}" if other != host else "")
                raise InputError(
                    Problem(
                        f"another run ({who}) is writing to this folder; wait for it or choose "
                        f"another --out (if no run is going, delete {LOCK_NAME})",
                        source=str(root),
                    )
                ) from None
            with contextlib.suppress(FileNotFoundError):
                lock.unlink()  # a dead run's lock
            continue
        except OSError as exc:
            raise _unwritable(root, exc) from None
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(f"{os.getpid()} {host}")
        break
    else:
        raise InputError(
            Problem(
                "could not take the folder's lock (another run keeps starting?)", source=str(root)
            )
        )
    try:
        yield lock
    finally:
        with contextlib.suppress(OSError):
            lock.unlink()


def remove_previous_outputs(folder: str | os.PathLike[str]) -> list[str]:
    """Delete the files an earlier run in ``folder`` recorded (its outputs and manifest);
    returns their run-relative names. Paths outside the folder are never touched."""
    root = Path(folder).resolve()
    old = root / MANIFEST_NAME
    if not old.is_file():
        return []
    try:
        outputs = json.loads(old.read_text(encoding="utf-8")).get("outputs") or []
    except (OSError, ValueError, AttributeError):
        outputs = []
    removed = []
    for rel in [*outputs, MANIFEST_NAME, "report.html"]:
        target = (root / str(rel)).resolve()
        if root not in target.parents or not target.is_file():
            continue
        target.unlink()
        removed.append(str(rel))
    for sub in sorted({(root / str(r)).resolve().parent for r in outputs}, reverse=True):
        if sub != root and root in sub.parents:
            with contextlib.suppress(OSError):
                sub.rmdir()  # only when empty
    return removed


@contextlib.contextmanager
def run_recorder(
    base: str | os.PathLike[str] = "results",
    prefix: str = "",
    *,
    run_dir: str | os.PathLike[str] | None = None,
    command: Sequence[str] | None = None,
    **manifest_fields: Any,
) -> Iterator[RunRecorder]:
    """Create the run folder and manifest, then mark the run's fate when the block ends.

    ``run_dir`` uses that folder (e.g. ``--out DIR``) instead of a new ``base/<run-id>/``.
    ``manifest_fields`` are Manifest fields (seed, games, threads, decks, policies, ...);
    unknown names go to ``extra``. Status: ``complete`` on success; ``interrupted`` on
    KeyboardInterrupt or SIGTERM (the exception is re-raised so the CLI exits non-zero);
    ``failed`` with the error text on any other exception (re-raised).
    Note: signals are handled between Python bytecodes, so a long jitted call delays the stop
    until it returns; run the kernel in chunks to stay responsive.
    """
    if run_dir is None:
        try:
            folder = new_run_dir(base, prefix)
        except OSError as exc:
            raise _unwritable(Path(base), exc) from None
    else:
        folder = Path(run_dir)
    with run_lock(folder):
        try:
            remove_previous_outputs(folder)
        except OSError as exc:
            raise _unwritable(folder, exc) from None
        with _recording(folder, command, manifest_fields) as recorder:
            yield recorder


@contextlib.contextmanager
def _recording(
    folder: Path, command: Sequence[str] | None, manifest_fields: dict[str, Any]
) -> Iterator[RunRecorder]:
    known = {k: v for k, v in manifest_fields.items() if k in Manifest.__dataclass_fields__}
    extra = {k: v for k, v in manifest_fields.items() if k not in known}
    manifest = Manifest(command=command_line() if command is None else list(command), **known)
    manifest.extra.update(extra)
    manifest.status = RUNNING
    manifest.timings["started_utc"] = _utc_now()
    recorder = RunRecorder(folder, manifest)
    with sticky_interrupts():
        try:
            recorder.save_manifest()
        except OSError as exc:
            raise _unwritable(folder, exc) from None
        try:
            yield recorder
        except KeyboardInterrupt:  # Ctrl-C, or SIGTERM via Terminated
            acknowledge()
            _finish(recorder, INTERRUPTED)
            raise
        except BaseException as err:
            _finish(recorder, FAILED, f"{type(err).__name__}: {err}")
            raise
        _finish(recorder, COMPLETE)


@contextlib.contextmanager
def _signals_deferred() -> Iterator[None]:
    """Hold SIGINT/SIGTERM (POSIX, main thread) so a second Ctrl-C cannot skip the final write.

    A signal that arrives meanwhile is delivered right after, when the run is already marked.
    """
    if (
        not hasattr(signal, "pthread_sigmask")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return
    held = {signal.SIGINT, signal.SIGTERM}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _finish(recorder: RunRecorder, status: str, error: str | None = None) -> None:
    """Record the final status in the manifest."""
    with _signals_deferred():
        recorder.manifest.status = status
        recorder.manifest.error = error
        recorder.manifest.timings["finished_utc"] = _utc_now()
        recorder.save_manifest()

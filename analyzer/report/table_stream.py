"""A table written a chunk at a time and completed atomically: decisions.csv of a long evaluate,
whose rows never all sit in memory.

Rows go to a hidden temp file beside the target (``.<name>.<random>.tmp``, as ``atomic_open``'s;
CSV appended in place, Parquet one hidden part file per finished piece). ``mark`` records that
everything written so far belongs to a finished piece (a matchup); ``commit`` makes the file
appear under its name in one ``os.replace``, either with everything or, after an interrupt,
with the marked pieces only (``partial=True``), so a table never holds half a matchup.
``discard`` (also on any exception inside ``with``) removes the temp files.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path
from types import TracebackType
from typing import IO, Any

import pandas as pd

from analyzer.report.writers import atomic_open, fsync_dir


class TableStream:
    """``write`` chunks, ``mark`` finished pieces, ``commit`` once."""

    def __init__(self, path: str | os.PathLike[str], fmt: str = "csv") -> None:
        if fmt not in ("csv", "parquet"):
            raise ValueError(f"unknown table format {fmt!r}")
        self.path = Path(path)
        self.fmt = fmt
        self.rows = 0
        self._marked_rows = 0
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._tmp: list[Path] = []
        self._fh: IO[bytes] | None = None
        self._writer: Any = None  # pyarrow.parquet.ParquetWriter of the open part
        self._schema: Any = None
        self._mark = 0  # CSV: bytes of the finished pieces; Parquet: finished part files
        self._header = True

    def _new_tmp(self) -> Path:
        tmp = self.path.parent / f".{self.path.name}.{secrets.token_hex(6)}.tmp"
        self._tmp.append(tmp)
        return tmp

    def write(self, df: pd.DataFrame) -> None:
        """Append rows (every chunk has the same columns)."""
        if df.empty:
            return
        if self.fmt == "csv":
            if self._fh is None:
                self._fh = open(self._new_tmp(), "xb")  # noqa: SIM115 (closed in commit)
            text = df.to_csv(index=False, lineterminator="\n", header=self._header)
            self._fh.write(text.encode("utf-8"))
            self._header = False
        else:
            import pyarrow as pa
            import pyarrow.parquet as pq

            table = pa.Table.from_pandas(df, schema=self._schema, preserve_index=False)
            if self._schema is None:
                self._schema = table.schema
            if self._writer is None:
                self._writer = pq.ParquetWriter(self._new_tmp(), self._schema)
            self._writer.write_table(table)
        self.rows += len(df)

    def mark(self) -> None:
        """Everything written so far is a finished piece."""
        if self.fmt == "csv":
            self._mark = self._fh.tell() if self._fh is not None else 0
        elif self._writer is not None:
            self._writer.close()
            self._writer = None
            self._mark = len(self._tmp)
        self._marked_rows = self.rows

    def commit(self, empty: pd.DataFrame, partial: bool = False) -> Path:
        """Put the table in place: everything, or the marked pieces only (`partial`).
        `empty`: the columns to write when there are no rows."""
        if partial:
            self.rows = self._marked_rows
        if self.fmt == "csv":
            self._commit_csv(empty, partial)
        else:
            self._commit_parquet(empty, partial)
        return self.path

    def _commit_csv(self, empty: pd.DataFrame, partial: bool) -> None:
        fh, self._fh = self._fh, None
        if fh is None or (partial and self._mark == 0):
            if fh is not None:
                fh.close()
            with atomic_open(self.path, "w") as out:
                empty.to_csv(out, index=False, lineterminator="\n")
            self.discard()
            return
        with fh:
            if partial:
                fh.truncate(self._mark)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(self._tmp[0], self.path)
        self._tmp.clear()
        fsync_dir(self.path.parent)

    def _commit_parquet(self, empty: pd.DataFrame, partial: bool) -> None:
        import pyarrow.parquet as pq

        if self._writer is not None:
            self._writer.close()
            self._writer = None
        parts = self._tmp[: self._mark] if partial else list(self._tmp)
        if not parts:
            buf = self._new_tmp()
            empty.to_parquet(buf, index=False)
            parts = [buf]
        if len(parts) == 1:
            os.replace(parts[0], self.path)
            self._tmp.remove(parts[0])
        else:
            with atomic_open(self.path, "wb") as out:
                writer = pq.ParquetWriter(out, self._schema)
                for part in parts:
                    for batch in pq.ParquetFile(part).iter_batches():
                        writer.write_batch(batch)
                writer.close()
        self.discard()
        fsync_dir(self.path.parent)

    def discard(self) -> None:
        """Remove the temp files (the target is left as it was)."""
        if self._fh is not None:
            self._fh.close()
            self._fh = None
        if self._writer is not None:
            with contextlib.suppress(Exception):
                self._writer.close()
            self._writer = None
        for tmp in self._tmp:
            with contextlib.suppress(OSError):
                tmp.unlink()
        self._tmp.clear()

    def __enter__(self) -> TableStream:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.discard()

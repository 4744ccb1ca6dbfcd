"""Run folders as the API opens them, writes and reads them: ``report.writers.run_recorder``
with the engine's identity, the decks a run loads, its tables, and `report` (re-render a folder).

Every manifest says which engine played its games: ``rules_version`` (``analyzer.RULES_VERSION``,
bumped on purpose whenever the games change; tests/test_golden.py enforces it) and ``engine``,
the hash of the kernel's source files (``kernel/runtime/config.source_hash``, the numba cache
folder's name). The report layer never imports the kernel, so the hash is filled in here.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from analyzer.errors import InputError, Problem, arg
from analyzer.io.deck import Deck


def run_recorder(base: str | os.PathLike[str] = "results", prefix: str = "", **fields: Any) -> Any:
    """``report.writers.run_recorder`` with ``engine`` set to the kernel's source hash (unless
    the caller names the engine more precisely: a sweep writes version+hash)."""
    from analyzer.kernel.runtime.config import source_hash
    from analyzer.report import writers

    fields.setdefault("engine", source_hash())
    return writers.run_recorder(base, prefix, **fields)


FORMATS = ("csv", "parquet")


@dataclass
class LoadedDecks:
    decks: list[list[Deck]]
    paths: list[list[Path]]
    entries: list[Any]  # report.writers.DeckEntry


def load_all(seat_paths: list[list[Path]], catalog: Any, allow_approximate: bool) -> LoadedDecks:
    """Every deck once, every problem at once; manifest entries with coverage."""
    from analyzer.io.coverage import load_decks
    from analyzer.report.writers import DeckEntry, sha256_file

    loaded = load_decks(seat_paths, catalog, allow_approximate=allow_approximate)
    entries = []
    for key, rep in loaded.reports.items():
        cov = {
            level: rep.coverage.count(level) for level in ("exact", "approximate", "unsupported")
        }
        sha = sha256_file(key) if Path(key).is_file() else rep.deck.content_hash
        entries.append(DeckEntry(key, rep.deck.name, sha, cov))
    return LoadedDecks(loaded.seats, seat_paths, entries)


def check_format(fmt: str) -> None:
    if fmt not in FORMATS:
        raise InputError(
            Problem(f"{arg('fmt')}: unknown format {fmt!r}; known: {', '.join(FORMATS)}")
        )
    if fmt == "parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise InputError(
                Problem(
                    f"{arg('fmt')}=parquet needs pyarrow, which is not "
                    f"installed (pip install pyarrow), or use {arg('fmt')}="
                    "csv"
                )
            ) from None


def check_plots(plots: bool) -> None:
    if plots:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            off = "--no-plots" if arg("plots") != "plots" else "plots=False"
            raise InputError(
                Problem(
                    "plots need matplotlib, which is not installed (pip "
                    f"install matplotlib), or use {off}"
                )
            ) from None


def starting_life(decks: Sequence[Deck], life: int | None) -> int:
    """``--life`` if given, else the first seat's deck's format's (40 in Commander)."""
    return life if life is not None else decks[0].starting_life


def play_matchups(
    matchups: Sequence[Sequence[Deck]],
    catalog: Any,
    seeds: Sequence[int],
    *,
    life: int | None,
    player: str,
    opp_player: str | None,
    opening_hands: str = "paper",
    **play: Any,
) -> list[Any]:
    """``simulate_matchup`` of each matchup (seat 0 first) at its seed, with its starting life,
    the seats' built-in players and the opening hands' deal; `play`: simulate_matchup's other
    keywords."""
    from analyzer.analysis.simulate import seat_levels, simulate_matchup

    return [
        simulate_matchup(
            decks,
            catalog,
            seed=seed,
            starting_life=starting_life(decks, life),
            levels=seat_levels(len(decks), player, opp_player, opening_hands),
            **play,
        )
        for decks, seed in zip(matchups, seeds, strict=True)
    ]


def recorder(out: str | Path | None, save: bool, prefix: str, **fields: Any) -> Any:
    """The run_recorder context for this run, or a no-op context when nothing is written."""
    import contextlib

    from analyzer.api.runs import run_recorder

    if out is not None:
        return run_recorder(run_dir=out, **fields)
    if save:
        return run_recorder("results", prefix, **fields)
    return contextlib.nullcontext(None)


def table_name(name: str, fmt: str) -> str:
    return f"{name}.{'parquet' if fmt == 'parquet' else 'csv'}"


def write_table(rec: Any, name: str, df: pd.DataFrame, fmt: str) -> None:
    if fmt == "parquet":
        rec.write_parquet(table_name(name, fmt), df)
    else:
        rec.write_csv(table_name(name, fmt), df)


def read_decisions(run_dir: str | Path) -> pd.DataFrame:
    """decisions.csv (or .parquet) of a run folder."""
    folder = Path(run_dir)
    pq = folder / "decisions.parquet"
    if pq.is_file():
        return pd.read_parquet(pq)
    return pd.read_csv(folder / "decisions.csv", keep_default_na=False, na_values=[""])


def render(rec: Any, plots: bool, status: str | None = "complete") -> None:
    """Plots and report.html of the run folder from its tables (evaluate or compare)."""
    from analyzer.report import html

    tables = read_tables(rec.dir)
    kind = rec.manifest.extra.get("kind", "evaluate")
    images: dict[str, bytes] = {}
    if plots:  # matplotlib is imported only here
        from analyzer.report import plots as plot_mod

        images = (
            plot_mod.evaluate_plots(tables)
            if kind == "evaluate"
            else plot_mod.compare_plots(tables)
        )
        for name, data in images.items():
            rec.write_bytes(name, data)
    from analyzer.report import examples

    ex_path = rec.dir / "examples.json"
    sections, links = [], {}
    if kind == "evaluate" and ex_path.is_file():
        cards = json.loads(ex_path.read_text(encoding="utf-8"))
        sections.append(examples.section(cards))
        links = examples.anchors(cards)
    page = html.render(rec.manifest, tables, images, status, sections, links)
    rec.write_text("report.html", page)


def read_tables(run_dir: str | Path) -> dict[str, pd.DataFrame]:
    """Every table of a run folder by name (CSV or Parquet), as the files have them."""
    folder = Path(run_dir)
    out: dict[str, pd.DataFrame] = {}
    for name in (
        "policy_comparison",
        "gift_decisions",
        "gift_situations",
        "paired_stats",
        "gift_recipients",
        "recipient_answers",
        "compare",
    ):
        csv, pq = folder / f"{name}.csv", folder / f"{name}.parquet"
        if csv.is_file():
            out[name] = pd.read_csv(csv, keep_default_na=False, na_values=[""])
        elif pq.is_file():
            out[name] = pd.read_parquet(pq)
    return out


def report(run_dir: str | Path, *, plots: bool = True) -> Path:
    """Re-render plots/*.png and report.html of a run folder from its tables."""
    from analyzer.report.writers import MANIFEST_NAME, Manifest, RunRecorder

    check_plots(plots)
    folder = Path(run_dir)
    if not (folder / MANIFEST_NAME).is_file():
        raise InputError(Problem("not a run folder: no manifest.json", source=str(folder)))
    try:
        manifest = Manifest.read(folder)
    except (ValueError, TypeError) as err:
        raise InputError(Problem(f"unreadable manifest.json: {err}", source=str(folder))) from None
    kind = manifest.extra.get("kind")
    if kind in ("simulate", "cardstats", "calibrate", "tune"):
        # these runs write no report.html: there is nothing to re-render
        raise InputError(
            Problem(
                f"this is a {kind} run, which has no report: report re-renders evaluate "
                "and compare run folders",
                source=str(folder),
            )
        )
    tables = read_tables(folder)
    needed = (
        ("compare",)
        if manifest.extra.get("kind") == "compare"
        else ("policy_comparison", "gift_decisions", "gift_situations")
    )
    missing = [n for n in needed if n not in tables]
    if missing:
        why = f" (the run is {manifest.status})" if manifest.status != "complete" else ""
        raise InputError(
            Problem(f"no {', '.join(missing)} table in this run folder{why}", source=str(folder))
        )
    from analyzer.report.writers import run_lock

    rec = RunRecorder(folder, manifest)
    rec.save_manifest = lambda: folder / MANIFEST_NAME  # type: ignore[method-assign]
    with run_lock(folder):
        render(rec, plots, None)  # the manifest stays as the run left it
    return folder / "report.html"

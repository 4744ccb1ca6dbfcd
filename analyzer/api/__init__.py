"""The Python API the CLI and notebooks use.

Importing this module never compiles numba: anything that reaches the kernel is imported inside
the function that needs it, so `gift-analyzer check` and `--help` start fast.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from analyzer.io import DECK_FORMATS, MIN_DECK_SIZE, Deck, read_deck
from analyzer.io.coverage import DeckReport, check_deck

__all__ = [
    "DECK_FORMATS",
    "MIN_DECK_SIZE",
    "Deck",
    "DeckReport",
    "cards_records",
    "check_decks",
    "list_cards",
    "load_deck",
]


# ---------------------------------------------------------------------------------------------
# decks


def _catalog(catalog: Any | None, card_files: Iterable[str | Path]) -> Any:
    if catalog is not None:
        return catalog
    from analyzer.cards.catalog import load_catalog

    return load_catalog(card_files)


def load_deck(
    path: str | Path,
    *,
    fmt: str | None = None,
    min_size: int | None = None,
    card_files: Iterable[str | Path] = (),
    catalog: Any | None = None,
) -> Deck:
    """Read one deck file (Arena/Moxfield text, plain list, MTGO .dek, Forge .dck).

    `fmt` is "limited", "constructed", "commander" or None (inferred). Raises
    `analyzer.errors.InputError` listing every problem of the file.
    """
    return read_deck(path, catalog=_catalog(catalog, card_files), fmt=fmt, min_size=min_size)


def check_decks(
    paths: Sequence[str | Path],
    *,
    fmt: str | None = None,
    min_size: int | None = None,
    allow_approximate: bool = False,
    card_files: Iterable[str | Path] = (),
    catalog: Any | None = None,
) -> list[DeckReport]:
    """Import every deck and measure its coverage. A bad deck does not stop the others: its
    problems are in its report (`report.problems`, `report.ok`, `report.blocking`)."""
    cat = _catalog(catalog, card_files)
    return [
        check_deck(p, catalog=cat, fmt=fmt, min_size=min_size, allow_approximate=allow_approximate)
        for p in paths
    ]


# ---------------------------------------------------------------------------------------------
# cards

CARD_COLUMNS = (
    "name",
    "set",
    "number",
    "rarity",
    "cost",
    "type_line",
    "gift_kind",
    "support",
    "notes",
    "ignored",
)


def list_cards(
    *,
    gift_only: bool = False,
    set_code: str | None = None,
    support: str | None = None,
    include_tokens: bool = False,
    card_files: Iterable[str | Path] = (),
    catalog: Any | None = None,
) -> Any:
    """The card catalog as a pandas DataFrame, one row per card, ordered by set and collector
    number (token definitions, which have no number, last).

    Columns: name, set, number, rarity, cost, type_line, gift_kind, support, notes, ignored
    (the ability lines a card that is not exact runs without, joined by " | "; gift_kind, notes
    and ignored are missing, `pd.isna`, when the card has none). Filters: cards with a gift, one
    set (case-insensitive), one support level ("exact", "approximate", "unsupported"). Token
    definitions are left out unless `include_tokens`. An unknown set or support level raises
    InputError.
    """
    import pandas as pd

    from analyzer.enums import SUPPORT_NAMES
    from analyzer.errors import InputError, Problem

    cat = _catalog(catalog, card_files)
    records = list(cat.cards(include_tokens=include_tokens))
    problems = []
    if support is not None and support.lower() not in SUPPORT_NAMES:
        problems.append(
            Problem(f"unknown support level {support!r}: use one of {', '.join(SUPPORT_NAMES)}")
        )
    sets = sorted({r.set.upper() for r in records})
    if set_code is not None and set_code.upper() not in sets:
        problems.append(
            Problem(f"no cards from set {set_code!r} in the catalog; sets: {', '.join(sets)}")
        )
    if problems:
        raise InputError(problems)

    def order(r: Any) -> tuple[bool, str, int, str, str]:
        digits = "".join(ch for ch in r.number if ch.isdigit())
        return (r.is_token, r.set.upper(), int(digits) if digits else 0, r.number, r.name)

    rows = [
        (
            r.name,
            r.set,
            r.number,
            r.rarity,
            r.cost.text,
            r.type_line,
            r.gift_name or None,
            r.support_name,
            r.notes or None,
            " | ".join(r.ignored) or None,
        )
        for r in sorted(records, key=order)
        if (not gift_only or r.gift)
        and (set_code is None or r.set.upper() == set_code.upper())
        and (support is None or r.support_name == support.lower())
    ]
    return pd.DataFrame(rows, columns=list(CARD_COLUMNS))


def cards_records(df: Any) -> list[dict[str, Any]]:
    """`list_cards()` rows as JSON-ready dicts (None for missing values, not NaN)."""
    return [
        {k: (None if v is None or (isinstance(v, float) and v != v) else v) for k, v in row.items()}
        for row in df.to_dict(orient="records")
    ]


# ---------------------------------------------------------------------------------------------
# games (the simulation stack is imported only when these are called)

from analyzer.api.simulation import SimulationRun, simulate  # noqa: E402

__all__ += ["SimulationRun", "simulate"]


# ---------------------------------------------------------------------------------------------
# scenarios (the kernel is imported only when one is played)


def run_scenario(
    path: str | Path,
    *,
    catalog: Any | None = None,
    log: bool = False,
    rollouts: int | None = None,
    seed: int | None = None,
    min_effect: float = 0.01,
    threads: int | None = None,
) -> dict[str, Any]:
    """Set up the position of a scenario file, apply its scripted actions, resolve the stack
    (unless the file says otherwise) and return the resulting state as a JSON-ready dict.

    With ``rollouts``: the position evaluator. The file's cast with ``promise = "?"`` is
    played ``rollouts`` times each way (hidden cards resampled, paired); the state is the
    position before that cast, plus a ``decision`` object (analyzer/analysis/position.py).
    ``seed`` overrides the file's; ``min_effect`` is the smallest effect worth acting on, a
    fraction of games (0.01 = 1 point); ``threads`` (default all cores) never changes results.

    Format and output keys: analyzer/io/scenario.py and analyzer/analysis/scenario_run.py. Raises
    InputError for a bad file or an action the rules don't allow (which one, and why).
    ``log``: add the run's events ("events", JSONL fields) and "play_by_play" (text lines).
    """
    if rollouts is None:
        from analyzer.analysis.scenario_run import run_scenario as _run

        return _run(path, catalog, log)
    from analyzer.analysis.position import evaluate_position
    from analyzer.cards.catalog import load_catalog
    from analyzer.io.scenario import read_scenario

    scn = read_scenario(path, catalog)
    if catalog is None or scn.card_files:
        catalog = load_catalog(scn.card_files)
    return evaluate_position(
        scn, catalog, rollouts, seed=seed, min_effect=min_effect, threads=threads
    )


def scenario_kernel_cached(*, rollouts: bool = False) -> bool:
    """Is the kernel that plays scenarios (``rollouts``: and the position evaluator's
    rollouts) compiled on disk? (False: the next one compiles.)"""
    from analyzer.analysis.scenario_run import kernel_cached
    from analyzer.kernel.host.warmup import is_cached

    if rollouts:  # a "?" cast: set up by the scripted cast, then played out by rollouts (the
        # scripted resolution, kernel_cached's marker, never compiles in such a run)
        return is_cached("script.cast_scripted") and is_cached(
            "position_rollouts.run_position_rollouts"
        )
    return kernel_cached()


__all__ += ["run_scenario", "scenario_kernel_cached"]


# ---------------------------------------------------------------------------------------------
# card statistics (17lands vocabulary; the simulation stack is imported only when called)

from analyzer.api.card_stats import CARD_STATS_COLUMNS, CardStatsRun, cardstats  # noqa: E402

__all__ += ["CARD_STATS_COLUMNS", "CardStatsRun", "cardstats"]


# ---------------------------------------------------------------------------------------------
# analyses: policy comparison, gift-decision counterfactuals, deck comparison, reports

from analyzer.api.comparison import ComparisonRun, compare  # noqa: E402
from analyzer.api.evaluation import (  # noqa: E402
    DEFAULT_GAMES,
    EvaluationRun,
    PlayersRun,
    evaluate,
    evaluate_players,
)
from analyzer.api.runs import read_tables, report  # noqa: E402

__all__ += [
    "DEFAULT_GAMES",
    "ComparisonRun",
    "EvaluationRun",
    "PlayersRun",
    "compare",
    "evaluate",
    "evaluate_players",
    "read_tables",
    "report",
]


# ---------------------------------------------------------------------------------------------
# gift policies: read one, what it decides in a position, tune one card's threshold weights

from analyzer.api.policy import (  # noqa: E402
    PolicyDecision,
    PolicySpec,
    TuneResult,
    load_policy,
    policy_decision,
    tune,
)

__all__ += ["PolicyDecision", "PolicySpec", "TuneResult", "load_policy", "policy_decision", "tune"]


# ---------------------------------------------------------------------------------------------
# calibration: simulated games held against real ones (17lands)

from analyzer.api.calibration import CalibrationRun, calibrate  # noqa: E402

__all__ += ["CalibrationRun", "calibrate"]


# ---------------------------------------------------------------------------------------------
# what the command line prints, and facts about the compiled kernel. Imported when first used:
# importing the API must stay fast and must never compile numba.

_LAZY: dict[str, tuple[str, str]] = {
    "text_table": ("analyzer.report.tables", "text_table"),
    "level_text": ("analyzer.report.tables", "level_text"),
    "format_cards_table": ("analyzer.report.tables", "cards_summary"),
    "simulate_summary": ("analyzer.report.tables", "simulate_summary"),
    "simulate_answer": ("analyzer.report.answers", "simulate_answer"),
    "compare_answer": ("analyzer.report.answers", "compare_answer"),
    "policy_answer": ("analyzer.report.answers", "policy_answer"),
    "card_stats_answer": ("analyzer.report.answers", "card_stats_answer"),
    "tune_answer": ("analyzer.report.answers", "tune_answer"),
    "end_reasons_line": ("analyzer.report.tables", "end_reasons_line"),
    "card_stats_summary": ("analyzer.report.tables", "card_stats_summary"),
    "policy_help": ("analyzer.policies.table", "policy_help"),
    "decision_summary": ("analyzer.report.tables", "decision_summary"),
    "answer_line": ("analyzer.report.tables", "answer_line"),
    "families_line": ("analyzer.report.tables", "families_line"),
    "policy_summary": ("analyzer.report.tables", "policy_summary"),
    "compare_summary": ("analyzer.report.tables", "compare_summary"),
    "recipient_answer_lines": ("analyzer.report.recipients", "answer_lines"),
    "recipient_rules_table": ("analyzer.report.recipients", "rules_table"),
    "recipient_family_level": ("analyzer.report.recipients", "family_level"),
    "DeckWarning": ("analyzer.io.coverage", "DeckWarning"),
    "example_lines": ("analyzer.analysis.examples", "terminal_lines"),
    "verdict_line": ("analyzer.analysis.position", "verdict_line"),
    "calibration_real": ("analyzer.analysis.calibration", "REAL"),
    "calibration_targets": ("analyzer.analysis.calibration", "TARGETS"),
    "bound_text": ("analyzer.analysis.calibration", "bound_text"),
    "calibration_value_text": ("analyzer.analysis.calibration", "value_text"),
    "kernel_cached": ("analyzer.kernel.host.warmup", "kernel_cached"),
    "is_cached": ("analyzer.kernel.host.warmup", "is_cached"),
    "run_bench": ("analyzer.analysis.bench", "run_bench"),
    "format_bench": ("analyzer.analysis.bench", "format_bench"),
    "bench_json": ("analyzer.analysis.bench", "to_json"),
}
__all__ += list(_LAZY)


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'analyzer.api' has no attribute {name!r}")
    import importlib

    module, attr = _LAZY[name]
    value = getattr(importlib.import_module(module), attr)
    globals()[name] = value
    return value

"""gift-analyzer: Monte Carlo strategy analyzer for the Gift keyword (CR 702.174)."""

__version__ = "0.1.0"
# Bumped whenever the kernel's rules behaviour changes; written into every results manifest.
RULES_VERSION = "2026-12-07/65"

# The Python API from the package top: `import analyzer; analyzer.evaluate(...)`. Loaded on
# first use, so `import analyzer` stays instant and compiles nothing. (`report` stays
# `analyzer.api.report`: `analyzer.report` is the reporting subpackage.)
_API = (
    "evaluate",
    "simulate",
    "compare",
    "cardstats",
    "run_scenario",
    "load_deck",
    "check_decks",
    "list_cards",
    "load_policy",
    "policy_decision",
    "tune",
    "read_tables",
)
__all__ = ["RULES_VERSION", "__version__", *_API]


def __getattr__(name: str) -> object:
    if name in _API:
        from analyzer import api

        return getattr(api, name)
    raise AttributeError(f"module 'analyzer' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_API})

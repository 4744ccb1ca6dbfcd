"""Ctx: collects the problems of one card record, with typed getters that report an unusable
value (naming the card and the field path) and return None."""

from __future__ import annotations

import re
from collections.abc import Iterable

from analyzer.cards.steps import did_you_mean
from analyzer.errors import Problem


class Ctx:
    """Collects problems for one record, prefixing the file, line and card name."""

    def __init__(
        self,
        source: str,
        line: int,
        card: str,
        problems: list[Problem],
        token_refs: list[tuple[Ctx, str, str]] | None = None,
    ) -> None:
        self.source, self.line, self.card, self.problems = source, line, card, problems
        # (ctx, field, token name): checked once every file is read, even for bad records
        self.token_refs = token_refs if token_refs is not None else []
        self.ok = True

    def err(self, field: str, message: str) -> None:
        self.ok = False
        self.problems.append(
            Problem(
                f'card "{self.card}", field {field}: {message}', source=self.source, line=self.line
            )
        )

    # typed getters: return None (after reporting) when the value is unusable
    def str_(self, d: dict, key: str, field: str, required: bool = False) -> str | None:
        v = d.get(key)
        if v is None:
            if required:
                self.err(field, "is missing")
            return None
        if not isinstance(v, str):
            self.err(field, f"must be a string, got {v!r}")
            return None
        return v

    def int_(self, d: dict, key: str, field: str, lo: int, hi: int) -> int | None:
        v = d.get(key)
        if v is None:
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            self.err(field, f"must be an integer, got {v!r}")
            return None
        if not lo <= v <= hi:
            self.err(field, f"must be between {lo} and {hi}, got {v}")
            return None
        return v

    def bool_(self, d: dict, key: str, field: str) -> bool:
        v = d.get(key, False)
        if not isinstance(v, bool):
            self.err(field, f"must be true or false, got {v!r}")
            return False
        return v

    def name_(self, value: object, table: dict[str, int], field: str, what: str) -> int | None:
        """Look up one enum name (case/space/hyphen forgiving)."""
        if not isinstance(value, str):
            self.err(field, f"must be a {what} name, got {value!r}")
            return None
        key = re.sub(r"[\s\-]+", "_", value.strip().lower())
        if key not in table:
            self.err(
                field,
                f"unknown {what} {value!r}{did_you_mean(key, table)}; "
                f"known: {', '.join(sorted(table))}",
            )
            return None
        return table[key]

    def mask_(self, value: object, table: dict[str, int], field: str, what: str) -> int:
        """OR of a list of enum names."""
        if value is None:
            return 0
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            self.err(field, f"must be a list of {what} names, got {value!r}")
            return 0
        mask = 0
        for i, item in enumerate(value):
            bit = self.name_(item, table, f"{field}[{i}]", what)
            mask |= bit or 0
        return mask

    def unknown_keys(self, d: dict, allowed: Iterable[str], field: str) -> None:
        for key in d:
            if key not in allowed:
                self.err(
                    f"{field}.{key}" if field else key, f"unknown field{did_you_mean(key, allowed)}"
                )

"""Errors the user can fix. The CLI prints them without a traceback and exits with code 2."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input: where it is, the offending text, and what is wrong."""

    message: str
    source: str = ""  # file path (or "<stdin>", "<catalog>")
    line: int = 0  # 1-based; 0 when the problem is not tied to a line
    text: str = ""  # the offending text, verbatim
    severity: str = "error"  # "error" or "warning"

    def __str__(self) -> str:
        where = self.source + (f":{self.line}" if self.line else "")
        quoted = f" `{self.text}`" if self.text else ""
        head = f"{where}:" if where else ""
        label = "warning: " if self.severity == "warning" else ""
        return f"{head}{quoted} {label}{self.message}".strip()


@dataclass
class InputError(Exception):
    """Bad user input: one or more problems, all reported at once."""

    problems: list[Problem] = field(default_factory=list)

    def __init__(self, problems: list[Problem] | Problem | str) -> None:
        if isinstance(problems, str):
            problems = [Problem(problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

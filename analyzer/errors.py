"""Errors the user can fix. The CLI prints them without a traceback and exits with code 2."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
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


# The name of an argument in messages: the keyword argument from Python, the flag from the CLI
# (the CLI's error wrapper switches the context to flags).
_CLI_FLAGS: ContextVar[bool] = ContextVar("cli_flags", default=False)
_FLAG_OF = {
    "fmt": "--format",
    "card_files": "--card-data",
    "policy_files": "--policy-file",
    "deck": "DECK",
    "deck_a": "DECK_A",
    "deck_b": "DECK_B",
}


def arg(name: str) -> str:
    """`name` as the caller wrote it: ``games`` from Python, ``--games`` from the CLI."""
    if not _CLI_FLAGS.get():
        return name
    return _FLAG_OF.get(name, "--" + name.replace("_", "-"))


@contextmanager
def cli_flags() -> Iterator[None]:
    """Within the block, `arg` names command-line flags."""
    token = _CLI_FLAGS.set(True)
    try:
        yield
    finally:
        _CLI_FLAGS.reset(token)

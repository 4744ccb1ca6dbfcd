"""The bundled example decks in the repository's `decks/` folder (every command's default).

`decks/gauntlet.txt` names the default opponents: one deck file per line, relative to `decks/`,
`#` starts a comment. The default deck under test is the first line of `decks/default.txt` if it
exists, else the first deck of the gauntlet.
"""

from __future__ import annotations

from pathlib import Path

from analyzer.errors import InputError, Problem

DECKS_DIR = Path(__file__).resolve().parent.parent / "decks"


def decks_dir() -> Path:
    if not DECKS_DIR.is_dir():
        raise InputError(
            Problem(
                "the bundled decks are not installed (install the project "
                "with `pip install -e .` from a clone, or pass deck files)"
            )
        )
    return DECKS_DIR


def _list_file(name: str) -> list[Path]:
    path = decks_dir() / name
    if not path.is_file():
        return []
    out = []
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        deck = (path.parent / text).resolve()
        if not deck.is_file():
            raise InputError(
                Problem(
                    f"bundled deck {text!r} listed here does not exist",
                    source=str(path),
                    line=i,
                    text=text,
                )
            )
        out.append(deck)
    return out


def gauntlet() -> list[Path]:
    """The default opponents."""
    decks = _list_file("gauntlet.txt")
    if not decks:
        raise InputError(Problem("decks/gauntlet.txt lists no decks"))
    return decks


def default_deck() -> Path:
    chosen = _list_file("default.txt")
    return chosen[0] if chosen else gauntlet()[0]


def pod() -> list[Path]:
    """The 4-player free-for-all pod (played at 40 life)."""
    folder = decks_dir() / "pod"
    decks = sorted(p for p in folder.glob("*.txt")) if folder.is_dir() else []
    if len(decks) < 2:
        raise InputError(Problem("decks/pod/ holds no pod decks"))
    return decks

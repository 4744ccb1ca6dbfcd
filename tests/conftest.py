"""Fixtures and helpers shared by the test files.

- ``catalog``: the bundled card catalog, loaded once per session.
- ``bf``, ``seat``: read a scenario state (the JSON of ``gift-analyzer scenario``); import them
  with ``from conftest import bf, seat``.
- The ``compile`` marker (pyproject.toml): tests that compile the whole kernel afresh in a
  subprocess or take over ~20 s warm; ``python3 -m pytest -m "not compile"`` skips them.
"""

from __future__ import annotations

from typing import Any

import pytest

from analyzer.cards.catalog import load_catalog


@pytest.fixture(scope="session")
def catalog() -> Any:
    return load_catalog()


def bf(state: dict, seat: int, card: str | None = None) -> list[dict]:
    """The permanents `seat` controls in a scenario state (only those named `card`)."""
    return [p for p in state["seats"][seat]["battlefield"] if card is None or p["card"] == card]


def seat(state: dict, s: int) -> dict:
    """Seat `s` of a scenario state."""
    return state["seats"][s]

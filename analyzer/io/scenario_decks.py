"""A scenario seat's deck (``deck = "decks/....txt"``): the source of the seat's unseen cards.

A position names what everyone can see (battlefields, graveyards, exile) and the caster's own
hand. What nobody at the table can see, an opponent's hand and every library, comes from the
seat's deck: the deck's cards that the position does not place elsewhere. With a deck:

- the library is those remaining cards, shuffled with the scenario's seed (a ``library`` key
  is refused: the deck already says what is in it);
- ``hand_size = N`` deals N - len(hand) more cards from them into the hand (the listed hand
  cards come first);
- every card the position places for the seat (its hand, graveyard and exile, and the cards it
  owns on any battlefield; tokens aside) must be in the deck, as many copies as placed.

The position evaluator (``analyzer.analysis.position``) then redeals each opponent's hand and
library from these cards for every rollout. Deck paths are tried relative to the scenario
file, then the current folder, then the project folder (so ``decks/x.txt`` finds the bundled
decks from anywhere).
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

from analyzer.errors import InputError


def deck_path(written: str, base_dir: Path) -> Path | None:
    """The deck file a scenario's ``deck`` value names, or None if no candidate exists."""
    from analyzer.bundled import DECKS_DIR

    p = Path(written)
    if p.is_absolute():
        return p if p.is_file() else None
    for root in (base_dir, Path.cwd(), DECKS_DIR.parent):
        if (root / p).is_file():
            return (root / p).resolve()
    return None


def placed_cards(scn: Any, seat: int) -> Counter[str]:
    """The cards the position places that seat ``seat`` owns (tokens aside)."""
    s = scn.seats[seat]
    out: Counter[str] = Counter(s.hand)
    out.update(s.graveyard)
    out.update(e.name for e in s.exile)
    for q, other in enumerate(scn.seats):
        out.update(
            p.name
            for p in other.battlefield
            if not p.token and (q if p.owner is None else p.owner) == seat
        )
    return out


def fill_from_decks(r: Any, scn: Any, base_dir: Path) -> None:
    """Fill each seat's library (and hand up to ``hand_size``) from its deck; problems go to
    the reader ``r`` (``analyzer.io.scenario_toml.ScenarioReader``) with their key and line."""
    from analyzer.io.decklist import read_deck

    for i, s in enumerate(scn.seats):
        key = f"seat[{i}]"
        line = r.line_of("seat", i, "deck")
        if not s.deck:
            if s.hand_size is not None:
                r.err(
                    f"{key}.hand_size",
                    "needs a deck to deal the unlisted cards from",
                    r.line_of("seat", i, "hand_size"),
                )
            continue
        if s.library:
            r.err(
                f"{key}.library",
                "with a deck the library is the deck's cards not placed "
                "elsewhere: remove library (or the deck)",
                r.line_of("seat", i, "library"),
            )
            continue
        path = deck_path(s.deck, base_dir)
        if path is None:
            r.err(
                f"{key}.deck",
                f"deck file {s.deck!r} not found (tried beside the scenario, "
                "the current folder and the project's folder)",
                line,
            )
            continue
        try:
            deck = read_deck(path, catalog=r.catalog)
        except InputError as exc:
            for p in exc.problems:
                r.err(f"{key}.deck", str(p), line)
            continue
        r.warnings.extend(f"{key}.deck: {w}" for w in deck.warnings)  # as commands print them
        have = Counter(deck.cards())
        placed = placed_cards(scn, i)
        missing = [
            f"{n - have[name]} {name}" for name, n in sorted(placed.items()) if n > have[name]
        ]
        if missing:
            r.err(
                f"{key}.deck",
                f"{s.deck} does not contain the cards the position places for "
                f"seat {i}: {', '.join(missing)} more than the deck has",
                line,
            )
            continue
        rest = list((have - placed).elements())
        random.Random(scn.seed * 8 + i).shuffle(rest)
        extra = 0 if s.hand_size is None else s.hand_size - len(s.hand)
        if extra < 0:
            r.err(
                f"{key}.hand_size",
                f"{s.hand_size} is fewer than the {len(s.hand)} cards listed in hand",
                r.line_of("seat", i, "hand_size"),
            )
            continue
        if extra > len(rest):
            r.err(
                f"{key}.hand_size",
                f"the deck has only {len(rest)} unplaced cards to deal",
                r.line_of("seat", i, "hand_size"),
            )
            continue
        s.hand = s.hand + rest[:extra]
        s.library = rest[extra:]

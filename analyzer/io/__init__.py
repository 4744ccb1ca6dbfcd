"""Deck import: Arena/Moxfield text, plain lists, MTGO `.dek` and Forge `.dck` into one `Deck`.

Never imports the kernel (DESIGN section 2): reading a deck must not compile numba.
"""

from analyzer.io.deck import DECK_FORMATS, MIN_DECK_SIZE, Deck, content_hash
from analyzer.io.decklist import parse_deck_text, read_deck

__all__ = ["DECK_FORMATS", "MIN_DECK_SIZE", "Deck", "content_hash", "parse_deck_text", "read_deck"]

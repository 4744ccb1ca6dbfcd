"""The numba simulation kernel. Rule functions act on one game record and know nothing of
batching, policies' internals, or output formats.

Compiled (numba, part of the cache key ``runtime/config.source_hash``): ``layout.py`` (the game
record), ``rules/`` (the rules engine), ``player/`` (the built-in player), ``runtime/`` (batch
runners, numba settings). Plain Python: ``host/`` (threads, the cache check, position set-up)."""

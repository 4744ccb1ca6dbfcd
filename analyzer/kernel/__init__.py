"""The numba simulation kernel. Rule functions act on one game record and know nothing of
batching, policies' internals, or output formats."""

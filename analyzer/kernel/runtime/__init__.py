"""The compiled runtime: batch runners (many games, compact per-game records out), borrowed array
views, and the numba flags and cache settings (config.py) every kernel function is compiled with."""

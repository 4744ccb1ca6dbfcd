"""gift-analyzer: Monte Carlo strategy analyzer for the Gift keyword (CR 702.174)."""

__version__ = "0.1.0"
# Bumped whenever the kernel's rules behaviour changes; written into every results manifest.
RULES_VERSION = "2025-02-07/1"

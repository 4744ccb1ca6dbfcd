"""Replays of a run's games by re-simulation (the machinery is analysis/replay_session.py)."""

from analyzer.analysis.replay_session import (
    Replay,
    ReplaySession,
    decision_id,
    parse_decision_id,
    replay,
    replay_settings,
)

__all__ = [
    "Replay",
    "ReplaySession",
    "decision_id",
    "parse_decision_id",
    "replay",
    "replay_settings",
]

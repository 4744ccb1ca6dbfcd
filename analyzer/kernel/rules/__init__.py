"""The rules engine (compiled): the game as a state machine over the record (kernel/layout.py)
and the card catalog: turns, priority, the stack, effects, combat, state-based actions."""

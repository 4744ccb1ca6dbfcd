"""The built-in player (compiled): the decisions the engine asks a seat for (casting, targets,
attacks and blocks, mulligans, choices while an effect resolves, ROLLOUT gift decisions)."""

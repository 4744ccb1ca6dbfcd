"""Python API for gift policies: read one, ask what it decides in a position, tune one.

Re-exported by analyzer.api. Nothing here compiles numba until a function that plays is called.
Policy syntax and file format: analyzer/policies/table.py; the heuristic: policies/HEURISTIC.md.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from analyzer.analysis.tune import DEFAULT_FEATURES, TuneResult
from analyzer.errors import InputError, Problem
from analyzer.policies.policy_file import load_policy
from analyzer.policies.table import PolicySpec

__all__ = [
    "DEFAULT_FEATURES",
    "PolicyDecision",
    "PolicySpec",
    "TuneResult",
    "load_policy",
    "policy_decision",
    "scenario_position",
    "tune",
]


@dataclass
class PolicyDecision:
    """What a policy does when `seat` casts `card` in a position."""

    card: str
    seat: int
    plain_legal: bool
    promise_legal: bool
    promise: bool  # only promised mode legal: False means "does not cast it"
    recipient: int | None  # who gets the gift (None when not promised)
    features: dict[str, float] = field(default_factory=dict)  # with the rule's recipient


def scenario_position(scenario: str | Path, catalog: Any | None = None) -> tuple[Any, ...]:
    """(G, C, catalog): a scenario file's game record with its actions applied (the stack
    left as it is), its catalog tables, and the catalog."""
    from analyzer.analysis.scenario_run import ScenarioRun
    from analyzer.cards.catalog import load_catalog
    from analyzer.io.scenario import read_scenario

    scn = read_scenario(scenario, catalog)
    if catalog is None or scn.card_files:
        catalog = load_catalog(scn.card_files)
    run = ScenarioRun(scn, catalog.compiled)
    for a in scn.actions:
        run.apply(a)
    return run.G, run.C, catalog


def policy_decision(
    scenario: str | Path,
    policy: str | PolicySpec = "heuristic",
    *,
    card: str | None = None,
    seat: int | None = None,
    policy_file: str | Path | None = None,
    seed: int | None = None,
    catalog: Any | None = None,
) -> PolicyDecision:
    """Build a scenario file's position (its actions applied, the stack left as it is), and
    ask the policy about `seat` (default: the active player) casting `card` from hand (default:
    the first gift card there). Both modes legal: the decision the engine would ask for (a
    rollout plays out); only the promised mode: "cast promised or not at all". `seed`
    reseeds the position's random stream first (random rules, rollouts)."""
    import numpy as np

    from analyzer.kernel import layout as L
    from analyzer.kernel.player.rollout import decide_pending
    from analyzer.kernel.rules.stack import mode_options, request_decision
    from analyzer.policies.decide import decide_gift, recipient_by_rule, seat_row
    from analyzer.policies.features import FEATURE_NAMES, N_FEATURES, decision_features

    spec = load_policy(policy, policy_file)
    G, C, catalog = scenario_position(scenario, catalog)
    cc = catalog.compiled
    pol = spec.table(cc.names, catalog.lookup)
    if seed is not None:
        from analyzer.kernel.rules.rng import seed_state, set_rng

        set_rng(G, np.uint64(seed_state(np.uint64(seed), np.uint64(0))))
    p = int(G[L.H.ACTIVE]) if seat is None else seat
    if not 0 <= p < int(G[L.H.NPLAYERS]):
        raise InputError(Problem(f"no seat {p} in this scenario", str(scenario)))
    hand = [
        int(G[L.OFF_HAND + p * L.MAX_HAND + i])
        for i in range(int(G[L.OFF_PLAYERS + p * L.PF + L.P.HAND_N]))
    ]
    from analyzer.enums import CardCol

    def card_of(o: int) -> int:
        return int(G[L.OFF_OBJECTS + o * L.OF + L.O.CARD])

    if card is None:
        objs = [o for o in hand if cc.cards[card_of(o), CardCol.GIFT_KIND]]
        what = "a gift card"
    else:
        rec = catalog.lookup(card)
        name = rec.name if rec is not None else card
        objs = [o for o in hand if cc.names[card_of(o)] == name]
        what = name
    if not objs:
        raise InputError(Problem(f"seat {p} has no {what} in hand", str(scenario)))
    o = objs[0]
    cid = card_of(o)
    plain, promised = (bool(x) for x in mode_options(G, C, p, o))
    promise, recipient = 0, -1
    if plain and promised:
        request_decision(G, p, o)
        promise, recipient = decide_pending(G, C, pol)
    elif promised:
        promise, recipient = decide_gift(G, C, pol, p, o)
    row = seat_row(pol, cid, p)
    shown = (
        recipient
        if recipient >= 0
        else recipient_by_rule(G.copy(), C, pol, row, p, int(cc.cards[cid, CardCol.GIFT_KIND]))
    )
    f = np.zeros(N_FEATURES)
    decision_features(G, C, p, o, shown, f)
    return PolicyDecision(
        cc.names[cid],
        p,
        plain,
        promised,
        bool(promise),
        int(recipient) if promise else None,
        dict(zip(FEATURE_NAMES, (float(x) for x in f), strict=True)),
    )


def tune(
    deck: str | Path | None,
    vs: Sequence[str | Path],
    card: str,
    *,
    games: int = 400,
    seed: int = 0,
    base: str = "heuristic",
    opponents: str | None = None,
    features: Sequence[str] = DEFAULT_FEATURES,
    rounds: int = 3,
    threads: int | None = None,
    life: int | None = None,
    allow_approximate: bool = False,
    out: str | Path | None = None,
    save: bool = False,
    card_files: Sequence[str | Path] = (),
    player: str = "standard",
    opp_player: str | None = None,
    opening_hands: str = "paper",
    progress: Callable[[int], None] | None = None,
    on_start: Callable[[int], None] | None = None,
) -> TuneResult:
    """Tune `card`'s threshold weights for `deck` (see analyzer.analysis.tune); save the tuned
    policy file to `out` if given (with `save`: by default to tuned_<card>.toml; the path is
    `result.path`). Matchups as in `simulate` (one opponent: 1v1; several: one multiplayer
    game; none: the bundled gauntlet). `player`: every seat's built-in player
    ("standard" or "basic"); `opp_player`: the opponents' instead (seats 1 and up);
    `opening_hands`: "paper" or "arena-bo1"."""
    from analyzer.analysis.tune import check_inputs, tune_card
    from analyzer.api.checks import check_run_args
    from analyzer.api.runs import starting_life
    from analyzer.api.simulation import _load, matchups
    from analyzer.cards.catalog import load_catalog

    check_run_args(
        games=games,
        seed=seed,
        threads=threads,
        life=life,
        rounds=rounds,
        player=player,
        opp_player=opp_player,
        opening_hands=opening_hands,
    )
    catalog = load_catalog(card_files)
    loaded = [_load(paths, catalog, allow_approximate) for paths in matchups(deck, vs)]

    def starting(decks: Sequence[Any]) -> int:
        return starting_life(decks, life)

    rec = check_inputs(loaded, catalog, card, features, base, opponents or base)
    if out is None and save:
        out = "."
    path = _policy_path(out, rec.name) if out is not None else None
    if on_start is not None:
        n_coords = 1 + len([f for f in features if f != "bias"])
        on_start(games * len(loaded) * (1 + 2 * n_coords * max(rounds, 0) + 5))
    result = tune_card(
        loaded,
        catalog,
        card,
        games=games,
        seed=seed,
        base=base,
        opponents=opponents,
        features=features,
        rounds=rounds,
        threads=threads,
        life=starting,
        progress=progress,
        player=player,
        opp_player=opp_player,
        opening_hands=opening_hands,
    )
    if path is not None:
        from analyzer.report.writers import atomic_write_text

        result.path = str(path)
        try:
            atomic_write_text(path, result.policy_toml)
        except OSError as exc:
            raise InputError(
                Problem(f"cannot write the policy file: {exc.strerror or exc}", str(out))
            ) from None
    return result


def _policy_path(out: str | Path, card: str) -> Path:
    """Where tune saves: `out` itself, or tuned_<card>.toml inside it when it is a folder (one
    that exists, or a path ending in a separator). The folder is made now, as the other
    commands make their --out folder before playing, so a path that cannot be written fails
    before the games, not after them."""
    text = str(out)
    p = Path(text)
    if p.is_dir() or text.endswith(("/", os.sep)):
        p = p / ("tuned_" + re.sub(r"[^a-z0-9]+", "_", card.lower()).strip("_") + ".toml")
    if p.exists() and not p.is_file():
        return p  # a device or pipe (--out /dev/null): written as it is
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise InputError(
            Problem("cannot write the policy file: part of the path is a file, not a folder", text)
        ) from None
    except OSError as exc:
        raise InputError(
            Problem(f"cannot write the policy file: {exc.strerror or exc}", text)
        ) from None
    if not os.access(p.parent, os.W_OK):
        raise InputError(Problem("cannot write the policy file: permission denied", text))
    return p

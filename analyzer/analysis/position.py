"""The position evaluator: ``gift-analyzer scenario FILE --rollouts N``.

Should the caster promise the gift *here*? The scenario's actions before its first cast with
``promise = "?"`` are applied once; from that position the cast is played N times each way,
the hidden information resampled for every rollout and both choices played from the same
resampled start and random stream (``analysis/position_rollouts.py``). The verdict on the
paired outcomes comes from ``analysis/paired_verdict.py``.

What is resampled (and what is not):
- every opponent's hand and library are redealt together: with a ``deck`` on the seat, that
  is the deck's cards the position does not show (``io/scenario_decks.py``); without one, the
  hand and library the file lists (an opponent listing no library keeps the hand it lists);
- the caster's library is shuffled; the caster's hand, every battlefield, graveyard, exile,
  the stack, life totals and counters stay exactly as the position has them;
- after the cast, the built-in players play both seats to the end, every later gift decision
  by the scenario's ``policy`` (never or always).

The ``"?"`` cast must be the scenario's last action (the play-outs take over from it).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np

from analyzer.analysis.paired_verdict import PairedVerdict, method_text, paired_win_verdict
from analyzer.analysis.stats import wilson_interval
from analyzer.enums import Zone
from analyzer.errors import InputError, Problem
from analyzer.io.scenario_model import ActionSpec, Scenario

DEFAULT_MIN_EFFECT = 0.01  # a fraction of games: 1 point of win rate


def check_rollout_request(scn: Scenario, rollouts: int) -> int:
    """Index of the action to evaluate; InputError for anything that cannot be evaluated."""
    if rollouts < 1:
        raise InputError(Problem(f"rollouts must be at least 1, not {rollouts}", scn.source))
    asks = [i for i, a in enumerate(scn.actions) if a.ask]
    if not asks:
        raise InputError(
            Problem(
                'no action has promise = "?": mark the cast to evaluate '
                '(its promise = "?") to play it both ways',
                scn.source,
            )
        )
    k = asks[0]
    later = scn.actions[k + 1 :]
    if later:
        raise InputError(
            [
                Problem(
                    f'{a.describe()}: comes after the promise = "?" cast '
                    f"({scn.actions[k].describe()}); the rollouts play on from "
                    "that cast with the built-in players, so it must be the "
                    "last action",
                    scn.source,
                    a.line,
                )
                for a in later
            ]
        )
    return k


def evaluate_position(
    scn: Scenario,
    catalog: Any,
    rollouts: int,
    *,
    seed: int | None = None,
    min_effect: float = DEFAULT_MIN_EFFECT,
    threads: int | None = None,
) -> dict[str, Any]:
    """The position before the ``"?"`` cast (state JSON) plus a ``decision`` object. Rollouts
    run on ``threads`` threads (default all cores); the results do not depend on it."""
    from analyzer.analysis.position_rollouts import OUT_COLS, run_position_rollouts
    from analyzer.analysis.scenario_run import ScenarioRun
    from analyzer.analysis.scenario_state import state_json
    from analyzer.kernel import layout as L
    from analyzer.kernel.host.parallel import available_threads, run_sliced

    k = check_rollout_request(scn, rollouts)
    if not 0 <= min_effect < 1:
        raise InputError(
            Problem(
                f"the smallest effect must be between 0 and 100 points, not {100 * min_effect:g}",
                scn.source,
            )
        )
    run_seed = scn.seed if seed is None else seed
    if not 0 <= run_seed < 2**63:
        raise InputError(
            Problem(f"seed must be between 0 and 2**63 - 1, not {run_seed}", scn.source)
        )
    run = ScenarioRun(scn, catalog.compiled)
    for a in scn.actions[:k]:
        run.apply(a)
    ask = scn.actions[k]
    caster = run._seat(ask)
    G0 = run.G.copy()
    slots = np.full((2, L.MAX_TARGETS), -1, dtype=np.int32)
    zccs = np.zeros((2, L.MAX_TARGETS), dtype=np.int32)
    obj, recipient, discard = -1, -1, -1
    for branch in (0, 1):
        spec = _mode(ask, bool(branch))
        run.G = G0.copy()
        try:
            run.apply(spec)  # every check a scripted cast gets, with its messages
        except InputError as exc:
            mode = "with the promise" if branch else "without the promise"
            raise InputError(
                [replace(p, message=f"{p.message} ({mode})") for p in exc.problems]
            ) from None
        run.G = G0.copy()
        obj, rec, discard, slots[branch], zccs[branch] = _cast_args(run, spec, caster)
        if branch:
            recipient = rec
    run.G = G0
    out = np.zeros((rollouts, 2, len(OUT_COLS)), dtype=np.int32)

    def run_slice(a: int, b: int) -> None:
        run_position_rollouts(
            G0, run.C, run.pol, caster, obj, recipient, slots, zccs, discard, run_seed, a, out[a:b]
        )

    run_sliced(run_slice, rollouts, threads or available_threads())
    state = state_json(G0, catalog.compiled, scn.warnings)
    decision = decision_json(out, caster, recipient, ask.card, run_seed, min_effect)
    decision["resampled"] = resampled_json(scn, G0, caster)
    decision["notes"] = [
        f"seat {q} names no deck: the hand and library the file lists are its "
        'unseen cards (add deck = "..." to redeal from its whole deck)'
        for q, seat in enumerate(scn.seats)
        if q != caster and not seat.deck
    ]
    state["decision"] = decision
    return state


def _mode(ask: ActionSpec, promise: bool) -> ActionSpec:
    """The ``"?"`` cast as a plain cast in one mode."""
    if promise and ask.promise_targets is not None:
        return replace(
            ask, ask=False, promise=True, targets=ask.promise_targets, grouped=ask.promise_grouped
        )
    return replace(ask, ask=False, promise=promise, gift_to=ask.gift_to if promise else -1)


def _cast_args(run: Any, a: ActionSpec, p: int) -> tuple[int, int, int, Any, Any]:
    """(object, recipient, discard, target slots, zone-change counts) of a cast that
    ``run.apply`` has just accepted on a copy of the same position."""
    from analyzer.analysis.scenario_run import spell_ability
    from analyzer.analysis.scenario_state import obj_field, zone_objects
    from analyzer.kernel import layout as L

    G, cc = run.G, run.cc
    card = cc.id_of(a.card)
    o = next((x for x in zone_objects(G, p, Zone.HAND) if obj_field(G, x, L.O.CARD) == card), -1)
    if o < 0:
        o = next(
            x
            for q in range(int(G[L.H.NPLAYERS]))
            for x in zone_objects(G, q, Zone.EXILE)
            if obj_field(G, x, L.O.CARD) == card and obj_field(G, x, L.O.CAST_BY) == p + 1
        )
    recipient = -1
    if a.promise:
        recipient = a.gift_to if a.gift_to >= 0 else run._next_opponent(p)
    ab = spell_ability(cc, card)
    slots, zccs, _ = run._slots(a, ab, p, int(a.promise), a.card)
    discard = -1
    if a.discard:
        did = cc.id_of(a.discard)
        discard = next(
            x for x in zone_objects(G, p, Zone.HAND) if obj_field(G, x, L.O.CARD) == did and x != o
        )
    return o, recipient, discard, slots, zccs


def _arm(wins: int, games: int, draws: int) -> dict[str, Any]:
    lo, hi = wilson_interval(wins, games)
    return {
        "wins": wins,
        "draws": draws,
        "games": games,
        "win_rate": wins / games if games else None,
        "ci": [float(lo), float(hi)],
    }


def decision_json(
    out: np.ndarray, caster: int, recipient: int, card: str, run_seed: int, min_effect: float
) -> dict[str, Any]:
    """The ``decision`` object from the rollouts' outcomes (rates and deltas as fractions)."""
    from analyzer.analysis.position_rollouts import R_CAST, R_ERROR, R_WINNER

    refused = int(np.sum(out[:, :, R_CAST] != 0))
    if refused:
        raise InputError(
            Problem(
                f"the cast was refused in {refused} play-outs: its targets "
                "depend on resampled hidden cards; target public objects"
            )
        )
    winner = out[:, :, R_WINNER]
    won = winner == caster
    verdict: PairedVerdict = paired_win_verdict(won[:, 1], won[:, 0], min_effect=min_effect)
    n = int(out.shape[0])
    draws = np.sum(winner == -2, axis=0)
    errors = int(np.sum(out[:, :, R_ERROR] != 0))
    return {
        "card": card,
        "caster": caster,
        "gift_to": recipient,
        "rollouts": n,
        "seed": run_seed,
        "recommendation": verdict.recommendation,
        "reason": verdict.reason,
        "promise": _arm(verdict.wins_a, n, int(draws[1])),
        "no_promise": _arm(verdict.wins_b, n, int(draws[0])),
        "delta": verdict.delta,
        "delta_ci": [verdict.ci_low, verdict.ci_high],
        "verdict_ci": [verdict.verdict_ci_low, verdict.verdict_ci_high],
        "verdict_level": verdict.verdict_level,
        "unit": "fraction of games won by the caster (0.01 = 1 point)",
        "min_effect": min_effect,
        "promise_better": verdict.better,
        "promise_worse": verdict.worse,
        "same": n - verdict.better - verdict.worse,
        "p_value": verdict.p_value,
        "test": method_text(verdict.better, verdict.worse),
        "more_rollouts_needed": verdict.more_needed,
        "capacity_errors": errors,  # play-outs that hit a record capacity (counted, not hidden)
    }


def resampled_json(scn: Scenario, G: np.ndarray, caster: int) -> list[dict[str, Any]]:
    """What each seat's rollouts redeal or shuffle, in words and sizes."""
    from analyzer.analysis.scenario_state import player_field
    from analyzer.kernel import layout as L

    out = []
    for q, seat in enumerate(scn.seats):
        nh, nl = player_field(G, q, L.P.HAND_N), player_field(G, q, L.P.LIB_N)
        source = f"deck {seat.deck}" if seat.deck else "the hand and library the file lists"
        if q == caster:
            what = f"library shuffled ({nl} cards); hand kept"
        elif player_field(G, q, L.P.LOST):
            what = "left the game"
        elif nh and nl:
            what = f"hand ({nh}) and library ({nl}) redealt from {source}"
        elif nl:
            what = f"library shuffled ({nl} cards); no hand"
        else:
            what = f"nothing hidden to resample (hand {nh}, empty library)"
        out.append({"seat": q, "hand": nh, "library": nl, "resampled": what})
    return out


def verdict_line(decision: dict[str, Any]) -> str:
    """One line in words, verdict first (the CLI prints it to stderr)."""
    d = decision
    pr, npr = d["promise"], d["no_promise"]
    lo, hi = d["delta_ci"]
    pts = 100 * d["delta"]
    reason = d["reason"]
    level = d.get("verdict_level", math.nan)
    if math.isfinite(level) and abs(level - 0.95) > 1e-9:  # read from another interval
        vlo, vhi = d["verdict_ci"]
        reason += f" ({100 * level:.0f}%: [{100 * vlo:+.2f}, {100 * vhi:+.2f}])"  # vs the bound
    # a drawn rollout is no win for either branch (the verdict reads win flags): say how many,
    # or "wins 40% vs 40%" hides that one branch drew where the other lost
    drawn = (pr.get("draws") or 0, npr.get("draws") or 0)
    draws = (
        f" (drawn, counted as not won: {drawn[0]} promising, {drawn[1]} not)" if any(drawn) else ""
    )
    return (
        f"{d['card']}: {d['recommendation']}. Promising wins {100 * pr['win_rate']:.1f}% "
        f"of {pr['games']} rollouts, not promising {100 * npr['win_rate']:.1f}%{draws}: "
        f"{pts:+.1f} points [{100 * lo:+.1f}, {100 * hi:+.1f}] (95%); {reason}."
    )

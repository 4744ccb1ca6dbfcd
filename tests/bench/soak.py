"""Soak: many complete games with every invariant checked after every step.

    python tests/bench/soak.py --games 1000000 [--seed 1] [--policy always]
        [--pod|--precons|--pool|--decks A.txt B.txt]

Plays the bundled gauntlet's first two decks (or the 4-player pod at 40 life with --pod, the
four Bloomburrow Commander precons, approximate cards allowed, with --precons, or with --pool
random two-colour decks drawn from every card the engine models exactly, a new pair every
``--pool-games`` games, or with --decks two deck files, approximate cards allowed, each against
the other) and prints how many games failed an invariant or never ended (reached
the action cap: a loop), with the first such game indices to replay, how games ended, and the
time taken. Not part of the test suite (it takes minutes).
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def main() -> None:
    from analyzer import bundled
    from analyzer.analysis.simulate import DEFAULT_TURNS_PER_PLAYER, kernel_inputs
    from analyzer.api.simulation import _load
    from analyzer.cards.catalog import load_catalog
    from analyzer.enums import END_REASON_NAMES
    from analyzer.kernel.host.parallel import available_threads, run_sliced
    from analyzer.kernel.rules.invariants import CHECK_NAMES, soak_batch
    from analyzer.kernel.rules.state import ERROR_NAMES
    from analyzer.policies.table import policy_table

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--policy", default="random:p=0.5")
    ap.add_argument("--pod", action="store_true")
    ap.add_argument("--precons", action="store_true")
    ap.add_argument("--pool", action="store_true")
    ap.add_argument("--pool-games", type=int, default=1_000)
    ap.add_argument("--decks", nargs=2, default=None, help="two deck files to play")
    ap.add_argument("--chunk", type=int, default=50_000)
    args = ap.parse_args()
    catalog = load_catalog()
    paths = (
        args.decks
        if args.decks
        else sorted((bundled.decks_dir() / "commander").glob("*.txt"))
        if args.precons
        else bundled.pod()
        if args.pod
        else bundled.gauntlet()[:2]
    )
    decks = _load(paths, catalog, args.precons or bool(args.decks))
    inp = kernel_inputs(decks, catalog)
    pol = policy_table(args.policy, inp.card_names, catalog.lookup)
    if args.pool:
        args.chunk = args.pool_games
        rng = np.random.default_rng(args.seed)
        pool = _exact_pool(catalog)
        print(f"pool: {sum(len(v) for v in pool.values()):,} exact nonland cards", flush=True)
    life = 40 if args.pod or args.precons else 20
    failures: dict[str, list[int]] = {}
    reasons = np.zeros(len(END_REASON_NAMES), dtype=np.int64)
    full = np.zeros(len(ERROR_NAMES), dtype=np.int64)  # capacity ends, by the list that filled
    first_full: dict[int, list[int]] = {}  # their first games, to replay
    steps = 0
    seen_cards: set[str] = set()
    t0 = time.perf_counter()
    for start in range(0, args.games, args.chunk):
        n = min(args.chunk, args.games - start)
        if args.pool:
            decks = [_random_deck(rng, pool, f"pool{start}-{seat}") for seat in range(2)]
            inp = kernel_inputs(decks, catalog)
            seen_cards.update(_deck_cards(decks))
        out = np.zeros((n, 5), dtype=np.int32)

        seats = len(decks)

        def run(
            a: int, b: int, start: int = start, out: np.ndarray = out, inp=inp, seats=seats
        ) -> None:
            soak_batch(
                inp.C,
                pol,
                inp.decks,
                inp.deck_sizes,
                inp.levels,
                seats,
                args.seed,
                start + a,
                life,
                DEFAULT_TURNS_PER_PLAYER * seats,  # as simulate: a 4-player pod needs ~52 turns
                50_000,
                out[a:b],
            )

        run_sliced(run, n, available_threads())
        for i in np.nonzero(out[:, 0])[0]:
            failures.setdefault(CHECK_NAMES[out[i, 0]], []).append(start + int(i))
        # play_checked stops at the action cap with no winner: a game that never ends is a
        # loop (a decision retried forever), which simulate would report as a draw
        for i in np.nonzero((out[:, 0] == 0) & (out[:, 2] == -1))[0]:
            failures.setdefault("reached the action cap (a loop)", []).append(start + int(i))
        reasons += np.bincount(out[:, 3], minlength=len(END_REASON_NAMES))
        full += np.bincount(out[:, 4], minlength=len(ERROR_NAMES))
        for i in np.nonzero(out[:, 4])[0]:
            first_full.setdefault(int(out[i, 4]), []).append(start + int(i))
        steps += int(out[:, 1].sum())
        print(
            f"{start + n:>9,} games, {sum(map(len, failures.values()))} failures, "
            f"{time.perf_counter() - t0:,.0f} s",
            flush=True,
        )
    if args.pool:
        print(
            f"decks: {args.games // args.pool_games:,} random pairs from the exact pool "
            f"({len(seen_cards):,} distinct cards played); policy {args.policy}; seed {args.seed}"
        )
    else:
        print(f"decks: {', '.join(d.name for d in decks)}; policy {args.policy}; seed {args.seed}")
    print(
        f"games: {args.games:,}; steps checked: {steps:,}; time {time.perf_counter() - t0:,.0f} s"
    )
    print(
        "ends: "
        + ", ".join(f"{END_REASON_NAMES[r]} {int(c):,}" for r, c in enumerate(reasons) if c)
    )
    if full[1:].any():
        print(
            "capacity ends by the list that filled: "
            + ", ".join(
                f"{ERROR_NAMES[e]} {int(c):,} (first: {first_full[e][:5]})"
                for e, c in enumerate(full)
                if e and c
            )
        )
    if failures:
        for name, games in failures.items():
            print(f"FAILED {name}: {len(games)} games, first: {games[:10]}")
        raise SystemExit(1)
    print("invariants held in every game after every step")


BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")  # WUBRG, as the colour bits


def _exact_pool(catalog) -> dict[int, list[str]]:
    """Exact nonland cards (tokens excluded) by colour bits."""
    pool: dict[int, list[str]] = {}
    for r in catalog.cards():
        if r.support_name == "exact" and "Land" not in r.type_line:
            pool.setdefault(int(r.colors), []).append(r.name)
    return pool


def _random_deck(rng: np.random.Generator, pool: dict[int, list[str]], name: str):
    """17 basics of two random colours and 23 random exact cards within them (or colourless)."""
    from analyzer.io.deck import Deck

    pair = rng.choice(5, size=2, replace=False)
    allowed = (1 << int(pair[0])) | (1 << int(pair[1]))
    cards = [n for bits, names in pool.items() if bits & ~allowed == 0 for n in names]
    counts: dict[str, int] = {BASICS[int(pair[0])]: 9, BASICS[int(pair[1])]: 8}
    for i in rng.integers(0, len(cards), size=23):
        counts[cards[i]] = counts.get(cards[i], 0) + 1
    return Deck(name, tuple(counts.items()))


def _deck_cards(decks) -> set[str]:
    return {n for d in decks for n, _ in d.main if n not in BASICS}


if __name__ == "__main__":
    main()

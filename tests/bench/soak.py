"""Soak: many complete games with every invariant checked after every step.

    python tests/bench/soak.py --games 1000000 [--seed 1] [--policy always] [--pod|--precons]

Plays the bundled gauntlet's first two decks (or the 4-player pod at 40 life with --pod, or the
four Bloomburrow Commander precons, approximate cards allowed, with --precons) and
prints how many games failed an invariant (with the first failing game indices to replay), how
games ended, and the time taken. Not part of the test suite (it takes minutes).
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def main() -> None:
    from analyzer import bundled
    from analyzer.analysis.simulate import kernel_inputs
    from analyzer.api.simulation import _load
    from analyzer.cards.catalog import load_catalog
    from analyzer.enums import END_REASON_NAMES
    from analyzer.kernel.host.parallel import available_threads, run_sliced
    from analyzer.kernel.rules.invariants import CHECK_NAMES, soak_batch
    from analyzer.policies.table import policy_table

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--policy", default="random:p=0.5")
    ap.add_argument("--pod", action="store_true")
    ap.add_argument("--precons", action="store_true")
    ap.add_argument("--chunk", type=int, default=50_000)
    args = ap.parse_args()
    catalog = load_catalog()
    paths = (
        sorted((bundled.decks_dir() / "commander").glob("*.txt"))
        if args.precons
        else bundled.pod()
        if args.pod
        else bundled.gauntlet()[:2]
    )
    decks = _load(paths, catalog, args.precons)
    inp = kernel_inputs(decks, catalog)
    pol = policy_table(args.policy, inp.card_names)
    life = 40 if args.pod or args.precons else 20
    failures: dict[str, list[int]] = {}
    reasons = np.zeros(len(END_REASON_NAMES), dtype=np.int64)
    steps = 0
    t0 = time.perf_counter()
    for start in range(0, args.games, args.chunk):
        n = min(args.chunk, args.games - start)
        out = np.zeros((n, 5), dtype=np.int32)

        def run(a: int, b: int, start: int = start, out: np.ndarray = out) -> None:
            soak_batch(
                inp.C,
                pol,
                inp.decks,
                inp.deck_sizes,
                inp.levels,
                len(decks),
                args.seed,
                start + a,
                life,
                60,
                50_000,
                out[a:b],
            )

        run_sliced(run, n, available_threads())
        for i in np.nonzero(out[:, 0])[0]:
            failures.setdefault(CHECK_NAMES[out[i, 0]], []).append(start + int(i))
        reasons += np.bincount(out[:, 3], minlength=len(END_REASON_NAMES))
        steps += int(out[:, 1].sum())
        print(
            f"{start + n:>9,} games, {sum(map(len, failures.values()))} failures, "
            f"{time.perf_counter() - t0:,.0f} s",
            flush=True,
        )
    print(f"decks: {', '.join(d.name for d in decks)}; policy {args.policy}; seed {args.seed}")
    print(
        f"games: {args.games:,}; steps checked: {steps:,}; time {time.perf_counter() - t0:,.0f} s"
    )
    print(
        "ends: "
        + ", ".join(f"{END_REASON_NAMES[r]} {int(c):,}" for r, c in enumerate(reasons) if c)
    )
    if failures:
        for name, games in failures.items():
            print(f"FAILED {name}: {len(games)} games, first: {games[:10]}")
        raise SystemExit(1)
    print("invariants held in every game after every step")


if __name__ == "__main__":
    main()

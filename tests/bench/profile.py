"""Where the kernel's run time goes: a flat profile of the batch runner, by kernel function.

    PYTHONPATH=. python tests/bench/profile.py [--player standard|basic] [--pod] [--seconds 20]
        [--top 40]

``--pod``: the four Bloomburrow Commander precons, four players at 40 life, gift policy
heuristic (as ``tests/bench/pod_speed.py`` plays them), instead of the two-player bench matchup.

Needs Linux ``perf``. In the batch runner's compiled module the kernel's functions are private
(kernel/runtime/config.py, ``_internalize_kernel_callees``), so perf would see one anonymous block
of JIT code. Here they are made internal instead (local symbols; same optimization), compiled into
a numba cache of its own (``$GIFT_PROFILE_CACHE``, default under the temporary folder: a
cold compile the first time, a few minutes), and their addresses are written to
``/tmp/perf-<pid>.map``, which perf reads for JIT code. A function LLVM inlined into its caller
counts as the caller. Percentages are of all samples (Python's own share is the batch set-up).
CPU sampling, so a busy machine changes the totals, not the shares much. Not part of the test
suite.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time


def _internal_instead_of_private(noinline: bool = False) -> None:
    """Re-patch numba's final optimization: kernel callees of an entry module become internal
    (noinline: and are never inlined by LLVM, so each one's own time shows; slower overall)."""
    from llvmlite import binding as ll
    from numba.core.codegen import CPUCodeLibrary

    from analyzer.kernel.runtime import config

    wrapper = CPUCodeLibrary._optimize_final_module
    cells = [c.cell_contents for c in (wrapper.__closure__ or ())]
    original = next(c for c in cells if callable(c) and c.__name__ == "_optimize_final_module")

    def _optimize_final_module(self):
        kind = config.module_kind(self._final_module)
        if kind == "kernel":
            return None  # as config does: only entry modules are optimized whole
        if kind == "entry":
            for fn in self._final_module.functions:
                if (
                    not fn.is_declaration
                    and fn.linkage == ll.Linkage.linkonce_odr
                    and fn.name.startswith(config._KERNEL_SYMBOLS)
                ):
                    fn.linkage = "internal"
                    if noinline:
                        fn.add_function_attribute("noinline")
        return original(self)

    _optimize_final_module._kernel_aware = True  # type: ignore[attr-defined]
    CPUCodeLibrary._optimize_final_module = _optimize_final_module

    keep = CPUCodeLibrary._set_compiled_object

    def _set_compiled_object(self, value):  # a cached library's object code is consumed on
        self._profile_object = value  # load: keep a copy for the symbol table
        return keep(self, value)

    CPUCodeLibrary._set_compiled_object = _set_compiled_object


def _short(mangled: str) -> str:
    """module.function from numba's mangled name."""
    parts = []
    s = mangled[3:] if mangled.startswith("_ZN") else ""
    while s and s[0].isdigit():
        k = re.match(r"\d+", s).group()
        parts.append(s[len(k) : len(k) + int(k)])
        s = s[len(k) + int(k) :]
    return ".".join(parts[-2:]) if parts else mangled


def _write_perf_map(library) -> str:
    """/tmp/perf-<pid>.map for the functions of a compiled library; returns its path."""
    obj = getattr(library, "_profile_object", None) or library._get_compiled_object()
    with tempfile.NamedTemporaryFile(suffix=".o", delete=False) as f:
        f.write(obj)
    out = subprocess.run(
        ["nm", "-n", "-S", "--defined-only", f.name], capture_output=True, text=True, check=True
    ).stdout
    os.unlink(f.name)
    syms = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTwW":
            syms.append((int(parts[0], 16), int(parts[1], 16), parts[3]))
    base = None
    for off, _size, name in syms:
        try:
            addr = library.get_pointer_to_function(name)
        except Exception:  # a local symbol: not in the engine's table
            addr = 0
        if addr:
            base = addr - off
            break
    if base is None:
        raise SystemExit("no exported symbol found in the batch runner's object code")
    path = f"/tmp/perf-{os.getpid()}.map"
    with open(path, "w") as f:
        for off, size, name in syms:
            f.write(f"{base + off:x} {size:x} {_short(name)}\n")
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--player", default="standard", choices=("standard", "basic"))
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--pod", action="store_true", help="the four Commander precons, 40 life")
    ap.add_argument(
        "--noinline",
        action="store_true",
        help="LLVM inlines no kernel function: each one's own time (a cache of its own)",
    )
    args = ap.parse_args()
    scratch = os.environ.get(
        "GIFT_PROFILE_CACHE", os.path.join(tempfile.gettempdir(), "gift-analyzer-profile")
    )
    if args.noinline:
        scratch = os.path.join(scratch, "noinline")
    os.makedirs(scratch, exist_ok=True)
    os.environ["NUMBA_CACHE_DIR"] = scratch  # never mixed with the real (private) build
    os.environ["GIFT_ANALYZER_SERIAL_COMPILE"] = "1"
    _internal_instead_of_private(args.noinline)

    from analyzer.analysis.bench import SEED, _matchup
    from analyzer.analysis.simulate import seat_levels, simulate_matchup
    from analyzer.kernel.runtime.batch import run_batch

    life, policy = 20, "never"
    if args.pod:
        from analyzer import bundled
        from analyzer.api.simulation import _load
        from analyzer.cards.catalog import load_catalog

        catalog = load_catalog()
        decks = _load(sorted((bundled.decks_dir() / "commander").glob("*.txt")), catalog, True)
        life, policy = 40, "heuristic"
    else:
        decks, catalog = _matchup()
    levels = seat_levels(len(decks), args.player)
    print(f"numba cache {scratch} (first run of these sources: minutes)", file=sys.stderr)
    simulate_matchup(
        decks, catalog, games=2, seed=SEED, threads=1, levels=levels, starting_life=life
    )
    perf_map = _write_perf_map(next(iter(run_batch.overloads.values())).library)
    data = os.path.join(scratch, "perf.data")
    rec = subprocess.Popen(
        ["perf", "record", "-F", "1999", "-o", data, "-p", str(os.getpid())],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(1)
    t0, games = time.perf_counter(), 0
    while time.perf_counter() - t0 < args.seconds:
        simulate_matchup(
            decks,
            catalog,
            games=2000,
            seed=SEED + games,
            threads=1,
            keep_games=False,
            keep_objs=False,
            levels=levels,
            starting_life=life,
            policy=policy,
        )
        games += 2000
    rec.send_signal(2)
    rec.wait()
    report = subprocess.run(
        ["perf", "report", "-i", data, "--stdio", "--sort", "sym"], capture_output=True, text=True
    ).stdout
    os.unlink(perf_map)
    rows = [ln for ln in report.splitlines() if ln.strip() and not ln.startswith("#")]
    what = "4-player precon pod" if args.pod else "2-player bench matchup"
    print(f"{games:,} games ({what}, {args.player} player), {args.seconds:.0f} s sampled")
    print("\n".join(rows[: args.top]))


if __name__ == "__main__":
    main()

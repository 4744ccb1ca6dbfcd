"""Pinned outputs: a few hundred games of three bundled matchups and the 4-player pod, with
games.csv and gifts.csv hashed. Any change to the rules, the built-in player, the card data or
the per-game columns changes a hash and fails this test, on purpose.

When the change is intended: bump ``RULES_VERSION`` in ``analyzer/__init__.py`` (it is written
into every manifest, so old and new results can be told apart), then re-pin in the same commit:

    python3 tests/test_golden.py --repin

which replays the runs and rewrites ``tests/golden/pinned.json`` (the one place the hashes
live). Re-pinning refuses to run while ``RULES_VERSION`` still equals the pinned one.
"""

from __future__ import annotations

import hashlib
import json
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PINNED = Path(__file__).resolve().parent / "golden" / "pinned.json"
DECKS = ROOT / "decks"
HOW = (
    "If the change is intended, bump RULES_VERSION in analyzer/__init__.py and re-pin in the "
    "same commit: python3 tests/test_golden.py --repin"
)

# name -> (deck, opponents, simulate keyword arguments). Every seat promises half the time, so
# both modes of every gift card are played.
RUNS: dict[str, tuple[str, tuple[str, ...], dict]] = {
    "rats_vs_frogs": ("ub_rats_threshold.txt", ("gu_frogs_tempo.txt",), {}),
    "raccoons_vs_bats": ("rg_raccoons_expend.txt", ("wb_bats_lifegain.txt",), {}),
    "mice_vs_rabbits_basic": (
        "wr_mice_valiant.txt",
        ("gw_rabbits_tokens.txt",),
        {"player": "basic"},
    ),
    "pod": (
        "pod/rats_ub.txt",
        ("pod/octomancer_gu.txt", "pod/perch_protection_wb.txt", "pod/raccoons_rg.txt"),
        {"games": 60},
    ),
}
GAMES = 200
SEED = 19
POLICY = "random:p=0.5"
FILES = ("games.csv", "gifts.csv")


def play(name: str) -> dict[str, str]:
    """sha256 of each pinned file of one run."""
    from analyzer import api

    deck, opps, extra = RUNS[name]
    kwargs = {"games": GAMES, "seed": SEED, "policy": POLICY, "threads": 2, **extra}
    with tempfile.TemporaryDirectory() as tmp:
        api.simulate(DECKS / deck, [DECKS / o for o in opps], per_game=True, out=tmp, **kwargs)
        _check_manifest(json.loads((Path(tmp) / "manifest.json").read_text(encoding="utf-8")))
        return {f: hashlib.sha256((Path(tmp) / f).read_bytes()).hexdigest() for f in FILES}


def _check_manifest(manifest: dict) -> None:
    """The manifest names the engine that played: the rules version and the source hash."""
    from analyzer import RULES_VERSION
    from analyzer.kernel.runtime.config import source_hash

    assert manifest["rules_version"] == RULES_VERSION
    assert manifest["engine"] == source_hash()


def pinned() -> dict:
    return json.loads(PINNED.read_text(encoding="utf-8"))


def test_pins_belong_to_this_rules_version():
    from analyzer import RULES_VERSION

    pins = pinned()
    assert set(pins["runs"]) == set(RUNS), f"the pinned runs are not RUNS: {HOW}"
    assert pins["rules_version"] == RULES_VERSION, (
        f"RULES_VERSION is {RULES_VERSION!r} but the golden outputs were pinned under "
        f"{pins['rules_version']!r}: re-pin them in this commit with "
        "python3 tests/test_golden.py --repin"
    )


@pytest.mark.parametrize("name", sorted(RUNS))
def test_outputs_match_the_pinned_hashes(name):
    from analyzer import RULES_VERSION

    want = pinned()["runs"][name]
    got = play(name)
    changed = [f for f in FILES if got[f] != want.get(f)]
    assert not changed, (
        f"{name}: {', '.join(changed)} changed under RULES_VERSION {RULES_VERSION!r}: the games "
        f"are not what they were. {HOW}"
    )


def repin() -> int:
    sys.path.insert(0, str(ROOT))
    from analyzer import RULES_VERSION

    old = pinned() if PINNED.exists() else {}
    if old.get("rules_version") == RULES_VERSION and "--same-version" not in sys.argv:
        print(
            f"RULES_VERSION is still {RULES_VERSION!r}, the version these outputs were "
            "pinned under: bump it in analyzer/__init__.py first (or pass --same-version "
            "when only the set of runs changed)",
            file=sys.stderr,
        )
        return 2
    runs = {}
    for name in sorted(RUNS):
        runs[name] = play(name)
        print(f"{name}: " + ", ".join(f"{f} {h[:12]}" for f, h in runs[name].items()))
    PINNED.parent.mkdir(exist_ok=True)
    PINNED.write_text(
        json.dumps({"rules_version": RULES_VERSION, "runs": runs}, indent=2) + "\n",
        encoding="utf-8",
    )
    print(f"wrote {PINNED.relative_to(ROOT)} under RULES_VERSION {RULES_VERSION!r}")
    return 0


if __name__ == "__main__":
    if "--repin" not in sys.argv:
        sys.exit("usage: python3 tests/test_golden.py --repin [--same-version]")
    sys.exit(repin())

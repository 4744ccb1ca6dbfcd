"""A sweep plan (TOML): which analysis, over which decks, opponents, policies and players.

Every combination of deck x opponent x policy x player level is a cell; a cell's games are
split into tasks (a slice of game indices) so they can run anywhere (analysis/sweep.py). Deck
and opponent entries are file paths or globs, relative to the current folder like the other
commands' arguments; an opponent entry ``gauntlet`` (or a file named ``gauntlet.txt``) stands
for the decks that list names (bundled.py's format). For ``compare`` the first deck is the
baseline (deck B of `gift-analyzer compare`) and every other deck is compared with it.

``evaluate`` compares the plan's policies with each other inside every cell (on the same
games; the first is the baseline), so there a cell is deck x opponent x player. ``tune`` tunes
one card per cell: deck x opponent x policy (the base policy of the deck's other cards) x
player x card, for every listed card the deck plays (``cards = "all"``: its gift cards).
"""

from __future__ import annotations

import glob
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from analyzer.errors import InputError, Problem

ANALYSES = ("simulate", "cardstats", "evaluate", "compare", "tune")
STREAMS = ("matchup", "shared")
# the commands' defaults: evaluate's --policies, tune's --base
DEFAULT_POLICIES = {"evaluate": ("never", "always", "random:p=0.5"), "tune": ("heuristic",)}
DEFAULT_TASK_GAMES = 2000  # ~0.1 s of kernel time per task: scheduling costs well under 1%
_KEYS = {
    "analysis",
    "decks",
    "opponents",
    "policies",
    "players",
    "games",
    "seed",
    "task_games",
    "streams",
    "life",
    "allow_approximate",
    "card_data",
    # evaluate's and tune's own arguments (as their commands' options)
    "forks",
    "base_policy",
    "opp_policy",
    "min_effect",
    "cards",
    "features",
    "rounds",
}
_ONLY = {
    "forks": ("evaluate",),
    "base_policy": ("evaluate",),
    "min_effect": ("evaluate",),
    "opp_policy": ("evaluate", "tune"),
    "cards": ("tune",),
    "features": ("tune",),
    "rounds": ("tune",),
}


@dataclass(frozen=True)
class Cell:
    """One analysis of one matchup under one policy."""

    deck: Path
    opponent: Path
    policy: str  # evaluate: "" (the plan's policies are compared inside the cell)
    player: str = "standard"
    card: str = ""  # tune: the tuned card (its catalog name)


@dataclass(frozen=True)
class Plan:
    source: Path
    analysis: str
    decks: tuple[Path, ...]
    opponents: tuple[Path, ...]
    policies: tuple[str, ...]
    games: int
    seed: int
    task_games: int = DEFAULT_TASK_GAMES
    streams: str = "matchup"  # "matchup": (seed, matchup, game); "shared": (seed, game)
    life: int | None = None
    allow_approximate: bool = False
    card_data: tuple[Path, ...] = ()
    players: tuple[str, ...] = ("standard",)
    forks: int = 1
    base_policy: str | None = None  # evaluate: default the baseline (the first policy)
    opp_policy: str | None = None  # default: what `evaluate` / `tune` default to
    min_effect: float = 1.0  # evaluate: percentage points
    cards: tuple[str, ...] | None = None  # tune: None = every gift card of each deck
    features: tuple[str, ...] | None = None  # tune: default tune.DEFAULT_FEATURES
    rounds: int = 3  # tune

    def cells(self, cards_of: Callable[[Path], list[str]] | None = None) -> list[Cell]:
        """Every cell; ``tune`` needs ``cards_of(deck)``: the deck's cards to tune."""
        policies = ("",) if self.analysis == "evaluate" else self.policies
        return [
            Cell(d, o, p, pl, c)
            for d in self.decks
            for o in self.opponents
            for p in policies
            for pl in self.players
            for c in (cards_of(d) if self.analysis == "tune" and cards_of else [""])
        ]


def _bad(source: Path, text: str) -> InputError:
    return InputError(Problem(text, source=str(source)))


def _list_file(path: Path) -> list[Path]:
    """Deck files named by a gauntlet-style list (one per line, relative to the list)."""
    out = []
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        deck = path.parent / text
        if not deck.is_file():
            raise InputError(
                Problem(
                    f"deck {text!r} listed here does not exist", source=str(path), line=i, text=text
                )
            )
        out.append(deck)
    return out


def _expand(source: Path, key: str, entries: object) -> tuple[Path, ...]:
    from analyzer import bundled

    if isinstance(entries, str):
        entries = [entries]
    if not isinstance(entries, list) or not entries or not all(isinstance(e, str) for e in entries):
        raise _bad(source, f"`{key}` must be a non-empty list of file paths or globs")
    paths: list[Path] = []
    for entry in entries:
        if entry == "gauntlet":
            paths += bundled.gauntlet()
            continue
        matched = sorted(glob.glob(entry)) if glob.has_magic(entry) else [entry]
        matched = [m for m in matched if Path(m).name != "gauntlet.txt" or entry == m]
        if not matched or not all(Path(m).is_file() for m in matched):
            raise _bad(
                source,
                f"`{key}`: {entry!r} matches no deck file (paths are relative "
                "to the current folder)",
            )
        for m in matched:
            p = Path(m)
            paths += _list_file(p) if p.name == "gauntlet.txt" else [p]
    return tuple(dict.fromkeys(paths))  # each deck once, first mention first


def _int(source: Path, raw: dict, key: str, default: int | None, low: int) -> int | None:
    value = raw.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise _bad(source, f"`{key}` must be an integer >= {low}, not {value!r}")
    return value


def load_plan(path: str | Path) -> Plan:
    """Read and check a plan; every mistake is an InputError naming the file."""
    source = Path(path)
    try:
        raw = tomllib.loads(source.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise _bad(source, "plan file not found") from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise _bad(source, f"cannot read the plan: {err}") from None
    unknown = sorted(set(raw) - _KEYS)
    if unknown:
        raise _bad(
            source, f"unknown plan key(s) {', '.join(unknown)}; known: {', '.join(sorted(_KEYS))}"
        )
    analysis = raw.get("analysis")
    if analysis not in ANALYSES:
        raise _bad(source, f"`analysis` must be one of {', '.join(ANALYSES)}, not {analysis!r}")
    wrong = sorted(k for k, where in _ONLY.items() if k in raw and analysis not in where)
    if wrong:
        raise _bad(source, f"{', '.join(wrong)}: not an argument of `{analysis}` sweeps")
    for key in ("decks", "games"):
        if key not in raw:
            raise _bad(source, f"the plan needs `{key}`")
    policies = raw.get("policies", list(DEFAULT_POLICIES.get(analysis, ("never",))))
    if isinstance(policies, str):
        policies = [policies]
    if (
        not isinstance(policies, list)
        or not policies
        or not all(isinstance(p, str) and p for p in policies)
    ):
        raise _bad(source, "`policies` must be a non-empty list of policy strings")
    from analyzer.policies.table import parse_policy

    for key in ("policies", "base_policy", "opp_policy"):  # named as the plan names them
        given = raw.get(key) if key != "policies" else policies
        for text in [given] if isinstance(given, str) else given or []:
            if isinstance(text, str):
                parse_policy(text, where=f"{source}: `{key}`")
    streams = raw.get("streams", "matchup")
    if streams not in STREAMS:
        raise _bad(source, f"`streams` must be one of {', '.join(STREAMS)}, not {streams!r}")
    allow = raw.get("allow_approximate", False)
    if not isinstance(allow, bool):
        raise _bad(source, "`allow_approximate` must be true or false")
    if analysis == "tune" and any(";" in p for p in policies):
        raise _bad(
            source,
            "`tune`: each policy is one policy name (the base of the deck's other "
            "cards), no per-card overrides",
        )
    players = _strings(source, raw, "players", ["standard"])
    from analyzer.enums import PLAYER_LEVEL_NAMES

    bad = [p for p in players if p not in PLAYER_LEVEL_NAMES]
    if bad:
        raise _bad(
            source,
            f"`players`: unknown player level {bad[0]!r}; use {' or '.join(PLAYER_LEVEL_NAMES)}",
        )
    min_effect = raw.get("min_effect", 1.0)
    if (
        isinstance(min_effect, bool)
        or not isinstance(min_effect, int | float)
        or not 0.0 < min_effect < 100.0
    ):
        raise _bad(source, f"`min_effect` must be above 0 and below 100 points, not {min_effect!r}")
    cards = raw.get("cards", "all")
    cards = None if cards == "all" else _strings(source, raw, "cards", [])
    features = _strings(source, raw, "features", []) or None
    decks = _expand(source, "decks", raw["decks"])
    if analysis == "compare" and len(decks) < 2:
        raise _bad(source, "`compare` needs at least two decks: the first is the baseline")
    return Plan(
        source=source,
        analysis=analysis,
        decks=decks,
        opponents=_expand(source, "opponents", raw.get("opponents", "gauntlet")),
        policies=tuple(dict.fromkeys(policies)),
        games=_int(source, raw, "games", None, 1) or 1,
        seed=_int(source, raw, "seed", 0, 0) or 0,
        task_games=_int(source, raw, "task_games", DEFAULT_TASK_GAMES, 1) or DEFAULT_TASK_GAMES,
        streams=streams,
        life=_int(source, raw, "life", None, 1),
        allow_approximate=allow,
        card_data=_expand(source, "card_data", raw["card_data"]) if "card_data" in raw else (),
        players=tuple(dict.fromkeys(players)),
        forks=_int(source, raw, "forks", 1, 0) or 0,
        base_policy=_text(source, raw, "base_policy"),
        opp_policy=_text(source, raw, "opp_policy"),
        min_effect=float(min_effect),
        cards=tuple(dict.fromkeys(cards)) if cards is not None else None,
        features=tuple(features) if features else None,
        rounds=_int(source, raw, "rounds", 3, 0) or 0,
    )


def _strings(source: Path, raw: dict, key: str, default: list[str]) -> list[str]:
    """A non-empty list of non-empty strings (one string stands for a list of one)."""
    value = raw.get(key, default)
    if isinstance(value, str):
        value = [value]
    if (
        not isinstance(value, list)
        or (key in raw and not value)
        or not all(isinstance(v, str) and v.strip() for v in value)
    ):
        raise _bad(source, f"`{key}` must be a non-empty list of strings")
    return [v.strip() for v in value]


def _text(source: Path, raw: dict, key: str) -> str | None:
    value = raw.get(key)
    if value is not None and (not isinstance(value, str) or not value.strip()):
        raise _bad(source, f"`{key}` must be a policy string")
    return value.strip() if value is not None else None

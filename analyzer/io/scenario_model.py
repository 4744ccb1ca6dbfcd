"""What a scenario file says, once read (analyzer/io/scenario.py): the seats, their permanents,
the scripted actions and the references to objects and players."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from analyzer.enums import PHASE_NAMES

ADVANCE_TARGETS = (*PHASE_NAMES, "next_turn")


POLICIES = ("never", "always")


REF_ZONES = ("battlefield", "graveyard", "exile", "hand", "library")


COUNTERS = {"+1/+1": "p1p1", "p1p1": "p1p1", "stun": "stun"}


VERBS = ("cast", "activate", "play", "attack", "block", "advance", "resolve")


@dataclass(frozen=True)
class Ref:
    """A reference to a player or an object, as written (``text``) and parsed."""

    text: str
    zone: str  # "seat", "stack" or one of REF_ZONES
    seat: int = -1
    name: str = ""  # canonical card name ("" for seat:N and stack:top)
    index: int = 1  # the n-th object of that name (1 = first)


@dataclass
class PermanentSpec:
    name: str
    token: bool
    key: str
    line: int
    tapped: bool = False
    sick: bool | None = None
    p1p1: int = 0
    stun: int = 0
    damage: int = 0
    owner: int | None = None
    entered_this_turn: bool = False
    attached_to: Ref | None = None
    power: int | None = None
    toughness: int | None = None


@dataclass
class ExileSpec:
    name: str
    castable_by: int = -1


@dataclass
class SeatSpec:
    life: int
    level: int = 0  # enums.PlayerLevel
    hand: list[str] = field(default_factory=list)
    library: list[str] = field(default_factory=list)  # top first
    graveyard: list[str] = field(default_factory=list)
    exile: list[ExileSpec] = field(default_factory=list)
    battlefield: list[PermanentSpec] = field(default_factory=list)
    deck: str = ""  # path of the deck the unseen cards come from ("" none)
    hand_size: int | None = None  # with a deck: cards in hand, listed ones first
    command: list[str] = field(default_factory=list)  # the command zone: at most the commander
    commander: str = ""  # the seat's commander ("" none)
    commander_casts: int = 0
    commander_damage: list[int] = field(default_factory=list)  # taken from seat k's commander


@dataclass
class ActionSpec:
    kind: str  # one of VERBS
    key: str  # "action[2]"
    line: int
    seat: int = -1  # -1: the active player at that moment
    card: str = ""  # cast / play: canonical card name
    ref: Ref | None = None  # activate: the permanent
    promise: bool = False
    ask: bool = False  # promise = "?": the position evaluator plays it both ways
    gift_to: int = -1
    targets: list[list[Ref]] | list[Ref] = field(default_factory=list)
    grouped: bool = False  # targets given as one list per group
    promise_targets: list[list[Ref]] | list[Ref] | None = None  # ask: the promised mode's
    promise_grouped: bool = False
    discard: str = ""
    ability: int = 1
    mode: int = 0  # cast: the chosen mode of a modal spell, 1-based (700.2a); 0 = not modal
    attackers: list[Ref] = field(default_factory=list)
    defender: int = -1
    blocks: list[tuple[Ref, Ref]] = field(default_factory=list)
    advance: str = ""
    resolve: int = -1  # -1: everything

    def describe(self) -> str:
        what = {
            "cast": self.card,
            "play": self.card,
            "activate": self.ref.text if self.ref else "",
            "advance": self.advance,
        }.get(self.kind, "")
        return f"{self.key} ({self.kind}{' ' + what if what else ''})"


@dataclass
class Scenario:
    source: str
    players: int
    active: int
    turn: int
    phase: str
    seed: int
    starting_life: int
    policy: str
    resolve_at_end: bool
    turn_cap: int
    action_cap: int
    card_files: list[str]
    seats: list[SeatSpec]
    actions: list[ActionSpec]
    warnings: list[str] = field(default_factory=list)
    expect: dict[str, Any] | None = None  # the [expect] table (io/scenario_expect.py)

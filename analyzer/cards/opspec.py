"""The step schema's vocabulary: named refs, parameter kinds, and the Param and OpSpec records
that opcodes.OP_SPECS is written in."""

from __future__ import annotations

from dataclasses import dataclass

from analyzer.enums import Ref, TargetKind

# Named refs a data file may write; the value is the kernel's Ref code.
REF_NAMES: dict[str, int] = {
    "self": Ref.SELF,
    "it": Ref.IT,
    "attached": Ref.ATTACHED,
    "you": Ref.YOU,
    "each_opponent": Ref.EACH_OPPONENT,
    "each_player": Ref.EACH_PLAYER,
    "trigger_object": Ref.TRIGGER_OBJECT,
    "defending_player": Ref.DEFENDING_PLAYER,
    "active_player": Ref.ACTIVE_PLAYER,
    "chosen_opponent": Ref.CHOSEN_OPPONENT,
    "tempted": Ref.TEMPTED,
}


MAX_GROUPS = 4  # target groups 0..3 per ability: refs below Ref.SELF

# The target-group kinds and named refs that designate players, shared by the OpSpec tables
PLAYER_KINDS = frozenset({TargetKind.PLAYER, TargetKind.OPPONENT, TargetKind.ANY})
PLAYER_NAMES = frozenset(
    {
        "you",
        "each_opponent",
        "each_player",
        "defending_player",
        "active_player",
        "chosen_opponent",
        "tempted",
    }
)
GRAVEYARD_KINDS = frozenset({TargetKind.CARD_IN_YOUR_GRAVEYARD})
# ... and that designate permanents (ANY may also be a creature) and spells
PERMANENT_KINDS = frozenset({TargetKind.PERMANENT, TargetKind.ANY})
OBJECT_NAMES = frozenset({"self", "it", "attached", "trigger_object"})
SPELL_KINDS = frozenset({TargetKind.SPELL})


# Param kinds understood by the loader (how a TOML value turns into one int):
#   int       a TOML integer in [lo, hi]
#   bool      true / false -> 1 / 0
#   keywords  list of Keyword names -> mask
#   types     list of CardType names ("permanent" = every permanent type) -> mask
#   counter   CounterKind name ("p1p1" or "+1/+1", "stun")
#   token     name of a token record -> its card id (resolved by the compiler)
#   colors    "any" or letters of "WUBRG" -> Color mask
#   group     index of another target group of the same ability (0..3)
#   subtype   Subtype name -> its bit ("" or absent = 0 = all)
#   subtypes  list of Subtype names -> mask
#   source    index of a target group of the same ability (0..3), or "self" (Ref.SELF)
#   xcount    XCount name: what an X counts ("creatures_you_control", "self_power")
PARAM_KINDS = (
    "int",
    "bool",
    "keywords",
    "types",
    "counter",
    "token",
    "colors",
    "group",
    "subtype",
    "subtypes",
    "source",
    "xcount",
)


@dataclass(frozen=True)
class Param:
    """One named step parameter: its kind, the column it fills, its default (None = required)."""

    name: str
    kind: str
    column: str  # "a", "b" or "c"
    default: object = None
    lo: int = 0
    hi: int = 99
    doc: str = ""


@dataclass(frozen=True)
class OpSpec:
    """What one op accepts and means to the compiler."""

    op: int
    doc: str
    params: tuple[Param, ...] = ()
    # Target-group kinds the ref may point at (empty: the op takes no group).
    groups: frozenset[int] = frozenset()
    # Named refs the op accepts (empty together with `groups`: the op takes no ref at all).
    named: frozenset[str] = frozenset()
    ref_default: int | None = None  # filled when the data gives no ref; None = ref required
    static: bool = False  # only in "static" abilities (read by the characteristics refresh)
    sets_it: bool = False  # the object this step moves or creates becomes `it`
    intent: int | None = None  # what the op means for the target group it acts on

    @property
    def takes_ref(self) -> bool:
        return bool(self.groups or self.named)


# Ref filled in when an op takes no ref: the kernel ignores it, but a fixed value keeps the
# tables deterministic.
NO_REF = Ref.SELF


def param(
    name: str,
    kind: str,
    column: str,
    default: object = None,
    lo: int = 0,
    hi: int = 99,
    doc: str = "",
) -> Param:
    """A Param, positionally (the step schema's shorthand)."""
    return Param(name, kind, column, default, lo, hi, doc)


POWER = param("power", "int", "a", 0, lo=-20, hi=20, doc="+power")
TOUGHNESS = param("toughness", "int", "b", 0, lo=-20, hi=20, doc="+toughness")

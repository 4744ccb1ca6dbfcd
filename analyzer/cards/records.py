"""Parsed card records and the small pure parsers they need (mana costs, type lines, names).

These are the values the loader produces after validation and the compiler turns into tables.
Everything is frozen: a catalog is shared by every command and must not be mutated.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from analyzer.enums import (
    COLOR_ORDER,
    IDENTITY_MANA,
    OPP_LANDS_MANA,
    PERMANENT_TYPES,
    SUPPORT_NAMES,
    WIDE_SUBTYPES,
    CardType,
    Cond,
    Keyword,
    Subtype,
)

# ---------------------------------------------------------------------------------------------
# Names the data files use for enum members: lowercase field names.

CARD_TYPE_WORDS: dict[str, int] = {
    "land": CardType.LAND,
    "creature": CardType.CREATURE,
    "artifact": CardType.ARTIFACT,
    "enchantment": CardType.ENCHANTMENT,
    "instant": CardType.INSTANT,
    "sorcery": CardType.SORCERY,
    "planeswalker": CardType.PLANESWALKER,
    "battle": CardType.BATTLE,
    "kindred": CardType.KINDRED,
    "tribal": CardType.KINDRED,
}
SUPERTYPE_WORDS: dict[str, int] = {
    "legendary": CardType.LEGENDARY,
    "basic": CardType.BASIC,
    "token": CardType.TOKEN_DEF,
    # real supertypes no rule of ours reads: accepted, no bit
    "snow": 0,
    "world": 0,
    "ongoing": 0,
    "elite": 0,
    "host": 0,
}
# Names usable in `types = [...]` lists (targets, destroy_all, grant_all).
TYPE_NAMES: dict[str, int] = {n.lower(): v for n, v in zip(CardType._fields, CardType, strict=True)}
TYPE_NAMES["permanent"] = PERMANENT_TYPES
KEYWORD_NAMES: dict[str, int] = {
    n.lower(): v for n, v in zip(Keyword._fields, Keyword, strict=True)
}
# How each keyword is printed, to cross-check a record's keyword list against its oracle text.
KEYWORD_PRINTED: dict[int, str] = {
    Keyword.FIRST_STRIKE: "first strike",
    Keyword.DOUBLE_STRIKE: "double strike",
    Keyword.WARD2: "ward {2}",
    Keyword.WARD1: "ward {1}",
    Keyword.WARD_LIFE2: "ward—pay 2 life",
    Keyword.WARD_DISCARD: "ward—discard a card",
    Keyword.WARD_FOOD: "ward—sacrifice a food",
    Keyword.CANT_BLOCK: "can't block",
    Keyword.UNBLOCKABLE: "can't be blocked",
    Keyword.UNBLOCKABLE_BY_POWER_2: "can't be blocked by creatures with power 2 or less",
}
SUBTYPE_NAMES: dict[str, int] = {
    n.lower(): v for n, v in zip(Subtype._fields, Subtype, strict=True)
}
# Changeling (702.73a): every creature type; these are the creature types among Subtype's bits
CHANGELING_SUBTYPES = (
    Subtype.BAT
    | Subtype.BIRD
    | Subtype.FROG
    | Subtype.LIZARD
    | Subtype.MOUSE
    | Subtype.OTTER
    | Subtype.RABBIT
    | Subtype.RACCOON
    | Subtype.RAT
    | Subtype.SQUIRREL
    | Subtype.FISH
    | Subtype.OCTOPUS
    | Subtype.HAMSTER
    | Subtype.GOBLIN
    | Subtype.GOLEM
    | Subtype.HUMAN
    | WIDE_SUBTYPES["insect"]
    | WIDE_SUBTYPES["spider"]
    | WIDE_SUBTYPES["saproling"]
)
BASIC_LAND_COLORS = {"plains": 1, "island": 2, "swamp": 4, "mountain": 8, "forest": 16}
COLORLESS_MANA = 32  # LAND_COLORS value for {C}
# land_colors / add_mana colors naming a set of colors the game decides (issue 21): "identity"
# = "one mana of any color in your commander's color identity", "opponents" = "... that a land
# an opponent controls could produce"
SPECIAL_LAND_COLORS = {"identity": IDENTITY_MANA, "opponents": OPP_LANDS_MANA}


def parse_mana_colors(value: object) -> int:
    """A mana ability's colors: "C", WUBRG letters with an optional "C" ("CWU": {C}, {W} or
    {U}, a pain land), "any", or a SPECIAL_LAND_COLORS name; raise ValueError otherwise."""
    if isinstance(value, str) and value in SPECIAL_LAND_COLORS:
        return SPECIAL_LAND_COLORS[value]
    if value == "C":
        return COLORLESS_MANA
    if isinstance(value, str) and "C" in value:
        return COLORLESS_MANA | parse_colors(value.replace("C", ""))
    return parse_colors(value)


RARITIES = ("common", "uncommon", "rare", "mythic", "special", "bonus", "token")


def keyword_printed(bit: int) -> str:
    """The words a keyword is printed with on a card ("first strike", "reach")."""
    if bit in KEYWORD_PRINTED:
        return KEYWORD_PRINTED[bit]
    return Keyword._fields[Keyword.index(bit)].lower()


_REMINDER = re.compile(r"\s*\([^)]*\)")


def unmodeled_lines(oracle: str, keywords: int) -> tuple[str, ...]:
    """The oracle lines a record that is not exact ignores: every ability line except those made
    only of keywords in its `keywords` mask (reminder text aside; "//" between faces skipped)."""
    known = {keyword_printed(bit) for bit in Keyword if keywords & bit}
    out = []
    for line in oracle.split("\n"):
        text = _REMINDER.sub("", line).strip().rstrip(".")
        if not text or text == "//":
            continue
        if all(part.strip().lower() in known for part in re.split(r",\s*|;\s*", text)):
            continue
        out.append(line.strip())
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Mana costs


@dataclass(frozen=True)
class ManaCost:
    """A mana cost: generic, colored (WUBRG order), colorless {C}, the number of {X}, and hybrid
    symbols of one two-color pair ({G/W}{G/W}: hybrid_colors G|W, hybrid 2)."""

    text: str = ""
    generic: int = 0
    colored: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    colorless: int = 0
    x: int = 0
    hybrid_colors: int = 0
    hybrid: int = 0

    @property
    def mv(self) -> int:
        """Mana value (X counts as 0 outside the stack; a hybrid symbol counts 1)."""
        return self.generic + sum(self.colored) + self.colorless + self.hybrid

    @property
    def colors(self) -> int:
        """Color mask of the colored symbols, hybrid ones included (105.2, 202.2)."""
        return sum(1 << i for i, n in enumerate(self.colored) if n) | self.hybrid_colors


_SYMBOL = re.compile(r"\{([^{}]*)\}")


def parse_mana_cost(text: str, lenient: bool = False) -> ManaCost:
    """Parse "{2}{W}{W}" into a ManaCost; raise ValueError naming the bad symbol.

    Two-color hybrid symbols ({W/B}) of a single pair are modeled. `lenient` (unsupported cards
    only: they are listed, never cast) counts any other hybrid, Phyrexian or snow symbol as
    generic mana of its mana value, so the mana value stays right.
    """
    if not isinstance(text, str):
        raise ValueError(f'must be a string like "{{1}}{{R}}", got {text!r}')
    pos = 0
    generic = colorless = x = hybrid = hybrid_colors = 0
    colored = [0, 0, 0, 0, 0]
    for m in _SYMBOL.finditer(text):
        if m.start() != pos:
            raise ValueError(f"unexpected text {text[pos : m.start()]!r} in mana cost {text!r}")
        pos = m.end()
        sym = m.group(1).upper()
        if sym.isdigit():
            generic += int(sym)
        elif sym in COLOR_ORDER:
            colored[COLOR_ORDER.index(sym)] += 1
        elif sym == "C":
            colorless += 1
        elif sym == "X":
            x += 1
        elif (
            len(sym) == 3
            and sym[1] == "/"
            and sym[0] in COLOR_ORDER
            and sym[2] in COLOR_ORDER
            and sym[0] != sym[2]
            and hybrid_colors in (0, _pair(sym))
        ):
            hybrid += 1
            hybrid_colors = _pair(sym)
        elif lenient and ("/" in sym or sym == "S"):
            generic += max([int(p) for p in sym.split("/") if p.isdigit()] or [1])
        elif "/" in sym:
            raise ValueError(
                f"mana symbol {{{sym}}} in {text!r} is not modeled (two-color "
                "hybrid symbols of one pair are; Phyrexian and {2/W} are not)"
            )
        else:
            raise ValueError(f"unknown mana symbol {{{sym}}} in {text!r}")
    if pos != len(text):
        raise ValueError(f"unexpected text {text[pos:]!r} in mana cost {text!r}")
    if generic > 40:
        raise ValueError(f"generic cost {generic} in {text!r} is absurd")
    return ManaCost(
        text,
        generic,
        (colored[0], colored[1], colored[2], colored[3], colored[4]),
        colorless,
        x,
        hybrid_colors,
        hybrid,
    )


def _pair(sym: str) -> int:
    """Color mask of a two-color hybrid symbol "G/W"."""
    return (1 << COLOR_ORDER.index(sym[0])) | (1 << COLOR_ORDER.index(sym[2]))


def parse_colors(value: object) -> int:
    """Color mask from "WU", ["W", "U"] or "any"; raise ValueError otherwise."""
    if value == "any":
        return 31
    if isinstance(value, list):
        value = "".join(v for v in value if isinstance(v, str))
    if not isinstance(value, str):
        raise ValueError(f'must be letters of WUBRG or "any", got {value!r}')
    mask = 0
    for ch in value.upper():
        if ch not in COLOR_ORDER:
            raise ValueError(f"unknown color {ch!r} (use letters of WUBRG)")
        mask |= 1 << COLOR_ORDER.index(ch)
    return mask


# ---------------------------------------------------------------------------------------------
# Type lines


@dataclass(frozen=True)
class TypeLine:
    types: int  # CardType mask with supertypes
    subtypes: int  # Subtype bits of the subtypes our rules refer to
    subtype_words: tuple[str, ...]  # every subtype as printed (Archer, Citizen, Plains, ...)


_DASH = re.compile(r"\s+[—–-]\s+")


def parse_type_line(text: str) -> TypeLine:
    """Parse "Legendary Creature — Raccoon Archer"; raise ValueError on an unknown type word."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError('must be a non-empty type line like "Creature — Raccoon Archer"')
    parts = _DASH.split(text.strip(), maxsplit=1)
    types = 0
    card_types = 0
    for word in parts[0].split():
        w = word.lower()
        if w in CARD_TYPE_WORDS:
            card_types |= CARD_TYPE_WORDS[w]
        elif w in SUPERTYPE_WORDS:
            types |= SUPERTYPE_WORDS[w]
        else:
            raise ValueError(f"unknown card type or supertype {word!r} in {text!r}")
    if not card_types:
        raise ValueError(f"no card type in {text!r}")
    words = tuple(parts[1].split()) if len(parts) > 1 else ()
    subtypes = 0
    for w in words:
        subtypes |= SUBTYPE_NAMES.get(w.lower(), 0) | WIDE_SUBTYPES.get(w.lower(), 0)
    return TypeLine(types | card_types, subtypes, words)


# ---------------------------------------------------------------------------------------------
# Forgiving name matching (shared by the catalog and, through it, deck import)

_APOSTROPHES = str.maketrans(
    {"’": "'", "‘": "'", "ʼ": "'", "`": "'", "´": "'", "＇": "'", "“": '"', "”": '"'}
)
_SPLIT = re.compile(r"\s*/{1,2}\s*")
_SPACES = re.compile(r"\s+")


def normalize_name(name: str) -> str:
    """Case-, accent-, apostrophe- and space-insensitive key; split names become "a // b"."""
    text = unicodedata.normalize("NFKD", name.translate(_APOSTROPHES))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = _SPACES.sub(" ", text).strip().casefold()
    return _SPLIT.sub(" // ", text)


def face_keys(name: str) -> list[str]:
    """The keys of each face of a split, adventure or double-faced name ("A // B": ["a", "b"]);
    empty for a one-face name."""
    key = normalize_name(name)
    return key.split(" // ") if " // " in key else []


def name_keys(name: str) -> list[str]:
    """Every key a card name answers to: the full name and, for "A // B", the front face."""
    key = normalize_name(name)
    keys = [key]
    if " // " in key:
        keys.append(key.split(" // ", 1)[0])
    return keys


# ---------------------------------------------------------------------------------------------
# Programs


@dataclass(frozen=True)
class TargetGroup:
    """One target group of an ability (TargCol columns; intent None = derived by the compiler)."""

    kind: int
    types: int = 0
    filter: int = 0
    param: int = 0
    min: int = 1
    max: int = 1
    cond: int = Cond.ALWAYS
    intent: int | None = None
    other_than: int = -1  # an earlier group whose targets this group's must differ from
    not_creature_type: str = ""  # "target non-Angel creature": the compiler makes it PARAM


@dataclass(frozen=True)
class Step:
    """One step (StepCol columns); `token` names the token a CREATE_TOKEN step makes."""

    op: int
    cond: int = Cond.ALWAYS
    ref: int = 0
    a: int = 0
    b: int = 0
    c: int = 0
    token: str = ""


@dataclass(frozen=True)
class Ability:
    """One ability: trigger/activation data, target groups and steps."""

    kind: int
    trig_param: int = 0
    cond: int = Cond.ALWAYS
    targets: tuple[TargetGroup, ...] = ()
    steps: tuple[Step, ...] = ()
    cost: ManaCost = ManaCost()
    tap: bool = False
    sacrifice: bool = False
    mana: bool = False
    # "Choose one —" (700.2): each mode is an Ability of kind MODE with its own targets and
    # steps; this ability then has none of its own
    modes: tuple[Ability, ...] = ()
    once: int = 0  # 1: "This ability triggers / Activate only once each turn"; 2: "Activate
    # only once" (AbilCol.ONCE_EACH_TURN)
    level: int = 0  # AbilCol.LEVEL: the Class level it is gained at / triggers on / raises to
    life: int = 0  # activated: "Pay N life" (AbilCol.COST_LIFE)
    from_hand: bool = False  # activated: works from the hand, discarding the card (cycling)
    from_graveyard: bool = False  # activated: works from the graveyard, exiling the card as a
    # cost (AbilCol.FROM_GRAVEYARD)
    discard: bool = False  # activated: "Discard a card" is part of the cost (AbilCol.COST_DISCARD)
    cond_subtypes: int = 0  # activated, when = "subtype_entered": the subtypes it watches for
    # (AbilCol.COND_SUBTYPES)
    remove_counter: int = 0  # activated: "Remove N [supply] counters from this" (O.STASH)
    convoke: bool = False  # activated: its mana may be paid by tapping untapped creatures you
    # control, one per mana (AbilCol.COST_CONVOKE)
    trig_filter: int = 0  # triggers: AbilCol.TRIG_FILTER (TRIG_FILTER_* bits)
    tap_tokens: int = 0  # activated: "Tap N untapped tokens you control" (AbilCol.COST_TAP_TOKENS)
    tap_x_tokens: bool = False  # a mana ability: "Tap X untapped tokens you control: Add X
    # mana in any combination of colors" (one token per mana; CardFlag.TOKENS_X_MANA)
    sac_token: bool = False  # activated: "Sacrifice a token" (AbilCol.COST_SAC_SELF = 2)
    sac_kind: int = 0  # activated: "Sacrifice a creature" (3), "another creature" (4), "an
    # artifact or creature" (5): AbilCol.COST_SAC_SELF

    def programs(self) -> tuple[Ability, ...]:
        """This ability and its modes: every (targets, steps) program it holds."""
        return (self, *self.modes)


@dataclass(frozen=True)
class CardRecord:
    """One validated card (or token definition) with its oracle text, support and program."""

    name: str
    set: str
    number: str
    rarity: str
    cost: ManaCost
    type_line: str
    types: int
    subtypes: int
    subtype_words: tuple[str, ...]
    colors: int
    power: int | None
    toughness: int | None
    keywords: int
    keyword_names: tuple[str, ...]
    gift: int  # GiftKind
    gift_name: str  # "" when none
    extra_cost: int  # ExtraCost
    role: int | None  # AiRole given in the data; None = derived by the compiler
    value: int | None  # AI value given in the data; None = derived by the compiler
    support: int  # Support
    oracle: str
    notes: str
    abilities: tuple[Ability, ...]
    land_colors: int = 0
    etb_tapped: bool = False
    creature_mana: int = 0  # lands: colors it also taps for, spendable only on creature spells
    pain: bool = False  # its colored mana deals 1 damage to its controller (CardFlag.PAIN_MANA)
    mana_per_tap: int = 0  # lands: mana one tap makes ("{T}: Add {B}{G}": 2), 0 = 1
    islandwalk: bool = False  # can't be blocked while the defending player controls an Island
    cant_be_countered: bool = False  # "This spell can't be countered." (CardFlag.UNCOUNTERABLE)
    attacks_each_combat: bool = False  # "attacks each combat if able" (CardFlag.MUST_ATTACK)
    source: str = ""  # data file
    line: int = 0  # line of the record's [[card]] header
    # not exact: the ability lines it ignores (approximate: runs without them)
    ignored: tuple[str, ...] = ()

    @property
    def support_name(self) -> str:
        return SUPPORT_NAMES[self.support]

    @property
    def mv(self) -> int:
        return self.cost.mv

    @property
    def is_token(self) -> bool:
        """A token definition: never allowed in a deck."""
        return bool(self.types & CardType.TOKEN_DEF)

    @property
    def is_land(self) -> bool:
        return bool(self.types & CardType.LAND)

    @property
    def is_basic_land(self) -> bool:
        return bool(self.types & CardType.BASIC) and self.is_land

    @property
    def color_identity(self) -> int:
        """Color mask of its color identity (903.4): its colors and every colored mana symbol
        in its cost and rules text, reminder text aside (903.4b), both faces (903.4c), plus
        the colors of its basic land types (903.5d)."""
        mask = self.colors | self.cost.colors
        for sym in _SYMBOL.findall(_REMINDER.sub("", self.oracle)):
            for part in sym.upper().split("/"):
                if part in COLOR_ORDER:
                    mask |= 1 << COLOR_ORDER.index(part)
        for word in self.subtype_words:
            mask |= BASIC_LAND_COLORS.get(word.lower(), 0)
        return mask

    @property
    def is_permanent(self) -> bool:
        return bool(self.types & PERMANENT_TYPES)

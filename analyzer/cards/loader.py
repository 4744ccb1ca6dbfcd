"""Read card data files (TOML), validate every record, and report ALL problems at once.

Each problem names the file, the line of the card's ``[[card]]`` header, the card and the field
(``ability[0].steps[1].amount``), so a data author can fix a whole file in one pass. The format
is documented in FORMAT.md; step parameters are checked against ``opcodes.OP_SPECS``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from pathlib import Path

from analyzer.cards.context import Ctx
from analyzer.cards.derive import group_intents
from analyzer.cards.program import INSTANT_SORCERY, parse_ability
from analyzer.cards.records import (
    BASIC_LAND_COLORS,
    CHANGELING_SUBTYPES,
    KEYWORD_NAMES,
    RARITIES,
    Ability,
    CardRecord,
    ManaCost,
    keyword_printed,
    name_keys,
    parse_colors,
    parse_mana_colors,
    parse_mana_cost,
    parse_type_line,
    unmodeled_lines,
)
from analyzer.cards.steps import did_you_mean
from analyzer.enums import (
    AI_ROLE_NAMES,
    CHOSEN_COLOR_MANA,
    GIFT_KIND_NAMES,
    SUPPORT_NAMES,
    SWAMP_COLORED_MANA,
    AbilityKind,
    CardType,
    Cond,
    ExtraCost,
    Keyword,
    Op,
    Support,
)
from analyzer.errors import InputError, Problem

DATA_DIR = Path(__file__).parent / "data"

CARD_FIELDS = frozenset(
    {
        "name",
        "set",
        "number",
        "rarity",
        "cost",
        "type_line",
        "power",
        "toughness",
        "keywords",
        "gift",
        "extra_cost",
        "role",
        "value",
        "support",
        "oracle",
        "notes",
        "ignores",
        "colors",
        "land_colors",
        "etb_tapped",
        "creature_mana",
        "pain",
        "mana_per_tap",
        "changeling",
        "islandwalk",
        "cant_be_countered",
        "attacks_each_combat",
        "ability",
    }
)
EXTRA_COST_NAMES = {
    "none": ExtraCost.NONE,
    "discard_card": ExtraCost.DISCARD_CARD,
    "forage_or_b": ExtraCost.FORAGE_OR_B,
    "sacrifice_nonland_reduce": ExtraCost.SAC_NONLAND_REDUCE,
    "sacrifice_artifact_or_creature": ExtraCost.SAC_ARTIFACT_OR_CREATURE,
    "sacrifice_creatures_copy": ExtraCost.SAC_CREATURES_COPY,
}
_CARD_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*card[ \t]*\]\]", re.MULTILINE)


def builtin_data_files() -> list[Path]:
    """The bundled data files: TOML records sorted by name, then Scryfall JSON
    (``blb_scryfall.json``: every Bloomburrow card, the fallback for cards without a record)."""
    return sorted(DATA_DIR.glob("*.toml")) + sorted(DATA_DIR.glob("*.json"))


def is_token_file(path: Path) -> bool:
    """Token definitions live in files whose name ends in "tokens" (tokens.toml, my_tokens.toml)."""
    return path.stem.lower().endswith("tokens")


# ---------------------------------------------------------------------------------------------
# records


def _power(ctx: Ctx, d: dict, key: str) -> int | None:
    return ctx.int_(d, key, key, 0, 99)


def _record(ctx: Ctx, d: dict, source: Path) -> CardRecord | None:
    ctx.unknown_keys(d, CARD_FIELDS, "")
    name = ctx.card
    set_ = ctx.str_(d, "set", "set", required=True) or ""
    number = d.get("number", "")
    if isinstance(number, int) and not isinstance(number, bool):
        number = str(number)
    if not isinstance(number, str):
        ctx.err("number", f"must be a collector number string, got {number!r}")
        number = ""
    rarity = ctx.str_(d, "rarity", "rarity", required=True) or ""
    if rarity and rarity not in RARITIES:
        ctx.err("rarity", f"unknown rarity {rarity!r}; known: {', '.join(RARITIES)}")
    support = (
        ctx.name_(
            d.get("support"),
            {s: i for i, s in enumerate(SUPPORT_NAMES)},
            "support",
            "support level",
        )
        if "support" in d
        else None
    )
    if "support" not in d:
        ctx.err("support", f"is missing ({' | '.join(SUPPORT_NAMES)})")
    cost = ManaCost()
    try:
        cost = parse_mana_cost(d.get("cost", ""), lenient=support == Support.UNSUPPORTED)
    except ValueError as exc:
        ctx.err("cost", str(exc))
    type_line = ctx.str_(d, "type_line", "type_line", required=True) or ""
    types = subtypes = 0
    words: tuple[str, ...] = ()
    if type_line:
        try:
            tl = parse_type_line(type_line)
            types, subtypes, words = tl.types, tl.subtypes, tl.subtype_words
        except ValueError as exc:
            ctx.err("type_line", str(exc))
    token_file = is_token_file(source)
    if types and bool(types & CardType.TOKEN_DEF) != token_file:
        ctx.err(
            "type_line",
            'token definitions (type line starting with "Token") belong in '
            "a *tokens.toml file, and only there",
        )
    power, toughness = _power(ctx, d, "power"), _power(ctx, d, "toughness")
    has_pt = "power" in d or "toughness" in d
    if types & CardType.CREATURE and not ("power" in d and "toughness" in d):
        ctx.err(
            "toughness" if "power" in d else "power",
            "is missing (a creature needs power and toughness)",
        )
    elif has_pt and not types & CardType.CREATURE and "Vehicle" not in words:
        ctx.err("power", "only creatures (and Vehicles) have power and toughness")
    keywords = ctx.mask_(d.get("keywords"), KEYWORD_NAMES, "keywords", "keyword")
    kw_names = tuple(n for n, v in KEYWORD_NAMES.items() if keywords & v)
    oracle = d.get("oracle")
    if oracle is None:
        ctx.err("oracle", "is missing (the card's oracle text, verbatim)")
        oracle = ""
    elif not isinstance(oracle, str):
        ctx.err("oracle", f"must be a string, got {oracle!r}")
        oracle = ""
    for kw in kw_names:
        printed = keyword_printed(KEYWORD_NAMES[kw])
        if oracle and printed not in oracle.lower():
            ctx.err("keywords", f"{kw!r} is not in the oracle text")
    gift, gift_name = 0, ""
    if "gift" in d:
        g = ctx.name_(d["gift"], GIFT_KIND_NAMES, "gift", "gift kind")
        gift, gift_name = (g, d["gift"].lower()) if g else (0, "")
    # An unsupported card may show a gift we don't model (a future set's, say) without `gift`.
    if oracle and bool(gift) != oracle.startswith("Gift ") and support != Support.UNSUPPORTED:
        ctx.err(
            "gift",
            "the oracle text starts with a Gift ability but `gift` is missing"
            if not gift
            else "`gift` is set but the oracle text has no Gift ability",
        )
    extra = 0
    if "extra_cost" in d:
        extra = ctx.name_(d["extra_cost"], EXTRA_COST_NAMES, "extra_cost", "extra cost") or 0
    role = ctx.name_(d["role"], AI_ROLE_NAMES, "role", "AI role") if "role" in d else None
    value = ctx.int_(d, "value", "value", 0, 1000)
    notes = ctx.str_(d, "notes", "notes") or ""
    colors = cost.colors
    if "colors" in d:
        try:
            colors = parse_colors(d["colors"]) if d["colors"] not in ("", []) else 0
        except ValueError as exc:
            ctx.err("colors", str(exc))
    land_colors = 0
    for w in words:
        land_colors |= BASIC_LAND_COLORS.get(w.lower(), 0)
    if "land_colors" in d:
        lc = d["land_colors"]
        try:
            if lc == "chosen":  # "Add one mana of the chosen color" (choose_color)
                land_colors = CHOSEN_COLOR_MANA
            elif isinstance(lc, str) and lc.endswith("+swamp"):  # "Activate only if you
                land_colors = SWAMP_COLORED_MANA | parse_mana_colors(lc.removesuffix("+swamp"))
            elif isinstance(lc, str) and lc.endswith("+chosen"):  # "Add {W} or ... chosen"
                land_colors = CHOSEN_COLOR_MANA | parse_colors(lc.removesuffix("+chosen"))
            else:  # "C", "WU", "CWU" (a pain land), "identity", "opponents"
                land_colors = parse_mana_colors(lc)
        except ValueError as exc:
            ctx.err("land_colors", str(exc))
    if land_colors and not types & CardType.LAND:
        ctx.err("land_colors", "only lands tap for mana this way")
    etb_tapped = ctx.bool_(d, "etb_tapped", "etb_tapped")
    mana_per_tap = ctx.int_(d, "mana_per_tap", "mana_per_tap", 2, 3) or 0
    if mana_per_tap and not types & CardType.LAND:
        ctx.err("mana_per_tap", "belongs to lands (a rock's amount is its add_mana's)")
    pain = ctx.bool_(d, "pain", "pain")  # "This land deals 1 damage to you." (colored mana)
    if pain and "deals 1 damage to you" not in (oracle or ""):
        ctx.err("pain", 'is not in the oracle text ("deals 1 damage to you")')
    islandwalk = ctx.bool_(d, "islandwalk", "islandwalk")  # 702.14c, a landwalk keyword
    if islandwalk and "islandwalk" not in (oracle or "").lower():
        ctx.err("islandwalk", "is not in the oracle text")
    cant_be_countered = ctx.bool_(d, "cant_be_countered", "cant_be_countered")
    if cant_be_countered and "this spell can't be countered" not in (oracle or "").lower():
        ctx.err("cant_be_countered", "is not in the oracle text")
    attacks_each_combat = ctx.bool_(d, "attacks_each_combat", "attacks_each_combat")
    if attacks_each_combat and "attacks each combat if able" not in (oracle or ""):
        ctx.err("attacks_each_combat", 'is not in the oracle text ("attacks each combat if able")')
    creature_mana = 0
    if "creature_mana" in d:  # "{T}: Add {U}. Spend this mana only to cast a creature spell."
        try:
            creature_mana = parse_colors(d["creature_mana"])
        except ValueError as exc:
            ctx.err("creature_mana", str(exc))
        if not types & CardType.LAND or not land_colors:
            ctx.err("creature_mana", "belongs to a land that also taps for `land_colors`")
    if ctx.bool_(d, "changeling", "changeling"):  # 702.73a: every creature type, in every zone
        if oracle and "changeling" not in oracle.lower():
            ctx.err("changeling", "is not in the oracle text")
        subtypes |= CHANGELING_SUBTYPES

    attachable = "Aura" in words or "Equipment" in words
    raw_abilities = d.get("ability", [])
    if not isinstance(raw_abilities, list):
        ctx.err("ability", "must be [[card.ability]] tables")
        raw_abilities = []
    abilities = [
        parse_ability(ctx, a, f"ability[{i}]", types, attachable)
        for i, a in enumerate(raw_abilities)
    ]
    abils = tuple(a for a in abilities if a is not None)
    if oracle == "" and (abils or keywords or gift) and isinstance(d.get("oracle"), str):
        ctx.err("oracle", "is empty but the card has abilities")
    if len(abils) == len(abilities):  # indexes in messages must match the data
        _check_program_shape(ctx, abils, types, words, gift, support)
    if not keywords & Keyword.PROWESS and any(
        st.op == Op.STATIC_OTHERS_PROWESS for ab in abils for st in ab.steps
    ):  # its own prowess trigger is the one the others get (kernel statics_global)
        ctx.err("keywords", "static_others_prowess needs the card's own keyword prowess")
    if not ctx.ok:
        return None
    ignored = unmodeled_lines(oracle, keywords) if support != Support.EXACT else ()
    if "ignores" in d:  # an approximate record that models some of its lines names the rest
        ignored = _ignores(ctx, d["ignores"], oracle, support)
    return CardRecord(
        name=name,
        set=set_,
        number=number,
        rarity=rarity,
        cost=cost,
        type_line=type_line,
        types=types,
        subtypes=subtypes,
        subtype_words=words,
        colors=colors,
        power=power,
        toughness=toughness,
        keywords=keywords,
        keyword_names=kw_names,
        gift=gift,
        gift_name=gift_name,
        extra_cost=extra,
        role=role,
        value=value,
        support=support if support is not None else 0,
        oracle=oracle,
        notes=notes,
        abilities=abils,
        land_colors=land_colors,
        etb_tapped=etb_tapped,
        creature_mana=creature_mana,
        pain=pain,
        islandwalk=islandwalk,
        cant_be_countered=cant_be_countered,
        attacks_each_combat=attacks_each_combat,
        mana_per_tap=mana_per_tap,
        source=str(source),
        line=ctx.line,
        ignored=ignored,
    )


def _ignores(ctx: Ctx, raw: object, oracle: str, support: int | None) -> tuple[str, ...]:
    """The `ignores` field: the oracle lines an approximate record does not model, each a
    whole line of its oracle text (the `cards` listing shows them as its ignored abilities)."""
    if support != Support.APPROXIMATE:
        ctx.err("ignores", "belongs to an approximate record")
        return ()
    lines = [line.strip() for line in oracle.split("\n")]
    if not isinstance(raw, list) or not raw or not all(isinstance(x, str) for x in raw):
        ctx.err("ignores", "must be a non-empty list of oracle lines")
        return ()
    for x in raw:
        if x.strip() not in lines:
            ctx.err("ignores", f"{x!r} is not a line of the oracle text")
    return tuple(x.strip() for x in raw)


def _check_program_shape(
    ctx: Ctx,
    abils: Sequence[Ability],
    types: int,
    words: Sequence[str],
    gift: int,
    support: int | None,
) -> None:
    """Card-level rules: one spell ability for instants/sorceries, Auras attach, promises."""
    spells = [a for a in abils if a.kind == AbilityKind.SPELL]
    if types & INSTANT_SORCERY and support == 0 and len(spells) != 1:
        ctx.err("ability", "an exact instant or sorcery needs exactly one `spell` ability")
    if "Aura" in words and support == 0:
        ok = (
            len(spells) == 1
            and len(spells[0].targets) == 1
            and any(s.op == Op.ATTACH_SELF for s in spells[0].steps)
        )
        if not ok:
            ctx.err(
                "ability",
                "an exact Aura needs one `spell` ability with its enchant "
                "target and an attach_self step",
            )
    for i, ab in enumerate(abils):
        for m, prog in enumerate(ab.programs()):
            where = f"ability[{i}]" + (f".modes[{m - 1}]" if m else "")
            for g in group_intents(tuple(abils), prog)[1]:
                ctx.err(
                    f"{where}.targets[{g}]",
                    "one step harms this group and another helps "
                    "it: set `intent` (harm/help/neutral)",
                )
    delayed = [a for a in abils if a.kind == AbilityKind.DELAYED_SPELL_CAST]
    uses = any(
        s.op == Op.SPELL_CAST_UNTIL_NEXT_TURN for a in abils for p in a.programs() for s in p.steps
    )
    if uses != (len(delayed) == 1) or len(delayed) > 1:
        ctx.err(
            "ability",
            "spell_cast_until_next_turn and one `delayed_spell_cast` ability (the delayed "
            "trigger's targets and steps) go together",
        )
    if not gift:
        progs = [p for a in abils for p in a.programs()]
        conds = [a.cond for a in abils]
        conds += [g.cond for a in progs for g in a.targets]
        conds += [s.cond for a in progs for s in a.steps]
        if any(c in (Cond.IF_PROMISED, Cond.IF_NOT_PROMISED) for c in conds):
            ctx.err("ability", "uses `when = promised/not_promised` but the card has no gift")


def _card_lines(text: str) -> list[int]:
    return [text.count("\n", 0, m.start()) + 1 for m in _CARD_HEADER.finditer(text)]


def parse_file(path: Path, problems: list[Problem], seen: _Seen | None = None) -> list[CardRecord]:
    """Parse one data file; append its problems, return the records that validated.

    `seen` carries what cross-file checks need (names, token references) across files.
    """
    seen = seen if seen is not None else _Seen()
    source = str(path)
    if path.suffix.lower() == ".json":
        return _parse_scryfall(path, problems, seen)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        problems.append(Problem("card data file is not UTF-8 text", source=source))
        return []
    except OSError as exc:
        problems.append(
            Problem(f"cannot read card data file: {exc.strerror or exc}", source=source)
        )
        return []
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        problems.append(Problem(f"not valid TOML: {exc}", source=source))
        return []
    unknown = set(data) - {"card"}
    for key in sorted(unknown):
        problems.append(
            Problem(f"unknown top-level key {key!r} (records are [[card]] tables)", source=source)
        )
    cards = data.get("card", [])
    if not isinstance(cards, list):
        problems.append(Problem("`card` must be an array of [[card]] tables", source=source))
        return []
    lines = _card_lines(text)
    records = []
    for i, d in enumerate(cards):
        line = lines[i] if i < len(lines) else 0
        name = d.get("name") if isinstance(d, dict) else None
        label = name if isinstance(name, str) and name.strip() else f"#{i + 1}"
        ctx = Ctx(source, line, label, problems, seen.token_refs)
        if not isinstance(d, dict):
            ctx.err("card", "must be a [[card]] table")
            continue
        if not isinstance(name, str) or not name.strip():
            ctx.err("name", "is missing" if name is None else f"must be a name, got {name!r}")
            continue
        if name != name.strip() or "  " in name:
            ctx.err("name", "has leading, trailing or doubled spaces")
        key = name_keys(name)[0]
        if key in seen.names:
            where = seen.names[key]
            ctx.err("name", f"duplicate name (first defined at {where})")
        else:
            seen.names[key] = f"{source}:{line}"
        type_line = d.get("type_line")
        if (
            isinstance(type_line, str)
            and type_line.lower().startswith("token")
            and is_token_file(path)
        ):
            seen.tokens.add(name)
        rec = _record(ctx, d, path)
        if rec is not None:
            records.append(rec)
    return records


def _parse_scryfall(path: Path, problems: list[Problem], seen: _Seen) -> list[CardRecord]:
    """Records from Scryfall JSON. Names already defined (the bundled data, earlier files,
    other printings in a bulk file) are skipped: the first definition wins, silently, because a
    bulk file always repeats the cards we bundle."""
    from analyzer.cards.scryfall import card_fields, read_scryfall  # only for .json files

    source = str(path)
    try:
        objects = read_scryfall(path)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        problems.append(Problem(f"cannot read Scryfall card data: {exc}", source=source))
        return []
    records = []
    for i, obj in enumerate(objects):
        fields = card_fields(obj)
        if fields is None:
            continue
        key = name_keys(fields["name"])[0]
        if key in seen.names:
            continue
        seen.names[key] = f"{source} (object {i + 1})"
        rec = _record(Ctx(source, 0, fields["name"], problems, seen.token_refs), fields, path)
        if rec is not None:
            records.append(rec)
    return records


class _Seen:
    """Names and token references collected across every file of one load."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}  # normalized name -> "file:line" of first definition
        self.tokens: set[str] = set()
        self.token_refs: list[tuple[Ctx, str, str]] = []

    def check(self) -> None:
        """Every create_token names a token record (bad records included: all problems at once)."""
        for ctx, field, token in self.token_refs:
            if token not in self.tokens:
                ctx.err(
                    field,
                    f"unknown token {token!r}{did_you_mean(token, self.tokens)}; "
                    f"known tokens: {', '.join(sorted(self.tokens)) or 'none'}",
                )


def load_records(paths: Sequence[Path | str] | None = None) -> list[CardRecord]:
    """Load and validate the given data files (default: the bundled ones), in order.

    Raises InputError listing every problem in every file.
    """
    files = builtin_data_files() if paths is None else [Path(p) for p in paths]
    # TOML before JSON (stable otherwise): a card written as a record, with its program, wins
    # over the same card in Scryfall data, bundled or the user's, whatever the file order.
    files.sort(key=lambda p: p.suffix.lower() == ".json")
    problems: list[Problem] = []
    records: list[CardRecord] = []
    seen = _Seen()
    for path in files:
        records.extend(parse_file(path, problems, seen))
    seen.check()
    if problems:
        raise InputError(problems)
    return records

"""Compile validated card records into the int32 tables the kernel indexes by card id.

Card ids are row indices in record order (bundled files sorted by name, then user files, each
in file order), so the same data always gives the same ids. Column meanings are the ones
commented in ``analyzer.enums`` (CardCol, AbilCol, TargCol, StepCol); FORMAT.md repeats them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from analyzer.cards.derive import (
    derive_role,
    derive_role_basic,
    derive_value,
    exiles_until_end_step,
    group_intents,
)
from analyzer.cards.opcodes_static import CHARS_STATIC_OPS
from analyzer.cards.records import (
    BASIC_LAND_COLORS,
    CHANGELING_SUBTYPES,
    Ability,
    CardRecord,
    Step,
)
from analyzer.cards.twins import animate_twins, food_twins, land_twins
from analyzer.enums import (
    CHANGELING_TYPES,
    CREATURE_TYPE_BITS,
    KINDS_HI,
    KINDS_HI2,
    LEAVES_OTHER_BATCH,
    LEAVES_SELF,
    AbilCol,
    AbilityKind,
    CardCol,
    CardFlag,
    CardType,
    Cond,
    GiftKind,
    Keyword,
    Op,
    Ref,
    StepCol,
    TargCol,
)

# The ops with which a permanent gives other permanents a face (CardFlag.SETS_FACE)
_FACE_OPS = frozenset({Op.STATIC_ENCHANTED_BECOMES, Op.STATIC_OTHERS_FOOD, Op.STATIC_ANIMATE})

# The token each token-making gift creates (702.174d, f, h, i); the kernel reads it by GiftKind.
GIFT_TOKEN_NAMES: dict[int, str] = {
    GiftKind.FOOD: "Food",
    GiftKind.TAPPED_FISH: "Fish",
    GiftKind.TREASURE: "Treasure",
    GiftKind.OCTOPUS: "Octopus",
}


class CatalogTables(NamedTuple):
    """The int32 tables, in the order the kernel takes them (its ``C`` tuple)."""

    cards: np.ndarray  # (n_cards, CardCol.N)
    abilities: np.ndarray  # (n_abilities, AbilCol.N)
    targets: np.ndarray  # (n_target_groups, TargCol.N)
    steps: np.ndarray  # (n_steps, StepCol.N)
    # (len(GiftKind),): card id of the token a gift of that kind creates, -1 for none
    gift_tokens: np.ndarray


@dataclass(frozen=True)
class CompiledCatalog:
    """Tables plus the name <-> id maps the Python side needs."""

    tables: CatalogTables
    names: tuple[str, ...]
    token_ids: Mapping[str, int]  # token record name -> card id
    _ids: Mapping[str, int] = field(default_factory=dict, repr=False)

    @property
    def gift_token_ids(self) -> np.ndarray:
        """int32, indexed by GiftKind: card id of the token that gift creates, -1 for none."""
        return self.tables.gift_tokens

    @property
    def cards(self) -> np.ndarray:
        return self.tables.cards

    @property
    def abilities(self) -> np.ndarray:
        return self.tables.abilities

    @property
    def targets(self) -> np.ndarray:
        return self.tables.targets

    @property
    def steps(self) -> np.ndarray:
        return self.tables.steps

    def id_of(self, name: str) -> int:
        """Card id of an exact catalog name (use Catalog.lookup for forgiving matching)."""
        try:
            return self._ids[name]
        except KeyError:
            raise KeyError(f"no card named {name!r} in the compiled catalog") from None

    def name_of(self, card_id: int) -> str:
        return self.names[card_id]


def _implicit_gift(rec: CardRecord) -> tuple[Ability, ...]:
    """A permanent with gift gets "When this enters, if its gift cost was paid, [gift]"
    (702.174b) as its own ability, so it is ordered with the other ETB triggers (DESIGN 5.3)."""
    if rec.gift and rec.is_permanent:
        return (Ability(AbilityKind.GIFT, cond=Cond.IF_PROMISED),)
    return ()


def _implicit_prowess(rec: CardRecord) -> tuple[Ability, ...]:
    """Prowess (702.108a) is a triggered ability: "Whenever you cast a noncreature spell, this
    creature gets +1/+1 until end of turn". Compiled from the keyword, so approximate records
    with prowess have it too."""
    if rec.keywords & Keyword.PROWESS:
        return (
            Ability(AbilityKind.NONCREATURE_SPELL, steps=(Step(Op.PUMP, ref=Ref.SELF, a=1, b=1),)),
        )
    return ()


def _tap_mana_colors(rec: CardRecord) -> int:
    """Colors a nonland permanent taps for with a free "{T}: Add ..." mana ability (a mana
    creature): the kernel treats it as a mana source like a land, summoning sickness included."""
    colors = 0
    for ab in rec.abilities:
        if (
            ab.kind == AbilityKind.ACTIVATED
            and ab.mana
            and ab.tap
            and not ab.sacrifice
            and not ab.tap_x_tokens
            and ab.cost.mv == 0
        ):
            for st in ab.steps:
                colors |= st.a if st.op == Op.ADD_MANA else 0
    return 0 if rec.is_land else colors


def _tap_mana_amount(rec: CardRecord) -> int:
    """Mana one tap of that free "{T}: Add ..." ability makes (Sol Ring: 2); 0 for others."""
    amount = 0
    for ab in rec.abilities:
        if (
            ab.kind == AbilityKind.ACTIVATED
            and ab.mana
            and ab.tap
            and not ab.sacrifice
            and not ab.tap_x_tokens
            and ab.cost.mv == 0
        ):
            amount = max([amount, *(st.b for st in ab.steps if st.op == Op.ADD_MANA)])
    return 0 if rec.is_land else amount


def _flags(rec: CardRecord, abilities: tuple[Ability, ...]) -> int:
    """CardFlag bits: facts the kernel's hot loops test instead of scanning abilities."""
    flags = 0
    for ab in abilities:
        if ab.kind == AbilityKind.STATIC:
            flags |= CardFlag.HAS_STATIC
            if any(st.op in CHARS_STATIC_OPS for st in ab.steps):
                flags |= CardFlag.STATIC_CHARS
        elif ab.kind == AbilityKind.ACTIVATED:
            if ab.mana and ab.sacrifice:
                flags |= CardFlag.SAC_MANA
            elif ab.from_graveyard:
                flags |= CardFlag.GRAVEYARD_ABILITY
            elif ab.from_hand:
                flags |= CardFlag.HAND_ABILITY
            elif not ab.mana:
                flags |= CardFlag.HAS_ACTIVATED
        elif ab.from_graveyard:
            flags |= CardFlag.GRAVEYARD_TRIGGER
    if rec.types & CardType.INSTANT or rec.keywords & Keyword.FLASH:
        flags |= CardFlag.FAST
    if _tap_mana_colors(rec):
        flags |= CardFlag.TAP_MANA
    if any(st.op == Op.MANA_POWER_BIG_CREATURES for ab in abilities for st in ab.steps):
        flags |= CardFlag.POWER_BIG_MANA
    if _filters_mana(rec):
        flags |= CardFlag.FILTER_MANA
    if rec.pain:
        flags |= CardFlag.PAIN_MANA
    if rec.islandwalk:
        flags |= CardFlag.ISLANDWALK
    if rec.cant_be_countered:
        flags |= CardFlag.UNCOUNTERABLE
    if rec.attacks_each_combat:
        flags |= CardFlag.MUST_ATTACK
    if any(ab.mana and ab.tap_tokens and not ab.tap_x_tokens for ab in abilities):
        flags |= CardFlag.TOKENS_MANA
    if any(ab.mana and ab.tap_x_tokens for ab in abilities):
        flags |= CardFlag.TOKENS_X_MANA
    if any(signet_colors(ab) for ab in rec.abilities):
        flags |= CardFlag.SIGNET_MANA
    if any(st.op == Op.STATIC_NO_MAX_HAND_SIZE for ab in abilities for st in ab.steps):
        flags |= CardFlag.NO_MAX_HAND
    if any(st.op == Op.STATIC_MAX_HAND_SIZE for ab in abilities for st in ab.steps):
        flags |= CardFlag.MAX_HAND_SIZE
    if any(ab.kind == AbilityKind.FOOD_TO_GRAVEYARD for ab in abilities):
        flags |= CardFlag.FOOD_TRIGGER
    if any(st.op in _FACE_OPS for ab in abilities for st in ab.steps):
        flags |= CardFlag.SETS_FACE
    flags |= _static_reads(abilities)
    if exiles_until_end_step(abilities):
        flags |= CardFlag.TEMP_EXILE
    if any(ab.kind == AbilityKind.MANA_SPENT_COMMANDER_TYPE for ab in abilities):
        flags |= CardFlag.TRIBE_SCRY_MANA
    if any(
        st.op == Op.BOUNCE_ALL_CREATURES and st.c
        for ab in abilities
        for prog in ab.programs()
        for st in prog.steps
    ):
        flags |= CardFlag.SWEEPS_ATTACKERS
    if any(
        ab.kind == AbilityKind.ACTIVATED
        and any(st.op in (Op.PUMP_ATTACKING, Op.PUMP_ALL) for st in ab.steps)
        for ab in abilities
    ):
        flags |= CardFlag.ATTACK_PUMP
    return flags


# Static abilities whose effect may change while nothing H.DIRTY tracks changes (their step
# ops and conditions): a stun counter removed, life changes this turn, "if you did"
# (kernel/layout.py H.DIRTY). Who is attacking is tracked (static_attacking_have: the
# declaration and the end of combat refresh, other changes write H.DIRTY,
# state.attacking_changed): a volatile one refreshes at every state-based action check, most of
# a pod's refreshes while Berserkers' Onslaught was out
_VOLATILE_STATIC_OPS = frozenset({Op.STATIC_COUNTERED_HAVE})
_VOLATILE_CONDS = frozenset({Cond.LIFE_CHANGED, Cond.OPP_LOST_LIFE, Cond.LOST_LIFE, Cond.DONE})


def _static_reads(abilities: tuple[Ability, ...]) -> int:
    """CardFlag.STATIC_VOLATILE or STATIC_GAME (or 0) for what the card's static abilities
    read: computed once here instead of at every chars.refresh. Conditions on the promise are
    fixed while the permanent stays, those on what a player controls read the battlefield
    (tracked), threshold is tracked as it is crossed (state.move_object); a condition on the
    game beyond the promise's (Cond above IF_NOT_PROMISED) may read whose turn it is or this
    turn's counts, which change only as a turn begins (it refreshes while one is out, at the
    turns chars._turn_seats names). The
    size of a hand (static_pt_hand) is STATIC_GAME too: refresh counts those sources
    (H.HAND_STATICS) and, while one is out, hand changes write H.DIRTY."""
    flags = 0
    for ab in abilities:
        if ab.kind != AbilityKind.STATIC:
            continue
        for st in ab.steps:
            if st.op in _VOLATILE_STATIC_OPS or st.cond in _VOLATILE_CONDS:
                return CardFlag.STATIC_VOLATILE
            if st.cond > Cond.IF_NOT_PROMISED or st.op == Op.STATIC_PT_HAND:
                flags = CardFlag.STATIC_GAME
    return flags


_TYPES_PER_COLUMN = 3


def creature_type_ids(records: Sequence[CardRecord]) -> dict[str, int]:
    """Catalog-wide ids (1-based) of the creature types its creature and kindred cards
    have: CardCol.CREATURE_TYPES_A/B hold them, so "shares a creature type" compares ids."""
    words = sorted(
        {
            w.lower()
            for rec in records
            if rec.types & (CardType.CREATURE | CardType.KINDRED)
            for w in rec.subtype_words
        }
    )
    if len(words) >= 1 << CREATURE_TYPE_BITS:
        raise ValueError(f"{len(words)} creature types: CREATURE_TYPE_BITS is too small")
    return {w: i + 1 for i, w in enumerate(words)}


def _creature_types(rec: CardRecord, ids: Mapping[str, int]) -> tuple[int, int]:
    """CardCol.CREATURE_TYPES_A and _B of a card: up to six creature type ids, packed."""
    if not rec.types & (CardType.CREATURE | CardType.KINDRED):
        return 0, 0
    if rec.subtypes & CHANGELING_SUBTYPES == CHANGELING_SUBTYPES and "changeling" in (
        rec.oracle.lower()
    ):
        return CHANGELING_TYPES, 0  # 702.73a: every creature type
    found = [ids[w.lower()] for w in rec.subtype_words if w.lower() in ids]
    if len(found) > 2 * _TYPES_PER_COLUMN:
        raise ValueError(f"{rec.name}: more than six creature types")
    packed = [0, 0]
    for k, type_id in enumerate(found):
        col, slot = divmod(k, _TYPES_PER_COLUMN)
        packed[col] |= type_id << (slot * CREATURE_TYPE_BITS)
    return packed[0], packed[1]


def _land_types(rec: CardRecord) -> int:
    """The basic land types of its type line as a Color mask (Plains = W, ..., Forest = G)."""
    mask = 0
    for word in rec.subtype_words:
        mask |= BASIC_LAND_COLORS.get(word.lower(), 0)
    return mask


ANY_COLOR_MASK = 31  # add_mana's `colors = "any"`


def _filters_mana(rec: CardRecord) -> bool:
    """A "{1}, {T}: Add one mana of any color." land or a "{1}: Add one mana of any color.
    Activate only once each turn." permanent: the mana planner pays a colored symbol with it
    and one more source (kernel/rules/mana_plan.py)."""
    return any(
        ab.kind == AbilityKind.ACTIVATED
        and ab.mana
        and not ab.sacrifice
        and ab.cost.generic == 1
        and ab.cost.mv == 1
        and (ab.tap if rec.is_land else (not ab.tap and ab.once == 1))
        and len(ab.steps) == 1
        and ab.steps[0].op == Op.ADD_MANA
        and ab.steps[0].a == ANY_COLOR_MASK
        and ab.steps[0].b == 1
        for ab in rec.abilities
    )


def signet_colors(ab: Ability) -> int:
    """A Signet's mana ability ("{1}, {T}: Add {W}{U}."; a filter land's "{U/R}, {T}: Add {U}{U},
    {U}{R}, or {R}{R}.", two steps each of colors "UR"): the two mana's color masks as
    first | second << 5 (its AbilCol.TRIG_PARAM), else 0."""
    if not (
        ab.kind == AbilityKind.ACTIVATED
        and ab.mana
        and ab.tap
        and not ab.sacrifice
        and ab.cost.mv == 1
        and (ab.cost.generic == 1 or ab.cost.hybrid == 1)
        and len(ab.steps) == 2
        and all(st.op == Op.ADD_MANA and st.b == 1 and 0 < st.a < 32 for st in ab.steps)
    ):
        return 0
    return ab.steps[0].a | ab.steps[1].a << 5


def _add_kind(row: np.ndarray, kind: int) -> None:
    """Set ability kind `kind`'s bit in the card row's AB_KINDS words."""
    if kind >= KINDS_HI2:
        row[CardCol.AB_KINDS_HI2] |= 1 << (kind - KINDS_HI2)
    elif kind >= KINDS_HI:
        row[CardCol.AB_KINDS_HI] |= 1 << (kind - KINDS_HI)
    else:
        row[CardCol.AB_KINDS] |= 1 << kind


def name_of(rec: CardRecord) -> str:
    """The card's name as the rules see it (201.2): a token definition's, unless the card
    names it, is its subtypes plus the word "Token" (111.4), so the tokens of two definitions
    of one creature type ("Squirrel 1/1 Green", ...) share it; a card's is its own."""
    if rec.is_token and "—" in rec.type_line:
        return rec.type_line.split("—", 1)[1].strip() + " Token"
    return rec.name


def compile_catalog(records: Sequence[CardRecord]) -> CompiledCatalog:
    """Build the tables. Records must have passed the loader's validation."""
    twins = food_twins(records)
    animated = animate_twins(records)
    lands = land_twins(records)
    n_own = len(records)
    records = [*records, *twins, *animated, *lands]
    animated_rows = {rec.name: n_own + len(twins) + k for k, rec in enumerate(animated)}
    first_land = n_own + len(twins) + len(animated)
    land_rows = {rec.name: first_land + k for k, rec in enumerate(lands)}
    ids = {rec.name: i for i, rec in enumerate(records)}
    token_ids = {rec.name: i for i, rec in enumerate(records[:n_own]) if rec.is_token}
    cards = np.zeros((len(records), CardCol.N), dtype=np.int32)
    name_keys: dict[str, int] = {}
    type_ids = creature_type_ids(records)
    abil_rows: list[list[int]] = []
    targ_rows: list[list[int]] = []
    step_rows: list[list[int]] = []
    for cid, rec in enumerate(records):
        row = cards[cid]
        row[CardCol.TYPES] = rec.types
        row[CardCol.COLORS] = rec.colors
        row[CardCol.SUBTYPES] = rec.subtypes
        row[CardCol.POWER] = rec.power or 0
        row[CardCol.TOUGHNESS] = rec.toughness or 0
        row[CardCol.KEYWORDS] = rec.keywords
        row[CardCol.MV] = rec.mv
        row[CardCol.COST_GENERIC] = rec.cost.generic
        for i, n in enumerate(rec.cost.colored):
            row[CardCol.COST_W + i] = n
        row[CardCol.COST_C] = rec.cost.colorless
        row[CardCol.COST_X] = rec.cost.x
        row[CardCol.GIFT_KIND] = rec.gift
        row[CardCol.EXTRA_COST] = rec.extra_cost
        row[CardCol.AI_ROLE] = derive_role(rec)
        row[CardCol.AI_ROLE_BASIC] = derive_role_basic(rec)
        row[CardCol.SUPPORT] = rec.support
        row[CardCol.LAND_COLORS] = rec.land_colors
        row[CardCol.ETB_TAPPED] = int(rec.etb_tapped)
        row[CardCol.CREATURE_MANA] = rec.creature_mana
        row[CardCol.VALUE] = derive_value(rec)
        abilities = _implicit_gift(rec) + _implicit_prowess(rec) + rec.abilities
        row[CardCol.HYBRID] = rec.cost.hybrid_colors
        row[CardCol.HYBRID_N] = rec.cost.hybrid
        if _tap_mana_colors(rec):
            row[CardCol.LAND_COLORS] = _tap_mana_colors(rec)
            row[CardCol.MANA_AMOUNT] = _tap_mana_amount(rec)
        row[CardCol.FLAGS] = _flags(rec, abilities)
        row[CardCol.LAND_TYPES] = _land_types(rec)
        if rec.mana_per_tap:  # a bounce land: "{T}: Add {B}{G}"
            row[CardCol.MANA_AMOUNT] = rec.mana_per_tap
        row[CardCol.IDENTITY] = rec.color_identity
        row[CardCol.NAME_KEY] = name_keys.setdefault(
            name_of(rec) if cid < n_own else "", len(name_keys)
        )
        row[CardCol.CREATURE_TYPES_A], row[CardCol.CREATURE_TYPES_B] = _creature_types(
            rec, type_ids
        )
        # kinds from KINDS_HI on: AB_KINDS_HI (AB_KINDS is int32, its bit 31 the sign)
        row[CardCol.AB_KINDS] = sum({1 << ab.kind for ab in abilities if ab.kind < KINDS_HI})
        row[CardCol.AB_KINDS_HI] = sum(
            {1 << (ab.kind - KINDS_HI) for ab in abilities if KINDS_HI <= ab.kind < KINDS_HI2}
        )
        row[CardCol.AB_KINDS_HI2] = sum(
            {1 << (ab.kind - KINDS_HI2) for ab in abilities if ab.kind >= KINDS_HI2}
        )
        if any(
            st.op in (Op.STATIC_SPELLS_COST_LESS, Op.STATIC_BIG_SPELLS_COST_LESS)
            for ab in abilities
            for st in ab.steps
        ):
            row[CardCol.AB_KINDS] |= 1 << AbilityKind.SPELLS_COST_LESS
        for op, marker in (
            (Op.STATIC_DAMAGE_PLUS, AbilityKind.DAMAGE_PLUS),
            (Op.STATIC_NO_LIFE_GAIN, AbilityKind.NO_LIFE_GAIN),
            (Op.STATIC_EXTRA_LAND, AbilityKind.EXTRA_LAND),
            (Op.STATIC_EXTRA_LAND_EACH, AbilityKind.EXTRA_LAND),
            (Op.STATIC_NONCOMBAT_DAMAGE_PLUS, AbilityKind.DAMAGE_PLUS),
            (Op.STATIC_DOUBLE_CREATURE_DAMAGE, AbilityKind.DAMAGE_PLUS),
            (Op.STATIC_OTHERS_ENTER_P1P1, AbilityKind.OTHERS_ENTER_P1P1),
            (Op.STATIC_OPP_DIES_EXILE, AbilityKind.OPP_DIES_EXILE),
            (Op.STATIC_NONCREATURE_FLASH, AbilityKind.NONCREATURE_FLASH),
            (Op.STATIC_OPP_BASE_TOUGHNESS, AbilityKind.OPP_BASE_TOUGHNESS),
            (Op.STATIC_OTHERS_PROWESS, AbilityKind.OTHERS_PROWESS),
        ):  # the kernel looks for these statics only once such a card entered
            if any(st.op == op for ab in abilities for st in ab.steps):
                row[CardCol.AB_KINDS_HI] |= 1 << (marker - KINDS_HI)
        for ab in abilities:
            for st in ab.steps:
                if st.op == Op.STATIC_ANIMATE:  # the kinds its animated permanents gain
                    for tab in next(r for r in records if r.name == st.token).abilities:
                        _add_kind(row, tab.kind)
                if st.op == Op.STATIC_GRANT_CREATURE_MANA:  # read by the mana planner
                    row[CardCol.GRANT_MANA_SUBTYPES] |= st.a
                    row[CardCol.CREATURE_MANA] |= st.b
                    row[CardCol.AB_KINDS_HI2] |= 1 << (AbilityKind.GRANT_CREATURE_MANA - KINDS_HI2)
                elif st.op == Op.STATIC_DOUBLE_COUNTERS:  # read wherever counters are put
                    row[CardCol.AB_KINDS_HI2] |= 1 << (AbilityKind.DOUBLE_COUNTERS - KINDS_HI2)
                elif st.op == Op.STATIC_ATTACKING_HAVE:  # engine refreshes at declaration
                    row[CardCol.AB_KINDS_HI2] |= 1 << (AbilityKind.ATTACKING_HAVE - KINDS_HI2)
        row[CardCol.AB_START] = len(abil_rows)
        # a modal ability's MODE rows follow it (AbilCol.MODES of them)
        rows = [(prog, len(prog.modes)) for top in abilities for prog in top.programs()]
        row[CardCol.AB_COUNT] = len(rows)
        for ab, n_modes in rows:
            if ab.kind == AbilityKind.TOKEN_LEAVES:
                row[CardCol.TOKEN_LEAVES_AB] = len(abil_rows) + 1
            if ab.kind == AbilityKind.LEAVES_WITHOUT_DYING:
                row[CardCol.LEAVES_AB] = len(abil_rows) + 1
                if ab.trig_param == 1:  # "one or more other creatures"
                    row[CardCol.LEAVES_AB] |= LEAVES_OTHER_BATCH
                elif ab.trig_param == 2:  # "When this creature leaves the battlefield"
                    row[CardCol.LEAVES_AB] |= LEAVES_SELF
            a = [0] * AbilCol.N
            a[AbilCol.COST_REMOVE_COUNTER] = int(ab.remove_counter)
            a[AbilCol.COST_CONVOKE] = int(ab.convoke)
            a[AbilCol.COST_TAP_TOKENS] = ab.tap_tokens
            a[AbilCol.MODES] = n_modes
            a[AbilCol.ONCE_EACH_TURN] = int(ab.once)
            a[AbilCol.LEVEL] = ab.level
            a[AbilCol.COST_LIFE] = ab.life
            a[AbilCol.COST_HYBRID] = ab.cost.hybrid_colors
            a[AbilCol.FROM_GRAVEYARD] = 2 if ab.from_hand else int(ab.from_graveyard)
            a[AbilCol.COND_SUBTYPES] = ab.cond_subtypes
            a[AbilCol.TRIG_FILTER] = ab.trig_filter
            a[AbilCol.COST_DISCARD] = int(ab.discard)
            a[AbilCol.CARD] = cid
            a[AbilCol.KIND] = ab.kind
            a[AbilCol.TRIG_PARAM] = ab.trig_param or signet_colors(ab)
            a[AbilCol.COND] = ab.cond
            a[AbilCol.TG_START] = len(targ_rows)
            a[AbilCol.TG_COUNT] = len(ab.targets)
            a[AbilCol.ST_START] = len(step_rows)
            a[AbilCol.ST_COUNT] = len(ab.steps)
            a[AbilCol.COST_GENERIC] = ab.cost.generic
            for i, n in enumerate(ab.cost.colored):
                a[AbilCol.COST_W + i] = n
            a[AbilCol.COST_TAP] = int(ab.tap)
            a[AbilCol.COST_SAC_SELF] = 2 if ab.sac_token else (ab.sac_kind or int(ab.sacrifice))
            a[AbilCol.MANA_ABILITY] = int(ab.mana)
            abil_rows.append(a)
            intents, _ = group_intents(rec.abilities, ab)
            for g, intent in zip(ab.targets, intents, strict=True):
                t = [0] * TargCol.N
                t[TargCol.KIND] = g.kind
                t[TargCol.TYPES] = g.types
                t[TargCol.FILTER] = g.filter
                t[TargCol.PARAM] = g.param
                if g.not_creature_type:  # 0 when no creature of the catalog has that type
                    t[TargCol.PARAM] = type_ids.get(g.not_creature_type.lower(), 0)
                t[TargCol.MIN] = g.min
                t[TargCol.MAX] = g.max
                t[TargCol.COND] = g.cond
                t[TargCol.INTENT] = intent
                t[TargCol.OTHER_THAN] = g.other_than + 1
                targ_rows.append(t)
            for st in ab.steps:
                s = [0] * StepCol.N
                s[StepCol.OP] = st.op
                s[StepCol.COND] = st.cond
                s[StepCol.REF] = st.ref
                s[StepCol.A] = token_ids[st.token] if st.token else st.a
                s[StepCol.B] = st.b
                s[StepCol.C] = st.c
                step_rows.append(s)
    k = n_own
    for cid in range(n_own):
        if twins and records[cid].types & CardType.CREATURE:
            cards[cid, CardCol.FOOD_TWIN] = 1 + k  # (twins follow in the records' order)
            k += 1
        twin = animated_rows.get(f"{records[cid].name} (animated)")
        if twin is not None:
            cards[cid, CardCol.ANIMATE_TWIN] = 1 + twin
            cards[twin, CardCol.FLAGS] |= CardFlag.ANIMATED
        land_twin = land_rows.get(f"{records[cid].name} (land creature)")
        if land_twin is not None:
            cards[cid, CardCol.LAND_TWIN] = 1 + land_twin
            cards[land_twin, CardCol.FLAGS] |= CardFlag.ANIMATED
    for rec in records:  # "this land becomes a 3/3 ... creature until end of turn": the row
        for ab in rec.abilities:  # sets the base P/T (613.4b; a land has none of its own)
            for st in ab.steps:
                if st.op == Op.BECOMES_UNTIL_EOT and st.token:
                    row = token_ids[st.token]
                    if records[row].types & CardType.LAND:
                        cards[row, CardCol.FLAGS] |= CardFlag.ANIMATED
    gift_tokens = np.full(len(GiftKind), -1, dtype=np.int32)
    for kind, token in GIFT_TOKEN_NAMES.items():
        gift_tokens[kind] = token_ids.get(token, -1)
    tables = CatalogTables(
        cards,
        _table(abil_rows, AbilCol.N),
        _table(targ_rows, TargCol.N),
        _table(step_rows, StepCol.N),
        gift_tokens,
    )
    return CompiledCatalog(tables, tuple(r.name for r in records), token_ids, ids)


def _table(rows: list[list[int]], width: int) -> np.ndarray:
    """int32, C-contiguous, (0, width) when empty so the kernel's shapes never change rank."""
    return np.ascontiguousarray(np.array(rows, dtype=np.int32).reshape(len(rows), width))

"""Parse and check effect programs: abilities, target groups and steps of one card record.

Split from loader.py (which handles files and card-level fields). ``Ctx`` (context.py) collects
problems for one record; every message names the card and the field path, e.g.
``ability[0].steps[1].amount``.
"""

from __future__ import annotations

from analyzer.cards.context import Ctx
from analyzer.cards.pawprint import pawprint_combinations
from analyzer.cards.program_steps import ability_program
from analyzer.cards.records import (
    SUBTYPE_NAMES,
    Ability,
    ManaCost,
    Step,
    parse_mana_cost,
)
from analyzer.cards.steps import (
    read_cond,
)
from analyzer.cards.triggers import (
    BEGIN_STEP_KINDS,
    FIRST_SPELL_CAST_KIND,
    SPELL_CAST_KIND,
    land_types,
    trigger_filter,
    trigger_param,
)
from analyzer.enums import (
    CAST_FROM_CONDS,
    LAND_TYPE_CONDS,
    SAC_EXILE_SELF,
    SAC_SUBTYPE,
    SAC_SUBTYPE_SHIFT,
    AbilityKind,
    CardType,
    Cond,
    Op,
    Ref,
)

# `sacrifice_a`: "Sacrifice a creature" kinds of activated costs (AbilCol.COST_SAC_SELF 3-5)
SACRIFICE_A = {"creature": 3, "another_creature": 4, "artifact_or_creature": 5, "forage": 7}
# ("forage": "{2}, Forage: ...": exile three cards from your graveyard or sacrifice
# a Food, kernel activation.SAC_FORAGE)

ABILITY_FIELDS = frozenset(
    {
        "kind",
        "when",
        "each",
        "yours",
        "cost",
        "tap",
        "sacrifice",
        "sacrifice_token",
        "sacrifice_a",
        "exile_self",
        "sorcery_speed",
        "mana",
        "discard",
        "targets",
        "steps",
        "notes",
        "expend",
        "subtypes",
        "nontoken",
        "flying",
        "without_flying",
        "attackers_at_least",
        "sacrificed_types",
        "any_permanent",
        "noncreature_nonland",
        "tokens",
        "one_or_more",
        "instant_sorcery",
        "with_p1p1",
        "tougher",
        "power_at_least",
        "mv_at_least",
        "evolve",
        "mv_below_power",
        "self_only",
        "remove_counter",
        "convoke",
        "tap_tokens",
        "tap_x_tokens",
        "other",
        "any_player",
        "while",
        "for_each",
        "once",
        "only_once",
        "from_graveyard",
        "from_hand",
        "level",
        "targets_in_combat_or_tapped",
        "graveyard_types",
        "and_exile",
        "life",
        "modes",
        "pawprints",
        "land_types",
        "caster",
        "spell_types",
        "noncreature",
        "whose",
        "equipped",
        "all_creatures",
        "total_power",
        "attacked_this_turn",
        "opponent",
    }
)
# "{cost}: Level N" of a Class (716.2a) is written `kind = "level"`, `level = N`, `cost`: it
# compiles to a sorcery-speed activated ability whose one step is level_up N
LEVEL_KIND = "level"
MAX_CLASS_LEVEL = 9
# Kinds fired by the controller's events (kernel events.fire_controller_event), where "This
# ability triggers only once each turn" (`once = true`) is modeled
ONCE_KINDS = (
    AbilityKind.GIFT_GIVEN,
    AbilityKind.LIFE_GAIN,
    AbilityKind.LIFE_CHANGE,
    AbilityKind.UPKEEP,
    AbilityKind.LANDFALL,
    AbilityKind.BEGIN_COMBAT,
    AbilityKind.FORAGED,
    AbilityKind.NONCREATURE_SPELL,
    AbilityKind.OTHER_CREATURE_ENTERS,  # (events.fire_enters)
    AbilityKind.CREATURE_DIES,  # (events.fire_dies)
)
MODE_FIELDS = frozenset({"targets", "steps", "notes", "pawprint", "kicker"})
MAX_MODES = 8
# "Choose up to five {P} worth of modes" (700.2h): the combinations a Season compiles to
MAX_PAWPRINTS = 5
# Kinds that may be modal ("Choose one —"): spells (not Auras) and triggered abilities
_NOT_MODAL = (
    AbilityKind.STATIC,
    AbilityKind.ACTIVATED,
    AbilityKind.OFFSPRING,
    AbilityKind.GRANT_OFFSPRING,
    AbilityKind.COST_REDUCTION,
    AbilityKind.ENTERS_WITH,
    AbilityKind.FLASHBACK,
)
# Triggered kinds: the ones that may carry an intervening "if" (603.4).
_NOT_TRIGGERED = (
    AbilityKind.SPELL,
    AbilityKind.STATIC,
    AbilityKind.ACTIVATED,
    AbilityKind.OFFSPRING,
    AbilityKind.GRANT_OFFSPRING,
    AbilityKind.COST_REDUCTION,
    AbilityKind.FLASHBACK,
)
ABILITY_KINDS = {n.lower(): v for n, v in zip(AbilityKind._fields, AbilityKind, strict=True)}
INSTANT_SORCERY = CardType.INSTANT | CardType.SORCERY


# ---------------------------------------------------------------------------------------------
# programs


def _any_one(d: dict) -> bool:
    """Is the ability's program one `add_mana` step of one mana of any color?"""
    steps = d.get("steps")
    if not isinstance(steps, list) or len(steps) != 1 or not isinstance(steps[0], dict):
        return False
    st = steps[0]
    return st.get("op") == "add_mana" and st.get("colors") == "any" and st.get("amount", 1) == 1


def parse_ability(
    ctx: Ctx, d: object, field: str, card_types: int, attachable: bool
) -> Ability | None:
    if not isinstance(d, dict):
        ctx.err(field, "must be a [[card.ability]] table")
        return None
    ctx.unknown_keys(d, ABILITY_FIELDS, field)
    if d.get("kind") in ("gift", "GIFT"):
        ctx.err(
            f"{field}.kind",
            "the gift trigger is added by the compiler from `gift`; do not write it",
        )
        return None
    if d.get("kind") == LEVEL_KIND:
        return _level_up(ctx, d, field)
    if d.get("kind") in BEGIN_STEP_KINDS:
        kind = AbilityKind.UPKEEP
    elif d.get("kind") == SPELL_CAST_KIND:
        kind = AbilityKind.NONCREATURE_SPELL  # its TRIG_PARAM carries SPELL_GENERAL
    else:
        kind = ctx.name_(d.get("kind"), ABILITY_KINDS, f"{field}.kind", "ability kind")
    if kind is None:
        return None
    cond = read_cond(ctx, d, field)
    level = _level(ctx, d, field, kind)
    if kind in _NOT_TRIGGERED and kind != AbilityKind.ACTIVATED and cond != Cond.ALWAYS:
        ctx.err(
            f"{field}.when",
            "only triggered abilities have an intervening-if condition; "
            "put conditions on the steps",
        )
    if cond == Cond.DONE:
        ctx.err(
            f"{field}.when",
            '`done` ("if you do") belongs on a step after forage or a `may` discard',
        )
    if cond in CAST_FROM_CONDS:
        ctx.err(f"{field}.when", "where a spell was cast from is a condition of the spell's steps")
    if cond == Cond.IS_TOKEN:
        ctx.err(f"{field}.when", "`is_token` filters the objects of a step's ref: put it on a step")
    if cond == Cond.SECOND_RESOLUTION:
        ctx.err(f"{field}.when", "`second_resolution` counts resolutions: put it on a step")
    discard = ctx.bool_(d, "discard", f"{field}.discard")
    if discard and (kind != AbilityKind.ACTIVATED or "mana" in d):
        ctx.err(f"{field}.discard", '"Discard a card" is a cost of non-mana activated abilities')
    convoke = ctx.bool_(d, "convoke", f"{field}.convoke")
    if convoke and (kind != AbilityKind.ACTIVATED or "mana" in d or "cost" not in d):
        ctx.err(
            f"{field}.convoke",
            "tapping creatures for the mana belongs to non-mana activated abilities with a cost",
        )
    # "Remove a supply counter from this" (true), "Remove four hoofprint counters" (4)
    if isinstance(d.get("remove_counter"), bool):
        remove_counter = int(ctx.bool_(d, "remove_counter", f"{field}.remove_counter"))
    else:
        remove_counter = ctx.int_(d, "remove_counter", f"{field}.remove_counter", 1, 20) or 0
    if remove_counter and (kind != AbilityKind.ACTIVATED or "mana" in d):
        ctx.err(
            f"{field}.remove_counter",
            '"Remove a counter from this" is a cost of non-mana activated abilities',
        )
    tap_tokens = ctx.int_(d, "tap_tokens", f"{field}.tap_tokens", 1, 9) or 0
    if tap_tokens and (
        kind != AbilityKind.ACTIVATED
        or ("mana" in d and ({"cost", "tap", "sacrifice", "once"} & set(d) or not _any_one(d)))
    ):
        ctx.err(
            f"{field}.tap_tokens",
            '"Tap N untapped tokens you control" is a cost of activated abilities (of a mana '
            "ability only as its whole cost, adding one mana of any color)",
        )
    tap_x = ctx.bool_(d, "tap_x_tokens", f"{field}.tap_x_tokens")
    if tap_x and (
        kind != AbilityKind.ACTIVATED or "mana" not in d or tap_tokens or not _any_one(d)
    ):
        ctx.err(
            f"{field}.tap_x_tokens",
            '"Tap X untapped tokens you control: Add X mana in any combination of colors" is '
            "a mana ability adding one mana of any color (per token), without `tap_tokens`",
        )
    cond_subtypes = 0
    spell_subtypes = d.get("kind") in (SPELL_CAST_KIND, FIRST_SPELL_CAST_KIND) and "subtypes" in d
    if (kind == AbilityKind.ACTIVATED or spell_subtypes) and "subtypes" in d:
        # "Activate only if a Bird, ... entered"; spell_cast: "Whenever you cast a Lizard spell"
        cond_subtypes = ctx.mask_(d.get("subtypes"), SUBTYPE_NAMES, f"{field}.subtypes", "subtype")
    if Cond.NOT_CONTROL_LAND_TYPES <= cond <= Cond.THREE_OTHER_LANDS and (
        kind != AbilityKind.ENTERS_WITH
    ):
        ctx.err(f"{field}.when", "the land conditions belong to enters_with abilities (issue 21)")
    if "land_types" in d or cond in LAND_TYPE_CONDS:
        cond_subtypes = land_types(ctx, d, field, cond)
    elif spell_subtypes:
        pass  # the spell's subtypes (AbilCol.COND_SUBTYPES of a spell_cast row)
    elif (cond == Cond.SUBTYPE_ENTERED) != bool(cond_subtypes) or (
        cond == Cond.SUBTYPE_ENTERED and kind != AbilityKind.ACTIVATED
    ):
        ctx.err(
            f"{field}.when",
            '`subtype_entered` ("Activate only if a Bird, ... entered the battlefield under '
            "your control this turn\") is an activated ability's, with the `subtypes` it names",
        )
    trig = trigger_param(ctx, d, field, kind)
    trig_filter = trigger_filter(ctx, d, field, kind)
    trig = BEGIN_STEP_KINDS.get(d.get("kind"), trig)  # "each opponent's upkeep", draw step
    each, yours = ctx.bool_(d, "each", f"{field}.each"), ctx.bool_(d, "yours", f"{field}.yours")
    if kind == AbilityKind.END_STEP:
        if each == yours:
            ctx.err(
                field, "an end_step ability needs exactly one of `each = true` or `yours = true`"
            )
        trig = 1 if yours else 0
    elif each or yours:
        ctx.err(f"{field}.each", "`each` / `yours` belong to end_step abilities only")
    cost = ManaCost()
    tap = ctx.bool_(d, "tap", f"{field}.tap")
    sac = ctx.bool_(d, "sacrifice", f"{field}.sacrifice")
    sac_token = ctx.bool_(d, "sacrifice_token", f"{field}.sacrifice_token")
    if sac_token and (kind != AbilityKind.ACTIVATED or sac or "mana" in d):
        ctx.err(
            f"{field}.sacrifice_token",
            '"Sacrifice a token" is a cost of non-mana activated abilities (not with `sacrifice`)',
        )
    sac_kind = 0
    if "sacrifice_a" in d:
        sac_kind = SACRIFICE_A.get(d["sacrifice_a"], 0) if isinstance(d["sacrifice_a"], str) else 0
        if not sac_kind and d["sacrifice_a"] in SUBTYPE_NAMES:
            # "Sacrifice a Goblin" (issue 21): the Subtype bit above SAC_SUBTYPE_SHIFT
            sac_kind = SAC_SUBTYPE | SUBTYPE_NAMES[d["sacrifice_a"]] << SAC_SUBTYPE_SHIFT
        if not sac_kind:
            ctx.err(f"{field}.sacrifice_a", f"one of {', '.join(SACRIFICE_A)} or a subtype name")
        elif kind != AbilityKind.ACTIVATED or sac or sac_token or "mana" in d:
            ctx.err(
                f"{field}.sacrifice_a",
                '"Sacrifice a creature" is a cost of non-mana activated abilities (not with '
                "`sacrifice` or `sacrifice_token`)",
            )
    if ctx.bool_(d, "exile_self", f"{field}.exile_self"):
        # "{3}{W}, Exile this creature: ..." (a cost, 602.2b; no leaves-by-sacrifice triggers)
        if kind != AbilityKind.ACTIVATED or sac or sac_token or sac_kind or "mana" in d:
            ctx.err(
                f"{field}.exile_self",
                '"Exile this" is a cost of non-mana activated abilities (no other sacrifice)',
            )
        sac_kind = SAC_EXILE_SELF
    life = ctx.int_(d, "life", f"{field}.life", 1, 20) or 0
    if life and kind != AbilityKind.ACTIVATED:
        ctx.err(f"{field}.life", '"Pay N life" is a cost of activated abilities only')
    sorcery = ctx.bool_(d, "sorcery_speed", f"{field}.sorcery_speed")
    mana = ctx.bool_(d, "mana", f"{field}.mana")
    if "cost" in d:
        try:
            cost = parse_mana_cost(d["cost"])
            if cost.x or cost.colorless or cost.hybrid > 1:
                ctx.err(
                    f"{field}.cost",
                    "{X}, {C} and more than one hybrid symbol are not modeled in ability costs",
                )
            if cost.hybrid and kind != AbilityKind.ACTIVATED:
                ctx.err(f"{field}.cost", "a hybrid symbol is modeled in activated costs only")
        except ValueError as exc:
            ctx.err(f"{field}.cost", str(exc))
    graveyard = ctx.bool_(d, "from_graveyard", f"{field}.from_graveyard")
    if graveyard and kind == AbilityKind.YOU_ATTACK:
        pass  # a trigger that works from the graveyard ("you may pay ...: return this")
    elif graveyard and (kind != AbilityKind.ACTIVATED or tap or sac or mana):
        ctx.err(
            f"{field}.from_graveyard",
            '"Exile this card from your graveyard" is the cost of an activated ability that '
            "works from the graveyard (no tap, sacrifice or mana); on you_attack, a trigger "
            "that works from the graveyard",
        )
    from_hand = ctx.bool_(d, "from_hand", f"{field}.from_hand")
    if from_hand and (kind != AbilityKind.ACTIVATED or tap or sac or mana or graveyard):
        ctx.err(
            f"{field}.from_hand",
            '"Cycling {cost} ({cost}, Discard this card: ...)" is an activated ability that '
            "works from the hand (a mana cost, no tap, sacrifice or mana)",
        )
    if kind == AbilityKind.ACTIVATED:
        if not (
            "cost" in d
            or tap
            or sac
            or sac_token
            or sac_kind
            or graveyard
            or remove_counter
            or tap_tokens
            or life  # "Pay 10 life: ..." (Beledros Witherbloom)
        ):
            ctx.err(field, "an activated ability needs a cost (`cost`, `tap` or `sacrifice`)")
        trig = 1 if sorcery else 0
    elif kind in (AbilityKind.OFFSPRING, AbilityKind.GRANT_OFFSPRING):
        if "cost" not in d or tap or sac or sorcery or mana:
            ctx.err(
                field,
                "an offspring ability needs its `cost` (the additional cost) and "
                "nothing else of an activated ability",
            )
    elif kind == AbilityKind.FLASHBACK:
        if "cost" not in d or tap or sac or sorcery or mana or not card_types & INSTANT_SORCERY:
            ctx.err(
                field,
                "a flashback ability belongs to an instant or sorcery and needs its "
                "`cost` (the flashback cost) and nothing else",
            )
        if "steps" in d or "targets" in d:
            ctx.err(
                field,
                "a flashback ability has no targets or steps (the spell's own "
                "`spell` ability resolves)",
            )
        return Ability(kind, trig, cond, (), (), cost)
    elif "cost" in d or tap or sac or sorcery or mana:
        ctx.err(
            field, "cost, tap, sacrifice, sorcery_speed and mana belong to activated abilities only"
        )
    if kind == AbilityKind.SPELL and not (card_types & INSTANT_SORCERY or attachable):
        ctx.err(f"{field}.kind", "a `spell` ability belongs to instants, sorceries and Auras")

    if kind == AbilityKind.MODE:
        ctx.err(
            f"{field}.kind", "modes are written as `modes = [...]` of a spell or triggered ability"
        )
        return None
    once = int(ctx.bool_(d, "once", f"{field}.once"))
    if once and kind not in ONCE_KINDS and kind != AbilityKind.ACTIVATED:
        ctx.err(
            f"{field}.once",
            '"triggers only once each turn" is modeled for the '
            "gift_given, life_gain, life_change, upkeep, landfall, begin_combat, foraged, "
            'noncreature_spell and other_creature_enters kinds (and "Activate only once each '
            'turn" on activated)',
        )
    if ctx.bool_(d, "only_once", f"{field}.only_once"):
        if kind != AbilityKind.ACTIVATED or once:
            ctx.err(
                f"{field}.only_once",
                '"Activate only once" belongs to activated abilities (not with `once`)',
            )
        once = 2
    if "modes" in d:
        modes = _modes(ctx, d, field, kind, cond, attachable)
        return Ability(
            kind,
            trig,
            cond,
            (),
            (),
            cost,
            tap,
            sac,
            mana,
            modes,
            once,
            level,
            life,
            trig_filter=trig_filter,
        )
    groups, steps = ability_program(ctx, d, field, kind, cond, mana, attachable)
    raw_steps = d.get("steps") if isinstance(d.get("steps"), list) else []
    if any(isinstance(st, dict) and st.get("x") == "that_many" for st in raw_steps) and (
        kind
        not in (
            AbilityKind.DEALT_DAMAGE,
            AbilityKind.COMBAT_DAMAGE_PLAYER,
            AbilityKind.STORM,
            AbilityKind.REFLEXIVE,
        )
    ):
        ctx.err(
            f"{field}.steps",
            '`x = "that_many"` counts the damage of a `dealt_damage` or `combat_damage_player` '
            "trigger, or a `storm` trigger's spells cast before it",
        )
    if any(isinstance(st, dict) and st.get("x") == "sacrificed_power" for st in raw_steps) and (
        kind != AbilityKind.ACTIVATED or d.get("sacrifice_a") in (None, "forage")
    ):
        ctx.err(
            f"{field}.steps",
            '`x = "sacrificed_power"` needs an activated ability whose cost sacrifices a '
            "creature (`sacrifice_a`)",
        )
    return Ability(
        kind,
        trig,
        cond,
        groups,
        steps,
        cost,
        tap,
        sac,
        mana,
        once=once,
        level=level,
        life=life,
        from_graveyard=graveyard,
        from_hand=from_hand,
        cond_subtypes=cond_subtypes,
        discard=discard,
        remove_counter=remove_counter,
        convoke=convoke,
        tap_tokens=1 if tap_x else tap_tokens,
        tap_x_tokens=tap_x,
        trig_filter=trig_filter,
        sac_token=sac_token,
        sac_kind=sac_kind,
    )


def _level(ctx: Ctx, d: dict, field: str, kind: int) -> int:
    """`level = N`: the Class level an ability is gained at (716.2b), or the level a
    level_reached ability triggers on ("When this Class becomes level N", 716.2c)."""
    if "level" not in d:
        if kind == AbilityKind.LEVEL_REACHED:
            ctx.err(field, 'a level_reached ability needs `level = N` ("becomes level N")')
        return 0
    level = ctx.int_(d, "level", f"{field}.level", 2, MAX_CLASS_LEVEL) or 0
    if kind in (
        AbilityKind.SPELL,
        AbilityKind.OFFSPRING,
        AbilityKind.GRANT_OFFSPRING,
        AbilityKind.COST_REDUCTION,
        AbilityKind.FLASHBACK,
        AbilityKind.ENTERS_WITH,
        AbilityKind.ETB,
        AbilityKind.DIES,
    ):
        ctx.err(
            f"{field}.level",
            "Class levels are modeled for static abilities, triggered abilities of a permanent "
            "on the battlefield and activated abilities (not spell, enters or dies ones)",
        )
    return level


def _level_up(ctx: Ctx, d: dict, field: str) -> Ability | None:
    """`kind = "level"`: "{cost}: Level N" (716.2a): activate only as a sorcery, only while the
    Class is level N-1; it becomes level N as the ability resolves."""
    ctx.unknown_keys(d, frozenset({"kind", "level", "cost", "notes"}), field)
    level = ctx.int_(d, "level", f"{field}.level", 2, MAX_CLASS_LEVEL)
    if level is None or "cost" not in d:
        ctx.err(field, 'a level-up needs `level = N` and its `cost` ("{1}{G}: Level 2")')
        return None
    try:
        cost = parse_mana_cost(d["cost"])
    except ValueError as exc:
        ctx.err(f"{field}.cost", str(exc))
        return None
    if cost.x or cost.colorless or cost.hybrid:
        ctx.err(f"{field}.cost", "{X}, {C} and hybrid symbols are not modeled in ability costs")
    step = Step(Op.LEVEL_UP, Cond.ALWAYS, Ref.SELF, level)
    return Ability(AbilityKind.ACTIVATED, 1, Cond.ALWAYS, (), (step,), cost, level=level)


def _modes(
    ctx: Ctx, d: dict, field: str, kind: int, cond: int, attachable: bool
) -> tuple[Ability, ...]:
    """`modes = [{targets = [...], steps = [...]}, ...]`: "Choose one —" (700.2). Each mode is
    a program of its own; the ability itself has no targets or steps."""
    raw = d["modes"]
    if kind in _NOT_MODAL or (kind == AbilityKind.SPELL and attachable):
        ctx.err(
            f"{field}.modes",
            "only an instant's or sorcery's `spell` ability and triggered abilities may be modal",
        )
        return ()
    if "targets" in d or "steps" in d:
        ctx.err(f"{field}.modes", "a modal ability has its targets and steps in its modes only")
    if not isinstance(raw, list) or not 2 <= len(raw) <= MAX_MODES:
        ctx.err(f"{field}.modes", f"must be a list of 2..{MAX_MODES} mode tables")
        return ()
    pawprints = 0
    if "pawprints" in d:
        pawprints = ctx.int_(d, "pawprints", f"{field}.pawprints", 1, MAX_PAWPRINTS) or 0
        if kind != AbilityKind.SPELL:
            ctx.err(f"{field}.pawprints", "pawprint modes belong to an instant or sorcery")
    modes = []
    costs = []
    for m, md in enumerate(raw):
        mfield = f"{field}.modes[{m}]"
        if not isinstance(md, dict):
            ctx.err(mfield, "must be a table {targets = [...], steps = [...]}")
            continue
        ctx.unknown_keys(md, MODE_FIELDS, mfield)
        if pawprints and "pawprint" not in md:
            ctx.err(mfield, "a mode of a pawprint spell needs `pawprint = N` ({P} x N)")
        elif not pawprints and "pawprint" in md:
            ctx.err(f"{mfield}.pawprint", "`pawprint` needs the ability's `pawprints = N`")
        costs.append(ctx.int_(md, "pawprint", f"{mfield}.pawprint", 1, MAX_PAWPRINTS) or 1)
        groups, steps = ability_program(ctx, md, mfield, kind, cond, False, attachable)
        kicker = ManaCost()
        if "kicker" in md:  # 702.33: the kicked spell written as a mode costing that much more
            if kind != AbilityKind.SPELL or pawprints:
                ctx.err(f"{mfield}.kicker", "belongs to a mode of an instant or sorcery")
            try:
                kicker = parse_mana_cost(str(md["kicker"]))
            except ValueError as exc:
                ctx.err(f"{mfield}.kicker", str(exc))
        modes.append(Ability(AbilityKind.MODE, 0, cond, groups, steps, cost=kicker))
    if pawprints and len(modes) == len(raw):
        return pawprint_combinations(ctx, field, tuple(modes), costs, pawprints, cond)
    return tuple(modes)

"""When a triggered ability triggers: the kind-specific fields of an ability table (``expend``,
``subtypes``, ``nontoken``, ``caster``, ``land_types`` ...) read into its ``AbilCol.TRIG_PARAM``
and condition subtypes. Split from program.py, which parses the rest of an ability.
"""

from __future__ import annotations

from analyzer.cards.context import Ctx
from analyzer.cards.records import SUBTYPE_NAMES, TYPE_NAMES
from analyzer.enums import (
    COST_ALL_CREATURES,
    COST_AND_EXILE,
    COST_ATTACKED_TURN,
    COST_FOR_EACH,
    COST_GRAVEYARD_CARDS,
    COST_IF_TARGETS_IN_COMBAT_OR_TAPPED,
    COST_TOTAL_POWER,
    DIES_ATTACHED,
    DIES_BY_ANY,
    DIES_BY_OPPONENT,
    DIES_FLYING,
    DIES_NONTOKEN,
    DIES_OTHER,
    DIES_WITHOUT_FLYING,
    LAND_TYPE_CONDS,
    SPELL_BY_ANY,
    SPELL_BY_OPPONENT,
    SPELL_GENERAL,
    SPELL_NONCREATURE,
    TRIG_FILTER_ATTACKERS_AT_LEAST,
    TRIG_FILTER_EVOLVE,
    TRIG_FILTER_MV_AT_LEAST,
    TRIG_FILTER_MV_BELOW_POWER,
    TRIG_FILTER_MV_SHIFT,
    TRIG_FILTER_POWER_AT_LEAST,
    TRIG_FILTER_POWER_SHIFT,
    TRIG_FILTER_TOUGHER,
    TRIG_FILTER_WITH_P1P1,
    TRIGGER_ANY_PERMANENT,
    TRIGGER_BATCH,
    TRIGGER_FLYING,
    TRIGGER_INSTANT_SORCERY,
    TRIGGER_NONCREATURE_NONLAND,
    TRIGGER_NONTOKEN,
    TRIGGER_TOKEN,
    AbilityKind,
)

# `land_types = [...]` of the land-type conditions: the basic land types, as the Color they make
LAND_TYPE_NAMES = {"plains": 1, "island": 2, "swamp": 4, "mountain": 8, "forest": 16}
# "Whenever you / an opponent / a player cast(s) a [types] spell": a NONCREATURE_SPELL row whose
# TRIG_PARAM has SPELL_GENERAL (the caster, the spell's types)
SPELL_CAST_KIND = "spell_cast"
FIRST_SPELL_CAST_KIND = "first_spell_cast"  # TRIG_PARAM: `spell_types`; `subtypes`
# `caster` of a spell_cast ability ("Whenever you / an opponent / a player casts ...")
SPELL_CASTERS = {"you": 0, "opponent": SPELL_BY_OPPONENT, "any": SPELL_BY_ANY}
# Beginning-of-step triggers that compile to an UPKEEP row with this TRIG_PARAM: "At the
# beginning of each opponent's upkeep", "At the beginning of your draw step"
BEGIN_STEP_KINDS = {
    "opponent_upkeep": 1,
    "draw_step": 2,
    "second_main": 3,
    "first_main": 4,
    "each_upkeep": 6,  # "At the beginning of each upkeep" (every player's, 503.1a)
    "opponent_draw_step": 5,  # "At the beginning of each opponent's draw step" (after the draw)
}


# `whose` of a creature_dies ability: "a creature you control / an opponent controls / a
# creature" dies
DIES_WHOSE = {"you": 0, "opponent": DIES_BY_OPPONENT, "any": DIES_BY_ANY}


def trigger_filter(ctx: Ctx, d: dict, field: str, kind: int) -> int:
    """AbilCol.TRIG_FILTER: the trigger-object filters that have no room in TRIG_PARAM."""
    filt = 0
    if "with_p1p1" in d:
        # "Whenever a creature you control with a +1/+1 counter on it attacks"
        if kind != AbilityKind.CREATURE_ATTACKS:
            ctx.err(f"{field}.with_p1p1", "belongs to creature_attacks abilities only")
        elif ctx.bool_(d, "with_p1p1", f"{field}.with_p1p1"):
            filt |= TRIG_FILTER_WITH_P1P1
    if "tougher" in d:
        # "another creature you control with toughness greater than its power enters"
        if kind != AbilityKind.OTHER_CREATURE_ENTERS:
            ctx.err(f"{field}.tougher", "belongs to other_creature_enters abilities only")
        elif ctx.bool_(d, "tougher", f"{field}.tougher"):
            filt |= TRIG_FILTER_TOUGHER
    if "power_at_least" in d:
        # "Whenever a creature you control with power 4 or greater enters" (issue 21)
        if kind != AbilityKind.OTHER_CREATURE_ENTERS:
            ctx.err(f"{field}.power_at_least", "belongs to other_creature_enters abilities only")
        else:
            n = ctx.int_(d, "power_at_least", f"{field}.power_at_least", 1, 20) or 0
            filt |= TRIG_FILTER_POWER_AT_LEAST | (n << TRIG_FILTER_POWER_SHIFT)
    if "attackers_at_least" in d:
        # "Whenever you attack with two or more creatures" (issue 21)
        if kind != AbilityKind.YOU_ATTACK:
            ctx.err(f"{field}.attackers_at_least", "belongs to you_attack abilities only")
        else:
            n = ctx.int_(d, "attackers_at_least", f"{field}.attackers_at_least", 2, 20) or 0
            filt |= TRIG_FILTER_ATTACKERS_AT_LEAST | (n << TRIG_FILTER_POWER_SHIFT)
    if "sacrificed_types" in d:
        # "Whenever you sacrifice an artifact or creature": the CardType bits, any of
        if kind != AbilityKind.YOU_SACRIFICE:
            ctx.err(f"{field}.sacrificed_types", "belongs to you_sacrifice abilities only")
        else:
            filt |= ctx.mask_(
                d.get("sacrificed_types"), TYPE_NAMES, f"{field}.sacrificed_types", "card type"
            )
    if "mv_at_least" in d:
        # "Whenever you cast a creature spell with mana value 4 or greater" (Helga)
        if d.get("kind") != SPELL_CAST_KIND:
            ctx.err(f"{field}.mv_at_least", "belongs to spell_cast abilities only")
        else:
            n = ctx.int_(d, "mv_at_least", f"{field}.mv_at_least", 1, 20) or 0
            filt |= TRIG_FILTER_MV_AT_LEAST | (n << TRIG_FILTER_MV_SHIFT)
    if "evolve" in d:
        # evolve (702.100a): "if that creature has greater power or toughness than this one"
        if kind != AbilityKind.OTHER_CREATURE_ENTERS:
            ctx.err(f"{field}.evolve", "belongs to other_creature_enters abilities only")
        elif ctx.bool_(d, "evolve", f"{field}.evolve"):
            filt |= TRIG_FILTER_EVOLVE
    if "mv_below_power" in d:
        # "a noncreature spell with mana value less than this creature's power" (Pollywog)
        if d.get("kind") != SPELL_CAST_KIND:
            ctx.err(f"{field}.mv_below_power", "belongs to spell_cast abilities only")
        elif ctx.bool_(d, "mv_below_power", f"{field}.mv_below_power"):
            filt |= TRIG_FILTER_MV_BELOW_POWER
    return filt


def trigger_param(ctx: Ctx, d: dict, field: str, kind: int) -> int:
    """AbilCol.TRIG_PARAM from the kind-specific fields (end_step and activated: the caller)."""
    trig = 0
    if kind == AbilityKind.CREATURE_DIES:
        return _dies_param(ctx, d, field)
    if "whose" in d:
        ctx.err(f"{field}.whose", "belongs to creature_dies abilities only")
    if "expend" in d:
        if kind != AbilityKind.EXPEND:
            ctx.err(f"{field}.expend", "belongs to expend abilities only")
        else:
            trig = ctx.int_(d, "expend", f"{field}.expend", 1, 20) or 0
    elif kind == AbilityKind.EXPEND:
        ctx.err(field, 'an expend ability needs `expend = N` ("Whenever you expend N")')
    if kind == AbilityKind.COST_REDUCTION:
        for key, bit in (
            ("all_creatures", COST_ALL_CREATURES),
            ("total_power", COST_TOTAL_POWER),
            ("attacked_this_turn", COST_ATTACKED_TURN),  # "for each creature that attacked"
        ):
            if key in d:
                if "subtypes" in d or "for_each" in d:
                    ctx.err(field, f"{key} takes no `subtypes` or `for_each`")
                if ctx.bool_(d, key, f"{field}.{key}"):
                    return bit
        if ctx.bool_(d, "targets_in_combat_or_tapped", f"{field}.targets_in_combat_or_tapped"):
            if "subtypes" in d or "for_each" in d:
                ctx.err(field, "targets_in_combat_or_tapped takes no `subtypes` or `for_each`")
            return COST_IF_TARGETS_IN_COMBAT_OR_TAPPED
        if "graveyard_types" in d:
            # "costs {1} less for each [types] card you own in [exile and in] your graveyard"
            types = ctx.mask_(
                d.get("graveyard_types"), TYPE_NAMES, f"{field}.graveyard_types", "card type"
            )
            if "subtypes" in d or not types:
                ctx.err(field, "graveyard_types names card types and takes no `subtypes`")
            trig = COST_GRAVEYARD_CARDS | types
            if ctx.bool_(d, "and_exile", f"{field}.and_exile"):
                trig |= COST_AND_EXILE
            return trig
        trig = ctx.mask_(d.get("subtypes"), SUBTYPE_NAMES, f"{field}.subtypes", "subtype")
        if not trig:
            ctx.err(f"{field}.subtypes", "a cost_reduction names the subtypes it counts")
        if ctx.bool_(d, "for_each", f"{field}.for_each"):
            trig |= COST_FOR_EACH
        return trig
    if "targets_in_combat_or_tapped" in d:
        ctx.err(f"{field}.targets_in_combat_or_tapped", "belongs to cost_reduction abilities only")
    if "for_each" in d:
        ctx.err(f"{field}.for_each", "belongs to cost_reduction abilities only")
    if kind == AbilityKind.ACTIVATED and "subtypes" in d:
        return 0  # "Activate only if a Bird, ... entered": the caller reads them (cond_subtypes)
    if kind == AbilityKind.YOU_ATTACK and "subtypes" in d:
        # "Whenever you attack with one or more Lizards": one of the attackers has a subtype
        return ctx.mask_(d.get("subtypes"), SUBTYPE_NAMES, f"{field}.subtypes", "subtype")
    if kind == AbilityKind.YOU_SACRIFICE:
        # "Whenever you sacrifice a permanent" / "one or more Foods"
        trig = ctx.mask_(d.get("subtypes"), SUBTYPE_NAMES, f"{field}.subtypes", "subtype")
        if ctx.bool_(d, "one_or_more", f"{field}.one_or_more"):
            trig |= TRIGGER_BATCH
        return trig
    if kind == AbilityKind.CREATURE_COMBAT_DAMAGE and any(
        k in d for k in ("subtypes", "one_or_more", "tokens")
    ):
        # "Whenever one or more Birds you control deal combat damage to a player" (one trigger
        # per combat damage step); "Whenever a creature token you control deals ..." (tokens)
        trig = ctx.mask_(d.get("subtypes"), SUBTYPE_NAMES, f"{field}.subtypes", "subtype")
        if ctx.bool_(d, "one_or_more", f"{field}.one_or_more"):
            trig |= TRIGGER_BATCH
        if ctx.bool_(d, "tokens", f"{field}.tokens"):
            trig |= TRIGGER_TOKEN
        return trig
    if kind == AbilityKind.CREATURE_ATTACKS:
        # "Whenever a [Bat] creature you control attacks" (with_p1p1: trigger_filter)
        if "subtypes" in d:
            return ctx.mask_(d.get("subtypes"), SUBTYPE_NAMES, f"{field}.subtypes", "subtype")
        return 0
    if kind == AbilityKind.NONCREATURE_SPELL and "subtypes" in d and d.get("kind") != "spell_cast":
        # "Whenever you cast a noncreature or Otter spell": creature spells of these count too
        return ctx.mask_(d.get("subtypes"), SUBTYPE_NAMES, f"{field}.subtypes", "subtype")
    if "other" in d or "self_only" in d:
        # "Whenever one or more other creatures you control leave the battlefield without
        # dying" (1); "When this creature leaves the battlefield" without dying (2: the card's
        # `dies` ability is its dying)
        key = "other" if "other" in d else "self_only"
        if kind != AbilityKind.LEAVES_WITHOUT_DYING or ("other" in d and "self_only" in d):
            ctx.err(f"{field}.{key}", "belongs to leaves_without_dying abilities only (one of)")
        elif ctx.bool_(d, key, f"{field}.{key}"):
            return 1 if key == "other" else 2
    if "tokens" in d:
        # "Whenever one or more tokens you control enter"
        if kind != AbilityKind.OTHER_CREATURE_ENTERS or any(
            k in d for k in ("subtypes", "nontoken", "flying", "any_permanent")
        ):
            ctx.err(f"{field}.tokens", "belongs to other_creature_enters abilities, alone")
        elif ctx.bool_(d, "tokens", f"{field}.tokens"):
            return TRIGGER_TOKEN
    if "instant_sorcery" in d:
        # "Whenever you cast an instant or sorcery spell"
        if kind != AbilityKind.NONCREATURE_SPELL or "subtypes" in d:
            ctx.err(f"{field}.instant_sorcery", "belongs to noncreature_spell abilities, alone")
        elif ctx.bool_(d, "instant_sorcery", f"{field}.instant_sorcery"):
            return TRIGGER_INSTANT_SORCERY
    if "noncreature_nonland" in d:
        # "Whenever one or more noncreature, nonland permanents you control enter"
        if kind != AbilityKind.OTHER_CREATURE_ENTERS or any(
            k in d for k in ("subtypes", "nontoken", "flying", "any_permanent")
        ):
            ctx.err(
                f"{field}.noncreature_nonland",
                "belongs to other_creature_enters abilities, without other filters",
            )
        elif ctx.bool_(d, "noncreature_nonland", f"{field}.noncreature_nonland"):
            return TRIGGER_NONCREATURE_NONLAND
    if "one_or_more" in d and kind != AbilityKind.OTHER_CREATURE_ENTERS:
        ctx.err(f"{field}.one_or_more", "belongs to other_creature_enters abilities only")
    # "a Lizard spell", "the first Otter spell": AbilCol.COND_SUBTYPES
    spell_subtypes = d.get("kind") in (SPELL_CAST_KIND, FIRST_SPELL_CAST_KIND)
    if ("subtypes" in d and not spell_subtypes) or any(
        k in d for k in ("nontoken", "flying", "any_permanent")
    ):
        if kind != AbilityKind.OTHER_CREATURE_ENTERS:
            ctx.err(
                f"{field}.subtypes",
                "`subtypes` / `nontoken` belong to other_creature_enters abilities only",
            )
        else:
            trig = ctx.mask_(d.get("subtypes"), SUBTYPE_NAMES, f"{field}.subtypes", "subtype")
            if ctx.bool_(d, "nontoken", f"{field}.nontoken"):
                trig |= TRIGGER_NONTOKEN
            if ctx.bool_(d, "flying", f"{field}.flying"):
                trig |= TRIGGER_FLYING
            if ctx.bool_(d, "any_permanent", f"{field}.any_permanent"):
                if not trig & (TRIGGER_NONTOKEN - 1):
                    ctx.err(f"{field}.any_permanent", "names the `subtypes` it watches for")
                trig |= TRIGGER_ANY_PERMANENT
            if ctx.bool_(d, "one_or_more", f"{field}.one_or_more"):
                trig |= TRIGGER_BATCH  # "one or more other [Rabbits] ... enter": once per batch
    if "while" in d:
        if kind != AbilityKind.ATTACKS or d.get("when", "always") == "always":
            ctx.err(
                f"{field}.while",
                'belongs to attacks abilities with a `when`: "Whenever '
                'this attacks while ..." (checked only as it triggers)',
            )
        elif ctx.bool_(d, "while", f"{field}.while"):
            trig = 1
    if d.get("kind") == SPELL_CAST_KIND:
        return _spell_cast_param(ctx, d, field)
    if d.get("kind") == FIRST_SPELL_CAST_KIND and "spell_types" in d:
        return ctx.mask_(d.get("spell_types"), TYPE_NAMES, f"{field}.spell_types", "card type")
    if "caster" in d or "spell_types" in d or "noncreature" in d:
        ctx.err(f"{field}.caster", "`caster`, `spell_types`, `noncreature` belong to spell_cast")
    if "any_player" in d:
        if kind != AbilityKind.SECOND_SPELL:
            ctx.err(f"{field}.any_player", "belongs to second_spell abilities only")
        elif ctx.bool_(d, "any_player", f"{field}.any_player"):
            trig = 1  # "Whenever a player casts their second spell each turn"
    if "opponent" in d:
        if kind != AbilityKind.SECOND_SPELL or "any_player" in d:
            ctx.err(f"{field}.opponent", "belongs to second_spell abilities (not with any_player)")
        elif ctx.bool_(d, "opponent", f"{field}.opponent"):
            trig = 2  # "Whenever an opponent casts their second spell each turn"
    return trig


def _dies_param(ctx: Ctx, d: dict, field: str) -> int:
    """TRIG_PARAM of "Whenever a creature you control / an opponent controls / [another]
    [nontoken] creature dies" (`whose`, `other`, `nontoken`)."""
    for key in ("subtypes", "any_permanent", "tokens", "one_or_more"):
        if key in d:
            ctx.err(
                f"{field}.{key}",
                "creature_dies takes `whose`, `other`, `nontoken`, `flying`, `without_flying` "
                "and `equipped` only",
            )
    whose = d.get("whose", "you")
    trig = DIES_WHOSE.get(whose, -1) if isinstance(whose, str) else -1
    if trig < 0:
        ctx.err(f"{field}.whose", '`whose` is "you", "opponent" or "any"')
        trig = 0
    if ctx.bool_(d, "other", f"{field}.other"):
        trig |= DIES_OTHER
    if ctx.bool_(d, "nontoken", f"{field}.nontoken"):
        trig |= DIES_NONTOKEN
    if ctx.bool_(d, "equipped", f"{field}.equipped"):
        trig |= DIES_ATTACHED  # "Whenever equipped creature dies"
    if ctx.bool_(d, "flying", f"{field}.flying"):
        trig |= DIES_FLYING  # "another creature you control with flying"
    if ctx.bool_(d, "without_flying", f"{field}.without_flying"):
        trig |= DIES_WITHOUT_FLYING  # "a creature you control without flying"
    return trig


def _spell_cast_param(ctx: Ctx, d: dict, field: str) -> int:
    """TRIG_PARAM of "Whenever [you | an opponent | a player] cast(s) a [types] spell"."""
    caster = d.get("caster", "you")
    trig = SPELL_CASTERS.get(caster, -1) if isinstance(caster, str) else -1
    if trig < 0:
        ctx.err(f"{field}.caster", '`caster` is "you", "opponent" or "any"')
        trig = 0
    trig |= SPELL_GENERAL
    trig |= ctx.mask_(d.get("spell_types"), TYPE_NAMES, f"{field}.spell_types", "card type")
    if ctx.bool_(d, "noncreature", f"{field}.noncreature"):
        if "spell_types" in d:
            ctx.err(f"{field}.noncreature", "give `spell_types` or `noncreature`, not both")
        trig |= SPELL_NONCREATURE
    return trig


def land_types(ctx: Ctx, d: dict, field: str, cond: int) -> int:
    """`land_types = ["plains", "island"]` of a land-type condition: a WUBRG mask."""
    mask = ctx.mask_(d.get("land_types"), LAND_TYPE_NAMES, f"{field}.land_types", "land type")
    if (cond in LAND_TYPE_CONDS) != bool(mask):
        ctx.err(
            f"{field}.land_types",
            "`land_types` (basic land types) go with `when = "
            '"not_control_land_types"` or `"no_land_types_in_hand"`, and those need them',
        )
    return mask

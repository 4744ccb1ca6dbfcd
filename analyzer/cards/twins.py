"""Twin card rows the compiler adds after the catalog's own: a creature's Food twin (Ygra's
"Other creatures are Food artifacts"), an artifact's or enchantment's animated twin (Bello's
static_animate), a land's creature twin (land_becomes_until_eot). A twin is the same card with
another record's characteristics added; the kernel gives it as a face (O.FACE)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from analyzer.cards.records import CardRecord
from analyzer.enums import CardType, Op, Subtype


def food_twins(records: Sequence[CardRecord]) -> list[CardRecord]:
    """With a static_others_food card in the catalog (Ygra: "Other creatures are Food
    artifacts in addition to their other types and have '{2}, {T}, Sacrifice this permanent:
    You gain 3 life.'"), each creature's twin: the same card, an artifact and a Food too, with
    the Food token's abilities after its own (the face the static gives it, CardCol.FOOD_TWIN).
    Rows after the records' own, named "<name> (Food)"."""
    food = next((r for r in records if r.name == "Food" and r.is_token), None)
    if food is None or not any(
        st.op == Op.STATIC_OTHERS_FOOD for r in records for ab in r.abilities for st in ab.steps
    ):
        return []
    return [
        replace(
            rec,
            name=f"{rec.name} (Food)",
            types=rec.types | CardType.ARTIFACT,
            subtypes=rec.subtypes | Subtype.FOOD,
            abilities=rec.abilities + food.abilities,
        )
        for rec in records
        if rec.types & CardType.CREATURE
    ]


def animate_twins(records: Sequence[CardRecord]) -> list[CardRecord]:
    """With a static_animate card in the catalog (Bello: "During your turn, each non-Equipment
    artifact and non-Aura enchantment you control with mana value 4 or greater is a 4/4
    Elemental creature in addition to its other types and has indestructible, haste, and
    ..."), each such card's twin: the same card, with the step's token record's types,
    subtypes, power and toughness, keywords and abilities added (the face the static gives it,
    CardCol.ANIMATE_TWIN). Rows after the Food twins, named "<name> (animated)"."""
    steps = {
        (st.token, st.b)
        for r in records
        for ab in r.abilities
        for st in ab.steps
        if st.op == Op.STATIC_ANIMATE
    }
    if not steps:
        return []
    if len(steps) > 1:
        raise ValueError("one static_animate creature (token and mana value) per catalog")
    ((token_name, mv_at_least),) = steps
    tok = next(r for r in records if r.name == token_name)
    return [
        _as_creature(rec, tok, "animated", abilities=rec.abilities + tok.abilities)
        for rec in records
        if animated_by(rec, mv_at_least)
    ]


def _as_creature(rec: CardRecord, tok: CardRecord, label: str, **more: object) -> CardRecord:
    """rec with the creature record tok's types, subtypes, power and toughness and keywords
    added, named "<name> (<label>)"."""
    return replace(
        rec,
        name=f"{rec.name} ({label})",
        types=rec.types | (tok.types & ~CardType.TOKEN_DEF),
        subtypes=rec.subtypes | tok.subtypes,
        subtype_words=rec.subtype_words + tok.subtype_words,
        power=tok.power,
        toughness=tok.toughness,
        keywords=rec.keywords | tok.keywords,
        keyword_names=rec.keyword_names + tok.keyword_names,
        **more,
    )


def animated_by(rec: CardRecord, mv_at_least: int) -> bool:
    """Is the card a non-Equipment artifact or a non-Aura enchantment with mana value
    mv_at_least or greater (static_animate's permanents)?"""
    artifact = rec.types & CardType.ARTIFACT and not rec.subtypes & Subtype.EQUIPMENT
    enchantment = rec.types & CardType.ENCHANTMENT and not rec.subtypes & Subtype.AURA
    return bool(artifact or enchantment) and rec.mv >= mv_at_least


def land_twins(records: Sequence[CardRecord]) -> list[CardRecord]:
    """With a land_becomes_until_eot step in the catalog ("Target land you control becomes a
    3/3 Elemental creature with haste until end of turn. It's still a land."), each land card's
    twin: the same land with the step's token record's types, subtypes, power and toughness
    and keywords added (CardCol.LAND_TWIN). Rows after the animated twins, named
    "<name> (land creature)"."""
    tokens = {
        st.token
        for r in records
        for ab in r.abilities
        for st in ab.steps
        if st.op == Op.LAND_BECOMES_UNTIL_EOT
    }
    if not tokens:
        return []
    if len(tokens) > 1:
        raise ValueError("one land_becomes_until_eot creature per catalog")
    (token_name,) = tokens
    tok = next(r for r in records if r.name == token_name)
    return [
        _as_creature(rec, tok, "land creature")
        for rec in records
        if rec.types & CardType.LAND and not rec.is_token
    ]

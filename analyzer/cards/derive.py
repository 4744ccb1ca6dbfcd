"""What the compiler derives from a card's program: target intents, the AI role, the AI value.

Kept apart from compile.py so the loader can run the same derivation to report conflicts
(a target group that one step harms and another helps) as data problems, not kernel surprises.
"""

from __future__ import annotations

from analyzer.cards.opcodes import HARM_ATTACHED_OPS, OP_BY_CODE, OP_SPECS
from analyzer.cards.records import Ability, CardRecord
from analyzer.enums import (
    AbilityKind,
    AiRole,
    CardType,
    Cond,
    CounterKind,
    Intent,
    Op,
    Ref,
    TargetKind,
)

# First match wins: a sweeper that also pings one target is a sweeper, a counterspell that
# also stops spells this turn is a counterspell; counter-unless-pay is a counterspell; a pump
# with a rider (Rabbit Response scries) is a trick, not card draw.
_ROLE_ORDER: tuple[tuple[int, frozenset[int]], ...] = (
    (AiRole.COUNTER, frozenset({Op.COUNTER, Op.SPELL_TO_HAND, Op.COUNTER_UNLESS_PAY})),
    (AiRole.SWEEPER, frozenset({Op.DESTROY_ALL, Op.DAMAGE_EACH_CREATURE, Op.BOUNCE_ALL_CREATURES})),
    (
        AiRole.REMOVAL,
        frozenset(
            {
                Op.DESTROY,
                Op.EXILE,
                Op.BOUNCE,
                Op.DAMAGE,
                Op.DAMAGE_CONTROLLER,
                Op.SACRIFICE_GREATEST_POWER,
                Op.FIGHT,
                Op.DAMAGE_BY_POWER,
                Op.EXILE_UNTIL_LEAVES,
                Op.EXILE_IF_DIES,
                Op.TUCK,
            }
        ),
    ),
    (
        AiRole.DISRUPTION,
        frozenset({Op.EXILE_FROM_HAND, Op.DISCARD, Op.EXILE_OWN_FROM_HAND, Op.DISCARD_CHOSEN}),
    ),
    (
        AiRole.RECURSION,
        frozenset({Op.RETURN_TO_HAND, Op.RETURN_TO_BATTLEFIELD, Op.RETURN_DESTROYED}),
    ),
    (AiRole.TOKENS, frozenset({Op.CREATE_TOKEN, Op.TOKEN_COPY, Op.TOKEN_COPY_X})),
    (AiRole.TRICK, frozenset({Op.PUMP, Op.PUMP_ALL, Op.GRANT, Op.UNTAP})),
    (AiRole.CARD_DRAW, frozenset({Op.DRAW, Op.SURVEIL, Op.SCRY, Op.REVEAL_X_EXILE_PER_TYPE})),
    (
        AiRole.PROTECTION,
        frozenset(
            {Op.PLAYER_HEXPROOF, Op.GRANT_ALL, Op.PHASE_OUT_YOURS, Op.PROTECTION_UNTIL_YOUR_TURN}
        ),
    ),
)

# The basic player's derivation, kept exactly (issue 14): counter-unless-pay falls through to
# PERMANENT and card draw wins over a pump.
_BASIC_ROLE_ORDER: tuple[tuple[int, frozenset[int]], ...] = (
    (AiRole.COUNTER, frozenset({Op.COUNTER, Op.SPELL_TO_HAND})),
    *_ROLE_ORDER[1:6],
    _ROLE_ORDER[7],
    _ROLE_ORDER[6],
    _ROLE_ORDER[8],
)


def harms_attached(abilities: tuple[Ability, ...]) -> bool:
    """Does the card hurt what it is attached to (Kitnap steals and taps it)?"""
    for ab in abilities:
        for st in ab.steps:
            if st.op == Op.STATIC_CONTROL_ENCHANTED or st.op == Op.STATIC_ENCHANTED_BECOMES:
                return True
            if st.ref == Ref.ATTACHED and (
                st.op in HARM_ATTACHED_OPS
                or (st.op == Op.ADD_COUNTERS and st.a == CounterKind.STUN)
            ):
                return True
    return False


def step_intents(abilities: tuple[Ability, ...], ab: Ability) -> list[set[int]]:
    """For each target group of `ab`, the intents its steps imply."""
    found: list[set[int]] = [set() for _ in ab.targets]
    attach_intent = Intent.HARM if harms_attached(abilities) else Intent.HELP
    for st in ab.steps:
        spec = OP_SPECS[OP_BY_CODE[st.op]]
        if st.op == Op.ADD_COUNTERS:
            intent = Intent.HARM if st.a == CounterKind.STUN else Intent.HELP
        elif st.op == Op.ATTACH_SELF:
            intent = attach_intent
        else:
            intent = spec.intent
        if 0 <= st.ref < len(found) and intent is not None:
            found[st.ref].add(intent)
        if st.op == Op.ATTACH_TO and 0 <= st.a < len(found):
            found[st.a].add(Intent.HELP)  # the creature that gets the Equipment
        if st.op == Op.FIGHT and 0 <= st.a < len(found):
            found[st.a].add(Intent.HARM)  # the second creature is the one we want dead
        if st.op == Op.DAMAGE_BY_POWER and 0 <= st.a < len(found):
            found[st.a].add(Intent.HELP)  # the creature dealing the damage is ours
    return found


def group_intents(abilities: tuple[Ability, ...], ab: Ability) -> tuple[list[int], list[int]]:
    """(intent per target group, indexes of groups whose steps disagree with no override)."""
    intents: list[int] = []
    conflicts: list[int] = []
    for i, (group, found) in enumerate(zip(ab.targets, step_intents(abilities, ab), strict=True)):
        if group.intent is not None:
            intents.append(group.intent)
            continue
        if {Intent.HARM, Intent.HELP} <= found:
            conflicts.append(i)
            intents.append(Intent.NEUTRAL)
        elif Intent.HARM in found:
            intents.append(Intent.HARM)
        elif Intent.HELP in found and group.kind != TargetKind.OPPONENT:
            intents.append(Intent.HELP)
        else:
            # (an opponent the card must help, "target opponent draws a card", is the card's
            # price, not a target to avoid: read as help, Secret Rendezvous was never cast and
            # Loran of the Third Path never tapped)
            intents.append(Intent.NEUTRAL)
    return intents, conflicts


def exiles_until_end_step(abilities: tuple[Ability, ...]) -> bool:
    """Does a spell part of the program exile a target and return it at the next end step
    (in some mode: Parting Gust unpromised)? That removal lasts a turn: a flicker, a tempo play."""
    for ab in abilities:
        if ab.kind != AbilityKind.SPELL:
            continue
        for prog in ab.programs():
            ops = [st.op for st in prog.steps]
            if Op.EXILE in ops and any(
                st.op == Op.RETURN_AT_END_STEP and st.ref == Ref.IT for st in prog.steps
            ):
                return True
    return False


def derive_role(
    rec: CardRecord, order: tuple[tuple[int, frozenset[int]], ...] = _ROLE_ORDER
) -> int:
    """AiRole: the data's `role` if given, else from what the spell part of the program does."""
    if rec.role is not None:
        return rec.role
    spells = [a for a in rec.abilities if a.kind == AbilityKind.SPELL]
    if not rec.types & (CardType.INSTANT | CardType.SORCERY):
        if spells and spells[0].targets:  # an Aura: stealing / locking one is removal
            intents, _ = group_intents(rec.abilities, spells[0])
            if Intent.HARM in intents:
                return AiRole.REMOVAL
        return AiRole.PERMANENT
    progs = [prog for ab in spells for prog in ab.programs()]  # a modal spell's modes
    ops = {st.op for ab in progs for st in ab.steps}
    if order is _ROLE_ORDER:
        # what the spell always does decides; a promised-only rider (Sazacap's Brew's pump)
        # does not make a draw spell a trick
        always = {st.op for ab in progs for st in ab.steps if st.cond != Cond.IF_PROMISED}
        for role, role_ops in order:
            if always & role_ops:
                if role in _HARM_PUMP_ROLES and _shrinks_a_target(rec, spells[0]):
                    return AiRole.REMOVAL
                return role
    for role, role_ops in order:
        if ops & role_ops:
            return role
    return AiRole.PERMANENT


_HARM_PUMP_ROLES = frozenset({AiRole.TOKENS, AiRole.TRICK, AiRole.CARD_DRAW})


def _shrinks_a_target(rec: CardRecord, spell: Ability) -> bool:
    """Does the spell always give a target it means harm a -X/-X (Savor's -2/-2: removal)?"""
    intents, _ = group_intents(rec.abilities, spell)
    for prog in spell.programs():
        for st in prog.steps:
            if (
                st.op == Op.PUMP
                and st.cond != Cond.IF_PROMISED
                and st.b < 0
                and 0 <= st.ref < len(intents)
                and intents[st.ref] == Intent.HARM
            ):
                return True
    return False


def derive_role_basic(rec: CardRecord) -> int:
    """AiRole as the basic player reads it (CardCol.AI_ROLE_BASIC)."""
    return derive_role(rec, _BASIC_ROLE_ORDER)


def derive_value(rec: CardRecord) -> int:
    """The AI's static value: the data's `value` if given, else about 10 x mana value with the
    body counted in (a 4/4 reach for 3 is worth more than a 2/2 for 3)."""
    if rec.value is not None:
        return rec.value
    if rec.is_land:
        return 6
    value = 10 * rec.mv
    if rec.types & CardType.CREATURE:
        value += (rec.power or 0) + (rec.toughness or 0) + 2 * bin(rec.keywords).count("1")
    return max(value, 1)

"""Ops added for Animated Army (issue 21): the entries of ``opcodes.OP_SPECS`` for attacking
creatures' keywords, doubled creature damage, ascend, "shuffles it into their library, then
reveals the top card", explore and "gain control ... for as long as you control [this]". The
kernel side: ``chars`` (the statics), ``actions._doubled`` and ``effects_army``."""

from __future__ import annotations

from analyzer.cards.opspec import OBJECT_NAMES as _OBJ_NAMES
from analyzer.cards.opspec import PERMANENT_KINDS as _PERMS
from analyzer.cards.opspec import OpSpec
from analyzer.cards.opspec import param as _p
from analyzer.enums import Intent, Op

ARMY_OP_SPECS: dict[str, OpSpec] = {
    "static_attacking_have": OpSpec(
        Op.STATIC_ATTACKING_HAVE,
        'attacking creatures you control have `keywords` ("Attacking creatures you control '
        'have double strike."; the characteristics are refreshed as attackers are declared '
        "and as combat ends)",
        (_p("keywords", "keywords", "a"),),
        static=True,
    ),
    "static_double_creature_damage": OpSpec(
        Op.STATIC_DOUBLE_CREATURE_DAMAGE,
        "a creature you control that would deal damage to a permanent or player deals double "
        "that damage instead (614.1a; after the `static_damage_plus` replacements; each such "
        "ability doubles again)",
        static=True,
    ),
    "static_ascend": OpSpec(
        Op.STATIC_ASCEND,
        "ascend (702.131b): whenever you control ten or more permanents, you get the city's "
        "blessing for the rest of the game (condition `city_blessing`)",
        static=True,
    ),
    "shuffle_reveal_permanent": OpSpec(
        Op.SHUFFLE_REVEAL_PERMANENT,
        "the owner of each permanent in ref shuffles it into their library, then reveals the "
        "top card of their library: a permanent card is put onto the battlefield under their "
        "control",
        (),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HARM,
    ),
    "explore": OpSpec(
        Op.EXPLORE,
        "each creature in ref explores (701.44a): its controller reveals the top card of their "
        "library; a land card goes to their hand, otherwise a +1/+1 counter on the creature "
        "(if still on the battlefield) and the card stays on top or goes to the graveyard",
        (),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HELP,
    ),
    "gain_control_while": OpSpec(
        Op.GAIN_CONTROL_WHILE,
        "you gain control of each permanent in ref for as long as you control the source",
        (),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HARM,
    ),
    "land_becomes_until_eot": OpSpec(
        Op.LAND_BECOMES_UNTIL_EOT,
        "each land in ref becomes a creature until end of turn with the types, subtypes, power "
        'and toughness and keywords of record `token` added ("Target land you control '
        "becomes a 3/3 Elemental creature with haste until end of turn. It's still a land.\": "
        "each land's own twin row, CardCol.LAND_TWIN, keeps its abilities and mana)",
        (_p("token", "token", "a"),),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HELP,
    ),
}

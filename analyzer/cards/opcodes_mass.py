"""Ops that act on every creature of a kind at once ("Return all attacking creatures to their
owner's hand", "Return all creature tokens to their owners' hands"): their entries of
``opcodes.OP_SPECS``. The kernel side is ``kernel/rules/effects_mass.py``."""

from __future__ import annotations

from analyzer.cards.opspec import OBJECT_NAMES, PERMANENT_KINDS, PLAYER_KINDS, PLAYER_NAMES, OpSpec
from analyzer.cards.opspec import param as _p
from analyzer.enums import Intent, Op

MASS_OP_SPECS: dict[str, OpSpec] = {
    "choose_opponent": OpSpec(
        Op.CHOOSE_OPPONENT,
        "you choose an opponent (not a target): later steps name that player `ref = "
        '"chosen_opponent"` (the built-in player chooses the one with the least life)',
    ),
    "tempt": OpSpec(
        Op.TEMPT,
        "a tempting offer: each opponent chooses whether to accept; later steps name those "
        'who did `ref = "tempted"` and count them with `x = "tempted"` (the built-in player '
        "accepts when the caster has another opponent still in the game)",
    ),
    "untap_all_nonland": OpSpec(
        Op.UNTAP_ALL_NONLAND,
        "untap all nonland permanents each player in ref controls",
        (),
        PLAYER_KINDS,
        PLAYER_NAMES,
    ),
    "search_any_land": OpSpec(
        Op.SEARCH_ANY_LAND,
        "each player in ref searches their library for a land card, puts it onto the "
        "battlefield and shuffles (`tempted`: once for each opponent who accepted the tempt "
        "step's offer; the built-in player takes the land whose colors its hand needs most)",
        (_p("tempted", "bool", "b", False),),
        PLAYER_KINDS,
        PLAYER_NAMES,
    ),
    "prevent_combat_damage": OpSpec(
        Op.PREVENT_COMBAT_DAMAGE,
        "prevent all combat damage that would be dealt this turn (to players and permanents; "
        '"damage can\'t be prevented" wins); the built-in player uses it only against lethal '
        "combat damage",
    ),
    "double_pt_all": OpSpec(
        Op.DOUBLE_PT_ALL,
        "double the power and toughness of each creature you control until end of turn (each "
        "gets +X/+Y, X its power and Y its toughness as the step runs)",
    ),
    "flicker_yours": OpSpec(
        Op.FLICKER_YOURS,
        "`flicker`, returning each permanent under your control, not its owner's (\"then "
        'return that card to the battlefield under your control"); `may`: "you may" (the '
        "built-in player does unless it is a token or has +1/+1 counters)",
        (_p("may", "bool", "b", False),),
        PERMANENT_KINDS,
        OBJECT_NAMES,
        sets_it=True,
        intent=Intent.HELP,
    ),
    "bounce_all_creatures": OpSpec(
        Op.BOUNCE_ALL_CREATURES,
        "return all creatures (`token`: only creature tokens, `nontoken`: only nontoken "
        "creatures, `attacking`: only attacking creatures) to their owners' hands (phased-out "
        "ones stay, 702.26b); a token so returned ceases to exist (111.7). The built-in "
        "player weighs it like a sweeper (a returned nontoken creature at half its threat); "
        "one that returns only attackers it casts as it is attacked, never in a main phase",
        (
            _p("token", "bool", "a", False),
            _p("nontoken", "bool", "b", False),
            _p("attacking", "bool", "c", False),
        ),
    ),
}

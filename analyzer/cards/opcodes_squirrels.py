"""The ops added for the Squirreled Away precon (issue 21, codes 157-175): their entries of
``opcodes.OP_SPECS``. The kernel side: ``kernel/rules/effects_squirrels.py``."""

from __future__ import annotations

from analyzer.cards.opspec import OBJECT_NAMES as _OBJ_NAMES
from analyzer.cards.opspec import PERMANENT_KINDS as _PERMS
from analyzer.cards.opspec import POWER as _POWER
from analyzer.cards.opspec import SPELL_KINDS as _SPELLS
from analyzer.cards.opspec import TOUGHNESS as _TOUGHNESS
from analyzer.cards.opspec import OpSpec
from analyzer.cards.opspec import param as _p
from analyzer.enums import Intent, Op

SQUIRREL_OP_SPECS: dict[str, OpSpec] = {
    "destroy_same_name": OpSpec(
        Op.DESTROY_SAME_NAME,
        "destroy each permanent in ref and all other permanents with the same name as it, at "
        "once (a token's name: its subtypes plus \"Token\", 111.4; a token copy's: its "
        "original's, 707.2)",
        (),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HARM,
    ),
    "copy_each_token": OpSpec(
        Op.COPY_EACH_TOKEN,
        '"For each token you control, create a token that\'s a copy of that permanent" (the '
        "tokens you control as the step runs; a token's copy has the characteristics its "
        "creator gave it)",
    ),
    "shrink_non_subtypes_x": OpSpec(
        Op.SHRINK_NON_SUBTYPES_X,
        "each creature (any player's) without one of `subtypes` gets -X/-X until end of turn, "
        "X the number of creatures you control with one of them (counted once, as it runs)",
        (_p("subtypes", "subtypes", "a"),),
    ),
    "destroy_half_copies": OpSpec(
        Op.DESTROY_HALF_COPIES,
        "destroy each creature in ref; if it dies this way, its controller creates two tokens "
        "that are copies of it, except their power and toughness are half its own (as it last "
        "existed), rounded up",
        (),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HARM,
    ),
    "pump_each_creature": OpSpec(
        Op.PUMP_EACH_CREATURE,
        "every creature (any player's) gets +power/+toughness until end of turn (\"all "
        'creatures get -2/-2 until end of turn")',
        (_POWER, _TOUGHNESS),
    ),
    "copy_spell_x": OpSpec(
        Op.COPY_SPELL_X,
        'copy each spell in ref X times, X the XCount `x` (storm: `x = "that_many"`, the '
        "spells cast before it this turn; the copies keep its targets, 707.10)",
        (_p("x", "xcount", "a"),),
        _SPELLS,
        frozenset({"trigger_object"}),
        intent=Intent.HELP,
    ),
    "sacrifice_token_may": OpSpec(
        Op.SACRIFICE_TOKEN_MAY,
        'you may sacrifice a token (then a `when = "done"` step is "if you do"; the built-in '
        "player sacrifices its cheapest token when it controls two or more other Squirrels)",
    ),
    "static_anthem_per_counter": OpSpec(
        Op.STATIC_ANTHEM_PER_COUNTER,
        "creatures you control with one of `subtypes` get +1/+1 for each counter of the "
        "source's own kind (`stash`, `acorn`) on it",
        (_p("subtypes", "subtypes", "c"),),
        static=True,
    ),
    "static_equipped_per_base_1": OpSpec(
        Op.STATIC_EQUIPPED_PER_BASE_1,
        "the equipped creature gets +1/+1 for each creature you control with base power or "
        "base toughness 1",
        static=True,
    ),
    "sacrifice_self": OpSpec(
        Op.SACRIFICE_SELF,
        "sacrifice the source (nothing if it left the battlefield)",
    ),
    "sacrifice_another_may": OpSpec(
        Op.SACRIFICE_ANOTHER_MAY,
        'you may sacrifice another creature (then a `when = "done"` step is "if you do"; the '
        "built-in player: a token with power 1 or less, while an opponent controls a nonland "
        "permanent)",
    ),
    "reflexive": OpSpec(
        Op.REFLEXIVE,
        'the source\'s `kind = "reflexive"` ability triggers ("When you do, ...", 603.12: its '
        'targets are chosen as it goes on the stack); write it with `when = "done"`',
    ),
    "exile_self_from_graveyard": OpSpec(
        Op.EXILE_SELF_FROM_GRAVEYARD,
        '"exile this card from your graveyard" (nothing if it is no longer there)',
    ),
    "untap_lands": OpSpec(
        Op.UNTAP_LANDS,
        '"Untap all lands you control" (a stun counter is removed instead, 122.1d)',
    ),
}

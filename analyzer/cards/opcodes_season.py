"""The ops the Seasons' pawprint modes needed (issue 20): their entries of
``opcodes.OP_SPECS``, split from opcodes.py. The kernel side is
``kernel/rules/effects_season.py``."""

from __future__ import annotations

from analyzer.cards.opspec import PLAYER_KINDS, PLAYER_NAMES, OpSpec
from analyzer.cards.opspec import param as _p
from analyzer.enums import Intent, Op, TargetKind

_PERMS = frozenset({TargetKind.PERMANENT, TargetKind.ANY})
_OBJ_NAMES = frozenset({"self", "it", "attached", "trigger_object"})

SEASON_OP_SPECS: dict[str, OpSpec] = {
    "choose_own_permanent": OpSpec(
        Op.CHOOSE_OWN_PERMANENT,
        "choose a permanent of `types` you control (not a target: chosen as the step runs; "
        "the built-in player chooses the most threatening); sets `it`; a later "
        '`when = "done"` step runs if there was one',
        (_p("types", "types", "a", doc="card types, any of"),),
        sets_it=True,
    ),
    "destroy_all_chosen_type": OpSpec(
        Op.DESTROY_ALL_CHOSEN_TYPE,
        "choose one of `types` (as the step runs) and destroy all permanents of that type; "
        "remembers what went to your graveyard (the built-in player chooses the type whose "
        "destruction costs its opponents most against itself)",
        (_p("types", "types", "a", doc="the card types to choose from"),),
    ),
    "bounce_all_nonland_nontoken": OpSpec(
        Op.BOUNCE_ALL_NONLAND_NONTOKEN,
        "return each nonland, nontoken permanent to its owner's hand",
    ),
    "controller_draws": OpSpec(
        Op.CONTROLLER_DRAWS,
        'the controller of each permanent in ref draws `count` cards ("Its controller draws '
        'a card"); write it before the step that removes the permanent',
        (_p("count", "int", "a", 1, lo=1, hi=9),),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HARM,
    ),
    "sacrifice_others_may": OpSpec(
        Op.SACRIFICE_OTHERS_MAY,
        "you may sacrifice `count` other permanents (`nonland`: nonland ones) at once; a later "
        '`when = "done"` step runs if you did (the built-in player does when the most valuable '
        "creature card in its graveyard is worth more than what it gives up)",
        (_p("count", "int", "a", 1, lo=1, hi=9), _p("nonland", "bool", "b", False)),
    ),
    "spell_cast_until_next_turn": OpSpec(
        Op.SPELL_CAST_UNTIL_NEXT_TURN,
        '"Until the end of your next turn, whenever you cast a spell, [this] ...": a delayed '
        "trigger (it lasts through your next turn's cleanup) whose targets and steps are the "
        "source card's `delayed_spell_cast` ability; each step run makes one more",
    ),
    "exile_top_play_until_end_step": OpSpec(
        Op.EXILE_TOP_PLAY_UNTIL_END_STEP,
        "you exile the top X cards of your library (X: `x`, counted as the step runs) and may "
        "play them until your next end step; at the beginning of that end step the source deals "
        "`damage` damage to each opponent for each of those cards still exiled (a delayed "
        "trigger: it counts only the cards this step exiled)",
        (_p("x", "xcount", "a"), _p("damage", "int", "b", 2, lo=1, hi=15)),
    ),
    "have_draw_may": OpSpec(
        Op.HAVE_DRAW_MAY,
        'you may have each player in ref draw `count` cards (then a `when = "done"` step is '
        '"if you do"); the built-in player does when the trigger object is a spell still on '
        "the stack none of whose targets another player controls (a `copy_spell` follows: "
        "the copy is worth the card)",
        (_p("count", "int", "a", 1, lo=1, hi=20),),
        PLAYER_KINDS,
        PLAYER_NAMES,
        intent=Intent.HELP,
    ),
}

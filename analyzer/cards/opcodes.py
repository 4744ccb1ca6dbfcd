"""The step schema: for every ``Op``, which named parameters a data file may give and where they go.

This is the single place that maps the readable step parameters of the card data files
(``amount``, ``power``, ``keywords``, ``token``, ...) onto the kernel's three integer step
columns ``a``, ``b``, ``c`` (``analyzer.enums.StepCol``). The loader validates against it, the
compiler writes with it and FORMAT.md documents it; a test checks that every ``Op`` has a spec.

Ref rules live here too: which target-group kinds and which named refs an op accepts, so a
program that, say, makes a spell draw cards is rejected with a clear message instead of
reaching the kernel.

Several families live in their own modules and are merged in here: the static ops
(opcodes_static.py), the ops on cards in libraries, hands and graveyards (opcodes_cards.py) and
the ops that create tokens or put counters (opcodes_tokens.py), among others.
"""

from __future__ import annotations

from analyzer.cards.opcodes_army import ARMY_OP_SPECS
from analyzer.cards.opcodes_cards import CARD_OP_SPECS
from analyzer.cards.opcodes_cmdr import CMDR_OP_SPECS
from analyzer.cards.opcodes_counted import COUNTED_OP_SPECS
from analyzer.cards.opcodes_face import FACE_OP_SPECS
from analyzer.cards.opcodes_global import GLOBAL_OP_SPECS
from analyzer.cards.opcodes_linked import LINKED_OP_SPECS
from analyzer.cards.opcodes_mass import MASS_OP_SPECS
from analyzer.cards.opcodes_season import SEASON_OP_SPECS
from analyzer.cards.opcodes_squirrels import SQUIRREL_OP_SPECS
from analyzer.cards.opcodes_static import STATIC_OP_SPECS
from analyzer.cards.opcodes_tokens import TOKEN_OP_SPECS
from analyzer.cards.opspec import GRAVEYARD_KINDS as _GRAVE
from analyzer.cards.opspec import OBJECT_NAMES as _OBJ_NAMES
from analyzer.cards.opspec import PERMANENT_KINDS as _PERMS
from analyzer.cards.opspec import PLAYER_KINDS as _PLAYERS
from analyzer.cards.opspec import PLAYER_NAMES as _PLAYER_NAMES
from analyzer.cards.opspec import POWER as _POWER
from analyzer.cards.opspec import SPELL_KINDS as _SPELLS
from analyzer.cards.opspec import TOUGHNESS as _TOUGHNESS
from analyzer.cards.opspec import OpSpec
from analyzer.cards.opspec import param as _p
from analyzer.enums import Intent, Op, Ref

_AMOUNT = _p("amount", "int", "a", lo=0, hi=99, doc="how much")

OP_SPECS: dict[str, OpSpec] = {
    "nop": OpSpec(Op.NOP, "does nothing (placeholder)"),
    "damage": OpSpec(
        Op.DAMAGE,
        "the source deals `amount` damage to each object/player in ref",
        (_AMOUNT,),
        _PERMS | _PLAYERS,
        _OBJ_NAMES | _PLAYER_NAMES,
        intent=Intent.HARM,
    ),
    "damage_controller": OpSpec(
        Op.DAMAGE_CONTROLLER,
        "`amount` damage to the controller of each creature in ref",
        (_AMOUNT,),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HARM,
    ),
    "damage_each_creature": OpSpec(
        Op.DAMAGE_EACH_CREATURE,
        '`amount` damage to each creature; `x`: plus X, the X paid for the spell ("deals X '
        'damage to each creature": `amount = 0, x = true`)',
        (_AMOUNT, _p("x", "bool", "b", False)),
    ),
    "destroy": OpSpec(
        Op.DESTROY, "destroy each permanent in ref", (), _PERMS, _OBJ_NAMES, intent=Intent.HARM
    ),
    "destroy_all": OpSpec(
        Op.DESTROY_ALL,
        "destroy all permanents of `types`; remembers what went to your graveyard",
        (_p("types", "types", "a", doc="card types destroyed"),),
    ),
    "return_destroyed": OpSpec(
        Op.RETURN_DESTROYED,
        "one creature card put into your graveyard by the last destroy_all -> battlefield, yours",
        sets_it=True,
    ),
    "exile": OpSpec(
        Op.EXILE,
        "exile each permanent in ref",
        (),
        _PERMS,
        _OBJ_NAMES,
        sets_it=True,
        intent=Intent.HARM,
    ),
    "bounce": OpSpec(
        Op.BOUNCE,
        "return each permanent in ref to its owner's hand",
        (),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HARM,
    ),
    "counter": OpSpec(
        Op.COUNTER,
        "counter each spell in ref",
        (),
        _SPELLS,
        frozenset({"trigger_object"}),
        intent=Intent.HARM,
    ),
    "spell_to_hand": OpSpec(
        Op.SPELL_TO_HAND,
        "return each spell in ref to its owner's hand",
        (),
        _SPELLS,
        frozenset({"trigger_object"}),
        intent=Intent.HARM,
    ),
    "draw": OpSpec(
        Op.DRAW,
        "each player in ref draws `count` cards",
        (_p("count", "int", "a", 1, lo=1, hi=20),),
        _PLAYERS,
        _PLAYER_NAMES,
        intent=Intent.HELP,
    ),
    "gain_life": OpSpec(
        Op.GAIN_LIFE,
        "each player in ref gains `amount` life",
        (_AMOUNT,),
        _PLAYERS,
        _PLAYER_NAMES,
        ref_default=Ref.YOU,
        intent=Intent.HELP,
    ),
    "lose_life": OpSpec(
        Op.LOSE_LIFE,
        "each player in ref loses `amount` life",
        (_AMOUNT,),
        _PLAYERS,
        _PLAYER_NAMES,
        intent=Intent.HARM,
    ),
    "pump": OpSpec(
        Op.PUMP,
        "each creature in ref gets +power/+toughness until end of turn",
        (_POWER, _TOUGHNESS),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HELP,
    ),
    "pump_all": OpSpec(
        Op.PUMP_ALL,
        "creatures you control (of `subtype`, empty = all) get +power/+toughness until EOT",
        (_POWER, _TOUGHNESS, _p("subtype", "subtype", "c", "")),
    ),
    "pump_attacking": OpSpec(
        Op.PUMP_ATTACKING,
        "attacking creatures you control get +power/+toughness until end of turn; "
        "`x_attacking`: +X/+X instead, X the number of attacking creatures you control as it "
        "resolves (the standard player activates such an ability after blocks with two or "
        "more attackers)",
        (_POWER, _TOUGHNESS, _p("x_attacking", "bool", "c", False)),
    ),
    "grant": OpSpec(
        Op.GRANT,
        "each permanent in ref gains `keywords` until end of turn",
        (_p("keywords", "keywords", "a"),),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HELP,
    ),
    "grant_all": OpSpec(
        Op.GRANT_ALL,
        "permanents you control (of `types`, empty = all; of `subtype`, empty = "
        "all) gain `keywords` until EOT",
        (
            _p("keywords", "keywords", "a"),
            _p("types", "types", "b", []),
            _p("subtype", "subtype", "c", ""),
        ),
    ),
    "player_hexproof": OpSpec(
        Op.PLAYER_HEXPROOF,
        "each player in ref gains hexproof until EOT",
        (),
        _PLAYERS,
        _PLAYER_NAMES,
        intent=Intent.HELP,
    ),
    "tap": OpSpec(Op.TAP, "tap each permanent in ref", (), _PERMS, _OBJ_NAMES, intent=Intent.HARM),
    "fight": OpSpec(
        Op.FIGHT,
        "the creature in ref fights the creature in group `other`",
        (_p("other", "group", "a", doc="target group of the second creature"),),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HELP,
    ),
    "sacrifice_greatest_power": OpSpec(
        Op.SACRIFICE_GREATEST_POWER,
        "each player in ref sacrifices a creature with the greatest power among theirs",
        (),
        _PLAYERS,
        _PLAYER_NAMES,
        intent=Intent.HARM,
    ),
    "return_to_hand": OpSpec(
        Op.RETURN_TO_HAND,
        "cards in ref: graveyard -> owner's hand",
        (),
        _GRAVE,
        frozenset({"it", "trigger_object"}),
        sets_it=True,
        intent=Intent.HELP,
    ),
    "return_to_battlefield": OpSpec(
        Op.RETURN_TO_BATTLEFIELD,
        "cards in ref: graveyard -> battlefield under your control",
        (),
        _GRAVE,
        frozenset({"it", "trigger_object"}),
        sets_it=True,
        intent=Intent.HELP,
    ),
    "return_at_end_step": OpSpec(
        Op.RETURN_AT_END_STEP,
        "the exiled card in ref returns under its owner's control at the "
        "beginning of the next end step with `p1p1_counters` +1/+1 counters (and a flying "
        "counter with `flying_counter`)",
        (
            _p("p1p1_counters", "int", "a", 0, lo=0, hi=20),
            _p("flying_counter", "bool", "b", False),
        ),
        frozenset(),
        frozenset({"it"}),
    ),
    "phase_out_yours": OpSpec(Op.PHASE_OUT_YOURS, "all permanents you control phase out"),
    "protection_until_your_turn": OpSpec(
        Op.PROTECTION_UNTIL_YOUR_TURN,
        "until your next turn your life total can't change and you have protection from everything",
    ),
    "no_spells_this_turn": OpSpec(Op.NO_SPELLS_THIS_TURN, "players can't cast spells this turn"),
    "attach_self": OpSpec(
        Op.ATTACH_SELF,
        "attach the source Aura/Equipment to the permanent in ref (an Aura's spell: to the "
        "permanent or player it enchants, 303.4a, 303.4f)",
        (),
        _PERMS | _PLAYERS,
        frozenset({"trigger_object"}),
    ),  # intent: see step_intent()
    "exile_self": OpSpec(Op.EXILE_SELF, "the resolving spell goes to exile, not the graveyard"),
    "add_mana": OpSpec(
        Op.ADD_MANA,
        'add `amount` mana of one color among `colors` ("any" = WUBRG, "C" = colorless); in a '
        "triggered ability (one mana of one color per step) it goes to your mana pool and "
        "empties as the step ends, or with `until_end_of_turn` at the end of the turn",
        (
            _p("colors", "colors", "a"),
            _p("amount", "int", "b", 1, lo=1, hi=20),
            _p("until_end_of_turn", "bool", "c", False),
        ),
    ),
    "copy_spell": OpSpec(
        Op.COPY_SPELL,
        "copy each spell in ref (the copy keeps targets, promise and recipient, X and a paid "
        "offspring cost, 707.10; a permanent spell's copy resolves as a token)",
        (),
        _SPELLS,
        frozenset({"trigger_object"}),
        intent=Intent.HELP,
    ),
    "untap": OpSpec(
        Op.UNTAP,
        "untap each permanent in ref (one with a stun counter loses a "
        "stun counter instead, 122.1d)",
        (),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HELP,
    ),
    "damage_by_power": OpSpec(
        Op.DAMAGE_BY_POWER,
        "the creature `source` deals damage equal to `times` x its power to "
        "each object/player in ref",
        (_p("source", "source", "a"), _p("times", "int", "b", 1, lo=1, hi=4)),
        _PERMS | _PLAYERS,
        _OBJ_NAMES | _PLAYER_NAMES,
        intent=Intent.HARM,
    ),
    "exile_until_leaves": OpSpec(
        Op.EXILE_UNTIL_LEAVES,
        "exile each permanent in ref until the source leaves the "
        "battlefield (nothing if it already left, 610.3c); `done_if_power_at_most`: a "
        '`when = "done"` step after it runs if an exiled creature had that power or less',
        (_p("done_if_power_at_most", "int", "b", -1, lo=-1, hi=20),),
        _PERMS,
        _OBJ_NAMES,
        sets_it=True,
        intent=Intent.HARM,
    ),
    "flicker": OpSpec(
        Op.FLICKER,
        "exile each permanent in ref, then return it to the battlefield under its "
        'owner\'s control with `p1p1_counters` +1/+1 counters; `may`: "you may" (the '
        "built-in player does unless it is a token or has +1/+1 counters); "
        '`done_if_subtypes`: a `when = "done"` step after it runs if the creature has one of '
        'them ("if that creature is a Bird, Frog, ...")',
        (
            _p("p1p1_counters", "int", "a", 0, lo=0, hi=20),
            _p("may", "bool", "b", False),
            _p("done_if_subtypes", "subtypes", "c", []),
        ),
        _PERMS,
        _OBJ_NAMES,
        sets_it=True,
        intent=Intent.HELP,
    ),
    "counter_unless_pay": OpSpec(
        Op.COUNTER_UNLESS_PAY,
        "counter each spell in ref unless its controller pays {`amount`} "
        "(the built-in player pays when it can)",
        (_p("amount", "int", "a", lo=1, hi=20),),
        _SPELLS,
        frozenset({"trigger_object"}),
        intent=Intent.HARM,
    ),
    "punish": OpSpec(
        Op.PUNISH,
        "each player in ref loses `amount` life unless they sacrifice a nonland "
        "permanent or discard a card (their choice)",
        (_AMOUNT,),
        _PLAYERS,
        _PLAYER_NAMES,
        intent=Intent.HARM,
    ),
    "pump_x": OpSpec(
        Op.PUMP_X,
        "each creature in ref gets +X/+X until end of turn (`power` and `toughness` "
        "say which: 1 = +X, 0 = +0), X counted as `x` says: `creatures_you_control`, "
        "`self_power` (the source's power, as it last existed if it left), "
        '`greatest_mv_in_graveyard`; -1: -X ("gets -X/-X")',
        (
            _p("x", "xcount", "a"),
            _p("power", "int", "b", 1, lo=-1, hi=1),
            _p("toughness", "int", "c", 1, lo=-1, hi=1),
        ),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HELP,
    ),
    "level_up": OpSpec(
        Op.LEVEL_UP,
        'this Class becomes level `level` (716.2a); written as `kind = "level"` (the loader '
        "adds it), then its `level_reached` abilities of that level trigger",
        (_p("level", "int", "a", lo=2, hi=9),),
    ),
    "exile_if_dies": OpSpec(
        Op.EXILE_IF_DIES,
        "each creature in ref: if it would die this turn, it is exiled instead (614.1a)",
        (),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HARM,
    ),
    "tuck": OpSpec(
        Op.TUCK,
        "each permanent in ref: its owner puts it on the top or bottom of their library "
        "(their choice: the built-in player puts a card worth a three-drop or more on top)",
        (),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HARM,
    ),
    "draw_x": OpSpec(
        Op.DRAW_X,
        "each player in ref draws X cards, X counted as `x` says: "
        "`opponents_hand_at_most_1` (opponents of yours with one or fewer cards in hand)",
        (_p("x", "xcount", "a"),),
        _PLAYERS,
        _PLAYER_NAMES,
        intent=Intent.HELP,
    ),
    "exile_own_permanent": OpSpec(
        Op.EXILE_OWN_PERMANENT,
        "each player in ref exiles a permanent of `types` they control "
        "(their choice: the built-in player exiles its least valuable one)",
        (_p("types", "types", "a", doc="card types, any of"),),
        _PLAYERS,
        _PLAYER_NAMES,
        intent=Intent.HARM,
    ),
    "gain_control_eot": OpSpec(
        Op.GAIN_CONTROL_EOT,
        "you gain control of each creature in ref until end of turn if its power is at most "
        '`power_at_most` or you control another permanent of `or_control` ("If that '
        "creature's power is 2 or less or if you control another Lizard\"); a later "
        '`when = "done"` step runs if you did (untap it, haste)',
        (
            _p("power_at_most", "int", "a", 99, lo=0, hi=99),
            _p("or_control", "subtypes", "b", []),
        ),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HARM,
    ),
    "choose_creature_type": OpSpec(
        Op.CHOOSE_CREATURE_TYPE,
        '"As this enters, choose a creature type" (an `enters_with` step; the built-in player '
        "chooses the type most of its creature cards share); a `static_anthem` with "
        '`subtype = "chosen"` reads it',
    ),
    "choose_color": OpSpec(
        Op.CHOOSE_COLOR,
        '"As this enters, choose a color" (an `enters_with` step): a land with '
        '`land_colors = "chosen"` taps for one mana of it. The built-in player chooses the '
        "color its hand and library need most for the lands it has (`kernel/player/ai_colors.py`)",
    ),
    "lose_life_x": OpSpec(
        Op.LOSE_LIFE_X,
        "each player in ref loses X life, X counted as `x` says (`x_paid`: the spell's {X}; "
        "`other_permanents_with_subtypes` with `subtypes`)",
        (_p("x", "xcount", "a"), _p("subtypes", "subtypes", "b", [])),
        _PLAYERS,
        _PLAYER_NAMES,
        intent=Intent.HARM,
    ),
    "attach_to": OpSpec(
        Op.ATTACH_TO,
        "attach the Equipment or Aura in ref to the creature in group `to` (nothing if `to` "
        'has no target: "up to one target creature")',
        (_p("to", "group", "a", doc="target group of the creature"),),
        _PERMS,
        frozenset(),
        intent=Intent.HELP,
    ),
    "flicker_on_combat_damage": OpSpec(
        Op.FLICKER_ON_COMBAT_DAMAGE,
        "whenever the creature in ref deals combat damage to a player this turn, you may exile "
        "it; if you do, return it to the battlefield under its owner's control (a delayed "
        "trigger; the built-in player does unless it is a token or has +1/+1 counters)",
        (),
        _PERMS,
        _OBJ_NAMES,
        intent=Intent.HELP,
    ),
    "gain_life_x": OpSpec(
        Op.GAIN_LIFE_X,
        "each player in ref gains X life, X counted as `x` says "
        '(`other_permanents_with_subtypes` with `subtypes`), `times` life for each ("You gain '
        '4 life for each creature you control with power 4 or greater": `x = '
        '"creatures_power_4", times = 4`)',
        (
            _p("x", "xcount", "a"),
            _p("subtypes", "subtypes", "b", []),
            _p("times", "int", "c", 1, lo=1, hi=9),
        ),
        _PLAYERS,
        _PLAYER_NAMES,
        intent=Intent.HELP,
    ),
    "pay_may": OpSpec(
        Op.PAY_MAY,
        'you may pay {`generic`} plus one mana of each of `colors` ("you may pay {2}{B}"; '
        'then a `when = "done"` step is "if you do"); the built-in player pays when it can',
        (
            _p("generic", "int", "a", 0, lo=0, hi=20),
            _p("colors", "colors", "b"),
            _p("life", "int", "c", 0, lo=0, hi=20, doc='"and N life" (119.4)'),
        ),
    ),
    "return_self_attacking": OpSpec(
        Op.RETURN_SELF_ATTACKING,
        "return the source from your graveyard to the battlefield tapped and attacking (the "
        "player an attacking creature of yours attacks; it was never declared an attacker)",
    ),
    # ---- Bloomburrow Commander precons (issue 21) ----
    "controller_gains_power": OpSpec(
        Op.CONTROLLER_GAINS_POWER,
        'the controller of each creature in ref gains life equal to its power ("Its '
        'controller gains life equal to its power"); write it before the step that removes it',
        (),
        _PERMS,
        _OBJ_NAMES,
    ),
    "controller_searches_basic": OpSpec(
        Op.CONTROLLER_SEARCHES_BASIC,
        "the controller of each permanent in ref may search their library for a basic land card, "
        "put it onto the battlefield tapped, then shuffle (the built-in player always does); "
        "write it before the step that removes the permanent",
        (),
        _PERMS,
        _OBJ_NAMES,
    ),
    "return_own_land": OpSpec(
        Op.RETURN_OWN_LAND,
        "each player in ref returns a land they control to its owner's hand (their choice: the "
        "built-in player returns a tapped land, a basic one first, and the source last)",
        (),
        _PLAYERS,
        _PLAYER_NAMES,
        ref_default=Ref.YOU,
    ),
    # ---- issue 20 ----
    "done_if_you_control": OpSpec(
        Op.DONE_IF_YOU_CONTROL,
        'a later `when = "done"` step runs if you control a permanent in ref ("If you '
        'control that creature, draw two cards")',
        (),
        _PERMS,
        _OBJ_NAMES,
    ),
    "return_lands_from_graveyard": OpSpec(
        Op.RETURN_LANDS_FROM_GRAVEYARD,
        "return all land cards from your graveyard to the battlefield tapped",
    ),
    "exile_at_end_step": OpSpec(
        Op.EXILE_AT_END_STEP,
        "exile each permanent in ref at the beginning of the next end step (a delayed "
        'trigger: "Exile that token at the beginning of the next end step")',
        (),
        _PERMS,
        _OBJ_NAMES,
    ),
    "damage_nonbasic_lands": OpSpec(
        Op.DAMAGE_NONBASIC_LANDS,
        "the source deals damage to each player equal to the number of nonbasic lands that "
        "player controls",
    ),
    "top_land_or_hand": OpSpec(
        Op.TOP_LAND_OR_HAND,
        "look at the top card of your library: a land card you may put onto the battlefield "
        "tapped (the built-in player does), any other card into your hand; `untapped`: "
        "\"reveal the top card of your library. If it's a land card, put it onto the "
        'battlefield. Otherwise, put that card into your hand" (Coiling Oracle)',
        (_p("untapped", "bool", "a", False),),
    ),
    "return_other_own_creature": OpSpec(
        Op.RETURN_OTHER_OWN_CREATURE,
        "you return another creature you control to its owner's hand (your choice: the "
        "built-in player returns the one that loses least, a token last); then a "
        '`when = "done"` step is "if you do"; `or_self_may`: "Otherwise, you may return '
        "[this] to its owner's hand\" (the built-in player keeps it); `save_best`: the "
        'built-in player returns its most valuable nontoken creature instead ("Return a '
        "creature you control to its owner's hand, then destroy all creatures\")",
        (_p("or_self_may", "bool", "a", False), _p("save_best", "bool", "b", False)),
    ),
    "add_mana_per_subtype": OpSpec(
        Op.ADD_MANA_PER_SUBTYPE,
        "add one mana of a color among `colors` for each permanent you control with one of "
        "`subtypes` (this one too): a triggered ability's mana, in your mana pool until the "
        "step ends (`until_end_of_turn`: the turn); the built-in player takes the color its "
        "cards need most",
        (
            _p("colors", "colors", "a"),
            _p("subtypes", "subtypes", "b"),
            _p("until_end_of_turn", "bool", "c", False),
        ),
    ),
    **CARD_OP_SPECS,
    **LINKED_OP_SPECS,
    **COUNTED_OP_SPECS,
    **STATIC_OP_SPECS,
    **SEASON_OP_SPECS,
    **GLOBAL_OP_SPECS,
    **CMDR_OP_SPECS,
    **FACE_OP_SPECS,
    **ARMY_OP_SPECS,
    **TOKEN_OP_SPECS,
    **SQUIRREL_OP_SPECS,
    **MASS_OP_SPECS,
}


OP_BY_CODE: dict[int, str] = {spec.op: name for name, spec in OP_SPECS.items()}

# Ops that harm whatever the source is attached to ("tap enchanted creature"): an Aura whose
# program does this wants an opposing creature for its enchant target.
HARM_ATTACHED_OPS = frozenset({Op.TAP, Op.DESTROY, Op.EXILE, Op.BOUNCE, Op.DAMAGE})

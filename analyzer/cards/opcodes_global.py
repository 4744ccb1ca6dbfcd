"""The ops of permanents that change the rules for other objects or players (base toughness of
opponents' creatures, exile instead of dying, flash for noncreature spells, granted prowess; Maha,
Vren, Valley Floodcaller, Bria) and pump_untap_all: their entries of ``opcodes.OP_SPECS``. The
kernel side: ``kernel/rules/statics_global.py`` (the statics) and ``kernel/rules/effects_board.py``
(pump_untap_all)."""

from __future__ import annotations

from analyzer.cards.opspec import POWER as _POWER
from analyzer.cards.opspec import TOUGHNESS as _TOUGHNESS
from analyzer.cards.opspec import OpSpec
from analyzer.cards.opspec import param as _p
from analyzer.enums import Op

GLOBAL_OP_SPECS: dict[str, OpSpec] = {
    "static_opp_base_toughness": OpSpec(
        Op.STATIC_OPP_BASE_TOUGHNESS,
        "creatures your opponents control have base toughness `toughness` (layer 7b, 613.4b: "
        "+1/+1 counters and pumps still apply on top; a characteristic-defining ability's "
        "toughness is overridden)",
        (_p("toughness", "int", "a", 1, lo=0, hi=20),),
        static=True,
    ),
    "static_opp_dies_exile": OpSpec(
        Op.STATIC_OPP_DIES_EXILE,
        '"If a creature an opponent controls would die, exile it instead." (614.1a: it never '
        "dies, no dies trigger)",
        static=True,
    ),
    "static_noncreature_flash": OpSpec(
        Op.STATIC_NONCREATURE_FLASH,
        '"You may cast noncreature spells as though they had flash." (702.8a)',
        static=True,
    ),
    "static_others_prowess": OpSpec(
        Op.STATIC_OTHERS_PROWESS,
        '"Other creatures you control have prowess." (702.108b: each instance triggers '
        "separately; the card must have the keyword prowess itself: its prowess trigger is the "
        "one each other creature gets)",
        static=True,
    ),
    "static_grant_creature_mana": OpSpec(
        Op.STATIC_GRANT_CREATURE_MANA,
        'creatures you control with one of `subtypes` have "{T}: Add one mana of a color in '
        "`colors`. Spend this mana only to cast a creature spell.\" (Clement's Frogs: a tapped "
        "or summoning-sick creature cannot, 302.6; the mana planner taps it like a Village)",
        (_p("subtypes", "subtypes", "a"), _p("colors", "colors", "b")),
        static=True,
    ),
    "mana_power_big_creatures": OpSpec(
        Op.MANA_POWER_BIG_CREATURES,
        "in a free {T} mana ability, after its add_mana: the ability adds X mana of any one "
        "of its colors, X the source's power, and that mana can be spent only to cast "
        "creature spells with mana value 4 or greater or with {X} in their mana costs "
        "(Helga); read by the mana planner",
    ),
    "pump_untap_all": OpSpec(
        Op.PUMP_UNTAP_ALL,
        "creatures you control with one of `subtypes` get +power/+toughness until end of "
        'turn; untap them ("Birds, Frogs, Otters, and Rats you control get +1/+1 until end of '
        'turn. Untap them.")',
        (_POWER, _TOUGHNESS, _p("subtypes", "subtypes", "c")),
    ),
}

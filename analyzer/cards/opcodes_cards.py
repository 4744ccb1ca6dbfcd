"""The ops on cards in libraries, hands and graveyards (draw-side and discard-side effects: mill,
surveil, dig, discard, forage, exile from a hand ...): their entries of ``opcodes.OP_SPECS``,
split from opcodes.py (which keeps the ops on permanents, players and spells).
"""

from __future__ import annotations

from analyzer.cards.opspec import GRAVEYARD_KINDS as _GRAVE
from analyzer.cards.opspec import PLAYER_KINDS as _PLAYERS
from analyzer.cards.opspec import PLAYER_NAMES as _PLAYER_NAMES
from analyzer.cards.opspec import OpSpec
from analyzer.cards.opspec import param as _p
from analyzer.enums import Intent, Op, Ref

CARD_OP_SPECS: dict[str, OpSpec] = {
    "exile_from_hand": OpSpec(
        Op.EXILE_FROM_HAND,
        "the player in ref reveals their hand, you exile a nonland card from it",
        (),
        _PLAYERS,
        frozenset({"each_opponent"}),
        sets_it=True,
        intent=Intent.HARM,
    ),
    "grant_cast_from_exile": OpSpec(
        Op.GRANT_CAST_FROM_EXILE,
        "you may cast the exiled card in ref while it remains exiled, spending mana of any type",
        (),
        frozenset(),
        frozenset({"it"}),
    ),
    "cast_free": OpSpec(
        Op.CAST_FREE,
        "you may cast each card in ref (instant or sorcery cards in your graveyard) as the "
        "step runs, without paying its mana cost (X is 0; additional costs are paid); a spell "
        "so cast that would be put into your graveyard is exiled instead",
        (),
        _GRAVE,
        frozenset({"it"}),
        intent=Intent.HELP,
    ),
    "mill": OpSpec(
        Op.MILL,
        "each player in ref mills `count` cards",
        (_p("count", "int", "a", 1, lo=1, hi=20),),
        _PLAYERS,
        _PLAYER_NAMES,
        ref_default=Ref.YOU,
        intent=Intent.NEUTRAL,
    ),
    "surveil": OpSpec(
        Op.SURVEIL, "you surveil `count`", (_p("count", "int", "a", 1, lo=1, hi=20),)
    ),
    "scry": OpSpec(Op.SCRY, "you scry `count`", (_p("count", "int", "a", 1, lo=1, hi=20),)),
    "discard": OpSpec(
        Op.DISCARD,
        'each player in ref discards `count` cards of their choice; `may`: "you may '
        'discard" (then a `when = "done"` step is "if you do")',
        (_p("count", "int", "a", 1, lo=1, hi=20), _p("may", "bool", "b", False)),
        _PLAYERS,
        _PLAYER_NAMES,
        ref_default=Ref.YOU,
        intent=Intent.HARM,
    ),
    "forage": OpSpec(
        Op.FORAGE,
        "you may forage: exile three cards from your graveyard or "
        'sacrifice a Food (then a `when = "done"` step is "if you do")',
    ),
    "search_basic_land": OpSpec(
        Op.SEARCH_BASIC_LAND,
        "you may search your library for a basic land card, put it onto "
        "the battlefield tapped, then shuffle; `to_top`: reveal it, then shuffle and put it on "
        "top (the built-in player does while it has fewer than five lands in play and in hand); "
        'sets `it` (the land put onto the battlefield: "untap that land")',
        (_p("to_top", "bool", "a", False),),
        sets_it=True,
    ),
    "dig": OpSpec(
        Op.DIG,
        "look at the top `count` cards of your library; you may reveal a card of `types` "
        'with power at most `max_power` (-1: no creature card, "noncreature") and put it into '
        "your hand; the rest go on the bottom in a random order",
        (
            _p("count", "int", "a", lo=1, hi=20),
            _p("types", "types", "b"),
            _p("max_power", "int", "c", 99, lo=-1, hi=99),
        ),
    ),
    "reveal_until_land": OpSpec(
        Op.REVEAL_UNTIL_LAND,
        "reveal cards from the top of your library until a land card: "
        "put it onto the battlefield tapped, the rest on the bottom in a random order",
    ),
    "exile_own_from_hand": OpSpec(
        Op.EXILE_OWN_FROM_HAND,
        "each player in ref exiles a card from their hand (their "
        "choice: the built-in player exiles its least valuable one)",
        (),
        _PLAYERS,
        _PLAYER_NAMES,
        intent=Intent.HARM,
    ),
    "discard_unless_nonland": OpSpec(
        Op.DISCARD_UNLESS_NONLAND,
        "each player in ref discards `count` cards unless they discard a nonland card (their "
        "choice: the built-in player discards `count` cards when it holds that many it would "
        "discard anyway, else its least valuable nonland card)",
        (_p("count", "int", "a", 2, lo=1, hi=20),),
        _PLAYERS,
        _PLAYER_NAMES,
        intent=Intent.HARM,
    ),
    "discard_chosen": OpSpec(
        Op.DISCARD_CHOSEN,
        "each player in ref reveals their hand and discards the nonland card you choose (the "
        "built-in player picks the most valuable); `if_lost_life`: only a player who lost life "
        "this turn, the others discard a card of their choice",
        (_p("if_lost_life", "bool", "b", False),),
        _PLAYERS,
        _PLAYER_NAMES,
        intent=Intent.HARM,
    ),
    "mill_take": OpSpec(
        Op.MILL_TAKE,
        "you mill `count` cards, then may put a card of `types` from among them into your "
        "hand (the built-in player takes the most valuable); sets `it`; a later "
        '`when = "done"` step runs if you control a permanent of `done_subtype` or the card '
        "put into your hand has it (no `done_subtype`: if a card was put into your hand)",
        (
            _p("count", "int", "a", lo=1, hi=20),
            _p("types", "types", "b"),
            _p("done_subtype", "subtype", "c", ""),
        ),
        sets_it=True,
    ),
    "exile_top_may_play": OpSpec(
        Op.EXILE_TOP_MAY_PLAY,
        "you exile the top `count` cards of your library; you may play one of them (the "
        "built-in player: the most valuable; a land it plays first, as its land drop) until end "
        "of turn, or with `next_turn` until the end of your next turn (its own mana cost, "
        'paid with mana as usual); sets `it`; `may`: "you may exile" (the built-in player '
        "does while its land drop or an untapped land is left)",
        (
            _p("count", "int", "a", 1, lo=1, hi=5),
            _p("next_turn", "bool", "b", False),
            _p("may", "bool", "c", False),
        ),
        sets_it=True,
    ),
    "dig_subtypes": OpSpec(
        Op.DIG_SUBTYPES,
        "look at the top `count` cards of your library; you may reveal a card with one of "
        "`subtypes` and put it into your hand; the rest go on the bottom in a random order "
        "(the built-in player takes the most valuable)",
        (_p("count", "int", "a", lo=1, hi=20), _p("subtypes", "subtypes", "b")),
    ),
    "discard_hand_draw_stash": OpSpec(
        Op.DISCARD_HAND_DRAW_STASH,
        "you discard your hand, then draw a card for each stash counter on the source (as it "
        "last existed: Hoarder's Overflow is sacrificed as the cost). The built-in player "
        "activates it once it draws more cards than its hand holds",
    ),
    "discard_hand_may_draw": OpSpec(
        Op.DISCARD_HAND_MAY_DRAW,
        'you may discard your hand; if you do, draw `count` cards (then a `when = "done"` step '
        'is "if you do"); the built-in player does when its hand holds fewer than `count` cards',
        (_p("count", "int", "a", 2, lo=1, hi=20),),
    ),
    "look_x_take_x": OpSpec(
        Op.LOOK_X_TAKE_X,
        "look at the top `look_per_x` x X cards of your library (X: the spell's {X}); put X of "
        "them into your hand (the built-in player takes the most valuable) and the rest into "
        "your graveyard",
        (_p("look_per_x", "int", "a", 1, lo=1, hi=5),),
    ),
    "to_library_bottom": OpSpec(
        Op.TO_LIBRARY_BOTTOM,
        "cards in ref: graveyard -> the bottom of their owner's library (the built-in player "
        "never spends mana on this for its own graveyard: the intent is harm)",
        (),
        _GRAVE,
        frozenset({"it", "trigger_object"}),
        intent=Intent.HARM,
    ),
    # ---- issue 20 ----
    "dig_creature_mv": OpSpec(
        Op.DIG_CREATURE_MV,
        "look at the top `count` cards of your library; you may reveal a creature card with "
        "mana value `mv_at_most` or less and put it onto the battlefield if it's your turn, "
        "else into your hand; the rest go on the bottom in a random order (the built-in "
        "player takes the most valuable and puts it onto the battlefield when it may)",
        (_p("count", "int", "a", lo=1, hi=20), _p("mv_at_most", "int", "b", lo=0, hi=20)),
    ),
    "choose_card_mv_counters": OpSpec(
        Op.CHOOSE_CARD_MV_COUNTERS,
        "choose a card of `types` in your graveyard with mana value equal to the number of "
        "counters (`coin`, stored as `stash`) on the source; sets `it` (the built-in player "
        "chooses the most valuable; a reflexive trigger's target, chosen as this step runs)",
        (_p("types", "types", "a"),),
        sets_it=True,
    ),
    "reveal_top_lose_mv": OpSpec(
        Op.REVEAL_TOP_LOSE_MV,
        "you reveal the top card of your library and put it into your hand; you lose life "
        "equal to its mana value",
    ),
    # ---- Bloomburrow Commander precons (issue 21) ----
    "search_land": OpSpec(
        Op.SEARCH_LAND,
        "you search your library for a land card (`basic`: a basic land card) with one of "
        "the basic land types `land_types`, written as the colors they make (`WUBR`: a "
        "Plains, Island, Swamp, or Mountain card; `WUBRG` with `basic`: any basic land), put "
        "it onto the battlefield tapped (`to_hand`: into your hand), then shuffle (the "
        "built-in player takes the one whose colors its hand needs most)",
        (
            _p("land_types", "colors", "a"),
            _p("basic", "bool", "b", False),
            _p("to_hand", "bool", "c", False),
        ),
    ),
    # ---- issue 20 ----
    "exile_top_play_all": OpSpec(
        Op.EXILE_TOP_PLAY_ALL,
        "you exile the top `count` cards of your library (`x`: X cards, the X paid for the "
        "source); until end of turn (`next_turn`: until the end of your next turn) you may play "
        "each of them (its own mana cost; a land is a land drop); sets `it` (the last one)",
        (
            _p("count", "int", "a", 1, lo=1, hi=20),
            _p("next_turn", "bool", "b", False),
            _p("x", "bool", "c", False),
        ),
        sets_it=True,
    ),
    # ---- issue 20 ----
    "choose_graveyard_card": OpSpec(
        Op.CHOOSE_GRAVEYARD_CARD,
        "choose a card of `types` (`nonland`: not a land) with mana value `mv_at_most` or less "
        'in your graveyard; sets `it`; a later `when = "done"` step runs if there was one (a '
        "reflexive trigger's target, chosen as this step runs: the built-in player chooses the "
        "most valuable)",
        (
            _p("types", "types", "a"),
            _p("mv_at_most", "int", "b", 20, lo=0, hi=20),
            _p("nonland", "bool", "c", False),
        ),
        sets_it=True,
    ),
    "put_from_hand_or_graveyard": OpSpec(
        Op.PUT_FROM_HAND_OR_GRAVEYARD,
        "you may put a card of `types` with one of `subtypes` from your hand or graveyard onto "
        'the battlefield; sets `it`; a later `when = "done"` step runs if you did (the '
        "built-in player puts the most valuable one whenever it can)",
        (_p("types", "types", "a"), _p("subtypes", "subtypes", "b")),
        sets_it=True,
    ),
    "exile_graveyard": OpSpec(
        Op.EXILE_GRAVEYARD,
        'every card in the graveyard of each player in ref is exiled ("exile target '
        "player's graveyard\")",
        (),
        _PLAYERS,
        _PLAYER_NAMES,
        intent=Intent.HARM,
    ),
    "each_sacrifices_creature": OpSpec(
        Op.EACH_SACRIFICES_CREATURE,
        "each player in ref sacrifices a creature or planeswalker of their choice (the least "
        "valuable), all at once; each player who can't discards a card (`creature_only`: "
        '"sacrifices a creature of their choice", no planeswalker and no discard)',
        (_p("creature_only", "bool", "a", False),),
        _PLAYERS,
        _PLAYER_NAMES,
        ref_default=Ref.EACH_PLAYER,
    ),
    # issue 20, the last three Bloomburrow cards (kernel/rules/effects_until.py)
    "reveal_x_exile_per_type": OpSpec(
        Op.REVEAL_X_EXILE_PER_TYPE,
        "reveal the top X cards of your library (X: the spell's {X}); for each card type you "
        "may exile a card of that type from among them; put the rest into your graveyard. Sets "
        "`it` to the spell you would cast from among the exiled cards; a later `when = "
        '"done"` step runs if `at_least` or more were exiled (the built-in player exiles as '
        "many as it can, the most valuable first, and picks the most valuable nonland card)",
        (_p("at_least", "int", "a", 4, lo=1, hi=9),),
        sets_it=True,
    ),
    "exiled_to_hand": OpSpec(
        Op.EXILED_TO_HAND,
        "put the cards the last `reveal_x_exile_per_type` exiled that are still exiled into "
        'your hand ("Then put the rest of the exiled cards into your hand")',
    ),
}

"""The ops of effect programs (DESIGN section 4): each step of an ability is (op, cond, ref,
a, b, c) and its op says what the interpreter (kernel/rules/effects*.py) does with the rest.
Re-exported by enums.py; analyzer/cards/FORMAT.md documents each op; analyzer/cards/opcodes*.py
hold their parameter specs. Values change the rules engine as enums.py says.
"""

from __future__ import annotations

from typing import NamedTuple


class _Op(NamedTuple):
    NOP: int = 0
    DAMAGE: int = 1  # ref: targets; a: amount
    DAMAGE_CONTROLLER: int = 2  # ref: creature targets; a: amount to each one's controller
    DAMAGE_EACH_CREATURE: int = 3  # a: amount
    DESTROY: int = 4  # ref
    DESTROY_ALL: int = 5  # a: card-type mask; remembers what went to your graveyard
    RETURN_DESTROYED: int = 6  # one creature card put into your graveyard by DESTROY_ALL -> bf
    EXILE: int = 7  # ref (sets IT)
    BOUNCE: int = 8  # ref: return to owner's hand
    COUNTER: int = 9  # ref: counter target spell
    SPELL_TO_HAND: int = 10  # ref: return target spell to its owner's hand
    DRAW: int = 11  # ref (player / YOU / EACH_*); a: count
    GAIN_LIFE: int = 12  # ref; a
    LOSE_LIFE: int = 13  # ref; a
    PUMP: int = 14  # ref; a: +power, b: +toughness, until end of turn
    PUMP_ALL: int = 15  # your creatures; a, b until end of turn
    GRANT: int = 16  # ref; a: keyword mask until end of turn
    GRANT_ALL: int = 17  # your permanents of types b (0 = all); a: keyword mask until EOT
    PLAYER_HEXPROOF: int = 18  # ref player gains hexproof until end of turn
    ADD_COUNTERS: int = 19  # ref; a: CounterKind; b: count
    TAP: int = 20  # ref
    FIGHT: int = 21  # ref: first group; a: second group
    SACRIFICE_GREATEST_POWER: int = 22  # ref: player(s)
    RETURN_TO_HAND: int = 23  # ref: cards in a graveyard -> owner's hand
    RETURN_TO_BATTLEFIELD: int = 24  # ref: cards in a graveyard -> bf under your control (IT)
    TOKEN_COPY: int = 25  # ref; a,b: P/T override (0,0 = none); c=1: only if not legendary
    CREATE_TOKEN: int = 26  # ref: who gets them; a: token card id; b: count; c=1: tapped
    EXILE_FROM_HAND: int = 27  # ref: player reveals hand, you exile a nonland card (IT)
    GRANT_CAST_FROM_EXILE: int = 28  # ref (IT): you may cast it while exiled, any mana type
    RETURN_AT_END_STEP: int = 29  # ref (IT): back under owner's control at next end step, a: +1/+1
    PHASE_OUT_YOURS: int = 30  # all permanents you control phase out
    PROTECTION_UNTIL_YOUR_TURN: int = 31  # you: life can't change, protection from everything
    NO_SPELLS_THIS_TURN: int = 32  # players can't cast spells this turn
    ATTACH_SELF: int = 33  # ref: attach the source (Aura/Equipment) to the target
    EXILE_SELF: int = 34  # the resolving spell goes to exile instead of the graveyard
    ADD_MANA: int = 35  # a: color mask of choices (31 = any color); b: amount
    COPY_SPELL: int = 36  # ref: copy target spell (the copy keeps promise and recipient)
    UNTAP: int = 37  # ref (a stun counter is removed instead, 122.1d)
    MILL: int = 38  # ref: players; a: count
    SURVEIL: int = 39  # you; a: count (the AI bins cards it does not want)
    # static abilities (read by the characteristics refresh)
    STATIC_EQUIPPED_PUMP: int = 40  # a, b
    STATIC_EQUIPPED_LOSE: int = 41  # a: keyword mask lost
    STATIC_CONTROL_ENCHANTED: int = 42
    STATIC_ANTHEM: int = 43  # your other creatures get a/b (c: subtype id, 0 = all)
    SCRY: int = 44  # you; a: count
    DISCARD: int = 45  # ref: players discard a cards of their choice; b=1: "you may" (sets DONE)
    FORAGE: int = 46  # you may exile three cards from your graveyard or sacrifice a Food (DONE)
    DAMAGE_BY_POWER: int = 47  # ref; a: source (group or SELF) deals b x its power to each
    EXILE_UNTIL_LEAVES: int = 48  # ref: exiled until the source leaves the battlefield (610.3)
    FLICKER: int = 49  # ref: exile, return under its owner's control with a +1/+1 counters
    SEARCH_BASIC_LAND: int = 50  # you: a basic land card -> battlefield tapped, then shuffle
    STATIC_SELF: int = 51  # static: this gets a/b and has keywords c (step COND: as long as)
    STATIC_EQUIPPED_GRANT: int = 52  # static: equipped/enchanted creature has keywords a
    COUNTER_UNLESS_PAY: int = 53  # ref: spells; countered unless their controller pays {a}
    STATIC_OPP_CREATURES: int = 54  # static: creatures your opponents control get a/b
    PUNISH: int = 55  # ref: players each lose a life unless they sacrifice a nonland
    # permanent or discard a card (their choice)
    DIG: int = 56  # you: look at the top a; may put one of types b, power <= c, into your hand;
    # the rest on the bottom in a random order
    REVEAL_UNTIL_LAND: int = 57  # you: reveal until a land: it enters tapped, the rest go to
    # the bottom in a random order
    EXILE_OWN_PERMANENT: int = 58  # ref: players each exile a permanent of types a they
    # control (their choice: the least valuable)
    PUMP_X: int = 59  # ref: +X*b/+X*c until end of turn, X counted as XCount a says
    STATIC_SPELLS_COST_LESS: int = 60  # static: your spells of types a cost {b} less
    EXILE_OWN_FROM_HAND: int = 61  # ref: players each exile a card from their hand (their
    # choice: the least valuable)
    LEVEL_UP: int = 62  # the source Class becomes level a (716.2a); fires its LEVEL_REACHED a
    EXILE_IF_DIES: int = 63  # ref: "if that creature would die this turn, exile it instead"
    TUCK: int = 64  # ref: its owner puts it on the top or bottom of their library (their choice)
    DISCARD_UNLESS_NONLAND: int = 66  # ref: players each discard a cards unless they discard
    # a nonland card (their choice)
    DRAW_X: int = 67  # ref: players each draw X cards, X counted as XCount a says
    STATIC_PT_CREATURES: int = 65  # static: this creature's P/T are each the number of
    # creatures its controller controls (a characteristic-defining ability, 604.3)
    DISCARD_CHOSEN: int = 68  # ref: players each reveal their hand and discard the nonland
    # card you choose; b=1: only a player who lost life this turn, the others discard a card
    # of their choice
    MILL_TAKE: int = 69  # you mill a; may put a card of types b from among them into your hand
    # (IT); DONE if you control a permanent of subtype c or that card has it
    ADD_P1P1_X: int = 70  # ref: X +1/+1 counters on each, X counted as XCount a says (b: the
    # subtype mask of OTHER_PERMANENTS_WITH_SUBTYPES)
    TO_LIBRARY_BOTTOM: int = 71  # ref: cards in a graveyard -> the bottom of their owner's library
    EXILE_TOP_MAY_PLAY: int = 73  # you exile the top a cards; you may play one of them (the
    # most valuable) until end of turn (b = 0) or until the end of your next turn (b = 1)
    CHOOSE_CREATURE_TYPE: int = 72  # enters_with: "As this enters, choose a creature type"
    GAIN_CONTROL_EOT: int = 74  # ref: you gain control of it until end of turn if its power is
    # at most a or you control another permanent of subtype b (b = 0: no such clause); DONE
    CHOOSE_COLOR: int = 75  # enters_with: "As this enters, choose a color" (O.CHOSEN_COLOR)
    DIG_SUBTYPES: int = 76  # you: look at the top a; may put a card with one of the Subtype
    # bits b into your hand; the rest on the bottom in a random order
    P1P1_EACH_ENTERED: int = 77  # a +1/+1 counter on each creature you control with one of the
    # Subtype bits a that entered the battlefield this turn
    DISCARD_HAND_DRAW_STASH: int = 78  # you discard your hand, then draw a card for each stash
    # counter on the source (as it last existed: O.STASH stays as it leaves the battlefield)
    LOOK_X_TAKE_X: int = 79  # you look at the top a*X cards (X: the spell's X_PAID); X of them
    # into your hand, the rest into your graveyard
    LOSE_LIFE_X: int = 80  # ref: players each lose X life, X counted as XCount a says
    ATTACH_TO: int = 81  # ref: an Aura or Equipment, attached to the creature of group a
    STATIC_EQUIPPED_CREATURES: int = 82  # static: equipped creatures you control have
    # keywords a (an artifact is attached to them)
    STATIC_OTHERS_HAVE: int = 83  # static: other creatures you control of Subtype mask c have
    # keywords a
    FLICKER_ON_COMBAT_DAMAGE: int = 84  # ref: "whenever that creature deals combat damage this
    # turn, you may exile it; if you do, return it under its owner's control" (a delayed trigger)
    REVEAL_TOP_LOSE_MV: int = 85  # you put the top card of your library into your hand (revealed)
    # and lose life equal to its mana value
    GAIN_LIFE_X: int = 86  # ref: players each gain X life, X counted as XCount a says (b: the
    # Subtype mask of OTHER_PERMANENTS_WITH_SUBTYPES)
    STATIC_TOKEN_ANTHEM: int = 87  # static: creature tokens you control get +a/+b
    STATIC_ANTHEM_SUBTYPES: int = 88  # static: other creatures you control with one of the
    # Subtype bits c get +a/+b
    STATIC_SELF_PER_OTHER: int = 89  # static: this creature gets +a/+b for each other
    # permanent you control with one of the Subtype bits c
    PAY_MAY: int = 90  # "you may pay {a}{colors b}" (one symbol per color of mask b); DONE if paid
    RETURN_SELF_ATTACKING: int = 91  # the source: its owner's graveyard -> the battlefield
    # tapped and attacking (not declared: no attack triggers)
    # Bloomburrow Commander precons (issue 21): "its controller ..." of removal, written before
    # the step that removes the permanent (they read its controller and power as it is)
    CONTROLLER_CREATES: int = 92  # ref: permanents; each one's controller creates token a
    CONTROLLER_GAINS_POWER: int = 93  # ref: creatures; each one's controller gains life equal
    # to its power
    CONTROLLER_SEARCHES_BASIC: int = 94  # ref: permanents; each one's controller may search
    # for a basic land card, put it onto the battlefield tapped, then shuffle
    STATIC_NO_MAX_HAND_SIZE: int = 95  # static: "You have no maximum hand size" (CardFlag
    # NO_MAX_HAND: the cleanup discard, 514.1, skips its controller)
    RETURN_OWN_LAND: int = 96  # ref: players; each returns a land they control to its owner's
    # hand (a bounce land's "When this land enters, return a land you control ...")
    COUNTER_THEN_PUNISH: int = 97  # ref: players; a stash counter on the source (if still on
    # the battlefield), then for each stash counter on it (as it last existed) each loses a
    # life unless they sacrifice a nonland permanent or discard a card (Rottenmouth Viper)
    STATIC_COUNTERED_HAVE: int = 98  # static: permanents ctrl controls with one or more
    # counters on them have keywords a (chars._apply_statics)
    STATIC_DOUBLE_COUNTERS: int = 99  # static: "If you would put one or more counters on a
    # permanent or player, put twice that many ... instead" (statics_global.counters_put)
    # issue 21: ops 107-112
    STATIC_SELF_PER_BASE_POWER: int = 107  # static: this creature gets +a/+b for each other
    # creature ctrl controls with base power c (the printed or token-set power, with a
    # characteristic-defining ability's value)
    STATIC_ANIMATE: int = 108  # static: each non-Equipment artifact and non-Aura enchantment
    # ctrl controls with mana value b or greater is token a's creature too (its CardCol.
    # ANIMATE_TWIN row as a face: types, base P/T, keywords and abilities added)
    TOKEN_COPIES_BY_SUBTYPE: int = 109  # ref: permanents; ctrl creates a token copy of each,
    # b copies instead if it has one of the Subtype bits a
    # issue 20: ops 113-160
    CAST_FREE: int = 113  # ref: instant or sorcery cards in ctrl's graveyard; ctrl may cast each
    # now without paying its mana cost (O.FREE_CAST); into the graveyard it is exiled instead
    CREATE_TOKEN_ATTACKING: int = 114  # ctrl creates b tokens a, tapped and attacking (508.4)
    PUMP_ATTACKING: int = 115  # attacking creatures ctrl controls get +a/+b until end of turn
    P1P1_OTHERS_TOKEN_OR: int = 116  # a +1/+1 counter on each other creature ctrl controls
    # that's a token or has one of the Subtype bits a
    DISCARD_HAND_MAY_DRAW: int = 117  # ctrl may discard their hand; if they do, draw a
    # issue 21: ops 151-175
    SEARCH_LAND: int = 151  # ctrl searches their library for a land card (b=1: basic) with one
    # of the basic land types a (a WUBRG mask of the types; 0 = any), puts it onto the
    # battlefield tapped (c=1: into their hand), then shuffles
    STATIC_CREATURES_HAVE: int = 152  # static: creatures ctrl controls (of CardType mask b,
    # 0 = all) have keywords a
    CREATE_TOKEN_X: int = 153  # ref: players each create X tokens a (X: XCount b; c=1 tapped)
    EXILE_GRAVEYARD: int = 154  # ref: players; each one's graveyard is exiled (Bojuka Bog)
    EACH_SACRIFICES_CREATURE: int = 155  # ref: players; each sacrifices a creature or
    # planeswalker of their choice, at once; each who can't discards a card (Plaguecrafter)
    # issue 20 (the Seasons): ops 176-185
    CHOOSE_OWN_PERMANENT: int = 176  # it = a permanent of types a ctrl controls (not a target:
    # chosen as the step runs; ctrl's choice: the most threatening); DONE if there was one
    DESTROY_ALL_CHOSEN_TYPE: int = 177  # ctrl chooses one card type among the bits of a and
    # destroys all permanents of that type (the built-in player: the type that costs its
    # opponents most against itself)
    BOUNCE_ALL_NONLAND_NONTOKEN: int = 178  # each nonland, nontoken permanent -> owner's hand
    CONTROLLER_DRAWS: int = 179  # ref: permanents; the controller of each draws a cards
    SACRIFICE_OTHERS_MAY: int = 180  # ctrl may sacrifice a other permanents (b = 1: nonland);
    # DONE if they did (the built-in player: when the best creature card in its graveyard is
    # worth more than what it gives up)
    # ops 181-185: the global statics and pump_untap_all (cards/opcodes_global.py)
    STATIC_OPP_BASE_TOUGHNESS: int = 181  # static: creatures ctrl's opponents control have
    # base toughness a (layer 7b)
    STATIC_OPP_DIES_EXILE: int = 182  # static: "If a creature an opponent controls would die,
    # exile it instead" (614.1a)
    STATIC_NONCREATURE_FLASH: int = 183  # static: ctrl may cast noncreature spells as though
    # they had flash
    PUMP_UNTAP_ALL: int = 184  # creatures ctrl controls with one of Subtype mask c get +a/+b
    # until end of turn; untap them
    STATIC_OTHERS_PROWESS: int = 185  # static: other creatures ctrl controls have prowess
    # (the source's own prowess row is the trigger each of them gets)
    # issue 20: ops 186-199; faces (O.FACE: another card row's characteristics)
    STATIC_ENCHANTED_BECOMES: int = 186  # static: the enchanted permanent has the types,
    # subtypes, colors, keywords and abilities of card row a (a token definition) instead of
    # its own (layers 4-6, 613.1d-f); its name, mana value and supertypes stay
    BECOMES_UNTIL_EOT: int = 187  # ref: permanents; each has the characteristics of card row a
    # until end of turn (its own abilities written there too: "becomes an artifact creature")
    STATIC_OTHERS_FOOD: int = 188  # static: other creatures are Food artifacts in addition to
    # their other types and have the Food's ability (each creature row's CardCol.FOOD_TWIN)
    # (O.CHOSEN_SUBTYPE: its Subtype bit; STATIC_ANTHEM with c = SUBTYPE_CHOSEN reads it)
    # issue 20: ops 230-249
    SPELL_CAST_UNTIL_NEXT_TURN: int = 230  # a delayed trigger (DK_SPELL_CAST_UNTIL_NEXT_TURN):
    # until the end of ctrl's next turn, whenever ctrl casts a spell, the source's
    # DELAYED_SPELL_CAST row triggers
    EXILE_TOP_PLAY_UNTIL_END_STEP: int = 231  # ctrl exiles the top X cards (X: XCount a) and
    # may play them until ctrl's next end step; at its beginning the source deals each opponent
    # b damage for each of them still exiled (DK_EXILED_UNTIL_END_STEP)
    HAVE_DRAW_MAY: int = 232  # ref: players; ctrl may have each draw a cards (sets DONE): the
    # built-in player does when the trigger object's copy is worth it (actions.copy_worth)
    # issue 20, the last three Bloomburrow cards: ops 233-239 (effects_until)
    TOKEN_COPY_X: int = 233  # ref: permanents; ctrl creates X token copies of each (XCount a)
    GRANT_ALL_UNTIL_YOUR_TURN: int = 234  # permanents ctrl controls (b=1: tokens only) gain
    # keywords a until ctrl's next turn (O.NEXT_KW)
    REVEAL_X_EXILE_PER_TYPE: int = 235  # ctrl reveals the top X (the spell's X); for each card
    # type may exile one of them; the rest into the graveyard; DONE if a or more were exiled
    EXILED_TO_HAND: int = 236  # the cards the last REVEAL_X_EXILE_PER_TYPE exiled and still in
    # exile go to their owner's hand
    # issue 20: ops 189-199
    EXILE_LINKED: int = 189  # ref: graveyard cards; exile each, linked to the source (607.2a:
    # "cards exiled with [this]": O.LINK = -(1 + source), O.LINK_ZCC its zone-change counter)
    DAMAGE_X: int = 191  # ref: players/permanents; the source deals X damage to each, X the
    # XCount a (b: its subtypes)
    CREATE_TOKEN_UNLESS_P1P1: int = 192  # create token a unless ctrl controls a permanent with
    # one of the Subtype bits b; otherwise a +1/+1 counter on one of those (ctrl's choice)
    STATIC_GRANT_CREATURE_MANA: int = 193  # static: creatures ctrl controls with one of the
    # Subtype bits a have "{T}: Add one mana of a color in b. Spend this mana only to cast a
    # creature spell." (CardCol.GRANT_MANA_SUBTYPES / CREATURE_MANA; rules/mana.collect_sources)
    MANA_POWER_BIG_CREATURES: int = 194  # in a mana ability after its add_mana: it makes X
    # mana (X: the source's power) of one color, spendable only to cast creature spells with
    # mana value 4 or greater or with {X} in their costs (CardFlag.POWER_BIG_MANA, read by
    # rules/mana.collect_sources; running it does nothing)
    STATIC_SELF_EXILED_TYPES: int = 190  # static: +a/+b and keywords c as long as the cards
    # linked to this object (EXILE_LINKED) have four or more card types among them
    # issue 21, the precons: codes 200-219
    DOUBLE_P1P1_ALL: int = 200  # double the +1/+1 counters on each creature ctrl controls
    PUMP_OTHERS: int = 201  # other creatures ctrl controls get +a/+b and gain keywords c (EOT)
    REMOVE_COUNTER_SACRIFICE_LAST: int = 202  # vanishing's upkeep: remove a time counter
    # (O.STASH) from the source; when the last is removed, sacrifice it
    STATIC_BIG_SPELLS_COST_LESS: int = 203  # static: creature spells ctrl casts with power b or
    # greater cost {a} less
    PUMP_POWER_AT_LEAST: int = 204  # creatures ctrl controls with power c or greater get +a/+a
    # and gain keywords b until end of turn
    P1P1_EACH_ENTERED_COLOR: int = 205  # a +1/+1 counter on each creature of Color mask a that
    # entered the battlefield this turn (whoever controls it)
    CREATE_TOKEN_PER_P1P1: int = 206  # ref: players; each creates a token a (c=1 tapped) for
    # each +1/+1 counter on the source (as it last existed: O.P1P1 is kept as it leaves)
    STATIC_PT_HAND: int = 207  # static: power and toughness = the cards in ctrl's hand (604.3)
    FLICKER_YOURS: int = 210  # FLICKER, returning it under the step's controller's control
    # ("then return that card to the battlefield under your control", Restoration Angel)
    PREVENT_COMBAT_DAMAGE: int = 211  # prevent all combat damage that would be dealt this turn
    # (H.COMBAT_PREVENTED_TURN)
    DOUBLE_PT_ALL: int = 212  # each creature ctrl controls gets +X/+Y until end of turn, X its
    # power and Y its toughness (701.10e: "double its power and toughness")
    CHOOSE_OPPONENT: int = 213  # ctrl chooses an opponent (not a target): H.CHOSEN_OPP, the
    # players of Ref.CHOSEN_OPPONENT (effects_offer)
    TEMPT: int = 214  # a tempting offer: each opponent of ctrl accepts or not (H.TEMPTED, the
    # players of Ref.TEMPTED; XCount.TEMPTED counts them)
    UNTAP_ALL_NONLAND: int = 215  # ref: players; untap all nonland permanents each controls
    SEARCH_ANY_LAND: int = 216  # ref: players; each searches their library for a land card, puts
    # it onto the battlefield untapped and shuffles (b = 1: once per opponent who accepted)
    # issue 21, Animated Army: ops 217-229
    STATIC_ATTACKING_HAVE: int = 217  # static: attacking creatures ctrl controls have keywords a
    # (AbilityKind.ATTACKING_HAVE marks the card: engine refreshes as attackers are declared)
    STATIC_DOUBLE_CREATURE_DAMAGE: int = 218  # static: a creature ctrl controls that would deal
    # damage deals double that damage instead (AbilityKind.DAMAGE_PLUS marks the card)
    SHUFFLE_REVEAL_PERMANENT: int = 219  # ref: permanents; each one's owner shuffles it into
    # their library, then reveals the top card: a permanent card onto the battlefield (theirs)
    EXPLORE: int = 220  # ref: permanents; each explores (701.44): the top card of its
    # controller's library, a land to hand, else a +1/+1 counter on it and the card stays or
    # goes to the graveyard (its controller's choice)
    LAND_BECOMES_UNTIL_EOT: int = 222  # ref: lands; each has its CardCol.LAND_TWIN row (the
    # land as the step's token creature too) until end of turn
    STATIC_ASCEND: int = 223  # static: ascend (702.131b): ctrl gets the city's blessing
    # (P.CITY_BLESSING) whenever they control ten or more permanents
    GAIN_CONTROL_WHILE: int = 221  # ref: permanents; ctrl gains control of each for as long
    # as they control the source (O.CTRL_WHILE)
    BOUNCE_ALL_CREATURES: int = 209  # return all creatures (a = 1: only tokens, b = 1: only
    # nontoken ones, c = 1: only attacking ones) to their owners' hands (effects_mass)
    STATIC_SMALL_UNBLOCKABLE: int = 208  # static: creatures ctrl controls with power or
    # toughness 1 or less can't be blocked (after every P/T effect: chars.refresh)
    # issue 20: ops 126-150
    PUT_COUNTERS_OF: int = 126  # ref: permanents; put on each as many counters of each kind as
    # the source had (as it last existed: O.P1P1 / O.STUN / O.STASH are kept as it leaves)
    DONE_IF_YOU_CONTROL: int = 127  # ref: permanents; DONE if ctrl controls one of them ("if
    # you control that creature, ...")
    RETURN_OTHER_OWN_CREATURE: int = 128  # ctrl returns another creature they control to its
    # owner's hand (their choice); DONE if they did; a = 1: "Otherwise, you may return this"
    CHOOSE_CARD_MV_COUNTERS: int = 129  # it = a card of types a in ctrl's graveyard whose
    # mana value equals the source's O.STASH counters (ctrl's choice; -1 if none)
    STATIC_PT_LANDS: int = 131  # static: power and toughness = the lands ctrl controls (604.3)
    RETURN_LANDS_FROM_GRAVEYARD: int = 132  # ctrl's land cards: graveyard -> battlefield tapped
    DOUBLE_P1P1: int = 133  # ref: creatures; put on each as many +1/+1 counters as it has
    EXILE_AT_END_STEP: int = 134  # ref: permanents; exile each at the beginning of the next end
    # step (a delayed trigger, DK_EXILE_AT_END_STEP)
    STATIC_DAMAGE_PLUS: int = 135  # static: a permanent ctrl controls with one of the Subtype
    # bits c that would deal damage deals that much plus a instead (AbilityKind.DAMAGE_PLUS)
    STATIC_NO_LIFE_GAIN: int = 136  # static: players can't gain life; damage can't be prevented
    DAMAGE_NONBASIC_LANDS: int = 137  # the source deals each player damage equal to the nonbasic
    # lands that player controls
    TOP_LAND_OR_HAND: int = 138  # ctrl looks at the top card: a land may go onto the
    # battlefield tapped, else it goes into their hand
    # issue 20
    ADD_MANA_PER_SUBTYPE: int = 139  # add one mana of a color among a (the built-in player's
    # color_choice) for each permanent ctrl controls with one of the Subtype bits b; c = 1: it
    # stays until end of turn
    EXILE_TOP_PLAY_ALL: int = 140  # ctrl exiles the top a cards (c = 1: X, the X paid for the
    # source) and may play each of them until end of turn (b = 1: until the end of their next
    # turn); it = the last one
    STATIC_EXTRA_LAND: int = 141  # static: ctrl may play a additional lands on each of their
    # turns (AbilityKind.EXTRA_LAND)
    # issue 20
    CHOOSE_GRAVEYARD_CARD: int = 142  # it = a card of types a (c = 1: nonland) with mana value
    # <= b in ctrl's graveyard (ctrl's choice: the most valuable); DONE if there was one
    STATIC_NONCOMBAT_DAMAGE_PLUS: int = 143  # static: a source ctrl controls that would deal
    # noncombat damage to an opponent or a permanent an opponent controls deals that much plus
    # a instead (AbilityKind.DAMAGE_PLUS marks the card)
    STATIC_OTHERS_ENTER_P1P1: int = 144  # static: other creatures ctrl controls enter with a
    # additional +1/+1 counters (b = 1: a for each opponent who lost life this turn)
    WIN_GAME: int = 146  # ctrl wins the game: each of ctrl's opponents loses it (104.2b)
    RETURN_UNDER_OWNER: int = 147  # ref: graveyard cards; each returns to the battlefield under
    # its owner's control (a = 1: with a flying counter on it)
    STATIC_MAX_HAND_SIZE: int = 148  # static: ctrl's maximum hand size is a (402.2)
    EXTRA_LAND_TURN: int = 149  # ctrl may play an additional land this turn (P.EXTRA_LANDS_TURN)
    PREVENT_DAMAGE_TO_YOU: int = 156  # prevent all damage that would be dealt to ctrl this turn
    # (P.PREVENTED_TURN)
    # issue 21, the Squirreled Away precon: ops 157-175 (kernel rules/effects_squirrels.py)
    DESTROY_SAME_NAME: int = 157  # ref: permanents; destroy each and all other permanents with
    # the same name (CardCol.NAME_KEY), at once
    COPY_EACH_TOKEN: int = 158  # for each token ctrl controls, ctrl creates a token copy of it
    SHRINK_NON_SUBTYPES_X: int = 159  # each creature without one of the Subtype bits a gets
    # -X/-X until end of turn, X the creatures ctrl controls with one of them
    DESTROY_HALF_COPIES: int = 160  # ref: creatures; destroy each; if it died, its controller
    # creates two token copies of it with half its power and toughness, rounded up
    PUMP_EACH_CREATURE: int = 161  # every creature (any player's) gets +a/+b until end of turn
    COPY_SPELL_X: int = 162  # ref: spells; copy each X times (X: XCount a)
    SACRIFICE_TOKEN_MAY: int = 163  # ctrl may sacrifice a token (DONE if they did; the built-in
    # player: its cheapest token when it controls a Squirrels other than it)
    STATIC_ANTHEM_PER_COUNTER: int = 164  # static: creatures ctrl controls with one of the
    # Subtype bits c get +1/+1 for each stash counter on the source
    STATIC_EQUIPPED_PER_BASE_1: int = 165  # static: the equipped creature gets +1/+1 for each
    # creature ctrl controls with base power or base toughness 1
    SACRIFICE_SELF: int = 166  # ctrl sacrifices the source (if still on the battlefield)
    SACRIFICE_ANOTHER_MAY: int = 167  # ctrl may sacrifice another creature (DONE if they did)
    REFLEXIVE: int = 168  # the source's REFLEXIVE row triggers ("When you do, ...", 603.12)
    EXILE_SELF_FROM_GRAVEYARD: int = 169  # the source, if in its owner's graveyard, is exiled
    UNTAP_LANDS: int = 170  # ctrl untaps all lands they control
    STATIC_EXTRA_LAND_EACH: int = 150  # static: each player may play a additional lands on each
    # of their turns
    PUT_FROM_HAND_OR_GRAVEYARD: int = 145  # ctrl may put a card of types a with one of the
    # Subtype bits b from their hand or graveyard onto the battlefield (their choice: the most
    # valuable); it = that card, DONE if they did
    DIG_CREATURE_MV: int = 130  # look at the top a; a creature card with mana value <= b onto
    # the battlefield if it's ctrl's turn, else into their hand; the rest on the bottom


Op = _Op()

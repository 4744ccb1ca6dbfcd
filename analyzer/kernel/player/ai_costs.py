"""The built-in player's activated abilities whose cost spends a resource other than mana: a
land's own abilities (the Villages' surveil, dig, graveyard return, counters and pump) and a
"Discard a card" cost, and "discard your hand, then draw a card per stash counter".
``ai_activate.try_activate`` asks ``costly_ability_ok`` before it activates one.

Tapping a land for its ability spends a mana source, and a land that sacrifices itself is a
land drop lost. So: an ability without targets (surveil, counters on the creatures that
entered this turn) waits for main phase 2 or an opponent's end step, when the mana is left
over; one that sacrifices the land waits as well, and needs six or more lands in play (the
deck has its mana by then). A land that sacrifices itself to fetch a land (Fabled Passage, a
fetch land) is the exception for the standard player: it has no mana of its own, so it is
cracked at once in a main phase or at an opponent's end step, at any land count (holding it
only loses the land drop's mana; the basic player keeps the old rule). A targeted ability (a
pump and haste before combat) is judged by its targets like any other.

A "Discard a card" cost (a rummage, Flamecache Gecko's) is paid only with a card the player
would discard anyway (``choices.discard_choice`` with the discard optional: an extra land with
enough lands in play, a card far out of reach), in main phase 2 or an opponent's end step.

Another ability paid by tapping tokens (Baylen's draw and counters) is used with the tokens
left over: in main phase 2 or at an opponent's end step, or (not a draw) in main phase 1 with
tokens that would not attack.

Hoarder's Overflow's "discard your hand, then draw cards equal to the number of stash
counters" waits until it draws more cards than the hand holds.
"""

from __future__ import annotations

from analyzer.enums import (
    SAC_EXILE_SELF,
    AbilCol,
    CardCol,
    CardFlag,
    CardType,
    Op,
    Phase,
    PlayerLevel,
)
from analyzer.kernel.layout import H, O, P
from analyzer.kernel.player.choices import discard_choice, fodder_choice, token_choice
from analyzer.kernel.rules.activation import SAC_FORAGE, untapped_tokens
from analyzer.kernel.rules.catalog import abilities_of, cards_of, has_op
from analyzer.kernel.rules.view import (
    can_forage_cheaply,
    hand_at,
    lands_in_play,
    ob,
    own_at,
    own_n,
    pb,
    untapped_plain_land,
)
from analyzer.kernel.runtime.config import njit

LANDS_TO_SACRIFICE_ONE = 6


@njit
def _spare_time(G, context):
    """Main phase 2 or an opponent's end step: the mana is left over."""
    return context == 3 or (context == 0 and G[H.PHASE] == Phase.MAIN2)


@njit
def fetches_a_land(C, a):
    """Does ability a search its controller's library for a land (Fabled Passage)?"""
    return has_op(C, a, Op.SEARCH_BASIC_LAND) or has_op(C, a, Op.SEARCH_LAND)


UNTAP_LIFE_KEPT = 15  # "Pay 10 life: Untap all lands you control": the life kept after paying
UNTAP_LANDS_TAPPED = 4  # ... and the tapped lands it takes to be worth it


@njit
def _untap_lands_pays(G, cards, p, context):
    """ "Pay 10 life: Untap all lands you control" (Beledros Witherbloom): the standard player,
    in its own main phase, with UNTAP_LANDS_TAPPED lands tapped, life to spare and a nonland
    card in hand its untapped lands can't pay for but all its lands could; the basic player
    never."""
    if G[pb(p) + P.LEVEL] == PlayerLevel.BASIC or context != 0 or G[H.ACTIVE] != p:
        return False
    if G[pb(p) + P.LIFE] - 10 < UNTAP_LIFE_KEPT:
        return False
    lands = lands_in_play(G, cards, p)
    tapped = 0
    for i in range(own_n(G, p)):
        b = ob(own_at(G, p, i))
        if G[b + O.TAPPED] and cards[G[b + O.CARD], CardCol.TYPES] & CardType.LAND:
            tapped += 1
    if tapped < UNTAP_LANDS_TAPPED:
        return False
    for i in range(G[pb(p) + P.HAND_N]):
        card = G[ob(hand_at(G, p, i)) + O.CARD]
        mv = cards[card, CardCol.MV]
        if (cards[card, CardCol.TYPES] & CardType.LAND) == 0 and lands - tapped < mv <= lands:
            return True
    return False


@njit
def costly_ability_ok(G, C, p, o, a, context):
    """May p activate ability a of o now (True for one that costs only mana and taps)?"""
    cards = cards_of(C)
    abilities = abilities_of(C)
    if has_op(C, a, Op.UNTAP_LANDS):
        return _untap_lands_pays(G, cards, p, context)
    if abilities[a, AbilCol.COST_DISCARD] and not (
        _spare_time(G, context) and discard_choice(G, C, p, True) >= 0
    ):
        return False
    if (
        abilities[a, AbilCol.COST_REMOVE_COUNTER] or abilities[a, AbilCol.COST_CONVOKE]
    ) and not _spare_time(G, context):
        return False  # a stored counter's draw, or creatures tapped to pay, wait for main 2
    n_tap = abilities[a, AbilCol.COST_TAP_TOKENS]
    if n_tap > 0 and not has_op(C, a, Op.BECOMES_UNTIL_EOT):
        # another ability paid by tapping tokens (a draw, counters): the standard player, with
        # the mana and tokens left over (main phase 2, an opponent's end step: any tokens),
        # or in its main phase 1 with tokens that would not attack; the basic player never
        if G[pb(p) + P.LEVEL] == PlayerLevel.BASIC:
            return False
        if _spare_time(G, context):
            return untapped_tokens(G, C, p, False) >= n_tap
        return (  # (a draw waits for the spare time: the tokens pay for a pump first)
            context == 0
            and G[H.PHASE] == Phase.MAIN1
            and G[H.ACTIVE] == p
            and not has_op(C, a, Op.DRAW)
            and untapped_tokens(G, C, p, True) >= n_tap
        )
    if n_tap > 0:
        # "Tap two untapped tokens you control: this Vehicle becomes an artifact creature":
        # the standard player, in main phase 1 to attack with it, with tokens that would not
        # attack (noncreature or power 1 or less); the basic player never (its baseline)
        return (
            G[pb(p) + P.LEVEL] != PlayerLevel.BASIC
            and context == 0
            and G[H.PHASE] == Phase.MAIN1
            and G[H.ACTIVE] == p
            and G[ob(o) + O.SICK] == 0
            and (cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0
            and untapped_tokens(G, C, p, True) >= n_tap
        )
    if has_op(C, a, Op.LAND_BECOMES_UNTIL_EOT):
        # "{T}: Target land you control becomes a 3/3 Elemental creature with haste": the
        # standard player, in main phase 1 with a land its spells left untapped, to attack
        return (
            G[pb(p) + P.LEVEL] != PlayerLevel.BASIC
            and context == 0
            and G[H.PHASE] == Phase.MAIN1
            and G[H.ACTIVE] == p
            and untapped_plain_land(G, cards, p) >= 0
        )
    if has_op(C, a, Op.BECOMES_UNTIL_EOT):
        # "{2}{R}{G}: Until end of turn, this land becomes a 3/3 ... creature": the standard
        # player, in main phase 1 with the mana its spells left (activations come after
        # them), to attack with it: untapped, not summoning sick, not a creature yet; the
        # basic player never (its baseline)
        return (
            G[pb(p) + P.LEVEL] != PlayerLevel.BASIC
            and context == 0
            and G[H.PHASE] == Phase.MAIN1
            and G[H.ACTIVE] == p
            and G[ob(o) + O.SICK] == 0
            and G[ob(o) + O.TAPPED] == 0
            and (cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0
        )
    if has_op(C, a, Op.DISCARD_HAND_DRAW_STASH) and G[ob(o) + O.STASH] <= G[pb(p) + P.HAND_N]:
        return False
    if has_op(C, a, Op.P1P1_EACH_ENTERED_COLOR) and G[H.ACTIVE] != p:
        return False  # "each green creature that entered this turn": its own turn's creatures
    if abilities[a, AbilCol.COST_SAC_SELF] == 1 and has_op(C, a, Op.GRANT_ALL):
        return False  # "Sacrifice this: creatures you control gain indestructible": the
        # built-in player foresees no sweeper, so it keeps the creature
    if abilities[a, AbilCol.COST_SAC_SELF] == 2:
        # "Sacrifice a token": with the mana left over, and never a creature token that fights
        t = token_choice(G, C, p)
        return (
            t >= 0
            and _spare_time(G, context)
            and not (
                cards[G[ob(t) + O.CARD], CardCol.TYPES] & CardType.CREATURE
                and G[ob(t) + O.CUR_P] >= 2
            )
        )
    if abilities[a, AbilCol.COST_SAC_SELF] == SAC_FORAGE:
        # "Forage": with the mana left over, like a stored counter's draw, and never by
        # sacrificing a creature (a Food under Ygra)
        return _spare_time(G, context) and can_forage_cheaply(G, cards, p)
    if abilities[a, AbilCol.COST_SAC_SELF] >= 3 and (
        abilities[a, AbilCol.COST_SAC_SELF] != SAC_EXILE_SELF
    ):
        # "Sacrifice a creature" (activation.sac_fodder): only a token that does not fight (a
        # noncreature artifact token or a creature token with power 1 or less); a targeted
        # ability (-2/-2 on an opponent's creature) is judged by its targets, another waits
        # for the mana left over
        t = fodder_choice(G, C, p, o, abilities[a, AbilCol.COST_SAC_SELF])
        return (
            t >= 0
            and G[ob(t) + O.TOKEN] != 0
            and not (
                cards[G[ob(t) + O.CARD], CardCol.TYPES] & CardType.CREATURE
                and G[ob(t) + O.CUR_P] >= 2
            )
            and (abilities[a, AbilCol.TG_COUNT] > 0 or _spare_time(G, context))
        )
    if (cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.LAND) == 0:
        # a mana rock that sacrifices itself to draw (Mind Stone): like a land, once the mana
        # is left over and six lands are out (it keeps its mana until then)
        if (
            abilities[a, AbilCol.COST_SAC_SELF]
            and cards[G[ob(o) + O.CARD], CardCol.FLAGS] & (CardFlag.TAP_MANA)
            and (cards[G[ob(o) + O.CARD], CardCol.TYPES] & CardType.CREATURE) == 0
        ):
            return _spare_time(G, context) and (
                lands_in_play(G, cards, p) >= LANDS_TO_SACRIFICE_ONE
            )
        return True
    sacrifices = abilities[a, AbilCol.COST_SAC_SELF] == 1
    if sacrifices and G[pb(p) + P.LEVEL] != PlayerLevel.BASIC and fetches_a_land(C, a):
        return context == 0 or context == 3  # a fetch land: at once, never in combat
    if (sacrifices or abilities[a, AbilCol.TG_COUNT] == 0) and not _spare_time(G, context):
        return False
    return not sacrifices or lands_in_play(G, cards, p) >= LANDS_TO_SACRIFICE_ONE

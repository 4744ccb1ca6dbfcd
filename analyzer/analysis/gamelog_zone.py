"""The text view's zone lines: where a card went, and from where, in words.

A ``zone`` event says only that an object moved from one zone to another; the line says it as
a player would (a land played from exile, a creature returned from the graveyard, a card put
into a hand from the library). Split from gamelog.py, whose ``_Text`` mixes this in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from analyzer.analysis.gamelog import GameInfo

# a main phase: the only steps a land is played in (305.1, 505.5b)
_MAIN = ("main 1", "main 2")


# why a permanent was put into a graveyard from the battlefield (the zone row's leave_cause):
# "dies (destroyed)" for a creature, "is destroyed" for another permanent; without a cause (an
# effect's move, or none recorded) "dies" / "is put into the graveyard"
_WHY = {
    "destroyed": "destroyed",
    "sacrificed": "sacrificed",
    "lethal_damage": "lethal damage",
    "zero_toughness": "0 toughness",
    "legend_rule": "the legend rule",
    "unattached": "nothing it can enchant",
}


def _to_graveyard(creature: bool, cause: str | None) -> str:
    """The verb of a permanent's line as it goes to a graveyard from the battlefield."""
    why = _WHY.get(cause or "")
    if creature:
        return f"dies ({why})" if why else "dies"
    if cause in ("destroyed", "sacrificed"):
        return f"is {cause}"
    return f"is put into the graveyard ({why})" if why else "is put into the graveyard"


def zone_phrase(zone: str) -> str:
    """'exile' reads as it is; every other zone takes 'the' ('the graveyard')."""
    return zone if zone == "exile" else f"the {zone}"


class ZoneLines:
    """The zone lines of ``_Text``, and what it remembers to write them (the hands kept,
    commanders, the zone each card was cast from, lands exiled from a library)."""

    info: GameInfo
    hands: dict[int, list[str]]
    commanders: set[int]
    leaving_command: set[int]
    card_of: dict[int, str]

    def init_zones(self) -> None:
        # a card put onto the stack from elsewhere than a hand or the command zone (a spell
        # cast from a graveyard, or from exile): its cast line says where from
        self.cast_from: dict[int, str] = {}
        # lands exiled from a library ("exile the top card; you may play it"): one entering
        # from exile in a main phase of its player's turn was played, the turn's land drop
        self.exiled_lands: set[int] = set()
        self.exiled_permanents: set[int] = set()  # exiled from the battlefield: these return
        # the spell or ability whose resolution is under way (its name), and the one that
        # exiled each permanent: a delayed trigger returning it is that one's (Parting Gust)
        self.resolving: str | None = None
        self.exiled_by: dict[int, str] = {}
        self.discard_for: str | None = None  # the spell the discard being read pays for

    def hidden(self, s: int) -> bool:
        raise NotImplementedError

    def deck(self, s: int) -> str:
        raise NotImplementedError

    def zone(self, ev: dict[str, Any], who: str, card: str) -> str | None:
        src, dst = ev["from_zone"], ev["to_zone"]
        s = ev["seat"]
        o = ev["obj"]
        if ev["turn"] == 0 and src == "hand" and dst == "library":
            hand = self.hands.get(s, [])
            if card in hand:
                hand.remove(card)
            if self.hidden(s) or not hand:  # a whole hand shuffled away: the mulligan line
                return None
            return f"{who} puts {card} on the bottom"
        if "command" in (src, dst):
            self.commanders.add(o)
            self.card_of[o] = card
            if dst == "stack":
                self.leaving_command.add(o)
        if dst == "stack" and src not in ("hand", "command"):
            self.cast_from[o] = src
        if dst == "exile":
            if src == "library" and self.info.land[ev["card"]]:
                self.exiled_lands.add(o)
            elif src == "battlefield":
                self.exiled_permanents.add(o)
                if self.resolving is not None:
                    self.exiled_by[o] = self.resolving
        if src == "stack" and dst == "exile":  # a flashback spell, or one exiled as countered
            return f"{card} ({who}) is exiled from the stack"
        if dst in ("stack", "none") or src in ("stack", "none"):
            return None  # cast / resolution / leaving the game: their own lines say it
        if dst == "battlefield":
            return self._onto_battlefield(ev, who, card)
        if src == "battlefield" and dst == "graveyard":
            verb = _to_graveyard(bool(self.info.creature[ev["card"]]), ev.get("leave_cause"))
            return f"{card} ({who}) {verb}"
        if src == "library" and dst == "graveyard":
            return f"{who} mills {card}"
        if src == "hand" and dst == "graveyard":  # (a cost: "to cast" the spell that follows)
            cost = f" to cast {self.discard_for}" if self.discard_for else ""
            return f"{who} discards {card}{cost}"
        if src == "hand" and self.hidden(s):
            return f"{who} puts a card from hand into {zone_phrase(dst)}"
        # a token that leaves the battlefield ceases to exist (111.7): bounced, it is no card
        gone = " and ceases to exist (a token)" if ev["obj_token"] and src == "battlefield" else ""
        if dst == "hand" and src == "battlefield":
            return f"{card} returns to {who}'s hand{gone}"
        if dst == "hand" and (src == "graveyard" or o in self.exiled_permanents):
            self.exiled_permanents.discard(o)
            return f"{card} returns to {who}'s hand from {zone_phrase(src)}"
        if dst == "hand":  # a tutor, or a card exiled from a library or a hand
            return f"{card} is put into {who}'s hand from {zone_phrase(src)}"
        if dst == "exile":
            instead = " instead of dying" if ev.get("leave_cause") == "exiled_instead" else ""
            return f"{card} ({who}) is exiled from {zone_phrase(src)}{instead}{gone}"
        if dst == "command":
            return f"{card} ({who}) returns to the command zone from {zone_phrase(src)}"
        if dst == "library" and "library_position" in ev:
            where = "on top of" if ev["library_position"] == "top" else "on the bottom of"
            if src == "library":  # revealed or looked at, then put back
                return f"{card} ({who}) is put {where} the library"
            return (
                f"{card} ({who}) is put {where} its owner's library from {zone_phrase(src)}{gone}"
            )
        return f"{card} ({who}) moves from {zone_phrase(src)} to {zone_phrase(dst)}"

    def delayed(self, ev: dict[str, Any], card: str) -> str:
        """A delayed trigger for an exiled permanent, named by the spell or ability that
        exiled it ('Parting Gust's delayed trigger for Jolly Gerbils'): the log names only
        the permanent, which read as if the trigger were its own."""
        return f"{self.exiled_by[ev['obj']]}'s delayed trigger for {card}"

    def _onto_battlefield(self, ev: dict[str, Any], who: str, card: str) -> str:
        """A card entering the battlefield from a hand, a library, a graveyard or exile."""
        src = ev["from_zone"]
        o = ev["obj"]
        land = self.info.land[ev["card"]]
        if src == "hand":
            return f"{who} plays {card}" if land else f"{who} puts {card} onto the battlefield"
        if o in self.exiled_lands and ev["phase"] in _MAIN:
            self.exiled_lands.discard(o)
            return f"{self.deck(ev['active'])} plays {card} from exile"
        if src == "graveyard" or o in self.exiled_permanents:
            self.exiled_permanents.discard(o)
            return f"{card} ({who}) returns to the battlefield from {zone_phrase(src)}"
        # a search (Cultivate, a fetch land), a look at the top cards, a card exiled from a hand
        return f"{card} ({who}) is put onto the battlefield from {zone_phrase(src)}"

"""Card selection and holding, counted over the event logs of simulate runs (study script).

Usage: python3 tools/select_census.py RUN_DIR [RUN_DIR...]   (simulate --log-games N --out DIR)

Per deck, per game: the cards seen by a surveil (Lightshell Duo, Mindwhisker, Mind Drill
Assailant), kept or binned, split by lands and spells and by the lands in sight (in play and
in hand) against the hand's dearest spell, and the weak spells (worth less than a three-drop
body, no removal) seen with five lands in play; the cards discarded at cleanup (hand size), split
by lands, instants and the rest, and whether the hand held a cheaper or a land the same
discard rule as a loot would have taken; the loot and rummage discards (a card from hand to
the graveyard outside cleanup and not cast), with the answers (removal, counterspells) among
them and those discarded while a permanent spell was in hand. The kept cards of a surveil
are read as the seat's next draws. Basic lands only are counted as lands.
"""

import collections
import sys

from runlogs import games, print_per_deck

from analyzer.cards.catalog import load_catalog
from analyzer.enums import AiRole, CardCol, CardType

BASICS = {"Forest", "Island", "Swamp", "Plains", "Mountain"}
SURVEILS = {"Lightshell Duo": 2, "Mindwhisker": 1, "Mind Drill Assailant": 1}
# The "trigger" event's kind field of the surveil triggers (Lightshell Duo's prowess is another).
SURVEIL_TRIGGERS = {("Lightshell Duo", 81), ("Mindwhisker", 82)}
LANDS_ENOUGH = 5


def _card_rows():
    compiled = load_catalog().compiled
    return {name: compiled.cards[i] for i, name in enumerate(compiled.names)}


def census(paths):
    rows = _card_rows()
    st = collections.defaultdict(collections.Counter)

    def mv(name):
        return int(rows[name][CardCol.MV]) if name in rows else 0

    def role(name):
        return int(rows[name][CardCol.AI_ROLE]) if name in rows else -1

    def weak(name):
        """A spell worth less than a three-drop body and no removal spell."""
        return name in rows and role(name) != AiRole.REMOVAL and int(rows[name][CardCol.VALUE]) < 30

    def fast(name):
        return name in rows and int(rows[name][CardCol.TYPES]) & CardType.INSTANT

    for ev in games(paths):
        decks = ev[0]["decks"]
        hands = [{}, {}]
        lands = [0, 0]
        gy = [0, 0]
        pending = [[], []]  # surveil cards kept on top, to be read from the next draws
        stacked = [[], []]  # each seat's abilities on the stack (name, is a surveil), newest last
        for i, e in enumerate(ev):
            seat = e["seat"]
            kind = e["kind"]
            if kind == "mulligan":
                hands[seat] = {}
            elif kind == "draw":
                hands[seat][e["obj"]] = e["card_name"]
                if pending[seat]:
                    ctx = pending[seat].pop(0)
                    _judge(st[decks[seat]], e["card_name"], ctx, "kept", mv, weak)
            elif kind == "trigger" or (kind == "activate" and e["card_name"] in SURVEILS):
                surveil = kind == "activate" or (e["card_name"], e["a"]) in SURVEIL_TRIGGERS
                stacked[seat].append((e["card_name"], surveil))
            elif kind == "resolve" and e["a"] == 1 and _pop(stacked[seat], e["card_name"]):
                n = SURVEILS[e["card_name"]]
                hand = list(hands[seat].values())
                ctx = (lands[seat], hand, gy[seat])
                binned = []
                for x in ev[i + 1 : i + 1 + n]:
                    if x["kind"] == "zone" and x.get("from_zone") == "library":
                        binned.append(x["card_name"])
                for name in binned:
                    _judge(st[decks[seat]], name, ctx, "binned", mv, weak)
                pending[seat] = [ctx] * (n - len(binned))
                st[decks[seat]]["surveil looks"] += n
            if kind != "zone":
                continue
            name = e["card_name"]
            src = e.get("from_zone")
            if e["to_zone"] == "graveyard" and not e["obj_token"]:
                gy[seat] += 1
            if src == "graveyard":
                gy[seat] -= 1
            if src == "hand":
                hands[seat].pop(e["obj"], None)
            if name in BASICS and e["to_zone"] == "battlefield":
                lands[seat] += 1
            if src == "hand" and e["to_zone"] == "graveyard":
                s = st[decks[seat]]
                what = "land" if name in BASICS else "instant" if fast(name) else "other"
                if e["phase"] == "cleanup":
                    s[f"cleanup discard: {what}"] += 1
                    rest = list(hands[seat].values())
                    cheaper_spare = any(
                        n not in BASICS and mv(n) > lands[seat] + 2 for n in rest
                    ) or (lands[seat] >= LANDS_ENOUGH and any(n in BASICS for n in rest))
                    if what != "land" and cheaper_spare:
                        s["  a spell while a land or out-of-reach card was spare"] += 1
                else:
                    s[f"other hand->graveyard: {what}"] += 1
                    if role(name) in (AiRole.REMOVAL, AiRole.COUNTER):
                        s["  an answer (removal, counter) discarded"] += 1
                        rest = list(hands[seat].values())
                        if any(n not in BASICS and role(n) == AiRole.PERMANENT for n in rest):
                            s["    while holding a permanent spell"] += 1
        for d in decks:
            st[d]["games"] += 1
    return st


def _pop(stacked, name):
    """Take the newest ability of this name off the seat's stack; was it a surveil?"""
    for j in range(len(stacked) - 1, -1, -1):
        if stacked[j][0] == name:
            return stacked.pop(j)[1]
    return False


def _judge(s, name, ctx, how, mv, weak):
    """Count one surveilled card against the lands in sight and the hand's costs."""
    lands, hand, gy = ctx
    in_sight = lands + sum(1 for n in hand if n in BASICS)
    dearest = max([mv(n) for n in hand if n not in BASICS] or [0])
    if name in BASICS:
        need = max(LANDS_ENOUGH - 1, dearest)
        state = "short" if in_sight < need else "enough"
        s[f"surveil land {how}, lands in sight {state}"] += 1
    else:
        reach = "in reach" if mv(name) <= in_sight + 1 else "far"
        s[f"surveil spell {how}, {reach}"] += 1
        if lands >= LANDS_ENOUGH and weak(name):
            s[f"  weak spell {how} with five lands in play"] += 1
        if gy < 7:
            s[f"  spell {how} below threshold"] += 1


def main():
    print_per_deck(census(sys.argv[1:]), 3)


if __name__ == "__main__":
    main()

"""Held instant tricks and removal a player had the lands for but not the colour, and lost games
that ended with castable instant removal in hand, from the event logs of simulate runs (study
script, issue 14: watching the middle decks' lost games).

Usage: PYTHONPATH=$PWD python3 tools/held_spell_census.py RUN_DIR [RUN_DIR...]
(simulate DECK --vs OPP --log-games N --per-game --out RUN_DIR; a distinct --seed per matchup)

Per deck:
  off-colour attack turns   own turns with attacks in which it held an instant (or flash) TRICK
                            or REMOVAL card whose mana value fits its lands less what its casts
                            spent since its untap step, with a colored symbol none of its lands
                            makes
                            (ai_race.held_pump counted such a card as backing before it checked
                            colours: watched, three Islands' 2/1 flier attacked into a 2/4 reach
                            creature behind an uncastable Sonar Strike)
    ... with an attacker lost   of those, the turns in which one of its attackers died in combat
  off-colour block turns    the same held card on the opponent's turns it blocked in
  lost                      games lost
  died holding removal      lost games ending on the winner's turn with an instant REMOVAL card
                            in hand that its lands paid for (count and colour) after its casts
                            since its own untap step
Lands' colours are the catalog's; mana creatures, Treasures, hybrid symbols and mana spent on
activated abilities are not counted (the figures are upper bounds).
"""

import collections
import sys

from runlogs import CardFacts, Zones, combat_deaths, games, print_per_deck

from analyzer.cards.derive import derive_role
from analyzer.enums import AiRole, CardType


def _facts(rec) -> tuple:
    """(is land, mana value, held-backing kind, colored symbols, land colours)."""
    fast = bool(rec.types & CardType.INSTANT) or "flash" in (rec.keyword_names or ())
    role = derive_role(rec)
    kind = role if fast and role in (AiRole.TRICK, AiRole.REMOVAL) else None
    colored = tuple(rec.cost.colored) if rec.cost else (0,) * 5
    return bool(rec.is_land), rec.mv or 0, kind, colored, int(rec.land_colors or 0)


FACTS = CardFacts(_facts, (False, 0, None, (0,) * 5, 0))


def _held(z: Zones, seat: int, spent: int, removal_only: bool) -> tuple[bool, bool]:
    """(holds an off-colour trick/removal, holds a castable removal) for seat now."""
    lands = [n for c, n, _tok in z.bf.values() if c == seat and FACTS.get(n)[0]]
    mask = 0
    for n in lands:
        mask |= FACTS.get(n)[4]
    free = len(lands) - spent
    off = castable = False
    for n in z.hand[seat].values():
        _land, mv, kind, colored, _lc = FACTS.get(n)
        if kind is None or mv > free or (removal_only and kind != AiRole.REMOVAL):
            continue
        if any(c > 0 and not (mask >> i) & 1 for i, c in enumerate(colored)):
            off = True
        elif kind == AiRole.REMOVAL:
            castable = True
    return off, castable


def census(runs: list[str]) -> dict:
    st: dict = collections.defaultdict(collections.Counter)
    for ev in games(runs):
        decks = [d[:2] for d in ev[0]["decks"]]
        end = next(e for e in ev if e["kind"] == "game_end")
        died = combat_deaths(ev)
        z = Zones(lambda n: FACTS.get(n)[0])
        active, spent = 0, [0, 0]
        attackers: dict[int, set] = collections.defaultdict(set)
        off_att: dict[int, int] = {}  # turn -> attacking seat, when it held an off-colour card
        blocked_turns: set[int] = set()
        for s in (0, 1):
            st[decks[s]]["games"] += 1
        for e in ev:
            kind = e["kind"]
            if kind == "turn_start":
                # lands tapped in p's own turn stay tapped through the opponent's turn
                active = e["active"]
                spent[active] = 0
            elif kind == "cast":
                spent[e["seat"]] += FACTS.get(e["card_name"])[1]
            elif kind == "attack":
                attackers[e["turn"]].add(e["obj"])
                if e["turn"] not in off_att and _held(z, active, spent[active], False)[0]:
                    off_att[e["turn"]] = active
            elif kind == "block" and e["turn"] not in blocked_turns:
                blocked_turns.add(e["turn"])
                if _held(z, 1 - active, spent[1 - active], False)[0]:
                    st[decks[1 - active]]["off-colour block turns"] += 1
            z.apply(e, active)
        for turn, seat in off_att.items():
            st[decks[seat]]["off-colour attack turns"] += 1
            if any((turn, o) in died for o in attackers[turn]):
                st[decks[seat]]["  ... with an attacker lost"] += 1
        winner = end.get("winner")
        if winner in (0, 1):
            loser = 1 - winner
            st[decks[loser]]["lost"] += 1
            if end["active"] == winner and _held(z, loser, spent[loser], True)[1]:
                st[decks[loser]]["died holding removal"] += 1
    return st


if __name__ == "__main__":
    print_per_deck(census(sys.argv[1:]), digits=3)

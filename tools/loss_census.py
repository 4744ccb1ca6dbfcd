"""How a deck loses: its lost games classified, over the JSON-lines event logs (study script).

Usage: PYTHONPATH=$PWD python3 tools/loss_census.py DECK_NAME_PREFIX RUN_DIR [RUN_DIR...]
(runs from `simulate DECK --log-games N --per-game --out RUN_DIR`).

Per game of the deck whose name starts with DECK_NAME_PREFIX, split by won / lost: the own turn
the game ended; lands in play at the end of its own turns 4 and 6; its life then; creatures in
play (its own, the opponent's) at the end of its own turns 4 and 6; and per game the counts of
  screw4          fewer than 3 lands in play at the end of its own turn 4
  flood6          7 or more lands in play, or at most 1 nonland card in hand and on the
                  battlefield together beside 6+ lands, at the end of its own turn 6
  stuck_colour    own end steps holding a nonland card it had the lands for but not the colour
  stuck_mana      own end steps holding nonland cards, each costing more than its lands
  idle_turns      own turns (from its turn 3) in which it cast no spell
  fizzled         its spells that fizzled (every target gone) or were countered
  face_burn       damage its spells/abilities dealt to the opponent outside combat
  unblocked_dmg   combat damage it took from unblocked attackers while it had a creature that did
                  not block and had not attacked in its own turn before (so untapped, barring
                  tap effects)
  flier_dmg       combat damage it took from attackers with flying
  behind6         at the end of its own turn 6, the opponent had 2+ more creatures
  land_colour_miss own land drops where another basic in hand would have left more cards castable
  land_colour_miss_idle  of them, turns in which it then cast no spell
  held_removal    own end steps holding a removal spell its basic lands left unspent could pay,
                  the opponent having a creature
  traded_for_token its nontoken creature died in combat against a token
Counts are per game (the mean over the games of that outcome); a figure at the end of own turn
T is the mean over the games that reached it.
"""

import collections
import re
import sys

from runlogs import COMBAT_STEPS, games

from analyzer.cards.catalog import load_catalog
from analyzer.cards.derive import derive_role
from analyzer.enums import AiRole

NONCREATURE_TOKENS = {"Treasure", "Food", "Clue", "Blood"}
BASIC_COLOUR = {"Plains": 0, "Island": 1, "Swamp": 2, "Mountain": 3, "Forest": 4}


class Cards:
    """Card facts by name, looked up once."""

    def __init__(self):
        self.catalog = load_catalog()
        self.cache: dict[str, object] = {}

    def rec(self, name):
        if name not in self.cache:
            try:
                self.cache[name] = self.catalog.lookup(name)
            except Exception:  # tokens and unknown names
                self.cache[name] = None
        return self.cache[name]

    def is_land(self, name) -> bool:
        r = self.rec(name)
        return bool(r is not None and r.is_land)

    def is_creature(self, name, token) -> bool:
        if token:
            return name not in NONCREATURE_TOKENS
        r = self.rec(name)
        return bool(r is not None and r.types & 2)

    def removal(self, name) -> bool:
        """The built-in player's REMOVAL role (derived from the card data)."""
        r = self.rec(name)
        return bool(r is not None and derive_role(r) == AiRole.REMOVAL)

    def power(self, name, token) -> int:
        """Printed power of a creature (a token's taken as 1), 0 for a noncreature."""
        if not self.is_creature(name, token):
            return 0
        r = self.rec(name)
        return 1 if token or r is None else max(r.power, 0)

    def flying(self, name) -> bool:
        r = self.rec(name)
        return bool(r is not None and "flying" in r.keyword_names)


def castable_now(lands: list[str], hand: list[str], cards: Cards) -> int:
    """Nonland cards of hand whose mana value and colored symbols the basic lands cover."""
    per_colour = collections.Counter(BASIC_COLOUR[n] for n in lands if n in BASIC_COLOUR)
    n = 0
    for name in hand:
        r = cards.rec(name)
        if r is None or r.is_land or r.mv > len(lands):
            continue
        n += all(per_colour[i] >= pips for i, pips in enumerate(r.cost.colored))
    return n


def land_colour_miss(played: str, hand: dict, bf: dict, cards: Cards) -> int:
    """1 when another basic land in hand would have left more hand cards castable this turn than
    the one played did."""
    out = [n for n, _ in bf.values() if cards.is_land(n)]
    rest = list(hand.values())
    rest.remove(played)
    got = castable_now([*out, played], rest, cards)
    for alt in {n for n in rest if n in BASIC_COLOUR and n != played}:
        others = list(rest)
        others.remove(alt)
        if castable_now([*out, alt], [*others, played], cards) > got:
            return 1
    return 0


def game_figures(events: list[dict], focus: int, cards: Cards) -> dict:
    """The figures of one game for seat focus."""
    opp = 1 - focus
    bf = {0: {}, 1: {}}  # seat -> obj -> (name, token)
    hand = {0: {}, 1: {}}  # seat -> obj -> name
    life = {0: 20, 1: 20}
    f = collections.Counter()
    attacked_last = set()  # focus's creatures that attacked in its last own turn
    attackers_now: dict[int, str] = {}  # obj -> name, this combat's attackers
    blocked_now: set[int] = set()
    blockers_now: set[int] = set()
    cast_this_turn = False
    spent = 0  # mana focus paid for spells in its own turn
    miss_this_turn = 0  # its land drop this turn was a land_colour_miss
    own_turn = 0
    token_objs: set[int] = set()

    def snapshot(t):
        lands = [n for n, _ in bf[focus].values() if cards.is_land(n)]
        f[f"lands{t}"] = len(lands)
        f[f"life{t}"] = life[focus]
        mine = sum(cards.is_creature(n, k) for n, k in bf[focus].values())
        theirs = sum(cards.is_creature(n, k) for n, k in bf[opp].values())
        f[f"crea{t}"] = mine
        f[f"opp_crea{t}"] = theirs
        f[f"power{t}"] = sum(cards.power(n, k) for n, k in bf[focus].values())
        f[f"opp_power{t}"] = sum(cards.power(n, k) for n, k in bf[opp].values())
        f[f"hand{t}"] = len(hand[focus])
        f[f"opp_hand{t}"] = len(hand[opp])
        nonland = sum(not cards.is_land(n) for n in hand[focus].values()) + sum(
            not cards.is_land(n) for n, _ in bf[focus].values()
        )
        if t == 4:
            f["screw4"] = int(len(lands) < 3)
        if t == 6:
            f["flood6"] = int(len(lands) >= 7 or (len(lands) >= 6 and nonland <= 1))
            f["behind6"] = int(theirs - mine >= 2)

    def end_own_turn():
        lands = [n for n, _ in bf[focus].values() if cards.is_land(n)]
        colours = {BASIC_COLOUR[n] for n in lands if n in BASIC_COLOUR}
        nonland = [n for n in hand[focus].values() if not cards.is_land(n)]
        castable = colour_short = 0
        for n in nonland:
            r = cards.rec(n)
            if r is None or r.mv > len(lands):
                continue
            if all(p == 0 or i in colours for i, p in enumerate(r.cost.colored)):
                castable += 1
            else:
                colour_short += 1
        f["stuck_colour"] += int(colour_short > 0)
        per_colour = collections.Counter(BASIC_COLOUR[n] for n in lands if n in BASIC_COLOUR)
        if any(cards.is_creature(n, k) for n, k in bf[opp].values()) and any(
            cards.removal(n)
            and cards.rec(n).mv <= len(lands) - spent
            and all(per_colour[i] >= p for i, p in enumerate(cards.rec(n).cost.colored))
            for n in nonland
        ):
            f["held_removal"] += 1
            for n in nonland:
                if cards.removal(n):
                    f[f"held:{n}"] += 1
        f["stuck_mana"] += int(nonland != [] and castable == 0 and colour_short == 0)
        if miss_this_turn and not cast_this_turn:
            f["land_colour_miss_idle"] += 1
        if own_turn >= 3 and not cast_this_turn:
            f["idle_turns"] += 1
        if own_turn in (4, 6, 8):
            snapshot(own_turn)

    def close_combat():
        attackers_now.clear()
        blocked_now.clear()
        blockers_now.clear()

    active = -1
    deaths_in_combat: dict[tuple[int, str], int] = {}
    for e in events:
        k = e["kind"]
        if k == "turn_start":
            if active == focus:
                end_own_turn()
            close_combat()
            active = e["active"]
            if active == focus:
                own_turn = e["own_turn"]
                cast_this_turn = False
                spent = 0
                miss_this_turn = 0
                attacked_last = set()
        elif k == "draw" and e["seat"] in (0, 1):
            hand[e["seat"]][e["obj"]] = e["card_name"]
        elif k == "zone":
            s, o = e["seat"], e["obj"]
            if s not in (0, 1):
                continue
            if (
                s == focus
                and active == focus
                and e["from_zone"] == "hand"
                and e["to_zone"] == "battlefield"
                and cards.is_land(e["card_name"])
            ):
                missed = land_colour_miss(e["card_name"], hand[s], bf[s], cards)
                f["land_colour_miss"] += missed
                miss_this_turn = missed
            if e["from_zone"] == "hand":
                hand[s].pop(o, None)
            if e["from_zone"] == "battlefield":
                for side in (0, 1):
                    gone = bf[side].pop(o, None)
                    if gone and e["phase"] in COMBAT_STEPS:
                        deaths_in_combat[(side, o)] = e["seq"]
            if e["to_zone"] == "hand":
                hand[s][o] = e["card_name"]
            if e["to_zone"] == "battlefield":
                tok = bool(e.get("obj_token"))
                if tok:
                    token_objs.add(o)
                bf[s][o] = (e["card_name"], tok)
        elif k == "cast" and e["seat"] == focus and active == focus:
            cast_this_turn = True
            spent += max(e["c"], 0)
        elif k == "life" and e["seat"] in (0, 1):
            life[e["seat"]] = e["b"]
        elif k == "attack":
            attackers_now[e["obj"]] = e["card_name"]
            if e["seat"] == focus:
                attacked_last.add(e["obj"])
        elif k == "block":
            blocked_now.add(e["obj2"])
            if e["seat"] == focus:
                blockers_now.add(e["obj"])
        elif k in ("fizzle", "counter") and e["seat"] == focus:
            f["fizzled"] += 1
        elif k == "damage":
            to_player = e.get("target_seat") is not None and e["obj2"] >= 1 << 20
            if not to_player:
                continue
            if e["target_seat"] == opp and e["phase"] not in COMBAT_STEPS:
                f["face_burn"] += e["a"]
            if e["target_seat"] == focus:
                f["dmg_combat" if e["phase"] in COMBAT_STEPS else "dmg_noncombat"] += e["a"]
            if e["target_seat"] == focus and e["phase"] in COMBAT_STEPS:
                if cards.flying(e["card_name"]):
                    f["flier_dmg"] += e["a"]
                if e["obj"] not in blocked_now:
                    idle = [
                        o
                        for o, (n, t) in bf[focus].items()
                        if cards.is_creature(n, t)
                        and o not in attacked_last
                        and o not in blockers_now
                    ]
                    if idle:
                        f["unblocked_dmg"] += e["a"]
        elif k == "game_end":
            f["won"] = int(e.get("winner") == focus)
            f["end_turn"] = own_turn
    # a nontoken creature of focus's dying in the same combat step as a token of the opponent
    for (side, o), seq in deaths_in_combat.items():
        if side != focus or o in token_objs:
            continue
        if any(
            s2 == opp and o2 in token_objs and abs(seq2 - seq) < 6
            for (s2, o2), seq2 in deaths_in_combat.items()
        ):
            f["traded_for_token"] += 1
    return f


KEYS = [
    "end_turn",
    "lands4",
    "lands6",
    "life4",
    "life6",
    "life8",
    "crea4",
    "opp_crea4",
    "crea6",
    "opp_crea6",
    "crea8",
    "opp_crea8",
    "power4",
    "opp_power4",
    "power6",
    "opp_power6",
    "power8",
    "opp_power8",
    "hand6",
    "opp_hand6",
    "hand8",
    "opp_hand8",
    "dmg_combat",
    "dmg_noncombat",
    "screw4",
    "flood6",
    "stuck_colour",
    "stuck_mana",
    "idle_turns",
    "fizzled",
    "face_burn",
    "unblocked_dmg",
    "flier_dmg",
    "behind6",
    "traded_for_token",
    "land_colour_miss",
    "land_colour_miss_idle",
    "held_removal",
]
# Figures taken at the end of an own turn: averaged over the games that reached it.
SNAPSHOT = re.compile(r"\D+[468]$")


def main(argv: list[str]) -> None:
    prefix, runs = argv[0], argv[1:]
    cards = Cards()
    rows = {0: [], 1: []}  # won -> figures
    for events in games(runs):
        decks = events[0]["decks"]
        if decks[0] == decks[1]:
            continue
        seats = [s for s, d in enumerate(decks) if d.startswith(prefix)]
        if not seats:
            continue
        fig = game_figures(events, seats[0], cards)
        rows[fig["won"]].append(fig)
    print(f"{prefix}: {len(rows[1])} wins, {len(rows[0])} losses")
    held = collections.Counter()
    for r in rows[0] + rows[1]:
        held.update({k[5:]: v for k, v in r.items() if k.startswith("held:")})
    print("removal held (end steps):", ", ".join(f"{k} {v}" for k, v in held.most_common(8)))
    print(f"{'figure':18s}{'lost':>8s}{'won':>8s}")
    for key in KEYS:
        vals = []
        for w in (0, 1):
            had = [r for r in rows[w] if not SNAPSHOT.match(key) or key in r]
            vals.append(sum(r[key] for r in had) / max(len(had), 1))
        print(f"{key:18s}{vals[0]:8.2f}{vals[1]:8.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])

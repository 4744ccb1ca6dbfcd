"""A 3-4 seat game's board replayed from its event log, and the threat readings scored against
who hit hardest (study script; used by tools/pod_census.py, split from it).

The log has no power or toughness: a creature is read at its printed stats plus its +1/+1 and
-1/-1 counters (tokens the catalog does not know: 1/1, a Bird flying); pumps and anthems are
missed. Tapping is replayed from the events.
"""

import collections

from analyzer.cards.catalog import load_catalog
from analyzer.enums import Keyword

_catalog = load_catalog()
_stats: dict[str, tuple | None] = {}
_TOKENS = {"Bird": (1, 1, True, False, False), "Fish": (1, 1, False, False, False)}
_TOKENS.update({"Rabbit": (1, 1, False, False, False), "Otter": (1, 1, False, False, False)})
_TOKENS["Squirrel"] = (1, 1, False, False, False)


def stats(name: str | None) -> tuple | None:
    """(power, toughness, evasive (flying, can't be blocked), reach, vigilance) of a creature;
    None for anything else."""
    if name is None:
        return None
    if name not in _stats:
        try:
            rec = _catalog.lookup(name)
        except Exception:  # a token name the catalog does not know
            rec = None
        if rec is None:
            _stats[name] = _TOKENS.get(name)
        elif "Creature" not in (rec.type_line or "") or rec.keywords & Keyword.DEFENDER:
            _stats[name] = None
        else:
            kw = rec.keywords
            fly = bool(kw & (Keyword.FLYING | Keyword.UNBLOCKABLE))
            vig = bool(kw & Keyword.VIGILANCE)
            _stats[name] = (rec.power or 0, rec.toughness or 0, fly, bool(kw & Keyword.REACH), vig)
    return _stats[name]


class Board:
    """The battlefield's creatures: object -> [controller, name, +1/+1 counters, turn in,
    tapped]. An attacker taps (no vigilance), a seat's creatures untap as its turn begins (a
    stunned one stays tapped), tap and untap effects are read."""

    def __init__(self) -> None:
        self.bf: dict[int, list] = {}

    def apply(self, e: dict) -> None:
        k = e["kind"]
        o2 = e["obj2"]
        if k == "zone":
            if e.get("from_zone") == "battlefield":
                self.bf.pop(e["obj"], None)
            if e["to_zone"] == "battlefield" and stats(e["card_name"]):
                self.bf[e["obj"]] = [e["seat"], e["card_name"], 0, e["turn"], False]
        elif k == "token" and stats(e["card_name"]):
            self.bf[e["obj"]] = [e["seat"], e["card_name"], 0, e["turn"], False]
        elif k == "control" and e["obj"] in self.bf:
            self.bf[e["obj"]][0] = e["seat"]
        elif k == "turn_start":
            for c in self.bf.values():
                if c[0] == e["seat"]:
                    c[4] = False
        elif k == "attack" and e["obj"] in self.bf and not stats(e["card_name"])[4]:
            self.bf[e["obj"]][4] = True
        elif k == "effect" and o2 in self.bf:
            if e.get("effect") == "tap" or (e.get("effect") == "untap" and e.get("stunned")):
                self.bf[o2][4] = True
            elif e.get("effect") == "untap":
                self.bf[o2][4] = False
            elif e.get("effect") == "counters" and e.get("counter") == "+1/+1":
                self.bf[o2][2] += e.get("count") or 0
            elif e.get("effect") == "counters" and e.get("counter") == "-1/-1":
                self.bf[o2][2] -= e.get("count") or 0

    def power(self, o: int) -> int:
        c = self.bf[o]
        return max(stats(c[1])[0] + c[2], 0)

    def board(self, s: int) -> int:
        return sum(self.power(o) for o, c in self.bf.items() if c[0] == s)

    def past(self, q: int, p: int) -> int:
        """ai_multi._damage_past: q's creatures (tapped and new ones too) past all of p's."""
        mine = [o for o, c in self.bf.items() if c[0] == q]
        fly = sorted((self.power(o) for o in mine if stats(self.bf[o][1])[2]), reverse=True)
        ground = sorted((self.power(o) for o in mine if not stats(self.bf[o][1])[2]), reverse=True)
        theirs = [c for c in self.bf.values() if c[0] == p]
        air = sum(1 for c in theirs if stats(c[1])[2] or stats(c[1])[3])
        left = max(air - len(fly), 0) + len(theirs) - air
        return sum(fly[air:]) + sum(ground[left:])

    def past_home(self, q: int, p: int) -> int:
        """past() through p's untapped creatures only (those that did not attack)."""
        keep = {o: c for o, c in self.bf.items() if c[0] != p or not c[4]}
        full, self.bf = self.bf, keep
        try:
            return self.past(q, p)
        finally:
            self.bf = full

    def past_idle(self, q: int, p: int, turn: int) -> int:
        """past() through p's creatures that cannot attack this turn (new, tapped, no power)
        or have vigilance: those sure to be home whatever p attacks with."""
        keep = {
            o: c
            for o, c in self.bf.items()
            if c[0] != p or c[3] >= turn or c[4] or self.power(o) == 0 or stats(c[1])[4]
        }
        full, self.bf = self.bf, keep
        try:
            return self.past(q, p)
        finally:
            self.bf = full

    def through(self, p: int, q: int, turn: int) -> int:
        """Damage p's untapped creatures in play before this turn get past q's untapped ones
        (the _through model)."""
        mine = [o for o, c in self.bf.items() if c[0] == p and c[3] < turn and not c[4]]
        fly = sorted((self.power(o) for o in mine if stats(self.bf[o][1])[2]), reverse=True)
        ground = sorted((self.power(o) for o in mine if not stats(self.bf[o][1])[2]), reverse=True)
        theirs = [c for c in self.bf.values() if c[0] == q and not c[4]]
        air = sum(1 for c in theirs if stats(c[1])[2] or stats(c[1])[3])
        left = max(air - len(fly), 0) + len(theirs) - air
        return sum(fly[air:]) + sum(ground[left:])


def leaders(values: list[int], alive: list[bool], skip: int) -> set[int]:
    cand = [s for s in range(len(values)) if alive[s] and s != skip]
    if not cand:
        return set()
    top = max(values[s] for s in cand)
    return {s for s in cand if values[s] == top}


def score_round(
    pred: dict, dmg: list, x: collections.Counter, decks: list, st: dict, note: list
) -> None:
    """Which opponent's threat reading named the one that hit p hardest before p's next turn
    (rounds where some opponent hit p)."""
    if not pred or max(dmg) <= 0:
        return
    top = max(dmg[q] for q in pred)
    x["rounds where p was hit"] += 1
    readings = {
        "3 x damage past p's team + hand (RULES /48)": lambda q: 3 * pred[q][0] + pred[q][2],
        "3 x whole power + hand (before RULES /48)": lambda q: 3 * pred[q][1] + pred[q][2],
        "3 x damage past p's untapped team after its attack + hand": lambda q: (
            3 * pred[q][3] + pred[q][2]
        ),
        "3 x damage past p's creatures that cannot attack + hand (ai_multi now)": lambda q: (
            3 * pred[q][4] + pred[q][2]
        ),
        "3 x (power + damage past p's team) + hand": lambda q: (
            3 * (pred[q][0] + pred[q][1]) + pred[q][2]
        ),
    }
    for name, f in readings.items():
        best = max(pred, key=lambda q: (f(q), -q))
        x[f"  named the hardest hitter: {name}"] += dmg[best] == top
        if "RULES /48)" in name or "cannot attack" in name:
            st[decks[best]][f"named leader ({name[:44]})"] += 1
    for q in pred:
        st[decks[q]]["hardest hitter of a seat (ties count each)"] += dmg[q] == top
    now = max(pred, key=lambda q: (3 * pred[q][0] + pred[q][2], -q))
    idle = max(pred, key=lambda q: (3 * pred[q][4] + pred[q][2], -q))
    if now != idle and dmg[idle] == top and dmg[now] < top and top >= 5:
        note.append(f"threat named {decks[now]}, the hardest hitter ({top}) was {decks[idle]}")
    x["  named at random (expected x100)"] += round(
        100 * sum(1 for q in pred if dmg[q] == top) / len(pred)
    )

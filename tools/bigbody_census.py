"""What opponents do against a big body, from the event logs of simulate runs (study script).

Usage: PYTHONPATH=$PWD python3 tools/bigbody_census.py [--where] RUN_DIR [RUN_DIR...]
(simulate --log-games N --per-game --out RUN_DIR; --where prints each held turn: body's
deck, matchup folder, game, holder's deck, turn, the spells held, the body)

A big body is a nontoken creature card of printed power 4 or more, or of mana value 4 or more
with toughness 4 or more (Teapot Slinger's 3/4). Per controlling deck (per game it played),
for each big body that enters: the damage it deals to players, how it leaves play (combat
death, a targeted spell or ability, bounce, still in play at the game's end), double blocks
against it, and the opponent's removal around it: removal aimed at a smaller creature of
the body's controller while the body was in play (and whether that spell could have killed
the body: destroy/exile of a creature, or damage reaching its toughness), removal spent on
a smaller creature before the body came with none left in hand when it came, and the
opponent's own turns ended holding a removal spell that kills the body and that its lands
could pay for, split by whether the mana went to other spells that turn.
"""

import collections
import re
import sys

from runlogs import COMBAT_STEPS, Zones, games

from analyzer.cards.catalog import load_catalog
from analyzer.cards.derive import derive_role
from analyzer.enums import AiRole

DAMAGE = re.compile(r"deals (\d+) damage to (?:any target|target creature)")
# destroy/exile that can take a creature ("target creature", "target nonland permanent",
# "target nontoken creature")
KILLS = re.compile(r"(?:destroy|exile) target (?:non\w+ )?(?:creature|permanent)")
HELD = "opp turns ended holding castable removal that kills it"

_catalog = load_catalog()
_info: dict[str, tuple] = {}


def info(name: str) -> tuple:
    """(is a creature, power, toughness, mana value, is removal, kills any, damage reach,
    is a land)."""
    if name not in _info:
        c = _catalog.lookup(name) if name else None
        if c is None:
            _info[name] = (False, 0, 0, 0, False, False, 0, False)
            return _info[name]
        text = (c.oracle or "").lower()
        m = DAMAGE.search(text)
        _info[name] = (
            "Creature" in (c.type_line or ""),
            c.power or 0,
            c.toughness or 0,
            c.mv,
            derive_role(c) == AiRole.REMOVAL,
            bool(KILLS.search(text)),
            int(m.group(1)) if m else 0,
            "Land" in (c.type_line or ""),
        )
    return _info[name]


def big(name: str, token: bool) -> bool:
    creature, pw, t, mv, *_ = info(name)
    return creature and not token and (pw >= 4 or (mv >= 4 and t >= 4))


def could_kill(spell: str, body: str) -> bool:
    """Could the removal spell kill the body outright (a bite or fight never counts)?"""
    _, _, t, *_ = info(body)
    _, _, _, _, removal, kills_any, reach, _ = info(spell)
    return removal and (kills_any or reach >= t)


class Game:
    """One logged game's walk: hands, lands, permanents, the big bodies in play."""

    def __init__(self, head: dict, out: dict, where: str):
        self.decks = [d[:2] for d in head["decks"]]
        self.where = f"{where} {head['game']}"
        self.out = out
        self.z = Zones(lambda name: info(name)[7])
        self.spent = [0, 0]  # mana each seat spent on spells in its own turn
        self.bodies: dict[int, dict] = {}
        self.spent_small = [0, 0]  # removal each seat aimed at a smaller creature so far
        self.caster_of: dict[int, int] = {}
        self.blockers: dict[int, list] = collections.defaultdict(list)
        self.turn = -1
        self.active = 0
        self.with_body: set = set()

    def st(self, seat: int) -> collections.Counter:
        return self.out[self.decks[seat]]

    def end_turn(self, verbose: bool) -> None:
        for rec in self.bodies.values():
            q = 1 - rec["seat"]
            if self.active != q:
                continue  # the opponent's own turns: every removal spell had its window
            self.st(rec["seat"])["opp turns it was in play"] += 1
            held = [
                n
                for n in self.z.hand[q].values()
                if info(n)[3] <= self.z.lands[q] and could_kill(n, rec["name"])
            ]
            if not held:
                continue
            st = self.st(rec["seat"])
            st[HELD] += 1
            spent = self.z.lands[q] - self.spent[q] < min(info(n)[3] for n in held)
            st[HELD + (": mana spent on other spells" if spent else ": mana left")] += 1
            self.out["held"][held[0]] += 1
            if verbose:
                print("HELD", self.decks[1 - q], self.where, self.decks[q], self.turn, held, rec)

    def event(self, e: dict, verbose: bool) -> None:
        k = e["kind"]
        seat = e.get("seat")
        if k == "turn_start":
            if self.turn >= 0:
                self.end_turn(verbose)
            self.turn = e["turn"]
            self.active = e.get("active", 0)
            self.spent = [0, 0]
            self.blockers.clear()
        elif k in ("cast", "activate"):
            self.caster_of[e["obj"]] = seat
            if k == "cast" and seat == self.active and e.get("c", -1) > 0:
                self.spent[seat] += e["c"]
        elif k == "target":
            self.target(e)
        elif k == "block":
            att = e["obj2"]
            self.blockers[att].append(e["obj"])
            if att in self.bodies and len(self.blockers[att]) == 2:
                self.st(self.bodies[att]["seat"])["double blocked"] += 1
        elif k == "damage":
            if e["obj"] in self.bodies and e.get("target_seat") is not None:
                self.bodies[e["obj"]]["to_player"] += e["a"]
        elif k in ("zone", "draw", "token"):
            self.zone(e)
        elif k == "game_end":
            self.end_turn(verbose)
            for rec in self.bodies.values():
                st = self.st(rec["seat"])
                st["left: in play at the end"] += 1
                st["damage to players"] += rec["to_player"]
                if e.get("b") == 1 - rec["seat"]:
                    st["in play at the end, its controller lost"] += 1
            for s in self.with_body:
                self.st(s)["games with a big body"] += 1

    def target(self, e: dict) -> None:
        spell, tgt = e["card_name"], e["obj2"]
        if tgt not in self.z.bf or not info(spell)[4]:
            return
        tseat, tname, ttok = self.z.bf[tgt]
        caster = self.caster_of.get(e["obj"], -1)
        if caster in (tseat, -1):
            return  # a bite's own creature, or an unknown source
        if tgt in self.bodies:
            self.bodies[tgt]["targeted"] = spell
            return
        if big(tname, ttok):
            return
        self.spent_small[caster] += 1
        for rec in self.bodies.values():
            if rec["seat"] == tseat:
                key = "opp removal at a smaller creature while in play"
                self.st(tseat)[key] += 1
                if could_kill(spell, rec["name"]):
                    self.st(tseat)[key + " (could kill it)"] += 1
                    self.out["spells"][f"{spell} -> {tname} (not {rec['name']})"] += 1
                break

    def zone(self, e: dict) -> None:
        left, entered = self.z.apply(e, self.active)
        if left and left[0] in self.bodies:
            self.leaves(self.bodies.pop(left[0]), e["to_zone"], e["phase"])
        if entered and big(entered[2], entered[3]):
            self.enters(*entered[:3])

    def enters(self, o: int, ctrl: int, name: str) -> None:
        q = 1 - ctrl
        st = self.st(ctrl)
        st["big bodies entered"] += 1
        self.with_body.add(ctrl)
        held = [n for n in self.z.hand[q].values() if info(n)[4]]
        if self.spent_small[q] and not held:
            st["came after opp spent removal on smaller, none left"] += 1
        if held:
            st["came while opp held removal"] += 1
        self.bodies[o] = dict(seat=ctrl, name=name, to_player=0, targeted=None)
        self.out["names"][name] += 1

    def leaves(self, rec: dict, tz: str, phase: str) -> None:
        st = self.st(rec["seat"])
        st["damage to players"] += rec["to_player"]
        if tz == "graveyard" and phase in COMBAT_STEPS:
            st["left: died in combat"] += 1
        elif tz in ("graveyard", "exile") and rec["targeted"]:
            st["left: removal spell/ability"] += 1
            self.out["removed by"][rec["targeted"]] += 1
        elif tz == "hand":
            st["left: bounced"] += 1
        else:
            st["left: other"] += 1


EXTRA = ("names", "spells", "removed by", "held")


def census(paths: list[str], verbose: bool = False) -> dict:
    out: dict = collections.defaultdict(collections.Counter)
    for ev in games(paths):
        g = Game(ev[0], out, "")
        for d in g.decks:
            out[d]["games"] += 1
        for e in ev[1:]:
            g.event(e, verbose)
    return out


def main(argv: list[str]) -> None:
    verbose = "--where" in argv
    st = census([a for a in argv if a != "--where"], verbose)
    for deck in sorted(k for k in st if k not in EXTRA):
        d = st[deck]
        n = max(d["games"], 1)
        print(f"{deck}  ({d['games']} games)")
        for key, v in sorted(d.items()):
            if key != "games":
                print(f"   {key:70} {v:5}  {v / n:.2f}/game")
    for key in EXTRA:
        print(key + ":", ", ".join(f"{k} {v}" for k, v in st[key].most_common(12)))


if __name__ == "__main__":
    main(sys.argv[1:])

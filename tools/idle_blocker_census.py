"""Combat damage taken while a creature of the defender stood idle, by class, from the event
logs of simulate runs (study script, issue 14 item 1: blocks that weigh the race).

Usage: PYTHONPATH=$PWD python3 tools/idle_blocker_census.py DECK_PREFIX RUN_DIR [RUN_DIR...]
(simulate DECK --log-games N --per-game --policy heuristic --out RUN_DIR)

For the deck whose name starts with DECK_PREFIX, as the defender: each combat where an
attacker of the opponent went unblocked and dealt it damage while one of its creatures did not
block (untapped by this reading: it did not attack in its own turn before, no vigilance read;
not targeted this turn or the last, a stun or tap read; no "can't block" in its text) and could
block that attacker (flying needs flying or reach, printed keywords; an attacker whose text says
it "can't be blocked." is left out, threshold ones too; menace is not read). Each such
combat is put in one class, the first that fits, with printed power and toughness (pumps,
counters, anthems missed; a token is read as a 1/1):
  good     an idle creature would have killed an unblocked attacker and lived, or traded
           with one of higher mana value (a good trade missed)
  needed   the defender lost within its next two turns' worth of the opponent's attacks (the
           game ended by the turn after next of the opponent): a chump or trade was due
  waste    otherwise: a block would only have thrown the creature away
Per class: combats and damage per won / lost game. With --list, the lost games' "needed" and
"good" combats (opponent, game, turn, life before the combat, damage taken, the attackers and
the idle creatures) to replay (the log folder logs/<matchup>/ names the matchup).

Read at fe8d828 (simulate DECK --games 300 --seed 5 --log-games 300, against the gauntlet,
mirrors left out), per game won / lost, combats and damage:
  WB  good 0.44 1.88 / 0.48 2.65   needed 0 / 0.20 1.26   waste 1.34 5.08 / 1.04 4.29
  UR  good 0.24 0.70 / 0.37 1.80   needed 0 / 0.20 1.19   waste 0.73 2.44 / 0.87 3.14
"good" is mostly printed-stat noise (valiant, counters and pumps grow the attackers; offspring
copies read as 1/1s). Of the "needed" combats (both decks), 219 left the defender at 1-5 life
with a nontoken non-flier of power + toughness over 3 idle (the chump rule's size limit), 167
were lethal anyway (several attackers, menace), 113 left more. Letting any non-flier chump when
the hit leaves 5 or less failed the seat-0 A/B (seed 1: net -457 of 162,000 games), and so did
the same limited to a chump that cannot wait (net -316): the race read that calls the game
lost is too pessimistic for a card to be thrown away on it.
"""

import collections
import re
import sys

from runlogs import COMBAT_STEPS, CardFacts, Zones, games

FLY, REACH, DEATH, FIRST = "flying", "reach", "deathtouch", "first strike"
UNBL = "unblockable"  # "can't be blocked" anywhere in the text (threshold ones too)

facts = CardFacts(
    lambda r: (
        r.power or 0,
        r.toughness or 0,
        set(r.keyword_names) | ({UNBL} if re.search(r"can't be blocked\.", r.oracle) else set()),
        bool(r.types & 2),
        r.cost.generic + sum(r.cost.colored),
        bool(r.is_land),
        "can't block" in r.oracle,
    ),
    (1, 1, set(), True, 0, False, False),
)
NONCREATURE_TOKENS = {"Treasure", "Food", "Clue", "Blood"}


def is_creature(name: str, token: bool) -> bool:
    if token:
        return name not in NONCREATURE_TOKENS
    return facts.get(name)[3]


def stats(name: str, token: bool) -> tuple:
    return facts.get(None if token else name)


def classify(att_stats, idle_stats, needed) -> tuple[str, tuple]:
    for ai, (ap, at, akw, _c, amv, _l, _n) in enumerate(att_stats):
        if UNBL in akw:
            continue
        for bi, (bp, bt, bkw, _c2, bmv, _l2, _n2) in enumerate(idle_stats):
            if FLY in akw and not (bkw & {FLY, REACH}):
                continue
            b_kills = bp >= at or (DEATH in bkw and bp > 0)
            a_kills = ap >= bt or (DEATH in akw and ap > 0)
            if b_kills and not a_kills:
                return "good", (ai, bi)
            if b_kills and amv > bmv and not (FIRST in akw and FIRST not in bkw):
                return "good", (ai, bi)
    return ("needed" if needed else "waste"), ()


def walk(ev, prefix, st, listing):
    decks = ev[0]["decks"]
    seats = [s for s in (0, 1) if decks[s].startswith(prefix)]
    if len(seats) != 1:
        return
    d = seats[0]
    end = ev[-1]
    won = end.get("winner") == d
    end_turn = end["turn"]
    tag = "won" if won else "lost"
    st[tag]["games"] += 1
    zones = Zones(lambda n: facts.get(n)[5])
    attacked_in: dict[int, set] = collections.defaultdict(set)
    blocks: dict[int, set] = collections.defaultdict(set)  # turn -> blockers
    blocked: dict[int, set] = collections.defaultdict(set)  # turn -> attackers blocked
    dmg: dict[int, collections.Counter] = collections.defaultdict(collections.Counter)
    for e in ev:
        if e["kind"] == "attack":
            attacked_in[e["turn"]].add(e["obj"])
        elif e["kind"] == "block":
            blocks[e["turn"]].add(e["obj"])
            blocked[e["turn"]].add(e["obj2"])
        elif (
            e["kind"] == "damage"
            and e.get("target_seat") == d
            and e["phase"] in COMBAT_STEPS
            and e["active"] != d
        ):
            dmg[e["turn"]][e["obj"]] += e["a"]
    done = set()
    life = [20, 20]
    touched: dict[int, set] = collections.defaultdict(set)  # turn -> objects targeted
    for e in ev:
        if e["kind"] == "target" and e["obj2"] >= 0:
            touched[e["turn"]].add(e["obj2"])
    for e in ev:
        zones.apply(e, e.get("active"))
        if e["kind"] == "life":
            life[e["seat"]] = e["b"]
        t = e["turn"]
        if e["kind"] != "attack" or e["active"] == d or t in done:
            continue
        done.add(t)
        unblocked = [o for o in dmg[t] if o not in blocked[t]]
        if not unblocked:
            continue
        idle = [
            (o, name, tok)
            for o, (ctrl, name, tok) in zones.bf.items()
            if ctrl == d
            and is_creature(name, tok)
            and not stats(name, tok)[6]
            and o not in blocks[t]
            and o not in attacked_in[t - 1]
            and o not in touched[t]
            and o not in touched[t - 1]
        ]
        if not idle:
            continue
        att = [zones.bf.get(o) for o in unblocked]
        att = [a for a in att if a and UNBL not in stats(a[1], a[2])[2]]
        att_stats = [stats(a[1], a[2]) for a in att]
        idle_stats = [stats(name, tok) for _o, name, tok in idle]
        idle = [
            i
            for i, s in zip(idle, idle_stats, strict=True)
            if any(FLY not in a[2] or s[2] & {FLY, REACH} for a in att_stats)
        ]
        reach = [stats(name, tok) for _o, name, tok in idle]
        if not reach:
            continue
        needed = not won and end_turn <= t + 2
        cls, pair = classify(att_stats, reach, needed)
        taken = sum(
            dmg[t][o]
            for o in unblocked
            if o in zones.bf and UNBL not in stats(zones.bf[o][1], zones.bf[o][2])[2]
        )
        st[tag][cls] += 1
        st[tag][cls + "_dmg"] += taken
        if listing and not won and cls in ("good", "needed"):
            names = ",".join(a[1] for a in att)
            idle_names = ",".join(name for _o, name, _t in idle)
            if pair:
                names = f"{att[pair[0]][1]}<-{idle[pair[1]][1]} / " + names
            where = f"{decks[1 - d][:2]} g{ev[0]['game']} t{t} life {life[d]} took {taken}"
            print(f"  {cls:6s} {where} [{names}] idle [{idle_names}]")


def main(argv):
    listing = "--list" in argv
    argv = [a for a in argv if a != "--list"]
    prefix, runs = argv[0], argv[1:]
    st = collections.defaultdict(collections.Counter)
    for ev in games(runs):
        walk(ev, prefix, st, listing)
    for tag in ("won", "lost"):
        n = st[tag]["games"]
        print(f"{prefix} {tag}: {n} games")
        for cls in ("good", "needed", "waste"):
            c, dm = st[tag][cls], st[tag][cls + "_dmg"]
            rate, dmg_rate = c / max(n, 1), dm / max(n, 1)
            print(f"   {cls:7s} combats {rate:5.2f}/game  damage {dmg_rate:5.2f}/game")


if __name__ == "__main__":
    main(sys.argv[1:])

"""Do games end when they should? Closing failures, held attackers and needless chumps per
deck, from the JSON-lines event logs of simulate runs (study script, issue 14).

Usage: PYTHONPATH=$PWD python3 tools/closeout_census.py RUN_DIR [RUN_DIR...]
(runs from `simulate DECK --log-games N --per-game --policy heuristic --out RUN_DIR`; every
seat of every logged game counts for its own deck).

The log has no power or toughness: creatures are read at their printed stats (a token copy
made by offspring, or a Rabbit, Fish, Otter or Bird token, as a 1/1), so counters, anthems and
pumps are missed, and so are control changes (a creature Kitnap took still counts for its owner),
tapping beyond the turn after a targeting, and mana abilities (a mana creature tapped for mana
counts as held): a figure here is a screen for positions to look at, not a verdict.

Per deck, per game it played:
  low5 lost5  games where it brought the opponent to 5 life or less / and still lost
  low3 lost3  the same at 3 life or less
  close       of the games it won after bringing the opponent to 5 or less: its own turns from
              then to the win (0: the same turn), mean
  hold5       its own turns with the opponent at 1-5 life on which a creature that could attack
              (in play since before the turn, printed power above 0, no defender, not used for
              an ability that turn, not the target of anything on the turn before: Splash
              Lasher's stun, a tapper) stayed home; hold5L: those in games it lost
  l2          its own turns where twice its attackers' printed power reaches the opponent's
              life ("lethal in two" unblocked); l2held: those where one of them stayed home
  free safe trade eaten  those held creatures on l2 turns by the fight the opponent's creatures
              offer it: no creature that can block it (fliers need flying or reach), none that
              kills it, one that trades with it, one that kills it and survives
  chump       its blocks in which the blocker died and the attacker lived
  chump5      of those, with the opponent at 5 life or less and its own life above the
              combat's damage plus 2 (a chump it did not need to live)
  soak        blocks of its attackers in which neither creature died (the defender stopped the
              damage for nothing); soakT: of those, with an instant trick (the built-in
              player's TRICK role) in its hand that its spare lands paid for (lands less the
              mana it cast this turn; colours not checked) and no spell cast by it after
              blocks: a soak it did not punish
"""

import collections
import json
import sys
from pathlib import Path

from runlogs import COMBAT_STEPS, combat_deaths

from analyzer.cards.catalog import load_catalog
from analyzer.cards.derive import derive_role
from analyzer.enums import AiRole, Keyword

# tokens that are creatures but not cards: (power, toughness, flying)
_TOKEN_CREATURES = {"Rabbit": (1, 1, False), "Fish": (1, 1, False), "Otter": (1, 1, False)}
_TOKEN_CREATURES["Bird"] = (1, 1, True)
_AFTER_ATTACKS = ("declare attackers", "declare blockers", "combat damage", "end of combat")
_AFTER_ATTACKS += ("first-strike damage", "main 2", "end", "cleanup")
_AFTER_BLOCKS = ("declare blockers", "first-strike damage", "combat damage")

_catalog = load_catalog()
_cards: dict[str, tuple | None] = {}


def card_stats(name: str) -> tuple | None:
    """(power, toughness, flying, reach, defender) of a creature card; None for anything else."""
    if name not in _cards:
        try:
            rec = _catalog.lookup(name)
        except Exception:  # a token name the catalog does not know
            rec = None
        if rec is None or "Creature" not in (rec.type_line or ""):
            _cards[name] = None
        else:
            kw = rec.keywords
            _cards[name] = (
                rec.power or 0,
                rec.toughness or 0,
                bool(kw & Keyword.FLYING),
                bool(kw & Keyword.REACH),
                bool(kw & Keyword.DEFENDER),
            )
    return _cards[name]


_spells: dict[str, tuple[int, bool, bool]] = {}


def spell_facts(name: str) -> tuple[int, bool, bool]:
    """(mana value, is a land, is an instant-speed trick) of a card name."""
    if name not in _spells:
        try:
            rec = _catalog.lookup(name)
        except Exception:  # a token name the catalog does not know
            rec = None
        if rec is None:
            _spells[name] = (0, False, False)
        else:
            fast = "Instant" in rec.type_line or bool(rec.keywords & Keyword.FLASH)
            trick = fast and derive_role(rec) == AiRole.TRICK
            _spells[name] = (rec.mv, rec.is_land, trick)
    return _spells[name]


def stats(name: str, token: bool) -> tuple | None:
    """Printed stats of a permanent; a token copy of a creature card (offspring) is a 1/1."""
    if name in _TOKEN_CREATURES:
        p, t, fly = _TOKEN_CREATURES[name]
        return (p, t, fly, False, False)
    s = card_stats(name)
    if s is not None and token:
        return (1, 1, *s[2:])
    return s


def fight(me: tuple, theirs: list[tuple]) -> str:
    """The fight the opponent's creatures offer a creature with stats me (printed stats)."""
    p, t, fly = me[0], me[1], me[2]
    blockers = [x for x in theirs if not fly or x[2] or x[3]]
    if not blockers:
        return "free"
    if all(x[0] < t for x in blockers):
        return "safe"
    if any(x[0] >= t and x[1] > p for x in blockers):
        return "eaten"
    return "trade"


def walk(ev: list[dict], st: dict) -> None:
    """Add one game's figures to st (deck -> Counter)."""
    decks = [d[:2] for d in ev[0]["decks"]]
    losers = [e["seat"] for e in ev if e["kind"] == "loses"]
    loser = losers[0] if losers else None
    for s in range(2):
        st[decks[s]]["games"] += 1
    attacked = collections.defaultdict(set)
    used = collections.defaultdict(set)  # activated this turn, or targeted the turn before
    for e in ev:
        if e["kind"] == "attack":
            attacked[e["turn"]].add(e["obj"])
        elif e["kind"] == "activate":
            used[e["turn"]].add(e["obj"])
        elif e["kind"] == "target" and e["obj2"] >= 0:
            used[e["turn"] + 1].add(e["obj2"])  # tapped or stunned on the turn before, maybe
    bf: list[dict] = [{}, {}]  # obj -> (name, turn it entered, token)
    tokens = {e["obj"] for e in ev if e["kind"] == "token"}
    life = [20, 20]
    low = [99, 99]
    first_low = [0, 0]  # the turn each seat first fell to 5 life or less
    checked = set()
    for e in ev:
        t = e["turn"]
        if t > 0 and t not in checked and e["phase"] in _AFTER_ATTACKS:
            checked.add(t)
            _held(st, decks, bf, life, attacked[t], used[t], t, e["active"], loser)
        if e["kind"] == "zone":
            if e["to_zone"] == "battlefield":
                bf[e["seat"]][e["obj"]] = (e["card_name"], t, e["obj"] in tokens)
            elif e["from_zone"] == "battlefield":
                for q in (0, 1):
                    bf[q].pop(e["obj"], None)
        elif e["kind"] == "life":
            life[e["seat"]] = e["b"]
            if e["b"] > 0:
                low[e["seat"]] = min(low[e["seat"]], e["b"])
            if e["b"] <= 5 and not first_low[e["seat"]]:
                first_low[e["seat"]] = t
    for s in range(2):
        d = st[decks[s]]
        for cut in (5, 3):
            if low[1 - s] <= cut:
                d[f"low{cut}"] += 1
                d[f"lost{cut}"] += loser == s
        if low[1 - s] <= 5 and loser == 1 - s:
            d["closed"] += 1
            d["close_turns"] += (ev[-1]["turn"] - first_low[1 - s]) // 2
    _chumps(ev, st, decks)
    _soaks(ev, st, decks)


def _held(st, decks, bf, life, attacked, used, turn, a, loser) -> None:
    """The held attackers of the active player a on this turn (see the module docstring)."""
    o = 1 - a
    mine = []
    for obj, (name, entered, token) in bf[a].items():
        s = stats(name, token)
        if entered < turn and s and s[0] > 0 and not s[4] and obj not in used:
            mine.append((obj, s))
    theirs = [s for name, _e, token in bf[o].values() if (s := stats(name, token))]
    held = [s for obj, s in mine if obj not in attacked]
    d = st[decks[a]]
    if 0 < life[o] <= 5 and held:
        d["hold5"] += 1
        d["hold5L"] += loser == a
    if 0 < life[o] <= 2 * sum(s[0] for _obj, s in mine):
        d["l2"] += 1
        if held:
            d["l2held"] += 1
            for s in held:
                d[fight(s, theirs)] += 1


def _chumps(ev: list[dict], st: dict, decks: list[str]) -> None:
    died = combat_deaths(ev)
    life = [20, 20]
    before = {}  # turn -> both lives when attacks were declared
    dealt = collections.Counter()  # turn -> combat damage dealt
    for e in ev:
        if e["kind"] == "life":
            life[e["seat"]] = e["b"]
        elif e["kind"] == "attack":
            before.setdefault(e["turn"], tuple(life))
        elif e["kind"] == "damage" and e["phase"] in COMBAT_STEPS:
            dealt[e["turn"]] += e["a"]
    for e in ev:
        t = e["turn"]
        if e["kind"] != "block" or (t, e["obj"]) not in died or (t, e["obj2"]) in died:
            continue
        s = e["seat"]
        d = st[decks[s]]
        d["chump"] += 1
        lives = before.get(t, (20, 20))
        if lives[1 - s] <= 5 and lives[s] > dealt[t] + 2:
            d["chump5"] += 1


def _soaks(ev: list[dict], st: dict, decks: list[str]) -> None:
    died = combat_deaths(ev)
    after_blocks = {
        (e["turn"], e["seat"]) for e in ev if e["kind"] == "cast" and e["phase"] in _AFTER_BLOCKS
    }
    hand = [collections.Counter(), collections.Counter()]
    lands = [0, 0]
    spent = [0, 0]
    for e in ev:
        k = e["kind"]
        t = e["turn"]
        if k == "turn_start":
            spent = [0, 0]
        elif k == "draw":
            hand[e["seat"]][e["card_name"]] += 1
        elif k == "zone" and e["seat"] in (0, 1) and e.get("to_zone") != "none":
            if e.get("from_zone") == "hand":
                hand[e["seat"]][e["card_name"]] -= 1
            if e.get("to_zone") == "battlefield" and spell_facts(e["card_name"])[1]:
                lands[e["seat"]] += 1
        elif k == "cast" and e["c"] > 0:
            spent[e["seat"]] += e["c"]
        elif k == "block" and (t, e["obj"]) not in died and (t, e["obj2"]) not in died:
            a = e["active"]
            st[decks[a]]["soak"] += 1
            spare = lands[a] - spent[a]
            for name, n in hand[a].items():
                mv, _land, trick = spell_facts(name)
                if n > 0 and trick and 0 < mv <= spare:
                    st[decks[a]]["soakT"] += (t, a) not in after_blocks
                    break


COLUMNS = ("low5", "lost5", "low3", "lost3", "hold5", "hold5L", "l2", "l2held")
COLUMNS += ("free", "safe", "trade", "eaten", "chump", "chump5", "soak", "soakT")


def main(runs: list[str]) -> None:
    st: dict = collections.defaultdict(collections.Counter)
    for run in runs:
        for path in sorted(Path(run).glob("logs/*/*.jsonl")):
            with open(path) as fh:
                walk([json.loads(line) for line in fh], st)
    print("deck games " + " ".join(f"{c:>6}" for c in COLUMNS) + "   (per game)  close")
    for deck in sorted(st):
        n = st[deck]["games"]
        close = st[deck]["close_turns"] / max(st[deck]["closed"], 1)
        row = " ".join(f"{st[deck][c] / n:6.3f}" for c in COLUMNS)
        print(f"{deck:4} {n:5} {row}   {close:5.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])

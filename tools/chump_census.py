"""Chump blocks by the defender's life and the attack it faced, from the event logs of simulate
runs (study script, issue 14: big bodies overrated within their decks).

Usage: PYTHONPATH=$PWD python3 tools/chump_census.py RUN_DIR [RUN_DIR...]
(simulate DECK --log-games N --per-game --policy heuristic --out RUN_DIR)

A chump: a single blocker that died in the combat while its attacker lived. Per attacker class
(big: printed power + toughness 8 or more; other) and per defender's life before the combat
minus the attack's printed power (what it would keep taking every attacker unblocked): the
chumps per game, and of them the nontoken blockers. A chump with 10 or more life to spare is a
screen for a needless one (printed stats only: pumps, counters and anthems are missed).
"""

import collections
import sys

from runlogs import combat_deaths, games

from analyzer.cards.catalog import load_catalog

_catalog = load_catalog()
_stats: dict[str, tuple[int, int]] = {}


def printed(name: str | None) -> tuple[int, int]:
    """Printed (power, toughness); a token or an unknown card as a 1/1."""
    if name is None:
        return 1, 1
    if name not in _stats:
        rec = _catalog.lookup(name)
        _stats[name] = (rec.power or 0, rec.toughness or 0) if rec else (1, 1)
    return _stats[name]


def spare_bucket(spare: int) -> str:
    return "spare <=4" if spare <= 4 else "spare 5-9" if spare <= 9 else "spare >=10"


def census(runs: list[str]) -> tuple[collections.Counter, int]:
    st: collections.Counter = collections.Counter()
    n_games = 0
    for ev in games(runs):
        n_games += 1
        died = combat_deaths(ev)
        life = [20, 20]
        life_at: dict[int, tuple[int, int]] = {}
        attack_power: collections.Counter = collections.Counter()
        blocks: dict[tuple[int, int], list[tuple[int, str | None, bool, int]]] = (
            collections.defaultdict(list)
        )
        names: dict[int, str | None] = {}
        for e in ev:
            if e["kind"] == "life":
                life[e["seat"]] = e["b"]
            elif e["kind"] == "attack":
                life_at.setdefault(e["turn"], tuple(life))
                name = None if e["obj_token"] else e["card_name"]
                attack_power[e["turn"]] += printed(name)[0]
                names[e["obj"]] = name
            elif e["kind"] == "block":
                blocks[(e["turn"], e["obj2"])].append(
                    (e["obj"], e["card_name"], e["obj_token"], e["seat"])
                )
        for (turn, attacker), blockers in blocks.items():
            if len(blockers) != 1 or (turn, attacker) in died:
                continue
            blocker, _bname, btoken, seat = blockers[0]
            if (turn, blocker) not in died:
                continue
            p, t = printed(names.get(attacker))
            cls = "big attacker" if p + t >= 8 else "other attacker"
            spare = life_at.get(turn, (20, 20))[seat] - attack_power[turn]
            key = (cls, spare_bucket(spare))
            st[key] += 1
            if not btoken:
                st[(*key, "nontoken blocker")] += 1
    return st, n_games


def main(runs: list[str]) -> None:
    st, n = census(runs)
    print(f"{n} games")
    for key in sorted(st):
        print(f"  {' / '.join(key):55s} {st[key]:6d}  {st[key] / n:.3f}/game")


if __name__ == "__main__":
    main(sys.argv[1:])

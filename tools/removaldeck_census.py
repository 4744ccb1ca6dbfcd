"""Why removal-heavy decks win: removal, creature fates, threats and hands per deck, from the
JSON-lines event logs of simulate runs (study script).

Usage: PYTHONPATH=$PWD python3 tools/removaldeck_census.py RUN_DIR [RUN_DIR...]
(runs from `simulate DECK --log-games N --per-game --out RUN_DIR`; every seat of every logged
game counts for its own deck, so a deck's games are its own run plus its seats in the others).
Rows "vXX" are the same figures for the seats facing deck XX (what XX's opponents did).

Per deck, per game it played:
  rm/g        removal spells it cast (the built-in player's REMOVAL role, from the card data)
  >mv% =mv% <mv%  of their first targets on an opposing permanent: the target's mana value above,
              equal to or below the spell's (a token counts as mana value 0)
  tok%        share of those targets that were tokens
  cr/g        creature spells it cast
  rem% cmb% oth% end%  how its nontoken creatures left play: an opponent's spell or ability
              targeted them that turn (removal, bounce included), combat damage, otherwise
              (sacrifice, own bounce, state-based), or still in play at the game's end
  dry8%       of its lost games that reached its own turn 8: share where it ended that turn with
              no creature in play and no creature card in hand (ran out of threats)
  dryE%       of its lost games: the same at the game's end
  hW hL       cards in hand at the game's end when it won / lost
  dead%       of the loser's nonland cards in hand at the end: share costing more than its lands
  xch         opposing nontoken creature cards its spells/abilities took off the battlefield,
              per game, minus its own taken by the opponent's (the removal exchange)
  xtra        net extra cards per game: draws outside the draw step plus cards returned from the
              graveyard, minus cards discarded from hand
  tok/g       creature tokens it made per game
  rmL         removal cards in the loser's hand at the end, per lost game
  len         mean game length (turns of the game, both players')
Then each deck's share of its games and its win rate by game length (from games.csv).
"""

import collections
import csv
import sys
from pathlib import Path

from runlogs import COMBAT_STEPS, games

from analyzer.cards.catalog import load_catalog
from analyzer.cards.derive import derive_role
from analyzer.enums import AiRole

_catalog = load_catalog()
_info: dict[str, tuple] = {}


def info(name: str | None) -> tuple[bool, bool, int, bool]:
    """(is a creature, is removal, mana value, is a land) of a card name."""
    if name not in _info:
        c = _catalog.lookup(name) if name else None
        if c is None:
            _info[name] = (False, False, 0, False)
        else:
            tl = c.type_line or ""
            _info[name] = (
                "Creature" in tl,
                derive_role(c) == AiRole.REMOVAL,
                c.mv,
                "Land" in tl,
            )
    return _info[name]


def walk(ev: list[dict], out: dict) -> None:
    """Add one game's counts to out[deck]."""
    decks = [d[:2] for d in ev[0]["decks"]]
    st = [collections.Counter(games=1), collections.Counter(games=1)]
    hand: list[dict[int, str]] = [{}, {}]
    lands = [0, 0]
    bf: dict[int, tuple] = {}  # obj -> (controller, name, token)
    hit_by_opp: dict[int, int] = {}  # obj -> turn an opposing spell/ability targeted it
    caster: dict[int, int] = {}
    removal_first_target: set[int] = set()
    turn, active, own_turn = 0, 0, [0, 0]
    dry8 = [None, None]

    def creatures(seat: int) -> int:
        on_bf = sum(1 for c, n, _ in bf.values() if c == seat and info(n)[0])
        return on_bf + sum(1 for n in hand[seat].values() if info(n)[0])

    def end_turn() -> None:
        if own_turn[active] == 8 and dry8[active] is None:
            dry8[active] = creatures(active) == 0

    for e in ev[1:]:
        k, seat = e["kind"], e.get("seat")
        if k == "turn_start":
            if turn:
                end_turn()
            turn, active = e["turn"], e.get("active", 0)
            own_turn[active] = e["own_turn"]
        elif k == "draw":
            hand[seat][e["obj"]] = e["card_name"]
            if turn and e["phase"] != "draw":
                st[seat]["extra"] += 1
        elif k in ("cast", "activate"):
            caster[e["obj"]] = seat
            if k == "cast":
                cr, rm, _, _ = info(e["card_name"])
                st[seat]["cr"] += cr
                st[seat]["rm"] += rm
        elif k == "target":
            src, tgt = e["obj"], e["obj2"]
            who = caster.get(src, -1)
            if tgt not in bf or who < 0 or bf[tgt][0] == who:
                continue
            hit_by_opp[tgt] = turn
            name = e["card_name"]
            if info(name)[1] and src not in removal_first_target:
                removal_first_target.add(src)
                _, tname, ttok = bf[tgt]
                tmv = 0 if ttok else info(tname)[2]
                smv = info(name)[2]
                s = st[who]
                s["rm_t"] += 1
                s["rm_tok"] += ttok
                s["rm_gt" if tmv > smv else "rm_eq" if tmv == smv else "rm_lt"] += 1
        elif k == "zone":
            o, name = e["obj"], e["card_name"]
            fz, tz = e.get("from_zone"), e.get("to_zone")
            if fz == "hand" and seat is not None:
                hand[seat].pop(o, None)
            if tz == "hand" and seat is not None:
                hand[seat][o] = name
            if fz == "hand" and tz == "graveyard" and seat is not None:
                st[seat]["extra"] -= 1  # a discard (a loot's, or forced) gives the card back
            if fz == "graveyard" and tz in ("hand", "battlefield") and seat is not None:
                st[seat]["extra"] += 1
            if fz == "none" and tz == "battlefield" and info(name)[0] and seat is not None:
                st[seat]["tokens"] += 1
            if tz == "battlefield":
                ctrl = seat if seat is not None and seat >= 0 else active
                bf[o] = (ctrl, name, e.get("obj_token", False))
                lands[ctrl] += info(name)[3]
            elif fz == "battlefield" and o in bf:
                ctrl, old, tok = bf.pop(o)
                lands[ctrl] -= info(old)[3]
                if info(old)[0] and not tok:
                    s = st[ctrl]
                    if tz == "graveyard" and e["phase"] in COMBAT_STEPS:
                        s["left_combat"] += 1
                    elif hit_by_opp.get(o) == turn:
                        s["left_removed"] += 1
                        st[1 - ctrl]["took"] += 1
                    else:
                        s["left_other"] += 1
        elif k == "game_end":
            end_turn()
            w = e.get("winner", -1)
            for ctrl, name, tok in bf.values():
                if info(name)[0] and not tok:
                    st[ctrl]["left_end"] += 1
            for s_ in (0, 1):
                s = st[s_]
                s["turns"] += e["turn"]
                if w not in (0, 1):
                    continue
                tag = "W" if s_ == w else "L"
                s["n" + tag] += 1
                s["hand" + tag] += len(hand[s_])
                if tag == "L":
                    nonland = [n for n in hand[s_].values() if not info(n)[3]]
                    s["loser_nonland"] += len(nonland)
                    s["loser_dead"] += sum(1 for n in nonland if info(n)[2] > lands[s_])
                    s["loser_removal"] += sum(1 for n in nonland if info(n)[1])
                    s["dryE"] += creatures(s_) == 0
                    if dry8[s_] is not None:
                        s["reach8L"] += 1
                        s["dry8"] += dry8[s_]
    for seat in (0, 1):
        out[decks[seat]].update(st[seat])
        out["v" + decks[1 - seat]].update(st[seat])


COLUMNS = (
    "rm/g",
    ">mv%",
    "=mv%",
    "<mv%",
    "tok%",
    "cr/g",
    "rem%",
    "cmb%",
    "oth%",
    "end%",
    "dry8%",
    "dryE%",
    "hW",
    "hL",
    "dead%",
    "xch",
    "xtra",
    "tok/g",
    "rmL",
    "len",
)


def row(s: collections.Counter) -> list[float]:
    n = max(s["games"], 1)
    rt = max(s["rm_t"], 1)
    left = max(s["left_removed"] + s["left_combat"] + s["left_other"] + s["left_end"], 1)
    return [
        s["rm"] / n,
        100 * s["rm_gt"] / rt,
        100 * s["rm_eq"] / rt,
        100 * s["rm_lt"] / rt,
        100 * s["rm_tok"] / rt,
        s["cr"] / n,
        100 * s["left_removed"] / left,
        100 * s["left_combat"] / left,
        100 * s["left_other"] / left,
        100 * s["left_end"] / left,
        100 * s["dry8"] / max(s["reach8L"], 1),
        100 * s["dryE"] / max(s["nL"], 1),
        s["handW"] / max(s["nW"], 1),
        s["handL"] / max(s["nL"], 1),
        100 * s["loser_dead"] / max(s["loser_nonland"], 1),
        (s["took"] - s["left_removed"]) / n,
        s["extra"] / n,
        s["tokens"] / n,
        s["loser_removal"] / max(s["nL"], 1),
        s["turns"] / n,
    ]


LENGTHS = ((0, 7), (8, 9), (10, 11), (12, 99))


def by_length(runs: list[str]) -> None:
    """Each deck's share of games and win rate by game length (own turns of the seat that took
    more), from the runs' games.csv; mirrors left out."""
    st: dict = collections.defaultdict(collections.Counter)
    for run in runs:
        with open(Path(run) / "games.csv") as fh:
            for r in csv.DictReader(fh):
                t = max(int(r["seat0_turns_taken"]), int(r["seat1_turns_taken"]))
                b = next(i for i, (lo, hi) in enumerate(LENGTHS) if lo <= t <= hi)
                decks = [r["seat0_deck"][:2], r["seat1_deck"][:2]]
                if decks[0] == decks[1]:
                    continue
                for seat in (0, 1):
                    c = st[decks[seat]]
                    c[b] += 1
                    c[("won", b)] += int(r["winner"]) == seat
                    c["n"] += 1
    print("\nshare of games / win rate by game length (own turns):")
    print("deck" + "".join(f"{f'T{lo}-{hi}':>16}" for lo, hi in LENGTHS))
    for deck in sorted(st):
        c = st[deck]
        cells = [
            f"{100 * c[b] / c['n']:7.1f}%{100 * c[('won', b)] / max(c[b], 1):7.1f}"
            for b in range(4)
        ]
        print(f"{deck:4}" + "".join(cells))


def main(argv: list[str]) -> None:
    out: dict = collections.defaultdict(collections.Counter)
    for ev in games(argv):
        walk(ev, out)
    print(f"{'deck':6}{'games':>6}" + "".join(f"{c:>7}" for c in COLUMNS))
    for deck in sorted(out):
        s = out[deck]
        print(f"{deck:6}{s['games']:6d}" + "".join(f"{v:7.2f}" for v in row(s)))
    by_length(argv)


if __name__ == "__main__":
    main(sys.argv[1:])

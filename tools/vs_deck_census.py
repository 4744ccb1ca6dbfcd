"""How each deck plays against one opponent deck, set beside how it plays against the rest of
the gauntlet, over the JSON-lines event logs (study script).

Usage: PYTHONPATH=$PWD python3 tools/vs_deck_census.py OPP_PREFIX RUN_DIR [RUN_DIR...]
(runs from `simulate DECK --log-games N --out RUN_DIR`, one per gauntlet deck, so that every
deck has games against the opponent and against the others).

Per deck (the defender), its games against the deck whose name starts with OPP_PREFIX beside
its games against the other decks (mirrors left out): its win rate and the loss_census figures,
plus, per game:
  rm_small        removal (the built-in player's REMOVAL role) aimed at a token or a creature of
                  mana value 2 or less
  rm_small_big_up of them, cast while the opponent had a creature of mana value 3 or more
  att_died        its attackers that died blocked while the blocker lived
  att_swung_back  its attacks followed, in the opponent's next combat, by 4 or more damage to it
                  from more attackers than it had creatures left untapped to block
  att_token_trade its nontoken attackers blocked by a token alone, no spell of the opponent's in
                  that combat: both die
  att_token_lost  the same, and only its attacker dies
  attacks         its attackers declared
  short, short_won  games over by its 6th own turn, and of them the ones it won
  long, long_won  games of more than 10 own turns, and of them the ones it won
  no_attack_turns own turns (from its 4th) begun with a creature in play, in which it attacked
                  with none (the grind: does it stop pressuring?)
A defender plays a class of its moves worse against OPP when a figure differs between the two
columns by more than the opponent's style explains (compare the other decks' rows).
"""

import collections
import sys

from loss_census import Cards, game_figures
from runlogs import COMBAT_STEPS, combat_deaths, games

COMBAT_PHASES = ("declare attackers", "declare blockers", *COMBAT_STEPS)

FIGS = [
    "won",
    "end_turn",
    "idle_turns",
    "unblocked_dmg",
    "traded_for_token",
    "held_removal",
    "rm_small",
    "rm_small_big_up",
    "att_died",
    "att_swung_back",
    "att_token_trade",
    "att_token_lost",
    "attacks",
    "no_attack_turns",
    "short",
    "short_won",
    "long",
    "long_won",
    "dmg_combat",
]


def wide_figures(events: list[dict], focus: int, cards: Cards) -> collections.Counter:
    """The extra figures of one game for seat focus (see the module docstring)."""
    opp = 1 - focus
    f = collections.Counter()
    bf = {0: {}, 1: {}}  # seat -> obj -> (name, token)
    deaths = combat_deaths(events)
    blockers_of = collections.defaultdict(list)
    tokens = set()
    tricked = set()  # turns in which the opponent cast a spell in combat
    for e in events:
        if e["kind"] == "block":
            blockers_of[(e["turn"], e["obj2"])].append(e["obj"])
        elif e["kind"] == "zone" and e.get("obj_token"):
            tokens.add(e["obj"])
        elif e["kind"] == "cast" and e["seat"] == opp and e["phase"] in COMBAT_PHASES:
            tricked.add(e["turn"])
    casting: dict[int, str] = {}  # obj of a removal spell of focus on the stack -> name
    attacked_turn = -1
    could = False  # focus's turn began with a creature of its in play
    swung = False
    for e in events:
        k = e["kind"]
        if k == "turn_start" or k == "game_end":
            f["no_attack_turns"] += int(could and not swung)
            could = swung = False
            if k == "turn_start" and e["active"] == focus and e["own_turn"] >= 4:
                could = any(cards.is_creature(n, t) for n, t in bf[focus].values())
        if k == "zone" and e["seat"] in (0, 1):
            if e["from_zone"] == "battlefield":
                bf[e["seat"]].pop(e["obj"], None)
            if e["to_zone"] == "battlefield":
                bf[e["seat"]][e["obj"]] = (e["card_name"], bool(e.get("obj_token")))
        elif k == "cast" and e["seat"] == focus and cards.removal(e["card_name"]):
            casting[e["obj"]] = e["card_name"]
        elif k == "target" and e["obj"] in casting and e["obj2"] in bf[opp]:
            del casting[e["obj"]]
            name, tok = bf[opp][e["obj2"]]
            r = cards.rec(name)
            if tok or (r is not None and r.mv <= 2):
                f["rm_small"] += 1
                if any(
                    not t and cards.is_creature(n, t) and cards.rec(n).mv >= 3
                    for n, t in bf[opp].values()
                ):
                    f["rm_small_big_up"] += 1
        if k == "attack" and e["seat"] == focus:
            f["attacks"] += 1
            swung = True
            attacked_turn = e["turn"]
            bl = blockers_of.get((e["turn"], e["obj"]), [])
            t = e["turn"]
            alone = len(bl) == 1 and bl[0] in tokens and e["obj"] not in tokens
            if alone and t not in tricked and (t, e["obj"]) in deaths:
                f["att_token_trade" if (t, bl[0]) in deaths else "att_token_lost"] += 1
            if (
                bl
                and (e["turn"], e["obj"]) in deaths
                and not any((e["turn"], b) in deaths for b in bl)
            ):
                f["att_died"] += 1
        if k == "turn_start" and e["active"] == opp and attacked_turn >= 0:
            # the opponent's next combat after focus attacked: count its swing back
            turn = e["turn"]
            swing = [x for x in events if x["turn"] == turn]
            attackers = sum(x["kind"] == "attack" for x in swing)
            blocks = sum(x["kind"] == "block" for x in swing)
            dmg = sum(
                x["a"]
                for x in swing
                if x["kind"] == "damage"
                and x.get("target_seat") == focus
                and x["obj2"] >= 1 << 20
                and x["phase"] in COMBAT_STEPS
            )
            if dmg >= 4 and attackers > blocks:
                f["att_swung_back"] += 1
            attacked_turn = -1
    return f


def main(argv: list[str]) -> None:
    prefix, runs = argv[0], argv[1:]
    cards = Cards()
    # defender -> "vs" / "rest" -> summed figures, games
    st = collections.defaultdict(lambda: {c: collections.Counter() for c in ("vs", "rest")})
    for events in games(runs):
        decks = events[0]["decks"]
        if decks[0] == decks[1]:
            continue
        for s in (0, 1):
            if decks[s].startswith(prefix):
                continue
            col = "vs" if decks[1 - s].startswith(prefix) else "rest"
            fig = game_figures(events, s, cards)
            fig.update(wide_figures(events, s, cards))
            fig["long"] = int(fig["end_turn"] > 10)
            fig["long_won"] = fig["long"] * fig["won"]
            fig["short"] = int(fig["end_turn"] <= 6)
            fig["short_won"] = fig["short"] * fig["won"]
            c = st[decks[s]][col]
            c["games"] += 1
            c.update({k: fig[k] for k in FIGS})
    print(f"per game: against {prefix} | against the rest")
    print(f"{'deck':24s}{'figure':18s}{'vs':>8s}{'rest':>8s}")
    tot = {"vs": collections.Counter(), "rest": collections.Counter()}
    for deck in sorted(st):
        for col in tot:
            tot[col].update(st[deck][col])
        for key in FIGS:
            v = [st[deck][c][key] / max(st[deck][c]["games"], 1) for c in ("vs", "rest")]
            print(f"{deck[:22]:24s}{key:18s}{v[0]:8.2f}{v[1]:8.2f}")
    for key in ["games", *FIGS]:
        v = [tot[c][key] / (1 if key == "games" else max(tot[c]["games"], 1)) for c in tot]
        print(f"{'all':24s}{key:18s}{v[0]:8.2f}{v[1]:8.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])

"""What each deck's games look like, from the event logs of simulate runs (study script).

Usage: python3 tools/deck_games.py RUN_DIR [RUN_DIR...]   (simulate --log-games N --out RUN_DIR)

Per deck, over every logged game it played (both seats of a mirror count): win rate, the turn
the game ends (own turns of the player who started, wins and losses apart), life gained per game
and the part of it Food gave (a Food's, Heaped Harvest's or Carrot Cake's sacrifice), damage to
the opponent in combat and outside it, creature and other spells cast, own creatures lost and
opposing creatures killed, and the wins in which the Food life gained was at least the winner's
life at the end (games the Food life may have decided). Then the conversion table: the deck's
life lead once each player has had six turns (5 or more ahead, even, 5 or more behind) and the
share of those games it won. Last, the nonland cards each deck most often still holds when it
loses: the share of the lost games in which the card was drawn and never left its owner's hand.
"""

import collections
import sys

from runlogs import COMBAT_STEPS, games

FOOD = {"Food", "Heaped Harvest", "Carrot Cake", "Bumbleflower's Sharepot"}
BASICS = {"Plains", "Island", "Swamp", "Mountain", "Forest"}


def game_facts(ev: list[dict]) -> tuple[list[str], list[collections.Counter]]:
    decks = ev[0]["decks"]
    st = [collections.Counter(), collections.Counter()]
    hand = [collections.Counter(), collections.Counter()]
    seen = [set(), set()]
    life = [ev[0].get("b", 20)] * 2
    last_resolve = None
    snap = None  # life totals once each player has had six turns
    for e in ev:
        k, s = e["kind"], e["seat"]
        if k == "turn_start" and e["turn"] >= 12 and snap is None:
            snap = list(life)
        if k == "draw" and s in (0, 1) and e["card_name"] not in BASICS:
            hand[s][e["card_name"]] += 1
            seen[s].add(e["card_name"])
        elif k == "zone" and e.get("from_zone") == "hand" and e["to_zone"] != "none" and s >= 0:
            hand[s][e["card_name"]] -= 1
        if k == "resolve":
            last_resolve = e["card_name"]
        elif k == "life":
            life[s] = e["b"]
            if e["a"] > 0:
                st[s]["life_gained"] += e["a"]
                if last_resolve in FOOD:
                    st[s]["food_life"] += e["a"]
        elif k == "damage" and e.get("target_seat") is not None and e["obj2"] >= 1 << 20:
            st[s]["combat_dmg" if e["phase"] in COMBAT_STEPS else "other_dmg"] += e["a"]
        elif k == "cast" and s in (0, 1):
            st[s]["casts"] += 1
        elif k == "attack":
            st[s]["attacks"] += 1
        elif (
            k == "zone"
            and e.get("from_zone") == "battlefield"
            and e.get("to_zone") == "graveyard"
            and not e["obj_token"]
            and e["card_name"] not in FOOD
        ):
            st[s]["permanents_lost"] += 1
        elif k == "game_end":
            w = e.get("winner", -1)
            for i in (0, 1):
                st[i]["games"] += 1
                st[i]["own_turns"] += e["own_turn"]
            for i in (0, 1):
                if w != i:
                    st[i].update(f"drawn_lost:{c}" for c in seen[i])
                    st[i].update(f"held_lost:{c}" for c, n in hand[i].items() if n > 0)
            if w in (0, 1):
                st[w]["wins"] += 1
                st[w]["win_turns"] += e["own_turn"]
                st[1 - w]["loss_turns"] += e["own_turn"]
                if st[w]["food_life"] and st[w]["food_life"] >= life[w]:
                    st[w]["wins_food_life_ge_final_life"] += 1
            if snap is not None:
                for i in (0, 1):
                    lead = snap[i] - snap[1 - i]
                    band = "ahead" if lead >= 5 else "behind" if lead <= -5 else "even"
                    st[i][band] += 1
                    st[i][band + "_won"] += w == i
    return decks, st


def deck_games(paths: list[str]) -> dict[str, collections.Counter]:
    out: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for ev in games(paths):
        decks, st = game_facts(ev)
        for s in (0, 1):
            out[decks[s]].update(st[s])
            out[decks[s]]["opp_life_gained"] += st[1 - s]["life_gained"]
            out[decks[s]]["opp_permanents_lost"] += st[1 - s]["permanents_lost"]
    return out


def main(argv: list[str]) -> None:
    st = deck_games(argv)
    cols = (
        ("win%", lambda d: 100 * d["wins"] / d["games"]),
        ("len", lambda d: d["own_turns"] / d["games"]),
        ("lenW", lambda d: d["win_turns"] / max(d["wins"], 1)),
        ("lenL", lambda d: d["loss_turns"] / max(d["games"] - d["wins"], 1)),
        ("life+", lambda d: d["life_gained"] / d["games"]),
        ("food+", lambda d: d["food_life"] / d["games"]),
        ("opp+", lambda d: d["opp_life_gained"] / d["games"]),
        ("cmbDmg", lambda d: d["combat_dmg"] / d["games"]),
        ("othDmg", lambda d: d["other_dmg"] / d["games"]),
        ("atk", lambda d: d["attacks"] / d["games"]),
        ("casts", lambda d: d["casts"] / d["games"]),
        ("lost", lambda d: d["permanents_lost"] / d["games"]),
        ("killed", lambda d: d["opp_permanents_lost"] / d["games"]),
        ("foodWin%", lambda d: 100 * d["wins_food_life_ge_final_life"] / max(d["wins"], 1)),
    )
    print(f"{'deck':32s}" + "".join(f"{c:>9s}" for c, _ in cols))
    for deck, d in sorted(st.items(), key=lambda kv: -kv[1]["wins"] / kv[1]["games"]):
        print(f"{deck[:32]:32s}" + "".join(f"{f(d):9.2f}" for _, f in cols))
    print("\nlife lead after six turns each: games, and the share won")
    for deck, d in sorted(st.items(), key=lambda kv: -kv[1]["wins"] / kv[1]["games"]):
        bands = (
            f"{b} {d[b]:5d} won {100 * d[b + '_won'] / max(d[b], 1):5.1f}%"
            for b in ("ahead", "even", "behind")
        )
        print(f"{deck[:32]:32s}  " + "   ".join(bands))
    print(
        "\nheld at a loss: share of the lost games the card was drawn in that end with it in hand"
    )
    for deck, d in sorted(st.items(), key=lambda kv: -kv[1]["wins"] / kv[1]["games"]):
        held = {
            k.split(":", 1)[1]: d[k] / d["drawn_lost:" + k.split(":", 1)[1]]
            for k in d
            if k.startswith("held_lost:") and d["drawn_lost:" + k.split(":", 1)[1]] >= 30
        }
        top = sorted(held.items(), key=lambda kv: -kv[1])[:5]
        print(f"{deck[:32]:32s}  " + ", ".join(f"{c} {100 * v:.0f}%" for c, v in top))


if __name__ == "__main__":
    main(sys.argv[1:])

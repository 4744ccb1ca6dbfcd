"""How kept seven-card hands play out, by their land count (study script).

Usage: PYTHONPATH=$PWD/tools:$PWD python3 tools/flood_census.py RUN_DIR [RUN_DIR...]
(runs from `simulate DECK --vs OPP --log-games N --per-game --out RUN_DIR`).

Per seven-card keep (mulligan events excluded), grouped by the hand's lands: the win rate;
nonland cards drawn in own turns 1-6; lands in play at the end of own turn 6; mana left unspent
in own turns 1-8 (lands in play minus mana paid for spells; activations not counted as spent);
own end steps of turns 1-8 holding a nonland card the basic lands left unspent could pay for
("held": instants kept for the opponent's turn count too);
own end steps of turns 1-8 with a mana sink (SINKS) in play, the mana left for it and not
activated that turn ("idle_sink"); own end steps of turns 1-8 holding a card the mana left
paid for but the colors played did not, which another sequence of the basic lands played and in
hand would have ("seq_miss"); abilities activated per game; and the share of keeps with 2 or
fewer nonland draws in own turns 1-6 ("dry") with their win rate.
"""

import collections
import sys

from loss_census import BASIC_COLOUR, Cards, castable_now
from runlogs import Zones, games

# The bundled decks' permanents with a repeatable mana-cost activated ability (their mana value):
# the flood's mana sinks (Food and Equipment left out: life and equip are not every turn's use).
SINKS = {"Mind Drill Assailant": 3, "Warren Elder": 4, "Lilysplash Mentor": 3, "Thought Shucker": 2}


def sequence_miss(lands, hand, left, cards) -> bool:
    """A nonland card in hand the mana left pays for in amount but not in color, which another
    choice among the basic lands played and those still in hand (as many as played) would pay
    for: the land drops so far, not the draws, kept it in hand."""
    pool = [n for n in [*lands, *hand] if n in BASIC_COLOUR]
    played = [n for n in lands if n in BASIC_COLOUR]
    for name in hand:
        r = cards.rec(name)
        if r is None or r.is_land or r.mv > left or castable_now(lands, [name], cards):
            continue
        need = [(i, k) for i, k in enumerate(r.cost.colored) if k]
        by_colour = collections.Counter(BASIC_COLOUR[n] for n in pool)
        if sum(k for _, k in need) <= len(played) and all(by_colour[i] >= k for i, k in need):
            return True
    return False


def keep_rows(events, cards):
    """(lands kept, won, figures) per seven-card keep of one game."""
    kept = {}
    for e in events:
        if e["kind"] == "keep" and e["b"] == 0:
            kept[e["seat"]] = e["c"]
    winner = next((e["winner"] for e in events if e["kind"] == "game_end"), -1)
    z = Zones(cards.is_land)
    f = {s: collections.Counter() for s in kept}
    active, own, paid, acted = None, 0, 0, set()

    def end_turn():
        s = active
        if s in f and 1 <= own <= 8:
            lands = [n for o, (c, n, t) in z.bf.items() if c == s and cards.is_land(n)]
            f[s]["unspent"] += max(len(lands) - paid, 0)
            hand = [n for n in z.hand[s].values() if not cards.is_land(n)]
            left = len(lands) - paid
            payable = [n for n in hand if cards.rec(n) and cards.rec(n).mv <= left]
            f[s]["held"] += int(castable_now(lands, payable, cards) > 0)
            for o, (c, n, _t) in z.bf.items():
                if c == s and SINKS.get(n, 99) <= left and o not in acted:
                    f[s]["idle_sink"] += 1
                    break
            f[s]["seq_miss"] += int(sequence_miss(lands, z.hand[s].values(), left, cards))
            if own == 6:
                f[s]["lands6"] = len(lands)
                f[s]["reached6"] = 1

    for e in events:
        if e["kind"] == "turn_start":
            end_turn()
            active, own, paid, acted = e["active"], e["own_turn"], 0, set()
        z.apply(e, active)
        s = e.get("seat")
        if s not in f:
            continue
        if e["kind"] == "draw" and e["turn"] > 0 and s == active and own <= 6:
            f[s]["spells_drawn6"] += int(not cards.is_land(e["card_name"]))
        elif e["kind"] == "cast" and s == active:
            paid += max(e["c"], 0)
        elif e["kind"] == "activate":
            f[s]["acts"] += 1
            acted.add(e["obj"])
    if events and events[-1]["kind"] == "game_end":
        end_turn()
    for s, lands in kept.items():
        yield lands, winner == s, f[s]


def main(runs):
    cards = Cards()
    st = collections.defaultdict(lambda: collections.Counter())
    for events in games(runs):
        for lands, won, f in keep_rows(events, cards):
            g = st[lands]
            g["n"] += 1
            g["won"] += won
            for k, v in f.items():
                g[k] += v
            dry = f["spells_drawn6"] <= 2
            g["dry"] += dry
            g["dry_won"] += dry and won
    cols = ("spells_drawn6", "lands6", "unspent", "held", "idle_sink", "seq_miss", "acts")
    per6 = {"lands6"}
    print(
        f"{'lands':5} {'keeps':>6} {'win':>6} "
        + " ".join(f"{c:>13}" for c in cols)
        + f" {'dry':>6} {'dry win':>8}"
    )
    for lands in sorted(st):
        g = st[lands]
        n = g["n"]
        print(
            f"{lands:5} {n:6} {g['won'] / n:6.1%} "
            + " ".join(f"{g[c] / (g['reached6'] if c in per6 else n):13.2f}" for c in cols)
            + f" {g['dry'] / n:6.1%} {g['dry_won'] / max(g['dry'], 1):8.1%}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])

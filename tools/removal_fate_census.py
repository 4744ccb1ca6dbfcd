"""What becomes of each removal card drawn, and what it hit, from the JSON-lines event logs of
simulate runs (study script; issue 14: interaction rated too low, big bodies too high).

Usage: PYTHONPATH=$PWD python3 tools/removal_fate_census.py RUN_DIR [RUN_DIR...]
(runs from `simulate DECK --log-games N --per-game --out RUN_DIR`; every seat of every logged
game counts for its own deck)

Per removal card (the built-in player's REMOVAL role, from the card data), over the games a
seat drew it, split by the seat's result (won / lost):
  drawn        copies drawn
  cast%        of them, the share cast
  small%       of the casts aimed at an opposing creature, the share at a small one (a token,
               or a card of mana value 2 or less)
  big_after%   of those small-target casts, the share after which the opponent brought a
               creature of mana value 4 or more within the caster's next three own turns
               (a bigger threat followed the spent removal)
  held_tgt     copies still in hand at the game's end, per copy drawn, of which the holder saw
               an opposing creature of mana value 3 or more at one of its own end steps with
               at least the card's mana value in lands (a target it waited past)
  held_any     copies in hand at the end, per copy drawn
  idle spent   such end steps (removal in hand, a target of mana value 3+ in sight, the lands
               for it), per copy drawn: with that much mana left unspent in the turn (the hold
               bar or the timing kept it) or with the mana spent on other spells

Read at 045bdf3 (the UB deck against the gauntlet, 300 logged games a matchup, seed 5; the
figures lost / won): Fell cast 69% / 84% of the copies drawn, held to the end past a target
0.27 / 0.08 a copy, those end steps mostly with the mana spent on other spells (1.17 / 0.79
a copy) rather than left unspent (0.27 / 0.09); of its casts at a small target, 57% / 42%
were followed by an opposing creature of mana value 4+ within three turns (Nocturnal Hunger
50 / 42%, Dire Downdraft 54 / 37%, Sonar Strike 86 / 54%). Bites and fights held past a
target with the mana unspent: Longstalk Brawl 1.77 / 0.67, Rabid Gnaw 0.90 / 0.10 a copy
(their creatures too small to win the fight in lost games). Calibrate 2000 over seeds 0-1:
spending kills-any removal sooner (FUTURE_THREAT 0) left rank at 0.585 / 0.580 (base 0.585 /
0.584); answering power-3 creatures before p's permanents (ai_answer.BIG_POWER 3) 0.565 at
seed 0; fights that trade p's creature for any bigger threat (not twice p's) 0.577 at seed 0
(Longstalk Brawl -0.9 GIH points). Waiting longer (FUTURE_THREAT 6) gave 0.588 / 0.590 /
0.594 at seeds 0 / 1 / 2 (base 0.585 / 0.584 / 0.593).
"""

import collections
import sys

from loss_census import Cards
from runlogs import Zones, games


def census(runs):
    cards = Cards()
    st = collections.defaultdict(collections.Counter)  # (card, won) -> figures
    for events in games(runs):
        winner = next((e.get("winner") for e in events if e["kind"] == "game_end"), None)
        z = Zones(cards.is_land)
        own_turns = [0, 0]
        held = {}  # (seat, obj) -> [name, saw target]
        spent = [0, 0]  # mana each seat spent on spells since its own turn began
        pending = {}  # spell object cast -> (seat, name, won) until its first target
        small_casts = []  # (seat, own turn, card name)
        big_entries = []  # (seat of the creature, own turn of the other seat, mv)
        active = None
        for e in events:
            k = e["kind"]
            if k == "turn_start":
                if active is not None:
                    # the end of `active`'s turn: removal held with a target in sight
                    opp = 1 - active
                    big = any(
                        c == opp
                        and not tok
                        and cards.is_creature(n, tok)
                        and (cards.rec(n).mv if cards.rec(n) else 0) >= 3
                        for (c, n, tok) in z.bf.values()
                    )
                    for (s, _o), v in held.items():
                        rec = cards.rec(v[0])
                        if s == active and big and rec and z.lands[s] >= rec.mv:
                            v[1] = True
                            won = s == winner
                            idle = z.lands[s] - spent[s] >= rec.mv
                            st[(v[0], won)]["ends_idle" if idle else "ends_spent"] += 1
                active = e["active"]
                spent[active] = 0
                own_turns[active] += 1
            if k == "draw" and e["card_name"] and cards.removal(e["card_name"]):
                held[(e["seat"], e["obj"])] = [e["card_name"], False]
            if k == "cast":
                spent[e["seat"]] += max(e["c"], 0)
                key = (e["seat"], e["obj"])
                if key in held:
                    name = held.pop(key)[0]
                    won = e["seat"] == winner
                    st[(name, won)]["cast"] += 1
                    pending[e["obj"]] = (e["seat"], name, won)
            if k == "target" and e["obj"] in pending:
                s, name, won = pending.pop(e["obj"])  # its first target
                tgt = e["obj2"]
                if tgt in z.bf:
                    c, tn, tok = z.bf[tgt]
                    if c != s and cards.is_creature(tn, tok):
                        st[(name, won)]["at_creature"] += 1
                        rec = cards.rec(tn)
                        if tok or (rec is not None and rec.mv <= 2):
                            st[(name, won)]["small"] += 1
                            small_casts.append((s, own_turns[s], name, won))
            _, entered = z.apply(e, active)
            if entered is not None:
                _, c, n, tok = entered
                rec = cards.rec(n)
                if not tok and rec is not None and cards.is_creature(n, tok) and rec.mv >= 4:
                    big_entries.append((c, own_turns[1 - c]))
        for s, t, name, won in small_casts:
            if any(c == 1 - s and t <= ot <= t + 3 for c, ot in big_entries):
                st[(name, won)]["big_after"] += 1
        for (s, _o), (name, saw) in held.items():
            won = s == winner
            st[(name, won)]["held"] += 1
            st[(name, won)]["held_tgt"] += saw
    return st


def main(argv):
    st = census(argv)
    names = sorted({n for n, _ in st})
    print(
        f"{'card':24} {'res':4} {'drawn':>6} {'cast%':>6} {'small%':>7} {'big_after%':>10}"
        f" {'held_tgt':>8} {'held_any':>8} {'idle':>6} {'spent':>6}"
    )
    for n in names:
        for won in (True, False):
            f = st[(n, won)]
            drawn = f["cast"] + f["held"]
            if drawn == 0:
                continue
            print(
                f"{n:24} {'won' if won else 'lost':4} {drawn:6} {100 * f['cast'] / drawn:6.1f}"
                f" {100 * f['small'] / max(f['at_creature'], 1):7.1f}"
                f" {100 * f['big_after'] / max(f['small'], 1):10.1f}"
                f" {f['held_tgt'] / drawn:8.3f} {f['held'] / drawn:8.3f}"
                f" {f['ends_idle'] / drawn:6.2f} {f['ends_spent'] / drawn:6.2f}"
            )


if __name__ == "__main__":
    main(sys.argv[1:])

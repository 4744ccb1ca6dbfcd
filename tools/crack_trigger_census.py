"""How often the opponent's attack triggers decide the crack-back after the player's attack
(study script, issue 14: the standard player's crack-back read counts its own attack
triggers, not the opponent's).

Usage: python3 tools/crack_trigger_census.py RUN_DIR [RUN_DIR...]  (simulate --log-games N)

Per deck X, per turn X attacked: on the opponent's next turn, the +power the opponent's attack
triggers added (read from the card programs as ai_attack_bonus reads them: an "attacks" pump
on its source or a target, a "whenever you attack" pump on each attacker or one), the combat
damage X took and X's life before it. "lethal by trigger": the crack-back killed X and would
not have without the triggers' power (an upper bound: the pump of a blocked source is not
counted, but a "target" or team pump is, whether it got through or not). Per deck, then per
matchup ("BG vs GW": BG's attacks, GW's crack-backs).
"""

import collections
import sys

from runlogs import COMBAT_STEPS, games, print_per_deck

from analyzer.cards.catalog import load_catalog
from analyzer.enums import AbilCol, AbilityKind
from analyzer.kernel.player.ai_attack_bonus import pump_steps


def main(paths: list[str]) -> None:
    tables = load_catalog().compiled.tables
    abilities, steps = tables.abilities, tables.steps
    pump: dict[int, tuple[int, int]] = {}

    def pump_of(a: int) -> tuple[int, int]:
        if a not in pump:
            pump[a] = (0, 0)  # not an attack trigger (Wax-Wane Witness's life trigger)
            if abilities[a, AbilCol.KIND] in (AbilityKind.ATTACKS, AbilityKind.YOU_ATTACK):
                bp, _bt, scope = pump_steps.py_func(abilities, steps, a)
                pump[a] = (int(bp), int(scope))
        return pump[a]

    st: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for ev in games(paths):
        decks = ev[0]["decks"]
        for x, d in enumerate(decks):
            st[d]["games"] += 1
            for y, o in enumerate(decks):
                if y != x:
                    st[f"{d[:2]} vs {o[:2]}"]["games"] += 1
        life = [ev[0]["b"]] * len(decks)
        attacked = collections.defaultdict(int)  # turn -> attackers declared
        active = {}  # turn -> active seat
        bonus = collections.Counter()  # turn -> trigger power (of unblocked sources)
        n_att = collections.Counter()
        dmg = collections.Counter()  # turn -> combat damage to the defender
        life_before = {}
        pumps = []  # (turn, source, +power, scope)
        blocked = set()  # (turn, attacker)
        for e in ev:
            t = e["turn"]
            active[t] = e["active"]
            k = e["kind"]
            if k == "attack":
                attacked[t] += 1
                n_att[t] += 1
            elif k == "trigger" and e["phase"] == "declare attackers" and e["seat"] == e["active"]:
                bp, scope = pump_of(e["a"])
                if bp > 0:
                    pumps.append((t, e["obj"], bp * (n_att[t] if scope == 3 else 1), scope))
            elif k == "block":
                blocked.add((t, e["obj2"]))
            elif k == "damage" and e["phase"] in COMBAT_STEPS and e["target_seat"] is not None:
                if e["target_seat"] != e["active"] and e["obj2"] >= 1 << 20:
                    if t not in life_before:
                        life_before[t] = life[e["target_seat"]]
                    dmg[t] += e["a"]
            elif k == "life":
                life[e["seat"]] = e["b"]
        for t, src, bp, scope in pumps:
            if scope != 1 or (t, src) not in blocked:  # a blocked source's pump is no damage
                bonus[t] += bp
        turns = sorted(active)
        for i, t in enumerate(turns[:-1]):
            x = active[t]
            if not attacked.get(t):
                continue
            nxt = [u for u in turns[i + 1 :] if active[u] != x]
            if not nxt:
                continue
            u = nxt[0]
            deck = decks[x]
            opp = decks[active[u]]
            st[deck]["attack turns"] += 1
            st[f"{deck[:2]} vs {opp[:2]}"]["attack turns"] += 1
            if bonus[u] <= 0:
                continue
            pair = st[f"{deck[:2]} vs {opp[:2]}"]
            for c in (st[deck], pair):
                c["attack turns, trigger pump on the crack-back"] += 1
            if u in life_before and dmg[u] >= life_before[u]:
                for c in (st[deck], pair):
                    c["crack-back lethal"] += 1
                if dmg[u] - bonus[u] < life_before[u]:
                    for c in (st[deck], pair):
                        c["crack-back lethal by trigger"] += 1
    print_per_deck({k: v for k, v in st.items() if len(v) > 1 or " vs " not in k}, 3)


if __name__ == "__main__":
    main(sys.argv[1:])

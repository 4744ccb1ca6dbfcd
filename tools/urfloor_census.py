"""Misplay classes behind the bottom decks (UR Otters, UB Rats), per deck, each with the win
rate of the games it happened in, from the event logs of simulate runs (study script; the
archetype spread of calibrate).

Usage: PYTHONPATH=$PWD python3 tools/urfloor_census.py RUN_DIR [RUN_DIR...]
(simulate DECK --games N --log-games N --per-game --policy heuristic --opening-hands arena-bo1
--out RUN_DIR; every seat of every logged game counts for its own deck, mirrors too)

Per deck, per game it played, and the share of its games with one or more, with the win rate
of those games beside the rest (a screen for cost: a class met in losing positions reads low
whatever it costs):
  payoff_after_spell  own turns in which a noncreature spell was cast and then, later in that
                      turn, a noncreature-spell payoff creature ("whenever you cast a
                      noncreature spell", prowess) that was already in hand when the spell was
                      cast (both were paid for that turn, the payoff first would have got the
                      trigger; in about one of ten a land played between them, often one the
                      spell drew, paid the second; the order is the main phase's, most
                      expensive first)
  kept_up_wasted      own turns that ended with unspent lands (less the mana of its casts) that
                      could pay a permanent card held (mana value and coloured symbols against
                      its basic lands), while it held an instant, and in the opponent's next
                      turn it cast nothing: both the permanent and the kept mana were lost
  burn_small          damage spells ("deals N damage to target creature / any target") aimed at a
                      token or a creature of mana value 2 or less while the opponent had a
                      nontoken creature of mana value 3 or more and printed toughness within N
  burn_face           damage spells aimed at an opponent (Playful Shove; the standard player
                      allows it when it is lethal, sets off a payoff or the game is late)
  x1_died             its nontoken creatures of printed toughness 1 that died in combat while
                      every creature they fought lived (attacking / blocking apart)
  died_with_instant   lost games that ended with an instant in hand its basic lands could pay
                      (mana value and coloured symbols), by card
  crackback_lethal    lost games that ended in the winner's combat right after its own attack,
                      where its attackers of that turn, had they stayed home (each blocking the
                      unblocked attacker dealing most damage it can block), would have left it
                      alive (attack triggers and hidden pumps are why the crack-back exceeded
                      what it read; --where lists them: deck, opponent, game, (turn, attackers
                      sent, life before, damage taken, damage the kept blockers would stop);
                      --where lists the payoff_after_spell turns too (deck, opponent, game,
                      turn, (spell, payoff)))
  waiter_starved      own turns that ended holding an instant the standard player waits with for
                      an opponent's end step (card draw, recursion, tokens: ai_std.role_may_help)
                      with less mana left than its mana value: the main phase kept none up for
                      it (ai_std.mana_to_keep keeps counterspells, tricks, removal), so the end
                      step came with nothing to cast it with; by card
Printed stats only: pumps, counters and control changes are missed (upper bounds).
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict

from runlogs import COMBAT_STEPS, CardFacts, Zones, games

from analyzer.cards.derive import derive_role
from analyzer.enums import AiRole

# the fast cards the standard player waits with for an opponent's end step and that the main
# phase keeps no mana up for (ai_std.role_may_help, ai_std.mana_to_keep)
WAITERS = (AiRole.CARD_DRAW, AiRole.RECURSION, AiRole.TOKENS)

BASIC_COLOR = {"Plains": 0, "Island": 1, "Swamp": 2, "Mountain": 3, "Forest": 4}
DAMAGE_RE = re.compile(r"deals (\d+) damage to (?:target creature|any target)")


def _facts(rec):
    """(kind, mv, coloured symbols W..G, hybrid colour mask, printed toughness, payoff, damage)
    with kind one of land, creature, instant, other."""
    tl = rec.type_line
    if rec.is_land:
        kind = "land"
    elif "Creature" in tl:
        kind = "creature"
    elif "Instant" in tl or "flash" in rec.keyword_names:
        kind = "instant"
    else:
        kind = "other"
    oracle = rec.oracle or ""
    payoff = kind == "creature" and (
        "Whenever you cast a noncreature spell" in oracle or "Prowess" in oracle
    )
    m = DAMAGE_RE.search(oracle)
    dmg = int(m.group(1)) if m and kind != "creature" else 0
    tough = rec.toughness if isinstance(rec.toughness, int) else 1
    kw = rec.keyword_names
    waits = kind == "instant" and derive_role(rec) in WAITERS
    return (
        kind,
        rec.mv,
        tuple(rec.cost.colored),
        rec.cost.hybrid_colors,
        tough,
        payoff,
        dmg,
        "flying" in kw,
        "flying" in kw or "reach" in kw,
        waits,
        "cant_block" in kw,
    )


MISSING = ("token", 0, (0, 0, 0, 0, 0), 0, 1, False, 0, False, False, False, False)


def crackback(ev, facts, loser):
    """Did the loser die in the winner's combat right after its own turn's attack, to damage its
    attackers, kept home, would have blocked below lethal? Each attacker of its last own turn
    still on the battlefield blocks one of the winner's unblocked attackers (the one dealing the
    most damage it can block: a flier only by a flier or reach creature; one that can't block
    is left out). (turn, attackers
    sent, life before the combat, damage taken, damage the kept blockers stop), None if not."""
    end = ev[-1]
    last_turn = end["turn"]
    if end.get("active") == loser or last_turn < 2:
        return None
    prev = last_turn - 1
    sent = {e["obj"]: e["card_name"] for e in ev if e["kind"] == "attack" and e["turn"] == prev}
    if not sent:
        return None
    gone = {
        e["obj"]
        for e in ev
        if e["kind"] == "zone" and e.get("from_zone") == "battlefield" and e["turn"] >= prev
    }
    # an attacker that can't block (Starscape Cleric) saves no life at home: WB's fliers read
    # as a sixth of its losses to GW before this
    home = [n for o, n in sent.items() if o not in gone and not facts.get(n)[10]]
    hits = []
    life_before = None
    for e in ev:
        if e["turn"] != last_turn or e["phase"] not in COMBAT_STEPS:
            continue
        if e["kind"] == "damage" and e.get("target_seat") == loser:
            hits.append((e["a"], facts.get(e["card_name"])[7]))
        elif e["kind"] == "life" and e["seat"] == loser and life_before is None:
            life_before = e["b"] - e["a"]
    if not home or not hits or life_before is None:
        return None
    taken = sum(d for d, _ in hits)
    stop = 0
    left = sorted(hits, reverse=True)
    for name in sorted(home, key=lambda n: not facts.get(n)[8]):  # fliers and reach first
        reach = facts.get(name)[8]
        for i, (d, fly) in enumerate(left):
            if reach or not fly:
                stop += d
                left.pop(i)
                break
    if taken - stop < life_before:
        return (last_turn, len(sent), life_before, taken, stop)
    return None


def _payable(f, budget, colors):
    """Can lands of these basic colours (counts W..G), `budget` of them unspent, pay card f?
    (Each coloured symbol against the colour's lands in play; hybrid: any of its colours.)"""
    if f[1] > budget:
        return False
    for c in range(5):
        if f[2][c] > colors[c]:
            return False
    return not f[3] or any((f[3] >> c) & 1 and colors[c] for c in range(5))


def _payoff_after_spell(facts, casts):
    """In one own turn's casts (name, hand objects' names at the cast), was a noncreature spell
    followed by a payoff creature that was already in hand when the spell went? (the spell,
    the payoff), None if not."""
    seen = None
    first = None
    for name, hand in casts:
        f = facts.get(name)
        if f[0] in ("instant", "other") and seen is None:
            seen = hand
            first = name
        elif f[5] and seen is not None and name in seen:
            return first, name
    return None


def _kept_up(facts, hand, unspent, colors):
    """Did an own turn end with an instant in hand and unspent lands that could pay a creature
    card held?"""
    names = [facts.get(n) for n in hand.values()]
    return any(f[0] == "instant" for f in names) and any(
        f[0] == "creature" and _payable(f, unspent, colors) for f in names
    )


def census(runs):
    facts = CardFacts(_facts, MISSING)
    st: dict[str, Counter] = defaultdict(Counter)
    flagged: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    held_cards: dict[str, Counter] = defaultdict(Counter)
    where: list[tuple] = []
    starved: dict[str, Counter] = defaultdict(Counter)
    for ev in games(runs):
        decks = ev[0]["decks"]
        winner = next((e.get("winner") for e in reversed(ev) if e["kind"] == "game_end"), -2)
        z = Zones(lambda n: facts.get(n)[0] == "land")
        colors = [[0] * 5, [0] * 5]
        spent = [0, 0]
        active = None
        counts = [Counter(), Counter()]
        turn_casts: list[list[tuple[str, frozenset]]] = [[], []]  # (name, hand's names)
        tokens: set[int] = set()
        combat: dict[tuple[int, int], set[int]] = defaultdict(set)  # (turn, obj) -> foes
        died: dict[int, tuple] = {}  # obj -> (turn, seat, name, attacking)
        attackers: set[tuple[int, int]] = set()
        kept = [False, False]  # own turn ended with mana, an instant and a permanent up
        opp_cast = [False, False]  # cast or activated in the opponent's turn since

        for e in ev:
            kind = e["kind"]
            seat = e.get("seat")
            if kind == "turn_start":
                prev = active
                active = seat
                if kept[seat] and not opp_cast[seat]:
                    counts[seat]["kept_up_wasted"] += 1
                kept[seat] = False
                if prev is not None and prev != seat:
                    pair = _payoff_after_spell(facts, turn_casts[prev])
                    if pair:
                        counts[prev]["payoff_after_spell"] += 1
                        where.append(
                            (
                                "payoff",
                                decks[prev],
                                decks[1 - prev],
                                ev[0].get("game"),
                                e["turn"] - 1,
                                pair,
                            )
                        )
                    turn_casts[prev] = []
                    for name in set(z.hand[prev].values()):
                        f = facts.get(name)
                        if f[9] and z.lands[prev] - spent[prev] < f[1]:
                            counts[prev]["waiter_starved"] += 1
                            starved[decks[prev]][name] += 1
                    kept[prev] = _kept_up(
                        facts, z.hand[prev], z.lands[prev] - spent[prev], colors[prev]
                    )
                    opp_cast[prev] = False
                spent[seat] = 0
                continue
            if kind == "token":
                tokens.add(e["obj"])
            left, entered = z.apply(e, active)
            if entered and facts.get(entered[2])[0] == "land":
                c = BASIC_COLOR.get(entered[2])
                if c is not None:
                    colors[entered[1]][c] += 1
            if left and facts.get(left[2])[0] == "land":
                c = BASIC_COLOR.get(left[2])
                if c is not None:
                    colors[left[1]][c] -= 1
            if kind == "cast":
                spent[seat] += max(e["c"], 0)
                if seat == active:
                    hand = frozenset(z.hand[seat].values())
                    turn_casts[seat].append((e["card_name"], hand))
                else:
                    opp_cast[seat] = True
            elif kind == "activate" and seat != active and seat is not None:
                opp_cast[seat] = True
            elif kind == "target" and e.get("card_name"):
                f = facts.get(e["card_name"])
                caster = seat
                if f[6] > 0 and caster is not None:
                    o2 = e["obj2"]
                    if e.get("target_seat") is not None:
                        if e["target_seat"] != caster:
                            counts[caster]["burn_face"] += 1
                    elif o2 in z.bf and z.bf[o2][0] != caster:
                        _ctrl, name, tok = z.bf[o2]
                        small = tok or o2 in tokens or facts.get(name)[1] <= 2
                        if small:
                            bigger = any(
                                c2 != caster
                                and not (t2 or o in tokens)
                                and facts.get(n2)[0] == "creature"
                                and facts.get(n2)[1] >= 3
                                and facts.get(n2)[4] <= f[6]
                                for o, (c2, n2, t2) in z.bf.items()
                            )
                            if bigger:
                                counts[caster]["burn_small"] += 1
            elif kind == "attack":
                attackers.add((e["turn"], e["obj"]))
            elif kind == "block":
                combat[(e["turn"], e["obj"])].add(e["obj2"])
                combat[(e["turn"], e["obj2"])].add(e["obj"])
            elif (
                kind == "zone"
                and e.get("from_zone") == "battlefield"
                and e["phase"] in COMBAT_STEPS
                and left
                and facts.get(left[2])[0] == "creature"
            ):
                died[left[0]] = (e["turn"], left[1], left[2], (e["turn"], left[0]) in attackers)
        if active is not None:
            counts[active]["payoff_after_spell"] += bool(
                _payoff_after_spell(facts, turn_casts[active])
            )
        # x/1 deaths in combat with every foe alive
        dead_objs = {o for o in died}
        for o, (turn, s, name, att) in died.items():
            f = facts.get(name)
            if f[0] != "creature" or f[4] != 1 or o in tokens:
                continue
            foes = combat.get((turn, o), set())
            if foes and all(x not in dead_objs or died[x][0] != turn for x in foes):
                counts[s]["x1_died_attacking" if att else "x1_died_blocking"] += 1
        # died with an instant in hand; died to the crack-back of its own attack
        for s in range(2):
            if winner != 1 - s:
                continue
            cb = crackback(ev, facts, s)
            if cb:
                counts[s]["crackback_lethal"] += 1
                where.append(("crackback", decks[s], decks[1 - s], ev[0].get("game"), cb))
            for name in z.hand[s].values():
                f = facts.get(name)
                if f[0] == "instant" and _payable(f, z.lands[s], colors[s]):
                    counts[s]["died_with_instant"] += 1
                    held_cards[decks[s]][name] += 1
        for s in range(2):
            d = decks[s]
            won = winner == s
            st[d]["games"] += 1
            st[d]["wins"] += won
            for key in (
                "payoff_after_spell",
                "kept_up_wasted",
                "burn_small",
                "burn_face",
                "x1_died_attacking",
                "x1_died_blocking",
                "died_with_instant",
                "crackback_lethal",
                "waiter_starved",
            ):
                st[d][key] += counts[s][key]
                g = flagged[d][key]
                if counts[s][key]:
                    g[0] += 1
                    g[1] += won
    return st, flagged, held_cards, where, starved


def main(argv):
    show = "--where" in argv
    st, flagged, held, where, starved = census([a for a in argv if a != "--where"])
    for d in sorted(st):
        n = st[d]["games"]
        w = st[d]["wins"]
        print(f"{d}: {n} games, won {w / n:.1%}")
        for key, v in sorted(st[d].items()):
            if key in ("games", "wins"):
                continue
            g, gw = flagged[d][key]
            rest, rest_w = n - g, w - gw
            wr_in = f"{gw / g:.1%}" if g else "-"
            wr_out = f"{rest_w / rest:.1%}" if rest else "-"
            print(
                f"   {key:22} {v / n:6.3f}/game  in {g / n:5.1%} of games,"
                f" won {wr_in} (others {wr_out})"
            )
        if held[d]:
            top = ", ".join(f"{k} {c / n:.3f}" for k, c in held[d].most_common(6))
            print(f"   died holding: {top}")
        if starved[d]:
            top = ", ".join(f"{k} {c / n:.3f}" for k, c in starved[d].most_common(4))
            print(f"   starved: {top}")
    if show:
        for w in where:
            print(*w)


if __name__ == "__main__":
    main(sys.argv[1:])

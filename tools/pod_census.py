"""Multiplayer choices of the standard player in 3-4 seat games, read from event logs (study
script, issue 21 item 3: whom to attack, whom removal goes after, whom gifts go to;
ai_multi.py, ai_attack.py's crack-back, ai_std.removal_worth, the weakest-use recipient).

Usage: PYTHONPATH=$PWD python3 tools/pod_census.py RUN_DIR [RUN_DIR...] [--examples] [--raw]
(runs from `simulate A --vs B --vs C [--vs D] --per-game --log-games N --out RUN_DIR`;
--examples lists game, global turn and line of each flagged case, --raw every counter).

The log has no power or toughness: a creature is read at its printed stats plus its +1/+1 and
-1/-1 counters (tokens the catalog does not know: 1/1, a Bird flying); pumps and anthems are
missed. Tapping is replayed (an attacker without vigilance taps, a seat's creatures untap as
its turn begins, a stunned one stays tapped, tap and untap effects). "Board": a seat's summed
power. "Through": what p's untapped creatures in play since before the turn get past q's
untapped creatures, ai_multi._through's model (each blocker stops the biggest attacker it can
block; fliers only by flying and reach).

Threat readings (the section the issue turns on): at each seat p's first attack declaration,
for each opponent q: "damage past p's team" is ai_multi._damage_past (q's creatures, tapped
and new ones too, past all of p's creatures, as most_threatening reads it), "whole power" q's
board (the threat before RULES /48), "past p's creatures that cannot attack" past only p's
creatures that are new, tapped, powerless or vigilant (sure to be home), "past p's untapped
team after its attack" past what p actually left untapped at the end of its turn. Each is
scored against the opponent whose combat damage hit p hardest before p's next turn (rounds in
which someone hit p): how often the reading's top opponent (3 x it + cards in hand, ties to
turn order) was that one, and per deck how often it was named vs how often it was the one.

Per deck: attack turns and whom they went at (the board leader, the least-life opponent, its
model leader = most_threatening as read here, the eventual winner; "rand" the share if it
picked an alive opponent at random), others' attack turns at it against its fair share,
combat damage dealt and taken, kills (the last combat damage to a seat that lost), kills open
("through" reached an opponent's life once its creatures untapped) and taken, low-life turns
(15 or less at the turn's start) that attacked or held and died before its next turn, the share
of able attackers that attacked, removal (an opponent's creature targeted by its spell or
ability that left the battlefield that turn) and whose it hit, "small while a big one ran free"
(the target had power 2 or less while an opponent had a power 4+ creature or a 3+ flier), spells
on a creature attacking a third seat (cast in another seat's combat), kills on its turn with
spare attackers (attackers beyond those the kill needed, the defender's untapped creatures each
stopping one of the biggest) and what the round after cost (combat damage taken, deaths)
against a tight kill and other attack turns, gifts and chumps (blocker died, attacker lived;
at 20+ life, nontoken blocker).

Figures read (decks/pod at 40 life, 400 games seed 4 and 400 games seed 6, policy never; the
four Commander precons, 200 games seed 4; decks/pod with --policy heuristic, 300 games seed 5):
- the hardest hitter named by "damage past p's team" (ai_multi at RULES /48) 53% of 4551
  rounds (random 47%), by whole power 62%, by past p's creatures that cannot attack 65%
  (ai_multi from /49), by past p's untapped team after its attack 67%; Commander 53% / 61% /
  60% / 63% (random 46%). WB (fliers) is named 1623 times and is the hardest hitter 1008
  times; RG named 743, hardest 1303 (Commander: Zinnia named 523, hardest 366; Bumbleflower
  290 / 435). Per pair, WB's damage past the attacker's team reads 2.06 (the most), the combat
  damage it then dealt 0.99 (the least); RG
  0.41 and 1.97.
- others' attack turns at a deck against its fair share: GU 2103 / 2985, WB 3123 / 2353, RG
  2786 / 2779, UB 2743 / 2570; in games GU won the others aimed 23% of their attack turns at it
  (random 42%). Pod wins GU 35.5%, WB 18.8%, RG 22.8%, UB 23.0%, while one on one (2,000 games
  a pair) GU averages 44.5%, WB 47.1%, RG 45.3%, UB 63.1%.
- attack turns at the least-life opponent 61-65% (random 49-55%); a kill open taken 84% (GU)
  to 94% (RG), missed for another seat 1-13 times in 400 games.
- Into the Flood Maw cast in another seat's combat on an attacker attacking a third seat: GU
  110 times (0.28/game), UB 71; other spells 19.
- kills with spare attackers (everything goes on a lethal attack): GU 237 of 374 kills; the
  round after it died 20 times in 150 (tight kills 6 in 84), seed 6 15 in 177 (6 in 79); UB
  19 in 94 (8 in 86), seed 6 12 in 98 (14 in 85): no clear cost.
- gifts (heuristic, weakest-use): GU, the pod's winner (41.7%), received 746 of 1961 gifts and
  335 of 759 gift cards; a card went to the seat the giver's model named most threatening 55%
  (random 47%).
"""

import collections
import sys

from pod_board import Board, leaders, score_round, stats
from runlogs import COMBAT_STEPS, games

from analyzer.cards.catalog import load_catalog

_catalog = load_catalog()
PRED = "pred: damage past the attacker's team"
ML = "model leader (ai_multi's threat) in others' attack turns"


def census(ev: list[dict], st: dict, examples: list) -> None:
    decks = ev[0]["decks"]
    n = len(decks)
    winner = next((e.get("winner") for e in ev if e["kind"] == "game_end"), -2)
    for d in decks:
        st[d]["games"] += 1
    life = [ev[0]["b"]] * n
    alive = [True] * n
    bd = Board()
    active = -1
    turn = 0
    att_to = -1  # whom the active seat attacked this turn
    open_kill: dict[int, int] = {}  # opponent -> through, at the turn's first look
    low_state: list = [None] * n  # "attacked" / "held" on its last turn, begun at 15 or less
    start_life = 0
    targets: dict[int, tuple] = {}  # object targeted this turn -> (seat, board snapshot facts)
    blocks: list[tuple] = []
    died_turn: set[int] = set()
    attacking: dict[int, int] = {}  # this turn's attackers -> the seat each attacks
    src_name: dict[int, str] = {}  # targeted object -> the card that targeted it
    src_ctrl: dict[int, int] = {}
    hand = [0] * n
    pending: dict[tuple, tuple] = {}  # (p, q) -> q's threat to p read at p's attack
    dmg_turn = [0] * n  # combat damage to each seat on this turn
    # p -> {q: (past, power, hand, past_home, past_idle)} read at p's attack (past_home at
    # the end of p's turn), and the combat damage each q dealt p since then
    round_pred: dict[int, dict] = {}
    round_dmg: dict[int, list] = {}
    last_hit = [-1] * n  # the seat whose combat damage last hit each seat
    att_power: list[int] = []  # this turn's attackers' powers
    d_life = 0  # the defender's life and untapped creatures as the attack began
    d_stops = [0]
    last_kind: list = [None] * n  # the seat's last turn: a kill (spare attackers or not), an attack

    def model_leader(p: int) -> int:
        """ai_multi.most_threatening(p), read from the log (commander damage left out)."""
        best, best_v = -1, 0
        for k in range(1, n):
            q = (p + k) % n
            if alive[q]:
                v = 3 * bd.past(q, p) + hand[q]
                if best < 0 or v > best_v:
                    best, best_v = q, v
        return best

    # a spell's or ability's object -> its controller

    def close_turn() -> None:
        if active < 0:
            return
        x = st[decks[active]]
        if att_to >= 0:
            last_kind[active] = "another attack turn"
        if att_to >= 0 and not alive[att_to] and att_power:
            # a kill: the attackers beyond those it needed (the defender's untapped creatures
            # each stopping one of the biggest) stayed untapped for nothing
            pw = sorted(att_power, reverse=True)
            need = d_life + sum(pw[: d_stops[0]])
            spare = 0
            while pw and sum(pw) - pw[-1] >= need:
                pw.pop()
                spare += 1
            x["kills on its turn"] += 1
            last_kind[active] = "a kill with spare attackers" if spare else "a tight kill"
            if spare:
                x["  with spare attackers (they could have stayed home)"] += 1
                x["    spare attackers"] += spare
        if active in round_pred:
            for q, v in round_pred[active].items():
                round_pred[active][q] = (*v[:3], bd.past_home(q, active), *v[4:])
        for q in range(n):
            if (active, q) in pending and len(pending[(active, q)]) == 2:
                pending[(active, q)] += (bd.past_home(q, active),)
        for (p, q), (pred, power, *home) in list(pending.items()):
            if q == active:
                del pending[(p, q)]
                if alive[p] or dmg_turn[p]:
                    x[PRED] += pred
                    x["pred: damage past its untapped creatures after its attack"] += (
                        home[0] if home else 0
                    )
                    x["pred: its whole power"] += power
                    x["pred: its combat damage to that seat, next turn"] += dmg_turn[p]
                    x["pred: pairs"] += 1
        if alive[active] and start_life <= 15:
            could = any(c[0] == active and c[3] < turn for c in bd.bf.values())
            if att_to >= 0:
                low_state[active] = "attacked"
            elif could:
                low_state[active] = "held"
            if low_state[active]:
                x[f"low (15-) turns it {low_state[active]}"] += 1
        if open_kill:
            x["kill open"] += 1
            if any(not alive[q] for q in open_kill):
                x["  kill open: taken"] += 1
            elif att_to >= 0:
                x["  kill open: missed, attacked other"] += 1 if att_to not in open_kill else 0
                if att_to not in open_kill:
                    examples.append(
                        (decks[active], ev[0]["game"], turn, "kill missed, attacked other")
                    )
                x["  kill open: missed, attacked it"] += 1 if att_to in open_kill else 0
            else:
                x["  kill open: missed, no attack"] += 1

    looked = True
    able_set: set[int] = set()
    band = ""
    for e in ev:
        k = e["kind"]
        if not looked and e["phase"] not in ("beginning", "upkeep"):
            # the kill open to the active seat once its creatures untapped (stuns read)
            looked = True
            able = [
                o
                for o, c in bd.bf.items()
                if c[0] == active and c[3] < turn and not c[4] and bd.power(o) > 0
            ]
            band = "life 21+" if life[active] > 20 else "life 20-"
            if alive[active] and able:
                x = st[decks[active]]
                x[f"able attackers, {band}"] += len(able)
                x[f"able fliers, {band}"] += sum(1 for o in able if stats(bd.bf[o][1])[2])
                able_set = set(able)
            for q in range(n):
                if q != active and alive[q] and alive[active]:
                    t = bd.through(active, q, turn)
                    if t >= life[q] and t > 0:
                        open_kill[q] = t
        if k == "turn_start":
            close_turn()
            s0 = e["seat"]
            if round_pred.get(s0) and alive[s0]:
                xs = st[decks[s0]]
                hit = sum(round_dmg[s0])
                key = last_kind[s0] or "another attack turn"
                xs[f"rounds, after {key}"] += 1
                xs[f"combat damage taken in the round, after {key}"] += hit
                note: list = []
                score_round(round_pred.pop(s0), round_dmg[s0], st["(all) threat"], decks, st, note)
                for t in note:
                    examples.append((decks[s0], ev[0]["game"], turn, t))
            round_pred.pop(s0, None)
            low_state[e["seat"]] = None
            last_kind[e["seat"]] = None
            active = e["seat"]
            turn = e["turn"]
            start_life = life[active]
            dmg_turn[:] = [0] * n
            att_to = -1
            targets = {}
            attacking = {}
            att_power = []
            died_turn = set()
            blocks = []
            open_kill = {}
            looked = False
            able_set = set()
            for q in range(n):
                if q != active and alive[q]:
                    st[decks[q]]["opp turns alive"] += 1
        if k == "attack" and e["obj"] in able_set:
            x = st[decks[active]]
            x[f"  of those attacking, {band}"] += 1
            x[f"  of the fliers attacking, {band}"] += stats(e["card_name"])[2]
        if k == "attack":
            attacking[e["obj"]] = e["a"]
            if e["obj"] in bd.bf:
                att_power.append(bd.power(e["obj"]))
        if k == "attack" and att_to < 0:
            att_to = e["a"]
            d_life = life[att_to]
            d_stops = sorted(
                (bd.power(o) for o, c in bd.bf.items() if c[0] == att_to and not c[4]),
                reverse=True,
            )
            d_stops = [len(d_stops)]
            x = st[decks[active]]
            x["attack turns"] += 1
            boards = [bd.board(s) for s in range(n)]
            lead = leaders(boards, alive, active)
            alive_opp = sum(1 for s in range(n) if alive[s] and s != active)
            if att_to in lead:
                x["  -> board leader"] += 1
                st[decks[att_to]]["attacks at it while leader"] += 1
            x["  -> board leader, expected x100"] += round(100 * len(lead) / max(alive_opp, 1))
            for s in lead:
                st[decks[s]]["attack turns of others while leader"] += 1 / len(lead)
            for q in range(n):
                if q != active and alive[q]:
                    st[decks[q]]["attack turns of others while alive, /alive opps x100"] += round(
                        100 / max(alive_opp, 1)
                    )
            st[decks[att_to]]["attack turns at it"] += 1
            round_pred[active] = {
                q: (bd.past(q, active), bd.board(q), hand[q], 0, bd.past_idle(q, active, turn))
                for q in range(n)
                if q != active and alive[q]
            }
            round_dmg[active] = [0] * n
            for q in range(n):
                if q != active and alive[q] and (active, q) not in pending:
                    pending[(active, q)] = (bd.past(q, active), bd.board(q))
            ml = model_leader(active)
            if ml >= 0:
                st[decks[ml]][ML] += 1
                x["  -> model leader"] += att_to == ml
            if att_to in leaders([-v for v in life], alive, active):
                x["  -> least life"] += 1
            x["  -> least life, expected x100"] += round(
                100 * len(leaders([-v for v in life], alive, active)) / max(alive_opp, 1)
            )
            if winner >= 0 and winner != active and alive[winner]:
                x["  attack turns, winner another alive seat"] += 1
                x["    -> eventual winner"] += att_to == winner
                w = st[decks[winner]]
                w["as the winner: others' attack turns"] += 1
                w["as the winner: others' attack turns at it"] += att_to == winner
                w["as the winner: at it if at random x100"] += round(100 / max(alive_opp, 1))
                x["    -> eventual winner, expected x100"] += round(100 / max(alive_opp, 1))
            thr = {q: bd.through(active, q, turn) for q in range(n) if alive[q] and q != active}
            if thr and thr[att_to] < max(thr.values()):
                x["  at a seat with less 'through' than another"] += 1
            if lead and all(thr.get(q, 0) == 0 for q in lead):
                x["  board leader walled (0 through)"] += 1
                x["    walled leader, attacked anyway"] += att_to in lead
        if k == "draw":
            hand[e["seat"]] += 1
        elif k == "zone" and e.get("from_zone") == "hand":
            hand[e["seat"]] -= 1
        elif k == "zone" and e["to_zone"] == "hand" and e.get("from_zone") != "library":
            hand[e["seat"]] += 1
        if k in ("cast", "trigger", "activate"):
            src_ctrl[e["obj"]] = e["seat"]
        elif k == "target" and e["obj"] in src_ctrl:
            o = e["obj2"]
            me = src_ctrl[e["obj"]]
            if (
                o in attacking
                and me != active
                and attacking[o] != me
                and bd.bf.get(o, [me])[0] != me
            ):
                x = st[decks[me]]
                x["spell on an attacker attacking a third seat"] += 1
                examples.append(
                    (
                        decks[me],
                        ev[0]["game"],
                        turn,
                        f"{e['card_name']} on {e['card2_name']} attacking {decks[attacking[o]]}",
                    )
                )
            if o in bd.bf and bd.bf[o][0] != me:
                boards = [bd.board(s) for s in range(n)]
                big = [
                    q
                    for q, c in bd.bf.items()
                    if c[0] != me
                    and q != o
                    and (bd.power(q) >= 4 or (bd.power(q) >= 3 and stats(c[1])[2]))
                ]
                src_name[o] = e["card_name"]
                ml = model_leader(me)
                big_other = any(bd.bf[q][0] != ml for q in big)
                targets[o] = (me, bd.bf[o][0], bd.power(o), boards, bool(big), ml, big_other)
        elif k == "zone" and e.get("from_zone") == "battlefield" and e["obj"] in targets:
            src, ctrl, pw, boards, big, ml, big_other = targets.pop(e["obj"])
            x = st[decks[src]]
            x["removal on opp creature"] += 1
            st[decks[ctrl]]["removal taken"] += 1
            if ctrl in leaders(boards, alive, src):
                x["  removal -> board leader"] += 1
            if winner >= 0 and winner != src:
                x["  removal, winner another seat"] += 1
                x["    removal -> eventual winner"] += ctrl == winner
            x["  removal -> model leader"] += ctrl == ml
            st["(cards) removal"][src_name.get(e["obj"], "?")] += 1
            if pw <= 2 and big and ctrl == ml and big_other:
                x["  removal: small of the model leader while another's big free"] += 1
                examples.append(
                    (
                        decks[src],
                        ev[0]["game"],
                        turn,
                        f"removal {src_name.get(e['obj'])} on "
                        f"{e['card_name']} ({pw} power) of the model leader, another's big free",
                    )
                )
            if pw <= 2 and big:
                x["  removal: small while big free"] += 1
                st["(cards) small while big free"][src_name.get(e["obj"], "?")] += 1
        elif k == "gift":
            b = e["b"]
            giver = e["seat"]
            x = st[decks[giver]]
            x["gifts given"] += 1
            st[decks[b]]["gifts received"] += 1
            st[decks[b]]["gift cards received"] += e.get("gift") == "card"
            boards = [bd.board(s) for s in range(n)]
            if b in leaders(life, alive, giver):
                x["  gift -> life leader"] += 1
            if b in leaders(boards, alive, giver):
                x["  gift -> board leader"] += 1
            kind = e.get("gift") or "?"
            gk = st["(gifts) " + kind]
            gk["given"] += 1
            gk["-> board leader"] += b in leaders(boards, alive, giver)
            gk["-> least life"] += b in leaders([-v for v in life], alive, giver)
            gk["-> the seat that threatens the giver most (model)"] += b == model_leader(giver)
            gk["random x100"] += round(100 / max(sum(alive) - 1, 1))
            if winner >= 0 and winner != giver:
                gk["winner another seat"] += 1
                gk["-> eventual winner"] += b == winner
            if b in leaders([-v for v in life], alive, giver):
                x["  gift -> least life"] += 1
            if winner >= 0 and winner != giver:
                x["  gifts, winner another seat"] += 1
                x["    gift -> eventual winner"] += b == winner
        elif k == "block":
            blocks.append(
                (e["obj"], e["obj2"], e["seat"], life[e["seat"]], e["obj_token"], e["card_name"])
            )
        elif k == "damage" and e["phase"] in COMBAT_STEPS and e.get("target_seat") is not None:
            s = e["target_seat"]
            st[decks[s]]["dmg taken in combat"] += e["a"]
            if s != active:
                st[decks[active]]["combat dmg dealt to players"] += e["a"]
                last_hit[s] = active
                dmg_turn[s] += e["a"]
                if s in round_dmg:
                    round_dmg[s][active] += e["a"]
        elif k == "zone" and e.get("from_zone") == "battlefield" and e["phase"] in COMBAT_STEPS:
            died_turn.add(e["obj"])
        elif k == "life" and e.get("seat") is not None:
            life[e["seat"]] = e["b"]
        elif k == "loses":
            s = e["seat"]
            if s != active and last_kind[s] is not None:
                st[decks[s]][f"died in the round after {last_kind[s]}"] += 1
            if last_hit[s] >= 0 and last_hit[s] != s and alive[last_hit[s]]:
                st[decks[last_hit[s]]]["kills (the last combat damage)"] += 1
            alive[s] = False
            if low_state[s] is not None and s != active:
                st[decks[s]][f"  low: died after a turn it {low_state[s]}"] += 1
                examples.append(
                    (decks[s], ev[0]["game"], turn, f"died after low turn {low_state[s]}")
                )
        bd.apply(e)
        # chumps: read when the turn's combat is over (first main-2 / end event after blocks)
        if blocks and e["phase"] in ("end of combat", "main 2", "end step", "cleanup"):
            for blk, attacker, seat, lf, tok, name in blocks:
                if blk in died_turn and attacker not in died_turn:
                    st[decks[seat]]["chumps"] += 1
                    if lf >= 20:
                        st[decks[seat]]["  chump at 20+"] += 1
                        st[decks[seat]]["    of a nontoken"] += not tok
                        if not tok:
                            examples.append(
                                (decks[seat], ev[0]["game"], turn, f"chump at {lf} by {name}")
                            )
            blocks = []
    close_turn()


def main(paths: list[str]) -> None:
    st: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    examples: list = []
    show = "--examples" in paths
    paths = [p for p in paths if not p.startswith("--")]
    for ev in games(paths):
        if len(ev[0]["decks"]) >= 3:
            census(ev, st, examples)
    for key in sorted(k for k in st if k.startswith("(gifts) ")):
        gk = st.pop(key)
        g = gk["given"]
        print(
            f"gift {key[8:]}: {g} given; to the board leader {gk['-> board leader'] / g:.0%},"
            f" the least life {gk['-> least life'] / g:.0%}, the seat threatening the giver most"
            f" {gk['-> the seat that threatens the giver most (model)'] / g:.0%}, the eventual"
            f" winner {gk['-> eventual winner'] / max(gk['winner another seat'], 1):.0%}"
            f" (one opponent at random {gk['random x100'] / 100 / g:.0%})"
        )
    cards = st.pop("(cards) small while big free", collections.Counter())
    every = st.pop("(cards) removal", collections.Counter())
    thr = st.pop("(all) threat", collections.Counter())
    r = thr["rounds where p was hit"] or 1
    print(f"threat readings: {r} rounds (a seat's attack turn to its next turn) where it was hit")
    for key in sorted(thr):
        if key.startswith("  named the"):
            print(f"  {key[2:]}: {thr[key] / r:.0%}")
    print(f"  named at random: {thr['  named at random (expected x100)'] / 100 / r:.0%}")
    print("removal on a small creature while a big one ran free, by card (of its removal):")
    print("  ", ", ".join(f"{c} {v}/{every[c]}" for c, v in cards.most_common(12)))
    if show:
        for x in examples:
            print("example", *x)
    print("per deck (share: of its attack turns; 'rand': the share at random among the alive)")
    for deck in sorted(st):
        _deck_summary(deck, st[deck])
    if "--raw" in sys.argv:
        for deck in sorted(st):
            print(deck)
            for key in sorted(st[deck]):
                print(f"   {key:64} {st[deck][key]:8.0f}")


def _deck_summary(deck: str, x: collections.Counter) -> None:
    g = x["games"]
    at = x["attack turns"] or 1

    def pct(a: str, b: str | None = None, scale: float = 1) -> str:
        d = x[b] if b else at
        return f"{x[a] / scale / max(d, 1):.0%}"

    pairs = x["pred: pairs"] or 1
    fair = x["attack turns of others while alive, /alive opps x100"] / 100
    lines = [
        f"{deck} ({g} games)",
        f"  attack turns {x['attack turns']}: at the board leader {pct('  -> board leader')}"
        f" (rand {pct('  -> board leader, expected x100', scale=100)}), at the least life"
        f" {pct('  -> least life')} (rand {pct('  -> least life, expected x100', scale=100)}),"
        f" at its model leader {pct('  -> model leader')}",
        f"  at the eventual winner {pct('    -> eventual winner', WIN)}"
        f" (rand {pct('    -> eventual winner, expected x100', WIN, 100)});"
        f" in games it won, others' attack turns at it"
        f" {pct(AT_W, OTHERS_W)} (rand {pct(AT_W_RAND, OTHERS_W, 100)})",
        f"  others' attack turns at it {x['attack turns at it']} (fair share {fair:.0f});"
        f" it is their model leader {x[ML]};"
        f" hardest hitter of a seat {x['hardest hitter of a seat (ties count each)']},"
        f" named so by the /48 reading {x[NAMED_NOW]}, by damage past creatures that cannot"
        f" attack {x[NAMED_IDLE]}",
        f"  its threat to a seat that attacked, per pair: damage past that seat's team"
        f" {x[PRED] / pairs:.2f}, whole power {x['pred: its whole power'] / pairs:.2f},"
        f" past that seat's untapped creatures after its attack {x[HOME] / pairs:.2f};"
        f" combat damage it dealt that seat on its next turn {x[ACTUAL] / pairs:.2f}",
        f"  combat damage dealt to players {x['combat dmg dealt to players'] / g:.1f}/game,"
        f" taken {x['dmg taken in combat'] / max(x['opp turns alive'], 1):.2f} per opponent"
        f" turn; kills {x['kills (the last combat damage)']}",
        f"  kill open {x['kill open']}: taken {x['  kill open: taken']}, missed attacking it"
        f" {x['  kill open: missed, attacked it']}, attacking another"
        f" {x['  kill open: missed, attacked other']}, not attacking"
        f" {x['  kill open: missed, no attack']}",
        f"  own turns at 15 or less: attacked {x['low (15-) turns it attacked']}, died before its"
        f" next turn {x['  low: died after a turn it attacked']}; held"
        f" {x['low (15-) turns it held']}, died {x['  low: died after a turn it held']}",
        f"  able attackers that attacked: life 21+ {pct(A21, B21)}, 20- {pct(A20, B20)}",
        f"  removal on opponents' creatures {x['removal on opp creature']}: at the board leader"
        f" {pct('  removal -> board leader', 'removal on opp creature')}, at its model leader"
        f" {pct('  removal -> model leader', 'removal on opp creature')}; small while a big"
        f" one ran free {x['  removal: small while big free']} (the model leader's small while"
        f" another's big {x[SMALL_ML]}); removal taken {x['removal taken']}",
        f"  spells on an attacker attacking a third seat {x[THIRD]}",
        f"  kills on its turn {x['kills on its turn']}, with spare attackers {x[SPARE]}"
        f" ({x['    spare attackers']} spare); in the round after (survived: combat damage"
        f" taken; died): {_after(x, 'a kill with spare attackers')}; after a tight kill"
        f" {_after(x, 'a tight kill')}; after its other attack turns"
        f" {_after(x, 'another attack turn')}",
        f"  gifts given {x['gifts given']}, received {x['gifts received']} (cards"
        f" {x['gift cards received']}); chumps {x['chumps']}, at 20+ life"
        f" {x['  chump at 20+']} (nontoken {x['    of a nontoken']})",
    ]
    print("\n".join(lines))


WIN = "  attack turns, winner another alive seat"
OTHERS_W = "as the winner: others' attack turns"
AT_W = "as the winner: others' attack turns at it"
AT_W_RAND = "as the winner: at it if at random x100"
NAMED_NOW = "named leader (3 x damage past p's team + hand (RULES /48))"
NAMED_IDLE = "named leader (3 x damage past p's creatures that cannot at)"
HOME = "pred: damage past its untapped creatures after its attack"
ACTUAL = "pred: its combat damage to that seat, next turn"
A21, B21 = "  of those attacking, life 21+", "able attackers, life 21+"
A20, B20 = "  of those attacking, life 20-", "able attackers, life 20-"
SMALL_ML = "  removal: small of the model leader while another's big free"


def _after(x: collections.Counter, kind: str) -> str:
    r = x[f"rounds, after {kind}"]
    return (
        f"{x[f'combat damage taken in the round, after {kind}'] / max(r, 1):.2f} in {r};"
        f" died {x[f'died in the round after {kind}']}"
    )


SPARE = "  with spare attackers (they could have stayed home)"
THIRD = "spell on an attacker attacking a third seat"


if __name__ == "__main__":
    main(sys.argv[1:])

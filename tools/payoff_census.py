"""How a deck's noncreature-spell payoff creatures are used, from the event logs of simulate
runs (study script).

Usage: python3 tools/payoff_census.py RUN_DIR [RUN_DIR...]   (simulate --log-games N --out DIR)
       (DECK_PREFIX, default "UR ", picks the seats by deck name: PAYOFF_DECK=... env var)

Per payoff card (PAYOFFS: a "whenever you cast a noncreature spell" trigger or prowess), over
the seats of the chosen deck, per game and per own turn it started on the battlefield ("turn
out"): the noncreature spells its controller cast in that turn before the attack (beginning
phase, main phase 1) and after it, and in the opponents' turns; its attacks (after a spell
that turn or not); the turns a spell went before the attack but it did not attack; its combat
deaths (grown by a spell that turn or not) and other departures; the turns out with no spell
cast while a noncreature spell was castable (by mana value against the lands played less the
mana spent: colors, cost reductions and targets unchecked, an upper bound), by held card, and
those with none castable (the deck's fuel ran out).
Its combat outcomes, attacking and blocking (it dies or not, the other creature dies or not).

Then, over the seat: the opponents' turns with a {T} payoff (Kindlespark Duo) able to tap
(controlled since the start of its controller's last turn) and whether it was activated (or
targeted by the opponent first: stun, tap, removal); the own turns in which a growing payoff
(prowess, counters) attacked while a castable noncreature spell was held, by card and by what
became of it that turn (cast in combat or main phase 2, or not cast); and the own turns that
cast a noncreature spell before a payoff (its trigger lost), by pair.
"""

import collections
import os
import sys

from runlogs import COMBAT_STEPS, combat_deaths, games

from analyzer.cards.catalog import load_catalog

PAYOFFS = (
    "Kindlespark Duo",
    "Stormcatch Mentor",
    "Tempest Angler",
    "Coruscation Mage",
    "Lightshell Duo",
)
GROWERS = ("Stormcatch Mentor", "Tempest Angler", "Lightshell Duo")  # prowess or a counter
TAPPERS = ("Kindlespark Duo",)  # a {T} ability its spell trigger untaps
BEFORE_ATTACK = ("beginning", "upkeep", "draw", "main 1")


class Cards:
    """Noncreature-spell and land facts of each card name, looked up once."""

    def __init__(self) -> None:
        self.catalog = load_catalog()
        self.facts: dict[str | None, tuple[bool, bool, int]] = {}

    def get(self, name: str | None) -> tuple[bool, bool, int]:
        """(noncreature spell, land, mana value); a token or unknown name is neither."""
        if name not in self.facts:
            rec = self.catalog.lookup(name) if name else None
            if rec is None:
                self.facts[name] = (False, False, 0)
            else:
                spell = "Creature" not in rec.type_line and not rec.is_land
                self.facts[name] = (spell, rec.is_land, rec.mv)
        return self.facts[name]


class Seat:
    """One seat's view of one game as its events go by: hand, lands, payoffs on board."""

    def __init__(self, cards: Cards, seat: int) -> None:
        self.cards = cards
        self.seat = seat
        self.hand: collections.Counter = collections.Counter()
        self.lands = 0
        self.spent = 0
        self.payoffs: dict[int, tuple[str, int]] = {}  # obj -> (name, turn it entered)

    def castable_spells(self) -> set[str]:
        """Noncreature spells in hand whose mana value the spare lands cover (upper bound)."""
        spare = self.lands - self.spent
        return {
            name
            for name, n in self.hand.items()
            if n > 0 and self.cards.get(name)[0] and 0 < self.cards.get(name)[2] <= spare
        }

    def see(self, e: dict) -> None:
        """Track hand, lands, mana spent and payoffs through one event."""
        kind = e["kind"]
        if kind == "draw" and e["seat"] == self.seat:
            self.hand[e["card_name"]] += 1
        elif kind == "zone" and e["seat"] == self.seat:
            name = e["card_name"]
            if e.get("from_zone") == "hand":
                self.hand[name] -= 1
            elif e.get("to_zone") == "hand":
                self.hand[name] += 1
            if e.get("to_zone") == "battlefield":
                self.lands += self.cards.get(name)[1]
                if name in PAYOFFS and not e["obj_token"]:
                    self.payoffs[e["obj"]] = (name, e["turn"])
        elif kind == "cast" and e["seat"] == self.seat and e["c"] > 0:
            self.spent += e["c"]


def seat_game(ev: list[dict], cards: Cards, seat: int, out: collections.Counter) -> None:
    """Add one seat's payoff facts from one game's events to out (keys (card, fact))."""
    st = Seat(cards, seat)
    deaths = combat_deaths(ev)
    own = False
    own_start = -1  # the turn seat's last own turn began
    turn_out: dict[int, str] = {}  # payoffs out at the start of seat's current own turn
    grown: set[int] = set()  # payoffs triggered this turn
    attacked: set[int] = set()
    before = after = 0  # noncreature spells cast before / after the attack, own turn
    cast_order: list[str] = []  # own turn's casts
    tapped_ok: dict[int, str] = {}  # opp turn: {T} payoffs able to tap, not yet activated
    hit: set[int] = set()  # payoffs the opponent targeted this turn cycle
    held_at_attack: set[str] | None = None  # castable spells when a grower attacked

    def close_own() -> None:
        held = st.castable_spells()
        for o, name in turn_out.items():
            out[(name, "turns out")] += 1
            out[(name, "spells before attack")] += before
            out[(name, "spells after attack")] += after
            out[(name, "attacked")] += o in attacked
            out[(name, "spell before attack, did not attack")] += before > 0 and o not in attacked
            out[(name, "turns no spell, none castable in hand")] += before + after == 0 and not held
            if before + after == 0 and held:
                out[(name, "turns no spell, castable spell held")] += 1
                for h in held:
                    out[(name, f"  held: {h}")] += 1
        for h in held_at_attack or ():
            out[("(seat)", f"grower attacked, held {h}: not cast this turn")] += 1
        payoffs = [i for i, n in enumerate(cast_order) if n in PAYOFFS]
        spells = [i for i, n in enumerate(cast_order) if cards.get(n)[0]]
        if payoffs and spells and spells[0] < payoffs[0]:
            pair = f"{cast_order[spells[0]]} before {cast_order[payoffs[0]]}"
            out[("(seat)", f"spell cast before a payoff: {pair}")] += 1

    def close_opp() -> None:
        for o, name in tapped_ok.items():
            why = "targeted by the opponent" if o in hit else "not targeted"
            out[(name, f"opp turns able to tap, not activated ({why})")] += 1

    for e in ev:
        kind = e["kind"]
        if kind == "turn_start":
            if own:
                close_own()
                held_at_attack = None
            elif own_start >= 0:
                close_opp()
            own = e["active"] == seat
            grown = set()
            if own:
                own_start = e["turn"]
                st.spent = 0
                turn_out = {o: n for o, (n, _t) in st.payoffs.items()}
                before = after = 0
                attacked = set()
                cast_order = []
                held_at_attack = None
                hit = set()
            else:
                tapped_ok = {
                    o: n for o, (n, t) in st.payoffs.items() if n in TAPPERS and t < own_start
                }
            continue
        if kind == "zone" and e["seat"] == seat and e.get("from_zone") == "battlefield":
            o = e["obj"]
            if o in st.payoffs:
                name = st.payoffs.pop(o)[0]
                turn_out.pop(o, None)
                tapped_ok.pop(o, None)
                if e["to_zone"] == "graveyard" and e["phase"] in COMBAT_STEPS:
                    out[(name, "died in combat")] += 1
                    out[(name, "died in combat, grown this turn")] += o in grown
                else:
                    out[(name, "left otherwise")] += 1
        st.see(e)
        o = e["obj"]
        if kind == "cast" and e["seat"] == seat:
            name = e["card_name"]
            if own:
                cast_order.append(name)
            if held_at_attack is not None and name in held_at_attack:
                held_at_attack.discard(name)
                out[("(seat)", f"grower attacked, held {name}: cast in {e['phase']}")] += 1
            if cards.get(name)[0]:
                out[("(seat)", "noncreature spells")] += 1
                if own and e["phase"] in BEFORE_ATTACK:
                    before += 1
                elif own:
                    after += 1
                else:
                    for payoff, _t in st.payoffs.values():
                        out[(payoff, "spells in opponents' turns")] += 1
        elif kind == "trigger" and o in st.payoffs:
            grown.add(o)
        elif kind == "target" and e["obj2"] in st.payoffs and e["seat"] != seat:
            hit.add(e["obj2"])
        elif kind == "attack" and o in st.payoffs:
            name = st.payoffs[o][0]
            attacked.add(o)
            out[(name, "attacks")] += 1
            out[(name, "attacks after a spell this turn")] += o in grown
            if name in GROWERS and held_at_attack is None:
                held_at_attack = st.castable_spells()
                out[("(seat)", "grower attacked")] += 1
                out[("(seat)", "grower attacked, castable spell held")] += bool(held_at_attack)
                for h in held_at_attack:
                    out[("(seat)", f"grower attacked, held {h}")] += 1
        elif kind == "block":
            t, blocker, attacker = e["turn"], e["obj"], e["obj2"]
            for me, other, how in (
                (attacker, blocker, "attacking"),
                (blocker, attacker, "blocking"),
            ):
                if me in st.payoffs and (e["seat"] == seat) == (how == "blocking"):
                    dies = "dies" if (t, me) in deaths else "lives"
                    kills = "other dies" if (t, other) in deaths else "other lives"
                    out[(st.payoffs[me][0], f"{how}: {dies}, {kills}")] += 1
        elif kind == "activate" and o in st.payoffs:
            out[(st.payoffs[o][0], f"activations in {'own' if own else 'opp'} turn")] += 1
            if not own and o in tapped_ok:
                out[(tapped_ok.pop(o), "opp turns able to tap, activated")] += 1
    if own:
        close_own()


def main(paths: list[str]) -> None:
    prefix = os.environ.get("PAYOFF_DECK", "UR ")
    cards = Cards()
    out: collections.Counter = collections.Counter()
    n_games = 0
    for ev in games(paths):
        for seat, deck in enumerate(ev[0]["decks"][:2]):
            if deck.startswith(prefix):
                n_games += 1
                seat_game(ev, cards, seat, out)
    print(f"seats of decks named {prefix!r}...: {n_games}")
    for name in sorted({k[0] for k in out}):
        print(name)
        turns = out[(name, "turns out")]
        for (card, fact), n in sorted(out.items()):
            if card == name:
                per_turn = f"   per turn out {n / turns:5.2f}" if turns else ""
                print(f"  {fact:<62} {n:6d}   per game {n / max(n_games, 1):5.2f}{per_turn}")


if __name__ == "__main__":
    main(sys.argv[1:])

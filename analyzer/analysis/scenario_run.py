"""Play a scenario: build the position, apply the scripted actions, report the state as JSON.

The position is written straight into a game record (analyzer.kernel.host.setup_position); actions
go through analyzer.kernel.rules.script, which checks the script's choices with the engine's own
legality functions and then does what the engine does. An action that the rules don't allow
(wrong timing, an illegal target, a cost that can't be paid) is an InputError naming the action
and why; nothing after it runs.

This module imports the numba kernel: import it only where games are played (api.run_scenario).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from analyzer.analysis.scenario_build import build_position, find_ref
from analyzer.analysis.scenario_state import (
    command_objects,
    obj_field,
    player_field,
    state_json,
    step_name,
    zone_objects,
)
from analyzer.analysis.scenario_targets import assign_targets, group_text
from analyzer.enums import (
    PHASE_NAMES,
    AbilCol,
    AbilityKind,
    CardCol,
    CardType,
    Keyword,
    Phase,
    PolCol,
    PolicyKind,
    TargCol,
    TargetFilter,
    Zone,
)
from analyzer.errors import InputError, Problem
from analyzer.io.scenario import read_scenario
from analyzer.io.scenario_model import ActionSpec, Ref, Scenario
from analyzer.kernel import layout as L
from analyzer.kernel.rules import script
from analyzer.kernel.rules.actions import land_drops
from analyzer.kernel.rules.catalog import pack_catalog
from analyzer.kernel.rules.statics_global import noncreature_flash

_MESSAGES = {
    script.E_EXTRA_COST: "its additional cost (discard a card) can't be paid",
    script.E_MANA: "its mana cost can't be paid with the untapped sources",
    script.E_TAPPED: "its {T} cost can't be paid: the permanent is tapped",
    script.E_SICK: "its {T} cost can't be paid: the creature has summoning sickness",
    script.E_RESTRICTED: "its activation restriction is not met (once per turn, "
    "'activate only if', the Class's level, or it works only from its owner's graveyard)",
}


def kernel_cached() -> bool:
    """Is the scripted-play kernel compiled on disk for these sources? (For the CLI notice.)"""
    from analyzer.kernel.host.warmup import is_cached

    return is_cached("script.resolve_stack")


def policy_table(n_cards: int, policy: str) -> np.ndarray:
    pol = np.zeros((n_cards + 1, PolCol.N), dtype=np.float64)
    pol[:, PolCol.KIND] = -1
    pol[-1, PolCol.KIND] = PolicyKind.ALWAYS if policy == "always" else PolicyKind.NEVER
    return pol


def run_scenario(path: str | Path, catalog: Any | None = None, log: bool = False) -> dict[str, Any]:
    """Read, play and report a scenario file (see analyzer.io.scenario for the format)."""
    scn = read_scenario(path, catalog)
    return play(scn, catalog, log)


def play(scn: Scenario, catalog: Any | None = None, log: bool = False) -> dict[str, Any]:
    """Build the position, apply the actions, resolve the stack if asked; the state as a dict
    (with ``log``: and the events of the run, under "events" and "play_by_play")."""
    if catalog is None or scn.card_files:
        from analyzer.cards.catalog import load_catalog

        catalog = load_catalog(scn.card_files)
    run = ScenarioRun(scn, catalog.compiled, log)
    for a in scn.actions:
        run.apply(a)
    if scn.resolve_at_end:
        script.resolve_stack(run.G, run.C, -1)
    state = state_json(run.G, catalog.compiled, scn.warnings)
    if log:
        from analyzer.analysis.gamelog import GameInfo, decode, render_lines

        info = GameInfo.from_compiled(
            catalog.compiled, [f"seat {s}" for s in range(scn.players)], int(run.G[L.H.NCARDS])
        )
        events, lost = decode(run.G, info)
        state["events"] = events
        state["play_by_play"] = render_lines(events, info)
        state["events_lost"] = lost
    return state


# ---------------------------------------------------------------------------------------------
# building the position and playing the actions


class ScenarioRun:
    """A scenario's position in a game record, and its scripted actions applied in turn."""

    def __init__(self, scn: Scenario, cc: Any, log: bool = False) -> None:
        self.scn = scn
        self.cc = cc
        self.C = pack_catalog(cc.tables)
        self.names = cc.names
        self.pol = policy_table(len(cc.names), scn.policy)
        self.log = log
        self.G = build_position(scn, cc, self.C, log)

    def _find(self, ref: Ref, seat: int) -> int | str:
        return find_ref(self.G, self.names, ref, seat)

    # -- actions ----------------------------------------------------------------------------

    def _fail(self, a: ActionSpec, why: str) -> None:
        raise InputError(Problem(f"{a.describe()}: {why}", self.scn.source, a.line))

    def _seat(self, a: ActionSpec) -> int:
        return a.seat if a.seat >= 0 else int(self.G[L.H.ACTIVE])

    def apply(self, a: ActionSpec) -> None:
        G = self.G
        if G[L.H.WINNER] != -1:
            self._fail(a, "the game is over")
        if a.ask:
            self._fail(
                a,
                'promise = "?" asks to play the cast both ways: run it with '
                "--rollouts N (gift-analyzer scenario FILE --rollouts 1000)",
            )
        p = self._seat(a)
        if player_field(G, p, L.P.LOST):
            self._fail(a, f"seat {p} has lost the game")
        getattr(self, f"_{a.kind}")(a, p)

    def _sorcery_time(self, a: ActionSpec, p: int, what: str) -> None:
        G = self.G
        ph = int(G[L.H.PHASE])
        if int(G[L.H.ACTIVE]) != p:
            self._fail(
                a, f"{what} only in seat {p}'s own turn (it is seat {int(G[L.H.ACTIVE])}'s turn)"
            )
        if ph not in (Phase.MAIN1, Phase.MAIN2):
            self._fail(a, f"{what} only in a main phase (now: {step_name(G)})")
        if G[L.H.STACK_N] or G[L.H.TRIG_N]:
            self._fail(a, f"{what} only with an empty stack ({int(G[L.H.STACK_N])} on it)")

    def _slots(
        self, a: ActionSpec, ab: int, chooser: int, promised: int, what: str
    ) -> tuple[np.ndarray, np.ndarray, list[str]]:
        """Target slots for ability row ab from the action's targets (errors name them)."""
        try:
            placed = assign_targets(
                self.cc.abilities, self.cc.targets, ab, promised, a.targets, a.grouped, what
            )
        except ValueError as exc:
            self._fail(a, str(exc))
        slots = np.full(L.MAX_TARGETS, -1, dtype=np.int32)
        zccs = np.zeros(L.MAX_TARGETS, dtype=np.int32)
        texts = [""] * L.MAX_TARGETS
        for slot, ref in placed:
            v = self._find(ref, ref.seat)
            if isinstance(v, str):
                self._fail(a, v)
            slots[slot] = v
            zccs[slot] = obj_field(self.G, v, L.O.ZCC) if v < L.PLAYER_BASE else 0
            texts[slot] = ref.text
        return slots, zccs, texts

    def _target_error(
        self,
        a: ActionSpec,
        code: int,
        idx: int,
        ab: int,
        promised: int,
        texts: list[str],
        what: str,
    ) -> None:
        cc = self.cc
        if code in (script.E_TARGET, script.E_DUPLICATE, script.E_OTHER):
            tg0 = int(cc.abilities[ab, AbilCol.TG_START])
            j, s0 = 0, 0
            while s0 + int(cc.targets[tg0 + j, TargCol.MAX]) <= idx:
                s0 += int(cc.targets[tg0 + j, TargCol.MAX])
                j += 1
            desc = group_text(cc.targets[tg0 + j])
            mode = (
                ("with the promise" if promised else "without the promise")
                if int(cc.cards[int(cc.abilities[ab, AbilCol.CARD]), CardCol.GIFT_KIND])
                else ""
            )
            if code == script.E_DUPLICATE:
                self._fail(a, f"{texts[idx]} is chosen twice for one target")
            if code == script.E_OTHER:
                other = int(cc.targets[tg0 + j, TargCol.OTHER_THAN]) - 1
                if int(cc.targets[tg0 + j, TargCol.FILTER]) & TargetFilter.DIFFERENT_CONTROLLER:
                    self._fail(
                        a,
                        f"{texts[idx]} has the controller of {what}'s target {other + 1}: the "
                        f"two must be controlled by different players",
                    )
                self._fail(
                    a,
                    f"{texts[idx]} is already {what}'s target {other + 1}: this "
                    f"target must be another {desc} (115.3)",
                )
            self._fail(
                a,
                f"{texts[idx]} is not a legal target: {what} {mode} targets {desc}".replace(
                    "  ", " "
                ),
            )
        if code == script.E_TOO_FEW:
            tg0 = int(cc.abilities[ab, AbilCol.TG_START])
            desc = group_text(cc.targets[tg0 + idx])
            self._fail(
                a,
                f"too few targets: {what} needs "
                f"{int(cc.targets[tg0 + idx, TargCol.MIN])} target {desc}",
            )
        self._fail(a, _MESSAGES.get(code, f"not allowed (code {code})"))

    def _cast(self, a: ActionSpec, p: int) -> None:
        G, cc = self.G, self.cc
        card = cc.id_of(a.card)
        o = next(
            (x for x in zone_objects(G, p, Zone.HAND) if obj_field(G, x, L.O.CARD) == card), -1
        )
        if o < 0:
            o = next(
                (
                    x
                    for q in range(int(G[L.H.NPLAYERS]))
                    for x in zone_objects(G, q, Zone.EXILE)
                    if obj_field(G, x, L.O.CARD) == card and obj_field(G, x, L.O.CAST_BY) == p + 1
                ),
                -1,
            )
        if o < 0:
            o = next((x for x in command_objects(G, p) if obj_field(G, x, L.O.CARD) == card), -1)
        if o < 0 and (int(cc.cards[card, CardCol.AB_KINDS]) >> AbilityKind.FLASHBACK) & 1:
            o = next(
                (
                    x
                    for x in zone_objects(G, p, Zone.GRAVEYARD)
                    if obj_field(G, x, L.O.CARD) == card
                ),
                -1,
            )  # flashback (702.34a)
        if o < 0:
            self._fail(
                a,
                f"{a.card} is not in seat {p}'s hand (nor exiled with a permission "
                f"for seat {p} to cast it, nor seat {p}'s commander in the command "
                f"zone, nor in seat {p}'s graveyard with flashback)",
            )
        types = int(cc.cards[card, CardCol.TYPES])
        if types & CardType.LAND:
            self._fail(a, f'{a.card} is a land: play it with play = "{a.card}"')
        if int(G[L.H.NO_SPELLS_TURN]) == int(G[L.H.TURN]):
            self._fail(a, "players can't cast spells this turn")
        fast = types & CardType.INSTANT or int(cc.cards[card, CardCol.KEYWORDS]) & Keyword.FLASH
        if not types & CardType.CREATURE and noncreature_flash(G, self.C, p):
            fast = True  # "You may cast noncreature spells as though they had flash" (702.8a)
        if not fast:
            self._sorcery_time(a, p, f"{a.card} can be cast")
        promise, recipient = 0, -1
        if a.promise:
            if not int(cc.cards[card, CardCol.GIFT_KIND]):
                self._fail(a, f"{a.card} has no gift to promise")
            recipient = a.gift_to if a.gift_to >= 0 else self._next_opponent(p)
            if recipient < 0:
                self._fail(a, "there is no opponent to promise the gift to")
            if recipient == p:
                self._fail(a, "the gift goes to an opponent, not to the caster (702.174a)")
            if player_field(G, recipient, L.P.LOST):
                self._fail(a, f"seat {recipient} has left the game")
            promise = 1
        ab = spell_ability(cc, card)
        n_modes = int(cc.abilities[ab, AbilCol.MODES]) if ab >= 0 else 0
        if n_modes and not 1 <= a.mode <= n_modes:
            self._fail(a, f"{a.card} is modal: give its mode, mode = 1..{n_modes} (700.2a)")
        if a.mode and not n_modes:
            self._fail(a, f"{a.card} is not modal: it takes no mode")
        if a.mode:
            ab += a.mode  # the chosen mode's row follows the spell ability's
        slots, zccs, texts = self._slots(a, ab, p, promise, a.card)
        discard = -1
        if a.discard:
            did = cc.id_of(a.discard)
            discard = next(
                (
                    x
                    for x in zone_objects(G, p, Zone.HAND)
                    if obj_field(G, x, L.O.CARD) == did and x != o
                ),
                -1,
            )
            if discard < 0:
                self._fail(a, f"discard: no other {a.discard} in seat {p}'s hand")
        code, idx = script.cast_scripted_mode(
            G, self.C, p, o, promise, recipient, slots, zccs, discard, a.mode - 1
        )
        if code != script.OK:
            self._target_error(a, code, idx, ab, promise, texts, a.card)

    def _next_opponent(self, p: int) -> int:
        n = int(self.G[L.H.NPLAYERS])
        for k in range(1, n):
            q = (p + k) % n
            if not player_field(self.G, q, L.P.LOST):
                return q
        return -1

    def _activate(self, a: ActionSpec, p: int) -> None:
        G, cc = self.G, self.cc
        assert a.ref is not None
        o = self._find(a.ref, a.ref.seat if a.ref.seat >= 0 else p)
        if isinstance(o, str):
            self._fail(a, o)
        # an ability that works from a graveyard or a hand (cycling): its owner's
        in_graveyard = obj_field(G, o, L.O.ZONE) in (Zone.GRAVEYARD, Zone.HAND)
        if obj_field(G, o, L.O.OWNER if in_graveyard else L.O.CTRL) != p:
            self._fail(a, f"seat {p} does not {'own' if in_graveyard else 'control'} {a.ref.text}")
        card = obj_field(G, o, L.O.CARD)
        a0 = int(cc.cards[card, CardCol.AB_START])
        acts = [
            x
            for x in range(a0, a0 + int(cc.cards[card, CardCol.AB_COUNT]))
            if cc.abilities[x, AbilCol.KIND] == AbilityKind.ACTIVATED
        ]
        if len(acts) < a.ability:
            self._fail(
                a,
                f"{self.names[card]} has {len(acts) or 'no'} activated "
                f"abilit{'y' if len(acts) == 1 else 'ies'}",
            )
        ab = acts[a.ability - 1]
        if cc.abilities[ab, AbilCol.MANA_ABILITY]:
            self._fail(
                a,
                f"{self.names[card]}'s mana ability is used when a cost is paid: "
                "cast the spell and the engine taps it if the lands fall short",
            )
        if cc.abilities[ab, AbilCol.TRIG_PARAM] == 1:
            self._sorcery_time(a, p, "this ability can be activated")
        slots, zccs, texts = self._slots(a, ab, p, 0, self.names[card] + "'s ability")
        code, idx = script.activate_scripted(G, self.C, p, o, ab, slots, zccs)
        if code != script.OK:
            self._target_error(a, code, idx, ab, 0, texts, self.names[card] + "'s ability")

    def _play(self, a: ActionSpec, p: int) -> None:
        G, cc = self.G, self.cc
        card = cc.id_of(a.card)
        if not int(cc.cards[card, CardCol.TYPES]) & CardType.LAND:
            self._fail(a, f"{a.card} is not a land: cast it")
        o = next(
            (x for x in zone_objects(G, p, Zone.HAND) if obj_field(G, x, L.O.CARD) == card), -1
        )
        if o < 0:  # or from exile, where a permission allows ("you may play that card")
            exiled = (
                x
                for q in range(int(G[L.H.NPLAYERS]))
                for x in zone_objects(G, q, Zone.EXILE)
                if obj_field(G, x, L.O.CARD) == card and obj_field(G, x, L.O.CAST_BY) == p + 1
            )
            o = next(exiled, -1)
        if o < 0:
            self._fail(a, f"{a.card} is not in seat {p}'s hand (nor may it play one from exile)")
        self._sorcery_time(a, p, "a land can be played")
        if player_field(G, p, L.P.LANDS_TURN) >= land_drops(G, self.C, p):  # (305.2)
            self._fail(a, f"seat {p} has already played a land this turn")
        script.play_land(G, self.C, p, o)

    def _attack(self, a: ActionSpec, p: int) -> None:
        G = self.G
        if int(G[L.H.ACTIVE]) != p:
            self._fail(a, f"only the active player (seat {int(G[L.H.ACTIVE])}) attacks")
        if (
            int(G[L.H.PHASE]) not in (Phase.MAIN1, Phase.COMBAT_BEGIN, Phase.DECLARE_ATTACKERS)
            or G[L.H.STACK_N]
            or G[L.H.TRIG_N]
        ):
            self._fail(
                a,
                f"attackers are declared from main1 or combat with an empty stack "
                f"(now: {step_name(G)}, {int(G[L.H.STACK_N])} on the stack)",
            )
        d = a.defender if a.defender >= 0 else self._next_opponent(p)
        objs = []
        for ref in a.attackers:
            o = self._find(ref, ref.seat if ref.seat >= 0 else p)
            if isinstance(o, str):
                self._fail(a, o)
            objs.append(o)
        att = np.array(objs, dtype=np.int32)
        code, idx = script.declare_attack(G, self.C, p, att, np.full(len(objs), d, np.int32))
        if code == script.E_ATTACKER:
            self._fail(
                a,
                f"{a.attackers[idx].text} can't attack (tapped, summoning sick, "
                f"defender, no power, or not a creature seat {p} controls)",
            )
        if code == script.E_DEFENDER:
            self._fail(a, f"seat {d} is not an opponent in the game")
        if code == script.E_TWICE:
            self._fail(a, f"{a.attackers[idx].text} is named twice")
        script.resolve_stack(G, self.C, 0)  # attack triggers go on the stack

    def _block(self, a: ActionSpec, p: int) -> None:
        G = self.G
        if int(G[L.H.PHASE]) != Phase.DECLARE_BLOCKERS or G[L.H.STACK_N] or G[L.H.TRIG_N]:
            self._fail(
                a,
                f"blockers are declared after attackers, with an empty stack "
                f"(now: {step_name(G)}, {int(G[L.H.STACK_N])} on the stack)",
            )
        bs, ts = [], []
        for b_ref, t_ref in a.blocks:
            b = self._find(b_ref, b_ref.seat)
            t = self._find(t_ref, t_ref.seat)
            for v in (b, t):
                if isinstance(v, str):
                    self._fail(a, v)
            bs.append(b)
            ts.append(t)
        code, idx = script.declare_block(G, self.C, np.array(bs, np.int32), np.array(ts, np.int32))
        if code != script.OK:
            b_ref, t_ref = a.blocks[idx]
            why = {
                script.E_NOT_ATTACKING: f"{t_ref.text} is not attacking {b_ref.text}'s controller",
                script.E_BLOCKER: f"{b_ref.text} can't block {t_ref.text} (tapped, not a "
                "creature, flying without flying/reach, or an attacker it can't block: "
                "'can't be blocked [by creatures with power 2 or less]')",
                script.E_MENACE: f"{t_ref.text} has menace: it can't be blocked except "
                "by two or more creatures",
                script.E_TWICE: f"{b_ref.text} blocks twice",
            }[code]
            self._fail(a, why)

    def _advance(self, a: ActionSpec, p: int) -> None:
        nt = a.advance == "next_turn"
        target = Phase.UPKEEP if nt else PHASE_NAMES[a.advance]
        script.run_until(self.G, self.C, self.pol, target, nt)

    def _resolve(self, a: ActionSpec, p: int) -> None:
        script.resolve_stack(self.G, self.C, a.resolve)


def spell_ability(cc: Any, card: int) -> int:
    a0 = int(cc.cards[card, CardCol.AB_START])
    for x in range(a0, a0 + int(cc.cards[card, CardCol.AB_COUNT])):
        if cc.abilities[x, AbilCol.KIND] == AbilityKind.SPELL:
            return x
    return -1

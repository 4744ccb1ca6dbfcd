"""When the standard player casts a noncreature permanent whose enters trigger is removal
(issue 14, item 3: removal spent on a target worth the card).

Banishing Light ("exile target nonland permanent an opponent controls until ..."), Hunter's
Talent (its enters bite) and Spine of Ish Sah ("destroy target permanent") are permanents, not
spells with targets, so the cast decision saw no target and cast them into an empty board: 86
of 1,551 Banishing Lights in 3,600 GW games resolved with nothing to exile, the card spent for
nothing. Such a permanent now waits until its trigger would have a target (a creature's body is
worth its cast without one, so creatures are not read this way).

It does not wait for the removal bar of ai_std.removal_worth (a spell that answers anything
keeps for a bigger threat while the opponents hold cards): tried, GW Rabbits won 0.4 and 0.8
points less at calibrate seeds 0 and 1 than casting at the first target, and Banishing Light's
simulated GIH WR fell 1.5 points; a sorcery-speed permanent held loses its turn's mana too.
"""

from __future__ import annotations

from analyzer.enums import AbilCol, AbilityKind, CardCol, CardType, Intent, TargCol
from analyzer.kernel.layout import MAX_TARGETS, W
from analyzer.kernel.player.ai_modes import chose_any, targets_useful
from analyzer.kernel.rules.catalog import abilities_of, cards_of, targets_of
from analyzer.kernel.runtime.config import njit


@njit
def entry_removal(C, card):
    """The ability row of a noncreature permanent's enters trigger that targets something it
    means harm (Banishing Light's exile); -1 if none."""
    cards = cards_of(C)
    if cards[card, CardCol.TYPES] & CardType.CREATURE:
        return -1
    abilities = abilities_of(C)
    targets = targets_of(C)
    a0 = cards[card, CardCol.AB_START]
    for a in range(a0, a0 + cards[card, CardCol.AB_COUNT]):
        if abilities[a, AbilCol.KIND] != AbilityKind.ETB:
            continue
        g0 = abilities[a, AbilCol.TG_START]
        for g in range(g0, g0 + abilities[a, AbilCol.TG_COUNT]):
            if targets[g, TargCol.INTENT] == Intent.HARM:
                return a
    return -1


@njit
def entry_removal_finds_target(G, C, p, ab, promised):
    """Is casting the permanent whose enters trigger is ability row ab worth it now: would the
    trigger find a target that hurts an opponent (ai_modes.targets_useful)?"""
    return targets_useful(G, C, ab, p, promised) and chose_any(G[W.USLOTS : W.USLOTS + MAX_TARGETS])

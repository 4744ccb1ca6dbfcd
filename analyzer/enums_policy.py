"""The policy table's codes and columns, and the built-in player's levels (re-exported by
enums.py)."""

from __future__ import annotations

from typing import NamedTuple

# Policies are data (DESIGN section 6): a float64 table with one row per card id plus a last
# default row; column KIND is a PolicyKind, the rest are that kind's parameters. A table may hold
# several such blocks of rows (PolCol.BLOCK): block b serves seat b, the last block every later
# seat (e.g. seat 0 under the policy being measured, its opponents under a fixed one).
# Values are appended, never renumbered (tables and saved files keep their meaning).


class _PlayerLevel(NamedTuple):
    """The built-in player's level, per seat (``P.LEVEL``). Zero is the default so a record set
    up without a level (scenario positions, tests) plays the standard player."""

    STANDARD: int = 0  # the competent Limited player (issue 14)
    BASIC: int = 1  # the earlier player, kept so gains can be measured and verdicts cross-checked


PlayerLevel = _PlayerLevel()
PLAYER_LEVEL_NAMES = {"standard": PlayerLevel.STANDARD, "basic": PlayerLevel.BASIC}


class _OpeningHands(NamedTuple):
    """How a seat's opening sevens are dealt (``P.OPENING_HANDS``; player/mulligan.py)."""

    PAPER: int = 0  # the top seven of a shuffled library (paper, Arena best-of-three)
    ARENA_BO1: int = 1  # Arena best-of-one: one of three shuffles, leaning to the land ratio


OpeningHands = _OpeningHands()
OPENING_HANDS_NAMES = {"paper": OpeningHands.PAPER, "arena-bo1": OpeningHands.ARENA_BO1}
# The kernel's per-seat level word (``levels[s]``) carries the seat's player level in its low
# bits and its opening-hands procedure from this bit up: every path that carries a seat's level
# (runs, replays, forks, evaluations) carries the deal with it. ``init_game`` splits the word.
SEAT_OPENING_SHIFT = 8
SEAT_LEVEL_MASK = (1 << SEAT_OPENING_SHIFT) - 1


class _PolicyKind(NamedTuple):
    NEVER: int = 0
    ALWAYS: int = 1
    RANDOM: int = 2  # promise with probability PARAM0
    PLAIN_FIRST: int = 3  # plain unless only the promised mode is legal (PARAM0: or lethal,
    # PARAM1: or it has more targets)
    HEURISTIC: int = 4  # per gift kind and card from the decision features (HeurCol parameters)
    THRESHOLD: int = 5  # promise when BIAS + sum(W0 + i weight * feature i) > 0
    ROLLOUT: int = 6  # fork and play both branches ROLL_K times with ROLL_BASE
    # (kernel/player/rollout)


PolicyKind = _PolicyKind()


class _Recipient(NamedTuple):
    NEXT: int = 0  # the next opponent in turn order (the only one in two-player games)
    RANDOM: int = 1
    LOWEST_LIFE: int = 2
    LEAST_THREAT: int = 3  # smallest board power plus hand size
    WEAKEST_USE: int = 4  # smallest gift_use (what this gift kind is worth to them now)


Recipient = _Recipient()


class _PolCol(NamedTuple):
    KIND: int = 0
    RECIPIENT: int = 1
    PARAM0: int = 2  # a kind's parameters: PARAM0 .. ROLL_K - 1 (HeurCol for HEURISTIC)
    PARAM1: int = 3
    GIFT_KIND: int = 20  # the card's GiftKind (0 on default rows), for recipient rules
    ROLL_K: int = 21  # ROLLOUT: play-outs per branch
    ROLL_BASE: int = 22  # ROLLOUT: the base PolicyKind (its parameters are this row's)
    BLOCK: int = 23  # row 0 only: rows per seat block (0 = one block for every seat)
    BIAS: int = 24  # THRESHOLD: the constant term
    W0: int = 25  # THRESHOLD: the weight of decision feature i is column W0 + i
    N: int = 80  # room for 55 features


PolCol = _PolCol()


class _HeurCol(NamedTuple):
    """HEURISTIC parameters (columns of a policy row); meanings in policies/HEURISTIC.md."""

    VALUE: int = 2  # what the promised mode adds, in the gift_use scale (a card ~ 3)
    PER_TARGET: int = 3  # ... plus this much per extra target the promised mode has now
    GIFT_SCALE: int = 4  # multiplier on gift_use, the gift's cost
    MARGIN: int = 5  # promise when benefit - cost > MARGIN
    LETHAL: int = 6  # 1: promise whenever the promised damage is lethal
    CLOSE: int = 7  # "close": recipient life - promised damage <= caster's power + CLOSE
    CLOSE_BONUS: int = 8  # benefit when close
    LIFE_VALUE: int = 9  # value of one life the plain mode costs (scaled by the pressure)
    DANGER_BONUS: int = 10  # benefit when the plain mode's life loss puts the caster in reach
    PAYOFF: int = 11  # benefit per "whenever you give a gift" ability the caster controls
    CAST_VALUE: int = 12  # benefit when only the promised mode is legal (cast or not at all)
    VETO: int = 13  # 1: never promise when the recipient then has lethal (opp_lethal_after)
    EARLY_TURN: int = 14  # up to this global turn the gift costs EARLY_SCALE times more
    EARLY_SCALE: int = 15
    RACE_TURNS: int = 16  # caster's power x RACE_TURNS >= recipient life: the gift costs
    RACE_SCALE: int = 17  # RACE_SCALE times as much (they have little time to use it)


HeurCol = _HeurCol()

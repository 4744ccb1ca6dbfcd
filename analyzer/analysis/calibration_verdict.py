"""calibrate's verdict in words (analysis/calibration.py's checks): each figure's point estimate
against its target, and which readings sampling noise could turn (a miss whose 95% interval
reaches the target, a met figure whose interval reaches past it)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from analyzer.analysis.calibration import Calibration, Check


LABELS = {
    "archetype_spread_pts": ("archetype spread", "{:.1f} points"),
    # the scale with each card's binomial noise taken out (RatingFit.scale), not as observed
    "gih_wr_scale": ("GIH WR scale (SD simulated / SD real, sampling noise out)", "{:.2f}"),
    "gih_wr_spearman": ("GIH WR rank correlation with real", "{:.2f}"),
    "on_play_win_rate": ("on-the-play win rate", "{:.1%}"),
    "turns_per_player": ("game length", "{:.1f} turns per player"),
    "two_mulligans": ("hands with two mulligans", "{:.2%}"),
    "lowest_cast_share": ("lowest share of drawn games a card is cast in", "{:.0%}"),
    "one_mulligan": ("hands with a mulligan", "{:.1%}"),  # no target: Calibration.far_from_real
}


def bound_text(lo: float | None, hi: float | None, fmt: str) -> str:
    if lo is not None and hi is not None:
        return f"{fmt.format(lo)} to {fmt.format(hi)}"
    return f"at most {fmt.format(hi)}" if lo is None else f"at least {fmt.format(lo)}"


def value_text(check: Check, fmt: str) -> str:
    """The check's value in fmt, with more decimals when fmt would show a missed target as
    equal to its bound (a spread of 8.04 against "at most 8.0" reads 8.04, not 8.0)."""
    text = fmt.format(check.value)
    if check.ok:
        return text
    bounds = [b for b in (check.low, check.high) if b is not None]
    for _ in range(3):
        if all(fmt.format(b) != text for b in bounds):
            break
        fmt = re.sub(r"\{:\.(\d+)", lambda m: "{:." + str(int(m.group(1)) + 1), fmt, count=1)
        text = fmt.format(check.value)
    return text


def _reaches(c: Check) -> bool:
    """Whether the figure's 95% interval reaches a bound of its target (the other side of the
    point estimate's reading may be sampling noise)."""
    if c.interval is None or c.interval[0] != c.interval[0]:
        return False
    low, high = c.interval
    return any(b is not None and low <= b <= high for b in (c.low, c.high))


def _measured_noise(c: Check) -> bool:
    """Whether the figure has a 95% interval to judge its sampling noise by."""
    return c.interval is not None and c.interval[0] == c.interval[0]


NOISE, NONE = "within sampling noise", "without an interval to tell"


def _how_many(k: int, total: int, what: str) -> str:
    """'within sampling noise' (the one miss), 'each ...' (all of several), '2 ...', or ''."""
    if not k:
        return ""
    if k == total:
        return what if k == 1 else f"each {what}"
    return f"{k} {what}"


def _far_text(cal: Calibration) -> str:
    """'; without a target, far from real play: hands with a mulligan 2.2% against real 11.0%'
    for the figures of Calibration.far_from_real, or ''."""
    far = [
        f"{LABELS[name][0]} {LABELS[name][1].format(value)} against real "
        f"{LABELS[name][1].format(real)}"
        for name, value, real in cal.far_from_real
    ]
    return "; without a target, far from real play: " + ", ".join(far) if far else ""


def verdict(cal: Calibration, player: str) -> str:
    """One sentence: is the simulated player close to real play, and where it is not. Read from
    the point estimates against the targets, saying which readings sampling noise could turn:
    a miss whose 95% interval reaches the target, a met figure whose interval reaches past it;
    then any figure without a target that is far from the real one."""
    misses = [c for c in cal.checks if not c.ok]
    measured = [c for c in cal.checks if c.value == c.value]
    if not misses:
        unsure = [LABELS[c.figure][0] for c in measured if _reaches(c)]
        note = ""
        if len(unsure) == 1:
            note = f"the 95% interval of the {unsure[0]} reaches past its target"
        elif unsure:
            listed = ", the ".join(unsure[:-1]) + " and the " + unsure[-1]
            note = f"the 95% intervals of the {listed} reach past their targets"
        return (
            f"the simulated {player} player is close to real play: all {len(measured)} "
            f"measured figures are within the targets"
            + (f" (on their point estimates: {note})" if note else "")
            + _far_text(cal)
        )
    parts = []
    for c in misses:
        label, fmt = LABELS[c.figure]
        why = f"target {bound_text(c.low, c.high, fmt)}"
        if _measured_noise(c):
            low, high = c.interval  # type: ignore[misc]
            unit = fmt[fmt.rindex("}") + 1 :]  # "7.0 to 11.1 points", the unit once
            why += f"; 95% interval {fmt.format(low).removesuffix(unit)} to {fmt.format(high)}" + (
                ", which reaches the target" if _reaches(c) else ""
            )
        else:
            why += "; no interval"
        parts.append(f"{label} {value_text(c, fmt)} ({why})")
    noise = sum(_reaches(c) for c in misses)
    # a miss without an interval is a point estimate: it cannot show the player is not close
    unmeasured = sum(not _measured_noise(c) for c in misses)
    if noise + unmeasured == len(misses):
        said = [_how_many(k, len(misses), what) for k, what in ((noise, NOISE), (unmeasured, NONE))]
        head = (
            f"the simulated {player} player may not be close to real play: {len(misses)} of "
            f"{len(measured)} figures miss their target, " + ", ".join(x for x in said if x)
        )
    else:
        notes = [f"{noise} of them {NOISE}"] if noise else []
        notes += [f"{unmeasured} {NONE}"] if unmeasured else []
        head = (
            f"the simulated {player} player isn't close to real play: {len(misses)} of "
            f"{len(measured)} figures miss their target"
            + (f" ({', '.join(notes)})" if notes else "")
        )
    return head + ": " + "; ".join(parts) + _far_text(cal)

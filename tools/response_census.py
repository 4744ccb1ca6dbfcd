"""How often removal is cast in response to an opposing spell, from the text logs of simulate
runs (study script).

Usage: python3 tools/response_census.py RUN_DIR [RUN_DIR...]   (simulate --log-games N --out DIR)

Each cast of a REMOVAL-role card (derived from the card data) made while an opposing spell is
the last unresolved cast is counted by the spell it answers (a bite or fight: a FIGHT or
DAMAGE_BY_POWER step; a pump, protection spell or Aura: a TRICK or PROTECTION role or an
ATTACH_SELF step; removal; other), by the removal's kind (a bounce, an exile until the end
step, anything else) and by where it is aimed: the answered spell's first target (the biter
of a bite or fight, the creature a pump is cast on) or its other target (p's own creature: a
flicker). Triggered and activated abilities are not tracked; the counts are per 1000 logged
games.
"""

import collections
import re
import sys
from pathlib import Path

from analyzer.cards.catalog import load_catalog
from analyzer.cards.derive import derive_role
from analyzer.enums import AiRole, Op

LINE = re.compile(r"^T\d+ \((?P<active>.+?), turn \d+\) (?P<phase>[^:]+): (?P<rest>.*)$")
CAST = re.compile(
    r"^(?P<who>.+?) casts (?P<card>.+?)(?: promising .+?| without the gift)?"
    r"(?:, targeting (?P<targets>.+?))? \(\d+ mana\)$"
)
LEAVES_STACK = re.compile(r"^(?P<card>.+?) (?:resolves|does not resolve|is countered)")


def census(paths: list[str]) -> tuple[int, collections.Counter]:
    catalog = load_catalog()
    known: dict[str, tuple[int, set[int]]] = {}

    def role_ops(name: str) -> tuple[int, set[int]]:
        if name not in known:
            try:
                card = catalog.lookup(name)
            except Exception:  # unknown names (tokens' abilities) answer nothing
                known[name] = (-1, set())
            else:
                ops = {s.op for a in card.abilities if a.kind == 0 for s in a.steps}
                known[name] = (derive_role(card), ops)
        return known[name]

    counts: collections.Counter = collections.Counter()
    games = 0
    for run in paths:
        for f in sorted(Path(run).glob("logs/*/*.txt")):
            games += 1
            stack: list[tuple[str, str, list[str]]] = []  # (caster, card, targets)
            for line in f.read_text(encoding="utf-8").splitlines():
                m = LINE.match(line)
                if not m:
                    continue
                cast = CAST.match(m["rest"])
                if cast:
                    aimed = (cast["targets"] or "").split(", ")
                    if stack and stack[-1][0] != cast["who"]:
                        role, ops = role_ops(cast["card"])
                        if role == AiRole.REMOVAL:
                            counts[_classify(stack[-1], role_ops, ops, cast["targets"])] += 1
                    stack.append((cast["who"], cast["card"], aimed))
                    continue
                left = LEAVES_STACK.match(m["rest"])
                if left:
                    for i in range(len(stack) - 1, -1, -1):
                        if stack[i][1] == left["card"]:
                            del stack[i]
                            break
    return games, counts


def _classify(top, role_ops, ops, aimed_at) -> tuple[str, str, str]:
    _, card, targets = top
    top_role, top_ops = role_ops(card)
    if Op.FIGHT in top_ops or Op.DAMAGE_BY_POWER in top_ops:
        what = "bite/fight"
    elif top_role in (AiRole.TRICK, AiRole.PROTECTION) or Op.ATTACH_SELF in top_ops:
        what = "pump/protection/Aura"
    elif top_role == AiRole.REMOVAL:
        what = "removal"
    else:
        what = "other"
    if Op.BOUNCE in ops:
        how = "bounce"
    elif Op.RETURN_AT_END_STEP in ops:
        how = "until end step"
    else:
        how = "kill/other"
    if aimed_at and aimed_at == targets[0]:
        where = "its first target"
    elif aimed_at and aimed_at in targets:
        where = "its other target"
    else:
        where = "elsewhere"
    return what, how, where


def main() -> None:
    games, counts = census(sys.argv[1:])
    print(f"{games} games; removal cast in response, per 1000 games")
    print(f"{'answers':22s} {'removal':15s} {'aimed at':18s} {'casts':>6s} {'/1000':>7s}")
    for (what, how, where), n in sorted(counts.items()):
        print(f"{what:22s} {how:15s} {where:18s} {n:6d} {1000 * n / max(games, 1):7.1f}")


if __name__ == "__main__":
    main()

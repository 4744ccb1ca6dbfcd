"""Lists of card names in the replay's text (gamelog.py, replay_position.py).

Legendary names carry a comma of their own ("Ygra, Eater of All"), so a list holding one is
joined with "; " at every joint, its last too ("Ygra, Eater of All; Island x2; Bear"); other
lists keep ", ". Semicolons only where needed: most lists, and the README's examples, read as
they always did.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def separator(names: Iterable[str]) -> str:
    """ "; " when a name has a comma, else ", "."""
    return "; " if any("," in n for n in names) else ", "


def name_list(items: Sequence[str], names: Iterable[str] | None = None) -> str:
    """Items joined by `separator` of `names` (default the items themselves; pass the bare
    names when items add text with commas of their own, as a permanent's notes do)."""
    return separator(items if names is None else names).join(items)


def name_series(names: Sequence[str]) -> str:
    """'a, b and c'; with a comma in a name, 'a; b; c' (an "and" would leave its last joint
    as ambiguous as a comma)."""
    if separator(names) == "; " or len(names) < 2:
        return name_list(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def counted(names: Iterable[str]) -> str:
    """'Plains x2, Driftgloom Coyote': each name once, in order, with how many."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    items = [name + (f" x{n}" if n > 1 else "") for name, n in counts.items()]
    return name_list(items, counts)

"""Policy strings and files -> the float64 table the kernel reads (see decide.py).

String syntax: ``NAME[:k=v,...]``, then per-card overrides after ``;``::

    always; Long River's Pull=heuristic; Blooming Blast=rollout:k=8,base=plain-first

The names, their parameters and the recipient rules (``to=RULE``, every name takes it) are the
tables ``POLICY_SPECS`` and ``RECIPIENT_SPECS`` below: parsing, validation, the table rows, the
CLI's help and the README's list of policies all come from them (a test holds the README to
them). A new policy is one row there, its ``PolicyKind`` in enums_policy.py and its branch in
decide.py (CONTRIBUTING.md).

Policy file (``--policy-file FILE.toml``)::

    policy = "heuristic:to=weakest-use"   # required: every card without its own line
    opponents = "never"                   # optional: the policy of seats 1+ (default: same)
    [cards]                               # optional: per-card policy strings
    "Blooming Blast" = "threshold"
    [heuristic.card."Blooming Blast"]     # optional: layered over heuristic.toml (also
    margin = 0.5                          #   [heuristic.default], [heuristic.kind.food], ...)
    [threshold.card."Blooming Blast"]     # optional: replaces threshold.toml's weights for
    bias = -1.0                           #   that card (also [threshold.default], kinds);
    promised_lethal = 6.0                 #   keys: bias and decision feature names

Any problem is an InputError naming the file (or ``--policy``) and the offending text.
"""

from __future__ import annotations

import difflib
import functools
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from analyzer.enums import GIFT_KIND_NAMES, PolCol, PolicyKind, Recipient
from analyzer.errors import InputError, Problem
from analyzer.policies.layers import (
    HEUR_PARAMS,
    Layers,
    bad_input,
    feature_names,
    merged_heuristic,
    merged_threshold,
    read_layers,
    threshold_keys,
)


@dataclass(frozen=True)
class PolicyParam:
    """One ``key=value`` parameter of a policy name."""

    name: str
    kind: str  # "number" in [lo, hi]; "flag": 0 or 1; "count": a whole number in [lo, hi];
    #            "file": a threshold weights file; "policy": a policy name (rollout's base)
    default: str
    column: int | None  # the policy-row column it fills (None: rule_row reads it itself)
    doc: str = ""
    lo: float = -1e300
    hi: float = 1e300


@dataclass(frozen=True)
class PolicyKindSpec:
    """One policy name: its kernel code, how it is written, what it decides, its parameters."""

    name: str
    kind: int  # enums.PolicyKind
    usage: str  # how the README and the CLI's help write it
    doc: str  # what it decides, one sentence for the README
    params: tuple[PolicyParam, ...] = ()

    def param(self, key: str) -> PolicyParam | None:
        return next((p for p in self.params if p.name == key), None)


MAX_K = 4096

POLICY_SPECS: tuple[PolicyKindSpec, ...] = (
    PolicyKindSpec("never", PolicyKind.NEVER, "never", "never promise"),
    PolicyKindSpec(
        "always", PolicyKind.ALWAYS, "always", "promise whenever the promised mode is legal"
    ),
    PolicyKindSpec(
        "random",
        PolicyKind.RANDOM,
        "random:p=0.5",
        "promise with probability p",
        (PolicyParam("p", "number", "0.5", PolCol.PARAM0, "the probability", 0, 1),),
    ),
    PolicyKindSpec(
        "plain-first",
        PolicyKind.PLAIN_FIRST,
        "plain-first",
        "without the gift unless only the promised mode is legal or (`lethal=1`, the default) "
        "its damage is lethal; `targets=1`: also when the promised mode has more targets now",
        (
            PolicyParam("lethal", "flag", "1", PolCol.PARAM0, "promise when its damage is lethal"),
            PolicyParam(
                "targets",
                "flag",
                "0",
                PolCol.PARAM1,
                "promise when the promised mode has more targets now",
            ),
        ),
    ),
    PolicyKindSpec(
        "heuristic",
        PolicyKind.HEURISTIC,
        "heuristic",
        "per gift kind and card from the decision features, with parameters in "
        "`analyzer/policies/heuristic.toml` and the reasoning per card in "
        "`analyzer/policies/HEURISTIC.md`; a parameter given here replaces it for every card "
        "(e.g. `heuristic:margin=1` to be stingier)",
        tuple(
            PolicyParam(name, "number", "", col, "see HEURISTIC.md")
            for name, col in HEUR_PARAMS.items()
        ),
    ),
    PolicyKindSpec(
        "threshold",
        PolicyKind.THRESHOLD,
        "threshold",
        "promise when bias + weights . features > 0, weights per card from "
        "`analyzer/policies/threshold.toml` or `threshold:weights=FILE.toml` (same format; "
        "`tune` writes them)",
        (PolicyParam("weights", "file", "", None, "a threshold weights file"),),
    ),
    PolicyKindSpec(
        "rollout",
        PolicyKind.ROLLOUT,
        "rollout:k=16,base=heuristic",
        "fork the game at the decision, play both choices out k times with the base policy "
        "(libraries shuffled, opponents' hands redealt), choose the one with more wins, the "
        "base's choice on a tie; the base's own parameters may follow (reproducible: the "
        "play-outs' streams derive from the game's own, which they never touch)",
        (
            PolicyParam("k", "count", "16", PolCol.ROLL_K, "play-outs per choice", 1, MAX_K),
            PolicyParam(
                "base",
                "policy",
                "heuristic",
                PolCol.ROLL_BASE,
                "the policy of the play-outs (any name but rollout)",
            ),
        ),
    ),
)
SPECS = {s.name: s for s in POLICY_SPECS}
KINDS = {s.name: s.kind for s in POLICY_SPECS}

# (name, enums.Recipient, what it picks): the `to=RULE` every policy name takes.
RECIPIENT_SPECS: tuple[tuple[str, int, str], ...] = (
    ("next", Recipient.NEXT, "the next opponent in turn order"),
    ("random", Recipient.RANDOM, "a random opponent"),
    ("lowest-life", Recipient.LOWEST_LIFE, "the opponent with the least life"),
    ("least-threat", Recipient.LEAST_THREAT, "the smallest board power plus hand size"),
    (
        "weakest-use",
        Recipient.WEAKEST_USE,
        "the one this gift is worth least to now, their permanents' payoffs for a token gift"
        " included, of the opponents but the one with the most board power plus hand size"
        " while another is left; the default",
    ),
)
RECIPIENTS = {name: code for name, code, _ in RECIPIENT_SPECS}
# Without to=: the opponent who can make the least of the gift (issue 21), as a Commander player
# gives it, never the biggest danger to the giver (a gift feeds whom it goes to); in a 1v1 game
# every rule names the one opponent.
DEFAULT_RECIPIENT = "weakest-use"


def policy_help() -> str:
    """The --policy option's help, from the tables."""
    return (
        "Gift policy: " + ", ".join(s.usage for s in POLICY_SPECS) + "; to=RULE picks the "
        "recipient (" + ", ".join(RECIPIENTS) + "); per-card overrides after ';' "
        '("always; Long River\'s Pull=heuristic").'
    )


def readme_policy_list() -> str:
    """The README's list of policies (a test checks the README holds exactly this)."""
    import textwrap

    items = [f"`{s.usage}`: {s.doc};" for s in POLICY_SPECS]
    rules = ", ".join(f"`{name}` ({doc})" for name, _, doc in RECIPIENT_SPECS)
    items.append(f"every name takes `to=RULE`, the recipient in multiplayer games: {rules}.")
    return "\n".join(
        textwrap.fill(item, 96, initial_indent="- ", subsequent_indent="  ") for item in items
    )


_KIND_OF_NAME = {v: k for k, v in GIFT_KIND_NAMES.items()}


def did_you_mean(word: str, known: Any) -> str:
    """ "; did you mean 'x'?" for the closest of `known` (case-insensitive), else ""."""
    names = {str(k).lower(): str(k) for k in known}
    close = difflib.get_close_matches(word.lower(), list(names), n=1, cutoff=0.6)
    return f"; did you mean {names[close[0]]!r}?" if close else ""


# ---------------------------------------------------------------------------------------------
# rules: one parsed NAME[:k=v,...]


@dataclass(frozen=True)
class Rule:
    """One parsed policy string (no ';')."""

    name: str
    params: tuple[tuple[str, str], ...] = ()
    text: str = ""

    def get(self, key: str, default: str | None = None) -> str | None:
        return dict(self.params).get(key, default)


def _float(
    value: str, key: str, where: str, text: str, lo: float = -1e300, hi: float = 1e300
) -> float:
    try:
        x = float(value)
    except ValueError:
        x = float("nan")
    if not lo <= x <= hi:
        rng = f" in [{lo:g}, {hi:g}]" if lo > -1e300 else ""
        raise bad_input(f"{key} must be a number{rng}, not {value!r}", where, text)
    return x


def _check_value(spec: PolicyKindSpec, par: PolicyParam, value: str, where: str, text: str) -> None:
    if par.kind == "number":
        lo, hi = (par.lo, par.hi)
        _float(value, par.name, where, text, lo, hi)
    elif par.kind == "flag":
        if value not in ("0", "1"):
            raise bad_input(f"{par.name} must be 0 or 1, not {value!r}", where, text)
    elif par.kind == "count":
        if not value.isdigit() or not par.lo <= int(value) <= par.hi:
            raise bad_input(
                f"{par.name} must be a whole number from {par.lo:g} to {par.hi:g}, not {value!r}",
                where,
                text,
            )
    elif par.kind == "policy":
        if value not in KINDS or value == spec.name:
            bases = ", ".join(n for n in KINDS if n != spec.name)
            raise bad_input(
                f"{spec.name} {par.name} must be one of {bases}, not {value!r}", where, text
            )
    elif par.kind == "file":
        read_layers(value, threshold_keys())


def _check_params(name: str, params: dict[str, str], where: str, text: str) -> None:
    spec = SPECS[name]
    for key, value in params.items():
        if key == "to":
            if value not in RECIPIENTS:
                raise bad_input(
                    f"unknown recipient rule {value!r}; known: {', '.join(RECIPIENTS)}", where, text
                )
            continue
        par = spec.param(key)
        if par is None:
            takes = ", ".join([*(p.name for p in spec.params), "to"])
            hint = did_you_mean(key, [*(p.name for p in spec.params), "to"])
            if any(p.kind == "policy" for p in spec.params):
                takes += " (and the base policy's parameters)"
            raise bad_input(
                f"policy {name!r} has no parameter {key!r}{hint} (it takes: {takes})", where, text
            )
        _check_value(spec, par, value, where, text)


def parse_rule(text: str, where: str = "--policy") -> Rule:
    """Parse and validate ``NAME[:k=v,...]`` against POLICY_SPECS."""
    src = text.strip()
    name, _, rest = src.partition(":")
    name = name.strip().lower()
    if name not in KINDS:
        raise bad_input(
            f"unknown policy {name!r}{did_you_mean(name, KINDS)} (known: {', '.join(KINDS)})",
            where,
            src,
        )
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        if not eq or not key or not value.strip():
            raise bad_input(f"policy parameter {part!r} needs the form key=value", where, src)
        if key in params:
            raise bad_input(f"parameter {key!r} given twice", where, src)
        params[key] = value.strip()
    spec = SPECS[name]
    base = spec.param("base")
    if base is None:
        _check_params(name, params, where, src)
        return Rule(name, tuple(params.items()), src)
    # a policy over a base policy (rollout): its own parameters, then the base's
    own = {p.name: params.pop(p.name, p.default) for p in spec.params}
    own["base"] = own["base"].lower()
    for p in spec.params:
        _check_value(spec, p, own[p.name], where, src)
    _check_params(own["base"], params, where, src)
    return Rule(name, tuple({**own, **params}.items()), src)


# ---------------------------------------------------------------------------------------------
# policies: a default rule, per-card rules, data layers, and optionally the opponents' policy


@dataclass
class PolicySpec:
    """A parsed policy (string or file); ``table()`` makes the kernel's array."""

    default: Rule
    cards: dict[str, Rule] = field(default_factory=dict)  # card name as written -> rule
    heuristic: Layers | None = None  # layered over heuristic.toml
    threshold: Layers | None = None  # replaces threshold.toml entries
    opponents: PolicySpec | None = None
    text: str = ""
    source: str = "--policy"

    def __str__(self) -> str:
        return self.text

    def recipient_rule(self, card: str) -> str:
        """The recipient rule (``to=``) this policy gives ``card``'s gift by: its override's,
        else the default rule's (the names compared as policy overrides are written, any case)."""
        key = card.strip().casefold()
        rule = next((r for w, r in self.cards.items() if w.strip().casefold() == key), None)
        return (rule or self.default).get("to", DEFAULT_RECIPIENT) or DEFAULT_RECIPIENT

    def table(self, names: tuple[str, ...], lookup: Any) -> np.ndarray:
        """The kernel's table for a catalog's card names (ids = positions in names); lookup is
        the catalog's (it says which cards have a gift: without it no card gets its own row)."""
        block = self._block(names, lookup)
        if self.opponents is None:
            return block
        table = np.vstack([block, self.opponents._block(names, lookup)])
        table[0, PolCol.BLOCK] = block.shape[0]
        return table

    def _block(self, names: tuple[str, ...], lookup: Any) -> np.ndarray:
        ids, kinds = _catalog_index(names, lookup)
        canon: dict[str, int] = {}
        problems: list[Problem] = []
        for layer in (self.heuristic, self.threshold):
            for written in layer.card_names.values() if layer else ():
                if _card_id(written, ids, lookup) is None:
                    problems.append(
                        Problem(f"unknown card {written!r}", layer.source, text=written)
                    )
        for written in self.cards:
            cid = _card_id(written, ids, lookup)
            if cid is None:
                problems.append(
                    Problem(
                        f"unknown card {written!r} in a policy override"
                        f"{did_you_mean(written, names)}",
                        self.source,
                        text=written,
                    )
                )
            elif not kinds[cid]:
                problems.append(
                    Problem(
                        f"{names[cid]} has no gift: a policy override for it decides nothing",
                        self.source,
                        text=written,
                    )
                )
            elif cid in canon.values():
                problems.append(
                    Problem(f"{names[cid]} has two policy overrides", self.source, text=written)
                )
            else:
                canon[written] = cid
        if problems:
            raise InputError(problems)
        heur = merged_heuristic(self.heuristic)
        thr = merged_threshold(self.threshold)
        table = np.zeros((len(names) + 1, PolCol.N), dtype=np.float64)
        table[:, PolCol.KIND] = -1.0
        table[-1] = rule_row(self.default, "", 0, heur, thr)
        override = {cid: self.cards[w] for w, cid in canon.items()}
        for cid, name in enumerate(names):
            kind = kinds[cid]
            if kind or cid in override:
                table[cid] = rule_row(override.get(cid, self.default), name, kind, heur, thr)
        return table


@functools.lru_cache(maxsize=8)
def _catalog_index(names: tuple[str, ...], lookup: Any) -> tuple[dict[str, int], tuple[int, ...]]:
    """Card id by lower-case name, and each card's gift kind (0: no gift). Cached: an evaluate
    builds a table for every arm of every chunk over the same catalog."""
    ids = {n.lower(): i for i, n in enumerate(names)}
    kinds = []
    for name in names:
        rec = lookup(name) if lookup is not None else None
        own = rec is not None and rec.name == name
        kinds.append(int(getattr(rec, "gift", 0) or 0) if own else 0)
    return ids, tuple(kinds)


def _card_id(name: str, ids: dict[str, int], lookup: Any) -> int | None:
    rec = lookup(name) if lookup is not None else None
    key = (rec.name if rec is not None else name).lower()
    return ids.get(key)


def rule_row(rule: Rule, card: str, kind: int, heur: Layers, thr: Layers) -> np.ndarray:
    """One policy row: rule applied to a card (name "" and kind 0 for the default row)."""
    row = np.zeros(PolCol.N, dtype=np.float64)
    params = dict(rule.params)
    outer = SPECS[rule.name]
    over = {p.name: params.pop(p.name) for p in outer.params if outer.param("base")}
    name = over["base"] if over else rule.name
    spec = SPECS[name]
    row[PolCol.KIND] = spec.kind
    row[PolCol.GIFT_KIND] = kind
    row[PolCol.RECIPIENT] = RECIPIENTS[params.get("to", DEFAULT_RECIPIENT)]
    kind_name = _KIND_OF_NAME.get(kind, "")
    if name == "heuristic":  # its parameters layered: data files, then the string's
        values = {**heur.default, **heur.kind.get(kind_name, {}), **heur.card.get(card.lower(), {})}
        values.update({key: float(v) for key, v in params.items() if key in HEUR_PARAMS})
        for key, col in HEUR_PARAMS.items():
            row[col] = values.get(key, 0.0)
    elif name == "threshold":
        layers = thr
        if "weights" in params:
            layers = merged_threshold(read_layers(params["weights"], threshold_keys()))
        w = layers.card.get(card.lower()) or layers.kind.get(kind_name) or layers.default
        set_weights(row, w)
    else:
        for p in spec.params:
            if p.column is not None:
                row[p.column] = float(params.get(p.name, p.default))
    if over:  # the base's row, wrapped: the outer kind reads it (rollout.py)
        row[PolCol.ROLL_BASE] = row[PolCol.KIND]
        row[PolCol.KIND] = outer.kind
        row[PolCol.ROLL_K] = int(over["k"])
    return row


def set_weights(row: np.ndarray, weights: dict[str, float]) -> None:
    """Write threshold weights ({"bias": b, feature name: w}) into a policy row."""
    names = feature_names()
    row[PolCol.BIAS] = weights.get("bias", 0.0)
    row[PolCol.W0 : PolCol.W0 + len(names)] = [weights.get(n, 0.0) for n in names]


def row_weights(row: np.ndarray) -> dict[str, float]:
    """The threshold weights of a row, zeros left out."""
    names = feature_names()
    out = {"bias": float(row[PolCol.BIAS])}
    out.update(
        {n: float(row[PolCol.W0 + i]) for i, n in enumerate(names) if row[PolCol.W0 + i] != 0.0}
    )
    return out


def parse_policy(spec: str, where: str = "--policy") -> PolicySpec:
    """``NAME[:k=v,...][; Card Name=NAME[:k=v,...]]...`` -> PolicySpec."""
    if not isinstance(spec, str) or not spec.strip():
        raise bad_input("a policy is needed (e.g. never, always, heuristic)", where, str(spec))
    parts = spec.split(";")
    problems: list[Problem] = []  # every part checked, every problem reported at once
    default: Rule | None = None
    try:
        default = parse_rule(parts[0], where)
    except InputError as err:
        problems += err.problems
    cards: dict[str, Rule] = {}
    for part in parts[1:]:
        if not part.strip():
            continue
        card, eq, sub = part.partition("=")  # card names never contain "="
        if not eq or not card.strip():
            problems.append(
                Problem(
                    "a per-card override needs the form 'Card Name=policy'",
                    source=where,
                    text=part.strip(),
                )
            )
            continue
        if card.strip() in cards:  # the later one silently won
            problems.append(
                Problem(f"{card.strip()} has two policy overrides", source=where, text=part.strip())
            )
            continue
        try:
            cards[card.strip()] = parse_rule(sub, where)
        except InputError as err:
            problems += err.problems
    if problems or default is None:
        raise InputError(problems)
    return PolicySpec(default, cards, text=spec.strip(), source=where)


def policy_table(
    spec: str | PolicySpec | np.ndarray, names: tuple[str, ...], lookup: Any
) -> np.ndarray:
    """Table for a policy (string, parsed spec, or a ready table) over a catalog's names.

    ``lookup`` (the catalog's) is required: it says which cards have a gift, and a table built
    without it gives no card its own row, so the policy plays differently from the one asked
    for (a soak's games then differed from simulate's with the same seed)."""
    if isinstance(spec, np.ndarray):
        if (
            spec.dtype != np.float64
            or spec.ndim != 2
            or spec.shape[1] != PolCol.N
            or spec.shape[0] % (len(names) + 1)
        ):
            raise ValueError(f"not a policy table for {len(names)} cards: {spec.shape}")
        return np.ascontiguousarray(spec)
    if isinstance(spec, str):
        spec = parse_policy(spec)
    return spec.table(names, lookup)


if __name__ == "__main__":  # the README's list of policies, to paste after changing the specs
    print(readme_policy_list())

"""Policy strings and files -> the float64 table the kernel reads (see decide.py).

String syntax: ``NAME[:k=v,...]``, then per-card overrides after ``;``::

    always; Long River's Pull=heuristic; Blooming Blast=rollout:k=8,base=plain-first

Names and their parameters (every name also takes ``to=RULE``, the multiplayer recipient:
next | random | lowest-life | least-threat | weakest-use; default next):

- ``never``, ``always``, ``random:p=0.5``;
- ``plain-first[:lethal=1,targets=0]``: without the gift unless only the promised mode is
  legal, or (lethal=1) its damage is lethal, or (targets=1) it has more targets now;
- ``heuristic[:PARAM=v,...]``: per gift kind and card from ``heuristic.toml``; a parameter
  given here (names in HEURISTIC.md) replaces that parameter for every card;
- ``threshold[:weights=FILE]``: promise when bias + weights . features > 0, weights per card
  (else per gift kind, else default) from ``threshold.toml`` or FILE (same format);
- ``rollout[:k=16,base=heuristic,...]``: play both choices out k times with the base policy
  (any name but rollout; the base's own parameters may follow).

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
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from analyzer.enums import GIFT_KIND_NAMES, HeurCol, PolCol, PolicyKind, Recipient
from analyzer.errors import InputError, Problem

HERE = Path(__file__).resolve().parent
HEURISTIC_FILE = HERE / "heuristic.toml"
THRESHOLD_FILE = HERE / "threshold.toml"

KINDS = {"never": PolicyKind.NEVER, "always": PolicyKind.ALWAYS, "random": PolicyKind.RANDOM,
         "plain-first": PolicyKind.PLAIN_FIRST, "heuristic": PolicyKind.HEURISTIC,
         "threshold": PolicyKind.THRESHOLD, "rollout": PolicyKind.ROLLOUT}
RECIPIENTS = {"next": Recipient.NEXT, "random": Recipient.RANDOM,
              "lowest-life": Recipient.LOWEST_LIFE, "least-threat": Recipient.LEAST_THREAT,
              "weakest-use": Recipient.WEAKEST_USE}
HEUR_PARAMS = {name.lower(): col for name, col in HeurCol._asdict().items()}
_KIND_OF_NAME = {v: k for k, v in GIFT_KIND_NAMES.items()}
MAX_K = 4096


def feature_names() -> tuple[str, ...]:
    from analyzer.policies.features import FEATURE_NAMES  # numba-free module body

    return FEATURE_NAMES


def _bad(message: str, where: str, text: str = "", line: int = 0) -> InputError:
    return InputError(Problem(message, source=where, text=text, line=line))


def did_you_mean(word: str, known: Any) -> str:
    """ "; did you mean 'x'?" for the closest of `known` (case-insensitive), else ""."""
    names = {str(k).lower(): str(k) for k in known}
    close = difflib.get_close_matches(word.lower(), list(names), n=1, cutoff=0.6)
    return f"; did you mean {names[close[0]]!r}?" if close else ""


# ---------------------------------------------------------------------------------------------
# data files: [default], [kind.<gift kind>], [card."Name"] tables of numbers


@dataclass
class Layers:
    """Numbers per default / gift kind / card name (lower case), as in the TOML files."""

    default: dict[str, float] = field(default_factory=dict)
    kind: dict[str, dict[str, float]] = field(default_factory=dict)
    card: dict[str, dict[str, float]] = field(default_factory=dict)
    card_names: dict[str, str] = field(default_factory=dict)  # lower -> as written
    source: str = ""


def _line_of(text: str, needle: str) -> int:
    for i, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return i
    return 0


def parse_layers(data: dict[str, Any], keys: set[str], where: str, raw: str = "",
                 prefix: str = "") -> Layers:
    """Validate a {default, kind, card} mapping whose leaves are numbers named in keys."""
    out = Layers(source=where)
    problems: list[Problem] = []

    def numbers(tab: Any, path: str) -> dict[str, float]:
        if not isinstance(tab, dict):
            problems.append(Problem(f"{path} must be a table", where, _line_of(raw, path)))
            return {}
        got: dict[str, float] = {}
        for k, v in tab.items():
            if k not in keys:
                problems.append(Problem(f"{path}: unknown key {k!r}; known: "
                                        f"{', '.join(sorted(keys))}", where, _line_of(raw, k)))
            elif isinstance(v, bool) or not isinstance(v, int | float):
                problems.append(Problem(f"{path}.{k} must be a number, not {v!r}", where,
                                        _line_of(raw, k)))
            else:
                got[k] = float(v)
        return got

    for top, value in data.items():
        path = f"{prefix}{top}"
        if top == "default":
            out.default = numbers(value, path)
        elif top in ("kind", "card") and isinstance(value, dict):
            for name, tab in value.items():
                if top == "kind" and name not in GIFT_KIND_NAMES:
                    problems.append(Problem(f"{path}: unknown gift kind {name!r}; known: "
                                            f"{', '.join(GIFT_KIND_NAMES)}", where,
                                            _line_of(raw, name)))
                    continue
                nums = numbers(tab, f'{path}."{name}"')
                if top == "kind":
                    out.kind[name] = nums
                else:
                    out.card[name.lower()] = nums
                    out.card_names[name.lower()] = name
        else:
            problems.append(Problem(f"unknown table {path!r} (use default, kind.<gift kind>, "
                                    f'card."Card Name")', where, _line_of(raw, top)))
    if problems:
        raise InputError(problems)
    return out


def read_layers(path: str | Path, keys: set[str]) -> Layers:
    p = Path(path)
    try:
        raw = p.read_text(encoding="utf-8")
        data = tomllib.loads(raw)
    except OSError as exc:
        raise _bad(f"cannot read: {exc.strerror or exc}", str(path)) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise _bad(f"not valid TOML: {exc}", str(path)) from None
    return parse_layers(data, keys, str(path), raw)


def heuristic_keys() -> set[str]:
    return set(HEUR_PARAMS)


def threshold_keys() -> set[str]:
    return {"bias", *feature_names()}


_DATA: dict[str, Layers] = {}


def bundled(name: str) -> Layers:
    """heuristic.toml or threshold.toml, read once."""
    if name not in _DATA:
        path, keys = ((HEURISTIC_FILE, heuristic_keys()) if name == "heuristic"
                      else (THRESHOLD_FILE, threshold_keys()))
        _DATA[name] = read_layers(path, keys)
    return _DATA[name]


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


def _float(value: str, key: str, where: str, text: str, lo: float = -1e300,
           hi: float = 1e300) -> float:
    try:
        x = float(value)
    except ValueError:
        x = float("nan")
    if not lo <= x <= hi:
        rng = f" in [{lo:g}, {hi:g}]" if lo > -1e300 else ""
        raise _bad(f"{key} must be a number{rng}, not {value!r}", where, text)
    return x


def _check_params(name: str, params: dict[str, str], where: str, text: str) -> None:
    for key, value in params.items():
        if key == "to":
            if value not in RECIPIENTS:
                raise _bad(f"unknown recipient rule {value!r}; known: {', '.join(RECIPIENTS)}",
                           where, text)
        elif name == "random" and key == "p":
            _float(value, "p", where, text, 0.0, 1.0)
        elif name == "plain-first" and key in ("lethal", "targets"):
            if value not in ("0", "1"):
                raise _bad(f"{key} must be 0 or 1, not {value!r}", where, text)
        elif name == "heuristic" and key in HEUR_PARAMS:
            _float(value, key, where, text)
        elif name == "threshold" and key == "weights":
            read_layers(value, threshold_keys())
        else:
            known = {"random": "p, to", "plain-first": "lethal, targets, to",
                     "heuristic": "to, " + ", ".join(HEUR_PARAMS), "threshold": "weights, to",
                     "rollout": "k, base, to (and the base policy's parameters)"}
            takes = known.get(name, "to")
            hint = did_you_mean(key, [k.strip() for k in takes.split("(")[0].split(",")])
            raise _bad(f"policy {name!r} has no parameter {key!r}{hint} (it takes: "
                       f"{takes})", where, text)


def parse_rule(text: str, where: str = "--policy") -> Rule:
    """Parse and validate ``NAME[:k=v,...]``."""
    src = text.strip()
    name, _, rest = src.partition(":")
    name = name.strip().lower()
    if name not in KINDS:
        raise _bad(f"unknown policy {name!r}{did_you_mean(name, KINDS)} (known: "
                   f"{', '.join(KINDS)})", where, src)
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        if not eq or not key or not value.strip():
            raise _bad(f"policy parameter {part!r} needs the form key=value", where, src)
        if key in params:
            raise _bad(f"parameter {key!r} given twice", where, src)
        params[key] = value.strip()
    if name == "rollout":
        k = params.pop("k", "16")
        if not k.isdigit() or not 1 <= int(k) <= MAX_K:
            raise _bad(f"k must be a whole number from 1 to {MAX_K}, not {k!r}", where, src)
        base = params.pop("base", "heuristic").lower()
        if base not in KINDS or base == "rollout":
            bases = ", ".join(n for n in KINDS if n != "rollout")
            raise _bad(f"rollout base must be one of {bases}, not {base!r}", where, src)
        _check_params(base, params, where, src)
        params = {"k": k, "base": base, **params}
    else:
        _check_params(name, params, where, src)
    return Rule(name, tuple(params.items()), src)


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

    def table(self, names: tuple[str, ...], lookup: Any = None) -> np.ndarray:
        """The kernel's table for a catalog's card names (ids = positions in names)."""
        block = self._block(names, lookup)
        if self.opponents is None:
            return block
        table = np.vstack([block, self.opponents._block(names, lookup)])
        table[0, PolCol.BLOCK] = block.shape[0]
        return table

    def _block(self, names: tuple[str, ...], lookup: Any) -> np.ndarray:
        ids = {n.lower(): i for i, n in enumerate(names)}
        canon: dict[str, int] = {}
        problems: list[Problem] = []
        for layer in (self.heuristic, self.threshold):
            for written in (layer.card_names.values() if layer else ()):
                if _card_id(written, ids, lookup) is None:
                    problems.append(Problem(f"unknown card {written!r}", layer.source,
                                            text=written))
        for written in self.cards:
            cid = _card_id(written, ids, lookup)
            if cid is None:
                problems.append(Problem(f"unknown card {written!r} in a policy override"
                                        f"{did_you_mean(written, names)}", self.source,
                                        text=written))
            else:
                canon[written] = cid
        if problems:
            raise InputError(problems)
        heur = _merged_heuristic(self.heuristic)
        thr = _merged_threshold(self.threshold)
        table = np.zeros((len(names) + 1, PolCol.N), dtype=np.float64)
        table[:, PolCol.KIND] = -1.0
        table[-1] = rule_row(self.default, "", 0, heur, thr)
        override = {cid: self.cards[w] for w, cid in canon.items()}
        for cid, name in enumerate(names):
            rec = lookup(name) if lookup is not None else None
            kind = int(getattr(rec, "gift", 0) or 0) if rec is not None and \
                rec.name == name else 0
            if kind or cid in override:
                table[cid] = rule_row(override.get(cid, self.default), name, kind, heur, thr)
        return table


def _card_id(name: str, ids: dict[str, int], lookup: Any) -> int | None:
    rec = lookup(name) if lookup is not None else None
    key = (rec.name if rec is not None else name).lower()
    return ids.get(key)


def _merged_heuristic(extra: Layers | None) -> Layers:
    base = bundled("heuristic")
    if extra is None:
        return base
    out = Layers({**base.default, **extra.default},
                 {k: dict(v) for k, v in base.kind.items()},
                 {k: dict(v) for k, v in base.card.items()}, source=extra.source)
    for k, v in extra.kind.items():
        out.kind.setdefault(k, {}).update(v)
    for k, v in extra.card.items():
        out.card.setdefault(k, {}).update(v)
    return out


def _merged_threshold(extra: Layers | None) -> Layers:
    base = bundled("threshold")
    if extra is None:
        return base
    return Layers(extra.default or base.default, {**base.kind, **extra.kind},
                  {**base.card, **extra.card}, source=extra.source)


def rule_row(rule: Rule, card: str, kind: int, heur: Layers, thr: Layers) -> np.ndarray:
    """One policy row: rule applied to a card (name "" and kind 0 for the default row)."""
    row = np.zeros(PolCol.N, dtype=np.float64)
    params = dict(rule.params)
    name = params.pop("base") if rule.name == "rollout" else rule.name
    k = int(params.pop("k", "0"))
    row[PolCol.KIND] = KINDS[name]
    row[PolCol.GIFT_KIND] = kind
    row[PolCol.RECIPIENT] = RECIPIENTS[params.get("to", "next")]
    kind_name = _KIND_OF_NAME.get(kind, "")
    if name == "random":
        row[PolCol.PARAM0] = float(params.get("p", "0.5"))
    elif name == "plain-first":
        row[PolCol.PARAM0] = float(params.get("lethal", "1"))
        row[PolCol.PARAM1] = float(params.get("targets", "0"))
    elif name == "heuristic":
        values = {**heur.default, **heur.kind.get(kind_name, {}), **heur.card.get(card.lower(), {})}
        values.update({key: float(v) for key, v in params.items() if key in HEUR_PARAMS})
        for key, col in HEUR_PARAMS.items():
            row[col] = values.get(key, 0.0)
    elif name == "threshold":
        layers = thr
        if "weights" in params:
            layers = _merged_threshold(read_layers(params["weights"], threshold_keys()))
        w = layers.card.get(card.lower()) or layers.kind.get(kind_name) or layers.default
        set_weights(row, w)
    if rule.name == "rollout":
        row[PolCol.ROLL_BASE] = row[PolCol.KIND]
        row[PolCol.KIND] = PolicyKind.ROLLOUT
        row[PolCol.ROLL_K] = k
    return row


def set_weights(row: np.ndarray, weights: dict[str, float]) -> None:
    """Write threshold weights ({"bias": b, feature name: w}) into a policy row."""
    names = feature_names()
    row[PolCol.BIAS] = weights.get("bias", 0.0)
    row[PolCol.W0:PolCol.W0 + len(names)] = [weights.get(n, 0.0) for n in names]


def row_weights(row: np.ndarray) -> dict[str, float]:
    """The threshold weights of a row, zeros left out."""
    names = feature_names()
    out = {"bias": float(row[PolCol.BIAS])}
    out.update({n: float(row[PolCol.W0 + i]) for i, n in enumerate(names)
                if row[PolCol.W0 + i] != 0.0})
    return out


def parse_policy(spec: str, where: str = "--policy") -> PolicySpec:
    """``NAME[:k=v,...][; Card Name=NAME[:k=v,...]]...`` -> PolicySpec."""
    if not isinstance(spec, str) or not spec.strip():
        raise _bad("a policy is needed (e.g. never, always, heuristic)", where, str(spec))
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
            problems.append(Problem("a per-card override needs the form 'Card Name=policy'",
                                    source=where, text=part.strip()))
            continue
        try:
            cards[card.strip()] = parse_rule(sub, where)
        except InputError as err:
            problems += err.problems
    if problems or default is None:
        raise InputError(problems)
    return PolicySpec(default, cards, text=spec.strip(), source=where)


def read_policy_file(path: str | Path) -> PolicySpec:
    """Read a policy file (format in this module's docstring)."""
    where = str(path)
    try:
        raw = Path(path).read_text(encoding="utf-8")
        data = tomllib.loads(raw)
    except OSError as exc:
        raise _bad(f"cannot read the policy file: {exc.strerror or exc}", where) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise _bad(f"not valid TOML: {exc}", where) from None
    unknown = set(data) - {"policy", "opponents", "cards", "heuristic", "threshold"}
    if unknown:
        key = sorted(unknown)[0]
        raise _bad(f"unknown key {key!r}; a policy file has policy, opponents, [cards], "
                   "[heuristic], [threshold]", where, key, _line_of(raw, key))
    if not isinstance(data.get("policy"), str):
        raise _bad('needs policy = "NAME[:k=v,...]" (the policy of every other card)', where)
    if ";" in data["policy"]:
        raise _bad("policy: per-card overrides go in the [cards] table, not after ';'", where,
                   data["policy"], _line_of(raw, "policy"))
    spec = parse_policy(data["policy"], where)
    cards = data.get("cards", {})
    if not isinstance(cards, dict):
        raise _bad("cards must be a table of \"Card Name\" = \"policy\"", where)
    problems: list[Problem] = []
    for name, text in cards.items():
        if not isinstance(text, str):
            problems.append(Problem(f"cards.{name!r} must be a policy string", where,
                                    _line_of(raw, name), str(text)))
            continue
        try:
            spec.cards[name] = parse_rule(text, where)
        except InputError as err:
            problems += [Problem(p.message, p.source, _line_of(raw, name), p.text)
                         for p in err.problems]
    if problems:
        raise InputError(problems)
    for key, keys in (("heuristic", heuristic_keys()), ("threshold", threshold_keys())):
        if key in data:
            if not isinstance(data[key], dict):
                raise _bad(f"{key} must be a table", where, key, _line_of(raw, key))
            setattr(spec, key, parse_layers(data[key], keys, where, raw, prefix=f"{key}."))
    opp = data.get("opponents")
    if opp is not None:
        if not isinstance(opp, str) or ";" in opp:
            raise _bad("opponents must be one policy string (no per-card overrides)", where,
                       str(opp), _line_of(raw, "opponents"))
        spec.opponents = PolicySpec(parse_rule(opp, where), heuristic=spec.heuristic,
                                    threshold=spec.threshold, text=opp, source=where)
    spec.text = f"file {where}"
    return spec


def load_policy(policy: str | PolicySpec | None = None,
                policy_file: str | Path | None = None) -> PolicySpec:
    """The policy named by a string or a file (not both); default ``never``."""
    if isinstance(policy, PolicySpec):
        return policy
    if policy_file is not None:
        if policy not in (None, "", "never"):
            raise _bad("give either --policy or --policy-file, not both", "--policy-file",
                       str(policy_file))
        return read_policy_file(policy_file)
    return parse_policy(policy if policy is not None else "never")


def policy_table(spec: str | PolicySpec | np.ndarray, names: tuple[str, ...],
                 lookup: Any = None) -> np.ndarray:
    """Table for a policy (string, parsed spec, or a ready table) over a catalog's names."""
    if isinstance(spec, np.ndarray):
        if spec.dtype != np.float64 or spec.ndim != 2 or spec.shape[1] != PolCol.N or \
                spec.shape[0] % (len(names) + 1):
            raise ValueError(f"not a policy table for {len(names)} cards: {spec.shape}")
        return np.ascontiguousarray(spec)
    if isinstance(spec, str):
        spec = parse_policy(spec)
    return spec.table(names, lookup)


def dump_policy_toml(default: str, cards: dict[str, str],
                     threshold: dict[str, dict[str, float]], opponents: str | None = None,
                     header: str = "") -> str:
    """A policy file's text (what `tune` saves)."""
    lines = [f"# {h}" for h in header.splitlines()] if header else []
    lines.append(f"policy = {_q(default)}")
    if opponents is not None:
        lines.append(f"opponents = {_q(opponents)}")
    if cards:
        lines += ["", "[cards]"] + [f"{_q(n)} = {_q(p)}" for n, p in cards.items()]
    for name, weights in threshold.items():
        lines += ["", f"[threshold.card.{_q(name)}]"]
        lines += [f"{k} = {v:.6g}" for k, v in weights.items()]
    return "\n".join(lines) + "\n"


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

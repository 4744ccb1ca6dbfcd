"""Card data validation: each bad record or file gives a message naming its card, field and
line (analyzer/cards/loader.py), and every problem is reported at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.cards.catalog import load_catalog
from analyzer.cards.loader import builtin_data_files, load_records
from analyzer.errors import InputError

GOOD = '''
[[card]]
name = "Test Bolt"
set = "TST"
number = "1"
rarity = "common"
cost = "{1}{R}"
type_line = "Instant"
gift = "card"
support = "exact"
oracle = """Gift a card (You may promise an opponent a gift as you cast this spell.)
Test Bolt deals 2 damage to target creature. If the gift was promised, it deals 3 instead."""

[[card.ability]]
kind = "spell"
targets = [{ kind = "permanent", types = ["creature"] }]
steps = [
  { op = "damage", ref = 0, amount = 2, when = "not_promised" },
  { op = "damage", ref = 0, amount = 3, when = "promised" },
]
'''

CREATURE = """
[[card]]
name = "Test Bear"
set = "TST"
rarity = "common"
cost = "{1}{G}"
type_line = "Creature — Bear"
power = 2
toughness = 2
keywords = ["trample"]
support = "exact"
oracle = "Trample"
"""


def _problems(
    tmp_path: Path, text: str, name: str = "cards.toml", extra: tuple[Path, ...] = ()
) -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_records([*extra, path])
    return [str(p) for p in info.value.problems]


def test_good_snippets_load(tmp_path: Path) -> None:
    (tmp_path / "ok.toml").write_text(GOOD + CREATURE, encoding="utf-8")
    recs = load_records([tmp_path / "ok.toml"])
    assert [r.name for r in recs] == ["Test Bolt", "Test Bear"]


BAD_CASES = [
    # (description, replace this, with this, expected card, expected field, expected words)
    (
        "unknown op",
        'op = "damage", ref = 0, amount = 2',
        'op = "damag", ref = 0, amount = 2',
        "Test Bolt",
        "ability[0].steps[0].op",
        "did you mean 'damage'",
    ),
    (
        "unknown param",
        "amount = 3,",
        "amount = 3, dmg = 1,",
        "Test Bolt",
        "ability[0].steps[1].dmg",
        "unknown parameter",
    ),
    (
        "missing param",
        "ref = 0, amount = 2,",
        "ref = 0,",
        "Test Bolt",
        "ability[0].steps[0].amount",
        "is missing",
    ),
    (
        "ill-typed param",
        "amount = 2",
        'amount = "2"',
        "Test Bolt",
        "ability[0].steps[0].amount",
        "must be an integer",
    ),
    (
        "param out of range",
        "amount = 2",
        "amount = 500",
        "Test Bolt",
        "ability[0].steps[0].amount",
        "between",
    ),
    (
        "group out of range",
        "ref = 0, amount = 3",
        "ref = 2, amount = 3",
        "Test Bolt",
        "ability[0].steps[1].ref",
        "target group 2 does not exist",
    ),
    (
        "unknown ref name",
        "ref = 0, amount = 3",
        'ref = "theirs", amount = 3',
        "Test Bolt",
        "ability[0].steps[1].ref",
        "unknown ref",
    ),
    (
        "ref kind mismatch",
        '{ kind = "permanent", types = ["creature"] }',
        '{ kind = "spell" }',
        "Test Bolt",
        "ability[0].steps[0].ref",
        "needs a group of kind",
    ),
    (
        "unknown keyword",
        'type_line = "Instant"',
        'type_line = "Instant"\nkeywords = ["flyng"]',
        "Test Bolt",
        "keywords[0]",
        "unknown keyword",
    ),
    (
        "unknown type",
        'type_line = "Instant"',
        'type_line = "Instnt"',
        "Test Bolt",
        "type_line",
        "unknown card type",
    ),
    (
        "unknown gift kind",
        'gift = "card"',
        'gift = "cards"',
        "Test Bolt",
        "gift",
        "unknown gift kind",
    ),
    (
        "unknown support",
        'support = "exact"',
        'support = "perfect"',
        "Test Bolt",
        "support",
        "unknown support level",
    ),
    ("missing support", 'support = "exact"', "", "Test Bolt", "support", "is missing"),
    ("bad mana cost", 'cost = "{1}{R}"', 'cost = "{1}{R"', "Test Bolt", "cost", "mana cost"),
    ("hybrid cost", 'cost = "{1}{R}"', 'cost = "{R/P}"', "Test Bolt", "cost", "hybrid"),
    ("missing oracle", 'oracle = """Gift', 'orcle = """Gift', "Test Bolt", "oracle", "is missing"),
    (
        "unknown field",
        'rarity = "common"',
        'rarity = "common"\nrarety = "rare"',
        "Test Bolt",
        "rarety",
        "did you mean 'rarity'",
    ),
    (
        "unknown rarity",
        'rarity = "common"',
        'rarity = "legendary"',
        "Test Bolt",
        "rarity",
        "unknown rarity",
    ),
    (
        "group never used",
        'targets = [{ kind = "permanent", types = ["creature"] }]',
        'targets = [{ kind = "permanent", types = ["creature"] }, { kind = "player" }]',
        "Test Bolt",
        "ability[0].targets[1]",
        "never used",
    ),
    (
        "promised-only group used always",
        'types = ["creature"] }',
        'types = ["creature"], when = "promised" }',
        "Test Bolt",
        "ability[0].steps[0].when",
        "exists only when promised",
    ),
    (
        "intent conflict",
        '{ op = "damage", ref = 0, amount = 3, when = "promised" }',
        '{ op = "pump", ref = 0, power = 3, when = "promised" }',
        "Test Bolt",
        "ability[0].targets[0]",
        "set `intent`",
    ),
    (
        "it without a mover",
        '{ op = "damage", ref = 0, amount = 3, when = "promised" }',
        '{ op = "grant_cast_from_exile", ref = "it", when = "promised" }',
        "Test Bolt",
        "ability[0].steps[1].ref",
        "'it' needs an earlier step",
    ),
    (
        "static op in a spell",
        '{ op = "damage", ref = 0, amount = 3, when = "promised" }',
        '{ op = "static_control_enchanted", when = "promised" }',
        "Test Bolt",
        "ability[0].steps[1].op",
        "static ops",
    ),
    (
        "explicit gift ability",
        'kind = "spell"',
        'kind = "gift"',
        "Test Bolt",
        "ability[0].kind",
        "added by the compiler",
    ),
    (
        "unknown ability kind",
        'kind = "spell"',
        'kind = "spel"',
        "Test Bolt",
        "ability[0].kind",
        "unknown ability kind",
    ),
    (
        "bad filter",
        'types = ["creature"] }',
        'types = ["creature"], filter = ["yours"] }',
        "Test Bolt",
        "ability[0].targets[0].filter[0]",
        "unknown target filter",
    ),
    (
        "min above max",
        'types = ["creature"] }',
        'types = ["creature"], min = 3, max = 2 }',
        "Test Bolt",
        "ability[0].targets[0].min",
        "greater than max",
    ),
    (
        "mv filter without param",
        'types = ["creature"] }',
        'types = ["creature"], filter = ["mv_at_most"] }',
        "Test Bolt",
        "ability[0].targets[0].param",
        "mv_at_most",
    ),
    ("no steps", "steps = [", "stepz = [", "Test Bolt", "ability[0].steps", "is missing"),
]


@pytest.mark.parametrize(
    "what, old, new, card, field, words", BAD_CASES, ids=[c[0] for c in BAD_CASES]
)
def test_bad_record(
    tmp_path: Path, what: str, old: str, new: str, card: str, field: str, words: str
) -> None:
    assert old in GOOD, what
    problems = _problems(tmp_path, GOOD.replace(old, new, 1))
    hits = [p for p in problems if f'card "{card}", field {field}:' in p]
    assert hits, f"{what}: no problem for {field} in {problems}"
    assert any(words in p for p in hits), f"{what}: {hits}"
    assert all(p.startswith(str(tmp_path / "cards.toml") + ":2:") for p in hits)  # file:line


@pytest.mark.parametrize(
    "what, old, new, field, words",
    [
        ("creature without P/T", "toughness = 2\n", "", "toughness", "needs power and toughness"),
        (
            "keyword not in oracle",
            'oracle = "Trample"',
            'oracle = "Vigilance"',
            "keywords",
            "not in the oracle",
        ),
        (
            "P/T on a noncreature",
            'type_line = "Creature — Bear"',
            'type_line = "Artifact"',
            "power",
            "only creatures",
        ),
        (
            "end step without whose",
            'oracle = "Trample"',
            'oracle = "Trample"\n[[card.ability]]\nkind = "end_step"\n'
            'steps = [{ op = "draw", ref = "you" }]',
            "ability[0]",
            "each = true",
        ),
        (
            "promise without gift",
            'oracle = "Trample"',
            'oracle = "Trample"\n[[card.ability]]\nkind = "etb"\nwhen = "promised"\n'
            'steps = [{ op = "draw", ref = "you" }]',
            "ability",
            "no gift",
        ),
        (
            "gift text without gift",
            'oracle = "Trample"',
            'oracle = "Gift a card\\nTrample"',
            "gift",
            "`gift` is missing",
        ),
        (
            "attached on a non-aura",
            'oracle = "Trample"',
            'oracle = "Trample"\n[[card.ability]]\nkind = "etb"\n'
            'steps = [{ op = "tap", ref = "attached" }]',
            "ability[0].steps[0].ref",
            "Aura",
        ),
        (
            "activated without cost",
            'oracle = "Trample"',
            'oracle = "Trample"\n[[card.ability]]\nkind = "activated"\n'
            'steps = [{ op = "draw", ref = "you" }]',
            "ability[0]",
            "needs a cost",
        ),
        (
            "spell ability on a creature",
            'oracle = "Trample"',
            'oracle = "Trample"\n[[card.ability]]\nkind = "spell"\n'
            'steps = [{ op = "draw", ref = "you" }]',
            "ability[0].kind",
            "instants, sorceries",
        ),
    ],
)
def test_bad_creature(
    tmp_path: Path, what: str, old: str, new: str, field: str, words: str
) -> None:
    assert old in CREATURE, what
    problems = _problems(tmp_path, CREATURE.replace(old, new, 1))
    assert any(f'card "Test Bear", field {field}:' in p and words in p for p in problems), (
        what,
        problems,
    )


def test_duplicate_names(tmp_path: Path) -> None:
    problems = _problems(tmp_path, GOOD + GOOD.replace("Test Bolt", "test  bolt".title()))
    assert any("duplicate name" in p for p in problems)
    other = tmp_path / "other.toml"
    other.write_text(GOOD, encoding="utf-8")
    problems = _problems(tmp_path, GOOD, extra=(other,))
    assert any(
        f'card "Test Bolt", field name: duplicate name (first defined at {other}:2)' in p
        for p in problems
    )


def test_tokens_in_the_right_file(tmp_path: Path) -> None:
    token = CREATURE.replace("Creature — Bear", "Token Creature — Bear")
    problems = _problems(tmp_path, token, "cards.toml")
    assert any("field type_line" in p and "tokens.toml" in p for p in problems)
    problems = _problems(tmp_path, CREATURE, "my_tokens.toml")
    assert any('card "Test Bear", field type_line' in p for p in problems)


def test_unknown_token(tmp_path: Path) -> None:
    text = GOOD.replace(
        '{ op = "damage", ref = 0, amount = 3, when = "promised" }',
        '{ op = "create_token", token = "Fsh", when = "promised" }',
    )
    problems = _problems(tmp_path, text, extra=tuple(builtin_data_files()))
    assert any(
        "card \"Test Bolt\", field ability[0].steps[1].token: unknown token 'Fsh' "
        "(did you mean 'Fish'?)" in p
        for p in problems
    ), problems


def test_every_problem_at_once(tmp_path: Path) -> None:
    text = (
        GOOD.replace("amount = 2", "amount = -1")
        + CREATURE.replace('"trample"', '"trampel"')
        + GOOD.replace("Test Bolt", "Third").replace('cost = "{1}{R}"', 'cost = "R"')
    )
    problems = _problems(tmp_path, text)
    assert any('"Test Bolt", field ability[0].steps[0].amount' in p for p in problems)
    assert any('"Test Bear", field keywords[0]' in p for p in problems)
    assert any('"Third", field cost' in p for p in problems)
    lines = {p.split(":")[1] for p in problems}
    assert len(lines) == 3  # each problem points at its own card's line


@pytest.mark.parametrize(
    "content, words",
    [
        ("[[card]]\nname = ", "not valid TOML"),
        (b"\xff\xfe[[card]]", "not UTF-8"),
        ('[[cards]]\nname = "x"', "unknown top-level key 'cards'"),
        ('[[card]]\nset = "TST"', "field name: is missing"),
    ],
)
def test_bad_files(tmp_path: Path, content: str | bytes, words: str) -> None:
    path = tmp_path / "cards.toml"
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    with pytest.raises(InputError) as info:
        load_records([path])
    assert any(words in str(p) and str(path) in str(p) for p in info.value.problems), [
        str(p) for p in info.value.problems
    ]


def test_missing_file_is_a_problem(tmp_path: Path) -> None:
    with pytest.raises(InputError) as info:
        load_catalog([tmp_path / "nope.toml"])
    assert "cannot read card data file" in str(info.value)

"""Documentation kept true by tests: every command and option has help text and a README
section (as sqlite-utils does); the README's list of gift policies is the policy-spec table's."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from analyzer.cli import main
from analyzer.enums import PolicyKind
from analyzer.policies.table import POLICY_SPECS, readme_policy_list

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def commands(group: click.Group = main, path: tuple[str, ...] = ()):
    for name, cmd in sorted(group.commands.items()):
        yield (*path, name), cmd
        if isinstance(cmd, click.Group):
            yield from commands(cmd, (*path, name))


COMMANDS = dict(commands())


def test_there_are_commands() -> None:
    assert {"simulate", "evaluate", "scenario", "check"} <= {p[0] for p in COMMANDS}


@pytest.mark.parametrize("path", sorted(COMMANDS), ids=" ".join)
def test_command_has_help_for_itself_and_every_option(path) -> None:
    cmd = COMMANDS[path]
    assert (cmd.help or "").strip(), f"{' '.join(path)} has no help text"
    missing = [
        p.opts[0]
        for p in cmd.params
        if isinstance(p, click.Option) and not p.hidden and not (p.help or "").strip()
    ]
    assert not missing, f"{' '.join(path)}: options without help: {', '.join(missing)}"


@pytest.mark.parametrize("path", sorted(COMMANDS), ids=" ".join)
def test_command_has_a_readme_section(path) -> None:
    heading = re.compile(r"^### `gift-analyzer " + re.escape(" ".join(path)) + r"[ `]", re.M)
    assert heading.search(README), (
        f"README.md has no section '### `gift-analyzer {' '.join(path)} ...`'"
    )


def test_every_policy_kind_has_a_spec() -> None:
    assert sorted(s.kind for s in POLICY_SPECS) == sorted(PolicyKind)
    assert len({s.name for s in POLICY_SPECS}) == len(POLICY_SPECS)


def test_readme_lists_the_policies_of_the_spec_table() -> None:
    block = re.search(r"<!-- policies:.*?-->\n(.*?)<!-- /policies -->", README, re.S)
    assert block, "README.md lost its <!-- policies --> block"
    assert block.group(1).rstrip("\n") == readme_policy_list(), (
        "README.md's list of policies differs from POLICY_SPECS: paste the output of "
        "`python3 -m analyzer.policies.table` between the <!-- policies --> markers"
    )


def test_policy_help_names_every_policy() -> None:
    opt = next(p for p in COMMANDS[("simulate",)].params if p.name == "policy")
    for spec in POLICY_SPECS:
        assert spec.usage in opt.help


def test_ci_runs_exactly_the_readme_test_command() -> None:
    # The quick start's second command is what CI runs: a change to one must reach the other.
    blocks = re.findall(r"```\n(.*?)\n```", README, re.S)
    test_cmd = next(b for b in blocks if b.startswith("python3 -m pip install -e '.[test]'"))
    ci = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert test_cmd in ci.splitlines()


def test_evaluate_help_names_every_table_it_writes_and_claims_no_rate_of_paying_off() -> None:
    """`evaluate --help` said "How often promising the gift pays off" (it estimates a change
    of win rate, not a rate of success) and named three of its seven tables."""
    text = " ".join((COMMANDS[("evaluate",)].help or "").split())
    for table in (
        "policy_comparison",
        "gift_decisions",
        "gift_situations",
        "paired_stats",
        "decisions",
        "gift_recipients",
        "recipient_answers",
    ):
        assert f"{table}.csv" in text, table
    assert "how often" not in text.lower() and "pays off" not in text


def test_every_python_call_the_readme_names_exists() -> None:
    """audit22: README named `analyzer.api.card_stats(...)` and `analyzer.api.calibration(...)`,
    modules, where the functions are `cardstats` and `calibrate`."""
    import importlib

    import analyzer

    names = set(re.findall(r"`(analyzer(?:\.\w+)+)\(", README))
    names |= {f"analyzer.{n}" for n in re.findall(r"`(api\.\w+)\(", README)}
    assert names
    for name in sorted(names):
        obj: object = analyzer
        for part in name.split(".")[1:]:
            if not hasattr(obj, part):
                obj = importlib.import_module(f"{obj.__name__}.{part}")  # type: ignore[attr-defined]
            else:
                obj = getattr(obj, part)
        assert callable(obj), f"README calls {name}(...), which is not a function"


def test_readme_event_table_names_every_zone_and_stack_kind() -> None:
    """audit22: the `zone` row left out `command` (a commander's moves), the `trigger` row
    the ward trigger."""
    from analyzer.analysis.gamelog import _STACK_KINDS, ZONE_NAMES

    zone_row = next(line for line in README.splitlines() if line.startswith("| `zone` |"))
    for zone in ZONE_NAMES:
        assert f"`{zone}`" in zone_row, zone
    trigger_row = next(line for line in README.splitlines() if line.startswith("| `trigger` |"))
    for i, kind in enumerate(_STACK_KINDS):
        if kind not in ("spell", "ability", "copy"):  # a spell or its copy is never a trigger
            assert f"{i} {kind}" in trigger_row, kind


def test_readme_event_table_has_a_row_for_every_event_kind() -> None:
    """Each kind of game-log event (enums.Event) has its row in the README's event table, so a
    new kind (effect, look) cannot land unexplained."""
    from analyzer.enums import EVENT_NAMES

    rows = {line.split("|")[1].strip() for line in README.splitlines() if line.startswith("| `")}
    assert [k for k in EVENT_NAMES if f"`{k}`" not in rows] == []

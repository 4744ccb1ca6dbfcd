"""Gift policies (issue 6): parsing, each policy's choice on hand-built positions
(tests/scenarios/policies/*.toml), recipients in a 4-player pod, rollout reproducibility, the
numba cache across policies, bad input exiting 2, and `tune`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from analyzer import api
from analyzer.api.policy import policy_decision
from analyzer.cli import main
from analyzer.enums import GIFT_KIND_NAMES, HeurCol, PolCol, PolicyKind, Recipient
from analyzer.errors import InputError
from analyzer.policies.layers import HEURISTIC_FILE, THRESHOLD_FILE, bundled
from analyzer.policies.policy_file import load_policy, read_policy_file
from analyzer.policies.table import parse_policy, policy_table

ROOT = Path(__file__).resolve().parent.parent
POS = Path(__file__).parent / "scenarios" / "policies"
DECKS = ROOT / "decks"
ROLLOUT = "rollout:k=8,base=heuristic"


def decide(name: str, policy: str, **kw):
    return policy_decision(POS / f"{name}.toml", policy, **kw)


# ---- parsing: strings, files, tables ------------------------------------------------------------


def test_policy_strings_build_rows(catalog) -> None:
    names = catalog.compiled.names
    bb = names.index("Blooming Blast")
    t = policy_table("rollout:k=12,base=threshold,to=weakest-use", names, catalog.lookup)
    assert t.shape == (len(names) + 1, PolCol.N)
    assert t[bb, PolCol.KIND] == PolicyKind.ROLLOUT
    assert t[bb, PolCol.ROLL_BASE] == PolicyKind.THRESHOLD and t[bb, PolCol.ROLL_K] == 12
    assert t[bb, PolCol.RECIPIENT] == Recipient.WEAKEST_USE
    assert t[bb, PolCol.GIFT_KIND] == GIFT_KIND_NAMES["treasure"]
    assert t[bb, PolCol.BIAS] != 0  # Blooming Blast's threshold weights
    h = policy_table("heuristic:margin=1.5", names, catalog.lookup)
    assert h[bb, HeurCol.MARGIN] == 1.5 and h[bb, HeurCol.VALUE] == 1.0  # card value kept
    o = policy_table("never; Blooming Blast=always", names, catalog.lookup)
    assert o[bb, PolCol.KIND] == PolicyKind.ALWAYS and o[-1, PolCol.KIND] == PolicyKind.NEVER
    assert t[0, PolCol.BLOCK] == 0  # one block: every seat


def test_bundled_data_covers_every_gift_card(catalog) -> None:
    gift = {r.name.lower() for r in catalog.cards() if r.gift}
    assert set(bundled("heuristic").card) == gift
    assert set(bundled("threshold").card) == gift
    assert len(gift) == 25
    text = (HEURISTIC_FILE.parent / "HEURISTIC.md").read_text()
    for r in catalog.cards():
        if r.gift:
            assert f"| {r.name} |" in text, r.name
    assert "Jolly Gerbils" in text and HEURISTIC_FILE.exists() and THRESHOLD_FILE.exists()


def test_policy_file_with_opponents_makes_two_blocks(tmp_path, catalog) -> None:
    f = tmp_path / "p.toml"
    f.write_text(
        'policy = "heuristic:to=lowest-life"\nopponents = "never"\n'
        '[cards]\n"Blooming Blast" = "threshold"\n'
        '[threshold.card."Blooming Blast"]\nbias = -2.5\nopp_life = 0.5\n'
        '[heuristic.card."Wear Down"]\nmargin = 4\n'
    )
    spec = read_policy_file(f)
    names = catalog.compiled.names
    t = spec.table(names, catalog.lookup)
    n = len(names) + 1
    bb, wd = names.index("Blooming Blast"), names.index("Wear Down")
    assert t.shape == (2 * n, PolCol.N) and t[0, PolCol.BLOCK] == n
    assert t[bb, PolCol.KIND] == PolicyKind.THRESHOLD and t[bb, PolCol.BIAS] == -2.5
    assert t[wd, HeurCol.MARGIN] == 4 and t[wd, PolCol.RECIPIENT] == Recipient.LOWEST_LIFE
    assert (t[n:, PolCol.KIND][t[n:, PolCol.KIND] >= 0] == PolicyKind.NEVER).all()
    assert load_policy(None, f).text == f"file {f}"


BAD_STRINGS = [
    "sometimes",
    "random:p=1.5",
    "random:q=1",
    "rollout:k=0",
    "rollout:base=rollout",
    "heuristic:margin=big",
    "always:to=nobody",
    "always; Not A Card=never",
    "always; =never",
    "never:p",
    "threshold:weights=/no/such.toml",
    "",
]


@pytest.mark.parametrize("text", BAD_STRINGS)
def test_bad_policy_strings_are_input_errors(text, catalog) -> None:
    with pytest.raises(InputError):
        policy_table(text, catalog.compiled.names, catalog.lookup)


@pytest.mark.parametrize(
    "text, message",
    [
        ("always; Fell=never", "Fell has no gift: a policy override for it decides nothing"),
        ("always; Mind Spiral=never; Mind Spiral=always", "Mind Spiral has two policy overrides"),
        ("always; Mind Spiral=never; mind spiral=always", "Mind Spiral has two policy overrides"),
    ],
)
def test_overrides_that_decide_nothing_are_refused(text, message, catalog) -> None:
    """An override of a card without a gift was ignored, and of a card given twice the last
    one won, both without a word (audit21)."""
    with pytest.raises(InputError, match=message):
        policy_table(text, catalog.compiled.names, catalog.lookup)


BAD_FILES = {
    "not_toml.toml": "policy = \n",
    "no_policy.toml": '[cards]\n"Wear Down" = "always"\n',
    "unknown_key.toml": 'policy = "never"\ncolour = "blue"\n',
    "bad_card_rule.toml": 'policy = "never"\n[cards]\n"Wear Down" = "often"\n',
    "bad_weight.toml": 'policy = "threshold"\n[threshold.default]\nluck = 1.0\n',
    "bad_param.toml": 'policy = "heuristic"\n[heuristic.kind.card]\nvalue = "high"\n',
    "bad_kind.toml": 'policy = "heuristic"\n[heuristic.kind.sandwich]\nvalue = 1\n',
    "overrides_in_policy.toml": 'policy = "never; Wear Down=always"\n',
    "unknown_card.toml": 'policy = "never"\n[cards]\n"Wear Dawn" = "always"\n',
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_policy_files_exit_2(name, tmp_path) -> None:
    f = tmp_path / name
    f.write_text(BAD_FILES[name])
    res = CliRunner().invoke(
        main,
        [
            "simulate",
            str(DECKS / "rg_raccoons_expend.txt"),
            "--vs",
            str(DECKS / "ur_otters_spells.txt"),
            "--games",
            "1",
            "--policy-file",
            str(f),
        ],
    )
    assert res.exit_code == 2, res.output
    assert "error:" in res.output and name in res.output


@pytest.mark.parametrize(
    "text", ["sometimes", "rollout:k=many", "always:to=nobody", "always; Not A Card=never"]
)
def test_bad_policy_strings_exit_2(text) -> None:
    res = CliRunner().invoke(
        main,
        [
            "simulate",
            str(DECKS / "rg_raccoons_expend.txt"),
            "--vs",
            str(DECKS / "ur_otters_spells.txt"),
            "--games",
            "1",
            "--policy",
            text,
        ],
    )
    assert res.exit_code == 2, res.output
    assert "error: --policy" in res.output


def test_missing_policy_file_and_both_options_exit_2(tmp_path) -> None:
    args = [
        "simulate",
        str(DECKS / "rg_raccoons_expend.txt"),
        "--vs",
        str(DECKS / "ur_otters_spells.txt"),
        "--games",
        "1",
    ]
    res = CliRunner().invoke(main, [*args, "--policy-file", str(tmp_path / "none.toml")])
    assert res.exit_code == 2 and "cannot read" in res.output
    f = tmp_path / "p.toml"
    f.write_text('policy = "always"\n')
    res = CliRunner().invoke(main, [*args, "--policy", "always", "--policy-file", str(f)])
    assert res.exit_code == 2 and "not both" in res.output


def test_tune_bad_card_exits_2() -> None:
    args = [
        "tune",
        str(DECKS / "rg_raccoons_expend.txt"),
        "--vs",
        str(DECKS / "ur_otters_spells.txt"),
        "--games",
        "2",
    ]
    for card, why in (
        ("Blooming Blats", "unknown card"),
        ("Forest", "no gift"),
        ("Octomancer", "not in the deck"),
    ):
        res = CliRunner().invoke(main, [*args, "--card", card])
        assert res.exit_code == 2 and why in res.output, res.output
    res = CliRunner().invoke(main, [*args, "--card", "Blooming Blast", "--features", "luck"])
    assert res.exit_code == 2 and "unknown feature" in res.output


# ---- choices on hand-built positions ------------------------------------------------------------


def test_never_and_always_are_the_extremes() -> None:
    for name in (
        "blooming_blast_lethal",
        "blooming_blast_early",
        "octomancer_lethal_after",
        "perch_protection_lethal_after",
        "nocturnal_hunger_low_life",
    ):
        assert decide(name, "never").promise is False
        d = decide(name, "always")
        assert d.promise is True and d.recipient == 1 and d.plain_legal and d.promise_legal


@pytest.mark.parametrize(
    "policy", ["heuristic", "plain-first", "threshold", ROLLOUT, "rollout:k=8,base=never"]
)
def test_blooming_blast_promised_when_its_damage_is_lethal(policy) -> None:
    d = decide("blooming_blast_lethal", policy)
    assert d.features["promised_lethal"] == 1.0 and d.features["promised_damage"] == 3.0
    assert d.promise is True and d.recipient == 1


@pytest.mark.parametrize("policy", ["heuristic", "plain-first", "threshold"])
def test_blooming_blast_kept_plain_early_at_twenty_life(policy) -> None:
    d = decide("blooming_blast_early", policy)
    assert d.features["promised_lethal"] == 0.0 and d.promise is False


@pytest.mark.parametrize(
    "policy",
    [
        "never",
        "heuristic",
        "plain-first",
        "threshold",
        ROLLOUT,
        "heuristic:to=weakest-use",
        "threshold:to=lowest-life",
    ],
)
def test_no_octopus_for_an_opponent_who_then_has_lethal(policy) -> None:
    d = decide("octomancer_lethal_after", policy)
    assert d.features["opp_lethal_after"] == 1.0 and d.features["promised_protection"] == 0.0
    assert d.promise is False and d.recipient is None


@pytest.mark.parametrize(
    ("policy", "promise"),
    [
        ("never", False),
        ("plain-first", False),
        ("heuristic", True),
        ("threshold", True),
        ("heuristic:to=weakest-use", True),
        ("threshold:to=lowest-life", True),
    ],
)
def test_perch_protection_promised_against_a_board_that_already_has_lethal(policy, promise) -> None:
    # Promised, Perch Protection phases out its caster's permanents, and until the caster's next
    # turn its life can't change and it has protection from everything: the opponent's extra
    # turn and its own turn can't hurt it. So the extra turn is no lethal threat
    # (opp_lethal_after 0) and worth a draw and a land drop to them (gift_use 3); their two 5/5s
    # already reach our 10 life (opp_lethal_now), so the feature rules promise. The rollout
    # policy is not listed: played out, the promise no longer clearly wins (RULES /64, `scenario
    # --rollouts 1000` with the cast marked "?": 79.6% against 78.2%, +1.4 [-1.5, +4.3]; at /63
    # 77.8% against 72.6%), since the opponent stopped sending its 5/5s into the four Birds'
    # double blocks, which kill a card with tokens; 32 rollouts cannot resolve that gap.
    d = decide("perch_protection_lethal_after", policy)
    f = d.features
    assert (f["promised_protection"], f["opp_lethal_after"], f["opp_lethal_now"]) == (1, 0, 1)
    assert f["gift_use"] == 3.0
    assert d.promise is promise
    assert d.recipient == (1 if promise else None)


def test_perch_protection_kept_plain_when_no_attack_threatens() -> None:
    # The same spell with the opponent's board gone: a fog is not worth their extra turn.
    d = decide("perch_protection_no_threat", "heuristic")
    assert d.features["promised_protection"] == 1 and d.features["opp_lethal_now"] == 0
    assert d.promise is False


def test_a_pump_promise_is_kept_for_a_combat_it_can_change() -> None:
    # Sazacap's Brew promised adds +2/+0 until end of turn (a Fish for the opponent): before
    # our combat that can win a fight; at the opponent's end step with nothing on the stack
    # it wears off (514.2) before any fight, so the heuristic keeps the Fish.
    before = decide("sazacaps_brew_before_combat", "heuristic", seat=0)
    assert before.features["promised_pump_moot"] == 0 and before.promise is True
    after = decide("sazacaps_brew_end_step", "heuristic", seat=0)
    assert after.features["promised_pump_moot"] == 1 and after.promise is False
    assert after.features["promised_targets"] == before.features["promised_targets"] == 1


def test_nocturnal_hunger_promised_when_two_life_matters() -> None:
    d = decide("nocturnal_hunger_low_life", "heuristic")
    assert d.features["plain_life_loss"] == 2.0 and d.promise is True


def test_a_fish_that_turns_on_the_recipients_token_payoff_is_kept() -> None:
    # Mind Spiral promised stuns their creature (per_target 1.5) for a tapped Fish. Against a
    # Druid of the Spade with no token, the Fish would switch on its +2/+0 and trample for the
    # rest of the game: worth a point more to them (recipient_payoffs), so the heuristic keeps
    # the Fish. With a token already there, or with a creature that has no token ability, the
    # Fish is only a chump blocker and the stun is worth it.
    payoff = decide("mind_spiral_token_payoff", "heuristic", seat=0)
    already_on = decide("mind_spiral_token_payoff_on", "heuristic", seat=0)
    no_payoff = decide("mind_spiral_no_payoff", "heuristic", seat=0)
    for d in (payoff, already_on, no_payoff):
        assert d.features["promised_targets"] == 1.0
    assert payoff.features["gift_use"] == pytest.approx(0.5 + 2.0 / 2.5 + 1.0)
    assert already_on.features["gift_use"] == pytest.approx(0.5 + 2.0 / 3.0)
    assert payoff.promise is False
    assert already_on.promise is True and already_on.recipient == 1
    assert no_payoff.promise is True and no_payoff.recipient == 1


def test_only_the_promised_mode_legal() -> None:
    # Long River's Pull over a noncreature spell: "promise or do not cast"
    for policy, cast in (
        ("never", False),
        ("plain-first", True),
        ("heuristic", True),
        ("always", True),
    ):
        d = decide("long_rivers_pull_noncreature", policy, seat=0)
        assert (d.plain_legal, d.promise_legal) == (False, True)
        assert d.promise is cast, policy
        assert d.features["plain_legal"] == 0.0 and d.features["promised_targets"] == 1.0


def test_recipients_differ_by_rule_in_a_four_player_pod() -> None:
    got = {
        rule: decide("recipients_4p", f"always:to={rule}").recipient
        for rule in ("next", "lowest-life", "least-threat", "weakest-use")
    }
    assert got == {"next": 1, "lowest-life": 1, "least-threat": 2, "weakest-use": 3}
    # the feature-based policies name their recipient through the same rules
    d = decide("recipients_4p", "heuristic:to=weakest-use,margin=-100")
    assert d.recipient == 3 and d.features["opp_hand"] == 6.0
    assert decide("recipients_4p", "threshold:to=least-threat").features["opp_power"] == 0.0
    seen = {decide("recipients_4p", "always:to=random", seed=s).recipient for s in range(12)}
    assert seen == {1, 2, 3}


def test_default_recipient_is_the_opponent_who_makes_least_of_the_gift() -> None:
    # issue 21: without to=, seat 3 (weakest use), not seat 1 (next in turn order)
    for policy in ("always", "heuristic:margin=-100"):
        assert decide("recipients_4p", policy).recipient == 3, policy


def test_weakest_use_counts_what_the_recipients_permanents_make_of_the_gift() -> None:
    # The recipient rule prices the gift as feature 27 does: a Fish that would turn on seat 1's
    # Druid of the Spade is worth more to seat 1 than to seat 2, whose 2/3 has no token ability,
    # so the Fish goes to seat 2 (gift_use alone ties them, 1/3 and 2/3, and would pick seat 1).
    for policy in ("always:to=weakest-use", "heuristic:margin=-100"):
        d = decide("mind_spiral_4p_token_payoff", policy, seat=0)
        assert d.recipient == 2, policy
    d = decide("mind_spiral_4p_token_payoff", "heuristic:margin=-100", seat=0)
    assert d.features["gift_use"] == pytest.approx(0.5 + 2.0 / 2.5)
    assert decide("mind_spiral_4p_token_payoff", "always:to=next", seat=0).recipient == 1


def test_weakest_use_leaves_out_the_most_threatening_opponent(catalog) -> None:
    # A card is worth least to seat 1 (six cards in hand), but seat 1's Galewind Moose and
    # Quaketusk Boar make it the biggest board (power plus hand): the card goes to seat 3, the next
    # fullest hand, not to the leader (issue 21 item 3: weakest use alone fed the table's leader)
    for policy in ("always", "always:to=weakest-use", "heuristic:margin=-100"):
        assert decide("recipients_4p_leader", policy).recipient == 3, policy
    assert decide("recipients_4p_leader", "always:to=least-threat").recipient == 2
    # once the others have lost, the most threatening opponent is the only one left
    from analyzer.api.policy import scenario_position
    from analyzer.enums import GiftKind
    from analyzer.kernel import layout as L
    from analyzer.policies.decide import recipient_by_rule
    from analyzer.policies.table import policy_table

    G, C, cat = scenario_position(POS / "recipients_4p_leader.toml", catalog)
    pol = policy_table("always", cat.compiled.names, cat.lookup)
    row = pol.shape[0] - 1  # the default row: weakest use
    assert recipient_by_rule(G, C, pol, row, 0, int(GiftKind.CARD)) == 3
    for q in (2, 3):
        G[L.OFF_PLAYERS + q * L.PF + L.P.LOST] = 1
    assert recipient_by_rule(G, C, pol, row, 0, int(GiftKind.CARD)) == 1


# ---- rollout: reproducible, and the main game's stream is its own ----------------------------


def test_rollout_decision_is_reproducible() -> None:
    a = decide("octomancer_lethal_after", "rollout:k=6,base=always")
    b = decide("octomancer_lethal_after", "rollout:k=6,base=always")
    assert (a.promise, a.recipient) == (b.promise, b.recipient)


def test_rollout_leaves_the_main_stream_as_the_base_policy_does(catalog) -> None:
    """The play-outs never touch the game: after the decision the record (random stream
    included) is exactly what the base policy alone leaves, whatever k."""
    from analyzer.api.policy import scenario_position
    from analyzer.kernel import layout as L
    from analyzer.kernel.player.rollout import decide_pending
    from analyzer.kernel.rules.stack import request_decision

    G, C, cat = scenario_position(POS / "blooming_blast_lethal.toml", catalog)
    request_decision(G, 0, int(G[L.OFF_HAND]))
    after = []
    for policy in ("random:p=0.5", "rollout:k=1,base=random", "rollout:k=7,base=random"):
        A = G.copy()
        decide_pending(A, C, policy_table(policy, cat.compiled.names, cat.lookup))
        after.append(A)
    assert not np.array_equal(after[0], G)  # the base drew from the stream
    assert np.array_equal(after[0], after[1]) and np.array_equal(after[0], after[2])


def test_rollout_games_are_reproducible_and_thread_independent(catalog) -> None:
    from analyzer.analysis.simulate import simulate_matchup
    from analyzer.api.simulation import _load

    decks = _load(
        [DECKS / "rg_raccoons_expend.txt", DECKS / "gw_rabbits_tokens.txt"], catalog, False
    )
    runs = [
        simulate_matchup(
            decks,
            catalog,
            games=4,
            seed=11,
            threads=t,
            policy="rollout:k=2,base=random",
            keep_objs=False,
        ).games
        for t in (1, 2, 1)
    ]
    assert np.array_equal(runs[0], runs[1]) and np.array_equal(runs[0], runs[2])


# ---- one compiled kernel for every policy -------------------------------------------------------

_STATS = """
import json, sys
from analyzer.api.simulation import simulate
simulate('{deck}', ['{opp}'], games=2, seed=3, threads=1, policy=sys.argv[1])
from analyzer.kernel.runtime.batch import run_batch
s = run_batch.stats
print(json.dumps({{"hits": sum(s.cache_hits.values()), "misses": sum(s.cache_misses.values())}}))
"""


@pytest.mark.compile  # two fresh processes load the whole kernel: ~26 s warm
def test_switching_policies_hits_the_numba_cache() -> None:
    code = _STATS.format(deck=DECKS / "rg_raccoons_expend.txt", opp=DECKS / "ur_otters_spells.txt")
    env = {k: v for k, v in os.environ.items() if k != "GIFT_ANALYZER_NO_CACHE"}
    out = []
    for policy in ("never", "rollout:k=2,base=threshold;Blooming Blast=heuristic:to=random"):
        res = subprocess.run(
            [sys.executable, "-c", code, policy],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            timeout=1800,
        )
        assert res.returncode == 0, res.stderr
        out.append(json.loads(res.stdout.strip().splitlines()[-1]))
    assert out[1] == {"hits": 1, "misses": 0}, out  # loaded from disk, nothing compiled


# ---- tune -------------------------------------------------------------------------------------


def test_tune_saves_a_policy_file_that_simulate_reads(tmp_path) -> None:
    out = tmp_path / "tuned.toml"
    res = CliRunner().invoke(
        main,
        [
            "tune",
            str(DECKS / "rg_raccoons_expend.txt"),
            "--vs",
            str(DECKS / "ur_otters_spells.txt"),
            "--card",
            "Blooming Blast",
            "--games",
            "24",
            "--rounds",
            "1",
            "--features",
            "opp_life",
            "--out",
            str(out),
        ],
    )
    assert res.exit_code == 0, res.output
    for arm in ("never", "always", "heuristic"):
        assert f"vs {arm}" in res.output
    spec = read_policy_file(out)
    assert spec.cards["Blooming Blast"].name == "threshold" and spec.opponents is not None
    res = CliRunner().invoke(
        main,
        [
            "simulate",
            str(DECKS / "rg_raccoons_expend.txt"),
            "--vs",
            str(DECKS / "ur_otters_spells.txt"),
            "--games",
            "4",
            "--policy-file",
            str(out),
        ],
    )
    assert res.exit_code == 0, res.output


def test_tune_lists_every_searched_weight_even_at_zero(tmp_path) -> None:
    """A searched feature whose weight stays 0 was left out of the weights listing, so the
    output could not tell it was searched (audit21)."""
    res = CliRunner().invoke(
        main,
        [
            "tune",
            str(DECKS / "rg_raccoons_expend.txt"),
            "--vs",
            str(DECKS / "ur_otters_spells.txt"),
            "--card",
            "Blooming Blast",
            "--games",
            "8",
            "--rounds",
            "0",
            "--features",
            "turn,on_play",
            "--out",
            str(tmp_path / "t.toml"),
        ],
    )
    assert res.exit_code == 0, res.output
    listed = [ln.split()[0] for ln in res.output.splitlines() if " -> " in ln]
    assert {"bias", "turn", "on_play"} <= set(listed), res.output


def test_tune_out_takes_a_folder_and_fails_before_playing(tmp_path) -> None:
    """audit22: an existing folder was refused ('is a directory') and 'new/' wrote a file
    named new; an unwritable path failed only after every game was played. Now a folder gets
    tuned_<card>.toml, made if missing as every command's --out folder, and a path that
    cannot be written fails before the games."""
    args = ["tune", str(DECKS / "rg_raccoons_expend.txt"), "--vs"]
    args += [str(DECKS / "ur_otters_spells.txt"), "--card", "Blooming Blast"]
    args += ["--games", "4", "--rounds", "0", "--features", "turn"]
    (tmp_path / "there").mkdir()
    for out in (tmp_path / "there", f"{tmp_path / 'new'}/"):
        res = CliRunner().invoke(main, [*args, "--out", str(out)])
        assert res.exit_code == 0, res.output
        saved = Path(out) / "tuned_blooming_blast.toml"
        assert saved.is_file() and res.output.rstrip().endswith(f"wrote {saved}")
    (tmp_path / "file").write_text("")
    started = []
    with pytest.raises(InputError, match="part of the path is a file, not a folder"):
        api.tune(
            DECKS / "rg_raccoons_expend.txt",
            [DECKS / "ur_otters_spells.txt"],
            "Blooming Blast",
            games=4,
            rounds=0,
            out=tmp_path / "file" / "t.toml",
            on_start=started.append,
        )
    assert not started


def test_parse_policy_keeps_the_text() -> None:
    spec = parse_policy("always; Long River's Pull=heuristic")
    assert str(spec) == "always; Long River's Pull=heuristic"
    assert spec.cards["Long River's Pull"].name == "heuristic"

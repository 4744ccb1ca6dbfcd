"""gifts.csv against games.csv (simulate --per-game): whose gift each row counts."""

from __future__ import annotations

from pathlib import Path

from analyzer import api, bundled


def test_gifts_csv_counts_under_the_owner_and_reconciles_with_games_csv(tmp_path: Path) -> None:
    """audit24: UB Rats promising always against WB Bats (never): gifts.csv showed WB Bats's
    Starfall Invocation promised in games where games.csv has WB Bats promise nothing. UB
    Rats's Cruelclaw's Heist casts a card from the opponent's hand; the kernel counts casts per
    object, so gifts.csv's seat is the card's owner while games.csv counts the caster (README).
    Summed over the seats the two agree in every game."""
    policy = tmp_path / "always.toml"
    policy.write_text('policy = "always"\nopponents = "never"\n')
    deck = bundled.default_deck()
    bats = next(p for p in bundled.gauntlet() if p.name.startswith("wb_"))
    run = api.simulate(
        deck, [bats], games=400, seed=0, threads=1, policy_file=policy, per_game=True
    )
    games, gifts = run.games, run.gifts
    per_game = gifts.groupby("game")[["promised", "given"]].sum()
    for col in ("promised", "given"):
        total = games.set_index("game")[[f"seat0_gifts_{col}", f"seat1_gifts_{col}"]].sum(axis=1)
        assert per_game[col].reindex(total.index, fill_value=0).equals(total), col
    # the opponent never promises (games.csv), yet rows under its seat do: cards UB Rats cast
    assert (games["seat1_gifts_promised"] == 0).all()
    owner_rows = gifts[(gifts["seat"] == 1) & (gifts["promised"] > 0)]
    assert len(owner_rows) > 0

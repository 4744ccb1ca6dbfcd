"""What a deck's Food tokens are worth to its win rate against the gauntlet (study script).

Usage: python3 tools/food_value.py [--games N] [--seed S] [DECK]
(defaults: 2000 games a matchup, seed 0, policy heuristic, decks/bg_squirrels_forage.txt)

Three versions of the deck: as it is; "dry", each creature that makes a Food on entering (or
dying) replaced by a twin whose Food token has no ability (forage can still eat it, nobody can
gain life from it); "vanilla", the same twins with no Food at all. as-is less dry is what the
Foods' life is worth, dry less vanilla what they are worth as forage fuel.
"""

import argparse
import re
import tempfile
from pathlib import Path

from analyzer import api
from analyzer.cards.catalog import load_catalog

DRY_TOKEN = """[[card]]
name = "Dry Food"
set = "TTST"
rarity = "token"
type_line = "Token Artifact — Food"
support = "exact"
value = 4
oracle = ""
"""


def twin(card, n: int, food: bool) -> tuple[str, str]:
    """(name, TOML record) of a twin of the card: its cost, types and body; with food, a
    Dry Food as it enters (and as it dies, when its text says so)."""
    name = f"{'Dry' if food else 'Vanilla'} {n}"
    rec = (
        f'[[card]]\nname = "{name}"\nset = "TST"\nnumber = "{n}"\nrarity = "common"\n'
        f'cost = "{card.cost.text}"\ntype_line = "{card.type_line}"\npower = {card.power}\n'
        f'toughness = {card.toughness}\nsupport = "exact"\n'
    )
    text = "When this creature enters, create a Dry Food token." if food else ""
    rec += f'oracle = "{text}"\n'
    if food:
        kinds = ["etb"] + (["dies"] if "enters or dies" in card.oracle else [])
        for kind in kinds:
            rec += f'\n[[card.ability]]\nkind = "{kind}"\n'
            rec += 'steps = [{ op = "create_token", token = "Dry Food" }]\n'
    return name, rec


def paired(a: Path, b: Path, games: int, seed: int, files) -> str:
    """A minus B over the gauntlet (points of score, 95% interval), paired game by game:
    `compare` gives both versions each opponent's own stream (a `simulate` run per version
    keys its streams on the deck too, so its games would not pair)."""
    run = api.compare(a, b, games=games, seed=seed, policy="heuristic", card_files=files)
    r = run.table.iloc[-1]  # the pooled row
    return f"{r.delta_pts:+.1f} points [{r.delta_pts_ci_low:+.1f}, {r.delta_pts_ci_high:+.1f}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("deck", nargs="?", type=Path, default=Path("decks/bg_squirrels_forage.txt"))
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    catalog = load_catalog()
    lines = args.deck.read_text().splitlines()
    tmp = Path(tempfile.mkdtemp(prefix="food_value_"))
    (tmp / "dry_tokens.toml").write_text(DRY_TOKEN)
    records, decks = [], {"dry": list(lines), "vanilla": list(lines)}
    for i, line in enumerate(lines):
        m = re.match(r"(\d+) (.+?) \(\w+\) \S+$", line)
        card = catalog.lookup(m.group(2)) if m else None
        if card is None or "create a Food" not in (card.oracle or "") or card.power is None:
            continue
        if not re.search(r"When [^.]* enters[^.]*, create a Food", card.oracle):
            continue
        for kind, food in (("dry", True), ("vanilla", False)):
            name, rec = twin(card, 2 * i + food, food)
            records.append(rec)
            decks[kind][i] = f"{m.group(1)} {name} (TST) {2 * i + food}"
        print(f"twins for {m.group(1)} {card.name}")
    (tmp / "twins.toml").write_text("\n".join(records))
    files = [tmp / "dry_tokens.toml", tmp / "twins.toml"]
    paths = {"as is": args.deck}
    for kind, deck_lines in decks.items():
        paths[kind] = tmp / f"{kind}.txt"
        paths[kind].write_text("\n".join(deck_lines) + "\n")
    life = paired(paths["as is"], paths["dry"], args.games, args.seed, files)
    print(f"the Foods' life (as is minus dry): {life}")
    fuel = paired(paths["dry"], paths["vanilla"], args.games, args.seed, files)
    print(f"as forage fuel (dry minus vanilla): {fuel}")


if __name__ == "__main__":
    main()

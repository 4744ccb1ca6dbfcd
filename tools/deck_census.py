"""The structure of each bundled Limited deck against a trophy deck's (study script).

Usage: python3 tools/deck_census.py [--table] [DECK...]   (default: the decks of decks/gauntlet.txt)
(--table: the columns of decks/README.md's table, lands to gift cards, one line per deck)

Per deck: lands, creatures, noncreature spells by the built-in player's role, interaction (the
cards that deal with an opposing creature, from Limited knowledge: the list below), the curve
of the nonland cards, the creatures' bodies (mean power and toughness, two-drops, evasive
creatures, bodies of toughness 4 or more), rarities and gift cards; then the structure checks
of decks/README.md ("Construction rules"), each deck's misses listed.
"""

import sys
from collections import Counter
from pathlib import Path

from analyzer.bundled import gauntlet
from analyzer.cards.catalog import load_catalog
from analyzer.cards.derive import derive_role
from analyzer.enums import AI_ROLE_NAMES, CardType
from analyzer.io.decklist import read_deck

# Cards that answer an opposing creature in Limited play (kill, exile, steal, lock, bounce,
# fight/bite, a stun that buys turns). Conditional answers count: a trophy deck counts them
# as removal too. Blooming Blast and Playful Shove only kill small creatures: counted as
# "small" removal.
REMOVAL = {
    "Fell",
    "Nocturnal Hunger",
    "Consumed by Greed",
    "Feed the Cycle",
    "Early Winter",
    "Parting Gust",
    "Banishing Light",
    "Sonar Strike",
    "Repel Calamity",
    "Dire Downdraft",
    "Agate Assault",
    "Take Out the Trash",
    "Conduct Electricity",
    "Rabid Gnaw",
    "Longstalk Brawl",
    "Polliwallop",
    "Hunter's Talent",
    "Kitnap",
    "Starfall Invocation",
    "Wildfire Howl",
    "Downwind Ambusher",
    "Driftgloom Coyote",
    "Wick's Patrol",
    "Hivespine Wolverine",
    "Reptilian Recruiter",
    "Dreamdew Entrancer",
    "Into the Flood Maw",
    "Calamitous Tide",
    "Pawpatch Formation",
}
SMALL_REMOVAL = {"Blooming Blast", "Playful Shove", "Savor"}
TEMPO = {"Splash Lasher", "Eddymurk Crab", "Mind Spiral", "Run Away Together"}
EVASION = ("flying", "menace", "unblockable")
# Each colour pair's gold signpost uncommon (the Mentor cycle) and gold (hybrid) common: the
# cards a drafter of the pair takes first among its gold cards; a trophy deck of the pair plays
# them (construction rule 5 of decks/README.md).
SIGNPOSTS = {
    "WU": ("Plumecreed Mentor", "Seedpod Squire"),
    "UB": ("Tidecaller Mentor", "Mind Drill Assailant"),
    "BR": ("Fireglass Mentor", "Cindering Cutthroat"),
    "RG": ("Wandertale Mentor", "Junkblade Bruiser"),
    "GW": ("Burrowguard Mentor", "Head of the Homestead"),
    "WB": ("Starseer Mentor", "Moonrise Cleric"),
    "UR": ("Stormcatch Mentor", "Tempest Angler"),
    "BG": ("Vinereap Mentor", "Corpseberry Cultivator"),
    "RW": ("Seedglaive Mentor", "Veteran Guardmouse"),
    "GU": ("Lilysplash Mentor", "Pond Prophet"),
}
# Cards a trophy deck leaves in the sideboard whenever a playable of its pair is in the pool
# (construction rule 7): a symmetrical or card-for-card hand attack that adds no board.
FILLER = {"Psychic Whorl", "Ruthless Negotiation", "Pearl of Wisdom"}
# Gift cards (and the gift payoff) weak in Limited: each is played by one deck only, the one it
# suits best, to bundle every gift card (construction rule 8).
WEAK_GIFTS = {"Mind Spiral", "Peerless Recycling", "Wear Down", "Starforged Sword", "Jolly Gerbils"}
BASIC_COLOR = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
COLOR_ORDER = "WUBRG"  # the order of ManaCost.colored
# Coloured sources a 40-card deck needs to cast a card on the turn of its mana value about 90% of
# the time, by the card's pips of one colour (Frank Karsten's published Limited numbers, rounded):
# one pip 9 on turns 1-2, 8 on turn 3, 7 on turn 4, 6 later; two pips 14 on turn 2, 12 on turn 3,
# 11 on turn 4, 10 on turn 5, 9 later; three pips 3 more. Hybrid pips are left out: either
# colour's lands pay them. Construction rule 9 of decks/README.md.
SOURCES_ONE_PIP = {1: 9, 2: 9, 3: 8, 4: 7}
SOURCES_TWO_PIPS = {1: 14, 2: 14, 3: 12, 4: 11, 5: 10}


def sources_wanted(pips: int, mv: int) -> int:
    """Karsten's coloured sources for a card with `pips` pips of one colour at mana value `mv`."""
    if pips == 1:
        return SOURCES_ONE_PIP.get(mv, 6)
    return SOURCES_TWO_PIPS.get(mv, 9) + 3 * (pips >= 3)


def source_shortfall(wants: list[tuple[str, int, int]], sources: dict[str, int]) -> int:
    """Sources missing, summed over the cards: `wants` holds (colour, sources wanted, copies)."""
    return sum(n * max(0, want - sources.get(color, 0)) for color, want, n in wants)


def best_splits(wants: list[tuple[str, int, int]], sources: dict[str, int]) -> tuple[int, list]:
    """The least shortfall over every split of the same basics between the deck's two colours,
    and the splits that reach it."""
    if len(sources) != 2:
        return source_shortfall(wants, sources), [dict(sources)]
    a, b = sorted(sources)
    total = sources[a] + sources[b]
    by_split = {k: source_shortfall(wants, {a: k, b: total - k}) for k in range(total + 1)}
    least = min(by_split.values())
    return least, [{a: k, b: total - k} for k, v in by_split.items() if v == least]


def _evasive(rec) -> bool:
    return any(k in rec.keyword_names for k in EVASION)


def census(path: Path, catalog) -> dict:
    deck = read_deck(path, catalog=catalog)
    roles = {v: k for k, v in AI_ROLE_NAMES.items()}
    out: dict = {"name": deck.name, "file": path.name}
    lands = creatures = 0
    curve: Counter = Counter()
    role_count: Counter = Counter()
    rarity: Counter = Counter()
    powers: list[int] = []
    tough: list[int] = []
    removal: list[str] = []
    removal_n = small_n = 0
    gifts: list[str] = []
    big = evasive = two_drop_creatures = 0
    colors = set()
    sources: Counter = Counter()
    wants: list[tuple[str, int, int]] = []
    for name, n in deck.main:
        rec = catalog.lookup(name)
        if rec.is_land:
            lands += n
            colors.add(BASIC_COLOR.get(rec.name, ""))
            if rec.name in BASIC_COLOR:
                sources[BASIC_COLOR[rec.name]] += n
            continue
        wants += [
            (COLOR_ORDER[i], sources_wanted(pips, rec.mv), n)
            for i, pips in enumerate(rec.cost.colored)
            if pips
        ]
        rarity[rec.rarity] += n
        curve[rec.mv] += n
        if rec.gift or rec.name == "Jolly Gerbils":  # the gift payoff is listed with them
            gifts.append(f"{n} {rec.name}" if n > 1 else rec.name)
        if rec.name in REMOVAL or rec.name in SMALL_REMOVAL:
            removal.append(f"{n} {rec.name}" if n > 1 else rec.name)
            removal_n += n * (rec.name in REMOVAL)
            small_n += n * (rec.name not in REMOVAL)
        if rec.types & CardType.CREATURE:
            creatures += n
            p, t = rec.power or 0, rec.toughness or 0
            powers += [p] * n
            tough += [t] * n
            big += n * (t >= 4)
            evasive += n * _evasive(rec)
            two_drop_creatures += n * (rec.mv <= 2)
        else:
            role_count[roles[derive_role(rec)]] += n
    pair = next((k for k in SIGNPOSTS if set(k) == colors - {""}), "")
    names = set(deck.counts())
    least, splits = best_splits(wants, dict(sources))
    out.update(
        pair=pair,
        sources=dict(sources),
        source_shortfall=source_shortfall(wants, sources),
        least_shortfall=least,
        best_splits=splits,
        filler=sorted(names & FILLER),
        signposts_missing=[c for c in SIGNPOSTS.get(pair, ()) if c not in names],
        lands=lands,
        creatures=creatures,
        spells=40 - lands - creatures,
        roles=dict(role_count),
        curve=dict(sorted(curve.items())),
        two_or_less=sum(v for k, v in curve.items() if k <= 2),
        two_drop_creatures=two_drop_creatures,
        mean_power=sum(powers) / len(powers),
        mean_toughness=sum(tough) / len(tough),
        toughness4=big,
        evasive=evasive,
        rarity=dict(rarity),
        removal=removal,
        removal_n=removal_n,
        small_removal=small_n,
        gifts=gifts,
    )
    return out


def checks(c: dict) -> list[str]:
    """The construction rules of decks/README.md a deck misses."""
    miss = []
    if not 16 <= c["lands"] <= 17:
        miss.append(f"{c['lands']} lands")
    if not 14 <= c["creatures"] <= 17:
        miss.append(f"{c['creatures']} creatures")
    if c["removal_n"] + c["small_removal"] < 3:
        miss.append(f"{c['removal_n'] + c['small_removal']} removal")
    if c["removal_n"] < 2:
        miss.append(f"{c['removal_n']} removal that kills a big creature")
    rares = c["rarity"].get("rare", 0) + c["rarity"].get("mythic", 0)
    if rares > 2:
        miss.append(f"{rares} rares/mythics")
    peak = max(c["curve"], key=lambda k: c["curve"][k])
    if peak not in (2, 3):
        miss.append(f"curve peaks at {peak}")
    if c["two_drop_creatures"] < 4:
        miss.append(f"{c['two_drop_creatures']} creatures at 2 or less")
    miss += [f"no {card}" for card in c["signposts_missing"]]
    miss += [f"filler {card}" for card in c["filler"]]
    if c["source_shortfall"] > c["least_shortfall"]:
        best = " or ".join(_split(s) for s in c["best_splits"])
        miss.append(f"sources {_split(c['sources'])} where {best} leaves fewer cards short")
    return miss


def weak_gifts_played_twice(censuses: list[dict]) -> list[str]:
    """Construction rule 8 across the decks: the weak gift cards more than one deck plays."""
    decks_of: dict[str, list[str]] = {}
    for c in censuses:
        for gift in c["gifts"]:
            name = gift.split(" ", 1)[1] if gift[0].isdigit() else gift
            if name in WEAK_GIFTS:
                decks_of.setdefault(name, []).append(c["file"])
    return [f"{card} in {', '.join(files)}" for card, files in decks_of.items() if len(files) > 1]


def _split(sources: dict[str, int]) -> str:
    return "/".join(f"{n} {color}" for color, n in sorted(sources.items(), key=lambda kv: -kv[1]))


def main(argv: list[str]) -> None:
    catalog = load_catalog()
    table = "--table" in argv
    paths = [Path(a) for a in argv if a != "--table"] or gauntlet()
    censuses = [census(p, catalog) for p in paths]
    for c in censuses:
        if table:
            curve = " ".join(f"{k}:{v}" for k, v in c["curve"].items())
            gifts = ", ".join(c["gifts"])
            print(f"| `{c['file']}` | {c['lands']} | {c['creatures']} | {curve} | {gifts} |")
            continue
        print(f"== {c['name']} ({c['file']})")
        print(
            f"  lands {c['lands']}, creatures {c['creatures']}, other {c['spells']} "
            f"{c['roles']}; curve {c['curve']} (2 or less: {c['two_or_less']}, creatures "
            f"{c['two_drop_creatures']})"
        )
        print(
            f"  bodies: mean {c['mean_power']:.2f}/{c['mean_toughness']:.2f}, toughness 4+ "
            f"{c['toughness4']}, evasive {c['evasive']}; rarity {c['rarity']}"
        )
        print(
            f"  coloured sources {_split(c['sources'])}: {c['source_shortfall']} short of "
            f"Karsten's numbers, summed over the cards (least over the splits "
            f"{c['least_shortfall']}: {' or '.join(_split(s) for s in c['best_splits'])})"
        )
        print(
            f"  removal ({c['removal_n']} + {c['small_removal']} small): {', '.join(c['removal'])}"
        )
        print(f"  gift cards: {', '.join(c['gifts'])}")
        miss = checks(c)
        print(f"  construction rules missed: {', '.join(miss) if miss else 'none'}")
    if not table:
        twice = weak_gifts_played_twice(censuses)
        print(f"weak gift cards in more than one deck: {'; '.join(twice) if twice else 'none'}")


if __name__ == "__main__":
    main(sys.argv[1:])

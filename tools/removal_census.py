"""When and at what each deck's removal is cast, from the text logs of simulate runs (study
script).

Usage: python3 tools/removal_census.py RUN_DIR [RUN_DIR...]   (simulate --log-games N --out DIR)

Per deck (the caster), over every logged game: removal spells cast (the built-in player's
REMOVAL role, derived from the card data) per game, the share cast in its own main phase 1,
and of those the share aimed at a small creature (a token or a card of mana value 2 or less);
then the same share over all removal casts, the share met by an instant response (another
player casts a spell while the removal is on the stack: a protection trick, a counterspell),
the share cast in an opponent's turn (combat or end step), and the small targets most often hit.
"""

import collections
import re
import sys
from pathlib import Path

from analyzer.cards.catalog import load_catalog
from analyzer.cards.derive import derive_role
from analyzer.enums import AiRole

LINE = re.compile(r"^T\d+ \((?P<active>.+?), turn \d+\) (?P<phase>[^:]+): (?P<rest>.*)$")
CAST = re.compile(
    r"^(?P<who>.+?) casts (?P<card>.+?)(?: promising .+?| without the gift)?"
    r", targeting (?P<targets>.+) \(\d+ mana\)$"
)
ANY_CAST = re.compile(
    r"^(?P<who>.+?) casts (?P<card>.+?)(?: promising .+?| without the gift)?(?:,| \()"
)
LEAVES_STACK = re.compile(r"^(?P<card>.+?) (?:resolves|is countered)")


def census(paths: list[str]) -> dict[str, collections.Counter]:
    catalog = load_catalog()
    role: dict[str, bool] = {}
    mv: dict[str, int] = {}

    def removal(name: str) -> bool:
        if name not in role:
            try:
                role[name] = derive_role(catalog.lookup(name)) == AiRole.REMOVAL
            except Exception:  # unknown names are not removal
                role[name] = False
        return role[name]

    def small(name: str) -> bool:
        if name.endswith(" token"):
            return True
        if name not in mv:
            try:
                mv[name] = catalog.lookup(name).mv
            except Exception:
                mv[name] = 99
        return mv[name] <= 2

    out: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for run in paths:
        for f in sorted(Path(run).glob("logs/*/*.txt")):
            decks = set()
            pending: list[tuple[str, str]] = []  # removal on the stack: (caster, card)
            for raw in f.read_text().splitlines():
                m = LINE.match(raw)
                if not m:
                    continue
                done = LEAVES_STACK.match(m["rest"])
                if done:
                    pending = [x for x in pending if x[1] != done["card"]]
                a = ANY_CAST.match(m["rest"])
                if a:
                    for who, _ in pending:
                        if a["who"] != who:
                            out[who]["answered"] += 1
                    pending = [x for x in pending if x[0] == a["who"]]
                c = CAST.match(m["rest"])
                if not c or not removal(c["card"]):
                    continue
                who = c["who"]
                decks.add(who)
                target = c["targets"].split(", ")[0]
                st = out[who]
                st["removal"] += 1
                pending.append((who, c["card"]))
                if m["active"] != who:
                    st["opp_turn"] += 1
                hit_small = small(target) and target not in ("?",)
                st["small"] += hit_small
                if m["phase"] == "main 1" and m["active"] == who:
                    st["main1"] += 1
                    st["main1_small"] += hit_small
                if hit_small:
                    st[f"hit:{target}"] += 1
            for d in decks:
                out[d]["games_with_removal"] += 1
    return out


def main(argv: list[str]) -> None:
    st = census(argv)
    print(
        f"{'caster':28s}{'casts':>8s}{'main1%':>8s}{'m1small%':>9s}{'small%':>8s}"
        f"{'answered%':>10s}{'oppturn%':>9s}"
    )
    for deck, d in sorted(st.items()):
        n = max(d["removal"], 1)
        m1 = max(d["main1"], 1)
        print(
            f"{deck[:28]:28s}{d['removal']:8d}{100 * d['main1'] / n:8.1f}"
            f"{100 * d['main1_small'] / m1:9.1f}{100 * d['small'] / n:8.1f}"
            f"{100 * d['answered'] / n:10.1f}{100 * d['opp_turn'] / n:9.1f}"
        )
    tot = collections.Counter()
    for d in st.values():
        tot.update(d)
    print(
        f"all: {tot['removal']} casts, main 1 {100 * tot['main1'] / max(tot['removal'], 1):.1f}%,"
        f" small in main 1 {100 * tot['main1_small'] / max(tot['main1'], 1):.1f}%,"
        f" small overall {100 * tot['small'] / max(tot['removal'], 1):.1f}%,"
        f" answered by an instant {100 * tot['answered'] / max(tot['removal'], 1):.1f}%,"
        f" in an opponent's turn {100 * tot['opp_turn'] / max(tot['removal'], 1):.1f}%"
    )
    hits = collections.Counter({k[4:]: v for k, v in tot.items() if k.startswith("hit:")})
    print("small targets:", ", ".join(f"{k} {v}" for k, v in hits.most_common(12)))


if __name__ == "__main__":
    main(sys.argv[1:])

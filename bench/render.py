"""Render speed of `toolkit build`: cards/s for the bundled game and a synthetic 1,000-card
deck, cold (empty cache) and after editing one card, against rendering the same cards
naively as one WeasyPrint document (one page per card copy, no cache, no pool).

    .venv/bin/python bench/render.py [--skip-naive] [--workers 2]
"""

from __future__ import annotations

import argparse
import re
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from toolkit.content.validate import load_catalog  # noqa: E402
from toolkit.render.build import build, collect_faces  # noqa: E402
from toolkit.render.options import BuildOptions  # noqa: E402

FIXTURE = REPO / "tests" / "render" / "fixtures" / "mini"


def bundled_copy(tmp: Path) -> Path:
    dest = tmp / "bundled"
    shutil.copytree(REPO / "cards", dest / "cards")
    return dest


def synthetic_copy(tmp: Path, distinct: int = 500, copies: int = 2) -> Path:
    """The render fixture with a glory deck of distinct x copies = 1,000 cards."""
    dest = tmp / "synthetic"
    shutil.copytree(FIXTURE / "cards", dest / "cards")
    ops = ["{op: reroll_check}", "{op: combat_dice, dice: 2}", "{op: extra_action, actions: 1}",
           "{op: gain_gold, amount: 3}", "{op: modify_hero_stat, stat: influence, by: 1}"]
    lines = ["kind: glory_card", "cards:"]
    for i in range(distinct):
        lines += [f"  - id: deed_{i:04d}", f"    name: {{en: Deed number {i}, zh: 功绩{i}}}",
                  f"    type: {'trick' if i % 3 else 'follower'}", f"    copies: {copies}",
                  f"    flavor: {{en: \"Remembered in song number {i}.\", zh: 第{i}首歌。}}",
                  "    effects:", f"      - {ops[i % len(ops)]}"]
    (dest / "cards" / "glory_cards.yaml").write_text("\n".join(lines) + "\n")
    game = dest / "cards" / "game.yaml"
    game.write_text(re.sub(r"glory_card: \d+", f"glory_card: {distinct * copies}",
                           game.read_text()))
    return dest


def edit_one_card(project: Path, stem: str) -> None:
    """Change the first card's name in cards/<stem>.yaml: an edit that changes one face."""
    path = project / "cards" / f"{stem}.yaml"
    text = path.read_text()
    match = re.search(r"name: \{en: \"?([^,\"}]+)", text)
    path.write_text(text.replace(match.group(0), match.group(0) + " II", 1))


def naive(project: Path, only: frozenset) -> tuple[float, int]:
    """One WeasyPrint document holding every card copy as a page, written once."""
    from weasyprint import HTML

    from toolkit.render.html import TEMPLATES, Html
    from toolkit.render.pdf import FIT_SENTINEL, SafeFetcher

    catalog = load_catalog(project)
    opts = BuildOptions(out=project / "output", only=only)
    faces, _ = collect_faces(project, catalog, opts)
    cards = [f for f in faces if f.side == "front" and not f.large]
    pages = [f.html.replace(FIT_SENTINEL, "100") for f in cards for _ in range(f.copies)]
    document = Html(project, "en").document({f.size for f in faces})
    start = time.perf_counter()
    HTML(string=document.replace("{faces}", "\n".join(pages)), base_url=TEMPLATES.as_uri() + "/",
         url_fetcher=SafeFetcher([project, TEMPLATES])).write_pdf(project / "naive.pdf")
    return time.perf_counter() - start, len(pages)


def cpu() -> float:
    """CPU seconds used so far by this process and its finished children (the pool)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed(func, *args):
    wall, used = time.perf_counter(), cpu()
    value = func(*args)
    return value, time.perf_counter() - wall, cpu() - used


def run(name: str, project: Path, only: frozenset, workers: int, skip_naive: bool,
        edit: str) -> None:
    out = project / "output"
    opts = BuildOptions(out=out, only=only, workers=workers)
    cold, cold_s, cold_cpu = timed(build, project, opts)
    edit_one_card(project, edit)
    warm, warm_s, warm_cpu = timed(build, project, opts)
    sizes = ", ".join(f"{k} {v / 1024:.0f} KB" for k, v in cold.sizes.items())
    print(f"\n{name}: {cold.cards} cards and tokens, {cold.faces} distinct faces ({sizes})")
    print(f"  {'':28}{'wall s':>8}{'cards/s':>9}{'CPU s':>8}{'cards/CPU s':>13}")
    line = "  {:28}{:8.1f}{:9.1f}{:8.1f}{:13.1f}  {}"
    print(line.format("cold build (empty cache)", cold_s, cold.cards / cold_s, cold_cpu,
                      cold.cards / cold_cpu, f"{cold.rendered} faces rendered"))
    print(line.format("after a one-card edit", warm_s, warm.cards / warm_s, warm_cpu,
                      warm.cards / warm_cpu, f"{warm.rendered} face(s) rendered"))
    if not skip_naive:
        (seconds, pages), naive_s, naive_cpu = timed(naive, project, only)
        print(line.format("naive: one WeasyPrint doc", naive_s, pages / naive_s, naive_cpu,
                          pages / naive_cpu, f"{pages} pages, no imposition, no fitting"))
    print(f"  load average now: {', '.join(f'{v:.1f}' for v in __import__('os').getloadavg())}"
          " (2 cores, shared)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-naive", action="store_true")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        run("bundled game", bundled_copy(Path(tmp)), frozenset(), args.workers, args.skip_naive,
            "heroes")
        run("synthetic deck", synthetic_copy(Path(tmp)), frozenset({"glory_card"}),
            args.workers, args.skip_naive, "glory_cards")


if __name__ == "__main__":
    main()

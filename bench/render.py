"""Render speed of `toolkit build`: cards/s for the bundled game and a synthetic 1,000-card
deck, cold (empty cache), after editing one card (three times: no compaction cliff), after
editing one kind's template and one icon (what each re-renders, per kind), in a warm
process as `--watch` runs it (with the split of its CPU per phase), against rendering the
same cards naively as one WeasyPrint document (one page per card copy, no cache, no pool).

    .venv/bin/python bench/render.py [--skip-naive] [--workers 2] [--only bundled|synthetic]
"""

from __future__ import annotations

import argparse
import re
import resource
import shutil
import sys
import tempfile
import time
from collections import Counter
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


def edit_template(project: Path, kind: str) -> None:
    """A comment added to the project's copy of the game's template of `kind` (the copy is
    made before the cold build): only the faces of that kind change."""
    path = project / "templates" / "cards" / f"{kind}.html.j2"
    path.write_text(path.read_text().replace("{% block body %}",
                                             "{% block body %}<!-- edited -->", 1))


def edit_icon(project: Path, name: str) -> None:
    path = project / "icons" / f"{name}.svg"
    path.write_text(path.read_text().replace("<svg", "<svg data-edited='1'", 1))


def own_copies(project: Path, kind: str, icon: str) -> None:
    """The project's own copies of a game template and an icon, to edit later."""
    from toolkit.games.caravans.render import TEMPLATES as GAME_TEMPLATES
    from toolkit.render.html import TEMPLATES

    (project / "templates" / "cards").mkdir(parents=True, exist_ok=True)
    shutil.copy(GAME_TEMPLATES / "cards" / f"{kind}.html.j2",
                project / "templates" / "cards" / f"{kind}.html.j2")
    (project / "icons").mkdir(exist_ok=True)
    shutil.copy(TEMPLATES / "icons" / f"{icon}.svg", project / "icons" / f"{icon}.svg")


KINDS: dict[str, str] = {}   # face digest -> its kind, as the build computes digests
STORED: list[str] = []       # digests rendered (stored in the cache) since the last reset


def record_renders() -> None:
    """Note the kind of every face digest and which digests a build renders."""
    from toolkit.render import cache

    digest, store = cache.face_digest, cache.FaceCache.store

    def face_digest(face, *args, **kw):
        KINDS[found := digest(face, *args, **kw)] = face.kind
        return found

    def stored(self, digests, result):
        STORED.extend(digests)
        return store(self, digests, result)

    cache.face_digest, cache.FaceCache.store = face_digest, stored


def rendered_kinds() -> str:
    kinds = Counter(KINDS.get(d, "?") for d in STORED)
    STORED.clear()
    return ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())) or "none"


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


PHASES = {"validate": ("load_catalog",), "faces' HTML": ("collect_faces",),
          "layout": ("render_faces",), "print files": ("_write_files",)}
OLDER = {"_write_files": ("_write_print_files", "_write_one_up")}  # trees before it


def watched_edits(project: Path, opts: BuildOptions, stem: str, edits: int = 4) -> list:
    """One-card edits as `--watch` runs them (toolkit.render.watch.watch_builds, with an
    event stream that edits the card): per edit the wall time from the edit to the
    report, the CPU of the process and its children, the CPU of this process alone (the
    critical path on an idle machine when the writing child ends first), the result and
    the main process's CPU per phase."""
    from toolkit.render import build as build_mod
    from toolkit.render.watch import watch_builds

    spent: dict[str, float] = {}
    phases = {label: tuple(m for n in names for m in (
        (n,) if hasattr(build_mod, n) else OLDER.get(n, ()))) for label, names in PHASES.items()}
    originals = {name: getattr(build_mod, name) for names in phases.values() for name in names}

    def timed_phase(name, func):
        def run(*args, **kw):
            start = time.process_time()
            try:
                return func(*args, **kw)
            finally:
                spent[name] = spent.get(name, 0.0) + time.process_time() - start
        return run

    out, mark = [], {}

    def events():
        for _ in range(edits):
            edit_one_card(project, stem)
            spent.clear()
            mark.update(wall=time.perf_counter(), cpu=cpu(), own=time.process_time())
            yield {("modified", str(project / "cards" / f"{stem}.yaml"))}

    def report(result):
        if mark:
            split = {label: sum(spent.get(n, 0.0) for n in names)
                     for label, names in phases.items()}
            out.append((time.perf_counter() - mark["wall"], cpu() - mark["cpu"],
                        time.process_time() - mark["own"], result, split))

    for name, func in originals.items():
        setattr(build_mod, name, timed_phase(name, func))
    try:
        watch_builds(lambda: build(project, opts), report, lambda line: None, events())
    finally:
        for name, func in originals.items():
            setattr(build_mod, name, func)
    return out


def cpu() -> float:
    """CPU seconds used so far by this process and its finished children (the pool)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed(func, *args):
    wall, used = time.perf_counter(), cpu()
    value = func(*args)
    return value, time.perf_counter() - wall, cpu() - used


LINE = "  {:34}{:8.2f}{:8.2f}  {}"


def step(label: str, func, *args):
    result, wall, used = timed(func, *args)
    print(LINE.format(label, wall, used, f"{result.rendered} face(s) rendered"))
    return result


def run(name: str, project: Path, only: frozenset, workers: int, skip_naive: bool,
        edit: str, template: str | None = None, icon: str | None = None) -> None:
    out = project / "output"
    opts = BuildOptions(out=out, only=only, workers=workers)
    if template:
        own_copies(project, template, icon)
    print(f"\n{name}:")
    print(f"  {'':34}{'wall s':>8}{'CPU s':>8}")
    cold = step("cold build (empty cache)", build, project, opts)
    for n in (1, 2, 3):
        edit_one_card(project, edit)
        step(f"one-card edit {n}", build, project, opts)
    if template:
        rendered_kinds()
        edit_template(project, template)
        step(f"edit of the {template} template", build, project, opts)
        print(f"    rendered: {rendered_kinds()}")
        edit_icon(project, icon)
        step(f"edit of the {icon} icon", build, project, opts)
        print(f"    rendered: {rendered_kinds()}")
    warm = watched_edits(project, opts, edit)
    wall, used, own, result, split = min(warm[1:], key=lambda w: w[0])
    print(LINE.format("one-card edit, warm (--watch), best", wall, used,
                      f"{result.rendered} face(s) rendered; {own:.2f} CPU s in the main "
                      "process"))
    print("    its split (CPU s of the main process): "
          + ", ".join(f"{k} {v:.3f}" for k, v in split.items()))
    sizes = ", ".join(f"{k} {v / 1024:.0f} KB" for k, v in cold.sizes.items())
    print(f"  {cold.cards} cards and tokens, {cold.faces} distinct faces ({sizes})")
    if not skip_naive:
        (seconds, pages), naive_s, naive_cpu = timed(naive, project, only)
        print(LINE.format("naive: one WeasyPrint doc", naive_s, naive_cpu,
                          f"{pages} pages, no imposition, no fitting"))
    print(f"  load average now: {', '.join(f'{v:.1f}' for v in __import__('os').getloadavg())}"
          " (2 cores, shared)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-naive", action="store_true")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", choices=["bundled", "synthetic"])
    args = parser.parse_args()
    record_renders()
    with tempfile.TemporaryDirectory() as tmp:
        if args.only != "synthetic":
            run("bundled game", bundled_copy(Path(tmp)), frozenset(), args.workers,
                args.skip_naive, "heroes", "rumor", "hero")
        if args.only != "bundled":
            run("synthetic deck", synthetic_copy(Path(tmp)), frozenset({"glory_card"}),
                args.workers, args.skip_naive, "glory_cards")


if __name__ == "__main__":
    main()

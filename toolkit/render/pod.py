"""Print-on-demand exports (`toolkit build --pod tgc|mpc`): every deck (the cards of one
kind with one back) as numbered PNGs at the service's template size at 300 dpi, its single
back, a quantity list and a README of what to upload:

    pod-<service>/README.txt
    pod-<service>/<deck>/01-<card>.png ... back.png quantities.csv

A face's trim is scaled onto the template's trim and its bleed fills the rest (extended from
its edge where the template asks for more bleed than the face has). A kind whose size fits
no template of the service is a one-line warning; boards and other large sheets are not
exported (they are no card product: print them from print-one-sided.pdf).

Template sizes (pixels with bleed at 300 dpi) are the services' published ones: The Game
Crafter adds 1/8 in of bleed (37.5 px a side: poker 825 x 1125), MakePlayingCards 36 px a
side (poker 822 x 1122)."""

from __future__ import annotations

import csv
import io
import math
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from toolkit.render.files import safe_name, write_atomic
from toolkit.render.raster import DPI, Rasterizer, fit_canvas, png_bytes

MM_PER_IN = 25.4
STRETCH = 0.05   # a card may be scaled by at most 5 % to meet a template's trim
ASPECT = 0.02    # and its aspect may differ from the template's by at most 2 %


@dataclass(frozen=True)
class Template:
    """A card product of a service: its trim in inches and its image with bleed in px."""

    product: str
    width_in: float
    height_in: float
    px: tuple[int, int]

    @property
    def trim_mm(self) -> tuple[float, float]:
        return self.width_in * MM_PER_IN, self.height_in * MM_PER_IN

    @property
    def trim_px(self) -> tuple[float, float]:
        return self.width_in * DPI, self.height_in * DPI


@dataclass(frozen=True)
class Service:
    name: str
    templates: tuple[Template, ...]


SERVICES = {
    "tgc": Service("The Game Crafter", (
        Template("Poker Deck", 2.5, 3.5, (825, 1125)),
        Template("Bridge Deck", 2.25, 3.5, (750, 1125)),
        Template("Tarot Deck", 2.75, 4.75, (900, 1500)),
        Template("Domino Deck", 1.75, 3.5, (600, 1125)),
        Template("Business Deck", 2.0, 3.5, (675, 1125)),
        Template("Jumbo Deck", 3.5, 5.5, (1125, 1725)),
        Template("Mini Deck", 1.75, 2.5, (600, 825)),
        Template("Micro Deck", 1.25, 1.75, (450, 600)),
        Template("Large Square Chit", 1.0, 1.0, (375, 375)),
        Template("Medium Square Chit", 0.75, 0.75, (300, 300)),
        Template("Small Square Chit", 0.5, 0.5, (225, 225)))),
    "mpc": Service("MakePlayingCards", (
        Template("Poker size", 2.5, 3.5, (822, 1122)),
        Template("Bridge size", 2.25, 3.5, (747, 1122)),
        Template("Tarot size", 2.75, 4.75, (897, 1497)),
        Template("Domino size", 1.75, 3.5, (597, 1122)),
        Template("Business card size", 2.0, 3.5, (672, 1122)),
        Template("Micro size", 1.25, 1.75, (447, 597)))),
}


def match(service: str, width: float, height: float) -> tuple[Template, bool] | None:
    """The service's template closest to a `width` x `height` mm card (and whether the card
    is turned a quarter to fit it), or None when no template fits within STRETCH/ASPECT."""
    best, best_cost = None, None
    for t in SERVICES[service].templates:
        tw, th = t.trim_mm
        for turned, (w, h) in ((False, (width, height)), (True, (height, width))):
            rx, ry = tw / w, th / h
            if max(abs(rx - 1), abs(ry - 1)) > STRETCH or abs(rx / ry - 1) > ASPECT:
                continue
            cost = max(abs(math.log(rx)), abs(math.log(ry))) + (1e-6 if turned else 0)
            if best_cost is None or cost < best_cost:
                best, best_cost = (t, turned), cost
    return best


def decks(faces) -> list[tuple[str, list]]:
    """The card fronts (not boards) per deck: one kind with one back; a kind printed with
    several backs makes one deck per back (kind-2, ...)."""
    out: dict[tuple[str, str], list] = {}
    for face in faces:
        if face.side == "front" and not face.large:
            out.setdefault((face.kind, face.back), []).append(face)
    names, result = {}, []
    for (kind, _), fronts in out.items():
        names[kind] = names.get(kind, 0) + 1
        name = kind if names[kind] == 1 else f"{kind}-{names[kind]}"
        result.append((safe_name(name, "kind"), fronts))
    return result


def template_image(raster: Rasterizer, rendered, face, template: Template, turned: bool):
    """`face` at the template's pixel size: trim onto the template's trim, bleed around."""
    w, h = (face.height, face.width) if turned else (face.width, face.height)
    tw, th = template.trim_px
    sx, sy = tw / w, th / h                          # px per mm on each axis
    image = raster.image(rendered, face.bleed, max(sx, sy) * MM_PER_IN / 72, trim=False)
    if turned:
        image = image.rotate(90, expand=True)
    full = (round(tw + 2 * face.bleed * sx), round(th + 2 * face.bleed * sy))
    return fit_canvas(image.resize(full) if image.size != full else image, template.px)


def write_pod(faces, where, folder: Path, service: str, title: str) -> tuple[Path, list[str]]:
    """Write pod-<service>/ for the build's faces; returns the folder and the warnings."""
    spec = SERVICES[service]
    by_key = {f.key: f for f in faces}
    raster = Rasterizer()
    written: set[Path] = set()
    lines, warnings, skipped = [], [], []

    def put(path: Path, data: bytes) -> None:
        write_atomic(path, data, root=folder)
        written.add(path)

    def save(path: Path, image) -> None:  # encoding in a thread overlaps the rendering
        pending.append(pool.submit(lambda: put(path, png_bytes(image))))

    pool, pending = ThreadPoolExecutor(2), []
    try:
        for name, fronts in decks(faces):
            back = by_key[fronts[0].back]
            found = match(service, back.width, back.height)
            if found is None:
                skipped.append(f"{name}: {back.width:g} x {back.height:g} mm")
                warnings.append(f"--pod {service}: {skipped[-1]} fits no {spec.name} "
                                "template; not exported")
                continue
            template, turned = found
            digits = max(2, len(str(len(fronts))))
            rows = [("file", "card id", "name", "copies")]
            for n, face in enumerate(fronts, 1):
                file = f"{n:0{digits}d}-{safe_name(face.slug)}.png"
                save(folder / name / file,
                     template_image(raster, where[face.key], face, template, turned))
                rows.append((file, face.id, face.label, face.copies))
            save(folder / name / "back.png",
                 template_image(raster, where[back.key], back, template, turned))
            put(folder / name / "quantities.csv", _csv(rows))
            lines.append(f"{name}/  {template.product} ({template.width_in:g} x "
                         f"{template.height_in:g} in, {template.px[0]} x {template.px[1]} px"
                         f"{', cards turned' if turned else ''}): "
                         f"{_count(len(fronts), 'front')}, "
                         f"{_count(sum(f.copies for f in fronts), 'card')}")
        for job in pending:
            job.result()
    finally:
        pool.shutdown(cancel_futures=True)
        raster.close()
    large = sorted({f.kind for f in faces if f.large and f.side == "front"})
    put(folder / "README.txt", _readme(title, spec, lines, skipped, large).encode())
    _prune(folder, written)
    return folder, warnings


def _csv(rows) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue().encode("utf-8")


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _readme(title, spec: Service, lines, skipped, large) -> str:
    out = [f"{title}: card files for {spec.name}", "",
           "Each folder is one deck. Create the product named below, upload its numbered",
           "fronts with the copies from quantities.csv (file, card id, name, copies) and",
           "back.png as the single back of every card. Images are PNG at 300 dpi with the",
           "service's bleed; keep text inside the safe zone of its template.", ""]
    out += lines or ["(no deck fits this service's templates)"]
    if skipped:
        out += ["", f"Not exported (their size fits no {spec.name} template):"] + [
            "  " + line for line in skipped]
    if large:
        out += ["", "Not included (no card product; print from print-one-sided.pdf): "
                + ", ".join(large)]
    return "\n".join(out) + "\n"


def _prune(folder: Path, written: set[Path]) -> None:
    """Remove files an earlier export left that this one did not write (only .png, .csv
    and .txt files, only in a marked output folder: toolkit.guarded_files.prune)."""
    from toolkit.guarded_files import prune

    prune(folder, written, r".+\.(?:png|csv|txt)")

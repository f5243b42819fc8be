"""Print-on-demand exports (`toolkit build --pod tgc|mpc`): every component the service
sells - each deck (the cards of one kind with one back), chit set (square, round or hex
counters) and board - as numbered PNGs at the product's size at 300 dpi, its single back,
a quantity list and a README of what to upload:

    pod-<service>/README.txt
    pod-<service>/<deck>/01-<card>.png ... back.png quantities.csv

A face's trim is scaled onto the product's trim and its bleed fills the rest (extended from
its edge where the product asks for more bleed than the face has). A size no product takes
goes to the nearest one, scaled evenly (toolkit.render.pod_products); text closer to the
cut than the service's safe zone (1/8 in) - measured on the rendered face
(toolkit.render.safe_zone) - shrinks the deck's faces until it is inside. A component the
service cannot make is refused with its reason: one warning each, listed in the README, and
a summary line of what was exported."""

from __future__ import annotations

import csv
import io
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PIL import Image

from toolkit.render.face_shape import face_shape
from toolkit.render.faces import is_token
from toolkit.render.files import safe_name, write_atomic
from toolkit.render.pod_products import MM_PER_IN, SERVICES, Match, Service, Template, choose
from toolkit.render.pod_products import match  # noqa: F401 - re-exported: pod.match
from toolkit.render.raster import Rasterizer, fit_canvas, png_bytes
from toolkit.render.safe_zone import text_margin

SMALLEST = 0.75  # a deck shrunk below this for its safe zone is refused instead


def decks(faces) -> list[tuple[str, list]]:
    """The card fronts (not boards) per deck: one kind with one back; a kind of cards
    printed with several backs makes one deck per back (kind-2, ...), while counters of
    one kind with backs of their own (double-sided heroes, markers in four colours) stay
    one two-sided set - one per size and shape where the kind's pieces differ."""
    out: dict[tuple, list] = {}
    for face in faces:
        if face.side == "front" and not face.large:
            token = is_token(face.width, face.height)  # pieces of one size and shape
            key = (face.kind, face.width, face.height, face_shape(face)) if token \
                else (face.kind, face.back)
            out.setdefault(key, []).append(face)
    per_kind: dict[str, int] = {}
    for key in out:
        per_kind[key[0]] = per_kind.get(key[0], 0) + 1
    names, result = {}, []
    for key, fronts in out.items():
        kind = key[0]
        names[kind] = names.get(kind, 0) + 1
        if per_kind[kind] == 1:
            name = kind
        elif len(key) == 4:  # pieces: named by shape and size, as the TTS decks
            name = f"{kind}-{key[3]}-{key[1]:g}x{key[2]:g}"
        else:
            name = kind if names[kind] == 1 else f"{kind}-{names[kind]}"
        result.append((safe_name(name, "kind"), fronts))
    return result


def boards(faces) -> list[tuple[str, list]]:
    """The boards and other large sheets, one component per kind."""
    out: dict[str, list] = {}
    for face in faces:
        if face.side == "front" and face.large:
            out.setdefault(face.kind, []).append(face)
    return [(safe_name(kind, "kind"), fronts) for kind, fronts in out.items()]


def template_image(raster: Rasterizer, rendered, face, template: Template, turned: bool,
                   scale: float = 1.0, even: bool = False):
    """`face` at the template's pixel size: trim onto the template's trim (stretched, or
    with `even` scaled evenly to fit inside it), times `scale`, bleed around."""
    w, h = (face.height, face.width) if turned else (face.width, face.height)
    tw, th = template.trim_px
    sx, sy = tw / w, th / h                          # px per mm on each axis
    if even:
        sx = sy = min(sx, sy)
    sx, sy = sx * scale, sy * scale
    image = raster.image(rendered, face.bleed, max(sx, sy) * MM_PER_IN / 72, trim=False)
    if turned:
        image = image.rotate(90, expand=True)
    full = (round((w + 2 * face.bleed) * sx), round((h + 2 * face.bleed) * sy))
    return fit_canvas(image.resize(full) if image.size != full else image, template.px)


def safe_scale(margin: float | None, face, found: Match, safe: float) -> float:
    """How much to shrink a face whose text comes `margin` mm from its cut so that, on the
    product, it is `safe` mm inside the cut (1.0: no need)."""
    if margin is None:
        return 1.0
    tw, th = found.template.trim_mm
    w, h = (face.height, face.width) if found.turned else (face.width, face.height)
    scale = 1.0
    for t, size in ((tw, w), (th, h)):
        k = t / size if found.scale == 1.0 else min(tw / w, th / h)
        reach = k * (size / 2 - margin)              # mm from the centre to the text
        if reach > 0 and t / 2 - reach < safe:
            scale = min(scale, (t / 2 - safe) / reach)
    return scale


def write_pod(faces, where, folder: Path, service: str, title: str):
    """Write pod-<service>/ for the build's faces; returns the folder, the warnings (one
    per refused component) and the summary line."""
    spec = SERVICES[service]
    by_key = {f.key: f for f in faces}
    raster = Rasterizer()
    written: set[Path] = set()
    lines, warnings, refused = [], [], []

    def put(path: Path, data: bytes) -> None:
        write_atomic(path, data, root=folder)
        written.add(path)

    def save(path: Path, image) -> None:  # encoding in a thread overlaps the rendering
        pending.append(pool.submit(lambda: put(path, png_bytes(image))))

    def refuse(name: str, why: str) -> None:
        refused.append(f"{name}: {why}")
        warnings.append(f"--pod {service}: {name}: {why}; not exported")

    components = [(n, f, False) for n, f in decks(faces)] + [(n, f, True)
                                                             for n, f in boards(faces)]
    pool, pending = ThreadPoolExecutor(2), []
    try:
        for name, fronts, large in components:
            back = fronts[0] if large else by_key[fronts[0].back]
            sort = "board" if large else face_shape(fronts[0])
            found, why = choose(service, back.width, back.height, sort)
            if found is None:
                refuse(name, why)
                continue
            notes = [why] if why else []
            two_sided = not large and len({f.back for f in fronts}) > 1
            backs = [] if large else list({f.back: by_key[f.back] for f in fronts}.values())
            margins = [m for m in (text_margin(raster, where[f.key], f, sort)
                                   for f in ([] if large else fronts + backs)) if m is not None]
            shrink = safe_scale(min(margins), back, found, spec.safe_mm) if margins else 1.0
            if shrink < SMALLEST:
                refuse(name, f"text {min(margins):.1f} mm from the cut; keeping it "
                       f"{spec.safe_mm:g} mm inside would shrink the faces to {shrink:.0%}")
                continue
            if shrink < 1.0:
                notes.append(f"text {min(margins):.1f} mm from the cut: faces shrunk to "
                             f"{shrink:.0%} to keep it {spec.safe_mm:g} mm inside")
            template, turned, even = found.template, found.turned, found.scale != 1.0
            scale = shrink  # an even fit already scales the face to fit inside the trim
            digits = max(2, len(str(len(fronts))))
            rows = [("file", "card id", "name", "copies") + (("back",) if two_sided else ())]
            for n, face in enumerate(fronts, 1):
                file = f"{n:0{digits}d}-{safe_name(face.slug)}.png"
                save(folder / name / file, template_image(raster, where[face.key], face,
                                                          template, turned, scale, even))
                row = (file, face.id, face.label, face.copies)
                if two_sided:  # each piece with its own back
                    own = by_key[face.back]
                    row += (file.replace(".png", "-back.png"),)
                    save(folder / name / row[-1], template_image(
                        raster, where[own.key], own, template, turned, scale, even))
                rows.append(row)
            if not two_sided:
                back_image = Image.new("RGB", template.px, "white") if large else \
                    template_image(raster, where[back.key], back, template, turned, scale,
                                   even)
                save(folder / name / "back.png", back_image)
            put(folder / name / "quantities.csv", _csv(rows))
            lines.append(f"{name}/  {template.product} ({template.width_in:g} x "
                         f"{template.height_in:g} in, {template.px[0]} x {template.px[1]} px"
                         f"{', turned' if turned else ''}): "
                         f"{_count(len(fronts), 'front')}, "
                         f"{_count(sum(f.copies for f in fronts), 'piece')}"
                         + ("; back.png blank (printed one-sided)" if large else "")
                         + ("; two-sided: each front with its own <file>-back.png"
                            if two_sided else "")
                         + "".join(f"; {n}" for n in notes))
        for job in pending:
            job.result()
    finally:
        pool.shutdown(cancel_futures=True)
        raster.close()
    summary = (f"--pod {service}: {len(lines)} of {len(components)} components exported"
               + (f", {len(refused)} refused (pod-{service}/README.txt says why)"
                  if refused else ""))
    put(folder / "README.txt", _readme(title, spec, lines, refused, summary).encode())
    _prune(folder, written)
    return folder, warnings, summary


def _csv(rows) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue().encode("utf-8")


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _readme(title, spec: Service, lines, refused, summary) -> str:
    out = [f"{title}: files for {spec.name}", "",
           "Each folder is one component. Create the product named below, upload its",
           "numbered fronts with the copies from quantities.csv (file, card id, name,",
           "copies) and back.png as the single back of every piece. Images are PNG at",
           "300 dpi with the service's bleed; text is kept "
           f"{spec.safe_mm:g} mm inside the cut.", ""]
    out += lines or ["(no component fits this service's products)"]
    if refused:
        out += ["", f"Not exported ({spec.name} cannot make them; print them from the",
                "print-and-play files):"] + ["  " + line for line in refused]
    return "\n".join(out + ["", summary]) + "\n"


def _prune(folder: Path, written: set[Path]) -> None:
    """Remove files an earlier export left that this one did not write (only .png, .csv
    and .txt files, only in a marked output folder: toolkit.guarded_files.prune)."""
    from toolkit.guarded_files import prune

    prune(folder, written, r".+\.(?:png|csv|txt)")

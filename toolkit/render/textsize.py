"""The type-size floor: no text printed below 6 pt (Latin) or 7 pt (CJK) at print size.

Read from the rendered faces themselves: WeasyPrint sets every HTML text run with a `Tf`
operator in CSS pixels under one 0.75 scale, so a run's size in pt is its `Tf` size x 0.75;
a run in a font whose name holds "CJK" has the CJK floor. Each face is read once per build
(from the batch PDFs the imposition opens anyway)."""

from __future__ import annotations

import re

from pypdf import PdfReader

from toolkit.render.pdf import FLOOR_PT

RUN = re.compile(rb"/([A-Za-z0-9_.+-]+)\s+([\d.]+)\s+Tf")
PX_TO_PT = 0.75


def smallest_runs(page) -> tuple[float | None, float | None]:
    """The smallest Latin and CJK text sizes (pt) on a rendered face page."""
    data = page.get_contents().get_data()
    fonts = page["/Resources"].get_object().get("/Font", {})
    latin = cjk = None
    for name, size in RUN.findall(data):
        font = fonts.get("/" + name.decode())
        base = str(font.get_object().get("/BaseFont", "")) if font is not None else ""
        pt = float(size) * PX_TO_PT
        if "CJK" in base:
            cjk = pt if cjk is None else min(cjk, pt)
        else:
            latin = pt if latin is None else min(latin, pt)
    return latin, cjk


def floor_warnings(faces, where, readers: dict) -> list[str]:
    """A warning with file:line for each face that prints text below the floor."""
    out = []
    seen: set[tuple[str, int]] = set()
    for face in faces:
        rendered = where[face.key]
        spot = (rendered.path, rendered.index)
        if face.kind == "sheet" or spot in seen:
            continue
        seen.add(spot)
        if rendered.path not in readers:
            readers[rendered.path] = PdfReader(rendered.path)
        latin, cjk = smallest_runs(readers[rendered.path].pages[rendered.index])
        small = [(size, FLOOR_PT[lang], script) for size, lang, script in
                 ((latin, "en", "Latin"), (cjk, "zh", "CJK"))
                 if size is not None and size < FLOOR_PT[lang] - 0.05]
        for size, floor, script in small:
            file, line, _ = face.source or ("templates", 1, 1)
            what = f"'{face.id}'" if face.side == "front" else f"the back of {face.kind}"
            out.append(f"{file}:{line}: warning: {what} prints {script} text at "
                       f"{size:.1f} pt, under the {floor:g} pt floor; shorten the text or "
                       "enlarge it in the template")
    return out

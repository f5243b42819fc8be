"""The type-size floor: no text printed below 6 pt (Latin) or 7 pt (CJK) at print size.

Read from the rendered faces themselves: WeasyPrint sets every HTML text run with a `Tf`
operator in CSS pixels under one 0.75 scale, so a run's size in pt is its `Tf` size x 0.75;
a run in a CJK font (Noto Sans CJK, the shipped CT Noto Sans SC) has the CJK floor; the text
boxes of the HTML are also checked on their layout (toolkit.render.layout_checks), so this
reading catches what is drawn as text inside SVG. Each face is read once per build
(from the batch PDFs the imposition opens anyway)."""

from __future__ import annotations

import json
import re
from pathlib import Path

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
        if "CJK" in base or "Sans-SC" in base or "SansSC" in base:  # the shipped CT subset
            cjk = pt if cjk is None else min(cjk, pt)
        else:
            latin = pt if latin is None else min(latin, pt)
    return latin, cjk


def floor_warnings(faces, where, readers: dict, memo: Path | None = None) -> list[str]:
    """A warning with file:line for each face that prints text below the floor. `memo`
    keeps the sizes read per batch page (batch names are content hashes), so a rebuild
    reads only the faces rendered anew."""
    out = []
    seen: set[tuple[str, int]] = set()
    known = _load(memo)
    fresh: dict[str, list] = {}
    for face in faces:
        rendered = where[face.key]
        spot = (rendered.path, rendered.index)
        if face.kind == "sheet" or spot in seen:
            continue
        seen.add(spot)
        key = f"{Path(rendered.path).name}:{rendered.index}"
        if key in known:
            latin, cjk = known[key]
        else:
            if rendered.path not in readers:
                readers[rendered.path] = PdfReader(rendered.path)
            latin, cjk = smallest_runs(readers[rendered.path].pages[rendered.index])
        fresh[key] = [latin, cjk]
        small = [(size, FLOOR_PT[lang], script) for size, lang, script in
                 ((latin, "en", "Latin"), (cjk, "zh", "CJK"))
                 if size is not None and size < FLOOR_PT[lang] - 0.05]
        for size, floor, script in small:
            file, line, _ = face.source or ("templates", 1, 1)
            what = f"'{face.id}'" if face.side == "front" else f"the back of {face.kind}"
            out.append(f"{file}:{line}: warning: {what} prints {script} text at "
                       f"{size:.1f} pt, under the {floor:g} pt floor; shorten the text or "
                       "enlarge it in the template")
    batches = {Path(where[f.key].path).parent for f in faces}
    kept = {k: v for k, v in {**known, **fresh}.items()
            if any((folder / k.rsplit(":", 1)[0]).is_file() for folder in batches)}
    if memo is not None and kept != known:
        from toolkit.render.files import write_atomic
        try:
            write_atomic(memo, json.dumps(kept, sort_keys=True).encode())
        except Exception:  # a memo that cannot be written only costs time next build
            pass
    return out


def _load(memo: Path | None) -> dict:
    try:
        data = json.loads(memo.read_text()) if memo is not None and memo.is_file() else {}
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, list) and len(v) == 2
            and all(x is None or isinstance(x, (int, float)) for x in v)} \
        if isinstance(data, dict) else {}

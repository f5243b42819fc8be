"""The products of the print-on-demand services (`toolkit build --pod tgc|mpc`) and which
one takes a face: a card deck, a chit of the face's shape (square, round, hex) or, for a
board, a board product - each with its trim in inches and its image with bleed in pixels
at 300 dpi, as the services publish them (The Game Crafter adds 1/8 in of bleed: 37.5 px a
side; MakePlayingCards 36 px a side).

A face fits a product whose trim is within STRETCH of its own (aspect within ASPECT): it is
stretched onto it. Otherwise it goes to the nearest product of its sort, scaled down evenly
to fit inside its trim (edges extended to fill the rest) when that keeps at least NEAREST
of its size; else the service refuses it, with the nearest product and the scale it would
need as the reason. MakePlayingCards is listed for its card sizes only (no chits or boards
here): such components are refused with that reason."""

from __future__ import annotations

import math
from dataclasses import dataclass

from toolkit.render.raster import DPI

MM_PER_IN = 25.4
STRETCH = 0.05   # a card may be scaled by at most 5 % to meet a template's trim
ASPECT = 0.02    # and its aspect may differ from the template's by at most 2 %
NEAREST = 0.85   # a face scaled to a nearest product keeps at least 85 % of its size
SORTS = {"card": ("card", "square"), "square": ("square", "card"), "round": ("round",),
         "hex": ("hex",), "board": ("board",)}


@dataclass(frozen=True)
class Template:
    """A product of a service: its trim in inches, its image with bleed in px and its sort
    (card, square or round chit, hex tile, board)."""

    product: str
    width_in: float
    height_in: float
    px: tuple[int, int]
    sort: str = "card"

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
    safe_mm: float = 3.175   # text kept this far inside the cut (1/8 in)


@dataclass(frozen=True)
class Match:
    template: Template
    turned: bool      # the face is turned a quarter to fit
    scale: float      # 1.0: stretched onto the trim; less: scaled evenly to fit inside it


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
        Template("Large Square Chit", 1.0, 1.0, (375, 375), "square"),
        Template("Medium Square Chit", 0.75, 0.75, (300, 300), "square"),
        Template("Small Square Chit", 0.5, 0.5, (225, 225), "square"),
        Template("Large Circle Chit", 1.0, 1.0, (375, 375), "round"),
        Template("Medium Circle Chit", 0.75, 0.75, (300, 300), "round"),
        Template("Small Circle Chit", 0.5, 0.5, (225, 225), "round"),
        Template("Small Hex Tile", 2.0, 1.75, (675, 600), "hex"),
        Template("Large Hex Tile", 3.75, 3.25, (1200, 1050), "hex"),
        Template("Sixfold Board", 24.0, 18.0, (7275, 5475), "board"),
        Template("Quad Fold Board", 18.0, 18.0, (5475, 5475), "board"),
        Template("Large Square Board", 10.0, 10.0, (3075, 3075), "board"),
        Template("Half Board", 5.0, 10.0, (1575, 3075), "board"))),
    "mpc": Service("MakePlayingCards", (
        Template("Poker size", 2.5, 3.5, (822, 1122)),
        Template("Bridge size", 2.25, 3.5, (747, 1122)),
        Template("Tarot size", 2.75, 4.75, (897, 1497)),
        Template("Domino size", 1.75, 3.5, (597, 1122)),
        Template("Business card size", 2.0, 3.5, (672, 1122)),
        Template("Micro size", 1.25, 1.75, (447, 597)))),
}


def match(service: str, width: float, height: float, sort: str = "card") -> tuple | None:
    """The service's template closest to a `width` x `height` mm face of `sort` and
    whether the face is turned a quarter to fit it, or None when none fits within
    STRETCH/ASPECT (see `nearest` for the rest)."""
    best, best_cost = None, None
    for t in SERVICES[service].templates:
        if t.sort not in SORTS[sort]:
            continue
        tw, th = t.trim_mm
        for turned, (w, h) in ((False, (width, height)), (True, (height, width))):
            rx, ry = tw / w, th / h
            if max(abs(rx - 1), abs(ry - 1)) > STRETCH or abs(rx / ry - 1) > ASPECT:
                continue
            cost = max(abs(math.log(rx)), abs(math.log(ry))) + (1e-6 if turned else 0)
            if best_cost is None or cost < best_cost:
                best, best_cost = (t, turned), cost
    return best


def nearest(service: str, width: float, height: float, sort: str = "card") -> Match | None:
    """The product of the face's sort nearest its size: scaled evenly to fit inside the
    product's trim (never enlarged past STRETCH), the one it covers most among those that
    keep NEAREST of its size, else the one that keeps most of it; None when the service
    sells no product of that sort this size or larger."""
    fits, best = [], None
    for t in SERVICES[service].templates:
        if t.sort not in SORTS[sort]:
            continue
        tw, th = t.trim_mm
        for turned, (w, h) in ((False, (width, height)), (True, (height, width))):
            scale = min(tw / w, th / h)
            if scale > 1 + STRETCH:
                continue
            cover = scale * w * scale * h / (tw * th)
            found = Match(t, turned, round(scale, 4))
            if scale >= NEAREST:
                fits.append(((cover, scale, not turned), found))
            if best is None or (scale, not turned) > best[0]:
                best = ((scale, not turned), found)
    if fits:
        return max(fits, key=lambda item: item[0])[1]
    return best[1] if best else None


def choose(service: str, width: float, height: float, sort: str) -> tuple[Match | None, str]:
    """The product a face goes to (None: refused) and, when scaled or refused, why."""
    exact = match(service, width, height, sort)
    if exact:
        return Match(exact[0], exact[1], 1.0), ""
    near = nearest(service, width, height, sort)
    spec = SERVICES[service]
    size = f"{width:g} x {height:g} mm"
    if near is None:
        what = {"board": "board", "round": "round chit", "hex": "hex tile"}.get(sort, "card")
        larger = [(min(t.trim_mm) / min(width, height), t) for t in spec.templates
                  if t.sort in SORTS[sort]]
        if not larger:
            return None, f"{size}: {spec.name} sells no {what} product"
        grow, t = min(larger, key=lambda item: item[0])
        return None, (f"{size}: {spec.name}'s smallest {what}, {t.product} "
                      f"({t.width_in:g} x {t.height_in:g} in), would enlarge it "
                      f"{grow - 1:.0%}")
    t = near.template
    named = f"{t.product} ({t.width_in:g} x {t.height_in:g} in)"
    if near.scale < NEAREST:
        return None, (f"{size}: the nearest {spec.name} product, {named}, would print it "
                      f"at {near.scale:.0%}")
    return near, f"{size} scaled to {near.scale:.0%} onto {named}"

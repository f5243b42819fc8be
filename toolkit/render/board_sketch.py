"""A board as data: a list of placed elements (text, piece slots, card slots, areas, discs,
lines) in mm that one template (`counters/board.html.j2`) draws, shapes in SVG and words
in HTML. Piece slots come from `counters.slot`, so a slot holds the piece it was made for;
`Sketch.slots` keeps every one with the piece it must hold, for the tests and checks."""

from __future__ import annotations

from dataclasses import dataclass, field

from toolkit.render.counters import hex_points, slot

CARD_GAP = 2.0   # mm a card slot is larger than its card (1 mm each side)


@dataclass
class Sketch:
    w: float
    h: float
    background: str = "#f4ecd8"
    min_pt: float = 6.2     # the type floor of the build's script (7.2 for a zh build)
    items: list = field(default_factory=list)
    slots: list = field(default_factory=list)   # (element, (shape, size)) of piece slots
    cards: list = field(default_factory=list)   # (element, (w, h)) of card slots

    def text(self, x, y, text, pt=9.0, w=None, bold=False, align="left", colour="#2b2118",
             italic=False):
        self.items.append({"t": "text", "x": round(x, 2), "y": round(y, 2), "text": text,
                           "pt": max(pt, self.min_pt), "w": None if w is None else round(w, 2), "bold": bold,
                           "align": align, "colour": colour, "italic": italic})

    def box(self, x, y, w, h, fill="#fffaf0", stroke="#6b5236", dashed=False, radius=2.0,
            width=0.4):
        self.items.append({"t": "box", "x": round(x, 2), "y": round(y, 2), "w": round(w, 2),
                           "h": round(h, 2), "fill": fill, "stroke": stroke,
                           "dashed": dashed, "r": radius, "sw": width})

    def disc(self, cx, cy, r, fill, stroke="#2b2118", width=0.6, opacity=1.0):
        self.items.append({"t": "disc", "cx": round(cx, 2), "cy": round(cy, 2),
                           "r": round(r, 2), "fill": fill, "stroke": stroke, "sw": width,
                           "op": opacity})

    def line(self, x1, y1, x2, y2, colour, width):
        self.items.append({"t": "line", "x1": round(x1, 2), "y1": round(y1, 2),
                           "x2": round(x2, 2), "y2": round(y2, 2), "colour": colour,
                           "sw": width})

    def piece_slot(self, x, y, shape, size, label="", fill="#fffaf0", stroke="#2b2118",
                   pt=6.5) -> dict:
        """A slot for a piece of `shape` and `size` mm with its top-left corner at (x, y);
        returns it (its w and h are the slot's box)."""
        s = dict(slot(shape, size), t="slot", x=round(x, 2), y=round(y, 2), label=label,
                 fill=fill, stroke=stroke, pt=max(pt, self.min_pt))
        if shape == "hex":
            s["points"] = hex_points(s["w"], s["h"], 0.0, s["x"], s["y"])
        self.items.append(s)
        self.slots.append((s, (shape, float(size))))
        return s

    def card_slot(self, x, y, card_w, card_h, label="", pt=8.0) -> dict:
        """A dashed space for a card of card_w x card_h mm, CARD_GAP larger."""
        s = {"t": "card", "x": round(x, 2), "y": round(y, 2), "w": card_w + CARD_GAP,
             "h": card_h + CARD_GAP, "label": label, "pt": max(pt, self.min_pt)}
        self.items.append(s)
        self.cards.append((s, (float(card_w), float(card_h))))
        return s

    @staticmethod
    def floor(lang: str) -> float:
        """The smallest size a board prints: 6.2 pt Latin, 7.2 pt for a zh build (the
        floors are 6 and 7 pt)."""
        return 7.2 if lang == "zh" else 6.2

    def view(self, title: str) -> dict:
        from toolkit.errors import RenderError

        overflow = [i for i in self.items if i.get("x", 0) < -1e-6 or i.get("y", 0) < -1e-6
                    or i.get("x", 0) + (i.get("w") or 0) > self.w + 1e-6
                    or i.get("y", 0) + (i.get("h") or 0) > self.h + 1e-6]
        if overflow:
            first = overflow[0]
            raise RenderError(f"{title}: {len(overflow)} element(s) outside the "
                              f"{self.w:g} x {self.h:g} mm board, the first a {first['t']} at "
                              f"x {first['x']:g}, y {first['y']:g} mm; make the board larger "
                              "or the pieces smaller")
        return {"w": round(self.w, 1), "h": round(self.h, 1), "title": title,
                "background": self.background, "elements": self.items}

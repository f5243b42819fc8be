"""What `toolkit build` prints for Kings & Things (`KingsAndThings.render_parts`): every
thing as a square counter with one shared back (a thing's back must not tell what it is),
the heroes as double-sided counters (two heroes per counter), forts, gold and markers as
counters, the hex tiles with one shared back, and the player reference (written from the
game.yaml settings)."""

from __future__ import annotations

from pathlib import Path

from toolkit.render.faces import Face, card_size, group_of
from toolkit.render.options import BLEED
from toolkit.render.parts import KindStyle, Part, Templates

from . import views
from .reference import reference_view

TEMPLATES = Path(__file__).parent / "templates"
COUNTER = (25.0, 25.0)
HEX = (50.0, 44.0)
REFERENCE = (180.0, 260.0)
THINGS = ("creature", "income_counter", "treasure", "magic_item", "random_event")
CUP_BACK = "#4a2f1a"


def _none(card):
    return []


def parts(catalog) -> list:
    out: list = [Templates(TEMPLATES)]
    # kinds printed by the parts below, not one card each through the generic layout
    for kind in THINGS + ("character", "fort", "gold_piece", "marker", "terrain"):
        out.append(KindStyle(kind, lambda ctx, card, variant: {}, variants=_none))
    out += [Part("things", _things), Part("heroes", _heroes), Part("forts", _forts),
            Part("gold", _gold), Part("markers", _markers), Part("hex_tiles", _hexes),
            Part("reference", _reference, large=True)]
    return out


def _face(ctx, html, kind, id_, view, size, copies, back_key, template="kt/counter.html.j2",
          side="front"):
    w, h = size
    return Face(f"{kind}/{id_}" if side == "front" else f"{kind}/{id_}/back", kind, id_,
                side, group_of(kind, w, h), w, h, BLEED, copies,
                html.face(template, view, w, h, BLEED, f"{kind} '{id_}'"), False,
                view.get("name", id_), back_key,
                ctx.catalog.source(id_) if side == "front" else None)


def _shared_back(ctx, html, kind, label, size, template="kt/counter.html.j2"):
    view = views.back_view(ctx, label, CUP_BACK)
    return _face(ctx, html, kind, "shared", view, size, 0, None, template, side="back")


def _things(ctx, html):
    size = card_size(ctx.catalog, "creature", COUNTER)
    back = _shared_back(ctx, html, "things", views.word(ctx, "cup"), size)
    fronts = [_face(ctx, html, "things", card.id, views.thing_view(ctx, kind, card), size,
                    int(card.copies), back.key)
              for kind in THINGS for card in ctx.catalog.of(kind).values()]
    return fronts + [back] if fronts else []


def _heroes(ctx, html):
    size = card_size(ctx.catalog, "character", COUNTER)
    faces = []
    by_counter: dict[int, list] = {}
    for card in ctx.catalog.of("character").values():
        by_counter.setdefault(int(card.counter), []).append(card)
    for number, sides in sorted(by_counter.items()):
        front = sides[0]
        back_card = sides[1] if len(sides) > 1 else sides[0]
        back = _face(ctx, html, "heroes", back_card.id, views.hero_view(ctx, back_card), size,
                     0, None, side="back")
        faces += [_face(ctx, html, "heroes", front.id, views.hero_view(ctx, front), size, 1,
                        back.key), back]
    return faces


def _forts(ctx, html):
    size = card_size(ctx.catalog, "fort", COUNTER)
    back = _shared_back(ctx, html, "forts", ctx.kind_label("fort"), size)
    fronts = [_face(ctx, html, "forts", f.id, views.fort_view(ctx, f), size, int(f.copies),
                    back.key) for f in ctx.catalog.of("fort").values()]
    return fronts + [back] if fronts else []


def _gold(ctx, html):
    size = card_size(ctx.catalog, "gold_piece", COUNTER)
    back = _shared_back(ctx, html, "gold", views.word(ctx, "gold"), size)
    fronts = [_face(ctx, html, "gold", g.id, views.plain_view(ctx, "gold_piece", g, g.gold,
                                                               "#8a6d1a"), size,
                    int(g.copies), back.key) for g in ctx.catalog.of("gold_piece").values()]
    return fronts + [back] if fronts else []


def _markers(ctx, html):
    size = card_size(ctx.catalog, "marker", COUNTER)
    faces = []
    for m in ctx.catalog.of("marker").values():
        view = views.plain_view(ctx, "marker", m)
        back = _face(ctx, html, "markers", m.id, view, size, 0, None, side="back")
        faces += [_face(ctx, html, "markers", m.id, view, size, int(m.copies), back.key), back]
    return faces


def _hexes(ctx, html):
    size = card_size(ctx.catalog, "terrain", HEX)
    back_card = type("Back", (), {"id": "hex_back", "tint": CUP_BACK,
                                  "name": ctx.catalog.game.title})()
    back = _face(ctx, html, "hex_tiles", "shared", views.hex_view(ctx, back_card, *size), size,
                 0, None, "kt/hex.html.j2", side="back")
    fronts = [_face(ctx, html, "hex_tiles", t.id, views.hex_view(ctx, t, *size), size,
                    int(t.copies), back.key, "kt/hex.html.j2")
              for t in ctx.catalog.of("terrain").values()]
    return fronts + [back] if fronts else []


def _reference(ctx, html):
    w, h = REFERENCE
    view = reference_view(ctx)
    return [Face("reference/sheet", "reference", "reference", "front", "reference", w, h, 0.0,
                 1, html.face("kt/reference.html.j2", view, w, h, 0.0, "the player reference"),
                 False, view["name"], None, None, (), True)]

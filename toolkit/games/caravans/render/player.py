"""The player board as a view model: hero and party card slots, the party's stat tracks
(0 to the stat cap of game.yaml), the agility box, equipment and special-weapon slots (one
per kind), the goods area and the glory-card area. Sizes in mm."""

from __future__ import annotations

from toolkit.render.faces import DEFAULT_CARD, Face, card_size
from toolkit.render.pdf_units import page_name
from toolkit.render.views import Ctx

from .markers import MARKER_SIZE
from .pieces import seats

TRACKS = ("defense", "shield", "cargo", "mercenaries", "attack")
GAP = 6.0
DOT = 8.5


def player_view(ctx: Ctx) -> dict:
    game = ctx.catalog.game
    hw, hh = card_size(ctx.catalog, "hero", DEFAULT_CARD)
    pw, ph = card_size(ctx.catalog, "party", DEFAULT_CARD)
    top = 13.0
    slots = [{"x": GAP, "y": top, "w": hw, "h": hh, "label": ctx.word("hero_slot"),
              "icon": ctx.icons.url("hero")},
             {"x": 2 * GAP + hw, "y": top, "w": pw, "h": ph, "label": ctx.word("party_slot"),
              "icon": ctx.icons.url("party")}]
    tx = 3 * GAP + hw + pw
    values = list(range(0, game.combat.stat_cap + 1))
    tracks = [{"label": ctx.word(s), "icon": ctx.icons.url(s), "y": top + i * (DOT + 3.5)}
              for i, s in enumerate(TRACKS)]
    track_w = 30 + len(values) * (DOT + 1.8)
    agility_y = top + len(TRACKS) * (DOT + 3.5) + 2
    row_y = top + max(hh, ph, agility_y + 18 - top) + GAP + 4
    tokens = []
    y = row_y
    for kind in ("equipment", "weapon"):
        w, h = card_size(ctx.catalog, kind, MARKER_SIZE)
        tokens.append({"x": GAP, "y": y, "w": w, "h": h, "count": len(ctx.catalog.of(kind)),
                       "label": ctx.word("equipment_slots" if kind == "equipment"
                                         else "weapon_slots"),
                       "icon": ctx.icons.url(kind)})
        y += h + 9
    last = tokens[-1]
    width = max(tx + track_w + GAP, GAP + tokens[0]["count"] * (tokens[0]["w"] + 2) + GAP)
    area_x = GAP + last["count"] * (last["w"] + 2) + GAP
    area_w = (width - area_x - 2 * GAP) / 2
    area_h = max(last["h"] + 4, 26.0)
    area_y = last["y"] - 4
    areas = [{"x": area_x, "y": area_y, "w": area_w, "h": area_h,
              "label": ctx.word("goods_area"), "icon": ctx.icons.url("good")},
             {"x": area_x + area_w + GAP, "y": area_y, "w": area_w, "h": area_h,
              "label": f"{ctx.word('glory_cards')} (≤ {game.glory_hand_limit})",
              "icon": ctx.icons.url("glory")}]
    return {"w": round(width, 1), "h": round(max(area_y + area_h, y - 9) + GAP, 1), "slots": slots,
            "tracks": tracks, "steps": values, "tx": tx, "dot": DOT,
            "agility": {"y": agility_y, "label": ctx.word("agility_box"),
                        "icon": ctx.icons.url("agility")},
            "tokens": tokens, "areas": areas, "title": ctx.word("player_board"),
            "game": ctx.t(game.title)}


def player_faces(ctx: Ctx, html) -> list[Face]:
    """One board per seat, each with its player's colour band and colour name."""
    base = player_view(ctx)
    faces = []
    for seat in seats(ctx):
        view = dict(base, color=seat["color"], title=f"{base['title']} · {seat['name']}")
        page = html.render("board/player.html.j2", "the player board", pb=view, w=view["w"],
                           h=view["h"], bleed=0.0, page=page_name(view["w"], view["h"], 0.0))
        faces.append(Face(f"player_board/p{seat['n']}", "player_board", f"p{seat['n']}",
                          "front", "player_board", view["w"], view["h"], 0.0, 1, page, False,
                          view["title"], large=True))
    return faces

"""The pieces that make the print-and-play set playable on its own: a player board per
player in that player's colour, each player's pawn and track markers (round tokens in the
player's colour), gold coins, a dice sticker sheet and a reference card with the icons'
names (the cards print icons without tiny labels)."""

from __future__ import annotations

from toolkit.render.faces import Face, back_face, card_size, group_of
from toolkit.render.options import BLEED
from toolkit.render.pdf_units import page_name
from toolkit.render.views import Ctx

PLAYER_COLORS = ("#b03a2e", "#2e5fa8", "#3c7a3c", "#c9a227", "#6d3f8f", "#d2702a",
                 "#2a8a8a", "#6b6b6b")
TOKEN = (16.0, 16.0)      # mm: player tokens
COIN = (20.0, 20.0)       # mm: gold coins
COINS = ((1, 30), (5, 12))  # (value, how many): enough for four players' purses
STICKER = 12.0            # mm: one die face sticker
LEGEND = ("combat", "perception", "leadership", "influence", "defense", "shield", "cargo",
          "mercenaries", "attack", "agility", "gold", "glory", "skull")
TRACKS = ("defense", "shield", "cargo", "mercenaries", "attack", "agility")


def seats(ctx: Ctx) -> list[dict]:
    """Each seat's number, colour and colour name."""
    return [{"n": i + 1, "color": PLAYER_COLORS[i], "name": ctx.word(f"player_{i + 1}")}
            for i in range(ctx.catalog.game.players.max)]


def _disc(ctx, kind, key, name, icon, color, copies, html, back, size) -> Face:
    view = {"kind": kind, "id": key, "name": name, "color": color, "icon": icon,
            "kind_label": ctx.kind_label(kind), "kind_icon": icon, "rules": [],
            "flavor": None, "race_icon": None, "art": None, "t": ctx.words}
    w, h = size
    return Face(f"{kind}/{key}", kind, key, "front", group_of(kind, w, h), w, h, BLEED, copies,
                html.face("cards/marker.html.j2", view, w, h, BLEED, f"{kind} '{key}'"),
                False, name, back.key)


def player_tokens(ctx: Ctx, html) -> list[Face]:
    """Per player: a hero pawn, a glory marker and one marker per player-board track, each
    in the player's colour with the icon of what it marks and the seat's number (a name
    would not fit a 16 mm token at the 6 pt floor)."""
    kind = "player_marker"
    back = back_face(ctx, html, kind, *TOKEN, "hero")
    faces = []
    for seat in seats(ctx):
        items = [("pawn", "hero")] + [("glory_track", "glory")] + [(t, t) for t in TRACKS]
        for word, icon in items:
            face = _disc(ctx, kind, f"p{seat['n']}-{word}", str(seat["n"]),
                         ctx.icons.url(icon), seat["color"], 1, html, back, TOKEN)
            face.label = f"{seat['name']} · {ctx.word(word)}"
            faces.append(face)
    return faces + [back]


def coins(ctx: Ctx, html) -> list[Face]:
    kind = "gold_coin"
    back = back_face(ctx, html, kind, *COIN, "gold")
    return [_disc(ctx, kind, f"gold-{value}", ctx.word("coin_value").format(n=value),
                  ctx.icons.url("gold"), "#b8912a", count, html, back, COIN)
            for value, count in COINS] + [back]


def dice_sheet(ctx: Ctx, html) -> list[Face]:
    """One row of stickers per die of the game (faces of game.yaml `dice`), one-sided."""
    dice = ctx.catalog.game.dice
    if dice is None:
        return []
    faces = [{"skull": f == "skull", "value": f} for f in dice.faces]
    w = round(max(len(faces) * (STICKER + 2) + 8, 90.0), 1)
    h = round(dice.count * (STICKER + 2) + 14, 1)
    view = {"rows": dice.count, "faces": faces, "size": STICKER, "skull": ctx.icons.url("skull"),
            "note": _dice_map(ctx, dice.faces)}
    page = html.render("board/dice.html.j2", "the dice stickers", dice=view, w=w, h=h,
                       page=page_name(w, h, 0.0))
    return [Face("dice_stickers/sheet", "dice_stickers", "dice", "front", "dice_stickers",
                 w, h, 0.0, 1, page, False, ctx.kind_label("dice_stickers"), large=True)]


def _dice_map(ctx: Ctx, faces) -> str:
    """How a plain d6 stands in: its pips 1..6 read as the game's faces in order."""
    skull = ctx.word("skull")
    shown = [skull if f == "skull" else str(f) for f in faces]
    mapping = ", ".join(f"{i + 1} = {v}" for i, v in enumerate(shown)) if len(faces) == 6 \
        else ""
    return ctx.word("dice_sheet").format(map=mapping)


def reference(ctx: Ctx, html) -> list[Face]:
    """The reference card: every icon with its name, and the dice; one per player."""
    w, h = card_size(ctx.catalog, "hero")
    dice = ctx.catalog.game.dice
    faces = ("、" if ctx.lang == "zh" else ", ").join(
        ctx.word("skull") if f == "skull" else str(f) for f in dice.faces) if dice else ""
    view = {"kind": "reference", "id": "reference", "name": ctx.word("reference_title"),
            "color": "#4a3b2a", "t": ctx.words, "legend": [
                {"icon": ctx.icons.url(k), "label": ctx.word(k).capitalize()} for k in LEGEND],
            "dice": ctx.word("dice_rule").format(faces=faces) if dice else "",
            "kind_label": ctx.kind_label("reference"), "rules": [], "flavor": None}
    back = back_face(ctx, html, "reference", w, h, "die")
    front = Face("reference/reference", "reference", "reference", "front", "reference", w, h,
                 BLEED, ctx.catalog.game.players.max,
                 html.face("cards/reference.html.j2", view, w, h, BLEED, "the reference card"),
                 False, view["name"], back.key)
    return [front, back]

"""What `toolkit build` prints for Caravans & Brigands besides the generic card layout:
its card views and templates, the board, a player board per player, the markers, the
players' tokens, gold coins, dice stickers and a reference card
(`CaravansGame.render_parts` returns `parts(catalog)`)."""

from __future__ import annotations

from pathlib import Path

from toolkit.render.parts import KindStyle, Part, Templates

from . import views
from .board import board_face
from .markers import MARKERS, marker_faces
from .pieces import coins, dice_sheet, player_tokens, reference
from .player import player_faces

TEMPLATES = Path(__file__).parent / "templates"
VIEWS = {"hero": views.hero, "party": views.party, "good": views.good, "event": views.event,
         "glory_card": views.glory_card, "mission": views.mission, "rumor": views.rumor,
         "npc": views.npc, "equipment": views.token, "weapon": views.token,
         "explorer": views.explorer}
BACK_ICONS = {"glory_card": "glory"}


def parts(catalog) -> list:
    """Templates, one KindStyle per card kind, and the board, player board and markers."""
    out: list = [Templates(TEMPLATES)]
    for kind, view in VIEWS.items():
        out.append(KindStyle(kind, view, variants=views.good_variants if kind == "good"
                             else None, back_icon=BACK_ICONS.get(kind)))
    out.append(Part("board", lambda ctx, html: [board_face(ctx, html)]
                    if ctx.catalog.regions else [], large=True))
    out.append(Part("player_board", player_faces, large=True))
    out.append(Part("dice_stickers", dice_sheet, large=True))
    out.append(Part("reference", reference))
    out += [Part(kind, marker_faces(kind)) for kind in MARKERS]
    out += [Part("player_marker", player_tokens), Part("gold_coin", coins)]
    return out

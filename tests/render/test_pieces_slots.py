"""Boards whose spaces hold their cards and markers: 南荒2's wilds, public zones and field
places at card size (F10), the Caravans player board's goods and glory areas and track
spaces (F11)."""

from __future__ import annotations

import pytest

from toolkit import REPO_DIR
from toolkit.content.validate import load_catalog
from toolkit.render.build import collect_faces
from toolkit.render.faces import card_size
from toolkit.render.options import BuildOptions

from .conftest import FIXTURE


def _ctx(project, tmp_path, only):
    catalog = load_catalog(project)
    _, ctx = collect_faces(project, catalog, BuildOptions(out=tmp_path / "out",
                                                          only=frozenset(only)))
    return ctx


def _overlap(a, b):
    return a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] and \
        a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_nanhuang2_slots_hold_its_cards(tmp_path, lang):
    from toolkit.games.nanhuang2.render import field_view, table_view

    ctx = _ctx(REPO_DIR / "examples" / "nanhuang2", tmp_path, {"board", "player_board"})
    ctx.lang = lang
    cw, ch = card_size(ctx.catalog, "monster")
    table = table_view(ctx)
    assert table["slot_w"] >= cw + 1 and table["slot_h"] >= ch + 1
    boxes = [dict(b, w=table["slot_w"], h=table["slot_h"]) for b in table["boxes"]]
    assert len(boxes) == len(ctx.catalog.of("wilds_slot"))
    spaces = boxes + table["zones"]
    for i, a in enumerate(spaces):             # no two spaces overlap, all on the board
        assert a["x"] >= 0 and a["y"] >= 0
        assert a["x"] + a["w"] <= table["w"] and a["y"] + a["h"] <= table["h"]
        for b in spaces[i + 1:]:
            assert not _overlap(a, b), (a, b)
    for z in table["zones"]:
        assert z["w"] >= cw + 1 and z["h"] >= ch + 1
    field = field_view(ctx)
    for row in field["rows"]:
        assert row["slot_w"] >= cw + 1 and row["slot_h"] >= ch + 1
        width = len(row["slots"]) * (row["slot_w"] + 4) - 4 if row["slots"] else row["area_w"]
        assert 6 + width <= field["w"]
    last = field["rows"][-1]
    assert last["y"] + 6 + last["slot_h"] <= field["h"]


def test_caravans_player_board_areas_hold_their_cards_and_markers(tmp_path):
    from toolkit.games.caravans.render.pieces import TOKEN, TRACKS
    from toolkit.games.caravans.render.player import player_view

    ctx = _ctx(FIXTURE, tmp_path, {"player_board"})
    view = player_view(ctx)
    assert view["dot"] >= TOKEN[0] + 1            # a 16 mm track marker fits a space
    assert "agility" in TRACKS and len(view["tracks"]) == len(TRACKS)
    kinds = {"good": ctx.catalog.game.combat.stat_cap,
             "glory_card": ctx.catalog.game.glory_hand_limit}
    for area, (kind, count) in zip(view["areas"], kinds.items()):
        cw, ch = card_size(ctx.catalog, kind)
        assert area["card"] == {"w": cw, "h": ch}
        assert area["w"] >= cw + 8 and area["h"] >= ch + 8
        assert len(area["fan"]) == count
        assert area["fan"][-1] + cw <= area["w"]     # the last card of the fan fits
        assert area["x"] + area["w"] <= view["w"] and area["y"] + area["h"] <= view["h"]

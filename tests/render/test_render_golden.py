"""Golden HTML of one face of every kind; regenerate with UPDATE_GOLDEN=1 pytest tests/render."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from toolkit import REPO_DIR
from toolkit.content.validate import load_catalog
from toolkit.render.build import collect_faces
from toolkit.render.options import BuildOptions

from .conftest import FIXTURE

GOLDEN = Path(__file__).parent / "golden"
KEYS = ["board/board", "player_board/p1", "reference/reference", "player_marker/p2-pawn",
        "gold_coin/gold-5", "dice_stickers/sheet", "hero/grukk", "party/small_war_band",
        "equipment/amulet_of_life", "weapon/chain_net", "good/spice/ambush", "good/silk/2",
        "event/storm_coast", "glory_card/loyal_scout", "mission/lost_ledger",
        "rumor/buried_gold", "explorer/explorer_hills", "npc/orc_patrol",
        "demand_marker/silk", "bounty_marker/orcs", "npc_marker/orc_patrol", "hero/back"]


def normalise(html: str) -> str:
    html = html.replace(REPO_DIR.resolve().as_uri(), "file://REPO")
    return re.sub(r"file://[^'\")]*/fixtures/mini", "file://PROJECT", html)


@pytest.fixture(scope="module")
def faces():
    catalog = load_catalog(FIXTURE)
    found, _ = collect_faces(FIXTURE, catalog, BuildOptions(out=Path("unused")))
    return {f.key: f for f in found}


@pytest.mark.parametrize("key", KEYS)
def test_face_html_matches_golden(faces, key):
    html = normalise(faces[key].html)
    path = GOLDEN / (key.replace("/", "__") + ".html")
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(html, encoding="utf-8")
    assert path.is_file(), f"no golden file {path.name}; run with UPDATE_GOLDEN=1"
    assert html == path.read_text(encoding="utf-8")


def test_every_kind_of_the_fixture_has_a_golden_face(faces):
    kinds = {f.kind for f in faces.values()}
    assert kinds == {k.split("/")[0] for k in KEYS}


def test_copies_are_not_printed(faces):
    event = faces["event/market_day"]
    assert event.copies == 2
    assert "copies" not in event.html and ">2<" not in event.html

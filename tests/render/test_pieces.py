"""Pieces as counters and boards whose slots hold them (toolkit/render/counters.py,
board_sketch.py): Root's counters match the base game's counts and its README, every slot
of the map and of the faction boards holds the piece it was made for; the shapes and the
slot geometry; a project without rules prints a kind with `shape` and `size` as counters."""

from __future__ import annotations

import re
import shutil

import pytest

from toolkit import REPO_DIR
from toolkit.content.validate import load_catalog
from toolkit.errors import RenderError
from toolkit.render.board_sketch import Sketch
from toolkit.render.build import collect_faces
from toolkit.render.counters import holds, mark_pt, outline, slot
from toolkit.render.options import BuildOptions

ROOT = REPO_DIR / "examples" / "root"
PARTS = frozenset({"pieces", "items", "board", "faction_board"})


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    catalog = load_catalog(ROOT)
    faces, ctx = collect_faces(ROOT, catalog, BuildOptions(
        out=tmp_path_factory.mktemp("out"), only=PARTS))
    return catalog, faces, ctx


def _fronts(faces, kind):
    return {f.id: f for f in faces if f.kind == kind and f.side == "front"}


def test_root_prints_every_piece_of_the_base_game_as_a_counter(root):
    catalog, faces, _ = root
    pieces, items = _fronts(faces, "piece"), _fronts(faces, "item")
    # base game: 25 cats, 20 birds, 10 Alliance warriors; 6 of each Marquise building,
    # 8 wood, a keep; 7 roosts; 3 bases, 10 sympathy; 23 items; 4 ruins; pawn; 4 scores
    want = {"warrior_marquise": 25, "warrior_eyrie": 20, "warrior_alliance": 10,
            "sawmill": 6, "workshop": 6, "recruiter": 6, "wood": 8, "keep": 1, "roost": 7,
            "base_fox": 1, "base_rabbit": 1, "base_mouse": 1, "sympathy": 10, "ruin": 4,
            "pawn": 1}
    assert {k: pieces[k].copies for k in want} == want
    assert sum(f.copies for k, f in pieces.items() if k.startswith("score_")) == 4
    assert sum(f.copies for f in items.values()) == 23
    for k, f in pieces.items():         # counters are token-size and grouped by size
        assert f.width <= 25 and f.group.startswith("tokens ")
        assert f.back and f.back.endswith("/back")
    # the seed: buildings are square, tokens round
    for p in catalog.of("piece").values():
        assert p.shape == ("square" if p.form == "building" else "round"), p.id
        assert f"counter {p.shape}" in pieces[p.id].html
    # no piece or item prints as a poker-size data card any more
    assert not [f for f in faces if f.kind in ("piece", "item") and f.width > 40]


def test_an_item_counter_has_its_exhausted_side_as_back(root):
    _, faces, _ = root
    by_key = {f.key: f for f in faces}
    sword = _fronts(faces, "item")["sword"]
    back = by_key[sword.back]
    assert back.side == "back" and "exhausted" in back.html and "exhausted" not in sword.html
    assert "Sword" in back.html


def test_every_slot_of_the_map_and_the_faction_boards_holds_its_piece(root):
    from toolkit.games.root.render import board_sketch, building_size
    from toolkit.games.root.render_factions import faction_sketch

    catalog, _, ctx = root
    sketches = [board_sketch(ctx)] + [faction_sketch(ctx, f)
                                      for f in catalog.of("faction").values()]
    for sk in sketches:
        assert sk.slots
        for space, (shape, size) in sk.slots:
            assert holds(space, shape, size), (space, shape, size)
        for space, (w, h) in sk.cards:
            assert space["w"] >= w + 1 and space["h"] >= h + 1
        sk.view("board")                       # nothing outside the board
    board = sketches[0]
    shape, size = building_size(catalog)
    buildings = [p for p in catalog.of("piece").values() if p.form == "building"]
    building_slots = [s for s, held in board.slots if held == (shape, size)]
    assert len(building_slots) >= sum(c.slots for c in catalog.of("clearing").values())
    for b in buildings:                         # every building fits a clearing's slot
        assert holds(building_slots[0], b.shape, float(b.size)), b.id
    ruin = catalog.of("counter")["ruin"]
    assert holds(building_slots[0], ruin.shape, float(ruin.size))
    score = catalog.of("counter")["score_marquise"]
    vp = [s for s, held in board.slots if held == (score.shape, float(score.size))]
    assert len(vp) == catalog.game.win_vp + 1
    item_size = {(i.shape, float(i.size)) for i in catalog.of("item").values()}
    supply = [s for s, held in board.slots if held in item_size]
    assert len(supply) == sum(i.supply for i in catalog.of("item").values())


def test_each_faction_board_holds_what_its_rules_keep_there(root):
    from toolkit.games.root.render_factions import faction_sketch

    catalog, _, ctx = root
    factions = catalog.of("faction")
    count = {}
    for fid in factions:
        sk = faction_sketch(ctx, factions[fid])
        count[fid] = ([held for _, held in sk.slots], len(sk.cards))
    pieces = catalog.of("piece")
    marquise, cards = count["marquise"]
    assert marquise.count(("square", 16.0)) == sum(
        int(pieces[p].copies) for p in ("sawmill", "workshop", "recruiter"))
    assert marquise.count(("round", 16.0)) == int(pieces["wood"].copies)
    eyrie, cards = count["eyrie"]
    assert eyrie.count(("square", 16.0)) == int(pieces["roost"].copies)
    assert cards == len(catalog.of("decree_column")) + 1           # the Decree and leader
    alliance, cards = count["alliance"]
    assert alliance.count(("round", 16.0)) == int(pieces["sympathy"].copies)
    assert alliance.count(("square", 16.0)) == 3 and cards == 1    # bases, supporters
    assert alliance.count(("hex", 14.0)) == factions["alliance"].warriors   # officers
    vagabond, cards = count["vagabond"]
    satchel = catalog.game.satchel_base + 6
    assert vagabond.count(("square", 18.0)) == 9 + satchel + 6    # tracks, satchel, damaged
    assert vagabond.count(("round", 12.0)) == 3 * 5                # relationships
    assert cards == 1                                              # the character


def test_the_readme_lists_every_counter_with_its_count_and_size(root):
    catalog, faces, ctx = root
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = {m.group(1).strip(): (int(m.group(2)), m.group(3).strip())
            for m in re.finditer(r"^\| ([^|]+) \| (\d+) \| ([^|]+) \|", readme, re.M)}
    entries = list(catalog.of("piece").values()) + list(catalog.of("counter").values()) \
        + list(catalog.of("item").values())
    for e in entries:
        name = e.name.en
        assert name in rows, f"README lists no row for {name}"
        count, size = rows[name]
        assert count == int(e.copies), name
        assert size == f"{e.shape} {float(e.size):g} mm", name


def test_counter_shapes_and_slots():
    assert outline("round", 16) == (16.0, 16.0)
    w, h = outline("hex", 14)
    assert h == 14 and w == pytest.approx(16.17, abs=0.01)
    s = slot("hex", 14)
    assert holds(s, "hex", 14) and not holds(s, "hex", 17) and not holds(s, "square", 14)
    assert holds(slot("square", 16), "round", 16)          # a round piece fits a square
    assert not holds(slot("square", 16), "square", 18.5)
    with pytest.raises(ValueError):
        outline("triangle", 10)
    assert mark_pt("Recruiter", 16, 16) >= 6.0 and mark_pt("狐狸基地", 16, 16) >= 7.0
    assert mark_pt("Cat", 16, 14, "hex") > mark_pt("Crossbow", 16, 14, "hex")


def test_an_element_off_the_board_is_a_one_line_error():
    sk = Sketch(100, 50)
    sk.piece_slot(90, 10, "square", 16)
    with pytest.raises(RenderError) as err:
        sk.view("Test board")
    assert "outside the 100 x 50 mm board" in str(err.value) and "\n" not in str(err.value)


def test_small_type_on_a_board_is_raised_to_the_floor_of_its_script():
    latin, zh = Sketch(10, 10, min_pt=Sketch.floor("en")), Sketch(10, 10,
                                                                 min_pt=Sketch.floor("zh"))
    latin.text(0, 0, "x", pt=5)
    zh.text(0, 0, "字", pt=6.5)
    assert latin.items[0]["pt"] >= 6.0 and zh.items[0]["pt"] >= 7.0


def test_a_project_without_rules_prints_a_shaped_kind_as_counters(tmp_path):
    project = tmp_path / "game"
    shutil.copytree(REPO_DIR / "examples" / "root_clearings", project,
                    ignore=shutil.ignore_patterns("output"))
    game = project / "cards" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    text = text.replace("  item:\n    file: items.yaml\n    fields:\n",
                        "  item:\n    file: items.yaml\n    fields:\n"
                        "      shape: {type: enum, values: [round, square, hex]}\n"
                        "      size: {type: float, min: 8, max: 40}\n"
                        "      colour: {type: colour, required: false}\n"
                        "      mark: {type: text, required: false}\n", 1)
    game.write_text(text, encoding="utf-8")
    items = project / "cards" / "items.yaml"
    items.write_text(re.sub(r"\}\s*$", ", shape: round, size: 20}", items.read_text(
        encoding="utf-8"), flags=re.M).replace(
        "supply: 2, shape: round", "supply: 2, mark: {en: Kick, zh: 踢}, colour: '#3366aa', "
        "shape: round", 1), encoding="utf-8")
    catalog = load_catalog(project)
    faces, _ = collect_faces(project, catalog, BuildOptions(out=tmp_path / "out"))
    item_faces = [f for f in faces if f.kind == "item" and f.side == "front"]
    assert item_faces and all(f.width == 20 and "counter round" in f.html
                              for f in item_faces)
    boots = next(f for f in item_faces if f.id == "boots")
    assert ">Kick<" in boots.html and "#3366aa" in boots.html.lower()
    assert {f.kind for f in faces if f.side == "front"} >= {"clearing", "shared_card"}

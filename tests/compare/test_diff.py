"""The structural diff of two catalogs by id."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from projects import SMALL, copy_project, edit_cards, set_stats  # noqa: E402

from toolkit.compare.diff import MISSING, catalog_diff, field_changes  # noqa: E402
from toolkit.content.validate import load_catalog  # noqa: E402


def test_identical_catalogs_have_no_diff():
    cat = load_catalog(SMALL)
    assert catalog_diff(cat, load_catalog(SMALL)) == []


def test_changed_added_removed_and_game_settings(tmp_path):
    root = copy_project(SMALL, tmp_path / "b")
    set_stats(root, "ash_sage", 4)

    def swap_rumor(cards):
        first = cards.pop(0)
        clone = dict(first, id="fresh_rumor")
        cards.append(clone)
    edit_cards(root, "rumors.yaml", swap_rumor)
    game = root / "cards" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("gold: 10", "gold: 12", 1),
                    encoding="utf-8")
    old, new = load_catalog(SMALL), load_catalog(root)
    removed_id = next(iter(old.rumors))
    diffs = {(d.kind, d.id): d for d in catalog_diff(old, new)}

    hero = diffs["hero", "ash_sage"]
    assert hero.status == "changed"
    moved = {c.path: (c.old, c.new) for c in hero.changes}
    assert moved == {"stats.combat": (2, 4), "stats.perception": (3, 4),
                     "stats.leadership": (2, 4), "stats.influence": (3, 4)}
    assert "stats.combat: 2 → 4" in hero.text()
    assert diffs["rumor", removed_id].status == "removed"
    assert diffs["rumor", "fresh_rumor"].status == "added"
    assert [c.text() for c in diffs["game", "game"].changes] == ["starting.gold: 10 → 12"]
    assert list(diffs)[0] == ("game", "game")        # game settings come first


def test_lists_of_entries_match_by_id_and_missing_fields_show():
    old = {"abilities": [{"id": "a", "weight": 2}, {"id": "b", "weight": 1}], "faces": [1, 2]}
    new = {"abilities": [{"id": "b", "weight": 3}, {"id": "a", "weight": 2}], "faces": [2, 1],
           "extra": 5}
    changes = {c.path: (c.old, c.new) for c in field_changes(old, new)}
    assert changes == {"abilities.b.weight": (1, 3), "faces": ([1, 2], [2, 1]),
                       "extra": (MISSING, 5)}

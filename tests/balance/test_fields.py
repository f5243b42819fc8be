"""Tunable fields are found in the YAML text by kind, id and field pattern, at their file,
line and column; a patch replaces only the scalar's characters (comments and layout kept)."""

from __future__ import annotations

import pytest

from toolkit.balance.fields import find_fields, patched, write_patched
from toolkit.balance.spec import Balance
from toolkit.errors import ContentError


def _spec(*tunable):
    return Balance(targets=[{"side": "hero", "min": 0.2, "max": 0.3}], tunable=list(tunable))


def test_fields_by_kind_id_and_pattern(planted):
    fields = find_fields(planted, _spec({"kind": "hero", "id": "aldric_vane",
                                         "field": "stats.*", "min": 1, "max": 4}))
    assert [f.path for f in fields] == ["stats.combat", "stats.perception",
                                        "stats.leadership", "stats.influence"]
    text = (planted / "cards" / "heroes.yaml").read_text().splitlines()
    for f in fields:
        assert f.file == "cards/heroes.yaml" and f.value == 4
        assert text[f.line - 1][f.column - 1] == "4"
        assert f.values() == [1, 2, 3, 4]


def test_game_settings_and_default_range(planted):
    (f,) = find_fields(planted, _spec({"kind": "game", "field": "glory_to_win"}))
    assert (f.kind, f.id, f.value) == ("game", "caravans_and_brigands", 7)
    assert f.low <= 7 <= f.high and f.integer


def test_a_pattern_that_selects_nothing_is_an_error(planted):
    with pytest.raises(ContentError, match="selects no number"):
        find_fields(planted, _spec({"kind": "hero", "field": "stat.*"}))


def test_a_patch_keeps_comments_and_layout(planted, tmp_path):
    game = planted / "cards" / "game.yaml"
    before = game.read_text()
    (f,) = find_fields(planted, _spec({"kind": "game", "field": "glory_to_win"}))
    after = patched(before, [(f, 9)])
    assert "glory_to_win: 9             # a variant of 9 lengthens the game" in after
    assert after.replace("glory_to_win: 9 ", "glory_to_win: 7 ", 1) == before
    out = tmp_path / "copy"
    write_patched(planted, out, [(f, 9)])
    assert (out / "cards" / "game.yaml").read_text() == after
    assert (out / "cards" / "heroes.yaml").read_text() == \
        (planted / "cards" / "heroes.yaml").read_text()


def test_a_patch_on_a_changed_file_stops(planted):
    game = planted / "cards" / "game.yaml"
    (f,) = find_fields(planted, _spec({"kind": "game", "field": "glory_to_win"}))
    with pytest.raises(ContentError, match="changed since it was read"):
        patched("x" * len(game.read_text()), [(f, 9)])

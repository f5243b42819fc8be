"""The ruling schema and loader: unknown keys and bad shapes stop with file:line."""

import pytest

from toolkit.checks.rulings_load import load_rulings
from toolkit.errors import ContentError
from toolkit.games.caravans import GAME

GOOD = """\
rulings:
  - id: one
    rule: A rule.
    steps:
      - {do: move, to: a}
    expect:
      - {seat: 1, gold: 3}
      - {legal: {do: sell}, is: false}
      - {probability: {seat: 1, glory: 1}, equals: 19/27}
"""


def _project(tmp_path, text, name="r.yaml"):
    folder = tmp_path / "cards" / "rulings"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_loads_with_positions(tmp_path):
    [item] = load_rulings(_project(tmp_path, GOOD))
    assert item.ruling.id == "one"
    assert str(item.where) == "cards/rulings/r.yaml:2"
    assert [str(w) for _, w in item.steps] == ["cards/rulings/r.yaml:5"]
    assert [str(w) for _, w in item.expect] == [f"cards/rulings/r.yaml:{n}" for n in (7, 8, 9)]
    assert item.steps[0][0] == {"do": "move", "to": "a"}
    assert item.expect[1][0]["is"] is False


def test_unknown_key_is_reported_with_line(tmp_path):
    bad = GOOD.replace("rule: A rule.", "rule: A rule.\n    setup: {seats: [{golld: 3}]}")
    with pytest.raises(ContentError) as err:
        load_rulings(_project(tmp_path, bad), GAME)
    assert "cards/rulings/r.yaml:4" in str(err.value)
    assert "unknown key 'golld' (did you mean 'gold'?)" in str(err.value)


def test_fact_without_seat(tmp_path):
    bad = GOOD.replace("{seat: 1, gold: 3}", "{gold: 3}")
    with pytest.raises(ContentError) as err:
        load_rulings(_project(tmp_path, bad), GAME)
    assert "r.yaml:7" in str(err.value) and "'gold' needs 'seat'" in str(err.value)


def test_duplicate_ids(tmp_path):
    _project(tmp_path, GOOD)
    _project(tmp_path, GOOD, "s.yaml")
    with pytest.raises(ContentError, match="s.yaml:2:1: error: duplicate ruling id 'one' "
                                           r"\(first at cards/rulings/r.yaml:2\)"):
        load_rulings(tmp_path)


def test_no_folder_means_no_rulings(tmp_path):
    assert load_rulings(tmp_path) == []


def test_the_generic_schema_needs_no_game(tmp_path):
    """Without a game only the generic shape is checked: the game's keys pass through."""
    bad = GOOD.replace("rule: A rule.", "rule: A rule.\n    setup: {seats: [{golld: 3}]}")
    [item] = load_rulings(_project(tmp_path, bad))
    assert item.ruling.setup == {"seats": [{"golld": 3}]}


def test_a_step_without_do_is_reported(tmp_path):
    with pytest.raises(ContentError, match=r"r.yaml:5:.*missing required key 'do'"):
        load_rulings(_project(tmp_path, GOOD.replace("{do: move, to: a}", "{to: a}")))

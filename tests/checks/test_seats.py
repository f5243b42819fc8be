"""Rulings count seats from 1, as every other text a person reads; the game's hooks get them
from 0, and messages give them back from 1. A `seat: 0` (an old file) is refused at its line."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from toolkit.checks import seats
from toolkit.checks.rulings import run_ruling
from toolkit.checks.rulings_load import load_rulings
from toolkit.errors import ContentError

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the tiny game
from agents.tiny_game import CATALOG, TakeAway  # noqa: E402

REPO = Path(__file__).resolve().parents[2]


class Seen(TakeAway):
    """Take-away with one seat-keyed setup key and a game fact naming a seat."""

    ruling_seats = {"leader": "value", "stones_of": "keys"}
    got: list = []

    def scenario(self, catalog, setup, seed):
        self.got.append(dict(setup))
        state = self.new_game(catalog, seed, ["random"] * 2)
        state["turn"] = setup.get("leader", 0)
        return state

    def expect(self, state, item):
        self.got.append(dict(item))
        return None if item.get("seat") == state["turn"] else ("seat to act", "another")


def _write(tmp_path, text: str) -> Path:
    folder = tmp_path / "cards" / "rulings"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "r.yaml").write_text(text, encoding="utf-8")
    return tmp_path


def test_the_hooks_get_seats_from_0_and_messages_show_them_from_1(tmp_path):
    root = _write(tmp_path, """\
rulings:
  - id: second_leads
    rule: The setup's leader is the seat to act.
    setup: {leader: 2, stones_of: {1: 3, 2: 4}}
    steps:
      - {do: take, n: 1, by: 2}
    expect:
      - {seat: 1}
      - {current: 1}
      - {winners: [2]}
""")
    game = Seen(pile=7)
    game.got = []
    [item] = load_rulings(root, game)
    assert dict(item.steps[0][0])["by"] == 1
    failures = run_ruling(game, CATALOG, item)
    setup, fact = game.got[0], game.got[1]
    assert setup == {"leader": 1, "stones_of": {0: 3, 1: 4}}
    assert fact == {"seat": 0}
    assert [f.where for f in failures] == ["cards/rulings/r.yaml:10"]  # winners: not over
    assert "winners [2]" in failures[0].expected


def test_a_step_by_the_wrong_seat_names_both_seats_from_1(tmp_path):
    root = _write(tmp_path, """\
rulings:
  - id: first_moves_first
    rule: Seat 1 moves first.
    steps:
      - {do: take, n: 1, by: 2}
    expect:
      - {over: false}
""")
    [item] = load_rulings(root, TakeAway())
    [failure] = run_ruling(TakeAway(), CATALOG, item)
    assert failure.expected == "take(n=1) is legal for seat 2"
    assert failure.actual.startswith("seat 1 to act")


@pytest.mark.parametrize("line,text", [
    ("      - {do: take, n: 1, by: 0}", "by"),
    ("      - {winners: [0]}", "winners"),
])
def test_an_old_file_counting_from_0_is_refused_at_its_line(tmp_path, line, text):
    root = _write(tmp_path, "rulings:\n  - id: old\n    rule: An old file.\n"
                  + ("    steps:\n" + line + "\n    expect:\n      - {over: false}\n"
                     if "do:" in line else "    expect:\n" + line + "\n"))
    with pytest.raises(ContentError) as err:
        load_rulings(root, TakeAway())
    [problem] = [x for x in err.value.message.splitlines() if "seat 0" in x]
    assert problem.startswith("cards/rulings/r.yaml:5:")
    assert "count seats from 1" in problem and "renumber" in problem and text in problem


def test_seat_keys_of_a_game_add_to_the_generic_ones():
    assert seats.seat_keys(None) == seats.GENERIC
    assert seats.seat_keys(Seen())["stones_of"] == "keys"
    back = seats.to_person({"seat": 0, "by": 1, "stones_of": {0: 2}, "n": 0},
                           seats.seat_keys(Seen()))
    assert back == {"seat": 1, "by": 2, "stones_of": {1: 2}, "n": 0}


@pytest.mark.parametrize("folder,module", [
    ("cards", "toolkit.games.caravans"),
    ("examples/nanhuang2", "toolkit.games.nanhuang2"),
    ("examples/root", "toolkit.games.root"),
    ("examples/kings-and-things", "toolkit.games.kings_and_things"),
])
def test_every_shipped_ruling_counts_seats_from_1(folder, module):
    """Each shipped game's rulings load with their game (no seat 0 left anywhere)."""
    game = importlib.import_module(module).GAME
    root = REPO / folder
    assert len(load_rulings(root, game)) > 20


def test_a_conditional_seat_key_is_a_seat_only_beside_its_word():
    keys = seats.seat_keys(importlib.import_module("toolkit.games.caravans").GAME)
    inner, zeros = seats.to_game({"steps": [{"do": "explore", "target": "player", "id": 2},
                                            {"do": "explore", "target": "explorer", "id": 0}]},
                                 keys)
    assert zeros == []
    assert [s["id"] for s in inner["steps"]] == [1, 0]


def test_legal_actions_in_a_failure_read_as_steps_with_seats_from_1():
    """Caravans lists the legal actions of a failed step as the steps that name them, so the
    explored player is the seat the ruling would write (2), not the engine's index (1)."""
    from toolkit.checks.rulings import _action_text, _find
    from toolkit.content.validate import load_catalog
    game = importlib.import_module("toolkit.games.caravans").GAME
    catalog = load_catalog(REPO)
    [item] = [i for i in load_rulings(REPO / "cards", game)
              if i.ruling.id == "battle_fury_adds_two_dice"]
    state = game.scenario(catalog, dict(item.ruling.setup), 0)
    for step, _ in item.steps:
        texts = [_action_text(game, a) for a in game.legal_actions(state)]
        if "explore(target=player, id=2)" in texts:
            break
        state = game.apply_action(state, _find(game, state, game.legal_actions(state), step))
    assert "explore(target=player, id=2)" in texts


def test_the_blank_templates_leader_is_a_seat_counted_from_1(tmp_path):
    """The template declares `leader` in `ruling_seats` (the one way a game reads a seat of
    its own): `leader: 2` is the second seat, 0 is refused at its line, 3 of 2 is said."""
    from toolkit.content.validate import load_catalog
    from toolkit.games import load_game
    from toolkit.new.scaffold import create

    project = create(tmp_path / "five", "blank")
    game = load_game("./rules", project, trust=True)
    catalog = load_catalog(project)

    def ruling(leader):
        (project / "cards" / "rulings" / "tricks.yaml").write_text(
            "rulings:\n  - id: leads\n    rule: The leader plays first.\n"
            f"    setup: {{hands: [[sun_2], [sun_3]], leader: {leader}}}\n"
            "    expect:\n      - {current: 2}\n", encoding="utf-8")
        return load_rulings(project, game)

    [item] = ruling(2)
    assert run_ruling(game, catalog, item) == []
    [item] = ruling(1)
    [failure] = run_ruling(game, catalog, item)
    assert (failure.expected, failure.actual) == ("seat to act 2", "seat to act 1")
    assert failure.where.endswith("tricks.yaml:6")
    [item] = ruling(3)
    [failure] = run_ruling(game, catalog, item)
    assert failure.actual == "setup.leader must be a seat from 1 to 2"
    with pytest.raises(ContentError, match=r"tricks\.yaml:4:\d+: error: seat 0.*setup\.leader"):
        ruling(0)

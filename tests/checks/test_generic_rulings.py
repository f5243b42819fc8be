"""The generic rulings runner on a game that is not Caravans (the tiny Take-away): default
scenario, default step matching on JSON actions, the generic expectations, file:line."""

from __future__ import annotations

import sys
from pathlib import Path

from toolkit.checks.rulings import run_ruling
from toolkit.checks.rulings_load import load_rulings

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the tiny game
from agents.tiny_game import CATALOG, TakeAway  # noqa: E402

RULINGS = """\
rulings:
  - id: taking_passes_the_turn
    rule: After a take the other player is to move.
    setup: {players: 2}
    steps:
      - {do: take, n: 3, by: 1}
    expect:
      - {current: 2}
      - {over: false}
      - {legal: {do: take, n: 3}}
  - id: last_stone_wins
    rule: Taking the last stone wins.
    steps:
      - {do: take, n: 2}
    expect:
      - {winners: [1]}
  - id: wrong_on_purpose
    rule: A wrong expectation and an unknown one are reported at their lines.
    steps:
      - {do: take, n: 1}
    expect:
      - {current: 1}
      - {pile: 4}
  - id: impossible_step
    rule: A step that is not legal fails at its line.
    steps:
      - {do: take, n: 4}
    expect:
      - {over: false}
"""


def _items(tmp_path):
    folder = tmp_path / "cards" / "rulings"
    folder.mkdir(parents=True)
    (folder / "t.yaml").write_text(RULINGS, encoding="utf-8")
    return {item.ruling.id: item for item in load_rulings(tmp_path, TakeAway())}


def test_generic_rulings_run_on_any_game(tmp_path):
    items = _items(tmp_path)
    game = TakeAway(pile=5)
    assert run_ruling(TakeAway(pile=7), CATALOG, items["taking_passes_the_turn"]) == []
    assert run_ruling(TakeAway(pile=2), CATALOG, items["last_stone_wins"]) == []
    wrong = run_ruling(game, CATALOG, items["wrong_on_purpose"])
    assert [f.where for f in wrong] == ["cards/rulings/t.yaml:22", "cards/rulings/t.yaml:23"]
    assert (wrong[0].expected, wrong[0].actual) == ("seat to act 1", "seat to act 2")  # from 1
    assert "not known to game 'take_away'" in wrong[1].actual
    [step] = run_ruling(game, CATALOG, items["impossible_step"])
    assert step.where == "cards/rulings/t.yaml:27" and step.expected == "take(n=4) is legal"


def test_an_unknown_setup_key_is_a_failure_of_the_ruling(tmp_path):
    items = _items(tmp_path)
    item = items["last_stone_wins"]
    bad = type(item)(item.ruling.model_copy(update={"setup": {"stones": 3}}), item.where,
                     item.steps, item.expect)
    [failure] = run_ruling(TakeAway(), CATALOG, bad)
    assert failure.expected == "the setup can be arranged" and "'stones'" in failure.actual

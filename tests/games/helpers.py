"""What the example games' tests share: the example project's catalog, the game and a
scenario builder as fixtures, and helpers that find or apply a legal action. Each function
takes the game (and the project) it works on; each game's conftest binds them."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolkit.cli import cli
from toolkit.content.validate import load_catalog

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(folder: str) -> Path:
    """The example project `examples/<folder>`."""
    return EXAMPLES / folder


def fixtures(game, project: Path):
    """(catalog, game, make) fixtures of a game's tests: the project's catalog (loaded once
    a session), the game, and make(**setup) -> a position built like a ruling's setup."""

    @pytest.fixture(scope="session")
    def catalog():
        return load_catalog(project)

    @pytest.fixture(name="game")
    def game_():
        return game

    @pytest.fixture
    def make(catalog):
        return lambda **setup: game.scenario(catalog, setup, 0)

    return catalog, game_, make


def random_game(game, catalog, seed, players=4, stop=None):
    """A game of uniformly random legal actions (stopped after `stop` actions): the final
    state and the actions taken."""
    state = game.new_game(catalog, seed, ["random"] * players)
    rng = random.Random(seed)
    actions = []
    while not game.is_terminal(state) and (stop is None or len(actions) < stop):
        action = rng.choice(game.legal_actions(state))
        actions.append(action)
        game.apply_action(state, action)
    return state, actions


def find_step(game, state, kind, **args):
    """The first legal action that a ruling step `{do: kind, **args}` would take, or None."""
    step = {"do": kind, **args}
    return next((a for a in game.legal_actions(state) if game.step_matches(state, a, step)),
                None)


def act_step(game, state, kind, **args):
    """Apply the action a ruling step `{do: kind, **args}` would take; fail when none is legal."""
    action = find_step(game, state, kind, **args)
    if action is None:
        raise AssertionError(f"{ {'do': kind, **args} } is not legal; legal: "
                             f"{game.legal_actions(state)[:10]}")
    return game.apply_action(state, action)


def find_json(game, state, kind, **match):
    """The first legal action of `kind` whose JSON fields equal `match`, or None."""
    for action in game.legal_actions(state):
        data = game.action_to_json(action)
        if data["kind"] == kind and all(data.get(k) == v for k, v in match.items()):
            return action
    return None


def act_json(game, state, kind, **match):
    """Apply the first legal action of `kind` whose JSON fields equal `match`."""
    action = find_json(game, state, kind, **match)
    if action is None:
        raise AssertionError(f"no legal {kind} {match}: {game.legal_actions(state)}")
    return game.apply_action(state, action)


def legal_json(game, state, kind, **match) -> bool:
    return find_json(game, state, kind, **match) is not None


def edited_copy(project: Path, tmp_path: Path, old: str, new: str,
                file: str = "game.yaml") -> Path:
    """A copy of `project` with `old` replaced by `new` (once) in cards/<file>."""
    dest = tmp_path / project.name
    shutil.copytree(project, dest, ignore=shutil.ignore_patterns("output"))
    path = dest / "cards" / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {file}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return dest


def line_of(path: Path, start: str) -> int:
    """The 1-based number of the first line of `path` starting with `start`."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.startswith(start))


def run(*args) -> tuple[int, str]:
    """(exit code, output) of a toolkit command, errors included, as a designer sees them."""
    result = CliRunner().invoke(cli, [str(a) for a in args])
    return result.exit_code, result.output + str(result.exception or "")


def assert_bad_setting_reported(project: Path, tmp_path: Path, key: str, good: str,
                                bad: str) -> None:
    """Setting `key: bad` in game.yaml (instead of `key: good`) fails validate and simulate
    with one line naming game.yaml, the setting's line and the setting, no traceback."""
    copy = edited_copy(project, tmp_path, f"\n{key}: {good}", f"\n{key}: {bad}")
    line = line_of(copy / "cards" / "game.yaml", f"{key}:")
    code, out = run("validate", copy)
    assert code != 0 and f"game.yaml:{line}:" in out and key in out, out
    assert "Traceback" not in out
    code, out = run("simulate", copy, "-n", "1", "--workers", "1")
    assert code != 0 and "Traceback" not in out and key in out, out

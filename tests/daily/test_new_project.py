"""`toolkit new`, commands that refuse to guess the project, and --example."""

from __future__ import annotations

import random

import pytest

from toolkit.content.validate import load_catalog
from toolkit.games import load_game
from toolkit.new.scaffold import CHOICES, create


@pytest.mark.parametrize("template", CHOICES)
def test_every_template_validates_at_once(tmp_path, run, template):
    code, out, err = run("new", tmp_path / "p", "--template", template)
    assert code == 0, err
    assert "toolkit validate" in out
    assert (tmp_path / "p" / ".gitignore").read_text().splitlines()[1] == "output/"
    code, out, err = run("validate", tmp_path / "p", "--strict")
    assert (code, out.strip()) == (0, "no problems found"), out + err


def test_new_refuses_a_folder_with_files(tmp_path, run):
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "notes.txt").write_text("mine")
    code, _, err = run("new", tmp_path / "p")
    assert code == 2 and "not empty" in err and "Traceback" not in err
    assert (tmp_path / "p" / "notes.txt").read_text() == "mine"
    code, out, err = run("new", tmp_path / "p", "--template", "deckbuilder", "--force")
    assert code == 0, err
    assert (tmp_path / "p" / "notes.txt").read_text() == "mine"
    assert (tmp_path / "p" / "cards" / "game.yaml").is_file()


@pytest.mark.parametrize("command", ["validate", "list", "export --kind hero", "schema",
                                     "import x.csv --kind hero"])
def test_outside_a_project_commands_say_so(tmp_path, monkeypatch, run, command):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(*command.split())
    assert code == 2, out + err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "toolkit new" in lines[0] and "--example" in lines[0]
    assert not (tmp_path / "output").exists()


def test_example_uses_the_bundled_game(tmp_path, monkeypatch, run):
    monkeypatch.chdir(tmp_path)
    code, out, err = run("list", "--example")
    assert code == 0, err
    assert "hero" in out
    code, _, err = run("validate", "--example", tmp_path)
    assert code == 2 and "either" in err


def test_the_current_folder_is_the_project(blank, monkeypatch, run):
    monkeypatch.chdir(blank)
    code, out, err = run("list", "playing_card")
    assert code == 0, err
    assert "sun_5" in out and "moon_1" in out


def _play(game, catalog, seed, players):
    rng = random.Random(seed)
    state = game.new_game(catalog, seed, ["random"] * players)
    while not game.is_terminal(state):
        seat = game.current_player(state)
        hidden = game.determinize(game.observation(state, seat), seat, rng)
        assert hidden["hands"][seat] == state["hands"][seat]
        assert [len(h) for h in hidden["hands"]] == [len(h) for h in state["hands"]]
        assert game.legal_actions(hidden) == game.legal_actions(state)
        game.apply_action(state, rng.choice(game.legal_actions(state)))
        for name, check in game.invariants().items():
            assert check(state) is None, name
    return game.record(state)


def test_the_blank_template_is_a_real_game(blank):
    catalog = load_catalog(blank)
    game = load_game("./rules", blank, trust=True)
    winners = set()
    for seed in range(60):
        players = 2 + seed % 3
        record = _play(game, catalog, seed, players)
        assert sum(record["tricks"]) == 5 and len(record["scores"]) == players
        assert record["winner"] == [s for s, v in enumerate(record["scores"])
                                    if v == max(record["scores"])]
        winners.update(record["winner"])
    assert winners == {0, 1, 2, 3}
    assert _play(game, catalog, 7, 3) == _play(game, catalog, 7, 3)


def test_the_blank_rules_follow_suit(blank):
    catalog = load_catalog(blank)
    game = load_game("./rules", blank, trust=True)
    state = game.scenario(catalog, {"hands": [["sun_2", "star_4"], ["sun_3", "moon_5"]]}, 1)
    game.apply_action(state, "sun_2")
    assert game.legal_actions(state) == ["sun_3"]
    game.apply_action(state, "sun_3")
    assert state["scores"] == [0, 2] and game.current_player(state) == 1


def test_project_rules_need_trust(blank):
    from toolkit.errors import UsageError

    with pytest.raises(UsageError, match="--trust"):
        load_game("./rules", blank, trust=False)


@pytest.mark.parametrize("template", [t if t in ("blank", "deckbuilder") else
                                      pytest.param(t, marks=pytest.mark.slow) for t in CHOICES])
def test_every_template_builds(tmp_path, run, template):
    """blank and deckbuilder build in seconds; whole games (caravans, examples) are slow."""
    project = create(tmp_path / "p", template)
    code, out, err = run("build", project, "--trust")
    assert code == 0, err
    assert max(p.stat().st_size for p in (project / "output").rglob("*.pdf")) > 10_000

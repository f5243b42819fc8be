"""The table without a browser: a forged, stale or foreign request is refused and changes
nothing; undo goes back to the last person's decision and the bots choose again as they
did; a saved game replays through `toolkit replay --record`, and as a ruling it passes."""

from __future__ import annotations

import json
from pathlib import Path
import urllib.error
import urllib.request

import pytest
import yaml
from click.testing import CliRunner

from toolkit.checks.replay import replay_lines
from toolkit.cli import cli
from toolkit.play import records
from toolkit.play.table import Refused, Table
from toolkit.play.view import seat_view

from .conftest import CARAVANS_BOTS, serving


def _post(url, path, body, token, kind="application/json"):
    request = urllib.request.Request(url + path, data=json.dumps(body).encode(),
                                     method="POST",
                                     headers={"Content-Type": kind, "X-Table-Token": token})
    try:
        with urllib.request.urlopen(request) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def _view(url):
    return json.load(urllib.request.urlopen(url + "/api/view"))


def test_forged_stale_and_foreign_requests_are_refused(caravans, tmp_path):
    _, game, catalog = caravans
    with serving(game, catalog, 4, ["human", *CARAVANS_BOTS], tmp_path) as (host, url):
        host.table.run_bots()
        before = _view(url)
        assert before["humans_turn"] and before["actions"]
        state = game.state_hash(host.table.state)
        real = before["actions"][0]["buttons"][0]["action"]
        forged = [real[0], ["no_such_place"]] if isinstance(real, list) else {"kind": "x"}
        for body, token, kind, status, says in [
                ({"version": before["version"], "action": forged}, host.token,
                 "application/json", 409, "not a legal action of seat 1"),
                ({"version": before["version"], "action": "<script>"}, host.token,
                 "application/json", 409, "not a legal action"),
                ({"version": before["version"] - 1, "action": real}, host.token,
                 "application/json", 409, "the action was not applied"),
                ({"version": before["version"], "action": real}, "guess",
                 "application/json", 403, "X-Table-Token"),
                ({"version": before["version"], "action": real}, host.token,
                 "text/plain", 415, "JSON requests"),
                ({"version": before["version"]}, host.token, "application/json", 400,
                 "names no action")]:
            code, text = _post(url, "/api/act", body, token, kind)
            assert (code, "\n" in text.strip()) == (status, False), text
            assert says in text, text
        code, text = _post(url, "/api/bot", {"version": before["version"]}, host.token)
        assert code == 409 and "no agent is to move" in text
        assert game.state_hash(host.table.state) == state          # nothing changed
        assert _view(url)["version"] == before["version"]
        bad_host = urllib.request.Request(url + "/api/view", headers={"Host": "evil.example"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(bad_host)
        assert refused.value.code == 421
        code, _ = _post(url, "/api/act", {"version": before["version"], "action": real},
                        host.token)
        assert code == 200 and _view(url)["version"] > before["version"]


def test_undo_returns_to_the_last_decision_and_the_bots_repeat(caravans):
    _, game, catalog = caravans
    table = Table(game, catalog, 7, ["human", *CARAVANS_BOTS])
    table.run_bots()
    with pytest.raises(Refused, match="nothing to undo"):
        table.undo(table.version)
    for _ in range(3):    # three decisions of the person, the bots answering each
        table.act(table.version, game.action_to_json(table.legal()[-1]))
        table.run_bots()
    before = (game.state_hash(table.state), len(table.actions))
    last = game.action_to_json(table.legal()[-1])
    table.act(table.version, last)
    table.run_bots()
    after = (game.state_hash(table.state), len(table.actions))
    table.undo(table.version)
    assert (game.state_hash(table.state), len(table.actions)) == before
    table.act(table.version, last)
    table.run_bots()
    assert (game.state_hash(table.state), len(table.actions)) == after


def _finish(table, game):
    while True:
        table.run_bots()
        if table.over():
            return
        table.act(table.version, game.action_to_json(table.legal()[0]))


def test_a_table_game_replays_and_becomes_a_ruling(tutorial, tmp_path):
    root, game, catalog = tutorial
    table = Table(game, catalog, 11, ["human", "random", "human"])
    _finish(table, game)
    saved = records.save(table, tmp_path)
    record = records.load(saved)
    assert record["table"]["humans"] == [1, 3] and record["table"]["finished"]
    assert record["agents"] == ["human", "random", "human"]
    lines = list(replay_lines(game, catalog, record["seed"], record["agents"],
                              actions=record["actions"]))
    assert len([line for line in lines if line.lstrip().startswith("#")]) == len(table.actions)
    assert lines[-1].startswith("Winner") and lines[-1] == seat_view(table, 0, "en")["result"]
    result = CliRunner().invoke(cli, ["replay", str(root), "--trust", "--record", str(saved),
                                      "--lang", "zh"])
    assert result.exit_code == 0, result.output
    assert "胜者" in result.output.splitlines()[-1]
    assert_ruling_holds(table, root, tmp_path)


def assert_ruling_holds(table, root, tmp_path) -> None:
    """The table's game as a ruling in a copy of the project: it loads, and it holds."""
    import shutil

    from toolkit.checks.rulings import run_ruling
    from toolkit.checks.rulings_load import load_rulings

    text = records.ruling_text(table)
    item = yaml.safe_load(text)["rulings"][0]
    assert item["steps"][0]["by"] >= 1 and item["expect"]
    copy = tmp_path / "project"
    shutil.copytree(root / "cards", copy / "cards", ignore=shutil.ignore_patterns("rulings"))
    (copy / "cards" / "rulings").mkdir()
    (copy / "cards" / "rulings" / "table.yaml").write_text(text, encoding="utf-8")
    loaded = load_rulings(copy, table.game)
    assert [r.ruling.id for r in loaded] == [item["id"]]
    assert run_ruling(table.game, table.catalog, loaded[0]) == []


def test_an_abandoned_record_replays_to_where_it_stopped(caravans, tmp_path):
    _, game, catalog = caravans
    table = Table(game, catalog, 3, ["human", *CARAVANS_BOTS])
    table.run_bots()
    table.act(table.version, game.action_to_json(table.legal()[0]))
    table.run_bots()
    record = records.load(records.save(table, tmp_path))
    assert not record["table"]["finished"]
    lines = list(replay_lines(game, catalog, record["seed"], record["agents"],
                              actions=record["actions"]))
    assert lines[-1] == f"stopped after action {len(table.actions)}"


def test_a_record_that_is_not_one_is_a_one_line_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"seed": "x"}')
    with pytest.raises(Exception) as err:
        records.load(bad)
    assert "not a game record" in str(err.value) and "\n" not in str(err.value)


def test_a_ruling_says_when_its_setup_is_not_the_deal(caravans, tutorial):
    """Caravans' rulings arrange their own position, so a table game's steps do not replay
    from `setup: {players, seed}`: the file says so instead of claiming it holds."""
    _, game, catalog = caravans
    table = Table(game, catalog, 2, ["human", *CARAVANS_BOTS])
    table.run_bots()
    table.act(table.version, game.action_to_json(table.legal()[0]))
    assert not records.replays_from_setup(table)
    assert "do not replay the table's deal" in records.ruling_text(table)
    _, game, catalog = tutorial
    table = Table(game, catalog, 2, ["human", "random"])
    table.act(table.version, game.action_to_json(table.legal()[0]))
    assert records.replays_from_setup(table)
    assert "NOTE" not in records.ruling_text(table)


def test_views_hide_what_the_seat_may_not_see(tutorial):
    """The generic view is the seat's observation: the other hands are hidden (None);
    南荒2's own view names the seat's starting hand and shows the other's as card backs."""
    from toolkit.content.validate import load_catalog
    from toolkit.games import game_for

    root, game, catalog = tutorial
    table = Table(game, catalog, 4, ["human", "random"])
    seen = seat_view(table, 0, "zh")
    hands = seen["observation"]["hands"]
    assert all(isinstance(c, str) for c in hands[0]) and hands[1] == [None] * 5
    assert seen["face"] is None and [g["kind"] for g in seen["actions"]] == ["play"]
    assert all("出" in b["label"] for b in seen["actions"][0]["buttons"])
    examples = Path(__file__).resolve().parents[2] / "examples"
    catalog = load_catalog(examples / "nanhuang2")
    game = game_for(catalog, command="play")
    table = Table(game, catalog, 4, ["human", "random"])
    for _ in range(40):   # the starting hands are chosen in the setup
        table.run_bots()
        if all(p.hand for p in table.state.players) or table.over():
            break
        table.act(table.version, game.action_to_json(table.legal()[0]))
    face = seat_view(table, 0, "en")["face"]["sections"]
    mine = next(s for s in face if s["title"] == "Hand of P1")["cards"]
    theirs = next(s for s in face if s["title"] == "Hand of P2")["cards"]
    assert mine and all("name" in c for c in mine)
    assert theirs and all(c.get("hidden") for c in theirs)
    assert next(s for s in face if s["title"] == "The wilds")["cards"]


def test_one_agent_move_a_request_and_a_new_deal_keeps_the_old_game(tutorial, tmp_path):
    """At a readable pace the page asks for one agent move at a time; dealing again saves
    the game being replaced (abandoned) and deals the seed asked for."""
    _, game, catalog = tutorial
    with serving(game, catalog, 6, ["human", "random", "random"], tmp_path) as (host, url):
        view = _view(url)
        code, _ = _post(url, "/api/act", {"version": view["version"],
                                          "action": view["actions"][0]["buttons"][0]["action"]},
                        host.token)
        assert code == 200 and _view(url)["length"] == 1
        code, _ = _post(url, "/api/bot", {"version": _view(url)["version"]}, host.token)
        assert code == 200 and _view(url)["length"] == 2   # one move, not all of them
        for seed, status in [("x", 400), (-1, 400), (True, 400), ("12", 200)]:
            code, text = _post(url, "/api/deal", {"seed": seed}, host.token)
            assert code == status, text
        after = _view(url)
        assert after["seed"] == 12 and after["length"] == 0
        saved = list(tmp_path.glob("table-seed6-*.json"))
        assert len(saved) == 1 and not records.load(saved[0])["table"]["finished"]
        code, text = _post(url, "/api/save", {}, host.token)
        assert code == 409 and "nothing to save" in text


@pytest.mark.parametrize("args, says", [
    (["--seat", "9"], "--seat 9: the table has 4 seats at most"),
    (["--agents", "nobody"], "unknown agent 'nobody'"),
    (["--agents", "random,random"], "--agents names 2 agents for 3 seats"),
    (["--players", "5"], "this game takes 2-4 players, got 5"),
])
def test_bad_command_lines_are_one_line_usage_errors(args, says):
    result = CliRunner().invoke(cli, ["play", "--example", "--players", "4", *args]
                                if "--players" not in args else ["play", "--example", *args])
    from toolkit.errors import UsageError

    assert isinstance(result.exception, UsageError), result.output   # exit 2 at the shell
    assert says in str(result.exception) and "\n" not in str(result.exception)


def test_a_project_whose_rules_are_not_trusted_does_not_play(tmp_path):
    from toolkit.new.scaffold import create

    root = create(tmp_path / "g")   # the scaffold itself is not trusted here
    result = CliRunner().invoke(cli, ["play", str(root), "--port", "0"])
    from toolkit.errors import ToolkitError

    assert isinstance(result.exception, ToolkitError), result.output
    assert "toolkit trust" in str(result.exception) and "\n" not in str(result.exception)


def test_the_same_seed_and_decisions_give_the_same_game(caravans):
    _, game, catalog = caravans
    hashes = []
    for _ in range(2):
        table = Table(game, catalog, 13, ["human", *CARAVANS_BOTS])
        for _ in range(4):
            table.run_bots()
            table.act(table.version, game.action_to_json(table.legal()[-1]))
        table.run_bots()
        hashes.append((game.state_hash(table.state), len(table.actions)))
    assert hashes[0] == hashes[1]


def test_a_failing_game_view_leaves_the_generic_view(tutorial):
    root, game, catalog = tutorial

    class Broken(type(game)):
        def play_view(self, *args):
            raise KeyError("no such card")

    table = Table(Broken(), catalog, 1, ["human", "random"])
    seen = seat_view(table, 0, "en")
    assert "the game's own view failed: KeyError" in seen["face"]["sections"][0]["title"]
    assert seen["actions"] and seen["observation"]["hands"][0]


def test_a_record_of_another_game_is_refused_and_changed_content_noted(tutorial, caravans,
                                                                       tmp_path):
    from toolkit.errors import ContentError

    _, game, catalog = tutorial
    table = Table(game, catalog, 3, ["human", "random"])
    table.act(table.version, game.action_to_json(table.legal()[0]))
    record = records.record_of(table)
    assert records.fits(record, game, catalog) is None
    with pytest.raises(ContentError, match="a game of 'five_tricks'"):
        records.fits(record, caravans[1], caravans[2])
    record["table"]["content_hash"] = "0" * 16
    assert "played on other content" in records.fits(record, game, catalog)

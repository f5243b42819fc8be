"""Trust once (`toolkit trust`): recorded per user, bound to the rules' .py files, revoked by
any change, never needed by the commands that do not run rules; a stranger's project asks."""

from __future__ import annotations

import json
import os
import shlex
import shutil

import pytest

from toolkit.games import load_game
from toolkit.trust import Untrusted, store_path

PLAY = ("simulate", "-n", "4", "-q", "--seed", "1")


def test_a_stranger_asks_and_trust_once_lets_it_play(stranger, run):
    code, out, err = run(*PLAY[:1], stranger, *PLAY[1:])
    errors = [line for line in err.splitlines() if not line.startswith("note: ")]
    assert code == 2 and len(errors) == 1 and errors[0].startswith("error: "), err
    assert f"toolkit trust {stranger}" in err and "--trust" in err
    code, out, err = run("trust", stranger)
    assert code == 0 and "trusted" in out and "--revoke" in out, err
    record = json.loads(store_path().read_text())["projects"]
    assert list(record) == [str(stranger / "rules")]
    assert list(record[str(stranger / "rules")]["files"]) == ["__init__.py"]
    code, out, err = run(*PLAY[:1], stranger, *PLAY[1:])
    assert code == 0, err
    assert (stranger / "output" / "sim" / "report.json").is_file()


@pytest.mark.parametrize("change", ["edit", "add", "remove"])
def test_any_change_of_a_py_file_revokes_the_trust(stranger, run, change):
    (stranger / "rules" / "moves.py").write_text("X = 1\n")
    assert run("trust", stranger)[0] == 0
    load_game("./rules", stranger)  # trusted as it is
    if change == "edit":
        with open(stranger / "rules" / "__init__.py", "a") as fh:
            fh.write("# one more line\n")
        named = "./rules/__init__.py"
    elif change == "add":
        (stranger / "rules" / "extra.py").write_text("")
        named = "./rules/extra.py"
    else:
        (stranger / "rules" / "moves.py").unlink()
        named = "./rules/moves.py"
    with pytest.raises(Untrusted, match="changed since you trusted them") as info:
        load_game("./rules", stranger)
    assert named in info.value.message and "toolkit trust" in info.value.message
    code, out, err = run(*PLAY[:1], stranger, *PLAY[1:])
    assert code == 2 and named in err, err
    code, out, _ = run("trust", "--list")
    assert "changed since" in out
    assert run("trust", stranger)[0] == 0            # re-trusted after review
    assert load_game("./rules", stranger) is not None


def test_files_that_never_run_do_not_count(stranger):
    """Only .py files are hashed: notes or a stale cache beside the rules change nothing."""
    from toolkit.trust import trust
    trust(stranger)
    (stranger / "rules" / "NOTES.txt").write_text("ideas")
    (stranger / "rules" / "__pycache__").mkdir()
    (stranger / "rules" / "__pycache__" / "__init__.cpython-311.pyc").write_bytes(b"junk")
    assert load_game("./rules", stranger) is not None


def test_a_copy_elsewhere_is_a_stranger_and_revoke_forgets(stranger, tmp_path, run):
    assert run("trust", stranger)[0] == 0
    copy = tmp_path / "copy"
    shutil.copytree(stranger, copy)
    with pytest.raises(Untrusted, match="toolkit trust"):
        load_game("./rules", copy)
    code, out, _ = run("trust", "--list")
    assert str(stranger / "rules") in out and str(copy) not in out
    code, out, _ = run("trust", "--revoke", stranger)
    assert code == 0 and "revoked" in out
    with pytest.raises(Untrusted):
        load_game("./rules", stranger)
    code, out, _ = run("trust", "--revoke", stranger)
    assert code == 0 and "was not trusted" in out
    assert "no project is trusted" in run("trust", "--list")[1]


def test_trust_says_what_it_cannot_trust(tmp_path, run):
    deck = tmp_path / "deck"
    assert run("new", deck, "--template", "deckbuilder")[0] == 0
    code, _, err = run("trust", deck)
    assert code == 2 and "no rules package of its own" in err and "Traceback" not in err
    code, _, err = run("trust", tmp_path / "nothing")
    assert code == 2 and "cards/game.yaml" in err
    code, _, err = run("trust", deck, "--list")
    assert code == 2 and "--list takes no project" in err


def test_a_record_that_cannot_be_read_trusts_nothing(stranger):
    store_path().parent.mkdir(parents=True, exist_ok=True)
    store_path().write_text("{not json")
    with pytest.raises(Untrusted):
        load_game("./rules", stranger)


def test_the_record_goes_where_the_user_keeps_config(monkeypatch, tmp_path):
    monkeypatch.delenv("CARD_TOOLKIT_TRUST_FILE")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert store_path() == tmp_path / "xdg" / "card-toolkit" / "trusted.json"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert store_path() == tmp_path / "home" / ".config" / "card-toolkit" / "trusted.json"


def _marking(project):
    """Make the project's rules leave a file when imported; the file it leaves."""
    marker = project / "imported.txt"
    init = project / "rules" / "__init__.py"
    init.write_text(f"open({str(marker)!r}, 'w').close()\n" + init.read_text())
    return marker


@pytest.mark.parametrize("command", [
    "validate", "list", "list playing_card", "export --kind playing_card --format csv",
    "schema", "build"])
def test_commands_that_run_no_rules_never_ask(stranger, run, monkeypatch, command):
    marker = _marking(stranger)
    monkeypatch.chdir(stranger)
    code, out, err = run(*command.split())
    assert code == 0, out + err
    assert not marker.exists()          # the stranger's code did not run
    if command == "build":              # the cards, and a note on what was left out
        assert (stranger / "output" / "cards-1up.pdf").is_file()
        assert err.startswith("note: the cards are built without the parts") and \
            "toolkit trust" in err


def test_validate_runs_the_trusted_rules_own_checks(stranger, run):
    init = stranger / "rules" / "__init__.py"
    init.write_text(init.read_text().replace(
        "GAME = FiveTricks()",
        "def _check(self, content, report):\n"
        "    for card in content.of('playing_card').values():\n"
        "        if card.rank == 5 and card.points != 2:\n"
        "            report(card.id, 'a five scores 2 points', 'points')\n\n\n"
        "FiveTricks.validate = _check\nGAME = FiveTricks()"))
    cards = stranger / "cards" / "cards.yaml"
    cards.write_text(cards.read_text().replace("rank: 5, points: 2}", "rank: 5, points: 1}", 1))
    code, out, _ = run("validate", stranger)
    assert code == 0 and "no problems found" in out   # not trusted: its checks never run
    assert run("trust", stranger)[0] == 0
    code, out, _ = run("validate", stranger)
    assert code == 1, out
    line = next(i for i, t in enumerate(cards.read_text().splitlines(), 1) if "points: 1}" in t
                and "rank: 5" in t)
    assert f"cards/cards.yaml:{line}:" in out and "a five scores 2 points" in out


def test_a_syntax_error_in_trusted_rules_is_one_line(stranger, run):
    assert run("trust", stranger)[0] == 0
    (stranger / "rules" / "__init__.py").write_text("def broken(:\n")
    assert run("trust", stranger)[0] == 0
    code, out, err = run(*PLAY[:1], stranger, *PLAY[1:])
    assert code == 1 and "rules/__init__.py:1:12: error: Python syntax" in err, err
    assert "Traceback" not in err
    code, out, _ = run("validate", stranger)
    assert code == 1 and "rules/__init__.py:1:" in out


def test_for_one_run_trust_is_still_typed(stranger, run):
    code, out, err = run(*PLAY[:1], stranger, *PLAY[1:], "--trust")
    assert code == 0, err
    with pytest.raises(Untrusted):     # and nothing was recorded
        load_game("./rules", stranger)


def test_the_replay_line_check_prints_runs_as_printed(stranger, run, monkeypatch):
    """A violation's replay command carries --trust exactly when the rules need it typed."""
    from toolkit.checks.report import Violation

    monkeypatch.chdir(stranger.parent)
    violation = Violation("x", "y", stranger.name, 3, ["random", "random"], 4)
    assert violation.command.endswith(" --trust")
    code, out, err = run(*shlex.split(violation.command)[1:])
    assert code == 0 and "seed 3" in out.lower(), out + err
    assert run("trust", stranger.name)[0] == 0
    assert not violation.command.endswith("--trust")
    code, out, err = run(*shlex.split(violation.command)[1:])
    assert code == 0, out + err
    # a built-in game never needs it
    assert not Violation("x", "y", os.fspath(stranger.parent), 1, ["random"], 1) \
        .command.endswith("--trust")


def test_compare_plays_copies_of_trusted_folders_only(stranger, tmp_path, run):
    """compare plays on snapshots: each runs when its folder's rules are trusted as they are."""
    other = tmp_path / "other"
    shutil.copytree(stranger, other)
    assert run("trust", stranger)[0] == 0
    code, out, err = run("compare", stranger, other, "--max-games", "20", "-q")
    assert code == 2 and f"toolkit trust {other}" in err and "/toolkit-compare-" not in err, err


def test_trusting_at_once_from_two_processes_keeps_both(tmp_path):
    """Two `toolkit new` at the same moment: the record keeps both projects."""
    import subprocess
    import sys

    from toolkit.new.scaffold import create

    projects = [create(tmp_path / f"p{i}", "blank") for i in range(6)]
    code = "import sys; from toolkit.trust import trust; trust(sys.argv[1])"
    procs = [subprocess.Popen([sys.executable, "-c", code, str(p)]) for p in projects]
    assert [p.wait() for p in procs] == [0] * len(procs)
    record = json.loads(store_path().read_text())["projects"]
    assert sorted(record) == sorted(str(p / "rules") for p in projects)


def test_workers_check_the_files_the_parent_checked_not_the_record(stranger, run,
                                                                    monkeypatch):
    """A worker of a long-lived pool (fork server, Dask) may run under another environment
    than the command: it gets the digest the parent checked and imports only those files."""
    from toolkit import trust
    from toolkit.content.validate import load_catalog
    from toolkit.games import game_for

    catalog = load_catalog(stranger)
    with pytest.raises(Untrusted):
        trust.for_workers(catalog, False)
    assert trust.for_workers(catalog, True) is True
    assert run("trust", stranger)[0] == 0
    pinned = trust.for_workers(catalog, False)
    assert isinstance(pinned, str) and len(pinned) == 64
    monkeypatch.setenv("CARD_TOOLKIT_TRUST_FILE", str(stranger.parent / "elsewhere.json"))
    assert game_for(catalog, trust=pinned) is not None  # no record here, the digest holds
    with open(stranger / "rules" / "__init__.py", "a") as fh:
        fh.write("# changed after the parent checked\n")
    with pytest.raises(Untrusted, match="changed while the run started"):
        game_for(catalog, trust=pinned)

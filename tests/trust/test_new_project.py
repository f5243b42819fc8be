"""`toolkit new` trusts the rules it writes, so a new game runs end to end with no --trust
typed; F9: `new --force` adds the template's missing files and never replaces one, nor
writes through a link."""

from __future__ import annotations

import os

import pytest

from toolkit.games import load_game


def test_new_validate_build_simulate_with_no_trust_typed(tmp_path, run, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run("new", "g")
    assert code == 0, err
    assert "--trust" not in out and "trusted its rules" in out
    assert "  toolkit simulate g -n 100" in out.splitlines()
    for args in (["validate", "g"], ["build", "g", "-q"], ["simulate", "g", "-n", "100", "-q"]):
        code, out, err = run(*args)
        assert code == 0, (args, out, err)
        assert "trust" not in err, err            # no question, no note
    assert (tmp_path / "g" / "output" / "cards-1up.pdf").is_file()
    assert (tmp_path / "g" / "output" / "sim" / "report.json").is_file()


def test_force_adds_missing_files_and_replaces_none(tmp_path, run):
    project = tmp_path / "p"
    (project / "cards").mkdir(parents=True)
    mine = "kind: game\nid: mine\ntitle: {en: Mine, zh: 我的}\nplayers: {min: 2, max: 2}\n"
    (project / "cards" / "game.yaml").write_text(mine)
    (project / "notes.txt").write_text("mine")
    code, _, err = run("new", project)
    assert code == 2 and "--force to add the template's missing files" in err
    assert "no existing file is replaced" in err
    code, out, err = run("new", project, "--force")
    assert code == 0, err
    assert "kept 1 existing file as they were" in out and "cards/game.yaml" in out
    assert (project / "cards" / "game.yaml").read_text() == mine
    assert (project / "notes.txt").read_text() == "mine"
    assert (project / "cards" / "cards.yaml").is_file()
    assert (project / "rules" / "__init__.py").is_file()
    assert "trusted its rules" not in out      # its game.yaml is not the template's
    with pytest.raises(Exception):
        load_game("./rules", project)


def test_force_twice_changes_nothing(tmp_path, run):
    project = tmp_path / "p"
    assert run("new", project)[0] == 0
    (project / "cards" / "cards.yaml").write_text("kind: playing_card\ncards: []\n")
    code, out, err = run("new", project, "--force")
    assert code == 0, err
    assert (project / "cards" / "cards.yaml").read_text() == "kind: playing_card\ncards: []\n"
    assert "kept 7 existing files" in out


@pytest.mark.parametrize("link", [".", "cards", "cards/cards.yaml", "rules"])
def test_a_link_on_the_way_is_refused_and_nothing_written(tmp_path, run, link):
    outside = tmp_path / "outside"
    outside.mkdir()
    project = tmp_path / "p"
    if link == ".":
        os.symlink(outside, project)
    else:
        project.mkdir()
        target = outside / "file" if link.endswith(".yaml") else outside
        (project / "cards").mkdir(exist_ok=link != "cards") if link != "cards" else None
        os.symlink(target, project / link)
    code, out, err = run("new", project, "--force")
    assert code == 2 and "is a link" in err and "Traceback" not in err, out + err
    assert list(outside.iterdir()) == []


def test_a_record_that_cannot_be_written_still_makes_the_project(tmp_path, run, monkeypatch):
    (tmp_path / "a_file").write_text("")
    monkeypatch.setenv("CARD_TOOLKIT_TRUST_FILE", str(tmp_path / "a_file" / "trusted.json"))
    code, out, err = run("new", tmp_path / "g")
    assert code == 0 and (tmp_path / "g" / "rules" / "__init__.py").is_file()
    assert err.startswith("note: its rules are not trusted: cannot write the trust record")
    assert "trusted its rules" not in out

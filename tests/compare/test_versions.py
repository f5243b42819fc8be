"""Git revisions become temporary project copies without touching the working tree or index."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from projects import SMALL, copy_project, git, set_stats  # noqa: E402

from toolkit.compare.diff import catalog_diff  # noqa: E402
from toolkit.compare.versions import open_versions  # noqa: E402
from toolkit.content.validate import load_catalog  # noqa: E402
from toolkit.errors import UsageError  # noqa: E402


@pytest.fixture
def repo(tmp_path):
    """A git repo whose project sits in game/: commit 1 the fixture, commit 2 a buff of
    ash_sage to 3, and an uncommitted (staged + working) buff to 4."""
    top = tmp_path / "repo"
    project = copy_project(SMALL, top / "game")
    (top / "README").write_text("not content\n")
    git(top, "init", "-q")
    git(top, "add", ".")
    git(top, "commit", "-q", "-m", "one")
    set_stats(project, "ash_sage", 3)
    git(top, "commit", "-q", "-am", "two")
    set_stats(project, "ash_sage", 4)
    git(top, "add", "game/cards/heroes.yaml")
    return top, project


def _combat(root: Path) -> int:
    return load_catalog(root).heroes["ash_sage"].stats.combat


def test_revisions_are_extracted_and_the_repo_is_untouched(repo, monkeypatch):
    top, project = repo
    monkeypatch.chdir(project)
    status = git(top, "status", "--porcelain")
    staged = git(top, "diff", "--cached")
    heroes = (project / "cards" / "heroes.yaml").read_text()
    with open_versions("HEAD~1", "HEAD") as (base, cand):
        assert base.commit and cand.commit and base.commit != cand.commit
        assert (base.root / "cards" / "game.yaml").is_file()
        assert not (base.root / "README").exists()          # only the content is extracted
        assert _combat(base.root) == 2 and _combat(cand.root) == 3
        temp = base.root
    assert not temp.exists()                                 # removed after the block
    assert git(top, "status", "--porcelain") == status
    assert git(top, "diff", "--cached") == staged
    assert (project / "cards" / "heroes.yaml").read_text() == heroes


def test_revision_against_the_working_tree(repo, tmp_path, monkeypatch):
    top, project = repo
    monkeypatch.chdir(tmp_path)                              # the directory argument anchors
    with open_versions("HEAD", str(project)) as (base, cand):
        assert cand.commit is None and cand.source == project.resolve()
        assert cand.root != cand.source                      # a snapshot, safe from edits
        diffs = catalog_diff(load_catalog(base.root), load_catalog(cand.root))
        assert [(d.kind, d.id) for d in diffs] == [("hero", "ash_sage")]
        assert "stats.combat: 3 → 4" in diffs[0].text()


def test_unknown_revision_is_a_clear_usage_error(repo, monkeypatch):
    top, project = repo
    monkeypatch.chdir(project)
    with pytest.raises(UsageError, match="neither a directory nor a revision"):
        with open_versions("no-such-branch", "."):
            pass


def test_outside_a_repository(tmp_path, monkeypatch):
    project = copy_project(SMALL, tmp_path / "plain")
    monkeypatch.chdir(project)
    with pytest.raises(UsageError, match="not inside a git repository"):
        with open_versions("HEAD", "."):
            pass

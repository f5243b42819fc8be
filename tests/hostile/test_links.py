"""Nothing outside the project is read through a link: a ruling file or an icon that links
outside is refused (rulings) or left unread (icons and template files when the face cache
digest is computed)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from toolkit.checks.rulings_load import load_rulings
from toolkit.errors import ContentError
from toolkit.render.build import face_files

REPO = Path(__file__).resolve().parents[2]


def test_a_ruling_file_linking_outside_is_refused_unread(tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text("rulings: [{id: leaked_secret_text}]\n")
    project = tmp_path / "project"
    shutil.copytree(REPO / "examples" / "root_clearings", project)
    (project / "cards" / "rulings").mkdir()
    (project / "cards" / "rulings" / "evil.yaml").symlink_to(secret)
    with pytest.raises(ContentError) as caught:
        load_rulings(project)
    assert "outside the project" in str(caught.value)
    assert "leaked_secret_text" not in str(caught.value)


def test_icons_linking_outside_are_not_read_for_the_cache(tmp_path):
    secret = tmp_path / "secret.svg"
    secret.write_text("<svg/>")
    icons = tmp_path / "project" / "icons"
    icons.mkdir(parents=True)
    (icons / "fine.svg").write_text("<svg/>")
    (icons / "evil.svg").symlink_to(secret)
    assert [p.name for p in face_files([icons])] == ["fine.svg"]

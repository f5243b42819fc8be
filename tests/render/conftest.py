"""Shared fixtures: the small render fixture project, built once per test session."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from toolkit.render.build import build
from toolkit.render.options import BuildOptions

FIXTURE = Path(__file__).parent / "fixtures" / "mini"


def copy_project(tmp: Path) -> Path:
    """A writable copy of the fixture project (without any output folder)."""
    dest = tmp / "mini"
    shutil.copytree(FIXTURE, dest, ignore=shutil.ignore_patterns("output"))
    return dest


def build_with_cache(project: Path, out: Path, cache_from: Path | None = None, **options):
    """Build into `out`, seeding its face cache from an earlier build to save rendering."""
    if cache_from is not None and (cache_from / ".cache").is_dir():
        shutil.copytree(cache_from / ".cache", out / ".cache", dirs_exist_ok=True)
    return build(project, BuildOptions(out=out, **options))


@pytest.fixture(scope="session")
def mini_build(tmp_path_factory):
    """The fixture project built on A4 in English with PNGs and TTS decks."""
    tmp = tmp_path_factory.mktemp("build")
    project = copy_project(tmp)
    out = tmp / "out"
    result = build(project, BuildOptions(out=out, png=True, tts=True))
    return project, out, result

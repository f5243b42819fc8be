"""The face cache keeps both languages: a build prunes only the faces of its own language,
so switching between en and zh renders nothing again."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from toolkit.render.build import build
from toolkit.render.cache import FaceCache
from toolkit.render.options import BuildOptions

POTIONS = Path(__file__).resolve().parents[1] / "fixtures" / "potions"


def test_switching_languages_renders_nothing_again(tmp_path):
    project = tmp_path / "potions"
    shutil.copytree(POTIONS, project)
    out = tmp_path / "out"
    runs = [build(project, BuildOptions(out=out, lang=lang, layout="duplex", workers=1))
            for lang in ("en", "zh", "en", "zh")]
    faces = runs[0].faces
    assert [r.rendered for r in runs] == [faces, faces, 0, 0]
    index = json.loads((out / ".cache" / "index.json").read_text(encoding="utf-8"))
    assert sorted(index["langs"].values()) == ["en"] * faces + ["zh"] * faces


def test_a_build_prunes_only_its_own_language(tmp_path):
    cache = FaceCache(tmp_path / ".cache")
    name = "b-" + "0" * 32 + ".pdf"
    en, zh, gone = "a" * 24, "b" * 24, "c" * 24
    cache.batches = {name: [[en, 0, False], [zh, 0, False], [gone, 0, False]]}
    cache.faces = {en: [name, 0], zh: [name, 1], gone: [name, 2]}
    cache.langs = {en: "en", zh: "zh", gone: "en"}
    cache.keep_only({en}, "en")          # an en build that no longer has `gone`
    assert set(cache.faces) == {en, zh}
    again = FaceCache(tmp_path / ".cache")
    assert again.langs == {en: "en", zh: "zh"}
    again.keep_only({zh}, "zh")
    assert set(again.faces) == {en, zh}
    again.keep_only(set())                # no language named: everything else goes
    assert again.faces == {}

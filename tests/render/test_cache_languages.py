"""The face cache keeps both languages: a build prunes only the faces of its own language,
so switching between en and zh renders nothing again."""

from __future__ import annotations

import json

from toolkit.render.build import build
from toolkit.render.cache import FaceCache
from toolkit.render.options import BuildOptions

GAME = """\
kind: game
id: potions
title: {en: Potion Workshop, zh: 药剂工坊}
players: {min: 2, max: 4}
kinds:
  potion:
    label: {en: Potion, zh: 药剂}
    file: potions.yaml
    fields:
      cost: {type: int, min: 0, max: 10, label: {en: Cost, zh: 价格}}
"""
CARDS = """\
kind: potion
cards:
  - {id: healing_draught, name: {en: Healing Draught, zh: 治疗药水}, cost: 2}
  - {id: fire_tonic, name: {en: Fire Tonic, zh: 火焰药剂}, cost: 3}
"""


def test_switching_languages_renders_nothing_again(tmp_path):
    project = tmp_path / "potions"
    (project / "cards").mkdir(parents=True)
    (project / "cards" / "game.yaml").write_text(GAME, encoding="utf-8")
    (project / "cards" / "potions.yaml").write_text(CARDS, encoding="utf-8")
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

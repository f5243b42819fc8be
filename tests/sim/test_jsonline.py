"""games.jsonl lines of a batch (toolkit.sim.jsonline, issue #21): byte for byte
json.dumps(record, ensure_ascii=False, separators=(",", ":")), compiled or not, whichever of
its two ways writes them."""

from __future__ import annotations

import json
from collections import Counter, OrderedDict
from enum import IntEnum

import pytest

from toolkit.sim import jsonline
from toolkit.sim.stream import line, lines


class Level(IntEnum):
    HIGH = 3


RECORDS = [
    {"seed": 1156694085224627, "players": 2, "agents": ["trader", "raider"], "heroes": [None, "a"],
     "winner": [0], "first_player": None, "glory_by_source": [{"sell": 6}, {}],
     "gold_by_round": [[10, 6, 1023, 1024, -1, 0], []], "actions": [["move", 3], {"kind": "x"}]},
    {"a": 1.5, "b": float("nan"), "c": [float("inf"), -float("inf"), -0.0, 1e300, 1e-7, 0.1],
     "d": [True, False, None, (1, 2), ()], "e": 'quote " backslash \\ tab \t new\nline \x01',
     "f": "商队与强盗 é \u2028 🃏", "g": 10 ** 30, "h": -(10 ** 30)},
    {1: "a key that is a number", "x": {2.5: 1, None: 2, True: 3}},   # keys json converts
    {"counter": Counter(a=2), "ordered": OrderedDict(b=1), "enum": Level.HIGH,
     "sub": type("Text", (str,), {})("t")},                       # subclasses: json's way
    {}, {"nested": {"deep": {"deeper": [[[]], [{}], {"k": [1, {"v": "w"}]}]}}},
]


@pytest.mark.parametrize("compiled_way", [True, False])
def test_lines_are_json_dumps_of_each_record(monkeypatch, compiled_way):
    monkeypatch.setattr(jsonline, "COMPILED", compiled_way)  # both ways, built or not
    writer = jsonline.Lines()
    expected = "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n"
                       for r in RECORDS).encode("utf-8")
    assert writer.lines(RECORDS) == expected
    assert writer.lines(RECORDS) == expected  # again, from the kept texts
    assert writer.lines([]) == b""
    assert "".join(map(line, RECORDS)).encode("utf-8") == expected == lines(RECORDS)


@pytest.mark.parametrize("compiled_way", [True, False])
def test_what_json_refuses_is_refused(monkeypatch, compiled_way):
    monkeypatch.setattr(jsonline, "COMPILED", compiled_way)
    with pytest.raises(TypeError):
        jsonline.Lines().lines([{"ok": 1}, {"a set": {1, 2}}])


def test_texts_kept_are_bounded(monkeypatch):
    monkeypatch.setattr(jsonline, "COMPILED", True)
    monkeypatch.setattr(jsonline, "KEEP", 10)
    writer = jsonline.Lines()
    records = [{f"key{i}": f"text{i}"} for i in range(50)]
    assert writer.lines(records) == "".join(map(line, records)).encode("utf-8")
    assert len(writer.texts) <= 10 and len(writer.first) <= 10

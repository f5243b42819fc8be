"""Actions as tuples `(kind, *args)` and as JSON objects `{kind, <named args>}`."""

from __future__ import annotations

ARGS = {
    "start": ("hex",), "claim": ("hex",), "tower": ("hex",), "exchange": ("thing",),
    "keep": (), "place": ("thing", "hex"), "rack": ("thing",), "discard": ("thing",),
    "cash": ("thing",), "done": (), "dismiss": ("unit",), "recruit": ("hero", "gold"),
    "pass": (), "pay": ("steps",), "decline": (), "hero_at": ("hero", "hex"),
    "buy": ("count",), "trade": ("thing", "other"), "draw": (), "move": ("unit", "to"),
    "balloon": ("thing", "hex"), "end": (), "fight": ("hex",), "item": ("thing",),
    "fight_on": (), "bribe": ("unit",), "absorb": ("unit",), "retreat": ("hex",),
    "stay": (), "build": ("hex",), "steal": ("unit", "seat"),
    "assassinate": ("unit", "target"),
}


def to_json(action) -> dict:
    kind = action[0]
    if kind == "event":
        return {"kind": "event", "thing": action[1], "target": list(action[2:])}
    return {"kind": kind, **dict(zip(ARGS[kind], action[1:]))}


def from_json(data) -> tuple:
    if isinstance(data, (list, tuple)):
        return tuple(data)
    kind = data["kind"]
    if kind == "event":
        return ("event", data["thing"], *data.get("target", []))
    if kind not in ARGS:
        raise ValueError(f"unknown Kings & Things action '{kind}'")
    return (kind, *(data[name] for name in ARGS[kind]))

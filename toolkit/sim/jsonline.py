# toolkit: compile
"""A run's games.jsonl lines, byte for byte as `json.dumps(record, ensure_ascii=False,
separators=(",", ":"))` writes them (toolkit.sim.stream.line), faster where this module is
compiled: each text (a key, a card's id) is escaped once, by json's own escaping, and kept;
whole numbers below SMALL come from a table; a batch's lines are joined once. A value of
another type (a subclass, a set...), or a key that is not text, leaves its record to json
(which writes it, or refuses it, as ever). Uncompiled, json's C encoder writes every line:
as Python this code would be slower than it."""

from __future__ import annotations

import json
from json.encoder import c_make_encoder, encode_basestring
from types import FunctionType

INFINITY = float("inf")
SMALL = 1024  # whole numbers 0..SMALL-1 from a table
KEEP = 1 << 16  # texts (and keys) kept escaped, at most: ever new texts do not pile up
_SMALL = tuple(str(i) for i in range(SMALL))


def _dumps():
    """json.dumps(record, ensure_ascii=False, separators=(",", ":")) with its encoder made
    once (json.dumps makes one a call): json's C encoder where there is one."""
    encoder = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
    if c_make_encoder is None:
        return encoder.encode
    # markers None: no check for a circular record (a record is a tree)
    encode = c_make_encoder(None, encoder.default, encode_basestring, None, ":", ",", False,
                            False, True)
    return lambda record: "".join(encode(record, 0))


_DUMPS = _dumps()


class Unusual(Exception):
    """A value left to json."""


def _probe():
    return None


COMPILED = not isinstance(_probe, FunctionType)  # a compiled function is not a Python one


class Lines:
    """Writes records as games.jsonl lines; keeps the escaped form of the texts it met."""

    def __init__(self):
        self.texts: dict = {}  # text -> '"text"' (escaped by json)
        self.first: dict = {}  # key -> '{"key":' (a dict's first key)
        self.next: dict = {}   # key -> ',"key":' (the keys after it)

    def lines(self, records) -> bytes:
        """The records' lines, each with its line end, as one UTF-8 blob."""
        if not COMPILED:
            text = "\n".join([_DUMPS(record) for record in records])
            return (text + "\n").encode("utf-8") if text else b""
        out: list = []
        for record in records:
            mark = len(out)
            try:
                self._value(record, out)
            except Unusual:
                del out[mark:]
                out.append(_DUMPS(record))
            out.append("\n")
        if len(self.texts) > KEEP or len(self.first) > KEEP:
            self.texts.clear()
            self.first.clear()
            self.next.clear()
        return "".join(out).encode("utf-8")

    def _value(self, value, out: list) -> None:
        """Appends the JSON of `value` to `out`, in pieces (json.dumps' choices)."""
        kind = type(value)
        if kind is str:
            got = self.texts.get(value)
            if got is None:
                got = self.texts[value] = encode_basestring(value)
            out.append(got)
        elif kind is int:
            if 0 <= value < SMALL:
                out.append(_SMALL[value])
            else:
                out.append(int.__repr__(value))
        elif kind is dict:
            if not value:
                out.append("{}")
                return
            keys = self.first  # '{"key":' for the first key, then '"key":' (after a ",")
            for key, item in value.items():
                got = keys.get(key)
                if got is None:
                    if type(key) is not str:  # json's conversion of keys: left to it
                        raise Unusual
                    got = encode_basestring(key) + ":"
                    self.first[key], self.next[key] = "{" + got, "," + got
                    got = keys[key]
                out.append(got)
                keys = self.next
                self._value(item, out)
            out.append("}")
        elif kind is list or kind is tuple:
            if not value:
                out.append("[]")
                return
            opening = "["
            for item in value:
                out.append(opening)
                opening = ","
                self._value(item, out)
            out.append("]")
        elif kind is float:
            if value != value:
                out.append("NaN")
            elif value == INFINITY:
                out.append("Infinity")
            elif value == -INFINITY:
                out.append("-Infinity")
            else:
                out.append(float.__repr__(value))
        elif value is None:
            out.append("null")
        elif value is True:
            out.append("true")
        elif value is False:
            out.append("false")
        else:
            raise Unusual

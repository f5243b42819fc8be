"""Safe YAML reading that remembers where every value came from.

The document is composed into nodes with PyYAML's safe resolver and turned into plain
Python data by hand, so that
- only the standard scalar, sequence and mapping tags are accepted (no object tags),
- duplicate keys are reported instead of silently overwritten,
- alias expansion is capped (an "alias bomb" stops with a clear message),
- files over a size cap or not in UTF-8 are refused,
- every value's path maps to its (line, column), 1-based, for compiler-style messages.
"""

from __future__ import annotations

import re
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from toolkit.errors import ContentError

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_NODES = 200_000
MAX_ALIASES = 1_000
MAX_DEPTH = 100
MAX_DIGITS = 30   # an integer longer than this is no game's number (and 4300+ digits crash)
# C0 controls but tab and newline, DEL and C1: ESC sequences could retitle or clear the
# terminal of whoever prints the content (validate, list), so text may not hold them
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# bidi embeddings, overrides and isolates: a name holding U+202E reads reversed in `list`
_BIDI = re.compile(r"[\u202a-\u202e\u2066-\u2069]")

Path_ = tuple  # a path into the document: keys and list indexes

_STANDARD_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:map",
}


@dataclass
class Document:
    """One YAML file: its data plus the position of every path in it."""

    file: str
    data: Any
    marks: dict[tuple, tuple[int, int]] = field(default_factory=dict)

    def where(self, path: tuple) -> tuple[int, int]:
        """Line and column of the longest prefix of `path` that has a mark."""
        path = tuple(path)
        while path:
            if path in self.marks:
                return self.marks[path]
            path = path[:-1]
        return self.marks.get((), (1, 1))


try:  # libyaml's parser when present (about 5x faster), composed in Python as below
    from yaml._yaml import CParser as _CParser

    class _SafeBase(Composer, _CParser, SafeConstructor, Resolver):
        def __init__(self, stream):
            _CParser.__init__(self, stream)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
except ImportError:  # pragma: no cover - pure-Python PyYAML
    _SafeBase = yaml.SafeLoader


class _Composer(_SafeBase):
    """A safe loader that counts aliases and nesting depth while composing."""

    def __init__(self, stream):
        super().__init__(stream)
        self.alias_count = 0
        self.depth = 0

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            self.alias_count += 1
            if self.alias_count > MAX_ALIASES:
                event = self.peek_event()
                raise _Refused(f"more than {MAX_ALIASES} aliases; expand them by hand",
                               event.start_mark)
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise _Refused(f"nesting deeper than {MAX_DEPTH} levels", self.peek_event().start_mark)
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def _expanded_size(node, memo: dict) -> int:
    """How many values the node becomes once aliases are expanded (shared nodes counted
    once per use), computed without expanding anything."""
    key = id(node)
    if key not in memo:
        memo[key] = 1  # a cycle counts once; safe_load refuses recursive aliases anyway
        if isinstance(node, yaml.SequenceNode):
            memo[key] = 1 + sum(_expanded_size(child, memo) for child in node.value)
        elif isinstance(node, yaml.MappingNode):
            memo[key] = 1 + sum(_expanded_size(k, memo) + _expanded_size(v, memo)
                                for k, v in node.value)
    return memo[key]


class _Refused(Exception):
    def __init__(self, message: str, mark):
        super().__init__(message)
        self.message = message
        self.mark = mark


def _pos(mark) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1)


class _Builder:
    def __init__(self, loader: _Composer):
        self.loader = loader
        self.marks: dict[tuple, tuple[int, int]] = {}
        self.nodes = 0

    def build(self, node, path: tuple):
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _Refused(f"document expands to more than {MAX_NODES} values "
                           "(too many aliases?)", node.start_mark)
        if node.tag == "tag:yaml.org,2002:timestamp":
            self.marks.setdefault(path, _pos(node.start_mark))
            return node.value  # dates stay text; content has no date fields
        if node.tag not in _STANDARD_TAGS:
            raise _Refused(f"tag '{node.tag}' is not allowed; content is plain data",
                           node.start_mark)
        self.marks.setdefault(path, _pos(node.start_mark))
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(child, path + (i,)) for i, child in enumerate(node.value)]
        result: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise _Refused("merge keys ('<<') are not supported; write the keys out",
                               key_node.start_mark)
            if not isinstance(key_node, yaml.ScalarNode):
                raise _Refused("mapping keys must be plain scalars", key_node.start_mark)
            key = self.build(key_node, path + ("<key>",))
            if not key_node.style:   # plain (libyaml says '', PyYAML None): not quoted
                _full_width_key(key, key_node.start_mark)
            same = next((k for k in result if k == key or str(k) == str(key)), None)
            if same is not None:  # 1 and "1" are one key to a designer
                first = self.marks.get(path + (same,), ("?", "?"))
                raise _Refused(f"duplicate key '{key}' (first at line {first[0]})",
                               key_node.start_mark)
            self.marks[path + (key,)] = _pos(key_node.start_mark)
            result[key] = self.build(value_node, path + (key,))
            self.marks[path + (key,)] = _pos(key_node.start_mark)
        return result


    def _scalar(self, node):
        if node.tag == "tag:yaml.org,2002:int" and \
                len(node.value.lstrip("+-").replace("_", "")) > MAX_DIGITS:
            raise _Refused(f"a {len(node.value)}-digit integer is too large for any "
                           "setting", node.start_mark)
        value = self.loader.construct_object(node, deep=True)
        if isinstance(value, str):
            bad = _CONTROL.search(value)
            if bad:
                raise _Refused(f"text holds the control character U+{ord(bad.group()):04X}; "
                               "remove it (control characters are not printable)",
                               node.start_mark)
            bad = _BIDI.search(value)
            if bad:
                raise _Refused(f"text holds the bidirectional control U+{ord(bad.group()):04X}; "
                               "remove it (it shows the text in another order than it is "
                               "read)", node.start_mark)
        return value


def load_text(text: str, file: str) -> Document:
    """Parse YAML text; raise ContentError with file:line on any problem."""
    loader = _Composer(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return Document(file, None, {(): (1, 1)})
        if _expanded_size(node, {}) > MAX_NODES:
            raise _Refused(f"document expands to more than {MAX_NODES} values "
                           "(too many aliases?)", node.start_mark)
        builder = _Builder(loader)
        data = builder.build(node, ())
        return Document(file, data, builder.marks)
    except _Refused as exc:
        line, col = _pos(exc.mark)
        raise ContentError(exc.message, file=file, line=line, column=col) from None
    except yaml.reader.ReaderError as exc:  # a NUL or other unprintable byte: no mark
        line = text.count("\n", 0, exc.position) + 1
        col = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        raise ContentError(f"YAML syntax: unacceptable character #x{exc.character:04x} "
                           "(control characters are not allowed)", file=file, line=line,
                           column=col, hint="remove it") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = _pos(mark) if mark else (None, None)
        problem = exc.problem or exc.context or "invalid YAML"
        plain = _in_plain_words(text, problem, line)
        if plain is not None:
            message, line, col, hint = plain
            raise ContentError(message, file=file, line=line, column=col, hint=hint) from None
        raise ContentError(f"YAML syntax: {problem}", file=file, line=line, column=col,
                           hint="check indentation and quoting") from None
    except yaml.YAMLError as exc:
        raise ContentError(f"YAML syntax: {exc}", file=file) from None
    except RecursionError:
        raise ContentError("YAML nesting too deep", file=file) from None
    finally:
        loader.dispose()


_FULL_WIDTH_KEY = re.compile(r"^\s*(?:-\s+)?[^\s:#'\"{}\[\],][^:#{}\[\],]*?\s*(：)")
TAB_HINT = "YAML indents with spaces only; replace the tab with spaces"
COLON_HINT = "retype it as ':' followed by a space"


def _in_plain_words(text: str, problem: str, line: int | None):
    """(message, line, column, hint) in a designer's words for the syntax mistakes people
    make most - a tab in the indentation, a full-width colon typed with a Chinese input
    method, a key indented too deep - or None to keep the parser's own words."""
    if line is None:
        return None
    lines = text.split("\n")
    colon = problem.startswith(("could not find expected ':'", "mapping values are not"))
    for n in range(min(line, len(lines)), max(1, line - 2) - 1, -1) if colon else ():
        found = _FULL_WIDTH_KEY.match(lines[n - 1])   # the nearest line a '：' broke
        if found:
            return ("a full-width colon '：' after a key (typed with a Chinese input method); "
                    "YAML needs the ASCII colon ':'", n, found.start(1) + 1, COLON_HINT)
    here = lines[line - 1] if line <= len(lines) else ""
    indent = here[:len(here) - len(here.lstrip(" \t"))]
    if "\t" in indent:
        after = here.lstrip(" \t")[:1]
        what = {"-": "a list dash", "#": "a comment"}.get(after, "a key")
        return (f"a tab character before {what}", line, indent.index("\t") + 1, TAB_HINT)
    if problem.startswith("mapping values are not allowed"):
        return ("a key is indented deeper than the key above it, or a value holds ': ' "
                "without quotes", line, len(indent) + 1,
                "line the key up with the keys beside it, or put the value in quotes")
    return None


def _full_width_key(key, mark) -> None:
    """A plain key holding a full-width colon (`{power： 4}` parses as one key) is refused."""
    if isinstance(key, str) and "：" in key and "\n" not in key:
        at = types.SimpleNamespace(line=mark.line, column=mark.column + key.index("："))
        raise _Refused(f"a full-width colon '：' in the key '{key}' (typed with a Chinese "
                       "input method); YAML needs the ASCII colon ':' followed by a space",
                       at)


def load_file(path: Path, display: str | None = None, root: Path | None = None) -> Document:
    """Read and parse one YAML file with the size and encoding checks; with `root`, a
    file that is a link to something outside that folder is refused unread."""
    shown = display or str(path)
    if root is not None and not Path(path).resolve().is_relative_to(Path(root).resolve()):
        raise ContentError("file is a link to a file outside the project; nothing outside "
                           "the project is read", file=shown,
                           hint="copy the file into the project instead")
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ContentError(f"file is {size} bytes, over the {MAX_FILE_BYTES} byte cap",
                               file=shown, hint="split it into several files")
        raw = path.read_bytes()
    except OSError as exc:
        raise ContentError(f"cannot read file: {exc.strerror}", file=shown) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ContentError("file is not UTF-8 text", file=shown, line=line,
                           hint="save it as UTF-8") from None
    return load_text(text.lstrip("\ufeff"), shown)

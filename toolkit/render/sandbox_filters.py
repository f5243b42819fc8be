"""Bounds on the filters and `str` methods a template may call (toolkit.render.sandbox
wires them in): each is refused before it runs when the text it would build is over
toolkit.render.sandbox_limits.MAX_TEXT, estimated from its arguments (a width, a count,
the items to join, a fill value)."""

from __future__ import annotations

from functools import wraps

from toolkit.render.sandbox_limits import (MAX_ITEMS, MAX_TEXT, percent_size, spend,
                                           text_size)


def _lines(text) -> int:
    return str(text).count("\n") + 1


def _replace_size(text, old, new, count=None) -> int:
    text, old, new = str(text), str(old), str(new)
    times = text.count(old) if old else len(text) + 1
    if count is not None and isinstance(count, int) and count >= 0:
        times = min(times, count)
    return len(text) + times * len(new)


def _width(value) -> int:
    return value if isinstance(value, int) else len(str(value))


def _join_size(items, separator="") -> int:
    total = 0
    for index, item in enumerate(items):
        total += text_size(item, MAX_TEXT - total) + (len(separator) if index else 0)
        if total > MAX_TEXT:
            break
    return total


# filter name -> the size of its result from its arguments (after the environment or
# context Jinja passes some filters); escaping and the like grow text by a small factor
# at most, so for them the estimate is the text of the value (a container bomb)
FILTER_SIZES = {
    "replace": lambda s, old, new, count=None, **_: _replace_size(s, old, new, count),
    "center": lambda value, width=80, **_: max(text_size(value), _width(width)),
    "indent": lambda s, width=4, first=False, blank=False, **_:
        text_size(s) + _lines(s) * _width(width),
    "format": lambda value, *args, **kwargs: percent_size(str(value), kwargs or args),
    "wordwrap": lambda s, width=79, break_long_words=True, wrapstring=None, *_, **__:
        text_size(s) + (text_size(s) // max(_width(width), 1) + _lines(s))
        * (len(str(wrapstring)) if wrapstring else 1),
    "tojson": lambda value, indent=None, **_:
        text_size(value) * (1 + min(_width(indent or 0), MAX_TEXT) // 8),
    "batch": lambda value, linecount, *_, **__: _width(linecount) * (MAX_TEXT // MAX_ITEMS),
    "slice": lambda value, slices, *_, **__: _width(slices) * (MAX_TEXT // MAX_ITEMS),
}
for _name in ("pprint", "string", "e", "escape", "forceescape", "urlencode", "urlize",
              "striptags", "title", "upper", "lower", "capitalize", "trim", "truncate",
              "safe", "wordcount", "xmlattr"):
    FILTER_SIZES[_name] = lambda value, *_, **__: text_size(value)


def _context_args(func) -> int:
    """How many arguments Jinja passes a filter before the value (its environment or
    context, marked by jinja_pass_arg)."""
    return 1 if getattr(func, "jinja_pass_arg", None) is not None else 0


def bounded_filter(name: str, func):
    """`func` (a filter) refused before it runs when its result would be too large."""
    size, skip = FILTER_SIZES[name], _context_args(func)

    @wraps(func)
    def guarded(*args, **kwargs):
        try:
            estimate = size(*args[skip:], **kwargs)
        except TypeError:  # arguments the filter refuses too: its own message says why
            estimate = 0
        spend(estimate, f"|{name}")
        return func(*args, **kwargs)

    return guarded


def bounded_join(func):
    """|join: the items are counted (and taken from a generator) before joining."""

    @wraps(func)
    def guarded(eval_ctx, value, d="", attribute=None):
        items = list(value) if not isinstance(value, (list, tuple, str)) else value
        if attribute is None:
            spend(_join_size(items, str(d)), "|join")
        else:
            spend(len(items) * len(str(d)), "|join")
        return func(eval_ctx, items, d, attribute)

    return guarded


def bounded_sum(func):
    """|sum of lists or strings (start=[]) builds one long list."""

    @wraps(func)
    def guarded(environment, iterable, attribute=None, start=0):
        items = list(iterable)
        if isinstance(start, (str, bytes, list, tuple)):
            spend(len(start) + sum(len(i) if hasattr(i, "__len__") else 1 for i in items),
                  "|sum")
        return func(environment, items, attribute, start)

    return guarded


_STR_METHODS = {
    "center": lambda s, width, *fill: max(len(s), width if isinstance(width, int) else 0),
    "ljust": lambda s, width, *fill: max(len(s), width if isinstance(width, int) else 0),
    "rjust": lambda s, width, *fill: max(len(s), width if isinstance(width, int) else 0),
    "zfill": lambda s, width: max(len(s), width if isinstance(width, int) else 0),
    "expandtabs": lambda s, tabsize=8: len(s) + s.count("\t" if isinstance(s, str) else b"\t")
    * (tabsize if isinstance(tabsize, int) else 0),
    "replace": lambda s, old, new, count=-1: len(s) + (
        (s.count(old) if old else len(s) + 1) if not isinstance(count, int) or count < 0
        else count) * len(new),
    "join": lambda s, items: _join_size(items, s),
    "translate": lambda s, table: len(s) * max(
        [len(v) for v in table.values() if isinstance(v, (str, bytes))] + [1])
    if isinstance(table, dict) else len(s),
}


def method_size(obj, args, kwargs) -> int | None:
    """The size of a call's result when `obj` is a str or bytes method that can grow
    text, else None."""
    owner = getattr(obj, "__self__", None)
    name = getattr(obj, "__name__", "")
    if not isinstance(owner, (str, bytes)) or name not in _STR_METHODS:
        return None
    try:
        return _STR_METHODS[name](owner, *args, **kwargs)
    except TypeError:  # arguments the method refuses too: its own message says why
        return 0

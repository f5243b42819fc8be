"""Bounds on what a template may build (toolkit.render.sandbox wires them in).

The sandbox stops a template reaching Python; these stop it exhausting memory or time
with what it may use. Each check runs before the work it guards, so a refused template
allocates at most about MAX_TEXT characters more than it already holds:

- every string a template builds (`~`, `+`, `*`, `%`, `|replace`, `|center`, `|indent`,
  `|join`, `|format`, `|wordwrap`, `str.format` and `str` methods, any value printed or
  joined into text) is at most MAX_TEXT characters; its size is estimated first, for a
  container by a walk that stops at the cap (a list of a million references to a long
  list is not turned into text to find out);
- an integer `*` product has at most MAX_INT_BITS bits;
- a render's output is streamed and stops at its output cap (MAX_OUTPUT), and every
  buffer a template captures (`{% set %}` blocks, macros, `{% call %}`, `{% filter %}`)
  stops there too;
- everything a render builds together is at most MAX_BUILT characters, and it may use
  MAX_SECONDS of CPU time (checked at every loop step, call, attribute and output).

A refusal is a SecurityError raised inside the template's code, so the message names
the template file and line (toolkit.render.html).
"""

from __future__ import annotations

import re
import threading
import time
from copy import copy
from functools import wraps

from jinja2 import nodes
from jinja2.compiler import CodeGenerator, optimizeconst
from jinja2.sandbox import SecurityError

MAX_TEXT = 1_000_000        # longest string (or list '*' builds) in a template
MAX_INT_BITS = 100_000      # largest integer a product or power may build (~30 000 digits)
MAX_OUTPUT = 2_000_000      # characters one render may write (a face; a report)
MAX_BUILT = 50_000_000      # characters all the strings of one render may add up to
MAX_SECONDS = 10.0          # CPU seconds one render may take
MAX_ITEMS = 100_000         # |batch and |slice sizes (they pad with a fill value)
_TICKS = 64                 # checks between two readings of the clock


class Budget:
    """What one render has used so far (held per thread while it runs)."""

    def __init__(self, seconds: float):
        self.cpu_end = time.thread_time() + seconds
        self.seconds = seconds
        self.built = 0
        self.output = 0
        self.depth = 0
        self.ticks = 0


_STATE = threading.local()


def tick() -> None:
    """Refuse once the render has used its CPU time (read every _TICKS calls)."""
    spent = getattr(_STATE, "budget", None)
    if spent is None:
        return
    spent.ticks += 1
    if spent.ticks % _TICKS == 0 and time.thread_time() > spent.cpu_end:
        raise SecurityError(f"the template ran for over {spent.seconds:g} seconds of CPU "
                            "time; it may loop without end")


def spend(characters: int, what: str) -> None:
    """Count `characters` built by `what` against the caps (before building them)."""
    if characters > MAX_TEXT:
        raise SecurityError(f"{what} would build about {characters} characters, over "
                            f"{MAX_TEXT}")
    spent = getattr(_STATE, "budget", None)
    if spent is not None:
        spent.built += characters
        if spent.built > MAX_BUILT:
            raise SecurityError(f"the template built over {MAX_BUILT} characters in all "
                                f"({what}); it may build text in a loop without end")
    tick()


def text_size(value, limit: int = MAX_TEXT) -> int:
    """About how many characters str(value) has; stops counting soon after `limit` (a
    shared sublist is walked each time it appears, as str() would print it)."""
    total, stack = 0, [value]
    while stack and total <= limit:
        item = stack.pop()
        if isinstance(item, (str, bytes)):
            total += len(item) + 2
        elif isinstance(item, bool) or item is None:
            total += 5
        elif isinstance(item, int):
            total += item.bit_length() // 3 + 1
        elif isinstance(item, dict):
            total += 2 + 2 * len(item)
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            total += 2 + 2 * len(item)
            stack.extend(item)
        else:
            total += 24  # numbers, undefined values, the toolkit's own view objects
    return total


def checked_text(value, what: str):
    """`value` unchanged, once its text is known to be within the cap."""
    if not isinstance(value, str):
        spend(text_size(value), what)
    else:
        tick()
    return value


# ---- operators -------------------------------------------------------------------------
def binop(operator: str, left, right):
    """`left operator right` for the operators the sandbox intercepts, bounded."""
    if operator == "*":
        for seq, times in ((left, right), (right, left)):
            if isinstance(seq, (str, bytes, list, tuple)) and isinstance(times, int):
                if len(seq) * times > MAX_TEXT:
                    raise SecurityError(f"'*' would build {len(seq) * times} items, over "
                                        f"{MAX_TEXT}")
                spend(len(seq) * max(times, 0), "'*'")
        if isinstance(left, int) and isinstance(right, int) \
                and left.bit_length() + right.bit_length() > MAX_INT_BITS:
            raise SecurityError(f"'*' would build an integer of over {MAX_INT_BITS} bits")
        return left * right
    if operator == "+":
        if isinstance(left, (str, bytes, list, tuple)) and isinstance(right, type(left)):
            spend(len(left) + len(right), "'+'")
        return left + right
    if operator == "%":
        if isinstance(left, str):
            spend(percent_size(left, right), "'%' formatting")
        return left % right
    raise SecurityError(f"operator {operator!r} is not bounded")  # pragma: no cover


_PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?[hlL]?([a-zA-Z%])")


def percent_size(text: str, args) -> int:
    """About how long `text % args` is: widths and precisions count as written (a `*`
    takes the largest integer argument), every field as the largest argument."""
    values = args if isinstance(args, tuple) else \
        list(args.values()) if isinstance(args, dict) else [args]
    largest = max((text_size(v) for v in values), default=0)
    widest = max((v for v in values if isinstance(v, int) and not isinstance(v, bool)),
                 default=0)
    total = len(text)
    for match in _PERCENT.finditer(text):
        width = max(_number(match.group(1), widest), _number(match.group(2), widest))
        total += width + largest
    return total


def _number(digits: str | None, star: int) -> int:
    if not digits:
        return 0
    if digits == "*":
        return star
    return MAX_TEXT + 1 if len(digits) > 7 else int(digits)


def format_spec_width(spec: str) -> int:
    """The largest width or precision a str.format spec asks for."""
    return max((_number(d, 0) for d in re.findall(r"\d+", spec)), default=0)


def concat(join, values):
    """`a ~ b ~ c`: refused before joining when the text would be too long."""
    spend(sum(text_size(v) for v in values), "'~'")
    return join(values)


def bounded_iter(iterable):
    """A for loop's items, with a check of the render's time every _TICKS items."""
    for item in iterable:
        tick()
        yield item


class OutputBuffer(list):
    """What a {% set %} block, macro, {% call %} or {% filter %} captures, capped."""

    size = 0

    def append(self, item) -> None:
        self._count(item)
        super().append(item)

    def extend(self, items) -> None:
        items = tuple(items)
        for item in items:
            self._count(item)
        super().extend(items)

    def _count(self, item) -> None:
        length = len(item) if isinstance(item, str) else text_size(item)
        self.size += length
        if self.size > MAX_OUTPUT:
            raise SecurityError(f"a captured block (set block, macro or call) would hold "
                                f"over {MAX_OUTPUT} characters")
        spend(length, "a captured block")


class BoundedCodeGenerator(CodeGenerator):
    """Jinja's code generator with the loops, buffers and `~` of templates bounded."""

    def buffer(self, frame) -> None:
        frame.buffer = self.temporary_identifier()
        self.writeline(f"{frame.buffer} = environment.output_buffer()")

    def visit_For(self, node, frame) -> None:
        node = copy(node)
        node.iter = nodes.Call(nodes.EnvironmentAttribute("bounded_iter"), [node.iter], [],
                               None, None, lineno=node.iter.lineno)
        super().visit_For(node, frame)

    @optimizeconst
    def visit_Concat(self, node, frame) -> None:
        if frame.eval_ctx.volatile:
            join = "(markup_join if context.eval_ctx.volatile else str_join)"
        elif frame.eval_ctx.autoescape:
            join = "markup_join"
        else:
            join = "str_join"
        self.write(f"environment.bounded_concat({join}, (")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


# ---- filters and str methods -------------------------------------------------------------
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
        spend(size(*args[skip:], **kwargs), f"|{name}")
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


def counted(render):
    """A template's render function (its root or a block) whose output counts against the
    render's budget, and for the outermost template against the environment's output cap
    (`max_output`). A refusal is thrown into the template at the line that wrote the
    output, so that the message names it."""

    def counting(context):
        own = getattr(_STATE, "budget", None) is None
        if own:
            _STATE.budget = Budget(MAX_SECONDS)
        spent = _STATE.budget
        outer, cap = spent.depth == 0, getattr(context.environment, "max_output", MAX_OUTPUT)
        spent.depth += 1
        chunks = render(context)
        try:
            for chunk in chunks:
                try:
                    if outer:
                        spent.output += len(chunk)
                        if spent.output > cap:
                            raise SecurityError(f"the template's output is over {cap} "
                                                "characters; it may write in a loop")
                    spend(len(chunk), "the template's output")
                except SecurityError as exc:
                    chunks.throw(exc)
                try:
                    yield chunk
                except SecurityError as exc:  # an outer template's cap: raised where the
                    chunks.throw(exc)         # chunk was written, deepest template first
        finally:
            spent.depth -= 1
            if own:
                _STATE.budget = None

    return counting


def method_size(obj, args, kwargs) -> int | None:
    """The size of a call's result when `obj` is a str or bytes method that can grow
    text, else None."""
    owner = getattr(obj, "__self__", None)
    name = getattr(obj, "__name__", "")
    if not isinstance(owner, (str, bytes)) or name not in _STR_METHODS:
        return None
    return _STR_METHODS[name](owner, *args, **kwargs)

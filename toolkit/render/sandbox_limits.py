"""Bounds on what a template may build (toolkit.render.sandbox wires them in).

The sandbox stops a template reaching Python; these stop it exhausting memory or time
with what it may use. Each check runs before the work it guards, so a refused template
allocates at most about MAX_TEXT characters more than it already holds:

- every string a template builds (`~`, `+`, `*`, `%`, `str.format`, any value printed or
  joined into text; the filters and `str` methods in toolkit.render.sandbox_filters) is
  at most MAX_TEXT characters; its size is estimated first, for a container by a walk
  that stops at the cap (a list of a million references to a long list is not turned
  into text to find out);
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

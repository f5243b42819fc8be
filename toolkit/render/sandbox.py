"""The one way the toolkit builds a Jinja environment: sandboxed and confined.

A project someone sent you may carry its own `templates/`. Rendering them must not run
Python or read files outside the template folders, so every environment is an
`ImmutableSandboxedEnvironment` (no `_`-attributes, no `__globals__`, no mutation of the
view model, bounded `range` and `**`; every other way to build text, loop or write output
bounded in toolkit.render.sandbox_limits), without the `cycler`/`joiner`/`lipsum`/
`namespace` helpers, and loads templates through `ConfinedLoader`, which refuses symlinks,
names that leave its folders, and files over a size cap.
"""

from __future__ import annotations

import os
import types
from functools import update_wrapper
from pathlib import Path

import jinja2
from jinja2.loaders import split_template_path
from jinja2.sandbox import (ImmutableSandboxedEnvironment, SandboxedEscapeFormatter,
                            SandboxedFormatter, SecurityError)
from markupsafe import Markup

from toolkit.render import sandbox_filters as filters
from toolkit.render import sandbox_limits as limits

MAX_TEMPLATE_BYTES = 512 * 1024
MAX_SEQUENCE = limits.MAX_TEXT  # longest string or list a template may build
MAX_POWER = 10_000           # largest exponent `**` may use
MAX_POWER_BITS = 100_000     # and the largest integer it may build (about 30 000 digits)


class TemplateRefused(jinja2.TemplateNotFound):
    """A template name or file the loader will not read (symlink, outside, too big)."""

    def __init__(self, name: str, reason: str):
        super().__init__(name, f"template '{name}' refused: {reason}")
        self.reason = reason


class ConfinedLoader(jinja2.BaseLoader):
    """Like FileSystemLoader over `folders` (first wins), but a template is read only
    if it is a regular file, no part of its path below the folder is a symlink, it stays
    inside the folder once resolved, and it is at most MAX_TEMPLATE_BYTES."""

    def __init__(self, folders):
        self.folders = [Path(f) for f in folders]

    def get_source(self, environment, template):
        try:
            pieces = split_template_path(template)  # refuses '..' segments
        except jinja2.TemplateNotFound:
            raise TemplateRefused(template, "'..' may not appear in a template name") from None
        if not pieces or template.startswith(("/", "\\")) or ":" in pieces[0]:
            raise TemplateRefused(template, "template names are relative to templates/")
        for folder in self.folders:
            path = folder.joinpath(*pieces)
            if not os.path.lexists(path):
                continue
            _check_inside(folder, pieces, template)
            if not path.is_file():
                raise TemplateRefused(template, "not a regular file")
            size = path.stat().st_size
            if size > MAX_TEMPLATE_BYTES:
                raise TemplateRefused(template, f"{size} bytes, over the "
                                      f"{MAX_TEMPLATE_BYTES} byte cap")
            try:
                source = path.read_bytes().decode("utf-8")
            except UnicodeDecodeError:
                raise TemplateRefused(template, "not UTF-8 text") from None
            mtime = path.stat().st_mtime
            return source, str(path), lambda p=path, m=mtime: _unchanged(p, m)
        raise jinja2.TemplateNotFound(template)

    def list_templates(self):
        found = set()
        for folder in self.folders:
            for path in folder.rglob("*"):
                if path.is_file() and not path.is_symlink():
                    found.add(path.relative_to(folder).as_posix())
        return sorted(found)


def _check_inside(folder: Path, pieces: list[str], template: str) -> None:
    current = folder
    for piece in pieces:
        current = current / piece
        if current.is_symlink():
            raise TemplateRefused(template, f"'{piece}' is a symbolic link; templates "
                                  "must be plain files inside templates/")
    root = folder.resolve()
    if not current.resolve().is_relative_to(root):
        raise TemplateRefused(template, "it resolves outside templates/")


def _unchanged(path: Path, mtime: float) -> bool:
    try:
        return path.stat().st_mtime == mtime
    except OSError:
        return False


class BoundedTemplate(jinja2.Template):
    """A template whose output (the root and every block) counts against the render's
    budget and output cap (toolkit.render.sandbox_limits.counted)."""

    @classmethod
    def _from_namespace(cls, environment, namespace, globals):
        template = super()._from_namespace(environment, namespace, globals)
        template.root_render_func = limits.counted(template.root_render_func)
        template.blocks = {name: limits.counted(block)
                           for name, block in template.blocks.items()}
        return template


class _BoundedFormatting:
    """str.format with every field's width and text bounded (and their sum)."""

    def vformat(self, format_string, args, kwargs):
        self._size = len(format_string)
        return super().vformat(format_string, args, kwargs)

    def convert_field(self, value, conversion):
        if conversion:  # !r and !s turn the value into text before format_field sees it
            limits.spend(limits.text_size(value), "str.format()")
        return super().convert_field(value, conversion)

    def format_field(self, value, format_spec):
        self._size += max(limits.format_spec_width(format_spec), limits.text_size(value))
        limits.spend(self._size, "str.format()")
        return super().format_field(value, format_spec)


class _Formatter(_BoundedFormatting, SandboxedFormatter):
    pass


class _EscapeFormatter(_BoundedFormatting, SandboxedEscapeFormatter):
    pass


class ToolkitSandbox(ImmutableSandboxedEnvironment):
    """The sandbox with everything that can exhaust memory or time bounded: `**` here,
    the rest in toolkit.render.sandbox_limits (its code generator bounds loops, captured
    blocks and `~`; the template class the output)."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})
    code_generator_class = limits.BoundedCodeGenerator
    template_class = BoundedTemplate
    max_output = limits.MAX_OUTPUT
    output_buffer = staticmethod(limits.OutputBuffer)
    bounded_iter = staticmethod(limits.bounded_iter)
    bounded_concat = staticmethod(limits.concat)

    def call_binop(self, context, operator, left, right):
        if operator == "**":
            if isinstance(right, (int, float)) and abs(right) > MAX_POWER:
                raise SecurityError(f"exponent {right} is over {MAX_POWER}")
            if isinstance(left, int) and isinstance(right, int) and right > 0 \
                    and left.bit_length() * right > MAX_POWER_BITS:
                raise SecurityError(f"{left} ** {right} is too large a number")
            return left ** right
        return limits.binop(operator, left, right)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - as Jinja's
        size = filters.method_size(__obj, args, kwargs)
        if size is not None:
            if __obj.__name__ == "join" and args:  # counted, then joined, once
                args = (list(args[0]),) + args[1:]
                size = filters.method_size(__obj, args, kwargs)
            limits.spend(size, f"str.{__obj.__name__}()")
        else:
            limits.tick()
        return super().call(__context, __obj, *args, **kwargs)

    def getattr(self, obj, attribute):
        limits.tick()
        return super().getattr(obj, attribute)

    def getitem(self, obj, argument):
        limits.tick()
        return super().getitem(obj, argument)

    def wrap_str_format(self, value):
        """Jinja's sandboxed str.format and format_map, with bounded fields."""
        if not isinstance(value, (types.MethodType, types.BuiltinMethodType)) \
                or value.__name__ not in ("format", "format_map") \
                or not isinstance(value.__self__, str):
            return None
        text = value.__self__
        formatter = _EscapeFormatter(self, escape=text.escape) if isinstance(text, Markup) \
            else _Formatter(self)
        is_map = value.__name__ == "format_map"

        def wrapper(*args, **kwargs):
            if is_map:
                if kwargs or len(args) != 1:
                    raise TypeError("format_map() takes exactly one argument")
                args, kwargs = (), args[0]
            return type(text)(formatter.vformat(text, args, kwargs))

        return update_wrapper(wrapper, value)


def environment(folders, **options) -> ToolkitSandbox:
    """A sandboxed, autoescaping, StrictUndefined environment over `folders`, whose
    filters that build text are bounded and whose printed values are checked."""
    options.setdefault("undefined", jinja2.StrictUndefined)
    options.setdefault("autoescape", True)
    options.setdefault("finalize", lambda value: limits.checked_text(value, "printing"))
    env = ToolkitSandbox(loader=ConfinedLoader(folders), **options)
    for helper in ("cycler", "joiner", "lipsum", "namespace"):
        env.globals.pop(helper, None)
    for name in filters.FILTER_SIZES:
        if name in env.filters:
            env.filters[name] = filters.bounded_filter(name, env.filters[name])
    env.filters["join"] = filters.bounded_join(env.filters["join"])
    env.filters["sum"] = filters.bounded_sum(env.filters["sum"])
    return env

"""The one way the toolkit builds a Jinja environment: sandboxed and confined.

A project someone sent you may carry its own `templates/`. Rendering them must not run
Python or read files outside the template folders, so every environment is an
`ImmutableSandboxedEnvironment` (no `_`-attributes, no `__globals__`, no mutation of the
view model, bounded `range`, `*` and `**`), without the `cycler`/`joiner`/`lipsum`/
`namespace` helpers, and loads templates through `ConfinedLoader`, which refuses symlinks,
names that leave its folders, and files over a size cap.
"""

from __future__ import annotations

import os
from pathlib import Path

import jinja2
from jinja2.loaders import split_template_path
from jinja2.sandbox import ImmutableSandboxedEnvironment

MAX_TEMPLATE_BYTES = 512 * 1024
MAX_SEQUENCE = 1_000_000     # longest string or list `*` may build in a template
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


class ToolkitSandbox(ImmutableSandboxedEnvironment):
    """The sandbox with the arithmetic that can exhaust memory or time bounded."""

    intercepted_binops = frozenset({"*", "**"})

    def call_binop(self, context, operator, left, right):
        if operator == "**":
            if isinstance(right, (int, float)) and abs(right) > MAX_POWER:
                raise jinja2.sandbox.SecurityError(f"exponent {right} is over {MAX_POWER}")
            if isinstance(left, int) and isinstance(right, int) and right > 0 \
                    and left.bit_length() * right > MAX_POWER_BITS:
                raise jinja2.sandbox.SecurityError(f"{left} ** {right} is too large a number")
            return left ** right
        for seq, times in ((left, right), (right, left)):
            if isinstance(seq, (str, list, tuple)) and isinstance(times, int) \
                    and len(seq) * times > MAX_SEQUENCE:
                raise jinja2.sandbox.SecurityError(
                    f"'*' would build {len(seq) * times} items, over {MAX_SEQUENCE}")
        return left * right


def environment(folders, **options) -> ToolkitSandbox:
    """A sandboxed, autoescaping, StrictUndefined environment over `folders`."""
    options.setdefault("undefined", jinja2.StrictUndefined)
    options.setdefault("autoescape", True)
    env = ToolkitSandbox(loader=ConfinedLoader(folders), **options)
    for helper in ("cycler", "joiner", "lipsum", "namespace"):
        env.globals.pop(helper, None)
    return env

"""Jinja HTML: the sandboxed environment (StrictUndefined, autoescaping; project templates/
override the toolkit's; see toolkit.render.sandbox), the theme, face fragments, the
document wrapper, and template errors that name the template, its line and the card."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import jinja2
import jinja2.meta

from toolkit import TEMPLATES_DIR
from toolkit.errors import ContentError, RenderError
from toolkit.render.pdf_units import page_name
from toolkit.render.sandbox import TemplateRefused, environment

TEMPLATES = TEMPLATES_DIR
HEX_COLOR = re.compile(r"#[0-9a-fA-F]{6}")
THEME_SECTIONS = ("kinds", "words", "colors")
_REFERENCES: dict[bytes, list] = {}  # a template's text (sha256) -> the templates it names


class _CompiledTemplates(jinja2.BytecodeCache):
    """Templates compiled once per process and text: a warm process (`--watch`) builds a
    new environment per build but compiles only the templates whose text changed (Jinja
    checks the source's checksum). Used only by `Html`, whose options never change."""

    def __init__(self):
        self.code: dict[str, tuple[str, object]] = {}

    def load_bytecode(self, bucket) -> None:
        found = self.code.get(bucket.key)
        if found is not None and found[0] == bucket.checksum:
            bucket.code = found[1]

    def dump_bytecode(self, bucket) -> None:
        if len(self.code) > 2000:  # many projects in one process: keep memory bounded
            self.code.clear()
        self.code[bucket.key] = (bucket.checksum, bucket.code)


_COMPILED = _CompiledTemplates()


def template_dirs(project: Path, game_dirs=()) -> list[Path]:
    """The project's templates/, then the game's own template folders, then the toolkit's."""
    own = Path(project) / "templates"
    if own.is_symlink():
        raise RenderError("templates/ is a symbolic link; it must be a folder of the project",
                          file=str(own))
    return ([own] if own.is_dir() else []) + [Path(d) for d in game_dirs] + [TEMPLATES]


def load_theme(project: Path) -> dict:
    """templates/theme.yaml of the toolkit, updated by the project's own if it has one
    (read with the safe loader and checked: words are {en, zh} texts, colours #rrggbb)."""
    theme = _read_theme(TEMPLATES / "theme.yaml", "templates/theme.yaml (toolkit)")
    own = Path(project) / "templates" / "theme.yaml"
    if own.is_file() and not own.is_symlink():
        for section, values in _read_theme(own, "templates/theme.yaml", project).items():
            theme.setdefault(section, {}).update(values)
    return theme


def _read_theme(path: Path, shown: str, root: Path | None = None) -> dict:
    from toolkit.content.yamlsafe import load_file

    doc = load_file(path, shown, root=root)
    data = doc.data or {}

    def fail(message: str, *at):
        line, col = doc.where(at)
        raise ContentError(message, file=shown, line=line, column=col,
                           hint="see the toolkit's templates/theme.yaml for the layout")

    if not isinstance(data, dict):
        fail("theme.yaml must be a mapping of sections (kinds, words, colors)")
    for section, values in data.items():
        if section not in THEME_SECTIONS:
            fail(f"unknown theme section '{section}'; use {', '.join(THEME_SECTIONS)}", section)
        if not isinstance(values, dict):
            fail(f"theme section '{section}' must be a mapping", section)
        for key, value in values.items():
            if not isinstance(key, (str, bool)):  # true/false: words of bool fields
                fail(f"key {key!r} of '{section}' must be text", section, key)
            if section == "colors":
                if not (isinstance(value, str) and HEX_COLOR.fullmatch(value)):
                    fail(f"colour '{key}' must be written #rrggbb (got {value!r})",
                         section, key)
            elif not (isinstance(value, dict) and set(value) == {"en", "zh"}
                      and all(isinstance(v, (str, bool)) and v != "" for v in value.values())):
                fail(f"'{section}.{key}' must be {{en: text, zh: text}}", section, key)
            else:  # `en: True` (YAML 1.1) prints as the word
                values[key] = {lang: str(text) for lang, text in value.items()}
    return data


class Html:
    """Renders templates by name with a view model; errors become RenderError."""

    def __init__(self, project: Path, lang: str, game_dirs=()):
        self.lang = lang
        self.project = Path(project)
        self.dirs = template_dirs(project, game_dirs)
        self.env = environment(self.dirs, trim_blocks=True, lstrip_blocks=True,
                               bytecode_cache=_COMPILED)
        self.used: dict[str, tuple[str, ...]] = {}  # rendered HTML -> its template files
        self._files: dict[str, tuple[str, ...]] = {}

    def has(self, name: str) -> bool:
        return any((d / name).is_file() for d in self.dirs)

    def template_files(self, name: str) -> tuple[str, ...]:
        """The file of template `name` and of every template it extends, imports or
        includes by a constant name (what a face's cache key must cover)."""
        if name in self._files:
            return self._files[name]
        self._files[name] = ()  # a template that refers back to itself ends here
        path = next((d / name for d in self.dirs if (d / name).is_file()), None)
        found: list[str] = []
        if path is not None:
            found.append(str(path))
            for ref in self._references(path):
                found += self.template_files(ref) if ref else []
        self._files[name] = tuple(dict.fromkeys(found))
        return self._files[name]

    def _references(self, path: Path) -> list:
        """The names a template file extends, imports or includes (parsed once per
        version of the file, also across the builds of a warm process)."""
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return []
        key = hashlib.sha256(text.encode()).digest()
        if key not in _REFERENCES:
            try:
                refs = list(jinja2.meta.find_referenced_templates(self.env.parse(text)))
            except jinja2.TemplateError:
                refs = []
            _REFERENCES[key] = refs
        return _REFERENCES[key]

    def render(self, name: str, what: str, **context) -> str:
        try:
            out = self.env.get_template(name).render(lang=self.lang, **context)
            self.used[out] = self.template_files(name)
            return out
        except jinja2.TemplateSyntaxError as exc:
            raise RenderError(f"{exc.message} (while rendering {what})",
                              file=self._short(exc.filename or name), line=exc.lineno) from None
        except TemplateRefused as exc:
            file, line = _template_frame(exc.__traceback__, name, self._short)
            raise RenderError(f"{exc.message} (while rendering {what})", file=file,
                              line=line) from None
        except jinja2.TemplateNotFound as exc:
            file, line = _template_frame(exc.__traceback__, name, self._short)
            raise RenderError(f"template '{exc.name}' not found (while rendering {what})",
                              file=file if line else None, line=line,
                              hint="templates live in templates/ of the toolkit or project")
        except (jinja2.TemplateError, TypeError, ValueError, KeyError, AttributeError,
                OverflowError, ArithmeticError, RecursionError) as exc:
            file, line = _template_frame(exc.__traceback__, name, self._short)
            message = " ".join(str(exc).split()) or type(exc).__name__
            raise RenderError(f"{message} (while rendering {what})", file=file,
                              line=line) from None

    def face(self, template: str, view: dict, width: float, height: float, bleed: float,
             what: str) -> str:
        """The HTML fragment of one face: one page of (trim + 2 bleed) with the card."""
        return self.render(template, what, card=view, w=width, h=height, bleed=bleed,
                           page=page_name(width, height, bleed))

    def document(self, sizes) -> str:
        """The page wrapping a batch of fragments ({faces} marks where they go)."""
        pages = [{"name": page_name(w, h, b), "w": w + 2 * b, "h": h + 2 * b}
                 for w, h, b in sorted(set(sizes))]
        return self.render("document.html.j2", "the document wrapper", pages=pages)

    def _short(self, filename: str) -> str:
        """A template file named relative to the project or the toolkit."""
        path = Path(filename)
        for base in (self.project, TEMPLATES_DIR.parent):
            try:
                return str(path.relative_to(base))
            except ValueError:
                continue
        return str(path)


def _template_frame(tb, fallback: str, short) -> tuple[str, int | None]:
    """The innermost traceback frame that belongs to a template file."""
    found = (fallback, None)
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith(".j2"):
            found = (short(filename), tb.tb_lineno)
        tb = tb.tb_next
    return found

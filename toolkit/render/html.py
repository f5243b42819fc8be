"""Jinja HTML: the environment (StrictUndefined, autoescaping; project templates/ override
the toolkit's), face fragments, the document wrapper, and template errors that name the
template, its line and the card being rendered."""

from __future__ import annotations

from pathlib import Path

import jinja2
import yaml

from toolkit import REPO_DIR
from toolkit.errors import RenderError
from toolkit.render.pdf_units import page_name

TEMPLATES = REPO_DIR / "templates"


def template_dirs(project: Path) -> list[Path]:
    own = Path(project) / "templates"
    return [own, TEMPLATES] if own.is_dir() else [TEMPLATES]


def load_theme(project: Path) -> dict:
    """templates/theme.yaml of the toolkit, updated by the project's own if it has one."""
    theme = yaml.safe_load((TEMPLATES / "theme.yaml").read_text(encoding="utf-8"))
    own = Path(project) / "templates" / "theme.yaml"
    if own.is_file():
        extra = yaml.safe_load(own.read_text(encoding="utf-8")) or {}
        for section, values in extra.items():
            theme.setdefault(section, {}).update(values or {})
    return theme


class Html:
    """Renders templates by name with a view model; errors become RenderError."""

    def __init__(self, project: Path, lang: str):
        self.lang = lang
        self.dirs = template_dirs(project)
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader([str(d) for d in self.dirs]),
            undefined=jinja2.StrictUndefined, autoescape=True,
            trim_blocks=True, lstrip_blocks=True)

    def has(self, name: str) -> bool:
        return any((d / name).is_file() for d in self.dirs)

    def render(self, name: str, what: str, **context) -> str:
        try:
            return self.env.get_template(name).render(lang=self.lang, **context)
        except jinja2.TemplateSyntaxError as exc:
            raise RenderError(f"{exc.message} (while rendering {what})",
                              file=exc.filename or name, line=exc.lineno) from None
        except jinja2.TemplateNotFound as exc:
            raise RenderError(f"template '{exc.name}' not found (while rendering {what})",
                              hint="templates live in templates/ of the toolkit or project")
        except (jinja2.TemplateError, TypeError, ValueError, KeyError, AttributeError) as exc:
            file, line = _template_frame(exc.__traceback__, name)
            raise RenderError(f"{exc} (while rendering {what})", file=file, line=line) from None

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


def _template_frame(tb, fallback: str) -> tuple[str, int | None]:
    """The innermost traceback frame that belongs to a template file."""
    found = (fallback, None)
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith(".j2"):
            found = (_short(filename), tb.tb_lineno)
        tb = tb.tb_next
    return found


def _short(filename: str) -> str:
    path = Path(filename)
    try:
        return str(path.relative_to(REPO_DIR))
    except ValueError:
        return str(path)

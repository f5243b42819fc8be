"""Colours in content: a field that the templates put into a `style` attribute (a faction's
`colour`, a terrain's `tint`) must hold a colour and nothing else, or YAML alone could make
the preview fetch any URL (`#d4672a; background-image: url(...)`).

A colour is what CSS Color Level 3 reads as one colour (tinycss2, WeasyPrint's own CSS
parser): `#rgb`, `#rrggbb` (with alpha too), `rgb()`/`hsl()` and the colour names; and it
holds no character that could end a declaration or open a comment or a string."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator

# declared `str` fields with these names (or ending `_colour` etc.) are colours too
COLOUR_NAMES = ("colour", "color", "tint")
_PLAIN = re.compile(r"[#a-zA-Z0-9(),.%+\- ]{1,64}")


def is_colour(value: object) -> bool:
    if not isinstance(value, str) or not _PLAIN.fullmatch(value):
        return False
    from tinycss2.color3 import parse_color

    return parse_color(value) is not None


def named_as_colour(field: str) -> bool:
    """Whether a declared field's name says it holds a colour (colour, tint, band_color)."""
    return any(field == n or field.endswith("_" + n) for n in COLOUR_NAMES)


def _checked(value: str) -> str:
    if not is_colour(value):
        shown = value if len(value) <= 40 else value[:40] + "…"
        raise ValueError(f"{shown!r} is not a colour; write it as #rrggbb (e.g. '#d4672a') "
                         "or a CSS colour name")
    return value.strip()


Colour = Annotated[str, AfterValidator(_checked)]


def css_colour(value: object, what: str) -> str:
    """`value` for a template's style attribute; a RenderError naming `what` if it is not
    a colour (content that skipped validation, a project's rules code)."""
    from toolkit.errors import RenderError

    if not is_colour(value):
        raise RenderError(f"{what} is {str(value)[:40]!r}, not a colour; write it as #rrggbb")
    return str(value).strip()

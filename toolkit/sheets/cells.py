"""One card as sheet cells and back: nested mappings become dotted columns, lists become a
readable text, and every value keeps its type (text columns stay text; numbers, booleans
and lists are read as YAML)."""

from __future__ import annotations

import re
import types
import typing
from typing import Any, Literal, Union

import yaml

from toolkit.content.yamlsafe import load_text


def flatten(card: dict, prefix: str = "") -> dict[str, Any]:
    """{'name': {'en': 'A'}, 'stats': {'combat': 2}} -> {'name.en': 'A', 'stats.combat': 2}"""
    out: dict[str, Any] = {}
    for key, value in card.items():
        column = f"{prefix}{key}"
        if isinstance(value, dict) and value:
            out.update(flatten(value, column + "."))
        else:
            out[column] = value
    return out


def unflatten(row: dict[str, Any]) -> dict:
    card: dict = {}
    for column, value in row.items():
        *parents, last = [int(p) if p.isdigit() else p for p in column.split(".")]
        node = card
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = value
    return card


def to_cell(value: Any, text: bool, native: bool) -> Any:
    """A value as a cell: native XLSX cells keep numbers and booleans; lists become text."""
    if value is None:
        return None
    if isinstance(value, list):
        if value and all(isinstance(v, dict) for v in value):
            return "\n".join("- " + _flow(v) for v in value)
        return _flow(value)[1:-1] if value else "[]"
    if isinstance(value, dict):
        return _flow(value)
    if text and isinstance(value, str):
        return value
    if native and isinstance(value, (bool, int, float)):
        return value
    return _flow(value)


def from_cell(cell: Any, text: bool, is_list: bool) -> Any:
    """A cell back as a value; raises ValueError with a readable reason."""
    if cell is None or cell == "":
        return None
    if text:  # a name typed as a number in a spreadsheet is still a name
        return cell if isinstance(cell, str) else str(cell)
    if not isinstance(cell, str):
        return cell
    source = cell.strip()
    if is_list and not source.startswith(("[", "- ")):
        source = f"[{source}]"
    try:
        return load_text(source, "cell").data
    except Exception as exc:  # noqa: BLE001 - any YAML problem is the cell's problem
        reason = getattr(exc, "message", None) or str(exc).splitlines()[0]
        raise ValueError(f"cannot read '{cell}' ({reason})") from None


# ---- formulas: a cell a spreadsheet program would evaluate is written as text -------------
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_QUOTED = re.compile(r"'*[=+\-@\t\r]")     # what export puts one more ' in front of
_PLAIN_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def is_formula_like(text: str) -> bool:
    """Whether a spreadsheet program could read `text` as a formula (=, +, -, @, a tab or
    a carriage return first), leaving plain numbers such as -3 alone."""
    return text.startswith(FORMULA_START) and not _PLAIN_NUMBER.fullmatch(text)


def neutral(value: Any) -> Any:
    """A CSV cell that no spreadsheet program evaluates: text that could be a formula (or
    that starts with quotes before such a character) gets one more leading quote, which
    spreadsheet programs show as text and `restored` takes off again."""
    if isinstance(value, str) and _QUOTED.match(value) and not _PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def restored(cell: Any) -> Any:
    """A CSV cell as read back: the quote `neutral` added is taken off (exactly one, and
    only before a formula character), so that export then import gives the same text."""
    if isinstance(cell, str) and cell.startswith("'") and _QUOTED.match(cell[1:]):
        return cell[1:]
    return cell


def _flow(value: Any) -> str:
    return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True,
                          sort_keys=False, width=10**6).strip().removesuffix("\n...").strip()


# ---- what type a column holds, from the kind's pydantic model --------------------------
def column_type(model, column: str) -> tuple[bool, bool]:
    """(text, is_list) of a dotted column: text columns are kept verbatim."""
    annotation: Any = model
    for part in column.split("."):
        annotation = unwrap(annotation)
        fields = getattr(annotation, "model_fields", None)
        if fields is not None:
            field = fields.get(part)
            if field is None:
                return False, False
            annotation = field.annotation
        elif typing.get_origin(annotation) is dict:
            annotation = typing.get_args(annotation)[1]
        else:
            return False, False
    annotation = unwrap(annotation)
    is_list = typing.get_origin(annotation) in (list, tuple, set)
    return _is_text(annotation), is_list


def unwrap(annotation):
    if typing.get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def _is_text(annotation) -> bool:
    if annotation is str:
        return True
    if typing.get_origin(annotation) is Literal:
        return all(isinstance(a, str) for a in typing.get_args(annotation))
    return False

"""A kind's cards as a table and a table as cards: export reads the YAML as written (no
defaults added), import checks every row against the kind's schema and reports problems by
sheet, row and column."""

from __future__ import annotations

import typing
from pathlib import Path

from pydantic import ValidationError

from toolkit.content.load import Loaded
from toolkit.content.problems import did_you_mean
from toolkit.errors import ContentError, UsageError
from toolkit.sheets.cells import column_type, flatten, from_cell, to_cell, unflatten, unwrap
from toolkit.sheets.files import column_letter

FIRST = ("id", "name.en", "name.zh")


def kind_files(loaded: Loaded, kind: str) -> tuple[type, list]:
    """The kind's model and its card files (documents), or a usage error."""
    model = loaded.kinds.get(kind)
    if model is None:
        raise UsageError(f"unknown kind '{kind}'" + did_you_mean(kind, loaded.kinds)
                         + f" (kinds: {', '.join(sorted(loaded.kinds))})")
    docs = [d for d in loaded.docs.values()
            if isinstance(d.data, dict) and d.data.get("kind") == kind]
    return model, docs


def kinds_with_files(loaded: Loaded) -> list[str]:
    """Every kind that has a card file, in file order."""
    kinds = [d.data.get("kind") for d in loaded.docs.values() if isinstance(d.data, dict)]
    return list(dict.fromkeys(k for k in kinds if k in loaded.kinds and k != "game"))


def export_rows(model, docs, native: bool) -> tuple[list[str], list[list]]:
    """Header and rows of every card of the kind, in file order."""
    flat = [flatten({k: v for k, v in card.items() if k != "kind"})
            for doc in docs for card in (doc.data.get("cards") or []) if isinstance(card, dict)]
    header = list(dict.fromkeys([c for c in FIRST if any(c in f for f in flat)]
                                + [c for f in flat for c in f]))
    types = {c: column_type(model, c) for c in header}
    rows = [[to_cell(f.get(c), types[c][0], native) for c in header] for f in flat]
    return header, rows


def import_rows(model, kind: str, where: str, header: list[str], body,
                problems: list[str]) -> list[dict]:
    """Cards of the rows; every problem (naming the row and column) goes to `problems`.
    A bad header is reported once per column, and then no row is read (each row would
    only repeat it)."""
    bad_header = header_problems(model, kind, where, header)
    if bad_header:
        problems.extend(bad_header)
        return []
    types = {c: column_type(model, c) for c in header}
    cards = []
    for number, cells in body:
        row, bad = {}, False
        for index, column in enumerate(header):
            cell = cells[index] if index < len(cells) else None
            try:
                value = from_cell(cell, *types[column])
            except ValueError as exc:
                problems.append(f"{where}, row {number}, column {column_letter(index)} "
                                f"({column}): {exc}")
                bad = True
                continue
            if value is not None:
                row[column] = value
        clash = _overlap(row)
        if clash:  # `name` and `name.en` both filled: the card cannot hold both
            whole, part = clash
            problems.append(f"{where}, row {number}: columns '{whole}' ("
                            f"{column_letter(header.index(whole))}) and '{part}' ("
                            f"{column_letter(header.index(part))}) both set '{whole}'; "
                            "fill one of them")
            continue
        card = unflatten(row)
        if not bad:
            problems.extend(_check(model, kind, card, where, number, header))
        cards.append(card)
    return cards


def _overlap(row: dict) -> tuple[str, str] | None:
    """Two filled columns of which one holds the other (`name` and `name.en`), if any."""
    for column in row:
        parts = column.split(".")
        for cut in range(1, len(parts)):
            whole = ".".join(parts[:cut])
            if whole in row:
                return whole, column
    return None


def header_problems(model, kind: str, where: str, header: list[str]) -> list[str]:
    """One line per column of the first row that names no field of the kind (with the
    closest name and the names allowed) or repeats a column."""
    out, seen = [], {}
    allowed = known_columns(model)
    for index, column in enumerate(header):
        at = f"{where}, column {column_letter(index)}"
        if not column:
            out.append(f"{at}: empty column name")
        elif column in seen:
            out.append(f"{at}: column '{column}' repeats column {column_letter(seen[column])}")
        elif not column_known(model, column):
            out.append(f"{at}: '{column}' is not a field of {kind}"
                       + did_you_mean(column, allowed)
                       + f"; the columns it may have: {', '.join(allowed)}")
        seen.setdefault(column, index)
    return out


def known_columns(model, prefix: str = "") -> list[str]:
    """The dotted columns a kind's cards may have (nested models become dotted names)."""
    out = []
    for name, field in (getattr(model, "model_fields", None) or {}).items():
        if name == "kind" and not prefix:
            continue
        inner = unwrap(field.annotation)
        if getattr(inner, "model_fields", None) is not None:
            out += known_columns(inner, f"{prefix}{name}.")
        else:
            out.append(f"{prefix}{name}")
    return out


def column_known(model, column: str) -> bool:
    """Whether a dotted column names a field (any key under a mapping or an open model)."""
    annotation = model
    for part in column.split("."):
        annotation = unwrap(annotation)
        fields = getattr(annotation, "model_fields", None)
        if fields is not None:
            if part in fields:
                annotation = fields[part].annotation
            elif (getattr(annotation, "model_config", None) or {}).get("extra") == "allow":
                return True
            else:
                return False
        elif typing.get_origin(annotation) is dict:
            annotation = typing.get_args(annotation)[1]
        elif typing.get_origin(annotation) in (list, tuple) and part.isdigit():
            annotation = (typing.get_args(annotation) or (object,))[0]
        else:
            return False
    return True


def refuse(problems: list[str]) -> None:
    if len(problems) == 1:
        raise ContentError(f"{problems[0]}; nothing was written")
    if problems:
        raise ContentError(f"{len(problems)} problem(s), nothing was written:\n"
                           + "\n".join(problems))


def _check(model, kind, card, where, number, header) -> list[str]:
    try:
        model.model_validate({**card, "kind": kind})
    except ValidationError as exc:
        out = []
        for err in exc.errors():
            loc = ".".join(str(p) for p in err["loc"])
            column = next((c for c in header if loc == c or loc.startswith(c + ".")),
                          next((c for c in header if c.startswith(loc + ".")), None))
            place = (f"column {column_letter(header.index(column))} ({column})" if column
                     else f"field '{loc}' (no column)")
            message = err["msg"]
            if err["type"] == "extra_forbidden":
                allowed = _fields(model, err["loc"])
                message = ("unknown field" + did_you_mean(str(err["loc"][-1]), allowed)
                           + " (the first row names the fields)")
            out.append(f"{where}, row {number}, {place}: {message}")
        return out
    return []


def _fields(model, loc) -> list[str]:
    """The field names allowed where `loc` points (for a did-you-mean)."""
    for part in loc[:-1]:
        field = (getattr(model, "model_fields", None) or {}).get(part)
        model = unwrap(field.annotation) if field is not None else None
    return list(getattr(model, "model_fields", None) or [])

"""Write a kind's cards into its YAML file, keeping what the sheet does not hold: the
file's header (comments, `kind:`) and, for every card the sheet leaves unchanged, its text
as written (comments and layout included). Changed and new cards are written fresh."""

from __future__ import annotations

from pathlib import Path

import yaml

from toolkit import guarded_files
from toolkit.content.yamlsafe import _CONTROL, MAX_FILE_BYTES, Document, load_text
from toolkit.errors import UsageError


class _Dumper(yaml.SafeDumper):
    """Block style for cards, flow style for small mappings and lists of plain values."""


def _represent_dict(dumper, data):
    flow = all(not isinstance(v, (dict, list)) for v in data.values())
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=flow)


def _represent_list(dumper, data):
    flow = all(not isinstance(v, (dict, list)) for v in data) or all(
        isinstance(v, dict) and all(not isinstance(x, (dict, list)) for x in v.values())
        for v in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(dict, _represent_dict)
_Dumper.add_representer(list, _represent_list)


def card_text(card: dict) -> str:
    body = yaml.dump([card], Dumper=_Dumper, allow_unicode=True, sort_keys=False,
                     width=10**6, default_flow_style=False)
    return "".join("  " + line if line.strip() else line for line in body.splitlines(True))


def write_cards(path: Path, doc: Document | None, kind: str, cards: list[dict],
                root: Path | None = None, shown: str | None = None) -> None:
    """Replace the `cards:` list of `path` (created when missing) with `cards`. The new
    text is checked as `validate` reads it (control characters, the file size cap) before
    anything is written, and written atomically (fsync, then rename): a failure leaves the
    old file as it was. With `root`, no link on the way may lead out of it."""
    refuse_control(cards, kind)
    text = cards_text(path, doc, kind, cards)
    shown = shown or str(path)
    size = len(text.encode("utf-8"))
    if size > MAX_FILE_BYTES:
        raise UsageError(f"{shown}: the imported cards would make a {size}-byte file, over "
                         f"the {MAX_FILE_BYTES}-byte cap validate reads; nothing was written",
                         hint="split the kind over several sheets and files")
    load_text(text, shown)  # what validate will read (a ContentError names the line)
    guarded_files.write_text(path, text, root=root, durable=True, what="the project",
                             error=UsageError)


def refuse_control(cards: list[dict], kind: str) -> None:
    """One line naming the card and field when a text holds a control character (NUL,
    ESC and the like), which validate would refuse in the written file."""
    def walk(value, where):
        if isinstance(value, str):
            bad = _CONTROL.search(value)
            if bad:
                raise UsageError(f"{kind} card {where[0]!r}: field '{'.'.join(where[1:])}' "
                                 f"holds the control character U+{ord(bad.group()):04X}; "
                                 "remove it from the sheet; nothing was written")
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(item, where + (str(key),))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, where + (str(index),))

    for number, card in enumerate(cards, 1):
        name = card.get("id") if isinstance(card, dict) else None
        walk(card, (name if isinstance(name, str) else f"#{number}",))


def cards_text(path: Path, doc: Document | None, kind: str, cards: list[dict]) -> str:
    """The new text of `path`: its header and unchanged cards kept as written."""
    if doc is None or not path.is_file() or doc.where(("kind",))[0] > doc.where(("cards",))[0]:
        return f"kind: {kind}\ncards:\n" + "".join(card_text(c) for c in cards)
    lines = path.read_text(encoding="utf-8").splitlines(True)
    old = doc.data.get("cards") or []
    cards_line = doc.where(("cards",))[0]
    starts = [doc.where(("cards", i))[0] for i in range(len(old))]
    if any(a >= b for a, b in zip(starts, starts[1:])) or (starts and starts[0] <= cards_line):
        starts, old = [], []  # cards written in flow style: write them all afresh
    header = ("".join(lines[:starts[0] - 1]) if starts  # comments above the first card stay
              else "".join(lines[:cards_line - 1]) + "cards:\n")
    kept = {}
    for i, card in enumerate(old):
        if isinstance(card, dict) and isinstance(card.get("id"), str):
            end = starts[i + 1] - 1 if i + 1 < len(starts) else len(lines)
            kept[card["id"]] = (card, "".join(lines[starts[i] - 1:end]))
    out = []
    for card in cards:
        previous = kept.get(card.get("id"))
        if previous is not None and _same(previous[0], card, kind):
            out.append(previous[1] if previous[1].endswith("\n") else previous[1] + "\n")
        else:
            out.append(card_text(card))
    return header + "".join(out)


def _same(old: dict, new: dict, kind: str) -> bool:
    """Equal as a sheet holds them: an explicit `null` is an empty cell."""
    return _drop_none({k: v for k, v in old.items() if k != "kind"}) == _drop_none(new)


def _drop_none(value):
    if isinstance(value, dict):
        return {k: _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_none(v) for v in value]
    return value

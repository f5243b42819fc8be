"""Read `cards/rulings/*.yaml` safely, check each file against the generic ruling schema and
the game's own (`Game.ruling_problems`), and keep the file:line of every ruling, step and
expectation for messages."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from toolkit.checks import ruling_settings, seats
from toolkit.checks.ruling import Ruling, RulingFile, step_dict
from toolkit.content import messages
from toolkit.content.problems import Problem, Report, dotted
from toolkit.content.yamlsafe import load_file
from toolkit.errors import ContentError


@dataclass(frozen=True)
class Where:
    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True)
class LoadedRuling:
    ruling: Ruling
    where: Where
    steps: tuple[tuple[dict, Where], ...]      # each step as a plain mapping
    expect: tuple[tuple[dict, Where], ...]
    setup_at: Where | None = None               # the `setup:` line (the ruling's if none)


def rulings_dir(root: Path) -> Path:
    root = Path(root)
    cards = root / "cards" if (root / "cards").is_dir() else root
    return cards / "rulings"


def load_rulings(root: Path, game=None, settings=None) -> list[LoadedRuling]:
    """Every ruling of the project in file order; ContentError listing all problems.
    With `game`, its `ruling_problems` checks the game-specific parts too. `settings` (the
    catalog's game.yaml model) gives the numbers of `=` expressions (`ruling_settings`);
    without it they are read from the project's game.yaml (as --variant chose it)."""
    out, report = read_rulings(root, game, settings)
    if report.errors:
        lines = "\n".join(str(p) for p in report.sorted())
        raise ContentError("rulings are invalid:\n" + lines + "\n" + report.summary())
    return out


def read_rulings(root: Path, game=None, settings=None) -> tuple[list[LoadedRuling], Report]:
    """The rulings that load, and the problems of those that do not (each at its line)."""
    folder = rulings_dir(root)
    report = Report()
    if not folder.is_dir():
        return [], report
    numbers = _Settings(Path(root), settings)
    out: list[LoadedRuling] = []
    seen: dict[str, Where] = {}
    for path in sorted(folder.glob("*.y*ml")):
        shown = _display(path, Path(root))
        for item in _load_file(path, shown, report, game, Path(root), numbers):
            if item.ruling.id in seen:
                report.add(Problem(shown, item.where.line, 1, "error",
                                   f"duplicate ruling id '{item.ruling.id}' "
                                   f"(first at {seen[item.ruling.id]})"))
                continue
            seen[item.ruling.id] = item.where
            out.append(item)
    return out, report


def _display(path: Path, root: Path) -> str:
    try:
        return str(path.resolve().relative_to(root.resolve()))
    except ValueError:
        return str(path)


class _Settings:
    """game.yaml's settings as plain data, read once and only when an expression needs
    them."""

    def __init__(self, root: Path, given):
        self.root, self.given, self._data = root, given, None

    def data(self) -> dict:
        if self._data is None:
            game = self.given
            if game is None:
                from toolkit.content.load import load_project
                game = load_project(self.root).game
            self._data = game.model_dump(mode="python") if game is not None else {}
        return self._data


def _with_settings(ruling: dict, numbers: _Settings, doc, index: int, shown: str,
                   report: Report) -> bool:
    """Work out the `=` expressions of one ruling in place; False (reported) if one fails."""
    for part in ("setup", "steps", "expect"):
        if part not in ruling or not _has_expression(ruling[part]):
            continue
        try:
            ruling[part] = ruling_settings.resolve(ruling[part], numbers.data())
        except ruling_settings.SettingError as exc:
            sub, text = exc.args
            loc = ("rulings", index, part) + tuple(sub)
            line, col = doc.where(loc)
            report.add(Problem(shown, line, col, "error", text, dotted(loc)))
            return False
    return True


def _has_expression(value) -> bool:
    if isinstance(value, dict):
        return any(_has_expression(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_expression(v) for v in value)
    return ruling_settings.is_expression(value)


def _load_file(path: Path, shown: str, report: Report, game,
               root: Path, numbers: "_Settings | None" = None) -> list[LoadedRuling]:
    try:
        doc = load_file(path, shown, root)  # a link leaving the project is refused unread
    except ContentError as exc:
        report.add(Problem(shown, exc.line or 1, exc.column or 1, "error", exc.message))
        return []
    data = doc.data
    if isinstance(data, dict) and isinstance(data.get("rulings"), list):
        keys = seats.seat_keys(game)
        renumbered, refused = [], False
        for i, ruling in enumerate(data["rulings"]):
            if not isinstance(ruling, dict):
                renumbered.append(ruling)
                continue
            inner, zeros = seats.to_game(ruling, keys)   # seats from 1 -> the game's from 0
            if numbers is not None and not _with_settings(inner, numbers, doc, i, shown,
                                                          report):
                refused = True
            refused = refused or bool(zeros)
            for path, value in zeros:
                line, col = doc.where(("rulings", i) + path)
                report.add(Problem(shown, line, col, "error", seats.ZERO.format(value=value),
                                   dotted(("rulings", i) + path)))
            renumbered.append(inner)
        if refused:
            return []
        data = {**data, "rulings": renumbered}
    try:
        parsed = RulingFile.model_validate(data if data is not None else {})
    except ValidationError as exc:
        for loc, err in messages.clean_errors(exc, doc.data):
            line, col = doc.where(loc)
            report.add(Problem(shown, line, col, "error",
                               messages.message(err, loc, RulingFile), dotted(loc)))
        return []
    out = []
    for i, ruling in enumerate(parsed.rulings):
        base = ("rulings", i)
        if game is not None:
            problems = game.ruling_problems(data["rulings"][i])
            for loc, text in problems:
                line, col = doc.where(base + tuple(loc))
                report.add(Problem(shown, line, col, "error", text, dotted(base + tuple(loc))))
            if problems:
                continue
        at = lambda *sub: Where(shown, doc.where(base + sub)[0])  # noqa: E731
        out.append(LoadedRuling(
            ruling, at(),
            tuple((step_dict(s), at("steps", j)) for j, s in enumerate(ruling.steps)),
            tuple((dict(e), at("expect", k)) for k, e in enumerate(ruling.expect)),
            at("setup")))
    return out

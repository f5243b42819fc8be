"""Problems found in content, collected in passes and reported all at once."""

from __future__ import annotations

import difflib
from dataclasses import asdict, dataclass, field
from typing import Iterable, Literal

from toolkit.errors import printable

Severity = Literal["error", "warning"]


@dataclass(frozen=True, order=True)
class Problem:
    """One finding: `file:line:col: severity: message [path]`."""

    file: str
    line: int
    column: int
    severity: Severity
    message: str
    path: str = ""

    def __str__(self) -> str:
        """The line `validate` prints: a file name or text holding ESC or a bidi control
        is shown escaped (toolkit.errors.printable), never sent to the terminal raw."""
        tail = f" [{self.path}]" if self.path else ""
        return printable(f"{self.file}:{self.line}:{self.column}: {self.severity}: "
                         f"{self.message}{tail}")

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class Report:
    """Every problem of one validation run, in file and line order."""

    problems: list[Problem] = field(default_factory=list)

    def add(self, problem: Problem) -> None:
        self.problems.append(problem)

    def extend(self, problems: Iterable[Problem]) -> None:
        self.problems.extend(problems)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "warning"]

    def sorted(self) -> list[Problem]:
        return sorted(set(self.problems), key=lambda p: (p.file, p.line, p.column, p.message))

    def summary(self) -> str:
        e, w = len(self.errors), len(self.warnings)
        files = len({p.file for p in self.problems})
        if not self.problems:
            return "no problems found"
        return (f"{e} error{'s' * (e != 1)}, {w} warning{'s' * (w != 1)} "
                f"in {files} file{'s' * (files != 1)}")


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean 'x'?)' for the closest choice, or ''."""
    close = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def dotted(parts: Iterable) -> str:
    """A path like heroes.ash_sage.stats.influence or events.storm.effects[0]."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out

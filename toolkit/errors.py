"""The exception hierarchy; the CLI maps each class to a one-line message and an exit code."""

from __future__ import annotations

import re

REPORT_TO = ("please report it to the card-toolkit maintainers (the issue tracker of the "
             "repository you installed it from) with the command you ran")
# C0 controls but tab and newline, DEL, C1, and the bidirectional embeddings, overrides
# and isolates (U+202A-U+202E, U+2066-U+2069), which make a line read in another order
_UNPRINTABLE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """`text` with control characters (ESC and the like) shown as \\xNN and bidi controls
    as \\uNNNN, so that no message can move the cursor, retitle or clear the terminal it
    is printed on, or show a line reordered."""
    return _UNPRINTABLE.sub(_escaped, str(text))


def _escaped(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


class ToolkitError(Exception):
    """Base of every expected failure; never shown as a traceback."""

    exit_code = 1

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 column: int | None = None, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.hint = hint

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = self.file
            if self.line:
                where += f":{self.line}"
                if self.column:
                    where += f":{self.column}"
            where += ": "
        text = f"{where}error: {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return printable(text)


class UsageError(ToolkitError):
    """The command line or the project directory is wrong (exit 2)."""

    exit_code = 2


class ContentError(ToolkitError):
    """The YAML content cannot be loaded or is invalid (exit 1)."""


class RenderError(ToolkitError):
    """A template or the PDF renderer failed (exit 1)."""


class RulesError(ToolkitError):
    """An action or a state violates the rules of the game (exit 1)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread so that it unwinds like Ctrl-C (exit 143)."""


class Inconclusive(ToolkitError):
    """A sequential comparison ended without a verdict (exit 3)."""

    exit_code = 3

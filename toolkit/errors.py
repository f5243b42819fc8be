"""The exception hierarchy; the CLI maps each class to a one-line message and an exit code."""

from __future__ import annotations


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
        return text


class UsageError(ToolkitError):
    """The command line or the project directory is wrong (exit 2)."""

    exit_code = 2


class ContentError(ToolkitError):
    """The YAML content cannot be loaded or is invalid (exit 1)."""


class RenderError(ToolkitError):
    """A template or the PDF renderer failed (exit 1)."""


class RulesError(ToolkitError):
    """An action or a state violates the rules of the game (exit 1)."""


class Inconclusive(ToolkitError):
    """A sequential comparison ended without a verdict (exit 3)."""

    exit_code = 3

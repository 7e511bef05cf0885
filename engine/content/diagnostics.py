"""Findings about content, each pinned to a file, line, column and field path.

Every problem the loader, the schema check, the reference check or a lint rule
finds becomes a `Diagnostic`, so the command line, CI and the studio's Issues
panel all speak the same language.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, replace
from enum import Enum
from typing import Iterable, Sequence

PathPart = str | int
FieldPath = tuple[PathPart, ...]


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "info": 2}[self.value]


def format_path(path: Sequence[PathPart]) -> str:
    """`("rows", 3, "plane")` -> `rows[3].plane`, the form users type in suppressions."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def parse_path(text: str) -> FieldPath:
    """Inverse of `format_path`; tolerant of a leading dot."""
    parts: list[PathPart] = []
    for chunk in text.replace("[", ".[").split("."):
        if not chunk:
            continue
        if chunk.startswith("[") and chunk.endswith("]") and chunk[1:-1].isdigit():
            parts.append(int(chunk[1:-1]))
        else:
            parts.append(chunk)
    return tuple(parts)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    severity: Severity
    code: str
    message: str
    file: str = ""
    line: int = 0
    column: int = 0
    path: str = ""
    record: str = ""  # "kind:id" of the record it concerns, when there is one
    suppressed: str | None = None  # the reason given, when a suppression matched

    def format(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.file else "<input>"
        return f"{where}: {self.severity.value}[{self.code}]: {self._said()}"

    def _said(self) -> str:
        """The message with the field it concerns and the reason it was suppressed, if any."""
        field = f" (at {self.path})" if self.path else ""
        tail = f" [suppressed: {self.suppressed}]" if self.suppressed else ""
        return f"{self.message}{field}{tail}"

    def annotation(self) -> str:
        """The finding as a GitHub Actions workflow command, so a pull request shows it on its line."""
        level = {"error": "error", "warning": "warning", "info": "notice"}[self.severity.value]
        where = f"file={_property(self.file)},line={self.line},col={self.column}," if self.file else ""
        return f"::{level} {where}title={_property(self.code)}::{_data(self._said())}"

    def as_json(self) -> dict:
        out = {
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "path": self.path,
        }
        if self.record:
            out["record"] = self.record
        if self.suppressed is not None:
            out["suppressed"] = self.suppressed
        return out

    def suppress(self, reason: str) -> "Diagnostic":
        return replace(self, severity=Severity.INFO, suppressed=reason)


def _data(text: str) -> str:
    """Escaped as a workflow command's message (GitHub's toolkit escapes these three)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    """Escaped as a workflow command's property value: the message's three, and ':' and ','."""
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice most like `word`; failing that, the one choice it begins (a modder types
    'b-17' for 'b-17g-fortress', too short a part of it for a likeness score)."""
    choices = list(choices)
    close = difflib.get_close_matches(str(word), choices, n=1, cutoff=0.6)
    if close:
        return close[0]
    longer = [c for c in choices if len(str(word)) >= 3 and c.startswith(str(word))]
    return longer[0] if len(longer) == 1 else None


def possessive(name: str) -> str:
    """"the allies'" and "the axis's": the possessive of a side's name in a message."""
    return f"{name}'" if name.endswith("es") and not name.endswith("ses") else f"{name}'s"


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """A " Did you mean 'x'?" suffix, or "" when nothing is close."""
    close = closest(word, choices)
    return f" Did you mean '{close}'?" if close else ""


def sort_key(d: Diagnostic) -> tuple:
    return (d.file, d.line, d.column, d.severity.rank, d.code)

"""JSON files people keep (saves, replays, balance reports): read back with located errors.

They are written by Sortie but kept, moved between versions and edited by hand, so
a wrong shape must become a message naming file, line and field, never a traceback
from the code that reads them. JSON is a subset of YAML: on failure the text is
parsed once more with the content loader's YAML reader only to find the line.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from pydantic import BaseModel, ValidationError

from engine.content.loader import FileRefused, read_bounded, schema_diagnostics
from engine.content.yamlio import parse_yaml


# A balance report keeps a line of every game: 100,000 games are some 100 MB. Far more is not a
# file Sortie wrote.
MAX_JSON_BYTES = 256 * 1024 * 1024


class FileShapeError(ValueError):
    """A file that is not what it should be; `str()` names the file, line, field and what is expected."""


def read_object(path: Path, what: str, limit: int | None = None) -> tuple[str, dict]:
    """The text and the JSON object of the file (of at most `limit` bytes, else MAX_JSON_BYTES),
    or a FileShapeError saying why not."""
    try:
        raw = read_bounded(Path(path), limit or MAX_JSON_BYTES, f"{what} files")
    except (OSError, RuntimeError, FileRefused) as exc:
        raise FileShapeError(f"{path}: cannot read {what}: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise FileShapeError(f"{path}:{line}:{column}: not a {what} file: byte 0x{raw[exc.start]:02x} "
                             "is not UTF-8 (JSON files Sortie writes are)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        # "Extra data" after one value: JSON lines, most likely an event log written by --log.
        hint = " (one JSON object per line: an event log?)" if exc.msg == "Extra data" else ""
        raise FileShapeError(f"{path}:{exc.lineno}:{exc.colno}: not a {what} file: {exc.msg}{hint}") from None
    except RecursionError:  # thousands of nested brackets: the decoder's stack runs out
        raise FileShapeError(f"{path}: not a {what} file: nested deeper than any {what} Sortie writes") from None
    except ValueError:  # a number longer than Python reads (4,300 digits): never one Sortie wrote
        raise FileShapeError(f"{path}:{_too_long(text, what)}, far more than any {what} Sortie writes") from None
    lone = _LONE_SURROGATE.search(text)
    if lone:  # half of a UTF-16 pair: no character, and no file it went into could be written back
        line, column = _place(text, lone.start())
        raise FileShapeError(f"{path}:{line}:{column}: not a {what} file: '{lone.group()}' is half of a "
                             "character (a lone UTF-16 surrogate)")
    if not isinstance(data, dict):
        raise FileShapeError(f"{path}:1:1: not a Sortie {what}: expected a JSON object")
    return text, data


_LONE_SURROGATE = re.compile(r"(?<!\\)\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
                             r"|(?<!\\)(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}")


def _place(text: str, at: int) -> tuple[int, int]:
    """(line, column), 1-based, of index `at` in `text`."""
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


_TOO_LONG = re.compile(r"(?<![\d.\w])-?\d{%d,}" % (sys.get_int_max_str_digits() + 1))


def _too_long(text: str, what: str) -> str:
    """'line:column: not a WHAT file: a number of N digits' for the first number too long to read."""
    found = _TOO_LONG.search(text)
    if found is None:  # (the decoder's limit only ever refuses such a number)
        return f"1:1: not a {what} file: a number too long to read"
    line, column = _place(text, found.start())
    return f"{line}:{column}: not a {what} file: a number of {len(found.group().lstrip('-'))} digits"


def check_shape(model: type[BaseModel], data: dict, text: str, file: str, what: str) -> dict:
    """`data` if `model` accepts it; else a FileShapeError for its first wrong field."""
    try:
        model.model_validate(data)
    except ValidationError as exc:
        diagnostics = schema_diagnostics(model, data, exc, parse_yaml(text, file))
        first = min(diagnostics, key=lambda d: (d.line, d.column))
        at = f" (at {first.path})" if first.path else ""
        message = re.sub(r" or instance of \w+", "", first.message)  # a model's name means nothing to a reader
        raise FileShapeError(f"{file}:{first.line}:{first.column}: not a usable {what}: {message}{at}") from None
    return data

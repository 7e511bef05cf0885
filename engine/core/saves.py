"""Reading a save file back: its shape checked before a single decision is replayed.

Saves and replays are JSON written by `Game.save`, but people keep them, move them
between versions and edit them by hand. A wrong shape must become a message naming
file, line and field, never a traceback from deep inside `resume`. JSON is a subset
of YAML, so on failure the text is parsed once more with the content loader's YAML
reader only to find the line of the field at fault.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from engine.content.loader import schema_diagnostics
from engine.content.yamlio import parse_yaml


class SaveError(ValueError):
    """A file that is not a usable save; `str()` names the file, line, field and what is expected."""


class SavedDecision(BaseModel):
    model_config = ConfigDict(extra="forbid")
    side: str = Field(description="the side that decided")
    action: dict[str, Any] = Field(description="the action chosen, as the engine offered it")


class Save(BaseModel):
    """The fields `resume` reads; anything else (events, the studio's replay details) is kept."""

    model_config = ConfigDict(extra="allow")
    scenario: str | None = Field(None, description="the id of the scenario played")
    options: dict[str, bool] = Field(default_factory=dict, description="optional rules switched on or off")
    seed: StrictInt = Field(description="the seed of the game's random generator")
    decisions: list[SavedDecision] = Field(description="every decision made, in order")


def read_save_text(path: Path, what: str = "save") -> tuple[str, dict]:
    """The text and the JSON object of a save-like file, or a SaveError saying why not."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{path}: cannot read {what}: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{path}:{exc.lineno}:{exc.colno}: not a {what} file: {exc.msg}") from None
    if not isinstance(data, dict):
        raise SaveError(f"{path}:1:1: not a Sortie {what}: expected a JSON object")
    return text, data


def check_save(data: dict, text: str, file: str) -> dict:
    """`data` if it has the shape of a save; else a SaveError for its first wrong field."""
    try:
        Save.model_validate(data)
    except ValidationError as exc:
        diagnostics = schema_diagnostics(Save, data, exc, parse_yaml(text, file))
        first = min(diagnostics, key=lambda d: (d.line, d.column))
        at = f" (at {first.path})" if first.path else ""
        message = re.sub(r" or instance of \w+", "", first.message)  # the model's name means nothing to a reader
        raise SaveError(f"{file}:{first.line}:{first.column}: not a usable save: {message}{at}") from None
    return data


def read_save(path: Path) -> dict:
    text, data = read_save_text(path)
    return check_save(data, text, str(path))

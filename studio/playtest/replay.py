"""Replays: a playtest saved with its events, and what became of it after the data changed.

A replay is a game save (`Game.save(with_events=True)`: seed, options, decisions)
plus what was played (`source`) and who sat at each side, so `sortie play --resume`
reads it too. Reopening one plays its decisions again against the content as it is
now; the first event that differs from the saved log is where an edit changed the
game. No Qt here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from engine.core.events import EventLog
from engine.core.game import Game, SaveMismatch, resume
from engine.core.jsonfile import FileShapeError, read_object
from engine.core.saves import MAX_SAVE_BYTES, check_save

from .source import Setup, Source

REPLAY_FORMAT = "sortie.replay/1"


class ReplayError(Exception):
    """A file that is not a readable replay; `str()` names the file and what is wrong."""


def replay_data(game: Game, source: Source, seats: dict[str, str]) -> dict:
    return {**game.save(with_events=True), "replay": REPLAY_FORMAT, "source": source.to_json(),
            "seats": dict(seats)}


def write_replay(path: Path, data: dict) -> None:
    from engine.content.pack import write_atomic

    try:
        write_atomic(Path(path), json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    except OSError as exc:
        raise ReplayError(f"{path}: cannot write: {exc.strerror or exc}") from None


def read_replay(path: Path) -> tuple[dict, Source]:
    try:
        text, data = read_object(path, "replay", MAX_SAVE_BYTES)
    except FileShapeError as exc:
        raise ReplayError(str(exc)) from None
    if data.get("replay") != REPLAY_FORMAT:
        raise ReplayError(f"{path}: not a Sortie replay (expected \"replay\": \"{REPLAY_FORMAT}\")")
    try:
        check_save(data, text, str(path))
        source = Source.from_json(data.get("source"))
    except FileShapeError as exc:  # names the file itself
        raise ReplayError(str(exc)) from None
    except ValueError as exc:
        raise ReplayError(f"{path}: {exc}") from None
    if not isinstance(data.get("events"), list):
        raise ReplayError(f"{path}: 'events' is missing or not a list")
    return data, source


@dataclass
class Check:
    """A replay played again on today's content."""

    game: Game | None  # as far as the saved decisions still apply (None: it cannot start)
    difference: int | None  # index of the first event that differs; None: identical
    reason: str = ""  # why the saved decisions stopped applying, or why it cannot start


def check(setup: Setup, data: dict) -> Check:
    saved = data["events"]
    try:
        game = resume(setup.engine, setup.scenario, setup.content, data, pack=setup.source.pack)
        reason = ""
    except SaveMismatch as exc:
        game = resume(setup.engine, setup.scenario, setup.content, data, upto=exc.index,
                      pack=setup.source.pack)
        reason = str(exc)
    except ValueError as exc:  # options the scenario no longer has
        return Check(None, 0, str(exc))
    return Check(game, EventLog.first_difference(saved, game.log), reason)

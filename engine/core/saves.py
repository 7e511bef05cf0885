"""The shape of a save file, checked before a single decision is replayed."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from .dice import MAX_SEED
from .game import SAVE_FORMAT
from .jsonfile import check_shape, read_object


class SavedDecision(BaseModel):
    model_config = ConfigDict(extra="forbid")
    side: str = Field(description="the side that decided")
    action: dict[str, Any] = Field(description="the action chosen, as the engine offered it")


class Save(BaseModel):
    """The fields `resume` reads; anything else (events, the studio's replay details) is kept."""

    model_config = ConfigDict(extra="allow")
    format: Literal[SAVE_FORMAT] | None = Field(  # type: ignore[valid-type]
        None, description="the save format; another is a save of another version or program")
    scenario: str | None = Field(None, description="the id of the scenario played")
    options: dict[str, StrictBool] = Field(  # strict: "yes" or 1 would be taken as on and replay another game
        default_factory=dict, description="optional rules switched on or off")
    seed: StrictInt = Field(ge=0, le=MAX_SEED,  # as `--seed`: -7 would replay seed 7's game
                            description="the seed of the game's random generator")
    decisions: list[SavedDecision] = Field(description="every decision made, in order")


def check_save(data: dict, text: str, file: str) -> dict:
    return check_shape(Save, data, text, file, "save")


# A replay, a save with every event kept, of a long game (Red Eagles, 600 decisions) is 0.4 MB:
# far more is not a file Sortie wrote, and would take a minute and gigabytes to be refused.
MAX_SAVE_BYTES = 32 * 1024 * 1024


def read_save(path: Path) -> dict:
    text, data = read_object(path, "save", MAX_SAVE_BYTES)
    return check_save(data, text, str(path))

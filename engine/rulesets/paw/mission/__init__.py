"""The Pocket Air War mission generator (rulebook: Mission Generator, Extended Missions,
Theaters of Operations): from a theater timeline and a seed to a ready-to-play scenario."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .generator import Generation, Request, generate
from .rolls import MissionReport

__all__ = ["COMMAND", "Generation", "MissionReport", "Request", "generate"]


@dataclass(frozen=True)
class Command:
    """What `sortie mission` calls; the ruleset exposes it as `Ruleset.mission`."""

    report: type[Exception] = MissionReport
    source_kind: str = "paw.timeline"  # tools offer a mission on records of this kind

    def options_for(self, record: Any, seed: int) -> dict:
        """The options of a mission rolled on a timeline record, for `generate`."""
        return {"theater": record.theater, "timeline": record.id, "seed": seed}

    def generate(self, content: Any, pack: str, **options) -> Generation:
        """`options` are the fields of `Request` (theater, timeline, seed ...)."""
        return generate(content, pack, Request(**options))


COMMAND = Command()
